import Plugboard

/// The circle list: joined circles in the header, recommended circles below, paged.
final class CircleListScreen: Screen {
    let model: CircleListViewModel
    let title = "Circles"
    var viewModel: (any ViewModel)? { model }

    init(model: CircleListViewModel) {
        self.model = model
    }

    func load() async {
        await model.refresh.execute(())
    }

    func render() -> String {
        var lines = ["Joined: " + (model.store.joined.map(\.title).joined(separator: ", ").nonEmpty ?? "none yet")]
        lines.append("Recommended:")
        for (index, circle) in model.rows.value.enumerated() {
            lines.append("  \(index + 1). \(circle.title) — \(circle.members) members")
        }
        let footer =
            switch model.loadState.value {
            case .idle: "loading…"
            case .moreData: "pull up for more"
            case .noMoreData: "no more circles"
            case .error(let message): "error: \(message)"
            }
        lines.append("[\(footer)]")
        return lines.joined(separator: "\n")
    }

    var actions: [ScreenAction] {
        let model = model
        let rows = model.rows.value.indices.map { row in
            ScreenAction("row \(row + 1)", title: "Open \(model.rows.value[row].title)") { _ in model.tap(row: row) }
        }
        return rows + [
            ScreenAction("refresh", title: "Pull to refresh") { _ in await model.refresh.execute(()) },
            ScreenAction("next", title: "Load the next page", isEnabled: model.loadState.value != .noMoreData) { _ in
                await model.nextPage.execute(())
            },
            ScreenAction("add", title: "Create a circle") { _ in model.add() },
        ]
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
