/// A node's literal children, found by the FNV-1a hash of their bytes. A lone child is kept in the
/// table itself; more go to an open-addressing array probed linearly, so a lookup costs no seeded
/// rehash of the key and touches at most one array.
struct LiteralTable: Sendable {
    /// A child and the high half of the hash of its bytes, eight bytes in all so that a large
    /// table stays small; `child` is -1 in an empty slot.
    private struct Slot: Sendable {
        var tag: UInt32
        var child: Int32
    }

    /// The tag of the only child, while there is one child.
    private var singleTag: UInt32 = 0
    /// Every child, once there are two or more.
    private var slots: [Slot] = []
    /// The only child, while there is one.
    private var singleChild: Int32 = -1
    private var count: Int32 = 0

    var isEmpty: Bool { count == 0 }

    /// Adds `child`, whose bytes hash to `hash`.
    mutating func insert(_ child: Int, hash: UInt64) {
        let slot = Slot(tag: Self.tag(of: hash), child: Int32(child))
        count += 1
        switch count {
        case 1:
            (singleTag, singleChild) = (slot.tag, slot.child)
        case 2:
            slots = [Slot](repeating: Slot(tag: 0, child: -1), count: 4)
            Self.place(Slot(tag: singleTag, child: singleChild), in: &slots)
            Self.place(slot, in: &slots)
        default:
            if Int(count) * 4 > slots.count * 3 { grow() }
            Self.place(slot, in: &slots)
        }
    }

    /// The first child whose bytes hash to `hash` and satisfy `matches`.
    @inline(__always)
    func first(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        let tag = Self.tag(of: hash)
        if count == 1 { return singleTag == tag && matches(Int(singleChild)) ? Int(singleChild) : nil }
        guard count > 1 else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Self.start(of: tag, mask: mask)
            while slots[index].child >= 0 {
                if slots[index].tag == tag, matches(Int(slots[index].child)) { return Int(slots[index].child) }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    private mutating func grow() {
        var larger = [Slot](repeating: Slot(tag: 0, child: -1), count: slots.count * 2)
        for slot in slots where slot.child >= 0 { Self.place(slot, in: &larger) }
        slots = larger
    }

    private static func place(_ slot: Slot, in slots: inout [Slot]) {
        let mask = slots.count - 1
        var index = start(of: slot.tag, mask: mask)
        while slots[index].child >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    /// The high half of `hash`, which FNV-1a mixes best.
    private static func tag(of hash: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: hash >> 32)
    }

    /// The first slot to probe for `tag`, spread by a multiplicative hash.
    private static func start(of tag: UInt32, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(tag) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
