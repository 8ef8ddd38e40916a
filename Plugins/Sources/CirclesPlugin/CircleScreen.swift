import Plugboard

/// A circle's main page: its title, image and member count.
final class CircleScreen: Screen {
    let circle: Circle
    var title: String { circle.title }

    init(circle: Circle) {
        self.circle = circle
    }

    func render() -> String {
        "[image: \(circle.image)]\n\(circle.title)\n\(circle.members) members\ncircle id \(circle.id)"
    }
}

/// The list of circle kinds to create.
final class NewCirclesScreen: Screen {
    let title = "New circle"

    func render() -> String {
        ["Choose a kind:", "  1. Sports", "  2. Hobbies", "  3. Study group"].joined(separator: "\n")
    }
}
