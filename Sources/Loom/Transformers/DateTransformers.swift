import Foundation

/// Dates as RFC 3339 / ISO 8601 text, with or without fractional seconds and offsets.
///
/// Reads `2024-05-01T12:00:00Z`, `2024-05-01T12:00:00.123+02:00`, `t` or a space for `T`;
/// ``iso8601`` also reads the ISO 8601 offsets `+0200` and `+02` and a decimal comma,
/// ``rfc3339`` only RFC 3339's grammar. Writes UTC, with milliseconds when the date has a
/// fraction: `2024-05-01T10:00:00.123Z`.
public struct ISO8601DateTransformer: JSONTransformer {
    /// Whether only RFC 3339's grammar is accepted.
    public let isStrictRFC3339: Bool

    /// Creates the transformer; `strictRFC3339` rejects the ISO 8601-only offset forms.
    public init(strictRFC3339: Bool = false) { isStrictRFC3339 = strictRFC3339 }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Date {
        try JSONDateCoding.decodeISO8601(element, strict: isStrictRFC3339, context: context)
    }

    /// Writes `value` in UTC.
    ///
    /// - Throws: ``JSONError`` for a date beyond about ±3 million years.
    public func encode(_ value: Date, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try JSONDateCoding.encodeISO8601(value, to: &writer)
    }
}

extension JSONTransformer where Self == ISO8601DateTransformer {
    /// Dates as ISO 8601 text (`2024-05-01T12:00:00Z`, `…00.123+02:00`, `…00+0200`).
    public static var iso8601: ISO8601DateTransformer { ISO8601DateTransformer() }

    /// Dates as RFC 3339 text only (`2024-05-01T12:00:00Z`, `…00.123+02:00`).
    public static var rfc3339: ISO8601DateTransformer { ISO8601DateTransformer(strictRFC3339: true) }
}

/// Dates as a count of seconds or milliseconds since 1970-01-01T00:00:00Z, read from a number
/// or a string holding one (`1714564800`, `"1714564800"`, `1714564800.5`).
public struct UnixTimeTransformer: JSONTransformer {
    /// Whether the count is in milliseconds rather than seconds.
    public let isMilliseconds: Bool
    /// Whether encoding writes the count as a string (`"1714564800"`) rather than a number.
    public let encodesAsString: Bool

    /// Creates the transformer.
    public init(milliseconds: Bool = false, encodesAsString: Bool = false) {
        isMilliseconds = milliseconds
        self.encodesAsString = encodesAsString
    }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Date {
        try JSONDateCoding.decodeUnixTime(element, milliseconds: isMilliseconds, acceptsStrings: true, context: context)
    }

    /// Writes the count: seconds as the shortest exact number, milliseconds rounded to an integer.
    ///
    /// - Throws: ``JSONError`` for a non-finite date.
    public func encode(_ value: Date, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        let number = isMilliseconds ? (value.timeIntervalSince1970 * 1000).rounded() : value.timeIntervalSince1970
        guard encodesAsString else { return try writer.write(number) }
        guard number.isFinite else { throw JSONDateCoding.outOfRange(value) }
        writer.write(JSONNumber.shortest(number))
    }
}

extension JSONTransformer where Self == UnixTimeTransformer {
    /// Seconds since 1970 as a number (or a string, when reading).
    public static var secondsSince1970: UnixTimeTransformer { UnixTimeTransformer() }

    /// Milliseconds since 1970 as a number (or a string, when reading).
    public static var millisecondsSince1970: UnixTimeTransformer { UnixTimeTransformer(milliseconds: true) }

    /// Seconds since 1970, written as a string when `asString`.
    public static func secondsSince1970(asString: Bool) -> UnixTimeTransformer {
        UnixTimeTransformer(encodesAsString: asString)
    }

    /// Milliseconds since 1970, written as a string when `asString`.
    public static func millisecondsSince1970(asString: Bool) -> UnixTimeTransformer {
        UnixTimeTransformer(milliseconds: true, encodesAsString: asString)
    }
}

