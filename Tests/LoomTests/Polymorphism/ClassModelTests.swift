import Foundation
import Loom
import Testing

// Mantle's class cluster as classes: decoding `ChatMessage.self` returns a
// `ChatTextMessage` or a `ChatPictureMessage`, chosen by `jsonClass(for:)` from the JSON;
// encoding writes the members of the runtime class.

@JSONModel
class ChatMessage: Hashable, CustomStringConvertible {
    var id: Int
    var sender: String?
    @JSONIgnore var isRead = false

    /// `image_url` present: a picture message; `body` present: a text message.
    class func jsonClass(for object: JSONElement) -> ChatMessage.Type? {
        if object["image_url"] != nil { return ChatPictureMessage.self }
        if object["body"] != nil { return ChatTextMessage.self }
        return ChatMessage.self
    }

    init(id: Int, sender: String? = nil) {
        self.id = id
        self.sender = sender
    }
}

@JSONModel
final class ChatTextMessage: ChatMessage {
    var body: String

    init(id: Int, sender: String? = nil, body: String) {
        self.body = body
        super.init(id: id, sender: sender)
    }
}

@JSONModel
final class ChatPictureMessage: ChatMessage {
    @JSONKey("image_url") var imageURL: URL
    var width: Int = 0
}

/// A final class model: the same shape as a struct's conformance, in the class body.
@JSONModel
final class Account: Equatable, CustomStringConvertible, @unchecked Sendable {
    let id: Int
    var login: String
    @JSONKey("display_name") var displayName: String?
    let kind: String = "user"
    @JSONIgnore var cache: [String: Int] = [:]
}

/// A hierarchy without a chooser: each class decodes its own type.
@JSONModel
class Machine {
    var wheels: Int
    @JSONKey("meta.maker") var maker: String?
}

@JSONModel
class Automobile: Machine {
    var seats: Int
    @JSONKey("model_name") var model: String?
}

@JSONModel
final class Roadster: Automobile {
    @JSONKey("top_speed") var topSpeed: Double
}

/// A chooser that returns a class outside the hierarchy being decoded.
@JSONModel
class Figure {
    var sides: Int
    class func jsonClass(for object: JSONElement) -> Figure.Type? {
        object["radius"] != nil ? Disc.self : Polygonal.self
    }
}

@JSONModel
final class Disc: Figure {
    var radius: Double
}

@JSONModel
final class Polygonal: Figure {}

private func thrown(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
        try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return String(describing: error)
    }
}

