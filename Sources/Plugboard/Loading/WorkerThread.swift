internal import Dispatch
internal import Glibc
internal import Synchronization

/// A thread of its own that runs closures one after another, in the order they were handed over.
///
/// It is a serial queue without Dispatch: a process's first `DispatchQueue` and `async` take
/// longer than creating a thread, and a process's first load waits for them before its first
/// `dlopen`. The thread ends once the last reference to this object is gone and everything handed
/// over has run.
final class WorkerThread: Sendable {
    /// Something handed over to the thread.
    private enum Job {
        /// A closure to run.
        case run(@Sendable () -> Void)
        /// A value to let go of.
        case release(any Sendable)
    }

    /// Jobs not yet taken by the thread, in order, and whether the owner is gone. (Named types
    /// rather than tuples: the runtime builds their metadata faster, on a first load's path.)
    private struct Jobs {
        var pending: [Job] = []
        var ending = false
    }

    /// What the thread shares with its owner.
    private final class Shared: Sendable {
        let jobs = PosixMutex(Jobs())
        /// Signalled once per job handed over, and once when the owner is gone.
        let wake = DispatchSemaphore(value: 0)
        /// Set once the thread runs and waits for jobs (see ``WorkerThread/isReady``).
        let ready = Atomic(false)
    }

    private let shared = Shared()

    /// Starts the thread, with every signal blocked, as Dispatch's own threads have them: a signal
    /// sent to the process then goes to one of the host's threads, and a host's handler never runs
    /// on the loader's thread. `nil` when the system cannot create a thread.
    init?() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(shared).toOpaque()
        // The new thread starts with the mask of the thread that creates it.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        let created = pthread_create(&thread, nil, { WorkerThread.main(Unmanaged<Shared>.fromOpaque($0!)) }, context)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        guard created == 0 else {
            Unmanaged<Shared>.fromOpaque(context).release()
            return nil
        }
        pthread_detach(thread)
    }

    deinit {
        shared.jobs.withLock { $0.ending = true }
        shared.wake.signal()
    }

    /// Whether the thread has started and waits for jobs; once `true`, it stays `true`. Until
    /// then, a job handed over waits for the thread to start: 20 µs after `init` when the system
    /// runs the new thread on an idle processor at once, but 1–4 ms on a small virtual machine,
    /// whose scheduler may first queue it behind the thread that created it.
    var isReady: Bool {
        shared.ready.load(ordering: .acquiring)
    }

    /// Runs `job` on the thread after everything handed over before it.
    func async(_ job: @escaping @Sendable () -> Void) {
        hand(over: .run(job))
    }

    /// Lets go of `value` on the thread after everything handed over before it, so that this
    /// thread does not wait for it to be deinitialized.
    func release(_ value: consuming some Sendable) {
        hand(over: .release(value))
    }

    private func hand(over job: consuming Job) {
        // Moved into the list, so that the thread holds the only reference: one left with this
        // call could be the last if the thread got there first.
        var job = Optional(job)
        shared.jobs.withLock { $0.pending.append(job.take()!) }
        shared.wake.signal()
    }

    /// The thread's body: runs what is handed over until the owner is gone and nothing is left.
    private static func main(_ context: Unmanaged<Shared>) -> UnsafeMutableRawPointer? {
        let shared = context.takeRetainedValue()
        // A thread's first allocation creates its own heap: made now, not in the first job.
        UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16).deallocate()
        shared.ready.store(true, ordering: .releasing)
        while true {
            // In a scope of its own, so that the jobs, and the values to release with them, are
            // gone before the thread sleeps.
            do {
                let (batch, ending) = shared.jobs.withLock { jobs in
                    defer { jobs.pending = [] }
                    return (jobs.pending, jobs.ending)
                }
                for case .run(let job) in batch { job() }
                if ending { return nil }
            }
            shared.wake.wait()
        }
    }
}
