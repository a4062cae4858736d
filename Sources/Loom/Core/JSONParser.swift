import Foundation

/// The single-pass, iterative scanner that validates JSON text and builds the ``Tape``.
///
/// It never recurses: open containers live on an explicit stack, so hostile nesting costs
/// heap, not call stack, and is cut off at ``JSONParsingOptions/maxDepth``.
final class JSONParser: JSONScanner {
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
        base = input.baseAddress ?? ("" as StaticString).utf8Start
        end = input.count
        self.options = options
        // About one node per 6 bytes on typical documents; the tape grows if needed.
        self.tape = Tape(estimatedNodes: input.count / 6 + 8)
        self.stack = .allocate(capacity: stackCapacity)
    }

    deinit { stack.deallocate() }

    // Strings, numbers and literals are validated by the `JSONScanner` methods; the parser
    // records what they find.
    var maxStringLength: Int { options.maxStringLength }
    var maxNumberLength: Int { options.maxNumberLength }

    // MARK: Errors

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
                position = skipSpaces(from: position &+ 1)
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
        let (close, flags) = try stringEnd(quote: quote, from: start)
        tape.append(kind: .string, offset: quote &+ 1, payload: UInt64(close &- quote &- 1) | flags)
        return close &+ 1
    }

    // MARK: Numbers

    /// Validates a number lexeme and records it; integers of up to 18 digits and other
    /// numbers of up to 19 significant digits (that fit a `Double`) are stored with their value.
    func scanNumber(from start: Int) throws(JSONError) -> Int {
        let (kind, payload, position) = try number(from: start)
        tape.append(kind: kind, offset: start, payload: payload)
        return position
    }
}


/// A mask with the high bit set in each byte lane that holds `"`, `\`, a control byte or a
/// non-ASCII byte. The lowest set lane is always a true hit (borrows only travel upward).
@inlinable @inline(__always)
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
