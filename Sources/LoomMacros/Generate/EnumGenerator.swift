import SwiftSyntax

// `@JSONModel` on an enum whose cases carry models: a polymorphic model. The same pipeline
// as structs, in one file: parse the cases and the representation, check them (collecting
// every problem), generate the conformance against the helpers in `Polymorphism.swift`.

/// A checked polymorphic enum.
struct EnumModel {
    /// `@JSONModel(representation:)`.
    enum Representation: Equatable {
        case external
        case internalTag(String)
        case adjacent(tag: String, content: String)
        case untagged
        case chosenByContent

        /// Whether the JSON names the case (so a case without payload can be written).
        var isTagged: Bool {
            switch self {
            case .external, .internalTag, .adjacent: return true
            case .untagged, .chosenByContent: return false
            }
        }

        var name: String {
            switch self {
            case .external: return "external"
            case .internalTag: return "internal"
            case .adjacent: return "adjacent"
            case .untagged: return "untagged"
            case .chosenByContent: return "chosenByContent"
            }
        }
    }

    struct Case {
        /// The name after `.`, backticks kept.
        var accessName: String
        /// The name without backticks.
        var name: String
        /// The tags naming the case (the first is written).
        var tags: [String]
        /// The payload type as text usable before `.self`, `nil` for a case without payload.
        var payload: String?
        /// The payload's label (`case text(message: TextMessage)`).
        var label: String?
        /// The slots of `tags` in the case key set.
        var slots: [Int] = []
        /// The tags as Swift `_JSONCaseTags.Tag` expressions (`.int(2)`), when they are
        /// integers or Booleans; `tags` then holds their JSON text.
        var valueTags: [String]?
        /// The associated values of a case with several (`payload` is then `nil`).
        var values: [Value]?

        /// Whether the JSON carries a value for the case.
        var hasPayload: Bool { payload != nil || values != nil }

        /// Whether the values are labeled (a JSON object) rather than not (a JSON array).
        var isLabeled: Bool { values?.first?.label != nil }

        /// `.text(message: value)` / `.ping`.
        func construct(_ value: String) -> String {
            guard payload != nil else { return ".\(accessName)" }
            return ".\(accessName)(\(label.map { "\($0): " } ?? "")\(value))"
        }
    }

    /// One associated value of a case with several.
    struct Value {
        /// The label as written (`move(x: Int, y: Int)`), `nil` for an unlabeled value.
        var label: String?
        /// The label's JSON key, the enum's key style applied.
        var key: String?
        /// The type as text usable before `.self`.
        var type: String
        /// The type as declared, for a parameter of that type.
        var declared: String
        /// The wrapped type of an optional (as text usable before `.self`).
        var wrapped: String?
        /// The default value's expression (`height: Int = 0`).
        var defaultValue: String?
        /// The default as JSON text, when it is a literal.
        var defaultJSON: String?
    }

    var accessModifier: String?
    var isGeneric: Bool
    var representation: Representation
    /// The cases with a tag, in declaration order (the fallback case is not among them
    /// unless it has no payload, in which case its tag is written).
    var cases: [Case]
    /// The `@JSONFallback` case.
    var fallback: Case?
    /// Whether a case is deprecated (see ``DeprecatedAccess``).
    var accessesDeprecated = false

    var accessPrefix: String { accessModifier.map { "\($0) " } ?? "" }
    /// The attribute in front of the members that name the cases, or nothing.
    var deprecationAttribute: String { accessesDeprecated ? DeprecatedAccess.attribute : "" }

    /// Whether the tags are integers or Booleans (`_JSONCaseTags`), not strings.
    var usesValueTags: Bool { cases.contains { $0.valueTags != nil } }
}

/// A tag as `@JSONTag` spells it.
enum TagLiteral: Hashable {
    case string(String)
    case int(Int)
    case bool(Bool)

    /// As messages quote it: `"text"`, `2`, `true`.
    var quoted: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        }
    }
}

enum EnumGenerator {
    // MARK: Parse and check

