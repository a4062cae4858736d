import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Every misuse `@JSONModel` reports: all problems at once, fix-its where one is obvious, and
/// no generated code when anything is wrong.
@Suite("@JSONModel diagnostics")
struct DiagnosticTests {
    // MARK: Declarations

    @Test(arguments: ["protocol", "actor"])
    func otherDeclarationsAreRejected(keyword: String) {
        assertExpansion(
            """
            @JSONModel
            \(keyword) Model {
            }
            """,
            expandedSource: """
            \(keyword) Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONModel' must be attached to a struct, class or enum", line: 1, column: 1)
            ]
        )
    }

    @Test func extensionsAreRejectedOnce() {
        assertExpansion(
            """
            @JSONModel
            extension Model {
            }
            """,
            expandedSource: """
            extension Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONModel' must be attached to a struct, class or enum", line: 1, column: 1)
            ]
        )
    }

    // MARK: Declaration contexts

    /// A private type nested in another cannot be named by an extension at file scope, where
    /// the conformance would go; the type can declare it itself, or be `fileprivate`.
    @Test func privateNestedTypesDeclareTheirConformance() {
        assertExpansion(
            """
            enum Vault {
                @JSONModel
                private struct Token {
                    var value: String
                }
            }
            """,
            expandedSource: """
            enum Vault {
                private struct Token {
                    var value: String
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONModel' cannot declare the conformance of private type 'Token': Swift does not let an extension outside 'Vault' name it; declare it in the type (': JSONModel') or make the type 'fileprivate'",
                    line: 2, column: 5,
                    fixIts: [FixItSpec(message: "declare ': JSONModel'"), FixItSpec(message: "make it 'fileprivate'")])
            ],
            applyFixIts: ["declare ': JSONModel'"],
            fixedSource: """
            enum Vault {
                @JSONModel
                private struct Token: JSONModel {
                    var value: String
                }
            }
            """
        )
    }

    @Test func privateNestedTypesCanBeFileprivate() {
        assertExpansion(
            """
            enum Vault {
                @JSONModel
                private struct Token<T>: Equatable {
                    var value: String
                }
            }
            """,
            expandedSource: """
            enum Vault {
                private struct Token<T>: Equatable {
                    var value: String
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONModel' cannot declare the conformance of private type 'Token': Swift does not let an extension outside 'Vault' name it; declare it in the type (': JSONModel') or make the type 'fileprivate'",
                    line: 2, column: 5,
                    fixIts: [FixItSpec(message: "declare ': JSONModel'"), FixItSpec(message: "make it 'fileprivate'")])
            ],
            applyFixIts: ["make it 'fileprivate'"],
            fixedSource: """
            enum Vault {
                @JSONModel
                fileprivate struct Token<T>: Equatable {
                    var value: String
                }
            }
            """
        )
    }

    // MARK: Operators

    /// A `==` in the body does not satisfy an `Equatable` (or `Hashable`) declared on the type
    /// itself once a member macro is attached: Swift derives its own `==` or rejects the
    /// conformance. Declared in an extension, it is taken.
    @Test func operatorsInTheBodyAskForAnExtension() {
        assertExpansion(
            """
            @JSONModel
            struct Tag: Hashable, Sendable {
                var name: String
                var uses: Int
                static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
            }
            """,
            expandedSource: """
            struct Tag: Hashable, Sendable {
                var name: String
                var uses: Int
                static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "the '==' in the body of a '@JSONModel' type does not satisfy 'Hashable' declared on the type (Swift derives its own or rejects the conformance); declare the conformance in an extension, 'extension Tag: Hashable {}'",
                    line: 2, column: 13, fixIts: [FixItSpec(message: "declare it in 'extension Tag: Hashable {}'")])
            ],
            applyFixIts: ["declare it in 'extension Tag: Hashable {}'"],
            fixedSource: """
            @JSONModel
            struct Tag: Sendable {
                var name: String
                var uses: Int
                static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
            }

            extension Tag: Hashable {}
            """
        )
    }

    /// An operator comparing with another type implements no requirement of the type.
    @Test func operatorsWithAnotherTypeAreNotReported() {
        let (_, diagnostics) = expansion(
            of: """
                @JSONModel
                struct Tag: Equatable {
                    var name: String
                    static func == (lhs: Tag, rhs: String) -> Bool { lhs.name == rhs }
                }
                """)
        #expect(diagnostics.isEmpty)
    }

    /// Nested, the extension names the enclosing types; no fix-it can write it at file scope.
    @Test func operatorsInANestedTypeNameTheExtension() {
        let (_, diagnostics) = expansion(
            of: """
                enum Store {
                    @JSONModel
                    final class Price: Comparable {
                        var amount: Int
                        static func < (lhs: Price, rhs: Price) -> Bool { lhs.amount < rhs.amount }
                        static func == (lhs: Price, rhs: Price) -> Bool { lhs.amount == rhs.amount }
                    }
                }
                """)
        #expect(
            diagnostics == [
                "the '<' in the body of a '@JSONModel' type does not satisfy 'Comparable' declared on the type (Swift derives its own or rejects the conformance); declare the conformance in an extension, 'extension Store.Price: Comparable {}'"
            ])
    }

    /// Swift does not allow extension macros on local types: the compiler refuses them, and
    /// the macro says what to do instead.
    @Test func localTypesAreRejected() {
        assertExpansion(
            """
            func load() {
                @JSONModel
                struct Row {
                    var id: Int
                }
            }
            """,
            expandedSource: """
            func load() {
                struct Row {
                    var id: Int
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONModel' cannot be used on 'Row', which is declared inside a function: Swift does not allow extension macros on local types; declare the model outside the function",
                    line: 2, column: 5)
            ]
        )
    }

    /// A marker on a property of a type without `@JSONModel` would do nothing.
    @Test func markersWithoutAModelAreReported() {
        assertExpansion(
            """
            struct Settings {
                @JSONKey("dark_mode") var darkMode: Bool
                @JSONIgnore var cache: [String: Int] = [:]
            }
            """,
            expandedSource: """
            struct Settings {
                var darkMode: Bool
                var cache: [String: Int] = [:]
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONKey' has no effect: 'Settings' is not marked '@JSONModel'", line: 2, column: 5,
                    severity: .warning, fixIts: [FixItSpec(message: #"remove '@JSONKey("dark_mode")'"#)]),
                DiagnosticSpec(
                    message: "'@JSONIgnore' has no effect: 'Settings' is not marked '@JSONModel'", line: 3, column: 5,
                    severity: .warning, fixIts: [FixItSpec(message: "remove '@JSONIgnore'")]),
            ]
        )
    }

    // MARK: One-way properties and @JSONOmit

    /// A property only written still needs a value of its own; a direction or rule that is not
    /// one of the cases, and a rule that could never apply, are reported.
    @Test func oneWayAndOmitMarkers() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONIgnore(.decoding) var version: String
                @JSONIgnore(.sideways) var a: Int = 0
                @JSONOmit(.never) var count: Int
                @JSONOmit(.whenEmpty) var id: Int?
                @JSONOmit(.sometimes) var b: String?
            }
            """,
            expandedSource: """
            struct Model {
                var version: String
                var a: Int = 0
                var count: Int
                var id: Int?
                var b: String?
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONIgnore' expects no arguments, '.decoding' or '.encoding'", line: 4, column: 5),
                DiagnosticSpec(
                    message: "'@JSONOmit' expects '.never', '.whenNil' or '.whenEmpty'", line: 7, column: 5),
                DiagnosticSpec(
                    message: "'@JSONIgnore' property 'version' needs a default value, because decoding never sets it",
                    line: 3, column: 5, fixIts: [FixItSpec(message: "insert '= <#default#>'")]),
                DiagnosticSpec(
                    message: "'@JSONOmit(.never)' applies to optional properties; 'count' is not one", line: 5,
                    column: 5, fixIts: [FixItSpec(message: "remove '@JSONOmit(.never)'")]),
                DiagnosticSpec(
                    message: "'@JSONOmit(.whenEmpty)' applies to collections and strings; 'id' is not one", line: 6,
                    column: 5, fixIts: [FixItSpec(message: "remove '@JSONOmit(.whenEmpty)'")]),
            ]
        )
    }

    // MARK: @JSONFlatten

    @Test func flattenHasNoKeyOrValueOfItsOwn() {
        assertExpansion(
            """
            @JSONModel
            struct Order {
                @JSONFlatten @JSONKey("addr") var shipping: Address
                @JSONFlatten @JSONLossy var billing: Address?
                @JSONFlatten @JSONTransform(AddressParser()) var home: Address
                @JSONFlatten @JSONOmit(.whenNil) @JSONUnknownKeys var work: Address?
            }
            """,
            expandedSource: """
            struct Order {
                var shipping: Address
                var billing: Address?
                var home: Address
                var work: Address?
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONKey' cannot be combined with '@JSONFlatten' on 'shipping', whose members sit in the model's object without a key or value of their own",
                    line: 3, column: 18, fixIts: [FixItSpec(message: "remove '@JSONKey(\"addr\")'")]),
                DiagnosticSpec(
                    message:
                        "'@JSONLossy' cannot be combined with '@JSONFlatten' on 'billing', whose members sit in the model's object without a key or value of their own",
                    line: 4, column: 18, fixIts: [FixItSpec(message: "remove '@JSONLossy'")]),
                DiagnosticSpec(
                    message:
                        "'@JSONTransform' cannot be combined with '@JSONFlatten' on 'home', whose members sit in the model's object without a key or value of their own",
                    line: 5, column: 18, fixIts: [FixItSpec(message: "remove '@JSONTransform(AddressParser())'")]),
                DiagnosticSpec(
                    message:
                        "'@JSONOmit' cannot be combined with '@JSONFlatten' on 'work', whose members sit in the model's object without a key or value of their own",
                    line: 6, column: 18, fixIts: [FixItSpec(message: "remove '@JSONOmit(.whenNil)'")]),
                DiagnosticSpec(
                    message:
                        "'@JSONUnknownKeys' cannot be combined with '@JSONFlatten' on 'work', whose members sit in the model's object without a key or value of their own",
                    line: 6, column: 38, fixIts: [FixItSpec(message: "remove '@JSONUnknownKeys'")]),
            ]
        )
    }

    @Test func flattenIgnoredEntirelyIsIgnored() {
        assertExpansion(
            """
            @JSONModel
            struct Order {
                @JSONFlatten @JSONIgnore var shipping: Address = Address()
            }
            """,
            expandedSource: """
            struct Order {
                var shipping: Address = Address()
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONFlatten' has no effect on 'shipping', which is marked '@JSONIgnore'", line: 3, column: 5,
                    fixIts: [FixItSpec(message: "remove '@JSONFlatten'")])
            ]
        )
    }

    @Test func flattenNeedsAModelTypeAndALiteralPrefix() {
        assertExpansion(
            """
            @JSONModel
            struct Order {
                @JSONFlatten var lines: [Line]
                @JSONFlatten(prefix: name) var billing: Address
                @JSONFlatten("billing_") var home: Address
                @JSONFlatten var work = Address()
            }
            """,
            expandedSource: """
            struct Order {
                var lines: [Line]
                var billing: Address
                var home: Address
                var work = Address()
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONFlatten' expects no arguments, or one 'prefix:' string literal", line: 4, column: 5),
                DiagnosticSpec(
                    message: "'@JSONFlatten' expects no arguments, or one 'prefix:' string literal", line: 5, column: 5),
                DiagnosticSpec(
                    message: "'@JSONFlatten' property 'lines' must have a model type (or an optional one); '[Line]' has no keys to flatten",
                    line: 3, column: 5),
                DiagnosticSpec(
                    message: "property 'work' needs an explicit type annotation so '@JSONModel' knows how to map it", line: 6,
                    column: 22, fixIts: [FixItSpec(message: "insert ': Address'")]),
            ]
        )
    }

    @Test func flattenIsForStructModels() {
        assertExpansion(
            """
            @JSONModel
            final class Order {
                var id: Int = 0
                @JSONFlatten var shipping: Address = Address()
            }
            """,
            expandedSource: """
            final class Order {
                var id: Int = 0
                var shipping: Address = Address()
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONFlatten' is not supported in class models ('shipping'); flatten the property in a struct model, or nest it under a key",
                    line: 4, column: 5)
            ]
        )
    }

    @Test func flattenIsNotForEnumModels() {
        // Only the diagnostic: the enum's own expansion is the enum tests' concern.
        let result = expansion(
            of: """
                @JSONModel
                enum Shape {
                    case circle(Circle)
                    @JSONFlatten var first: Circle { Circle() }
                }
                """)
        #expect(
            result.diagnostics == [
                "'@JSONFlatten' is not supported in enum models, which map their cases; flatten the property in the struct model a case carries"
            ])
    }

    // MARK: @JSONUnknownKeys

    @Test func unknownKeysNeedOneDictionaryOfValues() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONUnknownKeys var extra: [String: Any]
                @JSONUnknownKeys @JSONKey("x") var more: [String: JSONValue] = [:]
            }
            """,
            expandedSource: """
            struct Model {
                var extra: [String: Any]
                var more: [String: JSONValue] = [:]
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONUnknownKeys' property 'extra' must be of type '[String: JSONValue]'", line: 3,
                    column: 5),
                DiagnosticSpec(
                    message:
                        "'@JSONKey' cannot be combined with '@JSONUnknownKeys' on 'more', which has no key of its own",
                    line: 4, column: 22, fixIts: [FixItSpec(message: "remove '@JSONKey(\"x\")'")]),
            ]
        )
    }

    @Test func unknownKeysOncePerModelAndNotInHierarchies() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONUnknownKeys var extra: [String: JSONValue] = [:]
                @JSONUnknownKeys var more: [String: JSONValue] = [:]
            }
            """,
            expandedSource: """
            struct Model {
                var extra: [String: JSONValue] = [:]
                var more: [String: JSONValue] = [:]
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONUnknownKeys' can mark one property of a model; 'more' is another", line: 4,
                    column: 5, fixIts: [FixItSpec(message: "remove '@JSONUnknownKeys'")])
            ]
        )
        assertExpansion(
            """
            @JSONModel
            class Model {
                var id: Int = 0
                @JSONUnknownKeys var extra: [String: JSONValue] = [:]
            }
            """,
            expandedSource: """
            class Model {
                var id: Int = 0
                var extra: [String: JSONValue] = [:]
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONUnknownKeys' needs a struct or a final class: the classes of a hierarchy share one object, so none of them knows which keys are unknown; make 'Model' final",
                    line: 4, column: 5)
            ]
        )
    }

    // MARK: @JSONIgnore

    @Test func ignoredPropertiesNeedADefault() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONIgnore var cache: [String: Int]
                @JSONIgnore let stamp: Date? // set later
                @JSONIgnore var fine: Int?
            }
            """,
            expandedSource: """
            struct Model {
                var cache: [String: Int]
                let stamp: Date? // set later
                var fine: Int?
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONIgnore' property 'cache' needs a default value, because decoding never sets it", line: 3,
                    column: 5, fixIts: [FixItSpec(message: "insert '= <#default#>'")]),
                DiagnosticSpec(
                    message: "'@JSONIgnore' property 'stamp' needs a default value, because decoding never sets it", line: 4,
                    column: 5, fixIts: [FixItSpec(message: "insert '= <#default#>'")]),
            ],
            fixedSource: """
                @JSONModel
                struct Model {
                    @JSONIgnore var cache: [String: Int] = <#default#>
                    @JSONIgnore let stamp: Date? = <#default#> // set later
                    @JSONIgnore var fine: Int?
                }
                """
        )
    }

    @Test func ignoreCannotBeCombinedWithOtherMarkers() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONIgnore @JSONKey("k") @JSONDefault(1) var both: Int = 1
            }
            """,
            expandedSource: """
            struct Model {
                var both: Int = 1
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONKey' has no effect on 'both', which is marked '@JSONIgnore'", line: 3, column: 17,
                    fixIts: [FixItSpec(message: #"remove '@JSONKey("k")'"#)]),
                DiagnosticSpec(
                    message: "'@JSONDefault' has no effect on 'both', which is marked '@JSONIgnore'", line: 3, column: 31,
                    fixIts: [FixItSpec(message: "remove '@JSONDefault(1)'")]),
            ],
            fixedSource: """
                @JSONModel
                struct Model {
                    @JSONIgnore var both: Int = 1
                }
                """
        )
    }

    // MARK: Keys

    @Test func twoPropertiesCannotWriteTheSameKey() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                var id: Int
                @JSONKey("id") var identifier: Int
                @JSONKey("user.login") var login: String
                @JSONKey("user.login") var handle: String
            }
            """,
            expandedSource: """
            struct Model {
                var id: Int
                var identifier: Int
                var login: String
                var handle: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: #"JSON key "id" of 'identifier' is already mapped by 'id'"#, line: 4, column: 14),
                DiagnosticSpec(message: #"JSON key "user.login" of 'handle' is already mapped by 'login'"#, line: 6, column: 14),
            ]
        )
    }

    @Test func fallbackAndCollectedKeysCount() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONKey("id", "ID") var id: Int
                @JSONKey(collecting: ["ID", "id"]) var ids: [String: Int]
                @JSONKey("x", "y", "x") var x: Int
            }
            """,
            expandedSource: """
            struct Model {
                var id: Int
                var ids: [String: Int]
                var x: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: #"JSON key "ID" of 'ids' is already mapped by 'id'"#, line: 4, column: 27),
                DiagnosticSpec(message: #"JSON key "id" of 'ids' is already mapped by 'id'"#, line: 4, column: 33),
                DiagnosticSpec(message: #"JSON key "x" appears twice in the keys of 'x'"#, line: 5, column: 24),
            ]
        )
    }

    @Test func aKeyCannotBeAValueAndAnObject() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                var user: String
                @JSONKey("user.login") var login: String
                @JSONKey("owner.id") var ownerID: Int
                @JSONKey("owner") var owner: String
            }
            """,
            expandedSource: """
            struct Model {
                var user: String
                var login: String
                var ownerID: Int
                var owner: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        #"key path "user.login" of 'login' goes through "user", which 'user' maps to a value; a key cannot be both a value and an object of key paths"#,
                    line: 4, column: 14),
                DiagnosticSpec(
                    message:
                        #"key path "owner.id" of 'ownerID' goes through "owner", which 'owner' maps to a value; a key cannot be both a value and an object of key paths"#,
                    line: 6, column: 14),
            ]
        )
    }

    @Test func snakeCaseKeysAreCheckedAfterConversion() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .snakeCase)
            struct Model {
                var userName: String
                @JSONKey("user_name") var name: String
            }
            """,
            expandedSource: """
            struct Model {
                var userName: String
                var name: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: #"JSON key "user_name" of 'name' is already mapped by 'userName'"#, line: 4, column: 14)
            ]
        )
    }

    @Test(arguments: [
        (#""""#, #"invalid JSON key "": keys cannot be empty"#),
        (#""a..b""#, #"invalid JSON key "a..b": a key path cannot have an empty component"#),
        (#""a.""#, #"invalid JSON key "a.": a key path cannot have an empty component"#),
        (#"".a""#, #"invalid JSON key ".a": a key path cannot have an empty component"#),
    ])
    func invalidKeyPaths(literal: String, message: String) {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONKey(\(literal)) var value: Int
            }
            """,
            expandedSource: """
            struct Model {
                var value: Int
            }
            """,
            diagnostics: [DiagnosticSpec(message: message, line: 3, column: 14)]
        )
    }

    @Test func keysMustBeLiterals() {
        assertExpansion(
            #"""
            @JSONModel
            struct Model {
                @JSONKey(name) var a: Int
                @JSONKey("x\(suffix)") var b: Int
                @JSONKey(collecting: keys) var c: [String: Int]
                @JSONKey(collecting: ["ok", other]) var d: [String: Int]
            }
            """#,
            expandedSource: """
            struct Model {
                var a: Int
                var b: Int
                var c: [String: Int]
                var d: [String: Int]
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONKey' arguments must be string literals without interpolation, so keys are known at compile time",
                    line: 3, column: 14),
                DiagnosticSpec(
                    message: "'@JSONKey' arguments must be string literals without interpolation, so keys are known at compile time",
                    line: 4, column: 14),
                DiagnosticSpec(
                    message: "'@JSONKey' arguments must be string literals without interpolation, so keys are known at compile time",
                    line: 5, column: 26),
                DiagnosticSpec(
                    message: "'@JSONKey' arguments must be string literals without interpolation, so keys are known at compile time",
                    line: 6, column: 33),
            ]
        )
    }

    @Test func collectingNeedsKeys() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONKey(collecting: []) var all: [String: Int]
            }
            """,
            expandedSource: """
            struct Model {
                var all: [String: Int]
            }
            """,
            diagnostics: [DiagnosticSpec(message: "'@JSONKey(collecting:)' needs at least one key", line: 3, column: 26)]
        )
    }

    // MARK: Properties

    @Test func markersOnComputedPropertiesAreRemoved() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                var first: String
                @JSONKey("full_name")
                var fullName: String { first }
                @JSONTransform(.iso8601) @JSONIgnore var now: Date {
                    get { Date() }
                }
            }
            """,
            expandedSource: """
            struct Model {
                var first: String
                var fullName: String { first }
                var now: Date {
                    get { Date() }
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONKey' cannot be applied to computed property 'fullName', which has no storage to decode into",
                    line: 4, column: 5, fixIts: [FixItSpec(message: #"remove '@JSONKey("full_name")'"#)]),
                DiagnosticSpec(
                    message: "'@JSONTransform' cannot be applied to computed property 'now', which has no storage to decode into",
                    line: 6, column: 5, fixIts: [FixItSpec(message: "remove '@JSONTransform(.iso8601)'")]),
                DiagnosticSpec(
                    message: "'@JSONIgnore' cannot be applied to computed property 'now', which has no storage to decode into",
                    line: 6, column: 30, fixIts: [FixItSpec(message: "remove '@JSONIgnore'")]),
            ],
            fixedSource: """
                @JSONModel
                struct Model {
                    var first: String
                    var fullName: String { first }
                    var now: Date {
                        get { Date() }
                    }
                }
                """
        )
    }

    @Test func markersOnStaticPropertiesAreRemoved() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONKey("x") static var shared = 1
            }
            """,
            expandedSource: """
            struct Model {
                static var shared = 1
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONKey' cannot be applied to static property 'shared'; only instance properties are mapped",
                    line: 3, column: 5, fixIts: [FixItSpec(message: #"remove '@JSONKey("x")'"#)])
            ],
            fixedSource: """
                @JSONModel
                struct Model {
                    static var shared = 1
                }
                """
        )
    }

    @Test func defaultAndInitialValueConflict() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONDefault(1) var count: Int = 2
            }
            """,
            expandedSource: """
            struct Model {
                var count: Int = 2
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONDefault' on 'count', which already has an initial value; keep only one default", line: 3,
                    column: 5, fixIts: [FixItSpec(message: "remove '@JSONDefault(1)'")])
            ],
            fixedSource: """
                @JSONModel
                struct Model {
                    var count: Int = 2
                }
                """
        )
    }

    @Test func lazyPropertiesMustBeIgnored() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                lazy var formatter: Formatter = Formatter()
            }
            """,
            expandedSource: """
            struct Model {
                lazy var formatter: Formatter = Formatter()
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "lazy property 'formatter' cannot be decoded; mark it '@JSONIgnore'", line: 3, column: 5,
                    fixIts: [FixItSpec(message: "insert '@JSONIgnore'")])
            ],
            fixedSource: """
                @JSONModel
                struct Model {
                    @JSONIgnore lazy var formatter: Formatter = Formatter()
                }
                """
        )
    }

    @Test func weakAndUnownedPropertiesMustBeIgnored() {
        assertExpansion(
            """
            @JSONModel
            final class Screen {
                var title: String
                weak var delegate: Delegate?
                unowned(unsafe) let owner: Owner
            }
            """,
            expandedSource: """
            final class Screen {
                var title: String
                weak var delegate: Delegate?
                unowned(unsafe) let owner: Owner
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "weak property 'delegate' cannot be decoded: nothing would keep the decoded object alive; mark it '@JSONIgnore'",
                    line: 4, column: 5, fixIts: [FixItSpec(message: "insert '@JSONIgnore'")]),
                DiagnosticSpec(
                    message:
                        "unowned property 'owner' cannot be decoded: nothing would keep the decoded object alive; mark it '@JSONIgnore'",
                    line: 5, column: 5, fixIts: [FixItSpec(message: "insert '@JSONIgnore'")]),
            ],
            fixedSource: """
                @JSONModel
                final class Screen {
                    var title: String
                    @JSONIgnore weak var delegate: Delegate?
                    @JSONIgnore unowned(unsafe) let owner: Owner
                }
                """
        )
    }

    @Test func anyBecomesJSONValue() {
        assertExpansion(
            """
            @JSONModel
            struct Event {
                var extra: [String: Any]
                var payload: Any?
            }
            """,
            expandedSource: """
            struct Event {
                var extra: [String: Any]
                var payload: Any?
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "property 'extra' has type '[String: Any]', which has no JSON form; use 'JSONValue' for JSON of any shape, or mark it '@JSONIgnore'",
                    line: 3, column: 16, fixIts: [FixItSpec(message: "use 'JSONValue'")]),
                DiagnosticSpec(
                    message:
                        "property 'payload' has type 'Any?', which has no JSON form; use 'JSONValue' for JSON of any shape, or mark it '@JSONIgnore'",
                    line: 4, column: 18, fixIts: [FixItSpec(message: "use 'JSONValue'")]),
            ],
            fixedSource: """
                @JSONModel
                struct Event {
                    var extra: [String: JSONValue]
                    var payload: JSONValue?
                }
                """
        )
    }

    @Test func typesWithoutAJSONFormAreReported() {
        let advice = "declare a model for it, give it a '@JSONTransform', or mark it '@JSONIgnore'"
        assertExpansion(
            """
            @JSONModel
            struct Shapes {
                var pair: (Int, Int)
                var labeled: [(x: Int, y: Int)]
                var handler: @Sendable (Int) -> Void
                var animal: any Animal
                var both: (Named & Aged)?
                var kind: Animal.Type
                var owner: AnyObject?
                var grouped: (Int)
                @JSONTransform(PointTransformer()) var point: (Double, Double)
            }
            """,
            expandedSource: """
            struct Shapes {
                var pair: (Int, Int)
                var labeled: [(x: Int, y: Int)]
                var handler: @Sendable (Int) -> Void
                var animal: any Animal
                var both: (Named & Aged)?
                var kind: Animal.Type
                var owner: AnyObject?
                var grouped: (Int)
                var point: (Double, Double)
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "property 'pair' has type '(Int, Int)', which has no JSON form; \(advice)", line: 3, column: 15),
                DiagnosticSpec(
                    message: "property 'labeled' has type '[(x: Int, y: Int)]', which has no JSON form; \(advice)",
                    line: 4, column: 18),
                DiagnosticSpec(
                    message: "property 'handler' has type '@Sendable (Int) -> Void', which has no JSON form; \(advice)",
                    line: 5, column: 18),
                DiagnosticSpec(
                    message: "property 'animal' has type 'any Animal', which has no JSON form; \(advice)", line: 6, column: 17),
                DiagnosticSpec(
                    message: "property 'both' has type '(Named & Aged)?', which has no JSON form; \(advice)", line: 7, column: 15),
                DiagnosticSpec(
                    message: "property 'kind' has type 'Animal.Type', which has no JSON form; \(advice)", line: 8, column: 15),
                DiagnosticSpec(
                    message: "property 'owner' has type 'AnyObject?', which has no JSON form; \(advice)", line: 9, column: 16),
            ]
        )
    }

    @Test func codingKeysThatDisagreeAreReported() {
        assertExpansion(
            """
            @JSONModel
            struct Message: Codable {
                var userID: Int
                var text: String
                var isRead: Bool = false
                var homePage: String
                enum CodingKeys: String, CodingKey {
                    case userID = "user_id", text, homePage = "home.page"
                }
            }
            """,
            expandedSource: """
            struct Message: Codable {
                var userID: Int
                var text: String
                var isRead: Bool = false
                var homePage: String
                enum CodingKeys: String, CodingKey {
                    case userID = "user_id", text, homePage = "home.page"
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'CodingKeys' maps 'userID' to \"user_id\", but '@JSONModel' does not read 'CodingKeys' and maps it to \"userID\"; name the key with '@JSONKey'",
                    line: 3, column: 9, fixIts: [FixItSpec(message: "insert '@JSONKey(\"user_id\")'")]),
                DiagnosticSpec(
                    message:
                        "'CodingKeys' leaves out 'isRead', but '@JSONModel' does not read 'CodingKeys' and maps it to \"isRead\"; mark it '@JSONIgnore' to leave it out",
                    line: 5, column: 9, fixIts: [FixItSpec(message: "insert '@JSONIgnore'")]),
                DiagnosticSpec(
                    message:
                        "'CodingKeys' maps 'homePage' to \"home.page\", but '@JSONModel' does not read 'CodingKeys' and maps it to \"homePage\"; name the key with '@JSONKey'",
                    line: 6, column: 9, fixIts: [FixItSpec(message: ##"insert '@JSONKey(#"home\.page"#)'"##)]),
            ],
            fixedSource: """
                @JSONModel
                struct Message: Codable {
                    @JSONKey("user_id") var userID: Int
                    var text: String
                    @JSONIgnore var isRead: Bool = false
                    @JSONKey(#"home\\.page"#) var homePage: String
                    enum CodingKeys: String, CodingKey {
                        case userID = "user_id", text, homePage = "home.page"
                    }
                }
                """
        )
    }

    @Test func codingKeysThatAgreeOrAreUsedByHandWrittenCodeAreLeftAlone() {
        for source in [
            """
            @JSONModel(keyStrategy: .snakeCase)
            struct Message: Codable {
                var userID: Int
                @JSONKey("body") var text: String
                @JSONIgnore var isRead = false
                enum CodingKeys: String, CodingKey { case userID = "user_id", text = "content" }
            }
            """,
            """
            @JSONModel
            struct Message: Codable {
                var id: Int
                enum CodingKeys: String, CodingKey { case id = "ID" }
                init(from decoder: any Decoder) throws {
                    id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
                }
            }
            """,
        ] {
            #expect(expansion(of: source, macros: codableMacros).diagnostics.isEmpty)
        }
    }

    @Test func propertiesNeedATypeAnnotation() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                var count = 0
                var name = "n"
                var ratio = 0.5
                var flag = true
                var made = Date()
                var total = sum(1, 2)
            }
            """,
            expandedSource: """
            struct Model {
                var count = 0
                var name = "n"
                var ratio = 0.5
                var flag = true
                var made = Date()
                var total = sum(1, 2)
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "property 'count' needs an explicit type annotation so '@JSONModel' knows how to map it", line: 3,
                    column: 9, fixIts: [FixItSpec(message: "insert ': Int'")]),
                DiagnosticSpec(
                    message: "property 'name' needs an explicit type annotation so '@JSONModel' knows how to map it", line: 4,
                    column: 9, fixIts: [FixItSpec(message: "insert ': String'")]),
                DiagnosticSpec(
                    message: "property 'ratio' needs an explicit type annotation so '@JSONModel' knows how to map it", line: 5,
                    column: 9, fixIts: [FixItSpec(message: "insert ': Double'")]),
                DiagnosticSpec(
                    message: "property 'flag' needs an explicit type annotation so '@JSONModel' knows how to map it", line: 6,
                    column: 9, fixIts: [FixItSpec(message: "insert ': Bool'")]),
                DiagnosticSpec(
                    message: "property 'made' needs an explicit type annotation so '@JSONModel' knows how to map it", line: 7,
                    column: 9, fixIts: [FixItSpec(message: "insert ': Date'")]),
                DiagnosticSpec(
                    message: "property 'total' needs an explicit type annotation so '@JSONModel' knows how to map it", line: 8,
                    column: 9),
            ],
            fixedSource: """
                @JSONModel
                struct Model {
                    var count: Int = 0
                    var name: String = "n"
                    var ratio: Double = 0.5
                    var flag: Bool = true
                    var made: Date = Date()
                    var total = sum(1, 2)
                }
                """
        )
    }

    @Test func markersAppearOnce() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONKey("a") @JSONKey("b") var value: Int
            }
            """,
            expandedSource: """
            struct Model {
                var value: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONKey' appears more than once on the same property", line: 3, column: 19,
                    fixIts: [FixItSpec(message: #"remove '@JSONKey("b")'"#)])
            ],
            fixedSource: """
                @JSONModel
                struct Model {
                    @JSONKey("a") var value: Int
                }
                """
        )
    }

    @Test func tuplePatternsAreRejected() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                var (x, y): (Int, Int)
            }
            """,
            expandedSource: """
            struct Model {
                var (x, y): (Int, Int)
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONModel' cannot map a tuple pattern; declare one property per name, or mark it '@JSONIgnore'",
                    line: 3, column: 9)
            ]
        )
    }

    @Test func reportsEveryProblemAndGeneratesNothing() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                var id: Int
                @JSONIgnore var cache: [Int]
                @JSONKey("id") var other: Int
                @JSONKey("a..b") var broken: Int
                var untyped = 1
            }
            """,
            expandedSource: """
            struct Model {
                var id: Int
                var cache: [Int]
                var other: Int
                var broken: Int
                var untyped = 1
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONIgnore' property 'cache' needs a default value, because decoding never sets it", line: 4,
                    column: 5, fixIts: [FixItSpec(message: "insert '= <#default#>'")]),
                DiagnosticSpec(message: #"JSON key "id" of 'other' is already mapped by 'id'"#, line: 5, column: 14),
                DiagnosticSpec(
                    message: #"invalid JSON key "a..b": a key path cannot have an empty component"#, line: 6, column: 14),
                DiagnosticSpec(
                    message: "property 'untyped' needs an explicit type annotation so '@JSONModel' knows how to map it", line: 7,
                    column: 9, fixIts: [FixItSpec(message: "insert ': Int'")]),
            ]
        )
    }

    /// A property's style is applied at compile time: a built-in strategy only, alone.
    @Test func propertyKeyStylesAreBuiltIn() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONKey(strategy: .custom(myKeys)) var a: Int
                @JSONKey(strategy: .snakeCase, "b") var b: Int
                @JSONKey(strategy: snakeCase) var c: Int
            }
            """,
            expandedSource: """
            struct Model {
                var a: Int
                var b: Int
                var c: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONKey' expects one 'strategy:' of .useDefaultKeys, .snakeCase, .kebabCase, .screamingSnakeCase or .pascalCase", line: 3, column: 5),
                DiagnosticSpec(message: "'@JSONKey' expects one 'strategy:' of .useDefaultKeys, .snakeCase, .kebabCase, .screamingSnakeCase or .pascalCase", line: 4, column: 5),
                DiagnosticSpec(message: "'@JSONKey' expects one 'strategy:' of .useDefaultKeys, .snakeCase, .kebabCase, .screamingSnakeCase or .pascalCase", line: 5, column: 5),
            ]
        )
    }

    @Test func markerArgumentsAreChecked() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONIgnore(1) var a: Int = 0
                @JSONDefault var b: Int
                @JSONTransform(with: .iso8601) var c: Date
            }
            """,
            expandedSource: """
            struct Model {
                var a: Int = 0
                var b: Int
                var c: Date
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONIgnore' expects no arguments, '.decoding' or '.encoding'", line: 3, column: 5),
                DiagnosticSpec(message: "'@JSONDefault' expects one unlabeled argument", line: 4, column: 5),
                DiagnosticSpec(message: "'@JSONTransform' expects one unlabeled argument", line: 5, column: 5),
            ]
        )
    }
}
