import Foundation
import Loom

/// Version 3 of a contact. Older JSON forms:
/// - v1: `{"mail": "…", "name": "Ada Lovelace", "age": "36", "legacy": …}`
/// - v2: `mail` renamed `email`
/// - v3: `name` split into `firstName` / `lastName`, `age` a number, `tags` always present, `legacy` gone
struct Contact: Equatable {
    var email: String
    var firstName: String
    var lastName: String?
    var tags: [String]
    var age: Int
}

extension Contact: JSONVersionedModel {
    static let modelVersion = 3
    static let migrations = [
        JSONMigration(from: 1, .renameKey("mail", to: "email")),
        JSONMigration(
            from: 2,
            .splitKey("name", into: ["firstName", "lastName"], separator: " "),
            .transformValue("age") { value in
                guard case .string(let text) = value, let number = Int(text) else { return value }
                return JSONValue(integerLiteral: Int64(number))
            },
            .fillDefault("tags", []),
            .removeKey("legacy")),
    ]

    static let _loomKeys = _JSONKeySet(["email", "firstName", "lastName", "tags", "age"])

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var slots = [JSONElement?](repeating: nil, count: 5)
        var errors = _JSONErrorAccumulator(context)
        var hint = 0
        for member in members {
            let slot = Self._loomKeys.match(member.key, hint: &hint, context)
            if slot >= 0 {
                context._assign(&slots[slot], member.value)
            } else {
                context._unknownKey(member.key, Self._loomKeys, into: &errors)
            }
        }
        let v0 = try errors.capture { try context._required(slots[0], Self._loomKeys, 0) { try context.decode(String.self, from: $0) } }
        let v1 = try errors.capture { try context._required(slots[1], Self._loomKeys, 1) { try context.decode(String.self, from: $0) } }
        let v2 = try errors.capture { try context._optional(slots[2], Self._loomKeys, 2) { try context.decode(String.self, from: $0) } }
        let v3 = try errors.capture {
            try context._required(slots[3], Self._loomKeys, 3) { try context.array($0) { try context.decode(String.self, from: $0) } }
        }
        let v4 = try errors.capture { try context._required(slots[4], Self._loomKeys, 4) { try context.decode(Int.self, from: $0) } }
        try errors.finish()
        email = try _JSONErrorAccumulator.unwrap(v0)
        firstName = try _JSONErrorAccumulator.unwrap(v1)
        lastName = try _JSONErrorAccumulator.unwrap(v2)
        tags = try _JSONErrorAccumulator.unwrap(v3)
        age = try _JSONErrorAccumulator.unwrap(v4)
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context._writeKey(Self._loomKeys, 0, to: &writer)
        try context.encode(email, to: &writer)
        context._writeKey(Self._loomKeys, 1, to: &writer)
        try context.encode(firstName, to: &writer)
        if let lastName {
            context._writeKey(Self._loomKeys, 2, to: &writer)
            try context.encode(lastName, to: &writer)
        }
        context._writeKey(Self._loomKeys, 3, to: &writer)
        try context.array(tags, to: &writer) { try context.encode($0, to: &$1) }
        context._writeKey(Self._loomKeys, 4, to: &writer)
        try context.encode(age, to: &writer)
        writer.endObject()
    }
}

/// Records, in `trail`, every migration that ran on it: the order check.
struct Trail: Equatable {
    var trail: [String]
}

extension Trail: JSONModel {
    static let _loomKeys = _JSONKeySet(["trail"])

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var s0: JSONElement? = nil
        var hint = 0
        for member in members where Self._loomKeys.match(member.key, hint: &hint, context) == 0 {
            context._assign(&s0, member.value)
        }
        trail = try context._required(s0, Self._loomKeys, 0) {
            try context.array($0) { try context.decode(String.self, from: $0) }
        }
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context._writeKey(Self._loomKeys, 0, to: &writer)
        try context.array(trail, to: &writer) { try context.encode($0, to: &$1) }
        writer.endObject()
    }
}

extension Trail: JSONVersionedModel {
    static let modelVersion = 4
    static let migrations = [
        // Deliberately out of order: the plan sorts by version.
        JSONMigration(from: 3, .custom("append 3→4") { value in Trail.append("3→4", to: &value) }),
        JSONMigration(from: 1, .custom("append 1→2") { value in Trail.append("1→2", to: &value) }),
        JSONMigration(from: 2, .custom("append 2→3") { value in Trail.append("2→3", to: &value) }),
    ]

    static func append(_ step: String, to value: inout JSONValue) {
        let trail = value["trail"]?.arrayValue ?? []
        value["trail"] = .array(trail + [.string(step)])
    }
}

/// Version 3 with no step from version 1.
struct Gap: Equatable {
    var trail: [String]
}

extension Gap: JSONVersionedModel {
    static let modelVersion = 3
    static let migrations = [JSONMigration(from: 2, .fillDefault("trail", []))]

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        trail = try Trail(json: element, context: context).trail
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try Trail(trail: trail).encode(to: &writer, context: context)
    }
}

/// Version 2 with two steps from version 1.
struct Twice: Equatable {
    var trail: [String]
}

extension Twice: JSONVersionedModel {
    static let modelVersion = 2
    static let archiveTypeName = "TwiceRenamed"
    static let migrations = [
        JSONMigration(from: 1, .fillDefault("trail", [])),
        JSONMigration(from: 1, .fillDefault("trail", ["other"])),
    ]

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        trail = try Trail(json: element, context: context).trail
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try Trail(trail: trail).encode(to: &writer, context: context)
    }
}
