/// Makes a struct (or, later, a class or enum) a ``JSONModel``: generates decoding from a
/// parsed document and encoding to JSON at compile time, with no runtime reflection.
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
/// - Parameter keyStrategy: How property names become JSON keys for properties without
///   `@JSONKey`: `.useDefaultKeys` (the default), `.snakeCase`, or
///   `.custom(someFunction)` with a `(String) -> String` function.
@attached(
    member,
    names: named(init(json:context:)), named(encode(to:context:)), named(_loomKeys), prefixed(_loomKeys_))
// The extension role lists `arbitrary` because the compiler does not accept `prefixed(_loomKeys_)`
// for names declared inside a macro-generated extension (key sets `_loomKeys_1`, `_loomKeys_2`, …).
@attached(
    extension, conformances: JSONModel,
    names: named(init(json:context:)), named(encode(to:context:)), named(_loomKeys), arbitrary)
public macro JSONModel(keyStrategy: JSONKeyStrategy = .useDefaultKeys) =
    #externalMacro(module: "LoomMacros", type: "JSONModelMacro")

/// Names the JSON key of a property, a key path into nested objects, or fallback keys.
///
/// ```swift
/// @JSONKey("html_url") var htmlURL: URL          // {"html_url": "…"}
/// @JSONKey("user.login") var login: String       // {"user": {"login": "…"}}
/// @JSONKey("id", "ID", "book_id") var id: Int    // first present non-null key wins
/// @JSONKey("a\\.b") var dotted: Int              // the key "a.b" itself
/// ```
@attached(peer)
public macro JSONKey(_ key: String, _ fallbacks: String...) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Collects several keys (or key paths) of the JSON object into one property, which
/// receives them as an object keyed by the names given, and writes them back on encode.
///
/// ```swift
/// @JSONKey(collecting: ["temp", "temp_max"]) var temperatures: [String: Double]
/// ```
@attached(peer)
public macro JSONKey(collecting keys: [String]) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Excludes a property from decoding and encoding; it keeps its initial value.
@attached(peer)
public macro JSONIgnore() = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Gives a property a default used when its key is missing (and, with
/// ``JSONModelDecoder/nullAsMissing``, when it is `null`).
@attached(peer)
public macro JSONDefault<T>(_ value: T) = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Reads and writes a property through a ``JSONTransformer``.
///
/// ```swift
/// @JSONTransform(.iso8601) var updatedAt: Date
/// ```
@attached(peer)
public macro JSONTransform<T: JSONTransformer>(_ transformer: T) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")
