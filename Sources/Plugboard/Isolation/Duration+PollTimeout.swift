extension Duration {
    /// This duration as `poll` takes its timeout: in milliseconds, rounded up (a wait cut short
    /// would only be made again), never negative, and at most what an `Int32` holds.
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        guard seconds < Int64(Int32.max) / 1000 else { return .max }
        return Int32(clamping: max(0, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }
}
