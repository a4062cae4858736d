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

/// Names the tag of an enum case with an integer, the value of the tag key in JSON; further
/// tags are accepted when decoding (the first is written).
///
/// For the `.internal(tag:)` and `.adjacent(tag:content:)` representations, when every case
/// has one: the tag matches a JSON integer only (the string `"2"` is not the tag `2`).
///
/// ```swift
/// @JSONModel(representation: .internal(tag: "kind"))
/// enum Event {
///     @JSONTag(1) case note(TextNote)                // {"kind": 1, …}
///     @JSONTag(7, -7) case reaction(Reaction)        // {"kind": 7, …}
/// }
/// ```
@attached(peer)
public macro JSONTag(_ tag: Int, _ alternatives: Int...) =
    #externalMacro(module: "LoomMacros", type: "JSONMarkerMacro")

/// Names the tag of an enum case with a Boolean, the value of the tag key in JSON.
///
/// For the `.internal(tag:)` and `.adjacent(tag:content:)` representations, when every case
/// has one: the tag matches a JSON Boolean only (the string `"true"` is not the tag `true`).
///
/// ```swift
/// @JSONModel(representation: .adjacent(tag: "ok", content: "result"))
/// enum Outcome {
///     @JSONTag(true) case success(Payload)           // {"ok": true, "result": {…}}
///     @JSONTag(false) case failure(Problem)          // {"ok": false, "result": {…}}
/// }
/// ```
@attached(peer)
public macro JSONTag(_ tag: Bool, _ alternatives: Bool...) =
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
