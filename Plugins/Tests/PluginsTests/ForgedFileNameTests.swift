import Foundation
import Testing

/// Whoever can put a file into a plugin directory chooses its name, and every command shows that
/// name on one line with its control characters escaped: a name cannot forge a report line of its
/// own or send the terminal an escape sequence.
struct ForgedFileNameTests {
    /// A copy of the Greeter plugin whose name would clear the screen, and a second copy of another
    /// build, loaded after it in name order and refused as a copy, whose name would print a forged
    /// `✓` line.
    private static let forging = "libForged\n  ✓ Fake 1.0.0  (1 module).so"
    private static let clearing = "libClearing\u{1B}[2J.so"
    private static let (forgingShown, clearingShown) = (
        #"libForged\u{A}  ✓ Fake 1.0.0  (1 module).so"#, #"libClearing\u{1B}[2J.so"#
    )

    private let scratch: Scratch

    init() throws {
        scratch = try Scratch()
        _ = try scratch.otherGreeterBuild(as: Self.forging)
        _ = try scratch.copy(BuildProducts.path("libGreeterPlugin.so"), as: Self.clearing)
    }

    private func shown(_ name: String) -> String {
        scratch.directory.path + "/" + name
    }

    /// Checks that no line of `run`'s output is forged and none holds an escape character.
    private func expectNothingForged(_ run: HostProcess, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = (run.standardOutput + run.standardError).split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("  ✓ Fake") }, "\(lines)", sourceLocation: sourceLocation)
        #expect(!lines.contains { $0.contains("\u{1B}") }, "\(lines)", sourceLocation: sourceLocation)
    }

    @Test func verifyNamesEachFileOnItsLine() async throws {
        let run = try await HostProcess.run(["verify", scratch.directory.path])
        #expect(run.status == 1)
        expectNothingForged(run)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("  ✓ \(Self.clearingShown): loads: Greeter 1.0.0, 1 module"), "\(lines)")
        #expect(
            lines.contains(
                "  ✗ \(Self.forgingShown), with the others: refused: \(shown(Self.forgingShown)): plugin 'Greeter' "
                    + "is already loaded from \(shown(Self.clearingShown)); remove one of the copies"), "\(lines)")
    }

    @Test func loadingProgressAndTheListingNameEachFileOnItsLine() async throws {
        let run = try await HostProcess.run(["list", "--plugins", scratch.directory.path])
        expectNothingForged(run)
        let errors = run.standardError.split(separator: "\n").map(String.init)
        #expect(errors.contains("  ✗ \(shown(Self.forgingShown))"), "\(errors)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("  Greeter 1.0.0  \(shown(Self.clearingShown))"), "\(lines)")
    }

    @Test func routesAndInspectNameTheFileOnItsLine() async throws {
        let routes = try await HostProcess.run(["routes", "--plugins", scratch.directory.path])
        expectNothingForged(routes)
        let owner = "  owner       GreeterPlugin.GreeterModule  (\(shown(Self.clearingShown)))"
        #expect(routes.standardOutput.contains(owner), "\(routes.standardOutput)")
        let inspect = try await HostProcess.run(["inspect", shown(Self.forging)])
        #expect(inspect.status == 0, "\(inspect.standardError)")
        expectNothingForged(inspect)
        #expect(inspect.standardOutput.contains("  file         \(shown(Self.forgingShown))\n"))
    }
}
