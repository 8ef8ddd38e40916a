import FoundationEssentials
import Glibc
import Plugboard
import Synchronization

/// What the host read of the plugin files in each directory, kept per user so that a later start
/// opens none of the files it knows: in `$PLUGBOARD_MANIFEST_CACHE`, or
/// `$XDG_CACHE_HOME/plugboard/manifests` (`~/.cache/plugboard/manifests`); empty
/// `PLUGBOARD_MANIFEST_CACHE` keeps none.
///
/// A plugin directory has one index there, named by a hash of its resolved path, with a line per
/// file: its name, its identity (``FileIdentity``: device, inode, size, modification and change
/// times, taken before the file was read), and its manifest — for an unsealed file, the one read in
/// a child process, with the digest of the content it was read from (the loader refuses the file
/// if its content differs when it is loaded, ``PluginCandidate/contentDigest``). A file whose
/// identity is not its line's (rewritten, replaced by another even of the same size and times,
/// its permissions changed) is read again, and an index that does not read is not used: what is
/// read is written anew. A cache directory that group or others may write is not used (whoever may
/// write it could forge declarations).
enum ManifestCache {
    /// What was read of one file in the state its identity names.
    struct Entry {
        let identity: FileIdentity
        /// The digest of the content an unsealed file's manifest was read from; `nil` for a sealed
        /// file, whose manifest is in the file.
        let digest: String?
        let manifest: SealedManifest
    }

    /// The entries of one plugin directory's files, by file name.
    struct Index {
        /// The index's file, and the plugin directory's resolved path, which its first line holds.
        fileprivate let file: String
        fileprivate let directory: String
        private(set) var entries: [String: Entry]
        /// Whether an entry was kept since the index was read.
        private(set) var isChanged = false

        fileprivate init(file: String, directory: String, entries: [String: Entry]) {
            (self.file, self.directory, self.entries) = (file, directory, entries)
        }

        /// What was read of file `name` in the state `identity` names, if anything.
        func entry(named name: String, identity: FileIdentity) -> Entry? {
            entries[name].flatMap { $0.identity == identity ? $0 : nil }
        }

        /// Keeps `entry`, read anew, for file `name`.
        mutating func keep(_ entry: Entry, named name: String) {
            entries[name] = entry
            isChanged = true
        }
    }

    /// The index of the plugin directory `directory`; `nil` when there is no cache, or the cache
    /// directory may be written by others. An index that does not read has no entries.
    static func index(of directory: String) -> Index? {
        guard let cache, isPrivate(cache), let real = realPath(directory.isEmpty ? "." : directory) else {
            return nil
        }
        // The name: a 64-bit FNV-1a hash of the directory's resolved path, which the index's first
        // line holds whole.
        let hash = real.utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0100_0000_01B3 }
        let file = cache + "/" + String(hash, radix: 16) + ".index"
        let lines = (FileManager.default.contents(atPath: file).map { Array($0) } ?? [])
            .split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.first.map({ String(decoding: $0, as: UTF8.self) }) == header + real else {
            return Index(file: file, directory: real, entries: [:])
        }
        var entries = [String: Entry](minimumCapacity: lines.count)
        for line in lines.dropFirst() where !line.isEmpty {
            guard let (name, entry) = entry(line) else { return Index(file: file, directory: real, entries: [:]) }
            entries[name] = entry
        }
        return Index(file: file, directory: real, entries: entries)
    }

    /// Writes `index` if its entries changed, without the files the directory no longer holds; a
    /// cache that cannot be written is left as it is (the next start reads the files again).
    static func write(_ index: Index) {
        guard index.isChanged else { return }
        let real = index.directory
        // The lines of the files the directory holds now: one that was removed has none.
        let present = Set(((try? PluginLoader.pluginFiles(in: real)) ?? []).map(PathText.lastComponent(of:)))
        let encoder = JSONEncoder()
        // Slashes as they are: a string without escapes is read in one step.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = header + real + "\n"
        for (name, entry) in index.entries.sorted(by: { $0.key < $1.key }) where present.contains(name) {
            // A name with a tab or a line break has no line: that file is read at each start.
            guard !name.contains(where: { $0 == "\t" || $0.isNewline }),
                let json = try? encoder.encode(entry.manifest)
            else { continue }
            let fields = [name, entry.identity.description, entry.digest ?? "-", String(decoding: json, as: UTF8.self)]
            text += fields.joined(separator: "\t") + "\n"
        }
        let cacheDirectory = PathText.directory(of: index.file)
        guard
            (try? FileManager.default.createDirectory(
                atPath: cacheDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]))
                != nil
        else { return }
        let temporary = index.file + ".\(getpid()).new"
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, index.file) != 0 { unlink(temporary) }
    }

    /// The first line of an index, before the directory's resolved path.
    private static let header = "plugboard manifest index 1\t"

    /// The file name and entry a line of an index holds, or `nil` when it holds none.
    private static func entry(_ line: ArraySlice<UInt8>) -> (String, Entry)? {
        let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let identity = FileIdentity(String(decoding: fields[1], as: UTF8.self)),
            let manifest = try? ManifestReader.manifest(json: Array(fields[3]))
        else { return nil }
        let digest = String(decoding: fields[2], as: UTF8.self)
        return (
            String(decoding: fields[0], as: UTF8.self),
            Entry(identity: identity, digest: digest == "-" ? nil : digest, manifest: manifest)
        )
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
    private static var cache: String? {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["PLUGBOARD_MANIFEST_CACHE"] { return named.isEmpty ? nil : named }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/plugboard/manifests" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/plugboard/manifests"
    }
}
