// The one mapping of a model: how its JSON object becomes its properties' values, written
// once as functions generic over `Loom._JSONReading` and run by both readers — `_JSONReader`
// over the bytes (the direct path) and `_JSONElementReader` over a parsed document (which
// reports errors and applies leniency). See the Models article (Sources/Loom/Loom.docc/Models.md), "The mapping".
//
//     static func _loomRead<_LoomReader>(_ reader:, _ context:) -> _LoomValues
//         var (s_v0, …): (v0: Optional<String>, …) = (nil, …)   one slot per decoded property
//         if try reader.beginObject(…) { … }                   the member loop: key → slot → value
//         try reader.required(&s_v0, …) …                       the checks, then the values
//
// A model of more than twelve slots (`readsInOneFunction`) keeps them in a tuple instead:
//
//     typealias _LoomFields = (m: Loom._JSONSlotsMark, v0: Optional<String>, …)
//     typealias _LoomSlots = Loom._JSONSlots<_LoomFields>
//     static func _loomRead<_LoomReader>(_ slots:, _ reader:, _ context:)     the member loop: key → slot → value
//     static func _loomFinish<_LoomReader>(_ slots:, _ reader:, _ context:)   the checks, then the values
//                                                                  (in the reading initializer
//                                                                  when they name nothing else)
//
// Slots are named after the property's index: `v3` holds its value, `r3` the state of its
// fallback keys, `c3` (and `d3`) the members of a collected property, `u3` the unknown members;
// `f` is the flattened properties' state and `b2` says whether the key-path step of level 2
// was seen. In the tuple, the first, `m`, holds nothing (`Loom._JSONSlotsMark`, for the
// isolation checker).

enum MappingGenerator {
    /// `_LoomSlots` of a model of more than twelve slots, which the member loop fills: the
    /// slots' tuple, `_LoomFields`, in `Loom._JSONSlots`, one generic struct for every model, so
    /// that a model compiles no accessors and no value witnesses for them. The tuple stays in a
    /// struct, because a bare tuple is destroyed through the runtime's generic tuple witness, a
    /// few hundred instructions a model.
    ///
    /// A class in a hierarchy declares a struct of its own, `_LoomSlots_<Class>`, which keeps
    /// the collected values its checks decode (`d<index>`) and holds its superclass's slots
    /// (`sup`, of type `superSlots`).
    static func slots(_ model: MappedModel) -> CodeWriter {
        var writer = CodeWriter()
        writer.line("typealias _LoomFields = \(fieldsType(slotFields(model, keepsCollected: false)))")
        writer.line("")
        writer.line("typealias _LoomSlots = Loom._JSONSlots<_LoomFields>")
        return writer
    }

    /// The slots struct of a class in a hierarchy (see ``slots(_:)``).
    static func hierarchySlots(_ model: MappedModel, name: String, superSlots: String?, access: String) -> CodeWriter {
        let fields = slotFields(model, keepsCollected: true)
        var writer = CodeWriter()
        writer.block("\(access)struct \(name): ~Copyable") { body in
            if let superSlots { body.line("\(access)var sup = \(superSlots)()") }
            if !fields.isEmpty {
                body.line("\(access)var s: \(fieldsType(fields)) = \(fieldsValue(fields))")
            }
            // Declared, so that Swift does not write a memberwise initializer.
            body.line("\(access)init() {}")
        }
        return writer
    }

    /// A fresh `_LoomSlots` of a struct or a final class, for its `var slots = …`.
    static func newSlots(_ model: MappedModel) -> String {
        "_LoomSlots(\(fieldsValue(slotFields(model, keepsCollected: false))))"
    }

