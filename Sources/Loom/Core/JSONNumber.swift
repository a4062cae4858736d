import Foundation

/// A JSON number that keeps its exact value.
///
/// Integers that fit `Int64` or `UInt64` are stored as such; other numbers keep their
/// original lexeme (or a `Double` when that loses nothing), so big integers and long
/// decimals survive a parse/write round trip unchanged. Two numbers are equal when their
/// exact decimal values are equal: `1`, `1.0` and `10e-1` are the same number.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Storage: Sendable {
        case int(Int64)
        case uint(UInt64)
        case double(Double)
        /// A validated JSON number lexeme that no fixed-width type holds exactly.
        case lexeme(String)
    }

    @usableFromInline let storage: Storage

    @inlinable init(storage: Storage) { self.storage = storage }

    /// Creates a number from a signed integer.
    public init<T: BinaryInteger>(_ value: T) {
        if let small = Int64(exactly: value) {
            storage = .int(small)
        } else if let large = UInt64(exactly: value) {
            storage = .uint(large)
        } else {
            storage = .lexeme(String(value))
        }
    }

    /// Creates a number from a `Double`. Non-finite values cannot be written as JSON: writing
    /// one throws ``JSONError/Kind/invalidValue``.
    public init(_ value: Double) { storage = .double(value) }

    /// Creates a number from a `Float`, using the shortest decimal that round-trips the `Float`.
    public init(_ value: Float) {
        storage = value.isFinite ? .lexeme(JSONNumber.normalizedLexeme("\(value)")) : .double(Double(value))
    }

    /// Creates a number from a `Decimal`, exactly. A NaN `Decimal`, like a NaN `Double`, cannot
    /// be written as JSON: writing one throws ``JSONError/Kind/invalidValue``.
    public init(_ value: Decimal) {
        storage = value.isNaN ? .double(.nan) : .lexeme(JSONNumber.normalizedLexeme(value.description))
    }

    /// Creates a number from JSON number text; `nil` if `lexeme` is not a valid JSON number.
    public init?(lexeme: String) {
        // A number starts with '-' or a digit and ends with a digit, so this also rules out
        // the whitespace around it that the document parser would skip.
        guard let first = lexeme.utf8.first, let last = lexeme.utf8.last,
            first == UInt8(ascii: "-") || isDigit(first), isDigit(last)
        else { return nil }
        guard let document = try? JSONDocument(parsing: lexeme) else { return nil }
        // Elements do not retain their document: keep it alive while the element is read.
        let number: JSONNumber? = withExtendedLifetime(document) {
            document.root.kind == .number ? JSONNumber(element: document.root) : nil
        }
        guard let number else { return nil }
        self = number
    }

    /// Builds the most compact exact storage for a number node.
    @usableFromInline
    init(element: JSONElement) {
        if element.nodeKind == .int {
            storage = .int(Int64(bitPattern: element.payload))
            return
        }
        let bytes = element.numberBytes
        if element.isIntegerLiteral && !(bytes.count == 2 && bytes[0] == UInt8(ascii: "-") && bytes[1] == UInt8(ascii: "0")) {
            if case .success(let value) = NumberConversion.integer(Int64.self, from: bytes) {
                storage = .int(value)
                return
            }
            if case .success(let value) = NumberConversion.integer(UInt64.self, from: bytes) {
                storage = .uint(value)
                return
            }
        } else {
            let digits = JSONNumber.significantDigits(bytes)
            // At most 15 significant digits survive a trip through a normal Double exactly. A
            // Double of zero stands only for a zero lexeme: a tiny value such as `1e-400`
            // underflows to zero and keeps its text.
            // The parser already converted most fractions (`doubleValue` reads its result).
            if digits <= 15, let value = element.doubleValue,
                digits == 0 ? value == 0 : abs(value) >= Double.leastNormalMagnitude
            {
                storage = .double(value)
                return
            }
        }
        storage = .lexeme(String(decoding: bytes, as: UTF8.self))
    }

    /// The number of digits from the first non-zero digit to the end of the mantissa.
    static func significantDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var digits = 0
        var leading = true
        for byte in bytes {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            guard isDigit(byte) else { continue }
            if leading && byte == UInt8(ascii: "0") { continue }
            leading = false
            digits += 1
        }
        return digits
    }

    /// Turns Swift's round-trip text of a finite `Double`, `Float` or `Decimal` into JSON's
    /// shortest spelling of the same value: no `.0` on integral values and no `+` or leading
    /// zeros in the exponent (`100.0` → `100`, `1e-07` → `1e-7`, `1e+22` → `1e22`).
    @usableFromInline
    static func normalizedLexeme(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) && !text.hasSuffix(".0") {
            return text
        }
        let utf8 = Array(text.utf8)
        let exponentStart = utf8.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? utf8.count
        var result = Array(utf8[..<exponentStart])
        if result.count > 2 && result[result.count - 2] == UInt8(ascii: ".") && result[result.count - 1] == UInt8(ascii: "0") {
            result.removeLast(2)
        }
        if exponentStart < utf8.count {
            var index = exponentStart + 1
            result.append(UInt8(ascii: "e"))
            if index < utf8.count && (utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-")) {
                if utf8[index] == UInt8(ascii: "-") { result.append(UInt8(ascii: "-")) }
                index += 1
            }
            while index < utf8.count - 1 && utf8[index] == UInt8(ascii: "0") { index += 1 }
            result.append(contentsOf: utf8[index...])
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: Reading

    /// The exact value as `T`, or `nil` if the number is not integral or does not fit.
    public func exactly<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T? {
        switch storage {
        case .int(let value): return T(exactly: value)
        case .uint(let value): return T(exactly: value)
        case .double(let value) where abs(value) < 9_007_199_254_740_992:
            return T(exactly: value)
        case .double(let value) where !value.isFinite:
            return nil
        case .double:
            // Beyond 2^53 the written (shortest) text and the binary value can differ in the
            // low digits; a number is its text, as equality already says.
            var text = lexeme
            return text.withUTF8 { bytes in
                if case .success(let value) = NumberConversion.integer(T.self, from: bytes) { return value }
                return nil
            }
        case .lexeme(let text):
            var text = text
            return text.withUTF8 { bytes in
                if case .success(let value) = NumberConversion.integer(T.self, from: bytes) { return value }
                return nil
            }
        }
    }

    /// The value as `Int`, if it is integral and fits.
    public var intValue: Int? { exactly(Int.self) }
    /// The value as `Int64`, if it is integral and fits.
    public var int64Value: Int64? { exactly(Int64.self) }
    /// The value as `UInt64`, if it is integral and fits.
    public var uint64Value: UInt64? { exactly(UInt64.self) }

    /// The correctly rounded `Double`; `nil` when the magnitude is beyond `Double`'s range.
    public var doubleValue: Double? {
        switch storage {
        case .int(let value): return Double(value)
        case .uint(let value): return Double(value)
        case .double(let value): return value.isFinite ? value : nil
        case .lexeme(let text):
            var text = text
            return text.withUTF8 { NumberConversion.double(from: $0) }
        }
    }

    /// The exact `Decimal`, or `nil` when it needs more than `Decimal`'s 38 significant digits.
    public var decimalValue: Decimal? {
        if case .double(let value) = storage, !value.isFinite { return nil }
        var text = lexeme
        return text.withUTF8 { JSONNumber.exactDecimal($0) }
    }

    static func exactDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
        let parts = NumberConversion.decompose(bytes)
        guard parts.digits.count <= 38, parts.exponent + parts.digits.count <= 128,
            parts.exponent >= -128
        else { return parts.digits.isEmpty ? Decimal(0) : nil }
        return Decimal(string: String(decoding: bytes, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The JSON text of the number: the original lexeme, exact integers, or the shortest
    /// decimal that round-trips a `Double`.
    public var lexeme: String {
        switch storage {
        case .int(let value): return String(value)
        case .uint(let value): return String(value)
        case .double(let value): return JSONNumber.shortest(value)
        case .lexeme(let text): return text
        }
    }

    public var description: String { lexeme }

    /// The text ``JSONWriter`` writes for `value`: exact integer digits for integral values
    /// below 10^15, otherwise Swift's shortest round-trip text in JSON's shortest spelling.
    @usableFromInline
    static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            // Integral doubles: exact integer digits, keeping the sign of -0.0.
            return value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
        }
        return normalizedLexeme(value.description)
    }

    // MARK: Equality

    /// The exact value in a canonical form: sign, significant digits, exponent.
    private var canonical: (negative: Bool, digits: [UInt8], exponent: Int) {
        if case .double(let value) = storage, !value.isFinite {
            return (value < 0, Array(value.description.utf8), Int.max)
        }
        var text = lexeme
        return text.withUTF8 { bytes in
            let parts = NumberConversion.decompose(bytes)
            return (parts.negative && !parts.digits.isEmpty, Array(parts.digits), parts.exponent)
        }
    }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.int(let a), .int(let b)): return a == b
        case (.uint(let a), .uint(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
        default:
            let a = lhs.canonical
            let b = rhs.canonical
            return a.negative == b.negative && a.digits == b.digits && a.exponent == b.exponent
        }
    }

    public func hash(into hasher: inout Hasher) {
        let value = canonical
        hasher.combine(value.negative)
        hasher.combine(value.digits)
        hasher.combine(value.exponent)
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int64) { storage = .int(value) }
    public init(floatLiteral value: Double) { storage = .double(value) }
}
