import Foundation
import Loom
import Testing

/// A model written by hand against Loom's public API, exactly as `@JSONModel` generates it.
/// It documents (and guards) the path for users who cannot or do not want to use the macro.
struct HandUser: Equatable {
    var login: String
    var id: Int
}

extension HandUser: JSONModel {
    static let _loomKeys = JSONKeySet(["login", "id"])

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var s0: JSONElement? = nil
        var s1: JSONElement? = nil
        var errors = JSONErrorAccumulator(context)
        var hint = 0
        for member in members {
            switch Self._loomKeys.match(member.key, hint: &hint, context) {
            case 0: context.assign(&s0, member.value)
            case 1: context.assign(&s1, member.value)
            default: context.unknownKey(member.key, Self._loomKeys, into: &errors)
            }
        }
        let v0 = try errors.capture {
            try context.required(s0, Self._loomKeys, 0) { try context.decode(String.self, from: $0) }
        }
        let v1 = try errors.capture {
            try context.required(s1, Self._loomKeys, 1) { try context.decode(Int.self, from: $0) }
        }
        try errors.finish()
        self.login = try JSONErrorAccumulator.unwrap(v0)
        self.id = try JSONErrorAccumulator.unwrap(v1)
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context.writeKey(Self._loomKeys, 0, to: &writer)
        try context.encode(self.login, to: &writer)
        context.writeKey(Self._loomKeys, 1, to: &writer)
        try context.encode(self.id, to: &writer)
        writer.endObject()
    }
}

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
}

extension HandIssue: JSONModel {
    static let _loomKeys = JSONKeySet(
        ["number", "state", "user", "assignee", "updated_at", "labels", "id", "ID"],
        explicit: [false, false, true, false, true, false, true, true])
    static let _loomKeys_1 = JSONKeySet(["login"], explicit: [true], prefix: ["user"])

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var s0: JSONElement? = nil
        var s1: JSONElement? = nil
        var s2: JSONElement? = nil
        var s3: JSONElement? = nil
        var s4: JSONElement? = nil
        var s5: JSONElement? = nil
        var s6: JSONElement? = nil
        var s7: JSONElement? = nil
        var errors = JSONErrorAccumulator(context)
        var hint = 0
        for member in members {
            switch Self._loomKeys.match(member.key, hint: &hint, context) {
            case 0: context.assign(&s0, member.value)
            case 1: context.assign(&s1, member.value)
            case 2: context.assign(&s2, member.value)
            case 3: context.assign(&s3, member.value)
            case 4: context.assign(&s4, member.value)
            case 5: context.assign(&s5, member.value)
            case 6: context.assign(&s6, member.value)
            case 7: context.assign(&s7, member.value)
            default: context.unknownKey(member.key, Self._loomKeys, into: &errors)
            }
        }
        var s2_0: JSONElement? = nil
        if let nested = try errors.capture({ try context.nestedObject(s2, Self._loomKeys, 2) }) ?? nil {
            var hint1 = 0
            for member in nested {
                switch Self._loomKeys_1.match(member.key, hint: &hint1, context) {
                case 0: context.assign(&s2_0, member.value)
                default: break
                }
            }
        }
        let v0 = try errors.capture {
            try context.required(s0, Self._loomKeys, 0) { try context.decode(Int.self, from: $0) }
        }
        let v1 = try errors.capture {
            try context.required(s1, Self._loomKeys, 1) { try context.decode(State.self, from: $0) }
        }
        let v2 = try errors.capture {
            try context.required(s2_0, Self._loomKeys_1, 0) { try context.decode(String.self, from: $0) }
        }
        let v3 = try errors.capture {
            try context.optional(s3, Self._loomKeys, 3) { try context.decode(HandUser.self, from: $0) }
        }
        let v4 = try errors.capture {
            try context.required(s4, Self._loomKeys, 4) { try context.transform($0, with: .iso8601) }
        }
        let v5 = try errors.capture {
            try context.defaulted(s5, Self._loomKeys, 5) {
                try context.array($0) { try context.decode(String.self, from: $0) }
            }
        }
        let f6 = context.firstPresent([(s6, 6), (s7, 7)])
        let v6 = try errors.capture {
            try context.required(f6.0, Self._loomKeys, f6.1) { try context.decode(Int.self, from: $0) }
        }
        try errors.finish()
        self.number = try JSONErrorAccumulator.unwrap(v0)
        self.state = try JSONErrorAccumulator.unwrap(v1)
        self.reporterLogin = try JSONErrorAccumulator.unwrap(v2)
        self.assignee = try JSONErrorAccumulator.unwrap(v3)
        self.updatedAt = try JSONErrorAccumulator.unwrap(v4)
        if let value = try JSONErrorAccumulator.unwrap(v5) { self.labels = value }
        self.id = try JSONErrorAccumulator.unwrap(v6)
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context.writeKey(Self._loomKeys, 0, to: &writer)
        try context.encode(self.number, to: &writer)
        context.writeKey(Self._loomKeys, 1, to: &writer)
        try context.encode(self.state, to: &writer)
        context.writeKey(Self._loomKeys, 2, to: &writer)
        try writer.beginObject()
        context.writeKey(Self._loomKeys_1, 0, to: &writer)
        try context.encode(self.reporterLogin, to: &writer)
        writer.endObject()
        if let value = self.assignee {
            context.writeKey(Self._loomKeys, 3, to: &writer)
            try context.encode(value, to: &writer)
        } else if context.writesNulls {
            context.writeKey(Self._loomKeys, 3, to: &writer)
            writer.writeNull()
        }
        context.writeKey(Self._loomKeys, 4, to: &writer)
        try context.transform(self.updatedAt, with: .iso8601, to: &writer)
        context.writeKey(Self._loomKeys, 5, to: &writer)
        try context.array(self.labels, to: &writer) { try context.encode($0, to: &$1) }
        context.writeKey(Self._loomKeys, 6, to: &writer)
        try context.encode(self.id, to: &writer)
        writer.endObject()
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

    @Test func roundTrips() throws {
        let issue = try HandIssue(jsonString: json)
        let text = try issue.jsonString()
        #expect(text == #"{"number":7,"state":"open","user":{"login":"octocat"},"assignee":{"login":"hubot","id":2},"updated_at":"2024-05-01T12:00:00Z","labels":["bug"],"id":99}"#)
        #expect(try HandIssue(jsonString: text) == issue)
    }

    @Test func reportsPathAndPosition() throws {
        let bad = #"{"number": 7, "state": "open", "user": {"login": 5}, "updated_at": "2024-05-01T12:00:00Z", "id": 1}"#
        let error = try #require(throws: JSONDecodingError.self) { try HandIssue(jsonString: bad) }
        #expect(error.description == "user.login: expected String, found number 5 (line 1, column 50)")
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
