import Foundation
import Testing

/// `plugboard new` scaffolds a plugin package that builds and loads as is.
struct NewCommandTests {
    @Test func aNewPluginBuildsAndItsButtonOpensABundledRoute() throws {
        let scratch = try Scratch()
        let created = try HostProcess.run(["new", "Hello", "--in", scratch.directory.path])
        #expect(created.status == 0, "\(created.standardError)")
        let package = scratch.directory.appendingPathComponent("Hello").path

        let build = try SwiftBuild.run(["build", "--package-path", package])
        try #require(build.status == 0, "the new package did not build:\n\(build.output)")

        let run = try HostProcess.run(
            ["run", "--with-bundled", "--plugins", package + "/.build/debug", "--open", "app://hello"],
            input: "1\nstack\nquit\n"
        )
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                "┌─ Hello\n│ Hello from the Hello plugin.\n└─\n  1) Open the circles  [circles]"))
        #expect(run.standardOutput.contains("> stack\nStack: Hello > Circles\n"))
        #expect(run.standardError.contains("✓ Hello 0.1.0  (1 module(s))"))
    }

    @Test func anExistingDirectoryOrABadNameIsRefused() throws {
        let scratch = try Scratch()
        let bad = try HostProcess.run(["new", "9lives", "--in", scratch.directory.path])
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("'9lives' is not a valid name"))
        try FileManager.default.createDirectory(
            at: scratch.directory.appendingPathComponent("Taken"), withIntermediateDirectories: true)
        let taken = try HostProcess.run(["new", "Taken", "--in", scratch.directory.path])
        #expect(taken.status == 1)
        #expect(taken.standardError.contains("already exists"))
    }

    @Test(arguments: [
        ("Plugboard", "a module of that name is part of Plugboard or of the Swift toolchain"),
        ("Foundation", "a module of that name is part of Plugboard or of the Swift toolchain"),
        ("Swift", "a module of that name is part of Plugboard or of the Swift toolchain"),
        ("Greeter", "a bundled plugin has that name, and a host loads one plugin of a name"),
    ])
    func aNameThatWouldClashIsRefusedBeforeAnythingIsWritten(name: String, reason: String) throws {
        let scratch = try Scratch()
        let run = try HostProcess.run(["new", name, "--in", scratch.directory.path])
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "error: '\(name)' cannot be a plugin's name: \(reason); choose another name\n"
                + "Run 'plugboard --help' for usage.\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.directory.appendingPathComponent(name).path))
    }
}
