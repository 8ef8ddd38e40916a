internal import PlugboardReactive

/// The host's side of a screen of an isolated plugin: it shows what the plugin process rendered,
/// forwards the actions taken to it, and follows the navigation its view model asks for. When
/// the plugin stops, it says so in the screen's place, with an action to go back; opening the
/// route again starts a new plugin process.
@MainActor
final class ProxyScreen: Screen {
    private let plugin: IsolatedPlugin
    private let url: String
    private let routeTitle: String
    private var state: WireScreen?
    /// The process that served `state`.
    private var process: Int32?
    private var failure: IsolationError?
    /// What the process was doing for this screen when it stopped, if it stopped while it served
    /// a request of it: a screen whose building or rendering stopped it is built again only when
    /// asked (a restart), since it would most likely stop the process again, with every screen it
    /// serves; one whose action stopped it is built again as any other (the action is not taken
    /// again).
    private var ownStop: OwnStop?

    /// What a screen's own request that stopped its process was doing.
    private enum OwnStop {
        case building
        case action
    }
    private let model = ProxyViewModel()

    private let context: WireValue?

    /// The proxy of the screen of `url` with `context`, which must cross to the plugin process.
    /// - Throws: ``NavigationError/contextCannotCross(_:)`` for a context that cannot.
    init(plugin: IsolatedPlugin, url: String, context: (any Sendable)?, title: String) throws(NavigationError) {
        if let context {
            guard let value = WireValue(context) else {
                throw .contextCannotCross(WireValue.refusal(of: context, to: url))
            }
            self.context = value
        } else {
            self.context = nil
        }
        self.plugin = plugin
        self.url = url
        routeTitle = title
    }

    isolated deinit {
        if let state, let process { plugin.release(screen: state.id, in: process) }
    }

    var viewModel: (any ViewModel)? { model }

    /// Why the screen cannot be shown: its last request failed, or the process that served it
    /// stopped since.
    var stop: IsolationError? {
        failure ?? process.flatMap(plugin.stop(ofProcess:))
    }

    /// Whether the screen shows that its plugin stopped (not that a request failed; a stop its own
    /// building or rendering caused only `evenItsOwn`), while the plugin runs again: built again
    /// from its URL, it would show the plugin's screen.
    func showsStopOfRunningPlugin(evenItsOwn: Bool) -> Bool {
        switch stop {
        case nil, .failed?: false
        case _?: plugin.processID != nil && (evenItsOwn || ownStop != .building)
        }
    }

    var title: String {
        switch stop {
        case nil, .failed?: state?.title ?? routeTitle
        case _?: "\(plugin.names) stopped"
        }
    }

    func render() -> String {
        if let stop {
            // A stop after which the plugin stays stopped says so, and what starts it.
            switch stop {
            case .stopped, .notResponding:
                if let stays = plugin.staysStopped { return stop.summary + "\n" + stays.description }
            default: break
            }
            return stop.description
        }
        return state?.text ?? ""
    }

    var actions: [ScreenAction] {
        guard stop == nil, let state else {
            return [ScreenAction("back", title: "Go back") { [model] _ in model.navigation.send(.pop) }]
        }
        return state.actions.map { action in
            ScreenAction(action.id, title: action.title, takesText: action.takesText, isEnabled: action.isEnabled) {
                [weak self] text in await self?.perform(action.id, text: text, on: state.id)
            }
        }
    }

    func load() async {
        let (url, context) = (url, context)
        await answer { request in .open(request: request, url: url, context: context) }
        guard let id = state?.id, let process else { return }
        let navigation = model.navigation
        plugin.onNavigation(of: id, in: process) { request in navigation.send(request.request) }
    }

    /// Asks the process that showed the screen for it as it is now: what a screen renders may
    /// change while another covers it (the account it shows logged in, say), and a screen in the
    /// host's process renders anew each time it is shown. A screen that shows a stop stays so.
    func showAgain() async {
        guard stop == nil, let id = state?.id else { return }
        await answer(in: process) { request in .show(request: request, screen: id) }
    }

    /// Performs the action in the process that showed the screen, never in one started since.
    private func perform(_ action: String, text: String?, on screen: Int) async {
        await answer(in: process, building: false) { request in
            .perform(request: request, screen: screen, action: action, text: text)
        }
    }

    /// Sends the request `make` builds (to the process numbered `process`, if one is given), and
    /// shows its answer, or the plugin's stop; `building` says whether the request builds or
    /// renders the screen rather than takes an action.
    private func answer(
        in process: Int32? = nil, building: Bool = true, _ make: @Sendable (Int) -> WireMessage
    ) async {
        // A request to a process that ended before only learns of its stop.
        let ended = process.flatMap(plugin.stop(ofProcess:)) != nil
        do {
            (state, self.process) = try await plugin.screen(make, in: process)
            failure = nil
            ownStop = nil
        } catch {
            failure = error
            switch error {
            case .stopped, .notResponding: ownStop = ended ? nil : building ? .building : .action
            default: break
            }
        }
    }
}

/// The view model of a ``ProxyScreen``: the navigation the plugin process's view model asks for.
final class ProxyViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
}
