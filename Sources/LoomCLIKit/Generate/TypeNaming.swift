import Foundation

// How `loom generate` turns JSON keys into Swift names: `html_url` → `htmlURL`,
// `top_stories` (elements) → `TopStory`, `+1` → `plus1`, `default` → `` `default` ``.

enum TypeNaming {
    // MARK: Words

    /// Splits a key into words: at every character that is not an ASCII letter or digit, at
    /// lower-to-upper case changes (`userId` → `user`, `Id`), at the end of an acronym
    /// (`URLString` → `URL`, `String`) and after digits followed by a capital (`v2Image`).
    /// A leading `+` reads as `plus` and a leading `-` before a digit as `minus`, so that
    /// GitHub's reaction keys `+1` and `-1` get distinct names.
    static func words(_ key: String) -> [String] {
        // `naïve` → `naive`; letters with no ASCII form still separate words.
        var scalars = Array(key.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).unicodeScalars)
        var words: [String] = []
        if let first = scalars.first {
            if first == "+" {
                words.append("plus")
                scalars.removeFirst()
            } else if first == "-", scalars.count > 1, isDigit(scalars[1]) {
                words.append("minus")
                scalars.removeFirst()
            }
        }
        var current: [Unicode.Scalar] = []
        func flush() {
            if !current.isEmpty { words.append(String(String.UnicodeScalarView(current))) }
            current = []
        }
        for (index, scalar) in scalars.enumerated() {
            guard isLetter(scalar) || isDigit(scalar) else {
                flush()
                continue
            }
            if let previous = current.last, isUpper(scalar) {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let endsAcronym = isUpper(previous) && next.map(isLower) == true
                    // `IDs`, `URLs`: a plural acronym stays one word.
                    && !(next == "s" && (index + 2 == scalars.count || !isLetter(scalars[index + 2])))
                if isLower(previous) || isDigit(previous) || endsAcronym { flush() }
            }
            current.append(scalar)
        }
        flush()
        return words
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool { isUpper(scalar) || isLower(scalar) }
    static func isUpper(_ scalar: Unicode.Scalar) -> Bool { scalar >= "A" && scalar <= "Z" }
    static func isLower(_ scalar: Unicode.Scalar) -> Bool { scalar >= "a" && scalar <= "z" }
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    /// Words written in capitals in Swift names (API Design Guidelines: `htmlURL`, `userID`).
    static let acronyms: [String: String] = [
        "id": "ID", "ids": "IDs", "url": "URL", "urls": "URLs", "uri": "URI", "uris": "URIs", "uuid": "UUID",
        "uuids": "UUIDs", "html": "HTML", "http": "HTTP", "https": "HTTPS", "api": "API", "apis": "APIs",
        "json": "JSON", "xml": "XML", "ip": "IP", "sql": "SQL", "ssl": "SSL", "gps": "GPS", "utc": "UTC",
        "ui": "UI",
    ]

    /// `word` as the first word of a lowerCamelCase name.
    private static func leading(_ word: String) -> String {
        if acronyms[word.lowercased()] != nil || isAllUpper(word) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    /// `word` as a later word of a camel-case name.
    private static func capitalized(_ word: String) -> String {
        if let acronym = acronyms[word.lowercased()] { return acronym }
        if isAllUpper(word) { return word.prefix(1) + word.dropFirst().lowercased() }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func isAllUpper(_ word: String) -> Bool {
        word.unicodeScalars.contains(where: isUpper) && !word.unicodeScalars.contains(where: isLower)
    }

    static func upperCamelCase(_ words: [String]) -> String { words.map(capitalized).joined() }

    static func lowerCamelCase(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return leading(first) + words.dropFirst().map(capitalized).joined()
    }

    // MARK: Properties

    /// The property name for `key`, without backticks: the key itself when it is already a
    /// lowerCamelCase identifier, otherwise its words in lowerCamelCase (`_` before a leading
    /// digit, `field` when no letter or digit is left).
    static func propertyName(forKey key: String) -> String {
        if let first = key.unicodeScalars.first, isLower(first),
            key.unicodeScalars.allSatisfy({ isLetter($0) || isDigit($0) })
        {
            return key
        }
        let name = lowerCamelCase(words(key))
        guard let first = name.unicodeScalars.first else { return "field" }
        return isDigit(first) ? "_" + name : name
    }

    /// ASCII letters, digits and `_`, not starting with a digit.
    static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLetter(first) || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" }
    }

    /// Whether a key reads as a field name (`name`, `html_url`, `Content-Type`, `first name`)
    /// rather than data (`12345`, `+1`, `Arrière-scène`, `2024-01-01`, a UUID).
    static func isIdentifierLike(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, isLetter(first) || first == "_" else { return false }
        if key.utf8.count == 36, key.utf8.filter({ $0 == UInt8(ascii: "-") }).count == 4 { return false }
        return key.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || "_- .".unicodeScalars.contains($0) }
    }

