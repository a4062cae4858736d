import Foundation

/// UUID text (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, any case) straight from and to bytes,
/// without the 36-character `String` Foundation's `UUID(uuidString:)` and `uuidString` need.
enum JSONUUIDText {
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36, text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"),
            text[18] == UInt8(ascii: "-"), text[23] == UInt8(ascii: "-")
        else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
            var input = 0
            for index in 0..<16 {
                if input == 8 || input == 13 || input == 18 || input == 23 { input += 1 }
                guard let high = hexValue(text[input]), let low = hexValue(text[input + 1]) else { return false }
                output[index] = high << 4 | low
                input += 2
            }
            return true
        }
        return valid ? UUID(uuid: bytes) : nil
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    static func write(_ uuid: UUID, lowercase: Bool, to writer: inout JSONWriter) {
        let digits: StaticString = lowercase ? "0123456789abcdef" : "0123456789ABCDEF"
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            withUnsafeBytes(of: uuid.uuid) { input in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = digits.utf8Start[Int(input[index] >> 4)]
                    text[position + 1] = digits.utf8Start[Int(input[index] & 0x0F)]
                    position += 2
                }
            }
            writer.writePlainString(UnsafeBufferPointer(text))
        }
    }
}
