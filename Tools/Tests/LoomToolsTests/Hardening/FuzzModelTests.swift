import Foundation
import FuzzSupport
import Loom
import Testing

/// The hand-written models of the fuzz targets (Sources/FuzzSupport) read their plain inputs
/// on the direct path, and read them as the general path does: without this, `ModelChecks`
/// would compare the general path with itself whenever a model's direct read fell back.
@Suite("Fuzz models: the direct path and the general one")
struct FuzzModelTests {
    /// Expects `text` to be read directly, to the value the general path gives, and to pass the
    /// fuzz target's checks.
    func expectDirect<T: JSONDecodable & Equatable>(
        _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let direct = directly(T.self, text)
        #expect(direct != nil, "\(T.self) does not read \(text) directly", sourceLocation: sourceLocation)
        expectSameOutcome(T.self, text, sourceLocation: sourceLocation)
        expectChecksHold(text, sourceLocation: sourceLocation)
    }

    /// Expects `text` to fall back from the direct path, with the same outcome on both paths.
    func expectFallback<T: JSONDecodable & Equatable>(
        _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(directly(T.self, text) == nil, "\(T.self) reads \(text) directly", sourceLocation: sourceLocation)
        expectSameOutcome(T.self, text, sourceLocation: sourceLocation)
        expectChecksHold(text, sourceLocation: sourceLocation)
    }

    func expectChecksHold(_ text: String, sourceLocation: SourceLocation) {
        let failure = Array(text.utf8).withUnsafeBufferPointer { ModelChecks.check($0) }
        #expect(failure == nil, "\(failure ?? "")", sourceLocation: sourceLocation)
    }

    @Test func structs() throws {
        expectDirect(FuzzUser.self, #"{"id": 1, "login": "a", "extra": [1, {"x": null}]}"#)
        expectDirect(
            FuzzProfile.self,
            #"""
            {"name": "n", "age": -3, "score": 2.5, "motto": null, "friend": {"login": "f", "id": 2},
             "tags": {"a": [1, null]}, "extra": {"x": [1, "y"]}, "seen": "2024-01-01T00:00:00Z", "lucky": [1, 2]}
            """#)
        expectDirect(FuzzProfile.self, #"{"name": "n", "age": 1}"#)
        expectDirect(
            FuzzReading.self,
            #"""
            {"station": "s", "temp": 1.5, "main": {"temp_max": 3, "humidity": 50, "level": 2}, "wind_deg": 4,
             "byHour": {"1": 2.5}}
            """#)
        expectDirect(FuzzShape.self, #"{"radius": 1, "center": {"y": 2}}"#)
        expectDirect(FuzzBridged.self, #"{"value": 1, "kids": [{"value": 2}, {}]}"#)

        let issue = #"""
            {"number": 7, "state": "closed", "user": {"login": "ann"}, "assignee": {"login": "bob", "id": 2},
             "updated_at": "2024-02-29T23:59:59.250Z", "labels": ["bug"], "ID": 99, "scores": {"a": 1.5},
             "total": {"amount": 12.34, "currency": "EUR"}, "ratio": 0.1, "big": 18446744073709551615, "small": -128,
             "price": 0.30000000000000000001, "children": [{"number": 8, "state": "open", "user": {"login": "cy"},
             "updated_at": "2024-01-01T00:00:00Z", "id": 1, "matrix": [[1, null], []],
             "seen": ["2020-05-05T05:05:05Z"]}]}
            """#
        let direct = try #require(directly(FuzzIssue.self, issue))
        #expect(direct.matches(try generally(FuzzIssue.self, Array(issue.utf8)).get()))
        #expect(direct.children?.first?.reporterLogin == "cy" && direct.id == 99)
        expectChecksHold(issue, sourceLocation: #_sourceLocation)
    }

    @Test func validatorsAndHooksRejectOnTheGeneralPath() throws {
        expectFallback(FuzzReading.self, #"{"station": "", "temp": 1}"#)
        expectFallback(FuzzReading.self, #"{"station": "s", "temp": 1, "main": {"humidity": -1}}"#)
        expectFallback(FuzzReading.self, #"{"station": "s", "temp": 1, "main": {"humidity": 101}}"#)
        let negative = #"{"station": "s", "temp": 1, "main": {"humidity": -1}}"#
        let error = try #require(throws: JSONDecodingError.self) {
            try JSONModelDecoder().decode(FuzzReading.self, from: negative)
        }
        #expect(error.pathDescription == "main.humidity")
    }

    @Test func classes() throws {
        expectDirect(FuzzAccount.self, #"{"id": 1, "display_name": "d", "roles": ["r"]}"#)
        expectDirect([FuzzMessage].self, #"[{"id": 1, "sender": "s", "meta": {"sent": 5}}, {"id": 2, "body": "b"}]"#)
        let messages = try #require(directly([FuzzMessage].self, #"[{"id": 1}, {"body": "b", "id": 2}]"#))
        #expect(type(of: messages[0]) == FuzzMessage.self && (messages[1] as? FuzzTextMessage)?.body == "b")
        let picture = #"[{"id": 3, "image_url": "https://a.b/p.png", "size": {"width": 4}, "meta": {"sent": 1}}]"#
        expectDirect([FuzzMessage].self, picture)
        let decoded = try #require(directly([FuzzMessage].self, picture)?.first as? FuzzPictureMessage)
        #expect(decoded.width == 4 && decoded.sent == 1)
        expectDirect(FuzzPictureMessage.self, #"{"id": 4, "image_url": "https://a.b/q.png"}"#)
        // The chooser picks a class that is not the one decoded: the general path reports it.
        expectFallback(FuzzPictureMessage.self, #"{"id": 4, "body": "b"}"#)
    }

    @Test func enums() {
        expectDirect(
            [FuzzEvent].self,
            #"""
            [{"type": "user", "login": "a", "id": 1}, {"amount": 1e2, "type": "cash", "currency": "USD"},
             {"type": "ping"}, {"type": "x", "y": [1]}]
            """#)
        expectSameOutcome([FuzzEvent].self, #"[{"type": "cash", "amount": 1e2, "currency": "USD"}]"#)
        expectDirect(FuzzCommand.self, #"{"nested": [{"user": {"login": "a", "id": 1}}, "ping", {"nested": []}]}"#)
        expectDirect(
            [FuzzNotice].self,
            #"""
            [{"kind": "user", "data": {"login": "a", "id": 1}}, {"kind": "labels", "data": ["x"]}, {"kind": "other"},
             {"kind": "z", "data": 1}]
            """#)
        expectDirect([FuzzAny].self, #"[{"login": "a", "id": 1}]"#)
        expectDirect([FuzzShape].self, #"[{"login": "a", "id": 1}, {"radius": 2}]"#)
        // What the direct path leaves to the general one: an untagged enum's later cases, content
        // before the tag, a chooser that throws.
        expectFallback([FuzzAny].self, #"[{"login": "a", "id": 1}, [1, 2], "x"]"#)
        expectFallback(FuzzNotice.self, #"{"data": ["x"], "kind": "labels"}"#)
        expectFallback(FuzzShape.self, #"{"radius": 1, "login": "a"}"#)
    }
}
