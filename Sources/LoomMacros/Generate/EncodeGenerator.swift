/// Writes `encode(to:context:)`.
///
/// Keys are written in slot order, level by level: a nested object (`user` for `user.login`)
/// is written once, where its first key appears, with every property under it. Fallback keys
/// write only the first; `nil` optionals are left out unless the encoder writes nulls.
enum EncodeGenerator {
    static func generate(_ model: MappedModel) -> CodeWriter {
        var writer = CodeWriter(depth: 0)
        writer.line(
            "\(model.accessPrefix)func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {")
        writer.line("    " + stackGrowth)
        writer.append(body(model, wrapsObject: true))
        writer.line("}")
        return writer
    }

    /// The first statement of a generated `encode(to:context:)`: when the thread's stack is
    /// nearly used up, the model is written on a thread with a larger stack (one comparison
    /// otherwise; see `StackGrowth.swift` in Loom).
    static let stackGrowth =
        "if context._needsLargerStack { return try context._onLargerStack(self, &writer) }"

    /// `stackGrowth` for the root of a class hierarchy, placed after its `willEncode` hook:
    /// the object and its members, without calling `encode` (and a subclass's hook) again.
    static let hierarchyStackGrowth =
        "if context._needsLargerStack { return try context._onLargerStack(&writer) { try $0.beginObject(); "
        + "try self._loomEncodeMembers(to: &$0, context: $1); $0.endObject() } }"

    /// The statements of `encode(to:context:)`, one level deep; without `wrapsObject`, only
    /// the members (a class model's part of the object its hierarchy writes).
    ///
    /// Each key set is read from its static once, into a local: an access to the static at
    /// every member is a call and a load that Swift 6's isolation checking follows each time.
    static func body(_ model: MappedModel, wrapsObject: Bool) -> CodeWriter {
        var keys = KeyReferences(model, locals: true)
        var body = CodeWriter(depth: 1)
        let byIndex = Dictionary(model.properties.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })

        // Collected properties are encoded first; their members are then written at their keys.
        for property in model.properties where property.encodes {
            guard case .collected = property.keys else { continue }
            let closure = propertyClosureBody(property, property.shape)
            body.line("let c\(property.index) = try context._collect(self.\(property.accessName)) { \(closure) }")
        }
        if wrapsObject { body.line("try writer.beginObject()") }
        writeLevel(0, model: model, properties: byIndex, keys: &keys, into: &body)
        for property in model.flattenedProperties where property.encodes {
            guard let (_, entry, _) = property.flattening else { continue }
            let level0 = keys(0)
            if property.isOptional {
                body.line(
                    "if let value = self.\(property.accessName) { try context._writeFlattened(value, \(level0), \(entry), to: &writer) }")
            } else {
                body.line("try context._writeFlattened(self.\(property.accessName), \(level0), \(entry), to: &writer)")
            }
        }
        if let capture = model.unknownKeysProperty, capture.encodes {
            body.line("try context._writeUnknown(self.\(capture.accessName), \(keys(0)), to: &writer)")
        }
        if wrapsObject { body.line("writer.endObject()") }

