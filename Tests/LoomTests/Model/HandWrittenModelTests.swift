import Foundation
import Loom
import Testing

// Models written by hand against Loom's public API, exactly as `@JSONModel` generates them for
// the declarations in the comments (the expected expansions are in Tests/LoomMacrosTests).
// They document, and guard, the path for code that cannot or does not want to use the macro:
// the mapping is written once, generic over `_JSONReading`, and `_JSONMapped` runs it on the
// bytes (`_read(from:context:)`) and on a parsed document (`init(json:context:)`); see
// The Models article (Sources/Loom/Loom.docc/Models.md), "Writing the conformance by hand".

/// `@JSONModel struct HandUser { var login: String; var id: Int }`.
struct HandUser: Equatable {
    var login: String
    var id: Int

    static let _loomKeys = _JSONKeySet(["login", "id"])

    typealias _LoomValues = (String, Int)

    @inline(never)
    static func _loomRead<R: _JSONReading>(_ reader: inout R, _ context: JSONDecodingContext) throws -> _LoomValues {
        var (s_v0, s_v1): (v0: Optional<String>, v1: Optional<Int>) = (nil, nil)
        let _loomKeys = Self._loomKeys
        if try reader.beginObject(Self.self, _loomKeys, context) {
            var hint = 0
            repeat {
                do {
                    switch try reader.nextKey(_loomKeys, hint: &hint) {
                    case 0:
                        try reader.readSlot(&s_v0, String.self, context)
                    case 1:
                        try reader.readSlot(&s_v1, Int.self, context)
                    default: try reader.passUnknown(context)
                    }
                } catch {
                    try reader.recover(error, context)
                }
            } while try reader.moreMembers()
        }
        try reader.required(&s_v0, _loomKeys, 0, context)
        try reader.required(&s_v1, _loomKeys, 1, context)
        try reader.endObject()
        return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()))
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        try writer.beginObject()
        try context._encode(self.login, Self._loomKeys, 0, to: &writer)
        try context._encode(self.id, Self._loomKeys, 1, to: &writer)
        writer.endObject()
    }
}

extension HandUser: JSONModel, _JSONMapped {
    init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        self.init(_loomValues: try Self._loomRead(&reader, context))
    }

    init(_loomValues values: _LoomValues) {
        let (u0, u1) = values
        self.login = u0
        self.id = u1
    }
}

/// A key path, a transformer, a default, fallback keys and an ignored property.
struct HandIssue: Equatable {
    enum State: String, CaseIterable { case open, closed }

    var number: Int
    var state: State
    var reporterLogin: String  // @JSONKey("user.login")
    var assignee: HandUser?
    var updatedAt: Date  // @JSONKey("updated_at") @JSONTransform(.iso8601)
    var labels: [String] = []
    var id: Int  // @JSONKey("id", "ID")
    var retrievedAt = Date(timeIntervalSince1970: 0)  // @JSONIgnore

    static let _loomKeys = _JSONKeySet(
        ["number", "state", "user", "assignee", "updated_at", "labels", "id", "ID"],
        explicit: [false, false, true, false, true, false, true, true]
    )

    static let _loomKeys_1 = _JSONKeySet(["login"], explicit: [true], prefix: ["user"])

    private static let _loomTransformer_4 = _transformer(.iso8601)

    typealias _LoomValues = (Int, State, String, HandUser?, Date, Optional<[String]>, Int)

    @inline(never)
    static func _loomRead<R: _JSONReading>(_ reader: inout R, _ context: JSONDecodingContext) throws -> _LoomValues {
        var (s_v0, s_v1, s_v2, s_v3, s_v4, s_v5, s_v6, s_r6, s_b1): (
            v0: Optional<Int>, v1: Optional<State>, v2: Optional<String>, v3: Optional<HandUser?>, v4: Optional<Date>,
            v5: Optional<[String]>, v6: Optional<Int>, r6: _JSONFallbackState, b1: Bool
        ) = (nil, nil, nil, nil, nil, nil, nil, _JSONFallbackState(), false)
        let _loomKeys = Self._loomKeys
        let _loomKeys_1 = Self._loomKeys_1
        if try reader.beginObject(Self.self, _loomKeys, context) {
            var hint = 0
            repeat {
                do {
                    switch try reader.nextKey(_loomKeys, hint: &hint) {
                    case 0:
                        try reader.readSlot(&s_v0, Int.self, context)
                    case 1:
                        try reader.readSlot(&s_v1, State.self, context)
                    case 2:
                        if try reader.beginNested(_loomKeys, 2, _loomKeys_1, seen: &s_b1, context) {
                            var hint1 = 0
                            repeat {
                                do {
                                    switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                                    case 0:
                                        try reader.readSlot(&s_v2, String.self, context)
                                    default: try reader.passValue()
                                    }
                                } catch {
                                    try reader.recover(error, context)
                                }
                            } while try reader.moreMembers()
                        }
                    case 3:
                        try reader.readOptionalSlot(&s_v3, HandUser.self, context)
                    case 4:
                        try reader.claimSlot(&s_v4)
                        s_v4 = try reader.decodeElement(context) { try $1.transform($0, with: Self._loomTransformer_4) }
                    case 5:
                        try reader.claimSlot(&s_v5)
                        s_v5 = try reader.array(context, lossy: false) { try $0.value(String.self, $1) }
                    case 6:
                        if try reader.claimAlternative(&s_v6, &s_r6, rank: 0) {
                            s_v6 = try reader.value(Int.self, context)
                        }
                    case 7:
                        if try reader.claimAlternative(&s_v6, &s_r6, rank: 1) {
                            s_v6 = try reader.value(Int.self, context)
                        }
                    default: try reader.passUnknown(context)
                    }
                } catch {
                    try reader.recover(error, context)
                }
            } while try reader.moreMembers()
        }
        try reader.required(&s_v0, _loomKeys, 0, context)
        try reader.required(&s_v1, _loomKeys, 1, context)
        try reader.required(&s_v2, _loomKeys_1, 0, context)
        try reader.optional(&s_v3, _loomKeys, 3, context)
        try reader.required(&s_v4, _loomKeys, 4, context)
        try reader.defaulted(&s_v5, _loomKeys, 5, context, default: "[]")
        try reader.fallback(s_v6, s_r6, [(_loomKeys, 6), (_loomKeys, 7)], .required, context, default: "")
        try reader.endObject()
        return (
            try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), try reader.unwrap(s_v2.take()),
            _flattened(s_v3.take()), try reader.unwrap(s_v4.take()), s_v5.take(), try reader.unwrap(s_v6.take())
        )
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        try writer.beginObject()
        try context._encode(self.number, Self._loomKeys, 0, to: &writer)
        try context._encode(self.state, Self._loomKeys, 1, to: &writer)
        context._writeKey(Self._loomKeys, 2, to: &writer)
        try writer.beginObject()
        try context._encode(self.reporterLogin, Self._loomKeys_1, 0, to: &writer)
        writer.endObject()
        try context._encodeOptional(self.assignee, Self._loomKeys, 3, to: &writer)
        context._writeKey(Self._loomKeys, 4, to: &writer)
        try context.transform(self.updatedAt, with: Self._loomTransformer_4, to: &writer)
        context._writeKey(Self._loomKeys, 5, to: &writer)
        try context.array(self.labels, to: &writer) { try context.encode($0, to: &$1) }
        try context._encode(self.id, Self._loomKeys, 6, to: &writer)
        writer.endObject()
    }
}

