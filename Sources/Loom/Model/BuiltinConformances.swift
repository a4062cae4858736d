import Foundation

// Conformances of standard library and Foundation types. Each decoder checks the JSON kind
// first and reports `expected T, found …` with the element's position.

extension Bool: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        guard let value = element.boolValue else { throw context.mismatch(expected: "Bool", element) }
        self = value
    }

    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension String: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        guard element.nodeKind == .string else { throw context.mismatch(expected: "String", element) }
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
    case .number:
        switch NumberConversion.integer(T.self, from: element.numberBytes) {
        case .success(let value): return value
        case .failure(.notIntegral): throw context.outOfRange("\(T.self)", element, notIntegral: true)
        case .failure(.outOfRange): throw context.outOfRange("\(T.self)", element)
        }
    default:
        throw context.mismatch(expected: "\(T.self)", element)
    }
}

extension Int: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(Int.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Int8: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(Int8.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Int16: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(Int16.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Int32: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(Int32.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Int64: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(Int64.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(UInt.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt8: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(UInt8.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt16: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(UInt16.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt32: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(UInt32.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension UInt64: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try decodeInteger(UInt64.self, element, context)
    }
    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(self) }
}

extension Double: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        switch element.nodeKind {
        case .int: self = Double(Int64(bitPattern: element.payload))
        case .number:
            guard let value = NumberConversion.double(from: element.numberBytes) else {
                throw context.outOfRange("Double", element)
            }
            self = value
        default: throw context.mismatch(expected: "Double", element)
        }
    }

    @inlinable
    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { try writer.write(self) }
}

extension Float: JSONDecodable, JSONEncodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        guard element.kind == .number else { throw context.mismatch(expected: "Float", element) }
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
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        guard element.kind == .number else { throw context.mismatch(expected: "Decimal", element) }
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
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        guard let text = element.stringValue else { throw context.mismatch(expected: "URL string", element) }
        guard !text.isEmpty, let url = URL(string: text) else {
            throw context.invalid("invalid URL \(context.describe(element))", element)
        }
        self = url
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(absoluteString) }
}

extension UUID: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        guard let text = element.stringValue else { throw context.mismatch(expected: "UUID string", element) }
        guard let uuid = UUID(uuidString: text) else {
            throw context.invalid("invalid UUID \(context.describe(element))", element)
        }
        self = uuid
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(uuidString) }
}

extension Data: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        guard let text = element.stringValue else { throw context.mismatch(expected: "base64 string", element) }
        guard let data = Data(base64Encoded: text) else {
            throw context.invalid("invalid base64 \(context.describe(element))", element)
        }
        self = data
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        writer.write(base64EncodedString())
    }
}

extension Date: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try JSONDateCoding.decode(element, strategy: context.decoder.dateStrategy, context: context)
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try JSONDateCoding.encode(self, strategy: context.encoder.dateStrategy, to: &writer)
    }
}

extension JSONValue: JSONDecodable, JSONEncodable {
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = JSONValue(element: element)
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { try writer.write(self) }
}

extension Optional: JSONDecodable where Wrapped: JSONDecodable {
    @inlinable
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = element.isNull ? nil : try Wrapped(json: element, context: context)
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
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try context.array(element) { try Element(json: $0, context: context) }
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
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try context.set(element) { try Element(json: $0, context: context) }
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
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        self = try context.dictionary(element) { try Value(json: $0, context: context) }
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
            guard element.nodeKind == .string else { throw context.mismatch(expected: "ISO 8601 date string", element) }
            guard let date = element.withUTF8({ ISO8601.parse($0) }) ?? nil else {
                throw context.invalid("invalid ISO 8601 date \(context.describe(element))", element)
            }
            return date
        case .secondsSince1970, .millisecondsSince1970:
            guard element.kind == .number else {
                throw context.mismatch(expected: "number of seconds since 1970", element)
            }
            guard let number = element.doubleValue else {
                throw context.invalid("date \(context.describe(element)) is out of range", element)
            }
            let seconds = strategy.isMilliseconds ? number / 1000 : number
            // Beyond ±10^14 s (about 3 million years) `Date` arithmetic loses meaning.
            guard abs(seconds) < 1e14 else { throw context.invalid("date \(context.describe(element)) is out of range", element) }
            return Date(timeIntervalSince1970: seconds)
        case .formatted(let pattern):
            guard let text = element.stringValue else { throw context.mismatch(expected: "date string", element) }
            guard let date = makeFormatter(pattern).date(from: text) else {
                throw context.invalid("date \(context.describe(element)) does not match \"\(pattern)\"", element)
            }
            return date
        case .custom(let decode, _):
            return try decode(element)
        }
    }

    static func encode(_ date: Date, strategy: JSONDateStrategy, to writer: inout JSONWriter) throws {
        switch strategy {
        case .iso8601: writer.write(try ISO8601.formatChecked(date))
        case .secondsSince1970: try writer.write(date.timeIntervalSince1970)
        case .millisecondsSince1970: try writer.write((date.timeIntervalSince1970 * 1000).rounded())
        case .formatted(let pattern): writer.write(makeFormatter(pattern).string(from: date))
        case .custom(_, let encode): try encode(date, &writer)
        }
    }

    static func makeFormatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern
        return formatter
    }
}

extension JSONDateStrategy {
    var isMilliseconds: Bool {
        if case .millisecondsSince1970 = self { return true }
        return false
    }
}
