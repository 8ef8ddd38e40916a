import Plugboard

/// Prints a screen as a framed box with its title.
@MainActor
enum ScreenListing {
    static func print(_ screen: any Screen) {
        Terminal.line("┌─ \(screen.title)")
        for line in screen.render().split(separator: "\n", omittingEmptySubsequences: false) {
            Terminal.line("│ \(line)")
        }
        Terminal.line("└─")
    }
}
