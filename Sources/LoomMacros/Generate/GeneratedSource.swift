import SwiftParser
import SwiftSyntax

/// The generated text, handed to the compiler as it is written.
///
/// A macro's expansion reaches the compiler as text, which the compiler parses itself. Parsing
/// the generated text into syntax trees in the plugin as well would only repeat that work, and
/// in a debug build, where SwiftPM compiles the plugin and swift-syntax without optimization,
/// that parse takes three times as long as everything else the plugin does. So each expansion
/// is one node whose description is the generated text (one token holds it).
/// Nothing here checks that the text parses: the expansion tests compare it with what they
/// expect, and the test targets compile every shape the generators write.
enum GeneratedSource {
    /// Member declarations, several separated by blank lines.
    static func members(_ source: String) -> DeclSyntax {
        DeclSyntax(MissingDeclSyntax(placeholder: .identifier(source)))
    }

    /// An extension written as `extension Type: Conformances {` … `}`, or `nonisolated
    /// extension …`. Falls back to parsing when the text has another shape, so the result
    /// always describes `source` exactly.
    static func extensionDeclaration(_ source: String) -> ExtensionDeclSyntax? {
        let modifier = "nonisolated "
        let isNonisolated = source.hasPrefix(modifier)
        let keyword = (isNonisolated ? modifier : "") + "extension "
        if source.hasPrefix(keyword), source.hasSuffix("}"), let open = source.firstIndex(of: "{") {
            let header = source[source.index(source.startIndex, offsetBy: keyword.count)..<open]
            let body = source[source.index(after: open)..<source.index(before: source.endIndex)]
            let declaration = ExtensionDeclSyntax(
                modifiers: isNonisolated
                    ? [DeclModifierSyntax(name: .keyword(.nonisolated, trailingTrivia: .space))] : [],
                extensionKeyword: .keyword(.extension, trailingTrivia: .space),
                extendedType: TypeSyntax(MissingTypeSyntax(placeholder: .identifier(String(header)))),
                memberBlock: MemberBlockSyntax(
                    leftBrace: .leftBraceToken(),
                    members: body.isEmpty ? [] : [MemberBlockItemSyntax(decl: members(String(body)))],
                    rightBrace: .rightBraceToken()))
            if declaration.description == source { return declaration }
        }
        let file = Parser.parse(source: source)
        guard !file.hasError, file.statements.count == 1 else { return nil }
        return file.statements.first?.item.as(ExtensionDeclSyntax.self)
    }
}
