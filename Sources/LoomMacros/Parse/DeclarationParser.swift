import SwiftSyntax
import SwiftSyntaxMacros

// Stage 1 of the pipeline: turn the annotated declaration into a `ModelDescription`.

enum DeclarationParser {
    /// Parses `declaration` with `members`, its members under one combination of `#if`
    /// clauses; `nil` (with a diagnostic) when `@JSONModel` cannot apply to it.
    static func parse(
        _ declaration: some DeclGroupSyntax,
        members: [MemberBlockItemSyntax],
        attribute: AttributeSyntax,
        lexicalContext: [Syntax],
        diagnostics: inout DiagnosticList
    ) -> ModelDescription? {
        // Enums take their own path (`EnumGenerator.swift`); classes share this one.
        let generics: GenericParameterClauseSyntax?
        if let structure = declaration.as(StructDeclSyntax.self) {
            generics = structure.genericParameterClause
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            generics = type.genericParameterClause
        } else {
            diagnostics.add(.notAType, at: attribute)
            return nil
        }
        var properties: [PropertyDescription] = []
        var hasTransformerHook = false
        for member in members {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                hasTransformerHook = isTransformerHook(function, diagnostics: &diagnostics) || hasTransformerHook
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            properties += parseVariable(variable, diagnostics: &diagnostics)
        }
        var description = ModelDescription(
            accessModifier: accessModifier(declaration.modifiers),
            isGeneric: generics != nil || isInGenericContext(lexicalContext),
            keyStrategy: AttributeReader.keyStrategy(of: attribute),
            properties: properties)
        let lenient = AttributeReader.markers(in: declaration.attributes, diagnostics: &diagnostics).lenient
        description.isLenient = lenient != nil
        description.lenientRounding = lenient?.expression?.trimmedText
        description.hasTransformerHook = hasTransformerHook
        description.writesMemberwiseInit = AttributeReader.memberwiseInit(of: attribute)
        ClassGenerator.describe(declaration, members: members, attribute: attribute, into: &description, diagnostics: &diagnostics)
        return description
    }

    /// Whether `function` is the model's transformer hook,
    /// `static func jsonTransformer<T>(forProperty name: String, of type: T.Type) -> AnyJSONTransformer<T>?`;
    /// a static `jsonTransformer` with other argument labels is reported.
    private static func isTransformerHook(_ function: FunctionDeclSyntax, diagnostics: inout DiagnosticList) -> Bool {
        guard function.name.text == "jsonTransformer",
            function.modifiers.contains(where: {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            })
        else { return false }
        let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
        guard labels == ["forProperty", "of"] else {
            diagnostics.add(.malformedTransformerHook, at: function.name)
            return false
        }
        return true
    }

    /// `public` when the type is visible outside its module (`public`, `package`, `open`),
    /// so the conformance's requirements are too.
    static func accessModifier(_ modifiers: DeclModifierListSyntax) -> String? {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.package), .keyword(.open): return "public"
            default: continue
            }
        }
        return nil
    }

    /// Whether an enclosing declaration makes the model generic, where Swift allows no static
    /// stored properties. An extension says so only when it constrains or specializes the
    /// extended type (`extension Box where T: P`, `extension Box<Int>`); a plain extension of a
    /// generic type cannot be told from one of a namespace.
    static func isInGenericContext(_ lexicalContext: [Syntax]) -> Bool {
        lexicalContext.contains { node in
            if let structure = node.as(StructDeclSyntax.self) { return structure.genericParameterClause != nil }
            if let type = node.as(ClassDeclSyntax.self) { return type.genericParameterClause != nil }
            if let type = node.as(EnumDeclSyntax.self) { return type.genericParameterClause != nil }
            if let type = node.as(ActorDeclSyntax.self) { return type.genericParameterClause != nil }
            if let function = node.as(FunctionDeclSyntax.self) { return function.genericParameterClause != nil }
            if let extensionDecl = node.as(ExtensionDeclSyntax.self) {
                return extensionDecl.genericWhereClause != nil || specializes(extensionDecl.extendedType)
            }
            return false
        }
    }

    /// Whether the extended type is written with generic arguments or as sugar for one.
    private static func specializes(_ type: TypeSyntax) -> Bool {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.genericArgumentClause != nil }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.genericArgumentClause != nil || specializes(member.baseType)
        }
        return type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) || type.is(OptionalTypeSyntax.self)
    }

    private static func parseVariable(_ variable: VariableDeclSyntax, diagnostics: inout DiagnosticList)
        -> [PropertyDescription]
    {
        let markers = AttributeReader.markers(in: variable.attributes, diagnostics: &diagnostics)
        let isStatic = variable.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        let lazyModifier = variable.modifiers.first { $0.name.tokenKind == .keyword(.lazy) }
        let ownershipModifier = variable.modifiers.first {
            $0.name.tokenKind == .keyword(.weak) || $0.name.tokenKind == .keyword(.unowned)
        }
        let bindings = Array(variable.bindings)
        var result: [PropertyDescription] = []
        for (index, binding) in bindings.enumerated() {
            let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
            // In `var a, b: Int` the annotation of `b` also types `a`.
            var type = binding.typeAnnotation?.type
            if type == nil && binding.initializer == nil {
                type = bindings[(index + 1)...].lazy.compactMap { $0.typeAnnotation?.type }.first
            }
            result.append(
                PropertyDescription(
                    declaration: variable,
                    binding: binding,
                    identifier: identifier,
                    name: identifier?.identifier?.name ?? binding.pattern.trimmedText,
                    type: type,
                    initializer: binding.initializer?.value,
                    isLet: variable.bindingSpecifier.tokenKind == .keyword(.let),
                    isStatic: isStatic,
                    lazyModifier: lazyModifier,
                    ownershipModifier: ownershipModifier,
                    isComputed: isComputed(binding),
                    markers: markers))
        }
        return result
    }

    /// Computed properties have a getter; `willSet`/`didSet` observers keep storage.
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return false }
        switch block.accessors {
        case .getter:
            return true
        case .accessors(let accessors):
            return accessors.contains { accessor in
                accessor.accessorSpecifier.tokenKind != .keyword(.willSet)
                    && accessor.accessorSpecifier.tokenKind != .keyword(.didSet)
            }
        }
    }
}
