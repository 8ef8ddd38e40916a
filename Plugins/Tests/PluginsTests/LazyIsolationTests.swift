import Foundation
import Plugboard
import Testing

/// An isolated plugin not needed at launch is declared as any such plugin is: its process starts,
/// once, when a route of it is first opened or an event it handles is posted, and no code of it
/// runs before.
struct LazyIsolationTests {
    @Test func itsProcessStartsWhenARouteOfItIsFirstOpened() async throws {
        let (scratch, record) = try await LazyProbe.sealed()
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe", "--grant", "Probe"],
            input: "plugins\nopen app://probe/identity\nplugins\nquit\n",
            environment: ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_RECORD": record])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("  - Probe 0.0.1  (isolated: starts when first needed)\n"))
        let output = run.standardOutput
        let opened = try #require(output.range(of: "> open app://probe/identity\n"))
        #expect(
            output[..<opened.lowerBound].contains("  Probe 0.0.1  not loaded (starts isolated when first needed)\n"),
            "\(output)")
        let process = try #require(
            output[opened.upperBound...].firstMatch(
                of: /^activated Probe 0\.0\.1 in [0-9.]+ ms \(isolated, process (\d+)\)\n┌─ Probe\n│ probe\n/)?.1)
        #expect(output[opened.upperBound...].contains("  Probe 0.0.1  isolated, process \(process)\n"), "\(output)")
        // Its code ran once, in its process, when the route was opened.
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "registered\nshut down\n")
    }

    @Test func aCustomEventItHandlesStartsIt() async throws {
        let (scratch, record) = try await LazyProbe.sealed(["PLUGBOARD_PROBE_EVENT": "probe.ping"])
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe", "--grant", "Probe"],
            input: "post other.event\npost probe.ping\nquit\n",
            environment: [
                "PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_EVENT": "probe.ping", "PLUGBOARD_PROBE_RECORD": record,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                /> post other.event\nposted other.event; no module handles it\n> post probe.ping\nactivated Probe 0\.0\.1 in [0-9.]+ ms \(isolated, process \d+\)\nposted probe\.ping to ProbePlugin\.ProbeModule\n/
            ), "\(run.standardOutput)")
        #expect(run.standardError.contains("[Probe] probe heard probe.ping\n"), "\(run.standardError)")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "registered\nheard probe.ping\nshut down\n")
    }

    /// A trap as it starts is reported once, from the one process that ran its code: the process
    /// prepared ahead took the plugin, and no second process runs it again.
    @Test func aTrapAsItStartsRunsItsCodeOnce() async throws {
        let (scratch, record) = try await LazyProbe.sealed()
        let host = try RunningHost(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe", "--grant", "Probe"],
            environment: [
                "PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_TASK_TRAPS": "1", "PLUGBOARD_PROBE_RECORD": record,
                "XDG_STATE_HOME": scratch.directory.path,
            ], timeLimit: 60)
        host.read(until: "Stack: Home\n")
        #expect(host.spareProcess() != nil, "no process was prepared ahead")
        host.type("open app://probe/identity\nquit\n")
        let (_, _, problems) = try host.finish()
        #expect(problems.contains("error: Probe 0.0.1 could not run isolated: "), "\(problems)")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "registered\n")
    }

    /// `reload` of one not started says that its process will load the new build; `restart`
    /// starts it now.
    @Test func restartStartsOneNotStartedAndReloadLeavesItForItsFirstUse() async throws {
        let (scratch, record) = try await LazyProbe.sealed()
        let run = try await HostProcess.run(
            ["run", "--with-bundled", "--plugins", scratch.directory.path, "--isolate", "Probe", "--grant", "Probe"],
            input: "reload Probe\nrestart Probe\nplugins\nquit\n",
            environment: ["PLUGBOARD_PROBE_LAZY": "1", "PLUGBOARD_PROBE_RECORD": record])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                /> reload Probe\nProbe 0\.0\.1 has not started: its process loads the new build when it is first needed\n> restart Probe\nactivated Probe 0\.0\.1 in [0-9.]+ ms \(isolated, process (\d+)\)\n/
            ), "\(run.standardOutput)")
        #expect(run.standardOutput.contains(/\n  Probe 0\.0\.1  isolated, process \d+\n/), "\(run.standardOutput)")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "registered\nshut down\n")
    }

    /// Eight first uses at once start the group's process once; each is answered by its proxies.
    @Test func aGroupStartsOnceHoweverManyAskAtOnce() async throws {
        let (greeter, candidate, manifest) = try greeterDeclaration()
        let loader = PluginLoader(registry: Registry())
        let population = PluginPopulation(loader: loader, resolved: [], manifests: [:])
        population.install()
        let starts = StressCounter()
        let started = Locked<IsolatedPlugin?>(nil)
        let command = [try BuildProducts.host, "plugin-process"]
        try population.declareIsolated([candidate], manifests: [greeter: manifest]) {
            starts.increment()
            let result = await loader.isolate([candidate], command: command)
            started.withLock { $0 = try? result.get() }
            return result
        }
        #expect(loader.registry.snapshot.routes.allSatisfy { $0.inactivePlugin == "Greeter" })
        #expect(population.isolatedMembers.map(\.state.description) == ["declared"])
        // Its service serves only its process: the host does not wait for it.
        #expect(loader.registry.snapshot.inactiveServices.isEmpty)
        let owners = await withTaskGroup(of: String?.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let url = index.isMultiple(of: 2) ? "app://greeter/hello" : "app://greeter/hello/ann"
                    return try? await loader.registry.resolve(url).owner.module
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(owners == Array(repeating: "GreeterPlugin.GreeterModule", count: 8))
        #expect(starts.value == 1)
        #expect(population.isolatedMembers.map(\.state.description) == ["active"])
        #expect(loader.registry.snapshot.routes.allSatisfy { $0.inactivePlugin == nil })
        let isolated = try #require(started.withLock { $0 })
        #expect(try await title(of: "app://greeter/hello/ann", in: loader.registry) == "Greeting")
        kill(try #require(isolated.processID), SIGKILL)
    }

    /// The greeter's file, candidate and manifest.
    private func greeterDeclaration() throws -> (String, PluginCandidate, SealedManifest) {
        let greeter = try BuildProducts.greeter
        return (greeter, PluginCandidate(path: greeter, name: "Greeter", version: "1.0.0"), try HeldManifest.greeter())
    }

    /// The title of the screen `registry` makes for `url`, once loaded.
    @MainActor private func title(of url: String, in registry: Registry) async throws -> String {
        let screen = try await registry.screen(for: url)
        await screen.load()
        return screen.title
    }

    /// A group that cannot start fails each later use with the same error, without starting again.
    @Test func aGroupThatCannotStartFailsEveryUse() async throws {
        let (greeter, candidate, manifest) = try greeterDeclaration()
        let loader = PluginLoader(registry: Registry())
        let population = PluginPopulation(loader: loader, resolved: [], manifests: [:])
        population.install()
        let starts = StressCounter()
        try population.declareIsolated([candidate], manifests: [greeter: manifest]) {
            starts.increment()
            return .failure(.isolationFailed(path: greeter, error: .cannotStart(reason: "no such executable")))
        }
        for _ in 0..<2 {
            let error = await #expect(throws: LookupError.self) {
                try await loader.registry.resolve("app://greeter/hello")
            }
            #expect(
                "\(String(describing: error))".contains("could not run isolated: "), "\(String(describing: error))")
        }
        #expect(starts.value == 1)
        guard case .failed(.refused(plugin: "Greeter", _)) = population.isolatedMembers.first?.state else {
            Issue.record("not failed: \(population.isolatedMembers.map(\.state))")
            return
        }
        // Tried again, as after a new build, it starts on its next use.
        try population.retryIsolated("Greeter")
        #expect(population.isolatedMembers.map(\.state.description) == ["declared"])
        _ = try? await loader.registry.resolve("app://greeter/hello")
        #expect(starts.value == 2)
        #expect(throws: ActivationError.self) { try population.retryIsolated("Blog") }
        // Declaring a second copy of it is refused, naming the first.
        let copy = PluginCandidate(path: "/elsewhere/libGreeterPlugin.so", name: "Greeter", version: "1.0.0")
        let duplicate = #expect(throws: PluginLoadError.self) {
            try population.declareIsolated([copy], manifests: [copy.path: manifest]) {
                .failure(.fileNotFound(path: copy.path))
            }
        }
        guard case .duplicatePlugin("Greeter", copy.path, greeter) = duplicate else {
            Issue.record("unexpected \(String(describing: duplicate))")
            return
        }
    }
}
