// What the direct path keeps for a `@JSONUnknownKeys` property (Features/UnknownKeys.swift).

/// The members no property maps, gathered on the direct path for a `@JSONUnknownKeys`
/// property (the general path reads them from the object when its checks run).
public struct _JSONUnknownMembers: Sendable {
    @usableFromInline var members: [String: JSONValue] = [:]

    @inlinable public init() {}
}
