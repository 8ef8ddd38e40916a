internal import Dispatch

extension Duration {
    /// This duration as Dispatch counts time, to the nanosecond.
    var dispatchInterval: DispatchTimeInterval {
        .nanoseconds(Int(self / .nanoseconds(1)))
    }
}