        var locals = CodeWriter(depth: 1)
        for line in keys.localBindings { locals.line(line) }
        var result = CodeWriter(depth: 0)
        result.append(locals)
        result.append(body)
        return result
    }

    private static func writeLevel(
        _ level: Int, model: MappedModel, properties: [Int: MappedProperty], keys: inout KeyReferences,
        into body: inout CodeWriter
    ) {
        let tree = model.tree
        for (slot, entry) in tree.levels[level].slots.enumerated() {
            switch entry.content {
            case .leaf(let owner):
                guard let property = properties[owner.property], property.encodes else { continue }
                switch owner.role {
                case .primary:
                    writeProperty(property, level: level, slot: slot, keys: &keys, into: &body)
                case .alternative:
                    continue
                case .collected(let name):
                    body.line(
                        "try context._writeCollected(c\(property.index), \(KeySpelling.literal(name)), \(keys(level)), \(slot), to: &writer)"
                    )
                }
            case .branch(let child):
                let written = tree.leaves(in: child).filter {
                    $0.role != .alternative && properties[$0.property]?.encodes == true
                }
                guard !written.isEmpty else { continue }
                // An object holding only properties that may be left out (optionals, collected
                // members, `@JSONOmit`) is left out when none of them is written.
                let conditions = written.compactMap { owner -> String? in
                    guard let property = properties[owner.property] else { return nil }
                    switch owner.role {
                    case .primary: return writtenCondition(property)
                    case .collected(let name): return "c\(property.index)[\(KeySpelling.literal(name))] != nil"
                    case .alternative: return nil
                    }
                }
                func writeObject(_ inner: inout CodeWriter) {
                    inner.line("context._writeKey(\(keys(level)), \(slot), to: &writer)")
                    inner.line("try writer.beginObject()")
                    writeLevel(child, model: model, properties: properties, keys: &keys, into: &inner)
                    inner.line("writer.endObject()")
                }
                // The encoder's `writesNulls` writes the object only for a member that would
                // write `null` under it.
                let followsEncoder = written.contains { owner in
                    guard let property = properties[owner.property] else { return false }
                    if case .primary = owner.role { return property.isOptional && property.omission == nil }
                    return true
                }
                if conditions.count == written.count {
                    let test = (followsEncoder ? ["context.writesNulls"] : []) + conditions
                    body.block("if \(test.joined(separator: " || "))") { writeObject(&$0) }
                } else {
                    writeObject(&body)
                }
            }
        }
    }

    private static func writeProperty(
        _ property: MappedProperty, level: Int, slot: Int, keys: inout KeyReferences, into body: inout CodeWriter
    ) {
        let writeKey = "context._writeKey(\(keys(level)), \(slot), to: &writer)"
        let name = "self.\(property.accessName)"
        // A leaf value and its key are written in one call.
        if property.omission != .whenEmpty, let leaf = MappingGenerator.leafType(property, property.shape.unwrapped) {
            let loom = TypeShape.hasLoomConformance(leaf)
            if !property.isOptional {
                let function = loom ? "_encodeJSONMember" : "_encode"
                body.line("try context.\(function)(\(name), \(keys(level)), \(slot), to: &writer)")
                return
            }
            if property.omission == nil, case .optional(.leaf) = property.shape {
                let function = loom ? "_encodeOptionalJSONMember" : "_encodeOptional"
                body.line("try context.\(function)(\(name), \(keys(level)), \(slot), to: &writer)")
                return
            }
        }
        guard property.isOptional else {
            if property.omission == .whenEmpty {
                body.block("if !\(name).isEmpty") { inner in
                    inner.line(writeKey)
                    inner.line(propertyStatement(name, property, property.shape))
                }
                return
            }
            body.line(writeKey)
            body.line(propertyStatement(name, property, property.shape))
            return
        }
        let unwrap = property.omission == .whenEmpty ? "if let value = \(name), !value.isEmpty" : "if let value = \(name)"
        body.block(unwrap) { inner in
            inner.line(writeKey)
            inner.line(propertyStatement("value", property, property.shape.unwrapped))
            switch property.omission {
            case nil:
                inner.continueBlock("} else if context.writesNulls {")
            case .never?:
                inner.continueBlock("} else {")
            case .whenNil?, .whenEmpty?:
                return
            }
            inner.line(writeKey)
            inner.line("writer.writeNull()")
        }
    }

    /// The condition under which a property that may be left out is written, or `nil` when it
    /// always is. `context.writesNulls` is tested beside it for the object that holds it.
    private static func writtenCondition(_ property: MappedProperty) -> String? {
        let name = "self.\(property.accessName)"
        switch (property.omission, property.isOptional) {
        case (.never?, _), (nil, false), (.whenNil?, false): return nil
        case (nil, true), (.whenNil?, true): return "\(name) != nil"
        case (.whenEmpty?, false): return "!\(name).isEmpty"
        case (.whenEmpty?, true): return "!(\(name)?.isEmpty ?? true)"
        }
    }

    /// The statement writing the property's `value` (of shape `shape`): through its
    /// `@JSONTransform` transformer, else its type's mapping (through the model's transformer
    /// hook when it has one).
    private static func propertyStatement(_ value: String, _ property: MappedProperty, _ shape: TypeShape) -> String {
        guard let hookType = property.hookType else {
            return statement(value, shape, transform: property.transformReference)
        }
        return
            "try context.transform(\(value), with: \(hook(property, hookType)), to: &writer) { \(closureBody(shape, transform: nil)) }"
    }

    /// `closureBody` for a property, as `propertyStatement` chooses.
    private static func propertyClosureBody(_ property: MappedProperty, _ shape: TypeShape) -> String {
        guard let hookType = property.hookType else { return closureBody(shape, transform: property.transformReference) }
        let plain = closureBody(shape.unwrapped, transform: nil)
        let lifted = "try context.transform($0, with: \(hook(property, hookType)), to: &$1) { \(plain) }"
        if case .optional = shape { return "try context.optionalValue($0, to: &$1) { \(lifted) }" }
        return lifted
    }

    private static func hook(_ property: MappedProperty, _ type: String) -> String {
        "Self.jsonTransformer(forProperty: \(KeySpelling.literal(property.name)), of: \(type).self)"
    }

    /// The statement writing `value` (of shape `shape`) to `writer`.
    private static func statement(_ value: String, _ shape: TypeShape, transform: String?) -> String {
        if let transform { return "try context.transform(\(value), with: \(transform), to: &writer)" }
        switch shape {
        case .leaf(let type):
            return "try context.\(encodeFunction(type))(\(value), to: &writer)"
        case .optional(let wrapped):
            return "try context.optionalValue(\(value), to: &writer) { \(closureBody(wrapped, transform: nil)) }"
        case .array(let element), .set(let element):
            return "try context.array(\(value), to: &writer) { \(closureBody(element, transform: nil)) }"
        case .dictionary(nil, let element):
            return "try context.dictionary(\(value), to: &writer) { \(closureBody(element, transform: nil)) }"
        case .dictionary(_?, let element):
            return
                "try context.dictionary(\(value), key: { context.dictionaryKey($0) }, to: &writer) { \(closureBody(element, transform: nil)) }"
        }
    }

    /// The context's function writing a leaf of `type`: the one without overloads for a type
    /// with Loom's own conformance.
    static func encodeFunction(_ type: String) -> String {
        TypeShape.hasLoomConformance(type) ? "_encodeJSON" : "encode"
    }

    /// The body of a `(value, inout writer)` closure writing `$0` to `$1`. A transform applies
    /// to the value inside a top-level optional.
    static func closureBody(_ shape: TypeShape, transform: String?) -> String {
        if let transform {
            if case .optional = shape {
                return "try context.optionalValue($0, to: &$1) { try context.transform($0, with: \(transform), to: &$1) }"
            }
            return "try context.transform($0, with: \(transform), to: &$1)"
        }
        switch shape {
        case .leaf(let type):
            return "try context.\(encodeFunction(type))($0, to: &$1)"
        case .optional(let wrapped):
            return "try context.optionalValue($0, to: &$1) { \(closureBody(wrapped, transform: nil)) }"
        case .array(let element), .set(let element):
            return "try context.array($0, to: &$1) { \(closureBody(element, transform: nil)) }"
        case .dictionary(nil, let element):
            return "try context.dictionary($0, to: &$1) { \(closureBody(element, transform: nil)) }"
        case .dictionary(_?, let element):
            return
                "try context.dictionary($0, key: { context.dictionaryKey($0) }, to: &$1) { \(closureBody(element, transform: nil)) }"
        }
    }
}