    /// The slots' values as locals, for the checks and the values written with the prefix
    /// `s_`: `var (s_v0, s_c1, …) = slots.take()`, each slot that the checks or the values of
    /// `valued` change (a value, a collected property's members, the unknown members) taken
    /// out of `_LoomSlots` into a local; a slot they do not use (a key-path step's
    /// `b<level>`, a property an update leaves alone) is `_`. The slots they only read (a
    /// fallback's `r<index>`, the flattened properties' `f`) are copied first, as `let`s.
    ///
    /// Each local is then destroyed on its own, which costs nothing once its value is taken,
    /// where the generic struct would destroy its tuple through the runtime's generic tuple
    /// witness, a few hundred instructions a model. Checks on locals also compile faster than
    /// checks through the slots' tuple: the concurrency checker asks whether the whole tuple
    /// is `Sendable` at every access to one of its elements.
    static func takeSlots(_ model: MappedModel, valued: MappedModel) -> [String] {
        var taken: Set<String> = []
        var copied: [String] = []
        for property in valued.properties where property.decodes {
            let index = property.index
            switch property.keys {
            case .single: taken.insert("v\(index)")
            case .fallbacks:
                taken.insert("v\(index)")
                copied.append("r\(index)")
            case .collected: taken.insert("c\(index)")
            case .unknown: taken.insert("u\(index)")
            case .flattened:
                taken.insert("v\(index)")
                if !copied.contains("f") { copied.append("f") }
            }
        }
        var lines = copied.map { "let s_\($0) = slots.s.\($0)" }
        let fields = slotFields(model, keepsCollected: false)
        guard fields.contains(where: { taken.contains($0.name) }) else { return lines }
        let names = fields.map { taken.contains($0.name) ? "s_\($0.name)" : "_" } + (fields.count == 1 ? ["_"] : [])
        lines.append("var (\(names.joined(separator: ", "))) = slots.take()")
        return lines
    }

    /// Whether the whole mapping runs in `_loomRead`, its slots locals of that function: for a
    /// model of at most twelve slots. There the member loop reads and writes the slots in
    /// place, and the initializer compiles one call. A larger set of slots stays in the
    /// initializer's `_LoomFields`, which the member loop fills through `inout`: as locals of
    /// the loop's function, LLVM would move them between stack slots at every member.
    static func readsInOneFunction(_ model: MappedModel) -> Bool {
        slotFields(model, keepsCollected: false).count - 1 <= 12
    }

    /// The slots of a model that ``readsInOneFunction(_:)`` as empty locals, `var (s_v0, s_r0,
    /// …): (v0: Optional<Int>, r0: Loom._JSONFallbackState, …) = (nil, Loom._JSONFallbackState(),
    /// …)` (`var s_v0: Optional<Int> = nil` for one); `nil` for a model without slots.
    ///
    /// Locals, not one tuple: Swift 6's region-based isolation checker asks at every access to
    /// a tuple's element whether the whole tuple is `Sendable`, and a local tuple is destroyed
    /// through the runtime's generic tuple witness.
    static func slotLocals(_ model: MappedModel) -> String? {
        let fields = Array(slotFields(model, keepsCollected: false).dropFirst())
        if fields.count == 1, let field = fields.first { return "var s_\(field.name): \(field.type) = \(field.initial)" }
        guard !fields.isEmpty else { return nil }
        return "var (\(fields.map { "s_\($0.name)" }.joined(separator: ", "))): \(fieldsType(fields)) = \(fieldsValue(fields))"
    }

    /// The slots' tuple type. A tuple of one element is not a tuple: a `Void` keeps the label.
    private static func fieldsType(_ fields: [(name: String, type: String, initial: String)]) -> String {
        "(\((fields.map { "\($0.name): \($0.type)" } + (fields.count == 1 ? ["Void"] : [])).joined(separator: ", ")))"
    }

    /// The slots' tuple with each slot empty.
    private static func fieldsValue(_ fields: [(name: String, type: String, initial: String)]) -> String {
        "(\((fields.map(\.initial) + (fields.count == 1 ? ["()"] : [])).joined(separator: ", ")))"
    }

