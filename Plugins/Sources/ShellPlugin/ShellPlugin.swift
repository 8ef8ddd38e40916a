public import Plugboard

/// The slim AppDelegate's former contents: launch tasks with dependencies, and the root tabs.
public enum ShellPlugin: Plugin {
    public static let manifest = PluginManifest(name: "Shell", version: "1.0.0")
}

/// Configuration, logging, analytics, the data store and the root screen, as startup tasks.
public final class ShellModule: Module {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        let journal = LaunchJournal()
        registrar.provide(LaunchJournal.self, journal)
        // The shell is the app's frame: its tasks run at launch, which makes it active from launch.
        registrar.startupTask("shell.configuration", atLaunch: true) { journal.note("configuration loaded") }
        registrar.startupTask("shell.logging", after: ["shell.configuration"]) { journal.note("logging ready") }
        registrar.startupTask("shell.store", after: ["shell.configuration"], timeout: .seconds(5)) {
            try await Task.sleep(for: .milliseconds(2))
            journal.note("data store opened")
        }
        registrar.mainActorStartupTask("shell.root-screen", after: ["shell.store", "shell.logging"], atLaunch: true) {
            journal.note("root screen ready")
        }
        registrar.startupTask("shell.analytics", after: ["shell.logging"], phase: .afterFirstScreen, required: false) {
            journal.note("analytics started")
        }
        registrar.route("app://tabs", title: "The root tabs") { _ in TabsScreen(model: TabsViewModel()) }
    }
}

/// What the shell's launch tasks did, in order; a service other modules may read.
public final class LaunchJournal: Sendable {
    private let entries = MutableProperty<[String]>([])

    init() {}

    func note(_ entry: String) {
        entries.modify { $0.append(entry) }
    }

    /// Everything noted, oldest first.
    public var all: [String] { entries.value }
}

/// The root tabs.
final class TabsViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let tabs = [("Circles", "app://circles"), ("Blog", "app://blog"), ("Mine", "app://mine")]

    func select(_ index: Int) {
        navigation.send(.push(tabs[index].1))
    }
}

final class TabsScreen: Screen {
    let model: TabsViewModel
    let title = "Home"
    var viewModel: (any ViewModel)? { model }

    init(model: TabsViewModel) {
        self.model = model
    }

    func render() -> String {
        "Tabs: " + model.tabs.map(\.0).joined(separator: " | ")
    }

    var actions: [ScreenAction] {
        let model = model
        return model.tabs.indices.map { index in
            ScreenAction("tab \(index + 1)", title: model.tabs[index].0) { _ in model.select(index) }
        }
    }
}
