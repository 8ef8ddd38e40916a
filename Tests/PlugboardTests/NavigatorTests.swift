import Plugboard
import Synchronization
import Testing

/// Whole journeys, headless, as the articles' flows run them.
@MainActor
struct NavigatorTests {
    let journal = Journal()
    let session = Session()

    private func navigator() throws -> Navigator {
        Navigator(registry: try exampleRegistry(journal: journal, session: session))
    }

    @Test func tappingARowPushesTheCirclesPageWithItsIdAndContext() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        #expect(navigator.topScreen?.render() == "1. Hiking\n2. Chess")
        try await navigator.perform("row 1")
        #expect(navigator.state.description == "Circles > Circle 42")
        #expect(navigator.state.top == .init(url: "app://circles/42", title: "Circle 42"))
        #expect(navigator.topScreen?.render() == "Hiking")
        #expect(navigator.history.map(\.description) == ["push app://circles", "push app://circles/42"])
    }

    @Test func anOpenGivenUpBeforeItsScreenIsReadyShowsNoScreen() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        let opening = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            try await navigator.open("app://circles/42")
        }
        let error = await #expect(throws: NavigationError.self) { try await opening.value }
        #expect(error?.description == "'app://circles/42' was not shown: it was given up before its screen was ready")
        #expect(navigator.state.description == "Circles")
        #expect(journal.all == ["navigation", "subviews", "bind"])
    }

    @Test func theLifecycleRunsInTheArticlesOrder() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        #expect(journal.all == ["navigation", "subviews", "bind"])
    }

    @Test func aGuardedRouteGoesToLoginAndReturnsAfterSuccess() async throws {
        let navigator = try navigator()
        try await navigator.open("app://mine")
        try await navigator.open("app://mine/wallet")
        #expect(navigator.state.description == "Mine > Login")
        #expect(navigator.history.last?.redirects == ["app://login?next=app%3A%2F%2Fmine%2Fwallet"])
        await #expect(throws: NavigationError.self) { try await navigator.perform("login") }
        try await navigator.perform("account", text: "ann")
        try await navigator.perform("password", text: "secret")
        try await navigator.perform("login")
        #expect(navigator.state.description == "Mine > Wallet")
        #expect(navigator.leaks.isEmpty, "\(navigator.leaks)")
    }

    @Test func loginExecutingGoesTrueThenFalseAndAFailureKeepsTheTypedValues() async throws {
        let navigator = try navigator()
        try await navigator.open("app://login")
        let login = try #require(navigator.topScreen as? LoginScreen)
        #expect(login.render().contains("[Log in] (disabled)"))
        try await navigator.perform("account", text: "ann")
        try await navigator.perform("password", text: "oops")
        #expect(!login.render().contains("(disabled)"))
        try await navigator.perform("login")
        #expect(login.model.executing.all == ["false", "true", "false"])
        #expect(login.render() == "account: ann\npassword: ****\n[Log in]\nwrong password for ann")
        #expect(navigator.state.description == "Login")
    }

    @Test func aCommandRunsFromAnAction() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        try await navigator.perform("refresh")
        try await navigator.perform("refresh")
        #expect((navigator.topScreen as? CircleListScreen)?.model.refreshes.value == 2)
    }

    @Test func presentDismissPopToRootAndReplaceKeepAStackOfStacks() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        try await navigator.perform("row 2")
        try await navigator.show(.present("app://modal"))
        try await navigator.show(.push("app://mine"))
        #expect(navigator.state.description == "Circles > Circle 7 | Modal > Mine")
        try await navigator.show(.dismiss)
        #expect(navigator.state.description == "Circles > Circle 7")
        try await navigator.show(.replace("app://circles/42"))
        #expect(navigator.state.description == "Circles > Circle 42")
        try await navigator.show(.push("app://mine"))
        try await navigator.show(.popToRoot)
        #expect(navigator.state.description == "Circles")
        await #expect(throws: NavigationError.self) { try await navigator.pop() }
        await #expect(throws: NavigationError.self) { try await navigator.show(.dismiss) }
        #expect(navigator.leaks.isEmpty, "\(navigator.leaks)")
        #expect(
            navigator.history.map(\.description) == [
                "push app://circles", "push app://circles/7", "present app://modal", "push app://mine",
                "dismiss app://modal", "replace app://circles/42", "push app://mine", "pop to root app://circles",
            ]
        )
    }

    @Test func aPoppedScreenLeavesNoLiveSubscriptionAndNoLeak() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        try await navigator.show(.push("app://mine"))
        let model = try #require(navigator.topScreen?.viewModel)
        #expect(model.navigation.observerCount == 1)
        try await navigator.pop()
        #expect(model.navigation.observerCount == 0)
    }

    @Test func aLeakingViewModelIsReportedByTypeAndRoute() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        try await navigator.show(.push("app://leaky"))
        try await navigator.pop()
        #expect(navigator.leaks == [LeakReport(type: "PlainViewModel", url: "app://leaky")])
        #expect(
            navigator.leaks.first?.description
                == "leak: PlainViewModel of app://leaky is still alive after it was removed")
        LeakBox.kept.removeAll()
    }

    @Test func aViewModelHeldOnlyByTheWorkItStartedIsNoLeak() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        try await navigator.show(.push("work://brief"))
        weak let model = navigator.topScreen?.viewModel
        // Popped at once: its work, queued on the main actor, still holds it.
        try await navigator.pop()
        #expect(navigator.leaks.isEmpty, "\(navigator.leaks)")
        #expect(model == nil)
    }

    @Test func anOpenAndAPopOfAnActiveRouteNeverLeaveTheMainActor() async throws {
        let navigator = try navigator()
        try await navigator.open("app://circles")
        let finished = Flag()
        // It runs at once, up to its first wait: an open or a pop that left the main actor (to look
        // its route up, or to yield before the leak check) would not have finished when this returns.
        Task.immediate { @MainActor in
            try? await navigator.show(.push("app://mine"))
            try? await navigator.pop()
            finished.value = true
        }
        #expect(finished.value)
        #expect(navigator.history.map(\.description) == ["push app://circles", "push app://mine", "pop app://mine"])
    }

    @Test func anUnknownURLFromAViewModelIsRecordedAndChangesNothing() async throws {
        let navigator = try navigator()
        try await navigator.open("app://mine")
        navigator.topScreen?.viewModel?.navigation.send(.push("app://nowhere"))
        await navigator.settle()
        #expect(navigator.state.description == "Mine")
        #expect(
            navigator.failures.map(\.description) == [
                "no route matches 'app://nowhere'; did you mean 'app://login', 'app://mine', 'app://modal'?"
            ])
    }

    @Test func onlyTheLastFailuresAreKept() async throws {
        let navigator = try navigator()
        try await navigator.open("app://mine")
        let sent = Navigator.keptFailures + 50
        for number in 1...sent {
            navigator.topScreen?.viewModel?.navigation.send(.push("app://nowhere/\(number)"))
        }
        await navigator.settle()
        #expect(navigator.failures.count == Navigator.keptFailures)
        #expect(navigator.failures.first?.description.contains("'app://nowhere/51'") == true)
        #expect(navigator.failures.last?.description.contains("'app://nowhere/\(sent)'") == true)
    }

    @Test func anUnknownActionListsTheAvailableOnes() async throws {
        let navigator = try navigator()
        await #expect(throws: NavigationError.self) { try await navigator.perform("row 1") }
        try await navigator.open("app://circles")
        let error = await #expect(throws: NavigationError.self) { try await navigator.perform("row 9") }
        #expect(error?.description == "this screen has no action 'row 9'; available: row 1, row 2, refresh")
    }

    /// A navigator at `app://home`, whose screen's view model is `model`, with routes `app://slow`
    /// (50 ms to resolve) and `app://fast`.
    private func slowAndFast(from model: PlainViewModel) async throws -> Navigator {
        let registry = try scriptedRegistry(a: { registrar in
            registrar.route("app://home") { _ in PlainScreen("Home", viewModel: model) }
            registrar.route("app://slow") { _ in PlainScreen("Slow") }
            registrar.route("app://fast") { _ in PlainScreen("Fast") }
            registrar.intercept(pattern: "app://slow") { _ in
                try await Task.sleep(for: .milliseconds(50))
                return .proceed
            }
        })
        let navigator = Navigator(registry: registry)
        try await navigator.open("app://home")
        return navigator
    }

    @Test func everyCallerOfSettleGoesOnOnceTheRequestsAreFollowed() async throws {
        let model = PlainViewModel()
        let navigator = try await slowAndFast(from: model)
        // Nothing sent: it returns at once.
        await navigator.settle()
        model.navigation.send(.push("app://slow"))
        // Each caller says what it saw as it went on; one that never did leaves the list short.
        let seen = Seen()
        for _ in 0..<2 {
            Task { @MainActor in
                await navigator.settle()
                seen.states.append(navigator.state.description)
            }
        }
        // Generous: the request's interceptor runs on the shared pool, which other tests (under the
        // thread sanitizer, many times slower) may hold for many seconds.
        let given = ContinuousClock.now + .seconds(120)
        while seen.states.count < 2 && .now < given { try await Task.sleep(for: .milliseconds(10)) }
        #expect(seen.states == ["Home > Slow", "Home > Slow"])
    }

    @Test func abandonedRequestsChangeNothingAndTheirWaitersGoOn() async throws {
        let model = PlainViewModel()
        let gate = Gate()
        let registry = try scriptedRegistry(a: { registrar in
            registrar.route("app://home") { _ in PlainScreen("Home", viewModel: model) }
            registrar.route("app://held") { _ in PlainScreen("Held") }
            registrar.route("app://fast") { _ in PlainScreen("Fast") }
            // Waits for the test, deaf to cancellation, as a plugin process that does not answer.
            registrar.intercept(pattern: "app://held") { _ in
                await gate.pass()
                return .proceed
            }
        })
        let navigator = Navigator(registry: registry)
        try await navigator.open("app://home")
        model.navigation.send(.push("app://held"))
        model.navigation.send(.push("app://fast"))
        let given = ContinuousClock.now + .seconds(120)
        while !gate.started.load(ordering: .acquiring) && .now < given { try await Task.sleep(for: .milliseconds(5)) }
        navigator.abandonRequests()
        // The one being followed and the one after it are given up: a caller of settle goes on.
        let seen = Seen()
        Task { @MainActor in
            await navigator.settle()
            seen.states.append(navigator.state.description)
        }
        while seen.states.isEmpty && .now < given { try await Task.sleep(for: .milliseconds(5)) }
        #expect(seen.states == ["Home"])
        // The screen given up is not shown when its wait ends.
        gate.open()
        while !gate.finished.load(ordering: .acquiring) && .now < given { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(navigator.state.description == "Home")
        // A request sent later is followed.
        model.navigation.send(.push("app://fast"))
        await navigator.settle()
        #expect(navigator.state.description == "Home > Fast")
        #expect(navigator.failures.isEmpty)
        #expect(navigator.history.map(\.description) == ["push app://home", "push app://fast"])
    }

    @Test func requestsFromAViewModelAreFollowedInTheOrderSent() async throws {
        let model = PlainViewModel()
        let navigator = try await slowAndFast(from: model)
        // The first request takes longer to resolve than the second.
        model.navigation.send(.push("app://slow"))
        model.navigation.send(.push("app://fast"))
        await navigator.settle()
        #expect(navigator.state.description == "Home > Slow > Fast")
        #expect(navigator.failures.isEmpty)
    }
}

/// What the callers of ``Navigator/settle()`` saw as they went on.
@MainActor
private final class Seen {
    var states: [String] = []
}

/// Whether work run elsewhere has finished.
@MainActor
private final class Flag {
    var value = false
}

/// Where a test holds an interceptor, deaf to cancellation, until it opens: whether one has
/// started waiting there, and has gone on.
private final class Gate: Sendable {
    let started = Atomic(false)
    let finished = Atomic(false)
    private let state = Mutex<(opened: Bool, waiting: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Waits until the test opens the gate.
    func pass() async {
        await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
            let opened = state.withLock { state in
                if !state.opened { state.waiting = waiting }
                return state.opened
            }
            started.store(true, ordering: .releasing)
            if opened { waiting.resume() }
        }
        finished.store(true, ordering: .releasing)
    }

    /// Lets the one waiting go on, and any later one pass at once.
    func open() {
        state.withLock { state in
            state.opened = true
            return state.waiting.take()
        }?.resume()
    }
}
