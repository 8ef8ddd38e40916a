import Plugboard
import Testing

/// The graph is validated as a whole before anything runs.
struct StartupGraphTests {
    private func task(_ name: String, after: [String] = [], phase: StartupPhase = .launch, owner: Owner = ownerA)
        -> StartupTask
    {
        StartupTask(name: name, dependencies: after, phase: phase, owner: owner) {}
    }

    private func problems(_ tasks: [StartupTask]) -> [GraphProblem] {
        do {
            _ = try StartupGraph(tasks: tasks)
            return []
        } catch {
            guard case .invalidGraph(let problems) = error else { return [] }
            return problems
        }
    }

    @Test func anUnknownDependencySuggestsTheNearestName() {
        let found = problems([task("store.open"), task("feed.load", after: ["store.opn"])])
        #expect(
            found == [
                .unknownDependency(task: "feed.load", owner: ownerA, dependency: "store.opn", nearest: "store.open")
            ])
        #expect(
            found.first?.description
                == "task 'feed.load' of module scripted.a (host) depends on unknown task 'store.opn'; did you mean 'store.open'?"
        )
    }

    @Test func aSuggestionNeverNamesTheAskingTaskNorANameThatIsNoLikelyTypo() {
        // The only other task is the asker itself: no suggestion.
        let alone = problems([task("broken.warm", after: ["no.such.task"])])
        #expect(
            alone == [.unknownDependency(task: "broken.warm", owner: ownerA, dependency: "no.such.task", nearest: nil)])
        #expect(alone.first?.description.contains("did you mean") == false)
        // The asker is nearest, but another task is a likely typo of the name.
        let beside = problems([task("store.open"), task("store.opem", after: ["store.opn"])])
        #expect(
            beside.first
                == .unknownDependency(
                    task: "store.opem", owner: ownerA, dependency: "store.opn", nearest: "store.open"))
        // A name that is merely nearest, far from a typo, is not suggested.
        let unrelated = problems([task("broken.warm"), task("feed.load", after: ["no.such.task"])])
        #expect(
            unrelated == [
                .unknownDependency(task: "feed.load", owner: ownerA, dependency: "no.such.task", nearest: nil)
            ])
    }

    @Test func aDuplicateNameNamesBothOwners() {
        let found = problems([task("config"), task("config", owner: ownerB)])
        #expect(found == [.duplicateTask(name: "config", owners: [ownerA, ownerB])])
    }

    @Test func aCycleIsReportedAsItsPathWithOwners() {
        let found = problems([
            task("a", after: ["c"]), task("b", after: ["a"], owner: ownerB), task("c", after: ["b"]),
            task("d", after: ["a"]),
        ])
        #expect(found == [.cycle(path: ["a", "c", "b", "a"], owners: [ownerA, ownerA, ownerB, ownerA])])
        #expect(found.first?.description.hasPrefix("dependency cycle a -> c -> b -> a") == true)
    }

    @Test func aTaskThatDependsOnItselfIsACycle() {
        #expect(
            problems([task("loop", after: ["loop"])]) == [.cycle(path: ["loop", "loop"], owners: [ownerA, ownerA])])
    }

    @Test func aDependencyOnALaterPhaseIsRefused() {
        let found = problems([task("analytics", phase: .afterFirstScreen), task("root", after: ["analytics"])])
        #expect(
            found == [
                .laterPhaseDependency(
                    task: "root", owner: ownerA, phase: .launch, dependency: "analytics",
                    dependencyPhase: .afterFirstScreen)
            ])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let found = problems([
            task("x", after: ["missing"]), task("x", owner: ownerB), task("p", after: ["q"]), task("q", after: ["p"]),
            task("early", after: ["late"]), task("late", phase: .afterFirstScreen),
        ])
        #expect(found.count == 4)
        #expect(found.contains(.duplicateTask(name: "x", owners: [ownerA, ownerB])))
        #expect(found.contains { if case .unknownDependency = $0 { true } else { false } })
        #expect(found.contains { if case .cycle = $0 { true } else { false } })
        #expect(found.contains { if case .laterPhaseDependency = $0 { true } else { false } })
    }

    @Test func theGraphExportsAsDOTWithOwnersAndPhases() throws {
        var optional = task("warm-cache", after: ["store"], phase: .afterFirstScreen)
        optional = StartupTask(
            name: optional.name, dependencies: optional.dependencies, phase: .afterFirstScreen, isRequired: false,
            owner: ownerB
        ) {}
        let graph = try StartupGraph(tasks: [task("store"), optional])
        let dot = graph.dot()
        #expect(dot.hasPrefix("digraph startup {\n"))
        #expect(dot.contains("subgraph \"cluster_launch\" {"))
        #expect(dot.contains("subgraph \"cluster_after-first-screen\" {"))
        #expect(dot.contains("\"store\" [label=\"store\\nmodule scripted.a (host)\"];"))
        #expect(dot.contains("\"warm-cache\" [label=\"warm-cache\\nmodule scripted.b (host)\", style=dashed];"))
        #expect(dot.contains("\"store\" -> \"warm-cache\";"))
    }

    @Test func theGraphsOfSeveralProcessesExportAsOneDOTDocument() throws {
        let host = try StartupGraph(tasks: [task("store"), task("root", after: ["store"])])
        // Another process may have a task of the same name: each process's nodes are its own.
        let plugin = try StartupGraph(tasks: [task("store")])
        let dot = StartupGraph.dot([("the host's process", host), ("the process of B 1.0.0", plugin)])
        #expect(dot.hasPrefix("digraph startup {\n"))
        #expect(dot.hasSuffix("}\n"))
        #expect(dot.contains("  subgraph \"cluster_process_0\" {\n    label=\"the host's process\";\n"))
        #expect(dot.contains("  subgraph \"cluster_process_1\" {\n    label=\"the process of B 1.0.0\";\n"))
        #expect(dot.contains("    subgraph \"cluster_1:launch\" {"))
        #expect(dot.contains("      \"0:store\" [label="))
        #expect(dot.contains("      \"1:store\" [label="))
        #expect(dot.contains("  \"0:store\" -> \"0:root\";"))
        #expect(!dot.contains("\"1:store\" ->"))
    }
}
