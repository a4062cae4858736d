/// Exact conversions from a validated JSON number lexeme.
///
/// The scanner has already checked the grammar, so these functions only decide whether
/// the value fits the requested type. None of them wraps, clamps or rounds to an integer.
@usableFromInline
enum NumberConversion {
    /// The decimal value of a lexeme: `digits × 10^exponent`, with digits' trailing zeros removed.
    struct Decomposed {
        var negative: Bool
        /// Significant digits without leading or trailing zeros (empty for zero).
        var digits: ArraySlice<UInt8>
        var exponent: Int
    }

    static func decompose(_ lexeme: UnsafeBufferPointer<UInt8>) -> Decomposed {
        var index = 0
        var negative = false
        if index < lexeme.count && lexeme[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var digits = [UInt8]()
        var fractionDigits = 0
        var seenPoint = false
        while index < lexeme.count {
            let byte = lexeme[index]
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if isDigit(byte) {
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                if seenPoint { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        var exponent = 0
        if index < lexeme.count && (lexeme[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < lexeme.count && (lexeme[index] == UInt8(ascii: "+") || lexeme[index] == UInt8(ascii: "-")) {
                exponentNegative = lexeme[index] == UInt8(ascii: "-")
                index += 1
            }
            // Saturate: anything this large is out of range for every type anyway.
            while index < lexeme.count {
                let digit = Int(lexeme[index] &- UInt8(ascii: "0"))
                if exponent < 1_000_000_000 { exponent = exponent * 10 + digit }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        exponent -= fractionDigits
        var slice = digits[...]
        while let last = slice.last, last == UInt8(ascii: "0") {
            slice.removeLast()
            exponent += 1
        }
        if slice.isEmpty { exponent = 0 }
        return Decomposed(negative: negative, digits: slice, exponent: exponent)
    }

    @usableFromInline
    enum IntegerFailure: Error {
        case notIntegral
        case outOfRange
    }

    /// Converts a lexeme to an integer type exactly, or says why it cannot.
    @usableFromInline
    static func integer<T: FixedWidthInteger>(
        _ type: T.Type, from lexeme: UnsafeBufferPointer<UInt8>
    ) -> Result<T, IntegerFailure> {
        let value = decompose(lexeme)
        if value.digits.isEmpty { return .success(0) }
        if value.exponent < 0 { return .failure(.notIntegral) }
        if value.negative && !T.isSigned { return .failure(.outOfRange) }
        if value.digits.count + value.exponent > 40 { return .failure(.outOfRange) }
        // Accumulate negatively for signed types so that T.min is reachable.
        var result: T = 0
        for digit in value.digits {
            let (shifted, overflow1) = result.multipliedReportingOverflow(by: 10)
            let delta = T(digit - UInt8(ascii: "0"))
            let (next, overflow2) =
                value.negative ? shifted.subtractingReportingOverflow(delta) : shifted.addingReportingOverflow(delta)
            if overflow1 || overflow2 { return .failure(.outOfRange) }
            result = next
        }
        for _ in 0..<value.exponent {
            let (shifted, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return .failure(.outOfRange) }
            result = shifted
        }
        return .success(result)
    }

    /// Exact powers of ten representable as `Double`.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Correctly rounded `Double` for a lexeme; `nil` when the magnitude overflows to infinity.
    @usableFromInline
    static func double(from lexeme: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let count = lexeme.count
        var negative = false
        if index < count && lexeme[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        // The scanner validated the grammar: digits, then optionally `.` and digits, then
        // optionally an exponent. Separate loops keep the per-digit work to a multiply-add.
        var mantissa: UInt64 = 0
        let integerStart = index
        while index < count {
            let digit = lexeme[index] &- UInt8(ascii: "0")
            if digit >= 10 { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index &+= 1
        }
        // A zero integer part ("0.0012") has no significant digit; JSON allows no other
        // leading zero.
        let zeroInteger = integerStart < count && lexeme[integerStart] == UInt8(ascii: "0")
        var digitCount = zeroInteger ? 0 : index &- integerStart
        var fractionDigits = 0
        if index < count && lexeme[index] == UInt8(ascii: ".") {
            index &+= 1
            let fractionStart = index
            if zeroInteger {
                while index < count && lexeme[index] == UInt8(ascii: "0") { index &+= 1 }
            }
            let significantStart = index
            while index < count {
                let digit = lexeme[index] &- UInt8(ascii: "0")
                if digit >= 10 { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index &+= 1
            }
            fractionDigits = index &- fractionStart
            digitCount &+= index &- significantStart
        }
        // More than 19 significant digits may have wrapped the mantissa: take the slow path.
        let simple = digitCount <= 19
        var exponent = 0
        if simple && index < count {
            // An exponent part.
            index += 1
            var exponentNegative = false
            if index < count && (lexeme[index] == UInt8(ascii: "+") || lexeme[index] == UInt8(ascii: "-")) {
                exponentNegative = lexeme[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < count {
                if exponent < 100_000 { exponent = exponent * 10 + Int(lexeme[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if simple { return double(mantissa: mantissa, scale: exponent - fractionDigits, negative: negative) }
        return slowDouble(lexeme)
    }

    /// `±mantissa × 10^scale` correctly rounded, for a mantissa of at most 19 significant
    /// digits; `nil` when the magnitude overflows `Double`.
    @inline(__always)
    static func double(mantissa: UInt64, scale: Int, negative: Bool) -> Double? {
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        // Clinger's fast path: a mantissa below 2^53 scaled by an exact power of ten is exact.
        if mantissa <= (1 << 53) && scale >= -22 && scale <= 22 {
            var value = Double(mantissa)
            value = scale < 0 ? value / powersOfTen[-scale] : value * powersOfTen[scale]
            return negative ? -value : value
        }
        // Up to 19 significant digits: Eisel-Lemire with a 128-bit product is always exact
        // (Mushtak & Lemire, "Fast Number Parsing Without Fallback", 2023).
        guard let magnitude = eiselLemire(mantissa: mantissa, exponent10: scale) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// `mantissa × 10^exponent10` correctly rounded, for a non-zero mantissa; `nil` on overflow.
    @usableFromInline @inline(__always)
    static func eiselLemire(mantissa: UInt64, exponent10 q: Int) -> Double? {
        if q < -342 { return 0 }
        if q > 308 { return nil }
        let leadingZeros = mantissa.leadingZeroBitCount
        let w = mantissa &<< UInt64(leadingZeros)
        let index = 2 &* (q &+ 342)
        var product = w.multipliedFullWidth(by: powersOfFive128[index])
        // 55 bits of precision (52 explicit mantissa bits + 3) decide the rounding; only when
        // they are all ones can the low half of the table entry change the result.
        let precisionMask: UInt64 = 0xFFFF_FFFF_FFFF_FFFF &>> 55
        if product.high & precisionMask == precisionMask {
            let second = w.multipliedFullWidth(by: powersOfFive128[index &+ 1])
            let (low, carry) = product.low.addingReportingOverflow(second.high)
            product.low = low
            if carry { product.high &+= 1 }
        }
        let upperBit = Int(product.high &>> 63)
        let shift = UInt64(upperBit &+ 9)
        var significand = product.high &>> shift
        var power2 = (((152_170 &+ 65_536) &* q) &>> 16) &+ 63 &+ upperBit &- leadingZeros &+ 1023
        if power2 <= 0 {
            // Subnormal result.
            if -power2 &+ 1 >= 64 { return 0 }
            significand &>>= UInt64(-power2 &+ 1)
            significand &+= significand & 1
            significand &>>= 1
            power2 = significand < (1 &<< 52) ? 0 : 1
            return Double(bitPattern: (UInt64(power2) &<< 52) | (significand & ((1 &<< 52) &- 1)))
        }
        if product.low <= 1 && q >= -4 && q <= 23 && significand & 3 == 1 && (significand &<< shift) == product.high {
            // Exactly halfway between two doubles: round to even.
            significand &= ~1
        }
        significand &+= significand & 1
        significand &>>= 1
        if significand >= (2 &<< 52) {
            significand = 1 &<< 52
            power2 &+= 1
        }
        significand &= ~(1 &<< 52)
        if power2 >= 0x7FF { return nil }
        return Double(bitPattern: (UInt64(power2) &<< 52) | significand)
    }

    @inline(never)
    static func slowDouble(_ lexeme: UnsafeBufferPointer<UInt8>) -> Double? {
        // The standard library's parser is correctly rounded; it accepts JSON's grammar.
        guard let value = Double(String(decoding: lexeme, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Correctly rounded `Float`; `nil` when the magnitude overflows.
    @usableFromInline
    static func float(from lexeme: UnsafeBufferPointer<UInt8>) -> Float? {
        guard let value = Float(String(decoding: lexeme, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
