import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Programs the host runs as child processes — itself, to read a plugin's declarations in a
/// process of its own, and `swift build` — started with `posix_spawn`, the environment the host's
/// with the variables a caller sets.
enum Spawn {
    /// How a child ended.
    enum Termination: Equatable {
        case exited(status: Int32)
        case signalled(Int32)
    }

    /// Where a child's standard output and standard error go.
    enum Output {
        /// Both to the host's standard error: what a build prints, beside the host's own output.
        case standardError
        /// Both into a pipe, whose reading end the caller gets.
        case captured
    }

    /// Starts `arguments[0]` — a path, or a program's name looked up in `PATH` — with the rest of
    /// `arguments`; returns its process ID and, for a ``Output/captured`` output, the descriptor
    /// to read it from. The child's environment is the host's, with `variables` set.
    /// - Throws: ``HostError`` saying why it could not start.
    static func start(
        _ arguments: [String], output: Output, setting variables: [String: String] = [:]
    ) throws(HostError) -> (pid: pid_t, reading: Int32?) {
        // One start at a time: a pipe is made, marked close-on-exec, and handed to one child before
        // another child can be started and inherit it (which would keep it open after the first
        // child ended). Children are started from several threads at once.
        try starting.withLock { _ throws(HostError) in
            try unlockedStart(arguments, output: output, environment: environment(setting: variables))
        }
    }

    private static let starting = Mutex(())

    /// The host's environment, `NAME=value` each, with `variables` set in place of what it has of them.
    private static func environment(setting variables: [String: String]) -> [String] {
        ProcessInfo.processInfo.environment.merging(variables) { $1 }.map { "\($0.key)=\($0.value)" }
    }

    private static func unlockedStart(
        _ arguments: [String], output: Output, environment: [String]
    ) throws(HostError) -> (pid: pid_t, reading: Int32?) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        switch output {
        case .standardError:
            posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        case .captured:
            guard pipe(&pipeEnds) == 0 else {
                throw .failed("cannot start \(arguments[0]): \(FileProblem.reason(errno: errno))")
            }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDERR_FILENO)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard started == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw .failed("cannot start \(arguments[0]): \(FileProblem.reason(errno: started))")
        }
        return (pid, pipeEnds[0] >= 0 ? pipeEnds[0] : nil)
    }

    /// Waits for the child `pid` to end.
    static func wait(for pid: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // As WIFEXITED and WEXITSTATUS, which Swift does not import, take the status apart.
        return status & 0x7f == 0 ? .exited(status: (status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    /// Runs `arguments` (see ``start(_:output:)``) with its output on the host's standard error
    /// and waits for it to end.
    /// - Throws: ``HostError`` when it could not start, or did not exit with status 0.
    static func runShowingOutput(_ arguments: [String]) throws(HostError) {
        let (pid, _) = try start(arguments, output: .standardError)
        switch wait(for: pid) {
        case .exited(status: 0): return
        case .exited(let status): throw .failed("\(arguments.joined(separator: " ")) exited with status \(status)")
        case .signalled(let signal):
            throw .failed("\(arguments.joined(separator: " ")) ended with signal \(signal)")
        }
    }

    /// All that can be read from `descriptor` until its end, which it then closes.
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(descriptor)
        return bytes
    }
}
