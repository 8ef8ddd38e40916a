/// A live subscription to a ``Signal``; ``cancel()`` ends it. Releasing the subscription does not
/// end it: keep it in a ``SubscriptionBag`` that its owner holds, or observe with an owner.
///
/// ```swift
/// let subscription = taps.observe { print($0) }
/// subscription.cancel()  // no more values
/// ```
public final class Subscription: Sendable {
    private let onCancel: PosixMutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = PosixMutex(onCancel)
    }

    /// Ends the subscription; later calls do nothing.
    ///
    /// ```swift
    /// subscription.cancel()
    /// subscription.cancel()  // does nothing
    /// ```
    public func cancel() {
        onCancel.withLock { $0.take() }?()
    }

    /// Whether ``cancel()`` was called or the signal finished.
    ///
    /// ```swift
    /// subscription.cancel()
    /// subscription.isCancelled  // true
    /// ```
    public var isCancelled: Bool {
        onCancel.withLock { $0 == nil }
    }

    /// Adds the subscription to `bag`, which cancels it when the bag is released.
    ///
    /// ```swift
    /// taps.observe { print($0) }.store(in: bag)
    /// ```
    public func store(in bag: SubscriptionBag) {
        bag.add(self)
    }
}

/// Holds subscriptions and cancels them all when it is released — the way a view model ends its
/// subscriptions when it goes away (ReactiveCocoa's `takeUntil: rac_willDeallocSignal`).
///
/// ```swift
/// final class ProfileViewModel {
///     private let bag = SubscriptionBag()  // everything observed ends with the view model
///     init(account: Property<String>) {
///         account.observe { print("account:", $0) }.store(in: bag)
///     }
/// }
/// ```
public final class SubscriptionBag: Sendable {
    private let subscriptions = PosixMutex<[Subscription]>([])

    /// Creates an empty bag.
    ///
    /// ```swift
    /// let bag = SubscriptionBag()
    /// ```
    public init() {}

    /// Adds `subscription`.
    ///
    /// ```swift
    /// bag.add(taps.observe { print($0) })
    /// ```
    public func add(_ subscription: Subscription) {
        subscriptions.withLock { $0.append(subscription) }
    }

    /// Cancels every subscription now.
    ///
    /// ```swift
    /// bag.cancelAll()  // e.g. when a screen goes away but its view model stays
    /// ```
    public func cancelAll() {
        for subscription in subscriptions.withLock({ $0.take() }) { subscription.cancel() }
    }

    deinit {
        cancelAll()
    }
}

extension Array {
    fileprivate mutating func take() -> [Element] {
        defer { self = [] }
        return self
    }
}
