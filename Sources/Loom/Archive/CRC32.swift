/// CRC-32 as used by zlib, gzip, PNG and Ethernet (IEEE 802.3, reflected polynomial
/// `0xEDB88320`, initial value and final XOR `0xFFFFFFFF`).
///
/// Archives store it over their payload bytes. It detects every burst error up to 32 bits
/// and every odd number of flipped bits; it is an integrity check against accidents
/// (truncation, bit rot, a stray edit), not a defence against deliberate tampering.
///
/// ```swift
/// var crc = CRC32()
/// crc.update(Array("123456789".utf8))
/// crc.value           // 0xCBF43926
/// crc.hexDigest       // "cbf43926"
/// ```
public struct CRC32: Sendable, Hashable {
    private var state: UInt32 = 0xFFFF_FFFF

    /// Creates a checksum over no bytes yet.
    public init() {}

    /// The checksum of the bytes added so far.
    public var value: UInt32 { state ^ 0xFFFF_FFFF }

    /// The checksum as eight lowercase hexadecimal digits.
    public var hexDigest: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var crc = state
        var pointer = base.assumingMemoryBound(to: UInt8.self)
        var remaining = bytes.count
        CRC32.table.withUnsafeBufferPointer { table in
            // Slicing-by-8: eight table lookups per eight input bytes.
            while remaining >= 8 {
                let low =
                    crc
                    ^ (UInt32(pointer[0]) | UInt32(pointer[1]) &<< 8 | UInt32(pointer[2]) &<< 16
                        | UInt32(pointer[3]) &<< 24)
                let high =
                    UInt32(pointer[4]) | UInt32(pointer[5]) &<< 8 | UInt32(pointer[6]) &<< 16 | UInt32(pointer[7]) &<< 24
                crc =
                    table[7 &* 256 &+ Int(low & 0xFF)] ^ table[6 &* 256 &+ Int((low &>> 8) & 0xFF)]
                    ^ table[5 &* 256 &+ Int((low &>> 16) & 0xFF)] ^ table[4 &* 256 &+ Int(low &>> 24)]
                    ^ table[3 &* 256 &+ Int(high & 0xFF)] ^ table[2 &* 256 &+ Int((high &>> 8) & 0xFF)]
                    ^ table[1 &* 256 &+ Int((high &>> 16) & 0xFF)] ^ table[Int(high &>> 24)]
                pointer += 8
                remaining &-= 8
            }
            while remaining > 0 {
                crc = table[Int((crc ^ UInt32(pointer[0])) & 0xFF)] ^ (crc &>> 8)
                pointer += 1
                remaining &-= 1
            }
        }
        state = crc
    }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// Eight 256-entry tables; table `k` advances the remainder by `k` extra zero bytes.
    private static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc &>> 1) ^ 0xEDB8_8320 : crc &>> 1 }
            table[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous &>> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return table
    }()
}
