internal import CPlugboard
internal import Glibc
internal import PlugboardReactive

/// The plugin process's side of isolation: says it is prepared, and once the host names the
/// plugin files to serve — one plugin, or a group of plugins that need one another — loads them
/// through the loader's checks, launches their startup tasks, and serves the host's requests about
/// their screens over a ``WireConnection`` until the host closes it. A trap in a plugin ends this
/// process, not the host.
///
/// ```swift
/// // In the top-level code of the executable the host starts as a plugin process, with the
/// // socket as descriptor 3:
/// exit(PluginProcess.serve(policy: .strict))
/// ```
@MainActor
public final class PluginProcess {
    private let connection: WireConnection
    private let application: Application
    /// Each open screen, with its route's module.
    private var screens: [Int: (screen: any Screen, module: String, subscription: Subscription?)] = [:]
    private var lastScreen = 0
    private let speaker: OutputSpeaker

    /// Serves `application` over `connection`; what its plugins print is noted by `speaker`, the
    /// one its launch told, or one of its own.
    init(connection: WireConnection, application: Application, speaker: OutputSpeaker? = nil) {
        self.connection = connection
        self.application = application
        self.speaker = speaker ?? OutputSpeaker(modules: application.registry.snapshot.modules)
    }

    /// Serves, over the socket `descriptor`, the plugin files the host names in its
    /// ``WireMessage/hello(version:files:confinement:)``, in their load order (each after those it needs),
    /// each checked as any host checks it (`policy`), once it has confined itself as the hello says
    /// (``ProcessConfinement``). Returns the exit status: 0 once the host
    /// closed the connection, 1 when a plugin was refused (the host is told why), 2 when the host
    /// said no hello in this version of the wire, 70 when it was not called on the main thread.
    ///
    /// It runs on the main thread, which reads the socket and runs the main actor's work, so that
    /// a request starts at once on the thread that read it; call it from the executable's
    /// top-level code before anything there awaits (Dispatch then serves the main actor on a
    /// thread of its own pool, for good).
    ///
    /// The process is named `plugboard-spare` while it waits, then takes its plugins' names as its
    /// own (`ps -o comm` shows `Account+Blog`, or `Accounting+2` where the names do not fit).
    /// - Parameters:
    ///   - descriptor: The connected socket the host handed over.
    ///   - policy: The loader's checks.
    ///
    /// ```swift
    /// exit(PluginProcess.serve(policy: .strict))
    /// ```
    public static func serve(descriptor: Int32 = 3, policy: LoadPolicy) -> Int32 {
        guard MainThreadLoop.onMainThread else {
            let message = "PluginProcess.serve must be called on the main thread, before anything there awaits\n"
            _ = message.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
            return 70
        }
        let loop = MainThreadLoop()
        return loop.run { await serve(descriptor: descriptor, policy: policy, on: loop) }
    }

