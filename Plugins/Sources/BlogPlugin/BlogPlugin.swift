public import Plugboard

/// The blog feature: articles by category, paged, and an article's detail.
public enum BlogPlugin: Plugin {
    public static let manifest = PluginManifest(name: "Blog", version: "1.0.0")
}

/// Registers the blog routes.
public final class BlogModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        let store = ArticleStore()
        registrar.route("app://blog", title: "Articles by category") { _ in
            ArticleListScreen(model: ArticleListViewModel(store: store))
        }
        registrar.route("app://blog/articles/:id(int)", title: "An article") { request in
            ArticleScreen(model: ArticleViewModel(id: try request.int("id"), store: store))
        }
    }
}
