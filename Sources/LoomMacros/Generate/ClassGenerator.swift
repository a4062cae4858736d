import SwiftSyntax

// Class models. A class gets all its members in its body (the member role: a required
// initializer and overridable methods cannot live in an extension, and names there resolve as
// in the class's own declarations) and only its conformance in an extension.
//
// A class in a hierarchy (not final, or with a model superclass) splits encoding in two:
// `encode(to:context:)` opens the object and calls `_loomEncodeMembers(to:context:)`, which
// each subclass overrides to write its superclass's members, then its own. Equality, hashing,
// description and merging follow the same pattern, so the runtime class decides.

/// What kind of type a struct-like model is.
enum ModelKind {
    case structure
    case classModel(ClassInfo)
}

/// What the macro knows about a class model.
struct ClassInfo {
    /// The class's name as written in its declaration.
    var name: String
    var isFinal: Bool
    var isOpen: Bool
    /// The model superclass, if any: the first inherited type unless it is a known protocol.
    var superclass: String?
    /// `Equatable` or `Hashable` in the inheritance clause: generate `==`.
    var declaresEquatable: Bool
    /// `Hashable` in the inheritance clause: generate `hash(into:)`.
    var declaresHashable: Bool
    /// `CustomStringConvertible` in the inheritance clause: generate `description`.
    var declaresDescription: Bool

    /// Whether other classes can take part: the class can be subclassed or has a superclass.
    var isHierarchy: Bool { !isFinal || superclass != nil }
}

enum ClassGenerator {
    /// Protocols a model commonly lists first; any other first inherited type of a class is
    /// taken as its superclass (declare other protocol conformances in an extension).
    static let knownProtocols: Set<String> = [
        "Equatable", "Hashable", "Comparable", "Identifiable", "Sendable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "CustomReflectable", "Codable", "Encodable", "Decodable", "AnyObject",
        "Error", "LocalizedError", "JSONModel", "JSONDecodable", "JSONEncodable", "JSONMergeable", "ObservableObject",
    ]

    /// Superclasses that are certainly not models.
    static let knownNonModelClasses: Set<String> = [
        "NSObject", "NSManagedObject", "NSCoder", "NSValue", "NSNumber", "NSString", "NSArray", "NSDictionary",
        "NSError", "NSOperation", "Operation", "Thread", "NSProxy",
    ]

    /// The modules whose name `plainTypeName` drops in front of a type's: `Loom.JSONModel` is
    /// `JSONModel`.
    static let qualifyingModules: Set<String> = ["Swift", "Foundation", "Loom", "Combine"]

