import Foundation

/// How property names map to JSON keys when no `@JSONKey` names one.
///
/// The built-in styles split a name into words where a capital follows a lowercase letter
/// or a digit, and before the last capital of an acronym followed by a lowercase letter:
/// `htmlURL` is `html_url`, `URLValue` is `url_value`, `base64Data` is `base64_data`.
public enum JSONKeyStrategy: Sendable {
    /// The property name as written (the default).
    case useDefaultKeys
    /// `userName` ⇄ `user_name`.
    case snakeCase
    /// `userName` ⇄ `user-name`.
    case kebabCase
    /// `userName` ⇄ `USER_NAME`.
    case screamingSnakeCase
    /// `userName` ⇄ `UserName`.
    case pascalCase
    /// A function from the property name to the JSON key.
    case custom(@Sendable (String) -> String)

    /// The JSON key for `name` under this strategy.
    public func key(for name: String) -> String {
        switch self {
        case .useDefaultKeys: return name
        case .custom(let transform): return transform(name)
        default: return style.map { $0.apply(to: name) } ?? name
        }
    }

    /// Converts `camelCase` (and `URLValue`-style acronyms) to `snake_case`.
    public static func snakeCased(_ name: String) -> String {
        KeySpelling.Style.snakeCase.apply(to: name)
    }

    /// The built-in style, for the strategies that have one.
    var style: KeySpelling.Style? {
        switch self {
        case .useDefaultKeys, .custom: return nil
        case .snakeCase: return .snakeCase
        case .kebabCase: return .kebabCase
        case .screamingSnakeCase: return .screamingSnakeCase
        case .pascalCase: return .pascalCase
        }
    }

    /// How a decoding or encoding context matches keys under this strategy: 0 as written,
    /// 1 through 4 a style's precomputed keys (`_JSONKeySet`), 5 by calling the function.
    var keyMode: UInt8 {
        switch self {
        case .useDefaultKeys: return 0
        case .snakeCase: return 1
        case .kebabCase: return 2
        case .screamingSnakeCase: return 3
        case .pascalCase: return 4
        case .custom: return customKeyMode
        }
    }
}

/// The key mode of a `.custom` strategy (``JSONKeyStrategy/keyMode``).
@usableFromInline let customKeyMode: UInt8 = 5