extension HandIssue: JSONModel, _JSONMapped {
    init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        self.init(_loomValues: try Self._loomRead(&reader, context))
    }

    init(_loomValues values: _LoomValues) {
        let (u0, u1, u2, u3, u4, u5, u6) = values
        self.number = u0
        self.state = u1
        self.reporterLogin = u2
        self.updatedAt = u4
        self.id = u6
        var new3 = u3; Swift.swap(&self.assignee, &new3)
        if var new5 = u5 { Swift.swap(&self.labels, &new5) }
    }
}

@Suite("Hand-written models")
struct HandWrittenModelTests {
    let json = #"""
        {"number": 7, "state": "open", "user": {"login": "octocat", "id": 1},
         "assignee": {"login": "hubot", "id": 2}, "updated_at": "2024-05-01T12:00:00Z",
         "labels": ["bug"], "ID": 99, "extra": true}
        """#

    @Test func decodesEveryShape() throws {
        let issue = try HandIssue(jsonString: json)
        #expect(issue.number == 7)
        #expect(issue.state == .open)
        #expect(issue.reporterLogin == "octocat")
        #expect(issue.assignee == HandUser(login: "hubot", id: 2))
        #expect(issue.updatedAt == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(issue.labels == ["bug"])
        #expect(issue.id == 99)
    }

    @Test func readsDirectlyAndFromADocumentAlike() throws {
        #expect(HandIssue._readsDirectly && HandUser._readsDirectly)
        let direct = try #require(directly(HandIssue.self, json))
        #expect(direct == (try generally(HandIssue.self, Array(json.utf8)).get()))
        #expect(directly(HandUser.self, #"{"id": 3, "login": "a"}"#) == HandUser(login: "a", id: 3))
        // A missing required key is the document's to report.
        #expect(directly(HandIssue.self, #"{"number": 7}"#) == nil)
    }

    @Test func roundTrips() throws {
        let issue = try HandIssue(jsonString: json)
        let text = try issue.jsonString()
        #expect(text == #"{"number":7,"state":"open","user":{"login":"octocat"},"assignee":{"login":"hubot","id":2},"updated_at":"2024-05-01T12:00:00Z","labels":["bug"],"id":99}"#)
        #expect(try HandIssue(jsonString: text) == issue)
    }

    @Test func reportsPathAndPosition() throws {
        let bad = #"{"number": 7, "state": "open", "user": {"login": 5}, "updated_at": "2024-05-01T12:00:00Z", "id": 1}"#
        let error = try #require(throws: JSONDecodingError.self) { try HandIssue(jsonString: bad) }
        #expect(error.description == "user.login: expected String, found number 5; @JSONLenient converts it (line 1, column 50)")
    }

    @Test func collectsEveryError() throws {
        let bad = #"{"number": "7", "state": "reopened", "user": "x", "updated_at": "2024-02-30T00:00:00Z"}"#
        var decoder = JSONModelDecoder()
        decoder.collectsAllErrors = true
        let error = try #require(throws: JSONDecodingError.self) { try decoder.decode(HandIssue.self, from: bad) }
        #expect(error.kind == .multiple)
        #expect(error.errors.map(\.pathDescription) == ["user", "number", "state", "user.login", "updated_at", "id"])
        #expect(error.errors[2].reason == #"unknown State value string "reopened", expected one of "open", "closed""#)
    }

    @Test func rejectsUnknownKeys() throws {
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        let error = try #require(throws: JSONDecodingError.self) { try decoder.decode(HandIssue.self, from: json) }
        #expect(error.kind == .unknownKey)
        #expect(error.pathDescription == "extra")
    }
}
