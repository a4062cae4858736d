/// Writes the decoding from a parsed document: the statements of a class's
/// `init(json:context:)` and of its `update(json:context:)`.
///
/// The steps match the hand-written model: match the members of each object level into slot
/// variables (one pass per level, nested levels after their parent), decode every property
/// through the accumulator so errors can be collected, then assign.
enum DecodeGenerator {
    /// The decoding statements, one level deep.
    static func body(_ model: MappedModel) -> CodeWriter {
        var keys = KeyReferences(model, locals: true)
        var body = CodeWriter(depth: 1)
        let tree = model.tree
        let read = readSlots(model)

        // `@JSONLenient` on the type: every value beneath decodes leniently.
        if model.isLenient { body.line("let context = \(lenientContext(rounding: model.lenientRounding))") }
        body.line("let members = try context.object(element, for: Self.self)")
        for (slot, _) in tree.levels[0].slots.enumerated() where read.contains(KeyTree.SlotReference(level: 0, slot: slot)) {
            body.line("var \(tree.variable(KeyTree.SlotReference(level: 0, slot: slot))): Loom.JSONElement? = nil")
        }
        body.line("var errors = Loom.JSONErrorAccumulator(context)")
        let root = keys(0)
        if tree.levels[0].slots.isEmpty {
            // Nothing to match: every key is unknown.
            body.block("for member in members") { loop in
                loop.line("context.unknownKey(member.key, \(root), into: &errors)")
            }
        } else {
            body.line("var hint = 0")
            body.block("for member in members") { loop in
                // `case` lines sit at the level of their `switch`.
                loop.line("switch \(root).match(member.key, hint: &hint, context) {")
                writeCases(level: 0, tree: tree, read: read, into: &loop)
                loop.line("default: context.unknownKey(member.key, \(root), into: &errors)")
                loop.line("}")
            }
        }

        // Nested levels were created after their parents, so ascending order visits parents first.
        for level in tree.levels.dropFirst() {
            guard let parent = parentSlot(of: level.number, in: tree),
                read.contains(parent)
            else { continue }
            for (slot, _) in level.slots.enumerated()
            where read.contains(KeyTree.SlotReference(level: level.number, slot: slot)) {
                body.line(
                    "var \(tree.variable(KeyTree.SlotReference(level: level.number, slot: slot))): Loom.JSONElement? = nil")
            }
            let parentKeys = keys(parent.level)
            let nestedKeys = keys(level.number)
            body.block(
                "if let nested = try errors.capture({ try context.nestedObject(\(tree.variable(parent)), \(parentKeys), \(parent.slot)) }) ?? nil"
            ) { block in
                block.line("var hint\(level.number) = 0")
                block.block("for member in nested") { loop in
                    loop.line("switch \(nestedKeys).match(member.key, hint: &hint\(level.number), context) {")
                    writeCases(level: level.number, tree: tree, read: read, into: &loop)
                    // Nested objects are shared with data the model does not own: extra keys are fine.
                    loop.line("default: break")
                    loop.line("}")
                }
            }
        }

        for property in model.properties where property.decodes {
            // A property's own rounding rule overrides the model's, so it needs its own context
            // even in a lenient model.
            let lenient = property.lenientRounding != nil || (property.isLenient && !model.isLenient)
            writeCapture(property, lenient: lenient, tree: tree, keys: &keys, into: &body)
        }
        body.line("try errors.finish()")
        // Every value is unwrapped before the first store: with a `try` between two stores,
        // Swift builds `self` in a temporary and copies it out (a retain per String field).
        for property in model.properties where property.decodes {
            body.line("let u\(property.index) = try Loom.JSONErrorAccumulator.unwrap(v\(property.index))")
        }
        for property in model.properties where property.decodes {
            body.line(assignment(property))
        }

        var locals = CodeWriter(depth: 1)
        for line in keys.localBindings { locals.line(line) }
        var result = CodeWriter(depth: 0)
        result.append(locals)
        result.append(body)
        return result
    }

