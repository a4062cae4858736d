import Foundation
import Loom

// Polymorphic enums written by hand in the shape `@JSONModel` generates for each
// representation (Tests/LoomMacrosTests/PolyExpansionTests.swift holds the expected
// expansions); the fuzz build leaves the macro plugin out. An enum's `init(json:context:)`
// finds the case in a parsed document and reports every problem; its `_read(from:context:)`
// finds the case in the bytes and reads the payload from them, and throws
// `_JSONReader.Fallback` for every form it does not read itself.

/// `{"type": "user", "login": …}`: internally tagged, an alternative tag, a case without
/// payload and a fallback that keeps the raw JSON; the `money` payload goes through the Codable
/// bridge.
public enum FuzzEvent: Equatable, Sendable {
    case user(FuzzUser)
    case money(FuzzMoney)  // @JSONTag("money", "cash")
    case ping
    case unknown(JSONValue)  // @JSONFallback

    static let _loomCases = _JSONKeySet(["user", "money", "cash", "ping"], explicit: [true, true, true, true])

    static let _loomTagKeys = _JSONKeySet(["type"], explicit: [true])

    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        let found = try context._internallyTaggedCase(
            element, tag: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: true)
        switch found.slot {
        case 0: self = .user(try found.payload { try found.context.decode(FuzzUser.self, from: $0) })
        case 1, 2: self = .money(try found.payload { try found.context.decode(FuzzMoney.self, from: $0) })
        case 3: self = .ping
        default: self = .unknown(try context.decode(JSONValue.self, from: element))
        }
    }

    public static var _readsDirectly: Bool { true }

    public static func _read(
        from reader: inout _JSONReader, context: borrowing JSONDecodingContext
    ) throws(_JSONReader.Fallback) -> Self {
        let start = reader.mark()
        let slot = try reader.internalCase(Self._loomTagKeys, Self._loomCases, context)
        switch slot {
        case 0:
            let value = try _JSONReader.narrowing { Self.user(try reader.value(FuzzUser.self, context)) }
            return value
        case 1, 2:
            let value = try _JSONReader.narrowing { Self.money(try reader.value(FuzzMoney.self, context)) }
            return value
        case 3:
            try reader.endUnitCase()
            return Self.ping
        default:
            reader.rewind(to: start)
            return try _JSONReader.narrowing { Self.unknown(try reader.value(JSONValue.self, context)) }
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        switch self {
        case .user(let value):
            try context._writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .money(let value):
            try context._writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .ping:
            try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 3, to: &writer)
        case .unknown(let value):
            try context.encode(value, to: &writer)
        }
    }
}

extension FuzzEvent: JSONModel {}

