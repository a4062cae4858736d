import Foundation
import Loom
import Testing

// Mantle's class-cluster example as polymorphic enums: a message is a text message (it has a
// `body`) or a picture message (it has an `image_url`), in every representation.

@JSONModel
struct TextMessage: Equatable, Sendable {
    var body: String
    var sender: String?
}

@JSONModel
struct PictureMessage: Equatable, Sendable {
    @JSONKey("image_url") var imageURL: URL
    var caption: String?
}

/// `{"type": "text", "body": "hi"}`
@JSONModel(representation: .internal(tag: "type"))
enum InternalMessage: Equatable, Sendable {
    case text(TextMessage)
    @JSONTag("picture", "image") case image(PictureMessage)
    case ping
}

/// `{"text": {"body": "hi"}}`, `"ping"`.
@JSONModel
enum ExternalMessage: Equatable, Sendable {
    case text(TextMessage)
    @JSONTag("picture") case image(PictureMessage)
    case ping
}

/// `{"type": "text", "data": {"body": "hi"}}`
@JSONModel(representation: .adjacent(tag: "type", content: "data"))
enum AdjacentMessage: Equatable, Sendable {
    case text(TextMessage)
    @JSONTag("picture") case image(PictureMessage)
    case ping
}

/// `{"body": "hi"}`: the first case that decodes.
@JSONModel(representation: .untagged)
enum UntaggedMessage: Equatable, Sendable {
    case image(PictureMessage)
    case text(TextMessage)
}

/// `{"body": "hi"}`: Mantle's `+classForParsingJSONDictionary:`.
@JSONModel(representation: .chosenByContent)
enum ChosenMessage: Equatable, Sendable {
    case text(TextMessage)
    case image(PictureMessage)

    static func jsonCase(for object: JSONElement) -> JSONCase? {
        if object["image_url"] != nil { return .image }
        if object["body"] != nil { return .text }
        return nil
    }
}

/// An unknown tag keeps the raw JSON and writes it back unchanged.
@JSONModel(representation: .internal(tag: "type"))
enum OpenMessage: Equatable, Sendable {
    case text(TextMessage)
    @JSONTag("picture") case image(PictureMessage)
    @JSONFallback case unknown(JSONValue)
}

/// A fallback without payload: unknown tags decode as `.other`, which writes its own tag.
@JSONModel(keyStrategy: .snakeCase, representation: .adjacent(tag: "kind", content: "value"))
enum Event: Equatable, Sendable {
    case userJoined(TextMessage)
    @JSONFallback case other
}

/// String raw values are the cases' JSON, as for `Codable`; a case with `@JSONTag` keeps its tag.
@JSONModel(keyStrategy: .snakeCase)
enum Availability: String, Equatable, Sendable {
    case inStock = "IN_STOCK"
    case backOrder
    @JSONTag("gone", "discontinued") case discontinued = "DISCONTINUED"
    @JSONFallback case unknown
}

/// Polymorphic values inside other models, arrays and dictionaries.
@JSONModel
struct Conversation: Equatable {
    var title: String
    var pinned: InternalMessage?
    var messages: [InternalMessage]
    var drafts: [String: ExternalMessage] = [:]
}

private func decode<T: JSONDecodable>(_ type: T.Type, _ json: String, decoder: JSONModelDecoder = .init()) throws -> T {
    try decoder.decode(T.self, from: json)
}

private func errorDescription<T: JSONDecodable>(
    _ type: T.Type, _ json: String, decoder: JSONModelDecoder = .init(), sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    do {
        _ = try decoder.decode(T.self, from: json)
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return String(describing: error)
    }
}

let sampleText = TextMessage(body: "hi", sender: "ana")
let samplePicture = PictureMessage(imageURL: URL(string: "https://example.com/cat.png")!, caption: nil)

@Suite("Polymorphic enums")
struct EnumModelTests {
    // MARK: Internal

    @Test func internalTagDecodes() throws {
        #expect(try decode(InternalMessage.self, #"{"type": "text", "body": "hi", "sender": "ana"}"#) == .text(sampleText))
        #expect(try decode(InternalMessage.self, #"{"image_url": "https://example.com/cat.png", "type": "picture"}"#) == .image(samplePicture))
        // An alternative tag is accepted; the first one is written.
        #expect(try decode(InternalMessage.self, #"{"type": "image", "image_url": "https://example.com/cat.png"}"#) == .image(samplePicture))
        #expect(try decode(InternalMessage.self, #"{"type": "ping"}"#) == .ping)
    }

