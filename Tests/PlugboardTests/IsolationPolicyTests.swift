import Testing

@testable import Plugboard

/// Where an isolation policy runs each plugin: plugins joined by a dependency run in one process,
/// and a policy that would part them, or names a plugin that is not there, is refused before
/// anything runs.
struct IsolationPolicyTests {
    /// A population in load order: Shell ← Circles, Account ← Blog (optionally ← Analytics), and
    /// Greeter alone.
    static let resolved = [
        PluginCandidate(path: "libShell.so", name: "Shell", version: "1.0.0"),
        PluginCandidate(
            path: "libCircles.so", name: "Circles", version: "1.0.0", dependencies: [.plugin("Shell", from: "1.0.0")]),
        PluginCandidate(path: "libAccount.so", name: "Account", version: "1.0.0"),
        PluginCandidate(path: "libAnalytics.so", name: "Analytics", version: "1.0.0"),
        PluginCandidate(
            path: "libBlog.so", name: "Blog", version: "1.0.0",
            dependencies: [.plugin("Account", from: "1.0.0"), .plugin("Analytics", from: "1.0.0", optional: true)]),
        PluginCandidate(path: "libGreeter.so", name: "Greeter", version: "1.0.0"),
    ]

    private func names(_ plan: IsolationPlan) -> [[String]] {
        plan.groups.map { $0.map(\.name) }
    }

    @Test func allIsolatesEachGroupOfPluginsJoinedByADependencyInLoadOrder() throws {
        let plan = try IsolationPolicy.all.plan(for: Self.resolved)
        #expect(names(plan) == [["Shell", "Circles"], ["Account", "Analytics", "Blog"], ["Greeter"]])
        #expect(plan.inHost.isEmpty)
    }

    @Test func noneAndNamedPluginsLeaveTheRestInTheHostsProcess() throws {
        let none = try IsolationPolicy.none.plan(for: Self.resolved)
        #expect(none.groups.isEmpty && none.inHost == Self.resolved)
        let named = try IsolationPolicy.plugins(["Greeter", "Circles", "Shell"]).plan(for: Self.resolved)
        #expect(names(named) == [["Shell", "Circles"], ["Greeter"]])
        #expect(named.inHost.map(\.name) == ["Account", "Analytics", "Blog"])
    }

    @Test func aPolicyThatPartsPluginsJoinedByADependencyIsRefusedNamingTheWholeGroup() {
        #expect(throws: IsolationError.splitGroup(isolated: ["Circles"], joinedTo: ["Shell"])) {
            try IsolationPolicy.plugins(["Circles"]).plan(for: Self.resolved)
        }
        // An optional dependency joins them too: both processes would need the one service.
        #expect(throws: IsolationError.splitGroup(isolated: ["Account", "Blog"], joinedTo: ["Analytics"])) {
            try IsolationPolicy.plugins(["Account", "Blog"]).plan(for: Self.resolved)
        }
        // Every plugin of the group at once, those it reaches through others too.
        #expect(throws: IsolationError.splitGroup(isolated: ["Blog"], joinedTo: ["Account", "Analytics"])) {
            try IsolationPolicy.plugins(["Blog"]).plan(for: Self.resolved)
        }
        let error = IsolationError.splitGroup(isolated: ["Circles"], joinedTo: ["Shell"])
        #expect(
            error.description
                == "Circles cannot be isolated without Shell: plugins joined by a dependency share services and "
                + "libraries, so they run in one process; isolate both (Circles,Shell) or neither")
        #expect(
            IsolationError.splitGroup(isolated: ["Blog"], joinedTo: ["Account", "Analytics"]).description
                == "Blog cannot be isolated without Account, Analytics: plugins joined by a dependency share services "
                + "and libraries, so they run in one process; isolate all of them (Blog,Account,Analytics) or none")
    }

    @Test func aNameNoPluginHasIsRefusedWithThePluginsThereAre() {
        #expect(
            throws: IsolationError.unknownPlugin(
                "Notes", available: ["Account", "Analytics", "Blog", "Circles", "Greeter", "Shell"])
        ) {
            try IsolationPolicy.plugins(["Notes", "Greeter"]).plan(for: Self.resolved)
        }
    }

    @Test func theOptionsValuesParseAsOnePolicy() throws {
        #expect(try IsolationPolicy(parsing: []) == .none)
        #expect(try IsolationPolicy(parsing: ["none"]) == .none)
        #expect(try IsolationPolicy(parsing: ["all"]) == .all)
        #expect(
            try IsolationPolicy(parsing: ["Blog,Account", "Greeter", ""]) == .plugins(["Blog", "Account", "Greeter"]))
        #expect(throws: IsolationError.self) { try IsolationPolicy(parsing: ["all", "Blog"]) }
        #expect(throws: IsolationError.self) { try IsolationPolicy(parsing: ["none,Blog"]) }
        // A value that names nothing is refused, not taken for none.
        let empty = #expect(throws: IsolationError.self) { try IsolationPolicy(parsing: ["", ","]) }
        #expect(empty?.description == "invalid isolation: no plugin is named; give all, none, or plugin names")
    }
}
