import SwiftSyntax

// `describeSchema(in:)`: the model's JSON Schema, from the same checked plan the decoder is
// generated from. The macro sees syntax, not types, so each property's innermost type gets
// its schema at run time (`schemas.schema(for: T.self)`, whose overloads choose between
// Loom's conformance, a raw value and `{}` as decoding does; `_jsonSchema(for:)`, without
// overloads, for the standard types Loom conforms itself); the generator writes the
// shape around it, the keys (from the key sets the decoder matches), presence, defaults and
// documentation comments. One statement per property keeps type checking cheap; a property of
// a plain type or an optional of one is added from its type alone (`object.addJSON(keys, 0,
// Int.self, .required, &schemas)`), one call instead of three nested ones.

enum SchemaGenerator {
    /// The member for a struct or class model; `classInfo` for a class.
    static func member(
        _ model: MappedModel, _ description: ModelDescription, classInfo: ClassInfo?, documentation: String?
    ) -> String {
        let header: String
        let modelType: String
        if let info = classInfo {
            let overridable = info.isOpen ? "open " : model.accessPrefix
            modelType = "\(info.name).self"
            if info.superclass != nil {
                header = "\(overridable)override class func"
            } else if info.isFinal {
                header = "\(model.accessPrefix)static func"
            } else {
                header = "\(overridable)class func"
            }
        } else {
            header = "\(model.accessPrefix)static func"
            modelType = "Self.self"
        }
        var writer = CodeWriter()
        writer.block("\(header) describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue") { body in
            let opening = "schemas.model(\(modelType)\(describedArgument(documentation))) { schemas in"
            if description.hooks.willDecode != nil {
                // The hook rewrites the JSON before the mapping sees it: nothing is known.
                body.line("\(opening) Loom.JSONSchema.any }")
                return
            }
            body.line(opening)
            let parent = classInfo?.superclass.map { "inheriting: \($0).describeSchema(in: &schemas)" } ?? ""
            var inner = CodeWriter(depth: 1)
            // The key sets are bound to locals, once each: that compiles faster than a static
            // read at every property.
            var keys = KeyReferences(model, locals: true)
            let statements = model.properties.filter(\.decodes).compactMap {
                statement($0, model: model, description: description, keys: &keys)
            }
            for line in keys.localBindings { inner.line(line) }
            // `let` when nothing is added, or the compiler warns in the user's build.
            inner.line("\(statements.isEmpty ? "let" : "var") object = Loom._JSONSchemaObject(\(parent))")
            for statement in statements { inner.line(statement) }
            inner.line("return object.schema")
            body.append(inner)
            body.line("}")
        }
        return writer.text
    }

    /// The member for a polymorphic enum.
    static func member(_ model: EnumModel, documentation: String?) -> String {
        var writer = CodeWriter()
        writer.block("\(model.accessPrefix)static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue") {
            body in
            body.line("schemas.model(Self.self\(describedArgument(documentation))) { schemas in")
            var inner = CodeWriter(depth: 1)
            inner.line("var cases = Loom._JSONSchemaCases(\(representation(model.representation)))")
            for (index, entry) in model.cases.enumerated() {
                let tags =
                    entry.valueTags != nil
                    ? "values: [" + entry.tags.joined(separator: ", ") + "]"
                    : "[" + entry.tags.map(KeySpelling.literal).joined(separator: ", ") + "]"
                var payload = entry.payload.map(typeSchema) ?? "nil"
                if let values = entry.values {
                    payload = valuesSchema(entry, values, index: index, into: &inner)
                }
                inner.line("cases.add(\(tags), \(payload))")
            }
            if let fallback = model.fallback {
                inner.line("cases.fallback(\(fallback.payload.map(typeSchema) ?? "nil"))")
            }
            inner.line("return cases.schema")
            body.append(inner)
            body.line("}")
        }
        return writer.text
    }

