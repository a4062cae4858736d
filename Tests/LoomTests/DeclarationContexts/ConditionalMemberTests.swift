import Foundation
import Loom
import Testing

// Models whose members sit in `#if` blocks. The conditions are ones every build agrees on
// (`compiler(>=6.0)` holds, `LOOM_UNDEFINED_FLAG` is never set), so the same clauses are
// active on every platform.

enum Conditional {
    /// A property in each clause.
    @JSONModel
    struct Device: Equatable {
        var id: Int
        #if compiler(>=6.0)
        var screen: String
        #else
        var display: String
        #endif
    }

    /// A clause that is never active, `#elseif`, a block nested in a clause, markers and a
    /// sibling model inside the blocks.
    @JSONModel
    struct Build: Equatable {
        var name: String
        #if LOOM_UNDEFINED_FLAG
        var secret: String
        #elseif canImport(Foundation)
        var tools: [Tool] = []
        #if compiler(>=6.0)
        @JSONKey("min_version") var minVersion: Int?
        #endif
        #endif
    }

    @JSONModel
    struct Tool: Equatable { var name: String }

    /// A hook, and the property it sets, only in one clause.
    @JSONModel
    struct Reading: Equatable {
        var value: Double
        #if compiler(>=6.0)
        @JSONIgnore var checked = false

        mutating func jsonDidDecode() { checked = true }
        #endif
    }

    /// A final class with a property in a block (`Equatable` generated).
    @JSONModel
    final class Lease: Equatable {
        var token: String
        #if compiler(>=6.0)
        var expires: Int
        #endif
    }

    /// A private nested model, whose body holds every generated member and the memberwise
    /// initializer.
    @JSONModel
    private struct Secret: Equatable, JSONModel {
        var value: String
        #if compiler(>=6.0)
        var level: Int = 1
        #endif
    }

    /// Round-trips `json` through `Secret`; its fields and whether the round trip kept them.
    static func secret(_ json: String) throws -> (value: String, level: Int, kept: Bool) {
        let secret = try Secret(jsonData: Data(json.utf8))
        let again = try Secret(jsonData: secret.jsonData())
        #expect(Secret(value: "v") == Secret(value: "v", level: 1))
        return (secret.value, secret.level, again == secret)
    }

    /// A polymorphic enum with a case in a block.
    @JSONModel(representation: .internal(tag: "type"))
    enum Event: Equatable {
        case opened(Tool)
        #if compiler(>=6.0)
        case closed(Reading)
        #endif
        #if LOOM_UNDEFINED_FLAG
        case hidden(Tool)
        #endif
    }
}

@Suite("Declaration contexts: members under #if")
struct ConditionalMemberTests {
    @Test func theActiveClauseIsMapped() throws {
        let (device, _) = try roundTrip(Conditional.Device.self, #"{"id": 1, "screen": "oled"}"#)
        #expect(device == Conditional.Device(id: 1, screen: "oled"))
        #expect(try JSONValue(parsing: device.jsonData()) == ["id": 1, "screen": "oled"])
        // The inactive clause's property is not mapped: its key does not stand in.
        let error = #expect(throws: JSONDecodingError.self) {
            try Conditional.Device(jsonData: Data(#"{"id": 1, "display": "lcd"}"#.utf8))
        }
        #expect(error.map { String(describing: $0) } == #"screen: missing required key "screen" (line 1, column 1)"#)
    }

    @Test func elseifAndNestedBlocks() throws {
        let json = #"{"name": "ci", "tools": [{"name": "swift"}], "min_version": 6, "secret": "s"}"#
        let (build, _) = try roundTrip(Conditional.Build.self, json)
        #expect(build == Conditional.Build(name: "ci", tools: [Conditional.Tool(name: "swift")], minVersion: 6))
        let encoded = try JSONValue(parsing: build.jsonData())
        #expect(encoded == ["name": "ci", "tools": [["name": "swift"]], "min_version": 6])
        #expect(Conditional.Build.jsonSchema[path: "properties.min_version"] != nil)
        #expect(Conditional.Build.jsonSchema[path: "properties.secret"] == nil)
    }

    @Test func hooksInABlock() throws {
        let (reading, _) = try roundTrip(Conditional.Reading.self, #"{"value": 2.5}"#)
        #expect(reading.checked)
    }

    @Test func classes() throws {
        let (lease, _) = try roundTrip(Conditional.Lease.self, #"{"token": "t", "expires": 60}"#)
        #expect(lease.expires == 60)
    }

    @Test func privateNestedModels() throws {
        let secret = try Conditional.secret(#"{"value": "v", "level": 3}"#)
        #expect(secret == ("v", 3, true))
        #expect(try Conditional.secret(#"{"value": "w"}"#) == ("w", 1, true))
    }

    @Test func enumCases() throws {
        let (event, _) = try roundTrip(Conditional.Event.self, #"{"type": "closed", "value": 1}"#)
        #expect(event == .closed(Conditional.Reading(value: 1, checked: true)))
        let error = #expect(throws: JSONDecodingError.self) {
            try Conditional.Event(jsonData: Data(#"{"type": "hidden", "name": "x"}"#.utf8))
        }
        #expect(error.map { String(describing: $0) }?.contains(#"expected one of "opened", "closed""#) == true)
    }
}
