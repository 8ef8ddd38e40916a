import PlugboardReactive
import Synchronization

/// A thread-safe list of what observers received.
final class Received<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
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