    /// The schema of a case's several values: an object built in a variable of its own for
    /// labeled values, an array of exactly that many elements for unlabeled ones.
    private static func valuesSchema(
        _ entry: EnumModel.Case, _ values: [EnumModel.Value], index: Int, into body: inout CodeWriter
    ) -> String {
        func schema(_ value: EnumModel.Value) -> String {
            guard let wrapped = value.wrapped else { return typeSchema(value.type) }
            return "Loom.JSONSchema.nullable(\(typeSchema(wrapped)))"
        }
        guard entry.isLabeled else {
            return "Loom._JSONSchemaCases.items([\(values.map(schema).joined(separator: ", "))])"
        }
        let name = "values\(index)"
        body.line("var \(name) = Loom._JSONSchemaObject()")
        for (slot, value) in values.enumerated() {
            let presence: String
            switch (value.wrapped != nil, value.defaultValue != nil) {
            case (false, false): presence = "required"
            case (true, false): presence = "optional"
            case (false, true): presence = "defaulted"
            case (true, true): presence = "optionalDefaulted"
            }
            let defaultJSON = value.defaultJSON.map { ", default: \(KeySpelling.literal($0))" } ?? ""
            body.line(
                "\(name).add(Self.\(EnumGenerator.keysName(entry)), \(slot), \(schema(value)), .\(presence)\(defaultJSON))")
        }
        return "\(name).schema"
    }

    /// The documentation comment (`///` lines or `/** */`) before a declaration, as plain text.
    static func documentation(_ node: some SyntaxProtocol) -> String? {
        var lines: [String] = []
        for piece in node.leadingTrivia {
            switch piece {
            case .docLineComment(let text):
                var line = Substring(text.dropFirst(3))
                if line.first == " " { line = line.dropFirst() }
                lines.append(String(line))
            case .docBlockComment(let text):
                let body = text.dropFirst(3).dropLast(2)
                lines += body.split(separator: "\n", omittingEmptySubsequences: false).map {
                    var line = $0.drop(while: { $0 == " " || $0 == "\t" })
                    if line.first == "*" { line = line.dropFirst() }
                    if line.first == " " { line = line.dropFirst() }
                    return String(line)
                }
            default:
                break
            }
        }
        let text = lines.joined(separator: "\n").trimmingWhitespace
        return text.isEmpty ? nil : text
    }

    // MARK: Properties

    /// The statement adding the property to the object schema; `nil` for one that adds nothing.
    private static func statement(
        _ property: MappedProperty, model: MappedModel, description: ModelDescription, keys: inout KeyReferences
    ) -> String? {
        let declared = description.properties.first { $0.name == property.name }
        // A lossy property takes any value: one that fails gives the default.
        let lenient = model.isLenient || property.isLenient || property.hookType != nil || property.lossyDefault != nil
        // The value's schema as an expression, built only for the statements that take one.
        func valueSchema() -> String {
            if lenient { return "Loom.JSONSchema.any" }
            guard let transform = property.transformReference else {
                return shapeSchema(property.shape, lossy: property.isLossy)
            }
            let transformed = "schemas.schema(transformedBy: \(transform))"
            return property.isOptional ? "Loom.JSONSchema.nullable(\(transformed))" : transformed
        }
        var extra = ""
        if property.transform == nil, property.presence.keepsDefault, let declared,
            let expression = declared.markers.defaultValue?.expression ?? declared.initializer,
            let json = jsonLiteral(expression)
        {
            extra += ", default: \(KeySpelling.literal(json))"
        }
        if let declared, let text = documentation(declared.declaration) { extra += ", description: \(KeySpelling.literal(text))" }
        if lenient { extra += ", lenient: true" }
        let presence = ".\(presenceName(property.presence))"
        switch property.keys {
        case .single(let slot):
            if !lenient, property.transformReference == nil, extra.isEmpty, let call = typedAdd(property.shape) {
                return "object.\(call.method)(\(keys(slot.level)), \(slot.slot), \(call.type).self, \(presence), &schemas)"
            }
            return "object.add(\(keys(slot.level)), \(slot.slot), \(valueSchema()), \(presence)\(extra))"
        case .fallbacks(let slots):
            let list = slots.map { "(\(keys($0.level)), \($0.slot))" }.joined(separator: ", ")
            return "object.add(fallbacks: [\(list)], \(valueSchema()), \(presence)\(extra))"
        case .collected(let members):
            let list = members.map { "(\(keys($0.slot.level)), \($0.slot.slot))" }.joined(separator: ", ")
            var value = "Loom.JSONSchema.any"
            if !lenient, property.transform == nil, case .dictionary(_, let inner) = property.shape.unwrapped {
                value = shapeSchema(inner, lossy: property.isLossy)
            }
            let documented = declared.flatMap { documentation($0.declaration) }.map { ", description: \(KeySpelling.literal($0))" } ?? ""
            return "object.add(collecting: [\(list)], \(value)\(documented))"
        case .unknown:
            // Unknown members are allowed already: the schema describes the default decoder.
            return nil
        case .flattened(_, let entry, let type):
            return "object.flatten(\(type).self, \(keys(0)), \(entry), \(presence), in: &schemas)"
        }
    }

