import Plugboard

/// The article list: category tabs, the loaded pages, and a next-page action.
final class ArticleListScreen: Screen {
    let model: ArticleListViewModel
    let title = "Blog"
    var viewModel: (any ViewModel)? { model }

    init(model: ArticleListViewModel) {
        self.model = model
    }

    func load() async {
        await model.firstPage()
    }

    func render() -> String {
        let tabs = model.store.categories.map { $0 == model.category.value ? "[\($0)]" : $0 }.joined(separator: " ")
        var lines = ["Categories: \(tabs)"]
        if model.rows.value.isEmpty { lines.append("  No articles in \(model.category.value) yet.") }
        for (index, article) in model.rows.value.enumerated() {
            lines.append("  \(index + 1). \(article.title)")
        }
        lines.append(model.exhausted.value ? "[no more articles]" : "[page \(model.pages.value) — more below]")
        return lines.joined(separator: "\n")
    }

    var actions: [ScreenAction] {
        let model = model
        let rows = model.rows.value.indices.map { row in
            ScreenAction("row \(row + 1)", title: "Read \(model.rows.value[row].title)") { _ in model.tap(row: row) }
        }
        let categories = model.store.categories.map { name in
            ScreenAction("category \(name.lowercased())", title: "Show \(name)") { _ in await model.choose(name) }
        }
        return rows + categories + [
            ScreenAction("next", title: "Load the next page", isEnabled: !model.exhausted.value) { _ in
                await model.nextPage()
            }
        ]
    }
}

/// An article's detail.
final class ArticleScreen: Screen {
    let model: ArticleViewModel
    let title = "Article"
    var viewModel: (any ViewModel)? { model }

    init(model: ArticleViewModel) {
        self.model = model
    }

    func load() async {
        await model.load.execute(model.id)
    }

    func render() -> String {
        model.text.value
    }

    var actions: [ScreenAction] {
        let model = model
        return [ScreenAction("comment", title: "Write a comment") { _ in model.comment() }]
    }
}
