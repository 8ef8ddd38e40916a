import Foundation
import Plugboard
import Testing

/// The `plugboard` executable, run as a person runs it.
struct HostExecutableTests {
    @Test func theDemoLoadsLaunchesAndPlaysTheJourney() async throws {
        let run = try await HostProcess.run(["demo"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        // Circles and Greeter are loaded when first needed: Circles when the journey opens it,
        // Greeter never.
        for plugin in ["Shell", "Account", "Blog"] {
            #expect(lines.contains("  ✓ \(plugin) 1.0.0  (1 module)"))
        }
        for plugin in ["Circles", "Greeter"] {
            #expect(lines.contains("  - \(plugin) 1.0.0  (inactive until first needed)"))
        }
        #expect(lines.contains("  Circles 1.0.0  not loaded (loads when first needed)"))
        #expect(run.standardOutput.contains("activated Circles 1.0.0 in "))
        #expect(!run.standardOutput.contains("activated Greeter") && !run.standardError.contains("activated"))
        #expect(lines.contains("  ✓ shell.root-screen  [ShellPlugin.ShellModule]"))
        #expect(lines.contains("│ [error: the network timed out (pull to refresh or load again)]"))
        #expect(lines.contains("│ This article (#2) explains routing deep links."))
        #expect(lines.contains("│ wrong account or password"))
        #expect(lines.contains("Stack: Home > Mine > Wallet"))
        #expect(lines.contains("Stack: Home > Mine > Wallet > Comment"))
        #expect(lines.contains("│ Commenting on article 1 as ann"))
        #expect(lines.contains("  plugins: Shell, Circles, Account, Blog; never needed, so never loaded: Greeter"))
        #expect(
            lines.contains {
                $0.hasPrefix("  launch: ")
                    && $0.hasSuffix(", critical path shell.configuration -> shell.store -> shell.root-screen")
            })
        #expect(lines.contains("  leaks found: none"))
        #expect(lines.contains("  errors: none"))
        #expect(!run.standardOutput.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    /// With its plugins isolated, the demo plays the same journey, and its summary counts the
    /// plugins, and their tasks, that launched in processes of their own; one never needed
    /// (Greeter) never starts.
    @Test func theDemoWithItsPluginsIsolatedCountsThemInItsSummary() async throws {
        let run = try await HostProcess.run(["demo", "--isolate", "Greeter,Shell,Circles"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("Stack: Home > Mine > Wallet > Comment"))
        #expect(
            lines.contains(
                "  plugins: Account, Blog, Shell (isolated), Circles (isolated); never needed, so never loaded: Greeter"
            ),
            "\(lines)")
        // Shell's five tasks and Circles' one: all ran, in their process.
        #expect(lines.contains { $0.hasPrefix("  modules: ") && $0.hasSuffix(", tasks: 6") }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("  launch: ")
                    && $0.contains(" ms, no tasks; in plugin processes: Shell 1.0.0 + Circles 1.0.0 (")
                    && $0.hasSuffix(" ms)")
            }, "\(lines)")
        // With --eager, Greeter starts at launch too, and its task runs there.
        let eager = try await HostProcess.run(["demo", "--isolate", "Greeter,Shell,Circles", "--eager"])
        let summary = eager.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            summary.contains("  plugins: Account, Blog, Shell (isolated), Circles (isolated), Greeter (isolated)"),
            "\(summary)")
        #expect(summary.contains { $0.hasPrefix("  modules: ") && $0.hasSuffix(", tasks: 7") }, "\(summary)")
        #expect(summary.contains { $0.hasPrefix("  launch: ") && $0.contains(" ms), Greeter 1.0.0 (") }, "\(summary)")
    }

    @Test func theDemoOfNoPluginsSaysSoInItsSummary() async throws {
        let run = try await HostProcess.run(["demo", "--plugins", try Scratch().directory.path])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("  plugins: none"))
        #expect(lines.contains { $0.hasPrefix("  launch: ") && $0.hasSuffix(" ms, no tasks") }, "\(lines)")
    }

    @Test func theDemoReportsABrokenPluginOnStderrAndFails() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        try Data("junk".utf8).write(to: scratch.directory.appendingPathComponent("libJunk.so"))
        let run = try await HostProcess.run(["demo", "--plugins", scratch.directory.path])
        #expect(run.status == 1)
        #expect(
            run.standardOutput.contains("- Greeter 1.0.0  (inactive until first needed)"),
            "the healthy plugin is still installed")
        #expect(run.standardError.contains("libJunk.so: not a loadable shared object: not an ELF file"))
        #expect(run.standardError.contains("error: 1 plugin failed to load"))
        // Without the example plugins the journey's first step fails, and the journey stops there.
        #expect(
            run.standardError.contains(
                "error: no route matches 'app://tabs'; did you mean 'app://greeter/hello', 'app://greeter/hello/:name'?\n"
                    + "error: the journey stops at step 1 of 23: each step acts on the screen the one before it showed\n"
            ))
        #expect(!run.standardOutput.contains("Step 2:"))
        #expect(run.standardOutput.contains("  errors: 1\n"))
    }

    @Test func routesListsEveryRouteWithItsOwnerAndParameters() async throws {
        let run = try await HostProcess.run(["routes"])
        #expect(run.status == 0, "\(run.standardError)")
        let path = try BuildProducts.greeter
        #expect(
            run.standardOutput.contains(
                """
                app://greeter/hello
                  title       A greeting from the greeter plugin
                  owner       GreeterPlugin.GreeterModule  (\(path))
                  plugin      Greeter, not loaded: opening the route loads it
                app://greeter/hello/:name
                  title       A greeting for someone
                  parameters  name
                  example     app://greeter/hello/Ada
                  owner       GreeterPlugin.GreeterModule  (\(path))
                  plugin      Greeter, not loaded: opening the route loads it

                """
            )
        )
        #expect(
            run.standardOutput.contains(
                "app://circles/:id(int)\n  title       A circle's page\n  parameters  id (int)\n"))
        #expect(
            run.standardOutput.contains(
                "app://tabs\n  title       The root tabs\n  owner       ShellPlugin.ShellModule  ("))
        #expect(run.standardOutput.contains("  plugin      Shell, active\n"), "\(run.standardOutput)")
    }

    @Test func listShowsEachPluginModuleRouteTaskAndService() async throws {
        let run = try await HostProcess.run(["list"])
        #expect(run.status == 0, "\(run.standardError)")
        let shell = try BuildProducts.path("libShellPlugin.so")
        let output = run.standardOutput
        #expect(
            output.hasPrefix(
                "Plugins\n  Shell 1.0.0  \(shell)\n    runs         in the host's process\n"
                    + "    fingerprint  plugboard-runtime "), "\(output)")
        #expect(output.contains("Modules\n  ShellPlugin.ShellModule  from plugin Shell\n"))
        // The greeter is not needed at launch: what it registers comes from its manifest.
        let greeting =
            "  app://greeter/hello  A greeting from the greeter plugin  [GreeterPlugin.GreeterModule]  (activates Greeter)\n"
        #expect(output.contains(greeting))
        // A route with parameters shows the URL it declares as its example, from the manifest too.
        #expect(
            output.contains(
                "  app://circles/:id(int)  A circle's page  [CirclesPlugin.CirclesModule]  e.g. app://circles/42"
                    + "  (activates Circles)\n"), "\(output)")
        #expect(output.contains("  Greeter 1.0.0  \(try BuildProducts.greeter)\n    not loaded   until first needed\n"))
        #expect(output.contains("  shell.logging  after shell.configuration  [ShellPlugin.ShellModule]\n"))
        // What the JSON says of a task beside its name, where it is not the default.
        #expect(
            output.contains(
                "  shell.analytics  after shell.logging  [ShellPlugin.ShellModule]  (after-first-screen, optional)\n"))
        #expect(
            output.contains("  shell.store  after shell.configuration  [ShellPlugin.ShellModule]  (timeout 5000 ms)\n"))
        #expect(output.contains("  greeter.prepare  [GreeterPlugin.GreeterModule, plugin Greeter, not loaded]\n"))
        #expect(
            output.contains(
                "  circles.load-joined  after shell.store  [CirclesPlugin.CirclesModule, plugin Circles, not loaded]\n")
        )
        #expect(
            output.contains(
                "Services\n  AccountPlugin.ReaderSessions  [AccountPlugin.AccountModule]\n"
                    + "  GreeterPlugin.Greetings  [plugin Greeter, not loaded]\n"))
        // With --eager, every plugin is loaded and lists what it registered.
        let eager = try await HostProcess.run(["list", "--eager"])
        #expect(eager.standardOutput.contains("  GreeterPlugin.Greetings  [GreeterPlugin.GreeterModule]\n"))
        #expect(!eager.standardOutput.contains("not loaded"))
    }

    @Test func routesAndListPrintJSONForScripts() async throws {
        let greeter = try BuildProducts.greeter
        let routes = try await HostProcess.run(["routes", "--json"])
        #expect(routes.status == 0, "\(routes.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(routes.standardOutput.utf8)) as? [String: Any]
        #expect(document?["schemaVersion"] as? Int == 1)
        let all = document?["routes"] as? [[String: Any]]
        let named = try #require(all?.first { $0["pattern"] as? String == "app://greeter/hello/:name" })
        #expect(named["title"] as? String == "A greeting for someone")
        #expect((named["parameters"] as? [[String: Any]])?.map { $0["name"] as? String } == ["name"])
        #expect(named["module"] as? String == "GreeterPlugin.GreeterModule")
        #expect(named["plugin"] as? String == "Greeter" && named["active"] as? Bool == false)
        #expect(named["isolated"] as? Bool == false)
        #expect(named["file"] as? String == greeter)
        // Its example URL, from the manifest of Greeter, which is not loaded; and isolated, from
        // its manifest too: routes starts no plugin process, even with --eager.
        #expect(named["example"] as? String == "app://greeter/hello/Ada")
        let isolated = try await HostProcess.run(["routes", "--json", "--isolate", "Greeter", "--eager"])
        #expect(isolated.status == 0, "\(isolated.standardError)")
        let proxies = try JSONSerialization.jsonObject(with: Data(isolated.standardOutput.utf8)) as? [String: Any]
        let proxy = (proxies?["routes"] as? [[String: Any]])?.first {
            $0["pattern"] as? String == "app://greeter/hello/:name"
        }
        #expect(proxy?["example"] as? String == "app://greeter/hello/Ada" && proxy?["active"] as? Bool == false)
        #expect(proxy?["isolated"] as? Bool == true, "\(proxy ?? [:])")
        // Isolated and not started yet (declared), its routes say where it will run.
        let declared = try await HostProcess.run(["routes", "--isolate", "Greeter"])
        #expect(
            declared.standardOutput.contains(
                "  plugin      Greeter, not loaded: opening the route loads it, isolated\n"),
            "\(declared.standardOutput)")
        let circle = try #require(all?.first { $0["pattern"] as? String == "app://circles/:id(int)" })
        #expect(
            (circle["parameters"] as? [[String: Any]])?.first?["type"] as? String == "int", "\(circle)")

        let list = try await HostProcess.run(["list", "--json"])
        #expect(list.status == 0, "\(list.standardError)")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any])
        #expect(listed["schemaVersion"] as? Int == 1)
        let registry = listed.compactMapValues { $0 as? [[String: Any]] }
        let circles = registry["plugins"]?.first { $0["name"] as? String == "Circles" }
        let dependency = (circles?["dependencies"] as? [[String: Any]])?.first
        #expect(dependency?["name"] as? String == "Shell" && dependency?["optional"] as? Bool == false)
        #expect(
            dependency?["range"] as? [String: String] == ["lower": "1.0.0", "upper": "2.0.0"],
            "\(String(describing: dependency))")
        #expect(
            registry["plugins"]?.compactMap { $0["name"] as? String } == [
                "Shell", "Circles", "Account", "Blog", "Greeter",
            ])
        #expect(registry["plugins"]?.last?["file"] as? String == greeter)
        #expect(registry["plugins"]?.map { $0["loaded"] as? Bool } == [true, false, true, true, false])
        let prepare = registry["tasks"]?.first { $0["name"] as? String == "greeter.prepare" }
        // A task of a plugin not loaded has the shape of a loaded one's, from its manifest.
        #expect(prepare?["plugin"] as? String == "Greeter" && prepare?["loaded"] as? Bool == false)
        #expect(prepare?["module"] as? String == "GreeterPlugin.GreeterModule")
        #expect(prepare?["phase"] as? String == "launch" && prepare?["required"] as? Bool == true)
        let joined = registry["tasks"]?.first { $0["name"] as? String == "circles.load-joined" }
        #expect(joined?["dependencies"] as? [String] == ["shell.store"] && joined?["loaded"] as? Bool == false)
        #expect(registry["routes"]?.count == all?.count)
        let logging = registry["tasks"]?.first { $0["name"] as? String == "shell.logging" }
        #expect(logging?["dependencies"] as? [String] == ["shell.configuration"])
        #expect(logging?["plugin"] as? String == "Shell" && logging?["loaded"] as? Bool == true)
        #expect(
            registry["services"]?.compactMap { $0["type"] as? String } == [
                "AccountPlugin.ReaderSessions", "GreeterPlugin.Greetings", "ShellPlugin.LaunchJournal",
            ])
        #expect(registry["modules"]?.allSatisfy { $0["disabled"] as? Bool == false } == true)
    }

    @Test func listOfNoPluginsSaysSoUnderEachHeading() async throws {
        let run = try await HostProcess.run(["list", "--plugins", try Scratch().directory.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.split(separator: "\n") == [
                "Plugins", "  (none)", "Modules", "  (none)", "Routes", "  (none)", "Startup tasks", "  (none)",
                "Services", "  (none)",
            ])
    }

    @Test func openResolvesAURLWithParameters() async throws {
        let run = try await HostProcess.run(["open", "app://greeter/hello/Ann%20Lee"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("│ Hello, Ann Lee! (from the Greeter plugin)\n"))
    }

    /// `open` prints the screen once it has loaded, as `run` shows it: with its actions and the
    /// stack.
    @Test func openPrintsTheScreenOnceItHasLoadedWithItsActionsAndTheStack() async throws {
        let run = try await HostProcess.run(["open", "app://blog"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("│   1. Modules that register themselves\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("No articles"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("  1) Read Modules that register themselves  [row 1]\n"))
        #expect(run.standardOutput.hasSuffix("Stack: Blog\n"), "\(run.standardOutput)")
    }

    @Test func optionsMayComeBeforeACommandsOperand() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let open = try await HostProcess.run(["open", "--plugins", scratch.directory.path, "app://greeter/hello/Ann"])
        #expect(open.status == 0, "\(open.standardError)")
        #expect(open.standardOutput.contains("│ Hello, Ann! (from the Greeter plugin)\n"))
        let verify = try await HostProcess.run(["verify", "--timeout", "20", scratch.directory.path])
        #expect(verify.status == 0, "\(verify.standardOutput)")
        #expect(verify.standardOutput.contains("  ✓ libGreeterPlugin.so: loads: Greeter 1.0.0, 1 module\n"))
    }

    @Test(arguments: [
        (["open", "app://a", "app://b"], "unexpected argument 'app://b'"),
        (["open", "--plugins"], "--plugins needs a value"),
        (["open", "--bogus", "app://a"], "unknown option '--bogus'"),
        (["list", "--plugin", "x"], "unknown option '--plugin'; did you mean '--plugins'?"),
        (["opn", "app://a"], "unknown command 'opn'; did you mean 'open'?"),
        (
            ["open", "circles"],
            "'circles' is not a valid route URL: expected the form scheme://host/path; a URL looks like app://circles/42"
        ),
        (
            ["run", "--open", "circles/42"],
            "'circles/42' is not a valid route URL: expected the form scheme://host/path; a URL looks like "
                + "app://circles/42"
        ),
        (["inspect"], "inspect takes one plugin file"),
        (["inspect", "a.so", "b.so"], "unexpected argument 'b.so'"),
        (["new", "--in", "/tmp"], "new takes a plugin name"),
        (["verify", "/tmp", "--timeout", "0"], "--timeout takes a number of seconds above 0, such as 10 or 0.5"),
        (["verify", "/tmp", "--timeout", "inf"], "--timeout takes a number of seconds above 0, such as 10 or 0.5"),
        (["verify", "/tmp", "--timeout", "ten"], "--timeout takes a number of seconds above 0, such as 10 or 0.5"),
        (
            ["graph", "--isolate", ""],
            "--isolate: invalid isolation: no plugin is named; give all, none, or plugin names"
        ),
        (
            ["run", "--isolate", "all,Blog"],
            "--isolate: invalid isolation: 'all' and 'none' stand alone; give either of them, or plugin names"
        ),
    ])
    func aMissingOrExtraOperandIsAUsageError(arguments: [String], message: String) async throws {
        let run = try await HostProcess.run(arguments)
        #expect(run.status == 2)
        // Found before anything is loaded.
        #expect(!run.standardError.contains("Loading"))
        // Pointing to the help of the command given, when it is one.
        let help = arguments[0] == "opn" ? "plugboard --help" : "plugboard \(arguments[0]) --help"
        #expect(run.standardError == "error: \(message)\nRun '\(help)' for usage.\n")
    }

    @Test func openOfAnUnknownURLSuggestsTheNearestRoutes() async throws {
        let run = try await HostProcess.run(["open", "app://greeter/helo"])
        #expect(run.status == 1)
        #expect(
            run.standardError.hasSuffix(
                "error: no route matches 'app://greeter/helo'; did you mean 'app://greeter/hello', 'app://greeter/hello/:name'?\n"
            )
        )
    }

    @Test func inspectPrintsTheManifestAndRegistrations() async throws {
        let path = try BuildProducts.greeter
        let run = try await HostProcess.run(["inspect", path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Greeter 1.0.0\n"))
        #expect(run.standardOutput.contains("  file         \(path)"))
        #expect(run.standardOutput.contains("  source       not sealed: read by loading it in a child process\n"))
        #expect(run.standardOutput.contains("  runtime      \(RuntimeFingerprint.current.runtimeVersion)\n"))
        #expect(run.standardOutput.contains("  routes       app://greeter/hello, app://greeter/hello/:name\n"))
        #expect(run.standardOutput.contains("  tasks        greeter.prepare\n"))
    }

    @Test func inspectPrintsTheManifestAsJSONForScripts() async throws {
        let run = try await HostProcess.run(["inspect", "--json", try BuildProducts.greeter])
        #expect(run.status == 0, "\(run.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let manifest = try #require(object, "\(run.standardOutput)")
        #expect(manifest["name"] as? String == "Greeter")
        #expect(manifest["version"] as? String == "1.0.0")
        #expect(manifest["runtimeVersion"] as? String == RuntimeFingerprint.current.runtimeVersion)
        #expect(manifest["schemaVersion"] as? Int == 1)
        #expect(
            (manifest["routes"] as? [[String: Any]])?.map { $0["pattern"] as? String } == [
                "app://greeter/hello", "app://greeter/hello/:name",
            ])
        #expect((manifest["tasks"] as? [[String: Any]])?.map { $0["name"] as? String } == ["greeter.prepare"])
        #expect(manifest["sealed"] as? Bool == false)
        #expect((manifest["dependencies"] as? [Any])?.isEmpty == true)
        let circles = try await HostProcess.run(["inspect", "--json", try BuildProducts.path("libCirclesPlugin.so")])
        let declared = try JSONSerialization.jsonObject(with: Data(circles.standardOutput.utf8)) as? [String: Any]
        let dependency = (declared?["dependencies"] as? [[String: Any]])?.first
        #expect(dependency?["name"] as? String == "Shell", "\(circles.standardOutput)")
        let account = try await HostProcess.run(["inspect", "--json", try BuildProducts.path("libAccountPlugin.so")])
        let guarded = try JSONSerialization.jsonObject(with: Data(account.standardOutput.utf8)) as? [String: Any]
        #expect(
            guarded?["interceptors"] as? [[String: String]] == [["scope": "pattern", "value": "app://mine/wallet"]],
            "\(account.standardOutput)")
        #expect(guarded?["services"] as? [String] == ["AccountPlugin.ReaderSessions"], "\(account.standardOutput)")
    }

    @Test func inspectSaysWhenAPluginDeclaresNothingOfAKind() async throws {
        let run = try await HostProcess.run(["inspect", try BuildProducts.path("libBlogPlugin.so")])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("  tasks        (none)\n"), "\(run.standardOutput)")
    }

    @Test func inspectOfABadFileNamesItOnStderr() async throws {
        let run = try await HostProcess.run(["inspect", "/nonexistent/libNothing.so"])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError
                == "error: /nonexistent/libNothing.so: no such file; check the path (a symbolic link must point to an existing file)\n"
        )
    }

    @Test(arguments: [["routes", "--plugins"], ["verify"]])
    func aPluginFileGivenForTheirDirectoryFailsNamingIt(command: [String]) async throws {
        let greeter = try BuildProducts.greeter
        let run = try await HostProcess.run(command + [greeter])
        #expect(run.status == 1, "the command line has its form; what it names is not a directory")
        #expect(
            run.standardError
                == "error: \(greeter): is not a directory; pass the directory that holds the plugin files\n")
    }

    @Test func aPluginDirectoryThatCannotBeListedSaysWhy() async throws {
        let scratch = try Scratch()
        let locked = scratch.directory.appendingPathComponent("locked").path
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o300], ofItemAtPath: locked)
        // Run as nobody when the tests run as root, who may read any directory.
        let run = try await HostProcess.run(["list", "--plugins", locked], unprivileged: true)
        #expect(run.status == 1)
        #expect(run.standardError == "error: \(locked): cannot be read (Permission denied); check its permissions\n")
    }

    @Test func aMissingPluginDirectoryIsNamedAsADirectory() async throws {
        let missing = try Scratch().directory.appendingPathComponent("missing").path
        for command in [["list", "--plugins", missing], ["verify", missing]] {
            let run = try await HostProcess.run(command)
            #expect(run.status == 1)
            #expect(
                run.standardError.hasPrefix(
                    "error: \(missing): no such directory; check the path, or build the plugins"),
                "\(run.standardError)")
        }
    }

    @Test func aPluginDirectoryWithoutPluginFilesIsWarnedOf() async throws {
        let scratch = try Scratch()
        let run = try await HostProcess.run(["routes", "--plugins", scratch.directory.path])
        #expect(run.status == 0)
        // `routes` keeps its standard output for the listing; loading reports on standard error.
        #expect(
            run.standardError
                == "warning: no plugin files (.so) in \(scratch.directory.path); a package's plugins are in its "
                + ".build/debug (or .build/release), and those of one made by plugboard new in "
                + ".plugboard-build/debug beside it\nLoading 0 plugin files\n")
        #expect(run.standardOutput == "(no routes)\n")
    }

    @Test func inspectOfAPluginRefusedInTheChildGivesTheWholeReason() async throws {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(["inspect", probe], environment: ["PLUGBOARD_PROBE_BROKEN": "1"])
        #expect(run.status == 1)
        #expect(
            run.standardError.hasPrefix(
                "error: \(probe): plugin 'Probe' was not registered: registration refused, nothing was registered:\n"
                    + "  - route 'app://probe/identity' is owned by module ProbePlugin.ProbeModule"))
    }

    @Test func aPluginOthersMayWriteIsRefusedNamingTheHostsWayToRelaxTheCheck() async throws {
        let scratch = try Scratch()
        let greeter = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        #expect(chmod(scratch.directory.path, 0o755) == 0)
        #expect(chmod(greeter, 0o666) == 0)
        let refusal =
            "error: \(greeter): refused: the file (\(greeter)) is writable by group and others (mode 666); "
            + "run chmod go-w on it (PLUGBOARD_ALLOW_INSECURE_PLUGINS=1 relaxes this for development)\n"
        let routes = try await HostProcess.run(["routes", "--plugins", scratch.directory.path])
        #expect(routes.status == 1)
        #expect(routes.standardError.contains("  ✗ \(greeter)\n" + refusal), "\(routes.standardError)")
        let inspect = try await HostProcess.run(["inspect", greeter])
        #expect(inspect.status == 1)
        #expect(inspect.standardError == refusal)
        let verify = try await HostProcess.run(["verify", scratch.directory.path])
        #expect(verify.status == 1)
        let line = "  ✗ libGreeterPlugin.so: refused: " + refusal.dropFirst("error: ".count)
        #expect(verify.standardOutput.contains(line), "\(verify.standardOutput)")
        let relaxed = try await HostProcess.run(
            ["routes", "--plugins", scratch.directory.path], environment: ["PLUGBOARD_ALLOW_INSECURE_PLUGINS": "1"])
        #expect(relaxed.status == 0, "\(relaxed.standardError)")
        #expect(relaxed.standardOutput.contains("app://greeter/hello\n"))
        #expect(try await HostProcess.run(["--help"]).standardOutput.contains("PLUGBOARD_ALLOW_INSECURE_PLUGINS=1"))
    }

    /// The host finds the bundled plugins through its run path, where the dynamic loader looks up a
    /// bare library name; a plugin named so is the file in the current directory all the same.
    @Test func aPluginNamedWithoutADirectoryIsTheFileInTheCurrentDirectory() async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.greeter, as: "libBlogPlugin.so")
        let inspected = try await HostProcess.run(["inspect", "libBlogPlugin.so"], in: scratch.directory)
        #expect(inspected.status == 0, "\(inspected.standardError)")
        #expect(inspected.standardOutput.hasPrefix("Greeter 1.0.0\n  file         libBlogPlugin.so\n"))
        let sealed = try await HostProcess.run(["seal", "libBlogPlugin.so"], in: scratch.directory)
        #expect(sealed.standardOutput == "  ✓ libBlogPlugin.so: sealed Greeter 1.0.0, 2 routes\n")
    }

    @Test func aFileGivenTwiceIsLoadedOnce() async throws {
        let scratch = try Scratch()
        let greeter = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let run = try await HostProcess.run([
            "routes", "--plugins", scratch.directory.path, "--plugins", scratch.directory.path, "--eager",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError == "warning: \(greeter) is given more than once; it is loaded once\n"
                + "Loading 1 plugin file\n  ✓ Greeter 1.0.0  (1 module)\n")
    }

    @Test func inspectReadsAChattyPluginInAChildProcess() async throws {
        // More than a pipe holds, its last line without a newline: the child's report still
        // comes on a line of its own, and is read while the child runs.
        let run = try await HostProcess.run(
            ["inspect", try BuildProducts.probe], environment: ["PLUGBOARD_PROBE_CHATTER": "300000"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Probe 0.0.1\n"))
        #expect(run.standardOutput.contains("  routes       app://probe/identity\n"))
    }

    /// The folder a person is most likely to point the host at holds the bundled plugins and the
    /// probe, and no plugin that exists to crash or hang.
    @Test func theBuildDirectoryLoadsWhole() async throws {
        let run = try await HostProcess.run(["list", "--plugins", BuildProducts.directory.path, "--eager"])
        #expect(run.status == 0, "\(run.standardError)")
        for name in ["Shell", "Circles", "Blog", "Account", "Greeter", "Probe"] {
            #expect(run.standardError.contains("✓ \(name) "), "\(run.standardError)")
        }
    }

    /// Every command that loads plugins takes --with-bundled, so a plugin of one's own can be used
    /// beside the bundled ones.
    @Test(arguments: [
        ["list"], ["routes"], ["graph"], ["launch"], ["demo"], ["open", "app://probe/identity"],
        ["run", "--open", "app://probe/identity"],
    ])
    func everyCommandLoadsTheBundledPluginsBesideOnesOwn(command: [String]) async throws {
        let scratch = try Scratch()
        _ = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let run = try await HostProcess.run(
            command + ["--plugins", scratch.directory.path, "--with-bundled"], input: "")
        #expect(run.status == 0, "\(run.standardError)")
        let loading = run.standardOutput + run.standardError
        #expect(loading.contains("Loading 6 plugin files"), "\(loading)")
        // Commands that navigate load the greeter when first needed; the others load it at start.
        let greeter =
            loading.contains("✓ Greeter 1.0.0") || loading.contains("- Greeter 1.0.0  (inactive until first needed)")
        #expect(loading.contains("✓ Probe 0.0.1") && greeter, "\(loading)")
    }

    /// A generic module type is named in a warning; a subclass that only inherits its conformance
    /// has no record to be found by (the documentation says so), and its base class registers.
    @Test func aModuleTypeDiscoveryCannotUseIsNamedInAWarning() async throws {
        let scratch = try Scratch()
        let path = try await scratch.copy(BrokenPlugins.path("libOddModulesPlugin.so"), as: "libOddModulesPlugin.so")
        let run = try await HostProcess.run(["list", "--plugins", scratch.directory.path, "--eager"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "warning: \(path): GenericModule conforms to Module but is not registered: generic types cannot be "
                    + "instantiated without arguments; make it a non-generic final class\n"), "\(run.standardError)")
        #expect(run.standardOutput.contains("  OddModulesPlugin.PlainModule  from plugin OddModules\n"))
        #expect(run.standardOutput.contains("  OddModulesPlugin.BaseModule  from plugin OddModules\n"))
        #expect(!run.standardOutput.contains("DerivedModule"))
    }

    @Test func inspectOfAPluginThatCrashesWhileLoadingSaysSo() async throws {
        let crashing = try await BrokenPlugins.path("libCrashingPlugin.so")
        let run = try await HostProcess.run(["inspect", crashing])
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "error: \(crashing): crashed with signal 4 (Illegal instruction) while loading in a child process: "
                + "CrashingPlugin/CrashingPlugin.swift:13: Fatal error: CrashingModule traps on purpose; "
                + "run plugboard verify on its directory\n")
    }

    @Test(arguments: [
        ["--help"], ["help"], ["demo", "--help"], ["inspect", "--help"], ["help", "inspect"], ["launch", "--help"],
        ["graph", "--help"], ["routes", "--help"], ["open", "--help"], ["run", "--help"], ["verify", "--help"],
        ["new", "--help"], ["seal", "--help"], ["list", "--help"], ["resolve", "--help"], ["completion", "--help"],
    ])
    func helpIsPrintedAndSucceeds(arguments: [String]) async throws {
        let run = try await HostProcess.run(arguments)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: plugboard"))
        // Within 100 columns, so that it reads in any terminal.
        let long = run.standardOutput.split(separator: "\n").filter { $0.count > 100 }
        #expect(long.isEmpty, "\(long)")
    }

    @Test(arguments: [["launch-rockets"], ["help", "launch-rockets"], ["--help", "launch-rockets"]])
    func anUnknownCommandIsAUsageError(arguments: [String]) async throws {
        let run = try await HostProcess.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError == "error: unknown command 'launch-rockets'\nRun 'plugboard --help' for usage.\n")
    }

    @Test func versionIsTheFingerprintThePluginsItLoadsCarry() async throws {
        let version = try await HostProcess.run(["--version"])
        #expect(version.status == 0)
        let list = try await HostProcess.run(["list", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any]
        let plugins = try #require(json?["plugins"] as? [[String: Any]])
        try #require(!plugins.isEmpty)
        for plugin in plugins {
            let runtime = try #require(plugin["runtimeVersion"] as? String)
            let toolchain = try #require(plugin["toolchain"] as? String)
            #expect(
                version.standardOutput == """
                    Plugboard \(RuntimeFingerprint.version)
                      runtime build  \(runtime)
                      Swift          \(RuntimeFingerprint.compiler)
                      toolchain      \(toolchain)
                    A plugin loads in this host when built against this runtime build with this toolchain.

                    """)
            #expect(RuntimeFingerprint.compiler.hasPrefix("Swift version 6."))
            #expect(runtime.hasPrefix("plugboard-runtime \(RuntimeFingerprint.version)+src."))
        }
        let extra = try await HostProcess.run(["--version", "now"])
        #expect(extra.status == 2)
        #expect(extra.standardError == "error: --version takes no arguments\nRun 'plugboard --help' for usage.\n")
    }

    @Test func noCommandPrintsAShortUsageToStderr() async throws {
        let run = try await HostProcess.run([])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "USAGE: plugboard <command> [options]\n"
                + "Run 'plugboard help' for the commands, and 'plugboard demo' to see the bundled app.\n")
    }

    /// Each command that takes `--isolate` writes it one way, in its usage and its options, and
    /// the help says where crash reports go.
    @Test func theHelpWritesIsolateOneWayAndNamesTheCrashReports() async throws {
        for command in ["run", "open", "demo", "launch", "list", "routes", "graph"] {
            let help = try await HostProcess.run(["help", command]).standardOutput
            #expect(help.contains("[--isolate NAMES]"), "\(command)")
            #expect(help.contains("\n  --isolate NAMES "), "\(command)")
            #expect(!help.contains("all|none|NAME"), "\(command)")
        }
        let help = try await HostProcess.run(["help"]).standardOutput
        #expect(help.contains("$XDG_STATE_HOME/plugboard/crashes"), "\(help)")
    }

    @Test func helpOfVersionSaysWhatItPrints() async throws {
        for arguments in [["help", "--version"], ["--version", "--help"]] {
            let run = try await HostProcess.run(arguments)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.hasPrefix("USAGE: plugboard --version\n"), "\(run.standardOutput)")
        }
    }
}
