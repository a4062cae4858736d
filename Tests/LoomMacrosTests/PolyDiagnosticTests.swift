import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Misuse of enums, classes, hooks and merge markers: every problem at once, fix-its where one
/// is obvious, no generated code.
@Suite("@JSONModel diagnostics: enums, classes, merging")
struct PolyDiagnosticTests {
    /// Unlabeled values under an internal tag, a tag used twice, markers meant for properties, two fallbacks: all reported at once.
    @Test func enumCaseProblems() {
        assertExpansion(
            """
            @JSONModel(representation: .internal(tag: "type"))
            enum Message {
                case text(TextMessage, Date)
                case note(TextMessage)
                @JSONTag("note") case plain(TextMessage)
                @JSONKey("img") case image(PictureMessage)
                @JSONFallback case unknown(JSONValue)
                @JSONFallback case other(JSONValue)
            }
            """,
            expandedSource: """
            enum Message {
                case text(TextMessage, Date)
                case note(TextMessage)
                case plain(TextMessage)
                case image(PictureMessage)
                case unknown(JSONValue)
                case other(JSONValue)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "case 'text' has several unlabeled associated values, written as a JSON array, which the internal representation cannot put the tag in; label them or use .adjacent(tag:content:)", line: 3, column: 14),
                DiagnosticSpec(message: "tag \"note\" of case 'plain' is already used by case 'note'", line: 5, column: 27),
                DiagnosticSpec(message: "'@JSONKey' does not apply to enum cases; use '@JSONTag' to name a case's tag", line: 6, column: 5, fixIts: [FixItSpec(message: "remove '@JSONKey(\"img\")'")]),
                DiagnosticSpec(message: "only one case can be '@JSONFallback'", line: 8, column: 5)
            ],
            fixedSource: """
                @JSONModel(representation: .internal(tag: "type"))
                enum Message {
                    case text(TextMessage, Date)
                    case note(TextMessage)
                    @JSONTag("note") case plain(TextMessage)
                    case image(PictureMessage)
                    @JSONFallback case unknown(JSONValue)
                    @JSONFallback case other(JSONValue)
                }
                """,
            macros: polyMacros
        )
    }

    /// A representation must be spelled out with literal keys.
    @Test func caseValuesWithoutAJSONForm() {
        assertExpansion(
            """
            @JSONModel
            enum Event {
                case custom(Any)
                case moved(from: (Int, Int), to: Point)
                case started
            }
            """,
            expandedSource: """
            enum Event {
                case custom(Any)
                case moved(from: (Int, Int), to: Point)
                case started
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "case 'custom' carries type 'Any', which has no JSON form; use 'JSONValue' for JSON of any shape",
                    line: 3, column: 17, fixIts: [FixItSpec(message: "use 'JSONValue'")]),
                DiagnosticSpec(
                    message: "case 'moved' carries type '(Int, Int)', which has no JSON form; declare a model for it",
                    line: 4, column: 22),
            ],
            fixedSource: """
                @JSONModel
                enum Event {
                    case custom(JSONValue)
                    case moved(from: (Int, Int), to: Point)
                    case started
                }
                """
        )
    }

    @Test func unknownRepresentation() {
        assertExpansion(
            """
            @JSONModel(representation: .internal(tag: name))
            enum Message {
                case text(TextMessage)
            }
            """,
            expandedSource: """
            enum Message {
                case text(TextMessage)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'representation:' must be .external, .internal(tag:), .adjacent(tag:content:), .untagged or .chosenByContent, with string literal keys", line: 1, column: 28)
            ],
            macros: polyMacros
        )
    }

    /// The tag and content keys must be two different non-empty keys.
    @Test func adjacentKeysMustDiffer() {
        assertExpansion(
            """
            @JSONModel(representation: .adjacent(tag: "type", content: "type"))
            enum Message {
                case text(TextMessage)
            }
            """,
            expandedSource: """
            enum Message {
                case text(TextMessage)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "the tag and content keys of an enum representation cannot be empty, nor the same key", line: 1, column: 28)
            ],
            macros: polyMacros
        )
    }

    /// A case without payload cannot be written untagged.
    @Test func unitCasesNeedATag() {
        assertExpansion(
            """
            @JSONModel(representation: .untagged)
            enum Message {
                case text(TextMessage)
                case ping
            }
            """,
            expandedSource: """
            enum Message {
                case text(TextMessage)
                case ping
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "case 'ping' has no payload, which the untagged representation cannot write; give it a payload or use a tagged representation", line: 4, column: 10)
            ],
            macros: polyMacros
        )
    }

    /// Tags are literals on single cases; runtime key strategies cannot rename tags.
    @Test func enumTagsAndStrategy() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .custom(myKeys))
            enum Nothing {
                @JSONTag case a, b
            }
            """,
            expandedSource: """
            enum Nothing {
                case a, b
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "on an enum, 'keyStrategy:' must be .useDefaultKeys, .snakeCase, .kebabCase, .screamingSnakeCase or .pascalCase, applied to the case names at compile time", line: 1, column: 25),
                DiagnosticSpec(message: "'@JSONTag' expects one or more non-empty string literals, or integer or Boolean literals", line: 3, column: 5),
                DiagnosticSpec(message: "'@JSONTag' on a declaration of several cases; declare each case on its own line", line: 3, column: 5)
            ],
            macros: polyMacros
        )
    }

    /// An enum without cases cannot be decoded.
    @Test func enumWithoutCases() {
        assertExpansion(
            """
            @JSONModel
            enum Nothing {
                static let shared = 1
            }
            """,
            expandedSource: """
            enum Nothing {
                static let shared = 1
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONModel' enum 'Nothing' has no cases to decode", line: 2, column: 6)
            ],
            macros: polyMacros
        )
    }

    /// Enum-only arguments and markers on a struct, and merge markers that cannot apply.
    @Test func structMisuse() {
        assertExpansion(
            """
            @JSONModel(representation: .external)
            struct Message {
                @JSONTag("x") var text: String
                @JSONMerge(.keep) let id: Int
                @JSONMerge(.replaceIfPresent) var count: Int
                @JSONMerge(.sometimes) var size: Int
                @JSONMerge(.keep) var labels: [String]
                static func mergeLabels(_ a: inout [String], _ b: [String]) {}
            }
            """,
            expandedSource: """
            struct Message {
                var text: String
                let id: Int
                var count: Int
                var size: Int
                var labels: [String]
                static func mergeLabels(_ a: inout [String], _ b: [String]) {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONMerge' expects .keep, .replace or .replaceIfPresent", line: 6, column: 5),
                DiagnosticSpec(message: "'representation:' applies only to '@JSONModel' enums", line: 1, column: 12),
                DiagnosticSpec(message: "'@JSONTag' applies to cases of '@JSONModel' enums, not to property 'text'", line: 3, column: 5, fixIts: [FixItSpec(message: "remove '@JSONTag(\"x\")'")]),
                DiagnosticSpec(message: "'@JSONMerge' on 'let' property 'id', which merge(from:) cannot assign", line: 4, column: 5, fixIts: [FixItSpec(message: "remove '@JSONMerge(.keep)'")]),
                DiagnosticSpec(message: "'@JSONMerge(.replaceIfPresent)' on 'count', which is not optional; non-optional properties are always present", line: 5, column: 5),
                DiagnosticSpec(message: "'@JSONMerge' on 'labels', which also has 'static func mergeLabels'; keep one", line: 7, column: 5)
            ],
            fixedSource: """
                @JSONModel(representation: .external)
                struct Message {
                    var text: String
                    let id: Int
                    @JSONMerge(.replaceIfPresent) var count: Int
                    @JSONMerge(.sometimes) var size: Int
                    @JSONMerge(.keep) var labels: [String]
                    static func mergeLabels(_ a: inout [String], _ b: [String]) {}
                }
                """,
            macros: polyMacros
        )
    }

    /// A class model's superclass must be a model; a class's `jsonWillEncode()` cannot return a copy.
    @Test func classWithoutModelSuperclass() {
        assertExpansion(
            """
            @JSONModel
            final class Message: NSObject {
                var text: String
                func jsonWillEncode() -> Message { self }
            }
            """,
            expandedSource: """
            final class Message: NSObject {
                var text: String
                func jsonWillEncode() -> Message { self }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONModel' class 'Message' inherits from 'NSObject', which is not a model; the superclass of a class model must itself be a '@JSONModel' class", line: 2, column: 22),
                DiagnosticSpec(message: "'jsonWillEncode()' of a class cannot return a copy; change the instance or throw", line: 4, column: 10)
            ],
            macros: polyMacros
        )
    }

    /// Integer raw values cannot be an externally tagged enum's tags, and names would silently
    /// replace them.
    @Test func numericRawValuesAreNotTags() {
        assertExpansion(
            """
            @JSONModel
            enum Priority: Int {
                case low = 1, high = 2
            }
            """,
            expandedSource: """
            enum Priority: Int {
                case low = 1, high = 2
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONModel' would tag the cases of 'Priority' by name, not by their 'Int' raw values; remove '@JSONModel' to read and write the raw values, or give every case a '@JSONTag'",
                    line: 2, column: 16, fixIts: [FixItSpec(message: "remove '@JSONModel'")])
            ],
            fixedSource: """

                enum Priority: Int {
                    case low = 1, high = 2
                }
                """
        )
        #expect(
            expansion(
                of: """
                    @JSONModel
                    enum Priority: Int {
                        @JSONTag("low") case low = 1
                        @JSONTag("high") case high = 2
                    }
                    """
            ).diagnostics.isEmpty)
    }

    /// Hooks run inside decoding and encoding, which never suspend.
    @Test func hooksCannotBeAsync() {
        assertExpansion(
            """
            @JSONModel
            struct Upload {
                var id: Int
                mutating func jsonDidDecode() async throws {}
                static func validateId(_ id: Int) async -> Bool { id > 0 }
            }
            """,
            expandedSource: """
            struct Upload {
                var id: Int
                mutating func jsonDidDecode() async throws {}
                static func validateId(_ id: Int) async -> Bool { id > 0 }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'jsonDidDecode' runs during decoding or encoding, which do not suspend; it cannot be 'async'",
                    line: 4, column: 35, fixIts: [FixItSpec(message: "remove 'async'")]),
                DiagnosticSpec(
                    message: "'validateId' runs during decoding or encoding, which do not suspend; it cannot be 'async'",
                    line: 5, column: 39, fixIts: [FixItSpec(message: "remove 'async'")]),
            ],
            fixedSource: """
                @JSONModel
                struct Upload {
                    var id: Int
                    mutating func jsonDidDecode() throws {}
                    static func validateId(_ id: Int) -> Bool { id > 0 }
                }
                """
        )
    }

    /// Only the root of a hierarchy declares `jsonClass(for:)`.
    @Test func chooserInSubclass() {
        assertExpansion(
            """
            @JSONModel
            final class TextMessage: Message {
                var body: String
                class func jsonClass(for object: JSONElement) -> Message.Type? { nil }
            }
            """,
            expandedSource: """
            final class TextMessage: Message {
                var body: String
                class func jsonClass(for object: JSONElement) -> Message.Type? { nil }
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'jsonClass(for:)' must be declared by the root model class of the hierarchy; a subclass can only 'override' it", line: 4, column: 16)
            ],
            macros: polyMacros
        )
    }

    /// Several associated values: labeled and unlabeled mixed, a label that is the tag key, a fallback with several values.
    @Test func severalValuesProblems() {
        assertExpansion(
            """
            @JSONModel(representation: .internal(tag: "type"))
            enum Command {
                case move(x: Int, Int)
                case rename(type: String, name: String)
                case point(Double, Double)
                @JSONFallback case unknown(raw: JSONValue, note: String)
                case stop
            }
            """,
            expandedSource: """
            enum Command {
                case move(x: Int, Int)
                case rename(type: String, name: String)
                case point(Double, Double)
                case unknown(raw: JSONValue, note: String)
                case stop
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "case 'move' mixes labeled and unlabeled associated values; label all of them (a JSON object) or none (a JSON array)", line: 3, column: 14),
                DiagnosticSpec(message: "label 'type' of case 'rename' is the tag key of the internal representation; rename one of them", line: 4, column: 16),
                DiagnosticSpec(message: "case 'point' has several unlabeled associated values, written as a JSON array, which the internal representation cannot put the tag in; label them or use .adjacent(tag:content:)", line: 5, column: 15),
                DiagnosticSpec(message: "'@JSONFallback' case 'unknown' has several associated values; a fallback case carries one value (or none)", line: 6, column: 24),
            ],
            macros: polyMacros
        )
    }

    /// Integer and Boolean tags outside a tag key, mixed with string tags in one enum or one attribute, used twice.
    @Test func valueTagProblems() {
        assertExpansion(
            """
            @JSONModel
            enum External {
                @JSONTag(1) case one(One)
                @JSONTag(true) case yes(Yes)
            }

            @JSONModel(representation: .internal(tag: "kind"))
            enum Mixed {
                @JSONTag(1) case one(One)
                @JSONTag("two") case two(Two)
                case three(Three)
                @JSONTag(4, "four") case four(Four)
                @JSONTag(1.5) case five(Five)
            }

            @JSONModel(representation: .adjacent(tag: "op", content: "d"))
            enum Twice {
                @JSONTag(1) case one(One)
                @JSONTag(-1, 1) case other(Other)
            }
            """,
            expandedSource: """
            enum External {
                case one(One)
                case yes(Yes)
            }
            enum Mixed {
                case one(One)
                case two(Two)
                case three(Three)
                case four(Four)
                case five(Five)
            }
            enum Twice {
                case one(One)
                case other(Other)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "integer and Boolean tags are written as the value of a tag key, which the external representation does not have; use .internal(tag:) or .adjacent(tag:content:), or a string tag", line: 3, column: 5),
                DiagnosticSpec(message: "integer and Boolean tags are written as the value of a tag key, which the external representation does not have; use .internal(tag:) or .adjacent(tag:content:), or a string tag", line: 4, column: 5),
                DiagnosticSpec(message: "case 'four' has a string tag where other cases have integer or Boolean tags; give every case a tag of the same kind with '@JSONTag'", line: 12, column: 5),
                DiagnosticSpec(message: "'@JSONTag' expects one or more non-empty string literals, or integer or Boolean literals", line: 13, column: 14),
                DiagnosticSpec(message: "case 'two' has a string tag where other cases have integer or Boolean tags; give every case a tag of the same kind with '@JSONTag'", line: 10, column: 5),
                DiagnosticSpec(message: "case 'three' has a string tag where other cases have integer or Boolean tags; give every case a tag of the same kind with '@JSONTag'", line: 11, column: 10),
                DiagnosticSpec(message: "tag 1 of case 'other' is already used by case 'one'", line: 19, column: 26),
            ],
            macros: polyMacros
        )
    }
}
