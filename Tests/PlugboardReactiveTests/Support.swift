import PlugboardReactive

/// A thread-safe list of what observers received. Behind a POSIX mutex: many senders contend for
/// it, and the thread sanitizer cannot see a contended `Synchronization.Mutex` hand over.
final class Received<Value: Sendable>: Sendable {
    private let values = PosixMutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

struct Failure: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Something that owns subscriptions, like a view model.
final class Owner: Sendable {
    let bag = SubscriptionBag()
}
