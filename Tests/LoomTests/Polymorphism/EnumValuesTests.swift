import Foundation
import PropertyBased
import Testing

@testable import Loom

// Enum cases with several associated values (a JSON object of their labels, or an array of
// the unlabeled ones) and integer and Boolean tags, in every representation. Each decode is
// checked on the direct path (bytes) and the general path (a document): same value, and
// where the direct path falls back, the general path's error.

/// GeoJSON-like geometry: `{"point": [1, 2]}`, `{"circle": {"x": 0, "y": 0, "radius": 2}}`.
@JSONModel
enum ExternalShape: Equatable, Sendable {
    case point(Double, Double)
    case circle(x: Double, y: Double, radius: Double)
    case label(text: String, size: Int?, weight: Int = 400)
    case text(TextMessage)
    case empty
}

/// Labels converted as the tags are: `{"move_to": {"target_x": 1, "target_y": 2}}`.
@JSONModel(keyStrategy: .snakeCase)
enum SnakeCommand: Equatable, Sendable {
    case moveTo(targetX: Int, targetY: Int)
    case lineWidth(Double)
}

/// `{"type": "move", "x": 1, "y": 2}`.
@JSONModel(representation: .internal(tag: "type"))
enum InternalCommand: Equatable, Sendable {
    case move(x: Int, y: Int)
    case resize(width: Int, height: Int = 0)
    case caption(text: String?, size: Int? = 12)
    case say(TextMessage)
    case stop
}

/// `{"type": "point", "data": [1, 2]}`, `{"type": "move", "data": {"x": 1, "y": 2}}`.
@JSONModel(representation: .adjacent(tag: "type", content: "data"))
enum AdjacentCommand: Equatable, Sendable {
    case point(Double, Double)
    case move(x: Int, y: Int)
    case stop
}

/// A defaulted value inside adjacent content.
@JSONModel(representation: .adjacent(tag: "type", content: "data"))
enum AdjacentWithDefault: Equatable, Sendable {
    case resize(width: Int, height: Int = 0)
}

/// `[1, 2]` or `{"x": 1, "y": 2}`: the first case that decodes.
@JSONModel(representation: .untagged)
enum UntaggedCoordinate: Equatable, Sendable {
    case pair(Double, Double)
    case named(x: Double, y: Double)
    case triple(Double, Double, Double?)
}

/// An array is a pair, an object a named coordinate.
@JSONModel(representation: .chosenByContent)
enum ChosenCoordinate: Equatable, Sendable {
    case pair(Int, String)
    case named(x: Int, name: String)

    static func jsonCase(for object: JSONElement) -> JSONCase? {
        switch object.kind {
        case .array: return .pair
        case .object: return .named
        default: return nil
        }
    }
}

/// Nostr-style events, chosen by an integer `kind`: `{"kind": 1, "content": "hi"}`.
@JSONModel(representation: .internal(tag: "kind"))
enum NostrEvent: Equatable, Sendable {
    @JSONTag(1) case note(content: String, tags: [[String]] = [])
    @JSONTag(7, -7) case reaction(content: String, target: String?)
    @JSONTag(0) case metadata(TextMessage)
    @JSONTag(5) case deletion
    @JSONFallback case unknown(JSONValue)
}

/// Discord-gateway-style messages: an integer `op` and the data in `d`.
@JSONModel(keyStrategy: .snakeCase, representation: .adjacent(tag: "op", content: "d"))
enum GatewayMessage: Equatable, Sendable {
    @JSONTag(10) case hello(heartbeatInterval: Int, trace: [String]?)
    @JSONTag(1) case heartbeat(Int)
    @JSONTag(6) case resume(String, Int)
    @JSONTag(11) case heartbeatAck
}

/// Slack-style responses: `{"ok": true, "channel": "C1", "ts": "1.2"}`, `{"ok": false, "error": "…"}`.
@JSONModel(representation: .internal(tag: "ok"))
enum SlackResponse: Equatable, Sendable {
    @JSONTag(true) case success(channel: String, ts: String)
    @JSONTag(false) case failure(error: String, needed: String?)
}

