import Foundation

/// Base64 (RFC 4648) straight between JSON string bytes and `Data`: no intermediate `String`.
enum Base64 {
    /// 0–63 for alphabet bytes, 64 for `=`, 255 for anything else.
    private static let standardTable: [UInt8] = table(plus: UInt8(ascii: "+"), slash: UInt8(ascii: "/"))
    private static let urlTable: [UInt8] = table(plus: UInt8(ascii: "-"), slash: UInt8(ascii: "_"))
    static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func table(plus: UInt8, slash: UInt8) -> [UInt8] {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, byte) in Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8).enumerated() {
            table[Int(byte)] = UInt8(value)
        }
        table[Int(plus)] = 62
        table[Int(slash)] = 63
        table[Int(UInt8(ascii: "="))] = 64
        return table
    }

    /// Decodes `text`; `nil` when it is not base64. Standard base64 needs its padding (as
    /// Foundation's `Data(base64Encoded:)`); URL-safe base64 may leave it out.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, urlSafe: Bool) -> Data? {
        var count = text.count
        if !urlSafe && count % 4 != 0 { return nil }
        // Strip up to two `=`; a length of 1 mod 4 is never valid.
        var padding = 0
        while count > 0 && padding < 2 && text[count - 1] == UInt8(ascii: "=") {
            count -= 1
            padding += 1
        }
        if padding > 0 && (count + padding) % 4 != 0 { return nil }
        if count % 4 == 1 { return nil }
        let table = urlSafe ? urlTable : standardTable
        let length = count / 4 * 3 + max(0, count % 4 - 1)
        var data = Data(count: length)
        let valid = data.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) -> Bool in
            table.withUnsafeBufferPointer { table in
                var input = 0
                var output = 0
                while input + 4 <= count {
                    let a = table[Int(text[input])], b = table[Int(text[input + 1])]
                    let c = table[Int(text[input + 2])], d = table[Int(text[input + 3])]
                    guard (a | b | c | d) < 64 else { return false }
                    let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    raw[output] = UInt8(truncatingIfNeeded: bits >> 16)
                    raw[output + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    raw[output + 2] = UInt8(truncatingIfNeeded: bits)
                    input += 4
                    output += 3
                }
                let rest = count - input
                guard rest > 0 else { return true }
                let a = table[Int(text[input])], b = table[Int(text[input + 1])]
                let c = rest == 3 ? table[Int(text[input + 2])] : 0
                guard (a | b | c) < 64 else { return false }
                let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
                raw[output] = UInt8(truncatingIfNeeded: bits >> 16)
                if rest == 3 { raw[output + 1] = UInt8(truncatingIfNeeded: bits >> 8) }
                return true
            }
        }
        return valid ? data : nil
    }

    /// Appends the base64 text of `data` to `bytes` (no quotes).
    static func encode(_ data: Data, urlSafe: Bool, padding: Bool, to bytes: inout [UInt8]) {
        let alphabet = urlSafe ? urlAlphabet : standardAlphabet
        bytes.reserveCapacity(bytes.count + (data.count + 2) / 3 * 4 + 2)
        data.withUnsafeBytes { raw in
            var index = 0
            while index + 3 <= raw.count {
                let bits = UInt32(raw[index]) << 16 | UInt32(raw[index + 1]) << 8 | UInt32(raw[index + 2])
                bytes.append(alphabet[Int(bits >> 18 & 63)])
                bytes.append(alphabet[Int(bits >> 12 & 63)])
                bytes.append(alphabet[Int(bits >> 6 & 63)])
                bytes.append(alphabet[Int(bits & 63)])
                index += 3
            }
            let rest = raw.count - index
            guard rest > 0 else { return }
            let bits = UInt32(raw[index]) << 16 | (rest == 2 ? UInt32(raw[index + 1]) << 8 : 0)
            bytes.append(alphabet[Int(bits >> 18 & 63)])
            bytes.append(alphabet[Int(bits >> 12 & 63)])
            if rest == 2 { bytes.append(alphabet[Int(bits >> 6 & 63)]) }
            if padding { bytes.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - rest)) }
        }
    }
}

extension JSONWriter {
    /// Writes `data` as a base64 string.
    mutating func writeBase64(_ data: Data, urlSafe: Bool) {
        beforeValue()
        if options.escapeSlashes && !urlSafe {
            var text: [UInt8] = []
            Base64.encode(data, urlSafe: false, padding: true, to: &text)
            text.withUnsafeBufferPointer { writeEscaped(utf8: $0) }
            return
        }
        bytes.append(UInt8(ascii: "\""))
        Base64.encode(data, urlSafe: urlSafe, padding: !urlSafe, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a string whose bytes need no escaping (ASCII digits, letters and punctuation
    /// other than `"`, `\` and `/`).
    mutating func writePlainString(_ text: UnsafeBufferPointer<UInt8>) {
        beforeValue()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text)
        bytes.append(UInt8(ascii: "\""))
    }
}
