import Foundation
import Plugboard
import Testing

/// The file the loader maps is the file it checked: another file renamed over the checked one
/// while it loads is never what runs.
struct CheckThenLoadRaceTests {
    /// A sealed greeter, which passes every check, and a copy that the checks refuse (its sealed
    /// manifest, and only it, names another runtime) and whose code titles its route otherwise, so
    /// that a loaded copy shows which file was mapped.
    private func goodAndRefused() throws -> (good: [UInt8], refused: [UInt8], scratch: Scratch) {
        let scratch = try Scratch()
        let path = try scratch.copy(BuildProducts.greeter, as: "libSealed.so")
        let run = try HostProcess.run(["seal", path])
        try #require(run.status == 0, "\(run.standardError)")
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var refused = [UInt8](
            try Data(
                contentsOf: URL(
                    fileURLWithPath: try scratch.patchedCopy(
                        path, as: "libRetitled.so", replacing: "from the greeter plugin",
                        with: "from the refused plugin"))))
        // `seal` writes the manifest with sorted keys, so it starts with {"architecture".
        let head = Array(#"{"architecture""#.utf8)
        let manifest = try #require((0...(refused.count - head.count)).last { refused[$0...].starts(with: head) })
        let version = Array(RuntimeFingerprint.current.runtimeVersion.utf8)
        let at = try #require((manifest..<refused.count).first { refused[$0...].starts(with: version) })
        refused[at + version.count - 1] = UInt8(ascii: "9")
        return (good, refused, scratch)
    }

    /// The refused file is renamed over the good one the moment the loader first opens it (told by
    /// inotify), or a few microseconds later: whatever the loader mapped, it is the file it checked.
    @Test func aFileRenamedOverTheCheckedOneIsNeverLoaded() throws {
        let (good, refused, scratch) = try goodAndRefused()
        let directory = scratch.directory.path
        var outcomes: [String: Int] = [:]
        for attempt in 0..<60 {
            // Fresh files each time: a file whose inode is already mapped would give the old image.
            let target = "\(directory)/libPlugin\(attempt).so"
            let waiting = "\(directory)/refused\(attempt)"
            try Data(good).write(to: URL(fileURLWithPath: target))
            try Data(refused).write(to: URL(fileURLWithPath: waiting))
            let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            try #require(watch >= 0 && inotify_add_watch(watch, target, UInt32(IN_OPEN)) >= 0)
            // The renamer spins rather than sleeps, to act within microseconds of the open.
            let delay = Duration.microseconds(attempt % 20 * 2)
            let renamer = Thread {
                var buffer = [UInt8](repeating: 0, count: 256)
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(10)
                while read(watch, &buffer, buffer.count) <= 0 && clock.now < deadline {}
                let opened = clock.now
                while clock.now < opened + delay {}
                rename(waiting, target)
                close(watch)
            }
            renamer.start()
            let registry = Registry()
            let outcome: String
            do throws(PluginLoadError) {
                try PluginLoader(registry: registry).load(file: target)
                outcome =
                    "loaded: "
                    + registry.snapshot.router.entries.compactMap(\.route.title).sorted()
                    .joined(separator: ", ")
            } catch .fingerprintMismatch {
                outcome = "refused: fingerprint"
            } catch {
                outcome = "\(error)"
            }
            outcomes[outcome, default: 0] += 1
            while FileManager.default.fileExists(atPath: waiting) { usleep(100) }
        }
        // Checked the good file: the good file is loaded. Checked the refused one: refused.
        // Anything else (the refused file's route after the good file was checked) means the mapped
        // file is not the checked one.
        #expect(
            Set(outcomes.keys).isSubset(of: [
                "loaded: A greeting for someone, A greeting from the greeter plugin", "refused: fingerprint",
            ]), "\(outcomes)")
        #expect(outcomes.values.reduce(0, +) == 60)
    }
}
