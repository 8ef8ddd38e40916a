/// An in-memory host for module authors' tests: registers modules without plugin files, launches
/// them, and drives navigation, so a flow can be checked headlessly.
///
/// ```swift
/// @Test @MainActor func tappingACircleOpensItsPage() async throws {
///     let host = try await TestHost(modules: [CirclesModule.self, ShellModule.self])
///     try await host.open("app://circles")
///     try await host.perform("row 1")
///     #expect(host.stack.description == "Circles > Hiking")
///     #expect(host.screenText?.contains("128 members") == true)
///     #expect(host.navigator.leaks.isEmpty)
/// }
/// ```
@MainActor
public final class TestHost {
    /// The host's own registry (not ``Registry/shared``).
    ///
    /// ```swift
    /// try host.registry.disable(module: "Blog.BlogModule")
    /// ```
    public let registry: Registry
    /// The launched application.
    ///
    /// ```swift
    /// await host.application.post(Event(.foreground))
    /// ```
    public let application: Application
    /// The navigator that drives the screens.
    ///
    /// ```swift
    /// #expect(host.navigator.history.count == 2)
    /// ```
    public let navigator: Navigator
    /// The report of the launch that ``init(modules:image:)`` ran.
    ///
    /// ```swift
    /// #expect(host.launchReport.entry(named: "circles.cache")?.outcome == .succeeded)
    /// ```
    public let launchReport: LaunchReport

    /// Registers `modules` (all-or-nothing) and launches them.
    /// - Parameters:
    ///   - modules: The module types, as a plugin would contribute them.
    ///   - image: The name to record as the modules' image.
    /// - Throws: ``RegistrationError``, ``LaunchError``, or ``TestHostError/launchFailed(_:)``
    ///   when a required startup task failed.
    ///
    /// ```swift
    /// let host = try await TestHost(modules: [ShellModule.self, CirclesModule.self])
    /// ```
    public init(modules: [any Module.Type], image: String = "tests") async throws {
        registry = Registry()
        try registry.register(modules, image: image)
        application = Application(registry: registry)
        launchReport = try await application.launch()
        if let failure = launchReport.failure { throw TestHostError.launchFailed(failure) }
        navigator = Navigator(registry: registry)
    }

    /// Opens `url` by pushing its screen.
    ///
    /// ```swift
    /// try await host.open("app://circles")
    /// ```
    public func open(_ url: String, context: (any Sendable)? = nil) async throws(NavigationError) {
        try await navigator.open(url, context: context)
    }

    /// Takes the top screen's action `id` and waits for the navigation it causes.
    ///
    /// ```swift
    /// try await host.perform("account", text: "ann")
    /// try await host.perform("login")
    /// ```
    public func perform(_ id: String, text: String? = nil) async throws(NavigationError) {
        try await navigator.perform(id, text: text)
    }

    /// The navigation stacks as plain values.
    ///
    /// ```swift
    /// #expect(host.stack.description == "Circles > Hiking")
    /// ```
    public var stack: NavigatorState { navigator.state }

    /// What the top screen shows, or `nil` when none is open.
    ///
    /// ```swift
    /// #expect(host.screenText?.contains("128 members") == true)
    /// ```
    public var screenText: String? { navigator.topScreen?.render() }
}

/// Why a ``TestHost`` could not start.
///
/// ```swift
/// do {
///     _ = try await TestHost(modules: [BrokenModule.self])
/// } catch {
///     print(error)  // required task 'db.open' of module … failed: …
/// }
/// ```
public enum TestHostError: Error, Sendable, CustomStringConvertible {
    /// A required startup task failed.
    ///
    /// ```swift
    /// catch TestHostError.launchFailed(let failure) { print(failure.task, failure.outcome) }
    /// ```
    case launchFailed(LaunchReport.Failure)

    /// The failure.
    ///
    /// ```swift
    /// catch { print(error.description) }
    /// ```
    public var description: String {
        switch self {
        case .launchFailed(let failure): "the launch failed: \(failure)"
        }
    }
}
