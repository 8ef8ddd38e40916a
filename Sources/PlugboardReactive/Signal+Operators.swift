extension Signal {
    /// A signal that forwards what `body` does with each value; it holds its source until it is
    /// released, and the source holds it only weakly.
    private func derived<Output: Sendable>(
        _ body: @escaping @Sendable (Value, Signal<Output>) -> Void
    ) -> Signal<Output> {
        let output = Signal<Output>()
        let subscription = observe(
            onValue: { [weak output] value in if let output { body(value, output) } },
            onFinish: { [weak output] in output?.finish() }
        )
        output.retain(subscription)
        return output
    }

    /// Each value transformed.
    ///
    /// ```swift
    /// let titles = rows.map { "Row \($0)" }
    /// ```
    public func map<Output: Sendable>(_ transform: @escaping @Sendable (Value) -> Output) -> Signal<Output> {
        derived { value, output in output.send(transform(value)) }
    }

    /// Only the values that satisfy `isIncluded`.
    ///
    /// ```swift
    /// taps.filter { $0 >= 0 }.observe { print("row", $0) }.store(in: bag)
    /// ```
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        derived { value, output in if isIncluded(value) { output.send(value) } }
    }

    /// The values after the first `count`.
    ///
    /// ```swift
    /// property.changes.skip(1).observe { print("changed again:", $0) }.store(in: bag)
    /// ```
    public func skip(_ count: Int) -> Signal<Value> {
        let remaining = Counter(count)
        return derived { value, output in if remaining.decrement() < 0 { output.send(value) } }
    }

    /// The first `count` values, then finishes.
    ///
    /// ```swift
    /// taps.take(1).observe { print("first tap", $0) }.store(in: bag)  // then the signal finishes
    /// ```
    public func take(_ count: Int) -> Signal<Value> {
        let remaining = Counter(count)
        let output: Signal<Value> = derived { value, output in
            let left = remaining.decrement()
            if left >= 0 { output.send(value) }
            if left <= 0 { output.finish() }
        }
        if count <= 0 { output.finish() }
        return output
    }

    /// Values from this signal and `others`, as they arrive; finishes when all have finished.
    ///
    /// ```swift
    /// let anyTap = headerTaps.merge(with: rowTaps, footerTaps)
    /// anyTap.observe { print("tapped", $0) }.store(in: bag)
    /// ```
    public func merge(with others: Signal<Value>...) -> Signal<Value> {
        let output = Signal<Value>()
        let sources = [self] + others
        let unfinished = Counter(sources.count)
        for source in sources {
            output.retain(
                source.observe(
                    onValue: { [weak output] value in output?.send(value) },
                    onFinish: { [weak output] in if unfinished.decrement() == 0 { output?.finish() } }
                )
            )
        }
        return output
    }

    /// Pairs of the latest values of this signal and `other`, once both have sent one.
    ///
    /// ```swift
    /// account.changes.combineLatest(with: password.changes)
    ///     .observe { account, password in print(account, password.count) }
    ///     .store(in: bag)
    /// ```
    public func combineLatest<Other: Sendable>(with other: Signal<Other>) -> Signal<(Value, Other)> {
        let output = Signal<(Value, Other)>()
        let latest = Latest<Value, Other>()
        output.retain(
            observe { [weak output] value in
                if let pair = latest.set(first: value) { output?.send(pair) }
            })
        output.retain(
            other.observe { [weak output] value in
                if let pair = latest.set(second: value) { output?.send(pair) }
            })
        return output
    }

    /// The values as an `AsyncStream`, for Swift concurrency users; the stream ends when the signal
    /// finishes, and leaving the loop ends the subscription.
    ///
    /// ```swift
    /// for await row in taps.values { print(row) }
    /// ```
    public var values: AsyncStream<Value> {
        AsyncStream { continuation in
            let subscription = observe(onValue: { continuation.yield($0) }, onFinish: { continuation.finish() })
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}

extension Signal where Value: Equatable {
    /// The values that differ from the one before.
    ///
    /// ```swift
    /// searchText.changes.distinctUntilChanged().observe { query in search(query) }.store(in: bag)
    /// ```
    public func distinctUntilChanged() -> Signal<Value> {
        let previous = Previous<Value>()
        return derived { value, output in if previous.replace(with: value) != value { output.send(value) } }
    }
}
