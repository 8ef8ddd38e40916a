import Dispatch
import Testing

@testable import PlugboardReactive

/// A mutex taken only when free: a thread that finds it held goes on without waiting.
struct PosixMutexTests {
    @Test func aLockTakenOnlyIfAvailableIsNotTakenWhileAnotherThreadHoldsIt() {
        let mutex = PosixMutex(0)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            mutex.withLock { value in
                value = 1
                held.signal()
                release.wait()
            }
            done.signal()
        }
        held.wait()
        #expect(mutex.withLockIfAvailable { $0 } == nil)
        release.signal()
        done.wait()
        #expect(
            mutex.withLockIfAvailable { value -> Int in
                value += 1
                return value
            } == 2)
    }
}
