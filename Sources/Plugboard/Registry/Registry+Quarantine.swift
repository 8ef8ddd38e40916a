extension Registry {
    /// Marks `modules` quarantined, each with its reason, in one new snapshot.
    func quarantine(_ modules: [String: String]) {
        guard !modules.isEmpty else { return }
        update { snapshot in snapshot.quarantinedModules.merge(modules) { _, new in new } }
    }
}
