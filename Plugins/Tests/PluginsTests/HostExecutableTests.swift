import Foundation
import Testing

/// The `plugboard` executable, run as a person runs it.
struct HostExecutableTests {
    @Test func theDemoLoadsLaunchesAndOpensTheGreeting() throws {
        let run = try HostProcess.run(["demo"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("  ✓ Greeter 1.0.0  (1 module(s))"))
        #expect(lines.contains("  GreeterPlugin.GreeterModule  from plugin Greeter"))
        #expect(
            lines.contains("  app://greeter/hello  A greeting from the greeter plugin  [GreeterPlugin.GreeterModule]"))
        #expect(lines.contains("  greeter.prepare  [GreeterPlugin.GreeterModule]"))
        #expect(lines.contains("  ✓ greeter.prepare  [GreeterPlugin.GreeterModule]"))
        #expect(lines.contains("│ Hello, Plugboard! This screen comes from the Greeter plugin."))
        #expect(lines.contains("│ Hello, Plugboard fan! (from the Greeter plugin)"))
        #expect(!run.standardOutput.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func theDemoReportsABrokenPluginOnStderrAndFails() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        try Data("junk".utf8).write(to: scratch.directory.appendingPathComponent("libJunk.so"))
        let run = try HostProcess.run(["demo", "--plugins", scratch.directory.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("│ Hello, Plugboard!"), "the healthy plugin still runs")
        #expect(run.standardError.contains("libJunk.so: not a loadable shared object: not an ELF file"))
        #expect(run.standardError.contains("error: 1 plugin(s) failed to load"))
    }

    @Test func routesListsEveryRouteWithItsOwnerAndParameters() throws {
        let run = try HostProcess.run(["routes"])
        #expect(run.status == 0, "\(run.standardError)")
        let path = try BuildProducts.greeter
        #expect(
            run.standardOutput == """
                app://greeter/hello
                  title       A greeting from the greeter plugin
                  owner       GreeterPlugin.GreeterModule  (\(path))
                app://greeter/hello/:name
                  title       A greeting for someone
                  parameters  name
                  owner       GreeterPlugin.GreeterModule  (\(path))

                """
        )
    }

    @Test func openResolvesAURLWithParameters() throws {
        let run = try HostProcess.run(["open", "app://greeter/hello/Ann%20Lee"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("│ Hello, Ann Lee! (from the Greeter plugin)\n"))
    }

    @Test func openOfAnUnknownURLSuggestsTheNearestRoutes() throws {
        let run = try HostProcess.run(["open", "app://greeter/helo"])
        #expect(run.status == 1)
        #expect(
            run.standardError.hasSuffix(
                "error: no route matches 'app://greeter/helo'; did you mean 'app://greeter/hello', 'app://greeter/hello/:name'?\n"
            )
        )
    }

    @Test func inspectPrintsTheManifestAndRegistrations() throws {
        let path = try BuildProducts.greeter
        let run = try HostProcess.run(["inspect", path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Greeter 1.0.0\n"))
        #expect(run.standardOutput.contains("  file         \(path)"))
        #expect(run.standardOutput.contains("  runtime      plugboard-runtime 0.1.0"))
        #expect(run.standardOutput.contains("  app://greeter/hello"))
        #expect(run.standardOutput.contains("  greeter.prepare"))
    }

    @Test func inspectOfABadFileNamesItOnStderr() throws {
        let run = try HostProcess.run(["inspect", "/nonexistent/libNothing.so"])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError
                == "error: /nonexistent/libNothing.so: no such file; check the path (a symbolic link must point to an existing file)\n"
        )
    }

    @Test(arguments: [
        ["--help"], ["help"], ["demo", "--help"], ["inspect", "--help"], ["help", "inspect"], ["launch", "--help"],
        ["graph", "--help"], ["routes", "--help"], ["open", "--help"],
    ])
    func helpIsPrintedAndSucceeds(arguments: [String]) throws {
        let run = try HostProcess.run(arguments)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: plugboard"))
    }

    @Test func anUnknownCommandIsAUsageError() throws {
        let run = try HostProcess.run(["launch-rockets"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("unknown command 'launch-rockets'"))
        #expect(run.standardError.contains("plugboard --help"))
    }

    @Test func noCommandPrintsUsageToStderr() throws {
        let run = try HostProcess.run([])
        #expect(run.status == 2)
        #expect(run.standardError.contains("USAGE: plugboard <command>"))
    }
}
