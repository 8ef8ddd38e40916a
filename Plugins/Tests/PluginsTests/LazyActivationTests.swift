import Foundation
import Plugboard
import Testing

/// Plugins that are not needed at launch are declared, not loaded: their code runs first when a
/// route of theirs is opened or an event they handle is posted, through the loader's checks; a
/// failed activation leaves nothing registered.
struct LazyActivationTests {
    @Test func aPluginsCodeDoesNotRunUntilItIsFirstNeeded() async throws {
        let (scratch, record) = try await LazyProbe.sealed()
        let environment = ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_RECORD": record]
        let idle = try await HostProcess.run(
            ["run", "--plugins", scratch.directory.path, "--open", "app://probe/identity/none"],
            input: "plugins\nroutes\nquit\n", environment: environment)
        #expect(
            idle.standardError.contains("  - Probe 0.0.1  (inactive until first needed)\n"), "\(idle.standardError)")
        #expect(idle.standardOutput.contains("  Probe 0.0.1  not loaded (loads when first needed)\n"))
        #expect(
            idle.standardOutput.contains(
                "  app://probe/identity  Probe  [ProbePlugin.ProbeModule]  (activates Probe)\n"))
        #expect(!FileManager.default.fileExists(atPath: record), "the probe registered though nothing needed it")

        let used = try await HostProcess.run(
            ["run", "--plugins", scratch.directory.path, "--open", "app://probe/identity"],
            input: "plugins\nquit\n", environment: environment)
        #expect(used.status == 0, "\(used.standardError)")
        #expect(used.standardOutput.contains("┌─ Probe\n│ probe\n"), "\(used.standardOutput)")
        #expect(used.standardOutput.contains("  Probe 0.0.1  active\n"))
        #expect(used.standardOutput.contains("activated Probe 0.0.1 in "))
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "registered\nshut down\n")
    }

    @Test func withEagerEveryPluginLoadsAtStart() async throws {
        let (scratch, record) = try await LazyProbe.sealed()
        let run = try await HostProcess.run(
            ["run", "--plugins", scratch.directory.path, "--eager", "--open", "app://probe/identity/none"],
            input: "plugins\nquit\n", environment: ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_RECORD": record])
        #expect(run.standardError.contains("  ✓ Probe 0.0.1  (1 module)\n"), "\(run.standardError)")
        #expect(run.standardOutput.contains("  Probe 0.0.1  active\n"))
        #expect(FileManager.default.fileExists(atPath: record))
    }

    @Test func aCustomEventAPluginHandlesActivatesIt() async throws {
        let (scratch, record) = try await LazyProbe.sealed(["PLUGBOARD_PROBE_EVENT": "probe.ping"])
        let run = try await HostProcess.run(
            ["run", "--plugins", scratch.directory.path, "--open", "app://probe/identity/none"],
            input: "post other.event\nplugins\npost probe.ping\nplugins\nquit\n",
            environment: [
                "PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_EVENT": "probe.ping", "PLUGBOARD_PROBE_RECORD": record,
            ])
        let output = run.standardOutput
        let before = try #require(output.range(of: "> post probe.ping\n"))
        #expect(output[..<before.lowerBound].contains("  Probe 0.0.1  not loaded (loads when first needed)\n"))
        #expect(
            output[before.upperBound...].contains(
                /^activated Probe 0\.0\.1 in [0-9.]+ ms\nprobe heard probe\.ping\nposted probe\.ping to ProbePlugin\.ProbeModule\n/
            ), "\(output)")
        #expect(output[..<before.lowerBound].contains("> post other.event\nposted other.event; no module handles it\n"))
        #expect(output[before.upperBound...].contains("  Probe 0.0.1  active\n"))
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "registered\nheard probe.ping\nshut down\n")
    }

    @Test func aFailedActivationLeavesNothingRegisteredAndAnswersEveryUse() async throws {
        let (scratch, _) = try await LazyProbe.sealed()
        let run = try await HostProcess.run(
            ["run", "--plugins", scratch.directory.path, "--open", "app://probe/identity"],
            input: "open app://probe/identity\nplugins\nmodules\nroutes\nquit\n",
            environment: ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_TASK_FAILS": "1"])
        #expect(run.status == 1)
        let failure =
            "error: 'app://probe/identity' needs plugin 'Probe', which could not be activated: the startup tasks "
            + "of plugin 'Probe' failed: required task 'probe.start' of module ProbePlugin.ProbeModule"
        #expect(run.standardError.components(separatedBy: failure).count - 1 == 2, "\(run.standardError)")
        #expect(run.standardError.contains("error: Probe could not be activated: "))
        #expect(run.standardOutput.contains("  Probe 0.0.1  failed: the startup tasks of plugin 'Probe' failed"))
        #expect(run.standardOutput.contains("  ProbePlugin.ProbeModule  from plugin Probe  (not loaded yet)\n"))
        #expect(run.standardOutput.contains("(activates Probe)\n"), "its route is still the placeholder")
    }

    /// `open` of a plugin that cannot activate says why once, and what it means for the URL.
    @Test func openOfAPluginThatCannotActivateSaysWhyOnce() async throws {
        let (scratch, _) = try await LazyProbe.sealed()
        let run = try await HostProcess.run(
            ["open", "app://probe/identity", "--plugins", scratch.directory.path],
            environment: ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_TASK_FAILS": "1"])
        #expect(run.status == 1)
        #expect(
            run.standardError.components(separatedBy: "the startup tasks of plugin 'Probe' failed").count - 1 == 1,
            "\(run.standardError)")
        #expect(
            run.standardError.hasSuffix(
                "error: 'app://probe/identity' is not available: plugin 'Probe' could not be activated (see above)\n"),
            "\(run.standardError)")
    }
}