    /// Slots whose element some decoded property reads, plus every object level above them.
    static func readSlots(_ model: MappedModel) -> Set<KeyTree.SlotReference> {
        var result: Set<KeyTree.SlotReference> = []
        let decoding = Set(model.properties.filter(\.decodes).map(\.index))
        for (levelIndex, level) in model.tree.levels.enumerated().reversed() {
            for (slotIndex, slot) in level.slots.enumerated() {
                let reference = KeyTree.SlotReference(level: levelIndex, slot: slotIndex)
                switch slot.content {
                case .leaf(let owner):
                    if decoding.contains(owner.property) { result.insert(reference) }
                case .branch(let child):
                    // Children have higher level numbers, so they were visited already.
                    if model.tree.levels[child].slots.indices.contains(where: {
                        result.contains(KeyTree.SlotReference(level: child, slot: $0))
                    }) {
                        result.insert(reference)
                    }
                }
            }
        }
        return result
    }

    static func parentSlot(of level: Int, in tree: KeyTree) -> KeyTree.SlotReference? {
        for (levelIndex, candidate) in tree.levels.enumerated() {
            for (slotIndex, slot) in candidate.slots.enumerated() {
                if case .branch(level) = slot.content { return KeyTree.SlotReference(level: levelIndex, slot: slotIndex) }
            }
        }
        return nil
    }

    /// `case 0: context.assign(&s0, member.value)` per read slot; the keys only encoded are
    /// matched (so they are not unknown) and skipped.
    private static func writeCases(
        level: Int, tree: KeyTree, read: Set<KeyTree.SlotReference>, into cases: inout CodeWriter
    ) {
        var skipped: [Int] = []
        for slot in tree.levels[level].slots.indices {
            let reference = KeyTree.SlotReference(level: level, slot: slot)
            if read.contains(reference) {
                cases.line("case \(slot): context.assign(&\(tree.variable(reference)), member.value)")
            } else {
                skipped.append(slot)
            }
        }
        if !skipped.isEmpty {
            cases.line("case \(skipped.map(String.init).joined(separator: ", ")): break")
        }
    }

    private static func writeCapture(
        _ property: MappedProperty, lenient: Bool, tree: KeyTree, keys: inout KeyReferences, into body: inout CodeWriter
    ) {
        let decodeShape = property.isOptional ? property.shape.unwrapped : property.shape
        if !lenient, let direct = directCall(property, decodeShape, tree: tree, keys: &keys) {
            body.line("let v\(property.index) = \(direct)")
            return
        }
        let closure = "{ \(propertyValueExpression(property, decodeShape)) }"
        // With a default, the model's object and the default's text, for the report's note
        // about a missing key.
        let noted = property.defaultDescription.map { ", in: element, default: \($0)" } ?? ""
        let call: String
        switch property.keys {
        case .single(let slot):
            call = "try context.\(presenceFunction(property.presence))(\(tree.variable(slot)), \(keys(slot.level)), \(slot.slot)\(noted)) \(closure)"
        case .fallbacks(let slots):
            let sameLevel = Set(slots.map(\.level)).count == 1
            let candidates = slots.enumerated().map { position, slot in
                "(\(tree.variable(slot)), \(sameLevel ? slot.slot : position))"
            }
            body.line("let f\(property.index) = context.firstPresent([\(candidates.joined(separator: ", "))])")
            let keySet: String
            let slot: String
            if sameLevel {
                keySet = keys(slots[0].level)
                slot = "f\(property.index).1"
            } else {
                // Fallback keys at different levels: pick the key set and slot of the winner.
                keySet = "[\(slots.map { keys($0.level) }.joined(separator: ", "))][f\(property.index).1]"
                slot = "[\(slots.map { String($0.slot) }.joined(separator: ", "))][f\(property.index).1]"
            }
            call = "try context.\(presenceFunction(property.presence))(f\(property.index).0, \(keySet), \(slot)\(noted)) \(closure)"
        case .collected(let members):
            let pairs = members.map { "(\(KeyNames.literal($0.name)), \(tree.variable($0.slot)))" }
            let function = property.presence == .required ? "collected" : "collectedIfPresent"
            call = "try context.\(function)([\(pairs.joined(separator: ", "))]\(noted)) \(closure)"
        }
        guard lenient else {
            body.block("let v\(property.index) = try errors.capture") { capture in
                capture.line(call)
            }
            return
        }
        // `@JSONLenient`: the property (and everything beneath it) decodes with a lenient context.
        body.line("let v\(property.index) = try errors.capture { [context = \(lenientContext(rounding: property.lenientRounding))] in")
        var capture = CodeWriter(depth: 1)
        capture.line(call)
        body.append(capture)
        body.line("}")
    }