    private static func presenceName(_ presence: MappedProperty.Presence) -> String {
        switch presence {
        case .required: return "required"
        case .optional: return "optional"
        case .defaulted: return "defaulted"
        case .optionalDefaulted: return "optionalDefaulted"
        }
    }

    /// The `_JSONSchemaObject` method that adds a property of a plain type or an optional of one
    /// from the type alone (`addJSON`, `addNullable`, …), and that type; `nil` for other shapes.
    private static func typedAdd(_ shape: TypeShape) -> (method: String, type: String)? {
        switch shape {
        case .leaf(let type):
            return (TypeShape.hasLoomConformance(type) ? "addJSON" : "add", type)
        case .optional(.leaf(let type)):
            return (TypeShape.hasLoomConformance(type) ? "addNullableJSON" : "addNullable", type)
        default:
            return nil
        }
    }

    /// The schema of `type`: without overloads to choose for a type with Loom's own conformance.
    static func typeSchema(_ type: String) -> String {
        TypeShape.hasLoomConformance(type) ? "schemas._jsonSchema(for: \(type).self)" : "schemas.schema(for: \(type).self)"
    }

    /// The schema of a value of `shape`; a lossy property's elements may be anything (failing
    /// ones are dropped).
    private static func shapeSchema(_ shape: TypeShape, lossy: Bool, inCollection: Bool = false) -> String {
        switch shape {
        case .leaf(let type):
            return lossy && inCollection ? "Loom.JSONSchema.any" : typeSchema(type)
        case .optional(let wrapped):
            return "Loom.JSONSchema.nullable(\(shapeSchema(wrapped, lossy: lossy, inCollection: inCollection)))"
        case .array(let element), .set(let element):
            return "Loom.JSONSchema.array(of: \(shapeSchema(element, lossy: lossy, inCollection: true)))"
        case .dictionary(_, let value):
            return "Loom.JSONSchema.dictionary(of: \(shapeSchema(value, lossy: lossy, inCollection: true)))"
        }
    }

    private static func describedArgument(_ documentation: String?) -> String {
        documentation.map { ", description: \(KeySpelling.literal($0))" } ?? ""
    }

    private static func representation(_ representation: EnumModel.Representation) -> String {
        switch representation {
        case .external: return ".external"
        case .internalTag(let tag): return ".internal(tag: \(KeySpelling.literal(tag)))"
        case .adjacent(let tag, let content): return ".adjacent(tag: \(KeySpelling.literal(tag)), content: \(KeySpelling.literal(content)))"
        case .untagged: return ".untagged"
        case .chosenByContent: return ".chosenByContent"
        }
    }

    // MARK: Defaults as JSON

    /// The JSON text of a literal default (`3`, `-1.5`, `"a"`, `true`, `nil`, `[]`, `[:]`, and
    /// arrays and dictionaries of those); `nil` for anything else.
    static func jsonLiteral(_ expression: ExprSyntax) -> String? {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            let digits = integer.literal.text.filter { $0 != "_" }
            return digits.allSatisfy(\.isNumber) ? trimmedZeros(digits) : nil
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            let text = float.literal.text.filter { $0 != "_" }
            guard !text.hasPrefix("0x"), text.first?.isNumber == true else { return nil }
            return text
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
            prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self),
            let number = jsonLiteral(prefix.expression)
        {
            return "-" + number
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return boolean.literal.text }
        if expression.is(NilLiteralExprSyntax.self) { return "null" }
        if let string = expression.as(StringLiteralExprSyntax.self), let value = string.representedLiteralValue {
            return jsonString(value)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var elements: [String] = []
            for element in array.elements {
                guard let json = jsonLiteral(element.expression) else { return nil }
                elements.append(json)
            }
            return "[" + elements.joined(separator: ",") + "]"
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let list) = dictionary.content else { return "{}" }
            var members: [String] = []
            for element in list {
                guard let key = element.key.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                    let value = jsonLiteral(element.value)
                else { return nil }
                members.append(jsonString(key) + ":" + value)
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        return nil
    }

    /// JSON forbids leading zeros (`007` → `7`).
    private static func trimmedZeros(_ digits: String) -> String {
        let trimmed = digits.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    private static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
