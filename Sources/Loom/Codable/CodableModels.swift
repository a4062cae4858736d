import Foundation

// Models through any `Encoder`/`Decoder` (JSONEncoder, PropertyListEncoder, Yams, GRDB, …).
//
// A struct or enum model gets `init(from:)` and `encode(to:)` from `_JSONBridgedDecodable` and
// `_JSONBridgedEncodable` below, which `@JSONModel` declares beside `Decodable` and
// `Encodable`; a class gets them in its body, built from the same `_ForeignModelSource` and
// `_encodeModel`. So a foreign coder sees exactly what Loom reads and writes: the model is
// encoded to a `JSONValue` by its own conformance (key paths, transformers, key strategies, ignored
// properties) and that tree is handed to the foreign encoder; decoding reads the foreign tree
// into a `JSONValue` and decodes the model from it. Inside Loom's own Codable bridge the
// model's element is decoded directly.

// The raw values are constant, non-empty strings, for which the failable initializer
// always succeeds.
extension CodingUserInfoKey {
    /// Put a ``JSONModelDecoder`` under this key of a foreign decoder's `userInfo` to choose
    /// the options a model decodes with (date strategy, key strategy, unknown keys, …).
    public static let loomDecoder = CodingUserInfoKey(rawValue: "Loom.JSONModelDecoder")!
    /// Put a ``JSONModelEncoder`` under this key of a foreign encoder's `userInfo` to choose
    /// the options a model encodes with (date strategy, `writesNulls`, …).
    public static let loomEncoder = CodingUserInfoKey(rawValue: "Loom.JSONModelEncoder")!
}

/// `Decodable` through the model's own conformance: what `@JSONModel` declares for a struct or
/// an enum beside `Decodable`.
///
/// Not API (underscored): the default `init(from:)` below is the conformance's requirement, so
/// each model does not compile one of its own. A type that implements `init(from:)` itself
/// declares `Decodable` without it.
public protocol _JSONBridgedDecodable {}

extension _JSONBridgedDecodable where Self: JSONDecodable & Decodable {
    /// Decodes the model from the decoder's current value with its own conformance.
    ///
    /// - Throws: `DecodingError` for a value that does not decode (the ``JSONDecodingError``
    ///   as its underlying error), or one with no JSON form.
    public init(from decoder: any Decoder) throws {
        let source = try _ForeignModelSource(decoder)
        do {
            try self.init(json: source.element, context: source.context)
        } catch {
            throw source.decodingError(error, type: Self.self)
        }
        // The element points into the source's document.
        withExtendedLifetime(source) {}
    }
}

/// `Encodable` through the model's own conformance: what `@JSONModel` declares for a struct or
/// an enum beside `Encodable`.
///
/// Not API (underscored): the default `encode(to:)` below is the conformance's requirement. A
/// type that implements `encode(to:)` itself declares `Encodable` without it.
public protocol _JSONBridgedEncodable {}

extension _JSONBridgedEncodable where Self: JSONEncodable & Encodable {
    /// Encodes the model into the encoder with its own conformance (`_encodeModel(_:to:)`).
    ///
    /// - Throws: `EncodingError.invalidValue` for a value JSON cannot hold, or what the
    ///   encoder throws.
    public func encode(to encoder: any Encoder) throws {
        try _encodeModel(self, to: encoder)
    }
}

