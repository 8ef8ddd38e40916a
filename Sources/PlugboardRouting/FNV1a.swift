/// 64-bit FNV-1a over `bytes`: one multiply a byte, for the tables that find short keys — a
/// route's literals, a plugin's name — whose keys no adversary chooses.
@inlinable @inline(__always)
package func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
}