/// `{"user": {…}}` or `"ping"`: externally tagged, no fallback; recursive through `nested`.
public indirect enum FuzzCommand: Equatable, Sendable {
    case user(FuzzUser)
    case nested([FuzzCommand])
    case ping

    static let _loomCases = _JSONKeySet(["user", "nested", "ping"], explicit: [true, true, true])

    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        let found = try context._externallyTaggedCase(
            element, cases: Self._loomCases, for: Self.self, hasFallback: false)
        switch found.slot {
        case 0: self = .user(try found.payload { try found.context.decode(FuzzUser.self, from: $0) })
        case 1: self = .nested(try found.payload { try found.context.decode([FuzzCommand].self, from: $0) })
        case 2: self = .ping
        default: throw found.unknownCase()
        }
    }

    public static var _readsDirectly: Bool { true }

    public static func _read(
        from reader: inout _JSONReader, context: borrowing JSONDecodingContext
    ) throws(_JSONReader.Fallback) -> Self {
        let (slot, unit) = try reader.externalCase(Self._loomCases, context)
        switch slot {
        case 0:
            try reader.expect(!unit)
            let value = try _JSONReader.narrowing { Self.user(try reader.value(FuzzUser.self, context)) }
            try reader.endCase()
            return value
        case 1:
            try reader.expect(!unit)
            let value = try _JSONReader.narrowing { Self.nested(try reader.value([FuzzCommand].self, context)) }
            try reader.endCase()
            return value
        case 2:
            try reader.expect(unit)
            return Self.ping
        default:
            try reader.fallBack()
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        switch self {
        case .user(let value):
            try context._writeExternallyTaggedCase(Self._loomCases, 0, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .nested(let value):
            try context._writeExternallyTaggedCase(Self._loomCases, 1, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .ping:
            context._writeExternallyTaggedCase(Self._loomCases, 2, to: &writer)
        }
    }
}

extension FuzzCommand: JSONModel {}

/// `{"kind": "user", "data": {…}}`: adjacently tagged with a fallback without payload.
public enum FuzzNotice: Equatable, Sendable {
    case user(FuzzUser)
    case labels([String])
    case other  // @JSONFallback

    static let _loomCases = _JSONKeySet(["user", "labels", "other"], explicit: [true, true, true])

    static let _loomTagKeys = _JSONKeySet(["kind", "data"], explicit: [true, true])

    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        let found = try context._adjacentlyTaggedCase(
            element, keys: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: true)
        switch found.slot {
        case 0: self = .user(try found.payload { try found.context.decode(FuzzUser.self, from: $0) })
        case 1: self = .labels(try found.payload { try found.context.decode([String].self, from: $0) })
        case 2: self = .other
        default: self = .other
        }
    }

    public static var _readsDirectly: Bool { true }

    public static func _read(
        from reader: inout _JSONReader, context: borrowing JSONDecodingContext
    ) throws(_JSONReader.Fallback) -> Self {
        let start = reader.mark()
        let (slot, unit) = try reader.adjacentCase(Self._loomTagKeys, Self._loomCases, context)
        switch slot {
        case 0:
            try reader.expect(!unit)
            let value = try _JSONReader.narrowing { Self.user(try reader.value(FuzzUser.self, context)) }
            try reader.endCase()
            return value
        case 1:
            try reader.expect(!unit)
            let value = try _JSONReader.narrowing { Self.labels(try reader.value([String].self, context)) }
            try reader.endCase()
            return value
        case 2:
            try reader.expect(unit)
            return Self.other
        default:
            reader.rewind(to: start)
            try reader.skipValue()
            return Self.other
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        switch self {
        case .user(let value):
            try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .labels(let value):
            try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .other:
            try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 2, to: &writer)
        }
    }
}

extension FuzzNotice: JSONModel {}

/// No tag: the first case that decodes wins; the fallback keeps the raw JSON. The direct path
/// reads the first case only.
public enum FuzzAny: Equatable, Sendable {
    case user(FuzzUser)
    case numbers([Int64])
    case unknown(JSONValue)  // @JSONFallback

    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        var attempts = _JSONUntaggedAttempts(context)
        if let value = attempts.attempt("user", { try context.decode(FuzzUser.self, from: element) }) {
            self = .user(value)
            return
        }
        if let value = attempts.attempt("numbers", { try context.decode([Int64].self, from: element) }) {
            self = .numbers(value)
            return
        }
        self = .unknown(try context.decode(JSONValue.self, from: element))
    }

    public static var _readsDirectly: Bool { true }

    public static func _read(
        from reader: inout _JSONReader, context: borrowing JSONDecodingContext
    ) throws(_JSONReader.Fallback) -> Self {
        try _JSONReader.narrowing { Self.user(try reader.value(FuzzUser.self, context)) }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        switch self {
        case .user(let value):
            try context.encode(value, to: &writer)
        case .numbers(let value):
            try context.encode(value, to: &writer)
        case .unknown(let value):
            try context.encode(value, to: &writer)
        }
    }
}

extension FuzzAny: JSONModel {}

/// No tag: `jsonCase(for:)` chooses the case from the object (and throws for an object that
/// could be either).
public enum FuzzShape: Equatable, Sendable {
    case circle(FuzzCircle)
    case user(FuzzUser)

    public static func jsonCase(for object: JSONElement) throws -> JSONCase? {
        if object["radius"] != nil, object["login"] != nil { throw FuzzRejected(reason: "a circle or a user") }
        if object["radius"] != nil { return .circle }
        return object["login"] != nil ? .user : nil
    }

    public enum JSONCase: Hashable, Sendable, CaseIterable {
        case circle
        case user
    }

    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        guard let choice = try context._chosenCase(element, for: Self.self, Self.jsonCase(for:)) else {
            throw context._noCaseChosen(for: Self.self, element)
        }
        switch choice {
        case .circle: self = .circle(try context.decode(FuzzCircle.self, from: element))
        case .user: self = .user(try context.decode(FuzzUser.self, from: element))
        }
    }

    public static var _readsDirectly: Bool { true }

    public static func _read(
        from reader: inout _JSONReader, context: borrowing JSONDecodingContext
    ) throws(_JSONReader.Fallback) -> Self {
        let start = reader.mark()
        let choice = try reader.element(context) { element, _ in try Self.jsonCase(for: element) }
        reader.rewind(to: start)
        guard let choice else { try reader.fallBack() }
        return try _JSONReader.narrowing { () throws -> Self in
            switch choice {
            case .circle: return Self.circle(try reader.value(FuzzCircle.self, context))
            case .user: return Self.user(try reader.value(FuzzUser.self, context))
            }
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        switch self {
        case .circle(let value):
            try context.encode(value, to: &writer)
        case .user(let value):
            try context.encode(value, to: &writer)
        }
    }
}

extension FuzzShape: JSONModel {}
