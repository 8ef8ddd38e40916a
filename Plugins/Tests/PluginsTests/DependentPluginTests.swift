import Foundation
import Testing

/// A plugin that needs another plugin runs from where its author's build puts it: alone in a
/// directory of its own it binds to the installed plugin it needs, in every command that reads it;
/// beside the copy of that plugin its package built too (the same build as the one installed), the
/// copy is one plugin with the installed one, noted once. Another build of the same plugin stays
/// a conflict.
struct DependentPluginTests {
    /// The Notes plugin of `Plugins/Tests/DependentPlugins`, compiled once per test run against the
    /// runtime and the account plugin this package built.
    private static let notes = Task<Result<String, BrokenPlugins.BuildFailure>, Never> {
        do {
            let directory = try TemporaryDirectories.make("plugboard-dependent-plugins-")
            let library = directory.appendingPathComponent("libNotesPlugin.so")
            let source = Repository.root.appendingPathComponent("Plugins/Tests/DependentPlugins/NotesPlugin.swift")
            let compiled = try await BuildProducts.compilePlugin(
                source, module: "NotesPlugin", to: library, linking: ["AccountPlugin"])
            return compiled.status == 0 ? .success(library.path) : .failure(.init(output: compiled.output))
        } catch {
            return .failure(.init(output: "\(error)"))
        }
    }

    /// What logs in as ann and opens the notes, which ask the account plugin who reads.
    private static let journey = "open app://login\ndo account ann\ndo password secret\ndo login\nopen app://notes\n"

    @Test func aDependentPluginAloneBindsToTheInstalledPluginItNeeds() async throws {
        let scratch = try Scratch()
        let notes = try scratch.copy(try await Self.notes.value.get(), as: "libNotesPlugin.so")
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path], input: Self.journey)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("  - Notes 1.0.0  (inactive until first needed)\n"), "\(run.standardError)")
        #expect(run.standardOutput.contains("┌─ Notes\n│ Notes of ann\n"), "\(run.standardOutput)")
        let isolated = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Notes,Account,Blog"],
            input: Self.journey)
        #expect(isolated.status == 0, "\(isolated.standardError)")
        #expect(isolated.standardOutput.contains("┌─ Notes\n│ Notes of ann\n"), "\(isolated.standardOutput)")
        // Isolated alone, it is refused, naming at once every plugin it must run with.
        let apart = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Notes"], input: "")
        #expect(apart.status != 0)
        #expect(
            apart.standardError.contains(
                "Notes cannot be isolated without Account, Blog: plugins joined by a dependency share services and "
                    + "libraries, so they run in one process; isolate all of them (Notes,Account,Blog) or none"),
            "\(apart.standardError)")
        let inspected = try await HostProcess.run(["inspect", notes])
        #expect(inspected.status == 0, "\(inspected.standardError)")
        #expect(inspected.standardOutput.hasPrefix("Notes 1.0.0\n"), "\(inspected.standardOutput)")
        let resolved = try await HostProcess.run(["resolve", "--with-bundled", scratch.directory.path])
        #expect(resolved.standardOutput.contains("  6. Notes 1.0.0  "), "\(resolved.standardOutput)")
        let verified = try await HostProcess.run(["verify", "--with-bundled", scratch.directory.path])
        #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")
        let sealed = try await HostProcess.run(["seal", notes])
        #expect(sealed.status == 0, "\(sealed.standardError)")
        #expect(sealed.standardOutput.contains(": sealed Notes 1.0.0, 1 route\n"), "\(sealed.standardOutput)")
    }

    @Test func theSameBuildOfAPluginFoundTwiceIsOnePlugin() async throws {
        // As the dependent's build directory holds them: its own library, and the account's,
        // built again from the same sources (sealed here, which changes no byte it maps).
        let scratch = try Scratch()
        _ = try scratch.copy(try await Self.notes.value.get(), as: "libNotesPlugin.so")
        let account = try scratch.copy(try BuildProducts.path("libAccountPlugin.so"), as: "libAccountPlugin.so")
        let sealed = try await HostProcess.run(["seal", account])
        #expect(sealed.status == 0, "\(sealed.standardError)")
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path], input: Self.journey)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                /\ \ - Account 1\.0\.0  \S+\/libAccountPlugin\.so: the same build as \S+\/libAccountPlugin\.so, loaded once\n/
            ), "\(run.standardError)")
        #expect(!run.standardError.contains("remove one of the copies"), "\(run.standardError)")
        #expect(run.standardOutput.contains("┌─ Notes\n│ Notes of ann\n"), "\(run.standardOutput)")
        let verified = try await HostProcess.run(["verify", "--with-bundled", scratch.directory.path])
        #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")
    }

    @Test func anotherBuildOfTheSamePluginIsStillASecondCopy() async throws {
        let scratch = try Scratch()
        _ = try scratch.patchedCopy(
            try BuildProducts.path("libAccountPlugin.so"), as: "libAccountPlugin.so", replacing: "Logged in as",
            with: "Signed in as")
        let run = try await HostProcess.run(["run", "--with-bundled", "--plugins", scratch.directory.path], input: "")
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("plugin 'Account' is already loaded from "), "\(run.standardError)")
        #expect(!run.standardError.contains("the same build"), "\(run.standardError)")
    }
}
