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
    /// A dependency of one file whose range parses: its plugin's name as a number and its place
    /// among the file's dependencies (its range parsed is in ``State/ranges``, at the same index).
    fileprivate struct Requirement {
        let name: Int
        let position: Int
        let isOptional: Bool
    }

    /// The decisions so far, remade round after round until they hold still. Plugin names are
    /// numbered, so that every decision is read and written in arrays; what belongs to a name or
    /// a file is a slice of one flat array, found through an array of where each slice starts.
    fileprivate struct State {
        let candidates: [PluginCandidate]
        let versions: [SemanticVersion?]
        /// Each file's plugin name, as a number.
        let nameOf: [Int]
        /// Each numbered name's files, highest version first (the earlier given first among equal
        /// ones; a file whose version is none last); none for a name only depended on.
        let files: Slices
        /// Each numbered name's dependents: the files that declare a dependency on it.
        let dependents: Slices
        /// Each file's dependencies whose ranges parse (those of a file whose manifest is not
        /// valid are never asked for), and where each file's start.
        let requirements: [Requirement]
        let requirementStart: [Int]
        /// Each requirement's range, parsed.
        let ranges: [VersionRange.Bounds]
        /// The refused files' refusals, by file, and whether each file is among them: the flags
        /// are what every decision reads, the refusals what the result reports; ``refuse(_:_:)``
        /// sets both.
        var refusals: [Int: PluginRefusal] = [:]
        var isRefused: [Bool]
        /// The file chosen for each numbered name that has a usable one.
        var chosen: [Int?]
        /// The files that load, in the order to load them, once settled.
        var order: [Int] = []

        init(_ candidates: [PluginCandidate]) {
            self.candidates = candidates
            let versions = candidates.map { SemanticVersion($0.version) }
            self.versions = versions
            var numbers = NameNumbers(expected: candidates.count)
            nameOf = candidates.map { numbers.number($0.name) }
            var requirements: [Requirement] = []
            var ranges: [VersionRange.Bounds] = []
            var requirementStart = [0]
            requirementStart.reserveCapacity(candidates.count + 1)
            var dependents: [(Int, Int)] = []  // (name, dependent)
            for index in candidates.indices {
                let dependencies = candidates[index].dependencies
                for position in dependencies.indices {
                    guard let range = dependencies[position].versions.parsed else { continue }
                    let name = numbers.number(dependencies[position].name)
                    requirements.append(
                        Requirement(name: name, position: position, isOptional: dependencies[position].isOptional))
                    ranges.append(range)
                    dependents.append((name, index))
                }
                requirementStart.append(requirements.count)
            }
            self.requirements = requirements
            self.ranges = ranges
            self.requirementStart = requirementStart
            files = Slices(count: numbers.count, items: zip(nameOf, candidates.indices))
                .sortingEach { left, right in
                    switch (versions[left], versions[right]) {
                    case (let a?, let b?): a != b ? b < a : left < right
                    case (_?, nil): true
                    case (nil, _?): false
                    case (nil, nil): left < right
                    }
                }
            self.dependents = Slices(count: numbers.count, items: dependents)
            chosen = [Int?](repeating: nil, count: numbers.count)
            isRefused = [Bool](repeating: false, count: candidates.count)
            for index in candidates.indices {
                if let refusal = candidates[index].refusal {
                    refuse(index, PluginRefusal(candidate: candidates[index], reason: .refusedFile(refusal)))
                } else if let problem = PluginManifest.problem(
                    name: candidates[index].name, version: candidates[index].version,
                    dependencies: candidates[index].dependencies,
                    checkingVersions: versions[index] == nil
                        || self.requirements(of: index).count < candidates[index].dependencies.count)
                {
                    refuse(index, PluginRefusal(candidate: candidates[index], reason: .invalidManifest(problem)))
                }
            }
        }

        /// Where the requirements of file `index` lie in ``requirements`` and ``ranges``.
        private func requirements(of index: Int) -> Range<Int> {
            requirementStart[index]..<requirementStart[index + 1]
        }

        /// The dependency requirement `requirement` of file `index` stands for.
        private func dependency(of index: Int, _ requirement: Int) -> PluginDependency {
            candidates[index].dependencies[requirements[requirement].position]
        }

        /// Refuses file `index` for `refusal`.
        private mutating func refuse(_ index: Int, _ refusal: PluginRefusal) {
            refusals[index] = refusal
            isRefused[index] = true
        }

        /// Chooses and refuses until a round changes nothing, then orders the files that load;
        /// files left unordered lie on a cycle of dependencies or need one: it refuses the cycles,
        /// and settles again.
        mutating func settle() {
            while true {
                while round() {}
                let unplaced = placeInOrder()
                guard !unplaced.isEmpty else { return }
                refuseCycles(among: unplaced)
            }
        }

        /// One round: a choice per plugin given what the others need, made again until the
        /// choices hold still (or as many times as there are plugins), then the refusals that
        /// follow. Returns whether it refused a file: refusals only grow, so rounds end. Only a
        /// plugin with several usable files can choose otherwise on a later pass.
        private mutating func round() -> Bool {
            var names = Array(chosen.indices)
            for _ in 0...chosen.count {
                var moved = false
                var contested: [Int] = []
                for name in names {
                    let (choice, isContested) = choose(name)
                    if isContested { contested.append(name) }
                    if chosen[name] != choice {
                        chosen[name] = choice
                        moved = true
                    }
                }
                guard moved else { break }
                names = contested
            }
            var refusedAny = false
            for index in candidates.indices where isLoading(index) {
                if let refusal = dependencyRefusal(of: index) {
                    refuse(index, refusal)
                    refusedAny = true
                }
            }
            return refusedAny
        }

        /// Whether file `index` is the chosen file of its plugin and not refused.
        private func isLoading(_ index: Int) -> Bool {
            !isRefused[index] && chosen[nameOf[index]] == index
        }

        /// The files of `name` that may load, highest version first.
        private func usable(_ name: Int) -> [Int] {
            files[name].filter { !isRefused[$0] }
        }

        /// What the chosen plugins need of `name`: each dependent and its requirement.
        private func needs(of name: Int) -> [(dependent: Int, requirement: Int)] {
            dependents[name].filter(isLoading).flatMap { dependent in
                requirements(of: dependent).filter { requirements[$0].name == name }.map { (dependent, $0) }
            }
        }

        /// The file chosen for `name`: the highest version that satisfies every required need,
        /// and as many optional ones as it can; failing that, the one that satisfies most. It is
        /// contested when `name` has several usable files.
        private func choose(_ name: Int) -> (file: Int?, isContested: Bool) {
            let all = files[name]
            guard let first = all.firstIndex(where: { !isRefused[$0] }) else { return (nil, false) }
            guard all[(first + 1)...].contains(where: { !isRefused[$0] }) else { return (all[first], false) }
            let needs = needs(of: name)
            func score(_ file: Int) -> (required: Int, optional: Int) {
                let version = versions[file]!
                var (required, optional) = (0, 0)
                for need in needs where ranges[need.requirement].contains(version) {
                    if requirements[need.requirement].isOptional { optional += 1 } else { required += 1 }
                }
                return (required, optional)
            }
            // `usable` is highest first: the first with the best score is the highest such.
            var best: (file: Int, score: (required: Int, optional: Int))?
            for file in usable(name) {
                let scored = score(file)
                if let current = best, scored <= current.score { continue }
                best = (file, scored)
            }
            return (best?.file, true)
        }

        /// Why the chosen file `index` cannot load for want of a dependency, if it cannot.
        private func dependencyRefusal(of index: Int) -> PluginRefusal? {
            for requirement in requirements(of: index) where !requirements[requirement].isOptional {
                let name = requirements[requirement].name
                let range = ranges[requirement]
                let files = files[name]
                guard let highest = files.first else {
                    return PluginRefusal(
                        candidate: candidates[index], reason: .missingDependency(dependency(of: index, requirement)))
                }
                guard let choice = chosen[name], !isRefused[choice] else {
                    // Every file of it was refused: the highest version's refusal is the cause.
                    guard let cause = refusals[highest] else { continue }
                    return PluginRefusal(
                        candidate: candidates[index],
                        reason: .dependencyRefused(dependency(of: index, requirement), because: cause))
                }
                let version = versions[choice]!
                guard !range.contains(version) else { continue }
                let dependency = dependency(of: index, requirement)
                let usable = usable(name)
                let reason: PluginRefusal.Reason
                if let other = needs(of: name).first(where: {
                    !requirements[$0.requirement].isOptional && ranges[$0.requirement].contains(version)
                }), usable.contains(where: { range.contains(versions[$0]!) }) {
                    reason = .conflict(
                        dependency, chosen: candidates[choice].version, other: candidates[other.dependent].title,
                        otherNeeds: self.dependency(of: other.dependent, other.requirement).versions)
                } else {
                    reason = .outsideRange(dependency, installed: usable.map { candidates[$0].version })
                }
                return PluginRefusal(candidate: candidates[index], reason: reason)
            }
            return nil
        }

        /// The chosen files that may load, in the order given.
        private var loading: [Int] {
            candidates.indices.filter(isLoading)
        }

        /// Calls `body` with each chosen file that loading file `index` needs loaded first: its
        /// dependencies that load, in the order declared. A loading file's manifest is valid, so
        /// it names each dependency once.
        private func forEachEdge(of index: Int, _ body: (Int) -> Void) {
            for requirement in requirements(of: index) {
                if let choice = chosen[requirements[requirement].name], !isRefused[choice] { body(choice) }
            }
        }

        /// Puts the loading files in ``order``: dependencies first, otherwise in the order given
        /// (Kahn's algorithm, taking the earliest given of the files whose dependencies are all
        /// placed). Returns the loading files it could not place, in the order given.
        private mutating func placeInOrder() -> [Int] {
            let loading = loading
            var waitingFor = [Int](repeating: 0, count: candidates.count)
            var edges: [(Int, Int)] = []  // (dependency, dependent)
            for index in loading {
                forEachEdge(of: index) { dependency in
                    waitingFor[index] += 1
                    edges.append((dependency, index))
                }
            }
            let followers = Slices(count: candidates.count, items: edges)
            var ready = loading.filter { waitingFor[$0] == 0 }.reversed() as [Int]  // the earliest last
            order = []
            order.reserveCapacity(loading.count)
            while let next = ready.popLast() {
                order.append(next)
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
            return order.count == loading.count ? [] : loading.filter { waitingFor[$0] > 0 }
        }

        /// Refuses every file on a cycle of dependencies among `unplaced` (the loading files that
        /// could not be ordered: those on a cycle and those that need one), naming the cycle. A
        /// placed file leads to placed files only, so the walk need not enter one.
        private mutating func refuseCycles(among unplaced: [Int]) {
            var state = [Bool?](repeating: nil, count: candidates.count)  // false: on the path; true: done
            for index in order { state[index] = true }
            var path: [Int] = []
            var cycles: [[Int]] = []
            func walk(_ index: Int) {
                state[index] = false
                path.append(index)
                forEachEdge(of: index) { next in
                    switch state[next] {
                    case nil: walk(next)
                    case false?: cycles.append(Array(path[path.lastIndex(of: next)!...]) + [next])
                    case true?: break
                    }
                }
                path.removeLast()
                state[index] = true
            }
            for index in unplaced where state[index] == nil { walk(index) }
            for cycle in cycles {
                let names = cycle.map { candidates[$0].name }
                for index in cycle.dropLast() where !isRefused[index] {
                    refuse(index, PluginRefusal(candidate: candidates[index], reason: .cycle(names)))
                }
            }
        }

        /// The load order and the refusals, once settled.
        func resolution() -> PluginResolution {
            var isLoading = [Bool](repeating: false, count: candidates.count)
            for index in order { isLoading[index] = true }
            var refusals: [PluginRefusal] = []
            var duplicates: [Int: [Int]] = [:]  // files of a loading plugin's version, after it
            for index in candidates.indices where !isLoading[index] {
                if let refusal = self.refusals[index] {
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
            var files: [PluginCandidate] = []
            files.reserveCapacity(candidates.count)
            for index in order {
                files.append(candidates[index])
                for duplicate in duplicates[index] ?? [] { files.append(candidates[duplicate]) }
            }
            return PluginResolution(order: files, refusals: refusals)
        }
    }
}
