import Foundation

/// What `/proc` says of a process: its children, its open descriptors and its processor time.
enum ProcessTable {
    /// The children of `process` (whichever of its threads started them), each with its state
    /// (`Z` for one that ended and is not reaped: every thread of it ended; a process whose first
    /// thread ended while others run is not).
    static func children(of process: Int32) -> [(pid: Int32, state: String)] {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        let listed = threads.map { thread in
            (try? String(contentsOfFile: "/proc/\(process)/task/\(thread)/children", encoding: .utf8)) ?? ""
        }.joined(separator: " ")
        return listed.split(separator: " ").compactMap { child in
            guard let pid = Int32(child) else { return nil }
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child)/task")) ?? []
            let states = threads.map { thread in
                statFields("/proc/\(child)/task/\(thread)/stat").first.map(String.init) ?? "?"
            }
            return (pid, states.first { $0 != "Z" } ?? states.first ?? "?")
        }
    }

    /// The children of `process` that are plugin processes serving plugins: started as
    /// `plugboard plugin-process`, each named after its plugins once it loaded them.
    static func pluginProcesses(of process: Int32) -> [Int32] {
        startedPluginProcesses(of: process).filter { !["plugboard", "plugboard-spare"].contains(name(of: $0)) }
    }

    /// The children of `process` that are plugin processes with `file` mapped: those that loaded it.
    static func pluginProcesses(of process: Int32, serving file: String) -> [Int32] {
        pluginProcesses(of: process).filter { whole("/proc/\($0)/maps").contains(file) }
    }

    /// The environment of `process`, `NAME=value` each.
    static func environment(of process: Int32) -> [String] {
        whole("/proc/\(process)/environ").split(separator: "\0").map(String.init)
    }

    /// All of the `/proc` file at `path`: such a file says it is empty, and a read that trusts
    /// that gets its first page alone (a sanitized process maps far more than a page lists).
    private static func whole(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }

    /// The children of `process` that are plugin processes prepared ahead (`plugboard-spare`),
    /// waiting to be told which plugins to serve.
    static func spareProcesses(of process: Int32) -> [Int32] {
        startedPluginProcesses(of: process).filter { name(of: $0) == "plugboard-spare" }
    }

    /// The children of `process` started as `plugboard plugin-process`, still running.
    private static func startedPluginProcesses(of process: Int32) -> [Int32] {
        children(of: process).filter { $0.state != "Z" }.map(\.pid).filter { child in
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(child)/cmdline"))) ?? Data()
            return command.split(separator: 0).dropFirst().first.map { String(decoding: $0, as: UTF8.self) }
                == "plugin-process"
        }
    }

    /// The processes running whose command line is `arguments`, whoever their parent is.
    static func running(commandLine arguments: [String]) -> [Int32] {
        let wanted = Data(arguments.joined(separator: "\0").utf8) + Data([0])
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { process in
            (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process)/cmdline"))) == wanted && isRunning(process)
        }
    }

    /// Whether `process` runs: it exists and has not ended (a zombie, whose parent has not reaped
    /// it, has ended).
    static func isRunning(_ process: Int32) -> Bool {
        guard let state = statFields("/proc/\(process)/stat").first else { return false }
        return state != "Z" && state != "X"
    }

    /// What `look` finds, once it finds anything, within 10 seconds; nothing after that.
    static func waitFor(_ look: () -> [Int32]) -> [Int32] {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            let found = look()
            if !found.isEmpty { return found }
            usleep(20_000)
        }
        return []
    }

    /// Waits up to `seconds` for each of `processes` to end; returns those still running then.
    static func running(_ processes: [Int32], after seconds: Double) -> [Int32] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while processes.contains(where: isRunning) && Date() < deadline { usleep(20_000) }
        return processes.filter(isRunning)
    }

    /// The name of `process` (`/proc/PID/comm`).
    static func name(of process: Int32) -> String {
        ((try? String(contentsOfFile: "/proc/\(process)/comm", encoding: .utf8)) ?? "").trimmingCharacters(
            in: .newlines)
    }

    /// The processor time `process` has used so far, its own (its threads', not its children's):
    /// user and system time, fields 14 and 15 of `/proc/PID/stat`, in the system's clock ticks.
    static func processorTime(of process: Int32) -> Duration {
        let fields = statFields("/proc/\(process)/stat")
        let ticks = fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
        return .seconds(Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The fields of the `stat` file at `path` after the name (which may hold spaces, and ends
    /// with the last ")"), from the state (field 3) on; none when there is no such file.
    private static func statFields(_ path: String) -> [Substring] {
        let stat = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ") ?? []
    }

    /// How many threads `process` runs.
    static func threads(of process: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task").count) ?? -1
    }

    /// How many descriptors `process` holds open.
    static func openDescriptors(of process: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd").count) ?? -1
    }

    /// What each descriptor `process` holds open is (`7 -> socket:[8812]`), for a message.
    static func descriptors(of process: Int32) -> [String] {
        let directory = "/proc/\(process)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted {
            (Int($0) ?? 0) < (Int($1) ?? 0)
        }.map {
            "\($0) -> \((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)")) ?? "?")"
        }
    }
}
