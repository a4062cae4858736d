import Foundation
import Loom
import PropertyBased
import Testing

/// Exact integers, correctly rounded doubles, big lexemes and `JSONNumber` equality.
@Suite("Numbers")
struct NumberTests {
    /// The single number of `text` as a tree value.
    func number(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONNumber {
        let value = try #require(parsed(text, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        return try #require(value.numberValue, sourceLocation: sourceLocation)
    }

    @Test("Int64 and UInt64 bounds are exact")
    func integerBounds() throws {
        let min = try number("-9223372036854775808")
        #expect(min.int64Value == Int64.min)
        #expect(min.uint64Value == nil)
        #expect(min.lexeme == "-9223372036854775808")

        let max = try number("9223372036854775807")
        #expect(max.int64Value == Int64.max)
        #expect(max.uint64Value == UInt64(Int64.max))

        let umax = try number("18446744073709551615")
        #expect(umax.int64Value == nil)
        #expect(umax.uint64Value == UInt64.max)
        #expect(umax.doubleValue == 18446744073709551616.0)
        #expect(umax.lexeme == "18446744073709551615")

        #expect(withRoot("-9223372036854775808") { $0.integerValue(Int64.self) } == Int64.min)
        #expect(withRoot("18446744073709551615") { $0.integerValue(UInt64.self) } == UInt64.max)
        #expect(withRoot("18446744073709551615") { $0.integerValue(Int64.self) } == .some(nil))
        #expect(withRoot("9223372036854775807") { $0.integerValue(Int64.self) } == Int64.max)
        #expect(withRoot("999999999999999999") { $0.integerValue(Int64.self) } == 999_999_999_999_999_999)
        #expect(withRoot("-999999999999999999") { $0.integerValue(Int.self) } == -999_999_999_999_999_999)
    }

    @Test("integers just beyond Int64/UInt64 keep their text and never wrap")
    func beyondFixedWidth() throws {
        for text in ["-9223372036854775809", "18446744073709551616", "12345678901234567890123"] {
            let value = try number(text)
            #expect(value.int64Value == nil)
            #expect(value.uint64Value == nil)
            #expect(value.intValue == nil)
            #expect(value.lexeme == text)
            #expect(value.doubleValue == Double(text)!)
            #expect(written(.array([.number(value)])) == "[\(text)]")
            #expect(withRoot(text) { $0.integerValue(Int64.self) } == .some(nil))
            #expect(withRoot(text) { $0.integerValue(UInt64.self) } == .some(nil))
            #expect(withRoot(text) { $0.isIntegerLiteral } == true)
            #expect(withRoot(text) { $0.numberLexeme } == text)
        }
        #expect(try number("12345678901234567890123").decimalValue?.description == "12345678901234567890123")
    }

    @Test("out-of-range magnitudes: accepted, no Double, no integer, text kept")
    func outOfRange() throws {
        for text in ["1e400", "-1e400", "9e99999999999999999999", "1147e02864", "-123123e100000"] {
            let value = try number(text)
            #expect(value.doubleValue == nil)
            #expect(value.int64Value == nil)
            #expect(value.decimalValue == nil)
            #expect(value.lexeme == text)
            #expect(withRoot(text) { $0.doubleValue } == .some(nil))
            #expect(written(.array([.number(value)])) == "[\(text)]")
        }
        // Zero with any exponent is still zero.
        let zero = try number("0e99999999999999999999")
        #expect(zero.doubleValue == 0)
        #expect(zero.int64Value == 0)
        #expect(zero == 0)
    }

    @Test("values that underflow Double are not zero")
    func underflowIsNotZero() throws {
        for text in ["1e-400", "123.456e-789", "-123e-10000000"] {
            let value = try number(text)
            #expect(value != 0, "\(text) parsed as \(value)")
            #expect(value.lexeme == text)
            #expect(value.int64Value == nil)
            #expect(written(.array([.number(value)])) == "[\(text)]")
            // The correctly rounded Double of a tiny magnitude is a (signed) zero.
            #expect(value.doubleValue == 0)
            #expect(value.doubleValue?.sign == (text.hasPrefix("-") ? .minus : .plus))
        }
        #expect(try number("1e-400") != number("2e-400"))
    }

    @Test("negative zero keeps its sign")
    func negativeZero() throws {
        for text in ["-0", "-0.0", "-0e5", "-0.000E-3"] {
            let value = try number(text)
            let double = try #require(value.doubleValue)
            #expect(double == 0 && double.sign == .minus, "\(text)")
            #expect(value == 0)
            #expect(value.int64Value == 0)
            #expect(withRoot(text) { $0.doubleValue?.sign } == .minus)
        }
        #expect(written(.number(JSONNumber(-0.0))) == "-0")
        #expect(try number("0.0").doubleValue?.sign == .plus)
    }

    @Test("special doubles are correctly rounded")
    func specialDoubles() throws {
        let cases: [(String, Double)] = [
            ("5e-324", .leastNonzeroMagnitude),
            ("4.9406564584124654e-324", .leastNonzeroMagnitude),
            ("2.4703282292062328e-324", .leastNonzeroMagnitude),  // just above half: rounds up
            ("2.4703282292062327e-324", 0),  // just below half: rounds to zero
            ("2.2250738585072014e-308", .leastNormalMagnitude),
            ("2.2250738585072011e-308", Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)),
            ("1.7976931348623157e308", .greatestFiniteMagnitude),
            ("0.30000000000000004", 0.1 + 0.2),
            ("9007199254740993", 9_007_199_254_740_992),  // 2^53 + 1: ties to even
            ("9007199254740995", 9_007_199_254_740_996),
            ("1.00000000000000011102230246251565404236316680908203125", 1),  // exactly halfway: even
            ("1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002),
            ("123456789012345678", 123_456_789_012_345_680),
            ("0.1", 0.1),
            ("1e23", 1e23),
            ("8.98846567431158e307", 8.98846567431158e307),
            ("[0e1]", 0), ("[0E9]", 0), ("[0.00e1]", 0), ("[-0e1]", -0.0),
        ]
        for (text, expected) in cases {
            var element: Double??
            let value = try #require(parsed(text))
            let number = try #require(value.numberValue ?? value[0]?.numberValue)
            element = withRoot(text) { root in root.doubleValue ?? root[0]?.doubleValue }
            #expect(number.doubleValue?.bitPattern == expected.bitPattern, "\(text)")
            #expect(element??.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test("17-significant-digit doubles survive a write/parse round trip")
    func seventeenDigits() throws {
        let doubles: [Double] = [
            0.1 + 0.2, 1.0 / 3, 2.0 / 3, .pi, -.pi, Double("1e-310")!, 123_456_789.123_456_78, 4.35, 0.000_123_456_789_012_345_67,
            Double(bitPattern: 0x3FF0_0000_0000_0001), Double(bitPattern: 0x7FEF_FFFF_FFFF_FFFE),
        ]
        for double in doubles {
            let text = try #require(written(.number(JSONNumber(double))))
            #expect(Double(text)?.bitPattern == double.bitPattern, "\(text)")
            let back = try number(text)
            #expect(back.doubleValue?.bitPattern == double.bitPattern, "\(text)")
            #expect(back == JSONNumber(double))
        }
    }

    @Test("integral numbers convert exactly; non-integral ones do not convert")
    func integralConversions() throws {
        let integral: [(String, Int)] = [
            ("1.0", 1), ("1e2", 100), ("1E+2", 100), ("0.1e3", 100), ("-2.50e1", -25), ("100e-2", 1), ("-0", 0),
            ("0.0", 0), ("5.0000000000", 5), ("1234567890123456780000000000e-10", 123_456_789_012_345_678),
        ]
        for (text, expected) in integral {
            #expect(try number(text).exactly(Int.self) == expected, "\(text)")
            #expect(withRoot(text) { $0.integerValue(Int.self) } == expected, "\(text)")
        }
        for text in ["1.5", "1e-400", "1.0000000000000001", "0.1", "-1e-1", "123456789.0000000001"] {
            #expect(try number(text).exactly(Int.self) == nil, "\(text)")
            #expect(try number(text).exactly(Int64.self) == nil, "\(text)")
            #expect(withRoot(text) { $0.integerValue(Int.self) } == .some(nil), "\(text)")
        }
        // Narrow types.
        #expect(withRoot("127") { $0.integerValue(Int8.self) } == 127)
        #expect(withRoot("128") { $0.integerValue(Int8.self) } == .some(nil))
        #expect(withRoot("-128") { $0.integerValue(Int8.self) } == -128)
        #expect(withRoot("-129") { $0.integerValue(Int8.self) } == .some(nil))
        #expect(withRoot("-1") { $0.integerValue(UInt8.self) } == .some(nil))
        #expect(withRoot("2.55e2") { $0.integerValue(UInt8.self) } == 255)
        #expect(try number("-128").exactly(Int8.self) == -128)
        #expect(try number("256").exactly(UInt8.self) == nil)
        #expect(withRoot("true") { $0.integerValue(Int.self) } == .some(nil))
        #expect(withRoot(#""1""#) { $0.doubleValue } == .some(nil))
    }

    @Test("equality is by exact value: 1 == 1.0 == 10e-1")
    func equality() throws {
        let groups: [[String]] = [
            ["1", "1.0", "10e-1", "0.1e1", "1.000", "1E0", "100e-2"],
            ["0", "-0", "0.0", "0e10", "-0.0e-3"],
            ["100", "1e2", "1E+2", "0.001e5"],
            ["-2.5", "-25e-1", "-0.25e1"],
            ["18446744073709551616", "1.8446744073709551616e19"],
            ["9223372036854775807", "9.223372036854775807e18"],
            ["1e400", "10e399", "0.1e401"],
        ]
        var hashes: [Set<Int>] = []
        for group in groups {
            let numbers = try group.map { try number($0) }
            for a in numbers {
                for b in numbers {
                    #expect(a == b, "\(a) == \(b)")
                }
            }
            hashes.append(Set(numbers.map(\.hashValue)))
            #expect(Set(numbers).count == 1, "\(group)")
        }
        #expect(hashes.allSatisfy { $0.count == 1 })
        // Different groups differ.
        for (i, first) in groups.enumerated() {
            for second in groups[(i + 1)...] {
                #expect(try number(first[0]) != number(second[0]))
            }
        }
        #expect(try number("1") != number("1.0000000000000001"))
        #expect(try number("9007199254740993") != number("9007199254740992"))
        // Constructed numbers compare with parsed ones.
        #expect(JSONNumber(1.5) == (try number("15e-1")))
        #expect(JSONNumber(UInt64.max) == (try number("18446744073709551615")))
        #expect(JSONNumber(Int64(-7)) == JSONNumber(-7.0))
        #expect(JSONNumber(0.1) == (try number("0.1")))
        #expect(JSONNumber(lexeme: "1.50") == JSONNumber(1.5))
        #expect(JSONNumber(lexeme: "01") == nil)
        #expect(JSONNumber(lexeme: " 1") == nil)
        #expect(JSONNumber(lexeme: "1\n") == nil)
        #expect(JSONNumber(lexeme: "-12.5e3") == JSONNumber(-12_500))
        #expect(JSONNumber(lexeme: "\"1\"") == nil)
    }

    @Test("hashing agrees with equality for mixed storage")
    func hashing() throws {
        let values: [JSONNumber] = [
            1, 1.0, JSONNumber(UInt64(1)), try number("1.0"), try number("1e0"), JSONNumber(Decimal(1)),
            JSONNumber(Float(1)),
        ]
        #expect(Set(values).count == 1)
        var dictionary: [JSONValue: Int] = [:]
        dictionary[.number(1)] = 1
        dictionary[.number(try number("1.00"))] = 2
        #expect(dictionary.count == 1)
        #expect(dictionary[.number(1.0)] == 2)
    }

    @Test("Decimal is exact up to 38 significant digits and nil beyond")
    func decimals() throws {
        let exact: [(String, String)] = [
            ("1234567890123456789012345678901234567.8", "1234567890123456789012345678901234567.8"),
            ("12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
            ("-0.12345678901234567890123456789012345678", "-0.12345678901234567890123456789012345678"),
            ("0.1", "0.1"),
            ("3.14159", "3.14159"),
            ("1E2", "100"),
            ("1.000000000000000000000000000000000000000000000000", "1"),
            ("123e-5", "0.00123"),
            ("-0", "0"),
        ]
        for (text, expected) in exact {
            let decimal = try #require(try number(text).decimalValue, "\(text)")
            #expect(decimal.description == expected, "\(text)")
        }
        for text in ["1234567890123456789012345678901234567.89", "123456789012345678901234567890123456789", "1e400", "1e-400"] {
            #expect(try number(text).decimalValue == nil, "\(text)")
        }
        // Decimal → JSONNumber → text is exact.
        let pi = try #require(Decimal(string: "3.14159265358979323846264338327950288"))
        #expect(JSONNumber(pi).lexeme == "3.14159265358979323846264338327950288")
        #expect(written(.number(JSONNumber(pi))) == "3.14159265358979323846264338327950288")
        #expect(JSONNumber(pi).decimalValue == pi)
    }

    @Test("a NaN Decimal cannot be written")
    func nanDecimal() throws {
        let number = JSONNumber(Decimal.nan)
        #expect(number.decimalValue == nil)
        #expect(number.doubleValue == nil)
        #expect(throws: JSONError.self) { try JSONValue.number(number).jsonBytes() }
        var options = JSONWritingOptions()
        options.prettyPrinted = true
        #expect(throws: JSONError.self) { try JSONValue.array([.number(number)]).jsonBytes(options: options) }
    }

    @Test("Float numbers use the Float's shortest text")
    func floats() throws {
        #expect(JSONNumber(Float(0.1)).lexeme == "0.1")
        #expect(JSONNumber(Float(0.1)).doubleValue == 0.1)
        #expect(written(.number(JSONNumber(Float(16_777_216)))) == "16777216")
        #expect(throws: JSONError.self) { try JSONValue.number(JSONNumber(Float.nan)).jsonBytes() }
    }

    @Test(
        "every number of canada.json is correctly rounded",
        .enabled(if: SharedData.hasCorpus("canada.json"), "../shared/corpora/canada.json not found; not checked"))
    func canadaDoubles() throws {
        let document = try JSONDocument(parsing: try SharedData.corpus("canada.json"))
        var checked = 0
        var mismatches: [String] = []
        withExtendedLifetime(document) {
            var pending = [document.root]
            while let element = pending.popLast() {
                switch element.kind {
                case .array: pending.append(contentsOf: element.elements)
                case .object: pending.append(contentsOf: element.members.map(\.value))
                case .number:
                    let lexeme = element.numberLexeme ?? ""
                    let expected = Double(lexeme)!
                    if element.doubleValue?.bitPattern != expected.bitPattern
                        || JSONNumber(lexeme: lexeme)?.doubleValue?.bitPattern != expected.bitPattern
                    {
                        mismatches.append(lexeme)
                    }
                    checked += 1
                default: break
                }
            }
        }
        #expect(checked > 111_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("digit runs of every length end in every position of an eight-byte word, and at the end of input")
    func digitRuns() throws {
        // The parser converts eight digits per step and the last partial word in one go;
        // within the final eight bytes of the input it goes digit by digit.
        let digits = Array("9876543210123456789")
        for integerLength in 1...18 {
            let integer = String(digits.prefix(integerLength))
            let expected = Int64(integer) ?? -1
            for padding in 0...9 {
                let tail = String(repeating: " ", count: padding)
                for text in [integer, "-" + integer] {
                    let value = try JSONValue(parsing: text + tail)
                    let signed = text.hasPrefix("-") ? -expected : expected
                    #expect(value.numberValue?.int64Value == signed, "\(text)")
                    #expect(withRoot(text + tail) { $0.integerValue(Int64.self) } == signed, "\(text)")
                    #expect(try JSONValue(parsing: "[" + text + "]" + tail) == [value])
                }
                for fractionLength in [1, 2, 7, 8, 9, 15, 16, 17] where integerLength + fractionLength <= 19 {
                    let lexeme = integer + "." + String(digits.suffix(fractionLength))
                    let decoded = try JSONModelDecoder().decode([Double].self, from: Array(("[" + lexeme + "]" + tail).utf8))
                    #expect(decoded.first?.bitPattern == Double(lexeme)?.bitPattern, "\(lexeme)")
                    let withExponent = lexeme + "e-7"
                    #expect(try JSONValue(parsing: withExponent + tail).numberValue?.doubleValue == Double(withExponent))
                }
            }
        }
    }

    /// Lexemes of up to 19 significant digits are converted once, by the parser; longer ones
    /// when read. Both must agree with the standard library's correctly rounded parser, and
    /// the lexeme must come back intact (the parser keeps the value, not the length).
    @Test("generated fractions and exponents convert correctly in the parser and keep their text")
    func generatedLexemes() async {
        await propertyCheck(count: 2000, input: Self.decimalLexeme) { lexeme in
            let text = "[\(lexeme),\(lexeme)]"
            do {
                let document = try JSONDocument(parsing: text)
                withExtendedLifetime(document) {
                    for element in document.root.elements {
                        #expect(element.numberLexeme == lexeme)
                        #expect(element.doubleValue?.bitPattern == expected(lexeme)?.bitPattern, "\(lexeme)")
                        #expect(element.isIntegerLiteral == false)
                    }
                }
                let decoded = try? JSONModelDecoder().decode([Double].self, from: Array(text.utf8))
                #expect(decoded?.first?.bitPattern == expected(lexeme)?.bitPattern, "\(lexeme)")
                let tree = try JSONValue(parsing: text)
                #expect(tree.arrayValue?.first?.numberValue?.doubleValue?.bitPattern == expected(lexeme)?.bitPattern)
            } catch {
                Issue.record("\(lexeme): \(error)")
            }
        }
    }

    private func expected(_ lexeme: String) -> Double? { Double(lexeme).flatMap { $0.isFinite ? $0 : nil } }

    /// `-?int(.frac)?(e±exp)?` with a fraction or an exponent, 1–24 significant digits and
    /// exponents from -360 to 360, so both the parser's path and the lexeme path are taken.
    static let decimalLexeme = Generator<String, Shrink.None<String>> { rng in
        func digits(_ count: Int, leadingNonZero: Bool) -> String {
            String((0..<count).map { index in
                Character(String(Int.random(in: (index == 0 && leadingNonZero ? 1 : 0)...9, using: &rng)))
            })
        }
        var lexeme = Bool.random(using: &rng) ? "-" : ""
        let integerDigits = Int.random(in: 0...12, using: &rng)
        lexeme += integerDigits == 0 ? "0" : digits(integerDigits, leadingNonZero: true)
        let hasFraction = Bool.random(using: &rng)
        if hasFraction { lexeme += "." + digits(Int.random(in: 1...18, using: &rng), leadingNonZero: false) }
        if !hasFraction || Bool.random(using: &rng) {
            lexeme += ["e", "E"].randomElement(using: &rng) ?? "e"
            lexeme += ["", "+", "-"].randomElement(using: &rng) ?? ""
            lexeme += String(Int.random(in: 0...360, using: &rng))
        }
        return lexeme
    }
}
