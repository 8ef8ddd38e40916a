import Foundation
import Testing

/// `plugboard new` scaffolds a plugin package that builds, passes its tests and loads as is.
struct NewCommandTests {
    @Test func aNewPluginBuildsPassesItsTestsAndItsButtonOpensABundledRoute() async throws {
        // Built, tested and run with the three commands `new` prints, as a shell splits them.
        let (package, build, test, host) = try await newHello(inDirectoryNamed: "my plugins")
        let shared = (package as NSString).deletingLastPathComponent + "/.plugboard-build"
        #expect(build == ["swift", "build", "--package-path", package, "--scratch-path", shared])
        #expect(test == ["swift", "test", "--package-path", package, "--scratch-path", shared])
        #expect(
            host == [
                try BuildProducts.host, "run", "--with-bundled", "--plugins", shared + "/debug", "--open",
                "app://hello",
            ])

        let built = try await Toolchain.run(Array(build.dropFirst()))
        try #require(built.status == 0, "the new package did not build:\n\(built.output)")
        let tested = try await Toolchain.run(Array(test.dropFirst()))
        #expect(tested.status == 0, "the new package's tests failed:\n\(tested.output)")
        #expect(tested.output.contains("Test run with 2 tests in 1 suite passed"), "\(tested.output)")