    /// The slots of a model, in order (see the top of the file).
    private static func slotFields(
        _ model: MappedModel, keepsCollected: Bool
    ) -> [(name: String, type: String, initial: String)] {
        // A class in a hierarchy keeps its slots in a struct of its own (`hierarchySlots`).
        var fields: [(name: String, type: String, initial: String)] =
            keepsCollected ? [] : [("m", "Loom._JSONSlotsMark", "Loom._JSONSlotsMark()")]
        for property in model.properties where property.decodes {
            let index = property.index
            switch property.keys {
            case .single, .flattened:
                fields.append(("v\(index)", "Optional<\(property.valueType)>", "nil"))
            case .fallbacks:
                fields.append(("v\(index)", "Optional<\(property.valueType)>", "nil"))
                fields.append(("r\(index)", "Loom._JSONFallbackState", "Loom._JSONFallbackState()"))
            case .collected:
                fields.append(("c\(index)", "Loom._JSONCollectedSlot", "Loom._JSONCollectedSlot()"))
                if keepsCollected { fields.append(("d\(index)", "Optional<\(property.valueType)>", "nil")) }
            case .unknown:
                fields.append(("u\(index)", "Loom._JSONUnknownMembers", "Loom._JSONUnknownMembers()"))
            }
        }
        if !model.flattenedProperties.isEmpty {
            fields.append(("f", "Loom._JSONFlattenState", "Loom._JSONFlattenState()"))
        }
        guard model.tree.levels.count > 1 else { return fields }
        let read = DecodeGenerator.readSlots(model)
        for level in model.tree.levels.dropFirst() {
            guard let parent = DecodeGenerator.parentSlot(of: level.number, in: model.tree), read.contains(parent)
            else { continue }
            fields.append(("b\(level.number)", "Bool", "false"))
        }
        return fields
    }

    /// The context expression a property's values decode with: the model's, or a lenient one
    /// for `@JSONLenient` on the property.
    static func context(_ property: MappedProperty, _ model: MappedModel) -> String {
        if property.lenientRounding != nil || (property.isLenient && !model.isLenient) {
            return DecodeGenerator.lenientContext(rounding: property.lenientRounding)
        }
        return "context"
    }

    // MARK: The member loop

    /// The statements of the member loop, from `beginObject` on, one level deep. With
    /// `dispatch`, a statement reading the member of slot `slot` (class hierarchies), level 0
    /// hands every known member to it. `slots` prefixes a slot's name: `slots.` in a member
    /// loop that has the slots' tuple `inout`, `slots.s.` in one that has their struct.
    ///
    /// `enclosed`: the loop is a block of its own (`if try reader.beginObject(…) { … }`), for a
    /// function that goes on to the checks; otherwise the function returns when there is no
    /// object to read.
    static func loop(
        _ model: MappedModel, keys: inout KeyReferences, dispatch: String? = nil, slots: String = "slots.s.",
        enclosed: Bool = false
    ) -> CodeWriter {
        var body = CodeWriter()
        let read = DecodeGenerator.readSlots(model)
        // Flattened properties read the object again from here.
        if !model.flattenedProperties.isEmpty { body.line("\(slots)f.start = try reader.objectStart()") }
        let begin = "try reader.beginObject(Self.self, \(keys(0)), context)"
        let members = levelLoop(0, model: model, read: read, keys: &keys, dispatch: dispatch, slots: slots)
        if enclosed {
            body.block("if \(begin)") { $0.append(members) }
        } else {
            body.line("guard \(begin) else { return }")
            body.append(members)
        }
        return body
    }

