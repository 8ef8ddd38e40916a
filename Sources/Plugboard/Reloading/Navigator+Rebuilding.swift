extension Navigator {
    /// What ``rebuildScreens(of:)`` did.
    ///
    /// ```swift
    /// let rebuilt = await navigator.rebuildScreens(of: "Circles")
    /// print(rebuilt.rebuilt, "screens rebuilt;", rebuilt.removed.count, "removed")
    /// ```
    public struct Rebuilding: Sendable, Hashable {
        /// How many screens were built again by the new build.
        ///
        /// ```swift
        /// rebuilt.rebuilt  // 2
        /// ```
        public let rebuilt: Int
        /// The URLs of the screens removed, top last: from the first whose URL no longer opens,
        /// up to the top of the stacks.
        ///
        /// ```swift
        /// rebuilt.removed  // ["app://circles/42"] when the new build has no such route
        /// ```
        public let removed: [String]
    }

    /// Builds again, from their URLs, the screens that modules of `plugin` built, after the plugin
    /// was replaced (``PluginPopulation/reload(_:)``): each is opened afresh through the router,
    /// its interceptors included, so its view model starts anew; the stacks and the history stay.
    /// Where a URL no longer opens, that screen and every screen above it are removed, and
    /// ``Rebuilding/removed`` names them.
    ///
    /// ```swift
    /// try await population.reload("Circles")
    /// let rebuilt = await navigator.rebuildScreens(of: "Circles")
    /// ```
    /// - Parameter plugin: The plugin's name.
    /// - Returns: How many screens were rebuilt, and which were removed.
    public func rebuildScreens(of plugin: String) async -> Rebuilding {
        await rebuildScreens { $0.plugin == plugin }
    }

    /// Builds again, from their URLs, the screens on the stacks that `shouldRebuild` picks, as
    /// ``rebuildScreens(of:)`` does.
    func rebuildScreens(where shouldRebuild: (Entry) -> Bool) async -> Rebuilding {
        var (rebuilt, removed) = (0, [String]())
        rebuilding: for stack in stacks.indices {
            for index in stacks[stack].indices where shouldRebuild(stacks[stack][index]) {
                let old = stacks[stack][index]
                do {
                    let (fresh, _) = try await makeEntry(old.url, context: nil)
                    stacks[stack][index] = fresh
                    unchecked += watch([old])
                    rebuilt += 1
                } catch {
                    // This screen and everything above it go: the stacks end at the last that opens.
                    let gone = Array(stacks[stack][index...]) + stacks[(stack + 1)...].flatMap { $0 }
                    removed = gone.map(\.url)
                    unchecked += watch(gone.reversed())
                    stacks[stack].removeSubrange(index...)
                    stacks.removeSubrange((stack + 1)...)
                    if stacks[stack].isEmpty && stack > 0 { stacks.remove(at: stack) }
                    break rebuilding
                }
            }
        }
        await checkForLeaks()
        return Rebuilding(rebuilt: rebuilt, removed: removed)
    }
}
