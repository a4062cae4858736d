import Foundation

/// The single-pass, iterative scanner that validates JSON text and builds the ``Tape``.
///
/// It never recurses: open containers live on an explicit stack, so hostile nesting costs
/// heap, not call stack, and is cut off at ``JSONParsingOptions/maxDepth``.
final class JSONParser {
    let input: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let end: Int
    let options: JSONParsingOptions
    // The parser is a class so that its helpers share one instance instead of copying a
    // struct around; it never escapes `parse`, so dynamic exclusivity checks buy nothing.
    @exclusivity(unchecked) var tape: Tape
    /// The enclosing containers of the innermost open one, two words each: its node index
    /// and its ``Container/saved`` word. The innermost container itself lives in `run`'s
    /// locals, so the work after each value touches registers, not this stack. A raw buffer:
    /// an `Array` here costs a uniqueness check and an outlined call per push and pop.
    @exclusivity(unchecked) var stack: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) var stackCount = 0
    @exclusivity(unchecked) var stackCapacity = 64

    init(input: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) {
        self.input = input
        // An empty buffer may have a nil base; a one-byte dummy keeps pointer arithmetic legal.
        self.base = input.baseAddress ?? ("" as StaticString).utf8Start
        self.end = input.count
        self.options = options
        // About one node per 6 bytes on typical documents; the tape grows if needed.
        self.tape = Tape(estimatedNodes: input.count / 6 + 8)
        self.stack = .allocate(capacity: stackCapacity)
    }

    deinit { stack.deallocate() }

    // MARK: Errors

    func error(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> JSONError {
        JSONError(kind: kind, message: message, offset: offset, in: input)
    }

    func unexpected(_ expectation: String, at offset: Int) -> JSONError {
        if offset >= end {
            return error(.unexpectedEndOfInput, "unexpected end of input, \(expectation)", at: offset)
        }
        return error(.unexpectedCharacter, "\(expectation), found \(describeByte(at: offset, in: input))", at: offset)
    }

    // MARK: Whitespace

    @inline(__always)
    func byte(_ position: Int) -> UInt8 { base[position] }

    /// Returns the position of the next byte that is not whitespace (or a comment, when allowed).
    @inline(__always)
    func skipWhitespace(_ start: Int) throws(JSONError) -> Int {
        var position = start
        while position < end {
            switch base[position] {
            case 0x20, 0x0A, 0x0D, 0x09:
                position &+= 1
                // Indentation of pretty-printed JSON: skip runs of spaces sixteen at a time
                // (citm_catalog.json is 71 % whitespace, in runs of 16 bytes on average).
                while position &+ 16 <= end {
                    let words = UnsafeRawPointer(base + position)
                    let first = words.loadUnaligned(as: UInt64.self).littleEndian ^ 0x2020_2020_2020_2020
                    if first != 0 {
                        position &+= first.trailingZeroBitCount &>> 3
                        break
                    }
                    let second = words.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian ^ 0x2020_2020_2020_2020
                    if second != 0 {
                        position &+= 8 &+ second.trailingZeroBitCount &>> 3
                        break
                    }
                    position &+= 16
                }
            case UInt8(ascii: "/") where options.allowComments:
                position = try skipComment(position)
            default:
                return position
            }
        }
        return position
    }

    func skipComment(_ start: Int) throws(JSONError) -> Int {
        var position = start + 1
        guard position < end else { throw unexpected("expected '/' or '*' to start a comment", at: position) }
        if base[position] == UInt8(ascii: "/") {
            while position < end && base[position] != 0x0A { position += 1 }
            return position
        }
        guard base[position] == UInt8(ascii: "*") else {
            throw unexpected("expected '/' or '*' to start a comment", at: position)
        }
        position += 1
        while position + 1 < end {
            if base[position] == UInt8(ascii: "*") && base[position + 1] == UInt8(ascii: "/") { return position + 2 }
            position += 1
        }
        throw error(.unexpectedEndOfInput, "unexpected end of input in a comment", at: end)
    }

    // MARK: Driver

    /// Parses the whole input and returns the finished tape; on error the tape is freed.
    static func parse(_ input: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) throws(JSONError) -> Tape {
        let parser = JSONParser(input: input, options: options)
        do {
            try parser.run()
        } catch {
            parser.tape.deallocate()
            throw error
        }
        return parser.tape
    }

    func run() throws(JSONError) {
        if end > options.maxInputLength {
            throw error(
                .sizeLimitExceeded, "input is longer than \(options.maxInputLength) bytes", at: max(options.maxInputLength, 0))
        }
        var position = try skipWhitespace(0)
        if position >= end {
            throw error(.emptyInput, "empty input, expected a JSON value", at: position)
        }
        if end - position >= 3 && base[position] == 0xEF && base[position + 1] == 0xBB && base[position + 2] == 0xBF {
            throw error(.unexpectedCharacter, "byte order mark is not allowed, JSON text must be plain UTF-8", at: position)
        }

        // The loop alternates between reading a value and deciding what follows it.
        var open = Container.none
        var valueCount = 0
        let maxValueCount = options.maxValueCount
        valueLoop: while true {
            position = try skipWhitespace(position)
            guard position < end else { throw unexpected("expected a value", at: position) }
            valueCount &+= 1
            if valueCount > maxValueCount {
                throw error(.sizeLimitExceeded, "document has more than \(maxValueCount) values", at: position)
            }
            let first = base[position]
            switch first {
            case UInt8(ascii: "\""):
                position = try scanString(from: position)
            case UInt8(ascii: "{"):
                open = try push(open, .object, at: position)
                position = try skipWhitespace(position + 1)
                if position < end && base[position] == UInt8(ascii: "}") {
                    open = try close(open, at: position)
                    position += 1
                } else {
                    position = try scanKey(from: position)
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                open = try push(open, .array, at: position)
                position = try skipWhitespace(position + 1)
                if position < end && base[position] == UInt8(ascii: "]") {
                    open = try close(open, at: position)
                    position += 1
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                position = try scanNumber(from: position)
            case UInt8(ascii: "t"):
                try expectLiteral("true", at: position)
                tape.append(kind: .true, offset: position, payload: 0)
                position += 4
            case UInt8(ascii: "f"):
                try expectLiteral("false", at: position)
                tape.append(kind: .false, offset: position, payload: 0)
                position += 5
            case UInt8(ascii: "n"):
                try expectLiteral("null", at: position)
                tape.append(kind: .null, offset: position, payload: 0)
                position += 4
            default:
                throw unexpected("expected a value", at: position)
            }

            // After a complete value: close containers or move to the next element.
            while true {
                guard open.node >= 0 else {
                    position = try skipWhitespace(position)
                    if position < end {
                        throw error(
                            .trailingData,
                            "unexpected \(describeByte(at: position, in: input)) after the top-level value",
                            at: position)
                    }
                    return
                }
                open.count &+= 1
                position = try skipWhitespace(position)
                let inObject = open.isObject
                guard position < end else {
                    throw unexpected(inObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element", at: position)
                }
                let next = base[position]
                if next == UInt8(ascii: ",") {
                    position = try skipWhitespace(position + 1)
                    if options.allowTrailingCommas && position < end
                        && base[position] == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    {
                        open = try close(open, at: position)
                        position += 1
                        continue
                    }
                    if inObject {
                        position = try scanKey(from: position)
                    }
                    continue valueLoop
                }
                if inObject {
                    guard next == UInt8(ascii: "}") else {
                        throw unexpected("expected ',' or '}' after object member", at: position)
                    }
                } else {
                    guard next == UInt8(ascii: "]") else {
                        throw unexpected("expected ',' or ']' after array element", at: position)
                    }
                }
                open = try close(open, at: position)
                position += 1
            }
        }
    }

    /// Scans `"key"` and the `:` after it; returns the position after the colon.
    @inline(__always)
    func scanKey(from start: Int) throws(JSONError) -> Int {
        guard start < end, base[start] == UInt8(ascii: "\"") else {
            if options.allowTrailingCommas == false, start < end, base[start] == UInt8(ascii: "}") {
                throw error(.unexpectedCharacter, "trailing comma before '}' is not allowed", at: start)
            }
            throw unexpected("expected '\"' to start an object key", at: start)
        }
        var position = try scanString(from: start)
        position = try skipWhitespace(position)
        guard position < end, base[position] == UInt8(ascii: ":") else {
            throw unexpected("expected ':' after object key", at: position)
        }
        return position + 1
    }

    /// The innermost open container, kept in the driver's locals.
    struct Container {
        /// Its node index, or -1 outside every container.
        var node: Int
        /// Its completed children so far.
        var count: Int
        var isObject: Bool

        static var none: Container { Container(node: -1, count: 0, isObject: false) }

        /// `count` and `isObject` in one stack entry.
        var saved: Int { count &<< 1 | (isObject ? 1 : 0) }
    }

    @inline(__always)
    func push(_ open: Container, _ kind: NodeKind, at position: Int) throws(JSONError) -> Container {
        let depth = open.node >= 0 ? (stackCount &>> 1) &+ 1 : 0
        if depth >= options.maxDepth {
            throw error(
                .depthLimitExceeded,
                "nesting deeper than the limit of \(options.maxDepth)", at: position)
        }
        if open.node >= 0 {
            if stackCount == stackCapacity { growStack() }
            stack[stackCount] = open.node
            stack[stackCount &+ 1] = open.saved
            stackCount &+= 2
        }
        let node = tape.count
        tape.append(kind: kind, offset: position, payload: 0)
        return Container(node: node, count: 0, isObject: kind == .object)
    }

    /// Writes the innermost container's final payload; returns its parent, the open one now.
    func close(_ open: Container, at position: Int) throws(JSONError) -> Container {
        let start = open.node
        let count = open.count
        let endIndex = tape.count
        guard endIndex <= Int(UInt32.max) else {
            throw error(.sizeLimitExceeded, "document has too many values", at: position)
        }
        if count > options.maxContainerCount {
            throw error(
                .sizeLimitExceeded,
                "\(open.isObject ? "object has more than \(options.maxContainerCount) members" : "array has more than \(options.maxContainerCount) elements")",
                at: Int(tape.words[start &<< 1] & offsetMask))
        }
        tape.words[(start &<< 1) &+ 1] = UInt64(endIndex) | (UInt64(count) &<< 32)
        if open.isObject && options.duplicateKeys == .reject && count > 1 {
            try rejectDuplicateKeys(object: start, end: endIndex)
        }
        if stackCount > 0 {
            stackCount &-= 2
            let saved = stack[stackCount &+ 1]
            return Container(node: stack[stackCount], count: saved &>> 1, isObject: saved & 1 == 1)
        }
        return .none
    }

    @inline(never)
    func growStack() {
        let grown = UnsafeMutablePointer<Int>.allocate(capacity: stackCapacity &* 2)
        grown.moveInitialize(from: stack, count: stackCount)
        stack.deallocate()
        stack = grown
        stackCapacity &*= 2
    }

    @inline(__always)
    func nextSibling(of node: Int) -> Int {
        let kind = tape.words[node &<< 1] &>> 56
        if kind >= UInt64(NodeKind.array.rawValue) {
            return Int(truncatingIfNeeded: tape.words[(node &<< 1) &+ 1] & 0xFFFF_FFFF)
        }
        return node &+ 1
    }

    func rejectDuplicateKeys(object start: Int, end endIndex: Int) throws(JSONError) {
        var seen = Set<[UInt8]>()
        var key = start + 1
        while key < endIndex {
            let bytes = decodedStringBytes(node: key)
            if !seen.insert(bytes).inserted {
                let offset = Int(tape.words[key &<< 1] & offsetMask) - 1
                let name = String(decoding: bytes, as: UTF8.self)
                throw error(.duplicateKey, "duplicate key \"\(name)\" in object", at: offset)
            }
            key = nextSibling(of: key + 1)
        }
    }

    func decodedStringBytes(node: Int) -> [UInt8] {
        let offset = Int(tape.words[node &<< 1] & offsetMask)
        let payload = tape.words[(node &<< 1) &+ 1]
        let raw = UnsafeBufferPointer(start: base + offset, count: Int(payload & payloadLengthMask))
        if payload & stringHasEscapesFlag == 0 { return Array(raw) }
        return unescapeJSONString(raw)
    }

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
                    "invalid literal, expected '\(literal)', found \(describeByte(at: position + index, in: input))",
                    at: position + index)
            }
        }
    }

    // MARK: Strings

    /// Scans a string starting at its opening quote; returns the position after the closing quote.
    @inline(__always)
    func scanString(from quote: Int) throws(JSONError) -> Int {
        // Most strings (keys above all) are short ASCII that ends inside the first words, so
        // that case is inlined into the driver; everything else continues out of line.
        let contentStart = quote &+ 1
        var position = contentStart
        while position &+ 8 <= end {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
            let special = swarSpecialMask(word)
            if special == 0 {
                position &+= 8
                continue
            }
            position &+= special.trailingZeroBitCount &>> 3
            if base[position] == UInt8(ascii: "\""), position &- contentStart <= options.maxStringLength {
                tape.append(kind: .string, offset: contentStart, payload: UInt64(position &- contentStart))
                return position &+ 1
            }
            break
        }
        return try scanStringRest(from: quote, at: position)
    }

    /// Scans the rest of a string from `start`, where a backslash, a control or non-ASCII
    /// byte, or the last few bytes of the input begin; everything before is plain ASCII.
    @inline(never)
    func scanStringRest(from quote: Int, at start: Int) throws(JSONError) -> Int {
        let contentStart = quote + 1
        var position = start
        var flags: UInt64 = 0
        while true {
            // Eight bytes at a time while no quote, backslash, control or non-ASCII byte shows up.
            while position &+ 8 <= end {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
                let special = swarSpecialMask(word)
                if special == 0 {
                    position &+= 8
                } else {
                    position &+= special.trailingZeroBitCount &>> 3
                    break
                }
            }
            guard position < end else {
                throw error(.unexpectedEndOfInput, "unexpected end of input in a string", at: position)
            }
            let byte = base[position]
            switch byte {
            case UInt8(ascii: "\""):
                let length = position - contentStart
                if length > options.maxStringLength {
                    throw error(.sizeLimitExceeded, "string is longer than \(options.maxStringLength) bytes", at: quote)
                }
                tape.append(kind: .string, offset: contentStart, payload: UInt64(length) | flags)
                return position + 1
            case UInt8(ascii: "\\"):
                flags |= stringHasEscapesFlag
                position = try scanEscape(at: position)
            case 0..<0x20:
                throw error(
                    .controlCharacterInString,
                    "raw control character \(describeByte(at: position, in: input)) in a string, escape it as \\u00\(hexByte(byte))",
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
                    "invalid \\u escape, expected a hex digit, found \(describeByte(at: index, in: input))", at: index)
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

    /// 10 to the power `exponent`, for 0 through 7.
    @inline(__always)
    func powerOfTen(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result &*= 10 }
        return result
    }

    // The errors are built out of line: their message interpolation would otherwise take
    // registers and stack in the number scanner, which runs once per number.
    @inline(never)
    func invalidNumber(_ expectation: StaticString, at position: Int) -> JSONError {
        error(.invalidNumber, "invalid number, \(expectation), found \(describeByte(at: position, in: input))", at: position)
    }

    @inline(never)
    func numberTooLong(at start: Int) -> JSONError {
        error(.sizeLimitExceeded, "number is longer than \(options.maxNumberLength) characters", at: start)
    }

    /// Validates a number lexeme; integers of up to 18 digits and other numbers of up to 19
    /// significant digits (that fit a `Double`) are stored with their value.
    func scanNumber(from start: Int) throws(JSONError) -> Int {
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
        if length > options.maxNumberLength {
            throw numberTooLong(at: start)
        }
        if isInteger && integerDigits <= 18 && !(negative && value == 0) {
            let signed = negative ? -Int64(value) : Int64(value)
            tape.append(kind: .int, offset: start, payload: UInt64(bitPattern: signed))
            return position
        }
        // A zero integer part is not significant; leading zeros of the fraction are counted,
        // which only sends rare numbers such as 0.000…0123 (20+ digits) to the lexeme path.
        let significantDigits = (first == UInt8(ascii: "0") ? 0 : integerDigits) &+ fractionDigits
        if !isInteger && significantDigits <= 19,
            let double = NumberConversion.double(mantissa: mantissa, scale: exponent &- fractionDigits, negative: negative)
        {
            tape.append(kind: .double, offset: start, payload: double.bitPattern)
            return position
        }
        tape.append(kind: .number, offset: start, payload: UInt64(length) | (isInteger ? numberIsIntegerFlag : 0))
        return position
    }
}


/// A mask with the high bit set in each byte lane that holds `"`, `\`, a control byte or a
/// non-ASCII byte. The lowest set lane is always a true hit (borrows only travel upward).
@inline(__always)
func swarSpecialMask(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let quoteHit = (quote &- ones) & ~quote
    let backslashHit = (backslash &- ones) & ~backslash
    let controlHit = word &- (ones &* 0x20)
    return (quoteHit | backslashHit | controlHit | word) & highs
}

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}

