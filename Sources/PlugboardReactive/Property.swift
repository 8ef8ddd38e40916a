import Glibc
import Synchronization

/// A value that changes over time and can be observed — `RACObserve` and `RAC(target, key)`.
///
/// ```swift
/// let account = MutableProperty("")
/// account.observe { print("account is now", $0) }   // prints the current value, then each change
/// account.value = "ann"
/// ```
public final class MutableProperty<Value: Sendable>: Sendable {
    private let current: PosixMutex<Value>
    private let sources = PosixMutex<[any Sendable]>([])
    /// The thread running a ``modify(_:)`` closure of this property (while it holds the lock), or 0.
    private let modifyingThread = Atomic<UInt>(0)
    /// Every new value, after it is set (not the current one).
    ///
    /// ```swift
    /// let name = MutableProperty("ann")
    /// name.changes.observe { print("now", $0) }  // not called for "ann"
    /// name.value = "bob"                          // now bob
    /// ```
    public let changes = Signal<Value>()

    /// Creates a property holding `initial`.
    ///
    /// ```swift
    /// let title = MutableProperty("Circles")
    /// ```
    public init(_ initial: Value) {
        current = PosixMutex(initial)
    }

    /// The current value; setting it notifies observers.
    ///
    /// ```swift
    /// let count = MutableProperty(0)
    /// count.value += 1
    /// print(count.value)  // 1
    /// ```
    public var value: Value {
        get {
            checkOutsideModify()
            return current.withLock { $0 }
        }
        set {
            checkOutsideModify()
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
    ///
    /// Read and change the value through the closure's argument: reading or setting this
    /// property inside `change` (which would wait for the lock it holds, forever) stops the
    /// program with a message that says so.
    ///
    /// ```swift
    /// let items = MutableProperty<[String]>([])
    /// items.modify { $0.append("Hiking") }  // observers are told once, with ["Hiking"]
    /// ```
    public func modify(_ change: @Sendable (inout Value) -> Void) {
        checkOutsideModify()
        let new = current.withLock { value in
            modifyingThread.store(pthread_self(), ordering: .relaxed)
            defer { modifyingThread.store(0, ordering: .relaxed) }
            change(&value)
            return value
        }
        changes.send(new)
    }

    /// Stops with a message when this thread is inside this property's own `modify` closure. Only
    /// this thread ever stores its own identity, so a relaxed load sees it when it matters.
    @inline(__always)
    private func checkOutsideModify() {
        let thread = pthread_self()
        precondition(
            modifyingThread.load(ordering: .relaxed) != thread,
            "MutableProperty<\(Value.self)> was read or set inside its own modify closure, which holds its lock; "
                + "use the closure's inout value instead")
    }

    /// A read-only view of this property.
    ///
    /// ```swift
    /// final class CirclesViewModel {
    ///     private let rows = MutableProperty<[String]>([])
    ///     var visibleRows: Property<[String]> { rows.readOnly }  // screens read, only the model writes
    /// }
    /// ```
    public var readOnly: Property<Value> {
        Property(self)
    }

    /// Observes the current value, then every change.
    ///
    /// ```swift
    /// let subscription = title.observe { label.text = $0 }  // called now, then on each change
    /// ```
    @discardableResult
    public func observe(_ onValue: @escaping @Sendable (Value) -> Void) -> Subscription {
        readOnly.observe(onValue)
    }

    /// Binds this property to `property`: it takes its current value and then each change, for as
    /// long as the returned subscription lives.
    ///
    /// Properties bound to each other (both ways, or around a longer cycle) settle: a change that
    /// comes back around to a property it is already being set on stops there.
    ///
    /// ```swift
    /// let shown = MutableProperty("")
    /// shown.bind(to: viewModel.title).store(in: bag)  // follows viewModel.title until the bag goes
    /// ```
    @discardableResult
    public func bind(to property: Property<Value>) -> Subscription {
        property.observe { [weak self] value in
            guard let self else { return }
            let target = ObjectIdentifier(self)
            guard !Binding.settingNow.contains(target) else { return }
            Binding.$settingNow.withValue(Binding.settingNow.union([target])) { self.value = value }
        }
    }
}

/// A read-only view of a ``MutableProperty``, or a property derived from others.
///
/// ```swift
/// let count = MutableProperty(2)
/// let label: Property<String> = count.readOnly.map { "\($0) circles" }
/// label.value  // "2 circles"
/// ```
public struct Property<Value: Sendable>: Sendable {
    private let storage: MutableProperty<Value>

    init(_ storage: MutableProperty<Value>) {
        self.storage = storage
    }

    /// A property that never changes.
    ///
    /// ```swift
    /// let isEnabled = Property.constant(true)
    /// ```
    public static func constant(_ value: Value) -> Property<Value> {
        Property(MutableProperty(value))
    }

    /// The current value.
    ///
    /// ```swift
    /// viewModel.title.value  // the title right now
    /// ```
    public var value: Value { storage.value }

    /// Every new value, after it is set.
    ///
    /// ```swift
    /// viewModel.title.changes.observe { print("renamed to", $0) }.store(in: bag)
    /// ```
    public var changes: Signal<Value> { storage.changes }

    /// Observes the current value, then every change.
    ///
    /// ```swift
    /// viewModel.title.observe { print("title:", $0) }.store(in: bag)
    /// ```
    @discardableResult
    public func observe(_ onValue: @escaping @Sendable (Value) -> Void) -> Subscription {
        let subscription = storage.changes.observe(onValue)
        onValue(storage.value)
        return subscription
    }

    /// A property whose value is `transform` of this one's.
    ///
    /// ```swift
    /// let count = MutableProperty(3)
    /// let summary = count.readOnly.map { $0 == 1 ? "1 member" : "\($0) members" }
    /// summary.value  // "3 members"
    /// ```
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

/// What bindings are setting on this thread (or task) right now, so that a cycle of bindings ends.
private enum Binding {
    @TaskLocal static var settingNow: Set<ObjectIdentifier> = []
}
