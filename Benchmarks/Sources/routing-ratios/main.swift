import BenchmarkSupport
import CMallocStats
import Foundation
import Plugboard
import RoutingKit

// Side by side in one run: Plugboard's router against routing-kit's TrieRouter on the same
// generated route sets and the same URL strings; ratios of medians.

func bytesInUse() -> Int {
    Int(malloc_bytes_in_use())
}

func median(_ runs: Int, _ body: () -> Int) -> (Duration, Int) {
    var samples: [Duration] = []
    var checksum = 0
    for _ in 0..<runs {
        samples.append(ContinuousClock().measure { checksum &+= body() })
    }
    return (samples.sorted()[runs / 2], checksum)
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

print(
    "size     plugboard lookups/s   routing-kit lookups/s   ratio (target >= 4)   bytes/route plugboard   routing-kit")
var perLookupAt: [Int: Double] = [:]
for size in [10, 1_000, 10_000, 100_000] {
    let set = RouteSet(count: size)
    let before = bytesInUse()
    let plugboard = try Routers.plugboard(set)
    let plugboardBytes = bytesInUse() - before
    let middle = bytesInUse()
    let routingKit = Routers.routingKit(set)
    let routingKitBytes = bytesInUse() - middle
    let rounds = max(1, 200_000 / set.urls.count)
    let (plugboardTime, plugboardSum) = median(9) {
        var sum = 0
        for _ in 0..<rounds { for url in set.urls { sum &+= Routers.lookup(plugboard, url) } }
        return sum
    }
    let (routingKitTime, routingKitSum) = median(9) {
        var sum = 0
        for _ in 0..<rounds { for url in set.urls { sum &+= Routers.lookup(routingKit, url) } }
        return sum
    }
    precondition(plugboardSum != 0 && routingKitSum != 0)
    let lookups = Double(rounds * set.urls.count)
    let plugboardRate = lookups / (nanoseconds(plugboardTime) / 1e9)
    let routingKitRate = lookups / (nanoseconds(routingKitTime) / 1e9)
    perLookupAt[size] = nanoseconds(plugboardTime) / lookups
    print(
        String(size).padding(toLength: 9, withPad: " ", startingAt: 0)
            + String(
                format: "%-22.0f%-24.0f%-22.2f%-24.0f%.0f", plugboardRate, routingKitRate,
                plugboardRate / routingKitRate, Double(plugboardBytes) / Double(size),
                Double(routingKitBytes) / Double(size))
    )
    withExtendedLifetime((plugboard, routingKit)) {}
}
print(
    String(
        format: "plugboard lookup time at 100k routes / at 10 routes (target <= 1.3): %.2f",
        perLookupAt[100_000]! / perLookupAt[10]!))
