import Foundation
import Plugboard
import TestSupport
import Testing

/// The orchestrator's guarantees, with real tasks. No assertion depends on wall-clock durations.
struct LaunchTests {
    @Test func anInvalidGraphRunsNothing() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("valid") { journal.record("valid ran") }
            registrar.startupTask("broken", after: ["nowhere"]) { journal.record("broken ran") }
        })
        let app = Application(registry: registry)
        await #expect(throws: LaunchError.self) { try await app.launch() }
        #expect(journal.all.isEmpty)
        #expect(await app.state == .initial)
    }

    @Test func independentTasksOverlap() async throws {
        let rendezvous = Rendezvous()
        let registry = try scriptedRegistry(a: { registrar in
            for name in ["left", "right"] {
                registrar.startupTask(name) {
                    guard await rendezvous.meet() else { throw ScriptedFailure(message: "\(name) ran alone") }
                }
            }
        })
        let report = try await Application(registry: registry).launch()
        #expect(report.succeeded, "\(String(describing: report.failure))")
        #expect(report.entries.map(\.outcome) == [.succeeded, .succeeded])
    }

    @Test func tasksReleasedByTheSameDependencyOverlap() async throws {
        // The worker that ran "root" continues with one of them; the others must still start
        // while it runs, through the queue's worker.
        let rendezvous = Rendezvous(parties: 3)
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("root") {}
            for name in ["first", "second", "third"] {
                registrar.startupTask(name, after: ["root"]) {
                    guard await rendezvous.meet() else { throw ScriptedFailure(message: "\(name) ran alone") }
                }
            }
        })
        let report = try await Application(registry: registry).launch()
        #expect(report.succeeded, "\(String(describing: report.failure))")
        #expect(report.entries.map(\.outcome) == [.succeeded, .succeeded, .succeeded, .succeeded])
    }

    @Test func aTaskNeverStartsBeforeItsDependenciesEnd() async throws {
        let journal = Journal()
        var generator = SplitMix(seed: 7)
        let dependencies = (0..<60).map { index in
            (0..<min(index, 3)).map { _ in "t\(Int.random(in: 0..<index, using: &generator))" }
        }
        let registry = try scriptedRegistry(a: { registrar in
            for (index, after) in dependencies.enumerated() {
                registrar.startupTask("t\(index)", after: Array(Set(after))) {
                    journal.record("start t\(index)")
                    await Task.yield()
                    journal.record("end t\(index)")
                }
            }
        })
        let report = try await Application(registry: registry).launch()
        #expect(report.succeeded)
        for (index, after) in dependencies.enumerated() {
            let start = try #require(journal.index(of: "start t\(index)"))
            for dependency in after {
                let end = try #require(journal.index(of: "end \(dependency)"))
                #expect(end < start, "t\(index) started before \(dependency) ended")
            }
        }
    }

    @Test func mainActorTasksRunOnTheMainActor() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.mainActorStartupTask("root-screen") {
                // Traps (and so fails the run) if the body is not on the main actor's executor.
                MainActor.preconditionIsolated()
                journal.record("ran on the main actor")
            }
        })
        let report = try await Application(registry: registry).launch()
        #expect(report.entries.first?.isMainActor == true)
        #expect(journal.all == ["ran on the main actor"])
    }

    @Test func aRequiredFailureStopsTheLaunchAndCancelsRunningTasks() async throws {
        let journal = Journal()
        let rendezvous = Rendezvous()
        let registry = try scriptedRegistry(
            a: { registrar in
                registrar.startupTask("store.open") {
                    _ = await rendezvous.meet()
                    throw ScriptedFailure(message: "disk full")
                }
                registrar.startupTask("feed.load", after: ["store.open"]) { journal.record("feed ran") }
            },
            b: { registrar in
                registrar.startupTask("sync") {
                    _ = await rendezvous.meet()
                    do {
                        try await Task.sleep(for: .seconds(60))
                    } catch {
                        journal.record("sync cancelled")
                        throw error
                    }
                }
            }
        )
        let app = Application(registry: registry)
        let report = try await app.launch()
        #expect(!report.succeeded)
        #expect(report.failure?.task == "store.open")
        #expect(report.failure?.owner == ownerA)
        #expect(report.failure?.outcome == .failed(reason: "disk full"))
        #expect(
            report.failure?.description == "required task 'store.open' of module scripted.a (host) failed: disk full")
        #expect(report.entry(named: "sync")?.outcome == .cancelled(reason: "the launch stopped"))
        guard case .skipped = report.entry(named: "feed.load")?.outcome else {
            Issue.record("feed.load was not skipped")
            return
        }
        #expect(journal.all == ["sync cancelled"])
        #expect(await app.state == .failed)
    }

    @Test func cancellingTheLaunchCancelsRunningTasksAndSkipsTheRest() async throws {
        let journal = Journal()
        let started = Rendezvous()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("store.open") {
                _ = await started.meet()
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    journal.record("store.open cancelled")
                    throw error
                }
            }
            registrar.startupTask("feed.load", after: ["store.open"]) { journal.record("feed ran") }
            registrar.startupTask("analytics", phase: .afterFirstScreen) { journal.record("analytics ran") }
        })
        let app = Application(registry: registry)
        let launch = Task { try await app.launch(onFirstScreen: { journal.record("first screen") }) }
        _ = await started.meet()
        launch.cancel()
        let report = try await launch.value
        #expect(report.wasCancelled)
        #expect(!report.succeeded)
        #expect(report.failure == nil)
        #expect(report.entry(named: "store.open")?.outcome == .cancelled(reason: "the launch stopped"))
        #expect(report.entry(named: "feed.load")?.outcome == .skipped(reason: "the launch was cancelled"))
        #expect(report.entry(named: "analytics")?.outcome == .skipped(reason: "the launch was cancelled"))
        #expect(journal.all == ["store.open cancelled"])
        #expect(await app.state == .failed)
    }

    @Test func anOptionalFailureSkipsOnlyItsDependents() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("analytics", required: false) { throw ScriptedFailure(message: "no network") }
            registrar.startupTask("analytics.upload", after: ["analytics"]) { journal.record("upload") }
            registrar.startupTask("analytics.report", after: ["analytics.upload"]) { journal.record("report") }
            registrar.startupTask("store") { journal.record("store") }
        })
        let report = try await Application(registry: registry).launch()
        #expect(report.succeeded)
        #expect(report.entry(named: "analytics")?.outcome == .failed(reason: "no network"))
        #expect(
            report.entry(named: "analytics.upload")?.outcome
                == .skipped(reason: "depends on 'analytics', which failed: no network"))
        #expect(
            report.entry(named: "analytics.report")?.outcome
                == .skipped(
                    reason:
                        "depends on 'analytics.upload', which skipped: depends on 'analytics', which failed: no network"
                )
        )
        #expect(journal.all == ["store"])
    }

    @Test func aTaskThatOverrunsItsTimeoutIsCancelledEvenIfItIgnoresCancellation() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("stuck", timeout: .milliseconds(50)) { await Never.waitIgnoringCancellation() }
            registrar.startupTask("after-stuck", after: ["stuck"]) {}
        })
        let report = try await Application(registry: registry).launch()
        #expect(report.entry(named: "stuck")?.outcome == .timedOut(after: .milliseconds(50)))
        #expect(report.failure?.task == "stuck")
        guard case .skipped = report.entry(named: "after-stuck")?.outcome else {
            Issue.record("after-stuck was not skipped")
            return
        }
    }

    @Test func aCancelledLaunchWithNoTaskToRunSaysItWasCancelled() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.route("app://home") { _ in PlainScreen("Home") }
        })
        let app = Application(registry: registry)
        let launch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await app.launch()
        }
        let report = try await launch.value
        #expect(report.wasCancelled)
        #expect(await app.state == .failed)
    }

    @Test func deferrableTasksRunAfterTheFirstScreen() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("root") { journal.record("root") }
            registrar.startupTask("warm-cache", after: ["root"], phase: .afterFirstScreen) {
                journal.record("warm-cache")
            }
        })
        let report = try await Application(registry: registry).launch(onFirstScreen: { journal.record("first screen") })
        #expect(report.succeeded)
        #expect(journal.all == ["root", "first screen", "warm-cache"])
    }

    @Test func aLaunchFailureSkipsDeferrableTasksAndTheFirstScreen() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("root") { throw ScriptedFailure(message: "no root") }
            registrar.startupTask("warm-cache", phase: .afterFirstScreen) { journal.record("warm-cache") }
        })
        let report = try await Application(registry: registry).launch(onFirstScreen: { journal.record("first screen") })
        #expect(journal.all.isEmpty)
        guard case .skipped(let reason) = report.entry(named: "warm-cache")?.outcome else {
            Issue.record("warm-cache was not skipped")
            return
        }
        #expect(reason.hasPrefix("the launch stopped: required task 'root'"))
    }

    @Test func progressIsReportedForEveryTaskBeforeTheLaunchReturns() async throws {
        // A slow listener, and many times: a progress told after the launch returned would show.
        for _ in 0..<20 {
            let journal = Journal()
            let registry = try scriptedRegistry(a: { registrar in
                registrar.startupTask("one") {}
                registrar.startupTask("two", after: ["one"]) {}
                registrar.startupTask("three") {}
            })
            _ = try await Application(registry: registry).launch(progress: { entry in
                usleep(1000)
                journal.record("\(entry.name) \(entry.outcome)")
            })
            #expect(journal.all.sorted() == ["one succeeded", "three succeeded", "two succeeded"])
            #expect(journal.index(of: "one succeeded")! < journal.index(of: "two succeeded")!)
        }
    }

    @Test func anApplicationLaunchesOnce() async throws {
        let app = Application(registry: Registry())
        _ = try await app.launch()
        await #expect(throws: LaunchError.self) { try await app.launch() }
    }

    @Test func theReportHasACriticalPathThroughDependencies() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("config") { try await Task.sleep(for: .milliseconds(20)) }
            registrar.startupTask("store", after: ["config"]) { try await Task.sleep(for: .milliseconds(20)) }
        })
        let report = try await Application(registry: registry).launch()
        #expect(report.criticalPath == ["config", "store"])
        #expect(report.entries.allSatisfy { $0.slack == .zero })
        let store = try #require(report.entry(named: "store"))
        let config = try #require(report.entry(named: "config"))
        #expect(store.start >= config.start + config.duration)
    }

    @Test func theChromeTraceHasOneCompleteEventPerTask() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("config") {}
            registrar.startupTask("store", after: ["config"]) {}
        })
        let report = try await Application(registry: registry).launch()
        let json = try #require(try JSONSerialization.jsonObject(with: report.chromeTrace()) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        #expect(events.compactMap { $0["name"] as? String }.sorted() == ["config", "store"])
        #expect(events.allSatisfy { $0["ph"] as? String == "X" && $0["dur"] is Int && $0["ts"] is Int })
        let args = try #require(events.first?["args"] as? [String: String])
        #expect(args["module"] == "scripted.a")
        #expect(args["outcome"] == "succeeded")
    }
}

