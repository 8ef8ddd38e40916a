import Dispatch
import Plugboard
import Synchronization

/// Reads what every plugin file of a population declares, without running any of them in the
/// host: a sealed file's manifest from its section, an unsealed one's from the host's
/// ``ManifestCache`` or else in a child process (as `inspect` does; a plugin that crashes there
/// takes down only the child), several at a time.
enum PopulationReading {
    /// What was read of one file: its declarations as the resolver takes them, or why nothing of
    /// them could be read (the message names the file).
    enum Entry {
        case candidate(PluginCandidate, SealedManifest)
        case unreadable(path: String, message: String)
    }

    /// What was read of `paths`, in their order: the candidates to resolve, the manifest of each by
    /// its path, and the files of which nothing could be read, each with the message that names it.
    static func candidates(
        of paths: [String], loader: PluginLoader
    ) -> (
        candidates: [PluginCandidate], manifests: [String: SealedManifest],
        unreadable: [(path: String, message: String)]
    ) {
        var candidates: [PluginCandidate] = []
        var manifests: [String: SealedManifest] = [:]
        var unreadable: [(path: String, message: String)] = []
        for entry in read(paths, loader: loader) {
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
    /// name the cause. The files are checked in one call, each directory once; the unsealed ones
    /// not in the cache are then read in child processes, several at a time.
    private static func read(_ paths: [String], loader: PluginLoader) -> [Entry] {
        let checks = loader.check(files: paths)
        let entries = Mutex([Entry?](repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let entry = read(paths[index], checked: checks[index])
            entries.withLock { $0[index] = entry }
        }
        return entries.withLock { $0.map { $0! } }
    }

    private static func read(_ path: String, checked: Result<SealedManifest?, PluginLoadError>) -> Entry {
        let sealed: SealedManifest?
        switch checked {
        case .success(let manifest):
            sealed = manifest
        case .failure(let error):
            guard let named = try? ManifestReader.read(fileAt: path) else {
                return .unreadable(path: path, message: PluginLoading.message(for: error))
            }
            return candidate(path, named, refusal: PluginLoading.message(for: error))
        }
        if let sealed { return candidate(path, sealed) }
        // An entry read by a host of another runtime build is read again: the child then refuses the
        // file if it was built for that other build.
        if let (cached, digest) = ManifestCache.manifest(for: path), cached.fingerprint == .current {
            return candidate(path, cached, digest: digest)
        }
        // The digest first: declarations read from a file rewritten after it are refused at loading.
        guard let digest = PluginLoader.contentDigest(ofFileAt: path) else {
            return .unreadable(path: path, message: "\(PluginLoader.shown(path: path)): cannot be read")
        }
        do {
            let manifest = try ChildDescription.describe(path).manifest
            ManifestCache.keep(manifest, digest: digest, for: path)
            return candidate(path, manifest, digest: digest)
        } catch {
            return .unreadable(path: path, message: "\(error)")
        }
    }

    private static func candidate(
        _ path: String, _ manifest: SealedManifest, refusal: String? = nil, digest: String? = nil
    ) -> Entry {
        .candidate(
            PluginCandidate(
                path: path, name: manifest.name, version: manifest.version, dependencies: manifest.dependencies,
                refusal: refusal, contentDigest: digest),
            manifest)
    }
}
