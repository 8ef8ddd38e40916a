import Foundation
import Plugboard
import Testing

/// Routes from modules, resolved through interceptors and fallbacks.
struct RoutingTests {
    final class PageScreen: Screen {
        let title: String
        let body: String
        init(_ title: String, _ body: String = "") {
            self.title = title
            self.body = body
        }
        func render() -> String { body }
    }

    @Test @MainActor func aRouteFactoryReceivesDecodedParametersAndContext() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.route("app://circles/:id(int)", title: "Circle") { request in
                PageScreen(
                    "Circle \(try request.int("id"))",
                    "\(request.parameters["tab"] ?? "-") \(request.context as? String ?? "-")")
            }
        })
        let screen = try await registry.screen(for: "app://circles/42?tab=mem%20bers", context: "from the list")
        #expect(screen.title == "Circle 42")
        #expect(screen.render() == "mem bers from the list")
        let resolved = try await registry.resolve("app://circles/7")
        #expect(resolved.route?.owner == ownerA)
        #expect(resolved.request.pattern?.description == "app://circles/:id(int)")
    }

    @Test func aMissingOrMistypedValueNamesTheURLAndTheParameter() {
        let request = RouteRequest(
            url: "app://blog?page=x", pattern: nil, parameters: RouteParameters(query: [("page", "x")]))
        let mistyped = #expect(throws: RouteValueError.self) { try request.int("page") }
        #expect(mistyped?.description == "'app://blog?page=x' does not give an integer for 'page'")
        let missing = #expect(throws: RouteValueError.self) { try request.string("id") }
        #expect(missing?.description == "'app://blog?page=x' does not give a value for 'id'")
    }

    @Test func aRouteOwnedByAnotherModuleIsRefusedWithBothOwnersEvenWithOtherNames() throws {
        let error = #expect(throws: RegistrationError.self) {
            _ = try scriptedRegistry(
                a: { $0.route("app://circles/:id(int)") { _ in PageScreen("a") } },
                b: { $0.route("app://circles/:circle(int)") { _ in PageScreen("b") } }
            )
        }
        guard case .rejected(let problems) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(problems == [.duplicateRoute(pattern: "app://circles/:circle(int)", existing: ownerA, new: ownerB)])
    }

    @Test @MainActor func aModuleCanDefineAParameterTypeThatAnotherModuleUses() async throws {
        let registry = try scriptedRegistry(
            a: { $0.route("app://tags/:tag(slug)") { request in PageScreen(try request.string("tag")) } },
            b: { $0.parameterType(ParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } }) }
        )
        #expect(try await registry.screen(for: "app://tags/swift-on-linux").title == "swift-on-linux")
        await #expect(throws: LookupError.self) { _ = try await registry.screen(for: "app://tags/Swift") }
    }

    @Test func aParameterTypeNameIsOwnedOnce() {
        let slug = ParameterType("slug") { _ in true }
        let error = #expect(throws: RegistrationError.self) {
            _ = try scriptedRegistry(
                a: { $0.parameterType(slug) },
                b: {
                    $0.parameterType(slug)
                    $0.parameterType(.int)
                })
        }
        guard case .rejected(let problems) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(
            problems == [
                .duplicateParameterType(name: "slug", existing: ownerA, new: ownerB),
                .duplicateParameterType(name: "int", existing: nil, new: ownerB),
            ]
        )
    }

    @Test @MainActor func anInterceptorRedirectsToLoginCarryingTheOriginalURL() async throws {
        let registry = try scriptedRegistry(
            a: { registrar in
                registrar.route("app://mine/wallet") { _ in PageScreen("Wallet") }
                registrar.route("app://login") { request in PageScreen("Login", request.parameters["next"] ?? "") }
            },
            b: { registrar in
                registrar.intercept(pattern: "app://mine/wallet") { request in
                    try await Task.sleep(for: .milliseconds(1))
                    return .redirect(to: "app://login", returningTo: request.url)
                }
            }
        )
        let resolved = try await registry.resolve("app://mine/wallet?from=tab")
        #expect(resolved.request.url == "app://login?next=app%3A%2F%2Fmine%2Fwallet%3Ffrom%3Dtab")
        #expect(resolved.redirects == ["app://login?next=app%3A%2F%2Fmine%2Fwallet%3Ffrom%3Dtab"])
        #expect(try resolved.makeScreen().render() == "app://mine/wallet?from=tab")
    }

    @Test @MainActor func interceptorsRunByPriorityThenRegistrationOrderAndARejectionStops() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(
            a: { registrar in
                registrar.route("app://account/settings") { _ in PageScreen("Settings") }
                registrar.intercept(prefix: "APP://account/", priority: 5) { _ in
                    journal.record("a5")
                    return .reject(reason: "account is locked")
                }
                registrar.intercept(prefix: "app://account/") { _ in
                    journal.record("a0")
                    return .proceed
                }
            },
            b: { registrar in
                registrar.intercept(prefix: "app://account/", priority: -1) { _ in
                    journal.record("b-1")
                    return .proceed
                }
                registrar.intercept(prefix: "app://account/") { _ in
                    journal.record("b0")
                    return .proceed
                }
            }
        )
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://account/settings") }
        #expect(journal.all == ["b-1", "a0", "b0", "a5"])
        #expect(
            error?.description
                == "'app://account/settings' was refused by an interceptor of module scripted.a (host): account is locked"
        )
    }

    @Test @MainActor func anInterceptorThatThrowsIsReportedWithItsOwner() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.route("app://x") { _ in PageScreen("x") }
            registrar.intercept(pattern: "app://x") { _ in throw ScriptedFailure(message: "session store offline") }
        })
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://x") }
        guard case .interceptorFailed(_, let owner, let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(owner == ownerA)
        #expect(reason == "session store offline")
    }

    @Test @MainActor func aRedirectLoopIsCutAndReportedWithItsChain() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.route("app://ping") { _ in PageScreen("ping") }
            registrar.route("app://pong") { _ in PageScreen("pong") }
            registrar.intercept(pattern: "app://ping") { _ in .redirect(to: "app://pong") }
            registrar.intercept(pattern: "app://pong") { _ in .redirect(to: "app://ping") }
        })
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://ping") }
        guard case .redirectLoop(let chain) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(chain.count == Registry.redirectLimit + 2)
        #expect(chain.prefix(3) == ["app://ping", "app://pong", "app://ping"])
    }

    @Test @MainActor func aFallbackServesUnmatchedURLsAndOnlyOneIsAllowed() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.fallback { request in PageScreen("Not found", request.url) }
        })
        let screen = try await registry.screen(for: "app://nowhere/at/all")
        #expect(screen.render() == "app://nowhere/at/all")
        #expect(throws: RegistrationError.self) {
            _ = try scriptedRegistry(
                a: { $0.fallback { _ in PageScreen("a") } }, b: { $0.fallback { _ in PageScreen("b") } })
        }
    }

    @Test @MainActor func anInvalidURLIsATypedError() async throws {
        let registry = try scriptedRegistry(a: { $0.route("app://x") { _ in PageScreen("x") } })
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://x/%zz") }
        guard case .invalidURL(let reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason.reason == "'%zz' has a malformed percent escape")
    }

    @Test @MainActor func errorMessagesShowAHugeURLCut() async throws {
        let registry = try scriptedRegistry(a: { $0.route("app://x") { _ in PageScreen("x") } })
        let path = String(repeating: "é", count: 50_000)
        let unmatched = "app://x/" + path
        let shown = "'" + String(unmatched.prefix(200)) + "… (100008 bytes)'"
        let notFound = await #expect(throws: LookupError.self) { try await registry.resolve(unmatched) }
        #expect(notFound?.description == "no route matches \(shown); did you mean 'app://x'?")
        let invalid = await #expect(throws: LookupError.self) { try await registry.resolve(unmatched + "/%zz") }
        #expect(
            invalid?.description.hasPrefix("'" + String(unmatched.prefix(200)) + "… (100012 bytes)' is not") == true)
        let short = await #expect(throws: LookupError.self) { try await registry.resolve("app://y") }
        #expect(short?.description == "no route matches 'app://y'; did you mean 'app://x'?")
    }

    @Test @MainActor func errorMessagesShowControlCharactersOfAURLEscaped() async throws {
        let registry = try scriptedRegistry(a: { $0.route("app://x") { _ in PageScreen("x") } })
        let error = await #expect(throws: LookupError.self) {
            try await registry.resolve("app://x/\u{1B}[31mred\u{7F}")
        }
        let description = try #require(error?.description)
        #expect(description.hasPrefix("'app://x/\\u{1B}[31mred\\u{7F}' is not a valid route URL: "))
        #expect(!description.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test @MainActor func urlsAreBuiltFromRegisteredPatternsAndResolveBack() async throws {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.route("app://circles/:id(int)/members/:name") { request in
                PageScreen(try request.string("name"), String(try request.int("id")))
            }
        })
        let url = try registry.url(
            for: "app://circles/:circle(int)/members/:person", parameters: ["circle": "9", "person": "Ann Lee"])
        #expect(url == "app://circles/9/members/Ann%20Lee")
        let error = #expect(throws: LookupError.self) {
            try registry.url(for: "app://circles/:id(int)", parameters: ["id": "1"])
        }
        #expect(error?.description.contains("did you mean 'app://circles/:id(int)/members/:name'") == true)
        #expect(throws: LookupError.self) {
            try registry.url(for: "app://circles/:id(int)/members/:name", parameters: ["id": "x", "name": "y"])
        }
        let screen = try await registry.screen(for: url)
        #expect(screen.title == "Ann Lee")
        #expect(screen.render() == "9")
    }

    @Test @MainActor func aDisabledModulesRoutesAnswerDisabledAndItsTasksDoNotRun() async throws {
        let journal = Journal()
        let registry = try scriptedRegistry(
            a: { registrar in
                registrar.route("app://a") { _ in PageScreen("a") }
                registrar.startupTask("a.start") { journal.record("a.start") }
            },
            b: { registrar in
                registrar.startupTask("b.start", after: ["a.start"]) { journal.record("b.start") }
            }
        )
        try registry.disable(module: "scripted.a")
        let error = await #expect(throws: LookupError.self) { try await registry.resolve("app://a") }
        #expect(error?.description == "'app://a' belongs to module scripted.a, which is disabled")
        let report = try await Application(registry: registry).launch()
        #expect(report.entry(named: "a.start")?.outcome == .skipped(reason: "module scripted.a is disabled"))
        #expect(journal.all.isEmpty)
        let missing = #expect(throws: ModuleNotFoundError.self) { try registry.disable(module: "scripted.c") }
        #expect(
            missing?.description
                == "no module named 'scripted.c' is registered; did you mean 'scripted.a', 'scripted.b'?")
        try registry.enable(module: "scripted.a")
        #expect(try await registry.screen(for: "app://a").title == "a")
    }

    @Test @MainActor func resolvingNeverSeesAHalfRegisteredPlugin() async throws {
        final class BurstModule: Module {
            @TaskLocal static var index = 0
            static var name: String { "burst.\(index)" }
            func register(with registrar: ModuleRegistrar) throws {
                for route in 0..<20 { registrar.route("app://burst/\(Self.index)/\(route)") { _ in PageScreen("b") } }
            }
        }
        let registry = Registry()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 1...200 {
                    BurstModule.$index.withValue(index) { try? registry.register([BurstModule.self], image: "burst") }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<20_000 {
                        let snapshot = registry.snapshot
                        precondition(
                            snapshot.router.count == snapshot.modules.count * 20,
                            "a module was visible with part of its routes"
                        )
                        if case .invalid = snapshot.router.match("app://burst/1/3") { preconditionFailure() }
                    }
                }
            }
        }
        #expect(registry.snapshot.routes.count == 200 * 20)
    }
}
