/// Writes the direct path of a struct (`docs/Models.md`, "The direct path"): in the body,
/// `read(from:context:)`, `readsDirectly` and `_loomRead`, which reads the model's object from
/// a `JSONReader` in one pass, straight from the bytes, into `_LoomSlots`; in the extension,
/// `init(_loomReading:context:)`, which stores the slots' values.
///
/// It follows `_loomDecode` step by step: the same presence rules, the same defaults, the
/// same stores. Whatever it does not handle itself throws `JSONReader.Fallback`, after which
/// the decoder runs `init(json:context:)` on a parsed document, so both give the same model
/// or error.
enum DirectGenerator {
    /// The members, or `nil` for a model the direct path does not cover: key paths, fallback
    /// or collected keys (more than one object level or more than one slot per property),
    /// superclass keys, or a property type that cannot name a local variable.
    static func generate(_ model: MappedModel) -> (members: CodeWriter, initializer: CodeWriter)? {
        let decoded = model.properties.filter(\.decodes)
        guard model.tree.levels.count == 1, model.inheritedKeys == nil else { return nil }
        var slots: [(property: MappedProperty, slot: Int, type: String)] = []
        for property in decoded {
            guard case .single(let reference) = property.keys, reference.level == 0, let type = property.memberType
            else { return nil }
            slots.append((property, reference.slot, type))
        }

        var writer = CodeWriter(depth: 0)
        let access = model.accessPrefix
        let signature = "reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext"
        writer.line("\(access)static var readsDirectly: Bool { true }")
        writer.line("")
        writer.block("\(access)static func read(from \(signature)) throws(Loom.JSONReader.Fallback) -> Self") { body in
            body.line("try Self(_loomReading: &reader, context: context)")
        }
        writer.line("")
        // The slots live in a struct, read by a function of their own that takes them
        // `inout`: as local variables of the initializer they would be carried around the
        // member loop as values, and a large one (a nested model) copied at every member. A
        // static function of the model, not a method of the struct, so that `Self` in
        // transformer expressions still means the model.
        writer.block("private struct _LoomSlots") { type in
            for (property, _, slotType) in slots {
                type.line("var v\(property.index): Optional<\(slotType)> = nil")
            }
        }
        writer.line("")
        writer.line("@inline(never)")
        writer.block(
            "private static func _loomRead(_ slots: inout _LoomSlots, _ \(signature)) throws(Loom.JSONReader.Fallback)"
        ) { body in
            var keys = KeyReferences(model, locals: true)
            let root = keys(0)
            for line in keys.localBindings { body.line(line) }
            // A `@JSONDefault` expression is evaluated here, in the body, where its names resolve.
            let defaults = slots.compactMap { entry -> String? in
                switch entry.property.presence {
                case .defaulted(let expression?):
                    return "if slots.v\(entry.property.index) == nil { slots.v\(entry.property.index) = \(expression) }"
                case .optionalDefaulted(let expression?):
                    return "if slots.v\(entry.property.index) == nil { slots.v\(entry.property.index) = .some(\(expression)) }"
                case .required, .optional, .defaulted, .optionalDefaulted:
                    return nil
                }
            }
            var loop = CodeWriter()
            loop.line("var hint = 0")
            loop.line("repeat {")
            var cases = CodeWriter(depth: 1)
            let encodedOnly = model.tree.levels[0].slots.indices.filter { slot in !slots.contains { $0.slot == slot } }
            if slots.isEmpty && encodedOnly.isEmpty {
                cases.line("_ = try reader.key(\(root), hint: &hint)")
                cases.line("try reader.skipUnknown(context)")
            } else {
                // `case` lines sit at the level of their `switch`.
                cases.line("switch try reader.key(\(root), hint: &hint) {")
                for (property, slot, _) in slots {
                    cases.line("case \(slot):")
                    var statements = CodeWriter(depth: 1)
                    for line in read(property) { statements.line(line) }
                    cases.append(statements)
                }
                // Keys only encoded are known: their values are validated and passed over.
                if !encodedOnly.isEmpty {
                    cases.line("case \(encodedOnly.map(String.init).joined(separator: ", ")): try reader.skipValue()")
                }
                cases.line("default: try reader.skipUnknown(context)")
                cases.line("}")
            }
            loop.append(cases)
            loop.line("} while try reader.nextMember()")
            if defaults.isEmpty {
                body.line("guard try reader.beginObject(context) else { return }")
                body.append(loop)
            } else {
                body.block("if try reader.beginObject(context)") { $0.append(loop) }
                for line in defaults { body.line(line) }
            }
        }
        var initializer = CodeWriter()
        initializer.block("init(_loomReading \(signature)) throws(Loom.JSONReader.Fallback)") { body in
            body.line("var slots = _LoomSlots()")
            body.line("try Self._loomRead(&slots, &reader, context: context)")
            for (property, _, _) in slots {
                body.line("let u\(property.index) = \(unwrapped(property))")
            }
            body.line("self.init(_loomValues: \(StructGenerator.tuple(slots.map { "u\($0.property.index)" })))")
        }
        return (writer, initializer)
    }

