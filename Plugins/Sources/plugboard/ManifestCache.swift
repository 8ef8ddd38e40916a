import FoundationEssentials
import Glibc
import Plugboard
import Synchronization

/// The declarations of unsealed plugins that the host read once in a child process, kept per user
/// so that later starts need no child: in `$PLUGBOARD_MANIFEST_CACHE`, or
/// `$XDG_CACHE_HOME/plugboard/manifests` (`~/.cache/plugboard/manifests`); empty
/// `PLUGBOARD_MANIFEST_CACHE` keeps none.
///
/// An entry is found by the file's resolved path and holds the file's identity — that path, its
/// device, inode, size, and modification and change times — beside the declarations: an entry for
/// a file replaced by another (even of the same size and times: a new inode or change time), a
/// stale one, or one that does not read is never used, and is written again. It holds the digest of
/// the file's content too, taken before the declarations were read: the loader refuses the file if
/// its content differs when it is loaded (``PluginCandidate/contentDigest``). A cache directory
/// that group or others may write is not used (whoever may write it could forge declarations).
enum ManifestCache {
    /// One cached entry, as written.
    private struct Entry: Codable {
        let identity: String
        let digest: String
        let manifest: SealedManifest
    }

    /// The declarations cached for `path`, and the digest of the content they were read from, if
    /// its entry matches the file as it is now.
    static func manifest(for path: String) -> (manifest: SealedManifest, digest: String)? {
        guard let (file, identity) = entry(for: path), let data = FileManager.default.contents(atPath: file),
            let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.identity == identity
        else { return nil }
        return (entry.manifest, entry.digest)
    }

    /// Keeps `manifest`, read from the content whose digest is `digest`, as the declarations of
    /// `path`, as the file is now; a cache that cannot be written is left as it is (the next start
    /// reads the file again).
    static func keep(_ manifest: SealedManifest, digest: String, for path: String) {
        guard let (file, identity) = entry(for: path),
            let data = try? JSONEncoder().encode(Entry(identity: identity, digest: digest, manifest: manifest))
        else { return }
        let directory = PathText.directory(of: file)
        guard
            (try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
        else { return }
        let temporary = file + ".\(getpid()).new"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }

    /// The entry file for `path` and the file's identity now; `nil` when there is no cache, the
    /// file cannot be read, or the cache directory may be written by others.
    private static func entry(for path: String) -> (file: String, identity: String)? {
        guard let directory, isPrivate(directory), let real = realPath(path) else { return nil }
        var status = stat()
        guard stat(real, &status) == 0 else { return nil }
        let identity = [
            real, "\(status.st_dev)", "\(status.st_ino)", "\(status.st_size)",
            "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)", "\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)",
        ].joined(separator: "\u{1F}")
        // The name: a 64-bit FNV-1a hash of the path, so that a changed file's entry replaces the
        // stale one (the entry holds the whole identity, which decides).
        let hash = real.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0100_0000_01B3 }
        return (directory + "/" + String(hash, radix: 16) + ".json", identity)
    }

    /// Whether `directory`, if it exists, may be written by its owner alone, as the loader asks of
    /// plugin directories.
    private static func isPrivate(_ directory: String) -> Bool {
        var status = stat()
        guard stat(directory, &status) == 0 else { return true }
        guard status.st_mode & (S_IWGRP | S_IWOTH) == 0, status.st_uid == getuid() || status.st_uid == 0 else {
            warnOnce(
                "warning: the manifest cache \(PluginLoader.shown(path: directory)) may be written by others; "
                    + "it is not used (run chmod go-w on it)")
            return false
        }
        return true
    }

    private static let warned = Mutex(false)

    private static func warnOnce(_ message: String) {
        guard
            warned.withLock({ warned in
                defer { warned = true }
                return !warned
            })
        else { return }
        Terminal.error(message)
    }

    /// The cache directory the environment names, or `nil` for none.
    private static var directory: String? {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["PLUGBOARD_MANIFEST_CACHE"] { return named.isEmpty ? nil : named }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/plugboard/manifests" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/plugboard/manifests"
    }
}
