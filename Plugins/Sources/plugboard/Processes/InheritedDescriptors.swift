import FoundationEssentials
import Glibc

/// The descriptors the host was started with beyond its standard three.
enum InheritedDescriptors {
    /// Marks each to close when the host starts a process: what its own parent gave it (a socket
    /// it watches for the host's end, say) then never outlives the host in the processes it
    /// starts, or in theirs.
    static func closeOnExec() {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > STDERR_FILENO {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}
