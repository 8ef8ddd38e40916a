import Glibc
import Plugboard

/// The probe as a plugin that reaches beyond its own code, for the tests of confinement: with
/// PLUGBOARD_PROBE_REACH=1 its screen offers actions that read a file, write one, connect to a TCP
/// port on the loopback and start a program, each named by the text given, and signal the process
/// that started its own (SIGCONT, which changes nothing), and shows what each last did:
/// `read /etc/hostname: allowed`, or `…: denied (Permission denied)`.
enum ReachProbe {
    static var isOn: Bool { getenv("PLUGBOARD_PROBE_REACH") != nil }

    /// What the actions did, one line each, in order.
    nonisolated(unsafe) static var results: [String] = []

    static func actions() -> [ScreenAction] {
        [
            ScreenAction("read", title: "Read a file", takesText: true) { path in
                attempt("read", path) { open($0, O_RDONLY) }
            },
            ScreenAction("write", title: "Write a file", takesText: true) { path in
                attempt("write", path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
            },
            ScreenAction("connect", title: "Connect to a port on the loopback", takesText: true) { port in
                attempt("connect", port) { connect(toPort: UInt16($0) ?? 0) }
            },
            ScreenAction("run", title: "Start a program", takesText: true) { path in
                attempt("run", path) { run($0) }
            },
            ScreenAction("signal", title: "Signal the process that started this one") { _ in
                // In a process namespace of its own, the host has no ID to signal it by.
                attempt("signal", "parent") { _ in
                    let parent = getppid()
                    guard parent != 0 else {
                        errno = ESRCH
                        return -1
                    }
                    return kill(parent, SIGCONT)
                }
            },
        ]
    }

    /// Records what `operation` did with `text`: it returns a descriptor or 0 when allowed, -1
    /// with `errno` set when not.
    private static func attempt(_ verb: String, _ text: String?, _ operation: (String) -> Int32) {
        let target = text ?? ""
        let result = operation(target)
        let failure = errno
        if result > 2 { close(result) }
        results.append(
            "\(verb) \(target): " + (result >= 0 ? "allowed" : "denied (\(String(cString: strerror(failure))))"))
    }

    /// Connects to `port` on 127.0.0.1 over TCP.
    private static func connect(toPort port: UInt16) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let failure = errno
        guard connected == 0 else {
            close(socket)
            errno = failure
            return -1
        }
        return socket
    }

    /// Starts the program at `path` and waits for it: 0 when it started, -1 when it could not.
    private static func run(_ path: String) -> Int32 {
        var process: pid_t = 0
        let arguments = [strdup(path), nil]
        defer { free(arguments[0]) }
        let started = posix_spawn(&process, path, nil, nil, arguments, nil)
        guard started == 0 else {
            errno = started
            return -1
        }
        var status: Int32 = 0
        waitpid(process, &status, 0)
        // A program the kernel refused to execute after the fork ends with 127.
        guard status >> 8 & 0xFF != 127 else {
            errno = EACCES
            return -1
        }
        return 0
    }
}
