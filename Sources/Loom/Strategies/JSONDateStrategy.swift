import Foundation

/// How `Date` properties without a transformer read and write JSON.
public enum JSONDateStrategy: Sendable {
    /// ISO 8601 / RFC 3339 text, with or without fractional seconds (the default).
    case iso8601
    /// Seconds since 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1970 as a number.
    case millisecondsSince1970
    /// A fixed pattern such as `yyyy-MM-dd HH:mm:ss`, in the POSIX locale and UTC unless the
    /// pattern has a zone.
    case formatted(String)
    /// Your own functions.
    case custom(
        decode: @Sendable (JSONElement) throws -> Date,
        encode: @Sendable (Date, inout JSONWriter) throws -> Void)
}
