import Foundation
import PropertyBased
import Testing

@testable import Loom

// Numbers of up to 19 significant digits are converted while they are scanned: Clinger's
// exact path, else Eisel–Lemire with the 128-bit table (NumberParsing.swift). The reader and
// the parser must both give the standard library's correctly rounded `Double(String)`, bit
// for bit. `LoomBenchmarks --check-doubles N` runs the same comparison on millions of values.

@Suite("Double conversion: correctly rounded like Double(String)")
struct DoubleConversionTests {
    /// Decimals with 16 to 19 significant digits (the range past Clinger's exact path), in the
    /// shapes of real data: `ddd.ddddddddddddddd`, `0.000ddd…`, integers with a fraction of
    /// zeros, and an exponent now and then; some at the edges of the table and of `Double`.
    static let longDecimal = Generator<String, Shrink.None<String>> { rng in
        func digits(_ count: Int, leadingNonZero: Bool) -> String {
            String((0..<count).map { index in
                Character(String(Int.random(in: (index == 0 && leadingNonZero ? 1 : 0)...9, using: &rng)))
            })
        }
        let significant = Int.random(in: 16...19, using: &rng)
        var lexeme = Bool.random(using: &rng) ? "-" : ""
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            // Leading zeros after the point, then all the significant digits.
            lexeme += "0." + String(repeating: "0", count: Int.random(in: 0...2, using: &rng))
            lexeme += digits(significant, leadingNonZero: true)
        case 1:
            // Ties and near-ties: digits that end in 5, 49999… or 50000…
            let head = digits(Int.random(in: 1...3, using: &rng), leadingNonZero: true)
            let tails = ["5", "49999", "50000", "50001", "99999"]
            let tail = tails[Int.random(in: 0..<tails.count, using: &rng)]
            lexeme += head + "." + digits(max(significant - head.count - tail.count, 0), leadingNonZero: false) + tail
        default:
            let integerDigits = Int.random(in: 1...(significant - 1), using: &rng)
            lexeme += digits(integerDigits, leadingNonZero: true) + "."
            lexeme += digits(significant - integerDigits, leadingNonZero: false)
        }
        if Int.random(in: 0..<4, using: &rng) == 0 {
            lexeme += "e" + String(Int.random(in: -330...310, using: &rng))
        }
        return lexeme
    }

    private func expected(_ lexeme: String) -> Double? { Double(lexeme).flatMap { $0.isFinite ? $0 : nil } }

    @Test("16–19 significant digits: reader, parser and tree agree with Double(String)")
    func longDecimals() async {
        await propertyCheck(count: 3000, input: Self.longDecimal) { lexeme in
            let want = expected(lexeme)?.bitPattern
            // Far from the end of the input, and near or at it (the readers' word-wise paths
            // stop up to 64 bytes before the end; the general scanner reads the rest).
            let padding = String(repeating: ", 1", count: 24)
            for text in ["[\(lexeme)\(padding)]", "[\(lexeme), 1]", "[\(lexeme)]"] {
                let read = directly([Double].self, Array(text.utf8))
                if want != nil { #expect(read?.first?.bitPattern == want, "\(lexeme) read directly") }
                let document = try? JSONDocument(parsing: text)
                withExtendedLifetime(document) {
                    let first = document.flatMap { Array($0.root.elements).first }
                    #expect(first?.doubleValue?.bitPattern == want, "\(lexeme) in the parser")
                }
            }
            let decoded = try? JSONModelDecoder().decode(Double.self, from: Array(lexeme.utf8))
            #expect(decoded?.bitPattern == want, "\(lexeme) decoded")
        }
    }

    @Test("powers of two and their neighbours, written with 17 digits, read back exactly")
    func powersOfTwo() throws {
        var values: [Double] = []
        for exponent in stride(from: -1074, through: 1023, by: 7) {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown]
        }
        values += [.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 0.1, 0.2, 0.3]
        for value in values where value.isFinite && value > 0 {
            for lexeme in [String(format: "%.16e", value), String(format: "%.18e", value), String(format: "%.17g", value)] {
                let text = "[\(lexeme)]"
                #expect(directly([Double].self, Array(text.utf8))?.first?.bitPattern == Double(lexeme)?.bitPattern, "\(lexeme)")
                #expect(try JSONValue(parsing: text).arrayValue?.first?.numberValue?.doubleValue?.bitPattern == Double(lexeme)?.bitPattern)
            }
        }
    }
}
