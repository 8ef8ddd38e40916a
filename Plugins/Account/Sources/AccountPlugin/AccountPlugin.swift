public import Plugboard

/// The account feature: the "Mine" page, the wallet behind a login guard, the login form, and the
/// ``ReaderSessions`` service that tells other plugins who is logged in.
public enum AccountPlugin: Plugin {
    public static let manifest = PluginManifest(name: "Account", version: "1.0.0")
}

/// Registers the account routes, the guard that sends logged-out users to login, and the session
/// service.
public final class AccountModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        let session = Session()
        registrar.route("app://mine", title: "Mine: balance, red packets, menu") { _ in
            MineScreen(model: MineViewModel(session: session))
        }
        registrar.route("app://mine/wallet", title: "Wallet (requires login)") { _ in WalletScreen(session: session) }
        registrar.route("app://login", title: "Log in") { request in
            LoginScreen(model: LoginViewModel(next: request.parameters["next"], session: session))
        }
        registrar.intercept(pattern: "app://mine/wallet") { request in
            session.account.value == nil ? .redirect(to: "app://login", returningTo: request.url) : .proceed
        }
        registrar.provide((any ReaderSessions).self, session)
        registrar.on(.terminate) { _ in session.account.value = nil }
    }
}
