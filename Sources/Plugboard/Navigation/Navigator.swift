internal import Synchronization

/// A headless navigation stack driven by view models' navigation requests.
///
/// ```swift
/// let navigator = Navigator(registry: .shared)
/// try await navigator.open("app://circles")
/// try await navigator.perform("row 1")         // the view model pushes app://circles/42
/// print(navigator.state)                        // Circles > Circle 42
/// ```
///
/// The navigator keeps a stack of stacks (pushed screens, and presented modal stacks on top),
/// resolves every URL through the registry's router and interceptors, runs each new screen's
/// lifecycle in the articles' order, follows the requests its view models send (one at a time,
/// in the order sent, however long an interceptor or a screen's `load()` takes), keeps a history
/// of transitions, and after a pop or dismiss checks that the screen and its view model were
/// released, reporting a leak by type and route otherwise.
@MainActor
public final class Navigator {
    /// A screen on a stack, with the URL it was opened with and the plugin whose module built it.
    struct Entry {
        let url: String
        let screen: any Screen
        let subscription: Subscription?
        let plugin: String?
    }

    /// The registry whose routes the navigator opens.
    ///
    /// ```swift
    /// Navigator().registry === Registry.shared  // true
    /// ```
    public let registry: Registry
    var stacks: [[Entry]] = [[]]
    /// Every transition, oldest first.
    ///
    /// ```swift
    /// navigator.history.map(\.description)  // ["push app://circles", "push app://circles/1"]
    /// ```
    public private(set) var history: [Transition] = []
    /// Screens and view models found alive after they were removed, and still alive once the
    /// main actor's work queued by then has run (work a screen started may hold it until then).
    ///
    /// ```swift
    /// try await navigator.pop()
    /// #expect(navigator.leaks.isEmpty)  // a popped screen and its view model were released
    /// ```
    public private(set) var leaks: [LeakReport] = []
    /// Navigation requests from view models that failed, oldest first: the last
    /// ``keptFailures`` of them, so that a view model that asks again and again for what fails
    /// costs a bounded amount of memory.
    ///
    /// ```swift
    /// navigator.failures.last.map { print("the last navigation failed:", $0) }
    /// ```
    public private(set) var failures: [NavigationError] = []
    /// How many of the last failed navigation requests ``failures`` keeps.
    ///
    /// ```swift
    /// Navigator.keptFailures  // 100
    /// ```
    public static let keptFailures = 100
    private let pending = PendingRequests()
    /// Requests from view models not yet followed, oldest first; the first is being followed.
    private var queued: [NavigationRequest] = []
    /// The task that follows the requests of ``queued``, one at a time, while there are any.
    private var following: Task<Void, Never>?
    /// The callers of ``settle()`` waiting for the requests sent so far to be followed.
    private var settling: [CheckedContinuation<Void, Never>] = []
    var unchecked: [RemovedObject] = []
    private var acting = 0

    /// Creates an empty navigator.
    ///
    /// ```swift
    /// let navigator = Navigator()                          // routes of the shared registry
    /// let isolated = Navigator(registry: testRegistry)     // routes of another registry
    /// ```
    public init(registry: Registry = .shared) {
        self.registry = registry
    }

    /// The stacks as plain values.
    ///
    /// ```swift
    /// print(navigator.state)  // Circles > Hiking
    /// ```
    public var state: NavigatorState {
        NavigatorState(
            stacks: stacks.filter { !$0.isEmpty }.map { $0.map { .init(url: $0.url, title: $0.screen.title) } })
    }

    /// The screen on top, if any.
    ///
    /// ```swift
    /// print(navigator.topScreen?.render() ?? "no screen")
    /// ```
    public var topScreen: (any Screen)? {
        stacks.last(where: { !$0.isEmpty })?.last?.screen
    }

    /// Opens `url` by pushing its screen on the current stack.
    /// - Throws: ``NavigationError/lookup(_:)`` when the URL cannot be opened; nothing changes then.
    ///
    /// ```swift
    /// try await navigator.open("app://circles/42", context: CirclePreview(name: "Hiking"))
    /// ```
    public func open(_ url: String, context: (any Sendable)? = nil) async throws(NavigationError) {
        try await show(.push(url, context: context))
    }

    /// Takes the action `id` of the top screen, then waits until the navigation it caused is done.
    /// - Parameters:
    ///   - id: The action's identifier, e.g. `row 1` or `login`.
    ///   - text: Typed text, for an action that takes it.
    /// - Throws: ``NavigationError`` for an unknown or disabled action, or no screen.
    ///
    /// ```swift
    /// try await navigator.perform("account", text: "ann")
    /// try await navigator.perform("login")  // the view model's push is followed before this returns
    /// ```
    public func perform(_ id: String, text: String? = nil) async throws(NavigationError) {
        acting += 1
        defer { acting -= 1 }
        try await run(id, text: text)
        // The action, and the screen it belonged to, are released now; look for leaks after the
        // navigation it caused is done.
        await settle()
        await checkForLeaks()
    }

