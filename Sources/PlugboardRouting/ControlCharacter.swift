extension Unicode.Scalar {
    /// Whether the scalar is a control character (C0, DEL or C1), which a terminal may act on.
    package var isControl: Bool { properties.generalCategory == .control }
}