@JSONModel
struct SlackChannel: Equatable, Sendable {
    var channel: String
}

/// One labeled value: the payload is the value itself, not an object of its label.
@JSONModel(representation: .internal(tag: "ok"))
enum SingleLabel: Equatable, Sendable {
    @JSONTag(true) case success(channel: SlackChannel)
}

/// A Boolean tag with content beside it: `{"ok": true, "result": [3, "three"]}`.
@JSONModel(representation: .adjacent(tag: "ok", content: "result"))
enum AdjacentOutcome: Equatable, Sendable {
    @JSONTag(true) case success(Int, String)
    @JSONTag(false) case failure(code: Int, message: String)
}

/// Generic: the tag and key sets are computed properties.
@JSONModel(representation: .adjacent(tag: "op", content: "d"))
enum OpEnvelope<Body: JSONModel & Equatable & Sendable>: Equatable, Sendable {
    @JSONTag(1) case counted(Body, Int)
    @JSONTag(2) case noted(body: Body, note: String?)
}

/// Decodes `json` both ways; the direct path must read it (`direct: true`) or fall back.
private func both<T: JSONDecodable & Equatable>(
    _ type: T.Type, _ json: String, direct: Bool = true, decoder: JSONModelDecoder = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
    let general = try generally(T.self, Array(json.utf8), decoder).get()
    let fast = directly(T.self, json, decoder)
    if direct {
        #expect(fast == general, "direct path", sourceLocation: sourceLocation)
    } else if let fast {
        #expect(fast == general, sourceLocation: sourceLocation)
    }
    #expect(try decoder.decode(T.self, from: json) == general, sourceLocation: sourceLocation)
    return general
}

/// The error of `json`: the direct path must not read it, the general path says why.
private func failure<T: JSONDecodable>(
    _ type: T.Type, _ json: String, decoder: JSONModelDecoder = .init(), sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    #expect(directly(T.self, json, decoder) == nil, "the direct path read an invalid value", sourceLocation: sourceLocation)
    do {
        _ = try decoder.decode(T.self, from: json)
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        if case .failure(let general) = generally(T.self, Array(json.utf8), decoder) {
            #expect(String(describing: general) == String(describing: error), sourceLocation: sourceLocation)
        }
        return String(describing: error)
    }
}

private func roundTrip<T: JSONModel & Equatable>(_ value: T, _ json: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    #expect(try value.jsonString() == json, sourceLocation: sourceLocation)
    #expect(try both(T.self, json, sourceLocation: sourceLocation) == value, sourceLocation: sourceLocation)
}

@Suite("Enum cases with several values, integer and Boolean tags")
struct EnumValuesTests {
    // MARK: External

    @Test func externalLabeledAndUnlabeled() throws {
        #expect(try both(ExternalShape.self, #"{"point": [1, 2.5]}"#) == .point(1, 2.5))
        #expect(try both(ExternalShape.self, #"{"circle": {"radius": 2, "x": 0, "y": -1}}"#) == .circle(x: 0, y: -1, radius: 2))
        // A missing optional is nil, a missing defaulted value takes its default.
        #expect(try both(ExternalShape.self, #"{"label": {"text": "a"}}"#) == .label(text: "a", size: nil, weight: 400))
        #expect(try both(ExternalShape.self, #"{"label": {"text": "a", "size": null, "weight": 700}}"#) == .label(text: "a", size: nil, weight: 700))
        // Unknown keys are ignored, as for structs.
        #expect(try both(ExternalShape.self, #"{"circle": {"x": 0, "y": 0, "radius": 1, "color": "red"}}"#) == .circle(x: 0, y: 0, radius: 1))
        #expect(try both(ExternalShape.self, #"{"text": {"body": "hi"}}"#) == .text(TextMessage(body: "hi")))
        #expect(try both(ExternalShape.self, #""empty""#) == .empty)
        #expect(try both(SnakeCommand.self, #"{"move_to": {"target_x": 1, "target_y": 2}}"#) == .moveTo(targetX: 1, targetY: 2))
    }

