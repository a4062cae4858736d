import Foundation
import Loom
import Testing

// Shapes of declarations the other tests do not cover: generic and public enums and classes,
// `Sendable` final classes, and a polymorphic enum written by hand against the public API.

@JSONModel(representation: .adjacent(tag: "t", content: "c"))
enum Either<Left: JSONModel & Equatable, Right: JSONModel & Equatable>: Equatable {
    case left(Left)
    case right(Right)
}

@JSONModel
public enum PublicMessage: Equatable {
    case text(PublicText)
    case ping
}

@JSONModel
public struct PublicText: Equatable {
    public var body: String
}

@JSONModel
open class OpenNode {
    public var name: String
    public var children: [OpenNode] = []
}

@JSONModel
final class ClassPage<Item: JSONModel & Equatable>: Equatable {
    var items: [Item]
    var next: URL?
}

/// A `Sendable` final class: only `let` properties, which `update(json:)` and `merge(from:)`
/// leave alone.
@JSONModel
final class Coordinates: Sendable, Equatable {
    let latitude: Double
    let longitude: Double
}

/// What `@JSONModel(representation: .internal(tag: "type"))` generates, written by hand: the
/// path for code that cannot use the macro (see the Polymorphism article).
enum HandMessage: Equatable {
    case text(TextMessage)
    case ping
}

extension HandMessage: JSONModel {
    static let _loomCases = _JSONKeySet(["text", "ping"], explicit: [true, true])
    static let _loomTagKeys = _JSONKeySet(["type"], explicit: [true])

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let found = try context._internallyTaggedCase(
            element, tag: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: false)
        switch found.slot {
        case 0: self = .text(try found.payload { try found.context.decode(TextMessage.self, from: $0) })
        case 1: self = .ping
        default: throw found.unknownCase()
        }
    }

    static var _readsDirectly: Bool { true }

    static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self
    {
        let slot = try reader.internalCase(Self._loomTagKeys, Self._loomCases, context)
        switch slot {
        case 0:
            return try _JSONReader.narrowing { Self.text(try reader.value(TextMessage.self, context)) }
        case 1:
            try reader.endUnitCase()
            return Self.ping
        default:
            try reader.fallBack()
        }
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        switch self {
        case .text(let value):
            try context._writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .ping:
            try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer)
        }
    }
}

@Suite("Polymorphic and class model shapes")
struct PolymorphicShapeTests {
    @Test func genericEnum() throws {
        typealias Value = Either<TextMessage, PictureMessage>
        let value = try Value(jsonString: #"{"t": "left", "c": {"body": "hi"}}"#)
        #expect(value == .left(TextMessage(body: "hi")))
        #expect(try value.jsonString() == #"{"t":"left","c":{"body":"hi"}}"#)
    }

    @Test func publicTypes() throws {
        #expect(try PublicMessage(jsonString: #"{"text": {"body": "x"}}"#) == .text(PublicText(body: "x")))
        let node = try OpenNode(jsonString: #"{"name": "root", "children": [{"name": "leaf"}]}"#)
        #expect(node.children.map(\.name) == ["leaf"])
        #expect(try node.jsonString() == #"{"name":"root","children":[{"name":"leaf","children":[]}]}"#)
    }

    @Test func genericClass() throws {
        let page = try ClassPage<TextMessage>(jsonString: #"{"items": [{"body": "a"}], "next": "https://a.b/2"}"#)
        #expect(page.items == [TextMessage(body: "a")] && page.next == URL(string: "https://a.b/2"))
        #expect(page == (try ClassPage<TextMessage>(jsonString: try page.jsonString())))
    }

    @Test func sendableFinalClass() async throws {
        let point = try Coordinates(jsonString: #"{"latitude": 52.5, "longitude": 13.4}"#)
        let copy = await Task.detached { point }.value
        #expect(copy == point)
        try point.update(fromJSONString: #"{"latitude": 0}"#)
        #expect(point.latitude == 52.5)
    }

    @Test func handWrittenEnum() throws {
        #expect(try HandMessage(jsonString: #"{"type": "text", "body": "hi"}"#) == .text(TextMessage(body: "hi")))
        #expect(directly(HandMessage.self, #"{"type": "text", "body": "hi"}"#) == .text(TextMessage(body: "hi")))
        let messages = directly([HandMessage].self, #"[{"body": "a", "type": "text"}, {"type": "ping"}]"#)
        #expect(messages == [.text(TextMessage(body: "a")), .ping])
        expectSameOutcome(HandMessage.self, #"{"type": "video"}"#)
        expectSameOutcome(HandMessage.self, #"{"type": "ping", "body": "x"}"#)
        #expect(try HandMessage.ping.jsonString() == #"{"type":"ping"}"#)
        #expect(try HandMessage.text(TextMessage(body: "hi")).jsonString() == #"{"type":"text","body":"hi"}"#)
    }
}
