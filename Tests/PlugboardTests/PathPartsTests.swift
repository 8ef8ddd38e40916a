import Testing

@testable import Plugboard

/// A path splits into its directory and name, and a directory and a name join with one slash.
struct PathPartsTests {
    @Test func aNameJoinsItsDirectoryWithOneSlash() {
        #expect(PathParts.joining("plugins", "libA.so") == "plugins/libA.so")
        #expect(PathParts.joining("plugins///", "libA.so") == "plugins/libA.so")
        #expect(PathParts.joining("/", "libA.so") == "/libA.so")
        #expect(PathParts.joining("///", "libA.so") == "/libA.so")
        #expect(PathParts.joining("", "libA.so") == "libA.so")
        #expect(PathParts.joining("dossier é/", "libA.so") == "dossier é/libA.so")
    }

    @Test func aPathSplitsAtItsLastSlash() {
        let parts = PathParts("/opt/plugins/libA.so")
        #expect(parts.directory == "/opt/plugins" && parts.name == "libA.so")
        #expect(PathParts("libA.so").directory == "." && PathParts("/libA.so").directory == "/")
    }
}
