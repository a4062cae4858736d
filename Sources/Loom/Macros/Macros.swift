/// Makes a struct, a class or an enum a ``JSONModel``: generates decoding from a parsed
/// document and encoding to JSON at compile time, with no runtime reflection.
///
/// ```swift
/// @JSONModel
/// struct GHUser {
///     var login: String
///     @JSONKey("avatar_url") var avatarURL: URL?
/// }
/// let user = try GHUser(jsonData: data)
/// ```
///
/// The generated members are in the type's body, where names resolve as in the type's own
/// declarations, so a model may be declared anywhere Swift allows a type: nested in an enum
/// used as a namespace, in another model, in an extension. A struct's initializers are in an
/// extension (`extension GHUser: JSONModel`), so Swift still synthesizes the memberwise
/// initializer. A class model is described in <doc:Models#Classes>; an enum whose
/// cases carry models is polymorphic (<doc:Polymorphism>). Lifecycle hooks the type
/// declares in its body are called (<doc:Hooks>).
///
/// ## Which properties are mapped
///
/// Every stored instance property is decoded and encoded under its name, except:
/// - `@JSONIgnore` properties, which keep their initial value and are never written;
/// - computed properties (`willSet`/`didSet` observers do not make a property computed);
/// - `static` and `class` properties;
/// - a `let` with an initial value: Swift does not let an initializer assign it again, so it
///   is **encoded but not decoded** (as with `Codable`); its key is still recognised, so it
///   never counts as an unknown key.
///
/// `lazy` properties must be marked `@JSONIgnore`, and mapped properties need a type
/// annotation (`var count: Int = 0`, not `var count = 0`): the macro sees syntax, not types.
///
/// ## Missing keys and null
///
/// | declaration | key missing | `null` |
/// | --- | --- | --- |
/// | `var a: T` | error | error |
/// | `var a: T = v` or `@JSONDefault(v) var a: T` | `v` | error (`v` with ``JSONModelDecoder/nullAsMissing``) |
/// | `var a: T?` | `nil` | `nil` |
/// | `var a: T? = v` or `@JSONDefault(v) var a: T?` | `v` | `nil` (`v` with ``JSONModelDecoder/nullAsMissing``) |
///
/// A decode with a report (``JSONModelDecoder/decodeWithReport(_:from:)-(_,Data)``) notes every
/// default it used, for a missing key as for `null`; an optional that is `nil` because its key
/// is missing is not a default and is not noted.
///
/// On encode, `nil` optionals are left out unless ``JSONModelEncoder/writesNulls`` is set.
///
/// ## Types
///
/// Optionals, arrays, sets and dictionaries are unwrapped level by level (`[[Double]]`,
/// `[String: [Model]]`, `[Int?]`); dictionaries with `Int`, other `LosslessStringConvertible`
/// or raw-value enum keys convert their keys from JSON strings. Everything else is decoded
/// by the most specific of Loom's own conformance (``JSONDecodable``/``JSONEncodable``, which
/// nested models have), a raw value (`RawRepresentable` enums) or `Codable`.
///
/// ## Codable
///
/// The macro also adds `Decodable` and `Encodable` (`init(from:)` and `encode(to:)` through
/// `_ForeignModelSource` and `_encodeModel`; for a struct or an enum, the defaults of
/// `_JSONBridgedDecodable` and `_JSONBridgedEncodable`), so `JSONEncoder`,
/// `PropertyListEncoder` or any other coder sees the model's JSON form: key paths,
/// transformers, defaults and all. A type that declares `Codable` itself keeps Swift's
/// conformance; a requirement the type implements itself is not generated. Rules of that
/// path: <doc:Codable>.
///
/// ## Writing the conformance by hand
///
/// The generated code calls only Loom's public API, so the same conformance can be written
/// by hand: see `HandWrittenModelTests.swift` in the test suite for the exact shape (key sets
/// named `_loomKeys`, `_loomKeys_1`, …; underscored members are not API).
///
/// - Parameter keyStrategy: How property names become JSON keys for properties without
///   `@JSONKey`: `.useDefaultKeys` (the default); `.snakeCase`, `.kebabCase`,
///   `.screamingSnakeCase` or `.pascalCase` (converted at compile time); or
///   `.custom(someFunction)` with a `@Sendable (String) -> String` function (applied once,
///   when the model's key set is built). Keys the model's strategy produces are final: a
///   decoder or encoder key strategy does not convert them again. On an enum, a built-in
///   style converts the case names used as tags.
/// - Parameter representation: For an enum, how the case is written in JSON (see
///   ``JSONEnumRepresentation``): `.external` (the default), `.internal(tag:)`,
///   `.adjacent(tag:content:)`, `.untagged` or `.chosenByContent`.
/// - Parameter memberwiseInit: For a `public` struct that declares no initializer and no
///   `private` stored property, whether the macro writes a `public` memberwise initializer
///   (Swift's own is `internal`, so another module could not create the model). `false`
///   keeps Swift's.
@attached(
    member, conformances: Decodable, Encodable,
    names: named(init(json:context:)), named(init(from:)), named(encode(to:)), named(encode(to:context:)), named(_loomKeys),
    named(_LoomValues), named(_readsDirectly), named(_read(from:context:)), named(_LoomSlots), named(_loomRead),
    named(_loomFinish), named(_loomUpdate), named(_update(reading:context:)), named(_loomEncode(to:context:)), named(_loomCases),
    named(_loomTagKeys), named(_makeInstance(json:context:)), named(_loomEncodeMembers(to:context:)), named(_loomObjectKeys),
    named(_loomIsEqual(to:)), named(_loomHash(into:)), named(_loomDescribe(into:)), named(==), named(hash(into:)),
    named(description), named(merge(from:)), named(merge(from:only:)), named(_loomMerge(from:)),
    named(update(json:context:)), named(JSONCase), arbitrary)
