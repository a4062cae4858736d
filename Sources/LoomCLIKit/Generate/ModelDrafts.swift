// Models before they have names, as the two front ends of `loom generate` make them (from
// samples, ``ModelBuilder``; from a JSON Schema, ``SchemaImporter``), and how they are named
// and ordered into a ``GeneratedSchema``.

/// Unnamed models; a ``FieldType/model(_:)`` refers to one by its position.
struct ModelDrafts {
    struct Property {
        var key: String
        var type: FieldType
        /// Written as a comment after the declaration.
        var note: String? = nil
        /// The `@JSONTransform` argument (`.iso8601`), if any.
        var transform: String? = nil
    }

    struct Draft {
        enum Kind {
            case record
            case stringEnum([String])
            /// The tag key, and each tag value with its payload (`nil`: no member but the tag).
            case tagged(String, [(value: String, payload: FieldType?)])
        }

        /// Properties in the order they are written.
        var properties: [Property]
        var kind = Kind.record
        /// A name to use rather than one made from the keys that reach it (a JSON Schema
        /// definition's); still subject to ``TypeNamer``'s rules.
        var preferredName: String? = nil
    }

    var drafts: [Draft] = []

    /// Adds `draft`; returns its position.
    mutating func add(_ draft: Draft) -> Int {
        drafts.append(draft)
        return drafts.count - 1
    }

    /// The schema for a document of type `root`: a model (or an array of them, or an optional)
    /// is the root model, named `rootName`; anything else is a root alias.
    func schema(root: FieldType, rootName: String, prefix: String, namespace: String?) -> GeneratedSchema {
        var rootType = root
        var depth = 0
        while case .array(let element) = rootType {
            rootType = element
            depth += 1
        }
        let rootModel: Int?
        var documentType = prefix + rootName
        switch rootType {
        case .model(let index):
            rootModel = index
        case .optional(.model(let index)):
            rootModel = index
            documentType += "?"
        default:
            rootModel = nil
        }
        documentType = String(repeating: "[", count: depth) + documentType + String(repeating: "]", count: depth)
        return schema(
            rootModel: rootModel, rootName: rootName, rootAlias: rootModel == nil ? rootType : nil,
            documentType: documentType, prefix: prefix, namespace: namespace)
    }

    /// Names the drafts reachable from the root breadth-first, and orders them that way.
    func schema(
        rootModel: Int?, rootName: String, rootAlias: FieldType?, documentType: String, prefix: String,
        namespace: String?
    ) -> GeneratedSchema {
        var graph = NamingGraph(edges: drafts.map { draft in
            if case .tagged(_, let cases) = draft.kind {
                // A payload is named after its tag value and the enum: `circle` in `Shape` → `CircleShape`.
                return cases.compactMap { entry in
                    entry.payload?.directModel.map {
                        NamingGraph.Edge(
                            key: entry.value, target: $0, element: false,
                            preferred: TypeNaming.upperCamelCase(TypeNaming.words(entry.value)), suffixedByParent: true)
                    }
                }
            }
            return draft.properties.flatMap { property in
                Self.models(in: property.type, element: false).map { model, element in
                    NamingGraph.Edge(key: property.key, target: model, element: element)
                }
            }
        })
        for (index, draft) in drafts.enumerated() {
            if let name = draft.preferredName { graph.preferredNames[index] = name }
        }
        if let rootModel {
            graph.roots = [rootModel]
            graph.fixed[rootModel] = rootName
        }
        // A root alias names the models inside it after the root: `[String: Root…]`.
        if let rootAlias {
            graph.rootEdges = Self.models(in: rootAlias, element: false).map { model, element in
                let name = element ? TypeNaming.singularTypeName(rootName) ?? rootName + "Item" : rootName + "Value"
                return NamingGraph.Edge(key: rootName, target: model, element: element, preferred: name)
            }
        }
        var namer = TypeNamer(prefix: prefix)
        namer.forbidden.insert((prefix + rootName).lowercased())
        if let namespace { namer.forbidden.insert(namespace.lowercased()) }
        let (names, order) = namer.names(for: graph)
        var position: [Int: Int] = [:]
        for (index, draft) in order.enumerated() { position[draft] = index }
        let models = order.map { index in
            let draft = drafts[index]
            let named = Self.propertyNames(draft.properties.map { ($0.key, $0.type.renumbered(position)) })
            return GeneratedSchema.Model(
                name: prefix + (names[index] ?? rootName),
                properties: zip(named, draft.properties).map { property, source in
                    var property = property
                    property.note = source.note
                    property.transform = source.transform
                    return property
                },
                kind: kind(of: draft, renumbered: position))
        }
        return GeneratedSchema(
            models: models, rootName: prefix + rootName, rootAlias: rootAlias?.renumbered(position),
            documentType: documentType)
    }

    /// What a draft is written as, with model indices in output order.
    private func kind(of draft: Draft, renumbered position: [Int: Int]) -> GeneratedSchema.Kind {
        switch draft.kind {
        case .record:
            return .record
        case .stringEnum(let values):
            let names = EnumNaming.caseNames(values) ?? values.map(TypeNaming.propertyName(forKey:))
            let cases = zip(names, values).map { GeneratedSchema.EnumCase(name: $0, value: $1) }
            return .stringEnum(cases: cases, fallback: EnumNaming.fallbackName(avoiding: names))
        case .tagged(let tag, let entries):
            let names = EnumNaming.caseNames(entries.map(\.value)) ?? entries.map { TypeNaming.propertyName(forKey: $0.value) }
            let cases = zip(names, entries).map { name, entry in
                GeneratedSchema.EnumCase(name: name, value: entry.value, payload: entry.payload?.renumbered(position))
            }
            return .taggedEnum(tag: tag, cases: cases, fallback: EnumNaming.fallbackName(avoiding: names))
        }
    }

    /// The models a type mentions, in order, each with whether it is reached as an element.
    static func models(in type: FieldType, element: Bool) -> [(Int, Bool)] {
        switch type {
        case .model(let index): return [(index, element)]
        case .optional(let wrapped): return models(in: wrapped, element: element)
        case .array(let wrapped), .dictionary(let wrapped): return models(in: wrapped, element: true)
        default: return []
        }
    }

    /// Distinct property names for the keys of one model, in order (`name`, `name2`, …).
    static func propertyNames(_ members: [(key: String, type: FieldType)]) -> [GeneratedSchema.Property] {
        var used: Set<String> = []
        var result: [GeneratedSchema.Property] = []
        for (key, type) in members {
            var name = TypeNaming.propertyName(forKey: key)
            name = TypeNaming.replacedProperties[name] ?? name
            if used.contains(name) {
                var number = 2
                while used.contains(name + String(number)) { number += 1 }
                name += String(number)
            }
            used.insert(name)
            result.append(GeneratedSchema.Property(name: name, key: key, type: type))
        }
        return result
    }
}
