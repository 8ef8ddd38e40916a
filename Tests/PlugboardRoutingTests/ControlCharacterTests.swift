import Testing

@testable import PlugboardRouting

struct ControlCharacterTests {
    @Test func controlCharactersAreExactlyTheUnicodeControlCategory() {
        var mismatches: [UInt32] = []
        var controls = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let isControl = scalar.properties.generalCategory == .control
            if isControl { controls += 1 }
            if scalar.isControl != isControl { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty)
        #expect(controls == 65)
    }
}
