import SwiftSyntax

// A struct model's conformance, in two places.
//
// Everything that names the user's types or evaluates the user's expressions — key sets with a
// runtime key strategy, transformers, defaults, the mapping (`MappingGenerator`) and encoding —
// is generated in the type's body (the member role), where names resolve exactly as in the
// user's own declarations: a model nested in `enum GitHub { … }` sees `GitHub`'s other members
// there, but not in `extension GitHub.Issue` at file scope.
//
// The initializers go in the extension (the extension role): an initializer in the body would
// take away Swift's memberwise initializer. They name none of the user's types: they run the
// mapping, which gives the values as `_LoomValues`, a tuple type declared in the body, and
// store them. A model of up to twelve slots has its whole mapping in the body, `_loomRead`, the
// checks included; a larger one's checks run in the reading initializer itself when they
// evaluate nothing of the user's (`finishesInInitializer`), in `_loomFinish` in the body when
// they do.
//
// A struct at file scope, where an extension resolves names as the body does, has everything
// in the extension but a public memberwise initializer (`JSONModelMacro`).

enum StructGenerator {
    /// The declarations for the type's body; the extension's are ``initializers(_:_:declaresMapped:)``.
    ///
    /// `declaresMapped`: whether the extension declares `Loom._JSONMapped`, whose defaults are
    /// then the document initializer and the direct path (see ``mapsWholly(_:)``).
    static func members(_ model: MappedModel, _ description: ModelDescription, declaresMapped: Bool) -> [String] {
        let hooks = description.hooks
        let access = model.accessPrefix
        var members: [String] = []

        members += ExtensionGenerator.keySetDeclarations(model)
        members += ExtensionGenerator.transformerDeclarations(model)
        members.append("typealias _LoomValues = \(valuesType(model))")
        members += mapping(model)

        // `Loom._JSONMapped`, which the extension declares, has the direct path. With
        // `jsonWillDecode`, which rewrites a parsed value, the model reads from a document of
        // its object, `JSONDecodable`'s default.
        if !declaresMapped, hooks.willDecode == nil {
            members.append(directReading(access: model.deprecationAttribute + access))
        }
        members.append(encoder(model, hooks: hooks, access: access).text)
        if description.inheritedTypes.contains("JSONMergeable") {
            members += mergeMembers(model, description, access: access)
        }
        return members
    }

    /// Whether `Loom._JSONMapped`'s defaults can stand for the model's document initializer
    /// and direct path: not with `jsonWillDecode`, which decodes a rewritten element.
    static func mapsWholly(_ description: ModelDescription) -> Bool {
        description.hooks.willDecode == nil
    }

    /// The initializers alone, for the extension role, which needs nothing else.
    static func initializers(_ model: MappedModel, _ description: ModelDescription, declaresMapped: Bool) -> [String] {
        (declaresMapped ? [] : [documentInitializer(model, hooks: description.hooks).text]) + [
            readingInitializer(model, description, modifiers: model.accessPrefix).text,
            valuesInitializer(model).text,
        ]
    }

    /// `_readsDirectly` and `_read(from:context:)`, which runs the mapping on a `_JSONReader`.
    static func directReading(access: String) -> String {
        var direct = CodeWriter()
        direct.line("\(access)static var _readsDirectly: Bool { true }")
        direct.line("")
        direct.block(
            "\(access)static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self"
        ) { $0.line("try Loom._JSONReader.narrowing { try Self(_loomReading: &reader, context: context) }") }
        return direct.text
    }

    // MARK: The mapping

    /// The mapping's declarations in the body: `_loomRead` alone for a model that
    /// ``MappingGenerator/readsInOneFunction(_:)``; otherwise the slots' tuple, the member loop
    /// and, for checks that evaluate something of the model's, `_loomFinish`.
    static func mapping(_ model: MappedModel) -> [String] {
        if MappingGenerator.readsInOneFunction(model) { return [wholeReadFunction(model).text] }
        var members = [MappingGenerator.slots(model).text, readFunction(model).text]
        if !finishesInInitializer(model) { members.append(finishFunction(model).text) }
        return members
    }

    /// `_loomRead` of a model that ``MappingGenerator/readsInOneFunction(_:)``: the slots as
    /// locals, the member loop, the checks, then the values, with `@JSONDefault` expressions
    /// evaluated here, in the body, where their names resolve. Not inlined: the initializer
    /// stays one call.
    static func wholeReadFunction(_ model: MappedModel) -> CodeWriter {
        var keys = KeyReferences(model, locals: true)
        let loop = MappingGenerator.loop(model, keys: &keys, slots: "s_", enclosed: true)
        let checks = MappingGenerator.checks(model, keys: &keys, slots: "s_")
        var writer = CodeWriter()
        writer.line("@inline(never)")
        writer.block(
            "static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, \(MappingGenerator.contextParameter)) throws -> _LoomValues"
        ) { body in
            if model.isLenient { body.line("let context = \(DecodeGenerator.lenientContext(rounding: model.lenientRounding))") }
            if let locals = MappingGenerator.slotLocals(model) { body.line(locals) }
            for line in keys.localBindings { body.line(line) }
            body.append(loop)
            for line in checks { body.line(line) }
            body.line("return \(finishedValues(model))")
        }
        return writer
    }

