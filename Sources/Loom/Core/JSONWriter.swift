import Foundation

/// How JSON text is written.
public struct JSONWritingOptions: Sendable, Hashable {
    /// Line breaks and indentation; compact when `false` (the default).
    public var prettyPrinted = false
    /// Spaces per nesting level when ``prettyPrinted``. Default 2.
    public var indentWidth = 2
    /// Object members sorted by the UTF-8 bytes of their keys.
    public var sortedKeys = false
    /// Every non-ASCII scalar written as `\uXXXX` (with surrogate pairs above U+FFFF).
    public var escapeNonASCII = false
    /// `/` written as `\/` (safe inside HTML `<script>`).
    public var escapeSlashes = false
    /// Deepest nesting written before ``JSONError/Kind/invalidValue`` is thrown. Default 512.
    public var maxDepth = 512

    /// Compact output with default settings.
    public init() {}

    /// Compact output with default settings.
    public static var compact: JSONWritingOptions { JSONWritingOptions() }

    /// Pretty-printed output indented by `indentWidth` spaces.
    public static func pretty(indentWidth: Int = 2) -> JSONWritingOptions {
        var options = JSONWritingOptions()
        options.prettyPrinted = true
        options.indentWidth = indentWidth
        return options
    }
}

/// A streaming JSON writer into one growing byte buffer.
///
/// Generated model code calls it directly: containers are opened and closed explicitly and
/// the writer inserts commas, colons and indentation. Keys known at compile time can be
/// passed pre-escaped.
public struct JSONWriter {
    /// The bytes written so far.
    public var bytes: [UInt8] = []
    /// The options in effect.
    public let options: JSONWritingOptions
    /// Set by `description`: non-finite numbers, and containers nested deeper than
    /// ``JSONWritingOptions/maxDepth``, are written as `null` instead of throwing.
    var lenient = false

    @usableFromInline var depth = 0
    /// Whether the current container already has an element (a comma is needed before the next).
    @usableFromInline var hasElement = false
    /// Whether a key was just written (the value follows without separator).
    @usableFromInline var afterKey = false
    @usableFromInline let pretty: Bool

    /// Creates a writer.
    public init(options: JSONWritingOptions = .init()) {
        self.options = options
        self.pretty = options.prettyPrinted
        bytes.reserveCapacity(256)
    }

    /// The bytes written so far, as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: The buffer

    /// Makes room for `count` more bytes.
    @inlinable @inline(__always)
    mutating func reserveRoom(_ count: Int) {
        if bytes.capacity &- bytes.count < count { growBuffer(toFit: count) }
    }

