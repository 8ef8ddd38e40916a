import BenchmarkSupport
import CMallocStats
import Foundation
import Plugboard
import RoutingKit

// Side by side in one run: Plugboard's router against routing-kit's TrieRouter on the same
// generated route sets and the same URL strings, timed alternately; the ratio is the median of
// the per-run ratios.

func bytesInUse() -> Int {
    Int(malloc_bytes_in_use())
}

/// Times `first` and `second` alternately, `runs` times each, so that a change in the machine's
/// load weighs on both; returns each one's median time and the median of the per-run ratios.
func alternating(_ runs: Int, _ first: () -> Int, _ second: () -> Int) -> (Duration, Duration, Double) {
    var firstTimes: [Duration] = []
    var secondTimes: [Duration] = []
    var ratios: [Double] = []
    var checksum = (0, 0)
    for _ in 0..<runs {
        let firstTime = ContinuousClock().measure { checksum.0 &+= first() }
        let secondTime = ContinuousClock().measure { checksum.1 &+= second() }
        firstTimes.append(firstTime)
        secondTimes.append(secondTime)
        ratios.append(nanoseconds(secondTime) / nanoseconds(firstTime))
    }
    precondition(checksum.0 != 0 && checksum.1 != 0)
    return (firstTimes.sorted()[runs / 2], secondTimes.sorted()[runs / 2], ratios.sorted()[runs / 2])
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

print(
    "size     plugboard lookups/s   routing-kit lookups/s   ratio (target >= 4)   bytes/route plugboard   routing-kit")
/// Plugboard's router and lookups for a set, kept to compare lookup times across sizes.
var lookupsAt: [Int: () -> Int] = [:]
var lookupCountAt: [Int: Int] = [:]
/// The 100k-route router looked up with as few URLs as the 10-route set has: the same work per
/// lookup as at 100k, with what it touches in the cache as at 10.
var fewURLsAt100k: (() -> Int)?
/// The 10-route set and its router, for the measurements for scale.
let set10 = RouteSet(count: 10)
var router10: Plugboard.Router<Int>?
for size in [10, 1_000, 10_000, 100_000] {
    let set = size == 10 ? set10 : RouteSet(count: size)
    let before = bytesInUse()
    let plugboard = try Routers.plugboard(set)
    let plugboardBytes = bytesInUse() - before
    let middle = bytesInUse()
    let routingKit = Routers.routingKit(set)
    let routingKitBytes = bytesInUse() - middle
    let rounds = max(1, 200_000 / set.urls.count)
    let (plugboardTime, routingKitTime, ratio) = alternating(
        9,
        {
            var sum = 0
            for _ in 0..<rounds { for url in set.urls { sum &+= Routers.lookup(plugboard, url) } }
            return sum
        },
        {
            var sum = 0
            for _ in 0..<rounds { for url in set.urls { sum &+= Routers.lookup(routingKit, url) } }
            return sum
        })
    let lookups = Double(rounds * set.urls.count)
    let plugboardRate = lookups / (nanoseconds(plugboardTime) / 1e9)
    let routingKitRate = lookups / (nanoseconds(routingKitTime) / 1e9)
    lookupsAt[size] = {
        var sum = 0
        for _ in 0..<rounds { for url in set.urls { sum &+= Routers.lookup(plugboard, url) } }
        return sum
    }
    lookupCountAt[size] = rounds * set.urls.count
    if size == 10 { router10 = plugboard }
    if size == 100_000, let few = lookupCountAt[10] {
        let urls = Array(set.urls.prefix(set10.urls.count))
        fewURLsAt100k = {
            var sum = 0
            for _ in 0..<few / urls.count { for url in urls { sum &+= Routers.lookup(plugboard, url) } }
            return sum
        }
    }
    print(
        String(size).padding(toLength: 9, withPad: " ", startingAt: 0)
            + String(
                format: "%-22.0f%-24.0f%-22.2f%-24.0f%.0f", plugboardRate, routingKitRate,
                ratio, Double(plugboardBytes) / Double(size),
                Double(routingKitBytes) / Double(size))
    )
    withExtendedLifetime(routingKit) {}
}
// The two sizes alternate too, so that the ratio compares them under the same load.
let (_, _, timeRatio) = alternating(9, lookupsAt[10]!, lookupsAt[100_000]!)
print(
    String(
        format: "plugboard lookup time at 100k routes / at 10 routes (target <= 1.3): %.2f",
        timeRatio * Double(lookupCountAt[10]!) / Double(lookupCountAt[100_000]!)))

let (_, _, fewURLsRatio) = alternating(9, lookupsAt[10]!, fewURLsAt100k!)
print(
    String(
        format: "  for scale: at 100k routes with only %d of their URLs looked up / at 10 routes: %.2f",
        set10.urls.count, fewURLsRatio))

// What cache misses cost a lookup on this machine: the 10-route lookups again, each followed by
// reads of 64-byte lines chosen among 100k lines (6.4 MB, more than this machine's L2 cache),
// as if each route kept its data in lines of its own. Each read's address depends on the byte
// the read before it loaded, and the next lookup's URL on the last one, as each step of a trie
// walk depends on the node before it: the misses cannot overlap.
let lineCount = 100_000
let lines = UnsafeMutableRawPointer.allocate(byteCount: lineCount * 64, alignment: 64)
lines.initializeMemory(as: UInt8.self, repeating: 1, count: lineCount * 64)
var shuffle = SystemRandomNumberGenerator()
let lineOrder = Array(0..<lineCount).shuffled(using: &shuffle)
let tenRoutes = router10!
@MainActor func lookupsWithMisses(_ misses: Int) -> () -> Int {
    let (count, urls, order, lines) = (lookupCountAt[10]!, set10.urls, lineOrder, lines)
    return {
        var sum = 0
        var step = 0
        var next = 0
        for _ in 0..<count {
            let found = Routers.lookup(tenRoutes, urls[next])
            var loaded = 1
            for _ in 0..<misses {
                let line = order[step % lineCount] &+ loaded &- 1
                loaded = Int(lines.load(fromByteOffset: line * 64, as: UInt8.self))
                step &+= 1
            }
            next = (next &+ loaded) % urls.count
            sum &+= found
        }
        return sum
    }
}
// Against the same loop without reads, so that only the reads are counted.
let missRatios = (1...3).map { misses in alternating(9, lookupsWithMisses(0), lookupsWithMisses(misses)).2 }
print(
    String(
        format: "  for scale: 10-route lookups each waiting on 1, 2, 3 reads among 100k cache lines / without: "
            + "%.2f, %.2f, %.2f", missRatios[0], missRatios[1], missRatios[2]))