extension Never {
    /// Suspends forever, ignoring cancellation: a task body that never cooperates.
    static func waitIgnoringCancellation() async {
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    }
}

/// A launch can go on without a plugin that failed to load, skipping what needed it.
struct MissingDependencyTests {
    @Test func tasksNeedingAMissingTaskAreSkippedWithTheReasonAndTheRestRun() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.startupTask("circles.load", after: ["shell.store"]) { journal.record("circles.load") }
            registrar.startupTask("circles.index", after: ["circles.load"]) { journal.record("circles.index") }
            registrar.startupTask("blog.load") { journal.record("blog.load") }
        })
        await #expect(throws: LaunchError.self) { try await Application(registry: registry).launch() }
        let report = try await Application(registry: registry).launch(allowingMissingDependencies: true)
        #expect(report.succeeded)
        #expect(journal.all == ["blog.load"])
        #expect(report.entry(named: "blog.load")?.outcome == .succeeded)
        #expect(
            report.entry(named: "circles.load")?.outcome
                == .skipped(reason: "depends on 'shell.store', which no loaded module provides"))
        #expect(
            report.entry(named: "circles.index")?.outcome
                == .skipped(
                    reason:
                        "depends on 'circles.load', which skipped: depends on 'shell.store', which no loaded module provides"
                )
        )
    }
}
