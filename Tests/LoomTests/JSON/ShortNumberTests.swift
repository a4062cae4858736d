import Foundation
import PropertyBased
import Testing

@testable import Loom

// The reader takes integers of up to 18 digits, and numbers of up to 19 significant digits
// without an exponent, straight to their value, and leaves every other number (and every
// malformed one) to the general number scanner. Both must give the standard library's
// `Int64(String)` / `UInt64(String)` / `Double(String)`, and the reader must agree with the
// general path on which texts are numbers at all.

@Suite("Short numbers: the reader's fast paths agree with the general one")
struct ShortNumberTests {
    /// Integer-like texts of 1 to 22 digits: plain, signed, with a leading zero, `-0`, and
    /// followed now and then by a fraction, an exponent or a stray byte.
    static let integerText = Generator<String, Shrink.None<String>> { rng in
        let count = Int.random(in: 1...22, using: &rng)
        var text = Bool.random(using: &rng) ? "-" : ""
        let leadingZero = Int.random(in: 0..<12, using: &rng) == 0
        text += String((0..<count).map { index in
            Character(String(Int.random(in: (index == 0 && !leadingZero ? 1 : 0)...9, using: &rng)))
        })
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: text += ".5"
        case 1: text += "e2"
        case 2: text += "E-1"
        case 3: text += "x"
        default: break
        }
        return text
    }

    /// The padding puts the number far enough from the end of the input for the short paths,
    /// which read up to six words past the sign; the unpadded form is read by the general path.
    static func texts(_ number: String) -> [String] {
        ["[\(number), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]", "[\(number)]"]
    }

    @Test("generated integers read as Int64, UInt64, Int8 and Int exactly, on both paths")
    func generatedIntegers() async {
        await propertyCheck(count: 4000, input: Self.integerText) { number in
            for text in Self.texts(number) {
                Self.check([Int64].self, number, text)
                Self.check([UInt64].self, number, text)
                Self.check([Int8].self, number, text)
                Self.check([Int].self, number, text)
            }
        }
    }

    @Test("edges: 16 to 19 digits, Int64's bounds, -0, zero, leading zeros, the length limit")
    func edges() {
        let numbers = [
            "0", "-0", "7", "00", "01", "-01", "1234567", "12345678", "123456789", "1234567812345678",
            "12345678123456789", "999999999999999999", "-999999999999999999", "1000000000000000000",
            "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551615",
            "18446744073709551616", "123456781234567812345678", "-", "-x", "1.", "1e", "1.0", "10e0",
        ]
        for number in numbers {
            for text in Self.texts(number) {
                Self.check([Int64].self, number, text)
                Self.check([UInt64].self, number, text)
                Self.check([Int8].self, number, text)
            }
        }
        // A length limit below the number's length rejects it on the short path too.
        var decoder = JSONModelDecoder()
        decoder.parsingOptions.maxNumberLength = 4
        let long = Self.texts("123456")[0]
        #expect(directly([Int].self, long, decoder) == nil)
        #expect(throws: (any Error).self) { try decoder.decode([Int].self, from: Array(long.utf8)) }
        #expect(directly([Int].self, Self.texts("1234")[0], decoder)?.first == 1234)
    }

    @Test("decimals: zeros, signs, 18 to 21 digits, a point without digits, exponents, the length limit")
    func decimals() {
        let numbers = [
            "0.0", "-0.0", "0", "-0", "5", "-5", "01.5", "1.", "-.5", ".5", "1.5e3", "1.5E-3", "0.1", "0.30000000000000004",
            "-65.613616999999977", "123456789.123456789", "1234567890.123456789", "12345678901.123456789",
            "0.0000000000000000001", "0.00000000000000000001234", "1234567890123456789", "12345678901234567890",
            "9007199254740993.0", "1.7976931348623157", "4.9406564584124654", "-", "-x", "1.x", "2.5x",
        ]
        for number in numbers {
            for text in Self.texts(number) {
                let bytes = Array(text.utf8)
                let direct = directly([Double].self, bytes)?.first
                let general = try? generally([Double].self, bytes).get().first
                if let direct {
                    #expect(direct.bitPattern == general?.bitPattern, "\(number) in \(text): direct \(direct), general \(String(describing: general))")
                }
                if number.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/) != nil {
                    #expect(direct?.bitPattern == Double(number)?.bitPattern, "\(number) read directly from \(text)")
                } else {
                    #expect(general == nil, "\(number) is not JSON")
                }
            }
        }
        var decoder = JSONModelDecoder()
        decoder.parsingOptions.maxNumberLength = 4
        #expect(directly([Double].self, Self.texts("12.345")[0], decoder) == nil)
        #expect(directly([Double].self, Self.texts("12.5")[0], decoder)?.first == 12.5)
    }

    /// The first element as `T`: read directly, it must equal the general path's reading
    /// (which reports errors); for an integer text it must be the standard library's value,
    /// or nothing on either path when `T` cannot hold it.
    static func check<T: FixedWidthInteger & JSONDecodable>(_ type: [T].Type, _ number: String, _ text: String) {
        let bytes = Array(text.utf8)
        let direct = directly([T].self, bytes)?.first
        let general = try? generally([T].self, bytes).get().first
        if let direct { #expect(direct == general, "\(number) as \(T.self) in \(text): direct \(direct), general \(String(describing: general))") }
        let isInteger = number.wholeMatch(of: /-?(0|[1-9][0-9]*)/) != nil
        if isInteger {
            let oracle = T(number)
            #expect(direct == oracle, "\(number) as \(T.self) read directly from \(text)")
            #expect(general == oracle, "\(number) as \(T.self) from the document of \(text)")
        }
    }
}
