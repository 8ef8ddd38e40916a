import Plugboard

/// Who is logged in. The demo account is `ann` with password `secret`.
final class Session: ReaderSessions {
    let account = MutableProperty<String?>(nil)

    var reader: String? { account.value }

    func logIn(account: String, password: String) async throws(LoginError) {
        try? await Task.sleep(for: .milliseconds(5))
        guard account == "ann", password == "secret" else { throw .wrongCredentials }
        self.account.value = account
    }
}

enum LoginError: Error, CustomStringConvertible {
    case wrongCredentials
    var description: String { "wrong account or password" }
}