    /// `var hint = 0; repeat { do { switch … } catch { recover } } while nextMember()` for one level.
    private static func levelLoop(
        _ level: Int, model: MappedModel, read: Set<KeyTree.SlotReference>, keys: inout KeyReferences,
        dispatch: String? = nil, slots: String
    ) -> CodeWriter {
        let hint = level == 0 ? "hint" : "hint\(level)"
        let keySet = keys(level)
        var writer = CodeWriter()
        writer.line("var \(hint) = 0")
        writer.line("repeat {")
        var attempt = CodeWriter(depth: 1)
        attempt.line("do {")
        var cases = CodeWriter(depth: 1)
        let unknown: String
        if level == 0, let capture = model.unknownKeysProperty {
            unknown = "try reader.captureUnknown(&\(slots)u\(capture.index), context)"
        } else {
            unknown = level == 0 ? "try reader.passUnknown(context)" : "try reader.passValue()"
        }
        let entries = dispatch == nil ? caseEntries(level, model: model, read: read, keys: &keys, slots: slots) : []
        // Slots past the model's own are its flattened properties' keys, read afterwards.
        let flattens = level == 0 && dispatch == nil && !model.flattenedProperties.isEmpty
        if let dispatch {
            cases.line("let slot = try reader.nextKey(\(keySet), hint: &\(hint))")
            cases.line("if slot >= 0 { try \(dispatch) } else { \(unknown) }")
        } else if entries.isEmpty && !flattens {
            cases.line("_ = try reader.nextKey(\(keySet), hint: &\(hint))")
            cases.line(unknown)
        } else {
            // `case` lines sit at the level of their `switch`.
            cases.line("switch try reader.nextKey(\(keySet), hint: &\(hint)) {")
            for (label, statements) in entries {
                if statements.lines.count == 1, let only = statements.lines.first {
                    cases.line("case \(label): \(only.trimmingLeadingSpaces)")
                } else {
                    cases.line("case \(label):")
                    var indented = CodeWriter(depth: 1)
                    indented.append(statements)
                    cases.append(indented)
                }
            }
            if flattens {
                cases.line("case -1: \(unknown)")
                cases.line("case let flattened: try reader.passFlattened(&\(slots)f, \(keySet), flattened)")
            } else {
                cases.line("default: \(unknown)")
            }
            cases.line("}")
        }
        attempt.append(cases)
        attempt.line("} catch {")
        attempt.line("    try reader.recover(error, context)")
        attempt.line("}")
        writer.append(attempt)
        writer.line("} while try reader.moreMembers()")
        return writer
    }

