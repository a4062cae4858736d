/// A type declaration's header read without swift-syntax's parser: its attributes' names and
/// its kind.
///
/// The compiler sends each marker macro the declaration around its member with the members
/// removed (`@JSONModel struct User: Equatable {}`), and asks once per marker. In a client's
/// debug build swift-syntax's parser is unoptimized: parsing that header costs about half as
/// much as the model's whole member expansion, so the plugin reads the plain cases itself. Anything
/// that is not plainly a header — a string or a `#if` in it, a backtick, non-ASCII, an
/// unterminated comment, a comment after the attributes, a member — reads as `nil`, and the
/// parser decides.
struct DeclarationHeader {
    /// The attributes' names as `plainTypeName` reads them: `Loom.JSONModel` is `JSONModel`.
    var attributes: [String]
    /// `struct`, `class`, `enum` or `actor`.
    var keyword: String

    /// What a marker on a member of this type calls for, as ``JSONMarkerMacro/judgement(of:in:)``
    /// decides it from the parsed declaration.
    func judgement(of marker: String) -> JSONMarkerMacro.Judgement {
        JSONMarkerMacro.judgement(of: marker, attributes: attributes, isEnum: keyword == "enum")
    }

    /// `source` read as a header, or `nil` if it is anything else.
    init?(_ source: String) {
        var scanner = Scanner(bytes: Array(source.utf8))
        var attributes: [String] = []
        guard scanner.skipTrivia() else { return nil }
        while scanner.peek == UInt8(ascii: "@") {
            scanner.index += 1
            guard let name = scanner.attributeName(), scanner.skipArguments(), scanner.skipTrivia() else { return nil }
            attributes.append(name)
        }
        // Modifiers, then the keyword; a modifier never has arguments on a type.
        while true {
            guard let word = scanner.identifier(), scanner.skipTrivia() else { return nil }
            if ["struct", "class", "enum", "actor"].contains(word) {
                keyword = word
                break
            }
            guard Self.modifiers.contains(word) else { return nil }
        }
        // The rest (name, generic parameters, inheritance, `where`) up to the empty body.
        guard scanner.restIsPlainUpToEmptyBody() else { return nil }
        self.attributes = attributes
    }

    private static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "open", "final", "indirect",
    ]

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// Skips spaces, line breaks and comments; `false` at an unterminated block comment.
        mutating func skipTrivia() -> Bool {
            while let byte = peek {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while let next = peek, next != UInt8(ascii: "\n") { index += 1 }
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    // Block comments nest.
                    var depth = 0
                    repeat {
                        guard index + 1 < bytes.count else { return false }
                        if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                            depth += 1
                            index += 2
                        } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                            depth -= 1
                            index += 2
                        } else {
                            index += 1
                        }
                    } while depth > 0
                } else {
                    return true
                }
            }
            return true
        }

        /// An ASCII identifier, or `nil`.
        mutating func identifier() -> String? {
            let start = index
            while let byte = peek, Self.isIdentifierByte(byte, first: index == start) { index += 1 }
            guard index > start else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// An attribute's name after its `@`: one identifier, or a module's name and one.
        mutating func attributeName() -> String? {
            guard let first = identifier() else { return nil }
            guard peek == UInt8(ascii: ".") else { return first }
            index += 1
            guard let second = identifier(), peek != UInt8(ascii: ".") else { return nil }
            return ClassGenerator.qualifyingModules.contains(first) ? second : first + "." + second
        }

        /// Skips an attribute's parenthesized arguments, if it has any; `false` if they hold
        /// anything a plain scan could misread.
        mutating func skipArguments() -> Bool {
            guard peek == UInt8(ascii: "(") else { return true }
            var depth = 0
            while let byte = peek {
                index += 1
                if byte == UInt8(ascii: "(") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 { return true }
                } else if !Self.isPlainByte(byte) {
                    return false
                }
            }
            return false
        }

        /// Whether the rest is plain text (no string, comment, directive, raw identifier or
        /// brace) up to an empty body `{}`, then trivia only.
        mutating func restIsPlainUpToEmptyBody() -> Bool {
            while let byte = peek, byte != UInt8(ascii: "{") {
                guard Self.isPlainByte(byte) else { return false }
                index += 1
            }
            guard peek == UInt8(ascii: "{") else { return false }
            index += 1
            guard skipTrivia(), peek == UInt8(ascii: "}") else { return false }
            index += 1
            return skipTrivia() && peek == nil
        }

        static func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
            default: false
            }
        }

        /// Printable ASCII or a space, other than what starts a string, a comment, a
        /// directive, a raw identifier or a body.
        static func isPlainByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "`"), UInt8(ascii: "/"), UInt8(ascii: "\\"),
                UInt8(ascii: "{"), UInt8(ascii: "}"):
                return false
            case 0x20..<0x7F, UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                return true
            default:
                return false
            }
        }
    }
}
