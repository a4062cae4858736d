/// Validation of the tokens inside JSON text (strings, escapes, UTF-8, numbers, literals),
/// shared by the two readers of raw bytes: ``JSONParser``, which records what it finds on the
/// tape, and `_JSONReader`, which decodes models straight from the bytes. Neither a token's
/// grammar nor its error messages can drift apart between them.
///
/// A protocol rather than a struct either of them holds: specialized for each, the methods
/// read the conformer's own fields where they need them, as code written inside it would.
@usableFromInline
protocol JSONScanner {
    var base: UnsafePointer<UInt8> { get }
    var end: Int { get }
    var maxStringLength: Int { get }
    var maxNumberLength: Int { get }
}

/// The input bytes and limits alone, for readers that are larger structs: a method of the
/// protocol called on such a reader would copy all of it to pass `self`.
@usableFromInline
struct JSONByteScanner: JSONScanner {
    @usableFromInline let base: UnsafePointer<UInt8>
    @usableFromInline let end: Int
    @usableFromInline let maxStringLength: Int
    @usableFromInline let maxNumberLength: Int

    init(_ input: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) {
        // An empty buffer may have a nil base; a one-byte dummy keeps pointer arithmetic legal.
        base = input.baseAddress ?? ("" as StaticString).utf8Start
        end = input.count
        maxStringLength = options.maxStringLength
        maxNumberLength = options.maxNumberLength
    }
}

