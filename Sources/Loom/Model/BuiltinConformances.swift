import Foundation

// Conformances of standard library and Foundation types. Each decoder checks the JSON kind
// first and reports `expected T, found …` with the element's position. Lenient coercion
// (`JSONCoercion`) is consulted only on that mismatch path, so strict decoding pays nothing.

extension Bool: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        guard let value = element.boolValue else {
            self = try context.coercedBool(element)
            return
        }
        self = value
    }

    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension String: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        guard element.nodeKind == .string else {
            self = try context.coercedString(element)
            return
        }
        self = element.makeString()
    }

    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

/// Integer decoding shared by every width: exact or an error, never a wrap or a rounding.
@inlinable
func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, _ element: JSONElement, _ context: JSONDecodingContext) throws
    -> T
{
    switch element.nodeKind {
    case .int:
        let value = Int64(bitPattern: element.payload)
        guard let exact = T(exactly: value) else { throw context.outOfRange("\(T.self)", element) }
        return exact
    case .double, .number:
        switch NumberConversion.integer(T.self, from: element.numberBytes) {
        case .success(let value): return value
        case .failure(.notIntegral): return try context.roundedInteger(T.self, element)
        case .failure(.outOfRange): throw context.outOfRange("\(T.self)", element)
        }
    default:
        return try context.coercedInteger(T.self, element)
    }
}

extension Int: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(Int.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Int8: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(Int8.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Int16: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(Int16.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Int32: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(Int32.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Int64: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(Int64.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(UInt.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt8: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(UInt8.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt16: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(UInt16.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt32: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(UInt32.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt64: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try decodeInteger(UInt64.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Double: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        switch element.nodeKind {
        case .int: self = Double(Int64(bitPattern: element.payload))
        case .double: self = Double(bitPattern: element.payload)
        case .number:
            guard let value = NumberConversion.double(from: element.numberBytes) else {
                throw context.outOfRange("Double", element)
            }
            self = value
        default: self = try context.coercedDouble(element)
        }
    }

    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { try writer.write(self) }
}

extension Float: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        guard element.kind == .number else {
            self = try context.coercedFloat(element)
            return
        }
        let lexeme: UnsafeBufferPointer<UInt8>
        if element.nodeKind == .int {
            let value = Int64(bitPattern: element.payload)
            if abs(value) <= 1 << 24 {
                self = Float(value)
                return
            }
            guard let converted = Float(String(value)) else { throw context.outOfRange("Float", element) }
            self = converted
            return
        }
        lexeme = element.numberBytes
        guard let value = NumberConversion.float(from: lexeme) else { throw context.outOfRange("Float", element) }
        self = value
    }

    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { try writer.write(self) }
}

extension Decimal: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        guard element.kind == .number else {
            self = try context.coercedDecimal(element)
            return
        }
        guard let value = JSONNumber(element: element).decimalValue else {
            throw context.outOfRange("Decimal (38 significant digits)", element)
        }
        self = value
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        guard isFinite else { throw JSONError(kind: .invalidValue, message: "Decimal NaN cannot be written as JSON") }
        try writer.write(JSONNumber(self))
    }
}

extension URL: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        guard let text = element.stringValue else { throw context.mismatch(expected: "URL string", element) }
        guard !text.isEmpty, let url = URL(string: text) else {
            throw context.invalid("invalid URL \(context.describe(element))", element)
        }
        self = url
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(absoluteString) }
}

extension UUID: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        guard let uuid = element.withUTF8({ JSONUUIDText.parse($0) }) else {
            throw context.mismatch(expected: "UUID string", element)
        }
        guard let uuid else { throw context.invalid("invalid UUID \(context.describe(element))", element) }
        self = uuid
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        JSONUUIDText.write(self, lowercase: false, to: &writer)
    }
}

