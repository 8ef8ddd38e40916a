import AccountPlugin
public import Plugboard

/// The blog feature: articles by category, paged, an article's detail, and a comment box for
/// readers who are logged in — which the blog learns from the account plugin's ``ReaderSessions``
/// service, through the account's module that it imports.
public enum BlogPlugin: Plugin {
    public static let manifest = PluginManifest(
        name: "Blog", version: "1.0.0", dependencies: [.plugin("Account", from: "1.0.0")])
}

/// Registers the blog routes, and the guard that sends a reader who is not logged in from the
/// comment box to the login form.
public final class BlogModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        let store = ArticleStore()
        let sessions = registrar.lookup((any ReaderSessions).self)
        registrar.route("app://blog", title: "Articles by category") { _ in
            ArticleListScreen(model: ArticleListViewModel(store: store))
        }
        registrar.route("app://blog/articles/:id(int)", title: "An article", example: "app://blog/articles/1") {
            request in
            ArticleScreen(model: ArticleViewModel(id: try request.int("id"), store: store))
        }
        registrar.route(
            "app://blog/articles/:id(int)/comment", title: "Comment on an article (requires login)",
            example: "app://blog/articles/1/comment"
        ) { request in
            CommentScreen(model: CommentViewModel(article: try request.int("id"), sessions: try sessions()))
        }
        registrar.intercept(pattern: "app://blog/articles/:id(int)/comment") { request in
            (try? sessions())?.reader == nil ? .redirect(to: "app://login", returningTo: request.url) : .proceed
        }
    }
}