extension JSONScanner {
    var scannedInput: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: end) }

    // Out of line: inlined at every throw, it would take registers in the scanning loops.
    @inline(never)
    func error(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> JSONError {
        JSONError(kind: kind, message: message, offset: offset, in: scannedInput)
    }

    // MARK: Whitespace

    /// Skips a run of spaces from `start`, sixteen bytes per step while sixteen are left: the
    /// indentation of pretty-printed JSON (citm_catalog.json is 71 % whitespace, in runs of
    /// 16 bytes on average). Returns the first position that is not a space.
    @inlinable @inline(__always)
    func skipSpaces(from start: Int) -> Int {
        var position = start
        while position &+ 16 <= end {
            let words = UnsafeRawPointer(base + position)
            let first = words.loadUnaligned(as: UInt64.self).littleEndian ^ 0x2020_2020_2020_2020
            if first != 0 { return position &+ first.trailingZeroBitCount &>> 3 }
            let second = words.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian ^ 0x2020_2020_2020_2020
            if second != 0 { return position &+ 8 &+ second.trailingZeroBitCount &>> 3 }
            position &+= 16
        }
        return position
    }

    // MARK: Literals

    @inline(__always)
    func expectLiteral(_ literal: StaticString, at position: Int) throws(JSONError) {
        let count = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        if position &+ count <= end && keyBytesEqual(base + position, text, count) { return }
        for index in 0..<count {
            guard position + index < end, base[position + index] == text[index] else {
                if position + index >= end {
                    throw error(.unexpectedEndOfInput, "unexpected end of input in literal '\(literal)'", at: position + index)
                }
                throw error(
                    .unexpectedCharacter,
                    "invalid literal, expected '\(literal)', found \(describeByte(at: position + index, in: scannedInput))",
                    at: position + index)
            }
        }
    }

    // MARK: Strings

    /// Finds the end of a string whose content starts at `quote + 1`, from `start`, where a
    /// backslash, a control or non-ASCII byte, or the last few bytes of the input begin
    /// (everything before is plain ASCII). Returns the position of the closing quote and the
    /// string's ``stringHasEscapesFlag`` and ``stringNonASCIIFlag``.
    @inline(__always)
    func stringEnd(quote: Int, from start: Int) throws(JSONError) -> (close: Int, flags: UInt64) {
        let contentStart = quote + 1
        var position = start
        var flags: UInt64 = 0
        while true {
            // Sixteen bytes at a time, then eight, while no quote, backslash, control or
            // non-ASCII byte shows up.
            plain: do {
                while position &+ 16 <= end {
                    let offset = firstStringSpecial16(at: position)
                    position &+= offset
                    if offset < 16 { break plain }
                }
                while position &+ 8 <= end {
                    let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
                    let special = swarSpecialMask(word)
                    if special == 0 {
                        position &+= 8
                    } else {
                        position &+= special.trailingZeroBitCount &>> 3
                        break plain
                    }
                }
            }
            guard position < end else {
                throw error(.unexpectedEndOfInput, "unexpected end of input in a string", at: position)
            }
            let byte = base[position]
            switch byte {
            case UInt8(ascii: "\""):
                if position - contentStart > maxStringLength {
                    throw error(.sizeLimitExceeded, "string is longer than \(maxStringLength) bytes", at: quote)
                }
                return (position, flags)
            case UInt8(ascii: "\\"):
                flags |= stringHasEscapesFlag
                position = try scanEscape(at: position)
            case 0..<0x20:
                throw error(
                    .controlCharacterInString,
                    "raw control character \(describeByte(at: position, in: scannedInput)) in a string, escape it as \\u00\(hexByte(byte))",
                    at: position)
            case 0x80...:
                flags |= stringNonASCIIFlag
                // Runs of non-ASCII text (CJK, emoji) stay here instead of re-entering the SWAR loop.
                repeat {
                    if position &+ 8 <= end, twoThreeByteCharacters(at: position) {
                        position &+= 6
                        // Four at a time while they last (CJK text): one loop test per 12 bytes.
                        while position &+ 14 <= end, twoThreeByteCharacters(at: position),
                            twoThreeByteCharacters(at: position &+ 6)
                        {
                            position &+= 12
                        }
                        continue
                    }
                    position = try scanMultibyte(at: position)
                } while position < end && base[position] >= 0x80
            default:
                position &+= 1
            }
        }
    }

    /// The offset of the first byte among the sixteen at `position` that ends a plain ASCII
    /// run inside a string (a quote, a backslash, a control or non-ASCII byte), or 16.
    ///
    /// Concrete `SIMD16<Int8>` comparisons compile to one vector compare each (SSE2 on
    /// x86-64, NEON on arm64); a signed comparison with 0x20 catches the control bytes and,
    /// as negative numbers, the non-ASCII ones at once.
    @inlinable @inline(__always)
    func firstStringSpecial16(at position: Int) -> Int {
        let bytes = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<Int8>.self)
        let quote: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<Int8>(repeating: 0x22)
        let backslash: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16<Int8>(repeating: 0x5C)
        let low: SIMDMask<SIMD16<Int8>> = bytes .< SIMD16<Int8>(repeating: 0x20)
        let lanes = unsafeBitCast(quote .| backslash .| low, to: SIMD2<UInt64>.self)
        // Lane 0 is the first byte: the low byte of the first word once in little-endian order.
        let first = lanes[0].littleEndian
        if first != 0 { return first.trailingZeroBitCount &>> 3 }
        let second = lanes[1].littleEndian
        return second == 0 ? 16 : 8 &+ (second.trailingZeroBitCount &>> 3)
    }

    /// Validates one escape sequence at a backslash; returns the position after it.
    func scanEscape(at backslash: Int) throws(JSONError) -> Int {
        let position = backslash + 1
        guard position < end else {
            throw error(.unexpectedEndOfInput, "unexpected end of input in an escape sequence", at: position)
        }
        switch base[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return position + 1
        case UInt8(ascii: "u"):
            let unit = try hex4(at: position + 1)
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error(.loneSurrogate, "lone low surrogate \\u\(hex16(unit)) in a string", at: backslash)
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                let next = position + 5
                guard next + 1 < end, base[next] == UInt8(ascii: "\\"), base[next + 1] == UInt8(ascii: "u") else {
                    throw error(
                        .loneSurrogate, "lone high surrogate \\u\(hex16(unit)) not followed by a low surrogate escape",
                        at: backslash)
                }
                let low = try hex4(at: next + 2)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw error(
                        .loneSurrogate,
                        "high surrogate \\u\(hex16(unit)) followed by \\u\(hex16(low)), which is not a low surrogate",
                        at: backslash)
                }
                return next + 6
            }
            return position + 5
        default:
            throw error(
                .invalidEscape, "invalid escape sequence '\\\(describeEscaped(position))' in a string", at: backslash)
        }
    }

    func describeEscaped(_ position: Int) -> String {
        let byte = base[position]
        if byte >= 0x20 && byte < 0x7F { return String(Character(Unicode.Scalar(byte))) }
        return "\\x" + hexByte(byte)
    }

    func hex4(at start: Int) throws(JSONError) -> UInt16 {
        var value: UInt16 = 0
        for index in start..<(start + 4) {
            guard index < end else {
                throw error(.unexpectedEndOfInput, "unexpected end of input in a \\u escape", at: index)
            }
            guard let digit = hexValue(base[index]) else {
                throw error(
                    .invalidEscape,
                    "invalid \\u escape, expected a hex digit, found \(describeByte(at: index, in: scannedInput))", at: index)
            }
            value = value &<< 4 | UInt16(digit)
        }
        return value
    }

    /// Whether the eight bytes at `position` begin with two well-formed three-byte UTF-8
    /// sequences, leaving out the E0 and ED leads, whose second bytes have narrower ranges.
    @inline(__always)
    func twoThreeByteCharacters(at position: Int) -> Bool {
        let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
        guard word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0 else { return false }
        let firstLow = word & 0x0F
        let secondLow = (word &>> 24) & 0x0F
        return firstLow != 0 && firstLow != 0x0D && secondLow != 0 && secondLow != 0x0D
    }

    /// Validates one multi-byte UTF-8 sequence; returns the position after it.
    @inline(__always)
    func scanMultibyte(at position: Int) throws(JSONError) -> Int {
        // Fast path for the common two- and three-byte forms (Latin, Cyrillic, CJK): one load
        // checks the continuation bytes. E0 and ED have narrower second-byte ranges (overlongs,
        // surrogates) and go to the general check, as do four-byte forms and anything invalid.
        if position &+ 4 <= end {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self).littleEndian
            let lead = UInt8(truncatingIfNeeded: word)
            if lead & 0xF0 == 0xE0 {
                if lead != 0xE0 && lead != 0xED && word & 0x00C0_C000 == 0x0080_8000 { return position &+ 3 }
            } else if lead & 0xE0 == 0xC0 {
                if lead >= 0xC2 && word & 0xC000 == 0x8000 { return position &+ 2 }
            }
        }
        return try scanMultibyteSlow(at: position)
    }

    /// Validates one multi-byte UTF-8 sequence of any form, with a descriptive error.
    func scanMultibyteSlow(at position: Int) throws(JSONError) -> Int {
        let lead = base[position]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default:
            throw error(.invalidUTF8, "invalid UTF-8 byte 0x\(hexByte(lead))", at: position)
        }
        guard position + length <= end else {
            throw error(.invalidUTF8, "truncated UTF-8 sequence at end of input", at: position)
        }
        let second = base[position + 1]
        guard second >= lower && second <= upper else {
            throw error(.invalidUTF8, "invalid UTF-8 sequence starting with byte 0x\(hexByte(lead))", at: position)
        }
        if length > 2 {
            for index in 2..<length where base[position + index] & 0xC0 != 0x80 {
                throw error(
                    .invalidUTF8, "invalid UTF-8 sequence starting with byte 0x\(hexByte(lead))", at: position)
            }
        }
        return position + length
    }

    // MARK: Numbers

    /// Reads the run of digits at `start` into `value` (wrapping past 19 digits), eight at a
    /// time; returns the position after the run.
    @inline(__always)
    func scanDigits(from start: Int, into value: inout UInt64) -> Int {
        var position = start
        while position &+ 8 <= end {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
            // A digit byte has high nibble 3, and adding 6 keeps it 3. A carry out of a
            // non-digit byte only disturbs the bytes after it, which are past the run anyway.
            let nibbles =
                (word & 0xF0F0_F0F0_F0F0_F0F0) | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) &>> 4)
            let mismatch = nibbles ^ 0x3333_3333_3333_3333
            if mismatch == 0 {
                value = value &* 100_000_000 &+ eightDigits(word)
                position &+= 8
                continue
            }
            // The run ends inside this word: shift its digits to the top so the bytes below
            // read as leading zeros, and convert them in one go too.
            let count = mismatch.trailingZeroBitCount &>> 3
            if count > 0 {
                let digits = eightDigits(word &<< UInt64(64 &- count &* 8))
                value = value &* powerOfTen(count) &+ digits
            }
            return position &+ count
        }
        while position < end {
            let digit = base[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            position &+= 1
        }
        return position
    }

    /// The value of eight ASCII digits, the first byte the most significant; 0x00 bytes count
    /// as zeros.
    @inline(__always)
    func eightDigits(_ word: UInt64) -> UInt64 {
        // Pairs, then quads, then all eight.
        var digits = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) &>> 8
        digits = ((digits & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
        return ((digits & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
    }

    /// 10 to the power `exponent`, for 0 through 8.
    @inline(__always)
    func powerOfTen(_ exponent: Int) -> UInt64 {
        // A switch of constants becomes one table load; a loop cost a multiply per digit.
        switch exponent {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        default: return 100_000_000
        }
    }

    /// How many of the eight bytes of `word` (first byte lowest) are digits before the first
    /// byte that is not.
    @inline(__always)
    func leadingDigitCount(_ word: UInt64) -> Int {
        // As in `scanDigits`: a digit keeps high nibble 3 after adding 6; a carry out of a
        // non-digit byte only disturbs the bytes after it.
        let nibbles =
            (word & 0xF0F0_F0F0_F0F0_F0F0) | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) &>> 4)
        let mismatch = nibbles ^ 0x3333_3333_3333_3333
        return mismatch == 0 ? 8 : mismatch.trailingZeroBitCount &>> 3
    }

    /// Reads a run of at most 23 digits at `position` into `value` (wrapping past 19), a word
    /// at a time, with no bounds checks: the caller guarantees 24 readable bytes. Returns the
    /// run's length, or -1 for a longer run.
    ///
    /// `integer` (a constant where this is inlined) converts a last word of one digit on its
    /// own: integers often end one digit into a word (nine-digit ids, counts below ten), where
    /// the test is paid back; in a number's fraction it is not.
    @inline(__always)
    func boundedDigitRun(at position: Int, into value: inout UInt64, integer: Bool = false) -> Int {
        var count = 0
        while true {
            let word = UnsafeRawPointer(base + (position &+ count)).loadUnaligned(as: UInt64.self).littleEndian
            let run = leadingDigitCount(word)
            if run == 8 {
                if count == 16 { return -1 }
                value = value &* 100_000_000 &+ eightDigits(word)
                count &+= 8
                continue
            }
            if integer && run == 1 {
                value = value &* 10 &+ (word & 0x0F)
            } else if run > 0 {
                value = value &* powerOfTen(run) &+ eightDigits(word &<< UInt64(64 &- run &* 8))
            }
            return count &+ run
        }
    }

    /// The sign of the number at `start` and the run of digits after it, read as
    /// ``boundedDigitRun(at:into:integer:)`` reads it (the caller guarantees 25 readable bytes).
    @inline(__always)
    func signedDigitRun(at start: Int, integer: Bool = false) -> (negative: Bool, digitsStart: Int, count: Int, value: UInt64) {
        let negative = base[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start &+ 1 : start
        var value: UInt64 = 0
        let count = boundedDigitRun(at: digitsStart, into: &value, integer: integer)
        return (negative, digitsStart, count, value)
    }

    /// The common numbers, `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 18 integer digits or 19
    /// significant digits, read in one straight pass: the same node as ``number(from:)``
    /// gives, or `nil` for every other number (an exponent, more digits, `-0`, the last 64
    /// bytes of the input) and for every invalid one, which ``number(from:)`` then reads
    /// again and reports.
    @inline(__always)
    func plainNumber(from start: Int) -> (kind: NodeKind, payload: UInt64, end: Int)? {
        // Bounds: the sign, two runs of at most 23 digits (each reading 24 bytes), the point
        // and the byte after the number lie within 64 bytes of `start`.
        guard start &+ 64 <= end else { return nil }
        let (negative, digitsStart, integerDigits, value) = signedDigitRun(at: start)
        guard integerDigits > 0 else { return nil }
        let zeroInteger = base[digitsStart] == UInt8(ascii: "0")
        // A leading zero followed by digits is an error that the general path reports.
        if zeroInteger && integerDigits > 1 { return nil }
        var position = digitsStart &+ integerDigits
        if base[position] != UInt8(ascii: ".") {
            guard (base[position] | 0x20) != UInt8(ascii: "e"), integerDigits <= 18, !(negative && value == 0),
                position &- start <= maxNumberLength
            else { return nil }
            let signed = negative ? -Int64(value) : Int64(value)
            return (.int, UInt64(bitPattern: signed), position)
        }
        position &+= 1
        var mantissa = value
        let fractionDigits = boundedDigitRun(at: position, into: &mantissa)
        guard fractionDigits > 0 else { return nil }
        position &+= fractionDigits
        let significantDigits = (zeroInteger ? 0 : integerDigits) &+ fractionDigits
        guard (base[position] | 0x20) != UInt8(ascii: "e"), significantDigits <= 19,
            position &- start <= maxNumberLength,
            let double = NumberConversion.double(mantissa: mantissa, scale: -fractionDigits, negative: negative)
        else { return nil }
        return (.double, double.bitPattern, position)
    }

    // The errors are built out of line: their message interpolation would otherwise take
    // registers and stack in the number scanner, which runs once per number.
    @inline(never)
    func invalidNumber(_ expectation: StaticString, at position: Int) -> JSONError {
        error(.invalidNumber, "invalid number, \(expectation), found \(describeByte(at: position, in: scannedInput))", at: position)
    }

    @inline(never)
    func numberTooLong(at start: Int) -> JSONError {
        error(.sizeLimitExceeded, "number is longer than \(maxNumberLength) characters", at: start)
    }

    /// Validates the number lexeme at `start` and returns its tape node: kind ``NodeKind/int``
    /// with the value for integers of up to 18 digits, ``NodeKind/double`` with the correctly
    /// rounded bits for other numbers of up to 19 significant digits that fit a `Double`, else
    /// ``NodeKind/number`` with the lexeme's length; and the position after the lexeme.
    @inline(__always)
    func number(from start: Int) throws(JSONError) -> (kind: NodeKind, payload: UInt64, end: Int) {
        if let plain = plainNumber(from: start) { return plain }
        return try anyNumber(from: start)
    }

    /// ``number(from:)`` for every number, with the errors.
    @inline(never)
    func anyNumber(from start: Int) throws(JSONError) -> (kind: NodeKind, payload: UInt64, end: Int) {
        var position = start
        let negative = base[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < end else {
            throw error(.invalidNumber, "invalid number, expected a digit after '-'", at: position)
        }
        var value: UInt64 = 0
        let digitsStart = position
        let first = base[position]
        if first == UInt8(ascii: "0") {
            position += 1
            if position < end, isDigit(base[position]) {
                throw error(.invalidNumber, "invalid number, leading zeros are not allowed", at: start)
            }
        } else if isDigit(first) {
            // May wrap past 19 digits; `value` is only used for at most 18 (below).
            position = scanDigits(from: position, into: &value)
        } else {
            throw invalidNumber("expected a digit", at: position)
        }
        let integerDigits = position - digitsStart
        var isInteger = true
        // Fraction digits continue the integer's mantissa, so a number with at most 19
        // significant digits is converted here, once, while its bytes are in cache.
        var mantissa = value
        var fractionDigits = 0
        if position < end && base[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            let fractionStart = position
            position = scanDigits(from: position, into: &mantissa)
            fractionDigits = position - fractionStart
            if fractionDigits == 0 {
                throw invalidNumber("expected a digit after '.'", at: position)
            }
        }
        var exponent = 0
        if position < end && (base[position] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            var exponentNegative = false
            if position < end && (base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-")) {
                exponentNegative = base[position] == UInt8(ascii: "-")
                position += 1
            }
            let exponentStart = position
            while position < end {
                let digit = base[position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Past 100,000 the value is 0 or infinite whatever the digits; stop growing.
                if exponent < 100_000 { exponent = exponent &* 10 &+ Int(digit) }
                position &+= 1
            }
            if position == exponentStart {
                throw invalidNumber("expected a digit in the exponent", at: position)
            }
            if exponentNegative { exponent = -exponent }
        }
        let length = position - start
        if length > maxNumberLength {
            throw numberTooLong(at: start)
        }
        if isInteger && integerDigits <= 18 && !(negative && value == 0) {
            let signed = negative ? -Int64(value) : Int64(value)
            return (.int, UInt64(bitPattern: signed), position)
        }
        // A zero integer part is not significant; leading zeros of the fraction are counted,
        // which only sends rare numbers such as 0.000…0123 (20+ digits) to the lexeme path.
        let significantDigits = (first == UInt8(ascii: "0") ? 0 : integerDigits) &+ fractionDigits
        if !isInteger && significantDigits <= 19,
            let double = NumberConversion.double(mantissa: mantissa, scale: exponent &- fractionDigits, negative: negative)
        {
            return (.double, double.bitPattern, position)
        }
        return (.number, UInt64(length) | (isInteger ? numberIsIntegerFlag : 0), position)
    }
}
