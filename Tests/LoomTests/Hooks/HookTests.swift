import Foundation
import Loom
import Testing

/// An error thrown by hooks and validators in these tests.
struct Invalid: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: Models

/// Mantle's GitHub issue: `retrievedAt` is set locally once decoding is done.
@JSONModel
struct TrackedIssue: JSONMergeable, Equatable {
    var number: Int
    var title: String
    var body: String?
    var state: String
    var labels: [String] = []
    @JSONKey("closed_at") var closedAt: Date?
    @JSONKey("updated_at") var updatedAt: Date
    @JSONMerge(.keep) var localNote: String? = nil
    @JSONIgnore var retrievedAt: Date? = nil

    mutating func jsonDidDecode() {
        retrievedAt = Date()
    }

    /// Per property: the title may not be blank.
    static func validateTitle(_ title: String) throws {
        if title.trimmingCharacters(in: .whitespaces).isEmpty { throw Invalid("title must not be blank") }
    }

    /// Per property, as a predicate.
    static func validateNumber(_ number: Int) -> Bool { number > 0 }

    /// The whole model: a closed issue has a closing date.
    func validate() throws {
        if state == "closed" && closedAt == nil { throw Invalid("a closed issue needs closed_at") }
    }

    /// Merging keeps the labels of both.
    static func mergeLabels(_ current: inout [String], _ other: [String]) {
        for label in other where !current.contains(label) { current.append(label) }
    }
}

/// Built after decoding from the mapped properties (Mantle's overridden `initWithDictionary:`).
struct ProfileHelper: Equatable {
    var greeting = ""
    var avatarHost: String?
}

@JSONModel
struct HelpedUser {
    var login: String
    @JSONKey("avatar_url") var avatarURL: URL?
    @JSONIgnore var helper = ProfileHelper()

    mutating func jsonDidDecode() {
        helper = ProfileHelper(greeting: "Hello, \(login)!", avatarHost: avatarURL?.host)
    }
}

/// YYModel's `modelCustomWillTransformFromDictionary:`: the server wraps the model in an
/// envelope and spells one key two ways; the hook fixes both before mapping.
@JSONModel
struct EnvelopedNote: Equatable {
    var id: Int
    var text: String
    /// Starts as `nil`, so decoding stores through `init(_loomMembers:)`, inside the hook's
    /// error relocation.
    var mood: String?

    static func jsonWillDecode(_ value: JSONValue) throws -> JSONValue {
        guard case .object(let envelope) = value, let data = envelope["data"], case .object(var object) = data else {
            throw Invalid("expected {\"data\": {…}}")
        }
        if object["text"] == nil, let legacy = object["body"] {
            object["text"] = legacy
            object["body"] = nil
        }
        return .object(object)
    }
}

/// The same hook on a final class, which has no subclass to choose.
@JSONModel
final class EnvelopedMemo {
    var id: Int
    var text: String

    init(id: Int, text: String) {
        self.id = id
        self.text = text
    }

    static func jsonWillDecode(_ value: JSONValue) throws -> JSONValue {
        guard case .object(let envelope) = value, let data = envelope["data"] else {
            throw Invalid("expected {\"data\": {…}}")
        }
        return data
    }
}

/// `jsonWillEncode()` refusing to write, and one returning a cleaned-up copy.
@JSONModel
struct Draft {
    var text: String
    func jsonWillEncode() throws {
        if text.isEmpty { throw Invalid("an empty draft cannot be sent") }
    }
}

@JSONModel
struct Tagged {
    var tags: [String]
    func jsonWillEncode() -> Tagged {
        var copy = self
        copy.tags = Array(Set(tags.map { $0.lowercased() })).sorted()
        return copy
    }
}

/// A model that may reject itself in `jsonDidDecode`.
@JSONModel
struct Interval {
    var lower: Int
    var upper: Int
    @JSONIgnore var width = 0

    mutating func jsonDidDecode() throws {
        guard lower <= upper else { throw Invalid("lower \(lower) is above upper \(upper)") }
        width = upper - lower
    }
}

/// Hooks on class models: the hierarchy calls each class's own hooks.
@JSONModel
class Login {
    var token: String
    @JSONIgnore var decodedHooks: [String] = []

