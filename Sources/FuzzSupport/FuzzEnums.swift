import Foundation
import Loom

// Polymorphic enums written by hand in the shape `@JSONModel` generates for each
// representation (see Tests/LoomMacrosTests/PolyExpansionTests.swift); the fuzz build leaves
// the macro plugin out, so the expansion is spelled out here.

/// `{"type": "user", "login": …}`: internally tagged, an alternative tag, a case without
/// payload and a fallback that keeps the raw JSON.
public enum FuzzEvent: Equatable, Sendable {
    case user(FuzzUser)
    case money(FuzzMoney)  // payload through the Codable bridge
    case ping
    case unknown(JSONValue)
}

extension FuzzEvent: JSONModel {
    static let _loomCases = JSONKeySet(["user", "money", "cash", "ping"], explicit: [true, true, true, true])
    static let _loomTagKeys = JSONKeySet(["type"], explicit: [true])

    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        let found = try context.internallyTaggedCase(
            element, tag: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: true)
        switch found.slot {
        case 0: self = .user(try found.payload { try found.context.decode(FuzzUser.self, from: $0) })
        case 1, 2: self = .money(try found.payload { try found.context.decode(FuzzMoney.self, from: $0) })
        case 3: self = .ping
        default: self = .unknown(try context.decode(JSONValue.self, from: element))
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        switch self {
        case .user(let value):
            try context.writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .money(let value):
            try context.writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .ping:
            try context.writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 3, to: &writer)
        case .unknown(let value):
            try context.encode(value, to: &writer)
        }
    }
}

/// `{"user": {…}}` or `"ping"`: externally tagged, no fallback; recursive through `nested`.
public indirect enum FuzzCommand: Equatable, Sendable {
    case user(FuzzUser)
    case nested([FuzzCommand])
    case ping
}

extension FuzzCommand: JSONModel {
    static let _loomCases = JSONKeySet(["user", "nested", "ping"], explicit: [true, true, true])

    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        let found = try context.externallyTaggedCase(element, cases: Self._loomCases, for: Self.self, hasFallback: false)
        switch found.slot {
        case 0: self = .user(try found.payload { try found.context.decode(FuzzUser.self, from: $0) })
        case 1:
            self = .nested(
                try found.payload { try found.context.array($0) { try found.context.decode(FuzzCommand.self, from: $0) } })
        case 2: self = .ping
        default: throw found.unknownCase()
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        switch self {
        case .user(let value):
            try context.writeExternallyTaggedCase(Self._loomCases, 0, to: &writer) { try context.encode(value, to: &$0) }
        case .nested(let value):
            try context.writeExternallyTaggedCase(Self._loomCases, 1, to: &writer) {
                try context.array(value, to: &$0) { try context.encode($0, to: &$1) }
            }
        case .ping:
            context.writeExternallyTaggedCase(Self._loomCases, 2, to: &writer)
        }
    }
}

/// `{"kind": "user", "data": {…}}`: adjacently tagged with a fallback without payload.
public enum FuzzNotice: Equatable, Sendable {
    case user(FuzzUser)
    case labels([String])
    case other
}

extension FuzzNotice: JSONModel {
    static let _loomCases = JSONKeySet(["user", "labels", "other"], explicit: [true, true, true])
    static let _loomTagKeys = JSONKeySet(["kind", "data"], explicit: [true, true])

    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        let found = try context.adjacentlyTaggedCase(
            element, keys: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: true)
        switch found.slot {
        case 0: self = .user(try found.payload { try found.context.decode(FuzzUser.self, from: $0) })
        case 1:
            self = .labels(try found.payload { try found.context.array($0) { try found.context.decode(String.self, from: $0) } })
        case 2: self = .other
        default: self = .other
        }
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        switch self {
        case .user(let value):
            try context.writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) {
                try context.encode(value, to: &$0)
            }
        case .labels(let value):
            try context.writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) {
                try context.array(value, to: &$0) { try context.encode($0, to: &$1) }
            }
        case .other:
            try context.writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 2, to: &writer)
        }
    }
}

/// No tag: the first case that decodes wins; the fallback keeps the raw JSON.
public enum FuzzAny: Equatable, Sendable {
    case user(FuzzUser)
    case numbers([Int64])
    case unknown(JSONValue)
}

extension FuzzAny: JSONModel {
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        var attempts = JSONUntaggedAttempts(context)
        if let value = attempts.attempt("user", { try context.decode(FuzzUser.self, from: element) }) {
            self = .user(value)
            return
        }
        if let value = attempts.attempt("numbers", { try context.array(element) { try context.decode(Int64.self, from: $0) } }) {
            self = .numbers(value)
            return
        }
        self = .unknown(try context.decode(JSONValue.self, from: element))
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        switch self {
        case .user(let value): try context.encode(value, to: &writer)
        case .numbers(let value): try context.array(value, to: &writer) { try context.encode($0, to: &$1) }
        case .unknown(let value): try context.encode(value, to: &writer)
        }
    }
}
