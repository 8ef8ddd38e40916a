import CPlugboard
import Foundation
import Testing

/// The count that decides whether the loader uses a second thread.
struct AvailableProcessorsTests {
    @Test func theCountIsTheProcessorsThisProcessMayRunOn() throws {
        // The kernel's own list, e.g. "0-3,8,10-11".
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        let list = line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
        let allowed = try list.split(separator: ",").map { range in
            let bounds = range.split(separator: "-").compactMap { Int($0) }
            let first = try #require(bounds.first)
            return (bounds.last ?? first) - first + 1
        }
        #expect(Int(pb_available_processors()) == allowed.reduce(0, +))
    }
}