@Suite("Class models")
struct ClassModelTests {
    let feed = #"""
        [
          {"id": 1, "sender": "ana", "body": "hi"},
          {"id": 2, "image_url": "https://example.com/cat.png", "width": 640},
          {"id": 3}
        ]
        """#

    // MARK: Class clusters

    @Test func decodingTheBaseClassChoosesTheSubclass() throws {
        let messages = try [ChatMessage](jsonString: feed)
        #expect(messages.count == 3)
        let text = try #require(messages[0] as? ChatTextMessage)
        #expect(text.id == 1 && text.sender == "ana" && text.body == "hi")
        let picture = try #require(messages[1] as? ChatPictureMessage)
        #expect(picture.imageURL == URL(string: "https://example.com/cat.png") && picture.width == 640)
        #expect(type(of: messages[2]) == ChatMessage.self)

        let single = try ChatMessage(jsonString: #"{"id": 9, "body": "yo"}"#)
        #expect(single is ChatTextMessage)
        let decoder = JSONModelDecoder()
        #expect(try decoder.decode(ChatMessage.self, from: #"{"id": 9, "image_url": "https://a.b/c"}"#) is ChatPictureMessage)
    }

    @Test func decodingASubclassDecodesThatSubclass() throws {
        let text = try ChatTextMessage(jsonString: #"{"id": 4, "body": "direct"}"#)
        #expect(text.body == "direct")
        // The inherited chooser picks a sibling class: that is an error, not a crash.
        #expect(
            thrown { _ = try ChatTextMessage(jsonString: #"{"id": 4, "image_url": "https://a.b/c"}"#) }
                == "jsonClass(for:) chose ChatPictureMessage, which is not ChatTextMessage or a subclass of it (line 1, column 1)")
    }

    @Test func encodingUsesTheRuntimeClass() throws {
        let messages: [ChatMessage] = [
            ChatTextMessage(id: 1, sender: "ana", body: "hi"),
            ChatMessage(id: 3),
        ]
        #expect(try messages.jsonString() == #"[{"id":1,"sender":"ana","body":"hi"},{"id":3}]"#)
        let roundTrip = try [ChatMessage](jsonString: try [ChatMessage](jsonString: feed).jsonString())
        #expect(roundTrip == (try [ChatMessage](jsonString: feed)))
    }

    @Test func errorsInASubclassNameThePath() {
        #expect(
            thrown { _ = try [ChatMessage](jsonString: #"[{"id": 1, "body": 2}]"#) }
                == "[0].body: expected String, found number 2; @JSONLenient converts it (line 1, column 20)")
        #expect(
            thrown { _ = try [ChatMessage](jsonString: #"[{"id": "x", "body": "hi"}]"#) }
                == #"[0].id: expected Int, found string "x" (line 1, column 9)"#)
    }

    // MARK: Equality, hashing, description

    @Test func generatedEqualityComparesMappedPropertiesAndTheRuntimeClass() throws {
        let a = ChatTextMessage(id: 1, sender: "ana", body: "hi")
        let b = ChatTextMessage(id: 1, sender: "ana", body: "hi")
        b.isRead = true  // @JSONIgnore: transient, left out
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != ChatTextMessage(id: 1, sender: "ana", body: "bye"))
        // Same base members, different classes.
        #expect(ChatMessage(id: 1, sender: "ana") != a)
        #expect(a != ChatMessage(id: 1, sender: "ana"))
        #expect(Set<ChatMessage>([a, b, ChatMessage(id: 1)]).count == 2)
    }

    @Test func generatedDescriptionListsTheProperties() throws {
        #expect(ChatTextMessage(id: 1, sender: nil, body: "hi").description == #"ChatTextMessage(id: 1, sender: nil, body: "hi")"#)
        let account = try Account(jsonString: #"{"id": 7, "login": "octocat", "display_name": "The Octocat"}"#)
        #expect(account.description == #"Account(id: 7, login: "octocat", displayName: "The Octocat", kind: "user")"#)
    }

    // MARK: Final classes and hierarchies

    @Test func finalClass() throws {
        let account = try Account(jsonString: #"{"id": 7, "login": "octocat", "kind": "ignored on decode"}"#)
        #expect(account.id == 7 && account.login == "octocat" && account.displayName == nil && account.kind == "user")
        #expect(try account.jsonString() == #"{"id":7,"login":"octocat","kind":"user"}"#)
        let same = try Account(jsonString: #"{"id": 7, "login": "octocat"}"#)
        same.cache["x"] = 1
        #expect(account == same)
    }

    @Test func subclassesInheritTheMapping() throws {
        let json = #"{"wheels": 4, "seats": 2, "top_speed": 305.5, "meta": {"maker": "Lotus"}, "model_name": "Evora"}"#
        let car = try Roadster(jsonString: json)
        #expect(car.wheels == 4 && car.seats == 2 && car.topSpeed == 305.5 && car.maker == "Lotus" && car.model == "Evora")
        // One object: the superclasses' members first.
        #expect(
            try car.jsonString() == #"{"wheels":4,"meta":{"maker":"Lotus"},"seats":2,"model_name":"Evora","top_speed":305.5}"#)
        let vehicle: Machine = car
        #expect(try vehicle.jsonString() == (try car.jsonString()))
        #expect(thrown { _ = try Roadster(jsonString: #"{"wheels": 4, "seats": 2}"#) } == #"top_speed: missing required key "top_speed" (line 1, column 1)"#)
        #expect(thrown { _ = try Roadster(jsonString: #"{"top_speed": 1, "seats": 2}"#) } == #"wheels: missing required key "wheels" (line 1, column 1)"#)
    }

    @Test func unknownKeysAreCheckedAcrossTheHierarchy() throws {
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        let car = try strict.decode(Roadster.self, from: #"{"wheels": 4, "seats": 2, "top_speed": 1}"#)
        #expect(car.topSpeed == 1)
        #expect(
            thrown { _ = try strict.decode(Automobile.self, from: #"{"wheels": 4, "seats": 2, "top_speed": 1}"#) }
                == #"top_speed: unknown key "top_speed", expected one of "seats", "model_name", "wheels", "meta" (line 1, column 27)"#)
        let message = try strict.decode(ChatMessage.self, from: #"{"id": 1, "body": "hi"}"#)
        #expect(message is ChatTextMessage)
    }

    @Test func aChooserMustChooseWithinTheHierarchy() throws {
        #expect(try Figure(jsonString: #"{"sides": 0, "radius": 2}"#) is Disc)
        #expect(try [Figure](jsonString: #"[{"sides": 3}]"#).first is Polygonal)
        #expect(
            thrown { _ = try Disc(jsonString: #"{"sides": 3}"#) }
                == "jsonClass(for:) chose Polygonal, which is not Disc or a subclass of it (line 1, column 1)")
    }
}
