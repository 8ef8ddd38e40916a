/// How much of one kind a plugin process may send unasked: `perSecond` on average, with bursts of
/// as many, a token bucket. What comes past it is dropped, so that a plugin process that floods
/// the host (its view models asking for navigation in a loop, or frames written by hand) costs the
/// host a bounded amount of work and memory.
struct UnaskedBudget {
    /// How many a second, and how many at once.
    let perSecond: Int
    private var tokens: Double
    private var refilled: ContinuousClock.Instant

    /// A full budget of `perSecond`.
    init(perSecond: Int, now: ContinuousClock.Instant = .now) {
        self.perSecond = perSecond
        tokens = Double(perSecond)
        refilled = now
    }

    /// Takes one from the budget at `now`; false when none is left, and what came is to be dropped.
    mutating func take(now: ContinuousClock.Instant = .now) -> Bool {
        let elapsed = now - refilled
        if elapsed > .zero {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            tokens = min(Double(perSecond), tokens + seconds * Double(perSecond))
            refilled = now
        }
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// The navigations a plugin process's view models may ask for: far more than a person causes
    /// by taking actions, far fewer than a loop sends.
    static let navigations = 50

    /// The lines a plugin process may print a second to be shown: far more than a person reads,
    /// far fewer than a loop prints.
    static let outputLines = 5_000
}
