import Glibc

/// Whether a plugin process writes the Swift runtime's backtrace of a crash or a hang: not in a
/// build under the thread sanitizer, whose runtime takes the fatal signals (CI's sanitized run
/// builds the host, its plugin processes and these tests alike).
enum Backtraces {
    static let areWritten: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") == nil
}