/// Dates in a fixed pattern such as `yyyy-MM-dd HH:mm:ss`, in the POSIX locale and UTC (or a
/// fixed offset) unless the pattern has an offset field.
///
/// The pattern is compiled once, when the transformer is made, and common fields are parsed
/// and formatted without a `DateFormatter`; other patterns share one formatter under a lock.
/// `@JSONTransform` creates its transformer once per model type, so no formatter or pattern
/// is ever made per value.
public struct DateFormatTransformer: JSONTransformer {
    let compiled: JSONDatePattern

    /// The pattern, in Unicode date field symbols.
    public var pattern: String { compiled.pattern }

    /// Compiles `pattern`. Without an offset field, dates are read and written in `timeZone`.
    public init(pattern: String, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
        compiled = JSONDatePattern(pattern, timeZone: timeZone)
    }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Date {
        try JSONDateCoding.decodeFormatted(element, pattern: compiled, context: context)
    }

    /// Writes `value` in the pattern.
    ///
    /// - Throws: ``JSONError`` for a date beyond about ±3 million years.
    public func encode(_ value: Date, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        guard let text = compiled.format(value) else { throw JSONDateCoding.outOfRange(value) }
        writer.write(text)
    }
}

extension JSONTransformer where Self == DateFormatTransformer {
    /// Dates in a fixed pattern: `.date(format: "yyyy-MM-dd HH:mm:ss")`.
    public static func date(format pattern: String, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current)
        -> DateFormatTransformer
    {
        DateFormatTransformer(pattern: pattern, timeZone: timeZone)
    }
}

/// Dates in one of several fixed patterns, tried in turn: for APIs that write the same field
/// as `2024-05-01T12:00:00Z` in one place and `2024-05-01` in another.
///
/// Decoding takes the first pattern that matches the whole string; encoding writes the first
/// pattern. Each pattern is compiled once, when the transformer is made, as for
/// ``DateFormatTransformer``.
///
/// ```swift
/// // {"due": "2024-05-01T12:00:00+02:00"} or {"due": "2024-05-01"} or {"due": "01.05.2024"}
/// @JSONTransform(.date(formats: ["yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd", "dd.MM.yyyy"]))
/// var due: Date
/// ```
public struct DateFormatsTransformer: JSONTransformer {
    let compiled: [JSONDatePattern]

    /// The patterns, in the order they are tried.
    public var patterns: [String] { compiled.map(\.pattern) }

    /// Compiles `patterns`. Patterns without an offset field read and write dates in `timeZone`.
    public init(patterns: [String], timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
        compiled = patterns.map { JSONDatePattern($0, timeZone: timeZone) }
    }

    /// Reads the date with the first pattern that matches.
    ///
    /// - Throws: ``JSONDecodingError`` of kind `typeMismatch` for a value that is not a string,
    ///   or `invalidValue` listing every pattern tried when none matches.
    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Date {
        guard let date = element.withUTF8({ text in compiled.lazy.compactMap { $0.parse(text) }.first }) else {
            throw context.mismatch(expected: "date string", element)
        }
        guard let date else {
            let tried = patterns.map { "\"\($0)\"" }.joined(separator: ", ")
            throw context.invalid(
                "date \(context.describe(element)) matches none of the formats \(tried.isEmpty ? "(none given)" : tried)",
                element)
        }
        return date
    }

    /// Writes `value` in the first pattern.
    ///
    /// - Throws: ``JSONError`` when no pattern was given, or for a date beyond about ±3 million years.
    public func encode(_ value: Date, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        guard let first = compiled.first else {
            throw JSONError(kind: .invalidValue, message: "no date format to write \(value) in")
        }
        guard let text = first.format(value) else { throw JSONDateCoding.outOfRange(value) }
        writer.write(text)
    }
}

extension JSONTransformer where Self == DateFormatsTransformer {
    /// Dates in several patterns, tried in turn when reading; the first is written:
    /// `.date(formats: ["yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd"])`.
    public static func date(
        formats patterns: [String], timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current
    ) -> DateFormatsTransformer {
        DateFormatsTransformer(patterns: patterns, timeZone: timeZone)
    }
}
