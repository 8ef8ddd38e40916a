/// A navigation request as it crosses: its kind, URL and context, when the context can cross
/// (``WireValue``); or, when it cannot, why.
///
/// ```swift
/// WireNavigation(kind: .push, url: "app://circles")
/// ```
public struct WireNavigation: Codable, Sendable, Equatable {
    /// The kinds of ``NavigationRequest``.
    ///
    /// ```swift
    /// WireNavigation.Kind.push
    /// ```
    public enum Kind: String, Codable, Sendable {
        /// ``NavigationRequest/push(_:context:)``.
        ///
        /// ```swift
        /// WireNavigation(kind: .push, url: "app://circles")
        /// ```
        case push
        /// ``NavigationRequest/present(_:context:)``.
        ///
        /// ```swift
        /// WireNavigation(kind: .present, url: "app://login")
        /// ```
        case present
        /// ``NavigationRequest/replace(_:context:)``.
        ///
        /// ```swift
        /// WireNavigation(kind: .replace, url: "app://mine")
        /// ```
        case replace
        /// ``NavigationRequest/pop``.
        ///
        /// ```swift
        /// WireNavigation(kind: .pop, url: nil)
        /// ```
        case pop
        /// ``NavigationRequest/popToRoot``.
        ///
        /// ```swift
        /// WireNavigation(kind: .popToRoot, url: nil)
        /// ```
        case popToRoot
        /// ``NavigationRequest/dismiss``.
        ///
        /// ```swift
        /// WireNavigation(kind: .dismiss, url: nil)
        /// ```
        case dismiss
    }

    /// The kind of request.
    ///
    /// ```swift
    /// navigation.kind  // .push
    /// ```
    public var kind: Kind
    /// The URL, for a push, present or replace.
    ///
    /// ```swift
    /// navigation.url  // "app://circles"
    /// ```
    public var url: String?
    /// Its context, when it has one that can cross.
    ///
    /// ```swift
    /// navigation.context  // .string("Hiking")
    /// ```
    public var context: WireValue?
    /// Why its context could not cross, when it could not: the host refuses the navigation with
    /// this reason.
    ///
    /// ```swift
    /// navigation.refusal  // "the navigation to 'app://circles/1' carries a context of type …"
    /// ```
    public var refusal: String?

    /// A request of `kind` to `url`.
    ///
    /// ```swift
    /// WireNavigation(kind: .push, url: "app://circles/1", context: .string("Hiking"))
    /// ```
    /// - Parameters:
    ///   - kind: The kind of request.
    ///   - url: The URL, for a push, present or replace.
    ///   - context: Its context, if it has one.
    ///   - refusal: Why its context could not cross, if it could not.
    public init(kind: Kind, url: String?, context: WireValue? = nil, refusal: String? = nil) {
        self.kind = kind
        self.url = url
        self.context = context
        self.refusal = refusal
    }
}

extension WireNavigation {
    /// `request` as it crosses: its context as a ``WireValue``, or why it cannot cross.
    init(_ request: NavigationRequest) {
        func crossing(_ kind: Kind, _ url: String, _ context: (any Sendable)?) -> WireNavigation {
            guard let context else { return WireNavigation(kind: kind, url: url) }
            guard let value = WireValue(context) else {
                return WireNavigation(kind: kind, url: url, refusal: WireValue.refusal(of: context, to: url))
            }
            return WireNavigation(kind: kind, url: url, context: value)
        }
        switch request {
        case .push(let url, let context): self = crossing(.push, url, context)
        case .present(let url, let context): self = crossing(.present, url, context)
        case .replace(let url, let context): self = crossing(.replace, url, context)
        case .pop: self.init(kind: .pop, url: nil)
        case .popToRoot: self.init(kind: .popToRoot, url: nil)
        case .dismiss: self.init(kind: .dismiss, url: nil)
        }
    }

    /// The request it stands for, in the host; one whose context could not cross carries its
    /// refusal, which the navigator answers with ``NavigationError/contextCannotCross(_:)``.
    var request: NavigationRequest {
        let context: (any Sendable)? = refusal.map(UncrossableContext.init) ?? context?.context
        switch kind {
        case .push: return .push(url ?? "", context: context)
        case .present: return .present(url ?? "", context: context)
        case .replace: return .replace(url ?? "", context: context)
        case .pop: return .pop
        case .popToRoot: return .popToRoot
        case .dismiss: return .dismiss
        }
    }
}

/// The context of a navigation request whose own context could not cross from a plugin process:
/// the navigator refuses the request with its reason.
struct UncrossableContext: Sendable {
    let reason: String
}
