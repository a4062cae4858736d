import Foundation
import Loom
import Testing

@Suite("Archives: migrations")
struct ArchiveMigrationTests {
    // MARK: Each change on its own

    func migrated(_ json: String, _ changes: JSONMigration.Change...) throws -> JSONValue {
        var value = try JSONValue(parsing: json)
        try JSONMigration(from: 1, changes: changes).apply(to: &value)
        return value
    }

    func failure(_ json: String, _ changes: JSONMigration.Change...) throws -> JSONArchiveError {
        var value = try JSONValue(parsing: json)
        let original = value
        let error = try #require(throws: JSONArchiveError.self) {
            try JSONMigration(from: 1, changes: changes).apply(to: &value)
        }
        #expect(value == original, "a failed migration leaves the value unchanged")
        #expect(error.kind == .migrationFailed)
        return error
    }

    @Test func renameKey() throws {
        #expect(try migrated(#"{"mail":"a@b","x":1}"#, .renameKey("mail", to: "email")) == ["x": 1, "email": "a@b"])
        #expect(try migrated(#"{"x":1}"#, .renameKey("mail", to: "email")) == ["x": 1])
        #expect(try migrated(#"{"user":{"login":"ada"}}"#, .renameKey("user.login", to: "login")) == ["user": [:], "login": "ada"])
        #expect(try migrated(#"{"login":"ada"}"#, .renameKey("login", to: "user.name")) == ["user": ["name": "ada"]])
        let error = try failure(#"{"mail":"a","email":"b"}"#, .renameKey("mail", to: "email"))
        #expect(error.description == #"migration 1 → 2 failed: renameKey("mail", to: "email"): key "email" already exists"#)
    }

    @Test func splitKeyOnASeparator() throws {
        let split = JSONMigration.Change.splitKey("name", into: ["first", "last"], separator: " ")
        #expect(try migrated(#"{"name":"Ada King Lovelace"}"#, split) == ["first": "Ada", "last": "King Lovelace"])
        #expect(try migrated(#"{"name":"Ada"}"#, split) == ["first": "Ada"])
        #expect(try migrated(#"{"other":1}"#, split) == ["other": 1])
        #expect(try migrated(#"{"name":"a b"}"#, .splitKey("name", into: ["name", "rest"], separator: " ")) == ["name": "a", "rest": "b"])
        #expect(
            try failure(#"{"name":5}"#, split).description
                == #"migration 1 → 2 failed: splitKey("name", into: ["first", "last"]): expected a string, found number 5"#)
        #expect(
            try failure(#"{"name":"a b","last":"x"}"#, split).description
                == #"migration 1 → 2 failed: splitKey("name", into: ["first", "last"]): key "last" already exists"#)
    }

    @Test func splitKeyWithAClosure() throws {
        let split = JSONMigration.Change.splitKey("point", into: ["x", "y"]) { value in value.arrayValue ?? [] }
        #expect(try migrated(#"{"point":[1,2]}"#, split) == ["x": 1, "y": 2])
        #expect(
            try failure(#"{"point":[1,2,3]}"#, split).description
                == #"migration 1 → 2 failed: splitKey("point", into: ["x", "y"]): split gave 3 values for 2 keys"#)
    }

    @Test func transformValue() throws {
        let double = JSONMigration.Change.transformValue("n") { value in .number(JSONNumber((value.intValue ?? 0) * 2)) }
        #expect(try migrated(#"{"n":21}"#, double) == ["n": 42])
        #expect(try migrated(#"{"m":21}"#, double) == ["m": 21])
        #expect(try migrated(#"{"a":{"n":1}}"#, .transformValue("a.n") { _ in "one" }) == ["a": ["n": "one"]])
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        let error = try failure(#"{"n":1}"#, .transformValue("n") { _ in throw Refused() })
        #expect(error.description == #"migration 1 → 2 failed: transformValue("n"): refused"#)
        #expect(error.underlyingError.map { String(describing: $0) } == "refused")
    }

    @Test func fillDefaultAndRemoveKey() throws {
        #expect(try migrated(#"{}"#, .fillDefault("tags", [])) == ["tags": []])
        #expect(try migrated(#"{"tags":null}"#, .fillDefault("tags", [])) == ["tags": nil])
        #expect(try migrated(#"{"tags":["a"]}"#, .fillDefault("tags", [])) == ["tags": ["a"]])
        #expect(try migrated(#"{}"#, .fillDefault("meta.kind", "x")) == ["meta": ["kind": "x"]])
        #expect(try migrated(#"{"a":1,"b":2}"#, .removeKey("a"), .removeKey("zzz")) == ["b": 2])
        #expect(try migrated(#"{"a":{"b":1,"c":2}}"#, .removeKey("a.b")) == ["a": ["c": 2]])
        #expect(
            try failure(#"{"meta":3}"#, .fillDefault("meta.kind", "x")).description
                == #"migration 1 → 2 failed: fillDefault("meta.kind"): "meta" is number 3, not an object"#)
    }

    @Test func customAndNonObjectValues() throws {
        #expect(try migrated(#"[1,2]"#, .custom { value in value = .array(JSONArray((value.arrayValue ?? []).reversed())) }) == [2, 1])
        #expect(
            try failure(#"[1]"#, .renameKey("a", to: "b")).description
                == #"migration 1 → 2 failed: renameKey("a", to: "b"): expected an object, found array"#)
    }

    @Test func changesRunInOrder() throws {
        let value = try migrated(
            #"{"a":1}"#, .renameKey("a", to: "b"), .transformValue("b") { _ in 2 }, .renameKey("b", to: "c"))
        #expect(value == ["c": 2])
    }

    // MARK: Through archives

    let v1 = #"{"mail":"ada@example.com","name":"Ada Lovelace","age":"36","legacy":true}"#
    let v2 = #"{"email":"ada@example.com","name":"Ada Lovelace","age":"36","legacy":true}"#
    let ada = Contact(email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", tags: [], age: 36)

    @Test func readsEveryOlderVersion() throws {
        let archive = JSONArchive()
        #expect(try archive.decode(Contact.self, fromArchive: handMadeArchive(type: "Contact", version: 1, payload: v1)) == ada)
        #expect(try archive.decode(Contact.self, fromArchive: handMadeArchive(type: "Contact", version: 2, payload: v2)) == ada)
        let array = "[\(v1),\(v1.replacingOccurrences(of: "Ada Lovelace", with: "Grace"))]"
        let both = try archive.decode([Contact].self, fromArchive: handMadeArchive(type: "[Contact]", version: 1, payload: array))
        #expect(both == [ada, Contact(email: "ada@example.com", firstName: "Grace", lastName: nil, tags: [], age: 36)])
        let keyed = try archive.decode(
            [String: Contact].self, fromArchive: handMadeArchive(type: "[String: Contact]", version: 2, payload: #"{"ada":\#(v2)}"#))
        #expect(keyed == ["ada": ada])
    }

    @Test func writesBackTheCurrentVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("contact.archive")
        try Data(handMadeArchive(type: "Contact", version: 1, payload: v1)).write(to: url)
        let archive = JSONArchive()
        let contact = try archive.read(Contact.self, from: url)
        try archive.write(contact, to: url)
        let envelope = try archive.readEnvelope(from: url)
        #expect(envelope.version == 3)
        #expect(envelope.payload == ["email": "ada@example.com", "firstName": "Ada", "lastName": "Lovelace", "tags": [], "age": 36])
    }

    @Test(arguments: [
        (1, ["1→2", "2→3", "3→4"]),
        (2, ["2→3", "3→4"]),
        (3, ["3→4"]),
        (4, []),
    ])
    func runsTheStepsFromTheArchivedVersionInOrder(version: Int, expected: [String]) throws {
        let bytes = handMadeArchive(type: "Trail", version: version, payload: #"{"trail":[]}"#)
        #expect(try JSONArchive().decode(Trail.self, fromArchive: bytes).trail == expected)
        #expect(try Trail.migrationPlan(from: version).map(\.fromVersion) == Array(version..<4))
    }

    @Test func refusesANewerVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("future.archive")
        try Data(handMadeArchive(type: "Contact", version: 4, payload: #"{"email":"x"}"#)).write(to: url)
        let error = try #require(throws: JSONArchiveError.self) { try JSONArchive().read(Contact.self, from: url) }
        #expect(error.kind == .unsupportedVersion)
        #expect(error.description == "\(url.path): archive version 4 of Contact is newer than the newest version this build reads (3)")
    }

    @Test func reportsAMissingOrAmbiguousStep() throws {
        let gap = try #require(throws: JSONArchiveError.self) {
            try JSONArchive().decode(Gap.self, fromArchive: handMadeArchive(type: "Gap", version: 1, payload: "{}"))
        }
        #expect(gap.kind == .missingMigration)
        #expect(gap.description == "no migration from version 1 to 2 of Gap (archive version 1, current version 3)")
        #expect(try JSONArchive().decode(Gap.self, fromArchive: handMadeArchive(type: "Gap", version: 2, payload: "{}")) == Gap(trail: []))

        let twice = try #require(throws: JSONArchiveError.self) {
            try JSONArchive().decode(Twice.self, fromArchive: handMadeArchive(type: "TwiceRenamed", version: 1, payload: "{}"))
        }
        #expect(twice.kind == .missingMigration)
        #expect(twice.description == "2 migrations from version 1 to 2 of TwiceRenamed; define exactly one")
    }

    @Test func aFailedStepNamesTheElement() throws {
        let payload = "[\(v1),{\"mail\":\"b\",\"email\":\"c\"}]"
        let error = try #require(throws: JSONArchiveError.self) {
            try JSONArchive().decode([Contact].self, fromArchive: handMadeArchive(type: "[Contact]", version: 1, payload: payload))
        }
        #expect(error.kind == .migrationFailed)
        #expect(error.description == #"[1]: migration 1 → 2 failed: renameKey("mail", to: "email"): key "email" already exists"#)
    }

    @Test func decodingAfterMigrationReportsThePathWithoutPosition() throws {
        let payload = #"{"mail":"ada@example.com","name":"Ada","age":"thirty"}"#
        let error = try #require(throws: JSONArchiveError.self) {
            try JSONArchive().decode(Contact.self, fromArchive: handMadeArchive(type: "Contact", version: 1, payload: payload))
        }
        #expect(error.kind == .decodingFailed)
        #expect(error.description == #"the payload does not decode as Contact after migration: age: expected Int, found string "thirty""#)
    }
}
