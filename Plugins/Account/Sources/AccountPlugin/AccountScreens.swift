import Plugboard

/// "Mine".
final class MineScreen: Screen {
    let model: MineViewModel
    let title = "Mine"
    var viewModel: (any ViewModel)? { model }

    init(model: MineViewModel) {
        self.model = model
    }

    func render() -> String {
        let header = model.session.account.value.map { "Logged in as \($0)" } ?? "Not logged in"
        let menu = model.menu.enumerated().map { "  \($0.offset + 1). \($0.element.0)" }
        return ([header, "Balance: ¥ 12.50    Red packets: 3", "Menu:"] + menu).joined(separator: "\n")
    }

    var actions: [ScreenAction] {
        let model = model
        let rows = model.menu.indices.map { row in
            ScreenAction("row \(row + 1)", title: model.menu[row].0) { _ in model.tap(row: row) }
        }
        let login = ScreenAction("log in", title: "Log in") { _ in model.logIn() }
        return model.session.account.value == nil ? rows + [login] : rows
    }
}

/// The wallet, reachable only when logged in.
final class WalletScreen: Screen {
    let session: Session
    let title = "Wallet"

    init(session: Session) {
        self.session = session
    }

    func render() -> String {
        "Wallet of \(session.account.value ?? "nobody")\nBalance: ¥ 12.50"
    }
}

/// The login form.
final class LoginScreen: Screen {
    let model: LoginViewModel
    let title = "Login"
    var viewModel: (any ViewModel)? { model }

    init(model: LoginViewModel) {
        self.model = model
    }

    func render() -> String {
        let button = model.login.isEnabled.value ? "[Log in]" : "[Log in] (disabled until both fields are filled)"
        return [
            "Account: \(model.account.value)", "Password: \(String(repeating: "•", count: model.password.value.count))",
            button, model.message.value,
        ]
        .filter { !$0.isEmpty }.joined(separator: "\n")
    }

    var actions: [ScreenAction] {
        let model = model
        return [
            ScreenAction("account", title: "Type the account", takesText: true) { text in
                model.account.value = text ?? ""
            },
            ScreenAction("password", title: "Type the password", takesText: true) { text in
                model.password.value = text ?? ""
            },
            ScreenAction("login", title: "Log in", isEnabled: model.login.isEnabled.value) { _ in
                await model.login.execute(())
            },
        ]
    }
}
