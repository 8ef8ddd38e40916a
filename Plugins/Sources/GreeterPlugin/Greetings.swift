import Synchronization

/// The greeting the greeter plugin shows; prepared by its startup task.
public final class Greetings: Sendable {
    private let name = Mutex<String?>(nil)

    init() {}

    /// Sets who is greeted.
    func prepare(audience name: String) {
        self.name.withLock { $0 = name }
    }

    /// Who is greeted, or `nobody` before the startup task ran.
    var audience: String {
        name.withLock { $0 ?? "nobody" }
    }

    /// The greeting, or a hint when the startup task has not run.
    public var message: String {
        name.withLock { name in
            name.map { "Hello, \($0)! This screen comes from the Greeter plugin." }
                ?? "Hello! (the greeter.prepare startup task has not run yet)"
        }
    }
}
