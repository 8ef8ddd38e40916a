import Glibc
import Testing

@testable import Plugboard

/// The notes a plugin process writes into its output, read by the host as a stranger's: of a call
/// its seccomp filter refused, and of the plugin that prints what follows.
struct ProcessOutputNoteTests {
    /// The numbers of `socket`, `mount` and `read`: the C library's names for them are macros of
    /// macros, which Swift does not import.
    #if arch(x86_64)
        private static let (socketCall, mountCall, readCall) = (41, 165, 0)
    #elseif arch(arm64)
        private static let (socketCall, mountCall, readCall) = (198, 40, 63)
    #endif

    @Test func aNoteOfARefusedCallIsWordedAndOnlyAWritersNoteIsRead() throws {
        let socket = try #require(DeniedCall(note: "\(Self.socketCall) \(AF_INET6) 0"))
        #expect(
            socket.description
                == "plugboard: refused socket (opening a network socket, AF_INET6), which it was not granted; it "
                + "failed with EACCES; to allow it, declare connect HOST:PORT in its manifest and grant it (--grant)")
        let mount = try #require(DeniedCall(note: "\(Self.mountCall) 0 1"))
        #expect(
            mount.description
                == "plugboard: refused mount (mounting a file system) to a program it started, which no plugin may "
                + "do; it failed with EPERM")
        // A call the filter allows, and notes a writer never writes, are no notes.
        for forged in [
            "\(Self.readCall) 0 0", "\(Self.socketCall) 2", "\(Self.socketCall) 2 0 0", "\(Self.socketCall) -2 0",
            "x 2 0", "",
        ] {
            #expect(DeniedCall(note: Substring(forged)) == nil, "\(forged)")
        }
    }

    @Test func aCrashReportHoldsNoNoteOfWhoPrintsAndRefusedCallsInTheHostsWords() {
        let output = "loaded\n\(OutputSpeaker.mark)Notes\nsaving\n\(DeniedCall.mark)\(Self.mountCall) 0 0\n\n"
        #expect(
            ProcessOutput.readable(output)
                == "loaded\nsaving\nplugboard: refused mount (mounting a file system), which no plugin may do; it "
                + "failed with EPERM\n\n")
        #expect(ProcessOutput.readable("plain\n") == "plain\n")
    }
}
