import Plugboard
import Synchronization
import Testing

struct StartupTaskTests {
    final class Journal: Sendable {
        let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    }

    final class OrderedModule: Module {
        @TaskLocal static var journal = Journal()
        @TaskLocal static var failing = ""

        func register(with registrar: ModuleRegistrar) throws {
            let journal = Self.journal
            let failing = Self.failing
            for name in ["ordered.first", "ordered.second", "ordered.third"] {
                registrar.startupTask(name) {
                    journal.append(name)
                    if name == failing { throw FixtureFailure() }
                }
            }
        }
    }

    @Test func tasksRunInRegistrationOrder() async throws {
        let journal = Journal()
        let registry = Registry()
        try OrderedModule.$journal.withValue(journal) {
            try registry.register([OrderedModule.self], image: "host")
        }
        let report = await registry.runStartupTasks()
        #expect(report.succeeded)
        #expect(journal.entries.withLock { $0 } == ["ordered.first", "ordered.second", "ordered.third"])
        #expect(report.entries.map(\.outcome) == [.succeeded, .succeeded, .succeeded])
    }

    @Test func aFailingTaskStopsTheLaunchAndLaterTasksAreSkipped() async throws {
        let journal = Journal()
        let registry = Registry()
        try OrderedModule.$journal.withValue(journal) {
            try OrderedModule.$failing.withValue("ordered.second") {
                try registry.register([OrderedModule.self], image: "host")
            }
        }
        let report = await registry.runStartupTasks()
        #expect(!report.succeeded)
        #expect(journal.entries.withLock { $0 } == ["ordered.first", "ordered.second"])
        let owner = Owner(module: OrderedModule.name, image: "host")
        #expect(
            report.entries.map(\.outcome) == [
                .succeeded,
                .failed(reason: "the beta fixture refused to register"),
                .skipped(reason: "launch stopped after 'ordered.second' of \(owner) failed"),
            ])
    }
}
