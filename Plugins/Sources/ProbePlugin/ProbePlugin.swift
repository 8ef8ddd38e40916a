import Glibc
public import Plugboard

/// The probe plugin's manifest.
public enum ProbePlugin: Plugin {
    /// Named by PLUGBOARD_PROBE_NAME, versioned by PLUGBOARD_PROBE_VERSION and given the
    /// dependencies of PLUGBOARD_PROBE_DEPENDENCIES (descriptions such as `Shell >=1.0.0 <2.0.0`,
    /// separated by `;`) when they are set, for the tests of the loader's manifest checks and of
    /// resolution: sealed under different settings, copies of it form a population. It declares the
    /// permissions of PLUGBOARD_PROBE_PERMISSIONS (text forms such as `read /srv`, separated by
    /// `;`), for the tests of confinement; and those its other settings need: the writing of the
    /// directory of its record (PLUGBOARD_PROBE_RECORD), the programs of its escape
    /// (PLUGBOARD_PROBE_HOSTILE).
    public static let manifest = PluginManifest(
        name: setting("PLUGBOARD_PROBE_NAME") ?? "Probe", version: setting("PLUGBOARD_PROBE_VERSION") ?? "0.0.1",
        dependencies: (setting("PLUGBOARD_PROBE_DEPENDENCIES") ?? "").split(separator: ";").map {
            PluginDependency(parsing: String($0)) ?? .plugin(String($0), exact: "not a version")
        },
        permissions: (setting("PLUGBOARD_PROBE_PERMISSIONS") ?? "").split(separator: ";").compactMap {
            PluginPermission(text: String($0))
        }
            + (setting("PLUGBOARD_PROBE_RECORD").map { [.write(String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]))] }
                ?? [])
            + (setting("PLUGBOARD_PROBE_HOSTILE") != nil ? HostileProbe.programs.map(PluginPermission.run) : []))

    private static func setting(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Registers one route and one task, so tests can see the plugin's contributions in the host.
public final class ProbeModule: Module, Sendable {
    public init() {}

    public func register(with registrar: ModuleRegistrar) throws {
        // A chatty plugin, for the tests of the host's child processes: with
        // PLUGBOARD_PROBE_CHATTER=N, registering writes about N bytes to standard output, the
        // last line without a newline.
        if let chatter = getenv("PLUGBOARD_PROBE_CHATTER").flatMap({ Int(String(cString: $0)) }) {
            print(String(repeating: "chatter\n", count: chatter / 8) + "no newline", terminator: "")
        }
        // With PLUGBOARD_PROBE_COMPLAINT=TEXT, registering writes TEXT to standard error.
        if let complaint = getenv("PLUGBOARD_PROBE_COMPLAINT") {
            let line = Array((String(cString: complaint) + "\n").utf8)
            _ = write(2, line, line.count)
        }
        // Registering says so in the record: the tests of lazy activation see whether the plugin's
        // code ran.
        Self.record("registered")
        registrar.route("app://probe/identity", title: "Probe") { [self] _ in
            ProbeScreen(model: ProbeViewModel(module: self))
        }
        // Its owner, as a service of a type the tests can name without importing the probe.
        registrar.provide(Owner.self, registrar.owner)
        // Its build's mark, the same words as its screen's action, as a service whose code is the
        // probe's: a test that holds it across a reload calls the old build's code.
        registrar.provide((any CustomStringConvertible & Sendable).self, ProbeMark())
        // With PLUGBOARD_PROBE_EVENT=NAME, it handles the custom event NAME, saying so on standard
        // output and in the record; with PLUGBOARD_PROBE_EVENT_TRAPS=1 as well, its handler traps;
        // with PLUGBOARD_PROBE_EVENT_TWICE=1, a second handler of the event says so too.
        if let event = getenv("PLUGBOARD_PROBE_EVENT").map({ String(cString: $0) }) {
            registrar.on(.custom(event)) { _ in
                if getenv("PLUGBOARD_PROBE_EVENT_TRAPS") != nil {
                    fatalError("the probe's event handler traps on purpose")
                }
                print("probe heard \(event)")
                fflush(nil)
                Self.record("heard \(event)")
            }
            if getenv("PLUGBOARD_PROBE_EVENT_TWICE") != nil {
                registrar.on(.custom(event)) { _ in Self.record("heard \(event) again") }
            }
        }
        // With PLUGBOARD_PROBE_INTERCEPTS=1, an interceptor of its own route says in the record
        // each time it decides, and lets the route open.
        if getenv("PLUGBOARD_PROBE_INTERCEPTS") != nil {
            registrar.intercept(pattern: "app://probe/identity") { request in
                Self.record("intercepted \(request.url)")
                return .proceed
            }
        }
        // With PLUGBOARD_PROBE_FALLBACK=1, it serves the URLs no route matches.
        if getenv("PLUGBOARD_PROBE_FALLBACK") != nil {
            registrar.fallback { request in MissingScreen(url: request.url) }
        }
        // Its shutdown work says so in the record.
        registrar.onShutdown { Self.record("shut down") }
        // With PLUGBOARD_PROBE_FAULTS=1, for the tests of isolation and verify, screens that trap
        // as they render and as they load, and one whose load never returns; and a route with a
        // parameter, the fault, whose example traps as it renders.
        if getenv("PLUGBOARD_PROBE_FAULTS") != nil {
            for fault in FaultyScreen.Fault.allCases {
                registrar.route("app://probe/\(fault.rawValue)", title: "Probe") { _ in FaultyScreen(fault: fault) }
            }
            registrar.route("app://probe/fault/:name", title: "Probe", example: "app://probe/fault/render-trap") {
                request in
                FaultyScreen(fault: FaultyScreen.Fault(rawValue: try request.string("name")) ?? .renderTrap)
            }
        }
        // With PLUGBOARD_PROBE_ROUTES=PATTERNS (separated by ","), it registers those routes too,
        // for the tests of route conflicts: another plugin's patterns.
        for pattern in (getenv("PLUGBOARD_PROBE_ROUTES").map { String(cString: $0) } ?? "").split(separator: ",") {
            registrar.route(String(pattern), title: "Probe") { [self] _ in
                ProbeScreen(model: ProbeViewModel(module: self))
            }
        }
        // With PLUGBOARD_PROBE_TASK_AFTER=NAMES (separated by ","), its task runs after those tasks,
        // for the tests of quarantine.
        let after = getenv("PLUGBOARD_PROBE_TASK_AFTER").map {
            String(cString: $0).split(separator: ",").map(String.init)
        }
        // Its task runs at launch, so the probe is active from launch, unless PLUGBOARD_PROBE_LAZY=1
        // asks for a plugin activated when first needed.
        let atLaunch = getenv("PLUGBOARD_PROBE_LAZY") == nil
        registrar.startupTask("probe.start", after: after ?? [], atLaunch: atLaunch) {
            // With PLUGBOARD_PROBE_SLOW=1 the task takes a minute unless cancelled; with
            // PLUGBOARD_PROBE_STUCK=1, or PLUGBOARD_PROBE_STUCK_ONCE=FILE once FILE exists, it never
            // ends and ignores cancellation, as a hung task would. Either way a line on standard
            // output tells a test that the task is running.
            let slow = getenv("PLUGBOARD_PROBE_SLOW") != nil
            let stuck =
                getenv("PLUGBOARD_PROBE_STUCK") != nil
                || getenv("PLUGBOARD_PROBE_STUCK_ONCE").map { access($0, F_OK) == 0 } == true
            if slow || stuck {
                print("probe.start: waiting")
                fflush(nil)
            }
            // With PLUGBOARD_PROBE_TASK_SAYS=TEXT it prints TEXT.
            if let text = getenv("PLUGBOARD_PROBE_TASK_SAYS") { print(String(cString: text)) }
            if slow { try await Task.sleep(for: .seconds(60)) }
            // With PLUGBOARD_PROBE_TASK_FAILS=1 the task fails; with PLUGBOARD_PROBE_TASK_TRAPS=1 it traps.
            if getenv("PLUGBOARD_PROBE_TASK_FAILS") != nil { throw ProbeFailure() }
            if getenv("PLUGBOARD_PROBE_TASK_TRAPS") != nil { fatalError("the probe's task traps on purpose") }
            await HostileProbe.forgeReadyIfAsked()
            while stuck { try? await Task.sleep(for: .milliseconds(100)) }
        }
        // With PLUGBOARD_PROBE_BROKEN=1 the module registers its route twice, so that the plugin is
        // refused with a reason of several lines.
        if getenv("PLUGBOARD_PROBE_BROKEN") != nil {
            registrar.route("app://probe/identity") { [self] _ in ProbeScreen(model: ProbeViewModel(module: self)) }
        }
    }
}

extension ProbeModule {
    /// With PLUGBOARD_PROBE_RECORD=FILE, appends `line` to FILE, so that a test sees what the
    /// probe's code did, in whichever process it ran.
    static func record(_ line: String) {
        guard let record = getenv("PLUGBOARD_PROBE_RECORD").map({ String(cString: $0) }), let file = fopen(record, "a")
        else { return }
        fputs(line + "\n", file)
        fclose(file)
    }
}

/// The probe's screen for a URL no route matches.
final class MissingScreen: Screen {
    let title = "Nowhere"
    let url: String

    init(url: String) { self.url = url }

    func render() -> String { "the probe has nothing at \(url)" }
}

/// A screen with a fault: it traps as it renders or as it loads, or its load never returns.
final class FaultyScreen: Screen {
    enum Fault: String, CaseIterable, Sendable {
        case renderTrap = "render-trap"
        case loadTrap = "load-trap"
        case loadHang = "load-hang"
    }

    let title = "Faulty"
    let fault: Fault

    init(fault: Fault) { self.fault = fault }

    func load() async {
        try? await Task.sleep(for: .milliseconds(10))
        switch fault {
        case .loadTrap: fatalError("the probe's screen traps as it loads")
        case .loadHang: while true { sleep(1) }
        case .renderTrap: break
        }
    }

    func render() -> String {
        if fault == .renderTrap { fatalError("the probe's screen traps as it renders") }
        return "faulty"
    }
}

struct ProbeFailure: Error, CustomStringConvertible {
    var description: String { "the probe's task failed, as PLUGBOARD_PROBE_TASK_FAILS asks" }
}

/// The probe screen's view model. It holds the module whose route built it, so that the reload
/// tests can see, through weak references, an old build's module and view model go.
final class ProbeViewModel: ViewModel {
    let navigation = Signal<NavigationRequest>()
    let module: ProbeModule

    init(module: ProbeModule) { self.module = module }
}

final class ProbeScreen: Screen {
    let title = "Probe"
    let model: ProbeViewModel
    var viewModel: (any ViewModel)? { model }

    init(model: ProbeViewModel) { self.model = model }

    /// With PLUGBOARD_PROBE_RELEASES=1, released, it says so in the record: the tests of
    /// isolation see a popped screen dropped in its plugin process.
    deinit {
        if getenv("PLUGBOARD_PROBE_RELEASES") != nil { ProbeModule.record("screen released") }
    }

    /// With PLUGBOARD_PROBE_RENDER_SPINS=1 it never returns, and keeps a core busy, as a plugin
    /// caught in a loop does.
    func render() -> String {
        // Read once: the loop calls nothing, so that where it spins is the probe's own code.
        let spins = getenv("PLUGBOARD_PROBE_RENDER_SPINS") != nil
        while spins {}
        return (["probe"] + ReachProbe.results).joined(separator: "\n")
    }

    /// `exit` ends the process from the plugin's own code, with status 3, as a plugin may. With
    /// PLUGBOARD_PROBE_FAULTS=1, for the tests of isolation, `trap` traps, `hang` never returns,
    /// `circles` asks for the circle list, a route of another plugin, and `stuck` asks for the
    /// probe's screen whose load never returns.
    var actions: [ScreenAction] {
        let exit = ScreenAction("exit", title: "End the process") { _ in Glibc.exit(3) }
        if HostileProbe.isOn { return [exit] + HostileProbe.actions(model: model) }
        if ReachProbe.isOn { return [exit] + ReachProbe.actions() }
        guard getenv("PLUGBOARD_PROBE_FAULTS") != nil else { return [exit] }
        return [
            exit, ScreenAction("trap", title: "Trap") { _ in fatalError("the probe traps on purpose") },
            ScreenAction("hang", title: "Hang") { _ in while true { sleep(1) } },
            ScreenAction("circles", title: "Open the circles") { [model] _ in
                model.navigation.send(.push("app://circles"))
            },
            ScreenAction("stuck", title: "Open a screen that never loads") { [model] _ in
                model.navigation.send(.push("app://probe/\(FaultyScreen.Fault.loadHang.rawValue)"))
            },
        ]
    }
}

/// The registry the plugin itself sees as `Registry.shared`.
@_cdecl("probe_shared_registry")
public func probeSharedRegistry() -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(Registry.shared).toOpaque()
}

/// A module instance created by the plugin's own code, handed to the host as a plain object.
@_cdecl("probe_make_module")
public func probeMakeModule() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(ProbeModule() as AnyObject).toOpaque()
}

/// The fallback entry symbol, used when the loader cannot read the metadata sections.
@_cdecl("plugboard_plugin_entry")
public func plugboardPluginEntry() -> UnsafeMutableRawPointer {
    PluginEntry(plugin: ProbePlugin.self, modules: [ProbeModule.self]).exported()
}

/// The words of the probe's action, from the probe's own code: a build patched to say otherwise
/// says so here too.
struct ProbeMark: CustomStringConvertible, Sendable {
    var description: String { "End the process" }
}