    /// `_loomRead`, the member loop of a larger model. Not inlined: with the slots `inout` in
    /// a function of their own, LLVM keeps them in place instead of moving a large one (a
    /// nested model) between stack slots at every member.
    static func readFunction(_ model: MappedModel) -> CodeWriter {
        var keys = KeyReferences(model, locals: true)
        let loop = MappingGenerator.loop(model, keys: &keys, slots: "slots.")
        var writer = CodeWriter()
        writer.line("@inline(never)")
        writer.block("static func _loomRead\(MappingGenerator.readerParameters)") { body in
            if model.isLenient { body.line("let context = \(DecodeGenerator.lenientContext(rounding: model.lenientRounding))") }
            for line in keys.localBindings { body.line(line) }
            body.append(loop)
        }
        return writer
    }

    /// `_loomFinish`: the checks, then the values, with `@JSONDefault` expressions evaluated
    /// here, in the body, where their names resolve.
    static func finishFunction(_ model: MappedModel) -> CodeWriter {
        var writer = CodeWriter()
        writer.line("@inline(__always)")
        writer.block("static func _loomFinish\(MappingGenerator.finishParameters) -> _LoomValues") { body in
            if model.isLenient { body.line("let context = \(DecodeGenerator.lenientContext(rounding: model.lenientRounding))") }
            for line in finishLines(model) { body.line(line) }
            body.line("return \(finishedValues(model))")
        }
        return writer
    }

    /// Whether the checks and the values name nothing but Loom and the model's own members, so
    /// that they can run in the reading initializer itself, in the extension: no default
    /// expression, no collected, unknown or flattened members, no leniency of their own. A
    /// function of its own is one more body for the compiler to check and lower, and it was
    /// inlined into that initializer anyway.
    static func finishesInInitializer(_ model: MappedModel) -> Bool {
        !model.isLenient
            && model.properties.filter(\.decodes).allSatisfy { property in
                switch property.keys {
                case .single, .fallbacks: break
                case .collected, .unknown, .flattened: return false
                }
                switch property.presence {
                case .defaulted(_?), .optionalDefaulted(_?): return false
                case .required, .optional, .defaulted(nil), .optionalDefaulted(nil): break
                }
                return MappingGenerator.context(property, model) == "context"
            }
    }

    /// The key-set bindings, the slots taken into locals and the checks, for the values of
    /// ``finishedValues(_:)``.
    private static func finishLines(_ model: MappedModel) -> [String] {
        var keys = KeyReferences(model, locals: true)
        let checks = MappingGenerator.checks(model, keys: &keys, slots: "s_")
        return keys.localBindings + MappingGenerator.takeSlots(model, valued: model) + checks
    }

    /// The `_LoomValues` of the checked slots.
    private static func finishedValues(_ model: MappedModel) -> String {
        tuple(model.properties.filter(\.decodes).map { MappingGenerator.value($0, slots: "s_") })
    }

    // MARK: Values

    /// A tuple of `items`: `()` for none, the item itself for one.
    static func tuple(_ items: [String]) -> String {
        items.count == 1 ? items[0] : "(\(items.joined(separator: ", ")))"
    }

    /// The element of `_LoomValues` for `property`: its type, wrapped in one more optional
    /// when a missing key keeps the property's initial value.
    static func valueType(_ property: MappedProperty) -> String {
        switch property.presence {
        case .defaulted(nil), .optionalDefaulted(nil): return "Optional<\(property.valueType)>"
        case .required, .optional, .defaulted, .optionalDefaulted: return property.valueType
        }
    }

    /// `_LoomValues`: the decoded properties' values, in declaration order.
    static func valuesType(_ model: MappedModel) -> String {
        tuple(model.properties.filter(\.decodes).map(valueType))
    }

    // MARK: Initializers

