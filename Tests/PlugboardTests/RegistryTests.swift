import Glibc
import Plugboard
import Testing

struct RegistryTests {
    @Test func registeredItemsKnowTheirModuleAndImage() throws {
        let registry = Registry()
        try registry.register([AlphaModule.self], image: "/opt/app/host")
        let snapshot = registry.snapshot
        let owner = Owner(module: "PlugboardTests.AlphaModule", image: "/opt/app/host")
        #expect(snapshot.modules.map(\.owner) == [owner])
        #expect(snapshot.modules.first?.plugin == nil)
        #expect(snapshot.routes.map(\.pattern.description) == ["app://alpha/home"])
        #expect(snapshot.routes.first?.owner == owner)
        #expect(snapshot.routes.first?.title == "Alpha home")
        #expect(snapshot.tasks.map(\.name) == ["alpha.start"])
        #expect(snapshot.tasks.first?.owner == owner)
        #expect(snapshot.services.map(\.typeName) == ["PlugboardTests.AlphaService"])
        #expect(snapshot.services.first?.owner == owner)
    }

    @Test func aModuleCanChooseItsName() throws {
        let registry = Registry()
        try registry.register([BetaModule.self], image: "host")
        #expect(registry.snapshot.modules.map(\.name) == ["fixtures.beta"])
    }

    @Test @MainActor func screenForRegisteredRouteComesFromItsFactory() async throws {
        let registry = Registry()
        try registry.register([AlphaModule.self], image: "host")
        let screen = try await registry.screen(for: "app://alpha/home")
        #expect(screen.title == "Alpha")
        #expect(screen.render() == "alpha home")
    }

    @Test @MainActor func unknownRouteSuggestsTheNearestPatterns() async throws {
        let registry = Registry()
        try registry.register([AlphaModule.self, BetaModule.self], image: "host")
        let error = await #expect(throws: LookupError.self) { _ = try await registry.screen(for: "app://alpha/hom") }
        guard case .routeNotFound(let url, let suggestions) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(url == "app://alpha/hom")
        #expect(suggestions.first == "app://alpha/home")
        #expect(error?.description.contains("did you mean 'app://alpha/home'") == true)
    }

    @Test @MainActor func aFactoryThatThrowsIsReportedWithTheRouteOwner() async throws {
        final class FailingModule: Module {
            func register(with registrar: ModuleRegistrar) throws {
                registrar.route("app://failing/page") { _ in throw FixtureFailure() }
            }
        }
        let registry = Registry()
        try registry.register([FailingModule.self], image: "host")
        let error = await #expect(throws: LookupError.self) { _ = try await registry.screen(for: "app://failing/page") }
        #expect(error?.description.contains("app://failing/page") == true)
        #expect(error?.description.contains(FailingModule.name) == true)
        #expect(error?.description.contains("the beta fixture refused to register") == true)
    }

    @Test func servicesAreFoundByTypeAndMissingOnesListWhatIsProvided() throws {
        let registry = Registry()
        try registry.register([AlphaModule.self], image: "host")
        #expect(try registry.service(AlphaService.self).greeting == "alpha service")
        let error = #expect(throws: LookupError.self) { try registry.service(String.self) }
        #expect(error?.description == "no module provides Swift.String; provided: PlugboardTests.AlphaService")
    }

