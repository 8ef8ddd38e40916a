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
    /// A dependency of one file, its plugin's name as a number and its range parsed.
    fileprivate struct Requirement {
        let name: Int
        let dependency: PluginDependency
        let range: VersionRange.Bounds
    }

    /// The decisions so far, remade round after round until they hold still. Plugin names are
    /// numbered, so that every decision is read and written in arrays.
    fileprivate struct State {
        let candidates: [PluginCandidate]
        let versions: [SemanticVersion?]
        /// Each file's plugin name, as a number.
        let nameOf: [Int]
        /// Each numbered name's files, highest version first (the earlier given first among equal
        /// ones; a file whose version is none last); empty for a name only depended on.
        let byName: [[Int]]
        /// Each numbered name's dependents: the files that declare a dependency on it.
        let dependents: [[Int]]
        /// Each file's dependencies with their ranges parsed (those of a file whose manifest is
        /// not valid are never asked for).
        let requirements: [[Requirement]]
        var refused: [PluginRefusal?]
        /// The file chosen for each numbered name that has a usable one.
        var chosen: [Int?]

        init(_ candidates: [PluginCandidate]) {
            self.candidates = candidates
            let versions = candidates.map { SemanticVersion($0.version) }
            self.versions = versions
            var numbers: [String: Int] = [:]
            func number(_ name: String) -> Int {
                if let known = numbers[name] { return known }
                numbers[name] = numbers.count
                return numbers.count - 1
            }
            nameOf = candidates.map { number($0.name) }
            requirements = candidates.map { candidate in
                candidate.dependencies.compactMap { dependency in
                    dependency.versions.parsed.map {
                        Requirement(name: number(dependency.name), dependency: dependency, range: $0)
                    }
                }
            }
            var byName = [[Int]](repeating: [], count: numbers.count)
            var dependents = [[Int]](repeating: [], count: numbers.count)
            for index in candidates.indices {
                byName[nameOf[index]].append(index)
                for name in Set(requirements[index].map(\.name)) { dependents[name].append(index) }
            }
            self.byName = byName.map { files in
                files.sorted { left, right in
                    switch (versions[left], versions[right]) {
                    case (let a?, let b?): a != b ? b < a : left < right
                    case (_?, nil): true
                    case (nil, _?): false
                    case (nil, nil): left < right
                    }
                }
            }
            self.dependents = dependents
            chosen = [Int?](repeating: nil, count: numbers.count)
            refused = candidates.map { candidate in
                if let refusal = candidate.refusal {
                    return PluginRefusal(candidate: candidate, reason: .refusedFile(refusal))
                }
                let manifest = PluginManifest(
                    name: candidate.name, version: candidate.version, dependencies: candidate.dependencies,
                    fingerprint: .current)
                return manifest.problem.map { PluginRefusal(candidate: candidate, reason: .invalidManifest($0)) }
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
        /// follow. Returns whether it refused a file: refusals only grow, so rounds end.
        private mutating func round() -> Bool {
            for _ in 0...byName.count {
                var moved = false
                for name in byName.indices {
                    let choice = choose(name)
                    if chosen[name] != choice {
                        chosen[name] = choice
                        moved = true
                    }
                }
                guard moved else { break }
            }
            var refusedAny = false
            for index in candidates.indices where refused[index] == nil && chosen[nameOf[index]] == index {
                if let refusal = dependencyRefusal(of: index) {
                    refused[index] = refusal
                    refusedAny = true
                }
            }
            return refusedAny
        }

        /// The files of `name` that may load, highest version first.
        private func usable(_ name: Int) -> [Int] {
            byName[name].filter { refused[$0] == nil }
        }

        /// What the chosen plugins need of `name`: each dependent and its requirement.
        private func needs(of name: Int) -> [(dependent: Int, requirement: Requirement)] {
            dependents[name].filter { refused[$0] == nil && chosen[nameOf[$0]] == $0 }.flatMap { dependent in
                requirements[dependent].filter { $0.name == name }.map { (dependent, $0) }
            }
        }

        /// The file chosen for `name`: the highest version that satisfies every required need,
        /// and as many optional ones as it can; failing that, the one that satisfies most.
        private func choose(_ name: Int) -> Int? {
            let files = usable(name)
            guard files.count > 1 else { return files.first }
            let needs = needs(of: name)
            func score(_ file: Int) -> (required: Int, optional: Int) {
                let version = versions[file]!
                var (required, optional) = (0, 0)
                for need in needs where need.requirement.range.contains(version) {
                    if need.requirement.dependency.isOptional { optional += 1 } else { required += 1 }
                }
                return (required, optional)
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
            for requirement in requirements[index] where !requirement.dependency.isOptional {
                let (dependency, range) = (requirement.dependency, requirement.range)
                let files = byName[requirement.name]
                guard !files.isEmpty else {
                    return PluginRefusal(candidate: candidate, reason: .missingDependency(dependency))
                }
                guard let choice = chosen[requirement.name], refused[choice] == nil else {
                    // Every file of it was refused: the highest version's refusal is the cause.
                    guard let cause = refused[files[0]] else { continue }
                    return PluginRefusal(candidate: candidate, reason: .dependencyRefused(dependency, because: cause))
                }
                let version = versions[choice]!
                guard !range.contains(version) else { continue }
                let usable = usable(requirement.name)
                let reason: PluginRefusal.Reason
                if let other = needs(of: requirement.name).first(where: {
                    !$0.requirement.dependency.isOptional && $0.requirement.range.contains(version)
                }), usable.contains(where: { range.contains(versions[$0]!) }) {
                    reason = .conflict(
                        dependency, chosen: candidates[choice].version, other: candidates[other.dependent].title,
                        otherNeeds: other.requirement.dependency.versions)
                } else {
                    reason = .outsideRange(dependency, installed: usable.map { candidates[$0].version })
                }
                return PluginRefusal(candidate: candidate, reason: reason)
            }
            return nil
        }

        /// The chosen files that may load, in the order given.
        private var loading: [Int] {
            chosen.compactMap { $0 }.filter { refused[$0] == nil }.sorted()
        }

        /// The chosen files each loading file needs loaded first: its dependencies that load.
        private func edges(of index: Int) -> [Int] {
            requirements[index].compactMap { requirement in
                chosen[requirement.name].flatMap { refused[$0] == nil ? $0 : nil }
            }
        }

        /// Refuses every loading file on a cycle of dependencies, naming the cycle; returns whether
        /// it refused any.
        private mutating func refuseCycles() -> Bool {
            var state = [Bool?](repeating: nil, count: candidates.count)  // false: on the path; true: done
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
            let loading = loading
            var isLoading = [Bool](repeating: false, count: candidates.count)
            for index in loading { isLoading[index] = true }
            var refusals: [PluginRefusal] = []
            var duplicates: [Int: [Int]] = [:]  // files of a loading plugin's version, after it
            for index in candidates.indices where !isLoading[index] {
                if let refusal = refused[index] {
                    refusals.append(refusal)
                } else if let choice = chosen[nameOf[index]], isLoading[choice] {
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
            // Dependencies first, otherwise in the order given: Kahn's algorithm, taking the
            // earliest given of the files whose dependencies are all placed.
            var waitingFor = [Int](repeating: 0, count: candidates.count)
            var followers = [[Int]](repeating: [], count: candidates.count)
            for index in loading {
                let needed = Set(edges(of: index))
                waitingFor[index] = needed.count
                for dependency in needed { followers[dependency].append(index) }
            }
            var ready = loading.filter { waitingFor[$0] == 0 }.sorted(by: >)  // the earliest last
            var order: [PluginCandidate] = []
            while let next = ready.popLast() {
                order.append(candidates[next])
                order += (duplicates[next] ?? []).map { candidates[$0] }
                for follower in followers[next] {
                    waitingFor[follower] -= 1
                    guard waitingFor[follower] == 0 else { continue }
                    // Kept in descending order: the first place whose file comes after it.
                    var (low, high) = (0, ready.count)
                    while low < high {
                        let middle = (low + high) / 2
                        if ready[middle] < follower { high = middle } else { low = middle + 1 }
                    }
                    ready.insert(follower, at: low)
                }
            }
            return PluginResolution(order: order, refusals: refusals)
        }
    }
}
