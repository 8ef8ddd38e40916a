extension Navigator {
    /// Shows the screen a pop or a dismiss uncovered as it is now. A screen of the host's process
    /// renders anew each time it is shown; one of an isolated plugin shows what its process last
    /// sent, so its process is asked again (one round trip): what it renders may have changed
    /// while it was covered, by the screens above it or by another plugin's service.
    func showUncoveredScreen() async {
        await (topScreen as? ProxyScreen)?.showAgain()
    }
}
