import Loom
import Testing

@Suite("CRC-32")
struct ArchiveChecksumTests {
    @Test(arguments: [
        ("123456789", "cbf43926"),
        ("", "00000000"),
        ("The quick brown fox jumps over the lazy dog", "414fa339"),
    ])
    func matchesZlib(input: String, expected: String) {
        var crc = CRC32()
        crc.update(Array(input.utf8))
        #expect(crc.hexDigest == expected)
        #expect(CRC32.checksum(Array(input.utf8)) == UInt32(expected, radix: 16))
    }

    @Test func slicedAndBytewisePathsAgree() {
        // 1,280 bytes: the 8-byte loop and the tail loop, fed in uneven pieces.
        let bytes = (0..<5).flatMap { _ in (0...255).map { UInt8($0) } }
        #expect(CRC32.checksum(bytes) == 0x1e7a_6d24)
        var pieces = CRC32()
        var offset = 0
        for size in [1, 7, 8, 9, 13, 64, 255, 923] {
            pieces.update(Array(bytes[offset..<offset + size]))
            offset += size
        }
        #expect(offset == bytes.count)
        #expect(pieces.value == 0x1e7a_6d24)
    }
}
