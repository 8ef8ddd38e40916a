import Dispatch
import Plugboard
import Synchronization

/// Reads what every plugin file of a population declares, without running any of them in the
/// host: what the host's ``ManifestCache`` holds of a file it read before, unchanged since; else a
/// sealed file's manifest from its section, or an unsealed one's in a child process (as `inspect`
/// does; a plugin that crashes there takes down only the child), several at a time.
enum PopulationReading {
    /// What was read of one file: its declarations as the resolver takes them, or why nothing of
    /// them could be read (the message names the file).
    enum Entry {
        case candidate(PluginCandidate, SealedManifest)
        case unreadable(path: String, message: String)
    }

    /// What was read of `paths`, in their order: the candidates to resolve, the manifest of each by
    /// its path, and the files of which nothing could be read, each with the message that names it.
    /// A child process that reads a file is killed after `timeout` seconds.
    static func candidates(
        of paths: [String], loader: PluginLoader, timeout: Double = ChildDescription.defaultTimeout
    ) -> (
        candidates: [PluginCandidate], manifests: [String: SealedManifest],
        unreadable: [(path: String, message: String)]
    ) {
        var candidates: [PluginCandidate] = []
        var manifests = [String: SealedManifest](minimumCapacity: paths.count)
        var unreadable: [(path: String, message: String)] = []
        candidates.reserveCapacity(paths.count)
        for entry in read(paths, loader: loader, timeout: timeout) {
            switch entry {
            case .candidate(let candidate, let manifest):
                candidates.append(candidate)
                manifests[candidate.path] = manifest
            case .unreadable(let path, let message): unreadable.append((path, message))
            }
        }
        return (candidates, manifests, unreadable)
    }

    /// The entries of `paths`, in their order. A file the loader's checks refuse is a candidate
    /// refused with that reason when its sealed manifest names it, so that the plugins that need it
    /// name the cause. The files are checked in one call, each directory once, and a file whose
    /// identity its directory's ``ManifestCache`` index knows is not opened; the unsealed ones not
    /// in the index are then read in child processes, several at a time. Each directory's index is
    /// then written anew if what was read differs from it.
    private static func read(_ paths: [String], loader: PluginLoader, timeout: Double) -> [Entry] {
        let places = paths.map { (directory: PathText.directory(of: $0), name: PathText.lastComponent(of: $0)) }
        var indexes: [String: ManifestCache.Index] = [:]  // by directory, as the paths name it
        for directory in Set(places.map(\.directory)) { indexes[directory] = ManifestCache.index(of: directory) }
        let index = places.map { indexes[$0.directory] }
        var kept = [ManifestCache.Entry?](repeating: nil, count: paths.count)  // what the index holds of each
        var identities = [FileIdentity?](repeating: nil, count: paths.count)  // taken before it was read
        let checks = loader.check(files: paths) { position, identity in
            identities[position] = identity
            guard let entry = index[position]?.entry(named: places[position].name, identity: identity) else {
                return nil
            }
            kept[position] = entry
            return entry.digest == nil ? .sealed(entry.manifest) : .unsealed
        }
        var outcomes = paths.indices.map { position in
            read(paths[position], checked: checks[position], kept: kept[position], identity: identities[position])
        }
        let inChild = outcomes.indices.filter { outcomes[$0] == nil }
        let results = Mutex([(Entry, ManifestCache.Entry?)?](repeating: nil, count: inChild.count))
        DispatchQueue.concurrentPerform(iterations: inChild.count) { [identities] position in
            let result = readInChild(
                paths[inChild[position]], identity: identities[inChild[position]], among: paths, timeout: timeout)
            results.withLock { $0[position] = result }
        }
        for (position, result) in zip(inChild, results.withLock { $0 }) { outcomes[position] = result }
        // What the index held of a file is what it keeps; the files read anew (not in it, or read
        // again in a child) are kept again.
        let readAnew = paths.indices.filter { kept[$0] == nil } + inChild.filter { kept[$0] != nil }
        for (directory, var index) in indexes {
            for position in readAnew where places[position].directory == directory {
                if let entry = outcomes[position]!.1 { index.keep(entry, named: places[position].name) }
            }
            ManifestCache.write(index)
        }
        return outcomes.map { $0!.0 }
    }

    /// What was read of `path`, and what the index is to keep of it: `kept` is what it holds of
    /// the file in the state `identity` names, if anything; `nil` when the file is to be read in a
    /// child process (``readInChild(_:identity:among:timeout:)``).
    private static func read(
        _ path: String, checked: Result<SealedManifest?, PluginLoadError>, kept: ManifestCache.Entry?,
        identity: FileIdentity?
    ) -> (Entry, ManifestCache.Entry?)? {
        let sealed: SealedManifest?
        switch checked {
        case .success(let manifest):
            sealed = manifest
        case .failure(let error):
            guard let named = try? ManifestReader.read(fileAt: path) else {
                return (.unreadable(path: path, message: PluginLoading.message(for: error)), nil)
            }
            return (candidate(path, named, refusal: PluginLoading.message(for: error)), nil)
        }
        if let sealed {
            return (candidate(path, sealed), identity.map { .init(identity: $0, digest: nil, manifest: sealed) })
        }
        // An entry read by a host of another runtime build is read again: the child then refuses the
        // file if it was built for that other build.
        if let kept, let digest = kept.digest, kept.manifest.fingerprint == .current {
            return (candidate(path, kept.manifest, digest: digest), kept)
        }
        return nil
    }

    /// What an unsealed file's declarations are, read in a child process after the files of
    /// `population` it links (the child killed after `timeout` seconds), and what the index is to
    /// keep of the file in the state `identity` names.
    private static func readInChild(
        _ path: String, identity: FileIdentity?, among population: [String], timeout: Double
    ) -> (Entry, ManifestCache.Entry?) {
        // The digest first: declarations read from a file rewritten after it are refused at loading.
        guard let digest = PluginLoader.contentDigest(ofFileAt: path) else {
            return (.unreadable(path: path, message: "\(PluginLoader.shown(path: path)): cannot be read"), nil)
        }
        do {
            let manifest = try ChildDescription.describe(path, installed: population, timeout: timeout).manifest
            return (
                candidate(path, manifest, digest: digest),
                identity.map { .init(identity: $0, digest: digest, manifest: manifest) }
            )
        } catch {
            return (.unreadable(path: path, message: "\(error)"), nil)
        }
    }

    private static func candidate(
        _ path: String, _ manifest: SealedManifest, refusal: String? = nil, digest: String? = nil
    ) -> Entry {
        .candidate(PluginCandidate(path: path, sealed: manifest, refusal: refusal, contentDigest: digest), manifest)
    }
}
