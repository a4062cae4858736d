import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONModel`: generates `JSONModel` conformance for a struct, a class or an enum.
///
/// The pipeline runs parse → read attributes → check → generate; when any stage reports a
/// problem, every problem is emitted and nothing is generated, so the user never sees errors
/// in half-written code.
public struct JSONModelMacro: ExtensionMacro, MemberMacro {
    /// The generators write finished layout; re-formatting would only reindent it.
    public static var formatMode: FormatMode { .disabled }

    /// Structs and enums get everything in an extension, which keeps a struct's memberwise
    /// initializer; classes get their key sets and conformance there.
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
        // The protocols the type does not conform to yet; the others are declared already.
        let missing = Set(protocols.map { ClassGenerator.plainTypeName($0) })
        let codable = CodablePlan(missing: missing, members: declaration.memberBlock.members)
        // `Codable` is declared here for every kind; a class's members live in its body.
        let conformanceList = (missing.contains("JSONModel") ? ["Loom.JSONModel"] : []) + codable.conformances
        let modelConformance = conformanceList.isEmpty ? nil : conformanceList.joined(separator: ", ")
        let source: String
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            guard
                let model = EnumGenerator.parse(
                    enumeration, attribute: node, lexicalContext: context.lexicalContext, diagnostics: &diagnostics),
                diagnostics.isEmpty
            else {
                report(diagnostics, in: context)
                return []
            }
            source = CodableGenerator.appending(
                CodableGenerator.valueMembers(codable, access: model.accessPrefix),
                to: EnumGenerator.extensionSource(model, type: type.trimmedDescription, conformance: modelConformance))
        } else {
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
            switch description.kind {
            case .structure:
                let members = CodableGenerator.valueMembers(codable, access: model.accessPrefix)
                if ClassGenerator.structNeedsExtras(model, description) {
                    source = CodableGenerator.appending(
                        members,
                        to: ClassGenerator.structExtension(
                            model, description, type: type.trimmedDescription, conformance: modelConformance))
                } else {
                    source = CodableGenerator.appending(
                        members,
                        to: ExtensionGenerator.generate(model, type: type.trimmedDescription, conformance: modelConformance))
                }
            case .classModel(let info):
                var conformances: [String] = []
                if missing.contains("JSONModel") { conformances.append("Loom.JSONModel") }
                if missing.contains("JSONMergeable") { conformances.append("Loom.JSONMergeable") }
                conformances += codable.conformances
                source = ClassGenerator.extensionSource(
                    ClassGenerator.classModel(model, info: info), info: info, type: type.trimmedDescription,
                    conformances: conformances)
            }
        }
        let file = Parser.parse(source: source)
        guard !file.hasError, file.statements.count == 1, let generated = file.statements.first?.item.as(ExtensionDeclSyntax.self)
        else {
            context.diagnose(
                Diagnostic(node: Syntax(node), message: ModelDiagnostic.internalError("generated code does not parse")))
            return []
        }
        return [generated]
    }

    /// Members a class needs in its body (a required initializer, overridable methods) and
    /// the `JSONCase` list of an enum chosen by content; nothing for structs.
    ///
    /// The compiler never runs the extension role on an extension, so the misuse is reported
    /// here for that case only (and the extension role stays silent about it). Other problems
    /// are reported by the extension role; this role then generates nothing.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if declaration.is(ExtensionDeclSyntax.self) {
            context.diagnose(Diagnostic(node: Syntax(node), message: ModelDiagnostic.notAType))
            return []
        }
        var diagnostics = DiagnosticList()
        let sources: [String]
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            guard
                let model = EnumGenerator.parse(
                    enumeration, attribute: node, lexicalContext: context.lexicalContext, diagnostics: &diagnostics),
                diagnostics.isEmpty
            else { return [] }
            sources = EnumGenerator.members(model)
        } else if declaration.is(ClassDeclSyntax.self),
            let description = DeclarationParser.parse(
                declaration, attribute: node, lexicalContext: context.lexicalContext, diagnostics: &diagnostics)
        {
            let model = ModelChecker.check(description, diagnostics: &diagnostics)
            guard diagnostics.isEmpty, case .classModel(let info) = description.kind else { return [] }
            sources =
                ClassGenerator.members(ClassGenerator.classModel(model, info: info), description, info: info)
                + CodableGenerator.classMembers(
                    classCodablePlan(protocols, info: info, members: declaration.memberBlock.members), info: info,
                    access: model.accessPrefix)
        } else {
            return []
        }
        var members: [DeclSyntax] = []
        for source in sources {
            let member = DeclSyntax(stringLiteral: source)
            guard !member.hasError else {
                context.diagnose(
                    Diagnostic(node: Syntax(node), message: ModelDiagnostic.internalError("generated member does not parse")))
                return []
            }
            members.append(member)
        }
        return members
    }

    /// A class's `Codable` members: the missing halves, and in a subclass of a model the
    /// required `init(from:)` it must repeat (its superclass conforms already).
    private static func classCodablePlan(_ protocols: [TypeSyntax], info: ClassInfo, members: MemberBlockItemListSyntax)
        -> CodablePlan
    {
        var plan = CodablePlan(missing: Set(protocols.map { ClassGenerator.plainTypeName($0) }), members: members)
        if info.superclass != nil && !CodablePlan.declaresInitFrom(members) { plan.decodable = true }
        return plan
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