    /// `init(json:context:)`: the mapping over a reader of the element (of the rewritten
    /// element, with `jsonWillDecode`). `modifiers` are a class's (`convenience `).
    static func documentInitializer(_ model: MappedModel, hooks: DeclaredHooks, modifiers: String = "") -> CodeWriter {
        var writer = CodeWriter()
        let header =
            "\(model.deprecationAttribute)\(model.accessPrefix)\(modifiers)init(json \(HooksGenerator.elementParameter(hooks)): Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws"
        writer.block(header) { body in
            guard hooks.willDecode != nil else {
                body.line("var reader = Loom._JSONElementReader(element, context)")
                body.line("try self.init(_loomReading: &reader, context: context)")
                return
            }
            for line in HooksGenerator.willDecodePrologue(hooks) { body.line(line) }
            body.line("var reader = Loom._JSONElementReader(element, context)")
            body.line("do {")
            body.line("    try self.init(_loomReading: &reader, context: context)")
            body.line("} catch let error as Loom.JSONDecodingError {")
            body.line("    throw rewritten.relocated(error)")
            body.line("}")
        }
        return writer
    }

    /// `init(_loomReading:context:)`: the mapping, the stores, then the hooks. `modifiers` are
    /// its access (a public model's is the public witness of `Loom._JSONMapped`'s requirement)
    /// and, in a class, `convenience `.
    static func readingInitializer(_ model: MappedModel, _ description: ModelDescription, modifiers: String = "") -> CodeWriter {
        var writer = CodeWriter()
        writer.block(
            "\(model.deprecationAttribute)\(modifiers)init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws"
        ) { body in
            if MappingGenerator.readsInOneFunction(model) {
                body.line("self.init(_loomValues: try Self._loomRead(&reader, context))")
            } else {
                for line in readingLines(model) { body.line(line) }
            }
            for line in HooksGenerator.afterReading(model, description) { body.line(line) }
        }
        return writer
    }

    /// The reading initializer's mapping for a model whose slots are its `_LoomFields`.
    private static func readingLines(_ model: MappedModel) -> [String] {
        var lines = ["var slots = \(MappingGenerator.newSlots(model))", "try Self._loomRead(&slots.s, &reader, context)"]
        if finishesInInitializer(model) {
            lines += finishLines(model)
            lines.append("self.init(_loomValues: \(finishedValues(model)))")
        } else {
            lines.append("self.init(_loomValues: try Self._loomFinish(slots, &reader, context))")
        }
        return lines
    }

    /// `init(_loomValues:)`, which stores the decoded values.
    ///
    /// A second initializer, not stores in `init(_loomReading:context:)`: with the stores in
    /// that throwing initializer, even with every throw before the first store, the optimizer
    /// leaves a copy of the whole struct at its end for a model with optional `var`s (an
    /// outlined copy and destroy of twitter.json's `User`, 3 % of the decode's instructions).
    /// The tuple and this initializer cost about 5 % of what the generated code costs to
    /// compile.
    ///
    /// A property that already holds a value (`var x: T?`, or an initial value) gets the
    /// decoded one swapped in: Swift 6.3's optimizer leaves a whole copy of the struct at the
    /// end of a large initializer that assigns over a first value (a retain and a release of
    /// every reference the model holds, about 8 % of a twitter.json decode), and the swap,
    /// with plain stores first so that `self` is whole before it, avoids that copy.
    ///
    /// The tuple is not marked `consuming`: an initializer takes its parameters that way
    /// already, and the modifier would only make the tuple a no-implicit-copy value for the
    /// move checker and the isolation checker to follow.
    static func valuesInitializer(_ model: MappedModel) -> CodeWriter {
        let decoded = model.properties.filter(\.decodes)
        var writer = CodeWriter()
        writer.block("\(model.deprecationAttribute)init(_loomValues values: _LoomValues)") { body in
            switch decoded.count {
            case 0: break
            case 1: body.line("let u\(decoded[0].index) = values")
            default: body.line("let \(tuple(decoded.map { "u\($0.index)" })) = values")
            }
            for line in storeLines(decoded) { body.line(line) }
        }
        return writer
    }

    /// The stores of the decoded values `u<index>` of `decoded`, as `_LoomValues` holds them.
    static func storeLines(_ decoded: [MappedProperty]) -> [String] {
        decoded.filter { !swapsIn($0) }.map(store) + decoded.filter(swapsIn).map(swap)
    }

    /// Whether the value is swapped into the property rather than assigned.
    private static func swapsIn(_ property: MappedProperty) -> Bool {
        property.startsWithValue && property.isPlainStorage
    }

    /// Whether `_LoomValues` holds `nil` for a missing key whose property keeps its initial value.
    private static func keepsInitialValue(_ property: MappedProperty) -> Bool {
        switch property.presence {
        case .defaulted(nil), .optionalDefaulted(nil): return true
        case .required, .optional, .defaulted, .optionalDefaulted: return false
        }
    }

    private static func store(_ property: MappedProperty) -> String {
        let value = "u\(property.index)"
        if keepsInitialValue(property) { return "if let value = \(value) { self.\(property.accessName) = value }" }
        return "self.\(property.accessName) = \(value)"
    }

