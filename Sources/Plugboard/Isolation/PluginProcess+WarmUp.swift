internal import CPlugboard

extension PluginProcess {
    /// Rehearses once, while no request waits, what a first use does slowly the first time in a
    /// new process — the Swift runtime looks up conformances and builds the metadata of each type
    /// the code meets, 50–200 µs a step: the loader's checks, run on the runtime's own library
    /// (refused once mapped: it holds no plugin, and nothing is registered); a route registered
    /// and launched, in a registry of its own, and opened and released as the host's requests are
    /// served, over a socket pair of its own; the handshake's messages coded, its `ready`
    /// built from that registry as a plugin's is. And the part of its confinement that every
    /// plugin's shares is prepared (``PreparedConfinement``). A first use of the process is then
    /// faster by that much (see the Benchmarks README).
    static func warmUp(policy: LoadPolicy) async {
        // Last, once the rehearsal mapped what it maps: the shared rules name their directories.
        defer { PreparedConfinement.prepare() }
        if let runtime = pb_image_path_for_address(#dsohandle) {
            _ = try? PluginLoader(registry: Registry(), policy: policy).load(file: String(cString: runtime))
        }
        // Registered through a registrar, not as a `Module` type: a host registers every module
        // type linked into its images, the runtime's own too.
        let registry = Registry()
        let owner = Owner(module: "Plugboard.Rehearsal", image: "rehearsal")
        let registrar = ModuleRegistrar(module: RegisteredModule(owner: owner, plugin: nil), registry: registry)
        registrar.route("app://rehearsal", title: "Rehearsal") { _ in Stage() }
        registrar.close()
        let application = Application(registry: registry)
        guard (try? registry.apply([registrar.contribution], plugin: nil)) != nil,
            let report = try? await application.launch()
        else { return }
        await rehearseRequests(on: application)
        let plugin = WirePlugin(name: "Rehearsal", version: "1.0.0", modules: [owner.module])
        let messages: [WireMessage] = [
            .hello(
                version: WireMessage.version, files: ["libRehearsal.so"],
                confinement: ProcessConfinement(granted: [], plugins: ["Rehearsal"])),
            ready([plugin], registered: registry.snapshot, launch: report),
        ]
        for message in messages {
            _ = try? WireConnection.decode(WireConnection.encode(message))
        }
    }

    /// Serves, as a plugin process serves its host, an open of the rehearsal's route and the
    /// release of its screen, sent over a socket pair of its own; the screen's answer is read.
    private static func rehearseRequests(on application: Application) async {
        guard let (host, served) = WireConnection.pair() else { return }
        let process = PluginProcess(connection: served, application: application)
        for request: WireMessage in [.open(request: 1, url: "app://rehearsal", context: nil), .release(screen: 1)] {
            guard (try? host.send(request)) != nil, let received = try? served.receive() else { return }
            await process.handle(received)
        }
        _ = try? host.receive()
    }

    /// The screen of the rehearsal's route, opened once.
    private final class Stage: Screen {
        let title = "Rehearsal"
        let actions = [ScreenAction("go", title: "Go") { _ in }]
        func render() -> String { "" }
    }
}
