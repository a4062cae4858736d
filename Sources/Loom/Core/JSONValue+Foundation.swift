import Foundation

#if !canImport(Darwin)
/// The class of the `NSNumber`s that hold a `Bool` in swift-corelibs-foundation
/// (`JSONSerialization`'s `true` and `false`, `NSNumber(value: true)`): it has no public name.
private let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))
#endif

/// Why a Foundation object is not a JSON value, and where in it.
struct JSONObjectConversionError: Error {
    var path: [JSONPathComponent]
    var reason: String
}

extension JSONValue {
    /// Creates a value from what `JSONSerialization` produces: `[String: Any]` (or
    /// `NSDictionary`), `[Any]` (or `NSArray`), `String`, `NSNumber`, `NSNull`; Swift's `Bool`,
    /// integers, `Double` and `Float` are taken as well.
    ///
    /// Numbers stay exact: integers as `Int64` or `UInt64`, `NSDecimalNumber` as its decimal
    /// value. An `NSNumber` holding a `Bool` (the `true` and `false` of `JSONSerialization`)
    /// becomes a Boolean, never the number 1 or 0; every other `NSNumber` is a number.
    ///
    /// ```swift
    /// let object = try JSONSerialization.jsonObject(with: data)
    /// let value = try JSONValue(jsonObject: object)
    /// ```
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` for a value of another
    ///   type (a `Date`, a dictionary with non-string keys), a non-finite number, or nesting
    ///   deeper than `maxDepth`, naming where it is (`items[2].date`).
    public init(jsonObject: Any, maxDepth: Int = JSONParsingOptions().maxDepth) throws(JSONError) {
        do {
            self = try JSONValue.converting(jsonObject, maxDepth: maxDepth)
        } catch {
            let at = error.path.isEmpty ? "" : " at \(describePath(error.path))"
            throw JSONError(kind: .invalidValue, message: error.reason + at)
        }
    }

    /// Converts a Foundation object; errors carry the path within it.
    static func converting(_ object: Any, maxDepth: Int) throws(JSONObjectConversionError) -> JSONValue {
        var path: [JSONPathComponent] = []
        return try convert(object, path: &path, maxDepth: maxDepth)
    }

    private static func convert(_ object: Any, path: inout [JSONPathComponent], maxDepth: Int)
        throws(JSONObjectConversionError) -> JSONValue
    {
        if object is NSNull { return .null }
        if let scalar = try nativeScalar(object, path) { return scalar }
        if let number = object as? NSNumber { return try convert(number, path) }
        if let string = object as? String { return .string(string) }
        if let dictionary = object as? [String: Any] {
            guard path.count < maxDepth else { throw tooDeep(path, maxDepth) }
            var members = JSONObject()
            // Sorted: a dictionary's order is arbitrary, and the same object should give the same value.
            for key in dictionary.keys.sorted() {
                guard let member = dictionary[key] else { continue }
                path.append(.key(key))
                members[key] = try convert(member, path: &path, maxDepth: maxDepth)
                path.removeLast()
            }
            return .object(members)
        }
        if let array = object as? [Any] {
            guard path.count < maxDepth else { throw tooDeep(path, maxDepth) }
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                path.append(.index(index))
                elements.append(try convert(element, path: &path, maxDepth: maxDepth))
                path.removeLast()
            }
            return .array(JSONArray(elements))
        }
        if object is NSDictionary || object is [AnyHashable: Any] {
            throw JSONObjectConversionError(path: path, reason: "dictionary with keys that are not all strings")
        }
        throw JSONObjectConversionError(path: path, reason: "unsupported value of type \(type(of: object))")
    }

    /// Swift's own `Bool`, integers and floating-point values: matched by their exact type,
    /// since casting an `NSNumber` with `as? Bool` or `as? Int` succeeds whatever it holds.
    private static func nativeScalar(_ object: Any, _ path: [JSONPathComponent]) throws(JSONObjectConversionError)
        -> JSONValue?
    {
        switch object {
        case let value as Bool where type(of: object) == Bool.self: return .bool(value)
        case let value as Int where type(of: object) == Int.self: return .number(JSONNumber(value))
        case let value as Int64 where type(of: object) == Int64.self: return .number(JSONNumber(value))
        case let value as Int32 where type(of: object) == Int32.self: return .number(JSONNumber(value))
        case let value as Int16 where type(of: object) == Int16.self: return .number(JSONNumber(value))
        case let value as Int8 where type(of: object) == Int8.self: return .number(JSONNumber(value))
        case let value as UInt where type(of: object) == UInt.self: return .number(JSONNumber(value))
        case let value as UInt64 where type(of: object) == UInt64.self: return .number(JSONNumber(value))
        case let value as UInt32 where type(of: object) == UInt32.self: return .number(JSONNumber(value))
        case let value as UInt16 where type(of: object) == UInt16.self: return .number(JSONNumber(value))
        case let value as UInt8 where type(of: object) == UInt8.self: return .number(JSONNumber(value))
        case let value as Double where type(of: object) == Double.self: return try finite(value, path)
        case let value as Float where type(of: object) == Float.self:
            guard value.isFinite else { throw nonFinite("\(value)", path) }
            return .number(JSONNumber(value))
        case let value as Decimal where type(of: object) == Decimal.self:
            guard !value.isNaN else { throw nonFinite("NaN", path) }
            return .number(JSONNumber(value))
        default:
            return nil
        }
    }

    private static func convert(_ number: NSNumber, _ path: [JSONPathComponent]) throws(JSONObjectConversionError)
        -> JSONValue
    {
        if isBoolean(number) { return .bool(number.boolValue) }
        if let decimal = number as? NSDecimalNumber {
            guard decimal != NSDecimalNumber.notANumber else { throw nonFinite("NaN", path) }
            return .number(JSONNumber(decimal.decimalValue))
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return try finite(number.doubleValue, path)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return .number(JSONNumber(number.uint64Value))
        default:
            return .number(JSONNumber(number.int64Value))
        }
    }

    /// Whether `number` is one of Foundation's Boolean numbers, not an integer that is 0 or 1.
    static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        // `JSONSerialization`'s `true` and `false` are the `kCFBooleanTrue` and `kCFBooleanFalse`
        // singletons; an `NSNumber` of a `char` has the same `objCType` ("c") but another type.
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        return ObjectIdentifier(type(of: number)) == booleanNumberClass
        #endif
    }

    private static func finite(_ value: Double, _ path: [JSONPathComponent]) throws(JSONObjectConversionError) -> JSONValue {
        guard value.isFinite else { throw nonFinite("\(value)", path) }
        return .number(JSONNumber(value))
    }

    private static func nonFinite(_ text: String, _ path: [JSONPathComponent]) -> JSONObjectConversionError {
        JSONObjectConversionError(path: path, reason: "number \(text) cannot be written as JSON")
    }

    private static func tooDeep(_ path: [JSONPathComponent], _ maxDepth: Int) -> JSONObjectConversionError {
        JSONObjectConversionError(path: path, reason: "nested deeper than \(maxDepth) levels")
    }

    /// The value as `JSONSerialization` would give it: `[String: Any]`, `[Any]`, `String`,
    /// `NSNumber` and `NSNull`.
    ///
    /// Booleans become Foundation's Boolean numbers (`kCFBooleanTrue` on Apple platforms);
    /// integers that fit `Int64` or `UInt64` an `NSNumber` of them; larger integers an
    /// `NSDecimalNumber`, as `JSONSerialization` reads them; other numbers an `NSNumber` of
    /// the nearest `Double`.
    ///
    /// ```swift
    /// let data = try JSONSerialization.data(withJSONObject: value.jsonObject())
    /// ```
    public func jsonObject() -> Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return NSNumber(value: value)
        case .string(let value): return value
        case .number(let number): return JSONValue.foundationNumber(number)
        case .array(let array): return array.elements.map { $0.jsonObject() }
        case .object(let object):
            var dictionary: [String: Any] = [:]
            for (key, value) in object { dictionary[key] = value.jsonObject() }
            return dictionary
        }
    }

    private static func foundationNumber(_ number: JSONNumber) -> NSNumber {
        if let value = number.int64Value { return NSNumber(value: value) }
        if let value = number.uint64Value { return NSNumber(value: value) }
        let lexeme = number.lexeme
        let integral = !lexeme.contains { $0 == "." || $0 == "e" || $0 == "E" }
        if integral || number.doubleValue == nil, let decimal = number.decimalValue {
            return NSDecimalNumber(decimal: decimal)
        }
        return NSNumber(value: number.doubleValue ?? (lexeme.hasPrefix("-") ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude))
    }
}