// The member role lists `arbitrary` for the numbered names (`_loomKeys_1`, `_loomTransformer_3`,
// …), those named after a class or a case (`_LoomSlots_Message`, `_loomRead_circle`, …) and a
// public struct's memberwise initializer: `prefixed(…)` prefixes the attached type's name, not
// a fixed stem. The extension role lists `arbitrary` too: a struct at file scope has all its
// members there (see `JSONModelMacro`), so that the compiler makes one buffer for the model
// rather than two.
@attached(
    extension, conformances: JSONModel, JSONMergeable, Decodable, Encodable, _JSONBridgedDecodable, _JSONBridgedEncodable,
    _JSONMapped, names: named(init(json:context:)), named(init(_loomValues:)), named(init(_loomReading:context:)), arbitrary)
public macro JSONModel(
    keyStrategy: JSONKeyStrategy = .useDefaultKeys, representation: JSONEnumRepresentation = .external,
    memberwiseInit: Bool = true
) = #externalMacro(module: "LoomMacros", type: "JSONModelMacro")

/// Names the JSON key of a property, a key path into nested objects, or fallback keys.
///
/// ```swift
/// @JSONKey("html_url") var htmlURL: URL          // {"html_url": "…"}
/// @JSONKey("user.login") var login: String       // {"user": {"login": "…"}}
/// @JSONKey("id", "ID", "book_id") var id: Int    // first present non-null key wins
/// @JSONKey("a\\.b") var dotted: Int              // the key "a.b" itself
/// ```
///
/// Keys must be string literals. Named keys are explicit: key strategies never convert them.
/// Properties whose key paths share a prefix share the nested object: it is read once and
/// written once. A missing or `null` step gives `nil` for an optional property; a step that
/// is not an object is an error (`user: expected object, found string "x"`). Encoding writes
/// the first of several fallback keys. Two properties cannot map the same key, and a key
/// cannot be both a value and an object of key paths (`user` and `user.login`).
@attached(peer)
public macro JSONKey(_ key: String, _ fallbacks: String...) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Spells one property's key in a case style of its own, whatever the model's strategy.
///
/// ```swift
/// @JSONModel(keyStrategy: .snakeCase)
/// struct Release {
///     var tagName: String                              // "tag_name"
///     @JSONKey(strategy: .kebabCase) var cacheControl: String  // "cache-control"
///     @JSONKey(strategy: .useDefaultKeys) var eTag: String     // "eTag"
/// }
/// ```
///
/// The strategy must be a built-in one (`.useDefaultKeys`, `.snakeCase`, `.kebabCase`,
/// `.screamingSnakeCase` or `.pascalCase`): the macro converts the property name at compile
/// time, and the key is explicit from then on, so no decoder or encoder strategy converts it
/// again.
@attached(peer)
public macro JSONKey(strategy: JSONKeyStrategy) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Collects several keys (or key paths) of the JSON object into one property, which
/// receives them as an object keyed by the names given, and writes them back on encode.
///
/// ```swift
/// // {"temp": 21.5, "main": {"temp_max": 25}}
/// @JSONKey(collecting: ["temp", "main.temp_max"]) var temperatures: [String: Double]
/// // temperatures == ["temp": 21.5, "main.temp_max": 25]
/// ```
///
/// The property can be any type that decodes from an object (a dictionary or a model whose
/// keys are the names as written). Only present keys are collected; an optional property (or
/// one with a default) is `nil` (the default) when none is present.
@attached(peer)
public macro JSONKey(collecting keys: [String]) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Excludes a property from decoding and encoding; it keeps its initial value.
///
/// ```swift
/// @JSONIgnore var retrievedAt = Date()
/// ```
///
/// The property needs an initial value (a `var` optional starts as `nil` by itself).
@attached(peer)
public macro JSONIgnore() = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Maps a property one way only: `.decoding` ignores it when decoding (it is written, never
/// read), `.encoding` when encoding (it is read, never written).
///
/// ```swift
/// @JSONIgnore(.decoding) var clientVersion: String = "2.1"  // sent, never read back
/// @JSONIgnore(.encoding) var createdAt: Date?      // read from the server, never sent
/// ```
///
/// A property ignored when decoding needs an initial value, as with ``JSONIgnore()``; its key
/// is still known, so unknown-key rejection passes over it.
@attached(peer)
public macro JSONIgnore(_ direction: JSONDirection) = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Keeps every member of the model's object that no property maps, and writes them back on
/// encode, so that decode → encode loses nothing the model does not know about.
///
/// ```swift
/// // {"id": 7, "name": "kim", "beta_flags": {"x": true}}
/// @JSONModel struct Account {
///     var id: Int
///     var name: String
///     @JSONUnknownKeys var extra: [String: JSONValue] = [:]   // ["beta_flags": {"x": true}]
/// }
/// ```
///
/// The property must be a `[String: JSONValue]`, one per model, in a struct or a final class.
/// Only the model's own object level is captured (not the objects of its key paths). Members
/// are written after the mapped ones, in key order; a member whose key a property writes is
/// left out. With ``JSONModelDecoder/unknownKeys`` set to `.reject`, a model that captures
/// never rejects a key; a repeated key follows the duplicate-key policy.
@attached(peer)
public macro JSONUnknownKeys() = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// One direction of a mapping, for ``JSONIgnore(_:)``.
public enum JSONDirection: Sendable {
    /// Reading JSON into the model.
    case decoding
    /// Writing the model as JSON.
    case encoding
}

/// Decides, for one property, when a `nil` or empty value is left out of the encoded object,
/// whatever the encoder's ``JSONModelEncoder/writesNulls`` says.
///
/// ```swift
/// @JSONOmit(.never) var deletedAt: Date?     // {"deletedAt": null}: the server expects the key
/// @JSONOmit(.whenNil) var cursor: String?    // left out, even when the encoder writes nulls
/// @JSONOmit(.whenEmpty) var tags: [String]   // left out when empty (or nil, for an optional)
/// ```
@attached(peer)
public macro JSONOmit(_ rule: JSONOmitRule) = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// When ``JSONOmit(_:)`` leaves a property out of the encoded object.
public enum JSONOmitRule: Sendable {
    /// Never: `nil` is written as `null`.
    case never
    /// When it is `nil`.
    case whenNil
    /// When it is `nil` or empty (a collection or a string).
    case whenEmpty
}

/// Gives a property a default used when its key is missing (and, with
/// ``JSONModelDecoder/nullAsMissing``, when it is `null`).
///
/// ```swift
/// // {} -> retries == 3
/// @JSONDefault(3) var retries: Int
/// ```
///
/// An initial value (`var retries: Int = 3`) does the same; use one or the other. The
/// expression is evaluated in the generated initializer, each time the key is missing.
@attached(peer)
public macro JSONDefault<T>(_ value: T) = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Reads and writes a property through a ``JSONTransformer``.
///
/// ```swift
/// @JSONTransform(.iso8601) var updatedAt: Date
/// @JSONTransform(.date(format: "yyyy-MM-dd")) var day: Date
/// @JSONTransform(.valueMapping(["open": State.open, "closed": .closed], default: .unknown)) var state: State
/// @JSONTransform(.millisecondsSince1970.array) var stamps: [Date]
/// ```
///
/// On an optional property the transformer handles the wrapped value (`nil` is missing or
/// `null`). The expression is evaluated once per model type (per value in generic models,
/// which cannot store it), so a transformer may do setup work such as compiling a date pattern. Arguments are
/// type-checked without the property's type: name generic types once (`State.open`). The
/// transformer wins over the model's `jsonTransformer(forProperty:of:)` hook and the
/// decoder's strategies; see <doc:Transformers>.
@attached(peer)
public macro JSONTransform<T: JSONTransformer>(_ transformer: T) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Decodes a property, or every property of a model, with lenient coercion: `"10"` for an
/// `Int`, `1` or `"yes"` for a `Bool`, a number for a `String`, `null` for a property with a
/// default (the table is in ``JSONCoercion``).
///
/// ```swift
/// // {"count": "10", "enabled": "yes"}
/// @JSONModel
/// struct Flags {
///     @JSONLenient var count: Int      // 10
///     @JSONLenient var enabled: Bool   // true
/// }
///
/// @JSONModel @JSONLenient              // on the type: every property
/// struct Legacy { var id: Int; var name: String }
/// ```
///
/// Leniency reaches everything decoded beneath the property or model, nested models
/// included, as ``JSONModelDecoder/coercion`` does for a whole decode. Each conversion is
/// noted in the decode's ``JSONDecodingReport``. A non-integral number for an integer stays
/// an error unless a rounding rule applies (``JSONLenient(rounding:)``, or the decoder's
/// ``JSONCoercion/rounding``).
@attached(peer)
public macro JSONLenient() = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Decodes a property, or every property of a model, with lenient coercion, rounding a
/// non-integral number for an integer with `rounding` (`nil`: keep it an error).
///
/// ```swift
/// // {"stars": 4.6, "rank": 2.5}
/// @JSONModel @JSONLenient(rounding: .down)
/// struct Rating {
///     var stars: Int                                                  // 4
///     @JSONLenient(rounding: .toNearestOrAwayFromZero) var rank: Int  // 3
/// }
/// ```
///
/// The closest rule wins: a property's over its model's, a model's over the decoder's
/// ``JSONCoercion/rounding``; a nested model's own rule applies beneath it. A bare
/// `@JSONLenient` keeps the rule that reaches it. A rounded number that does not fit the
/// integer type stays an error. Each rounding is noted in the decode's ``JSONDecodingReport``.
@attached(peer)
public macro JSONLenient(rounding: FloatingPointRoundingRule?) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Keeps one bad value from failing the whole model: a value that fails to decode gives the
/// property's default, or `nil` for an optional, and a collection drops its elements that fail.
/// The decode's ``JSONDecodingReport`` notes each value replaced and each element dropped, with
/// its path and the rejected JSON.
///
/// ```swift
/// // {"age": "thirty", "role": "owner", "tags": [1, "two", 3], "homepage": 5}
/// @JSONLossy var age: Int = 0               // 0
/// @JSONLossy var role: Role = .member       // .member (no case "owner")
/// @JSONLossy var tags: [Int]                // [1, 3]; the report notes tags[1]
/// @JSONLossy var homepage: URL?             // nil
/// ```
///
/// A value of the wrong type, `null` for a non-optional, an unknown raw value and a failing
/// transformer all count as failing. A missing key behaves as without the marker, and invalid
/// JSON is still an error: a syntax error anywhere fails the decode. The property needs a
/// default (an initial value or ``JSONDefault(_:)``) or an optional type, unless it is a
/// collection without a transformer, which only drops elements. Every collection level of the
/// property's type drops elements (`[[Int]]`, `[String: [Int]]`); collections inside nested
/// models do not (``JSONModelDecoder/lossyCollections`` makes a whole decode lossy).
@attached(peer)
public macro JSONLossy() = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Reads and writes a model-typed property's members in the enclosing model's own object,
/// each key after `prefix`.
///
/// ```swift
/// @JSONModel struct Address { var street: String; var city: String }
/// @JSONModel struct Order {
///     var id: Int
///     @JSONFlatten(prefix: "billing_") var billing: Address   // "billing_street", "billing_city"
/// }
/// ```
///
/// Decoding reads the property's type from the model's object: its keys are the ones that
/// start with `prefix` (as written; a key strategy converts only the rest, as for the type
/// alone), and every other member is the model's. To the model, those keys are known: they
/// are never rejected as unknown nor kept by `@JSONUnknownKeys`. Encoding writes the value's
/// members into the model's object, after the model's own keys, each with `prefix`.
///
/// An optional property (`Address?`), or one with a default, is `nil` (the default) when none
/// of its keys is present; when some are, the value is decoded and its missing required keys
/// are errors. Errors name keys as the object has them: `billing_street: expected String,
/// found Int`. Only `@JSONModel` types can be flattened (the model learns their keys at run
/// time); decoding or encoding a model whose flattened keys coincide with each other or with
/// its own keys throws an error naming the key.
@attached(peer)
public macro JSONFlatten(prefix: String = "") = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")