    @Test func aRefusedRegistrationLeavesNothingAndLaterOnesBuildOnWhatWasThere() throws {
        let registry = Registry()
        try register("first", in: registry, image: "a") { registrar in
            registrar.route("app://one") { _ in AlphaScreen() }
            registrar.startupTask("one.task") {}
        }
        let before = registry.snapshot
        #expect(throws: RegistrationError.self) {
            try register("clashing", in: registry, image: "b") { registrar in
                registrar.route("app://two") { _ in AlphaScreen() }
                registrar.startupTask("two.task") {}
                registrar.route("app://one") { _ in AlphaScreen() }
            }
        }
        #expect(registry.snapshot.routes.map(\.pattern.description) == ["app://one"])
        #expect(registry.snapshot.tasks.map(\.name) == ["one.task"])
        // The names the refused module tried are free; each registration builds on the last.
        try register("second", in: registry, image: "c") { registrar in
            registrar.route("app://two") { _ in AlphaScreen() }
            registrar.startupTask("two.task") {}
        }
        try register("third", in: registry, image: "d") { registrar in
            registrar.route("app://three") { _ in AlphaScreen() }
        }
        try registry.disable(module: "second")
        let after = registry.snapshot
        #expect(after.routes.map(\.pattern.description) == ["app://one", "app://three", "app://two"])
        #expect(after.tasks.map(\.name) == ["one.task", "two.task"])
        #expect(after.modules.map(\.name) == ["first", "second", "third"])
        #expect(after.disabledModules == ["second"])
        // A snapshot taken earlier never changes.
        #expect(before.routes.count == 1 && before.tasks.count == 1 && before.modules.count == 1)
    }

    @Test(arguments: [
        ("greeter/hello", "expected the form scheme://host/path"),
        ("app:///hello", "the host is missing"),
        ("a b://host", "the scheme must start with a letter and hold only letters, digits, '+', '-' or '.'"),
        ("app://host/a b", "spaces, control characters, '?' and '#' are not allowed in a pattern"),
        ("app://host/:id(slug)", "unknown parameter type 'slug'; known types: double, int, uuid"),
    ])
    func invalidPatternsAreRefusedWithTheReason(pattern: String, reason: String) {
        final class PatternModule: Module {
            @TaskLocal static var pattern = "app://pattern/default"
            func register(with registrar: ModuleRegistrar) throws {
                registrar.route(Self.pattern) { _ in AlphaScreen() }
            }
        }
        let registry = Registry()
        PatternModule.$pattern.withValue(pattern) {
            let error = #expect(throws: RegistrationError.self) {
                try registry.register([PatternModule.self], image: "host")
            }
            guard case .rejected(let problems) = error, case .invalidRoute(_, _, let found) = problems.first else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(found == reason)
        }
        #expect(registry.snapshot.modules.isEmpty)
    }

    @Test(arguments: [
        ("app://circles/1", nil),
        (
            "app://circles/one",
            "its example 'app://circles/one' does not match it; give a URL the route opens"
        ),
        (
            "app://circles/new",
            // The module's name is qualified by where the test declares it.
            "its example 'app://circles/new' opens app://circles/new of module …ExampleModule; "
                + "give a URL the route opens"
        ),
        (
            "circles/1",
            "its example 'circles/1' cannot be routed: expected the form scheme://host/path; "
                + "give a URL the route opens"
        ),
    ])
    func aRoutesExampleMustBeAURLItOpens(example: String, reason: String?) {
        final class ExampleModule: Module {
            @TaskLocal static var example = "app://circles/1"
            func register(with registrar: ModuleRegistrar) throws {
                registrar.route("app://circles/new") { _ in AlphaScreen() }
                registrar.route("app://circles/:id(int)", example: Self.example) { _ in AlphaScreen() }
            }
        }
        let registry = Registry()
        ExampleModule.$example.withValue(example) {
            do {
                try registry.register([ExampleModule.self], image: "host")
                #expect(reason == nil)
                let examples = registry.snapshot.routes.map { ($0.pattern.description, $0.example) }
                #expect(examples.first { $0.0 == "app://circles/:id(int)" }?.1 == example)
                #expect(examples.first { $0.0 == "app://circles/new" }?.1 == nil)
            } catch {
                guard case .rejected(let problems) = error as? RegistrationError,
                    case .invalidRoute(let pattern, _, let found) = problems.first
                else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(pattern == "app://circles/:id(int)")
                let parts = reason?.split(separator: "…", omittingEmptySubsequences: false) ?? []
                #expect(found.hasPrefix(parts.first ?? "-") && found.hasSuffix(parts.last ?? "-"), "\(found)")
                // All or nothing: the route without an example is not registered either.
                #expect(registry.snapshot.routes.isEmpty)
            }
        }
    }

    @Test(arguments: ["", "two words", "red\u{1B}[31m", "bell\u{7}"])
    func invalidTaskNamesAreRefused(name: String) {
        final class TaskModule: Module {
            @TaskLocal static var taskName = "task.default"
            func register(with registrar: ModuleRegistrar) throws {
                registrar.startupTask(Self.taskName) {}
            }
        }
        let registry = Registry()
        TaskModule.$taskName.withValue(name) {
            let error = #expect(throws: RegistrationError.self) {
                try registry.register([TaskModule.self], image: "host")
            }
            guard case .rejected(let problems) = error, case .invalidTaskName(let refused, _)? = problems.first else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(refused == name)
            let message = problems.first?.description ?? ""
            #expect(message.hasPrefix("startup task name \(name.debugDescription) of module "))
            #expect(message.hasSuffix("is invalid: use a non-empty name without spaces or control characters"))
        }
        #expect(registry.snapshot.tasks.isEmpty)
    }

    @Test(arguments: ["", "evil\u{1B}[2J"])
    func moduleNamesThatCannotBeShownAreRefused(name: String) {
        final class OddlyNamed: Module {
            @TaskLocal static var given = "default"
            static var name: String { given }
            func register(with registrar: ModuleRegistrar) throws {
                registrar.route("app://oddly") { _ in AlphaScreen() }
            }
        }
        let registry = Registry()
        OddlyNamed.$given.withValue(name) {
            let error = #expect(throws: RegistrationError.self) {
                try registry.register([OddlyNamed.self], image: "libOdd.so")
            }
            guard case .rejected(let problems) = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(problems == [.invalidModuleName(name: name, image: "libOdd.so")])
            #expect(
                problems.first?.description
                    == "a module of libOdd.so is named \(name.debugDescription): use a non-empty name without "
                    + "control characters (the module's `name`)")
        }
        #expect(registry.snapshot.modules.isEmpty && registry.snapshot.routes.isEmpty)
    }

    @Test func anOwnerIsShownWithItsModulesControlCharactersEscaped() {
        let owner = Owner(module: "evil\u{1B}[2J", image: "/p/libOdd.so")
        #expect(owner.description == #"module evil\u{1B}[2J (libOdd.so)"#)
    }

    @Test func aRegistrarUsedAfterRegistrationStopsWithAMessage() async {
        // What it recorded then would never be registered; it stops rather than losing it quietly.
        let result = await #expect(processExitsWith: .signal(SIGILL), observing: [\.standardErrorContent]) {
            let registry = Registry()
            try? registry.register([KeepsItsRegistrar.self], image: "test")
            KeepsItsRegistrar.kept?.route("app://late") { _ in PlainScreen("late") }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("KeepsItsRegistrar used its ModuleRegistrar after register(with:) returned"))
    }
}

/// A module that keeps its registrar past `register(with:)`, which it must not use then.
final class KeepsItsRegistrar: Module {
    nonisolated(unsafe) static var kept: ModuleRegistrar?
    init() {}
    func register(with registrar: ModuleRegistrar) throws { Self.kept = registrar }
}
