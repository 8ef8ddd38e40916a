import Foundation
import Plugboard
import Testing

/// The example app's journeys, driven headlessly over the real plugin files.
@MainActor
struct ExampleAppTests {
    private func launchedNavigator() async throws -> Navigator {
        let registry = Registry()
        let loader = PluginLoader(registry: registry)
        for name in ["libShellPlugin.so", "libCirclesPlugin.so", "libAccountPlugin.so", "libBlogPlugin.so"] {
            try loader.load(file: try BuildProducts.path(name))
        }
        let report = try await Application(registry: registry).launch()
        #expect(report.succeeded)
        #expect(report.criticalPath.first == "shell.configuration")
        return Navigator(registry: registry)
    }

    @Test func circlesPageFailsOnceThenLoadsAndARowOpensTheCircle() async throws {
        let navigator = try await launchedNavigator()
        try await navigator.open("app://circles")
        #expect(navigator.topScreen?.render().contains("Joined: Hiking, Photography") == true)
        try await navigator.perform("next")
        #expect(navigator.topScreen?.render().contains("[error: the network timed out") == true)
        try await navigator.perform("next")
        #expect(navigator.topScreen?.render().contains("6. Board games — 45 members") == true)
        try await navigator.perform("next")
        #expect(navigator.topScreen?.render().hasSuffix("[no more circles]") == true)
        try await navigator.perform("row 2")
        #expect(navigator.state.description == "Circles > Chess")
        #expect(navigator.topScreen?.render() == "[image: knight.png]\nChess\n64 members\ncircle id 7")
        try await navigator.pop()
        try await navigator.perform("add")
        #expect(navigator.state.description == "Circles > New circle")
        #expect(navigator.leaks.isEmpty)
    }

    @Test func blogCategoriesResetPagingAndAnArticleLoadsItsBody() async throws {
        let navigator = try await launchedNavigator()
        try await navigator.open("app://blog")
        try await navigator.perform("next")
        #expect(navigator.topScreen?.render().contains("4. A slim AppDelegate") == true)
        try await navigator.perform("category empty")
        #expect(navigator.topScreen?.render().contains("No articles in Empty yet.") == true)
        try await navigator.perform("category swift")
        #expect(navigator.topScreen?.render().contains("[page 1 — more below]") == true)
        try await navigator.perform("row 1")
        #expect(
            navigator.topScreen?.render().hasPrefix("Modules that register themselves\n\nThis article (#1)") == true)
    }

    @Test func theWalletSendsALoggedOutUserToLoginAndBackAfterLogin() async throws {
        let navigator = try await launchedNavigator()
        try await navigator.open("app://mine")
        try await navigator.perform("row 1")
        #expect(navigator.state.description == "Mine > Login")
        await #expect(throws: NavigationError.self) { try await navigator.perform("login") }
        try await navigator.perform("account", text: "ann")
        try await navigator.perform("password", text: "nope")
        try await navigator.perform("login")
        #expect(navigator.topScreen?.render() == "Account: ann\nPassword: ••••\n[Log in]\nwrong account or password")
        try await navigator.perform("password", text: "secret")
        try await navigator.perform("login")
        #expect(navigator.state.description == "Mine > Wallet")
        #expect(navigator.topScreen?.render() == "Wallet of ann\nBalance: ¥ 12.50")
        #expect(navigator.leaks.isEmpty, "\(navigator.leaks)")
    }

    @Test func theBlogAsksTheAccountWhoIsReadingBeforeItOpensTheCommentBox() async throws {
        let navigator = try await launchedNavigator()
        try await navigator.open("app://blog/articles/1")
        try await navigator.perform("comment")
        #expect(navigator.state.description == "Article > Login")
        try await navigator.perform("account", text: "ann")
        try await navigator.perform("password", text: "secret")
        try await navigator.perform("login")
        #expect(navigator.state.description == "Article > Comment")
        #expect(navigator.topScreen?.render() == "Commenting on article 1 as ann\nComment: ")
        try await navigator.perform("write", text: "Nice")
        try await navigator.perform("post")
        #expect(navigator.topScreen?.render() == "Commenting on article 1 as ann\nComment: \nPosted by ann: Nice")
        // Logged in, the comment box opens directly.
        try await navigator.pop()
        try await navigator.perform("comment")
        #expect(navigator.state.description == "Article > Comment")
        #expect(navigator.leaks.isEmpty, "\(navigator.leaks)")
    }
}
