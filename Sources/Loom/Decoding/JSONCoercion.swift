import Foundation

/// How a decoder treats a value whose JSON type differs from what the property needs.
///
/// Strict by default: `"10"` for an `Int` is an error. Lenient coercion converts the
/// common mismatches of real-world APIs (the table is in <doc:Coercion>):
///
/// | property | strict accepts | lenient also accepts |
/// | --- | --- | --- |
/// | every integer width | integral numbers that fit | strings holding such a number (`"10"`) |
/// | `Double`, `Float`, `Decimal` | numbers | strings holding a number (`"2.5"`) |
/// | `Bool` | `true`, `false` | `0`, `1`, and the strings `true`/`false`/`yes`/`no`/`1`/`0` (any case) |
/// | `String` | strings | numbers, as written (`1.50` gives `"1.50"`) |
/// | non-optional with a default | a value | `null`, which gives the default |
///
/// A number that does not fit, or a non-integral number for an integer, is still an error
/// unless ``rounding`` is set. Every conversion is reported as a ``JSONDecodingNote`` when the
/// decode reports (``JSONModelDecoder/report`` or ``JSONModelDecoder/decodeWithReport(_:from:)-(_,Data)``).
///
/// Switch it on for a whole decode with ``JSONModelDecoder/coercion``, for one model with
/// `@JSONLenient` on the type, or for one property with `@JSONLenient` on the property.
/// Rounding follows the same scopes (`@JSONLenient(rounding: .down)`); the closest setting
/// wins: a property's over its model's, a model's over the decoder's.
public struct JSONCoercion: Sendable, Hashable {
    /// Whether values of another JSON type are converted.
    public var isLenient: Bool
    /// How a non-integral number becomes an integer under lenient coercion (`2.5` with
    /// `.toNearestOrAwayFromZero` gives `3`); `nil` (the default) keeps it an error. The
    /// rounding goes through `Double`, so integers beyond 2^53 with a fraction round coarsely.
    /// A rounded number that does not fit stays an error. `@JSONLenient(rounding:)` on a
    /// model or property overrides it there.
    public var rounding: FloatingPointRoundingRule?

    /// Creates a coercion policy.
    public init(isLenient: Bool, rounding: FloatingPointRoundingRule? = nil) {
        self.isLenient = isLenient
        self.rounding = rounding
    }

    /// No conversions (the default).
    public static let strict = JSONCoercion(isLenient: false)
    /// The conversions in the table, without rounding.
    public static let lenient = JSONCoercion(isLenient: true)

    /// The conversions in the table, rounding non-integral numbers for integers with `rule`.
    public static func lenient(rounding rule: FloatingPointRoundingRule) -> JSONCoercion {
        JSONCoercion(isLenient: true, rounding: rule)
    }
}

extension JSONDecodingContext {
    /// This context with lenient coercion switched on, for a lenient model or property and
    /// everything decoded beneath it.
    public var lenient: JSONDecodingContext {
        var copy = self
        copy.isLenient = true
        return copy
    }

    /// This context with lenient coercion switched on and non-integral numbers for integers
    /// rounded with `rule` (`nil`: kept an error), for `@JSONLenient(rounding:)`. The rule
    /// replaces the decoder's, or an enclosing model's or property's, beneath this point.
    public func lenient(rounding rule: FloatingPointRoundingRule?) -> JSONDecodingContext {
        var copy = self
        copy.isLenient = true
        copy.rounding = rule
        return copy
    }

    /// This context with lossy collections switched on: failing elements are dropped and noted.
    public var lossy: JSONDecodingContext {
        var copy = self
        copy.isLossy = true
        return copy
    }
}

// MARK: - Conversions (the type-mismatch path only)

extension JSONDecodingContext {
    /// An integer from a string (lenient), or an error naming what was found.
    @usableFromInline
    func coercedInteger<T: FixedWidthInteger>(_ type: T.Type, _ element: JSONElement) throws -> T {
        guard isLenient, element.nodeKind == .string else {
            throw strictMismatch("\(T.self)", element) { (try? parseInteger(T.self, element, rounds: false)) != nil }
        }
        let value: T = try parseInteger(T.self, element)
        noteCoercion(element, to: "\(T.self)")
        return value
    }