    @Test func externalEncodes() throws {
        try roundTrip(ExternalShape.point(1, 2.5), #"{"point":[1,2.5]}"#)
        try roundTrip(ExternalShape.circle(x: 0, y: -1, radius: 2), #"{"circle":{"x":0,"y":-1,"radius":2}}"#)
        try roundTrip(ExternalShape.label(text: "a", size: nil, weight: 400), #"{"label":{"text":"a","weight":400}}"#)
        try roundTrip(ExternalShape.label(text: "a", size: 3, weight: 1), #"{"label":{"text":"a","size":3,"weight":1}}"#)
        try roundTrip(SnakeCommand.moveTo(targetX: 1, targetY: 2), #"{"move_to":{"target_x":1,"target_y":2}}"#)
        try roundTrip(SnakeCommand.lineWidth(2), #"{"line_width":2}"#)
        let pretty = try ExternalShape.point(1, 2).jsonString(options: .pretty())
        #expect(try ExternalShape(jsonString: pretty) == .point(1, 2))
    }

    @Test func externalErrorsHavePaths() {
        #expect(failure(ExternalShape.self, #"{"circle": {"x": "a", "y": 0, "radius": 1}}"#)
            == #"circle.x: expected Double, found string "a" (line 1, column 18)"#)
        #expect(failure(ExternalShape.self, #"{"circle": {"x": 0, "y": 0}}"#) == #"circle.radius: missing required key "radius" (line 1, column 12)"#)
        #expect(failure(ExternalShape.self, #"{"point": [1, "b"]}"#) == #"point[1]: expected Double, found string "b" (line 1, column 15)"#)
        #expect(failure(ExternalShape.self, #"{"point": [1, 2, 3]}"#) == #"point: expected an array of 2 values, found 3 values (line 1, column 11)"#)
        #expect(failure(ExternalShape.self, #"{"point": [1]}"#) == #"point: expected an array of 2 values, found 1 value (line 1, column 11)"#)
        #expect(failure(ExternalShape.self, #"{"point": {"x": 1}}"#) == #"point: expected ExternalShape array of 2 values, found object (line 1, column 11)"#)
        #expect(failure(ExternalShape.self, #"{"circle": [1, 2, 3]}"#) == #"circle: expected ExternalShape object, found array (line 1, column 12)"#)
        #expect(failure(ExternalShape.self, #"{"label": {"text": "a", "weight": null}}"#) == #"label.weight: expected Int, found null (line 1, column 35)"#)
        #expect(failure(ExternalShape.self, #""point""#) == #"case "point" of ExternalShape needs a payload: {"point": …} (line 1, column 1)"#)
    }

    @Test func unknownKeysRejectedWhenAsked() throws {
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        #expect(failure(ExternalShape.self, #"{"circle": {"x": 0, "y": 0, "radius": 1, "color": "red"}}"#, decoder: strict)
            == #"circle.color: unknown key "color", expected one of "x", "y", "radius" (line 1, column 42)"#)
        // The tag of an internally tagged case is not an unknown key of its values.
        #expect(try both(InternalCommand.self, #"{"type": "move", "x": 1, "y": 2}"#, decoder: strict) == .move(x: 1, y: 2))
        #expect(
            try both(InternalCommand.self, #"{"x": 1, "y": 2, "type": "move"}"#, direct: false, decoder: strict) == .move(x: 1, y: 2))
    }

    // MARK: Internal

    @Test func internalLabeled() throws {
        #expect(try both(InternalCommand.self, #"{"type": "move", "x": 1, "y": 2}"#) == .move(x: 1, y: 2))
        // The tag after the values: read again from the object's start.
        #expect(try both(InternalCommand.self, #"{"x": 1, "y": 2, "type": "move"}"#) == .move(x: 1, y: 2))
        #expect(try both(InternalCommand.self, #"{"type": "resize", "width": 3}"#) == .resize(width: 3, height: 0))
        #expect(try both(InternalCommand.self, #"{"type": "caption"}"#) == .caption(text: nil, size: 12))
        #expect(try both(InternalCommand.self, #"{"type": "caption", "text": "t", "size": null}"#) == .caption(text: "t", size: nil))
        #expect(try both(InternalCommand.self, #"{"type": "say", "body": "hi"}"#) == .say(TextMessage(body: "hi")))
        #expect(try both(InternalCommand.self, #"{"type": "stop"}"#) == .stop)
        try roundTrip(InternalCommand.move(x: 1, y: 2), #"{"type":"move","x":1,"y":2}"#)
        // `nil` where the default is 12 is written as null: left out, it would decode as 12.
        try roundTrip(InternalCommand.caption(text: nil, size: nil), #"{"type":"caption","size":null}"#)
        try roundTrip(InternalCommand.caption(text: nil, size: 12), #"{"type":"caption","size":12}"#)
        #expect(
            try InternalCommand.move(x: 1, y: 2).jsonString(options: .pretty()) == "{\n  \"type\": \"move\",\n  \"x\": 1,\n  \"y\": 2\n}")
    }

    @Test func internalErrors() {
        #expect(failure(InternalCommand.self, #"{"type": "move", "x": 1, "y": true}"#) == #"y: expected Int, found true (line 1, column 31)"#)
        #expect(failure(InternalCommand.self, #"{"type": "move", "x": 1}"#) == #"y: missing required key "y" (line 1, column 1)"#)
        #expect(failure(InternalCommand.self, #"{"type": "resize", "width": 1, "height": null}"#)
            == #"height: expected Int, found null (line 1, column 42)"#)
    }

    @Test func defaultsAreReported() throws {
        let (value, report) = try JSONModelDecoder().decodeWithReport(
            AdjacentWithDefault.self, from: #"{"type": "resize", "data": {"width": 3}}"#)
        #expect(value == .resize(width: 3, height: 0))
        #expect(report.notes.map(\.description) == [#"data.height: key missing, used the default 0 (line 1, column 28)"#])
    }

    // MARK: Adjacent

    @Test func adjacentLabeledAndUnlabeled() throws {
        #expect(try both(AdjacentCommand.self, #"{"type": "point", "data": [1, 2]}"#) == .point(1, 2))
        #expect(try both(AdjacentCommand.self, #"{"type": "move", "data": {"x": 1, "y": 2}}"#) == .move(x: 1, y: 2))
        // The content before the tag: the general path reads it.
        #expect(try both(AdjacentCommand.self, #"{"data": {"x": 1, "y": 2}, "type": "move"}"#, direct: false) == .move(x: 1, y: 2))
        try roundTrip(AdjacentCommand.point(1, 2), #"{"type":"point","data":[1,2]}"#)
        try roundTrip(AdjacentCommand.move(x: 1, y: 2), #"{"type":"move","data":{"x":1,"y":2}}"#)
        try roundTrip(AdjacentCommand.stop, #"{"type":"stop"}"#)
        #expect(failure(AdjacentCommand.self, #"{"type": "move", "data": {"x": 1, "y": "2"}}"#)
            == #"data.y: expected Int, found string "2"; @JSONLenient converts it (line 1, column 40)"#)
        #expect(failure(AdjacentCommand.self, #"{"type": "point", "data": [1, 2, 3]}"#)
            == #"data: expected an array of 2 values, found 3 values (line 1, column 27)"#)
    }

    // MARK: Untagged and chosen by content

    @Test func untaggedTriesTheCasesInOrder() throws {
        #expect(try both(UntaggedCoordinate.self, "[1, 2]") == .pair(1, 2))
        #expect(try both(UntaggedCoordinate.self, #"{"x": 1, "y": 2}"#, direct: false) == .named(x: 1, y: 2))
        #expect(try both(UntaggedCoordinate.self, "[1, 2, null]", direct: false) == .triple(1, 2, nil))
        try roundTrip(UntaggedCoordinate.pair(1, 2), "[1,2]")
        #expect(try UntaggedCoordinate.named(x: 1, y: 2).jsonString() == #"{"x":1,"y":2}"#)
        #expect(try UntaggedCoordinate.triple(1, 2, nil).jsonString() == "[1,2,null]")
        #expect(failure(UntaggedCoordinate.self, "[1]")
            == "no case of UntaggedCoordinate matches this array (pair: expected an array of 2 values, found 1 value; named: expected UntaggedCoordinate object, found array; triple: expected an array of 3 values, found 1 value) (line 1, column 1)")
    }

    @Test func chosenByContent() throws {
        #expect(try both(ChosenCoordinate.self, #"[1, "a"]"#) == .pair(1, "a"))
        #expect(try both(ChosenCoordinate.self, #"{"x": 1, "name": "a"}"#) == .named(x: 1, name: "a"))
        try roundTrip(ChosenCoordinate.pair(1, "a"), #"[1,"a"]"#)
        try roundTrip(ChosenCoordinate.named(x: 1, name: "a"), #"{"x":1,"name":"a"}"#)
        #expect(failure(ChosenCoordinate.self, #"[1, 2]"#) == #"[1]: expected String, found number 2; @JSONLenient converts it (line 1, column 5)"#)
        #expect(failure(ChosenCoordinate.self, #"{"x": 1}"#) == #"name: missing required key "name" (line 1, column 1)"#)
    }

    // MARK: Integer and Boolean tags

    @Test func integerTagsInternal() throws {
        #expect(try both(NostrEvent.self, #"{"kind": 1, "content": "gm"}"#) == .note(content: "gm", tags: []))
        #expect(try both(NostrEvent.self, #"{"content": "gm", "tags": [["e", "x"]], "kind": 1}"#) == .note(content: "gm", tags: [["e", "x"]]))
        #expect(try both(NostrEvent.self, #"{"kind": -7, "content": "-"}"#) == .reaction(content: "-", target: nil))
        #expect(try both(NostrEvent.self, #"{"kind": 0, "body": "about me"}"#) == .metadata(TextMessage(body: "about me")))
        #expect(try both(NostrEvent.self, #"{"kind": 5}"#) == .deletion)
        // Strict: the string "1" is not the tag 1, nor is 1.0; an unknown tag goes to the fallback.
        #expect(try both(NostrEvent.self, #"{"kind": "1", "content": "gm"}"#) == .unknown(["kind": "1", "content": "gm"]))
        #expect(try both(NostrEvent.self, #"{"kind": 1.0, "content": "gm"}"#, direct: false) == .unknown(["kind": 1.0, "content": "gm"]))
        #expect(try both(NostrEvent.self, #"{"kind": 30023}"#) == .unknown(["kind": 30023]))
        try roundTrip(NostrEvent.note(content: "gm", tags: [["p", "k"]]), #"{"kind":1,"content":"gm","tags":[["p","k"]]}"#)
        try roundTrip(NostrEvent.reaction(content: "+", target: "e1"), #"{"kind":7,"content":"+","target":"e1"}"#)
        try roundTrip(NostrEvent.metadata(TextMessage(body: "b")), #"{"kind":0,"body":"b"}"#)
        try roundTrip(NostrEvent.deletion, #"{"kind":5}"#)
        #expect(failure(NostrEvent.self, #"{"kind": 1}"#) == #"content: missing required key "content" (line 1, column 1)"#)
        // Lenient coercion converts values, never tags.
        var lenient = JSONModelDecoder()
        lenient.coercion = .lenient
        #expect(failure(GatewayMessage.self, #"{"op": "1", "d": 2}"#, decoder: lenient)
            == #"op: expected GatewayMessage case tag (integer), found string "1" (line 1, column 8)"#)
        #expect(try both(GatewayMessage.self, #"{"op": 1, "d": "2"}"#, direct: false, decoder: lenient) == .heartbeat(2))
    }

    @Test func integerTagsAdjacent() throws {
        #expect(try both(GatewayMessage.self, #"{"op": 10, "d": {"heartbeat_interval": 41250}}"#)
            == .hello(heartbeatInterval: 41250, trace: nil))
        #expect(try both(GatewayMessage.self, #"{"op": 1, "d": 251}"#) == .heartbeat(251))
        #expect(try both(GatewayMessage.self, #"{"op": 6, "d": ["token", 9]}"#) == .resume("token", 9))
        #expect(try both(GatewayMessage.self, #"{"op": 11}"#) == .heartbeatAck)
        try roundTrip(GatewayMessage.hello(heartbeatInterval: 5, trace: ["a"]), #"{"op":10,"d":{"heartbeat_interval":5,"trace":["a"]}}"#)
        try roundTrip(GatewayMessage.heartbeat(3), #"{"op":1,"d":3}"#)
        try roundTrip(GatewayMessage.resume("t", 2), #"{"op":6,"d":["t",2]}"#)
        try roundTrip(GatewayMessage.heartbeatAck, #"{"op":11}"#)
        #expect(failure(GatewayMessage.self, #"{"op": "10", "d": {}}"#)
            == #"op: expected GatewayMessage case tag (integer), found string "10" (line 1, column 8)"#)
        #expect(failure(GatewayMessage.self, #"{"op": 2, "d": {}}"#)
            == #"op: unknown GatewayMessage case number 2, expected one of 10, 1, 6, 11 (line 1, column 8)"#)
        #expect(failure(GatewayMessage.self, #"{"op": 10, "d": {"heartbeat_interval": "x"}}"#)
            == #"d.heartbeat_interval: expected Int, found string "x" (line 1, column 40)"#)
        #expect(failure(GatewayMessage.self, #"{"op": 6, "d": ["t"]}"#) == #"d: expected an array of 2 values, found 1 value (line 1, column 16)"#)
    }

    @Test func booleanTags() throws {
        #expect(try both(SlackResponse.self, #"{"ok": true, "channel": "C1", "ts": "1.2"}"#) == .success(channel: "C1", ts: "1.2"))
        #expect(try both(SlackResponse.self, #"{"error": "channel_not_found", "ok": false}"#) == .failure(error: "channel_not_found", needed: nil))
        try roundTrip(SlackResponse.failure(error: "missing_scope", needed: "chat:write"), #"{"ok":false,"error":"missing_scope","needed":"chat:write"}"#)
        // One labeled value is the payload itself, as it always was: here the whole object.
        #expect(try both(SingleLabel.self, #"{"ok": true, "channel": "C1"}"#) == .success(channel: SlackChannel(channel: "C1")))
        try roundTrip(SlackResponse.success(channel: "C", ts: "1"), #"{"ok":true,"channel":"C","ts":"1"}"#)
        #expect(failure(SlackResponse.self, #"{"ok": "true", "channel": "C1", "ts": "1"}"#)
            == #"ok: expected SlackResponse case tag (Boolean), found string "true" (line 1, column 8)"#)
        #expect(try both(AdjacentOutcome.self, #"{"ok": true, "result": [3, "three"]}"#) == .success(3, "three"))
        try roundTrip(AdjacentOutcome.failure(code: 4, message: "m"), #"{"ok":false,"result":{"code":4,"message":"m"}}"#)
        try roundTrip(AdjacentOutcome.success(1, "one"), #"{"ok":true,"result":[1,"one"]}"#)
    }

    @Test func genericEnum() throws {
        typealias Boxed = OpEnvelope<TextMessage>
        try roundTrip(Boxed.counted(TextMessage(body: "a"), 2), #"{"op":1,"d":[{"body":"a"},2]}"#)
        try roundTrip(Boxed.noted(body: TextMessage(body: "a"), note: nil), #"{"op":2,"d":{"body":{"body":"a"}}}"#)
        #expect(failure(Boxed.self, #"{"op": 1, "d": [{"body": 1}, 2]}"#) == #"d[0].body: expected String, found number 1; @JSONLenient converts it (line 1, column 26)"#)
    }

    // MARK: Schema

    @Test func schemaDescribesTheValues() {
        let shape = ExternalShape.jsonSchema
        let cases = shape[path: "anyOf"]
        #expect(cases?[path: "0.properties.point"] == [
            "type": "array", "prefixItems": [["type": "number"], ["type": "number"]], "minItems": 2, "maxItems": 2,
        ])
        #expect(cases?[path: "1.properties.circle.required"] == ["x", "y", "radius"])
        #expect(cases?[path: "2.properties.label.required"] == ["text"])
        #expect(cases?[path: "2.properties.label.properties.weight.default"] == 400)
        // A fallback case takes any value, so the schema of NostrEvent accepts anything.
        #expect(NostrEvent.jsonSchema["anyOf"] == nil)
        let gateway = GatewayMessage.jsonSchema
        #expect(gateway[path: "discriminator.propertyName"] == "op")
        #expect(gateway[path: "oneOf.0.properties.op"] == ["const": 10])
        #expect(gateway[path: "oneOf.0.properties.d.required"] == ["heartbeat_interval"])
        #expect(gateway[path: "oneOf.2.properties.d.prefixItems.1.type"] == "integer")
        #expect(gateway[path: "oneOf.3"] == ["type": "object", "properties": ["op": ["const": 11]], "required": ["op"]])
        let slack = SlackResponse.jsonSchema
        #expect(slack[path: "oneOf.0.allOf.0.properties.ok"] == ["const": true])
        #expect(slack[path: "oneOf.1.allOf.1.required"] == ["error"])
        #expect(slack[path: "discriminator.propertyName"] == "ok")
        #expect(slack[path: "discriminator.mapping"] == nil)
    }

    // MARK: Round trip

    private static let text = Gen<Character?>.element(of: Array("ab\"\\é \n") as [Character]).map { $0 ?? "a" }.string(of: 0...6)

    @Test func generatedValuesRoundTrip() async {
        let input = zip(Gen.int(in: 0...6), Gen.int(in: -1_000...1_000), Gen.int(in: -1_000...1_000), Self.text, Gen.bool)
        await propertyCheck(count: 200, input: input) { choice, a, b, text, flag in
            let shape: ExternalShape = [
                .point(Double(a) / 4, Double(b)), .circle(x: Double(a), y: Double(b), radius: 1),
                .label(text: text, size: flag ? a : nil, weight: b), .text(TextMessage(body: text)), .empty,
                .point(0, -0.5), .label(text: "", size: nil, weight: 400),
            ][choice]
            let command: InternalCommand = [
                .move(x: a, y: b), .resize(width: a, height: b), .caption(text: flag ? text : nil, size: flag ? nil : b),
                .say(TextMessage(body: text, sender: flag ? text : nil)), .stop, .move(x: 0, y: 0), .caption(text: nil, size: nil),
            ][choice]
            let event: NostrEvent = [
                .note(content: text, tags: flag ? [[text]] : []), .reaction(content: text, target: flag ? text : nil),
                .metadata(TextMessage(body: text)), .deletion, .unknown(["kind": .number(JSONNumber(1_000 + abs(a)))]),
                .note(content: "", tags: []), .reaction(content: "+", target: nil),
            ][choice]
            let gateway: GatewayMessage = [
                .hello(heartbeatInterval: a, trace: flag ? [text] : nil), .heartbeat(b), .resume(text, a), .heartbeatAck,
                .hello(heartbeatInterval: 0, trace: []), .resume("", 0), .heartbeat(0),
            ][choice]
            let outcome: AdjacentOutcome = flag ? .success(a, text) : .failure(code: b, message: text)
            let coordinate: UntaggedCoordinate = [
                .pair(Double(a), Double(b)), .named(x: Double(a), y: 1), .triple(1, Double(b), flag ? Double(a) : nil),
            ][choice % 3]
            try Self.check(shape)
            try Self.check(command)
            try Self.check(event)
            try Self.check(gateway)
            try Self.check(outcome)
            try Self.check(coordinate, directly: choice % 3 == 0)
            try Self.check(SnakeCommand.moveTo(targetX: a, targetY: b))
            try Self.check(ChosenCoordinate.named(x: a, name: text))
        }
    }

    /// Damaged inputs: whatever the direct path reads, the general path reads the same; what
    /// the general path rejects, the direct path does not read. Nothing traps.
    @Test func damagedInputsAgree() {
        let samples: [String] = [
            try? ExternalShape.label(text: "a", size: 3, weight: 1).jsonString(),
            try? ExternalShape.point(1, 2).jsonString(),
            try? InternalCommand.caption(text: "t", size: nil).jsonString(),
            try? InternalCommand.move(x: 1, y: 2).jsonString(),
            try? AdjacentCommand.point(1, 2).jsonString(),
            try? NostrEvent.note(content: "c", tags: [["e"]]).jsonString(),
            try? GatewayMessage.resume("t", 2).jsonString(),
            try? GatewayMessage.hello(heartbeatInterval: 1, trace: ["x"]).jsonString(),
            try? SlackResponse.failure(error: "e", needed: "n").jsonString(),
            try? AdjacentOutcome.success(1, "x").jsonString(),
            try? InternalMessage.text(TextMessage(body: "hi")).jsonString(),
            try? AdjacentCommand.move(x: 1, y: 2).jsonString(options: .pretty()),
            try? GatewayMessage.heartbeatAck.jsonString(),
            try? UntaggedCoordinate.triple(1, 2, nil).jsonString(),
            try? ChosenCoordinate.pair(1, "a").jsonString(),
            #"{"x":1,"y":2,"type":"move"}"#, #"{"content":"c","kind":-7}"#, #"{"kind":"1"}"#,
        ].compactMap { $0 }
        let replacements = Array(#"{}[],:"0-1tn x"#.utf8)
        // Every byte removed, replaced or preceded by each of `replacements`.
        for sample in samples {
            let original = Array(sample.utf8)
            var inputs: [[UInt8]] = []
            for index in original.indices {
                var removed = original
                removed.remove(at: index)
                inputs.append(removed)
                for byte in replacements {
                    var replaced = original
                    replaced[index] = byte
                    inputs.append(replaced)
                    var inserted = original
                    inserted.insert(byte, at: index)
                    inputs.append(inserted)
                }
            }
            for bytes in inputs {
                for decoder in Self.decoders {
                    Self.agree(ExternalShape.self, bytes, decoder)
                    Self.agree(InternalCommand.self, bytes, decoder)
                    Self.agree(AdjacentCommand.self, bytes, decoder)
                    Self.agree(NostrEvent.self, bytes, decoder)
                    Self.agree(GatewayMessage.self, bytes, decoder)
                    Self.agree(SlackResponse.self, bytes, decoder)
                    Self.agree(AdjacentOutcome.self, bytes, decoder)
                    Self.agree(UntaggedCoordinate.self, bytes, decoder)
                    Self.agree(ChosenCoordinate.self, bytes, decoder)
                    Self.agree(InternalMessage.self, bytes, decoder)
                }
            }
        }
    }

    /// The default decoder, one that rejects unknown keys, one that takes `null` for missing,
    /// a lenient one.
    private static let decoders: [JSONModelDecoder] = {
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        var nullAsMissing = JSONModelDecoder()
        nullAsMissing.nullAsMissing = true
        var lenient = JSONModelDecoder()
        lenient.coercion = .lenient
        return [JSONModelDecoder(), strict, nullAsMissing, lenient]
    }()

    private static func agree<T: JSONDecodable & Equatable>(
        _ type: T.Type, _ bytes: [UInt8], _ decoder: JSONModelDecoder, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let general = generally(T.self, bytes, decoder)
        guard let fast = directly(T.self, bytes, decoder) else { return }
        #expect(
            (try? general.get()) == fast, "\(T.self): \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    /// Encodes `value` (compact and pretty) and decodes it on both paths.
    private static func check<T: JSONModel & Equatable>(
        _ value: T, directly _readsDirectly: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for options in [JSONWritingOptions(), .pretty()] {
            let json = try value.jsonString(options: options)
            let general = try generally(T.self, Array(json.utf8)).get()
            #expect(general == value, "\(json)", sourceLocation: sourceLocation)
            if _readsDirectly {
                #expect(directly(T.self, json) == value, "\(json)", sourceLocation: sourceLocation)
            }
        }
    }
}