    /// Appends what `body` writes straight into the buffer's free space: at most `count` bytes
    /// from the pointer it is given; it returns how many it wrote. One uniqueness and
    /// capacity check for the whole run, where `append` pays them for every byte.
    @inlinable @inline(__always)
    mutating func appendBytes(upTo count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserveRoom(count)
        bytes.append(addingCapacity: count) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                guard let start = buffer.baseAddress else { return }
                initialized = min(max(body(start), 0), buffer.count)
            }
        }
    }

    /// Appends `count` bytes from `source`.
    @inlinable @inline(__always)
    mutating func appendBytes(_ source: UnsafePointer<UInt8>, count: Int) {
        appendBytes(upTo: count) { target in
            target.update(from: source, count: count)
            return count
        }
    }

    /// Doubles the buffer, or, once it holds 64 KiB, grows it at once to the size of the last
    /// large output when that is at most four doublings away: encoding documents of similar
    /// size one after another then allocates the large buffer once per document, instead of
    /// a chain of ever larger ones that the allocator takes from and returns to the system.
    @usableFromInline @inline(never)
    mutating func growBuffer(toFit count: Int) {
        let needed = bytes.count &+ count
        var capacity = max(bytes.capacity &* 2, needed, 256)
        if capacity >= JSONOutputSizeHint.threshold {
            let hint = JSONOutputSizeHint.shared.value
            // A little more than the last document, so that one slightly longer still fits.
            if hint > capacity && hint <= capacity &* 16 { capacity = hint &+ hint &>> 4 }
        }
        bytes.reserveCapacity(capacity)
    }

    /// Notes the size of a finished top-level value for ``growBuffer(toFit:)``.
    @usableFromInline
    func noteOutputSize() {
        if bytes.count >= JSONOutputSizeHint.threshold { JSONOutputSizeHint.shared.value = bytes.count }
    }

    // MARK: Structure

    @inlinable
    mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        if hasElement { bytes.append(UInt8(ascii: ",")) }
        if pretty && depth > 0 { newline() }
        hasElement = true
    }

    @usableFromInline
    mutating func newline() {
        bytes.append(0x0A)
        let count = depth * options.indentWidth
        if count > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }

    /// Opens an object (`{`).
    ///
    /// - Throws: ``JSONError`` when nesting exceeds ``JSONWritingOptions/maxDepth``.
    @inlinable
    public mutating func beginObject() throws(JSONError) {
        beforeValue()
        try enter()
        bytes.append(UInt8(ascii: "{"))
    }

    /// Closes the innermost object (`}`).
    @inlinable @inline(__always)
    public mutating func endObject() {
        leave()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array (`[`).
    ///
    /// - Throws: ``JSONError`` when nesting exceeds ``JSONWritingOptions/maxDepth``.
    @inlinable
    public mutating func beginArray() throws(JSONError) {
        beforeValue()
        try enter()
        bytes.append(UInt8(ascii: "["))
    }

    /// Closes the innermost array (`]`).
    @inlinable @inline(__always)
    public mutating func endArray() {
        leave()
        bytes.append(UInt8(ascii: "]"))
    }

    @inlinable
    mutating func enter() throws(JSONError) {
        if depth >= options.maxDepth {
            throw JSONError(kind: .invalidValue, message: "value nests deeper than the writing limit of \(options.maxDepth)")
        }
        depth += 1
        hasElement = false
    }

    @inlinable @inline(__always)
    mutating func leave() {
        depth -= 1
        if pretty && hasElement { newline() }
        // The container just closed is an element of its parent.
        hasElement = true
        if depth == 0 { noteOutputSize() }
    }

    /// Writes an object key; the next write is its value.
    @inlinable
    public mutating func writeKey(_ key: String) {
        beforeValue()
        writeEscaped(key)
        keySeparator()
    }

    /// Writes a key given as its JSON text including quotes (`"\"user_id\""`), already escaped.
    @inlinable
    public mutating func writeKey(escaped key: StaticString) {
        beforeValue()
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        keySeparator()
    }

    @inlinable
    mutating func keySeparator() {
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    // MARK: Scalars

    /// Writes `null`.
    @inlinable
    public mutating func writeNull() {
        beforeValue()
        appendLiteral("null")
    }

    /// Writes `true` or `false`.
    @inlinable
    public mutating func write(_ value: Bool) {
        beforeValue()
        appendLiteral(value ? "true" : "false")
    }

    /// Appends the bytes of a literal.
    ///
    /// Not array literals: Swift 6.3 names the constant arrays of an inlinable function by
    /// their order in it, and the copies a client module emits when it inlines the function
    /// can be merged at link time with the library's under the same names but another order.
    /// `write(_: Bool)` written with two array literals wrote `true` for `false` in release
    /// builds that way; the release-mode benchmark checks (scripts/bench-guard.sh) catch it.
    @inlinable
    mutating func appendLiteral(_ literal: StaticString) {
        appendBytes(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Writes an integer exactly.
    @inlinable
    public mutating func write<T: FixedWidthInteger>(_ value: T) {
        beforeValue()
        appendInteger(value)
    }

    @inlinable
    mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        if T.bitWidth > 64 {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        // Digits are produced from the magnitude, which for T.min needs the unsigned form.
        let negative = value < 0
        appendDecimal(UInt64(truncatingIfNeeded: value.magnitude), negative: negative)
    }

    /// Appends the decimal digits of `magnitude`, after a minus sign when `negative`: the digit
    /// count first, then two digits per step from the end, straight into the buffer.
    @usableFromInline
    mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
        let digitCount = JSONWriter.decimalDigitCount(magnitude)
        let length = digitCount &+ (negative ? 1 : 0)
        appendBytes(upTo: length) { target in
            if negative { target[0] = UInt8(ascii: "-") }
            let pairs = JSONWriter.digitPairs.utf8Start
            var remaining = magnitude
            var position = length
            while remaining >= 100 {
                let pair = Int(truncatingIfNeeded: remaining % 100) &<< 1
                remaining /= 100
                position &-= 2
                target[position] = pairs[pair]
                target[position &+ 1] = pairs[pair &+ 1]
            }
            if remaining >= 10 {
                let pair = Int(truncatingIfNeeded: remaining) &<< 1
                target[position &- 2] = pairs[pair]
                target[position &- 1] = pairs[pair &+ 1]
            } else {
                target[position &- 1] = UInt8(truncatingIfNeeded: remaining) &+ UInt8(ascii: "0")
            }
            return length
        }
    }

    /// "00" through "99", back to back.
    @usableFromInline static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// The number of decimal digits of `value` (1 for 0).
    @usableFromInline @inline(__always)
    static func decimalDigitCount(_ value: UInt64) -> Int {
        if value < 10 { return 1 }
        // log10 from the bit length (1233/4096 ≈ log10(2)), then one comparison to correct it.
        let bits = 64 &- (value | 1).leadingZeroBitCount
        let estimate = (bits &* 1233) &>> 12
        return estimate &+ (value >= powerOfTen(estimate) ? 1 : 0)
    }

    /// 10 to the power `exponent`, for 0 through 19.
    @usableFromInline @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        case 10: return 10_000_000_000
        case 11: return 100_000_000_000
        case 12: return 1_000_000_000_000
        case 13: return 10_000_000_000_000
        case 14: return 100_000_000_000_000
        case 15: return 1_000_000_000_000_000
        case 16: return 10_000_000_000_000_000
        case 17: return 100_000_000_000_000_000
        case 18: return 1_000_000_000_000_000_000
        default: return 10_000_000_000_000_000_000
        }
    }

    /// Writes the shortest decimal that reads back as exactly `value`.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` for NaN and infinities.
    @inlinable
    public mutating func write(_ value: Double) throws(JSONError) {
        guard value.isFinite else { return try writeNonFinite(value) }
        beforeValue()
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            // Integral doubles: exact integer digits, keeping the sign of -0.0.
            if value == 0 && value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            appendInteger(Int64(value))
            return
        }
        appendShortest(value)
    }

    /// Writes a `Float` as the shortest decimal that reads back as exactly `value`.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` for NaN and infinities.
    @inlinable
    public mutating func write(_ value: Float) throws(JSONError) {
        guard value.isFinite else { return try writeNonFinite(Double(value)) }
        beforeValue()
        appendShortest(value)
    }

    /// Appends the standard library's shortest round-trip text for `value`, in JSON's
    /// spelling (no `.0` before an exponent or at the end, no `+` or leading zeros in it).
    ///
    /// The digits go straight into `bytes`: `description` would allocate a `String` for every
    /// value of more than 15 characters (most doubles with a fraction).
    @usableFromInline
    mutating func appendShortest(_ value: Double) { appendShortestText(value) }

    /// Appends `value`'s shortest round-trip text in JSON's spelling (see the `Double` form).
    @usableFromInline
    mutating func appendShortest(_ value: Float) { appendShortestText(value) }

    private mutating func appendShortestText<Value: TextOutputStreamable>(_ value: Value) {
        let start = bytes.count
        var sink = ShortestTextSink()
        swap(&sink.bytes, &bytes)
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
        // Swift writes `1e-07`, `5e+20` and `1.0`; JSON text here is `1e-7`, `5e20`, `1`.
        let text = bytes[start...]
        guard text.contains(UInt8(ascii: "e")) || text.last == UInt8(ascii: "0") && text.dropLast().last == UInt8(ascii: ".")
        else { return }
        let normalized = JSONNumber.normalizedLexeme(String(decoding: text, as: UTF8.self))
        bytes.replaceSubrange(start..., with: normalized.utf8)
    }

    @usableFromInline
    mutating func writeNonFinite(_ value: Double) throws(JSONError) {
        if lenient {
            writeNull()
            return
        }
        throw JSONError(kind: .invalidValue, message: "\(value) cannot be written as JSON, numbers must be finite")
    }

    /// Writes a number exactly as it reads.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` for NaN and infinities.
    public mutating func write(_ number: JSONNumber) throws(JSONError) {
        switch number.storage {
        case .int(let value): write(value)
        case .uint(let value): write(value)
        case .double(let value): try write(value)
        case .lexeme(let text):
            beforeValue()
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Writes raw, already valid JSON number text.
    @usableFromInline
    mutating func writeNumberLexeme(_ lexeme: UnsafeBufferPointer<UInt8>) {
        beforeValue()
        bytes.append(contentsOf: lexeme)
    }

    /// Writes a string with JSON escaping.
    @inlinable
    public mutating func write(_ string: String) {
        beforeValue()
        writeEscaped(string)
    }

    @inlinable
    mutating func writeEscaped(_ string: String) {
        var string = string
        string.withUTF8 { writeEscaped(utf8: $0) }
    }

    /// Appends `"…"` with escapes. Runs of bytes that need no escape are found sixteen bytes
    /// per step and copied at once.
    @usableFromInline
    mutating func writeEscaped(utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        guard let text = utf8.baseAddress else {
            appendLiteral("\"\"")
            return
        }
        let escapeNonASCII = options.escapeNonASCII
        let escapeSlashes = options.escapeSlashes
        var index = 0
        while index &+ 16 <= count {
            let offset = JSONWriter.firstEscapeCandidate(in: text + index, nonASCII: escapeNonASCII, slashes: escapeSlashes)
            index &+= offset
            if offset < 16 { break }
        }
        while index < count && !JSONWriter.needsEscape(text[index], nonASCII: escapeNonASCII, slashes: escapeSlashes) {
            index &+= 1
        }
        if index == count {
            // Most strings need no escape: the quotes and the text in one append.
            appendBytes(upTo: count &+ 2) { target in
                target[0] = UInt8(ascii: "\"")
                (target + 1).update(from: text, count: count)
                target[count &+ 1] = UInt8(ascii: "\"")
                return count &+ 2
            }
            return
        }
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        while index < count {
            while index &+ 16 <= count {
                let offset = JSONWriter.firstEscapeCandidate(
                    in: text + index, nonASCII: escapeNonASCII, slashes: escapeSlashes)
                index &+= offset
                if offset < 16 { break }
            }
            guard index < count else { break }
            let byte = text[index]
            if !JSONWriter.needsEscape(byte, nonASCII: escapeNonASCII, slashes: escapeSlashes) {
                index &+= 1
                continue
            }
            if runStart < index { appendBytes(text + runStart, count: index &- runStart) }
            if byte >= 0x80 {
                let (scalar, length) = decodeScalar(utf8, at: index)
                if scalar >= 0x10000 {
                    let value = scalar - 0x10000
                    appendUnicodeEscape(UInt16(0xD800 + (value >> 10)))
                    appendUnicodeEscape(UInt16(0xDC00 + (value & 0x3FF)))
                } else {
                    appendUnicodeEscape(UInt16(scalar))
                }
                index &+= length
            } else {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case UInt8(ascii: "/"): bytes.append(contentsOf: [0x5C, 0x2F])
                case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default: appendUnicodeEscape(UInt16(byte))
                }
                index &+= 1
            }
            runStart = index
        }
        if runStart < count { appendBytes(text + runStart, count: count &- runStart) }
        bytes.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    static func needsEscape(_ byte: UInt8, nonASCII: Bool, slashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (slashes && byte == UInt8(ascii: "/")) || (nonASCII && byte >= 0x80)
    }

    /// The offset of the first of the sixteen bytes at `start` that may need an escape (a
    /// quote, a backslash, a control byte; a slash or a non-ASCII byte when the options escape
    /// them), or 16.
    @inline(__always)
    static func firstEscapeCandidate(in start: UnsafePointer<UInt8>, nonASCII: Bool, slashes: Bool) -> Int {
        let bytes = UnsafeRawPointer(start).loadUnaligned(as: SIMD16<Int8>.self)
        // Signed: below 0x20 are the control bytes and, as negative numbers, the non-ASCII ones.
        var candidates: SIMDMask<SIMD16<Int8>> = bytes .< SIMD16<Int8>(repeating: 0x20)
        if !nonASCII { candidates = candidates .& (bytes .>= SIMD16<Int8>(repeating: 0)) }
        candidates = candidates .| (bytes .== SIMD16<Int8>(repeating: 0x22)) .| (bytes .== SIMD16<Int8>(repeating: 0x5C))
        if slashes { candidates = candidates .| (bytes .== SIMD16<Int8>(repeating: 0x2F)) }
        let lanes = unsafeBitCast(candidates, to: SIMD2<UInt64>.self)
        let first = lanes[0].littleEndian
        if first != 0 { return first.trailingZeroBitCount &>> 3 }
        let second = lanes[1].littleEndian
        return second == 0 ? 16 : 8 &+ (second.trailingZeroBitCount &>> 3)
    }

    mutating func appendUnicodeEscape(_ unit: UInt16) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
            0x5C, UInt8(ascii: "u"),
            digits[Int(unit >> 12)], digits[Int((unit >> 8) & 0xF)],
            digits[Int((unit >> 4) & 0xF)], digits[Int(unit & 0xF)],
        ])
    }

    /// Decodes the scalar at `index` of valid UTF-8 (Swift strings always are).
    func decodeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(utf8[index])
        func continuation(_ offset: Int) -> UInt32 {
            index + offset < utf8.count ? UInt32(utf8[index + offset] & 0x3F) : 0
        }
        switch lead {
        case 0xF0...: return (((lead & 0x07) << 18) | (continuation(1) << 12) | (continuation(2) << 6) | continuation(3), 4)
        case 0xE0...: return (((lead & 0x0F) << 12) | (continuation(1) << 6) | continuation(2), 3)
        default: return (((lead & 0x1F) << 6) | continuation(1), 2)
        }
    }

    // MARK: Values

    /// Writes a whole value.
    ///
    /// The walk keeps open containers on an explicit stack, so any depth is safe: nesting
    /// beyond ``JSONWritingOptions/maxDepth`` throws (or, for `description`, is written as
    /// `null`) instead of overflowing the call stack.
    ///
    /// - Throws: ``JSONError`` for non-finite numbers or nesting beyond the limit.
    public mutating func write(_ value: JSONValue) throws(JSONError) {
        // An open container and the position of its next child (for objects, in `order`
        // when keys are sorted). Scalar children are written in a loop; only a container
        // child pushes a frame.
        enum Frame {
            case array(JSONArray, next: Int)
            case object(JSONObject, order: [Int]?, next: Int)
        }
        var stack: [Frame] = []
        /// Writes a scalar (or, for `description`, a too-deep container as `null`); opens a
        /// container and returns its frame.
        func open(_ value: JSONValue, _ writer: inout JSONWriter) throws(JSONError) -> Frame? {
            switch value {
            case .null: writer.writeNull()
            case .bool(let flag): writer.write(flag)
            case .number(let number): try writer.write(number)
            case .string(let text): writer.write(text)
            case .array where writer.lenient && writer.depth >= writer.options.maxDepth,
                .object where writer.lenient && writer.depth >= writer.options.maxDepth:
                // Only `description` gets here: too deep to write, shown as null so the text stays JSON.
                writer.writeNull()
            case .array(let array):
                try writer.beginArray()
                return .array(array, next: 0)
            case .object(let object):
                try writer.beginObject()
                var order: [Int]?
                if writer.options.sortedKeys {
                    let keys = object.keys
                    order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
                }
                return .object(object, order: order, next: 0)
            }
            return nil
        }
        guard let root = try open(value, &self) else { return }
        stack.append(root)
        while let frame = stack.popLast() {
            switch frame {
            case .array(let array, var next):
                var child: Frame?
                while next < array.count {
                    let element = array[next]
                    next += 1
                    if let opened = try open(element, &self) {
                        child = opened
                        break
                    }
                }
                if let child {
                    stack.append(.array(array, next: next))
                    stack.append(child)
                } else {
                    endArray()
                }
            case .object(let object, let order, var next):
                var child: Frame?
                let keys = object.keys
                let values = object.values
                while next < keys.count {
                    let position = order?[next] ?? next
                    next += 1
                    writeKey(keys[position])
                    if let opened = try open(values[position], &self) {
                        child = opened
                        break
                    }
                }
                if let child {
                    stack.append(.object(object, order: order, next: next))
                    stack.append(child)
                } else {
                    endObject()
                }
            }
        }
    }
}

