import Foundation
import Loom
import PropertyBased
import Testing

/// Random `JSONValue` trees survive writing and parsing with every writing option.
@Suite("Round trips with generated values")
struct RoundTripTests {
    static let optionSets: [(String, JSONWritingOptions)] = {
        var sorted = JSONWritingOptions()
        sorted.sortedKeys = true
        var escaped = JSONWritingOptions()
        escaped.escapeNonASCII = true
        escaped.escapeSlashes = true
        var everything = JSONWritingOptions.pretty(indentWidth: 4)
        everything.sortedKeys = true
        everything.escapeNonASCII = true
        return [
            ("compact", .compact), ("pretty", .pretty()), ("sorted", sorted), ("escapeNonASCII", escaped),
            ("pretty sorted escaped", everything),
        ]
    }()

    @Test("JSONValue(parsing: value.jsonBytes(options:)) == value")
    func writeThenParse() async {
        await propertyCheck(count: 300, input: JSONGen.value) { value in
            for (name, options) in Self.optionSets {
                do {
                    let bytes = try value.jsonBytes(options: options)
                    let again = try JSONValue(parsing: bytes)
                    #expect(again == value, "\(name): \(String(decoding: bytes, as: UTF8.self))")
                } catch {
                    Issue.record("\(name): \(error)")
                }
            }
        }
    }

