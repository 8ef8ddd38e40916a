import Plugboard
import Testing

/// Lifecycle events reach modules in dependency order; events before launch are held, not dropped.
struct LifecycleEventTests {
    /// Module b's task depends on module a's, so a hears events first and shuts down last.
    private func twoModules(_ journal: Journal, extraTaskInA: (@Sendable () async -> Void)? = nil) throws -> Registry {
        try scriptedRegistry(
            a: { registrar in
                registrar.startupTask("a.start") { await extraTaskInA?() }
                for event in [LifecycleEvent.launch, .foreground, .terminate, .custom("deep-link")] {
                    registrar.on(event) { journal.record("a \($0.kind) \($0.userInfo["url"] ?? "")") }
                }
                registrar.onShutdown { journal.record("a shutdown") }
            },
            b: { registrar in
                registrar.startupTask("b.start", after: ["a.start"]) {}
                for event in [LifecycleEvent.launch, .foreground, .terminate, .custom("deep-link")] {
                    registrar.on(event) { journal.record("b \($0.kind) \($0.userInfo["url"] ?? "")") }
                }
                registrar.onShutdown { journal.record("b shutdown") }
            }
        )
    }

    @Test func eventsReachModulesInDependencyOrderAndShutdownRunsInReverse() async throws {
        let journal = Journal()
        // a is registered first but its task depends on b's, so b comes first in dependency order.
        let registry = try scriptedRegistry(
            a: { registrar in
                registrar.startupTask("a.start", after: ["b.start"]) {}
                registrar.on(.foreground) { _ in journal.record("a foreground") }
                registrar.on(.terminate) { _ in journal.record("a terminate") }
                registrar.onShutdown { journal.record("a shutdown") }
            },
            b: { registrar in
                registrar.startupTask("b.start") {}
                registrar.on(.foreground) { _ in journal.record("b foreground") }
                registrar.on(.terminate) { _ in journal.record("b terminate") }
                registrar.onShutdown { journal.record("b shutdown") }
            }
        )
        let app = Application(registry: registry)
        _ = try await app.launch()
        #expect(await app.post(Event(.foreground)))
        await app.terminate()
        #expect(
            journal.all == ["b foreground", "a foreground", "a terminate", "b terminate", "a shutdown", "b shutdown"])
        #expect(await app.state == .terminated)
        #expect(await !app.post(Event(.foreground)))
    }

    @Test func anEventPostedBeforeLaunchIsHeldAndDeliveredAfterTheLaunchEvent() async throws {
        let journal = Journal()
        let app = Application(registry: try twoModules(journal))
        #expect(await !app.post(Event(.custom("deep-link"), userInfo: ["url": "app://circles/42"])))
        #expect(await app.heldEvents.count == 1)
        #expect(journal.all.isEmpty)
        _ = try await app.launch()
        #expect(
            journal.all == ["a launch ", "b launch ", "a deep-link app://circles/42", "b deep-link app://circles/42"])
        #expect(await app.heldEvents.isEmpty)
    }

    @Test func anEventPostedDuringLaunchIsHeldUntilLaunchCompletes() async throws {
        let journal = Journal()
        let box = ApplicationBox()
        let registry = try twoModules(journal) {
            let delivered = await box.app?.post(Event(.custom("deep-link"), userInfo: ["url": "app://mine"]))
            journal.record("posted during launch, delivered: \(delivered ?? true)")
        }
        let app = Application(registry: registry)
        await box.set(app)
        _ = try await app.launch()
        #expect(
            journal.all == [
                "posted during launch, delivered: false", "a launch ", "b launch ", "a deep-link app://mine",
                "b deep-link app://mine",
            ])
    }

    @Test func terminatingDuringTheLaunchStopsIt() async throws {
        let journal = Journal()
        let box = ApplicationBox()
        // a.start terminates the application; b.start, which comes after it, must not run, and
        // no module may hear `launch` after `terminate`.
        let registry = try twoModules(journal) {
            await box.app?.terminate()
            journal.record("terminated during launch")
        }
        let app = Application(registry: registry)
        await box.set(app)
        let report = try await app.launch()
        #expect(
            journal.all == [
                "b terminate ", "a terminate ", "b shutdown", "a shutdown", "terminated during launch",
            ])
        #expect(await app.state == .terminated)
        #expect(report.wasCancelled)
        #expect(report.entries.first { $0.name == "b.start" }?.outcome.isSuccess == false)
        #expect(await !app.post(Event(.foreground)))
    }

    @Test func terminatingBeforeTheLaunchLeavesNothingToRun() async throws {
        // A host terminates on a signal, which may come before it calls `launch`.
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("a.start") { journal.record("a.start ran") }
            registrar.startupTask("a.later", phase: .afterFirstScreen) { journal.record("a.later ran") }
            registrar.on(.launch) { _ in journal.record("launch") }
            registrar.onShutdown { journal.record("shutdown") }
        })
        let app = Application(registry: registry)
        await app.terminate()
        let report = try await app.launch()
        #expect(journal.all == ["shutdown"])
        #expect(report.wasCancelled && !report.succeeded)
        #expect(report.entries.map(\.name).sorted() == ["a.later", "a.start"])
        #expect(report.entries.allSatisfy { !$0.outcome.isSuccess })
        #expect(await app.state == .terminated)
        await #expect(throws: LaunchError.self) { try await app.launch() }
    }

    @Test func stoppingTheLaunchWhileItRunsAnnouncesItThenTerminates() async throws {
        let journal = Journal()
        let box = ApplicationBox()
        let registry = try twoModules(journal) {
            let stopped = await box.app?.stopLaunch(announcing: { journal.record("announced") })
            journal.record("stopped during launch: \(stopped ?? false)")
        }
        let app = Application(registry: registry)
        await box.set(app)
        let report = try await app.launch()
        #expect(
            journal.all == [
                "announced", "b terminate ", "a terminate ", "b shutdown", "a shutdown", "stopped during launch: true",
            ])
        #expect(report.wasCancelled)
        #expect(await app.state == .terminated)
    }

    @Test func stoppingTheLaunchBeforeItBeginsLeavesNothingToRun() async throws {
        let journal = Journal()
        let app = Application(registry: try twoModules(journal))
        #expect(await app.stopLaunch(announcing: { journal.record("announced") }))
        let report = try await app.launch()
        #expect(journal.all == ["announced", "b terminate ", "a terminate ", "b shutdown", "a shutdown"])
        #expect(report.wasCancelled && report.entries.allSatisfy { !$0.outcome.isSuccess })
    }

    @Test func stoppingTheLaunchOnceItFinishedLeavesTheApplicationRunning() async throws {
        let journal = Journal()
        let app = Application(registry: try twoModules(journal))
        _ = try await app.launch()
        let heardBefore = journal.all
        #expect(await !app.stopLaunch(announcing: { journal.record("announced") }))
        #expect(journal.all == heardBefore)
        #expect(await app.state == .running)
        #expect(await app.post(Event(.foreground)))
    }

    @Test func terminatingFromALaunchHandlerLeavesTheApplicationTerminated() async throws {
        let journal = Journal()
        let box = ApplicationBox()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("a.start") {}
            registrar.on(.launch) { _ in await box.app?.terminate() }
            registrar.on(.custom("held")) { _ in journal.record("held event") }
            registrar.onShutdown { journal.record("shutdown") }
        })
        let app = Application(registry: registry)
        await box.set(app)
        await app.post(Event(.custom("held")))
        _ = try await app.launch()
        #expect(journal.all == ["shutdown"])
        #expect(await app.state == .terminated)
    }

    @Test func eventsAreHeldWhileTheLaunchHasFailed() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("root") { throw ScriptedFailure(message: "no root") }
            registrar.on(.launch) { _ in journal.record("launch") }
        })
        let app = Application(registry: registry)
        _ = try await app.launch()
        #expect(await !app.post(Event(.foreground)))
        #expect(journal.all.isEmpty)
        #expect(await app.heldEvents == [Event(.foreground)])
    }
}

/// Lets a task body reach the application that runs it.
actor ApplicationBox {
    var app: Application?
    func set(_ app: Application) { self.app = app }
}