// MARK: - Entry points

extension JSONValue {
    /// The value as JSON bytes.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` for NaN or infinite
    ///   numbers and for nesting deeper than ``JSONWritingOptions/maxDepth``.
    public func jsonBytes(options: JSONWritingOptions = .init()) throws(JSONError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        try writer.write(self)
        return writer.bytes
    }

    /// The value as JSON `Data`.
    ///
    /// - Throws: ``JSONError``, as ``jsonBytes(options:)``.
    public func jsonData(options: JSONWritingOptions = .init()) throws(JSONError) -> Data {
        Data(try jsonBytes(options: options))
    }

    /// The value as a JSON string.
    ///
    /// - Throws: ``JSONError``, as ``jsonBytes(options:)``.
    public func jsonString(options: JSONWritingOptions = .init()) throws(JSONError) -> String {
        String(decoding: try jsonBytes(options: options), as: UTF8.self)
    }
}

extension JSONDocument {
    /// Re-writes the document with `options`, keeping every number's original text.
    ///
    /// Works on the flat index directly, without building a ``JSONValue`` tree, so it is the
    /// fast path for formatting large files.
    ///
    /// - Throws: ``JSONError`` when nesting exceeds ``JSONWritingOptions/maxDepth``.
    public func formatted(options: JSONWritingOptions = .init()) throws(JSONError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        writer.bytes.reserveCapacity(byteCount + byteCount / 4)
        // Iterative walk: a frame per open container holds its remaining children.
        struct Frame {
            var children: [Int]
            var next: Int
            var isObject: Bool
        }
        var stack: [Frame] = []
        func childIndices(of element: JSONElement) -> [Int] {
            var result: [Int] = []
            if element.nodeKind == .array {
                result.reserveCapacity(element.count)
                for child in element.elements { result.append(child.index) }
            } else {
                var members = element.members.map { (key: $0.key, value: $0.value) }
                if options.sortedKeys {
                    let keys = members.map { unescapedKey($0.key) }
                    let order = members.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
                    members = order.map { members[$0] }
                }
                result.reserveCapacity(members.count * 2)
                for member in members {
                    result.append(member.key.index)
                    result.append(member.value.index)
                }
            }
            return result
        }
        func unescapedKey(_ key: JSONElement) -> [UInt8] {
            key.withUTF8 { Array($0) } ?? []
        }
        var pending: Int? = 0
        while true {
            if let index = pending {
                pending = nil
                let element = JSONElement(document: self, index: index)
                switch element.nodeKind {
                case .null: writer.writeNull()
                case .true: writer.write(true)
                case .false: writer.write(false)
                case .int: writer.write(Int64(bitPattern: element.payload))
                case .double, .number: writer.writeNumberLexeme(element.numberBytes)
                case .string:
                    writer.beforeValue()
                    writeString(element, into: &writer)
                case .array:
                    try writer.beginArray()
                    stack.append(Frame(children: childIndices(of: element), next: 0, isObject: false))
                case .object:
                    try writer.beginObject()
                    stack.append(Frame(children: childIndices(of: element), next: 0, isObject: true))
                }
            }
            guard var frame = stack.popLast() else { break }
            if frame.next < frame.children.count {
                if frame.isObject {
                    let key = JSONElement(document: self, index: frame.children[frame.next])
                    writer.beforeValue()
                    writeString(key, into: &writer)
                    writer.keySeparator()
                    pending = frame.children[frame.next + 1]
                    frame.next += 2
                } else {
                    pending = frame.children[frame.next]
                    frame.next += 1
                }
                stack.append(frame)
            } else if frame.isObject {
                writer.endObject()
            } else {
                writer.endArray()
            }
        }
        return writer.bytes
    }

