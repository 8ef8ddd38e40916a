import Testing

@testable import Plugboard

/// A startup task that never returns neither hangs the launch nor goes unnamed: it is named while
/// it runs, it is given up on at its deadline, and a stopped launch goes on without it.
@Suite(.timeLimit(.minutes(1)))
struct HungTaskTests {
    @Test func aTaskWithoutATimeoutOfItsOwnHasTheHostsDeadline() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("stuck") { await Never.waitIgnoringCancellation() }
            registrar.startupTask("after-stuck", after: ["stuck"]) {}
            registrar.startupTask("own-deadline", timeout: .seconds(30)) {}
        })
        let report = try await Application(registry: registry, taskTimeout: .milliseconds(100)).launch()
        #expect(report.entry(named: "stuck")?.outcome == .timedOut(after: .milliseconds(100)))
        #expect(report.failure?.task == "stuck")
        #expect(report.entry(named: "own-deadline")?.outcome == .succeeded)
        #expect(
            report.entry(named: "after-stuck")?.outcome
                == .skipped(
                    reason:
                        "the launch stopped: required task 'stuck' of module scripted.a (host) timed out after 0.1 seconds"
                ))
        #expect(Application().taskTimeout == StartupTask.defaultTimeout)
    }

    @Test func aStoppedLaunchGoesOnWithoutATaskThatIgnoresCancellation() async throws {
        let journal = Journal()
        let started = Rendezvous()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("stuck") {
                _ = await started.meet()
                await Never.waitIgnoringCancellation()
            }
            registrar.startupTask("after-stuck", after: ["stuck"]) { journal.record("after-stuck ran") }
            registrar.onShutdown { journal.record("shutdown") }
        })
        // No deadline: only the stop ends the wait.
        let app = Application(registry: registry, taskTimeout: nil)
        let launch = Task { try await app.launch() }
        _ = await started.meet()
        await app.terminate()
        let report = try await launch.value
        #expect(report.wasCancelled)
        guard case .abandoned(let ran)? = report.entry(named: "stuck")?.outcome else {
            Issue.record("stuck was not abandoned: \(String(describing: report.entry(named: "stuck")?.outcome))")
            return
        }
        #expect(ran >= LaunchWatch.stopGrace)
        #expect(report.entry(named: "after-stuck")?.outcome == .skipped(reason: "the launch was cancelled"))
        #expect(journal.all == ["shutdown"])
    }

    @Test func tasksThatRunLongAreNamedWhileTheyRun() async throws {
        let named = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("slow") { try await Task.sleep(for: .seconds(3)) }
            registrar.startupTask("quick") {}
        })
        let report = try await Application(registry: registry).launch(stillRunning: { tasks in
            for task in tasks { named.record("\(task.name) [\(task.owner.module)] \(task.elapsed >= .seconds(2))") }
        })
        #expect(report.succeeded)
        #expect(named.all == ["slow [scripted.a] true"])
    }
}
