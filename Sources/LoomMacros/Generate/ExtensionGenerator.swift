// Stage 4 of the pipeline: write the conformance. The shape is the hand-written one in
// `Tests/LoomTests/Model/HandWrittenModelTests.swift`: key sets as static properties, then
// decoding and `encode(to:context:)`, calling only Loom's public API. The declarations shared
// by structs and classes are here; `StructGenerator` and `ClassGenerator` assemble them.

enum ExtensionGenerator {
    /// The transformers of `@JSONTransform` properties, built once per type.
    static func transformerDeclarations(_ model: MappedModel) -> [String] {
        model.properties.compactMap { property in
            guard let name = property.transformerName, let expression = property.transform else { return nil }
            return "private static let \(name) = Loom._transformer(\(expression))"
        }
    }

    /// One static key set per object level, a declaration each.
    ///
    /// Generic types cannot have static stored properties, so theirs are computed; the
    /// generated methods then read each one once into a local.
    static func keySetDeclarations(_ model: MappedModel) -> [String] {
        var declarations: [String] = []
        for level in model.tree.levels {
            let name = KeyReferences.staticName(level.number, base: model.keySetName)
            var arguments = "[" + level.slots.map { slot in
                slot.convertedAtRuntime ? "strategy.key(for: \(KeySpelling.literal(slot.name)))" : KeySpelling.literal(slot.name)
            }.joined(separator: ", ") + "]"
            let explicit = level.slots.map { $0.explicit || $0.convertedAtRuntime }
            if explicit.contains(true) {
                arguments += ", explicit: [" + explicit.map { $0 ? "true" : "false" }.joined(separator: ", ") + "]"
            }
            if !level.prefix.isEmpty {
                arguments += ", prefix: [" + level.prefix.map(KeySpelling.literal).joined(separator: ", ") + "]"
            }
            if level.number == 0, let inherited = model.inheritedKeys { arguments += ", inheriting: \(inherited)" }
            if level.number == 0, model.unknownKeysProperty != nil { arguments += ", capturesUnknown: true" }
            if level.number == 0, !model.flattenedProperties.isEmpty {
                let entries = model.flattenedProperties.compactMap(\.flattening).map {
                    "Loom._JSONFlattened(\($0.type).self, prefix: \(KeySpelling.literal($0.prefix)))"
                }
                arguments += ", flattening: [\(entries.joined(separator: ", "))]"
            }
            let construction = "Loom._JSONKeySet(\(arguments))"
            let usesStrategy = level.slots.contains { $0.convertedAtRuntime }
            if let strategy = model.runtimeStrategy, usesStrategy {
                // The model's strategy is a runtime value (`.custom(f)`): apply it once, when the
                // key set is built, to the keys `@JSONKey` does not name.
                declarations.append(
                    [
                        model.isGeneric
                            ? "static var \(name): Loom._JSONKeySet {" : "static let \(name): Loom._JSONKeySet = {",
                        "    let strategy: Loom.JSONKeyStrategy = \(strategy)",
                        "    return \(construction)",
                        model.isGeneric ? "}" : "}()",
                    ].joined(separator: "\n"))
            } else if model.isGeneric {
                declarations.append("static var \(name): Loom._JSONKeySet { \(construction) }")
            } else {
                declarations.append("static let \(name) = \(construction)")
            }
        }
        return declarations
    }
}

/// How generated code names key sets: `Self._loomKeys_1`, or a local copy bound once at the
/// top of the function. Generic models always use local copies (their key sets are computed
/// properties, too costly to rebuild for every member); decoding does too, since every read of
/// a static property goes through `swift_once` and the member loop reads one per member.
struct KeyReferences {
    let usesLocals: Bool
    /// The level-0 key set's name (`MappedModel.keySetName`).
    let base: String
    /// The expression for level 0 when it is given to the function (a superclass's part of a
    /// subclass's object, whose key set is the subclass's).
    let root: String?
    private(set) var used: Set<Int> = []

    init(_ model: MappedModel, locals: Bool = false, root: String? = nil) {
        usesLocals = locals || model.isGeneric
        base = model.keySetName
        self.root = root
    }

    static func staticName(_ level: Int, base: String = "_loomKeys") -> String {
        level == 0 ? base : "\(base)_\(level)"
    }

    /// The expression for level `level`'s key set, noting that it is used.
    mutating func callAsFunction(_ level: Int) -> String {
        if level == 0, let root { return root }
        used.insert(level)
        let name = Self.staticName(level, base: base)
        return usesLocals ? name : "Self.\(name)"
    }

    /// `let _loomKeys = Self._loomKeys` for each used level, when locals are used.
    var localBindings: [String] {
        guard usesLocals else { return [] }
        return used.sorted().map {
            "let \(Self.staticName($0, base: base)) = Self.\(Self.staticName($0, base: base))"
        }
    }
}

extension MappedModel {
    /// `public ` or nothing, before generated requirements.
    var accessPrefix: String { accessModifier.map { "\($0) " } ?? "" }
}
