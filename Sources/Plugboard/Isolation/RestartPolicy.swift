/// When a stopped plugin process starts again by itself: on the plugin's next use, unless it
/// stopped `limit` times within `window` — 3 times within 5 minutes by default — when it stays
/// stopped until it is restarted on purpose (``IsolatedPlugin/restart()``), so that a plugin that
/// crashes again at once does not crash on every use.
///
/// ```swift
/// var policy = RestartPolicy()
/// policy.recordStop(at: .now)
/// policy.startsAgain(at: .now)  // true until the third stop within 5 minutes
/// ```
public struct RestartPolicy: Sendable {
    /// How many stops within ``window`` keep the plugin stopped.
    ///
    /// ```swift
    /// RestartPolicy().limit  // 3
    /// ```
    public var limit: Int
    /// The time within which ``limit`` stops keep the plugin stopped.
    ///
    /// ```swift
    /// RestartPolicy().window  // .seconds(300)
    /// ```
    public var window: Duration
    private var stops: [ContinuousClock.Instant] = []

    /// A policy that keeps a plugin stopped after `limit` stops within `window`.
    ///
    /// ```swift
    /// let strict = RestartPolicy(limit: 1, window: .seconds(60))
    /// ```
    public init(limit: Int = 3, window: Duration = .seconds(300)) {
        self.limit = limit
        self.window = window
    }

    /// Records a stop of the plugin's process at `instant`.
    ///
    /// ```swift
    /// policy.recordStop(at: .now)
    /// ```
    public mutating func recordStop(at instant: ContinuousClock.Instant) {
        stops.append(instant)
        if stops.count > limit { stops.removeFirst(stops.count - limit) }
    }

    /// Whether the plugin starts again by itself at `instant`: fewer than ``limit`` of its stops
    /// came within ``window`` before it.
    ///
    /// ```swift
    /// if !policy.startsAgain(at: .now) { print("stays stopped until restarted") }
    /// ```
    public func startsAgain(at instant: ContinuousClock.Instant) -> Bool {
        stops.filter { instant - $0 < window }.count < limit
    }

    /// Forgets the stops: the plugin was restarted on purpose.
    ///
    /// ```swift
    /// policy.forgetStops()
    /// ```
    public mutating func forgetStops() {
        stops.removeAll()
    }
}
