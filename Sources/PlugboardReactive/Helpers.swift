/// A thread-safe countdown for the operators.
final class Counter: Sendable {
    private let value: PosixMutex<Int>

    init(_ start: Int) {
        value = PosixMutex(start)
    }

    /// Decrements and returns the new value.
    func decrement() -> Int {
        value.withLock { value in
            value -= 1
            return value
        }
    }
}

/// The previous value, for `distinctUntilChanged`.
final class Previous<Value: Sendable>: Sendable {
    private let value = PosixMutex<Value?>(nil)

    /// Stores `new` and returns what was stored before.
    func replace(with new: Value) -> Value? {
        value.withLock { value in
            defer { value = new }
            return value
        }
    }
}

/// The latest value of each of two sources, for `combineLatest`.
final class Latest<First: Sendable, Second: Sendable>: Sendable {
    private let values = PosixMutex<(First?, Second?)>((nil, nil))

    func set(first: First) -> (First, Second)? {
        values.withLock { values in
            values.0 = first
            return values.1.map { (first, $0) }
        }
    }

    func set(second: Second) -> (First, Second)? {
        values.withLock { values in
            values.1 = second
            return values.0.map { ($0, second) }
        }
    }
}
