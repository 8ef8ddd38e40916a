/// Numbers for plugin names, 0, 1, 2, … in the order the names are first seen, so that
/// resolution reads and writes what it decides per plugin in arrays. An open-addressing table
/// found by the FNV-1a hash of a name's UTF-8 bytes: a name costs one pass over its few bytes,
/// where `Dictionary` hashes it with SipHash.
struct NameNumbers {
    private var names: [String] = []
    /// A name's number plus one at the slot its hash leads to, or after it; 0 for an empty slot.
    private var slots: [Int32]

    /// A table for about `expected` names; it grows past them.
    init(expected: Int) {
        var capacity = 16
        while capacity < expected * 2 { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
    }

    /// How many names have a number.
    var count: Int { names.count }

    /// The number of `name`, a new one if it has none yet.
    mutating func number(_ name: String) -> Int {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if names[number] == name { return number }
            slot = (slot + 1) & mask
        }
        names.append(name)
        slots[slot] = Int32(names.count)
        if names.count * 2 > slots.count { grow() }
        return names.count - 1
    }

    /// Twice the slots, every name placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, name) in names.enumerated() {
            var slot = Self.hash(name) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    /// 64-bit FNV-1a over the name's UTF-8 bytes, as a slot index before masking.
    private static func hash(_ name: String) -> Int {
        let hash = fnv1a(name.utf8)
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