/// Encodes a model through any `Encoder`; the body of `encode(to:)` for every model.
///
/// Not API (underscored): generated code calls it. The model is written by its own
/// conformance into a ``JSONValue`` (with the options of a ``JSONModelEncoder`` found under
/// ``Foundation/CodingUserInfoKey/loomEncoder``, or the defaults), which is then encoded:
/// objects as keyed containers in the model's key order, arrays as unkeyed containers,
/// integers as `Int64`/`UInt64`, other numbers as `Double` (or, when a `Double` cannot hold
/// one exactly, its exact text as a string), `null` with `encodeNil()`.
///
/// - Throws: `EncodingError.invalidValue` wrapping the ``JSONError`` of the model's encoding,
///   or what the encoder throws.
public func _encodeModel<T: JSONEncodable>(_ value: T, to encoder: any Encoder) throws {
    let options = encoder.userInfo[.loomEncoder] as? JSONModelEncoder ?? JSONModelEncoder()
    let tree: JSONValue
    do {
        tree = try options.encodeValue(value)
    } catch {
        throw EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "\(error)", underlyingError: error))
    }
    // Foundation's JSONEncoder writes a `Decimal` as its exact number text: long decimals stay
    // numbers there, as in Loom's own output. (Elsewhere a `Decimal` may become a dictionary.)
    let writesDecimals = String(reflecting: type(of: encoder)).hasSuffix("JSONEncoder")
    try ForeignTree(tree, writesDecimals: writesDecimals).encode(to: encoder)
}

/// A model's input read out of a foreign `Decoder`, parsed as a document.
///
/// Not API (underscored): `init(from:)` of every model reads the decoder's value through it and
/// calls the model's `init(json:context:)` with ``element`` and ``context``, keeping this
/// value alive until that call returns. Through Loom's own Codable bridge the element is the
/// bridged one (no copy); through any other decoder the value is read into a ``JSONValue``
/// (see `ForeignTreeReader`) and parsed as a document.
public final class _ForeignModelSource {
    /// Loom's bridge decoder, when the foreign decoder is in fact Loom's own.
    private let bridged: JSONElementDecoder?
    private let document: JSONDocument?
    private let modelDecoder: JSONModelDecoder
    private let codingPath: [any CodingKey]

    /// Reads the decoder's current value.
    ///
    /// - Throws: `DecodingError` when the value holds something with no JSON form, or nests
    ///   deeper than the decoder's ``JSONParsingOptions/maxDepth``.
    public init(_ decoder: any Decoder) throws {
        codingPath = decoder.codingPath
        if let bridged = decoder as? JSONElementDecoder {
            self.bridged = bridged
            self.document = nil
            self.element = bridged.element
            self.modelDecoder = bridged.state.context.decoder
            return
        }
        bridged = nil
        var options = decoder.userInfo[.loomDecoder] as? JSONModelDecoder ?? JSONModelDecoder()
        // Foreign formats are untyped in places (a YAML scalar, a string that holds a number):
        // the tree keeps scalars as the format gave them, and lenient coercion turns them into
        // what each property needs.
        options.coercion = JSONCoercion(isLenient: true, rounding: options.coercion.rounding)
        modelDecoder = options
        let reader = ForeignTreeReader(dateOptions: options, maxDepth: options.parsingOptions.maxDepth)
        let tree = try reader.readRoot(decoder)
        do {
            var parsing = options.parsingOptions
            parsing.maxNumberLength = .max
            let document = try JSONDocument(parsing: tree.jsonBytes(), options: parsing)
            self.document = document
            self.element = document.root
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// The value to decode: the bridged element, or the root of the document read from the
    /// foreign decoder. Valid while this source is alive.
    public let element: JSONElement

    /// The options the model decodes with.
    public var context: JSONDecodingContext {
        bridged?.state.context ?? JSONDecodingContext(decoder: modelDecoder)
    }

    /// The error to throw for what decoding `type` threw: a ``JSONDecodingError`` becomes the
    /// `DecodingError` Codable callers expect (with the Loom error as its underlying error);
    /// anything else is returned as it is.
    public func decodingError(_ error: any Error, type: Any.Type) -> any Error {
        guard let error = error as? JSONDecodingError else { return error }
        if let bridged {
            return bridged.state.decodingError(
                error, type: type, codingPath: bridged.codingPath, jsonPath: bridged.jsonPath, anchor: bridged.anchor)
        }
        return Self.decodingError(error, type: type, codingPath: codingPath)
    }

    static func decodingError(_ error: JSONDecodingError, type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: codingPath + error.path.map(\.codingKey), debugDescription: error.description,
            underlyingError: error)
        switch error.kind {
        case .typeMismatch: return .typeMismatch(type, context)
        case .nullValue: return .valueNotFound(type, context)
        case .missingKey:
            if case .key(let name)? = error.path.last {
                return .keyNotFound(
                    AnyCodingKey(name),
                    DecodingError.Context(
                        codingPath: codingPath + error.path.dropLast().map(\.codingKey),
                        debugDescription: error.description, underlyingError: error))
            }
            return .dataCorrupted(context)
        default: return .dataCorrupted(context)
        }
    }
}

// MARK: - Reading a foreign tree

/// Reads whatever a foreign decoder holds into a ``JSONValue``, asking the decoder's
/// containers in a fixed order: keyed, unkeyed, then a single value.
///
/// Scalars: `null` first (`decodeNil()`), then `String`, then `Decimal` (exact, where the
/// decoder has a scalar `Decimal`), integers, `Double` and `Bool`, then `Date` and `Data` (property lists hold these natively; they become the strings Loom
/// writes for them under the decoder's date and data strategies). A string that the decoder
/// also reads as a number (an unquoted YAML scalar such as `123`) and that is valid JSON
/// number text becomes a number *with that exact text*, so an `Int` property reads it and a
/// `String` property reads the text as written (`1.50` stays `"1.50"`; `007` is not JSON
/// number text and stays a string). Everything else stays a string, and lenient coercion
/// turns `"true"` or `"10"` into a `Bool` or an `Int` where the model needs one.
///
/// A decoder that refuses containers with an error other than `DecodingError` (GRDB's
/// column decoder, which keeps nested values as JSON text in a column) has a string that
/// holds a JSON object or array read as that object or array.
struct ForeignTreeReader: Sendable {
    let dateOptions: JSONModelDecoder
    let maxDepth: Int
    /// The coding path length of the value the model decodes from.
    var baseDepth = 0