    private func run(_ id: String, text: String?) async throws(NavigationError) {
        guard let screen = topScreen else { throw .noScreen }
        let actions = screen.actions
        guard let action = actions.first(where: { $0.id == id }) else {
            throw .unknownAction(id, available: actions.map(\.id))
        }
        guard action.isEnabled else { throw .disabledAction(id) }
        await action.perform(text)
    }

    /// Pops the top screen of the current stack.
    ///
    /// ```swift
    /// try await navigator.pop()
    /// ```
    public func pop() async throws(NavigationError) {
        try await show(.pop)
    }

    /// Waits until every navigation request sent so far has been followed.
    ///
    /// ```swift
    /// viewModel.navigation.send(.push("app://blog"))
    /// await navigator.settle()
    /// navigator.state.top?.url  // "app://blog"
    /// ```
    public func settle() async {
        // Suspended until the last request is followed, not looking again and again: a request
        // that waits (on a plugin process that does not answer, say) keeps no thread busy.
        guard pending.count.load(ordering: .acquiring) > 0 else { return }
        await withCheckedContinuation { settling.append($0) }
    }

    /// Gives up the requests from view models not yet followed: the one being carried out (its
    /// screen, still loading, is not shown) and those waiting after it; the callers of
    /// ``settle()`` go on. Requests sent later are followed as before.
    ///
    /// ```swift
    /// viewModel.navigation.send(.push("app://slow"))  // a screen whose load() takes a while
    /// navigator.abandonRequests()                     // a person gave up the wait
    /// navigator.state.top?.url                        // not "app://slow", now or later
    /// ```
    public func abandonRequests() {
        guard let following else { return }
        following.cancel()
        self.following = nil
        let abandoned = queued.count
        queued = []
        for _ in 0..<abandoned { followed() }
    }

    /// Carries out `request`.
    /// - Throws: ``NavigationError``; the stacks are unchanged when it throws.
    ///
    /// ```swift
    /// try await navigator.show(.present("app://login"))
    /// try await navigator.show(.dismiss)
    /// ```
    public func show(_ request: NavigationRequest) async throws(NavigationError) {
        try await apply(request)
        if acting == 0 { await checkForLeaks() }
    }

    /// Carries out `request`; after an open, which may have started an isolated plugin's process
    /// again, the screens that show that plugin's stop are built again; after a removal, the
    /// screen it uncovered is shown as it is now.
    private func apply(_ request: NavigationRequest) async throws(NavigationError) {
        try await changeStacks(request)
        switch request {
        case .push, .present, .replace: await rebuildStoppedScreensAfterOpen()
        case .pop, .popToRoot, .dismiss: await showUncoveredScreen()
        }
    }

    private func changeStacks(_ request: NavigationRequest) async throws(NavigationError) {
        switch request {
        case .push(let url, let context):
            let (entry, redirects) = try await makeEntry(url, context: context)
            stacks[stacks.count - 1].append(entry)
            history.append(Transition(kind: .push, url: entry.url, redirects: redirects))
        case .present(let url, let context):
            let (entry, redirects) = try await makeEntry(url, context: context)
            stacks.append([entry])
            history.append(Transition(kind: .present, url: entry.url, redirects: redirects))
        case .replace(let url, let context):
            let (entry, redirects) = try await makeEntry(url, context: context)
            let watched = watch(stacks[stacks.count - 1].popLast().map { [$0] } ?? [])
            stacks[stacks.count - 1].append(entry)
            history.append(Transition(kind: .replace, url: entry.url, redirects: redirects))
            unchecked += watched
        case .pop:
            guard stacks[stacks.count - 1].count > 1 || (stacks.count > 1 && !stacks[stacks.count - 1].isEmpty) else {
                throw .nothingToRemove("pop")
            }
            let url = stacks[stacks.count - 1][stacks[stacks.count - 1].count - 1].url
            let watched = watch([stacks[stacks.count - 1].removeLast()])
            if stacks[stacks.count - 1].isEmpty && stacks.count > 1 { stacks.removeLast() }
            history.append(Transition(kind: .pop, url: url, redirects: []))
            unchecked += watched
        case .popToRoot:
            guard stacks[stacks.count - 1].count > 1 else { throw .nothingToRemove("pop") }
            let watched = watch(stacks[stacks.count - 1][1...].reversed())
            stacks[stacks.count - 1].removeSubrange(1...)
            history.append(Transition(kind: .popToRoot, url: stacks[stacks.count - 1][0].url, redirects: []))
            unchecked += watched
        case .dismiss:
            guard stacks.count > 1 else { throw .nothingToRemove("dismiss") }
            let url = stacks[stacks.count - 1].first?.url ?? ""
            let watched = watch(stacks.removeLast().reversed())
            history.append(Transition(kind: .dismiss, url: url, redirects: []))
            unchecked += watched
        }
    }