    @Test func internalTagEncodes() throws {
        #expect(try InternalMessage.text(sampleText).jsonString() == #"{"type":"text","body":"hi","sender":"ana"}"#)
        #expect(try InternalMessage.image(samplePicture).jsonString() == #"{"type":"picture","image_url":"https://example.com/cat.png"}"#)
        #expect(try InternalMessage.ping.jsonString() == #"{"type":"ping"}"#)
        #expect(
            try InternalMessage.text(TextMessage(body: "x")).jsonString(options: .pretty())
                == "{\n  \"type\": \"text\",\n  \"body\": \"x\"\n}")
    }

    @Test func internalTagInPrettyArrays() throws {
        let messages: [InternalMessage] = [.ping, .text(TextMessage(body: "x"))]
        let pretty = try messages.jsonString(options: .pretty())
        #expect(pretty == "[\n  {\n    \"type\": \"ping\"\n  },\n  {\n    \"type\": \"text\",\n    \"body\": \"x\"\n  }\n]")
        #expect(try [InternalMessage](jsonString: pretty) == messages)
    }

    @Test func internalTagErrors() {
        #expect(
            errorDescription(InternalMessage.self, #"{"type": "video"}"#)
                == #"type: unknown InternalMessage case string "video", expected one of "text", "picture", "image", "ping" (line 1, column 10)"#)
        #expect(errorDescription(InternalMessage.self, #"{"body": "hi"}"#) == #"type: missing required key "type" (line 1, column 1)"#)
        #expect(
            errorDescription(InternalMessage.self, #"{"type": 3}"#)
                == "type: expected InternalMessage case name string, found number 3 (line 1, column 10)")
        #expect(
            errorDescription(InternalMessage.self, #"[1]"#)
                == "expected InternalMessage object, found array; decode [InternalMessage] for an array (line 1, column 1)")
        // Errors inside the payload keep the payload's path: it is the same object.
        #expect(
            errorDescription(InternalMessage.self, #"{"type": "text", "body": 3}"#)
                == "body: expected String, found number 3; @JSONLenient converts it (line 1, column 26)")
    }

    @Test func internalTagIsNotAnUnknownKeyOfThePayload() throws {
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        #expect(try decode(InternalMessage.self, #"{"type": "text", "body": "hi", "sender": "ana"}"#, decoder: strict) == .text(sampleText))
        #expect(
            errorDescription(InternalMessage.self, #"{"type": "text", "body": "hi", "color": 1}"#, decoder: strict)
                == #"color: unknown key "color", expected one of "body", "sender" (line 1, column 32)"#)
    }

    // MARK: External

    @Test func externalTag() throws {
        #expect(try decode(ExternalMessage.self, #"{"text": {"body": "hi", "sender": "ana"}}"#) == .text(sampleText))
        #expect(try decode(ExternalMessage.self, #"{"picture": {"image_url": "https://example.com/cat.png"}}"#) == .image(samplePicture))
        #expect(try decode(ExternalMessage.self, #""ping""#) == .ping)
        #expect(try ExternalMessage.text(sampleText).jsonString() == #"{"text":{"body":"hi","sender":"ana"}}"#)
        #expect(try ExternalMessage.image(samplePicture).jsonString() == #"{"picture":{"image_url":"https://example.com/cat.png"}}"#)
        #expect(try ExternalMessage.ping.jsonString() == #""ping""#)
    }

    @Test func externalTagErrors() {
        #expect(
            errorDescription(ExternalMessage.self, #"{"video": {}}"#)
                == #"video: unknown ExternalMessage case string "video", expected one of "text", "picture", "ping" (line 1, column 2)"#)
        #expect(
            errorDescription(ExternalMessage.self, #"{"text": {}, "ping": null}"#)
                == "expected ExternalMessage object with one key (the case) or case name string, found object with 2 keys (line 1, column 1)")
        #expect(
            errorDescription(ExternalMessage.self, #"{"text": {"body": false}}"#)
                == "text.body: expected String, found false (line 1, column 19)")
        #expect(
            errorDescription(ExternalMessage.self, #""text""#)
                == #"case "text" of ExternalMessage needs a payload: {"text": …} (line 1, column 1)"#)
    }

    // MARK: Adjacent

    @Test func adjacentTag() throws {
        #expect(try decode(AdjacentMessage.self, #"{"type": "text", "data": {"body": "hi", "sender": "ana"}}"#) == .text(sampleText))
        #expect(try decode(AdjacentMessage.self, #"{"data": {"image_url": "https://example.com/cat.png"}, "type": "picture"}"#) == .image(samplePicture))
        #expect(try decode(AdjacentMessage.self, #"{"type": "ping"}"#) == .ping)
        #expect(try AdjacentMessage.text(sampleText).jsonString() == #"{"type":"text","data":{"body":"hi","sender":"ana"}}"#)
        #expect(try AdjacentMessage.ping.jsonString() == #"{"type":"ping"}"#)
    }

    @Test func adjacentTagErrors() {
        #expect(errorDescription(AdjacentMessage.self, #"{"type": "text"}"#) == #"data: missing required key "data""#)
        #expect(
            errorDescription(AdjacentMessage.self, #"{"type": "text", "data": {"body": []}}"#)
                == "data.body: expected String, found array (line 1, column 35)")
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        #expect(
            errorDescription(AdjacentMessage.self, #"{"type": "ping", "extra": 1}"#, decoder: strict)
                == #"extra: unknown key "extra", expected one of "type", "data" (line 1, column 18)"#)
    }

    // MARK: Untagged and chosen by content

    @Test func untagged() throws {
        #expect(try decode(UntaggedMessage.self, #"{"body": "hi", "sender": "ana"}"#) == .text(sampleText))
        #expect(try decode(UntaggedMessage.self, #"{"image_url": "https://example.com/cat.png"}"#) == .image(samplePicture))
        #expect(try UntaggedMessage.text(sampleText).jsonString() == #"{"body":"hi","sender":"ana"}"#)
        #expect(
            errorDescription(UntaggedMessage.self, #"{"title": "x"}"#)
                == #"no case of UntaggedMessage matches this object (image: image_url: missing required key "image_url"; text: body: missing required key "body") (line 1, column 1)"#)
    }

    @Test func chosenByContent() throws {
        #expect(try decode(ChosenMessage.self, #"{"body": "hi", "sender": "ana"}"#) == .text(sampleText))
        #expect(try decode(ChosenMessage.self, #"{"image_url": "https://example.com/cat.png"}"#) == .image(samplePicture))
        #expect(try ChosenMessage.image(samplePicture).jsonString() == #"{"image_url":"https://example.com/cat.png"}"#)
        #expect(ChosenMessage.JSONCase.allCases == [.text, .image])
        #expect(
            errorDescription(ChosenMessage.self, #"{"title": "x"}"#)
                == "jsonCase(for:) of ChosenMessage chose no case for this object (line 1, column 1)")
        // The chosen case's errors are reported as they are.
        #expect(
            errorDescription(ChosenMessage.self, #"{"image_url": 5}"#)
                == "image_url: expected URL string, found number 5 (line 1, column 15)")
    }

    // MARK: Fallback

    @Test func fallbackKeepsTheRawJSON() throws {
        let video = #"{"type":"video","url":"https://example.com/v.mp4","seconds":12.5}"#
        let decoded = try decode(OpenMessage.self, video)
        #expect(decoded == .unknown(try JSONValue(parsing: video)))
        #expect(try decoded.jsonString() == video)
        // Anything that names no known case falls back, even without a tag...
        #expect(try decode(OpenMessage.self, "[1,2]") == .unknown([1, 2]))
        // ...but a known case with a bad payload is still an error.
        #expect(
            errorDescription(OpenMessage.self, #"{"type": "text"}"#) == #"body: missing required key "body" (line 1, column 1)"#)
    }

    @Test func unitFallbackWritesItsOwnTag() throws {
        #expect(try decode(Event.self, #"{"kind": "user_joined", "value": {"body": "hi"}}"#) == .userJoined(TextMessage(body: "hi")))
        #expect(try decode(Event.self, #"{"kind": "renamed", "value": 3}"#) == .other)
        #expect(try Event.other.jsonString() == #"{"kind":"other"}"#)
        #expect(try decode(Event.self, #"{"kind": "other"}"#) == .other)
    }

    @Test func stringRawValuesAreTheTags() throws {
        #expect(try decode([Availability].self, #"["IN_STOCK", "back_order", "gone", "discontinued", "in_stock"]"#)
            == [.inStock, .backOrder, .discontinued, .discontinued, .unknown])
        #expect(try [Availability.inStock, .backOrder, .discontinued].jsonString() == #"["IN_STOCK","back_order","gone"]"#)
    }

    // MARK: Everywhere a value can be

    @Test func insidePropertiesArraysAndDictionaries() throws {
        let json = #"""
            {
              "title": "chat",
              "pinned": {"type": "ping"},
              "messages": [
                {"type": "text", "body": "hi", "sender": "ana"},
                {"type": "picture", "image_url": "https://example.com/cat.png"}
              ],
              "drafts": {"a": {"text": {"body": "hi", "sender": "ana"}}, "b": "ping"}
            }
            """#
        let conversation = try decode(Conversation.self, json)
        #expect(conversation.pinned == .ping)
        #expect(conversation.messages == [.text(sampleText), .image(samplePicture)])
        #expect(conversation.drafts == ["a": .text(sampleText), "b": .ping])
        #expect(try decode(Conversation.self, try conversation.jsonString()) == conversation)
        #expect(
            errorDescription(Conversation.self, #"{"title": "x", "messages": [{"type": "ping"}, {"type": "gif"}]}"#)
                == #"messages[1].type: unknown InternalMessage case string "gif", expected one of "text", "picture", "image", "ping" (line 1, column 56)"#)
        // Top-level arrays.
        let messages = try [InternalMessage](jsonString: #"[{"type": "ping"}, {"type": "text", "body": "x"}]"#)
        #expect(messages == [.ping, .text(TextMessage(body: "x"))])
        #expect(try messages.jsonString() == #"[{"type":"ping"},{"type":"text","body":"x"}]"#)
    }

    @Test func sortedKeysStillWriteTheTag() throws {
        var options = JSONWritingOptions()
        options.sortedKeys = true
        #expect(try InternalMessage.text(sampleText).jsonString(options: options) == #"{"body":"hi","sender":"ana","type":"text"}"#)
    }
}
