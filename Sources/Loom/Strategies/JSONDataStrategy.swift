import Foundation

/// How `Data` properties without a transformer read and write JSON.
public enum JSONDataStrategy: Sendable {
    /// Standard base64 with padding, RFC 4648 §4 (the default).
    case base64
    /// URL-safe base64, RFC 4648 §5: `-` and `_` instead of `+` and `/`; padding optional
    /// when reading, left out when writing.
    case base64URL
    /// Your own functions.
    case custom(
        decode: @Sendable (JSONElement) throws -> Data,
        encode: @Sendable (Data, inout JSONWriter) throws -> Void)
}
