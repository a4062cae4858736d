// How keys are spelled: key-path components, case styles, and keys as Swift string literals.
//
// This one file is compiled into the runtime, the macro plugin (which cannot link the
// runtime) and the command-line tool, through symbolic links in their source folders, so a
// key the macro converts at compile time is byte for byte the key the runtime converts, and
// the code `loom generate` writes reads back as it was meant. It uses the standard library
// only. Tests: KeyStyleTests.

/// The key spelling rules shared by the runtime, the macro plugin and the command-line tool.
enum KeySpelling {
    /// A case style for keys derived from Swift names.
    enum Style: String, CaseIterable, Sendable {
        /// `userID` → `user_id`.
        case snakeCase
        /// `userID` → `user-id`.
        case kebabCase
        /// `userID` → `USER_ID`.
        case screamingSnakeCase
        /// `userID` → `UserID`.
        case pascalCase

        /// `name` in this style.
        func apply(to name: String) -> String {
            switch self {
            case .snakeCase: return KeySpelling.separatedWords(name, by: "_")
            case .kebabCase: return KeySpelling.separatedWords(name, by: "-")
            case .screamingSnakeCase: return KeySpelling.separatedWords(name, by: "_").uppercased()
            case .pascalCase:
                guard let first = name.first else { return name }
                return first.uppercased() + name.dropFirst()
            }
        }
    }

    /// Splits `"a.b\.c"` into `["a", "b.c"]`: a dot separates components, `\.` is a literal
    /// dot and `\\` a literal backslash; a backslash at the very end stands for itself.
    ///
    /// Scalars, not characters: a combining mark after a dot must not hide the dot.
    static func components(_ path: String) -> [String] {
        var components: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        for scalar in path.unicodeScalars {
            if escaping {
                current.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == "." {
                components.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if escaping { current.append("\\") }
        components.append(String(current))
        return components
    }

    /// A step of a path that can also index arrays (`data.items[0].user`).
    enum PathStep: Equatable {
        case key(String)
        case index(Int)
    }

    /// Splits a path such as `data.items[0].user` into keys and array indices: keys are
    /// separated by dots as in ``components(_:)``, `[N]` after a key (or at the start) is the
    /// element at index `N`, and `\.`, `\[` and `\\` are a literal dot, bracket and
    /// backslash inside a key. The empty path is the root (no steps).
    ///
    /// - Throws: a description of the problem for a malformed index (`items[x]`, `items[1`)
    ///   or text after `]` that is neither `.` nor `[`.
    static func pathSteps(_ path: String) throws(PathSyntaxError) -> [PathStep] {
        guard !path.isEmpty else { return [] }
        // Scalars, not characters: a combining mark after a dot must not hide the dot.
        let scalars = Array(path.unicodeScalars)
        var steps: [PathStep] = []
        var key = String.UnicodeScalarView()
        // Just after `]`: only `.`, `[` or the end may follow, and no key is pending.
        var afterIndex = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if afterIndex && scalar != "." && scalar != "[" {
                throw PathSyntaxError(reason: "expected '.' or '[' after ']', found '\(scalar)'")
            }
            switch scalar {
            case "\\":
                // A backslash at the very end stands for itself, as in key paths.
                key.append(index + 1 < scalars.count ? scalars[index + 1] : "\\")
                index += 2
                continue
            case ".":
                if !afterIndex { steps.append(.key(String(key))) }
                key = String.UnicodeScalarView()
                afterIndex = false
            case "[":
                // `[0]` at the start indexes the root; anywhere else the key before it comes first.
                if !afterIndex && index > 0 { steps.append(.key(String(key))) }
                key = String.UnicodeScalarView()
                var digits = String.UnicodeScalarView()
                index += 1
                while index < scalars.count, scalars[index] != "]" {
                    digits.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else { throw PathSyntaxError(reason: "'[' without ']'") }
                guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), let position = Int(String(digits))
                else {
                    throw PathSyntaxError(
                        reason: "expected an index of digits between '[' and ']', found \(literal(String(digits)))")
                }
                steps.append(.index(position))
                afterIndex = true
            default:
                key.append(scalar)
            }
            index += 1
        }
        if !afterIndex { steps.append(.key(String(key))) }
        return steps
    }

    /// Why ``pathSteps(_:)`` rejected a path.
    struct PathSyntaxError: Error {
        var reason: String
    }

    /// One key written as a key-path component: dots and backslashes escaped, so that
    /// ``components(_:)`` gives the key back.
    static func escapedComponent(_ key: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            if scalar == "." || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }

    /// Components joined back into one key path (`weather.temp_max`, `a\.b`).
    static func path(_ components: [String]) -> String {
        components.map(escapedComponent).joined(separator: ".")
    }

    /// `camelCase` (and `URLValue`-style acronyms) as lowercase words joined by `separator`.
    ///
    /// A word starts at an uppercase letter (Unicode Lu or Lt) that follows a lowercase
    /// letter (Ll) or a decimal digit (Nd), and at the last capital of a run of capitals
    /// followed by a lowercase letter: `htmlURL` → `html_url`, `URLValue` → `url_value`,
    /// `base64Data` → `base64_data`. Everything else is kept, so `already_snake` stays.
    static func separatedWords(_ name: String, by separator: String) -> String {
        let scalars = Array(name.unicodeScalars)
        func category(_ index: Int) -> Unicode.GeneralCategory { scalars[index].properties.generalCategory }
        func isUpper(_ index: Int) -> Bool { category(index) == .uppercaseLetter || category(index) == .titlecaseLetter }
        func isLower(_ index: Int) -> Bool { category(index) == .lowercaseLetter }
        func isDigit(_ index: Int) -> Bool { category(index) == .decimalNumber }
        var result = ""
        for index in scalars.indices {
            guard isUpper(index) else {
                result.unicodeScalars.append(scalars[index])
                continue
            }
            let afterLowerOrDigit = index > 0 && (isLower(index - 1) || isDigit(index - 1))
            let endsCapitals = index > 0 && isUpper(index - 1) && index + 1 < scalars.count && isLower(index + 1)
            if afterLowerOrDigit || endsCapitals { result += separator }
            result += String(scalars[index]).lowercased()
        }
        return result
    }

    /// `text` as a Swift string literal, quotes included, for generated source: control,
    /// format, separator and unassigned characters as `\u{…}` escapes, so the source shows
    /// what the key holds and survives any editor.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate:
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                default:
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