func hex16(_ value: UInt16) -> String {
    hexByte(UInt8(value >> 8)) + hexByte(UInt8(value & 0xFF))
}

/// Decodes the escapes of a string already validated by the scanner into UTF-8 bytes.
@usableFromInline
func unescapeJSONString(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: raw.count) { buffer, count in
        count = unescapeJSONString(raw, into: buffer)
    }
}

/// Decodes the escapes of validated string text into `output` (at least `raw.count` bytes);
/// returns the number of bytes written.
@usableFromInline
func unescapeJSONString(_ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var written = 0
    var index = 0
    let count = raw.count
    @inline(__always) func put(_ byte: UInt8) {
        if written < output.count { output[written] = byte }
        written += 1
    }
    guard let rawBase = raw.baseAddress, let outputBase = output.baseAddress else { return 0 }
    while index < count {
        if raw[index] != UInt8(ascii: "\\") {
            // Copy the run up to the next backslash in one go: escapes are rare in most text.
            let runEnd = memchr(rawBase + index, Int32(UInt8(ascii: "\\")), count - index).map {
                UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - rawBase
            } ?? count
            let run = min(runEnd - index, output.count - min(written, output.count))
            (outputBase + written).update(from: rawBase + index, count: run)
            written += runEnd - index
            index = runEnd
            continue
        }
        guard index + 1 < count else { break }
        let escape = raw[index + 1]
        index += 2
        switch escape {
        case UInt8(ascii: "b"): put(0x08)
        case UInt8(ascii: "f"): put(0x0C)
        case UInt8(ascii: "n"): put(0x0A)
        case UInt8(ascii: "r"): put(0x0D)
        case UInt8(ascii: "t"): put(0x09)
        case UInt8(ascii: "u"):
            var scalar = readHex4(raw, index)
            index += 4
            if scalar >= 0xD800 && scalar <= 0xDBFF && index + 6 <= count {
                let low = readHex4(raw, index + 2)
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                index += 6
            }
            switch scalar {
            case 0..<0x80:
                put(UInt8(scalar))
            case 0x80..<0x800:
                put(UInt8(0xC0 | (scalar >> 6)))
                put(UInt8(0x80 | (scalar & 0x3F)))
            case 0x800..<0x10000:
                put(UInt8(0xE0 | (scalar >> 12)))
                put(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                put(UInt8(0x80 | (scalar & 0x3F)))
            default:
                put(UInt8(0xF0 | ((scalar >> 18) & 0x07)))
                put(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
                put(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                put(UInt8(0x80 | (scalar & 0x3F)))
            }
        default: put(escape)
        }
    }
    return min(written, output.count)
}

@inline(__always)
private func readHex4(_ raw: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
    var value: UInt32 = 0
    var index = start
    while index < start + 4 && index < raw.count {
        value = value << 4 | UInt32(hexValue(raw[index]) ?? 0)
        index += 1
    }
    return value
}

/// Whether every byte is below 0x80, looked at eight at a time.
@usableFromInline
func allASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var index = 0
    var combined: UInt64 = 0
    while index &+ 8 <= bytes.count {
        combined |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        index &+= 8
    }
    while index < bytes.count {
        combined |= UInt64(base[index])
        index &+= 1
    }
    return combined & 0x8080_8080_8080_8080 == 0
}