    /// Parses a string element as an integer: JSON number text, exact, or rounded when the
    /// context has a rounding rule (the decoder's, or `@JSONLenient(rounding:)`'s).
    func parseInteger<T: FixedWidthInteger>(_ type: T.Type, _ element: JSONElement, rounds: Bool = true) throws -> T {
        let result: Result<T, NumberConversion.IntegerFailure>? = element.withUTF8 { bytes in
            guard JSONNumberText.isValid(bytes) else { return nil }
            if let small = JSONNumberText.smallInteger(bytes) {
                guard let exact = T(exactly: small) else { return .failure(.outOfRange) }
                return .success(exact)
            }
            return NumberConversion.integer(T.self, from: bytes)
        } ?? nil
        switch result {
        case .success(let value)?:
            return value
        case .failure(.notIntegral)?:
            if rounds, let rule = rounding,
                let double = element.withUTF8({ NumberConversion.double(from: $0) }) ?? nil,
                let rounded = T(exactly: double.rounded(rule))
            {
                return rounded
            }
            throw positioned(
                JSONDecodingError(
                    .numberOutOfRange, reason: "expected \(T.self), found \(describe(element)), which is not an integer"),
                element)
        case .failure(.outOfRange)?:
            throw positioned(
                JSONDecodingError(.numberOutOfRange, reason: "\(describe(element)) does not fit in \(T.self)"), element)
        case nil:
            throw mismatch(expected: "\(T.self)", element)
        }
    }

    /// A non-integral number rounded to an integer, when lenient coercion has a rounding rule
    /// (the decoder's, or the closest `@JSONLenient(rounding:)`'s).
    @usableFromInline
    func roundedInteger<T: FixedWidthInteger>(_ type: T.Type, _ element: JSONElement) throws -> T {
        guard isLenient, let rule = rounding, let double = element.doubleValue else {
            var error = outOfRange("\(T.self)", element, notIntegral: true)
            // Without a rounding rule, name the marker that sets one where a rounded value fits.
            if rounding == nil, let double = element.doubleValue, T(exactly: double.rounded(.towardZero)) != nil {
                error.hint = "@JSONLenient(rounding:) rounds it"
            }
            throw error
        }
        guard let value = T(exactly: double.rounded(rule)) else { throw outOfRange("\(T.self)", element) }
        note(.coerced, "rounded \(describe(element)) to \(T.self) \(value)", at: element)
        return value
    }

    /// A `Double` from a string (lenient).
    @usableFromInline
    func coercedDouble(_ element: JSONElement) throws -> Double {
        guard isLenient, element.nodeKind == .string else {
            throw strictMismatch("Double", element) {
                (try? parseFloatingPoint(element, "Double") { NumberConversion.double(from: $0) }) != nil
            }
        }
        let value = try parseFloatingPoint(element, "Double") { NumberConversion.double(from: $0) }
        noteCoercion(element, to: "Double")
        return value
    }

    /// A `Float` from a string (lenient).
    @usableFromInline
    func coercedFloat(_ element: JSONElement) throws -> Float {
        guard isLenient, element.nodeKind == .string else {
            throw strictMismatch("Float", element) {
                (try? parseFloatingPoint(element, "Float") { NumberConversion.float(from: $0) }) != nil
            }
        }
        let value = try parseFloatingPoint(element, "Float") { NumberConversion.float(from: $0) }
        noteCoercion(element, to: "Float")
        return value
    }

    func parseFloatingPoint<T>(_ element: JSONElement, _ name: String, _ convert: (UnsafeBufferPointer<UInt8>) -> T?)
        throws -> T
    {
        var valid = false
        let value: T? =
            element.withUTF8 { bytes in
                valid = JSONNumberText.isValid(bytes)
                return valid ? convert(bytes) : nil
            } ?? nil
        guard valid else { throw mismatch(expected: name, element) }
        guard let value else {
            throw positioned(JSONDecodingError(.numberOutOfRange, reason: "\(describe(element)) does not fit in \(name)"), element)
        }
        return value
    }

