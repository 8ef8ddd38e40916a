import Foundation
import Testing

/// `plugboard completion bash|zsh|fish` completes the host's command line.
struct CompletionCommandTests {
    /// What bash's completion offers for `words`, the last being completed, in `directory`.
    private func bashCompletes(_ words: [String], in directory: URL? = nil) async throws -> [String] {
        let script = try await HostProcess.run(["completion", "bash"])
        try #require(script.status == 0, "\(script.standardError)")
        let quoted = words.map(HostProcess.shellQuoted).joined(separator: " ")
        let run = try await Toolchain.run(
            [
                "-c",
                script.standardOutput
                    + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _plugboard; "
                    + #"printf '%s\n' "${COMPREPLY[@]}""#,
            ], tool: "bash", in: directory)
        try #require(run.status == 0, "\(run.output)")
        return run.output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndWhatTheyTake() async throws {
        #expect(try await bashCompletes(["plugboard", "op"]) == ["open"])
        #expect(try await bashCompletes(["plugboard", "list", "--plu"]) == ["--plugins", "--plugin-deadline"])
        #expect(try await bashCompletes(["plugboard", "graph", "--format", ""]) == ["text", "dot"])
        #expect(try await bashCompletes(["plugboard", "run", "--isolate", ""]) == ["all", "none"])
        #expect(try await bashCompletes(["plugboard", "open", "--plugin-d"]) == ["--plugin-deadline"])
        #expect(try await bashCompletes(["plugboard", "completion", ""]) == ["bash", "zsh", "fish"])
        #expect(try await bashCompletes(["plugboard", "help", "ver"]) == ["verify"])
        // Directories after --plugins; plugin files and directories after seal.
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            at: scratch.directory.appendingPathComponent("plugins"), withIntermediateDirectories: false)
        try Data().write(to: scratch.directory.appendingPathComponent("libA.so"))
        try Data().write(to: scratch.directory.appendingPathComponent("notes.txt"))
        #expect(try await bashCompletes(["plugboard", "run", "--plugins", "p"], in: scratch.directory) == ["plugins"])
        #expect(
            try await bashCompletes(["plugboard", "seal", ""], in: scratch.directory).sorted() == [
                "libA.so", "plugins",
            ])
    }

    /// Every option the script offers is one its command takes, as the command's help says.
    @Test func everyOptionOfferedIsOneTheCommandTakes() async throws {
        let script = try await HostProcess.run(["completion", "bash"]).standardOutput
        let cases = script.split(separator: "\n").filter { $0.contains(") opts=\"") }
        #expect(cases.count == 14)
        for line in cases {
            let command = String(line.trimmingCharacters(in: .whitespaces).prefix { $0 != ")" })
            let options = line.split(separator: "\"")[1].split(separator: " ").filter { $0 != "--help" }
            let help = try await HostProcess.run([command, "--help"]).standardOutput
            for option in options {
                #expect(help.contains(" \(option)"), "\(command) \(option)")
            }
            // And every option the help lists is offered.
            let listed = help.split(separator: "\n").compactMap { line -> Substring? in
                let option = line.drop { $0 == " " }.prefix { $0.isLetter || $0 == "-" }
                return option.hasPrefix("--") && option != "--help" ? option : nil
            }
            #expect(Set(listed) == Set(options), "\(command)")
        }
    }

    /// zsh completes through its bash emulation, the same function (.ci/run installs zsh and fish).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed"))
    func zshRegistersTheCompletion() async throws {
        let script = try await HostProcess.run(["completion", "zsh"])
        let run = try await Toolchain.run(
            ["-c", script.standardOutput + "\nprint -r -- ${_comps[plugboard]}"], tool: "zsh")
        #expect(run.output == "_bash_complete -F _plugboard\n", "\(run.output)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
    func fishCompletesCommandsOptionsAndWhatTheyTake() async throws {
        let script = try await HostProcess.run(["completion", "fish"])
        func completes(_ line: String) async throws -> [String] {
            let run = try await Toolchain.run(
                ["-c", script.standardOutput + "\ncomplete -C \(HostProcess.shellQuoted(line))"], tool: "fish")
            return run.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try await completes("plugboard li") == ["list"])
        #expect(try await completes("plugboard list --plu").sorted() == ["--plugin-deadline", "--plugins"])
        #expect(try await completes("plugboard graph --format ").sorted() == ["dot", "text"])
        #expect(try await completes("plugboard list --isolate ").sorted() == ["all", "none"])
        #expect(try await completes("plugboard completion ").sorted() == ["bash", "fish", "zsh"])
    }

    @Test func anUnknownShellIsAUsageError() async throws {
        let run = try await HostProcess.run(["completion", "tcsh"])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: no completion for 'tcsh'; choose bash, zsh or fish\n"))
    }
}
