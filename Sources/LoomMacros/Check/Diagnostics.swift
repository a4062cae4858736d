import SwiftDiagnostics
import SwiftSyntax

/// Every problem `@JSONModel` reports. Messages quote the attribute or property they are
/// about, are lowercase and have no trailing period.
enum ModelDiagnostic: DiagnosticMessage {
    case notAType
    case ignoreWithoutDefault(property: String)
    case duplicateKey(key: String, first: String, second: String)
    case repeatedKey(key: String, property: String)
    case keyPathThroughValue(path: String, property: String, valueKey: String, valueProperty: String)
    case invalidKey(key: String, reason: String)
    case markerOnComputed(marker: String, property: String)
    case markerOnStatic(marker: String, property: String)
    case nonLiteralKey
    case emptyCollecting
    case defaultWithInitializer(property: String)
    case ignoreCombined(marker: String, property: String)
    case repeatedMarker(marker: String)
    case lazyNeedsIgnore(property: String)
    case referenceNeedsIgnore(property: String, ownership: String)
    case unmappableType(property: String, type: String, advice: String)
    case unmappableCaseValue(caseName: String, type: String, advice: String)
    case codingKeyNotRead(property: String, codingKey: String, key: String)
    case codingKeyMissing(property: String, key: String)
    case missingType(property: String)
    case unsupportedPattern
    case malformedMarker(marker: String, expected: String)
    case lossyWithoutDefault(property: String)
    case lossyWithSeveralKeys(property: String)
    case omitWithoutEffect(marker: String, property: String, appliesTo: String)
    case unknownKeysType(property: String)
    case unknownKeysCombined(marker: String, property: String)
    case unknownKeysRepeated(property: String)
    case unknownKeysInHierarchy(type: String)
    case flattenCombined(marker: String, property: String)
    case flattenType(property: String, type: String)
    case flattenInClass(property: String)
    case flattenInEnum
    case malformedTransformerHook
    case privateNested(type: String, parent: String)
    case localType(type: String)
    case markerWithoutModel(marker: String, type: String)
    case tooManyConfigurations(count: Int, limit: Int)
    case conformancesUnderConfiguration
    case markerUnderConfiguration(marker: String)
    case operatorInBody(operator: String, protocol: String, extensionText: String)
    case internalError(String)