    /// `Equatable` for `Swift.Equatable`, `Sendable` for `@unchecked Sendable`.
    static func plainTypeName(_ type: TypeSyntax) -> String {
        if let attributed = type.as(AttributedTypeSyntax.self) { return plainTypeName(attributed.baseType) }
        if let member = type.as(MemberTypeSyntax.self),
            let base = member.baseType.as(IdentifierTypeSyntax.self)?.name.text,
            qualifyingModules.contains(base)
        {
            return member.name.text
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return type.trimmedText
    }

    // MARK: Parse

    /// Fills in what the struct/class path needs beyond properties: inherited types, hooks,
    /// the class's place in a hierarchy; reports misuse of enum-only arguments and markers.
    static func describe(
        _ declaration: some DeclGroupSyntax, members: [MemberBlockItemSyntax], attribute: AttributeSyntax,
        into description: inout ModelDescription, diagnostics: inout DiagnosticList
    ) {
        let inherited = declaration.inheritanceClause?.inheritedTypes.map(\.type) ?? []
        description.inheritedTypes = inherited.map(plainTypeName)
        description.hooks = DeclaredHooks(members)
        for hook in description.hooks.functions {
            guard let asyncSpecifier = hook.node.signature.effectSpecifiers?.asyncSpecifier else { continue }
            diagnostics.add(
                PolyDiagnostic.asyncHook(name: hook.node.name.text), at: asyncSpecifier,
                fixIts: [ModelFixIt.removeToken(asyncSpecifier)])
        }
        if let argument = AttributeReader.argumentList(attribute)?.first(where: { $0.label?.text == "representation" }) {
            diagnostics.add(PolyDiagnostic.representationOnNonEnum, at: argument)
        }
        for member in members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                EnumGenerator.reportCaseMarkers(on: variable, diagnostics: &diagnostics)
            }
        }
        MergeGenerator.check(description, diagnostics: &diagnostics)
        guard let type = declaration.as(ClassDeclSyntax.self) else { return }
        var superclass: String?
        if let first = inherited.first, !knownProtocols.contains(plainTypeName(first)) {
            superclass = first.trimmedText
            if knownNonModelClasses.contains(plainTypeName(first)) {
                diagnostics.add(
                    PolyDiagnostic.notAModelSuperclass(name: type.name.text, superclass: first.trimmedText),
                    at: first)
            }
        }
        let names = Set(description.inheritedTypes)
        let info = ClassInfo(
            name: type.name.text,
            isFinal: type.modifiers.contains { $0.name.tokenKind == .keyword(.final) },
            isOpen: type.modifiers.contains { $0.name.tokenKind == .keyword(.open) },
            superclass: superclass,
            declaresEquatable: names.contains("Equatable") || names.contains("Hashable"),
            declaresHashable: names.contains("Hashable"),
            declaresDescription: names.contains("CustomStringConvertible"))
        if let willEncode = description.hooks.willEncode, willEncode.returnsValue {
            diagnostics.add(PolyDiagnostic.willEncodeCopyOnClass, at: willEncode.node.name)
        }
        if let chooser = description.hooks.classChooser, superclass != nil, !chooser.isOverride {
            diagnostics.add(PolyDiagnostic.chooserNotAtRoot, at: chooser.node.name)
        }
        description.kind = .classModel(info)
    }

    // MARK: Generate

    /// The key set model of a class: a subclass names its object key set after itself and
    /// lists its superclass's keys after its own.
    static func classModel(_ model: MappedModel, info: ClassInfo) -> MappedModel {
        var copy = model
        if let superclass = info.superclass {
            copy.keySetName = "_loomKeys_\(info.name)"
            copy.inheritedKeys = "\(superclass)._loomObjectKeys"
            // Static members are not inherited by name: a subclass's transformers must not
            // reuse its superclass's names.
            for index in copy.properties.indices {
                if let name = copy.properties[index].transformerName {
                    copy.properties[index].transformerName =
                        "_loomTransformer_\(info.name)_" + name.dropFirst("_loomTransformer_".count)
                }
            }
        }
        return copy
    }

    /// The members generated in the class body.
    static func members(_ model: MappedModel, _ description: ModelDescription, info: ClassInfo) -> [String] {
        let hooks = description.hooks
        let access = model.accessPrefix
        let overridable = info.isOpen ? "open " : access
        let override = info.superclass != nil ? "override " : ""
        // Key sets (a subclass's object key set inherits its superclass's) and transformers.
        var members = ExtensionGenerator.keySetDeclarations(model) + ExtensionGenerator.transformerDeclarations(model)

        members += info.isHierarchy
            ? hierarchyReading(model, description, info: info)
            : finalReading(model, description)

        // _makeInstance: a class cluster's root chooses the class to decode.
        if let chooser = hooks.classChooser, !chooser.isOverride {
            var writer = CodeWriter()
            writer.block(
                "\(overridable)class func _makeInstance(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws -> Self"
            ) { $0.line("try context._instance(of: Self.self, json: element, chosenBy: Self.jsonClass(for:))") }
            members.append(writer.text)
        }

        let encodeHeader = "func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws"
        let membersHeader = "func _loomEncodeMembers(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws"
        if !info.isHierarchy {
            var writer = CodeWriter()
            writer.line("\(access)\(encodeHeader) {")
            writer.line("    " + EncodeGenerator.stackGrowth)
            for line in HooksGenerator.willEncodeLines(hooks) { writer.line("    " + line) }
            writer.append(EncodeGenerator.body(model, wrapsObject: true))
            writer.line("}")
            members.append(writer.text)
        } else {
            if info.superclass == nil {
                var writer = CodeWriter()
                writer.block("\(overridable)\(encodeHeader)") { body in
                    for line in HooksGenerator.willEncodeLines(hooks) { body.line(line) }
                    body.line(EncodeGenerator.hierarchyStackGrowth)
                    body.line("try writer.beginObject()")
                    body.line("try self._loomEncodeMembers(to: &writer, context: context)")
                    body.line("writer.endObject()")
                }
                members.append(writer.text)
            } else if !HooksGenerator.willEncodeLines(hooks).isEmpty {
                var writer = CodeWriter()
                writer.block("\(overridable)override \(encodeHeader)") { body in
                    for line in HooksGenerator.willEncodeLines(hooks) { body.line(line) }
                    body.line("try super.encode(to: &writer, context: context)")
                }
                members.append(writer.text)
            }
            var writer = CodeWriter()
            writer.line("\(overridable)\(override)\(membersHeader) {")
            if info.superclass != nil { writer.line("    try super._loomEncodeMembers(to: &writer, context: context)") }
            writer.append(EncodeGenerator.body(model, wrapsObject: false))
            writer.line("}")
            members.append(writer.text)

            var keys = CodeWriter()
            keys.block("\(overridable)\(override)class var _loomObjectKeys: Loom._JSONKeySet") {
                $0.line("Self.\(model.keySetName)")
            }
            members.append(keys.text)
        }

        members += equalityMembers(model, info: info, hooks: hooks, access: access, overridable: overridable)
        members += mergeMembers(model, description, info: info, access: access, overridable: overridable)
        return members
    }

    // MARK: Reading

    /// A final class reads as a struct does (`StructGenerator`), with its initializers in its
    /// body: `init(_loomValues:)` is its designated initializer, the others are convenience
    /// initializers that call it.
    private static func finalReading(_ model: MappedModel, _ description: ModelDescription) -> [String] {
        let hooks = description.hooks
        var members = ["typealias _LoomValues = \(StructGenerator.valuesType(model))"]
        members += StructGenerator.mapping(model)
        if hooks.willDecode == nil { members.append(StructGenerator.directReading(access: model.accessPrefix)) }
        members.append(StructGenerator.documentInitializer(model, hooks: hooks, modifiers: "convenience ").text)
        members.append(StructGenerator.readingInitializer(model, description, modifiers: model.accessPrefix + "convenience ").text)
        members.append(StructGenerator.valuesInitializer(model).text)
        return members
    }

    /// The last component of a type's name, without generic arguments: what per-class member
    /// names are suffixed with.
    static func simpleName(_ type: String) -> String {
        let plain = type.split(separator: "<", maxSplits: 1).first.map(String.init) ?? type
        return plain.split(separator: ".").last.map(String.init) ?? plain
    }

    /// A class in a hierarchy reads its object in one pass too. Each class reads, checks and
    /// stores its own properties, with members named after it (static members cannot be
    /// overridden), and hands the rest to its superclass's:
    ///
    /// - `_LoomSlots_X` holds its own slots and its superclass's (`sup`);
    /// - `_loomReadMember_X` reads the member of one slot of the object's key set, which lists
    ///   the class's own keys, then its superclass's; `keys` and `base` say where its own
    ///   slots are in the key set of the class being decoded;
    /// - `_loomCheck_X` checks its own properties, then its superclass's;
    /// - the designated `init(_loomSlots:_:_:)` stores its own values and calls its
    ///   superclass's, and `_loomAfterReading_X` runs the superclass's hooks, then its own.
    ///
    /// The entry points, `init(json:context:)` and `init(_loomReading:context:)`, run them in
    /// that order on the class being decoded; the root's `_read(from:context:)` takes the class
    /// it is called on (or the one a cluster's root chooses) and calls its `_loomMake`.
    private static func hierarchyReading(_ model: MappedModel, _ description: ModelDescription, info: ClassInfo) -> [String] {
        let hooks = description.hooks
        let name = info.name
        let exposed = info.isOpen ? "public " : ""
        let overridable = info.isOpen ? "open " : model.accessPrefix
        let own = model.tree.levels[0].slots.count
        let superName = info.superclass
        let superSimple = superName.map(simpleName)
        let lenient = model.isLenient
            ? ["let context = \(DecodeGenerator.lenientContext(rounding: model.lenientRounding))"] : []
        let context = MappingGenerator.contextParameter
        var members: [String] = []

        members.append("typealias _LoomValues_\(name) = \(StructGenerator.valuesType(model))")
        // Across modules, a subclass creates its superclass's slots.
        let slots = MappingGenerator.hierarchySlots(
            model, name: "_LoomSlots_\(name)",
            superSlots: superName.map { "\($0)._LoomSlots_\(simpleName($0))" }, access: exposed)
        members.append(slots.text)

        // The member of one slot.
        var readMember = CodeWriter()
        var memberKeys = KeyReferences(model, locals: true, root: "keys")
        let read = DecodeGenerator.readSlots(model)
        let entries = MappingGenerator.caseEntries(0, model: model, read: read, keys: &memberKeys, base: "base")
        readMember.block(
            "\(exposed)static func _loomReadMember_\(name)<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_\(name), _ slot: Int, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, \(context)) throws"
        ) { body in
            for line in lenient { body.line(line) }
            for line in memberKeys.localBindings { body.line(line) }
            body.line("switch slot {")
            for (label, statements) in entries {
                body.line("case \(label):")
                var indented = CodeWriter(depth: 1)
                indented.append(statements)
                body.append(indented)
            }
            if let superName, let superSimple {
                body.line(
                    "default: try \(superName)._loomReadMember_\(superSimple)(&slots.sup, slot &- \(own), keys, base &+ \(own), &reader, context)"
                )
            } else {
                body.line("default: try reader.passValue()")
            }
            body.line("}")
        }
        members.append(readMember.text)

        // The member loop over the whole object.
        var loopKeys = KeyReferences(model, locals: true)
        let loop = MappingGenerator.loop(
            model, keys: &loopKeys, dispatch: "\(name)._loomReadMember_\(name)(&slots, slot, \(model.keySetName), 0, &reader, context)")
        var readFunction = CodeWriter()
        readFunction.line("@inline(never)")
        readFunction.block(
            "static func _loomRead_\(name)<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_\(name), _ reader: inout _LoomReader, \(context)) throws"
        ) { body in
            for line in loopKeys.localBindings { body.line(line) }
            body.append(loop)
        }
        members.append(readFunction.text)

        // The checks, the class's own then its superclass's.
        var checkKeys = KeyReferences(model, locals: true, root: "keys")
        let checks = MappingGenerator.checks(model, keys: &checkKeys, base: "base", ends: false)
        var check = CodeWriter()
        check.block(
            "\(exposed)static func _loomCheck_\(name)<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_\(name), _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, \(context)) throws"
        ) { body in
            for line in lenient { body.line(line) }
            for line in checkKeys.localBindings { body.line(line) }
            for line in checks { body.line(line) }
            if let superName, let superSimple {
                body.line("try \(superName)._loomCheck_\(superSimple)(&slots.sup, keys, base &+ \(own), &reader, context)")
            }
        }
        members.append(check.text)

        // The values, evaluated in a static function, where `@JSONDefault` expressions resolve
        // as in the type's own static members.
        let decoded = model.properties.filter(\.decodes)
        var values = CodeWriter()
        values.block(
            "static func _loomValues_\(name)<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_\(name), _ reader: inout _LoomReader, \(context)) throws -> _LoomValues_\(name)"
        ) { body in
            for line in lenient { body.line(line) }
            body.line("return \(StructGenerator.tuple(decoded.map { MappingGenerator.value($0, keptCollected: true) }))")
        }
        members.append(values.text)

        var designated = CodeWriter()
        // `borrowing` here, unlike the helpers: an initializer takes a parameter owned unless told
        // otherwise, which would cost a retain at every call.
        designated.block(
            "\(exposed)init<_LoomReader: Loom._JSONReading>(_loomSlots slots: inout _LoomSlots_\(name), _ reader: inout _LoomReader, _ context: borrowing Loom.JSONDecodingContext) throws"
        ) { body in
            switch decoded.count {
            case 0: break
            case 1: body.line("let u\(decoded[0].index) = try \(name)._loomValues_\(name)(&slots, &reader, context)")
            default:
                body.line(
                    "let \(StructGenerator.tuple(decoded.map { "u\($0.index)" })) = try \(name)._loomValues_\(name)(&slots, &reader, context)")
            }
            for line in StructGenerator.storeLines(decoded) { body.line(line) }
            if superName != nil { body.line("try super.init(_loomSlots: &slots.sup, &reader, context)") }
        }
        members.append(designated.text)

        var after = CodeWriter()
        after.block(
            "\(exposed)func _loomAfterReading_\(name)<_LoomReader: Loom._JSONReading>(_ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, \(context)) throws"
        ) { body in
            if let superSimple {
                body.line("try self._loomAfterReading_\(superSimple)(keys, base &+ \(own), &reader, context)")
            }
            for line in HooksGenerator.afterReading(model, description, base: "base") { body.line(line) }
        }
        members.append(after.text)

        // The entry points.
        members.append(
            StructGenerator.documentInitializer(model, hooks: hooks, modifiers: "required convenience ").text)
        var reading = CodeWriter()
        reading.block(
            "\(model.accessPrefix)required convenience init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws"
        ) { body in
            body.line("var slots = _LoomSlots_\(name)()")
            body.line("try \(name)._loomRead_\(name)(&slots, &reader, context)")
            body.line("try \(name)._loomCheck_\(name)(&slots, \(name).\(model.keySetName), 0, &reader, context)")
            body.line("try reader.endObject()")
            body.line("try self.init(_loomSlots: &slots, &reader, context)")
            body.line("try self._loomAfterReading_\(name)(\(name).\(model.keySetName), 0, &reader, context)")
        }
        members.append(reading.text)

        // The direct path: the root's `_read(from:context:)` chooses the class (a cluster's root)
        // or takes the class it is called on, whose `_loomMake` reads it.
        var direct = CodeWriter()
        let override = superName != nil ? "override " : ""
        if superName == nil {
            direct.line("\(overridable)class var _readsDirectly: Bool { \(hooks.willDecode == nil ? "true" : "false") }")
            direct.line("")
            direct.block(
                "\(overridable)class func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self"
            ) { body in
                if hooks.classChooser != nil {
                    body.line(
                        "try reader.instance(of: Self.self, keys: Self._loomObjectKeys, context, chosenBy: Self.jsonClass(for:)) { try Self._loomMake(&$0, context) }"
                    )
                } else {
                    body.line("try reader.instance(of: Self.self, keys: Self._loomObjectKeys) { try Self._loomMake(&$0, context) }")
                }
            }
            direct.line("")
        }
        direct.block(
            "\(overridable)\(override)class func _loomMake(_ reader: inout Loom._JSONReader, \(MappingGenerator.contextParameter)) throws -> \(name)"
        ) { body in
            if hooks.willDecode != nil {
                // `jsonWillDecode` rewrites a parsed value: such a class reads from a document.
                body.line("try reader.element(context) { try \(name)(json: $0, context: $1) }")
            } else {
                body.line("try \(name)(_loomReading: &reader, context: context)")
            }
        }
        members.append(direct.text)
        return members
    }

    /// `==`, `hash(into:)`, `description` (when the class declares the protocol), and in a
    /// hierarchy the overridable helpers they call.
    private static func equalityMembers(
        _ model: MappedModel, info: ClassInfo, hooks: DeclaredHooks, access: String, overridable: String
    ) -> [String] {
        let names = model.properties.map(\.accessName)
        func conjunction(_ lhs: String, _ rhs: String) -> String {
            names.isEmpty
                ? "true"
                : names.map { "Loom.JSONModelEquality.equal(\(lhs).\($0), \(rhs).\($0))" }.joined(separator: " && ")
        }
        func hashLines(_ value: String) -> [String] {
            names.map { "Loom.JSONModelEquality.hash(\(value).\($0), into: &hasher)" }
        }
        func describeLines() -> [String] {
            names.map { "fields.append(\(KeySpelling.literal(HooksGenerator.plainName($0))), self.\($0))" }
        }
        var members: [String] = []
        let override = info.superclass != nil ? "override " : ""
        if info.isHierarchy {
            var equal = CodeWriter()
            equal.block("\(overridable)\(override)func _loomIsEqual(to other: AnyObject) -> Bool") { body in
                if info.superclass != nil && names.isEmpty {
                    body.line("return super._loomIsEqual(to: other) && other is \(info.name)")
                    return
                } else if info.superclass != nil {
                    body.line("guard super._loomIsEqual(to: other), let other = other as? \(info.name) else { return false }")
                } else {
                    body.line(
                        "guard let other = other as? \(info.name), ObjectIdentifier(type(of: self)) == ObjectIdentifier(type(of: other)) else { return false }"
                    )
                }
                body.line("return \(conjunction("self", "other"))")
            }
            members.append(equal.text)
            var hash = CodeWriter()
            hash.block("\(overridable)\(override)func _loomHash(into hasher: inout Hasher)") { body in
                if info.superclass != nil { body.line("super._loomHash(into: &hasher)") }
                for line in hashLines("self") { body.line(line) }
            }
            members.append(hash.text)
            var describe = CodeWriter()
            describe.block("\(overridable)\(override)func _loomDescribe(into fields: inout Loom._JSONModelFields)") { body in
                if info.superclass != nil { body.line("super._loomDescribe(into: &fields)") }
                for line in describeLines() { body.line(line) }
            }
            members.append(describe.text)
        }
        if info.declaresEquatable && !hooks.declaresEquals {
            var writer = CodeWriter()
            writer.block("\(access)static func == (lhs: \(info.name), rhs: \(info.name)) -> Bool") { body in
                body.line(info.isHierarchy ? "lhs._loomIsEqual(to: rhs)" : conjunction("lhs", "rhs"))
            }
            members.append(writer.text)
        }
        if info.declaresHashable && !hooks.declaresHash {
            var writer = CodeWriter()
            writer.block("\(overridable)func hash(into hasher: inout Hasher)") { body in
                if info.isHierarchy {
                    body.line("self._loomHash(into: &hasher)")
                } else {
                    for line in hashLines("self") { body.line(line) }
                }
            }
            members.append(writer.text)
        }
        if info.declaresDescription && !hooks.declaresDescription {
            var writer = CodeWriter()
            writer.block("\(overridable)var description: String") { body in
                body.line("var fields = Loom._JSONModelFields(self)")
                if info.isHierarchy {
                    body.line("self._loomDescribe(into: &fields)")
                } else {
                    for line in describeLines() { body.line(line) }
                }
                body.line("return fields.description")
            }
            members.append(writer.text)
        }
        return members
    }

    /// `merge(from:)`, `merge(from:only:)` (at the root, for its own properties) and
    /// `update(json:context:)`.
    private static func mergeMembers(
        _ model: MappedModel, _ description: ModelDescription, info: ClassInfo, access: String, overridable: String
    ) -> [String] {
        var members: [String] = []
        let statements = MergeGenerator.statements(model, description)
        let override = info.superclass != nil ? "override " : ""
        if info.isHierarchy {
            if info.superclass == nil {
                var merge = CodeWriter()
                merge.block("\(access)func merge(from other: \(info.name))") { $0.line("self._loomMerge(from: other)") }
                members.append(merge.text)
            }
            var helper = CodeWriter()
            helper.block("\(overridable)\(override)func _loomMerge(from other: AnyObject)") { body in
                if info.superclass != nil { body.line("super._loomMerge(from: other)") }
                guard !statements.isEmpty else { return }
                body.line("guard let other = other as? \(info.name) else { return }")
                for (_, statement) in statements { body.line(statement) }
            }
            members.append(helper.text)
        } else {
            members.append(
                MergeGenerator.mergeFunction(model, description, header: "\(access)func merge(from other: \(info.name))").text)
        }
        if info.superclass == nil {
            members.append(
                MergeGenerator.mergeOnlyFunction(
                    model, description,
                    header: "\(access)func merge(from other: \(info.name), only keyPaths: [PartialKeyPath<\(info.name)>])",
                    root: info.name
                ).text)
        }
        members += info.isHierarchy
            ? MergeGenerator.hierarchyUpdateMembers(model, description, info: info, overridable: overridable)
            : MergeGenerator.structUpdateMembers(model, description, access: access, isClass: true)
        return members
    }
}
