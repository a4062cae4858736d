import SwiftDiagnostics
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

    /// The extension adds the conformance. A struct's also holds its initializers, which in
    /// the body would take away Swift's memberwise initializer; every other member is in the
    /// type's body (the member role), where names resolve as in the user's own declarations,
    /// except for a struct at file scope, whose extension resolves them alike and holds
    /// everything (``extensionHoldsEverything(_:placement:)``).
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
        let placement = Placement(declaration, lexicalContext: context.lexicalContext)
        // Reported by the member role: the compiler does not run this role on a local type.
        if case .local = placement { return [] }
        let configurations = MemberConfigurations(declaration.memberBlock.members)
        let plans = plans(declaration, configurations, attribute: node, in: context, diagnostics: &diagnostics)
        if case .privateNested(let declaresConformance, let parent) = placement, !declaresConformance {
            var fixIts = [ModelFixIt.declareConformance(declaration)]
            if let modifier = declaration.modifiers.first(where: { $0.name.tokenKind == .keyword(.private) }) {
                fixIts.append(ModelFixIt.makeFileprivate(modifier))
            }
            diagnostics.add(.privateNested(type: typeName(declaration), parent: parent), at: node, fixIts: fixIts)
        }
        guard let plans, diagnostics.isEmpty else {
            report(diagnostics, in: context)
            return []
        }
        // No extension can name a private nested type: the body holds everything.
        if case .privateNested = placement { return [] }
        let lists = plans.map { extensionConformances($0.plan, members: $0.members, missing: missing) }
        guard let conformances = lists.first, lists.allSatisfy({ $0 == conformances }) else {
            context.diagnose(Diagnostic(node: Syntax(node), message: ModelDiagnostic.conformancesUnderConfiguration))
            return []
        }
        let conformanceClause = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        // A `nonisolated` type's conformance must be too, or a module whose default isolation is
        // the main actor isolates the extension, and with it the conformance (as it would not
        // for `Codable` declared on the type).
        let isNonisolated = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) }
        let header = "\(isNonisolated ? "nonisolated " : "")extension \(type.trimmedText)\(conformanceClause) {\n}"
        let holdsEverything = extensionHoldsEverything(declaration, placement: placement)
        let documentation = holdsEverything ? SchemaGenerator.documentation(declaration) : nil
        let body = configurations.render(
            plans.map {
                extensionMembers($0.plan, holdsEverything: holdsEverything, documentation: documentation)
                    .joined(separator: "\n\n")
            })
        let source = CodableGenerator.appending(body.isEmpty ? [] : [body], to: header)
        guard let generated = GeneratedSource.extensionDeclaration(source) else {
            context.diagnose(
                Diagnostic(node: Syntax(node), message: ModelDiagnostic.internalError("generated code does not parse")))
            return []
        }
        return [generated]
    }

    /// The conformances the extension declares for one combination of `#if` clauses.
    private static func extensionConformances(_ plan: Plan, members: [MemberBlockItemSyntax], missing: Set<String>)
        -> [String]
    {
        let codable = CodablePlan(missing: missing, members: members)
        // `Codable` is declared here for every kind; a class's members live in its body.
        let conformanceList = (missing.contains("JSONModel") ? ["Loom.JSONModel"] : []) + codable.conformances
        switch plan {
        case .enumeration:
            return conformanceList
        case .structure(_, let description):
            let mapped = StructGenerator.mapsWholly(description) && missing.contains("_JSONMapped")
            return conformanceList + (mapped ? ["Loom._JSONMapped"] : [])
        case .classModel(_, let description, let info):
            var conformances: [String] = []
            if missing.contains("JSONModel") { conformances.append("Loom.JSONModel") }
            if missing.contains("JSONMergeable") { conformances.append("Loom.JSONMergeable") }
            conformances += codable.conformances
            // Declared by a class in a hierarchy for the same reason as the bridged protocols
            // (`CodablePlan.conformances`): its body has its own document initializer and
            // direct path. A final class is a struct's case: with `jsonWillDecode`, which
            // `_JSONMapped`'s direct path would skip, it has `JSONDecodable`'s defaults instead.
            if missing.contains("_JSONMapped"), info.isHierarchy || StructGenerator.mapsWholly(description) {
                conformances.append("Loom._JSONMapped")
            }
            return conformances
        }
    }

    /// The members the extension holds for one combination of `#if` clauses: a struct's
    /// initializers, and with `holdsEverything` its other members too.
    private static func extensionMembers(_ plan: Plan, holdsEverything: Bool, documentation: String?) -> [String] {
        guard case .structure(let model, let description) = plan else { return [] }
        let declaresMapped = StructGenerator.mapsWholly(description)
        let body =
            holdsEverything
            ? StructGenerator.members(model, description, declaresMapped: declaresMapped)
                + [SchemaGenerator.member(model, description, classInfo: nil, documentation: documentation)]
            : []
        return body + StructGenerator.initializers(model, description, declaresMapped: declaresMapped)
    }

    /// Whether a struct's extension holds all it generates but a public memberwise
    /// initializer, leaving the body nothing to add: a struct at file scope, where an extension
    /// resolves names as its body does, with no generic parameters (the body is not
    /// constrained as the extension could be) and no availability of its own (which an
    /// extension does not take from the type).
    ///
    /// It saves the compiler a buffer per model: the compiler makes one for every expansion it
    /// is given, and its search for the buffer of a location in generated code, which its
    /// debug information makes at every one, grows with their number (see the README).
    private static func extensionHoldsEverything(_ declaration: some DeclGroupSyntax, placement: Placement) -> Bool {
        guard case .fileScope = placement, let structure = declaration.as(StructDeclSyntax.self),
            structure.genericParameterClause == nil
        else { return false }
        return !structure.attributes.contains {
            if case .attribute(let attribute) = $0 { return attribute.attributeName.trimmedDescription == "available" }
            return true  // an `#if` around attributes
        }
    }

    /// The members generated in the type's body: everything but a struct's initializers and
    /// the conformance itself.
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
        let placement = Placement(declaration, lexicalContext: context.lexicalContext)
        if case .local = placement {
            context.diagnose(Diagnostic(node: Syntax(node), message: ModelDiagnostic.localType(type: typeName(declaration))))
            return []
        }
        var diagnostics = DiagnosticList()
        let configurations = MemberConfigurations(declaration.memberBlock.members)
        guard let plans = plans(declaration, configurations, attribute: node, in: context, diagnostics: &diagnostics),
            diagnostics.isEmpty
        else { return [] }
        if case .privateNested(declaresConformance: false, _) = placement { return [] }
        // Combinations that disagree on the conformances are reported by the extension role,
        // which a private nested type does not have.
        let missing = Set(protocols.map { ClassGenerator.plainTypeName($0) })
        let conformances = plans.map { extensionConformances($0.plan, members: $0.members, missing: missing) }
        guard conformances.allSatisfy({ $0 == conformances.first }) else {
            if case .privateNested = placement {
                context.diagnose(
                    Diagnostic(node: Syntax(node), message: ModelDiagnostic.conformancesUnderConfiguration))
            }
            return []
        }
        let documentation = SchemaGenerator.documentation(declaration)
        let code = plans.map { combination in
            // Each source holds one or more declarations, a blank line apart.
            members(
                combination.plan, combination.members, of: declaration, placement: placement, protocols: protocols,
                documentation: documentation
            ).filter { !$0.isEmpty }.joined(separator: "\n\n")
        }
        let source = configurations.render(code)
        return source.isEmpty ? [] : [GeneratedSource.members(source)]
    }

    /// The body's members for one combination of `#if` clauses.
    private static func members(
        _ plan: Plan, _ members: [MemberBlockItemSyntax], of declaration: some DeclGroupSyntax, placement: Placement,
        protocols: [TypeSyntax], documentation: String?
    ) -> [String] {
        switch plan {
        case .enumeration(let model):
            return EnumGenerator.members(model) + [SchemaGenerator.member(model, documentation: documentation)]
        case .structure(let model, let description):
            // Outside a private parent, the extension declares `Loom._JSONMapped`.
            let declaresMapped: Bool
            switch placement {
            case .regular, .fileScope: declaresMapped = StructGenerator.mapsWholly(description)
            case .privateNested, .local: declaresMapped = false
            }
            let generated =
                extensionHoldsEverything(declaration, placement: placement)
                ? []
                : StructGenerator.members(model, description, declaresMapped: declaresMapped)
                    + [SchemaGenerator.member(model, description, classInfo: nil, documentation: documentation)]
            if case .privateNested = placement {
                // No extension can name the type: the initializers join the other members, and
                // with them Swift's memberwise initializer goes, so it is written out.
                return generated + StructGenerator.initializers(model, description, declaresMapped: declaresMapped)
                    + [StructGenerator.memberwiseInitializer(description, members: members)].compactMap { $0 }
            }
            // In the body, so that it stands in for Swift's internal one.
            return generated
                + [StructGenerator.publicMemberwiseInitializer(description, members: members)].compactMap { $0 }
        case .classModel(let model, let description, let info):
            return ClassGenerator.members(model, description, info: info)
                + [SchemaGenerator.member(model, description, classInfo: info, documentation: documentation)]
                + CodableGenerator.classMembers(
                    classCodablePlan(protocols, info: info, members: members), info: info, access: model.accessPrefix)
        }
    }

    /// Where the declaration sits, as far as the extension role is concerned.
    private enum Placement {
        /// An extension can name the type.
        case regular
        /// At file scope: an extension can name the type and sees what its body sees.
        case fileScope
        /// A `private` type nested in `parent`: only `parent`'s body and extensions can name
        /// it, never an extension of the type itself at file scope.
        case privateNested(declaresConformance: Bool, parent: String)
        /// A type declared inside a function, closure or accessor.
        case local

        init(_ declaration: some DeclGroupSyntax, lexicalContext: [Syntax]) {
            let isTypeContext: (Syntax) -> Bool = {
                $0.is(StructDeclSyntax.self) || $0.is(ClassDeclSyntax.self) || $0.is(EnumDeclSyntax.self)
                    || $0.is(ActorDeclSyntax.self) || $0.is(ExtensionDeclSyntax.self) || $0.is(ProtocolDeclSyntax.self)
            }
            if lexicalContext.contains(where: { !isTypeContext($0) }) {
                self = .local
            } else if lexicalContext.isEmpty {
                self = .fileScope
            } else if let parent = lexicalContext.first,
                declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.private) })
            {
                let declared = declaration.inheritanceClause?.inheritedTypes.contains {
                    ClassGenerator.plainTypeName($0.type) == "JSONModel"
                } ?? false
                self = .privateNested(declaresConformance: declared, parent: JSONModelMacro.typeName(parent))
            } else {
                self = .regular
            }
        }
    }

    /// The name a type or extension declares (`GitHub`, `API.Repo`).
    fileprivate static func typeName(_ node: some SyntaxProtocol) -> String {
        let syntax = Syntax(node)
        if let type = syntax.as(StructDeclSyntax.self) { return type.name.text }
        if let type = syntax.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = syntax.as(EnumDeclSyntax.self) { return type.name.text }
        if let type = syntax.as(ActorDeclSyntax.self) { return type.name.text }
        if let type = syntax.as(ProtocolDeclSyntax.self) { return type.name.text }
        if let type = syntax.as(ExtensionDeclSyntax.self) { return type.extendedType.trimmedText }
        return "the enclosing type"
    }

    /// What the pipeline makes of a declaration.
    private enum Plan {
        case enumeration(EnumModel)
        case structure(MappedModel, ModelDescription)
        case classModel(MappedModel, ModelDescription, ClassInfo)
    }

    /// Plans already made in this process, by the text of the declaration and of its
    /// lexical context: the compiler asks for both roles of every model, each with a fresh
    /// syntax tree of the same declaration.
    ///
    /// Only the plugin's entry point turns it on (``rememberPlans()``): the plugin handles one
    /// message at a time, where tests expand declarations on several threads at once.
    nonisolated(unsafe) private static var rememberedPlans: [String: Plan]?

    /// Keeps every successful plan for the other role of the same declaration.
    static func rememberPlans() {
        rememberedPlans = [:]
    }

    /// The plan of each combination of `#if` clauses, with its members; `nil` when any
    /// combination has a problem (in `diagnostics`, each problem once).
    private static func plans(
        _ declaration: some DeclGroupSyntax, _ configurations: MemberConfigurations, attribute node: AttributeSyntax,
        in context: some MacroExpansionContext, diagnostics: inout DiagnosticList
    ) -> [(members: [MemberBlockItemSyntax], plan: Plan)]? {
        let combinations = configurations.combinations
        guard combinations.count <= MemberConfigurations.limit else {
            diagnostics.add(
                .tooManyConfigurations(count: combinations.count, limit: MemberConfigurations.limit), at: node)
            return nil
        }
        var plans: [(members: [MemberBlockItemSyntax], plan: Plan)] = []
        for (index, members) in combinations.enumerated() {
            var found = DiagnosticList()
            let plan = plan(
                declaration, members: members, combination: index, attribute: node, in: context, diagnostics: &found)
            diagnostics.merge(found)
            if let plan { plans.append((members, plan)) }
        }
        return plans.count == combinations.count ? plans : nil
    }

    /// The plan of `declaration` with `members` (combination number `combination` of its
    /// `#if` clauses), made once per process when plans are remembered. Only a plan without
    /// problems is kept: diagnostics point into the tree they were made from.
    private static func plan(
        _ declaration: some DeclGroupSyntax, members: [MemberBlockItemSyntax], combination: Int,
        attribute node: AttributeSyntax, in context: some MacroExpansionContext, diagnostics: inout DiagnosticList
    ) -> Plan? {
        guard rememberedPlans != nil else {
            return makePlan(declaration, members: members, attribute: node, in: context, diagnostics: &diagnostics)
        }
        let key =
            context.lexicalContext.map(\.description).joined(separator: "\u{0}") + "\u{1}" + declaration.description
            + "\u{2}\(combination)"
        if let plan = rememberedPlans?[key] { return plan }
        let plan = makePlan(declaration, members: members, attribute: node, in: context, diagnostics: &diagnostics)
        if let plan, diagnostics.isEmpty { rememberedPlans?[key] = plan }
        return plan
    }

    /// Runs parse, read and check; `nil` when any stage reported a problem (in `diagnostics`).
    private static func makePlan(
        _ declaration: some DeclGroupSyntax, members: [MemberBlockItemSyntax], attribute node: AttributeSyntax,
        in context: some MacroExpansionContext, diagnostics: inout DiagnosticList
    ) -> Plan? {
        let lexicalContext = context.lexicalContext
        OperatorCheck.check(
            declaration, members: members,
            qualifiedName: (lexicalContext.reversed().map(typeName) + [typeName(declaration)]).joined(separator: "."),
            isTopLevel: lexicalContext.isEmpty, diagnostics: &diagnostics)
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            guard
                let model = EnumGenerator.parse(
                    enumeration, members: members, attribute: node, lexicalContext: context.lexicalContext,
                    diagnostics: &diagnostics),
                diagnostics.isEmpty
            else { return nil }
            return .enumeration(model)
        }
        guard
            let description = DeclarationParser.parse(
                declaration, members: members, attribute: node, lexicalContext: context.lexicalContext,
                diagnostics: &diagnostics)
        else { return nil }
        CodingKeysCheck.check(description, members: members, diagnostics: &diagnostics)
        let model = ModelChecker.check(description, diagnostics: &diagnostics)
        guard diagnostics.isEmpty else { return nil }
        switch description.kind {
        case .structure: return .structure(model, description)
        case .classModel(let info): return .classModel(ClassGenerator.classModel(model, info: info), description, info)
        }
    }

    /// A class's `Codable` members: the missing halves, and in a subclass of a model the
    /// required `init(from:)` it must repeat (its superclass conforms already).
    private static func classCodablePlan(_ protocols: [TypeSyntax], info: ClassInfo, members: [MemberBlockItemSyntax])
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
/// reads. On their own they expand to nothing; on a member of a type that has no
/// `@JSONModel` they say so, since nothing would read them.
public struct JSONMarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let parent = context.lexicalContext.first else { return [] }
        let marker = ClassGenerator.plainTypeName(node.attributeName)
        switch judgement(of: marker, in: parent) {
        case .fine:
            break
        case .flattenInEnum:
            context.diagnose(Diagnostic(node: Syntax(node), message: ModelDiagnostic.flattenInEnum))
        case .withoutModel:
            context.diagnose(
                Diagnostic(
                    node: Syntax(node),
                    message: ModelDiagnostic.markerWithoutModel(marker: "@" + marker, type: JSONModelMacro.typeName(parent)),
                    fixIts: [ModelFixIt.remove(node)]))
        }
        return []
    }

    /// What a marker calls for.
    enum Judgement: Equatable {
        /// Nothing: the marker is on a member of a model (or outside any type's own body).
        case fine
        /// `@JSONFlatten` in an enum model, which maps its cases, not its members: nothing
        /// would read the marker.
        case flattenInEnum
        /// A marker in a type without `@JSONModel`.
        case withoutModel
    }

    /// What the marker named `marker` (`JSONKey`, …) on a member of `parent`, the innermost
    /// declaration around it, calls for. Only a type's own body is judged: an extension may
    /// extend a model.
    static func judgement(of marker: String, in parent: Syntax) -> Judgement {
        guard let attributes = attributes(of: parent) else { return .fine }
        let names = attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element else { return nil }
            return ClassGenerator.plainTypeName(attribute.attributeName)
        }
        return judgement(of: marker, attributes: names, isEnum: parent.is(EnumDeclSyntax.self))
    }

    /// What a marker calls for in a type with these attributes (by their plain names).
    static func judgement(of marker: String, attributes: [String], isEnum: Bool) -> Judgement {
        guard attributes.contains("JSONModel") else { return .withoutModel }
        return isEnum && marker == "JSONFlatten" ? .flattenInEnum : .fine
    }

    /// The attributes of a struct, class, enum or actor declaration.
    private static func attributes(of node: Syntax) -> AttributeListSyntax? {
        if let type = node.as(StructDeclSyntax.self) { return type.attributes }
        if let type = node.as(ClassDeclSyntax.self) { return type.attributes }
        if let type = node.as(EnumDeclSyntax.self) { return type.attributes }
        if let type = node.as(ActorDeclSyntax.self) { return type.attributes }
        return nil
    }
}
