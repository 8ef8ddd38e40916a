import Foundation

/// What `/proc` says of a process: its children and its open descriptors.
enum ProcessTable {
    /// The children of `process` (whichever of its threads started them), each with its state
    /// (`Z` for one not reaped).
    static func children(of process: Int32) -> [(pid: Int32, state: String)] {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
        let listed = threads.map { thread in
            (try? String(contentsOfFile: "/proc/\(process)/task/\(thread)/children", encoding: .utf8)) ?? ""
        }.joined(separator: " ")
        return listed.split(separator: " ").compactMap { child in
            guard let pid = Int32(child) else { return nil }
            let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
            return (pid, state)
        }
    }

    /// How many descriptors `process` holds open.
    static func openDescriptors(of process: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd").count) ?? -1
    }
}