    func jsonDidDecode() { decodedHooks.append("Login") }
    func validate() throws {
        if token.isEmpty { throw Invalid("empty token") }
    }
}

@JSONModel
final class AdminLogin: Login {
    var scopes: [String]
    @JSONIgnore var scopeCount = 0

    override func jsonDidDecode() {
        super.jsonDidDecode()
        scopeCount = scopes.count
        decodedHooks.append("AdminLogin")
    }

    static func validateScopes(_ scopes: [String]) -> Bool { !scopes.isEmpty }
}

/// `jsonWillEncode()` declared by a subclass only: its encoding runs it, once.
@JSONModel
class Packet {
    var id: Int
    @JSONIgnore var log: [String] = []
}

@JSONModel
final class SignedPacket: Packet {
    var signature: String

    func jsonWillEncode() throws {
        if signature.isEmpty { throw Invalid("unsigned packet") }
        log.append("will encode")
    }
}

@JSONModel
struct Board {
    var issues: [TrackedIssue]
}

private func thrown(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> (any Error)? {
    do {
        try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

let trackedIssueJSON = #"""
    {
      "number": 1347,
      "title": "Found a bug",
      "body": "I'm having a problem with this.",
      "state": "open",
      "labels": ["bug"],
      "closed_at": null,
      "updated_at": "2011-04-22T13:33:48Z"
    }
    """#

@Suite("Lifecycle hooks")
struct HookTests {
    @Test func didDecodeSetsLocalProperties() throws {
        let before = Date()
        let issue = try TrackedIssue(jsonString: trackedIssueJSON)
        let retrievedAt = try #require(issue.retrievedAt)
        #expect(retrievedAt >= before)
        #expect(issue.number == 1347 && issue.labels == ["bug"])
        // Encoding never writes the local property.
        #expect(try !issue.jsonString().contains("retrieved"))
    }

    @Test func didDecodeBuildsAHelper() throws {
        let user = try HelpedUser(jsonString: #"{"login": "octocat", "avatar_url": "https://github.com/images/octocat.gif"}"#)
        #expect(user.helper == ProfileHelper(greeting: "Hello, octocat!", avatarHost: "github.com"))
    }

    @Test func didDecodeMayReject() throws {
        #expect(try Interval(jsonString: #"{"lower": 2, "upper": 5}"#).width == 3)
        let error = try #require(thrown { _ = try [Interval](jsonString: #"[{"lower": 1, "upper": 1}, {"lower": 9, "upper": 5}]"#) })
        let decodingError = try #require(error as? JSONDecodingError)
        #expect(decodingError.description == "[1]: lower 9 is above upper 5 (line 1, column 28)")
        #expect(decodingError.kind == .invalidValue)
        // The hook's error is kept (as text and type name; `Invalid` is not `Sendable`).
        #expect(decodingError.underlyingError.map { String(describing: $0) } == "lower 9 is above upper 5")
    }

    @Test func propertyValidationNamesTheProperty() throws {
        var json = trackedIssueJSON.replacingOccurrences(of: "\"Found a bug\"", with: "\"  \"")
        #expect(
            thrown { _ = try TrackedIssue(jsonString: json) }.map(String.init(describing:))
                == "title: title must not be blank (line 3, column 12)")
        json = trackedIssueJSON.replacingOccurrences(of: "1347", with: "-1")
        #expect(
            thrown { _ = try Board(jsonString: #"{"issues": [\#(trackedIssueJSON), \#(json)]}"#) }.map(String.init(describing:))
                == "issues[1].number: invalid value number -1, rejected by validateNumber(_:) (line 10, column 13)")
    }

    @Test func propertyValidationCollectsEveryFailure() throws {
        var decoder = JSONModelDecoder()
        decoder.collectsAllErrors = true
        let json = trackedIssueJSON.replacingOccurrences(of: "1347", with: "0").replacingOccurrences(
            of: "\"Found a bug\"", with: "\"\"")
        let error = try #require(thrown { _ = try decoder.decode(TrackedIssue.self, from: json) } as? JSONDecodingError)
        #expect(error.kind == .multiple)
        #expect(error.errors.map(\.pathDescription) == ["number", "title"])
    }

    @Test func validateChecksTheWholeModel() throws {
        let closed = trackedIssueJSON.replacingOccurrences(of: "\"open\"", with: "\"closed\"")
        #expect(
            thrown { _ = try TrackedIssue(jsonString: closed) }.map(String.init(describing:))
                == "a closed issue needs closed_at (line 1, column 1)")
        #expect(
            thrown { _ = try Board(jsonString: #"{"issues": [\#(closed)]}"#) }.map(String.init(describing:))
                == "issues[0]: a closed issue needs closed_at (line 1, column 13)")
    }

    @Test func willDecodeRewritesTheRawObject() throws {
        #expect(try EnvelopedNote(jsonString: #"{"data": {"id": 1, "text": "new"}}"#) == EnvelopedNote(id: 1, text: "new"))
        #expect(try EnvelopedNote(jsonString: #"{"data": {"id": 2, "body": "legacy"}}"#) == EnvelopedNote(id: 2, text: "legacy"))
        #expect(
            try EnvelopedNote(jsonString: #"{"data": {"id": 3, "text": "t", "mood": "calm"}}"#)
                == EnvelopedNote(id: 3, text: "t", mood: "calm"))
        // Encoding writes the model's own shape.
        #expect(try EnvelopedNote(id: 1, text: "x").jsonString() == #"{"id":1,"text":"x"}"#)
        // Errors in the rewritten JSON point at the original object.
        #expect(
            thrown { _ = try [EnvelopedNote](jsonString: "[\n  {\"data\": {\"id\": \"one\", \"text\": \"x\"}}\n]") }
                .map(String.init(describing:)) == #"[0].id: expected Int, found string "one" (line 2, column 3)"#)
        // What the hook throws becomes a decoding error at the object.
        #expect(
            thrown { _ = try EnvelopedNote(jsonString: #"{"id": 1}"#) }.map(String.init(describing:))
                == #"expected {"data": {…}} (line 1, column 1)"#)
    }

    @Test func willDecodeRunsOnEveryPathEvenWhenTheRawObjectWouldMap() throws {
        // The outer object has the model's keys too: a read that skipped the hook would
        // succeed with the outer values.
        let both = #"{"id": 9, "text": "outer", "data": {"id": 1, "text": "inner"}}"#
        #expect(!EnvelopedNote._readsDirectly && !EnvelopedMemo._readsDirectly)
        #expect(try EnvelopedNote(jsonString: both) == EnvelopedNote(id: 1, text: "inner"))
        let memo = try EnvelopedMemo(jsonString: both)
        #expect(memo.id == 1 && memo.text == "inner")
        let memos = try [EnvelopedMemo](jsonString: "[\(both)]")
        #expect(memos.map(\.text) == ["inner"])
    }

    @Test func willEncode() throws {
        #expect(try Draft(text: "hi").jsonString() == #"{"text":"hi"}"#)
        #expect(thrown { _ = try Draft(text: "").jsonString() }.map(String.init(describing:)) == "an empty draft cannot be sent")
        #expect(try Tagged(tags: ["B", "a", "b"]).jsonString() == #"{"tags":["a","b"]}"#)
    }

    @Test func classWillEncode() throws {
        let packet = try SignedPacket(jsonString: #"{"id": 1, "signature": "abc"}"#)
        let asBase: Packet = packet
        #expect(try asBase.jsonString() == #"{"id":1,"signature":"abc"}"#)
        #expect(packet.log == ["will encode"])
        packet.signature = ""
        #expect(thrown { _ = try [asBase].jsonString() }.map(String.init(describing:)) == "unsigned packet")
    }

    @Test func classHooksRunOncePerClass() throws {
        let login = try AdminLogin(jsonString: #"{"token": "t", "scopes": ["read", "write"]}"#)
        #expect(login.scopeCount == 2)
        #expect(login.decodedHooks == ["Login", "AdminLogin"])
        #expect(
            thrown { _ = try AdminLogin(jsonString: #"{"token": "", "scopes": ["read"]}"#) }.map(String.init(describing:))
                == "empty token (line 1, column 1)")
        #expect(
            thrown { _ = try AdminLogin(jsonString: #"{"token": "t", "scopes": []}"#) }.map(String.init(describing:))
                == "scopes: invalid value array, rejected by validateScopes(_:) (line 1, column 26)")
    }
}