    /// Resolves `url`, builds its screen and runs its lifecycle, following its view model.
    func makeEntry(_ url: String, context: (any Sendable)?) async throws(NavigationError) -> (Entry, [String]) {
        if let uncrossable = context as? UncrossableContext { throw .contextCannotCross(uncrossable.reason) }
        let resolved: ResolvedRoute
        let screen: any Screen
        do {
            resolved = try await registry.resolve(url, context: context)
            screen = try resolved.makeScreen()
        } catch {
            throw .lookup(error)
        }
        // A caller that gave up while the route resolved (its plugin activating, say) gets no screen.
        guard !Task.isCancelled else { throw .cancelled(url) }
        screen.setUpNavigation()
        screen.setUpSubviews()
        screen.viewModel?.initialize()
        screen.bindViewModel()
        await screen.load()
        // Nor does one that gave up while the screen loaded.
        guard !Task.isCancelled else { throw .cancelled(url) }
        let subscription = screen.viewModel?.navigation.observe { [weak self, pending] request in
            pending.count.add(1, ordering: .releasing)
            Task { @MainActor in
                guard let self else {
                    pending.count.subtract(1, ordering: .releasing)
                    return
                }
                self.follow(request)
            }
        }
        let plugin = registry.snapshot.modules.first { $0.name == resolved.owner.module }?.plugin
        return (
            Entry(url: resolved.request.url, screen: screen, subscription: subscription, plugin: plugin),
            resolved.redirects
        )
    }

    /// Queues a request from a view model and, unless the queue is being followed already,
    /// follows it: one request at a time, in the order sent, however long each takes to resolve.
    private func follow(_ request: NavigationRequest) {
        queued.append(request)
        guard following == nil else { return }
        following = Task { await followQueued() }
    }

    /// Carries out the queued requests, oldest first, until none is left or they are given up
    /// (``abandonRequests()``, which counts them as followed); a task given up leaves the queue,
    /// and ``following``, to the requests sent since, even if it had not begun.
    private func followQueued() async {
        while !Task.isCancelled, let next = queued.first {
            do throws(NavigationError) {
                try await apply(next)
            } catch {
                if !Task.isCancelled {
                    if failures.count == Self.keptFailures { failures.removeFirst() }
                    failures.append(error)
                }
            }
            guard !Task.isCancelled else { return }
            queued.removeFirst()
            followed()
        }
        if !Task.isCancelled { following = nil }
    }

    /// Counts a request from a view model as followed; once none is left, the callers of
    /// ``settle()`` go on.
    private func followed() {
        guard pending.count.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
        let waiting = settling
        settling = []
        for caller in waiting { caller.resume() }
    }

    /// Ends the removed screens' subscriptions and returns weak references to them and their view
    /// models; the navigator holds no strong reference once the entries go.
    func watch(_ removed: [Entry]) -> [RemovedObject] {
        var watched: [RemovedObject] = []
        for entry in removed {
            entry.subscription?.cancel()
            watched.append(RemovedObject(entry.screen, url: entry.url))
            if let viewModel = entry.screen.viewModel { watched.append(RemovedObject(viewModel, url: entry.url)) }
        }
        return watched
    }

    /// Reports each removed screen or view model that is still alive as a leak.
    func checkForLeaks() async {
        // Most removed objects are gone at once. Only when one is alive is it worth letting the
        // tasks the screens started finish with them before looking again: a yield resumes on the
        // global pool and hops back, two wakes of a thread.
        guard unchecked.contains(where: { $0.object != nil }) else {
            unchecked = []
            return
        }
        await Task.yield()
        let watched = unchecked
        unchecked = []
        for item in watched where item.object != nil {
            leaks.append(LeakReport(type: String(describing: item.type), url: item.url))
        }
    }
}

/// How many navigation requests were sent and not yet followed.
private final class PendingRequests: Sendable {
    let count = Atomic(0)
}

/// A screen or view model the navigator removed, held weakly for the leak check, with its type
/// and the URL that opened it.
final class RemovedObject {
    weak var object: AnyObject?
    /// The type, not its name: naming a type looks up its conformances in every image loaded,
    /// which is left for a leak found.
    let type: Any.Type
    let url: String

    init(_ object: AnyObject, url: String) {
        (self.object, type, self.url) = (object, Swift.type(of: object), url)
    }
}