    init(dateOptions: JSONModelDecoder, maxDepth: Int) {
        self.dateOptions = dateOptions
        self.maxDepth = maxDepth
    }

    /// The reader of the model being decoded, for the values nested in it. (Codable hands a
    /// nested value's decoder to `init(from:)` only; some decoders reuse one instance for
    /// every level, so the value must be read there and then.)
    @TaskLocal static var current: ForeignTreeReader?

    /// Reads the model's whole value.
    func readRoot(_ decoder: any Decoder) throws -> JSONValue {
        var reader = self
        reader.baseDepth = decoder.codingPath.count
        return try ForeignTreeReader.$current.withValue(reader) { try reader.read(decoder) }
    }

    func read(_ decoder: any Decoder) throws -> JSONValue {
        guard decoder.codingPath.count - baseDepth <= maxDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "nesting deeper than \(maxDepth) levels"))
        }
        var refusesContainers = false
        let keyed: KeyedDecodingContainer<AnyCodingKey>?
        do {
            keyed = try decoder.container(keyedBy: AnyCodingKey.self)
        } catch is DecodingError {
            keyed = nil
        } catch {
            keyed = nil
            refusesContainers = true
        }
        if let keyed {
            var object = JSONObject()
            for key in keyed.allKeys {
                object[key.stringValue] = try keyed.decode(ForeignNode.self, forKey: key).value
            }
            return .object(object)
        }
        var unkeyed: (any UnkeyedDecodingContainer)?
        do {
            unkeyed = try decoder.unkeyedContainer()
        } catch is DecodingError {
            unkeyed = nil
        } catch {
            unkeyed = nil
            refusesContainers = true
        }
        if var unkeyed {
            var array: [JSONValue] = []
            while !unkeyed.isAtEnd { array.append(try unkeyed.decode(ForeignNode.self).value) }
            return .array(JSONArray(array))
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { return .null }
        if let text = try? single.decode(String.self) {
            if (try? single.decode(Double.self)) != nil, JSONNumber(lexeme: text) != nil {
                // The text itself, not the compact storage `init(lexeme:)` picks (which
                // would write `1.10` back as `1.1`).
                return .number(JSONNumber(storage: .lexeme(text)))
            }
            if refusesContainers, let first = text.utf8.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
                let nested = try? JSONValue(parsing: text)
            {
                return nested
            }
            return .string(text)
        }
        // Foundation's JSONDecoder reads a `Decimal` from the number's text, exactly; its
        // `Double` (and the integers it derives from one) can be off in the last digits
        // (`1125899906842624.9` reads as the integer `1125899906842625`). Other decoders
        // have no scalar `Decimal`. The `Double` check keeps a `Decimal` that underflowed
        // or overflowed out.
        let double = try? single.decode(Double.self)
        if let decimal = try? single.decode(Decimal.self), !decimal.isNaN,
            let approximate = Double(decimal.description),
            double.map({ abs($0 - approximate) <= abs($0) * 1e-9 }) ?? true
        {
            return .number(JSONNumber(decimal))
        }
        // Numbers before `Bool`: some decoders read any integer as a `Bool` (SQLite has no
        // booleans), and lenient coercion reads `0` and `1` back as `Bool`.
        if let value = try? single.decode(Int64.self) { return .number(JSONNumber(value)) }
        if let value = try? single.decode(UInt64.self) { return .number(JSONNumber(value)) }
        if let double, double.isFinite { return .number(JSONNumber(double)) }
        if let value = try? single.decode(Bool.self) { return .bool(value) }
        if let value = try? single.decode(Date.self) { return try scalar(value, single) }
        if let value = try? single.decode(Data.self) { return try scalar(value, single) }
        throw DecodingError.dataCorruptedError(in: single, debugDescription: "expected a value with a JSON form")
    }

    /// A `Date` or `Data` as Loom writes it under the decoder's strategies.
    private func scalar<T: JSONEncodable>(_ value: T, _ container: any SingleValueDecodingContainer) throws -> JSONValue {
        var encoder = JSONModelEncoder()
        encoder.dateStrategy = dateOptions.dateStrategy
        encoder.dataStrategy = dateOptions.dataStrategy
        do {
            return try encoder.encodeValue(value)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }
}

