import Plugboard

/// The "Mine" page: a header, balance and red-packet cells, and menu rows.
final class MineViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let session: Session
    let menu = [("Wallet", "app://mine/wallet"), ("Circles", "app://circles"), ("Blog", "app://blog")]

    init(session: Session) {
        self.session = session
    }

    func tap(row: Int) {
        navigation.send(.push(menu[row].1))
    }

    func logIn() {
        navigation.send(.push("app://login"))
    }
}

/// The login form: the button is enabled only when account and password are both non-empty;
/// the command shows executing; wrong credentials give a message and keep what was typed.
final class LoginViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let account = MutableProperty("")
    let password = MutableProperty("")
    let message = MutableProperty("")
    let next: String?
    let login: Command<Void, Void>
    private let bag = SubscriptionBag()

    init(next: String?, session: Session) {
        self.next = next
        let (account, password) = (account, password)
        let canLogIn = account.readOnly.combineLatest(with: password.readOnly).map { !$0.isEmpty && !$1.isEmpty }
        login = Command(enabledIf: canLogIn, policy: .ignoreWhileExecuting) { _ in
            try await session.logIn(account: account.value, password: password.value)
        }
    }

    func initialize() {
        let (message, navigation, next) = (message, navigation, next)
        login.isExecuting.observe { if $0 { message.value = "logging in…" } }.store(in: bag)
        login.errors.observe { message.value = "\($0)" }.store(in: bag)
        login.values.observe { _ in
            message.value = ""
            navigation.send(next.map { .replace($0) } ?? .pop)
        }.store(in: bag)
    }
}
