import Testing

@testable import Plugboard

/// An application whose own work runs on the main actor's executor, as a plugin process's does.
@MainActor
struct LaunchOnMainActorTests {
    @Test func aLaunchWithNoTaskToRunNeverLeavesTheMainActor() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.route("app://home") { _ in PlainScreen("Home") }
        })
        let app = Application(registry: registry, onMainActor: true)
        let finished = Launched()
        // It runs at once, up to its first wait: a launch that went to the pool (to enter the
        // application, or to wait for a phase with nothing in it) would not have finished.
        Task.immediate { @MainActor in
            finished.report = try? await app.launch()
        }
        #expect(finished.report?.succeeded == true)
        #expect(await app.state == .running)
    }

    @Test(.timeLimit(.minutes(1))) func aMainActorTaskRunsWhileTheLaunchWaitsOnTheMainActorsExecutor() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("root") { journal.record("root") }
            // The launch waits for this task on the executor the task needs: it must wait without
            // holding the main thread.
            registrar.mainActorStartupTask("screen", after: ["root"]) {
                MainActor.assertIsolated()
                journal.record("screen")
            }
            registrar.startupTask("warm", after: ["screen"], phase: .afterFirstScreen) { journal.record("warm") }
        })
        let report = try await Application(registry: registry, onMainActor: true).launch(onFirstScreen: {
            journal.record("first screen")
        })
        #expect(report.succeeded)
        #expect(journal.all == ["root", "screen", "first screen", "warm"])
    }
}

@MainActor
private final class Launched {
    var report: LaunchReport?
}
