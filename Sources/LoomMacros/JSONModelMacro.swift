import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONModel`: generates `JSONModel` conformance for a struct.
///
/// The pipeline runs parse → read attributes → check → generate; when any stage reports a
/// problem, every problem is emitted and nothing is generated, so the user never sees errors
/// in half-written code.
public struct JSONModelMacro: ExtensionMacro, MemberMacro {
    /// The generators write finished layout; re-formatting would only reindent it.
    public static var formatMode: FormatMode { .disabled }

    /// Structs get everything in an extension, which keeps their memberwise initializer.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // Reported by the member role, the only one the compiler runs for extensions.
        if declaration.is(ExtensionDeclSyntax.self) { return [] }
        var diagnostics = DiagnosticList()
        guard
            let description = DeclarationParser.parse(
                declaration, attribute: node, lexicalContext: context.lexicalContext, diagnostics: &diagnostics)
        else {
            report(diagnostics, in: context)
            return []
        }
        let model = ModelChecker.check(description, diagnostics: &diagnostics)
        guard diagnostics.isEmpty else {
            report(diagnostics, in: context)
            return []
        }
        // An empty list means the type already declares the conformance itself.
        let conformance = protocols.isEmpty ? nil : "Loom.JSONModel"
        let source = ExtensionGenerator.generate(model, type: type.trimmedDescription, conformance: conformance)
        let file = Parser.parse(source: source)
        guard !file.hasError, file.statements.count == 1, let generated = file.statements.first?.item.as(ExtensionDeclSyntax.self)
        else {
            context.diagnose(
                Diagnostic(node: Syntax(node), message: ModelDiagnostic.internalError("generated code does not parse")))
            return []
        }
        return [generated]
    }

    /// Reserved for classes (a later issue): a struct's members all go in the extension.
    ///
    /// The compiler never runs the extension role on an extension, so the misuse is reported
    /// here for that case only (and the extension role stays silent about it).
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if declaration.is(ExtensionDeclSyntax.self) {
            context.diagnose(Diagnostic(node: Syntax(node), message: ModelDiagnostic.notAType))
        }
        return []
    }

    private static func report(_ diagnostics: DiagnosticList, in context: some MacroExpansionContext) {
        for diagnostic in diagnostics.items { context.diagnose(diagnostic) }
    }
}

/// `@JSONKey`, `@JSONIgnore`, `@JSONDefault`, `@JSONTransform`, `@JSONLenient`, `@JSONLossy`: markers that `@JSONModel`
/// reads. On their own they expand to nothing.
public struct JSONMarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