extension Data: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        switch context.decoder.dataStrategy {
        case .base64: self = try JSONBase64Coding.decode(element, urlSafe: false, context: context)
        case .base64URL: self = try JSONBase64Coding.decode(element, urlSafe: true, context: context)
        case .custom(let decode, _): self = try decode(element)
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        switch context.encoder.dataStrategy {
        case .base64: writer.writeBase64(self, urlSafe: false)
        case .base64URL: writer.writeBase64(self, urlSafe: true)
        case .custom(_, let encode): try encode(self, &writer)
        }
    }
}

/// Base64 reading shared by the `Data` conformance and the base64 transformers.
enum JSONBase64Coding {
    static func decode(_ element: JSONElement, urlSafe: Bool, context: JSONDecodingContext) throws -> Data {
        let name = urlSafe ? "base64url" : "base64"
        guard let data = element.withUTF8({ Base64.decode($0, urlSafe: urlSafe) }) else {
            throw context.mismatch(expected: "\(name) string", element)
        }
        guard let data else { throw context.invalid("invalid \(name) \(context.describe(element))", element) }
        return data
    }
}

extension Date: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        if context.storage.datesAreISO8601 {
            self = try JSONDateCoding.decodeISO8601(element, strict: false, context: context)
        } else {
            self = try JSONDateCoding.decode(element, strategy: context.decoder.dateStrategy, context: context)
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try JSONDateCoding.encode(self, strategy: context.encoder.dateStrategy, pattern: context.storage.datePattern, to: &writer)
    }
}

extension JSONValue: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = JSONValue(element: element)
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { try writer.write(self) }
}

extension Optional: JSONDecodable where Wrapped: JSONDecodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = element.isNull ? nil : try Wrapped._makeInstance(json: element, context: context)
    }
}

extension Optional: JSONEncodable where Wrapped: JSONEncodable {
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if let value = self { try value.encode(to: &writer, context: context) } else { writer.writeNull() }
    }
}

extension Array: JSONDecodable where Element: JSONDecodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try context.array(element) { try Element._makeInstance(json: $0, context: context) }
    }
}

extension Array: JSONEncodable where Element: JSONEncodable {
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try context.array(self, to: &writer) { try $0.encode(to: &$1, context: context) }
    }
}

extension Set: JSONDecodable where Element: JSONDecodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try context.set(element) { try Element._makeInstance(json: $0, context: context) }
    }
}

extension Set: JSONEncodable where Element: JSONEncodable {
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try context.array(self, to: &writer) { try $0.encode(to: &$1, context: context) }
    }
}

extension Dictionary: JSONDecodable where Key == String, Value: JSONDecodable {
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        self = try context.dictionary(element) { try Value._makeInstance(json: $0, context: context) }
    }
}

extension Dictionary: JSONEncodable where Key == String, Value: JSONEncodable {
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try context.dictionary(self, to: &writer) { try $0.encode(to: &$1, context: context) }
    }
}

/// Date reading and writing for the decoder-wide date strategies.
enum JSONDateCoding {
    static func decode(_ element: JSONElement, strategy: JSONDateStrategy, context: JSONDecodingContext) throws -> Date {
        switch strategy {
        case .iso8601:
            return try decodeISO8601(element, strict: false, context: context)
        case .secondsSince1970, .millisecondsSince1970:
            // Numeric strings only under lenient coercion; the transformers always take them.
            return try decodeUnixTime(
                element, milliseconds: strategy.isMilliseconds, acceptsStrings: context.isLenient, context: context)
        case .formatted(let pattern):
            return try decodeFormatted(
                element, pattern: context.storage.datePattern ?? JSONDatePattern(pattern), context: context)
        case .custom(let decode, _):
            return try decode(element)
        }
    }

