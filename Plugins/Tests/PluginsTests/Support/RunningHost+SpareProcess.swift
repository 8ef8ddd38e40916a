import Foundation

extension RunningHost {
    /// The plugin process the host's shell says it keeps prepared ahead (`plugins` lists it),
    /// other than `other`, once it keeps one (within 10 s): the process table can show a process
    /// named `plugboard-spare` a moment before the host has it.
    func spareProcess(other: Int32? = nil) -> Int32? {
        let deadline = ContinuousClock.now + .seconds(10)
        let marker = "  spare plugin process: "
        while .now < deadline {
            let start = seen.endIndex
            type("plugins\n")
            let shown = read(until: marker, after: start)
            guard shown < seen.endIndex else { return nil }
            let end = read(until: "\n", after: shown)
            if let process = Int32(seen[shown..<end].dropLast()), process != other { return process }
            usleep(20_000)
        }
        return nil
    }
}
