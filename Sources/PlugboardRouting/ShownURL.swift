extension String {
    /// The URL as error messages show it: whole up to 200 characters, cut there with `…` and its
    /// length beyond, so that a URL from outside (which may be 100 KB) cannot flood a terminal.
    package var shownURL: String {
        let limit = 200
        guard utf8.count > limit, count > limit else { return self }
        return "\(prefix(limit))… (\(utf8.count) bytes)"
    }
}
