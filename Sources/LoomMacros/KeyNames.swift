// Key spelling rules the macro applies at compile time. Each one mirrors a runtime rule in
// `Loom` exactly (the plugin cannot link `Loom`, so the code is repeated here and the
// round-trip tests compare the two).

enum KeyNames {
    /// Splits `"a.b\.c"` into `["a", "b.c"]`, as `JSONKeyPath.components` does at runtime:
    /// a dot separates components, `\.` is a literal dot and `\\` a literal backslash.
    static func components(_ path: String) -> [String] {
        var components: [String] = []
        var current = ""
        var escaping = false
        for character in path {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        components.append(current)
        return components
    }

    /// Writes components back as one path, escaping dots and backslashes inside them, for
    /// messages (`weather.temp_max`, `a\.b`).
    static func path(_ components: [String]) -> String {
        components.map { component in
            var escaped = ""
            for character in component {
                if character == "." || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }.joined(separator: ".")
    }

    /// Converts `camelCase` (and `URLValue`-style acronyms) to `snake_case`, exactly like
    /// `JSONKeyStrategy.snakeCased` (Foundation's `uppercaseLetters` is Lu + Lt,
    /// `lowercaseLetters` Ll, `decimalDigits` Nd).
    static func snakeCased(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        func isUpper(_ index: Int) -> Bool {
            let category = scalars[index].properties.generalCategory
            return category == .uppercaseLetter || category == .titlecaseLetter
        }
        func isLower(_ index: Int) -> Bool { scalars[index].properties.generalCategory == .lowercaseLetter }
        func isDigit(_ index: Int) -> Bool { scalars[index].properties.generalCategory == .decimalNumber }
        var result = ""
        for index in scalars.indices {
            let scalar = scalars[index]
            if isUpper(index) {
                let previousIsLowerOrDigit = index > 0 && (isLower(index - 1) || isDigit(index - 1))
                let nextIsLower = index + 1 < scalars.count && isLower(index + 1)
                let previousIsUpper = index > 0 && isUpper(index - 1)
                if index > 0 && (previousIsLowerOrDigit || (previousIsUpper && nextIsLower)) {
                    result += "_"
                }
                result += String(scalar).lowercased()
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` as a Swift string literal, quotes included, for generated code.
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
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