    private static func swap(_ property: MappedProperty) -> String {
        let value = "u\(property.index)"
        let new = "new\(property.index)"
        let swap = "Swift.swap(&self.\(property.accessName), &\(new))"
        if keepsInitialValue(property) { return "if var \(new) = \(value) { \(swap) }" }
        return "var \(new) = \(value); \(swap)"
    }

    /// The memberwise initializer Swift would synthesize, for a type whose initializers must
    /// be in its body (a `private` nested model); `nil` when the type declares an initializer,
    /// since Swift then synthesizes none.
    ///
    /// As Swift's: every stored instance property but a `let` with an initial value, in
    /// declaration order; an initial value, or `nil` for an optional `var`, as the default; as
    /// accessible as the least accessible of them. A property without a type annotation keeps
    /// its initial value (the macro sees no type to give the parameter).
    /// A public struct's public memberwise initializer (`@JSONModel(memberwiseInit:)`), where
    /// Swift's would be internal: none when the struct declares an initializer or a `private`
    /// stored property (whose memberwise initializer Swift keeps private).
    static func publicMemberwiseInitializer(_ description: ModelDescription, members: [MemberBlockItemSyntax])
        -> String?
    {
        guard description.accessModifier == "public", description.writesMemberwiseInit,
            let initializer = memberwiseInitializer(description, members: members), initializer.hasPrefix("init(")
        else { return nil }
        return "public " + initializer
    }

    static func memberwiseInitializer(_ description: ModelDescription, members: [MemberBlockItemSyntax]) -> String? {
        if members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) }) { return nil }
        var parameters: [String] = []
        var stores: [String] = []
        var access = ""
        for property in description.properties where !property.isStatic && !property.isComputed {
            guard let type = property.type, !(property.isLet && property.initializer != nil) else { continue }
            let name = property.accessName
            var parameter = "\(name): \(escaping(type))\(type.trimmedText)"
            if let initializer = property.initializer {
                parameter += " = \(initializer.trimmedText)"
            } else if !property.isLet && TypeShape(type).isOptional {
                parameter += " = nil"
            }
            parameters.append(parameter)
            stores.append("self.\(name) = \(name)")
            for modifier in property.declaration.modifiers {
                switch modifier.name.tokenKind {
                case .keyword(.private) where modifier.detail == nil: access = "private "
                case .keyword(.fileprivate) where modifier.detail == nil && access.isEmpty: access = "fileprivate "
                default: break
                }
            }
        }
        var writer = CodeWriter()
        writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { body in
            for store in stores { body.line(store) }
        }
        return writer.text
    }

    /// `@escaping ` for a function type, which a parameter must mark.
    private static func escaping(_ type: TypeSyntax) -> String {
        var base = type.as(AttributedTypeSyntax.self)?.baseType ?? type
        while let tuple = base.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            base = only.type
        }
        return base.is(FunctionTypeSyntax.self) ? "@escaping " : ""
    }

    // MARK: Body members

    /// `encode(to:context:)`, with a `jsonWillEncode()` hook that returns a copy to encode
    /// calling `_loomEncode(to:context:)` on that copy.
    private static func encoder(_ model: MappedModel, hooks: DeclaredHooks, access: String) -> CodeWriter {
        let header = "func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws"
        let access = model.deprecationAttribute + access
        var encode = CodeWriter()
        if let willEncode = hooks.willEncode, willEncode.returnsValue {
            encode.block("\(access)\(header)") { body in
                body.line(EncodeGenerator.stackGrowth)
                body.line("let model = \(willEncode.throwsErrors ? "try " : "")self.jsonWillEncode()")
                body.line("try model._loomEncode(to: &writer, context: context)")
            }
            encode.line("")
            encode.line(
                "\(model.deprecationAttribute)func _loomEncode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {")
        } else {
            encode.line("\(access)\(header) {")
            encode.line("    " + EncodeGenerator.stackGrowth)
            for line in HooksGenerator.willEncodeLines(hooks) { encode.line("    " + line) }
        }
        encode.append(EncodeGenerator.body(model, wrapsObject: true))
        encode.line("}")
        return encode
    }

    /// `merge(from:)`, `merge(from:only:)` and `update(json:context:)` for a `JSONMergeable` struct.
    private static func mergeMembers(_ model: MappedModel, _ description: ModelDescription, access: String) -> [String] {
        return [
            MergeGenerator.mergeFunction(model, description, header: "\(access)mutating func merge(from other: Self)").text,
            MergeGenerator.mergeOnlyFunction(
                model, description, header: "\(access)mutating func merge(from other: Self, only keyPaths: [PartialKeyPath<Self>])",
                root: "Self"
            ).text
        ] + MergeGenerator.structUpdateMembers(model, description, access: access)
    }
}
