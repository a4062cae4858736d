import Foundation

/// Lets any `Codable` type be a property of a model, reading from and writing to Loom's
/// document directly (no detour through `JSONSerialization`, `JSONDecoder` or `JSONEncoder`).
///
/// Generated code reaches the bridge through the `Decodable` overload of
/// `JSONDecodingContext.decode(_:from:)` and the `Encodable` overload of
/// `JSONEncodingContext.encode(_:to:)`, for a property whose type is only `Codable`:
///
/// ```swift
/// struct Money: Codable { var amount: Decimal; var currency: String }
///
/// @JSONModel struct Invoice {
///     var total: Money          // decoded and encoded through the bridge
/// }
/// ```
///
/// ## Semantics
///
/// The bridge behaves like Foundation's `JSONDecoder`/`JSONEncoder` with Loom's rules on top:
///
/// - Numbers are exact. An integer type takes a number only if its value is an integer that
///   fits (`1e2` is `100` and `0e1` is `0`; `1.5` or `128` into `Int8` is an error, never a
///   rounding or a wrap). `Double` and `Float` are correctly rounded. `Decimal` keeps every
///   digit it can hold and writes its exact text.
/// - `Date` follows the decoder's or encoder's ``JSONDateStrategy``; `Data` is base64; `URL`
///   is its absolute string. These, ``JSONValue``, and any other ``JSONDecodable`` /
///   ``JSONEncodable`` type met inside a `Codable` value (a Loom model nested in a `Codable`
///   struct, say) go through Loom's own conformance rather than their `Codable` one.
/// - Object keys are compared by their UTF-8 bytes, never by Unicode canonical equivalence.
/// - A repeated key follows the document's ``JSONParsingOptions/duplicateKeys`` policy: the
///   last occurrence wins by default, the first with ``JSONParsingOptions/DuplicateKeyPolicy/useFirst``.
///   (Foundation's `JSONDecoder` keeps the first occurrence.)
/// - ``JSONKeyStrategy/snakeCase`` converts keys exactly as Foundation's
///   `convertFromSnakeCase` (JSON keys to coding keys) and `convertToSnakeCase` (coding keys
///   to JSON keys) do; two JSON keys that convert to the same name count as a repeated key.
///   One leniency: a coding key no converted JSON key matches is also looked up under the
///   key `convertToSnakeCase` writes for it, so `htmlURL`, written as `html_url`, reads
///   back (Foundation converts `html_url` to `htmlUrl` and misses it).
///   With ``JSONKeyStrategy/custom(_:)`` a coding key `k` matches the JSON key `f(k)` (or,
///   failing that, `k` itself, so keys listed by `allKeys`, which are the JSON keys as
///   written, can be read back). `String`-keyed dictionaries keep their keys as they are
///   under every strategy, as with Foundation.
/// - `superDecoder()` reads the `"super"` member (or `null` when there is none) and
///   `superEncoder()` writes it, as Foundation does.
/// - `null` is handled by Codable's own rules (`decodeIfPresent`, `decodeNil`), so
///   ``JSONModelDecoder/nullAsMissing`` does not apply inside a `Codable` value;
///   ``JSONModelEncoder/writesNulls`` does: `encodeIfPresent(nil, forKey:)` writes `null`.
public enum JSONCodableBridge {
    /// Decodes a `Decodable` value from an element.
    ///
    /// The element's document must stay alive during the call (decoding entry points
    /// guarantee this). Codable code sees `DecodingError`s, as it expects; they are turned into
    /// ``JSONDecodingError``s here, in Loom's words (`expected Int, found string "abc"`,
    /// `missing required key "id"`, `number 128 does not fit in Int8`), with the path inside
    /// the value (JSON keys as written, array positions as indices) and the JSON position of
    /// the failing element. Errors that Codable code throws itself become
    /// ``JSONDecodingError/Kind/invalidValue`` errors carrying the original as
    /// ``JSONDecodingError/underlyingError``.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - element: The JSON value to decode it from.
    ///   - context: The decode's options (key strategy, date strategy) and error helpers.
    /// - Returns: The decoded value.
    /// - Throws: ``JSONDecodingError`` with the path inside the value.
    public static func decode<T: Decodable>(_ type: T.Type, from element: JSONElement, context: JSONDecodingContext) throws -> T {
        let state = BridgeDecodingState(context: context, root: element)
        do {
            return try state.decode(T.self, from: element, codingPath: [], jsonPath: [])
        } catch {
            throw state.convert(error)
        }
    }

    /// Encodes an `Encodable` value into the writer.
    ///
    /// The value is gathered into a small tree (Codable may revisit containers in any order)
    /// and then written; values with a Loom conformance are written by it directly. Codable
    /// errors are thrown before anything is written.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - writer: The writer to append the value to, as the next value of the current
    ///     container (or after a key).
    ///   - context: The encode's options (key strategy, date strategy, `writesNulls`).
    /// - Throws: `EncodingError.invalidValue` for values JSON cannot hold (NaN, infinities,
    ///   `Decimal.nan`) and for misuse of the `Encoder` API that Foundation would trap on
    ///   (two values through one single-value container, …), or ``JSONError`` when nesting
    ///   exceeds ``JSONWritingOptions/maxDepth``.
    public static func encode<T: Encodable>(_ value: T, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if let loom = value as? any JSONEncodable {
            try loom.encode(to: &writer, context: context)
            return
        }
        let state = BridgeEncodingState(context: context, options: writer.options, baseDepth: writer.depth)
        let node = try state.wrap(value, codingPath: [])
        if let misuse = state.misuse { throw misuse }
        try state.write(node, to: &writer)
    }
}