    /// The standard library's types that Loom decodes itself, spelled as written. For these
    /// the overload `$1.decode(T.self, from: $0)` picks is known from the name alone.
    static let directLeafTypes: Set<String> = Set(
        ["String", "Bool", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
         "UInt32", "UInt64"].flatMap { [$0, "Swift.\($0)"] })

    /// `try context.required(s0, _loomKeys, 0, String.self, into: &errors)` for a required or
    /// optional property of one key whose type is one of ``directLeafTypes`` with no
    /// transformer: the same decode as the closures' form, without the closures, which large
    /// initializers leave out of line. `nil` for every other property.
    private static func directCall(
        _ property: MappedProperty, _ shape: TypeShape, tree: KeyTree, keys: inout KeyReferences
    ) -> String? {
        guard case .single(let slot) = property.keys, case .leaf(let type) = shape, directLeafTypes.contains(type),
            property.transformReference == nil, property.hookType == nil
        else { return nil }
        let function: String
        switch property.presence {
        case .required: function = "required"
        case .optional: function = "optional"
        case .defaulted, .optionalDefaulted: return nil
        }
        return "try context.\(function)(\(tree.variable(slot)), \(keys(slot.level)), \(slot.slot), \(type).self, into: &errors)"
    }

    /// `context.lenient`, or `context.lenient(rounding: rule)` for `@JSONLenient(rounding: rule)`.
    static func lenientContext(rounding: String?) -> String {
        rounding.map { "context.lenient(rounding: \($0))" } ?? "context.lenient"
    }

    /// The expression decoding `$0` as the property, with the context `$1`: its
    /// `@JSONTransform` transformer, else the type's mapping (through the model's transformer
    /// hook when it has one). Closures take the context as an argument rather than capture it
    /// because a captured context is copied at every call, that is for every element.
    static func propertyValueExpression(_ property: MappedProperty, _ shape: TypeShape) -> String {
        if let transform = property.transformReference { return "try $1.transform($0, with: \(transform))" }
        let plain = valueExpression(shape, transform: nil, lossy: property.isLossy)
        guard let hookType = property.hookType else { return plain }
        return
            "try $1.transform($0, with: Self.jsonTransformer(forProperty: \(KeyNames.literal(property.name)), of: \(hookType).self)) { \(plain) }"
    }

    static func presenceFunction(_ presence: MappedProperty.Presence) -> String {
        switch presence {
        case .required: return "required"
        case .optional: return "optional"
        case .defaulted: return "defaulted"
        case .optionalDefaulted: return "optionalDefaulted"
        }
    }

    /// The expression decoding `$0` as `shape` with the context `$1`; `lossy` drops failing
    /// elements at every collection level (`@JSONLossy`).
    static func valueExpression(_ shape: TypeShape, transform: String?, lossy: Bool = false) -> String {
        if let transform { return "try $1.transform($0, with: \(transform))" }
        let lossyArgument = lossy ? ", lossy: true" : ""
        switch shape {
        case .leaf(let type):
            return "try $1.decode(\(type).self, from: $0)"
        case .optional(let wrapped):
            return "try $1.optionalValue($0) { \(valueExpression(wrapped, transform: nil, lossy: lossy)) }"
        case .array(let element):
            return "try $1.array($0\(lossyArgument)) { \(valueExpression(element, transform: nil, lossy: lossy)) }"
        case .set(let element):
            return "try $1.set($0\(lossyArgument)) { \(valueExpression(element, transform: nil, lossy: lossy)) }"
        case .dictionary(nil, let value):
            return "try $1.dictionary($0\(lossyArgument)) { \(valueExpression(value, transform: nil, lossy: lossy)) }"
        case .dictionary(let key?, let value):
            return
                "try $1.dictionary($0\(lossyArgument), key: { try $1.dictionaryKey(\(key).self, from: $0) }) { \(valueExpression(value, transform: nil, lossy: lossy)) }"
        }
    }

    static func assignment(_ property: MappedProperty) -> String {
        let value = "u\(property.index)"
        switch property.presence {
        case .required, .optional:
            return "self.\(property.accessName) = \(value)"
        case .defaulted(nil), .optionalDefaulted(nil):
            return "if let value = \(value) { self.\(property.accessName) = value }"
        case .defaulted(let expression?), .optionalDefaulted(let expression?):
            return "self.\(property.accessName) = \(value) ?? \(expression)"
        }
    }
}
