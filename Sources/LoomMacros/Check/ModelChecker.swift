import SwiftDiagnostics
import SwiftSyntax

// Stage 3 of the pipeline: judge the parsed declaration, collect every problem, and build
// the plan the generators follow. The plan is only used when no problem was found.

enum ModelChecker {
    static func check(_ model: ModelDescription, diagnostics: inout DiagnosticList) -> MappedModel {
        var tree = KeyTree()
        var mapped: [MappedProperty] = []
        var names: [Int: String] = [:]
        var checkedDeclarations: Set<SyntaxIdentifier> = []

        for property in model.properties {
            // Marker-level checks concern the declaration, which `var a, b: Int` shares.
            let firstBinding = checkedDeclarations.insert(property.declaration.id).inserted
            guard checkProperty(property, firstBinding: firstBinding, diagnostics: &diagnostics),
                let type = property.type
            else { continue }
            // Numbers only need to be unique; gaps (after errors) never reach generation.
            let number = names.count
            names[number] = property.name
            let shape = TypeShape(type)
            let marker = property.markers
            let defaultExpression = marker.defaultValue?.expression.map(operand)
            let hasDefault = property.initializer != nil || defaultExpression != nil
            let presence: MappedProperty.Presence
            if shape.isOptional {
                let initialNil = property.initializer?.is(NilLiteralExprSyntax.self) ?? false
                presence = hasDefault && !initialNil ? .optionalDefaulted(defaultExpression) : .optional
            } else {
                presence = hasDefault ? .defaulted(defaultExpression) : .required
            }

            // A lossy collection drops the elements that fail; any other lossy value that fails,
            // a transformed collection too, gives the default, so it needs one.
            let dropsElements = shape.unwrapped.isCollection && marker.transform == nil
            let severalKeys = (marker.key?.keys.count ?? 0) > 1 || marker.key?.isCollecting == true
            if let lossy = marker.lossy, firstBinding, marker.flatten == nil {
                if presence == .required && !dropsElements {
                    diagnostics.add(
                        .lossyWithoutDefault(property: property.name), at: lossy.attribute,
                        fixIts: ModelFixIt.insertDefault(property.binding).map { [$0] } ?? [])
                } else if presence != .required && severalKeys {
                    diagnostics.add(
                        .lossyWithSeveralKeys(property: property.name), at: lossy.attribute,
                        fixIts: [ModelFixIt.remove(lossy.attribute)])
                }
            }

            let keys: MappedProperty.Keys
            if let flatten = marker.flatten {
                guard
                    let type = checkFlatten(
                        flatten, property, shape: shape, model: model, firstBinding: firstBinding, diagnostics: &diagnostics)
                else { continue }
                keys = .flattened(
                    prefix: flatten.flattenPrefix ?? "", entry: mapped.filter { $0.flattening != nil }.count, type: type)
            } else if let capture = marker.unknownKeys {
                guard
                    checkCapture(
                        capture, property, shape: shape, model: model, isSecond: mapped.contains(where: \.capturesUnknown),
                        diagnostics: &diagnostics)
                else { continue }
                keys = .unknown
            } else {
                guard
                    let mappedKeys = mapKeys(
                        property, number: number, strategy: model.keyStrategy, firstBinding: firstBinding,
                        tree: &tree, names: names, diagnostics: &diagnostics)
                else { continue }
                keys = mappedKeys
            }
            var mappedProperty = MappedProperty(
                index: number,
                accessName: property.accessName,
                shape: shape,
                presence: presence,
                decodes: !(property.isLet && property.initializer != nil),
                transform: marker.transform?.expression?.trimmedText,
                keys: keys)
            mappedProperty.name = property.name
            mappedProperty.isLenient = marker.lenient != nil
            mappedProperty.lenientRounding = marker.lenient?.expression?.trimmedText
            switch presence {
            case .defaulted, .optionalDefaulted:
                let written = marker.defaultValue?.expression?.trimmedText ?? property.initializer?.trimmedText
                mappedProperty.defaultDescription = written.map(describeDefault)
            case .required, .optional:
                break
            }
            switch marker.ignore?.direction {
            case .decoding?: mappedProperty.decodes = false
            case .encoding?: mappedProperty.encodes = false
            case nil: break
            }
            if let omit = marker.omit, let rule = omit.omitRule, firstBinding {
                checkOmit(omit, rule, property: property.name, shape: shape, diagnostics: &diagnostics)
            }
            mappedProperty.omission = marker.omit?.omitRule
            mappedProperty.isLossy = marker.lossy != nil
            if marker.lossy != nil, !severalKeys {
                switch presence {
                case .required: break
                case .optional: mappedProperty.lossyDefault = "\"nil\""
                case .defaulted, .optionalDefaulted: mappedProperty.lossyDefault = mappedProperty.defaultDescription ?? "\"\""
                }
            }
            mappedProperty.startsWithValue =
                property.initializer != nil
                || (!property.isLet
                    && (type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)))
            mappedProperty.isPlainStorage =
                property.binding.accessorBlock == nil && property.declaration.attributes.count == marker.all.count
            mappedProperty.memberType = memberType(type)
            mappedProperty.valueType = valueType(type)
            if mappedProperty.transform != nil {
                // Built once per type; generic types cannot have static stored properties.
                if !model.isGeneric { mappedProperty.transformerName = "_loomTransformer_\(number)" }
            } else if model.hasTransformerHook, marker.flatten == nil {
                mappedProperty.hookType = hookType(type)
            }
            mapped.append(mappedProperty)
        }
        var runtimeStrategy: String?
        if case .runtime(let expression) = model.keyStrategy { runtimeStrategy = expression.trimmedText }
        var result = MappedModel(
            accessModifier: model.accessModifier, isGeneric: model.isGeneric, runtimeStrategy: runtimeStrategy,
            properties: mapped, tree: tree)
        result.isLenient = model.isLenient
        result.lenientRounding = model.lenientRounding
        if case .structure = model.kind {
            let mappedNames = Set(mapped.map(\.accessName))
            result.accessesDeprecated = model.properties.contains { property in
                mappedNames.contains(property.accessName) && DeprecatedAccess.isDeprecated(property.declaration.attributes)
            }
        }
        return result
    }

    /// A `@JSONUnknownKeys` property holds a `[String: JSONValue]`, has no key of its own,
    /// and is the model's only one; a class hierarchy splits its object between classes, so
    /// no one class knows which members are unknown.
    private static func checkCapture(
        _ capture: Marker, _ property: PropertyDescription, shape: TypeShape, model: ModelDescription, isSecond: Bool,
        diagnostics: inout DiagnosticList
    ) -> Bool {
        var valid = true
        let holdsValues = shape == .dictionary(key: nil, value: .leaf("JSONValue"))
            || shape == .dictionary(key: nil, value: .leaf("Loom.JSONValue"))
        if !holdsValues {
            diagnostics.add(.unknownKeysType(property: property.name), at: capture.attribute)
            valid = false
        }
        for marker in property.markers.all where marker.kind != .unknownKeys && marker.kind != .ignore {
            diagnostics.add(
                .unknownKeysCombined(marker: marker.displayName, property: property.name), at: marker.attribute,
                fixIts: [ModelFixIt.remove(marker.attribute)])
            valid = false
        }
        if isSecond {
            diagnostics.add(
                .unknownKeysRepeated(property: property.name), at: capture.attribute,
                fixIts: [ModelFixIt.remove(capture.attribute)])
            valid = false
        }
        if case .classModel(let info) = model.kind, info.isHierarchy {
            diagnostics.add(.unknownKeysInHierarchy(type: info.name), at: capture.attribute)
            valid = false
        }
        return valid
    }

    /// A `@JSONFlatten` property holds a model (perhaps optional), has no key of its own, and
    /// its value is the model's: no marker about a key or a value applies. Returns the type to
    /// flatten, or `nil` after reporting why it cannot be.
    private static func checkFlatten(
        _ flatten: Marker, _ property: PropertyDescription, shape: TypeShape, model: ModelDescription, firstBinding: Bool,
        diagnostics: inout DiagnosticList
    ) -> String? {
        var valid = flatten.flattenPrefix != nil
        let allowed: Set<Marker.Kind> = [.flatten, .ignore, .defaultValue, .merge, .lenient]
        for marker in property.markers.all where !allowed.contains(marker.kind) {
            if firstBinding {
                diagnostics.add(
                    .flattenCombined(marker: marker.displayName, property: property.name), at: marker.attribute,
                    fixIts: [ModelFixIt.remove(marker.attribute)])
            }
            valid = false
        }
        if case .classModel = model.kind {
            if firstBinding { diagnostics.add(.flattenInClass(property: property.name), at: flatten.attribute) }
            valid = false
        }
        guard case .leaf(let type) = shape.unwrapped else {
            if firstBinding {
                diagnostics.add(
                    .flattenType(property: property.name, type: property.type?.trimmedText ?? ""), at: flatten.attribute)
            }
            return nil
        }
        return valid ? type : nil
    }

    /// `@JSONOmit` decides about `nil` for optionals and about emptiness for collections and
    /// strings; anywhere else it would never apply.
    private static func checkOmit(
        _ omit: Marker, _ rule: Marker.OmitRule, property: String, shape: TypeShape, diagnostics: inout DiagnosticList
    ) {
        let expected: String?
        switch rule {
        case .never, .whenNil:
            expected = shape.isOptional ? nil : "optional properties"
        case .whenEmpty:
            expected = shape.unwrapped.isCollection || shape.unwrapped.isString ? nil : "collections and strings"
        }
        guard let expected else { return }
        diagnostics.add(
            .omitWithoutEffect(marker: omit.attribute.trimmedText, property: property, appliesTo: expected),
            at: omit.attribute, fixIts: [ModelFixIt.remove(omit.attribute)])
    }

    /// The default's source text as a string literal for the report: on one line, and cut
    /// short when long (a closure or a big literal), so the note stays one readable line.
    private static func describeDefault(_ text: String) -> String {
        var line = text.split(whereSeparator: \.isNewline).map { $0.drop(while: \.isWhitespace) }.joined(separator: " ")
        if line.count > 60 { line = String(line.prefix(60)) + "…" }
        return KeySpelling.literal(line)
    }

    /// `type` as a parameter type, `T!` written `T?`; `nil` for types a parameter cannot take
    /// as they are.
    private static func memberType(_ type: TypeSyntax) -> String? {
        if type.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.some) }) { return nil }
        var base = type.as(AttributedTypeSyntax.self)?.baseType ?? type
        while let tuple = base.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            base = only.type.as(AttributedTypeSyntax.self)?.baseType ?? only.type
        }
        if base.is(FunctionTypeSyntax.self) { return nil }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "\(unwrapped.wrappedType.trimmedText)?"
        }
        return type.trimmedText
    }

    /// `type` as an element of a tuple type, `T!` written `T?`.
    private static func valueType(_ type: TypeSyntax) -> String {
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "\(unwrapped.wrappedType.trimmedText)?"
        }
        return type.trimmedText
    }

    /// The type the transformer hook is asked about: the property's type inside a top-level
    /// optional, spelled so that `.self` can follow it.
    private static func hookType(_ type: TypeSyntax) -> String {
        var type = type
        // `(T?)` is `T?` in parentheses.
        while let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil, only.ellipsis == nil
        {
            type = only.type
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            type = optional.wrappedType
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            type = unwrapped.wrappedType
        } else if case .optional = TypeShape(type) {
            // `Optional<T>` or `Swift.Optional<T>`.
            let clause =
                type.as(IdentifierTypeSyntax.self)?.genericArgumentClause
                ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
            if let argument = clause?.arguments.first, case .type(let wrapped) = argument.argument { type = wrapped }
        }
        let simple =
            type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) || type.is(ArrayTypeSyntax.self)
            || type.is(DictionaryTypeSyntax.self)
        return simple ? type.trimmedText : "(\(type.trimmedText))"
    }

    /// Checks one binding; returns whether it is mapped (and its problems, if any, reported).
    private static func checkProperty(
        _ property: PropertyDescription, firstBinding: Bool, diagnostics: inout DiagnosticList
    ) -> Bool {
        let markers = property.markers.all
        if property.isStatic {
            if firstBinding {
                for marker in markers {
                    diagnostics.add(
                        .markerOnStatic(marker: marker.displayName, property: property.name), at: marker.attribute,
                        fixIts: [ModelFixIt.remove(marker.attribute)])
                }
            }
            return false
        }
        if property.isComputed {
            for marker in markers {
                diagnostics.add(
                    .markerOnComputed(marker: marker.displayName, property: property.name), at: marker.attribute,
                    fixIts: [ModelFixIt.remove(marker.attribute)])
            }
            return false
        }
        if firstBinding {
            var seen: Set<Marker.Kind> = []
            for marker in markers where !seen.insert(marker.kind).inserted {
                diagnostics.add(
                    .repeatedMarker(marker: marker.displayName), at: marker.attribute,
                    fixIts: [ModelFixIt.remove(marker.attribute)])
            }
        }
        if let ignore = property.markers.ignore, ignore.direction != .encoding {
            if ignore.direction == nil, firstBinding {
                for marker in markers where marker.kind != .ignore {
                    diagnostics.add(
                        .ignoreCombined(marker: marker.displayName, property: property.name), at: marker.attribute,
                        fixIts: [ModelFixIt.remove(marker.attribute)])
                }
            }
            // Decoding never sets the property: `var x: T?` starts as nil by itself; everything
            // else needs an initial value.
            let implicitNil = !property.isLet && (property.type.map { TypeShape($0).isOptional } ?? false)
            if property.initializer == nil && !implicitNil {
                diagnostics.add(
                    .ignoreWithoutDefault(property: property.name), at: ignore.attribute,
                    fixIts: ModelFixIt.insertDefault(property.binding).map { [$0] } ?? [])
                return false
            }
            if ignore.direction == nil { return false }
        }
        if let lazy = property.lazyModifier {
            diagnostics.add(
                .lazyNeedsIgnore(property: property.name), at: lazy,
                fixIts: firstBinding ? [ModelFixIt.insertIgnore(property.declaration)] : [])
            return false
        }
        if let ownership = property.ownershipModifier {
            diagnostics.add(
                .referenceNeedsIgnore(property: property.name, ownership: ownership.name.text), at: ownership,
                fixIts: firstBinding ? [ModelFixIt.insertIgnore(property.declaration)] : [])
            return false
        }
        guard let identifier = property.identifier else {
            diagnostics.add(.unsupportedPattern, at: property.binding.pattern)
            return false
        }
        var valid = true
        // A transformer may turn JSON into any type; unknown-key and flattened properties have
        // checks of their own.
        if let type = property.type,
            property.markers.transform == nil && property.markers.unknownKeys == nil && property.markers.flatten == nil,
            let problem = UnmappableType.find(in: type)
        {
            diagnostics.add(
                .unmappableType(property: property.name, type: type.trimmedText, advice: problem.advice(forProperty: true)),
                at: type, fixIts: problem.anys.isEmpty ? [] : [ModelFixIt.replaceAny(problem.anys)])
            valid = false
        }
        if property.type == nil {
            diagnostics.add(
                .missingType(property: property.name), at: identifier,
                fixIts: literalType(property.initializer).map { [ModelFixIt.insertType(property.binding, type: $0)] } ?? [])
            valid = false
        }
        if let defaultMarker = property.markers.defaultValue, property.initializer != nil, firstBinding {
            diagnostics.add(
                .defaultWithInitializer(property: property.name), at: defaultMarker.attribute,
                fixIts: [ModelFixIt.remove(defaultMarker.attribute)])
            valid = false
        }
        return valid
    }

    /// The expression as an operand of `??`: parenthesized unless it is a single term.
    private static func operand(_ expression: ExprSyntax) -> String {
        let needsParentheses =
            expression.is(SequenceExprSyntax.self) || expression.is(InfixOperatorExprSyntax.self)
            || expression.is(TernaryExprSyntax.self) || expression.is(TryExprSyntax.self)
            || expression.is(AwaitExprSyntax.self) || expression.is(AsExprSyntax.self)
            || expression.is(IsExprSyntax.self) || expression.is(ClosureExprSyntax.self)
        return needsParentheses ? "(\(expression.trimmedText))" : expression.trimmedText
    }

    /// The type of an initial value whose type is obvious from its spelling.
    private static func literalType(_ expression: ExprSyntax?) -> String? {
        guard let expression else { return nil }
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        // An initializer call (`UUID()`, `Date(timeIntervalSince1970: 0)`): by Swift's naming
        // convention a capitalized name called is a type, which the fix-it shows for the user
        // to confirm.
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            name.first?.isUppercase == true
        {
            return name
        }
        return nil
    }

    /// Validates the property's keys and adds them to the tree.
    private static func mapKeys(
        _ property: PropertyDescription, number: Int, strategy: ModelKeyStrategy, firstBinding: Bool,
        tree: inout KeyTree, names: [Int: String], diagnostics: inout DiagnosticList
    ) -> MappedProperty.Keys? {
        let node = property.identifier.map { Syntax($0) } ?? Syntax(property.binding.pattern)
        guard let marker = property.markers.key else {
            // The property name, converted by the model's strategy.
            let owner = KeyTree.Owner(property: number, role: .primary, path: [implicitKey(property.name, strategy)])
            guard
                let slot = insert(
                    owner, explicit: !isDefault(strategy), runtime: isRuntime(strategy), at: node, property: property.name,
                    tree: &tree, names: names, diagnostics: &diagnostics)
            else { return nil }
            return .single(slot)
        }
        if let style = marker.keyStyle {
            // The property's own style, applied now; no strategy converts the result again.
            let key: String
            switch style {
            case .asWritten: key = property.name
            case .converted(let converted): key = converted.apply(to: property.name)
            }
            let owner = KeyTree.Owner(property: number, role: .primary, path: [key])
            guard
                let slot = insert(
                    owner, explicit: true, runtime: false, at: Syntax(marker.attribute), property: property.name,
                    tree: &tree, names: names, diagnostics: &diagnostics)
            else { return nil }
            return .single(slot)
        }
        // Key syntax errors are reported once per declaration.
        var paths: [(KeyLiteral, [String])] = []
        var valid = true
        for key in marker.keys {
            let components = KeySpelling.components(key.text)
            if key.text.isEmpty {
                if firstBinding { diagnostics.add(.invalidKey(key: key.text, reason: "keys cannot be empty"), at: key.node) }
                valid = false
            } else if components.contains(where: \.isEmpty) {
                if firstBinding {
                    diagnostics.add(
                        .invalidKey(key: key.text, reason: "a key path cannot have an empty component"), at: key.node)
                }
                valid = false
            } else if paths.contains(where: { $0.1 == components }) {
                if firstBinding { diagnostics.add(.repeatedKey(key: key.text, property: property.name), at: key.node) }
                valid = false
            } else {
                paths.append((key, components))
            }
        }
        guard valid, !paths.isEmpty else { return nil }
        var slots: [KeyTree.SlotReference] = []
        for (position, (key, components)) in paths.enumerated() {
            let role: KeyTree.Owner.Role =
                marker.isCollecting ? .collected(key.text) : position == 0 ? .primary : .alternative
            let owner = KeyTree.Owner(property: number, role: role, path: components)
            guard
                let slot = insert(
                    owner, explicit: true, runtime: false, at: key.node, property: property.name, tree: &tree, names: names,
                    diagnostics: &diagnostics)
            else {
                valid = false
                continue
            }
            slots.append(slot)
        }
        guard valid else { return nil }
        if marker.isCollecting { return .collected(zip(paths, slots).map { (name: $0.0.0.text, slot: $0.1) }) }
        return slots.count == 1 ? .single(slots[0]) : .fallbacks(slots)
    }

    private static func insert(
        _ owner: KeyTree.Owner, explicit: Bool, runtime: Bool, at node: Syntax, property: String, tree: inout KeyTree,
        names: [Int: String], diagnostics: inout DiagnosticList
    ) -> KeyTree.SlotReference? {
        switch tree.insert(explicit: explicit, convertedAtRuntime: runtime, owner: owner) {
        case .success(let slot):
            return slot
        case .failure(.sameKey(let other)):
            diagnostics.add(
                .duplicateKey(key: KeySpelling.path(owner.path), first: names[other.property] ?? "?", second: property),
                at: node)
        case .failure(.valueAndObject(let value, let object)):
            diagnostics.add(
                .keyPathThroughValue(
                    path: KeySpelling.path(object.path), property: names[object.property] ?? "?",
                    valueKey: KeySpelling.path(value.path), valueProperty: names[value.property] ?? "?"),
                at: node)
        }
        return nil
    }

    private static func implicitKey(_ name: String, _ strategy: ModelKeyStrategy) -> String {
        if case .converted(let style) = strategy { return style.apply(to: name) }
        return name
    }

    private static func isDefault(_ strategy: ModelKeyStrategy) -> Bool {
        if case .useDefaultKeys = strategy { return true }
        return false
    }

    private static func isRuntime(_ strategy: ModelKeyStrategy) -> Bool {
        if case .runtime = strategy { return true }
        return false
    }
}
