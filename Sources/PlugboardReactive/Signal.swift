/// A hot, multicast stream of values — the Plugboard counterpart of a `RACSubject`.
///
/// ```swift
/// let taps = Signal<Int>()
/// let subscription = taps.observe { row in print("tapped", row) }
/// taps.send(3)      // tapped 3
/// taps.finish()     // completion is final, and replayed to later observers
/// ```
///
/// Observers are called on the thread that sends, in subscription order, never while the
/// signal's lock is held, so an observer may send, observe or cancel from inside its handler.
/// Sending to no or one observer allocates nothing.
public final class Signal<Value: Sendable>: Sendable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var observers = ObserverList<Value>.empty
        var finishers: [(id: UInt64, finish: @Sendable () -> Void)] = []
        var finished = false
        var nextID: UInt64 = 0

        init() {}
    }

    @usableFromInline let state = PosixMutex(State())
    private let upstream = PosixMutex<[Subscription]>([])

    /// Creates a signal with no observers.
    ///
    /// ```swift
    /// let navigate = Signal<NavigationRequest>()
    /// ```
    public init() {}

    /// Delivers `value` to every current observer; does nothing after ``finish()``.
    /// Inlinable, so that a send specializes for its value type in the caller's module.
    ///
    /// ```swift
    /// let taps = Signal<Int>()
    /// taps.send(3)  // every observer gets 3, on this thread
    /// ```
    @inlinable
    public func send(_ value: Value) {
        // `finish()` empties the list, so a finished signal delivers to no one.
        let observers = state.withLock { $0.observers }
        observers.deliver(value)
    }

    /// Ends the signal: observers are told once, later values are ignored, and later observers
    /// are told at once.
    ///
    /// ```swift
    /// taps.finish()
    /// taps.send(4)  // ignored
    /// ```
    public func finish() {
        let finishers = state.withLock { state -> [(id: UInt64, finish: @Sendable () -> Void)] in
            guard !state.finished else { return [] }
            state.finished = true
            state.observers = .empty
            defer { state.finishers = [] }
            return state.finishers
        }
        for finisher in finishers { finisher.finish() }
    }

    /// Whether ``finish()`` was called.
    ///
    /// ```swift
    /// taps.finish()
    /// taps.isFinished  // true
    /// ```
    public var isFinished: Bool {
        state.withLock { $0.finished }
    }

    /// How many observers are live (for leak checks and tests).
    ///
    /// ```swift
    /// let subscription = taps.observe { _ in }
    /// taps.observerCount  // 1
    /// subscription.cancel()
    /// taps.observerCount  // 0
    /// ```
    public var observerCount: Int {
        state.withLock { $0.observers.count }
    }

    /// Observes values.
    ///
    /// - Parameter onValue: Called with each value.
    /// - Returns: The subscription; cancel it, or store it in a ``SubscriptionBag``.
    ///
    /// ```swift
    /// let subscription = taps.observe { row in print("tapped", row) }
    /// subscription.store(in: bag)
    /// ```
    @discardableResult
    public func observe(_ onValue: @escaping @Sendable (Value) -> Void) -> Subscription {
        observe(onValue: onValue, onFinish: nil)
    }

    /// Observes values and the finish.
    ///
    /// The subscription keeps this signal alive until it is cancelled, so a chain such as
    /// `a.merge(with: b).map(f).observe(…)` lives as long as its subscription.
    ///
    /// - Parameters:
    ///   - onValue: Called with each value.
    ///   - onFinish: Called once when the signal finishes (at once if it already has).
    /// - Returns: The subscription; cancel it, or store it in a ``SubscriptionBag``.
    ///
    /// ```swift
    /// taps.observe(onValue: { print("tapped", $0) }, onFinish: { print("done") }).store(in: bag)
    /// ```
    @discardableResult
    public func observe(
        onValue: @escaping @Sendable (Value) -> Void,
        onFinish: (@Sendable () -> Void)?
    ) -> Subscription {
        guard let id = insert(onValue, onFinish: onFinish) else { return finishedSubscription(onFinish) }
        return Subscription { self.remove(id) }
    }

    private func insert(_ onValue: @escaping @Sendable (Value) -> Void, onFinish: (@Sendable () -> Void)?) -> UInt64? {
        state.withLock { state in
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.observers.insert((id, onValue))
            if let onFinish { state.finishers.append((id, onFinish)) }
            return id
        }
    }

    private func remove(_ id: UInt64) {
        state.withLock { state in
            state.observers.remove(id: id)
            state.finishers.removeAll { $0.id == id }
        }
    }

    private func finishedSubscription(_ onFinish: (@Sendable () -> Void)?) -> Subscription {
        onFinish?()
        let finished = Subscription {}
        finished.cancel()
        return finished
    }

    /// Observes values while `owner` is alive: once it is released the subscription ends by
    /// itself at the next value (ReactiveCocoa's `takeUntil: rac_willDeallocSignal`).
    ///
    /// ```swift
    /// viewModel.title.observe(while: screen) { screen, title in screen.titleLabel = title }
    /// ```
    @discardableResult
    public func observe<Owner: AnyObject & Sendable>(
        while owner: Owner,
        _ onValue: @escaping @Sendable (Owner, Value) -> Void
    ) -> Subscription {
        // Unlike `observe(_:)`, this subscription holds the signal weakly: the observer refers to
        // it to end itself, and a strong reference would keep the signal alive in a cycle.
        let own = PosixMutex<Subscription?>(nil)
        guard
            let id = insert(
                { [weak owner] value in
                    guard let owner else {
                        own.withLock { $0 }?.cancel()
                        return
                    }
                    onValue(owner, value)
                },
                onFinish: nil
            )
        else { return finishedSubscription(nil) }
        let subscription = Subscription { [weak self] in self?.remove(id) }
        own.withLock { $0 = subscription }
        return subscription
    }

    /// Keeps `subscription` (to an upstream signal) alive as long as this signal, and cancels it
    /// when this signal is released: how derived signals hold on to their sources.
    func retain(_ subscription: Subscription) {
        upstream.withLock { $0.append(subscription) }
    }

    deinit {
        for subscription in upstream.withLock({ $0 }) { subscription.cancel() }
    }
}