    /// Raw types whose values JSON would hold as numbers, which an externally tagged enum's
    /// tags cannot be.
    private static let numericRawTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
    ]

    static func parse(
        _ declaration: EnumDeclSyntax, members: [MemberBlockItemSyntax], attribute: AttributeSyntax,
        lexicalContext: [Syntax], diagnostics: inout DiagnosticList
    ) -> EnumModel? {
        let representation = readRepresentation(attribute, diagnostics: &diagnostics)
        var style: KeySpelling.Style?
        switch AttributeReader.keyStrategy(of: attribute) {
        case .useDefaultKeys: break
        case .converted(let converted): style = converted
        case .runtime:
            if let argument = AttributeReader.argumentList(attribute)?.first(where: { $0.label?.text == "keyStrategy" }) {
                diagnostics.add(PolyDiagnostic.enumKeyStrategy, at: argument.expression)
            }
        }
        var cases: [EnumModel.Case] = []
        var fallback: EnumModel.Case?
        var tagOwners: [TagLiteral: String] = [:]
        // Where each case's tag is written: its `@JSONTag`, or the case itself.
        var tagSources: [Syntax?] = []
        var namedByTheirNames = false
        for member in members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                reportCaseMarkers(on: variable, diagnostics: &diagnostics)
            }
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            var explicitTags: [TagLiteral]?
            var tagAttribute: AttributeSyntax?
            var fallbackAttribute: AttributeSyntax?
            for element in caseDecl.attributes {
                guard case .attribute(let attribute) = element, let name = AttributeReader.attributeName(attribute) else {
                    continue
                }
                switch name {
                case "JSONTag":
                    tagAttribute = attribute
                    explicitTags = readTags(attribute, diagnostics: &diagnostics)
                case "JSONFallback":
                    fallbackAttribute = attribute
                default:
                    if Marker.Kind(rawValue: name) != nil {
                        diagnostics.add(
                            PolyDiagnostic.markerOnCase(marker: "@\(name)"), at: attribute,
                            fixIts: [ModelFixIt.remove(attribute)])
                    }
                }
            }
            if caseDecl.elements.count > 1 {
                for attribute in [tagAttribute, fallbackAttribute].compactMap({ $0 }) {
                    diagnostics.add(
                        PolyDiagnostic.tagOnSeveralCases(marker: "@\(AttributeReader.attributeName(attribute) ?? "")"),
                        at: attribute)
                }
            }
            for element in caseDecl.elements {
                let name = element.name.identifier?.name ?? element.name.text
                var payload: String?
                var label: String?
                var values: [EnumModel.Value]?
                if let clause = element.parameterClause, !clause.parameters.isEmpty {
                    let parameters = clause.parameters
                    for parameter in parameters {
                        guard let problem = UnmappableType.find(in: parameter.type) else { continue }
                        let advice = problem.advice(forProperty: false)
                        diagnostics.add(
                            ModelDiagnostic.unmappableCaseValue(caseName: name, type: parameter.type.trimmedText, advice: advice),
                            at: parameter.type, fixIts: problem.anys.isEmpty ? [] : [ModelFixIt.replaceAny(problem.anys)])
                    }
                    if parameters.count > 1 {
                        guard
                            let read = readValues(
                                parameters, caseName: name, clause: clause, style: style, representation: representation,
                                diagnostics: &diagnostics)
                        else { continue }
                        values = read
                    } else if let only = parameters.first {
                        payload = TypeShape.leafTextForPayload(only.type)
                        if let first = only.firstName, first.tokenKind != .wildcard { label = first.text }
                    }
                }
                var tags = [style?.apply(to: name) ?? name]
                if explicitTags == nil && fallbackAttribute == nil { namedByTheirNames = true }
                // A `String` raw value is the case's JSON, as `Codable` and raw-value enums
                // without `@JSONModel` read it.
                if explicitTags == nil, let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self),
                    let text = raw.representedLiteralValue
                {
                    tags = [text]
                }
                var valueTags: [String]?
                if let explicitTags {
                    tags = explicitTags.map { literal -> String in
                        if case .string(let text) = literal { return text }
                        return literal.quoted
                    }
                    if !explicitTags.contains(where: { if case .string = $0 { true } else { false } }) {
                        valueTags = explicitTags.map { literal -> String in
                            switch literal {
                            case .string(let text): return text
                            case .int(let value): return ".int(\(value))"
                            case .bool(let value): return ".bool(\(value))"
                            }
                        }
                    }
                }
                var entry = EnumModel.Case(
                    accessName: element.name.text, name: name, tags: tags, payload: payload, label: label)
                entry.valueTags = valueTags
                entry.values = values
                let isFallback = fallbackAttribute != nil && caseDecl.elements.count == 1
                if isFallback {
                    if fallback != nil, let fallbackAttribute {
                        diagnostics.add(PolyDiagnostic.repeatedFallback, at: fallbackAttribute)
                        continue
                    }
                    if values != nil {
                        diagnostics.add(PolyDiagnostic.fallbackWithSeveralValues(name: name), at: element)
                        continue
                    }
                    if !representation.isTagged && payload == nil {
                        diagnostics.add(
                            PolyDiagnostic.unitCaseNotRepresentable(name: name, representation: representation.name),
                            at: element)
                    }
                    fallback = entry
                    // A fallback with a payload keeps the raw JSON and has no tag of its own.
                    if payload != nil { continue }
                } else if !representation.isTagged && !entry.hasPayload {
                    diagnostics.add(
                        PolyDiagnostic.unitCaseNotRepresentable(name: name, representation: representation.name),
                        at: element)
                    continue
                }
                if representation.isTagged {
                    for tag in explicitTags ?? tags.map(TagLiteral.string) {
                        if let owner = tagOwners[tag] {
                            diagnostics.add(
                                PolyDiagnostic.duplicateTag(tag: tag.quoted, first: owner, second: name), at: element)
                        } else {
                            tagOwners[tag] = name
                        }
                    }
                }
                cases.append(entry)
                // A `@JSONTag` that was reported already is not judged again.
                tagSources.append(
                    tagAttribute != nil && explicitTags == nil ? nil : tagAttribute.map(Syntax.init) ?? Syntax(element))
            }
        }
        checkTagKinds(cases, sources: tagSources, representation: representation, diagnostics: &diagnostics)
        if namedByTheirNames, let rawType = declaration.inheritanceClause?.inheritedTypes.first?.type,
            numericRawTypes.contains(ClassGenerator.plainTypeName(rawType))
        {
            diagnostics.add(
                PolyDiagnostic.numericRawValues(name: declaration.name.text, type: rawType.trimmedText), at: rawType,
                fixIts: [ModelFixIt.remove(attribute)])
        }
        if cases.isEmpty && fallback == nil {
            diagnostics.add(PolyDiagnostic.noCases(name: declaration.name.text), at: declaration.name)
        }
        // Number the tags: one slot per tag, in declaration order.
        var slot = 0
        for index in cases.indices {
            cases[index].slots = Array(slot..<(slot + cases[index].tags.count))
            slot += cases[index].tags.count
        }
        if let current = fallback, !current.hasPayload,
            let tagged = cases.first(where: { $0.accessName == current.accessName })
        {
            fallback = tagged
        }
        var model = EnumModel(
            accessModifier: DeclarationParser.accessModifier(declaration.modifiers),
            isGeneric: declaration.genericParameterClause != nil
                || DeclarationParser.isInGenericContext(lexicalContext),
            representation: representation,
            cases: cases,
            fallback: fallback)
        model.accessesDeprecated = members.contains { member in
            member.decl.as(EnumCaseDeclSyntax.self).map { DeprecatedAccess.isDeprecated($0.attributes) } ?? false
        }
        return model
    }

    /// `@JSONTag` / `@JSONFallback` on a property.
    static func reportCaseMarkers(on variable: VariableDeclSyntax, diagnostics: inout DiagnosticList) {
        let name = variable.bindings.first?.pattern.trimmedText ?? "?"
        for element in variable.attributes {
            guard case .attribute(let attribute) = element, let marker = AttributeReader.attributeName(attribute),
                marker == "JSONTag" || marker == "JSONFallback"
            else { continue }
            diagnostics.add(
                PolyDiagnostic.caseMarkerOnProperty(marker: "@\(marker)", property: name), at: attribute,
                fixIts: [ModelFixIt.remove(attribute)])
        }
    }

    private static func readTags(_ attribute: AttributeSyntax, diagnostics: inout DiagnosticList) -> [TagLiteral]? {
        guard let arguments = AttributeReader.argumentList(attribute), !arguments.isEmpty else {
            diagnostics.add(PolyDiagnostic.malformedTag, at: attribute)
            return nil
        }
        var tags: [TagLiteral] = []
        for argument in arguments {
            guard argument.label == nil, let tag = tagLiteral(argument.expression) else {
                diagnostics.add(PolyDiagnostic.malformedTag, at: argument.expression)
                return nil
            }
            tags.append(tag)
        }
        let strings = tags.filter { if case .string = $0 { true } else { false } }.count
        if strings != 0 && strings != tags.count {
            diagnostics.add(PolyDiagnostic.mixedTagKinds(name: caseName(of: attribute)), at: attribute)
            return nil
        }
        return tags
    }

    /// The name of the case an attribute is written on, for messages.
    private static func caseName(of attribute: AttributeSyntax) -> String {
        var node = attribute.parent
        while let current = node, !current.is(EnumCaseDeclSyntax.self) { node = current.parent }
        guard let element = node?.as(EnumCaseDeclSyntax.self)?.elements.first else { return "?" }
        return element.name.identifier?.name ?? element.name.text
    }

    /// A non-empty string literal, an integer literal (maybe negative) that fits `Int`, or
    /// `true` / `false`.
    private static func tagLiteral(_ expression: ExprSyntax) -> TagLiteral? {
        if let literal = AttributeReader.literal(expression) {
            return literal.text.isEmpty ? nil : .string(literal.text)
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            return .bool(boolean.literal.tokenKind == .keyword(.true))
        }
        var negative = false
        var number = expression
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            negative = true
            number = prefix.expression
        }
        guard let integer = number.as(IntegerLiteralExprSyntax.self) else { return nil }
        var digits = Substring(integer.literal.text.filter { $0 != "_" })
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            digits = digits.dropFirst(2)
            radix = base
        }
        guard let value = Int((negative ? "-" : "") + digits, radix: radix) else { return nil }
        return .int(value)
    }

    /// Integer and Boolean tags: only where a tag key holds them, and then on every case.
    private static func checkTagKinds(
        _ cases: [EnumModel.Case], sources: [Syntax?], representation: EnumModel.Representation,
        diagnostics: inout DiagnosticList
    ) {
        guard cases.contains(where: { $0.valueTags != nil }) else { return }
        for (entry, source) in zip(cases, sources) {
            guard let source else { continue }
            switch representation {
            case .internalTag, .adjacent:
                if entry.valueTags == nil { diagnostics.add(PolyDiagnostic.mixedTagKinds(name: entry.name), at: source) }
            case .external, .untagged, .chosenByContent:
                if entry.valueTags != nil {
                    diagnostics.add(PolyDiagnostic.valueTagRepresentation(representation: representation.name), at: source)
                }
            }
        }
    }

    /// The associated values of a case with several, or `nil` (and a diagnostic) for a form
    /// the representation cannot write.
    private static func readValues(
        _ parameters: EnumCaseParameterListSyntax, caseName: String, clause: EnumCaseParameterClauseSyntax,
        style: KeySpelling.Style?, representation: EnumModel.Representation, diagnostics: inout DiagnosticList
    ) -> [EnumModel.Value]? {
        var values: [EnumModel.Value] = []
        for parameter in parameters {
            var label: String?
            if let first = parameter.firstName, first.tokenKind != .wildcard { label = first.text }
            let name = parameter.firstName?.identifier?.name ?? label
            var wrapped: TypeSyntax?
            if let optional = parameter.type.as(OptionalTypeSyntax.self) {
                wrapped = optional.wrappedType
            } else if let unwrapped = parameter.type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                wrapped = unwrapped.wrappedType
            } else if let identifier = parameter.type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
                let argument = identifier.genericArgumentClause?.arguments.first,
                identifier.genericArgumentClause?.arguments.count == 1, case .type(let inner) = argument.argument
            {
                wrapped = inner
            }
            let defaultExpression = parameter.defaultValue?.value
            values.append(
                EnumModel.Value(
                    label: label, key: label == nil ? nil : name.map { style?.apply(to: $0) ?? $0 },
                    type: TypeShape.leafTextForPayload(parameter.type),
                    declared: parameter.type.trimmedText,
                    wrapped: wrapped.map(TypeShape.leafTextForPayload),
                    defaultValue: defaultExpression?.trimmedText,
                    defaultJSON: defaultExpression.flatMap(SchemaGenerator.jsonLiteral)))
        }
        let labeled = values.filter { $0.label != nil }.count
        if labeled != 0 && labeled != values.count {
            diagnostics.add(PolyDiagnostic.mixedLabels(name: caseName), at: clause)
            return nil
        }
        if case .internalTag(let tag) = representation {
            if labeled == 0 {
                diagnostics.add(PolyDiagnostic.unlabeledValuesInternal(name: caseName), at: clause)
                return nil
            }
            if let clash = values.first(where: { $0.key == tag }), let label = clash.label {
                diagnostics.add(PolyDiagnostic.labelIsTagKey(name: caseName, label: label), at: clause)
                return nil
            }
        }
        return values
    }

    /// Reads `representation:`; reports anything but the documented spellings.
    static func readRepresentation(_ attribute: AttributeSyntax, diagnostics: inout DiagnosticList)
        -> EnumModel.Representation
    {
        guard let arguments = AttributeReader.argumentList(attribute),
            let argument = arguments.first(where: { $0.label?.text == "representation" })
        else { return .external }
        let expression = argument.expression
        func isRepresentationType(_ base: ExprSyntax?) -> Bool {
            guard let base else { return true }
            let text = base.trimmedText
            return text == "JSONEnumRepresentation" || text == "Loom.JSONEnumRepresentation"
        }
        func memberName(_ member: MemberAccessExprSyntax) -> String {
            member.declName.baseName.text.filter { $0 != "`" }
        }
        if let member = expression.as(MemberAccessExprSyntax.self), isRepresentationType(member.base) {
            switch memberName(member) {
            case "external": return .external
            case "untagged": return .untagged
            case "chosenByContent": return .chosenByContent
            default: break
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), isRepresentationType(member.base)
        {
            let values = call.arguments.map { ($0.label?.text, AttributeReader.literal($0.expression)?.text) }
            switch (memberName(member), values.count) {
            case ("internal", 1):
                if values[0].0 == "tag", let tag = values[0].1 {
                    if tag.isEmpty { diagnostics.add(PolyDiagnostic.emptyTagKey, at: expression) }
                    return .internalTag(tag)
                }
            case ("adjacent", 2):
                if values[0].0 == "tag", values[1].0 == "content", let tag = values[0].1, let content = values[1].1 {
                    if tag.isEmpty || content.isEmpty || tag == content {
                        diagnostics.add(PolyDiagnostic.emptyTagKey, at: expression)
                    }
                    return .adjacent(tag: tag, content: content)
                }
            default: break
            }
        }
        diagnostics.add(PolyDiagnostic.unknownRepresentation, at: expression)
        return .external
    }

    // MARK: Generate

    /// The members, all in the enum's body, where the cases' payload types resolve as in the
    /// enum's own declaration: the `JSONCase` list a content chooser returns, the key sets,
    /// `init(json:context:)` and `encode(to:context:)`.
    static func members(_ model: EnumModel) -> [String] {
        var members: [String] = []
        if model.representation == .chosenByContent {
            var writer = CodeWriter()
            writer.line("/// The cases `jsonCase(for:)` chooses between (generated by `@JSONModel`).")
            writer.block("\(model.accessPrefix)enum JSONCase: Hashable, Sendable, CaseIterable") { body in
                for entry in model.cases { body.line("case \(entry.accessName)") }
            }
            members.append(writer.text)
        }
        members += keySetDeclarations(model)
        for entry in model.cases where entry.values != nil {
            members.append(valuesReading(model, entry).text)
            members.append(valuesWriting(model, entry).text)
        }
        var decode = CodeWriter()
        writeDecode(model, into: &decode)
        members.append(decode.text)
        members.append(directReading(model).text)
        var encode = CodeWriter()
        writeEncode(model, into: &encode)
        members.append(encode.text)
        return members
    }

    private static func keySetDeclarations(_ model: EnumModel) -> [String] {
        var sets: [(String, [String])] = []
        var declarations: [String] = []
        if model.representation.isTagged && model.usesValueTags {
            let construction = "Loom._JSONCaseTags([\(model.cases.flatMap { $0.valueTags ?? [] }.joined(separator: ", "))])"
            declarations.append(
                model.isGeneric
                    ? "static var _loomCases: Loom._JSONCaseTags { \(construction) }" : "static let _loomCases = \(construction)")
        } else if model.representation.isTagged {
            sets.append(("_loomCases", model.cases.flatMap(\.tags)))
        }
        switch model.representation {
        case .internalTag(let tag): sets.append(("_loomTagKeys", [tag]))
        case .adjacent(let tag, let content): sets.append(("_loomTagKeys", [tag, content]))
        default: break
        }
        for entry in model.cases where entry.isLabeled {
            sets.append((keysName(entry), entry.values?.compactMap(\.key) ?? []))
        }
        return declarations + sets.map { name, keys in
            let construction =
                "Loom._JSONKeySet([\(keys.map(KeySpelling.literal).joined(separator: ", "))], explicit: [\(keys.map { _ in "true" }.joined(separator: ", "))])"
            return model.isGeneric
                ? "static var \(name): Loom._JSONKeySet { \(construction) }" : "static let \(name) = \(construction)"
        }
    }

    private static func writeDecode(_ model: EnumModel, into body: inout CodeWriter) {
        let hasFallback = model.fallback != nil ? "true" : "false"
        body.block(
            "\(model.deprecationAttribute)\(model.accessPrefix)init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws"
        ) { code in
            let find: String
            switch model.representation {
            case .external:
                find = "context._externallyTaggedCase(element, cases: Self._loomCases, for: Self.self, hasFallback: \(hasFallback))"
            case .internalTag:
                find =
                    "context._internallyTaggedCase(element, tag: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: \(hasFallback))"
            case .adjacent:
                find =
                    "context._adjacentlyTaggedCase(element, keys: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: \(hasFallback))"
            case .untagged:
                writeUntaggedDecode(model, into: &code)
                return
            case .chosenByContent:
                writeChosenDecode(model, into: &code)
                return
            }
            code.line("let found = try \(find)")
            code.line("switch found.slot {")
            for entry in model.cases {
                let slots = entry.slots.map(String.init).joined(separator: ", ")
                if entry.values != nil {
                    code.line(
                        "case \(slots): self = try found.payload { try found.context._readCase($0) { try Self.\(readFunction(entry))(&$0, $1) } }")
                    continue
                }
                let value =
                    "try found.payload { try found.context.decode(\(entry.payload ?? "Never").self, from: $0) }"
                code.line("case \(slots): self = \(entry.construct(value))")
            }
            code.line("default: \(fallbackStatement(model) ?? "throw found.unknownCase()")")
            code.line("}")
        }
    }

    // MARK: The direct path

    /// `_readsDirectly` and `_read(from:context:)`: the case found in the bytes
    /// (`JSONReader+Enums.swift`), then its payload read from them. Every form but the plain
    /// ones falls back to `init(json:context:)`, the general path, which decides the same
    /// inputs the same way: an untagged enum reads its first case directly, and a value the
    /// first case does not read goes to the general path, which tries the cases in order.
    static func directReading(_ model: EnumModel) -> CodeWriter {
        let access = model.accessPrefix
        var writer = CodeWriter()
        writer.line("\(access)static var _readsDirectly: Bool { true }")
        writer.line("")
        writer.block(
            "\(model.deprecationAttribute)\(access)static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self"
        ) { body in
            // Where the value is read again from its start: a content chooser, a fallback case.
            if model.fallback != nil && model.representation != .untagged {
                body.line("let start = reader.mark()")
            }
            let wrapped: Bool
            switch model.representation {
            case .external:
                body.line("let (slot, unit) = try reader.externalCase(Self._loomCases, context)")
                wrapped = true
            case .internalTag:
                body.line("let slot = try reader.internalCase(Self._loomTagKeys, Self._loomCases, context)")
                wrapped = false
            case .adjacent:
                body.line("let (slot, unit) = try reader.adjacentCase(Self._loomTagKeys, Self._loomCases, context)")
                wrapped = true
            case .untagged:
                guard let first = model.cases.first(where: \.hasPayload) else {
                    body.line("try reader.fallBack()")
                    return
                }
                body.line("return try Loom._JSONReader.narrowing { \(directValue(first)) }")
                return
            case .chosenByContent:
                body.line("guard let choice = try reader.chosenCase(context, Self.jsonCase(for:)) else { \(directFallback(model)) }")
                body.line("return try Loom._JSONReader.narrowing { () throws -> Self in")
                body.line("    switch choice {")
                for entry in model.cases where entry.hasPayload {
                    body.line("    case .\(entry.accessName): return \(directValue(entry))")
                }
                body.line("    }")
                body.line("}")
                return
            }
            body.line("switch slot {")
            for entry in model.cases {
                body.line("case \(entry.slots.map(String.init).joined(separator: ", ")):")
                guard entry.hasPayload else {
                    body.line(wrapped ? "    try reader.expect(unit)" : "    try reader.endUnitCase()")
                    body.line("    return Self\(entry.construct(""))")
                    continue
                }
                if wrapped { body.line("    try reader.expect(!unit)") }
                body.line("    let value = try Loom._JSONReader.narrowing { \(directValue(entry)) }")
                if wrapped { body.line("    try reader.endCase()") }
                body.line("    return value")
            }
            body.line("default:")
            body.line("    \(directFallback(model))")
            body.line("}")
        }
        return writer
    }

    /// The expression reading a case with a payload from `reader` (inside `narrowing`).
    private static func directValue(_ entry: EnumModel.Case) -> String {
        guard let payload = entry.payload else { return "try Self.\(readFunction(entry))(&reader, context)" }
        return "Self\(entry.construct("try reader.\(MappingGenerator.valueFunction(payload))(\(payload).self, context)"))"
    }

    /// The direct path's statements for a value that names no case: the fallback case read
    /// from the value's start, or the general path.
    private static func directFallback(_ model: EnumModel) -> String {
        guard let fallback = model.fallback else { return "try reader.fallBack()" }
        guard let payload = fallback.payload else {
            return "reader.rewind(to: start); try reader.skipValue(); return Self\(fallback.construct(""))"
        }
        return
            "reader.rewind(to: start); return try Loom._JSONReader.narrowing { Self\(fallback.construct("try reader.\(MappingGenerator.valueFunction(payload))(\(payload).self, context)")) }"
    }

    /// `self = .unknown(…)` for a value that names no case, if the enum has a fallback.
    private static func fallbackStatement(_ model: EnumModel) -> String? {
        guard let fallback = model.fallback else { return nil }
        guard let payload = fallback.payload else { return "self = \(fallback.construct(""))" }
        return "self = \(fallback.construct("try context.decode(\(payload).self, from: element)"))"
    }

    private static func writeUntaggedDecode(_ model: EnumModel, into code: inout CodeWriter) {
        code.line("var attempts = Loom._JSONUntaggedAttempts(context)")
        for entry in model.cases {
            if entry.values != nil {
                code.block(
                    "if let value = attempts.attempt(\(KeySpelling.literal(entry.name)), { try context._readCase(element) { try Self.\(readFunction(entry))(&$0, $1) } })"
                ) { branch in
                    branch.line("self = value")
                    branch.line("return")
                }
                continue
            }
            guard let payload = entry.payload else { continue }
            code.block(
                "if let value = attempts.attempt(\(KeySpelling.literal(entry.name)), { try context.decode(\(payload).self, from: element) })"
            ) { branch in
                branch.line("self = \(entry.construct("value"))")
                branch.line("return")
            }
        }
        code.line(fallbackStatement(model) ?? "throw attempts.failure(for: Self.self, element)")
    }

    private static func writeChosenDecode(_ model: EnumModel, into code: inout CodeWriter) {
        code.block("guard let choice = try context._chosenCase(element, for: Self.self, Self.jsonCase(for:)) else") {
            branch in
            if let fallback = fallbackStatement(model) {
                branch.line(fallback)
                branch.line("return")
            } else {
                branch.line("throw context._noCaseChosen(for: Self.self, element)")
            }
        }
        code.line("switch choice {")
        for entry in model.cases {
            if entry.values != nil {
                code.line(
                    "case .\(entry.accessName): self = try context._readCase(element) { try Self.\(readFunction(entry))(&$0, $1) }")
                continue
            }
            guard let payload = entry.payload else { continue }
            code.line(
                "case .\(entry.accessName): self = \(entry.construct("try context.decode(\(payload).self, from: element)"))")
        }
        code.line("}")
    }

    private static func writeEncode(_ model: EnumModel, into body: inout CodeWriter) {
        body.block(
            "\(model.deprecationAttribute)\(model.accessPrefix)func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws"
        ) { code in
            code.line(EncodeGenerator.stackGrowth)
            code.line("switch self {")
            var entries = model.cases
            if let fallback = model.fallback, fallback.payload != nil { entries.append(fallback) }
            for entry in entries {
                let isRawFallback = entry.payload != nil && entry.accessName == model.fallback?.accessName
                guard let slot = entry.slots.first ?? (isRawFallback ? -1 : nil) else { continue }
                if let values = entry.values {
                    let bound = values.indices.map { "let v\($0)" }.joined(separator: ", ")
                    code.line("case .\(entry.accessName)(\(bound)):")
                } else {
                    code.line(entry.payload == nil ? "case .\(entry.accessName):" : "case .\(entry.accessName)(let value):")
                }
                code.line("    " + encodeStatement(model, entry: entry, slot: slot, raw: isRawFallback))
            }
            code.line("}")
        }
    }

    private static func encodeStatement(_ model: EnumModel, entry: EnumModel.Case, slot: Int, raw: Bool) -> String {
        let encode = entry.payload.map(EncodeGenerator.encodeFunction) ?? "encode"
        var payload = "{ try context.\(encode)(value, to: &$0) }"
        if raw { return "try context.encode(value, to: &writer)" }
        if let values = entry.values {
            let arguments = values.indices.map { "v\($0)" }.joined(separator: ", ")
            let write = "try Self.\(writeFunction(entry))(\(arguments), to: &"
            payload = "{ \(write)$0, context) }"
            if !model.representation.isTagged { return "\(write)writer, context)" }
        }
        switch model.representation {
        case .external:
            return !entry.hasPayload
                ? "context._writeExternallyTaggedCase(Self._loomCases, \(slot), to: &writer)"
                : "try context._writeExternallyTaggedCase(Self._loomCases, \(slot), to: &writer) \(payload)"
        case .internalTag:
            return !entry.hasPayload
                ? "try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, \(slot), to: &writer)"
                : "try context._writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, \(slot), to: &writer) \(payload)"
        case .adjacent:
            return !entry.hasPayload
                ? "try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, \(slot), to: &writer)"
                : "try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, \(slot), to: &writer) \(payload)"
        case .untagged, .chosenByContent:
            return "try context.\(encode)(value, to: &writer)"
        }
    }

    // MARK: Cases with several values

    /// `_loomKeys_move`: the JSON keys of a labeled case's values.
    static func keysName(_ entry: EnumModel.Case) -> String { "_loomKeys_\(entry.name)" }

    /// `_loomRead_move`: reads a case's values from either reader.
    static func readFunction(_ entry: EnumModel.Case) -> String { "_loomRead_\(entry.name)" }

    /// `_loomWrite_move`: writes a case's values.
    static func writeFunction(_ entry: EnumModel.Case) -> String { "_loomWrite_\(entry.name)" }

    /// The function reading a case with several values, generic over the reader like a
    /// struct's mapping, so the direct and the general path read them the same way: an object
    /// keyed by the labels (each value a property: optional, defaulted or required), or an
    /// array of exactly as many elements as there are unlabeled values.
    static func valuesReading(_ model: EnumModel, _ entry: EnumModel.Case) -> CodeWriter {
        var writer = CodeWriter()
        let values = entry.values ?? []
        writer.block(
            "\(model.deprecationAttribute)static func \(readFunction(entry))<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, \(MappingGenerator.contextParameter)) throws -> Self"
        ) { body in
            guard entry.isLabeled else {
                body.line("try reader.beginItems(Self.self, count: \(values.count), context)")
                body.line("let value = Self.\(entry.accessName)(")
                for (index, value) in values.enumerated() {
                    let read =
                        value.wrapped.map { "try $0.optionalValue($1) { try $0.\(MappingGenerator.valueFunction($0))(\($0).self, $1) }" }
                        ?? "try $0.\(MappingGenerator.valueFunction(value.type))(\(value.type).self, $1)"
                    body.line("    try reader.item(\(index), context) { \(read) }\(index == values.count - 1 ? ")" : ",")")
                }
                body.line("try reader.endItems()")
                body.line("return value")
                return
            }
            body.line("let keys = Self.\(keysName(entry))")
            for (index, value) in values.enumerated() {
                body.line("var v\(index): Optional<\(value.declared)> = nil")
            }
            body.block("if try reader.beginObject(Self.self, keys, context)") { object in
                object.line("var hint = 0")
                object.line("repeat {")
                object.line("    do {")
                object.line("        switch try reader.nextKey(keys, hint: &hint) {")
                for (index, value) in values.enumerated() {
                    object.line("        case \(index):")
                    if let wrapped = value.wrapped, value.defaultValue != nil {
                        object.line("            try reader.claimSlot(&v\(index), nullable: true)")
                        object.line(
                            "            v\(index) = .some(try reader.readNullKeepingDefault(context) ? .none : reader.\(MappingGenerator.valueFunction(wrapped))(\(wrapped).self, context))"
                        )
                    } else if let wrapped = value.wrapped {
                        let read = MappingGenerator.readSlot(wrapped, optional: true)
                        object.line("            try reader.\(read)(&v\(index), \(wrapped).self, context)")
                    } else {
                        object.line("            try reader.\(MappingGenerator.readSlot(value.type))(&v\(index), \(value.type).self, context)")
                    }
                }
                object.line("        default: try reader.passUnknown(context)")
                object.line("        }")
                object.line("    } catch {")
                object.line("        try reader.recover(error, context)")
                object.line("    }")
                object.line("} while try reader.moreMembers()")
            }
            var arguments: [String] = []
            for (index, value) in values.enumerated() {
                let noted = KeySpelling.literal(value.defaultValue ?? "")
                switch (value.wrapped != nil, value.defaultValue) {
                case (false, nil):
                    body.line("try reader.required(&v\(index), keys, \(index), context)")
                    arguments.append("try reader.unwrap(v\(index).take())")
                case (true, nil):
                    body.line("try reader.optional(&v\(index), keys, \(index), context)")
                    arguments.append("Loom._flattened(v\(index).take())")
                case (false, let expression?):
                    body.line("try reader.defaulted(&v\(index), keys, \(index), context, default: \(noted))")
                    arguments.append("v\(index).take() ?? \(expression)")
                case (true, let expression?):
                    body.line("try reader.optionalDefaulted(&v\(index), keys, \(index), context, default: \(noted))")
                    arguments.append("v\(index).take() ?? \(expression)")
                }
            }
            body.line("try reader.endObject()")
            let labeled = zip(values, arguments).map { "\($0.label ?? "_"): \($1)" }.joined(separator: ", ")
            body.line("return Self.\(entry.accessName)(\(labeled))")
        }
        return writer
    }

    /// The function writing a case's values: the object of their keys (an optional's `nil`
    /// left out unless the encoder writes nulls or the value has another default), or the
    /// array of them.
    static func valuesWriting(_ model: EnumModel, _ entry: EnumModel.Case) -> CodeWriter {
        var writer = CodeWriter()
        let values = entry.values ?? []
        let parameters = values.enumerated().map { "_ v\($0.offset): \($0.element.declared)" }.joined(separator: ", ")
        writer.block(
            "static func \(writeFunction(entry))(\(parameters), to writer: inout Loom.JSONWriter, _ context: Loom.JSONEncodingContext) throws"
        ) { body in
            guard entry.isLabeled else {
                body.line("try writer.beginArray()")
                for index in values.indices {
                    if let wrapped = values[index].wrapped {
                        let encode = EncodeGenerator.encodeFunction(wrapped)
                        body.line("if let value = v\(index) { try context.\(encode)(value, to: &writer) } else { writer.writeNull() }")
                    } else {
                        body.line("try context.\(EncodeGenerator.encodeFunction(values[index].type))(v\(index), to: &writer)")
                    }
                }
                body.line("writer.endArray()")
                return
            }
            // Bound once, as the reading function does, rather than read through the static's
            // accessor at every value.
            if !values.isEmpty { body.line("let keys = Self.\(keysName(entry))") }
            body.line("try writer.beginObject()")
            for index in values.indices {
                let writeKey = "context._writeKey(keys, \(index), to: &writer)"
                guard let wrapped = values[index].wrapped else {
                    body.line(writeKey)
                    body.line("try context.\(EncodeGenerator.encodeFunction(values[index].type))(v\(index), to: &writer)")
                    continue
                }
                // Left out, a `nil` with another default would decode as that default.
                let keepsNull = values[index].defaultValue.map { $0 != "nil" } ?? false
                body.block("if let value = v\(index)") { inner in
                    inner.line(writeKey)
                    inner.line("try context.\(EncodeGenerator.encodeFunction(wrapped))(value, to: &writer)")
                    inner.continueBlock(keepsNull ? "} else {" : "} else if context.writesNulls {")
                    inner.line(writeKey)
                    inner.line("writer.writeNull()")
                }
            }
            body.line("writer.endObject()")
        }
        return writer
    }
}

extension TypeShape {
    /// A case payload's type as text usable before `.self`.
    static func leafTextForPayload(_ type: TypeSyntax) -> String {
        if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) { return type.trimmedText }
        return "(\(type.trimmedText))"
    }
}
