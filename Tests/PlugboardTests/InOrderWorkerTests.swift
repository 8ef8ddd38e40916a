import CPlugboard
import Foundation
import Synchronization
import Testing

@testable import Plugboard

/// The loader's second thread: results come back in submission order, whoever runs the work.
struct InOrderWorkerTests {
    @Test(arguments: [true, false])
    func resultsComeBackInTheOrderSubmitted(concurrent: Bool) {
        let worker = InOrderWorker<Int>(concurrent: concurrent)
        for index in 0..<200 {
            worker.submit {
                // Uneven work, so that a worker running out of order would be caught.
                if index % 7 == 0 { usleep(200) }
                return index
            }
        }
        #expect((0..<200).map { _ in worker.next() } == Array(0..<200))
    }

    @Test(arguments: [true, false])
    func resultsTakenWhileWorkIsStillSubmittedComeBackInOrder(concurrent: Bool) {
        // Taking a result often has to wait for only part of the work still running: a wait for
        // a result that never comes would never end, so the submitting runs on a thread of its
        // own, watched from here.
        let taken = Mutex<[Int]>([])
        let finished = DispatchSemaphore(value: 0)
        let submitter = Thread {
            let worker = InOrderWorker<Int>(concurrent: concurrent)
            var count = 0
            for index in 0..<300 {
                worker.submit {
                    usleep(UInt32(index % 5 * 50))
                    return index
                }
                if index % 3 == 2 {
                    let value = worker.next()
                    taken.withLock { $0.append(value) }
                    count += 1
                    if index % 9 == 8 { usleep(300) }
                }
            }
            for _ in count..<300 {
                let value = worker.next()
                taken.withLock { $0.append(value) }
            }
            finished.signal()
        }
        submitter.start()
        #expect(finished.wait(timeout: .now() + 60) == .success, "a wait for a result never ended")
        #expect(taken.withLock { $0 } == Array(0..<300))
    }

    @Test func slowWorkIsTakenSoonAfterEachPieceFinishes() {
        // As a progress line needs: eight pieces of 100 ms each, and each result taken within
        // 90 ms of its piece finishing (waiting for half the work still running would take the
        // first piece on the thread 200 ms or more after it finished).
        let worker = InOrderWorker<DispatchTime>(concurrent: true)
        for _ in 0..<8 {
            worker.submit {
                usleep(100_000)
                return .now()
            }
        }
        let lateness = (0..<8).map { _ in
            let finished = worker.next()
            return Double(DispatchTime.now().uptimeNanoseconds - finished.uptimeNanoseconds) / 1e6
        }
        #expect(lateness.allSatisfy { $0 < 90 }, "milliseconds from finished to taken: \(lateness)")
    }

    @Test func workSubmittedBeforeTheThreadHasStartedRunsAtOnceOnTheSubmittingThread() {
        // Starting a thread takes tens of microseconds, a submission right after creating the
        // worker a few: of fifty fresh workers, some still have a thread that has not started,
        // and their first piece must not wait for it. (A worker that always handed work to its
        // thread would run none here.)
        let submitter = pthread_self()
        let ranHere = (0..<50).map { _ in
            let worker = InOrderWorker<Bool>(concurrent: true)
            worker.submit { pthread_equal(pthread_self(), submitter) != 0 }
            return worker.next()
        }
        #expect(ranHere.contains(true))
    }

    @Test func onceTheThreadRunsWorkAllLaterWorkRunsThereToo() {
        let submitter = pthread_self()
        let worker = InOrderWorker<Bool>(concurrent: true)
        // Work submitted before the thread has started runs at once, on this thread; once the
        // thread has started, work goes there.
        var onSubmitter: [Bool] = []
        let deadline = Date().addingTimeInterval(10)
        while onSubmitter.last != false && Date() < deadline {
            worker.submit { pthread_equal(pthread_self(), submitter) != 0 }
            onSubmitter.append(worker.next())
        }
        #expect(onSubmitter.last == false, "no work reached the worker's thread in 10 s")
        // Quick work on this thread now would overtake slow work on the other: it never runs here.
        for index in 0..<100 {
            worker.submit {
                if index % 10 == 0 { usleep(100) }
                return pthread_equal(pthread_self(), submitter) != 0
            }
        }
        #expect((0..<100).map { _ in worker.next() } == Array(repeating: false, count: 100))
    }

    @Test(arguments: [0, 1])
    func aSinglePieceOfWorkRunsOnTheSubmittingThreadWithoutOneBeingStarted(pieces: Int) {
        let submitter = pthread_self()
        let worker = InOrderWorker<Bool>(expecting: pieces)
        // Long enough for a thread, had one been started, to run and take the work.
        usleep(20_000)
        worker.submit { pthread_equal(pthread_self(), submitter) != 0 }
        #expect(worker.next())
    }

    @Test(.enabled(if: pb_available_processors() > 1, "one processor never gets a second thread"))
    func severalPiecesOfWorkGetAThread() {
        let submitter = pthread_self()
        let worker = InOrderWorker<Bool>(expecting: 2)
        var onSubmitter = true
        let deadline = Date().addingTimeInterval(10)
        while onSubmitter && Date() < deadline {
            worker.submit { pthread_equal(pthread_self(), submitter) != 0 }
            onSubmitter = worker.next()
        }
        #expect(!onSubmitter, "no work reached the worker's thread in 10 s")
    }

    @Test func withoutAThreadOfItsOwnWorkRunsOnTheSubmittingThread() {
        let submitter = pthread_self()
        let worker = InOrderWorker<Bool>(concurrent: false)
        usleep(1_000)
        for _ in 0..<3 {
            worker.submit { pthread_equal(pthread_self(), submitter) != 0 }
        }
        #expect((0..<3).map { _ in worker.next() } == [true, true, true])
    }
}

/// Records the thread that deinitializes it.
private final class ReleaseWitness: Sendable {
    let released: @Sendable (pthread_t) -> Void
    init(released: @escaping @Sendable (pthread_t) -> Void) { self.released = released }
    deinit { released(pthread_self()) }
}

extension InOrderWorkerTests {
    @Test(arguments: [true, false])
    func aReleasedValueIsDeinitializedOnTheWorkersThreadOnlyWhenConcurrent(concurrent: Bool) {
        let submitter = pthread_self()
        let worker = InOrderWorker<Int>(concurrent: concurrent)
        let releasedOnSubmitter = Mutex<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        // Many times: the worker may release one value before the call that handed it over returns.
        for _ in 0..<200 {
            worker.release(
                ReleaseWitness { thread in
                    releasedOnSubmitter.withLock { $0.append(pthread_equal(thread, submitter) != 0) }
                    done.signal()
                })
            done.wait()
        }
        #expect(releasedOnSubmitter.withLock { $0 } == Array(repeating: !concurrent, count: 200))
    }
}
