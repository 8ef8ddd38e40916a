import Plugboard

/// Registration code a test hands to a scripted module for the duration of one task.
typealias Script = @Sendable (ModuleRegistrar) -> Void

/// A module whose registrations are whatever the current test scripts; by default nothing.
final class ScriptedModuleA: Module {
    @TaskLocal static var script: Script?
    static var name: String { "scripted.a" }
    func register(with registrar: ModuleRegistrar) throws { Self.script?(registrar) }
}

/// A second scripted module, for tests that need two owners.
final class ScriptedModuleB: Module {
    @TaskLocal static var script: Script?
    static var name: String { "scripted.b" }
    func register(with registrar: ModuleRegistrar) throws { Self.script?(registrar) }
}

/// A module whose name and registrations the current test sets, for tests that register one
/// module after another; by default it is "scripted.named" and registers nothing.
final class NamedScriptedModule: Module {
    @TaskLocal static var setup: (name: String, script: Script)?
    static var name: String { setup?.name ?? "scripted.named" }
    func register(with registrar: ModuleRegistrar) throws { Self.setup?.script(registrar) }
}

/// Registers `NamedScriptedModule` as `name`, scripted by `script`, from `image`.
func register(_ name: String, in registry: Registry, image: String, script: @escaping Script) throws {
    try NamedScriptedModule.$setup.withValue((name, script)) {
        try registry.register([NamedScriptedModule.self], image: image)
    }
}

/// A registry holding the scripted modules' registrations.
func scriptedRegistry(a: Script? = nil, b: Script? = nil) throws -> Registry {
    let registry = Registry()
    try ScriptedModuleA.$script.withValue(a) {
        try ScriptedModuleB.$script.withValue(b) {
            try registry.register([ScriptedModuleA.self, ScriptedModuleB.self], image: "/app/host")
        }
    }
    return registry
}

let ownerA = Owner(module: "scripted.a", image: "/app/host")
let ownerB = Owner(module: "scripted.b", image: "/app/host")

/// What tasks and handlers did, in order. Behind a `PosixMutex`, like every lock the tests'
/// threads contend for: the thread sanitizer cannot see a contended `Synchronization.Mutex` hand
/// over.
final class Journal: Sendable {
    private let entries = PosixMutex<[String]>([])

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] {
        entries.withLock { $0 }
    }

    func index(of entry: String) -> Int? {
        all.firstIndex(of: entry)
    }
}

/// Parties that each wait, up to a limit, until all have arrived.
final class Rendezvous: Sendable {
    private let parties: Int
    private let arrived = PosixMutex(0)

    init(parties: Int = 2) {
        self.parties = parties
    }

    /// Arrives and waits for the other parties; returns whether they came before `limit` polls.
    func meet(limit: Int = 2_000) async -> Bool {
        arrived.withLock { $0 += 1 }
        for _ in 0..<limit {
            if arrived.withLock({ $0 }) >= parties { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
}

struct ScriptedFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
