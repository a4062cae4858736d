import Foundation

/// A type that writes itself as JSON.
///
/// `@JSONModel` generates the conformance; the standard library and Foundation types Loom
/// supports conform already.
public protocol JSONEncodable {
    /// Writes the value to `writer`.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold (non-finite numbers, nesting beyond
    ///   the limit), or errors of transformers and hooks.
    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws
}
