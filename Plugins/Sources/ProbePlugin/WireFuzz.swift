import Plugboard

/// What the probe sends its host when asked to fuzz it: from a seed, a few frames, each a message
/// the plugin may send with values picked at random (the numbers the host knows and the extremes),
/// one only the host sends, such a message with bytes changed, bytes that are no message, a
/// length larger than allowed, or, last, a frame left part way.
enum WireFuzz {
    /// Sends the frames `seed` picks through `write`.
    static func send(seed: UInt64, by write: ([UInt8]) -> Void) {
        var random = SplitMix(seed: seed)
        let count = 1 + random.below(6)
        for index in 0..<count {
            switch random.below(index == count - 1 ? 10 : 9) {
            case 0, 1: write(encoded(answer(&random)))
            case 2: write(encoded(hostOnly(&random)))
            case 3, 4: write(frame(Array(template(&random).utf8)))
            case 5: write(frame(mutated(Array(template(&random).utf8), &random)))
            case 6: write(frame((0..<random.below(48)).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
            case 7: write(header(WireConnection.largestFrame + 1 + random.below(1 << 20)))
            case 8: write(frame(mutated(encoded(answer(&random)).dropFirst(4).map { $0 }, &random)))
            default:
                // A frame left part way: the host waits for the rest no longer than its deadline.
                let whole = encoded(answer(&random))
                write(Array(whole.prefix(1 + random.below(whole.count - 1))))
            }
        }
    }

    /// A frame of `bytes`: their length in 4 bytes, most significant first, then them.
    static func frame(_ bytes: [UInt8]) -> [UInt8] {
        header(bytes.count) + bytes
    }

    private static func header(_ count: Int) -> [UInt8] {
        let count = UInt32(truncatingIfNeeded: count)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
    }

    private static func encoded(_ message: WireMessage) -> [UInt8] {
        (try? WireConnection.frame(message)) ?? frame([])
    }

    /// Numbers a host may take for its own (small ones) and the extremes.
    private static let numbers = [0, 1, 2, 3, 4, 7, 1_000_000, Int.max, Int.min, -1]

    /// A message a plugin process sends, with numbers picked at random.
    private static func answer(_ random: inout SplitMix) -> WireMessage {
        let number = numbers[random.below(numbers.count)]
        switch random.below(5) {
        case 0: return .done(request: number)
        case 1: return .failed(request: number, reason: "fuzz")
        case 2: return .refused(reason: "fuzz")
        case 3: return .navigate(screen: number, request: WireNavigation(kind: .push, url: "app://probe/identity"))
        default: return .navigate(screen: number, request: WireNavigation(kind: .pop, url: nil))
        }
    }

    /// A message only the host sends.
    private static func hostOnly(_ random: inout SplitMix) -> WireMessage {
        let number = numbers[random.below(numbers.count)]
        switch random.below(4) {
        case 0: return .open(request: number, url: "app://probe/identity", context: nil)
        case 1: return .release(screen: number)
        case 2: return .show(request: number, screen: number)
        default: return .prepared(version: number)
        }
    }

    /// A message as JSON, with numbers picked at random: a screen, a decision, a `ready`.
    private static func template(_ random: inout SplitMix) -> String {
        let number = numbers[random.below(numbers.count)]
        let other = numbers[random.below(numbers.count)]
        switch random.below(4) {
        case 0:
            return #"{"screen":{"request":\#(number),"state":{"actions":[],"id":\#(other),"text":"t","title":"T"}}}"#
        case 1: return #"{"decision":{"request":\#(number),"decision":{"proceed":{}}}}"#
        case 2:
            return #"{"ready":{"version":\#(number),"plugins":[],"routes":[],"handlers":[],"interceptors":[],"#
                + #""launch":{"phases":[]}}}"#
        default: return #"{"navigate":{"screen":\#(number),"request":{"kind":"push","url":"\#(other)"}}}"#
        }
    }

    /// `bytes` with one to four of them changed, removed or added.
    private static func mutated(_ bytes: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + random.below(4)) {
            let at = random.below(bytes.count + 1)
            switch random.below(3) {
            case 0 where at < bytes.count: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1 where at < bytes.count: bytes.remove(at: at)
            default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
            }
        }
        return bytes
    }
}

/// A small generator of pseudo-random numbers from a seed (SplitMix64): the same seed gives the
/// same frames, so a failing seed can be replayed.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number from 0 to `bound` - 1 (0 when `bound` is 0 or less).
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