    private func writeString(_ element: JSONElement, into writer: inout JSONWriter) {
        let raw = element.rawStringBytes
        if !writer.options.escapeNonASCII && !writer.options.escapeSlashes {
            // Valid JSON string text can be copied as it is.
            writer.bytes.append(UInt8(ascii: "\""))
            writer.bytes.append(contentsOf: raw)
            writer.bytes.append(UInt8(ascii: "\""))
            return
        }
        if element.stringHasEscapes {
            unescapeJSONString(raw).withUnsafeBufferPointer { writer.writeEscaped(utf8: $0) }
        } else {
            writer.writeEscaped(utf8: raw)
        }
    }
}

/// Receives a floating-point value's text from `write(to:)`: the standard library hands the
/// ASCII digits to `_writeASCII` (a requirement of `TextOutputStream` whose default makes a
/// `String` of them), so implementing it keeps them out of the heap.
struct ShortestTextSink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}

/// The size of the last large document a ``JSONWriter`` finished, shared by all writers: the
/// estimate a growing writer jumps to (``JSONWriter/growBuffer(toFit:)``). Only outputs of
/// 64 KiB and more are noted, and only writers that reach that size read it, so small writes
/// (keys, single values) never touch the lock.
@usableFromInline
final class JSONOutputSizeHint: @unchecked Sendable {
    @usableFromInline static let shared = JSONOutputSizeHint()
    @usableFromInline static var threshold: Int { 64 * 1024 }

    private let lock = NSLock()
    private var bytes = 0

    @usableFromInline var value: Int {
        get {
            lock.lock()
            defer { lock.unlock() }
            return bytes
        }
        set {
            lock.lock()
            bytes = newValue
            lock.unlock()
        }
    }
}