/// Eight threads opening the same route of a declared plugin activate it once (the continuous
/// integration runs this under the thread sanitizer).
struct ConcurrentActivationTests {
    @Test func eightThreadsOpeningADeclaredRouteActivateItOnce() async throws {
        let greeter = try BuildProducts.greeter
        let registry = Registry()
        let candidate = PluginCandidate(path: greeter, name: "Greeter", version: "1.0.0")
        let manifest = try HeldManifest.greeter()
        let activations = StressCounter()
        let population = PluginPopulation(
            loader: PluginLoader(registry: registry), resolved: [candidate], manifests: [greeter: manifest]
        ) { _, result, _ in
            if case .success = result { activations.increment() }
        }
        let installed = population.install()
        guard case .declared = installed.first else {
            Issue.record("not declared: \(installed)")
            return
        }
        #expect(registry.snapshot.plugins.isEmpty)
        let owners = await withTaskGroup(of: String?.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let url = index.isMultiple(of: 2) ? "app://greeter/hello" : "app://greeter/hello/ann"
                    return try? await registry.resolve(url).owner.module
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(owners == Array(repeating: "GreeterPlugin.GreeterModule", count: 8))
        #expect(activations.value == 1)
        #expect(registry.snapshot.plugins.map(\.manifest.name) == ["Greeter"])
        #expect(registry.snapshot.routes.allSatisfy { $0.inactivePlugin == nil })
    }
}

/// A first use cancelled while its plugin activates does not refuse the plugin: the activation
/// runs in a task of its own, which the user's cancellation does not reach.
struct CancelledActivationTests {
    @Test func aFirstUseCancelledBeforeTheActivationLeavesThePluginActive() async throws {
        let probe = try BuildProducts.probe
        let registry = Registry()
        let population = PluginPopulation(
            loader: PluginLoader(registry: registry),
            resolved: [PluginCandidate(path: probe, name: "Probe", version: "0.0.1")],
            manifests: [probe: try HeldManifest.probe()])
        population.install()
        let first = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await registry.resolve("app://probe/identity").owner.module
        }
        _ = await first.result
        #expect(population.members.map(\.state.description) == ["active"])
        #expect(try await registry.resolve("app://probe/identity").owner.module == "ProbePlugin.ProbeModule")
    }
}

/// A service of a declared plugin is found once its plugin is activated.
struct ServiceActivationTests {
    @Test func askingForAServiceOfADeclaredPluginActivatesIt() async throws {
        let probe = try BuildProducts.probe
        let registry = Registry()
        let manifest = try HeldManifest.probe()
        let population = PluginPopulation(
            loader: PluginLoader(registry: registry),
            resolved: [PluginCandidate(path: probe, name: "Probe", version: "0.0.1")], manifests: [probe: manifest])
        population.install()
        #expect(
            registry.snapshot.inactiveServices == [
                "Plugboard.Owner": "Probe", "Swift.CustomStringConvertible": "Probe",
            ])
        let inactive = #expect(throws: LookupError.self) { try registry.service(Owner.self) }
        guard case .serviceNotActive("Plugboard.Owner", "Probe") = inactive else {
            Issue.record("unexpected \(String(describing: inactive))")
            return
        }
        let owner = try await registry.activatedService(Owner.self)
        #expect(owner.module == "ProbePlugin.ProbeModule")
        #expect(registry.snapshot.inactiveServices.isEmpty)
        #expect(try registry.service(Owner.self) == owner)
        _ = population
    }
}
