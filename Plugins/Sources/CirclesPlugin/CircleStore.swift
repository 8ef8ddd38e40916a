import Synchronization

/// A circle, as the list and its page show it.
struct Circle: Sendable, Hashable {
    let id: Int
    let title: String
    let image: String
    let members: Int
}

/// Deterministic local data: recommended circles come in pages of three; page 2 fails the first
/// time it is asked for, so the error outcome can be reached on purpose.
final class CircleStore: Sendable {
    static let pageSize = 3
    let recommended: [Circle] = [
        Circle(id: 42, title: "Hiking", image: "mountain.png", members: 128),
        Circle(id: 7, title: "Chess", image: "knight.png", members: 64),
        Circle(id: 12, title: "Photography", image: "lens.png", members: 301),
        Circle(id: 3, title: "Cooking", image: "pan.png", members: 87),
        Circle(id: 19, title: "Running", image: "shoe.png", members: 210),
        Circle(id: 25, title: "Board games", image: "dice.png", members: 45),
        Circle(id: 31, title: "Cycling", image: "wheel.png", members: 99),
    ]
    private let joinedIDs = Mutex<[Int]>([])
    private let failedOnce = Mutex(false)

    /// Startup work: loads the circles the user joined.
    func loadJoined() async {
        joinedIDs.withLock { $0 = [42, 12] }
    }

    /// The circles the user joined.
    var joined: [Circle] {
        let ids = joinedIDs.withLock { $0 }
        return ids.compactMap { id in recommended.first { $0.id == id } }
    }

    /// Page `number` (from 1) of the recommended circles.
    func page(_ number: Int) async throws -> [Circle] {
        if number == 2, !failedOnce.withLock({ $0 }) {
            failedOnce.withLock { $0 = true }
            throw CircleError.timeout
        }
        return Array(recommended.dropFirst((number - 1) * Self.pageSize).prefix(Self.pageSize))
    }

    /// The circle with `id`.
    func circle(id: Int) throws(CircleError) -> Circle {
        guard let circle = recommended.first(where: { $0.id == id }) else { throw .noSuchCircle(id) }
        return circle
    }
}

enum CircleError: Error, CustomStringConvertible {
    case timeout
    case noSuchCircle(Int)

    var description: String {
        switch self {
        case .timeout: "the network timed out (pull to refresh or load again)"
        case .noSuchCircle(let id): "there is no circle \(id)"
        }
    }
}
