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
    func workRunsOnAThreadOfItsOwnOnlyWhenConcurrent(concurrent: Bool) {
        let submitter = pthread_self()
        let worker = InOrderWorker<Bool>(concurrent: concurrent)
        for _ in 0..<3 {
            worker.submit { pthread_equal(pthread_self(), submitter) != 0 }
        }
        #expect((0..<3).map { _ in worker.next() } == Array(repeating: !concurrent, count: 3))
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