    static func decodeISO8601(_ element: JSONElement, strict: Bool, context: JSONDecodingContext) throws -> Date {
        let name = strict ? "RFC 3339" : "ISO 8601"
        guard let date = element.withUTF8({ ISO8601.parse($0, strictRFC3339: strict) }) else {
            var error = context.mismatch(expected: "\(name) date string", element)
            if let number = element.doubleValue {
                // Servers write timestamps in seconds or in milliseconds; the size tells which
                // (1e11 seconds is the year 5138, 1e11 milliseconds 1973).
                let unit = abs(number) >= 1e11 ? "millisecondsSince1970" : "secondsSince1970"
                error.reason += "; for a timestamp, use the .\(unit) date strategy or transformer"
            }
            throw error
        }
        guard let date else {
            var error = context.invalid("invalid \(name) date \(context.describe(element))", element)
            if element.withUTF8({ isCalendarDate($0) }) == true {
                error.reason += #"; for a date without a time, use @JSONTransform(.date(format: "yyyy-MM-dd"))"#
            }
            throw error
        }
        return date
    }

    /// Whether `bytes` are a date alone, `2024-05-17`.
    private static func isCalendarDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 10 else { return false }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        for (index, byte) in bytes.enumerated() {
            let expected = index == 4 || index == 7 ? byte == UInt8(ascii: "-") : digits.contains(byte)
            if !expected { return false }
        }
        return true
    }

    static func decodeUnixTime(
        _ element: JSONElement, milliseconds: Bool, acceptsStrings: Bool, context: JSONDecodingContext
    ) throws -> Date {
        let unit = milliseconds ? "milliseconds" : "seconds"
        let number: Double
        if let value = element.doubleValue {
            number = value
        } else if acceptsStrings, element.nodeKind == .string {
            number = try context.parseFloatingPoint(element, "number of \(unit) since 1970") {
                NumberConversion.double(from: $0)
            }
        } else {
            throw context.mismatch(expected: "number of \(unit) since 1970", element)
        }
        let seconds = milliseconds ? number / 1000 : number
        // Beyond ±10^14 s (about 3 million years) `Date` arithmetic loses meaning.
        guard abs(seconds) < 1e14 else { throw context.invalid("date \(context.describe(element)) is out of range", element) }
        return Date(timeIntervalSince1970: seconds)
    }

    static func decodeFormatted(_ element: JSONElement, pattern: JSONDatePattern, context: JSONDecodingContext) throws
        -> Date
    {
        guard let date = element.withUTF8({ pattern.parse($0) }) else {
            throw context.mismatch(expected: "date string", element)
        }
        guard let date else {
            throw context.invalid("date \(context.describe(element)) does not match \"\(pattern.pattern)\"", element)
        }
        return date
    }

    static func encode(_ date: Date, strategy: JSONDateStrategy, pattern: JSONDatePattern?, to writer: inout JSONWriter)
        throws
    {
        switch strategy {
        case .iso8601: try encodeISO8601(date, to: &writer)
        case .secondsSince1970: try writer.write(date.timeIntervalSince1970)
        case .millisecondsSince1970: try writer.write((date.timeIntervalSince1970 * 1000).rounded())
        case .formatted(let text):
            guard let formatted = (pattern ?? JSONDatePattern(text)).format(date) else { throw outOfRange(date) }
            writer.write(formatted)
        case .custom(_, let encode): try encode(date, &writer)
        }
    }

    static func encodeISO8601(_ date: Date, to writer: inout JSONWriter) throws {
        let interval = date.timeIntervalSince1970
        guard interval >= ISO8601.earliest && interval < ISO8601.end else { throw outOfRange(date) }
        writer.beforeValue()
        ISO8601.appendQuoted(date, to: &writer.bytes)
    }

    static func outOfRange(_ date: Date) -> JSONError {
        JSONError(kind: .invalidValue, message: "date \(date.timeIntervalSince1970) seconds since 1970 is outside the years 0000-9999 that ISO 8601 text holds")
    }
}

extension JSONDateStrategy {
    var isMilliseconds: Bool {
        if case .millisecondsSince1970 = self { return true }
        return false
    }
}