    /// Swift keywords that need backticks as property names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "await", "false", "is", "nil", "super", "throws", "true", "try", "Any",
        "Self", "Type", "Protocol",
    ]

    /// Names a generated property cannot take, with the name it takes instead: `self` cannot
    /// be a stored property even in backticks, and a stored `hashValue` would become the
    /// `Hashable` models' deprecated hash requirement.
    static let replacedProperties: [String: String] = ["self": "selfValue", "hashValue": "jsonHashValue"]

    /// `name` as it is written in a declaration: keywords in backticks.
    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    // MARK: Types

    /// The type name for the object at `key` (`user` → `User`), or for the elements of the
    /// array or map at `key` (`stories` → `Story`, `data` → `DataItem`). May be empty or start
    /// with a digit; ``TypeNamer`` deals with that.
    static func typeName(forKey key: String, element: Bool) -> String {
        var parts = words(key)
        if element, let last = parts.last {
            if let member = memberNouns[last.lowercased()] {
                parts[parts.count - 1] = member
            } else if let singular = singular(last) {
                parts[parts.count - 1] = singular
            } else {
                parts.append("Item")
            }
        }
        return upperCamelCase(parts)
    }

    /// The singular of a type name made of `words` (`Sizes` → `Size`, `Pagination` →
    /// `Paginator`), or `nil`.
    static func singularTypeName(_ name: String) -> String? {
        var parts = words(name)
        guard let last = parts.last, let singular = memberNouns[last.lowercased()] ?? singular(last) else { return nil }
        parts[parts.count - 1] = singular
        return upperCamelCase(parts)
    }

    private static let irregularPlurals: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse", "geese": "goose",
        "feet": "foot", "teeth": "tooth", "indices": "index", "vertices": "vertex", "matrices": "matrix",
        "appendices": "appendix", "analyses": "analysis", "crises": "crisis", "theses": "thesis",
        "criteria": "criterion", "phenomena": "phenomenon", "statuses": "status", "aliases": "alias",
        "buses": "bus", "viruses": "virus", "bonuses": "bonus", "campuses": "campus", "canvases": "canvas",
        "quizzes": "quiz", "leaves": "leaf", "halves": "half", "knives": "knife", "lives": "life", "wives": "wife",
        "wolves": "wolf", "shelves": "shelf", "thieves": "thief", "movies": "movie", "cookies": "cookie",
        "ties": "tie", "pies": "pie", "lies": "lie", "zombies": "zombie", "calories": "calorie",
        "caches": "cache", "niches": "niche", "heroes": "hero", "potatoes": "potato", "tomatoes": "tomato",
        "echoes": "echo", "axes": "axis", "bases": "base", "databases": "database", "cases": "case",
        "purchases": "purchase", "releases": "release", "responses": "response", "courses": "course",
        "houses": "house", "causes": "cause", "clauses": "clause", "licenses": "license", "phases": "phase",
    ]

    /// Collective nouns whose elements have a name of their own: the values of a `pagination`
    /// map are paginators.
    private static let memberNouns: [String: String] = [
        "pagination": "paginator", "validation": "validator", "inventory": "inventoryItem",
    ]

    /// Words that end like plurals but are not (or have no singular worth using).
    private static let notPlural: Set<String> = [
        "news", "series", "species", "data", "media", "metadata", "information", "equipment", "sheep", "fish",
        "deer", "physics", "mathematics", "economics", "politics", "analytics", "ethics", "chassis", "headquarters",
        "means", "lens", "gas", "yes", "its", "has", "was", "this", "bias", "atlas", "iris", "plus", "minus",
    ]

    /// The singular of a plural English word in lowercase (`stories` → `story`,
    /// `addresses` → `address`, `people` → `person`), or `nil` when `word` is not a plural.
    static func singular(_ word: String) -> String? {
        let lower = word.lowercased()
        if let irregular = irregularPlurals[lower] { return irregular }
        if notPlural.contains(lower) || lower.count < 3 { return nil }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return nil }
        if lower.hasSuffix("ies") { return lower.dropLast(3) + "y" }
        for suffix in ["sses", "xes", "ches", "shes", "zzes"] where lower.hasSuffix(suffix) {
            return String(lower.dropLast(2))
        }
        if lower.hasSuffix("s") { return String(lower.dropLast()) }
        return nil
    }

    /// Names a generated type must not take: a top-level `struct Range` or `struct Locale`
    /// would shadow Swift's or Foundation's in the whole module, and one named after a type
    /// the generated code uses would not compile. Swift's and Foundation's commonly used
    /// types, and every public type of Loom.
    static let reservedTypeNames: Set<String> = [
        // Swift
        "Any", "AnyObject", "Array", "Bool", "Character", "ClosedRange", "Clock", "Codable", "CodingKey",
        "Collection", "Comparable", "Decodable", "Decoder", "Dictionary", "Double", "Duration", "Encodable",
        "Encoder", "Equatable", "Error", "Float", "Hashable", "Identifiable", "Int", "Int8", "Int16", "Int32",
        "Int64", "Mirror", "Never", "Optional", "Protocol", "Range", "Result", "Self", "Sendable", "Sequence",
        "Set", "String", "Substring", "Swift", "Task", "Type", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Unicode", "Void",
        // Foundation
        "Bundle", "Calendar", "Data", "Date", "Decimal", "FileManager", "Foundation", "JSONDecoder", "JSONEncoder",
        "Locale", "Measurement", "NSObject", "Notification", "Operation", "Process", "Thread", "TimeZone", "Timer",
        "URL", "UUID",
        // Loom
        "AnyCodingKey", "ISO8601", "ISO8601DateTransformer", "JSONDateStrategy", "JSONDecodable",
        "JSONDecodingContext", "JSONDecodingError", "JSONDefault", "JSONDocument", "JSONElement", "JSONEncodable",
        "JSONEncodingContext", "JSONError", "JSONIgnore", "JSONKey", "JSONKeyPath",
        "JSONKeyStrategy", "JSONModel", "JSONModelDecoder", "JSONModelEncoder", "JSONNumber",
        "JSONObject", "JSONParsingOptions", "JSONTransform", "JSONTransformer", "JSONValue", "JSONWriter",
        "JSONWritingOptions", "Loom",
    ]

    /// Whether `name` can name a generated type (an ASCII identifier, not reserved, not a keyword).
    static func isUsableTypeName(_ name: String) -> Bool {
        isPlainIdentifier(name) && !reservedTypeNames.contains(name) && !keywords.contains(name)
    }
}