    var message: String {
        switch self {
        case .notAType:
            return "'@JSONModel' must be attached to a struct, class or enum"
        case .ignoreWithoutDefault(let property):
            return "'@JSONIgnore' property '\(property)' needs a default value, because decoding never sets it"
        case .duplicateKey(let key, let first, let second):
            return "JSON key \"\(key)\" of '\(second)' is already mapped by '\(first)'"
        case .repeatedKey(let key, let property):
            return "JSON key \"\(key)\" appears twice in the keys of '\(property)'"
        case .keyPathThroughValue(let path, let property, let valueKey, let valueProperty):
            return
                "key path \"\(path)\" of '\(property)' goes through \"\(valueKey)\", which '\(valueProperty)' maps to a value; a key cannot be both a value and an object of key paths"
        case .invalidKey(let key, let reason):
            return "invalid JSON key \"\(key)\": \(reason)"
        case .markerOnComputed(let marker, let property):
            return "'\(marker)' cannot be applied to computed property '\(property)', which has no storage to decode into"
        case .markerOnStatic(let marker, let property):
            return "'\(marker)' cannot be applied to static property '\(property)'; only instance properties are mapped"
        case .nonLiteralKey:
            return "'@JSONKey' arguments must be string literals without interpolation, so keys are known at compile time"
        case .emptyCollecting:
            return "'@JSONKey(collecting:)' needs at least one key"
        case .defaultWithInitializer(let property):
            return "'@JSONDefault' on '\(property)', which already has an initial value; keep only one default"
        case .ignoreCombined(let marker, let property):
            return "'\(marker)' has no effect on '\(property)', which is marked '@JSONIgnore'"
        case .repeatedMarker(let marker):
            return "'\(marker)' appears more than once on the same property"
        case .lazyNeedsIgnore(let property):
            return "lazy property '\(property)' cannot be decoded; mark it '@JSONIgnore'"
        case .referenceNeedsIgnore(let property, let ownership):
            return
                "\(ownership) property '\(property)' cannot be decoded: nothing would keep the decoded object alive; mark it '@JSONIgnore'"
        case .unmappableType(let property, let type, let advice):
            return "property '\(property)' has type '\(type)', which has no JSON form; \(advice)"
        case .unmappableCaseValue(let caseName, let type, let advice):
            return "case '\(caseName)' carries type '\(type)', which has no JSON form; \(advice)"
        case .codingKeyNotRead(let property, let codingKey, let key):
            return
                "'CodingKeys' maps '\(property)' to \"\(codingKey)\", but '@JSONModel' does not read 'CodingKeys' and maps it to \"\(key)\"; name the key with '@JSONKey'"
        case .codingKeyMissing(let property, let key):
            return
                "'CodingKeys' leaves out '\(property)', but '@JSONModel' does not read 'CodingKeys' and maps it to \"\(key)\"; mark it '@JSONIgnore' to leave it out"
        case .missingType(let property):
            return "property '\(property)' needs an explicit type annotation so '@JSONModel' knows how to map it"
        case .unsupportedPattern:
            return "'@JSONModel' cannot map a tuple pattern; declare one property per name, or mark it '@JSONIgnore'"
        case .malformedMarker(let marker, let expected):
            return "'\(marker)' expects \(expected)"
        case .lossyWithoutDefault(let property):
            return
                "'@JSONLossy' property '\(property)' needs a default value or an optional type, to stand in for a value that fails to decode"
        case .unknownKeysType(let property):
            return "'@JSONUnknownKeys' property '\(property)' must be of type '[String: JSONValue]'"
        case .unknownKeysCombined(let marker, let property):
            return "'\(marker)' cannot be combined with '@JSONUnknownKeys' on '\(property)', which has no key of its own"
        case .unknownKeysRepeated(let property):
            return "'@JSONUnknownKeys' can mark one property of a model; '\(property)' is another"
        case .unknownKeysInHierarchy(let type):
            return
                "'@JSONUnknownKeys' needs a struct or a final class: the classes of a hierarchy share one object, so none of them knows which keys are unknown; make '\(type)' final"
        case .flattenCombined(let marker, let property):
            return
                "'\(marker)' cannot be combined with '@JSONFlatten' on '\(property)', whose members sit in the model's object without a key or value of their own"
        case .flattenType(let property, let type):
            return "'@JSONFlatten' property '\(property)' must have a model type (or an optional one); '\(type)' has no keys to flatten"
        case .flattenInClass(let property):
            return
                "'@JSONFlatten' is not supported in class models ('\(property)'); flatten the property in a struct model, or nest it under a key"
        case .flattenInEnum:
            return
                "'@JSONFlatten' is not supported in enum models, which map their cases; flatten the property in the struct model a case carries"
        case .omitWithoutEffect(let marker, let property, let appliesTo):
            return "'\(marker)' applies to \(appliesTo); '\(property)' is not one"
        case .lossyWithSeveralKeys(let property):
            return
                "'@JSONLossy' cannot replace a failing value of '\(property)', which is read from several keys; give it one key"
        case .malformedTransformerHook:
            return
                "the transformer hook must be declared 'static func jsonTransformer<T>(forProperty name: String, of type: T.Type) -> AnyJSONTransformer<T>?'"
        case .privateNested(let type, let parent):
            return
                "'@JSONModel' cannot declare the conformance of private type '\(type)': Swift does not let an extension outside '\(parent)' name it; declare it in the type (': JSONModel') or make the type 'fileprivate'"
        case .localType(let type):
            return
                "'@JSONModel' cannot be used on '\(type)', which is declared inside a function: Swift does not allow extension macros on local types; declare the model outside the function"
        case .markerWithoutModel(let marker, let type):
            return "'\(marker)' has no effect: '\(type)' is not marked '@JSONModel'"
        case .tooManyConfigurations(let count, let limit):
            return
                "the '#if' blocks around this model's properties make \(count) combinations; '@JSONModel' maps each one and supports up to \(limit): group the conditional properties in fewer blocks"
        case .conformancesUnderConfiguration:
            return
                "'#if' changes which conformances '@JSONModel' declares: keep 'init(from:)', 'encode(to:)' and 'jsonWillDecode(_:)' outside '#if', or in every clause"
        case .markerUnderConfiguration(let marker):
            return
                "'@JSONModel' cannot tell whether '\(marker)' inside '#if' applies; put the '#if' around the whole property, with the marker in one clause and the property without it in the other"
        case .operatorInBody(let op, let proto, let extensionText):
            return
                "the '\(op)' in the body of a '@JSONModel' type does not satisfy '\(proto)' declared on the type (Swift derives its own or rejects the conformance); declare the conformance in an extension, '\(extensionText)'"
        case .internalError(let detail):
            return "'@JSONModel' could not generate code (\(detail)); please report this"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .notAType: id = "notAType"
        case .ignoreWithoutDefault: id = "ignoreWithoutDefault"
        case .duplicateKey: id = "duplicateKey"
        case .repeatedKey: id = "repeatedKey"
        case .keyPathThroughValue: id = "keyPathThroughValue"
        case .invalidKey: id = "invalidKey"
        case .markerOnComputed: id = "markerOnComputed"
        case .markerOnStatic: id = "markerOnStatic"
        case .nonLiteralKey: id = "nonLiteralKey"
        case .emptyCollecting: id = "emptyCollecting"
        case .defaultWithInitializer: id = "defaultWithInitializer"
        case .ignoreCombined: id = "ignoreCombined"
        case .repeatedMarker: id = "repeatedMarker"
        case .lazyNeedsIgnore: id = "lazyNeedsIgnore"
        case .referenceNeedsIgnore: id = "referenceNeedsIgnore"
        case .unmappableType: id = "unmappableType"
        case .unmappableCaseValue: id = "unmappableCaseValue"
        case .codingKeyNotRead: id = "codingKeyNotRead"
        case .codingKeyMissing: id = "codingKeyMissing"
        case .missingType: id = "missingType"
        case .unsupportedPattern: id = "unsupportedPattern"
        case .malformedMarker: id = "malformedMarker"
        case .lossyWithoutDefault: id = "lossyWithoutDefault"
        case .lossyWithSeveralKeys: id = "lossyWithSeveralKeys"
        case .omitWithoutEffect: id = "omitWithoutEffect"
        case .unknownKeysType: id = "unknownKeysType"
        case .unknownKeysCombined: id = "unknownKeysCombined"
        case .unknownKeysRepeated: id = "unknownKeysRepeated"
        case .unknownKeysInHierarchy: id = "unknownKeysInHierarchy"
        case .flattenCombined: id = "flattenCombined"
        case .flattenType: id = "flattenType"
        case .flattenInClass: id = "flattenInClass"
        case .flattenInEnum: id = "flattenInEnum"
        case .malformedTransformerHook: id = "malformedTransformerHook"
        case .privateNested: id = "privateNested"
        case .localType: id = "localType"
        case .markerWithoutModel: id = "markerWithoutModel"
        case .tooManyConfigurations: id = "tooManyConfigurations"
        case .conformancesUnderConfiguration: id = "conformancesUnderConfiguration"
        case .operatorInBody: id = "operatorInBody"
        case .markerUnderConfiguration: id = "markerUnderConfiguration"
        case .internalError: id = "internalError"
        }
        return MessageID(domain: "Loom", id: id)
    }

