/// An error found while reading or writing JSON text.
///
/// Parsing errors carry the byte offset where the problem was found together with the
/// 1-based line and column computed from it, and a short excerpt of the input around it.
/// The description reads like
/// `line 3, column 14: expected ',' or '}' after object member, found '"'`.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a ``JSONError``.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The input was empty or held only whitespace.
        case emptyInput
        /// The input ended inside a value.
        case unexpectedEndOfInput
        /// A byte that cannot start or continue the current construct.
        case unexpectedCharacter
        /// Bytes after the single top-level value.
        case trailingData
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// A malformed escape sequence in a string.
        case invalidEscape
        /// A `\u` escape of a lone UTF-16 surrogate.
        case loneSurrogate
        /// A raw control character (U+0000 to U+001F) inside a string.
        case controlCharacterInString
        /// A number that does not follow the JSON grammar.
        case invalidNumber
        /// A number that is valid JSON but does not fit the requested type.
        case numberOutOfRange
        /// Nesting deeper than the configured limit.
        case depthLimitExceeded
        /// A size limit (string length, number length, members, values, input size) was exceeded.
        case sizeLimitExceeded
        /// An object repeats a key and the policy rejects duplicates.
        case duplicateKey
        /// A value that cannot be written as JSON (NaN, infinity, nesting too deep).
        case invalidValue
    }

    /// What went wrong.
    public let kind: Kind
    /// A lowercase, human-readable reason without position information.
    public let message: String
    /// The zero-based byte offset in the input, or `nil` for errors that are not tied to input.
    public let byteOffset: Int?
    /// The 1-based line of ``byteOffset``.
    public let line: Int?
    /// The 1-based column of ``byteOffset``, counted in Unicode scalars from the start of the line.
    public let column: Int?
    /// A short, single-line excerpt of the input around the error.
    public let excerpt: String?

    /// Creates an error that is not tied to a position in an input.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
        self.byteOffset = nil
        self.line = nil
        self.column = nil
        self.excerpt = nil
    }

    init(kind: Kind, message: String, offset: Int, in input: UnsafeBufferPointer<UInt8>) {
        self.kind = kind
        self.message = message
        let position = SourcePosition(offset: offset, in: input)
        self.byteOffset = position.offset
        self.line = position.line
        self.column = position.column
        self.excerpt = position.excerpt
    }

    public var description: String {
        if let line, let column {
            return "line \(line), column \(column): \(message)"
        }
        return message
    }
}

/// The line, column and excerpt of a byte offset, computed only when an error is reported.
struct SourcePosition: Sendable, Hashable {
    var offset: Int
    var line: Int
    var column: Int
    var excerpt: String

    init(offset rawOffset: Int, in input: UnsafeBufferPointer<UInt8>) {
        let offset = min(max(rawOffset, 0), input.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if input[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        index = lineStart
        while index < offset {
            // Continuation bytes do not start a scalar.
            if input[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        self.offset = offset
        self.line = line
        self.column = column
        var start = max(lineStart, offset - 24)
        var end = offset
        while end < input.count, end < offset + 24, input[end] != UInt8(ascii: "\n"), input[end] != UInt8(ascii: "\r") {
            end += 1
        }
        // Widen to whole UTF-8 sequences (at most 3 continuation bytes) so no character is cut.
        var widened = 0
        while widened < 3, start > lineStart, start < input.count, input[start] & 0xC0 == 0x80 {
            start -= 1
            widened += 1
        }
        widened = 0
        while widened < 3, end < input.count, input[end] & 0xC0 == 0x80 {
            end += 1
            widened += 1
        }
        // Non-ASCII text stays readable; ill-formed bytes and control characters become U+FFFD.
        var text = ""
        for scalar in String(decoding: input[start..<end], as: UTF8.self).unicodeScalars {
            if scalar == "\t" {
                text += " "
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                text += "\u{FFFD}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        self.excerpt = text
    }
}

/// Describes the byte at `offset` for messages: `'x'`, `end of input` or `byte 0xFF`.
func describeByte(at offset: Int, in input: UnsafeBufferPointer<UInt8>) -> String {
    guard offset < input.count else { return "end of input" }
    let byte = input[offset]
    switch byte {
    case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    case 0x0A: return "newline"
    case 0x09: return "tab"
    case 0x0D: return "carriage return"
    default:
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
