internal import Synchronization

/// A value that changes over time and can be observed — `RACObserve` and `RAC(target, key)`.
///
/// ```swift
/// let account = MutableProperty("")
/// account.observe { print("account is now", $0) }   // prints the current value, then each change
/// account.value = "ann"
/// ```
public final class MutableProperty<Value: Sendable>: Sendable {
    private let current: Mutex<Value>
    private let sources = Mutex<[any Sendable]>([])
    /// Every new value, after it is set (not the current one).
    public let changes = Signal<Value>()

    /// Creates a property holding `initial`.
    public init(_ initial: Value) {
        current = Mutex(initial)
    }

    /// The current value; setting it notifies observers.
    public var value: Value {
        get { current.withLock { $0 } }
        set {
            current.withLock { $0 = newValue }
            changes.send(newValue)
        }
    }

    /// Keeps the property this one is derived from alive as long as this one (the source holds
    /// this one only weakly, so there is no cycle).
    func derive(from source: any Sendable) {
        sources.withLock { $0.append(source) }
    }

    /// Changes the value in place under the property's lock, then notifies observers once.
    public func modify(_ change: @Sendable (inout Value) -> Void) {
        let new = current.withLock { value in
            change(&value)
            return value
        }
        changes.send(new)
    }

    /// A read-only view of this property.
    public var readOnly: Property<Value> {
        Property(self)
    }

    /// Observes the current value, then every change.
    @discardableResult
    public func observe(_ onValue: @escaping @Sendable (Value) -> Void) -> Subscription {
        readOnly.observe(onValue)
    }

    /// Binds this property to `property`: it takes its current value and then each change, for as
    /// long as the returned subscription lives.
    @discardableResult
    public func bind(to property: Property<Value>) -> Subscription {
        property.observe { [weak self] value in self?.value = value }
    }
}

/// A read-only view of a ``MutableProperty``, or a property derived from others.
public struct Property<Value: Sendable>: Sendable {
    private let storage: MutableProperty<Value>

    init(_ storage: MutableProperty<Value>) {
        self.storage = storage
    }

    /// A property that never changes.
    public static func constant(_ value: Value) -> Property<Value> {
        Property(MutableProperty(value))
    }

    /// The current value.
    public var value: Value { storage.value }

    /// Every new value, after it is set.
    public var changes: Signal<Value> { storage.changes }

    /// Observes the current value, then every change.
    @discardableResult
    public func observe(_ onValue: @escaping @Sendable (Value) -> Void) -> Subscription {
        let subscription = storage.changes.observe(onValue)
        onValue(storage.value)
        return subscription
    }

    /// A property whose value is `transform` of this one's.
    public func map<Output: Sendable>(_ transform: @escaping @Sendable (Value) -> Output) -> Property<Output> {
        let output = MutableProperty(transform(value))
        output.derive(from: storage)
        output.changes.retain(changes.observe { [weak output] value in output?.value = transform(value) })
        return Property<Output>(output)
    }

    /// A property holding both values, updated when either changes — e.g. a login button enabled
    /// only when account and password are both non-empty:
    ///
    /// ```swift
    /// let canLogIn = account.readOnly.combineLatest(with: password.readOnly).map { !$0.isEmpty && !$1.isEmpty }
    /// ```
    public func combineLatest<Other: Sendable>(with other: Property<Other>) -> Property<(Value, Other)> {
        let output = MutableProperty((value, other.value))
        output.derive(from: storage)
        output.derive(from: other.storage)
        output.changes.retain(changes.observe { [weak output] value in output?.modify { $0.0 = value } })
        output.changes.retain(other.changes.observe { [weak output] value in output?.modify { $0.1 = value } })
        return Property<(Value, Other)>(output)
    }
}
