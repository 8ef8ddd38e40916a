import Foundation
import TestSupport
import Testing

@testable import Plugboard

/// An opened file answers reads from its first 4 KiB, read once, and from the file beyond them.
struct ELFFileTests {
    @Test func readsAroundTheFirstBlockMatchTheFile() throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-elffile-\(UUID()).bin")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ELFFile(path: url.path)
        #expect(file.size == 10_000)
        let head = Int(ELFFile.headSize)
        for (offset, count) in [(0, 64), (64, 448), (head - 64, 64), (head - 10, 20), (head, 100), (9_000, 1_000)] {
            #expect(file.bytes(at: UInt64(offset), count: UInt64(count)) == Array(bytes[offset..<offset + count]))
        }
        #expect(file.bytes(at: 9_990, count: 11) == nil)
        #expect(file.bytes(at: UInt64.max, count: 2) == nil)
        // Offsets and counts from a damaged header: past the file, past what a file offset holds,
        // and a count too large to allocate.
        #expect(file.bytes(at: 1 << 40, count: 64) == nil)
        #expect(file.bytes(at: 1 << 63, count: 1) == nil)
        #expect(file.bytes(at: 64, count: 1 << 62) == nil)
    }

    @Test func aSizeGivenWhenOpenedIsTheFileSize() throws {
        // The checks before `dlopen` pass the size their `fstat` found, so that no second `fstat`
        // follows; a size that differs from the file's shows it is the one used.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-elffile-\(UUID()).bin")
        try Data(repeating: 7, count: 5_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(ELFFile(descriptor: open(url.path, O_RDONLY), size: 4_000).size == 4_000)
        #expect(try ELFFile(path: url.path).size == 5_000)
    }

    @Test func aFileShorterThanTheFirstBlockIsReadWhole() throws {
        let bytes: [UInt8] = Array("\u{7F}ELF and a little more".utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-elffile-\(UUID()).bin")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ELFFile(path: url.path)
        #expect(file.bytes(at: 0, count: UInt64(bytes.count)) == bytes)
        #expect(file.bytes(at: 4, count: 4) == Array(" and".utf8))
        #expect(file.bytes(at: 0, count: UInt64(bytes.count + 1)) == nil)
    }

    @Test func aReadOfNothingPastTheEndIsOutsideTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-elffile-\(UUID()).bin")
        try Data(repeating: 7, count: 10_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ELFFile(path: url.path)
        #expect(file.bytes(at: 10_000, count: 0) == [])
        #expect(file.bytes(at: 10_001, count: 0) == nil)
        #expect(file.bytes(at: 1 << 40, count: 0) == nil)
    }

    /// The same bytes read from a file and from memory give the same answer, in the manifest
    /// reader and in the checks before `dlopen`: a zero-size table or section placed past the end
    /// of the file once read as empty from a file and as outside it from memory.
    @Test func theSameBytesGiveTheSameAnswerFromAFileAndFromMemory() throws {
        var cases: [(String, [UInt8])] = [
            ("zero-size names section past the end", Self.image { names in names.offset = 1_000_000 }),
            ("zero-size program header table past the end", Self.image { header in header.programOffset = 1_000_000 }),
            ("a well-formed image", Self.image { _ in }),
        ]
        var generator = SplitMix(seed: 42)
        let base = Self.image { _ in }
        for round in 0..<300 {
            var bytes = base
            for _ in 0..<3 {
                let index =
                    Int.random(in: 0..<64, using: &generator) + (round.isMultiple(of: 2) ? 0 : bytes.count - 128)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            cases.append(("mutation \(round)", bytes))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-elffile-\(UUID()).so")
        defer { try? FileManager.default.removeItem(at: url) }
        for (name, bytes) in cases {
            try Data(bytes).write(to: url)
            let file = try ELFFile(path: url.path)
            #expect(ELFCheck.problem(in: file) == ELFCheck.problem(in: Data(bytes)), "\(name)")
            let fromFile = Self.answer { () throws(ManifestReadError) in try ManifestReader.read(from: file) }
            let fromMemory = Self.answer { () throws(ManifestReadError) in try ManifestReader.read(from: Data(bytes)) }
            #expect(fromFile == fromMemory, "\(name)")
        }
    }

    private static func answer(_ read: () throws(ManifestReadError) -> SealedManifest?) -> String {
        do throws(ManifestReadError) {
            return try read().map { "\($0)" } ?? "no manifest"
        } catch {
            return error.reason
        }
    }

    /// The fields of a synthetic image that the cases change.
    struct Layout {
        var offset: UInt64 = 0
        var programOffset: UInt64 = 64
    }

    /// An 8 KiB 64-bit shared object for this machine with no program headers and two sections, the
    /// empty one and the section names, whose table ends the file.
    private static func image(_ change: (inout Layout) -> Void) -> [UInt8] {
        var layout = Layout(offset: 8_000)
        change(&layout)
        var bytes = [UInt8](repeating: 0, count: 8_192)
        func put<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + $0.count, with: $0) }
        }
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        put(UInt16(3), at: 16)
        put(ELFCheck.machine, at: 18)
        put(layout.programOffset, at: 32)
        put(UInt64(8_192 - 128), at: 40)
        put(UInt16(56), at: 54)
        put(UInt16(0), at: 56)
        put(UInt16(64), at: 58)
        put(UInt16(2), at: 60)
        put(UInt16(1), at: 62)
        // Section 1, the names: at its offset, size 0.
        put(layout.offset, at: 8_192 - 64 + 24)
        put(UInt64(0), at: 8_192 - 64 + 32)
        return bytes
    }
}