    /// A `Decimal` from a string holding JSON number text, exactly.
    func parseDecimal(_ element: JSONElement) throws -> Decimal {
        try parseFloatingPoint(element, "Decimal") { JSONNumber.exactDecimal($0) }
    }

    /// A `Decimal` from a string (lenient).
    func coercedDecimal(_ element: JSONElement) throws -> Decimal {
        guard isLenient, element.nodeKind == .string else {
            throw strictMismatch("Decimal", element) { (try? parseDecimal(element)) != nil }
        }
        let value = try parseDecimal(element)
        noteCoercion(element, to: "Decimal")
        return value
    }

    /// A `Bool` from `0`/`1` or a string such as `"yes"` (lenient).
    @usableFromInline
    func coercedBool(_ element: JSONElement) throws -> Bool {
        guard isLenient, let value = JSONBoolText.value(of: element) else {
            throw strictMismatch("Bool", element) { JSONBoolText.value(of: element) != nil }
        }
        noteCoercion(element, to: "Bool")
        return value
    }

    /// A `String` from a number, as written (lenient).
    @usableFromInline
    func coercedString(_ element: JSONElement) throws -> String {
        guard isLenient, element.kind == .number, let text = element.numberLexeme else {
            throw strictMismatch("String", element) { element.kind == .number }
        }
        noteCoercion(element, to: "String")
        return text
    }

    /// A type mismatch that, where decoding is strict and lenient coercion would convert the
    /// value (`converts`), names the marker that switches it on.
    func strictMismatch(_ expected: String, _ element: JSONElement, converts: () -> Bool) -> JSONDecodingError {
        var error = mismatch(expected: expected, element)
        if !isLenient, converts() { error.hint = "@JSONLenient converts it" }
        return error
    }

    func noteCoercion(_ element: JSONElement, to type: String) {
        guard storage.notes != nil else { return }
        note(.coerced, "converted \(describe(element)) to \(type)", at: element)
    }
}

/// JSON number grammar over arbitrary bytes (the text of a string value).
enum JSONNumberText {
    /// Whether `bytes` is exactly one JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        if index < count && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard isDigit(bytes[index]) else { return false }
            while index < count && isDigit(bytes[index]) { index += 1 }
        }
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < count && isDigit(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        if index < count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            let start = index
            while index < count && isDigit(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        return index == count
    }

    /// A plain integer of at most 18 digits (valid text assumed), without allocating.
    static func smallInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard bytes.count - index <= 18 else { return nil }
        var value: Int64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard isDigit(byte) else { return nil }
            value = value &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
            index += 1
        }
        return negative ? -value : value
    }
}

/// The texts lenient decoding reads as Booleans.
enum JSONBoolText {
    /// `true`/`false`, the numbers `1`/`0`, or the strings `true`, `false`, `yes`, `no`, `1`, `0`
    /// in any case; `nil` for anything else.
    static func value(of element: JSONElement) -> Bool? {
        switch element.nodeKind {
        case .true: return true
        case .false: return false
        case .int:
            switch Int64(bitPattern: element.payload) {
            case 0: return false
            case 1: return true
            default: return nil
            }
        case .string:
            return element.withUTF8 { value(ofText: $0) } ?? nil
        default:
            return nil
        }
    }

    static func value(ofText bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        func equals(_ word: StaticString) -> Bool {
            guard bytes.count == word.utf8CodeUnitCount else { return false }
            for index in 0..<bytes.count where bytes[index] | 0x20 != word.utf8Start[index] { return false }
            return true
        }
        switch bytes.count {
        case 1:
            if bytes[0] == UInt8(ascii: "1") { return true }
            if bytes[0] == UInt8(ascii: "0") { return false }
        case 2: if equals("no") { return false }
        case 3: if equals("yes") { return true }
        case 4: if equals("true") { return true }
        case 5: if equals("false") { return false }
        default: break
        }
        return nil
    }
}
