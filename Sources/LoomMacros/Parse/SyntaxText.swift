import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without the leading trivia of its first token and the trailing
    /// trivia of its last token: `trimmedDescription`'s text, read from the node where it is.
    ///
    /// `trimmedDescription` builds two copies of the tree to drop the trivia; the macro asks
    /// for the text of every property's type and attributes, for each of its two roles.
    var trimmedText: String {
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
