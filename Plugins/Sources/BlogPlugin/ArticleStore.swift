/// An article's summary, as the list shows it.
struct Article: Sendable, Hashable {
    let id: Int
    let title: String
    let category: String
}

/// Deterministic local articles: Swift has five (pages of two), Design one, Empty none.
final class ArticleStore: Sendable {
    static let pageSize = 2
    let categories = ["Swift", "Design", "Empty"]
    private let articles: [Article] = [
        Article(id: 1, title: "Modules that register themselves", category: "Swift"),
        Article(id: 2, title: "Routing deep links", category: "Swift"),
        Article(id: 3, title: "Commands and signals", category: "Swift"),
        Article(id: 4, title: "A slim AppDelegate", category: "Swift"),
        Article(id: 5, title: "Testing flows headlessly", category: "Swift"),
        Article(id: 6, title: "Designing empty states", category: "Design"),
    ]

    /// Page `number` (from 1) of `category`.
    func page(_ number: Int, of category: String) async -> [Article] {
        Array(articles.filter { $0.category == category }.dropFirst((number - 1) * Self.pageSize).prefix(Self.pageSize))
    }

    /// The body of article `id`.
    func body(of id: Int) async throws(ArticleError) -> (Article, String) {
        guard let article = articles.first(where: { $0.id == id }) else { throw .noSuchArticle(id) }
        return (article, "\(article.title)\n\nThis article (#\(id)) explains \(article.title.lowercased()).")
    }
}

enum ArticleError: Error, CustomStringConvertible {
    case noSuchArticle(Int)
    var description: String {
        switch self {
        case .noSuchArticle(let id): "there is no article \(id)"
        }
    }
}
