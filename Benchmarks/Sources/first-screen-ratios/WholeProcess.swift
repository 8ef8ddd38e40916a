import Foundation

/// One run of a command as a whole process: its wall time from `posix_spawn` to `wait4`, and the
/// peak resident memory the kernel accounted to it.
struct WholeProcess {
    let seconds: Double
    let peakKilobytes: Int

    /// Runs `arguments` with its output thrown away.
    /// - Throws: When the command cannot start or ends with a status other than 0.
    static func run(_ arguments: [String]) throws -> WholeProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            throw Failure("cannot start \(arguments[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let elapsed = ContinuousClock.now - start
        guard status == 0 else { throw Failure("\(arguments.joined(separator: " ")) ended with status \(status)") }
        return WholeProcess(seconds: elapsed.seconds, peakKilobytes: usage.ru_maxrss)
    }
}
