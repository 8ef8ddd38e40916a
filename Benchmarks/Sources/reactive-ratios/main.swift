import Foundation
@preconcurrency import OpenCombine
import Plugboard
import Synchronization

// Side by side in one run: sending on a Plugboard Signal, on OpenCombine's PassthroughSubject,
// and the floor of calling the same closures from an array; ratios of medians.

final class Sink: Sendable {
    let total = Atomic(0)
    func receive(_ value: Int) { total.wrappingAdd(value, ordering: .relaxed) }
}

func median(_ runs: Int, _ body: () -> Void) -> Double {
    (0..<runs).map { _ in
        let duration = ContinuousClock().measure(body)
        return Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }.sorted()[runs / 2]
}

let sends = 1_000_000
print(
    "subscribers  plugboard sends/s  opencombine sends/s  closures sends/s  plugboard/opencombine (target >= 3)  closures/plugboard (target <= 3)"
)
for subscribers in [1, 10] {
    let sink = Sink()
    let signal = Signal<Int>()
    let subscriptions = (0..<subscribers).map { _ in signal.observe { sink.receive($0) } }
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<subscribers).map { _ in subject.sink { sink.receive($0) } }
    let closures: [@Sendable (Int) -> Void] = (0..<subscribers).map { _ in { sink.receive($0) } }

    let plugboard = median(9) { for value in 0..<sends { signal.send(value) } }
    let openCombine = median(9) { for value in 0..<sends { subject.send(value) } }
    let floor = median(9) { for value in 0..<sends { for closure in closures { closure(value) } } }
    let rate = { (nanoseconds: Double) in Double(sends) / (nanoseconds / 1e9) }
    print(
        String(subscribers).padding(toLength: 13, withPad: " ", startingAt: 0)
            + String(
                format: "%-19.0f%-21.0f%-18.0f%-37.2f%.2f", rate(plugboard), rate(openCombine), rate(floor),
                openCombine / plugboard, plugboard / floor)
    )
    withExtendedLifetime((subscriptions, cancellables)) {}
}