/// One value of a foreign tree, read while its decoder is current.
private struct ForeignNode: Decodable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
        let reader =
            ForeignTreeReader.current ?? ForeignTreeReader(dateOptions: JSONModelDecoder(), maxDepth: JSONParsingOptions().maxDepth)
        value = try reader.read(decoder)
    }
}

// MARK: - Writing a foreign tree

/// A ``JSONValue`` written through a foreign encoder, in a form every common format holds.
///
/// Unlike `JSONValue`'s own `Encodable` conformance, a number with a fraction is a `Double`
/// when a `Double` holds it exactly, and otherwise its exact text as a string (never a
/// `Decimal`, which property lists store as a dictionary).
struct ForeignTree: Encodable {
    let value: JSONValue
    /// Whether a number with a fraction that a `Decimal` holds exactly is written as one
    /// (Foundation's JSONEncoder, which writes its exact text) rather than as a `Double` or,
    /// failing that, a string.
    let writesDecimals: Bool

    init(_ value: JSONValue, writesDecimals: Bool) {
        self.value = value
        self.writesDecimals = writesDecimals
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let integer = number.int64Value {
                try container.encode(integer)
            } else if let integer = number.uint64Value {
                try container.encode(integer)
            } else if writesDecimals, let decimal = number.decimalValue, JSONNumber(decimal) == number {
                // Foundation's JSONEncoder writes a Decimal's exact text, but some doubles
                // with a fraction it writes rounded (1125899906842624.875 as 1125899906842625).
                try container.encode(decimal)
            } else if let double = number.doubleValue, JSONNumber(double) == number {
                try container.encode(double)
            } else if number.doubleValue != nil {
                // More digits than a Double holds (a `Decimal`, say): the exact text, which
                // lenient decoding reads back as the number.
                try container.encode(number.description)
            } else {
                throw EncodingError.invalidValue(
                    number, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "number \(number) is out of range"))
            }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let array):
            var container = encoder.unkeyedContainer()
            for element in array { try container.encode(ForeignTree(element, writesDecimals: writesDecimals)) }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, element) in object {
                try container.encode(ForeignTree(element, writesDecimals: writesDecimals), forKey: AnyCodingKey(key))
            }
        }
    }
}
