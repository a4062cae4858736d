import Foundation

/// An error found while decoding a model: where (model path and JSON position) and why.
///
/// Its description is one line, for example
/// `statuses[3].user.id: expected Int, found string "abc" (line 12, column 8)`.
/// With ``JSONModelDecoder/collectsAllErrors`` one decode reports every failing path:
/// the thrown error then has kind ``Kind/multiple`` and lists them in ``errors``.
public struct JSONDecodingError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``JSONDecodingError``.
    public enum Kind: String, Sendable, Hashable {
        /// The input is not valid JSON; ``syntaxError`` has the details.
        case syntax
        /// The JSON value has another type than the property needs.
        case typeMismatch
        /// A required key is absent.
        case missingKey
        /// `null` where a non-optional value is required.
        case nullValue
        /// A number that does not fit the property's type exactly.
        case numberOutOfRange
        /// A value of the right JSON type that the property's type rejects (unknown enum
        /// case, invalid URL or date, failed transformer or validation).
        case invalidValue
        /// Keys the model does not map, when the decoder rejects unknown keys.
        case unknownKey
        /// Several errors, collected in one pass; see ``JSONDecodingError/errors``.
        case multiple
    }

    /// What went wrong.
    public var kind: Kind
    /// The path from the document root to the failing value.
    public var path: [JSONPathComponent]
    /// The reason, without path or position: `expected Int, found string "abc"`.
    public var reason: String
    /// What in the model or the call would read the input, for the developer:
    /// `@JSONKey("user_id") or the .snakeCase key strategy maps it`, `decode [Issue] for an
    /// array`, `@JSONLenient converts it`; `nil` when nothing is near. ``description`` ends with
    /// it, ``clientDescription`` leaves it out.
    public var hint: String?
    /// The byte offset of the failing value in the input, when known.
    public var byteOffset: Int?
    /// The 1-based line of the failing value, when known.
    public var line: Int?
    /// The 1-based column of the failing value, when known.
    public var column: Int?
    /// The parse error, for kind ``Kind/syntax``.
    public var syntaxError: JSONError?
    /// Every collected error, for kind ``Kind/multiple``.
    public var errors: [JSONDecodingError]
    /// An error thrown by user code (a transformer, hook or validation), if any.
    public var underlyingError: (any Error & Sendable)?

    /// Creates an error; positions and path are usually filled in by the decoder.
    public init(
        _ kind: Kind, reason: String, path: [JSONPathComponent] = [], underlyingError: (any Error & Sendable)? = nil
    ) {
        self.kind = kind
        self.reason = reason
        self.path = path
        self.errors = []
        self.underlyingError = underlyingError
    }

    init(syntax error: JSONError) {
        self.init(.syntax, reason: error.message)
        syntaxError = error
        byteOffset = error.byteOffset
        line = error.line
        column = error.column
    }

    init(multiple errors: [JSONDecodingError], truncated: Bool) {
        self.init(
            .multiple,
            reason: "\(errors.count)\(truncated ? "+" : "") errors")
        self.errors = errors
    }

    /// The path as text: `statuses[3].user.id` (empty for the root).
    public var pathDescription: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key.contains(".") ? key.replacingOccurrences(of: ".", with: "\\.") : key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    public var description: String { describe(withHints: true) }

    /// The description without hints: the path, the reason and the position, the message for
    /// an API's clients, who send the input but do not write the model.
    public var clientDescription: String { describe(withHints: false) }

    private func describe(withHints: Bool) -> String {
        if kind == .multiple {
            return "\(reason): " + errors.map { $0.describe(withHints: withHints) }.joined(separator: "; ")
        }
        var text = path.isEmpty ? reason : "\(pathDescription): \(reason)"
        if withHints, let hint { text += "; \(hint)" }
        if let line, let column { text += " (line \(line), column \(column))" }
        return text
    }

    /// Returns the error with `component` in front of its path (and of every collected error's).
    public func prefixed(with component: JSONPathComponent) -> JSONDecodingError {
        var copy = self
        copy.path.insert(component, at: 0)
        if kind == .multiple {
            copy.errors = errors.map { $0.prefixed(with: component) }
        }
        return copy
    }
}
