import AccountPlugin
import Plugboard

/// The comment box of an article: what the reader typed, posted under their account.
final class CommentScreen: Screen {
    let model: CommentViewModel
    let title = "Comment"
    var viewModel: (any ViewModel)? { model }

    init(model: CommentViewModel) {
        self.model = model
    }

    func render() -> String {
        let lines = [
            "Commenting on article \(model.article) as \(model.sessions.reader ?? "nobody")",
            "Comment: \(model.text.value)", model.posted.value,
        ]
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    var actions: [ScreenAction] {
        let model = model
        return [
            ScreenAction("write", title: "Type the comment", takesText: true) { text in model.text.value = text ?? "" },
            ScreenAction("post", title: "Post the comment", isEnabled: !model.text.value.isEmpty) { _ in model.post() },
        ]
    }
}

/// A comment being written by the reader the account's session service names.
final class CommentViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let article: Int
    let sessions: any ReaderSessions
    let text = MutableProperty("")
    let posted = MutableProperty("")

    init(article: Int, sessions: any ReaderSessions) {
        self.article = article
        self.sessions = sessions
    }

    func post() {
        posted.value = "Posted by \(sessions.reader ?? "nobody"): \(text.value)"
        text.value = ""
    }
}
