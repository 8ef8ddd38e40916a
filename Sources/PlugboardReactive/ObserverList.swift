/// The observers of a signal: none and one need no allocation, as in OpenCombine's ConduitList.
@usableFromInline
enum ObserverList<Value: Sendable>: Sendable {
    @usableFromInline
    typealias Observer = (id: UInt64, receive: @Sendable (Value) -> Void)

    case empty
    case single(Observer)
    case many([Observer])

    mutating func insert(_ observer: Observer) {
        switch self {
        case .empty: self = .single(observer)
        case .single(let first): self = .many([first, observer])
        case .many(var observers):
            self = .empty
            observers.append(observer)
            self = .many(observers)
        }
    }

    mutating func remove(id: UInt64) {
        switch self {
        case .empty: break
        case .single(let observer): if observer.id == id { self = .empty }
        case .many(var observers):
            self = .empty
            observers.removeAll { $0.id == id }
            self = observers.count == 1 ? .single(observers[0]) : observers.isEmpty ? .empty : .many(observers)
        }
    }

    var count: Int {
        switch self {
        case .empty: 0
        case .single: 1
        case .many(let observers): observers.count
        }
    }

    /// Calls every observer with `value`, in subscription order.
    @inlinable
    func deliver(_ value: Value) {
        switch self {
        case .empty: break
        case .single(let observer): observer.receive(value)
        case .many(let observers): for observer in observers { observer.receive(value) }
        }
    }
}
