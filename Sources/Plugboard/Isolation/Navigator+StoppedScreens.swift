extension Navigator {
    /// Builds again, from their URLs, the screens of isolated plugins that show that their plugin
    /// stopped, where the plugin runs again (a new process started by a later open, or by
    /// ``IsolatedPlugin/restart()``): the person's place comes back as it was before the stop,
    /// whatever stopped it (an action that trapped is not taken again). A host calls it after a
    /// restart. The navigator does the same itself after each screen it opens, but for a screen
    /// whose own building or rendering stopped the process (it trapped as it rendered, say),
    /// which would most likely stop the process the person's open just started: a restart
    /// rebuilds it, or the person opens it again, or goes back.
    /// Where a URL no longer opens, that screen and every screen above it are removed, as
    /// ``rebuildScreens(of:)`` removes them.
    ///
    /// ```swift
    /// try await notes.restart()
    /// let rebuilt = await navigator.rebuildStoppedScreens()
    /// print(rebuilt.rebuilt, "screens rebuilt")
    /// ```
    /// - Returns: How many screens were rebuilt, and which were removed.
    public func rebuildStoppedScreens() async -> Rebuilding {
        await rebuildScreens { ($0.screen as? ProxyScreen)?.showsStopOfRunningPlugin(evenItsOwn: true) == true }
    }

    /// Rebuilds the screens that show a stop of a plugin that runs again, if there are any: after
    /// a screen was opened, whose open may have started its plugin's process again.
    func rebuildStoppedScreensAfterOpen() async {
        let stopped: (Entry) -> Bool = {
            ($0.screen as? ProxyScreen)?.showsStopOfRunningPlugin(evenItsOwn: false) == true
        }
        if stacks.joined().contains(where: stopped) { _ = await rebuildScreens(where: stopped) }
    }
}

extension Navigator {
    /// Why the screen on top shows no screen of its plugin, if it shows none: its isolated plugin
    /// stopped, did not answer in time, or could not serve it. A script that opens a screen tells
    /// a plugin's stop from success by it.
    ///
    /// ```swift
    /// try await navigator.open("app://notes")
    /// if let stop = navigator.topScreenStop { print("not shown:", stop) }
    /// ```
    public var topScreenStop: IsolationError? {
        (topScreen as? ProxyScreen)?.stop
    }
}
