import Plugboard
import Synchronization

/// What `plugboard run --watch` watches, and what it does when they change: it builds again each
/// package of `--build` whose sources changed, and replaces each plugin whose file changed by its
/// new build, in the running shell.
@MainActor
struct PluginWatch {
    /// The watcher of the plugin files and the packages' sources.
    let watcher: FileWatcher
    /// The installed plugins' names, by their file.
    private let plugins: [String: String]
    /// The order the plugins were loaded in: a plugin is replaced after those it needs.
    private let order: [String]
    /// The packages to build, by each file and tree that calls for their build.
    private let builds: [String: PackageBuild]

    /// Watches the file of each plugin of `population` (those to run isolated too), and of each
    /// isolated plugin, and the sources of `packages`.
    /// - Throws: ``HostError`` when a directory cannot be watched.
    init(population: PluginPopulation, building packages: [PackageBuild]) throws {
        // A group declared to run isolated that has started is among both: each file once.
        var seen: Set<String> = []
        let members =
            ((population.members + population.isolatedMembers).map { ($0.candidate.path, $0.candidate.name) }
            + Isolation.started.withLock { $0 }.flatMap { zip($0.files, $0.plugins.map(\.name)) })
            .filter { seen.insert($0.0).inserted }
        plugins = Dictionary(members) { first, _ in first }
        order = members.map(\.1)
        var builds: [String: PackageBuild] = [:]
        for package in packages {
            for path in package.watched.files + package.watched.trees { builds[path] = package }
        }
        self.builds = builds
        watcher = try FileWatcher(
            files: members.map(\.0) + packages.flatMap(\.watched.files),
            trees: packages.flatMap(\.watched.trees))
    }

    /// Builds each package whose sources changed (its plugin files then change in turn), and
    /// replaces each plugin whose file changed, in `session`.
    func handle(_ changes: [FileWatcher.Change], in session: ShellSession) async {
        var built: Set<String> = []
        for change in changes {
            guard let build = builds[change.path], built.insert(build.package).inserted else { continue }
            Terminal.toStandardError { Terminal.line("building \(build.package) (its sources changed)…") }
            do {
                try build.run()
            } catch {
                session.fail(
                    HostError.failed("the build of \(build.package) failed (\(error)); the running plugins stay"))
            }
        }
        let changed = Dictionary(changes.compactMap { change in plugins[change.path].map { ($0, change.completed) } }) {
            first, _ in first
        }
        await session.reloadChanged(order.compactMap { name in changed[name].map { (name, $0) } })
    }
}
