// With `--enums`: which string places become enums, and what their cases are called.

extension ShapeRules {
    /// The most cases of a string enum (`--enums`).
    static let maxEnumCases = 10

    /// The most tag values of a polymorphic enum.
    static let maxVariants = 20

    /// The values of the enum the strings at `shape`, reached through `key`, make, or `nil`
    /// when they make none. They do when enums are on and:
    /// - every value there is a string that is not a date, URL or UUID;
    /// - there are at most ``maxEnumCases`` distinct values, and the place was seen at least
    ///   three times as often as there are values (and at least four times): a small set that
    ///   the samples have shown closed;
    /// - each value reads as a name: at most 40 bytes, an ASCII letter first, then letters,
    ///   digits, `_`, `-`, `.` or `/`; no two give the same case name;
    /// - the key does not name free text or an identifier (`name`, `title`, `description`,
    ///   `id`, `url`, `next_token`, `limit_key`, …).
    func enumValues(_ shape: Shape, key: String?) -> [String]? {
        guard detectsEnums, shape.kinds == .string, shape.strings.type(allowsDate: true) == .string,
            let values = shape.strings.distinctValues, !values.isEmpty, values.count <= Self.maxEnumCases
        else { return nil }
        guard shape.strings.count >= max(4, 3 * values.count) else { return nil }
        if let key, let last = TypeNaming.words(key).last?.lowercased(), Self.freeTextWords.contains(last) {
            return nil
        }
        guard values.allSatisfy(Self.readsAsName), EnumNaming.caseNames(values) != nil else { return nil }
        return values
    }

    /// Last words of keys whose values are open-ended even when the samples repeat a few.
    static let freeTextWords: Set<String> = [
        "id", "ids", "name", "names", "title", "description", "text", "body", "message", "comment", "content", "email",
        "url", "urls", "uri", "path", "key", "keys", "token", "hash", "sha", "etag", "slug", "login", "summary",
        "note", "query", "password", "marker", "label",
    ]

    private static func readsAsName(_ value: String) -> Bool {
        guard value.utf8.count <= 40, let first = value.unicodeScalars.first, TypeNaming.isLetter(first) else {
            return false
        }
        return value.unicodeScalars.allSatisfy { TypeNaming.isLetter($0) || TypeNaming.isDigit($0) || "_-./".unicodeScalars.contains($0) }
    }
}

/// Case names for enum values: `in-progress` → `inProgress`, `ListObjects` → `listObjects`.
enum EnumNaming {
    /// One case name per value, in order, or `nil` when two values give the same name or a
    /// value gives none.
    static func caseNames(_ values: [String]) -> [String]? {
        var names: [String] = []
        var used: Set<String> = []
        for value in values {
            let name = TypeNaming.propertyName(forKey: value)
            guard name != "field" || value == "field", TypeNaming.replacedProperties[name] == nil,
                used.insert(name).inserted
            else { return nil }
            names.append(name)
        }
        return names
    }

    /// The name of the case that keeps unknown values: `unknown`, unless a value took it.
    static func fallbackName(avoiding names: [String]) -> String {
        for candidate in ["unknown", "unrecognized", "other"] where !names.contains(candidate) { return candidate }
        var number = 2
        while names.contains("unknown\(number)") { number += 1 }
        return "unknown\(number)"
    }
}
