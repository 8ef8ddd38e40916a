internal import Glibc

/// The host's environment, as `NAME=value` strings, for the processes it starts.
enum ProcessEnvironment {
    static var current: [String] {
        var strings: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            strings.append(String(cString: pointer))
            entry += 1
        }
        return strings
    }
}
