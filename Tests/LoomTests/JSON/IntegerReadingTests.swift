import Foundation
import PropertyBased
import Testing

@testable import Loom

// The reader takes integers of up to 18 digits with no fraction or exponent straight to their
// value, and leaves every other number (and every malformed one) to the general number
// scanner. Both must give the standard library's `Int64(String)` / `UInt64(String)`, and the
// reader must agree with the general path on which texts are numbers at all.

@Suite("Integer reading: the short-integer path agrees with the general one")
struct IntegerReadingTests {
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

    /// The padding puts the number far enough from the end of the input for the short path,
    /// which reads three words past the sign; the unpadded form is read by the general path.
    static func texts(_ number: String) -> [String] {
        ["[\(number), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]", "[\(number)]"]
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
        var options = JSONParsingOptions()
        options.maxNumberLength = 4
        var decoder = JSONModelDecoder()
        decoder.parsingOptions = options
        let long = Self.texts("123456")[0]
        #expect(directly([Int].self, long, decoder) == nil)
        #expect(throws: (any Error).self) { try decoder.decode([Int].self, from: Array(long.utf8)) }
        #expect(directly([Int].self, Self.texts("1234")[0], decoder)?.first == 1234)
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