    /// The `case` label and statements of each slot of `level` that the loop handles:
    /// decoded values, key-path steps (with their own loop), and keys only encoded (skipped).
    /// `base` offsets level 0's slots in its key set (a superclass's part of a subclass's object).
    static func caseEntries(
        _ level: Int, model: MappedModel, read: Set<KeyTree.SlotReference>, keys: inout KeyReferences, base: String? = nil,
        slots: String = "slots.s."
    ) -> [(label: String, statements: CodeWriter)] {
        var entries: [(String, CodeWriter)] = []
        var skipped: [Int] = []
        let byIndex = Dictionary(model.properties.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        for (slot, entry) in model.tree.levels[level].slots.enumerated() {
            let reference = KeyTree.SlotReference(level: level, slot: slot)
            guard read.contains(reference) else {
                skipped.append(slot)
                continue
            }
            var statements = CodeWriter()
            switch entry.content {
            case .branch(let child):
                let parentKeys = keys(level)
                let childKeys = keys(child)
                let index = level == 0 ? base.map { "\($0) &+ \(slot)" } ?? "\(slot)" : "\(slot)"
                statements.line(
                    "if try reader.beginNested(\(parentKeys), \(index), \(childKeys), seen: &\(slots)b\(child), context) {")
                var nested = CodeWriter(depth: 1)
                nested.append(levelLoop(child, model: model, read: read, keys: &keys, slots: slots))
                statements.append(nested)
                statements.line("}")
            case .leaf(let owner):
                guard let property = byIndex[owner.property] else { continue }
                for line in memberStatements(property, role: owner.role, at: reference, model: model, slots: slots) { statements.line(line) }
            }
            entries.append(("\(slot)", statements))
        }
        // Keys only encoded are known: their values are validated and passed over.
        if !skipped.isEmpty {
            var skip = CodeWriter()
            skip.line("try reader.passValue()")
            entries.append((skipped.map(String.init).joined(separator: ", "), skip))
        }
        return entries
    }

    /// The statements reading one member into its property's slot.
    private static func memberStatements(
        _ property: MappedProperty, role: KeyTree.Owner.Role, at reference: KeyTree.SlotReference, model: MappedModel,
        slots: String
    ) -> [String] {
        let slot = "\(slots)v\(property.index)"
        let shape = property.isOptional ? property.shape.unwrapped : property.shape
        let value = valueExpression(property, shape, model: model)
        // A property with fallback keys reads every one of them, its first key too, the same way.
        var role = role
        if case .primary = role, property.isFallback { role = .alternative }
        switch role {
        case .collected(let name):
            guard case .collected(let members) = property.keys, let position = members.firstIndex(where: { $0.name == name })
            else { return [] }
            return ["try reader.collect(&\(slots)c\(property.index), \(position))"]
        case .alternative:
            guard case .fallbacks(let references) = property.keys, let rank = references.firstIndex(of: reference) else {
                return []
            }
            let stored = property.isOptional ? ".some(try \(value))" : "try \(value)"
            return [
                "if try reader.claimAlternative(&\(slot), &\(slots)r\(property.index), rank: \(rank)) { \(slot) = \(stored) }"
            ]
        case .primary:
            if let replaced = property.lossyDefault {
                return lossyStatements(property, slot: slot, shape: shape, model: model, replaced: replaced)
            }
            // A leaf value is read and claimed in one call.
            let leaf = leafType(property, shape)
            switch property.presence {
            case .required, .defaulted:
                if let leaf, !property.isOptional {
                    return ["try reader.\(readSlot(leaf))(&\(slot), \(leaf).self, \(context(property, model)))"]
                }
                return ["try reader.claimSlot(&\(slot))", "\(slot) = try \(value)"]
            case .optional:
                if let leaf {
                    return ["try reader.\(readSlot(leaf, optional: true))(&\(slot), \(leaf).self, \(context(property, model)))"]
                }
                // `.none`, not `nil`: a type that is `ExpressibleByNilLiteral` (`JSONValue`) would
                // take `nil` as its own value.
                return ["try reader.claimSlot(&\(slot), nullable: true)", "\(slot) = .some(try reader.readNull() ? .none : \(value))"]
            case .optionalDefaulted:
                return [
                    "try reader.claimSlot(&\(slot), nullable: true)",
                    "\(slot) = .some(try reader.readNullKeepingDefault(context) ? .none : \(value))",
                ]
            }
        }
    }

    /// The reader's function reading a leaf of `type` into a slot (or `nil` for `null` with
    /// `optional`): the one without overloads for a type with Loom's own conformance.
    static func readSlot(_ type: String, optional: Bool = false) -> String {
        let loom = TypeShape.hasLoomConformance(type)
        switch (optional, loom) {
        case (false, false): return "readSlot"
        case (false, true): return "readJSONSlot"
        case (true, false): return "readOptionalSlot"
        case (true, true): return "readOptionalJSONSlot"
        }
    }

    /// The reader's function reading a value of `type`: the one without overloads for a type
    /// with Loom's own conformance.
    static func valueFunction(_ type: String) -> String {
        TypeShape.hasLoomConformance(type) ? "jsonValue" : "value"
    }

    /// The type of a property's value of `shape` when it is read as a leaf with `value`, not
    /// through a transformer, a hook or a collection.
    static func leafType(_ property: MappedProperty, _ shape: TypeShape) -> String? {
        guard property.transformReference == nil, property.hookType == nil, case .leaf(let type) = shape else { return nil }
        return type
    }

    /// The statements reading a `@JSONLossy` property whose invalid value gives its default
    /// (`replaced`, as written, for the report) or `nil`: the reader's `lossy` returns `nil`
    /// for a value that fails, which leaves the slot as a missing key leaves it.
    private static func lossyStatements(
        _ property: MappedProperty, slot: String, shape: TypeShape, model: MappedModel, replaced: String
    ) -> [String] {
        let read = valueExpression(property, shape, model: model, reader: "$0", context: "$1")
        let value = "reader.lossy(\(context(property, model)), default: \(replaced)) { try \(read) }"
        switch property.presence {
        case .required, .defaulted:
            // `null` is one more value that fails.
            return ["try reader.claimSlot(&\(slot), nullable: true)", "\(slot) = try \(value)"]
        case .optional:
            return ["try reader.claimSlot(&\(slot), nullable: true)", "\(slot) = .some(try reader.readNull() ? .none : \(value))"]
        case .optionalDefaulted:
            return [
                "try reader.claimSlot(&\(slot), nullable: true)",
                "\(slot) = try reader.readNullKeepingDefault(context) ? .some(.none) : \(value).map { .some($0) }",
            ]
        }
    }

    /// The expression reading a property's value of `shape` (without its `try`) from `reader`
    /// with `context` (the property's own context when `nil`).
    static func valueExpression(
        _ property: MappedProperty, _ shape: TypeShape, model: MappedModel, reader: String = "reader",
        context: String? = nil
    ) -> String {
        let context = context ?? Self.context(property, model)
        if let transform = property.transformReference {
            return "\(reader).decodeElement(\(context)) { try $1.transform($0, with: \(transform)) }"
        }
        if property.hookType != nil {
            return "\(reader).decodeElement(\(context)) { \(DecodeGenerator.propertyValueExpression(property, shape)) }"
        }
        return shapeExpression(shape, reader: reader, context: context, lossy: property.isLossy)
    }

    /// Element types whose arrays are read as one value, as a declaration spells them.
    static let numberArrayElements: Set<String> = ["Double", "Swift.Double"]

    /// Reads `shape` from `reader` with `context`; every collection level is lossy with `lossy`.
    static func shapeExpression(_ shape: TypeShape, reader: String, context: String, lossy: Bool) -> String {
        func nested(_ call: String, _ inner: TypeShape) -> String {
            "\(reader).\(call) { try \(shapeExpression(inner, reader: "$0", context: "$1", lossy: lossy)) }"
        }
        let lossyArgument = lossy ? "true" : "false"
        switch shape {
        case .leaf(let type): return "\(reader).\(valueFunction(type))(\(type).self, \(context))"
        case .optional(let wrapped): return nested("optionalValue(\(context))", wrapped)
        case .array(.leaf(let type)) where !lossy && numberArrayElements.contains(type):
            // One value: Loom's array conformance reads numbers in a loop of its own.
            return "\(reader).jsonValue([\(type)].self, \(context))"
        case .array(let element): return nested("array(\(context), lossy: \(lossyArgument))", element)
        case .set(let element): return nested("set(\(context), lossy: \(lossyArgument))", element)
        case .dictionary(nil, let value): return nested("dictionary(\(context), lossy: \(lossyArgument))", value)
        case .dictionary(let key?, let value):
            return nested(
                "dictionary(\(context), lossy: \(lossyArgument), key: { try $1.dictionaryKey(\(key).self, from: $0) })", value)
        }
    }

    // MARK: Checks and values

    /// The checks of every decoded property, in declaration order, then `endObject()`; a
    /// collected property's check decodes it into `c<index>`. `base` offsets the slots of
    /// level 0 in its key set (a superclass's part of a subclass's object).
    /// A class's checks keep collected values in `d<index>` of the slots and leave the object
    /// open (`ends` is `false`): its superclass's checks follow. `slots` prefixes a slot's name,
    /// as in ``value(_:keptCollected:slots:)``.
    static func checks(
        _ model: MappedModel, keys: inout KeyReferences, base: String? = nil, ends: Bool = true,
        slots prefix: String = "slots.s."
    ) -> [String] {
        var lines: [String] = []
        for property in model.properties where property.decodes {
            let context = context(property, model)
            let noted = property.defaultDescription ?? "\"\""
            func reference(_ slot: KeyTree.SlotReference) -> String {
                if slot.level == 0, let base { return "\(keys(0)), \(base) &+ \(slot.slot)" }
                return "\(keys(slot.level)), \(slot.slot)"
            }
            switch property.keys {
            case .single(let slot):
                let function = DecodeGenerator.presenceFunction(property.presence)
                let defaultArgument: String
                switch property.presence {
                case .required, .optional: defaultArgument = ""
                case .defaulted, .optionalDefaulted: defaultArgument = ", default: \(noted)"
                }
                lines.append(
                    "try reader.\(function)(&\(prefix)v\(property.index), \(reference(slot)), \(context)\(defaultArgument))")
            case .fallbacks(let slots):
                let candidates = slots.map { "(\(reference($0)))" }.joined(separator: ", ")
                lines.append(
                    "try reader.fallback(\(prefix)v\(property.index), \(prefix)r\(property.index), [\(candidates)], .\(presenceCase(property.presence)), \(context), default: \(noted))"
                )
            case .collected(let members):
                let names = members.map { "(\(KeySpelling.literal($0.name)), \(reference($0.slot)))" }.joined(separator: ", ")
                let shape = property.isOptional ? property.shape.unwrapped : property.shape
                let value: String
                if let transform = property.transformReference {
                    value = "$0.decodeElement($1) { try $1.transform($0, with: \(transform)) }"
                } else {
                    value = shapeExpression(shape, reader: "$0", context: "$1", lossy: property.isLossy)
                }
                lines.append(
                    "let c\(property.index) = try reader.collected(&\(prefix)c\(property.index), [\(names)], .\(presenceCase(property.presence)), \(context), default: \(noted)) { try \(value) }"
                )
                if !ends { lines.append("if let c\(property.index) { \(prefix)d\(property.index) = c\(property.index) }") }
            case .unknown:
                lines.append(
                    "let u\(property.index) = try reader.capturedUnknown(&\(prefix)u\(property.index), \(keys(0)), context)")
            case .flattened(_, let entry, let type):
                lines.append(
                    "if let value = try reader.flattened(\(type).self, \(keys(0)), \(entry), \(prefix)f, .\(presenceCase(property.presence)), \(context)) { \(prefix)v\(property.index) = value }"
                )
            }
        }
        if ends { lines.append("try reader.endObject()") }
        return lines
    }

    /// A property's value once the checks passed; `keptCollected` when the checks left a
    /// collected value in the slots. `slots` prefixes a slot's name: `slots.s.` in the slots
    /// struct, `s_` in the locals of ``takeSlots(_:valued:)``.
    static func value(_ property: MappedProperty, keptCollected: Bool = false, slots: String = "slots.s.") -> String {
        let index = property.index
        let taken: String
        switch property.keys {
        case .single, .flattened:
            taken = "\(slots)v\(index).take()"
        case .fallbacks:
            // `null` from a fallback key leaves the slot empty; for an optional with a default
            // that is `nil`, not the default.
            if case .optionalDefaulted = property.presence {
                taken = "(\(slots)r\(index).tookNull ? .some(nil) : \(slots)v\(index).take())"
            } else {
                taken = "\(slots)v\(index).take()"
            }
        case .collected:
            // The checks' value is already the optional property's: nothing to flatten.
            if !keptCollected, case .optional = property.presence { return "c\(index)" }
            taken = keptCollected ? "\(slots)d\(index).take()" : "c\(index)"
        case .unknown:
            // Always present: the members no key maps, perhaps none.
            return "u\(index)"
        }
        switch property.presence {
        case .required: return "try reader.unwrap(\(taken))"
        case .optional: return "Loom._flattened(\(taken))"
        case .defaulted(let expression?), .optionalDefaulted(let expression?): return "\(taken) ?? \(expression)"
        case .defaulted(nil), .optionalDefaulted(nil): return taken
        }
    }

    static func presenceCase(_ presence: MappedProperty.Presence) -> String {
        switch presence {
        case .required: return "required"
        case .optional: return "optional"
        case .defaulted: return "defaulted"
        case .optionalDefaulted: return "optionalDefaulted"
        }
    }

    /// The context parameter of the generated functions that are neither initializers nor
    /// protocol requirements. Not `borrowing`: a function passes a copyable parameter that way
    /// already, and the modifier would only make it a no-implicit-copy value, which Swift 6's
    /// move checker and region-based isolation checking then follow through every use.
    static let contextParameter = "_ context: Loom.JSONDecodingContext"

    /// The generic signature of the member loop, which fills the slots: their tuple, which
    /// compiles faster than the struct around it (no noncopyable value to check at every
    /// member) and is the same memory.
    static let readerParameters =
        "<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomFields, _ reader: inout _LoomReader, \(contextParameter)) throws"

    /// The generic signature of the checks, which take the slots' values.
    static let finishParameters =
        "<_LoomReader: Loom._JSONReading>(_ slots: consuming _LoomSlots, _ reader: inout _LoomReader, \(contextParameter)) throws"
}

extension MappedProperty {
    /// Whether the property has fallback keys.
    var isFallback: Bool {
        if case .fallbacks = keys { return true }
        return false
    }

}

extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