    @Test("formatted output of a written value parses to an equal value")
    func formattedThenParse() async {
        await propertyCheck(count: 300, input: JSONGen.value) { value in
            do {
                let document = try JSONDocument(parsing: try value.jsonBytes())
                for (name, options) in Self.optionSets {
                    let bytes = try document.formatted(options: options)
                    let again = try JSONValue(parsing: bytes)
                    #expect(again == value, "\(name): \(String(decoding: bytes, as: UTF8.self))")
                }
                // Compact formatting of compact text is the identity.
                #expect(try document.formatted() == value.jsonBytes())
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("writing is stable: write(parse(write(v))) == write(v)")
    func writingIsStable() async {
        await propertyCheck(count: 300, input: JSONGen.value) { value in
            do {
                let first = try value.jsonBytes()
                let second = try JSONValue(parsing: first).jsonBytes()
                #expect(first == second, "\(String(decoding: first, as: UTF8.self))")
                // Equal values hash equally.
                #expect(try JSONValue(parsing: first).hashValue == value.hashValue)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test(
        "corpora round-trip through the tree and through formatted",
        .enabled(
            if: SharedData.hasCorpus("twitter.json") || SharedData.hasCorpus("citm_catalog.json"),
            "../shared/corpora not found; corpora not round-tripped"),
        arguments: ["twitter.json", "citm_catalog.json"].filter(SharedData.hasCorpus))
    func corpus(name: String) throws {
        // canada.json is left to NumberTests (bit-exact doubles): its tree costs seconds in debug.
        let bytes = try SharedData.corpus(name)
        let value = try JSONValue(parsing: bytes)
        let document = try JSONDocument(parsing: bytes)
        #expect(JSONValue(element: document.root) == value)
        // Pretty, sorted and escaped output only for twitter.json, whose text is largely non-ASCII.
        let optionSets = name == "twitter.json" ? [Self.optionSets[0], Self.optionSets[4]] : [Self.optionSets[0]]
        for (optionsName, options) in optionSets {
            #expect(try JSONValue(parsing: value.jsonBytes(options: options)) == value, "\(optionsName)")
            #expect(try JSONValue(parsing: document.formatted(options: options)) == value, "\(optionsName)")
        }
    }

    @Test(
        "every line of amazon_cellphones.ndjson round-trips",
        .enabled(if: SharedData.hasCorpus("amazon_cellphones.ndjson"), "../shared/corpora/amazon_cellphones.ndjson not found"))
    func ndjson() throws {
        let bytes = try SharedData.corpus("amazon_cellphones.ndjson")
        let lines = bytes.split(separator: 0x0A).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0D } }
        #expect(lines.count > 100)
        for line in lines {
            let value = try JSONValue(parsing: Array(line))
            #expect(try JSONValue(parsing: value.jsonBytes()) == value)
        }
        // The whole file is several values, not one document.
        #expect(throws: JSONError.self) { try JSONValue(parsing: bytes) }
    }

    @Test("numbers round-trip exactly through their text")
    func numbers() async {
        await propertyCheck(count: 300, input: JSONGen.number) { number in
            do {
                let text = try JSONValue.number(number).jsonString()
                let again = try #require(try JSONValue(parsing: text).numberValue)
                #expect(again == number, "\(text)")
                #expect(again.doubleValue?.bitPattern == number.doubleValue?.bitPattern, "\(text)")
                #expect(again.int64Value == number.int64Value && again.uint64Value == number.uint64Value, "\(text)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}

/// Generators for random JSON values (depth at most 4, strings over all of Unicode).
enum JSONGen {
    typealias RNG = any SeededRandomNumberGenerator

    static let value = Generator<JSONValue, Shrink.None<JSONValue>> { rng in makeValue(depth: 4, using: &rng) }
    static let number = Generator<JSONNumber, Shrink.None<JSONNumber>> { rng in makeNumber(using: &rng) }

    static func makeValue(depth: Int, using rng: inout RNG) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &rng)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(makeNumber(using: &rng))
        case 3, 4: return .string(makeString(using: &rng))
        case 5: return .array(JSONArray((0..<Int.random(in: 0...5, using: &rng)).map { _ in makeValue(depth: depth - 1, using: &rng) }))
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                object[makeString(using: &rng)] = makeValue(depth: depth - 1, using: &rng)
            }
            return .object(object)
        }
    }

    static func makeNumber(using rng: inout RNG) -> JSONNumber {
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: return JSONNumber(Int64.random(in: -1000...1000, using: &rng))
        case 1: return JSONNumber(Int64.random(in: .min ... .max, using: &rng))
        case 2: return JSONNumber(UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &rng))
        case 3:
            // Any finite double, subnormals included.
            while true {
                let double = Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng))
                if double.isFinite { return JSONNumber(double) }
            }
        case 4:
            // Subnormals, zeros and extremes.
            let specials: [Double] = [
                -0.0, 0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.1, 1e-7, 1e22, 1e15, 9_007_199_254_740_994,
            ]
            return JSONNumber(specials.randomElement(using: &rng)!)
        case 5: return JSONNumber(Double(bitPattern: UInt64.random(in: 1..<(1 << 52), using: &rng)))
        case 6: return JSONNumber(Double.random(in: -1e6...1e6, using: &rng))
        case 7:
            // A big integer lexeme beyond 64 bits.
            let digits = (0..<Int.random(in: 20...40, using: &rng)).map { index in
                String(Int.random(in: (index == 0 ? 1 : 0)...9, using: &rng))
            }
            return JSONNumber(lexeme: (Bool.random(using: &rng) ? "-" : "") + digits.joined())!
        default:
            // Long decimals with large exponents, beyond Double's range or precision.
            let integer = String(Int.random(in: 0...9, using: &rng))
            let fraction = (0..<Int.random(in: 1...25, using: &rng)).map { _ in String(Int.random(in: 0...9, using: &rng)) }
            let exponent = Int.random(in: -2000...2000, using: &rng)
            return JSONNumber(lexeme: "\(integer).\(fraction.joined())e\(exponent)")!
        }
    }

    static func makeString(using rng: inout RNG) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
            scalars.append(makeScalar(using: &rng))
        }
        return String(scalars)
    }

    static func makeScalar(using rng: inout RNG) -> Unicode.Scalar {
        let value: UInt32
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: value = UInt32.random(in: 0x20...0x7E, using: &rng)
        case 1: value = UInt32.random(in: 0...0x1F, using: &rng)
        case 2: value = [0x22, 0x5C, 0x2F, 0x7F, 0x2028, 0x2029, 0xFEFF, 0xFFFD].randomElement(using: &rng)!
        case 3: value = UInt32.random(in: 0x1F600...0x1F64F, using: &rng)  // emoji
        case 4: value = UInt32.random(in: 0x80...0x7FF, using: &rng)
        case 5: value = [0x301, 0xE9, 0x65, 0x10FFFF, 0x10000, 0xFFFF].randomElement(using: &rng)!
        default:
            var candidate = UInt32.random(in: 0...0x10FFFF, using: &rng)
            if (0xD800...0xDFFF).contains(candidate) { candidate -= 0x800 }
            value = candidate
        }
        return Unicode.Scalar(value)!
    }
}