        // A second plugin of the same directory, which needs the bundled account plugin, builds
        // without compiling the runtime again.
        let second = try await HostProcess.run([
            "new", "Second", "--in", (package as NSString).deletingLastPathComponent, "--needs", "Account",
        ])
        try #require(second.status == 0, "\(second.standardError)")
        // As the article on working between plugins shows them, from the directory of the package.
        let directory = (package as NSString).deletingLastPathComponent + "/"
        let article = try #require(
            try Repository.codeBlocks(in: "Sources/Plugboard/Plugboard.docc/BetweenPlugins.md").first {
                $0.info == "sh" && $0.lines.first?.hasPrefix("plugboard new ") == true
            })
        let executable = try BuildProducts.host
        let printed = second.standardOutput.split(separator: "\n").dropFirst().map {
            String($0.dropFirst(2)).replacing(executable, with: "plugboard").replacing(directory, with: "").replacing(
                "'", with: ""
            )
            .replacing("Second", with: "Notes").replacing("second", with: "notes")
        }
        #expect(article.lines == ["plugboard new Notes --needs Account"] + printed, "\(article.lines) \(printed)")
        let secondBuild = try shellWords(second.standardOutput.split(separator: "\n").map(String.init)[1])
        let builtSecond = try await Toolchain.run(Array(secondBuild.dropFirst()))
        #expect(builtSecond.status == 0, "\(builtSecond.output)")
        #expect(builtSecond.output.contains("Compiling Second"), "\(builtSecond.output)")
        // (The runtime build's identity is written again for the new package, and compiled.)
        let runtimeFiles = builtSecond.output.split(separator: "\n").filter { $0.contains("Compiling Plugboard ") }
        #expect(runtimeFiles.allSatisfy { $0.hasSuffix(" RuntimeBuild.swift") }, "\(builtSecond.output)")
        // Its third test registers the account's module beside its own and finds the service.
        let secondTest = try shellWords(second.standardOutput.split(separator: "\n").map(String.init)[2])
        let testedSecond = try await Toolchain.run(Array(secondTest.dropFirst()))
        #expect(testedSecond.output.contains("Test run with 3 tests in 1 suite passed"), "\(testedSecond.output)")

        let run = try await HostProcess.run(Array(host.dropFirst()), input: "1\nstack\nopen app://second\nquit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                "┌─ Hello\n│ Hello from the Hello plugin.\n└─\n  1) Open the circles  [circles]"))
        #expect(run.standardOutput.contains("> stack\nStack: Hello > Circles\n"))
        // Its task runs when it is first needed, so it loads when its screen is opened.
        #expect(run.standardError.contains("- Hello 0.1.0  (inactive until first needed)"), "\(run.standardError)")
        #expect(run.standardOutput.contains("activated Hello 0.1.0 in "))
        // The account's library the second package built is the same build as the one installed:
        // one plugin, whose service the second plugin finds.
        #expect(
            run.standardError.contains(
                /\ \ - Account 1\.0\.0  .+\/libAccountPlugin\.so: the same build as .+\/libAccountPlugin\.so, loaded once\n/
            ), "\(run.standardError)")
        #expect(
            run.standardOutput.contains("│ Hello from the Second plugin.\n│ Account's ReaderSessions: found\n"),
            "\(run.standardOutput)")

        // The author edits the plugin while the host runs: it builds the package and shows the change.
        let watching = try RunningHost(
            Array(host.dropFirst()) + ["--build", package, "--watch"], timeLimit: 600)
        watching.read(until: "Stack: Hello\n")
        let source = package + "/Sources/Hello/Hello.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try text.replacingOccurrences(of: "Hello from the", with: "Hello again from the")
            .write(toFile: source, atomically: true, encoding: .utf8)
        watching.read(until: "Stack: Hello\n", after: watching.read(until: "reloaded Hello 0.1.0 in "))
        let (status, output, problems) = try watching.finish()
        #expect(status == 0, "\(problems)")
        #expect(problems.contains("building \(package) (its sources changed)…\n"), "\(problems)")
        #expect(problems.contains("Compiling Hello"), "\(problems)")
        let reload = try #require(output.range(of: "reloaded Hello 0.1.0 in "), "\(output)\(problems)")
        #expect(
            output[reload.upperBound...].contains(
                "; 1 screen rebuilt\n┌─ Hello\n│ Hello again from the Hello plugin.\n"),
            "\(output)")
    }

    /// Names whose module sorts before, between and after the imports of Plugboard and Testing,
    /// and one that starts with a small letter.
    @Test(arguments: ["Hello", "Radio", "Zed", "weather"])
    func aNewPackageIsAsItsOwnFormatConfigurationWantsIt(name: String) async throws {
        let scratch = try Scratch()
        let created = try await HostProcess.run(["new", name, "--in", scratch.directory.path])
        try #require(created.status == 0, "\(created.standardError)")
        let package = scratch.directory.appendingPathComponent(name)
        let linted = try await Toolchain.run(
            ["format", "lint", "--strict", "--recursive", "Package.swift", "Sources", "Tests"], in: package)
        #expect(linted.status == 0 && linted.output.isEmpty, "\(linted.output)")
        let ignored = try String(contentsOf: package.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignored.split(separator: "\n").contains(".build/"))
    }

    /// Only a plugin that is a package of its own can be imported; needing another writes nothing.
    @Test func aPluginWithoutAPackageOfItsOwnCannotBeNeeded() async throws {
        let scratch = try Scratch()
        let refused = try await HostProcess.run(["new", "Notes", "--in", scratch.directory.path, "--needs", "Blog"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(
                "error: 'Blog' cannot be needed: a plugin's module can be imported only from a package of its own, "
                    + "which of the bundled plugins Account has;"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.directory.appendingPathComponent("Notes").path))
    }

    @Test func thePrintedCommandsQuoteAPathTheShellWouldSplit() async throws {
        let (package, build, test, host) = try await newHello(inDirectoryNamed: "Ann's plugins; $HOME")
        #expect(build.dropFirst(3).first == package)
        #expect(test.dropFirst(3).first == package)
        #expect(host.dropFirst(4).first == (package as NSString).deletingLastPathComponent + "/.plugboard-build/debug")
    }

    /// Runs `plugboard new Hello` in a new directory named `name`; returns the package's path and
    /// the words of the build, test and run commands it printed after "Created PACKAGE", as
    /// `/bin/sh` splits them.
    private func newHello(
        inDirectoryNamed name: String
    ) async throws -> (package: String, build: [String], test: [String], host: [String]) {
        let parent = try Scratch().directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let created = try await HostProcess.run(["new", "--in", parent.path, "Hello"])  // an option may come first
        let package = parent.appendingPathComponent("Hello").path
        let lines = created.standardOutput.split(separator: "\n").map(String.init)
        try #require(
            created.status == 0 && lines.count == 4 && lines[0] == "Created \(package)",
            "\(created.standardOutput)\(created.standardError)")
        return (package, try shellWords(lines[1]), try shellWords(lines[2]), try shellWords(lines[3]))
    }

    private func shellWords(_ command: String) throws -> [String] {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "printf '%s\\n' " + command]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let words = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        return words.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// With the common `umask 002`, the package is still one the loader trusts, and it names the
    /// runtime by a relative path, so that the two can move together.
    @Test func aNewPackageHasSafeModesWhateverTheUmaskAndARelativePathToTheRuntime() async throws {
        let scratch = try Scratch()
        let created = try await HostProcess.run(["new", "Hello", "--in", scratch.directory.path], umask: "002")
        try #require(created.status == 0, "\(created.standardError)")
        let package = scratch.directory.appendingPathComponent("Hello")
        let items = try #require(FileManager.default.subpaths(atPath: package.path)) + [""]
        for item in items {
            let path = package.appendingPathComponent(item).path
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == (isDirectory.boolValue ? 0o755 : 0o644), "\(item): \(String(mode, radix: 8))")
        }
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        let runtime = try #require(manifest.firstMatch(of: /path: "([^"]*)"/)?.1)
        #expect(!runtime.hasPrefix("/"), "\(runtime)")
        let resolved = URL(fileURLWithPath: String(runtime), relativeTo: package).standardizedFileURL.path
        #expect(
            realpath(resolved, nil).map { String(cString: $0) }
                == realpath(Repository.root.path, nil).map { String(cString: $0) })
    }

    @Test func anExistingDirectoryOrABadNameIsRefused() async throws {
        let scratch = try Scratch()
        let bad = try await HostProcess.run(["new", "9lives", "--in", scratch.directory.path])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("'9lives' is not a valid name"))
        try FileManager.default.createDirectory(
            at: scratch.directory.appendingPathComponent("Taken"), withIntermediateDirectories: true)
        let taken = try await HostProcess.run(["new", "Taken", "--in", scratch.directory.path])
        #expect(taken.status == 1)
        #expect(taken.standardError.contains("already exists"))
    }

    @Test func aPackageThatCannotBeWrittenWholeIsRemovedAgain() async throws {
        let scratch = try Scratch()
        // Package.swift fits in 1 KiB; the module's source does not.
        let run = try await HostProcess.run(["new", "Hello", "--in", scratch.directory.path], fileSizeLimit: 1024)
        let package = scratch.directory.appendingPathComponent("Hello").path
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("error: cannot write "), "\(run.standardError)")
        #expect(
            run.standardError.hasSuffix(" of \(package): File too large; the package was not created\n"),
            "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).isEmpty)
    }

    @Test func wherePackageCannotBeCreatedItIsRefusedSayingWhy() async throws {
        let scratch = try Scratch()
        let file = scratch.directory.appendingPathComponent("notes.txt").path
        try Data("notes".utf8).write(to: URL(fileURLWithPath: file))
        let missing = scratch.directory.appendingPathComponent("missing").path
        for parent in [file, missing] {
            let run = try await HostProcess.run(["new", "Hello", "--in", parent])
            #expect(run.status == 1)
            #expect(
                run.standardError
                    == "error: cannot create the package Hello in \(parent): there is no directory \(parent); "
                    + "create it or choose another path\n")
        }
        // Run as nobody when the tests run as root, who may write anywhere.
        let locked = scratch.directory.appendingPathComponent("locked").path
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        let unwritable = try await HostProcess.run(["new", "Hello", "--in", locked], unprivileged: true)
        #expect(unwritable.status == 1)
        #expect(
            unwritable.standardError
                == "error: cannot create the package Hello in \(locked): the directory \(locked) is not writable\n")
        // A dangling symbolic link holds the name as much as a file does.
        try FileManager.default.createSymbolicLink(atPath: missing, withDestinationPath: "nowhere")
        let dangling = try await HostProcess.run(["new", "missing", "--in", scratch.directory.path])
        #expect(dangling.status == 1)
        #expect(dangling.standardError == "error: \(missing) already exists; choose another name or directory\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).sorted() == [
                "locked", "missing", "notes.txt",
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
    }

    /// The names refused as Swift keywords are exactly those that `import NAME` cannot name, as
    /// the compiler's parser says of each of Swift's keywords, contextual ones included.
    @Test func theKeywordsItRefusesAreThoseAnImportCannotName() async throws {
        let words = [
            "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
            "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
            "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
            "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
            "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
            "true", "try", "associativity", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix",
            "lazy", "left", "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence",
            "prefix", "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet", "async",
            "actor", "any", "package", "consume", "borrowing", "consuming", "copy", "discard", "each", "macro",
            "nonisolated", "isolated", "sending",
        ]
        let scratch = try Scratch()
        // One file per word, all parsed by one compiler run, which names only the files it refuses.
        let files = try words.indices.map { index in
            let file = scratch.directory.appendingPathComponent("\(index).swift")
            try "import \(words[index])\n".write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        let parsed = try await Toolchain.run(["-parse"] + files, tool: "swiftc")
        let unimportable = Set(words.indices.filter { parsed.output.contains("/\($0).swift:") }.map { words[$0] })
        try #require(unimportable.contains("class") && !unimportable.contains("open"), "\(parsed.output)")
        let packages = scratch.directory.appendingPathComponent("packages")
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: false)
        for word in words {
            let run = try await HostProcess.run(["new", word, "--in", packages.path])
            let refused = run.standardError.contains("it is a Swift keyword")
            #expect(refused == unimportable.contains(word), "\(word): \(run.standardError)")
        }
    }

    @Test(arguments: [
        ("Plugboard", "a module of that name is part of Plugboard or of the Swift toolchain"),
        ("Foundation", "a module of that name is part of Plugboard or of the Swift toolchain"),
        ("Swift", "a module of that name is part of Plugboard or of the Swift toolchain"),
        ("Greeter", "a bundled plugin has that name, and a host loads one plugin of a name"),
        ("class", "it is a Swift keyword, so a module of that name cannot be imported"),
        ("self", "it is a Swift keyword, so a module of that name cannot be imported"),
    ])
    func aNameThatWouldClashIsRefusedBeforeAnythingIsWritten(name: String, reason: String) async throws {
        let scratch = try Scratch()
        let run = try await HostProcess.run(["new", name, "--in", scratch.directory.path])
        #expect(run.status == 1)
        #expect(run.standardError == "error: '\(name)' cannot be a plugin's name: \(reason); choose another name\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.directory.appendingPathComponent(name).path))
    }
}