    /// The statements of a property's `case`: check the slot, read the value into it.
    private static func read(_ property: MappedProperty) -> [String] {
        let variable = "slots.v\(property.index)"
        let shape = property.isOptional ? property.shape.unwrapped : property.shape
        let value = valueExpression(property, shape)
        switch property.presence {
        case .required, .defaulted:
            return ["try reader.claim(\(variable))", "\(variable) = try \(value)"]
        case .optional:
            // `.none`, not `nil`: a type that is `ExpressibleByNilLiteral` (`JSONValue`) would
            // take `nil` as its own value.
            return ["try reader.claim(\(variable), nullable: true)", "\(variable) = .some(try reader.readNull() ? .none : \(value))"]
        case .optionalDefaulted:
            return [
                "try reader.claim(\(variable), nullable: true)",
                "\(variable) = .some(try reader.readNull(keepingDefault: context) ? .none : \(value))",
            ]
        }
    }

    /// The value of a property's slot after the member loop, as `_LoomValues` has it.
    private static func unwrapped(_ property: MappedProperty) -> String {
        // Moved out, not copied: `slots` is still alive, and a copy would retain every string.
        let variable = "slots.v\(property.index).take()"
        switch property.presence {
        // A slot with a default expression was filled by `_loomRead`.
        case .required, .defaulted(_?), .optionalDefaulted(_?): return "try reader.required(\(variable))"
        case .optional: return "\(variable) ?? nil"
        case .defaulted, .optionalDefaulted: return variable
        }
    }

    /// The expression reading `shape` from `reader` (without its `try`). A transformer, the
    /// model's transformer hook or a dictionary with non-`String` keys takes a document of the
    /// value and the expression `init(json:context:)` uses.
    private static func valueExpression(_ property: MappedProperty, _ shape: TypeShape) -> String {
        if property.transformReference == nil, property.hookType == nil,
            let direct = directExpression(shape, reader: "reader", context: "context")
        {
            return direct
        }
        return "reader.element(context) { \(DecodeGenerator.propertyValueExpression(property, shape)) }"
    }

    /// Reads `shape` from `reader` with `context`; `nil` when a level has no direct form.
    private static func directExpression(_ shape: TypeShape, reader: String, context: String) -> String? {
        func nested(_ function: String, _ inner: TypeShape) -> String? {
            directExpression(inner, reader: "$0", context: "$1").map { "\(reader).\(function)(\(context)) { try \($0) }" }
        }
        switch shape {
        case .leaf(let type): return "\(reader).decode(\(type).self, \(context))"
        case .optional(let wrapped): return nested("optional", wrapped)
        case .array(let element): return nested("array", element)
        case .set(let element): return nested("set", element)
        case .dictionary(nil, let value): return nested("dictionary", value)
        case .dictionary: return nil
        }
    }
}
