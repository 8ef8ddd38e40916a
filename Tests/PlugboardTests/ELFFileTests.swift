import Foundation
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
        // The checks before `dlopen` pass the size their `stat` found, so that no `fstat` follows;
        // a size that differs from the file's shows it is the one used.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-elffile-\(UUID()).bin")
        try Data(repeating: 7, count: 5_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try ELFFile(path: url.path, size: 4_000).size == 4_000)
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
}
