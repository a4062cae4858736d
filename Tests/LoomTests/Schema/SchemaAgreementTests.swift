import Foundation
import Loom
import LoomExamples
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
        subject(SchemaWithFallback.self, exact: false, [#"{"type": "text", "body": "hi"}"#, #"{"type": "video"}"#, #"3"#]),
        subject(
            SchemaPermissive.self, exact: false,
            [
                #"{"name": "a", "price": {"amount": 1, "currency": "EUR"}, "quantity": 3}"#,
                #"{"name": "a", "price": {"amount": 1, "currency": "EUR"}, "quantity": "3", "label": 5}"#,
            ]),
        subject([SchemaUser].self, [#"[{"login": "a", "id": 1}, {"login": "b", "id": 2}]"#, "[]"]),
        subject([String: SchemaNode].self, [#"{"a": {"name": "x"}}"#]),
        subject(SchemaUser?.self, ["null", #"{"login": "a", "id": 1}"#]),
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

/// Seeded mutations of a JSON document, aimed at what a schema checks.
struct SchemaMutator {
    enum Step { case key(String), index(Int) }

    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    /// Values of every kind, integers at and beyond the bounds of each width, and strings
    /// that are almost tags, raw values, dates, UUIDs and base64.
    static let replacements: [JSONValue] = [
        .null, true, false, 0, -1, 1.5, 128, -129, 256, 65536, -32769, 2_147_483_648, -2_147_483_649,
        .number(JSONNumber(UInt64.max)), .number(JSONNumber(lexeme: "18446744073709551616") ?? 0),
        .number(JSONNumber(Int64.min)), "", "x", "open", "P3", "text", "video", "ping", "2024-05-01",
        "not a uuid", "***", [], [1], ["a"], [:], ["body": "hi"], ["login": "a", "id": 1],
    ]

    /// `value` with one change at a random place.
    mutating func mutate(_ value: JSONValue) -> JSONValue {
        var paths: [[Step]] = [[]]
        func collect(_ value: JSONValue, _ path: [Step]) {
            if let object = value.objectValue {
                for (key, member) in object {
                    paths.append(path + [.key(key)])
                    collect(member, path + [.key(key)])
                }
            } else if let array = value.arrayValue {
                for (index, element) in array.enumerated() {
                    paths.append(path + [.index(index)])
                    collect(element, path + [.index(index)])
                }
            }
        }
        collect(value, [])
        let path = pick(paths)
        let replacement = Self.replacements[Int(next() % UInt64(Self.replacements.count))]
        let removes = !path.isEmpty && next() % 4 == 0
        return Self.modify(value, path[...], removes ? nil : replacement)
    }

    /// `value` with the member or element at `path` replaced by `replacement`, or removed.
    static func modify(_ value: JSONValue, _ path: ArraySlice<Step>, _ replacement: JSONValue?) -> JSONValue {
        guard let step = path.first else { return replacement ?? .null }
        switch (step, value) {
        case (.key(let key), .object(let object)):
            var pairs: [(String, JSONValue)] = []
            for (name, member) in object {
                if name != key {
                    pairs.append((name, member))
                } else if path.count > 1 || replacement != nil {
                    pairs.append((name, modify(member, path.dropFirst(), replacement)))
                }
            }
            return .object(JSONObject(pairs))
        case (.index(let index), .array(let array)):
            var elements = array.elements
            if path.count == 1 && replacement == nil {
                elements.remove(at: index)
            } else {
                elements[index] = modify(elements[index], path.dropFirst(), replacement)
            }
            return .array(JSONArray(elements))
        default:
            return value
        }
    }
}
