extension Duration {
    /// The duration in seconds, as the benchmark's figures and ratios take it.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