    /// Serves as ``serve(descriptor:policy:)`` says, reading the socket on `loop`.
    private static func serve(descriptor: Int32, policy: LoadPolicy, on loop: MainThreadLoop) async -> Int32 {
        // The processes it starts (the Swift runtime's backtracer, after a trap) must not keep the
        // socket open: the host sees this process end by its socket closing.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // What its plugins start ends with it, whatever they do (setsid, a double fork): each
        // such process becomes its child once its parent ends, and is ended at its end.
        _ = pb_contain_descendants()
        // It never outlives the host: once the host's end of the socket closes, it ends, and what
        // it started, even while a plugin's code holds the main thread.
        _ = pb_end_with_host(descriptor)
        // What its plugins print reaches the host line by line, as they print it, not once a
        // pipe's buffer is full.
        pb_line_buffer_standard_output()
        // A plugin process sent SIGSEGV or SIGABRT (by a person, or a test) ends, as any process
        // does: the Swift runtime's crash handler alone would write a backtrace and go on.
        _ = pb_end_on_fatal_signals_from_others()
        let connection = WireConnection(descriptor: descriptor)
        await warmUp(policy: policy)
        name(as: Self.spareName)
        guard (try? connection.send(.prepared(version: WireMessage.version))) != nil,
            case .hello(let version, let files, let confinement)? = try? connection.receive(),
            version == WireMessage.version, !files.isEmpty
        else { return 2 }
        // Confined before any code of its plugins runs: what they start is confined too.
        do {
            try confinement?.confineThisProcess(reading: files)
        } catch {
            try? connection.send(.refused(reason: error.description))
            return 1
        }
        var plugins: [WirePlugin] = []
        do {
            for file in files {
                let plugin = try PluginLoader(registry: .shared, policy: policy).load(file: file)
                plugins.append(
                    WirePlugin(name: plugin.manifest.name, version: plugin.manifest.version, modules: plugin.modules))
            }
        } catch {
            try? connection.send(.refused(reason: error.description))
            return 1
        }
        name(as: processName(of: plugins.map(\.name)))
        let report: LaunchReport
        // On this thread's actor: the launch neither leaves this thread nor wakes it to come back.
        let speaker = OutputSpeaker(modules: Registry.shared.snapshot.modules)
        let application = Application(registry: .shared, onMainActor: true, taskRunning: speaker.running)
        do {
            report = try await application.launch()
        } catch {
            try? connection.send(.refused(reason: error.description))
            return 1
        }
        if let failure = report.failure {
            try? connection.send(.refused(reason: failure.description))
            return 1
        }
        do {
            try connection.send(ready(plugins, registered: Registry.shared.snapshot, launch: report))
        } catch {
            return 0
        }
        let process = PluginProcess(connection: connection, application: application, speaker: speaker)
        // Each request is served in a task of its own, so that a slow `load()` does not hold up the
        // next; the task runs at once, on this thread, up to its first wait.
        await withCheckedContinuation { (closed: CheckedContinuation<Void, Never>) in
            loop.read(descriptor) {
                guard let message = try? connection.receive() else {
                    closed.resume()
                    return false
                }
                Task.immediate { @MainActor in await process.handle(message) }
                return true
            }
        }
        return 0
    }

    /// The `ready` message that tells the host about `plugins`: what they `registered` and how
    /// their launch went.
    static func ready(_ plugins: [WirePlugin], registered snapshot: RegistrySnapshot, launch report: LaunchReport)
        -> WireMessage
    {
        let routes = snapshot.routes.map { route in
            WireRoute(
                pattern: route.pattern.description, title: route.title, example: route.example,
                module: route.owner.module,
                plugin: snapshot.modules.first { $0.owner == route.owner }?.plugin ?? "")
        }
        let handlers = snapshot.handlers.map { WireHandler(event: $0.event.description, module: $0.owner.module) }
        let interceptors = snapshot.interceptors.enumerated().map { number, interceptor in
            var pattern: String?
            var prefix: String?
            switch interceptor.scope {
            case .pattern(let guarded): pattern = guarded.description
            case .prefix(let guarded): prefix = guarded
            }
            return WireInterceptor(
                number: number, pattern: pattern, prefix: prefix, priority: interceptor.priority,
                module: interceptor.owner.module)
        }
        return .ready(
            version: WireMessage.version, plugins: plugins, routes: routes, handlers: handlers,
            interceptors: interceptors, fallback: snapshot.fallback?.owner.module, launch: report)
    }

    /// The name of a plugin process that is prepared and waits to be told what to serve.
    static let spareName = "plugboard-spare"

    /// The name of a process that serves `plugins`: their names joined by `+` (`Account+Blog`)
    /// when they fit in the 15 bytes a process's name holds; else the first plugin's name, cut
    /// where it must be, and how many others it serves (`Accounting+2`), never a name cut in two
    /// without saying so.
    nonisolated static func processName(of plugins: [String]) -> String {
        let joined = plugins.joined(separator: "+")
        guard joined.utf8.count > 15, let first = plugins.first else { return joined }
        let others = plugins.count > 1 ? "+\(plugins.count - 1)" : ""
        var name = ""
        for character in first where name.utf8.count + character.utf8.count + others.utf8.count <= 15 {
            name.append(character)
        }
        return name + others
    }

    /// Takes `name` as the process's name (its first 15 bytes, all a name holds): a person who
    /// lists processes sees which plugins each plugin process serves, or that it waits. Called on
    /// the main thread, whose name is the process's; one system call.
    private static func name(as name: String) {
        pb_set_thread_name(name)
    }

