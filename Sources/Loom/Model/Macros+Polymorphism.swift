// Markers for polymorphic enums and merging; `@JSONModel` reads them, on their own they
// expand to nothing.

/// Names the tag of an enum case in JSON, instead of the case name; further tags are
/// accepted when decoding (the first is written).
///
/// ```swift
/// @JSONModel(representation: .internal(tag: "type"))
/// enum Message {
///     case text(TextMessage)                          // {"type": "text", …}
///     @JSONTag("picture", "image") case image(PictureMessage)  // {"type": "picture", …}
/// }
/// ```
@attached(peer)
public macro JSONTag(_ tag: String, _ alternatives: String...) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Marks the enum case that receives any JSON naming no known case, keeping the raw value
/// and writing it back unchanged.
///
/// ```swift
/// @JSONFallback case unknown(JSONValue)   // {"type": "video", …} decodes as .unknown(…)
/// ```
///
/// The case carries one value decoded from the whole JSON value (usually ``JSONValue``), or
/// none (the JSON is dropped and encoding writes the case's own tag). Errors inside the
/// payload of a known case are still errors.
@attached(peer)
public macro JSONFallback() = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Chooses how `merge(from:)` treats a property (see ``JSONMergeable``).
///
/// ```swift
/// @JSONMerge(.keep) var localNote: String     // never taken from the other model
/// @JSONMerge(.replace) var closedAt: Date?    // taken even when the other's is nil
/// ```
///
/// For your own rule, declare `static func merge<Property>(_ current: inout T, _ other: T)`
/// in the model instead.
@attached(peer)
public macro JSONMerge(_ policy: JSONMergePolicy) = #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")
