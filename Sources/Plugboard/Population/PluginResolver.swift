/// Resolves a population of installed plugins from their manifests alone, before any plugin code
/// runs: which file of each plugin loads, in which order, and why each other file does not.
///
/// ```swift
/// let resolution = PluginResolver.resolve([
///     PluginCandidate(path: "libAccount.so", name: "Account", version: "1.4.0"),
///     PluginCandidate(path: "libBlog.so", name: "Blog", version: "2.1.0", dependencies: [.plugin("Account", from: "1.2.0")]),
/// ])
/// resolution.order.map(\.name)  // ["Account", "Blog"]: dependencies first
/// ```
///
/// A pure function of its input. The rules:
/// - A file refused before resolution, or whose manifest is not valid, is refused.
/// - Of several versions of one plugin, the highest that every plugin needing it accepts is
///   chosen (one greedy choice per plugin, no search); the others are refused, naming the one
///   chosen. Where no single version satisfies every plugin that needs it, the highest version
///   that satisfies most of them is chosen, and each of the others is refused with both ranges.
///   Files of one plugin with equal versions are all kept, in order, for the loader to refuse the
///   second as a duplicate.
/// - A plugin whose required dependency is missing, outside its range, refused, or part of a
///   cycle of required dependencies, is refused, naming the whole chain to the root cause. A
///   missing or unusable optional dependency leaves it loading.
/// - The order puts each plugin after those it needs; otherwise it keeps the order given.
public enum PluginResolver {
    /// Resolves `candidates`, given in the order to load them where dependencies allow.
    ///
    /// ```swift
    /// for refusal in PluginResolver.resolve(candidates).refusals { print(refusal) }
    /// ```
    /// - Parameter candidates: The installed plugin files' declarations.
    /// - Returns: The load order and a refusal for every other file.
    /// - Complexity: O((*n* + *d*) × *r*) for *n* files with *d* dependencies in all, where *r*,
    ///   the rounds until no choice or refusal changes, is small in practice.
    public static func resolve(_ candidates: [PluginCandidate]) -> PluginResolution {
        var state = State(candidates)
        state.settle()
        return state.resolution()
    }
}

/// What resolution decided: the files to load, in order, and a refusal for every other file.
///
/// ```swift
/// let resolution = PluginResolver.resolve(candidates)
/// print(resolution.order.map(\.path), resolution.refusals.count)
/// ```
public struct PluginResolution: Sendable, Hashable {
    /// The files to load, each after the plugins it needs.
    ///
    /// ```swift
    /// resolution.order.map(\.title)  // ["Account 1.4.0", "Blog 2.1.0"]
    /// ```
    public let order: [PluginCandidate]
    /// The files that are not to load, in the order given, each with its reason.
    ///
    /// ```swift
    /// resolution.refusals.map(\.description)
    /// ```
    public let refusals: [PluginRefusal]
}

