/// A node's literal children, found by the FNV-1a hash of their bytes. A lone child is kept in the
/// table itself; more go to an open-addressing array probed linearly, so a lookup costs no seeded
/// rehash of the key and touches at most one array.
struct LiteralTable: Sendable {
    /// A child and the hash of its bytes; `child` is -1 in an empty slot.
    private struct Slot: Sendable {
        var hash: UInt64
        var child: Int32
    }

    /// The hash of the only child's bytes, while there is one child.
    private var singleHash: UInt64 = 0
    /// Every child, once there are two or more.
    private var slots: [Slot] = []
    /// The only child, while there is one.
    private var singleChild: Int32 = -1
    private var count: Int32 = 0

    var isEmpty: Bool { count == 0 }

    /// Adds `child`, whose bytes hash to `hash`.
    mutating func insert(_ child: Int, hash: UInt64) {
        let slot = Slot(hash: hash, child: Int32(child))
        count += 1
        switch count {
        case 1:
            (singleHash, singleChild) = (hash, slot.child)
        case 2:
            slots = [Slot](repeating: Slot(hash: 0, child: -1), count: 4)
            Self.place(Slot(hash: singleHash, child: singleChild), in: &slots)
            Self.place(slot, in: &slots)
        default:
            if Int(count) * 4 > slots.count * 3 { grow() }
            Self.place(slot, in: &slots)
        }
    }

    /// The first child whose bytes hash to `hash` and satisfy `matches`.
    @inline(__always)
    func first(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        if count == 1 { return singleHash == hash && matches(Int(singleChild)) ? Int(singleChild) : nil }
        guard count > 1 else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Self.start(of: hash, mask: mask)
            while slots[index].child >= 0 {
                if slots[index].hash == hash, matches(Int(slots[index].child)) { return Int(slots[index].child) }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    private mutating func grow() {
        var larger = [Slot](repeating: Slot(hash: 0, child: -1), count: slots.count * 2)
        for slot in slots where slot.child >= 0 { Self.place(slot, in: &larger) }
        slots = larger
    }

    private static func place(_ slot: Slot, in slots: inout [Slot]) {
        let mask = slots.count - 1
        var index = start(of: slot.hash, mask: mask)
        while slots[index].child >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// The first slot to probe: the hash's high bits, which FNV-1a mixes best.
    private static func start(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
