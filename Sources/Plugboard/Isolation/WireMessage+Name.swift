extension WireMessage {
    /// The message's name on the wire (`open`, `ready`, …): its case's, as its JSON form names it.
    /// For the errors that name a message out of turn without its contents, which the other side
    /// chose. Every case has values, so the name is the label of its one child.
    var name: String {
        Mirror(reflecting: self).children.first?.label ?? "\(self)"
    }
}