    /// Errors, but for a marker nothing reads, which is harmless.
    var severity: DiagnosticSeverity {
        if case .markerWithoutModel = self { return .warning }
        return .error
    }
}

/// The fix-its `@JSONModel` offers.
struct ModelFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "Loom", id: message) }

    /// Deletes `attribute` (and the line break after it when it stands on its own line).
    static func remove(_ attribute: AttributeSyntax) -> FixIt {
        let start = attribute.positionAfterSkippingLeadingTrivia
        var end = attribute.endPosition
        if let next = attribute.nextToken(viewMode: .sourceAccurate),
            next.leadingTrivia.allSatisfy({ $0.isWhitespace })
        {
            // Join the next token to where the attribute started instead of leaving a blank line.
            end = next.positionAfterSkippingLeadingTrivia
        }
        return FixIt(
            message: ModelFixIt(message: "remove '\(attribute.trimmedText)'"),
            changes: [.replaceText(range: start..<end, with: "", in: Syntax(attribute))])
    }

    /// Adds ` = <#default#>` after the binding's type.
    static func insertDefault(_ binding: PatternBindingSyntax) -> FixIt? {
        guard let annotation = binding.typeAnnotation else { return nil }
        let type = annotation.type
        let trailing = type.trailingTrivia
        let newBinding =
            binding
            .with(\.typeAnnotation, annotation.with(\.type, type.with(\.trailingTrivia, .space)))
            .with(
                \.initializer,
                InitializerClauseSyntax(
                    equal: .equalToken(trailingTrivia: .space),
                    value: ExprSyntax(EditorPlaceholderExprSyntax(placeholder: .identifier("<#default#>")))
                        .with(\.trailingTrivia, trailing)))
        return FixIt(
            message: ModelFixIt(message: "insert '= <#default#>'"),
            changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(newBinding))])
    }

    /// Writes `@JSONIgnore ` in front of the declaration.
    static func insertIgnore(_ declaration: VariableDeclSyntax) -> FixIt {
        let position = declaration.positionAfterSkippingLeadingTrivia
        return FixIt(
            message: ModelFixIt(message: "insert '@JSONIgnore'"),
            changes: [.replaceText(range: position..<position, with: "@JSONIgnore ", in: Syntax(declaration))])
    }

    /// Deletes `token` and the space after it.
    static func removeToken(_ token: TokenSyntax) -> FixIt {
        FixIt(
            message: ModelFixIt(message: "remove '\(token.text)'"),
            changes: [
                .replaceText(
                    range: token.positionAfterSkippingLeadingTrivia..<token.endPosition, with: "", in: Syntax(token))
            ])
    }

    /// Writes `@JSONKey("key") ` in front of the declaration, for one key: a dot or backslash in
    /// it is escaped, since in `@JSONKey` a plain dot separates the steps of a key path.
    static func insertKey(_ declaration: VariableDeclSyntax, key: String) -> FixIt {
        let position = declaration.positionAfterSkippingLeadingTrivia
        var escaped = ""
        for character in key {
            if character == "\\" || character == "." { escaped.append("\\") }
            escaped.append(character)
        }
        let literal = StringLiteralExprSyntax(content: escaped).description
        return FixIt(
            message: ModelFixIt(message: "insert '@JSONKey(\(literal))'"),
            changes: [.replaceText(range: position..<position, with: "@JSONKey(\(literal)) ", in: Syntax(declaration))])
    }

    /// Replaces every `Any` in a property's type with `JSONValue`.
    static func replaceAny(_ anys: [IdentifierTypeSyntax]) -> FixIt {
        FixIt(
            message: ModelFixIt(message: "use 'JSONValue'"),
            changes: anys.map { any in
                let value = any.with(\.name, .identifier("JSONValue")).with(\.genericArgumentClause, nil)
                return .replace(oldNode: Syntax(any), newNode: Syntax(value))
            })
    }

    /// Declares `JSONModel` in `declaration`'s inheritance clause.
    static func declareConformance(_ declaration: some DeclGroupSyntax) -> FixIt {
        let message = ModelFixIt(message: "declare ': JSONModel'")
        if let clause = declaration.inheritanceClause {
            let position = clause.endPositionBeforeTrailingTrivia
            return FixIt(
                message: message, changes: [.replaceText(range: position..<position, with: ", JSONModel", in: Syntax(clause))])
        }
        // After the name and its generic parameters.
        let end: Syntax
        if let type = declaration.as(StructDeclSyntax.self) {
            end = type.genericParameterClause.map(Syntax.init) ?? Syntax(type.name)
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            end = type.genericParameterClause.map(Syntax.init) ?? Syntax(type.name)
        } else if let type = declaration.as(EnumDeclSyntax.self) {
            end = type.genericParameterClause.map(Syntax.init) ?? Syntax(type.name)
        } else {
            end = Syntax(declaration.memberBlock.leftBrace)
        }
        let position = end.endPositionBeforeTrailingTrivia
        return FixIt(message: message, changes: [.replaceText(range: position..<position, with: ": JSONModel", in: end)])
    }

    /// Replaces a `private` modifier with `fileprivate`.
    static func makeFileprivate(_ modifier: DeclModifierSyntax) -> FixIt {
        FixIt(
            message: ModelFixIt(message: "make it 'fileprivate'"),
            changes: [
                .replace(
                    oldNode: Syntax(modifier.name),
                    newNode: Syntax(
                        TokenSyntax.keyword(
                            .fileprivate, leadingTrivia: modifier.name.leadingTrivia,
                            trailingTrivia: modifier.name.trailingTrivia)))
            ])
    }

    /// Adds `: Type` after the pattern, for a literal initial value whose type is obvious.
    static func insertType(_ binding: PatternBindingSyntax, type: String) -> FixIt {
        let position = binding.pattern.endPositionBeforeTrailingTrivia
        return FixIt(
            message: ModelFixIt(message: "insert ': \(type)'"),
            changes: [.replaceText(range: position..<position, with: ": \(type)", in: Syntax(binding))])
    }
}

/// Problems found so far; expansion produces nothing when any is an error.
struct DiagnosticList {
    private(set) var items: [Diagnostic] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func add(_ message: ModelDiagnostic, at node: some SyntaxProtocol, fixIts: [FixIt] = []) {
        items.append(Diagnostic(node: Syntax(node), message: message, fixIts: fixIts))
    }

    /// Adds a problem of classes, enums, hooks or merging (`PolyDiagnostics.swift`).
    mutating func add(_ message: PolyDiagnostic, at node: some SyntaxProtocol, fixIts: [FixIt] = []) {
        items.append(Diagnostic(node: Syntax(node), message: message, fixIts: fixIts))
    }

    /// Adds the problems of another combination of `#if` clauses, each once: a problem
    /// outside the `#if` blocks is found in every combination.
    mutating func merge(_ other: DiagnosticList) {
        for item in other.items
        where !items.contains(where: { $0.node.id == item.node.id && $0.message == item.message }) {
            items.append(item)
        }
    }
}
