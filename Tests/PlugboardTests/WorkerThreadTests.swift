import Foundation
import Synchronization
import Testing

@testable import Plugboard

/// The loader's own thread: jobs run in order, off the caller's thread, whenever they arrive, and
/// the thread ends with its owner.
struct WorkerThreadTests {
    @Test func jobsRunInTheOrderHandedOverOnAThreadOfTheirOwn() throws {
        let caller = pthread_self()
        let worker = try #require(WorkerThread())
        let runs = Mutex<[(index: Int, onCaller: Bool)]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<200 {
            worker.async {
                runs.withLock { $0.append((index, pthread_equal(pthread_self(), caller) != 0)) }
                if index == 199 { done.signal() }
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        let seen = runs.withLock { $0 }
        #expect(seen.map(\.index) == Array(0..<200))
        #expect(!seen.contains { $0.onCaller })
    }

    @Test func theThreadIsReadyOnceItStarted() throws {
        let worker = try #require(WorkerThread())
        let deadline = Date().addingTimeInterval(10)
        while !worker.isReady && Date() < deadline { usleep(100) }
        #expect(worker.isReady)
        let ran = DispatchSemaphore(value: 0)
        worker.async { ran.signal() }
        #expect(ran.wait(timeout: .now() + 10) == .success)
        #expect(worker.isReady)
    }

    @Test func aJobHandedOverLongAfterTheThreadStartedRuns() throws {
        let worker = try #require(WorkerThread())
        // Well past the time the thread waits for a first job before it sleeps.
        usleep(20_000)
        let done = DispatchSemaphore(value: 0)
        worker.async { done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
        usleep(20_000)
        worker.async { done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
    }

    @Test func theThreadBlocksEverySignalWhateverItsCreatorBlocks() throws {
        // Created from a thread that blocks none (the tests' own threads block them all).
        let masks = Mutex<(creator: [Int32], worker: [Int32])?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let creator = Thread {
            defer { finished.signal() }
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            guard let worker = WorkerThread() else { return }
            let ran = DispatchSemaphore(value: 0)
            let workerBlocks = Mutex<[Int32]>([])
            worker.async {
                workerBlocks.withLock { $0 = Self.blockedSignals() }
                ran.signal()
            }
            ran.wait()
            masks.withLock { $0 = (Self.blockedSignals(), workerBlocks.withLock { $0 }) }
        }
        creator.start()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        let seen = try #require(masks.withLock { $0 })
        #expect(seen.creator.isEmpty)
        #expect([SIGINT, SIGTERM, SIGHUP, SIGUSR1].allSatisfy(seen.worker.contains))
    }

    /// The signals (1–31) the calling thread blocks.
    private static func blockedSignals() -> [Int32] {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return (1..<32).filter { sigismember(&mask, $0) == 1 }
    }

    @Test func theThreadEndsOnceItsOwnerIsGone() throws {
        let thread = Mutex("")
        let started = DispatchSemaphore(value: 0)
        do {
            let worker = try #require(WorkerThread())
            worker.async {
                // "<pid>/task/<tid>": the thread's own directory.
                let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
                thread.withLock { $0 = own }
                started.signal()
            }
            #expect(started.wait(timeout: .now() + 10) == .success)
        }
        let task = "/proc/" + thread.withLock { $0 }
        #expect(task.contains("/task/"))
        let deadline = Date().addingTimeInterval(10)
        while FileManager.default.fileExists(atPath: task) && Date() < deadline { usleep(1_000) }
        #expect(!FileManager.default.fileExists(atPath: task), "the thread \(task) still runs")
    }
}