    /// Serves `message`, a request of the host's, answering it over the connection.
    func handle(_ message: WireMessage) async {
        switch message {
        case .open(let request, let url, let context):
            await open(url, context: context, request: request)
        case .perform(let request, let screen, let action, let text):
            guard let (shown, module) = openScreen(screen, answering: request) else { return }
            await speaker.speaking(for: module) {
                await perform(action, text: text, on: shown, id: screen, request: request)
            }
        case .show(let request, let screen):
            guard let (shown, module) = openScreen(screen, answering: request) else { return }
            await speaker.speaking(for: module) {
                answer(.screen(request: request, state: state(of: shown, id: screen)))
            }
        case .release(let screen):
            screens[screen] = nil
        case .post(let request, let number, let event, let userInfo):
            // The host posts the event to each handler of its own: the one named hears it, once.
            let handlers = application.registry.snapshot.handlers
            let kind = LifecycleEvent(named: event)
            guard handlers.indices.contains(number), handlers[number].event == kind else {
                return answer(.failed(request: request, reason: "no handler \(number) of \(event) is registered"))
            }
            await speaker.speaking(for: handlers[number].owner.module) {
                await handlers[number].body(Event(kind, userInfo: userInfo))
            }
            answer(.done(request: request))
        case .intercept(let request, let number, let route):
            let interceptors = application.registry.snapshot.interceptors
            guard interceptors.indices.contains(number) else {
                return answer(.failed(request: request, reason: "no interceptor \(number) is registered"))
            }
            let interceptor = interceptors[number]
            do {
                let decision = try await speaker.speaking(for: interceptor.owner.module) {
                    try await interceptor.decide(route.request)
                }
                answer(.decision(request: request, decision: decision))
            } catch {
                answer(.failed(request: request, reason: String(describing: error)))
            }
        case .terminate(let request):
            await application.terminate()
            answer(.done(request: request))
        default:
            break
        }
    }

    private func open(_ url: String, context: WireValue?, request: Int) async {
        let resolved: ResolvedRoute
        do {
            // The host ran every interceptor, this process's through their proxies, before asking.
            // On this actor: a hop to another thread and back would cost two wakes of a thread.
            resolved = try await application.registry.resolve(url, context: context?.context, intercepting: false)
        } catch {
            return answer(.failed(request: request, reason: error.description))
        }
        await speaker.speaking(for: resolved.owner.module) { await show(resolved, request: request) }
    }

    /// Makes the screen `resolved` names, loads it and answers with what it shows.
    private func show(_ resolved: ResolvedRoute, request: Int) async {
        let screen: any Screen
        do {
            screen = try resolved.makeScreen()
        } catch {
            return answer(.failed(request: request, reason: error.description))
        }
        lastScreen += 1
        let id = lastScreen
        screen.setUpNavigation()
        screen.setUpSubviews()
        screen.viewModel?.initialize()
        screen.bindViewModel()
        let connection = connection
        let subscription = screen.viewModel?.navigation.observe { request in
            try? connection.send(.navigate(screen: id, request: WireNavigation(request)))
        }
        screens[id] = (screen, resolved.owner.module, subscription)
        await screen.load()
        answer(.screen(request: request, state: state(of: screen, id: id)))
    }

    private func perform(_ id: String, text: String?, on screen: any Screen, id screenID: Int, request: Int) async {
        guard let action = screen.actions.first(where: { $0.id == id }) else {
            return answer(
                .failed(
                    request: request,
                    reason: NavigationError.unknownAction(id, available: screen.actions.map(\.id)).description))
        }
        guard action.isEnabled else {
            return answer(.failed(request: request, reason: NavigationError.disabledAction(id).description))
        }
        await action.perform(text)
        answer(.screen(request: request, state: state(of: screen, id: screenID)))
    }

    /// The screen numbered `id` and its route's module, or `nil` when none is open, the request
    /// numbered `request` answered with the failure then.
    private func openScreen(_ id: Int, answering request: Int) -> (screen: any Screen, module: String)? {
        guard let open = screens[id] else {
            answer(.failed(request: request, reason: "no screen \(id) is open"))
            return nil
        }
        return (open.screen, open.module)
    }

    private func state(of screen: any Screen, id: Int) -> WireScreen {
        WireScreen(
            id: id, title: screen.title, text: screen.render(),
            actions: screen.actions.map {
                WireAction(id: $0.id, title: $0.title, takesText: $0.takesText, isEnabled: $0.isEnabled)
            })
    }

    private func answer(_ message: WireMessage) {
        try? connection.send(message)
    }
}
