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

        /// `.text(message: value)` / `.ping`.
        func construct(_ value: String) -> String {
            guard payload != nil else { return ".\(accessName)" }
            return ".\(accessName)(\(label.map { "\($0): " } ?? "")\(value))"
        }
    }

    var accessModifier: String?
    var isGeneric: Bool
    var representation: Representation
    /// The cases with a tag, in declaration order (the fallback case is not among them
    /// unless it has no payload, in which case its tag is written).
    var cases: [Case]
    /// The `@JSONFallback` case.
    var fallback: Case?

    var accessPrefix: String { accessModifier.map { "\($0) " } ?? "" }
}

enum EnumGenerator {
    // MARK: Parse and check

    static func parse(
        _ declaration: EnumDeclSyntax, attribute: AttributeSyntax, lexicalContext: [Syntax],
        diagnostics: inout DiagnosticList
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
        var tagOwners: [String: String] = [:]
        for member in declaration.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                reportCaseMarkers(on: variable, diagnostics: &diagnostics)
            }
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            var explicitTags: [String]?
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
                if let clause = element.parameterClause, !clause.parameters.isEmpty {
                    let parameters = clause.parameters
                    if parameters.count > 1 {
                        diagnostics.add(
                            PolyDiagnostic.caseWithSeveralValues(name: name, count: parameters.count), at: clause)
                        continue
                    }
                    if let only = parameters.first {
                        payload = TypeShape.leafTextForPayload(only.type)
                        if let first = only.firstName, first.tokenKind != .wildcard { label = first.text }
                    }
                }
                let tags = explicitTags ?? [style?.apply(to: name) ?? name]
                let entry = EnumModel.Case(
                    accessName: element.name.text, name: name, tags: tags, payload: payload, label: label)
                let isFallback = fallbackAttribute != nil && caseDecl.elements.count == 1
                if isFallback {
                    if fallback != nil, let fallbackAttribute {
                        diagnostics.add(PolyDiagnostic.repeatedFallback, at: fallbackAttribute)
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
                } else if !representation.isTagged && payload == nil {
                    diagnostics.add(
                        PolyDiagnostic.unitCaseNotRepresentable(name: name, representation: representation.name),
                        at: element)
                    continue
                }
                if representation.isTagged {
                    for tag in tags {
                        if let owner = tagOwners[tag] {
                            diagnostics.add(PolyDiagnostic.duplicateTag(tag: tag, first: owner, second: name), at: element)
                        } else {
                            tagOwners[tag] = name
                        }
                    }
                }
                cases.append(entry)
            }
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
        if let current = fallback, current.payload == nil,
            let tagged = cases.first(where: { $0.accessName == current.accessName })
        {
            fallback = tagged
        }
        return EnumModel(
            accessModifier: DeclarationParser.accessModifier(declaration.modifiers),
            isGeneric: declaration.genericParameterClause != nil
                || lexicalContext.contains { node in
                    node.as(StructDeclSyntax.self)?.genericParameterClause != nil
                        || node.as(ClassDeclSyntax.self)?.genericParameterClause != nil
                        || node.as(EnumDeclSyntax.self)?.genericParameterClause != nil
                },
            representation: representation,
            cases: cases,
            fallback: fallback)
    }

    /// `@JSONTag` / `@JSONFallback` on a property.
    static func reportCaseMarkers(on variable: VariableDeclSyntax, diagnostics: inout DiagnosticList) {
        let name = variable.bindings.first?.pattern.trimmedDescription ?? "?"
        for element in variable.attributes {
            guard case .attribute(let attribute) = element, let marker = AttributeReader.attributeName(attribute),
                marker == "JSONTag" || marker == "JSONFallback"
            else { continue }
            diagnostics.add(
                PolyDiagnostic.caseMarkerOnProperty(marker: "@\(marker)", property: name), at: attribute,
                fixIts: [ModelFixIt.remove(attribute)])
        }
    }

    private static func readTags(_ attribute: AttributeSyntax, diagnostics: inout DiagnosticList) -> [String]? {
        guard let arguments = AttributeReader.argumentList(attribute), !arguments.isEmpty else {
            diagnostics.add(PolyDiagnostic.malformedTag, at: attribute)
            return nil
        }
        var tags: [String] = []
        for argument in arguments {
            guard argument.label == nil, let literal = AttributeReader.literal(argument.expression), !literal.text.isEmpty
            else {
                diagnostics.add(PolyDiagnostic.malformedTag, at: argument.expression)
                return nil
            }
            tags.append(literal.text)
        }
        return tags
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
            let text = base.trimmedDescription
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
        let keySets = keySetDeclarations(model)
        if !keySets.isEmpty { members.append(keySets.joined(separator: "\n")) }
        var decode = CodeWriter()
        writeDecode(model, into: &decode)
        members.append(decode.text)
        members.append(directReading(model).text)
        var encode = CodeWriter()
        writeEncode(model, into: &encode)
        members.append(encode.text)
        return members
    }

    /// The extension, which adds the conformance; the members are in the enum's body.
    static func extensionSource(type: String, conformance: String?) -> String {
        conformance.map { "extension \(type): \($0) {\n}" } ?? "extension \(type) {\n}"
    }

    private static func keySetDeclarations(_ model: EnumModel) -> [String] {
        var sets: [(String, [String])] = []
        if model.representation.isTagged {
            sets.append(("_loomCases", model.cases.flatMap(\.tags)))
        }
        switch model.representation {
        case .internalTag(let tag): sets.append(("_loomTagKeys", [tag]))
        case .adjacent(let tag, let content): sets.append(("_loomTagKeys", [tag, content]))
        default: break
        }
        return sets.map { name, keys in
            let construction =
                "Loom.JSONKeySet([\(keys.map(KeySpelling.literal).joined(separator: ", "))], explicit: [\(keys.map { _ in "true" }.joined(separator: ", "))])"
            return model.isGeneric
                ? "static var \(name): Loom.JSONKeySet { \(construction) }" : "static let \(name) = \(construction)"
        }
    }

    private static func writeDecode(_ model: EnumModel, into body: inout CodeWriter) {
        let hasFallback = model.fallback != nil ? "true" : "false"
        body.block(
            "\(model.accessPrefix)init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws"
        ) { code in
            let find: String
            switch model.representation {
            case .external:
                find = "context.externallyTaggedCase(element, cases: Self._loomCases, for: Self.self, hasFallback: \(hasFallback))"
            case .internalTag:
                find =
                    "context.internallyTaggedCase(element, tag: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: \(hasFallback))"
            case .adjacent:
                find =
                    "context.adjacentlyTaggedCase(element, keys: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: \(hasFallback))"
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
                let value =
                    "try found.payload { try found.context.decode(\(entry.payload ?? "Never").self, from: $0) }"
                code.line("case \(entry.slots.map(String.init).joined(separator: ", ")): self = \(entry.construct(value))")
            }
            code.line("default: \(fallbackStatement(model) ?? "throw found.unknownCase()")")
            code.line("}")
        }
    }

    // MARK: The direct path

    /// `readsDirectly` and `read(from:context:)`: the case found in the bytes
    /// (`JSONReader+Enums.swift`), then its payload read from them. Every form but the plain
    /// ones falls back to `init(json:context:)`, the general path, which decides the same
    /// inputs the same way: an untagged enum reads its first case directly, and a value the
    /// first case does not read goes to the general path, which tries the cases in order.
    static func directReading(_ model: EnumModel) -> CodeWriter {
        let access = model.accessPrefix
        var writer = CodeWriter()
        writer.line("\(access)static var readsDirectly: Bool { true }")
        writer.line("")
        writer.block(
            "\(access)static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self"
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
                guard let first = model.cases.first(where: { $0.payload != nil }), let payload = first.payload else {
                    body.line("try reader.fallBack()")
                    return
                }
                body.line(
                    "return try Loom.JSONReader.narrowing { Self\(first.construct("try reader.value(\(payload).self, context)")) }")
                return
            case .chosenByContent:
                body.line("guard let choice = try reader.chosenCase(context, Self.jsonCase(for:)) else { \(directFallback(model)) }")
                body.line("return try Loom.JSONReader.narrowing { () throws -> Self in")
                body.line("    switch choice {")
                for entry in model.cases {
                    guard let payload = entry.payload else { continue }
                    body.line(
                        "    case .\(entry.accessName): return Self\(entry.construct("try reader.value(\(payload).self, context)"))")
                }
                body.line("    }")
                body.line("}")
                return
            }
            body.line("switch slot {")
            for entry in model.cases {
                body.line("case \(entry.slots.map(String.init).joined(separator: ", ")):")
                guard let payload = entry.payload else {
                    body.line(wrapped ? "    try reader.expect(unit)" : "    try reader.endUnitCase()")
                    body.line("    return Self\(entry.construct(""))")
                    continue
                }
                if wrapped { body.line("    try reader.expect(!unit)") }
                body.line(
                    "    let value = try Loom.JSONReader.narrowing { Self\(entry.construct("try reader.value(\(payload).self, context)")) }")
                if wrapped { body.line("    try reader.endCase()") }
                body.line("    return value")
            }
            body.line("default:")
            body.line("    \(directFallback(model))")
            body.line("}")
        }
        return writer
    }

    /// The direct path's statements for a value that names no case: the fallback case read
    /// from the value's start, or the general path.
    private static func directFallback(_ model: EnumModel) -> String {
        guard let fallback = model.fallback else { return "try reader.fallBack()" }
        guard let payload = fallback.payload else {
            return "reader.rewind(to: start); try reader.skipValue(); return Self\(fallback.construct(""))"
        }
        return
            "reader.rewind(to: start); return try Loom.JSONReader.narrowing { Self\(fallback.construct("try reader.value(\(payload).self, context)")) }"
    }

    /// `self = .unknown(…)` for a value that names no case, if the enum has a fallback.
    private static func fallbackStatement(_ model: EnumModel) -> String? {
        guard let fallback = model.fallback else { return nil }
        guard let payload = fallback.payload else { return "self = \(fallback.construct(""))" }
        return "self = \(fallback.construct("try context.decode(\(payload).self, from: element)"))"
    }

    private static func writeUntaggedDecode(_ model: EnumModel, into code: inout CodeWriter) {
        code.line("var attempts = Loom.JSONUntaggedAttempts(context)")
        for entry in model.cases {
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
        code.block("guard let choice = try context.chosenCase(element, for: Self.self, Self.jsonCase(for:)) else") {
            branch in
            if let fallback = fallbackStatement(model) {
                branch.line(fallback)
                branch.line("return")
            } else {
                branch.line("throw context.noCaseChosen(for: Self.self, element)")
            }
        }
        code.line("switch choice {")
        for entry in model.cases {
            guard let payload = entry.payload else { continue }
            code.line(
                "case .\(entry.accessName): self = \(entry.construct("try context.decode(\(payload).self, from: element)"))")
        }
        code.line("}")
    }

    private static func writeEncode(_ model: EnumModel, into body: inout CodeWriter) {
        body.block(
            "\(model.accessPrefix)func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws"
        ) { code in
            code.line(EncodeGenerator.stackGrowth)
            code.line("switch self {")
            var entries = model.cases
            if let fallback = model.fallback, fallback.payload != nil { entries.append(fallback) }
            for entry in entries {
                let isRawFallback = entry.payload != nil && entry.accessName == model.fallback?.accessName
                guard let slot = entry.slots.first ?? (isRawFallback ? -1 : nil) else { continue }
                code.line(entry.payload == nil ? "case .\(entry.accessName):" : "case .\(entry.accessName)(let value):")
                code.line("    " + encodeStatement(model, entry: entry, slot: slot, raw: isRawFallback))
            }
            code.line("}")
        }
    }

    private static func encodeStatement(_ model: EnumModel, entry: EnumModel.Case, slot: Int, raw: Bool) -> String {
        let payload = "{ try context.encode(value, to: &$0) }"
        if raw { return "try context.encode(value, to: &writer)" }
        switch model.representation {
        case .external:
            return entry.payload == nil
                ? "context.writeExternallyTaggedCase(Self._loomCases, \(slot), to: &writer)"
                : "try context.writeExternallyTaggedCase(Self._loomCases, \(slot), to: &writer) \(payload)"
        case .internalTag:
            return entry.payload == nil
                ? "try context.writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, \(slot), to: &writer)"
                : "try context.writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, \(slot), to: &writer) \(payload)"
        case .adjacent:
            return entry.payload == nil
                ? "try context.writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, \(slot), to: &writer)"
                : "try context.writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, \(slot), to: &writer) \(payload)"
        case .untagged, .chosenByContent:
            return "try context.encode(value, to: &writer)"
        }
    }
}

extension TypeShape {
    /// A case payload's type as text usable before `.self`.
    static func leafTextForPayload(_ type: TypeSyntax) -> String {
        if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) { return type.trimmedDescription }
        return "(\(type.trimmedDescription))"
    }
}
