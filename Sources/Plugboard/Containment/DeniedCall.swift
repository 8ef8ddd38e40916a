internal import CPlugboard
internal import Glibc

/// A system call the seccomp filter of a plugin process refused, as the process notes it in its
/// output (a thread of its own answers each such call with its error and writes the note): read
/// by the host, which names the plugin and the operation once. The note comes from the plugin's
/// process, so it is read as a stranger's: a note that does not parse, or names a call the filter
/// does not deny, is dropped; a forged one can only misreport its own plugin.
struct DeniedCall: Hashable {
    /// What begins a note in a plugin process's output.
    static let mark = PB_DENIED_NOTE

    /// The call's name (`socket`), what it does, as a person reads it, and the error it failed
    /// with (`EACCES`).
    let name: String
    let what: String
    let error: String
    /// Its first argument: the family of a socket.
    let argument: UInt64
    /// Whether a program the plugin started made it, not the plugin's own process.
    let byProgram: Bool

    /// The call a note's text after ``mark`` names (`NUMBER ARGUMENT BY-PROGRAM`), or `nil`.
    init?(note: Substring) {
        let fields = note.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 3, let number = Int(fields[0]), let argument = UInt64(fields[1]),
            fields[2] == "0" || fields[2] == "1"
        else { return nil }
        var name: UnsafePointer<CChar>? = nil
        var what: UnsafePointer<CChar>? = nil
        var error: UnsafePointer<CChar>? = nil
        guard pb_denied_call(number, &name, &what, &error), let name, let what, let error else { return nil }
        self.name = String(cString: name)
        self.what = String(cString: what)
        self.error = String(cString: error)
        self.argument = argument
        self.byProgram = fields[2] == "1"
    }

    /// What the host says of it, after the plugin's name: the operation, why it was refused, and,
    /// for a network socket, how to allow it.
    ///
    /// `plugboard: refused socket (opening a network socket, AF_INET), which it was not granted;
    /// it failed with EACCES; to allow it, declare connect HOST:PORT in its manifest and grant it`
    var description: String {
        let who = byProgram ? " to a program it started" : ""
        guard name == "socket" else {
            return "plugboard: refused \(name) (\(what))\(who), which no plugin may do; it failed with \(error)"
        }
        let family =
            switch Int32(truncatingIfNeeded: argument) {
            case AF_INET: "AF_INET"
            case AF_INET6: "AF_INET6"
            case AF_NETLINK: "AF_NETLINK"
            case AF_PACKET: "AF_PACKET"
            default: "family \(argument)"
            }
        return "plugboard: refused socket (\(what), \(family))\(who), which it was not granted; it failed with "
            + "\(error); to allow it, declare connect HOST:PORT in its manifest and grant it (--grant)"
    }
}
