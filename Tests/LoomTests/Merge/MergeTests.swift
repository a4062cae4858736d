import Foundation
import Loom
import Testing

/// A class model: merging and updating go through the runtime class.
@JSONModel
class Post {
    var id: Int
    var title: String
    var summary: String?
    @JSONMerge(.replace) var pinnedUntil: Date?
    @JSONIgnore var cachedHeight = 0.0
}

@JSONModel
final class PhotoPost: Post {
    @JSONKey("photo_url") var photoURL: URL
    var likes: Int
    @JSONMerge(.keep) var localCaption: String?

    static func mergeLikes(_ current: inout Int, _ other: Int) { current = max(current, other) }
}

@JSONModel
struct Settings: JSONMergeable, Equatable {
    let version: Int
    var theme: String
    var fontSize: Double = 12
    var signature: String?
    @JSONKey("limits.daily") var dailyLimit: Int?

    static func validateFontSize(_ size: Double) -> Bool { size >= 6 }
}

private func thrown(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
        try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return String(describing: error)
    }
}

@Suite("Merging and updating")
struct MergeTests {
    /// Mantle's `-mergeValuesForKeysFromModel:`: a refreshed issue from the server merged into
    /// the stored one.
    @Test func mergingARefreshedIssueIntoAStoredOne() throws {
        var stored = try TrackedIssue(jsonString: trackedIssueJSON)
        stored.localNote = "ask Ana"
        stored.labels = ["bug", "mine"]
        let refreshed = try TrackedIssue(
            jsonString: trackedIssueJSON
                .replacingOccurrences(of: "\"Found a bug\"", with: "\"Found a bug in the parser\"")
                .replacingOccurrences(of: "\"I'm having a problem with this.\"", with: "null")
                .replacingOccurrences(of: "[\"bug\"]", with: "[\"bug\", \"parser\"]")
                .replacingOccurrences(of: "2011-04-22T13:33:48Z", with: "2011-04-23T09:00:00Z"))

        stored.merge(from: refreshed)
        #expect(stored.title == "Found a bug in the parser")  // replaced
        #expect(stored.body == "I'm having a problem with this.")  // the other's optional is nil: kept
        #expect(stored.labels == ["bug", "mine", "parser"])  // mergeLabels(_:_:)
        #expect(stored.localNote == "ask Ana")  // @JSONMerge(.keep)
        #expect(stored.updatedAt == refreshed.updatedAt)
        #expect(stored.retrievedAt != nil)  // @JSONIgnore: never merged
    }

    @Test func mergingOnlyChosenKeyPaths() throws {
        var stored = try TrackedIssue(jsonString: trackedIssueJSON)
        var other = stored
        other.title = "New title"
        other.body = "New body"
        other.state = "closed"
        stored.merge(from: other, only: [\.title, \.body])
        #expect(stored.title == "New title" && stored.body == "New body" && stored.state == "open")
    }

    /// "Refresh from the server": only the keys present change.
    @Test func updatingFromAPartialPayload() throws {
        var settings = try Settings(jsonString: #"{"version": 1, "theme": "dark", "signature": "— A", "limits": {"daily": 5}}"#)
        try settings.update(fromJSON: Data(#"{"theme": "light", "signature": null, "version": 9}"#.utf8))
        #expect(settings.theme == "light")
        #expect(settings.signature == nil)  // null clears an optional
        #expect(settings.version == 1)  // a `let` is never updated
        #expect(settings.fontSize == 12 && settings.dailyLimit == 5)  // absent: unchanged
        try settings.update(fromJSONString: #"{"limits": {"daily": 7}}"#)
        #expect(settings.dailyLimit == 7)
    }

    @Test func aFailedUpdateChangesNothing() throws {
        var settings = try Settings(jsonString: #"{"version": 1, "theme": "dark"}"#)
        let before = settings
        #expect(
            thrown { try settings.update(fromJSONString: #"{"theme": "light", "fontSize": "big"}"#) }
                == #"fontSize: expected Double, found string "big" (line 1, column 32)"#)
        #expect(settings == before)
        // A validator that fails after decoding restores the previous value too.
        #expect(
            thrown { try settings.update(fromJSONString: #"{"theme": "light", "fontSize": 2}"#) }
                == "fontSize: invalid value number 2, rejected by validateFontSize(_:) (line 1, column 32)")
        #expect(settings == before)
        #expect(thrown { try settings.update(fromJSONString: #"{"theme": null}"#) } == "theme: expected String, found null (line 1, column 11)")
    }

    @Test func classesMergeThroughTheRuntimeClass() throws {
        let stored = try PhotoPost(jsonString: #"{"id": 1, "title": "Cat", "summary": "A cat", "photo_url": "https://a.b/1.png", "likes": 10, "pinnedUntil": "2030-01-01T00:00:00Z"}"#)
        stored.localCaption = "mine"
        stored.cachedHeight = 120
        let refreshed = try PhotoPost(jsonString: #"{"id": 1, "title": "Cat!", "photo_url": "https://a.b/2.png", "likes": 4}"#)
        let post: Post = stored
        post.merge(from: refreshed)
        #expect(stored.title == "Cat!" && stored.summary == "A cat")
        #expect(stored.pinnedUntil == nil)  // @JSONMerge(.replace)
        #expect(stored.photoURL == URL(string: "https://a.b/2.png"))
        #expect(stored.likes == 10)  // mergeLikes(_:_:)
        #expect(stored.localCaption == "mine" && stored.cachedHeight == 120)
        // A plain `Post` only brings the properties it has.
        stored.merge(from: try Post(jsonString: #"{"id": 2, "title": "Dog"}"#))
        #expect(stored.id == 2 && stored.title == "Dog" && stored.likes == 10)
    }

    @Test func classesUpdateFromAPartialPayload() throws {
        let post = try PhotoPost(jsonString: #"{"id": 1, "title": "Cat", "photo_url": "https://a.b/1.png", "likes": 10}"#)
        try post.update(fromJSONString: #"{"title": "Cat 2", "likes": 11}"#)
        #expect(post.title == "Cat 2" && post.likes == 11 && post.id == 1)
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        try post.update(fromJSONString: #"{"id": 3, "likes": 12}"#, decoder: strict)
        #expect(post.id == 3 && post.likes == 12)
        #expect(
            thrown { try post.update(fromJSONString: #"{"color": "red"}"#, decoder: strict) }
                == #"color: unknown key "color", expected one of "photo_url", "likes", "localCaption", "id", "title", "summary", "pinnedUntil" (line 1, column 2)"#)
    }
}
