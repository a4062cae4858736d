import Foundation
import Loom

/// `--check-doubles N`: N generated decimal numbers read by Loom's two readers of raw bytes —
/// the direct path (`JSONModelDecoder` into `[Double]`) and the parser (`JSONDocument`) — and
/// compared bit for bit with the standard library's correctly rounded `Double(String)`. The
/// numbers are mostly 16–19 significant digits, the range Eisel–Lemire decides, in the shapes
/// of real data and around the hard cases (ties, runs of 9s and 0s, powers of two, subnormals,
/// the ends of `Double`'s range), with fewer short and long ones. Too slow for `swift test`,
/// which runs the same comparison on a few thousand values (DoubleConversionTests).
enum DoubleCheck {
    static func run(count: Int) -> Never {
        var random = SplitMix64(seed: 0x6E75_6D62_6572)
        var checked = 0
        var mismatches = 0
        let batch = 10_000
        let started = Date()
        while checked < count {
            let lexemes = (0..<min(batch, count - checked)).map { _ in lexeme(&random) }
            let text = Array(("[" + lexemes.joined(separator: ",") + "]").utf8)
            let expected = lexemes.map { Double($0).flatMap { $0.isFinite ? $0 : nil } }
            // Out of range values make the whole array fail to decode: read those one by one.
            let direct = (try? JSONModelDecoder().decode([Double].self, from: text)).map { $0.map(Optional.some) }
                ?? lexemes.map { try? JSONModelDecoder().decode(Double.self, from: Array($0.utf8)) }
            var parsed: [Double?] = Array(repeating: nil, count: lexemes.count)
            do {
                let document = try JSONDocument(parsing: text)
                withExtendedLifetime(document) { parsed = document.root.elements.map(\.doubleValue) }
            } catch {
                Log.note("the parser rejected a batch: \(error)")
            }
            for index in lexemes.indices {
                let want = expected[index]?.bitPattern
                if direct[index]?.bitPattern != want || parsed[index]?.bitPattern != want {
                    mismatches += 1
                    if mismatches <= 20 {
                        Log.note(
                            "mismatch: \(lexemes[index]): Double(String) \(expected[index].map { "\($0)" } ?? "out of range"), "
                                + "direct \(direct[index].map { "\($0)" } ?? "nil"), parser \(parsed[index].map { "\($0)" } ?? "nil")")
                    }
                }
            }
            checked += lexemes.count
        }
        Log.note(
            "checked \(checked) numbers in \(String(format: "%.1f", Date().timeIntervalSince(started))) s: "
                + (mismatches == 0 ? "all correctly rounded" : "\(mismatches) mismatches"))
        exit(mismatches == 0 ? 0 : 1)
    }

    /// One decimal lexeme.
    static func lexeme(_ random: inout SplitMix64) -> String {
        func digits(_ count: Int, leadingNonZero: Bool) -> String {
            var text = ""
            for index in 0..<count {
                let low: UInt64 = index == 0 && leadingNonZero ? 1 : 0
                text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(low + random.next(below: 10 - low)))))
            }
            return text
        }
        let sign = random.next(below: 2) == 0 ? "" : "-"
        switch random.next(below: 10) {
        case 0:
            // The 17 significant digits that round-trip a random bit pattern, and its neighbours.
            var value = Double(bitPattern: random.next() & 0x7FFF_FFFF_FFFF_FFFF)
            if !value.isFinite { value = .greatestFiniteMagnitude }
            if random.next(below: 2) == 0 && value.nextUp.isFinite { value = value.nextUp }
            return sign + String(format: "%.16e", value)
        case 1:
            // Exactly halfway between two doubles, which ties round to even: between 2^53 and
            // 2^63 the midpoints are integers of 16 to 19 digits. Written with a fraction or
            // an exponent, so that they are converted as decimals, not as integers.
            let value = Double(bitPattern: 0x4340_0000_0000_0000 + random.next(below: 0x00A0_0000_0000_0000))
            let tie = String(UInt64(value) + UInt64(value.ulp) / 2)
            switch random.next(below: 3) {
            case 0: return sign + tie + ".0"
            case 1: return sign + tie.prefix(1) + "." + tie.dropFirst() + "e\(tie.count - 1)"
            default: return sign + tie + "e0"
            }
        case 2:
            // Ties and near-ties in decimal: …5, …49999, …50001, runs of 9s.
            let tails = ["5", "49999", "50000", "50001", "99999", "00001"]
            let head = digits(Int(1 + random.next(below: 4)), leadingNonZero: true)
            let tail = tails[Int(random.next(below: UInt64(tails.count)))]
            let middle = digits(Int(random.next(below: 12)), leadingNonZero: false)
            return sign + head + "." + middle + tail + (random.next(below: 2) == 0 ? "" : "e\(Int(random.next(below: 80)) - 40)")
        case 3:
            // Short numbers (Clinger's exact path) and long ones (the standard library's).
            let count = random.next(below: 2) == 0 ? Int(1 + random.next(below: 15)) : Int(20 + random.next(below: 10))
            let text = digits(count, leadingNonZero: true)
            let point = Int(random.next(below: UInt64(count)))
            return sign + String(text.prefix(point + 1)) + "." + String(text.dropFirst(point + 1)) + "1"
        case 4:
            // Extremes: near the smallest subnormals and the largest finite values.
            let exponent = random.next(below: 2) == 0 ? -(300 + Int(random.next(below: 45))) : 290 + Int(random.next(below: 19))
            return sign + digits(1, leadingNonZero: true) + "." + digits(Int(15 + random.next(below: 4)), leadingNonZero: false)
                + "e\(exponent)"
        default:
            // 16–19 significant digits as coordinates and measurements are written.
            let significant = Int(16 + random.next(below: 4))
            if random.next(below: 4) == 0 {
                return sign + "0.0" + digits(significant, leadingNonZero: true)
            }
            let integerDigits = Int(1 + random.next(below: UInt64(significant - 1)))
            return sign + digits(integerDigits, leadingNonZero: true) + "." + digits(significant - integerDigits, leadingNonZero: false)
        }
    }
}
