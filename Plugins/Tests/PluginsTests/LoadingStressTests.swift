import Foundation
import Plugboard
import Synchronization
import Testing

/// Registrations and lookups from eight tasks while real plugins load: nothing is lost, nothing
/// half-registered is ever seen. CI runs it under the thread sanitizer.
struct LoadingStressTests {
    @Test func eightTasksRegisterAndResolveWhilePluginsLoad() async throws {
        let registry = Registry()
        let plugins = try [
            "libShellPlugin.so", "libCirclesPlugin.so", "libAccountPlugin.so", "libBlogPlugin.so",
            "libGreeterPlugin.so",
            "libProbePlugin.so",
        ].map { try BuildProducts.path($0) }
        let inconsistencies = StressCounter()
        let resolved = StressCounter()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                PluginLoader(registry: registry).load(files: plugins)
            }
            for writer in 0..<4 {
                group.addTask {
                    for index in stride(from: writer, to: 200, by: 4) {
                        BurstModule.$index.withValue(index) {
                            try? registry.register([BurstModule.self], image: "stress")
                        }
                    }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for attempt in 0..<200 {
                        let snapshot = registry.snapshot
                        let bursts = snapshot.modules.filter { $0.name.hasPrefix("stress.burst.") }.count
                        let burstRoutes = snapshot.router.entries.map(\.route).filter {
                            $0.owner.module.hasPrefix("stress.burst.")
                        }.count
                        let burstTasks = snapshot.tasks.filter { $0.owner.module.hasPrefix("stress.burst.") }.count
                        if burstRoutes != bursts * 10 || burstTasks != bursts { inconsistencies.increment() }
                        if case .matched = registry.match("app://stress/\(attempt % 200)/3") { resolved.increment() }
                    }
                }
            }
        }
        let snapshot = registry.snapshot
        #expect(inconsistencies.value == 0)
        #expect(
            snapshot.plugins.map(\.manifest.name).sorted() == [
                "Account", "Blog", "Circles", "Greeter", "Probe", "Shell",
            ])
        #expect(snapshot.modules.filter { $0.name.hasPrefix("stress.burst.") }.count == 200)
        #expect(
            (0..<200).allSatisfy { index in
                if case .matched = registry.match("app://stress/\(index)/9") { true } else { false }
            })
        #expect(snapshot.tasks.count == 200 + 8)
        #expect(resolved.value > 0)
    }
}

/// Registers ten routes and a task under a name of its own, for the stress test.
final class BurstModule: Module {
    @TaskLocal static var index = 0
    static var name: String { "stress.burst.\(index)" }
    func register(with registrar: ModuleRegistrar) throws {
        for route in 0..<10 {
            registrar.route("app://stress/\(Self.index)/\(route)") { _ in StressScreen() }
        }
        registrar.startupTask("stress.\(Self.index)") {}
    }
}

@MainActor
final class StressScreen: Screen {
    let title = "Stress"
    func render() -> String { "" }
}

/// A counter many tasks add to.
final class StressCounter: Sendable {
    private let count = Atomic(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
