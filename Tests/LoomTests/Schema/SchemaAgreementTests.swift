import Foundation
import Loom
import LoomExamples
import SchemaValidation
import Testing

/// Every sample the models decode validates against the model's schema (checked by Python's
/// `jsonschema`), and generated invalid inputs are rejected by both the model and the schema.
@Suite("JSON Schema agreement", .enabled(if: SchemaValidator.isAvailable, "\(SchemaValidator.unavailableReason ?? "")"))
struct SchemaAgreementTests {
    /// One model with valid samples; `exact` when the schema states every rule the model
    /// checks, so mutants must be rejected by both or neither.
    struct Subject {
        var name: String
        var exact: Bool
        var samples: [String]
        var check: (String, String) throws -> SchemaAgreement
    }

    static func subject<T: JSONDecodable>(_ type: T.Type, exact: Bool = true, _ samples: [String]) -> Subject {
        let schema = T.jsonSchema
        return Subject(name: "\(T.self)", exact: exact, samples: samples) { label, text in
            try SchemaAgreement(T.self, label, text, schema: schema)
        }
    }

    static var subjects: [Subject] { [
        subject(SchemaUser.self, [#"{"login": "mona", "id": 1}"#, #"{"login": "", "id": -5, "other": [1]}"#]),
        subject(
            SchemaIssue.self,
            [
                #"""
                {"title": "Crash", "state": "open", "user": {"login": "mona"}, "id": 7,
                 "created": "2024-05-01T12:00:00Z"}
                """#,
                #"""
                {"title": "Crash", "state": "closed", "level": 2, "user": {"login": "mona", "site_admin": true},
                 "ID": 8, "remark": "see", "temp": 21.5, "temp_max": 30, "comments": 3, "ratio": 1,
                 "tags": ["a", "b"], "small": -128, "count": 65535, "huge": 18446744073709551615,
                 "homepage": "https://example.com/a", "token": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
                 "avatar": "aGVsbG8=", "created": "2024-05-01T12:00:00.123+02:00", "priority": "P2",
                 "assignees": [{"login": "hubot", "id": 2}], "labels": ["x", "x"], "counts": {"a": 1},
                 "extra": {"any": [null]}}
                """#,
                #"""
                {"title": "t", "state": "open", "level": null, "user": {"login": "m", "site_admin": null}, "id": null,
                 "issue_id": 9, "note": null, "small": null, "homepage": null, "priority": null, "assignees": null,
                 "created": "2024-05-01T12:00:00Z", "extra": null}
                """#,
            ]),
        subject(
            SchemaNode.self,
            [
                #"{"name": "root", "children": [{"name": "a", "children": [{"name": "b"}]}], "owner": {"login": "x", "id": 1}}"#,
                #"{"name": "leaf", "parent": null}"#,
            ]),
        subject(SchemaAccount.self, [#"{"id": 1}"#, #"{"id": 2, "email": "a@b.c"}"#]),
        subject(SchemaMessage.self, exact: false, [#"{"id": 1}"#, #"{"id": 2, "sender": "x", "body": "hi"}"#]),
        subject(SchemaTextMessage.self, [#"{"id": 2, "sender": "x", "body": "hi"}"#]),
        subject(
            SchemaExternal.self,
            [#"{"text": {"body": "hi"}}"#, #"{"picture": {"url": "https://a.b/c"}}"#, #"{"image": {"url": "x:y", "width": 3}}"#, #""ping""#]),
        subject(
            SchemaInternal.self,
            [#"{"type": "text", "body": "hi"}"#, #"{"url": "https://a.b/c", "type": "picture"}"#, #"{"type": "ping"}"#]),
        subject(
            SchemaAdjacent.self,
            [#"{"kind": "text", "data": {"body": "hi"}}"#, #"{"data": {"url": "https://a.b"}, "kind": "picture"}"#, #"{"kind": "ping"}"#]),
        subject(SchemaUntagged.self, [#"{"body": "hi"}"#, #"{"url": "https://a.b", "width": 2}"#]),
        // Several values (an object of labels, an array of unlabeled ones), integer and Boolean tags.
        subject(
            ExternalShape.self,
            [
                #"{"point": [1, 2.5]}"#, #"{"circle": {"x": 0, "y": -1, "radius": 2}}"#,
                #"{"label": {"text": "a", "size": null, "weight": 700}}"#, #"{"label": {"text": "a"}}"#, #""empty""#,
            ]),
        subject(
            InternalCommand.self,
            [
                #"{"type": "move", "x": 1, "y": 2}"#, #"{"type": "resize", "width": 3}"#, #"{"type": "caption", "size": null}"#,
                #"{"type": "stop"}"#,
            ]),
        subject(AdjacentCommand.self, [#"{"type": "point", "data": [1, 2]}"#, #"{"type": "move", "data": {"x": 1, "y": 2}}"#]),
        subject(
            GatewayMessage.self,
            [
                #"{"op": 10, "d": {"heartbeat_interval": 41250}}"#, #"{"op": 1, "d": 251}"#, #"{"op": 6, "d": ["t", 2]}"#,
                #"{"op": 11}"#,
            ]),
        subject(SlackResponse.self, [#"{"ok": true, "channel": "C1", "ts": "1"}"#, #"{"ok": false, "error": "e", "needed": null}"#]),
        subject(AdjacentOutcome.self, [#"{"ok": true, "result": [3, "three"]}"#, #"{"ok": false, "result": {"code": 1, "message": "m"}}"#]),
        subject(UntaggedCoordinate.self, ["[1, 2]", #"{"x": 1, "y": 2}"#, "[1, 2, null]"]),
        subject(SchemaWithFallback.self, exact: false, [#"{"type": "text", "body": "hi"}"#, #"{"type": "video"}"#, #"3"#]),
        subject(
            SchemaPermissive.self, exact: false,
            [
                #"{"name": "a", "price": {"amount": 1, "currency": "EUR"}, "quantity": 3}"#,
                #"{"name": "a", "price": {"amount": 1, "currency": "EUR"}, "quantity": "3", "label": 5}"#,
            ]),
        // A lossy property takes any value; captured and write-only members are anything.
        subject(
            LossyProfile.self,
            [#"{"id": 1, "age": 3, "role": "admin", "tags": ["a"]}"#, #"{"id": 1, "age": "x", "homepage": 5, "nickname": {}}"#]),
        subject(
            PreservedAccount.self,
            [#"{"id": 1, "name": "a", "plan": {"tier": "pro"}, "more": [1, {"x": null}]}"#, #"{"id": 2, "name": "b"}"#]),
        subject(DraftComment.self, [#"{"body": "hi", "client": 5, "created_at": "t", "votes": 2, "parent_id": null}"#]),
        subject([SchemaUser].self, [#"[{"login": "a", "id": 1}, {"login": "b", "id": 2}]"#, "[]"]),
        subject([String: SchemaNode].self, [#"{"a": {"name": "x"}}"#]),
        subject(SchemaUser?.self, ["null", #"{"login": "a", "id": 1}"#]),
        subject(
            FlatOrder.self,
            [
                #"{"id": 1, "street": "s", "city": "c"}"#,
                #"{"id": 2, "street": "s", "city": "c", "zip": null, "billing_street": "b", "billing_city": "d", "billing_zip": "z"}"#,
            ]),
        subject(FlatVenue.self, [#"{"id": 1, "place_name": "n", "place_geo_lat": 1.5, "place_geo_lon": 2, "place_tags": ["a"]}"#]),
    ] }

    @Test("every sample of the test models validates against the model's schema")
    func samples() throws {
        var checks: [SchemaAgreement] = []
        for subject in Self.subjects {
            for (index, sample) in subject.samples.enumerated() {
                let check = try subject.check("\(subject.name) sample \(index)", sample)
                #expect(check.decodeError == nil, "\(check.label) does not decode: \(check.decodeError ?? "")")
                checks.append(check)
            }
        }
        let counts = try expectAgreement(checks)
        #expect(counts.accepted == checks.count)
    }

    @Test("the Examples/ samples validate against their models' schemas")
    func examples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        func text(_ name: String) throws -> String {
            String(decoding: try Data(contentsOf: root.appendingPathComponent(name)), as: UTF8.self)
        }
        let checks = [
            try SchemaAgreement(GitHubIssue.self, "github-issue.json", text("github-issue.json")),
            try SchemaAgreement(NewsFeed.self, "news-feed.json", text("news-feed.json")),
            try SchemaAgreement(WeatherReport.self, "weather.json", text("weather.json")),
            try SchemaAgreement(WeatherRange.self, "weather.json (collected)", text("weather.json")),
        ]
        for check in checks { #expect(check.decodeError == nil, "\(check.label): \(check.decodeError ?? "")") }
        let counts = try expectAgreement(checks)
        #expect(counts.accepted == checks.count)
    }

    @Test(
        "the twitter corpus validates against its model's schema",
        .enabled(if: SharedData.hasCorpus("twitter.json"), "../shared/corpora/twitter.json not found"))
    func twitterCorpus() throws {
        let text = String(decoding: try SharedData.corpus("twitter.json"), as: UTF8.self)
        let check = try SchemaAgreement(CorpusTwitter.self, "twitter.json", text)
        #expect(check.decodeError == nil)
        try expectAgreement([check])
    }

    /// Seeded mutants of every sample: a member removed, a value replaced by one of another
    /// kind or out of an integer's range, a tag or raw value changed. The model and the
    /// schema must agree on each (for models whose schema is exact); for the others, whatever
    /// the model accepts the schema accepts.
    @Test("generated invalid inputs are rejected by the model and the schema alike")
    func mutants() throws {
        var generator = SchemaMutator(seed: 0x5EED_5C4E)
        var checks: [SchemaAgreement] = []
        var lenientChecks: [SchemaAgreement] = []
        for subject in Self.subjects {
            for sample in subject.samples {
                let value = try JSONValue(parsing: sample)
                for round in 0..<40 {
                    let mutant = generator.mutate(value)
                    let check = try subject.check("\(subject.name) mutant \(round)", mutant.description)
                    if subject.exact { checks.append(check) } else if check.decodeError == nil { lenientChecks.append(check) }
                }
            }
        }
        let counts = try expectAgreement(checks + lenientChecks)
        // The mutants exercise both outcomes.
        #expect(counts.rejected > 100)
        #expect(counts.accepted > 100)
    }
}
