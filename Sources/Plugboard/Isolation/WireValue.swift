/// A navigation request's `context` as it crosses between the host and a plugin process: a
/// string, an integer, a number or a truth value. Any other context is an object of one process,
/// and cannot cross.
///
/// ```swift
/// WireValue(CirclePreview(name: "Hiking") as any Sendable)  // nil: an object of its own type
/// WireValue("Hiking" as any Sendable)  // .string("Hiking")
/// ```
public enum WireValue: Codable, Sendable, Equatable {
    /// A string.
    ///
    /// ```swift
    /// WireValue.string("Hiking")
    /// ```
    case string(String)
    /// An integer.
    ///
    /// ```swift
    /// WireValue.integer(42)
    /// ```
    case integer(Int)
    /// A number.
    ///
    /// ```swift
    /// WireValue.number(0.5)
    /// ```
    case number(Double)
    /// A truth value.
    ///
    /// ```swift
    /// WireValue.truth(true)
    /// ```
    case truth(Bool)

    /// `context` as it crosses; `nil` when it is of a type that cannot cross.
    ///
    /// ```swift
    /// WireValue(42 as any Sendable)  // .integer(42)
    /// ```
    public init?(_ context: any Sendable) {
        switch context {
        case let string as String: self = .string(string)
        case let integer as Int: self = .integer(integer)
        case let number as Double: self = .number(number)
        case let truth as Bool: self = .truth(truth)
        default: return nil
        }
    }

    /// The context it stands for, in the process it crossed to.
    ///
    /// ```swift
    /// WireValue.string("Hiking").context as? String  // "Hiking"
    /// ```
    public var context: any Sendable {
        switch self {
        case .string(let string): string
        case .integer(let integer): integer
        case .number(let number): number
        case .truth(let truth): truth
        }
    }

    /// Why `context` cannot cross, for a request to `url`.
    static func refusal(of context: any Sendable, to url: String) -> String {
        "the navigation to '\(url)' carries a context of type \(type(of: context)), which cannot cross between the "
            + "host's process and a plugin process (a string, integer, number or truth value can); pass what the "
            + "screen needs in its URL"
    }
}
