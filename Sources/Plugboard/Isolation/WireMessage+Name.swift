extension WireMessage {
    /// The message's name on the wire (`open`, `ready`, …), for the errors that name a message
    /// out of turn without its contents, which the other side chose.
    var name: String {
        switch self {
        case .prepared: "prepared"
        case .hello: "hello"
        case .ready: "ready"
        case .refused: "refused"
        case .open: "open"
        case .perform: "perform"
        case .post: "post"
        case .terminate: "terminate"
        case .intercept: "intercept"
        case .show: "show"
        case .release: "release"
        case .screen: "screen"
        case .decision: "decision"
        case .done: "done"
        case .failed: "failed"
        case .navigate: "navigate"
        }
    }
}
