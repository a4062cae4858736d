import Foundation

// Pieces shared by the Codable bridge's decoder and encoder: coding keys, key conversion,
// and the carrier that lets a Loom error travel inside a `DecodingError`.

/// The coding key of an array position, spelled like Foundation's (`"Index 3"`), so error
/// paths can tell positions from object keys.
struct BridgeIndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(intValue: Int) { self.index = intValue }
    init?(stringValue: String) { nil }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// The coding key `superDecoder()`/`superEncoder()` use: `"super"`.
struct BridgeSuperKey: CodingKey {
    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { nil }

    var stringValue: String { "super" }
    var intValue: Int? { nil }
}

/// A `JSONDecodingError` made while decoding a `Codable` value, carried as the
/// `underlyingError` of the `DecodingError` that Codable code sees. Its path is already
/// complete relative to the bridged value, and it has the JSON position.
struct BridgedDecodingFailure: Error, Sendable, CustomStringConvertible {
    let error: JSONDecodingError
    var description: String { error.description }
}

/// How the bridge maps between `CodingKey` names and JSON keys, from the Loom decoder's or
/// encoder's ``JSONKeyStrategy``.
enum BridgeKeyMode {
    /// JSON keys are the coding keys' `stringValue`s.
    case plain
    /// Like Foundation's `convertFromSnakeCase` / `convertToSnakeCase`.
    case snakeCase
    /// The strategy's function maps a coding key's `stringValue` to the JSON key.
    case custom(@Sendable (String) -> String)

    init(_ strategy: JSONKeyStrategy) {
        switch strategy {
        case .useDefaultKeys: self = .plain
        case .snakeCase: self = .snakeCase
        case .custom(let transform): self = .custom(transform)
        case .kebabCase, .screamingSnakeCase, .pascalCase: self = .custom(strategy.key(for:))
        }
    }

    /// The JSON key written for (and expected for) `key`.
    func jsonKey(for name: String) -> String {
        switch self {
        case .plain: return name
        case .snakeCase: return BridgeKeyConversion.toSnakeCase(name)
        case .custom(let transform): return transform(name)
        }
    }

    var isPlain: Bool {
        if case .plain = self { return true }
        return false
    }
}

/// Foundation's key conversions, ported so that the bridge reads and writes the keys
/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` and
/// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` do.
enum BridgeKeyConversion {
    /// `one_two_three` → `oneTwoThree`; leading and trailing underscores are kept; a key
    /// without inner underscores is left as it is.
    static func fromSnakeCase(_ key: String) -> String {
        guard !key.isEmpty, let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let body = key[first...last]
        let components = body.split(separator: "_")
        let joined: String
        if components.count == 1 {
            joined = String(body)
        } else {
            joined = ([components[0].lowercased()] + components.dropFirst().map { $0.capitalized }).joined()
        }
        return String(key[key.startIndex..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// `myURLProperty` → `my_url_property`: words split at lower-to-upper transitions and
    /// before the last capital of a run of capitals, then lowercased and joined with `_`.
    /// (Works on Unicode scalars, as Foundation's search for letters does.)
    static func toSnakeCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty else { return key }
        let uppercase = CharacterSet.uppercaseLetters
        let lowercase = CharacterSet.lowercaseLetters
        func firstIndex(from start: Int, in set: CharacterSet) -> Int? {
            var index = start
            while index < scalars.count {
                if set.contains(scalars[index]) { return index }
                index += 1
            }
            return nil
        }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = firstIndex(from: searchStart, in: uppercase) {
            words.append(wordStart..<upper)
            guard let lower = firstIndex(from: upper, in: lowercase) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                // One capital followed by a lowercase letter starts a word.
                wordStart = upper
            } else {
                // A run of capitals is a word, up to the capital before the lowercase letter.
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<scalars.count)
        return words.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: "_")
    }
}

extension JSONPathComponent {
    /// The coding key Codable code sees for this path step.
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): return AnyCodingKey(key)
        case .index(let index): return BridgeIndexKey(index)
        }
    }
}

/// Whether a coding key from a foreign `DecodingError` names an array position: the
/// bridge's own index keys, or the standard library's `"Index N"` keys.
func bridgeIndex(of key: any CodingKey) -> Int? {
    if let index = key as? BridgeIndexKey { return index.index }
    guard let value = key.intValue, key.stringValue == "Index \(value)" else { return nil }
    return value
}
