internal import Glibc

/// Plugin processes started ahead, one per command, each waiting to be told which plugins to
/// serve: a first use or a restart takes the one prepared instead of starting a process (the
/// executable mapped, the Swift runtime and Foundation started: several milliseconds), and the
/// next is started on a thread of its own, a moment after the request that took it. A spare
/// reaches no network (a network namespace of its own, where the kernel allows one): a plugin
/// whose grant lets it connect starts a process of its own instead.
enum SpareProcesses {
    private static let prepared = PosixMutex<[[String]: SpawnedProcess]>([:])
    /// How long a process started ahead may take to say it is prepared: no request waits on it,
    /// so a busy machine gets time.
    private static let preparing: Duration = .seconds(30)
    /// Starts the spare processes, one after another.
    private static let starter = WorkerThread()
    /// How long after the request that took a spare the next is started: a process starting
    /// beside the first use that took one (several milliseconds of a core) would slow it down,
    /// on a machine with few cores, by as much as it saves.
    static let delay: Duration = .milliseconds(100)

    /// The process prepared for `command`, which is then no longer kept; `nil` when none is.
    static func take(_ command: [String]) -> SpawnedProcess? {
        prepared.withLock { $0.removeValue(forKey: command) }
    }

    /// The process ID of the process prepared for `command`, if one is.
    static func processID(for command: [String]) -> Int32? {
        prepared.withLock { $0[command]?.processID }
    }

    /// Starts a process for `command` on the starter's thread, unless one is prepared, and keeps
    /// it once it says it is prepared. One that ends while it waits (killed, say) is reaped at
    /// once, and another started; one that cannot start, or ends before it is prepared, is not
    /// replaced: the next use starts a process itself, and says why it could not.
    static func prepare(_ command: [String]) {
        starter?.async {
            // The thread blocks every signal: no signal cuts the wait short.
            usleep(UInt32(delay / .microseconds(1)))
            guard prepared.withLock({ $0[command] == nil }),
                let process = try? SpawnedProcess.start(command, reachingNetwork: false)
            else {
                return
            }
            guard process.waitForPrepared(within: preparing) else {
                _ = process.stop()
                return
            }
            // Only this thread adds: none was added meanwhile.
            prepared.withLock { $0[command] = process }
            process.output.whenEnded {
                let ended = prepared.withLock { prepared in
                    prepared[command]?.processID == process.processID ? prepared.removeValue(forKey: command) : nil
                }
                guard let ended else { return }
                _ = ended.end(within: IsolatedPlugin.defaultDeadline)
                prepare(command)
            }
        }
    }
}
