import Foundation
import Plugboard
import Testing

/// A library host places its plugins with the same policy `--isolate` gives `plugboard`: the loader
/// loads those the policy keeps in the host here and starts each group it isolates in a plugin
/// process of its own, or refuses the policy before anything runs.
struct IsolationPlacementTests {
    private var command: [String] {
        get throws { [try BuildProducts.host, "plugin-process"] }
    }

    /// A library host places a directory's plugins in one call, as it loads them in-process: each
    /// sealed file is read, resolved and placed where the policy says; a file that is not sealed is
    /// refused under a policy that places plugins, saying how to seal it, and loads in the host
    /// under none.
    @MainActor @Test func aDirectoryIsPlacedInOneCall() async throws {
        let scratch = try Scratch()
        let greeter = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let seal = try await HostProcess.run(["seal", probe])
        try #require(seal.status == 0, "\(seal.standardError)")
        let loader = PluginLoader(registry: Registry())
        let results = try await loader.load(directory: scratch.directory.path, isolation: .all, command: try command)
        guard results.count == 2, case .failure(.unsealed(let path)) = results[0],
            case .success(.isolated(let isolated)) = results[1]
        else {
            Issue.record("unexpected \(results)")
            return
        }
        #expect(path == greeter)
        #expect(
            PluginLoadError.unsealed(path: path).description.contains("seal it (plugboard seal \(greeter))"),
            "\(PluginLoadError.unsealed(path: path))")
        #expect(isolated.plugins.map(\.name) == ["Probe"] && isolated.files == [probe])
        let process = try #require(isolated.processID)
        let navigator = Navigator(registry: loader.registry)
        try await navigator.open("app://probe/identity")
        #expect(navigator.topScreen?.render() == "probe")
        kill(process, SIGKILL)
        // Under none, every file loads here.
        let inHost = try await PluginLoader(registry: Registry()).load(
            directory: scratch.directory.path, isolation: .none, command: try command)
        #expect(
            inHost.map { (try? $0.get()).map { if case .inHost(let plugin) = $0 { plugin.manifest.name } else { "" } } }
                == ["Greeter", "Probe"], "\(inHost)")
        // A policy that names a plugin not there is refused before anything runs.
        await #expect(throws: IsolationError.self) {
            try await PluginLoader(registry: Registry()).load(
                directory: scratch.directory.path, isolation: .plugins(["Nope"]), command: try command)
        }
    }

    @MainActor @Test func theLoaderLoadsEachPluginWhereThePolicyPlacesIt() async throws {
        let greeter = try BuildProducts.greeter
        let probe = try BuildProducts.probe
        let loader = PluginLoader(registry: Registry())
        var reported: [String] = []
        let results = try await loader.load(
            resolved: [
                PluginCandidate(path: greeter, name: "Greeter", version: "1.0.0"),
                PluginCandidate(path: probe, name: "Probe", version: "0.0.1"),
            ],
            isolation: .plugins(["Probe"]), command: try command, loaded: { path, _ in reported.append(path) })
        #expect(reported == [greeter, probe])
        guard case .success(.inHost(let local)) = results[0], case .success(.isolated(let isolated)) = results[1] else {
            Issue.record("unexpected \(results)")
            return
        }
        #expect(local.manifest.name == "Greeter")
        #expect(isolated.plugins.map(\.name) == ["Probe"])
        let process = try #require(isolated.processID)
        #expect(ProcessTable.pluginProcesses(of: getpid()).contains(process))
        // Its route is a proxy of the plugin process; the greeter's is here.
        let navigator = Navigator(registry: loader.registry)
        try await navigator.open("app://probe/identity")
        #expect(navigator.topScreen?.render() == "probe")
        try await navigator.open("app://greeter/hello")
        #expect(navigator.topScreen?.title == "Greeting")
        kill(process, SIGKILL)
    }

    @Test func aPolicyThatPartsAGroupIsRefusedBeforeAnyPluginLoads() async throws {
        let account = try BuildProducts.path("libAccountPlugin.so")
        let blog = try BuildProducts.path("libBlogPlugin.so")
        let loader = PluginLoader(registry: Registry())
        let population = [
            PluginCandidate(path: account, name: "Account", version: "1.0.0"),
            PluginCandidate(
                path: blog, name: "Blog", version: "1.0.0",
                dependencies: [.plugin("Account", from: "1.0.0")]),
        ]
        let error = await #expect(throws: IsolationError.self) {
            try await loader.load(resolved: population, isolation: .plugins(["Blog"]), command: try command)
        }
        #expect(error == .splitGroup(isolated: ["Blog"], joinedTo: ["Account"]))
        #expect(loader.registry.snapshot.plugins.isEmpty)
        #expect(loader.registry.snapshot.routes.isEmpty)
    }

    @Test func aGroupWhoseRouteIsTakenIsNotRegisteredAndItsProcessEnds() async throws {
        let scratch = try Scratch()
        let loader = PluginLoader(registry: Registry())
        try loader.registry.register([SquatterModule.self], image: "/usr/bin/host")
        let routes = loader.registry.snapshot.routes.count
        let elsewhere = try scratch.copy(BuildProducts.greeter, as: "libGreeterPlugin.so")
        let result = await loader.isolate(
            [PluginCandidate(path: elsewhere, name: "Greeter", version: "1.0.0")], command: try command)
        guard case .failure(.registrationFailed(let path, let plugin, _)) = result else {
            Issue.record("unexpected \(result)")
            return
        }
        #expect(path == elsewhere && plugin == "Greeter")
        #expect(loader.registry.snapshot.routes.count == routes)
        // Its process was started, and loaded the file, then ended: none has it mapped.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !ProcessTable.pluginProcesses(of: getpid(), serving: elsewhere).isEmpty {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(ProcessTable.pluginProcesses(of: getpid(), serving: elsewhere).isEmpty)
    }

    /// A second copy of a plugin registered already is refused as the loader refuses one in the
    /// host's process, before a process starts for it.
    @Test func aSecondCopyOfAPluginIsRefusedBeforeAProcessStartsForIt() async throws {
        let scratch = try Scratch()
        let here = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let loader = PluginLoader(registry: Registry())
        try loader.load(file: here)
        let routes = loader.registry.snapshot.routes.count
        let elsewhere = try scratch.copy(BuildProducts.probe, as: "libProbeAgain.so")
        let result = await loader.isolate(
            [PluginCandidate(path: elsewhere, name: "Probe", version: "0.0.1")], command: try command)
        guard case .failure(.duplicatePlugin(let name, let path, let loadedFrom)) = result else {
            Issue.record("unexpected \(result)")
            return
        }
        #expect(name == "Probe" && path == elsewhere && loadedFrom == here)
        #expect(loader.registry.snapshot.routes.count == routes)
        #expect(ProcessTable.pluginProcesses(of: getpid(), serving: elsewhere).isEmpty)
    }

    @Test func aPluginNotOnTheLoadersAllowlistIsRefusedBeforeAProcessStartsForIt() async throws {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let loader = PluginLoader(registry: Registry(), policy: LoadPolicy(allowlist: ["Shell", "Blog"]))
        let result = await loader.isolate(
            [PluginCandidate(path: probe, name: "Probe", version: "0.0.1")], command: try command)
        guard case .failure(let error) = result, case .notAllowed("\(probe)", "Probe", ["Blog", "Shell"]) = error else {
            Issue.record("unexpected \(result)")
            return
        }
        #expect(error.description.hasSuffix("plugin 'Probe' is not on this host's allowlist (Blog, Shell)"))
        #expect(loader.registry.snapshot.routes.isEmpty)
        #expect(ProcessTable.pluginProcesses(of: getpid(), serving: probe).isEmpty)
    }

    /// A file that holds another plugin, or another version, than was read of it (replaced in
    /// between) is refused once its process says what it loaded, and that process ends.
    @Test func aFileThatHoldsAnotherPluginThanWasReadIsRefusedAndItsProcessEnds() async throws {
        let scratch = try Scratch()
        let probe = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let loader = PluginLoader(registry: Registry())
        let result = await loader.isolate(
            [PluginCandidate(path: probe, name: "Probe", version: "0.0.2")], command: try command)
        guard case .failure(let error) = result,
            case .changedWhileLoading("\(probe)", "Probe 0.0.2", "Probe 0.0.1") = error
        else {
            Issue.record("unexpected \(result)")
            return
        }
        #expect(loader.registry.snapshot.routes.isEmpty)
        let ended = ContinuousClock.now + .seconds(30)
        while !ProcessTable.pluginProcesses(of: getpid(), serving: probe).isEmpty && .now < ended { usleep(20_000) }
        #expect(ProcessTable.pluginProcesses(of: getpid(), serving: probe).isEmpty)
    }

    /// A plugin process that refuses its file, as the loader there refuses one that is no plugin,
    /// says why: the start fails with that reason.
    @Test func aFileThePluginProcessRefusesFailsTheStartWithItsReason() async throws {
        let scratch = try Scratch()
        let file = scratch.directory.appendingPathComponent("libNotAPlugin.so").path
        try Data("not a shared object".utf8).write(to: URL(fileURLWithPath: file))
        let error = await #expect(throws: IsolationError.self) {
            try await IsolatedPlugin.start(files: [file], command: try command)
        }
        guard case .refused(let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason.contains(file), "\(reason)")
    }

    /// A restart loads the files as they are then: one that would serve other plugins or routes
    /// than its proxies reach (another build took the file's place) is refused, and its process
    /// ends.
    @Test func aRestartThatWouldServeOtherRoutesIsRefusedAndItsProcessEnds() async throws {
        let scratch = try Scratch()
        let file = try scratch.copy(BuildProducts.probe, as: "libProbePlugin.so")
        let probe = try await IsolatedPlugin.start(files: [file], command: try command)
        let first = try #require(probe.processID)
        try FileManager.default.removeItem(atPath: file)
        _ = try scratch.copy(BuildProducts.greeter, as: "libProbePlugin.so")
        kill(first, SIGKILL)
        let ended = ContinuousClock.now + .seconds(30)
        while probe.processID != nil && .now < ended { usleep(20_000) }
        let error = await #expect(throws: IsolationError.self) { try await probe.restart() }
        #expect(
            error?.description.hasSuffix(
                "its new build serves other plugins, routes or events than those registered; start the host again "
                    + "to take it") == true, "\(String(describing: error))")
        #expect(probe.processID == nil)
        while !ProcessTable.pluginProcesses(of: getpid(), serving: file).isEmpty && .now < ended { usleep(20_000) }
        #expect(ProcessTable.pluginProcesses(of: getpid(), serving: file).isEmpty)
    }

    /// A plugin process starts with every signal at its default action, whatever its host
    /// ignores: a host run in the background by a shell ignores SIGINT, and its plugin processes
    /// must still end on it.
    @Test func aPluginProcessDoesNotInheritTheSignalsItsHostIgnores() async throws {
        // A command of its own, so that no plugin process prepared before for another is taken.
        let scratch = try Scratch()
        let host = scratch.directory.appendingPathComponent("plugboard").path
        try FileManager.default.createSymbolicLink(atPath: host, withDestinationPath: try BuildProducts.host)
        let previous = signal(SIGINT, SIG_IGN)
        let probe = try await IsolatedPlugin.start(files: [try BuildProducts.probe], command: [host, "plugin-process"])
        signal(SIGINT, previous)
        let process = try #require(probe.processID)
        defer { kill(process, SIGKILL) }
        let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
        let ignored = try #require(
            status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap {
                UInt64($0.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            })
        #expect(ignored & (1 << (UInt64(SIGINT) - 1)) == 0, "SigIgn \(String(ignored, radix: 16))")
    }

    /// A plugin process rehearses a first use before it says it is prepared (a route of its own
    /// registered and launched, the loader run on the runtime's library), and none of it reaches
    /// the host: it serves the probe's plugin, routes and startup tasks alone.
    @Test func aPluginProcessServesItsPluginsAloneAfterItsRehearsal() async throws {
        let probe = try await IsolatedPlugin.start(
            files: [try BuildProducts.probe], command: [try BuildProducts.host, "plugin-process"])
        let process = try #require(probe.processID)
        defer { kill(process, SIGKILL) }
        #expect(probe.plugins.map(\.name) == ["Probe"])
        #expect(probe.routes.map(\.pattern).contains("app://probe/identity"), "\(probe.routes)")
        #expect(probe.routes.allSatisfy { $0.plugin == "Probe" }, "\(probe.routes)")
        #expect(probe.launch.entries.allSatisfy { $0.owner.module.hasPrefix("ProbePlugin.") }, "\(probe.launch)")
    }
}
