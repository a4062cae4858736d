/// Limits and leniencies that apply while parsing JSON text.
///
/// The defaults are strict RFC 8259 with generous limits. Every limit is enforced with a
/// thrown ``JSONError`` of kind ``JSONError/Kind/depthLimitExceeded`` or
/// ``JSONError/Kind/sizeLimitExceeded``, never with a crash.
public struct JSONParsingOptions: Sendable, Hashable {
    /// How an object that repeats a key is treated.
    public enum DuplicateKeyPolicy: String, Sendable, Hashable {
        /// The last occurrence wins, as in JavaScript and `JSONSerialization` (the default).
        ///
        /// Model decoding follows the same rule: a repeated key is decoded from its last value.
        case useLast
        /// The first occurrence wins; later ones are skipped (but still validated).
        case useFirst
        /// A repeated key is an error of kind ``JSONError/Kind/duplicateKey`` (I-JSON, RFC 7493 §2.3).
        case reject
    }

    /// The deepest nesting of arrays and objects accepted. Default 512.
    ///
    /// The parser itself is iterative, so any limit is safe for parsing; the limit exists
    /// so that recursive consumers (model decoding, encoding, `JSONValue` teardown) stay
    /// within a small, known stack budget.
    public var maxDepth: Int = 512
    /// What to do when an object repeats a key. Keys are compared by their UTF-8 bytes after
    /// unescaping, so canonically equivalent but differently encoded keys are different keys.
    public var duplicateKeys: DuplicateKeyPolicy = .useLast
    /// The longest string accepted, in bytes of JSON text. Default: no limit.
    public var maxStringLength: Int = .max
    /// The longest number lexeme accepted, in bytes. Default 10,000.
    public var maxNumberLength: Int = 10_000
    /// The most elements in one array or members in one object. Default: no limit.
    public var maxContainerCount: Int = .max
    /// The most values in the whole document. Default: no limit.
    public var maxValueCount: Int = .max
    /// The longest input accepted, in bytes; longer input is refused before it is read.
    /// Default: no limit.
    public var maxInputLength: Int = .max
    /// Accept `//` and `/* */` comments wherever whitespace may appear. Off by default.
    public var allowComments: Bool = false
    /// Accept one trailing comma before `]` and `}`. Off by default.
    public var allowTrailingCommas: Bool = false

    /// Strict RFC 8259 with default limits.
    public init() {}

    /// Strict RFC 8259 with default limits.
    public static var strict: JSONParsingOptions { JSONParsingOptions() }

    /// Accepts comments and trailing commas in addition to strict JSON.
    public static var relaxed: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.allowComments = true
        options.allowTrailingCommas = true
        return options
    }
}
