import Synchronization

/// The greeting the greeter plugin shows; prepared by its startup task.
public final class Greetings: Sendable {
    private let audience = Mutex<String?>(nil)

    init() {}

    /// Sets who is greeted.
    func prepare(audience name: String) {
        audience.withLock { $0 = name }
    }

    /// The greeting, or a hint when the startup task has not run.
    public var message: String {
        audience.withLock { name in
            name.map { "Hello, \($0)! This screen comes from the Greeter plugin." }
                ?? "Hello! (the greeter.prepare startup task has not run yet)"
        }
    }
}