extension PluginResolver {
    /// The decisions so far, remade round after round until they hold still.
    fileprivate struct State {
        let candidates: [PluginCandidate]
        let versions: [SemanticVersion?]
        /// Each plugin name's files, in the order given.
        let byName: [String: [Int]]
        var refused: [Int: PluginRefusal] = [:]
        /// The file chosen for each plugin name that has a usable one.
        var chosen: [String: Int] = [:]

        init(_ candidates: [PluginCandidate]) {
            self.candidates = candidates
            versions = candidates.map { SemanticVersion($0.version) }
            byName = Dictionary(grouping: candidates.indices, by: { candidates[$0].name })
            for (index, candidate) in candidates.enumerated() {
                if let refusal = candidate.refusal {
                    refused[index] = PluginRefusal(candidate: candidate, reason: .refusedFile(refusal))
                } else if let problem = PluginManifest(
                    name: candidate.name, version: candidate.version, dependencies: candidate.dependencies,
                    fingerprint: .current
                ).problem {
                    refused[index] = PluginRefusal(candidate: candidate, reason: .invalidManifest(problem))
                }
            }
        }

        /// Chooses and refuses until a round changes nothing, then refuses cycles and what needs
        /// them, and settles again.
        mutating func settle() {
            while true {
                while round() {}
                guard refuseCycles() else { return }
            }
        }

        /// One round: a choice per plugin given what the others need, made again until the
        /// choices hold still (or as many times as there are plugins), then the refusals that
        /// follow. Returns whether anything changed.
        private mutating func round() -> Bool {
            var changed = false
            for _ in 0...byName.count {
                var moved = false
                for name in byName.keys.sorted() {
                    let choice = choose(name)
                    if chosen[name] != choice {
                        chosen[name] = choice
                        moved = true
                    }
                }
                guard moved else { break }
                changed = true
            }
            for index in candidates.indices where refused[index] == nil && chosen[candidates[index].name] == index {
                if let refusal = dependencyRefusal(of: index) {
                    refused[index] = refusal
                    changed = true
                }
            }
            return changed
        }

        /// The files of `name` that may load, highest version first (the earlier given first
        /// among equal ones).
        private func usable(_ name: String) -> [Int] {
            (byName[name] ?? []).filter { refused[$0] == nil }.sorted { left, right in
                let (a, b) = (versions[left]!, versions[right]!)
                return a != b ? b < a : left < right
            }
        }

        /// What the chosen plugins need of `name`: each dependent and its dependency.
        private func needs(of name: String) -> [(dependent: Int, dependency: PluginDependency)] {
            chosen.values.sorted().filter { refused[$0] == nil && candidates[$0].name != name }.flatMap { dependent in
                candidates[dependent].dependencies.filter { $0.name == name }.map { (dependent, $0) }
            }
        }

        /// The file chosen for `name`: the highest version that satisfies every required need,
        /// and as many optional ones as it can; failing that, the one that satisfies most.
        private func choose(_ name: String) -> Int? {
            let files = usable(name)
            let needs = needs(of: name)
            func score(_ file: Int) -> (required: Int, optional: Int) {
                let version = versions[file]!
                let met = needs.filter { $0.dependency.versions.contains(version) }
                return (met.filter { !$0.dependency.isOptional }.count, met.filter(\.dependency.isOptional).count)
            }
            // `files` is highest first: the first with the best score is the highest such.
            var best: (file: Int, score: (required: Int, optional: Int))?
            for file in files {
                let scored = score(file)
                if let current = best, scored <= current.score { continue }
                best = (file, scored)
            }
            return best?.file
        }

        /// Why the chosen file `index` cannot load for want of a dependency, if it cannot.
        private func dependencyRefusal(of index: Int) -> PluginRefusal? {
            let candidate = candidates[index]
            for dependency in candidate.dependencies where !dependency.isOptional {
                let reason: PluginRefusal.Reason
                guard let files = byName[dependency.name] else {
                    return PluginRefusal(candidate: candidate, reason: .missingDependency(dependency))
                }
                guard let choice = chosen[dependency.name], refused[choice] == nil else {
                    // Every file of it was refused: the highest version's refusal is the cause.
                    let cause = files.max(by: versionIsLower).flatMap { refused[$0] }
                    guard let cause else { continue }
                    return PluginRefusal(candidate: candidate, reason: .dependencyRefused(dependency, because: cause))
                }
                let version = versions[choice]!
                guard !dependency.versions.contains(version) else { continue }
                let usableVersions = usable(dependency.name).map { candidates[$0].version }
                if !usableVersions.contains(where: { SemanticVersion($0).map(dependency.versions.contains) ?? false }) {
                    reason = .outsideRange(dependency, installed: usableVersions)
                } else if let other = needs(of: dependency.name).first(where: {
                    !$0.dependency.isOptional && $0.dependency.versions.contains(version)
                }) {
                    reason = .conflict(
                        dependency, chosen: candidates[choice].version, other: candidates[other.dependent].title,
                        otherNeeds: other.dependency.versions)
                } else {
                    reason = .outsideRange(dependency, installed: usableVersions)
                }
                return PluginRefusal(candidate: candidate, reason: reason)
            }
            return nil
        }

        /// Whether file `left`'s version is below `right`'s; a file whose version is none comes
        /// lowest.
        private func versionIsLower(_ left: Int, _ right: Int) -> Bool {
            switch (versions[left], versions[right]) {
            case (let left?, let right?): left < right
            case (nil, _?): true
            default: false
            }
        }

        /// The chosen files that may load.
        private var loading: [Int] {
            chosen.values.filter { refused[$0] == nil }.sorted()
        }

        /// The chosen files each loading file needs loaded first: its dependencies that load.
        private func edges(of index: Int) -> [Int] {
            candidates[index].dependencies.compactMap { dependency in
                chosen[dependency.name].flatMap { refused[$0] == nil ? $0 : nil }
            }
        }

        /// Refuses every loading file on a cycle of dependencies, naming the cycle; returns whether
        /// it refused any.
        private mutating func refuseCycles() -> Bool {
            var state: [Int: Bool] = [:]  // false: on the path being walked; true: done
            var path: [Int] = []
            var cycles: [[Int]] = []
            func walk(_ index: Int) {
                state[index] = false
                path.append(index)
                for next in edges(of: index) {
                    switch state[next] {
                    case nil: walk(next)
                    case false?: cycles.append(Array(path[path.lastIndex(of: next)!...]) + [next])
                    case true?: break
                    }
                }
                path.removeLast()
                state[index] = true
            }
            for index in loading where state[index] == nil { walk(index) }
            for cycle in cycles {
                let names = cycle.map { candidates[$0].name }
                for index in cycle.dropLast() where refused[index] == nil {
                    refused[index] = PluginRefusal(candidate: candidates[index], reason: .cycle(names))
                }
            }
            return !cycles.isEmpty
        }

        /// The load order and the refusals, once settled.
        func resolution() -> PluginResolution {
            let loading = Set(loading)
            var refusals: [PluginRefusal] = []
            var duplicates: [Int: [Int]] = [:]  // files of a loading plugin's version, after it
            for index in candidates.indices where !loading.contains(index) {
                if let refusal = refused[index] {
                    refusals.append(refusal)
                } else if let choice = chosen[candidates[index].name], loading.contains(choice) {
                    if versions[index] == versions[choice] {
                        duplicates[choice, default: []].append(index)
                    } else {
                        refusals.append(
                            PluginRefusal(
                                candidate: candidates[index],
                                reason: .otherVersionChosen(candidates[choice].version, path: candidates[choice].path)))
                    }
                }
            }
            // Dependencies first, otherwise in the order given (Kahn's algorithm, smallest first).
            var waiting = Dictionary(uniqueKeysWithValues: loading.map { ($0, Set(edges(of: $0))) })
            var order: [PluginCandidate] = []
            while let next = waiting.filter({ $0.value.isEmpty }).keys.min() {
                waiting[next] = nil
                for key in waiting.keys { waiting[key]?.remove(next) }
                order.append(candidates[next])
                order += (duplicates[next] ?? []).map { candidates[$0] }
            }
            return PluginResolution(order: order, refusals: refusals)
        }
    }
}
