import Plugboard

/// A circle list: rows of circles; tapping a row pushes the circle's page with its id.
final class CircleListViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let circles = [(id: 42, name: "Hiking"), (id: 7, name: "Chess")]
    let refreshes = MutableProperty(0)
    let refresh: Command<Void, Void>

    init() {
        let refreshes = refreshes
        refresh = Command { _ in refreshes.modify { $0 += 1 } }
    }

    func tap(row: Int) {
        navigation.send(.push("app://circles/\(circles[row].id)", context: circles[row].name))
    }
}

@MainActor
final class CircleListScreen: Screen {
    let model = CircleListViewModel()
    let journal: Journal
    var viewModel: (any ViewModel)? { model }
    let title = "Circles"

    init(journal: Journal) {
        self.journal = journal
    }

    func setUpNavigation() { journal.record("navigation") }
    func setUpSubviews() { journal.record("subviews") }
    func bindViewModel() { journal.record("bind") }

    func render() -> String {
        model.circles.enumerated().map { "\($0.offset + 1). \($0.element.name)" }.joined(separator: "\n")
    }

    var actions: [ScreenAction] {
        let model = model
        return model.circles.indices.map { row in
            ScreenAction("row \(row + 1)", title: model.circles[row].name) { _ in model.tap(row: row) }
        } + [ScreenAction("refresh", title: "Pull to refresh") { _ in await model.refresh.execute(()) }]
    }
}

@MainActor
final class CircleScreen: Screen {
    let title: String
    let body: String

    init(request: RouteRequest) throws {
        title = "Circle \(try request.int("id"))"
        body = request.context as? String ?? "?"
    }

    func render() -> String { body }
}

/// The login form: enabled only when both fields are filled; on success it goes where the user
/// was going (`next`), on failure it shows the error and keeps what was typed.
final class LoginViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let account = MutableProperty("")
    let password = MutableProperty("")
    let message = MutableProperty("")
    let executing = Journal()
    let next: String?
    let session: Session
    let login: Command<Void, Void>
    private let bag = SubscriptionBag()

    init(next: String?, session: Session) {
        self.next = next
        self.session = session
        let canLogIn = account.readOnly.combineLatest(with: password.readOnly).map { !$0.isEmpty && !$1.isEmpty }
        let account = account
        let password = password
        login = Command(enabledIf: canLogIn) { _ in
            try await Task.sleep(for: .milliseconds(1))
            guard password.value == "secret" else {
                throw ScriptedFailure(message: "wrong password for \(account.value)")
            }
            session.loggedIn.value = true
        }
    }

    func initialize() {
        let executing = executing
        login.isExecuting.observe { executing.record("\($0)") }.store(in: bag)
        login.errors.observe { [message] in message.value = "\($0)" }.store(in: bag)
        login.values.observe { [navigation, next] in
            navigation.send(next.map { .replace($0) } ?? .pop)
        }.store(in: bag)
    }
}

final class Session: Sendable {
    let loggedIn = MutableProperty(false)
}

@MainActor
final class LoginScreen: Screen {
    let model: LoginViewModel
    var viewModel: (any ViewModel)? { model }
    let title = "Login"

    init(model: LoginViewModel) {
        self.model = model
    }

    func render() -> String {
        "account: \(model.account.value)\npassword: \(String(repeating: "*", count: model.password.value.count))\n"
            + "[Log in]\(model.login.isEnabled.value ? "" : " (disabled)")\n\(model.message.value)"
    }

    var actions: [ScreenAction] {
        let model = model
        return [
            ScreenAction("account", title: "Account", takesText: true) { text in model.account.value = text ?? "" },
            ScreenAction("password", title: "Password", takesText: true) { text in model.password.value = text ?? "" },
            ScreenAction("login", title: "Log in", isEnabled: model.login.isEnabled.value) { _ in
                await model.login.execute(())
            },
        ]
    }
}

@MainActor
final class PlainScreen: Screen {
    let title: String
    let viewModel: (any ViewModel)?
    init(_ title: String, viewModel: (any ViewModel)? = nil) {
        self.title = title
        self.viewModel = viewModel
    }
    func render() -> String { title }
}

final class PlainViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
}

/// A view model whose work, started as its screen opens, holds it until that work has run on the
/// main actor: alive for a moment after its screen is removed, and no leak.
final class BriefWorkViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()

    func initialize() {
        Task { @MainActor in _ = self.navigation }
    }
}

/// Somewhere a deliberately leaking view model keeps itself.
final class LeakBox: @unchecked Sendable {
    // Safe: only the leak test touches it, on the main actor.
    nonisolated(unsafe) static var kept: [AnyObject] = []
}

/// Registers the example app's routes in module a, and the login guard in module b.
func exampleRegistry(journal: Journal, session: Session) throws -> Registry {
    try scriptedRegistry(
        a: { registrar in
            registrar.route("app://circles") { _ in CircleListScreen(journal: journal) }
            registrar.route("app://circles/:id(int)") { request in try CircleScreen(request: request) }
            registrar.route("app://mine") { _ in PlainScreen("Mine", viewModel: PlainViewModel()) }
            registrar.route("app://mine/wallet") { _ in PlainScreen("Wallet") }
            registrar.route("app://modal") { _ in PlainScreen("Modal", viewModel: PlainViewModel()) }
            registrar.route("app://login") { request in
                LoginScreen(model: LoginViewModel(next: request.parameters["next"], session: session))
            }
            registrar.route("work://brief") { _ in PlainScreen("Brief", viewModel: BriefWorkViewModel()) }
            registrar.route("app://leaky") { _ in
                let model = PlainViewModel()
                LeakBox.kept.append(model)
                return PlainScreen("Leaky", viewModel: model)
            }
        },
        b: { registrar in
            registrar.intercept(pattern: "app://mine/wallet") { request in
                session.loggedIn.value ? .proceed : .redirect(to: "app://login", returningTo: request.url)
            }
        }
    )
}
