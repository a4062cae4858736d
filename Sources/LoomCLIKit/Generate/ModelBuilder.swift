// Stage 3 of `loom generate`: give every place a Swift type, give identical records one
// model, and name the models.

/// The Swift type of a property, an element or a map value.
indirect enum FieldType: Hashable {
    case bool, int, uint64, double, decimal, string, date, url, uuid, json
    case optional(FieldType)
    case array(FieldType)
    case dictionary(FieldType)
    /// A generated model, by its position in ``GeneratedSchema/models``.
    case model(Int)

    /// Whether the type (or a type inside it) comes from Foundation.
    var usesFoundation: Bool {
        switch self {
        case .date, .url, .uuid, .decimal: return true
        case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): return wrapped.usesFoundation
        case .bool, .int, .uint64, .double, .string, .json, .model: return false
        }
    }

    /// The model this type is, or is an optional of.
    var directModel: Int? {
        switch self {
        case .model(let index): return index
        case .optional(.model(let index)): return index
        default: return nil
        }
    }

    /// `self` with model indices renumbered.
    func renumbered(_ map: [Int: Int]) -> FieldType {
        switch self {
        case .model(let index): return .model(map[index] ?? index)
        case .optional(let wrapped): return .optional(wrapped.renumbered(map))
        case .array(let wrapped): return .array(wrapped.renumbered(map))
        case .dictionary(let wrapped): return .dictionary(wrapped.renumbered(map))
        default: return self
        }
    }
}

/// The models `loom generate` writes, named and in output order.
struct GeneratedSchema: Hashable {
    struct Property: Hashable {
        /// The Swift name, without backticks.
        var name: String
        /// The JSON key, unescaped.
        var key: String
        var type: FieldType
        /// Why the type is what it is, where that is not evident (`always null in the samples`):
        /// written as a comment after the declaration.
        var note: String? = nil
    }

    /// A case of a generated enum.
    struct EnumCase: Hashable {
        /// The Swift name, without backticks.
        var name: String
        /// The JSON string (a string enum's raw value, a polymorphic enum's tag).
        var value: String
        /// The case's payload (a polymorphic enum's model for the tag value), or `nil`.
        var payload: FieldType? = nil
    }

    /// What a model is written as.
    enum Kind: Hashable {
        /// A `@JSONModel` struct (or final class) with ``Model/properties``.
        case record
        /// A `@JSONModel` enum of strings whose fallback case keeps unknown values.
        case stringEnum(cases: [EnumCase], fallback: String)
        /// A `@JSONModel(representation: .internal(tag:))` enum with one case per tag value and
        /// a fallback case that keeps unknown objects as `JSONValue`.
        case taggedEnum(tag: String, cases: [EnumCase], fallback: String)
    }

    struct Model: Hashable {
        var name: String
        var properties: [Property]
        var kind: Kind = .record
    }

    /// The root model first, then the others breadth-first in document order.
    var models: [Model]
    /// The name of the root type (`--name`).
    var rootName: String
    /// The type `rootName` stands for when the root (or the element of a top-level array) is
    /// not a record: a map, a scalar, or a mix.
    var rootAlias: FieldType?
    /// How the whole document decodes, spelled with `rootName`: `Root`, `[Root]`, `[Root?]`.
    var documentType: String
}

/// Turns unified places into models.
struct ModelBuilder {
    private struct Draft {
        enum Kind {
            case record
            case stringEnum([String])
            /// The tag key, and each tag value with its payload (`nil`: no member but the tag).
            case tagged(String, [(value: String, payload: FieldType?)])
        }

        /// Properties in the first sample's order; model indices are draft indices.
        var properties: [(key: String, type: FieldType)]
        /// The notes of the properties, by position.
        var notes: [String?]
        var kind = Kind.record
    }

    private struct Signature: Hashable {
        var keys: [[UInt8]]
        var types: [FieldType]
    }

    var rules = ShapeRules()
    private var drafts: [Draft] = []
    private var draftOfShape: [ObjectIdentifier: Int] = [:]
    private var draftOfSignature: [Signature: Int] = [:]
    /// String enums by their values as bytes, sorted: the same set is one enum.
    private var draftOfValues: [[[UInt8]]: Int] = [:]

    /// Builds the schema for the unified `root`; every type name starts with `prefix`.
    static func build(
        root: Shape, rootName: String, prefix: String = "", namespace: String? = nil, rules: ShapeRules = ShapeRules()
    ) -> GeneratedSchema {
        var builder = ModelBuilder(rules: rules)
        // A top-level string that is a date stays `String`: a typealias cannot carry a transform.
        var rootType = builder.elementType(root, key: rootName)
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
        return builder.name(
            rootModel: rootModel, rootName: rootName, rootAlias: rootModel == nil ? rootType : nil,
            documentType: documentType, prefix: prefix, namespace: namespace)
    }

    /// The type of a value inside an array or map: optional when `null` was seen (`JSONValue`
    /// holds `null` itself).
    private mutating func elementType(_ shape: Shape?, key: String) -> FieldType {
        guard let shape = shape?.resolved else { return .json }
        let type = valueType(shape, allowsDate: false, key: key)
        return shape.nulls > 0 && type != .json ? .optional(type) : type
    }

    /// The type of the non-null values at `shape`, reached through `key`.
    private mutating func valueType(_ shape: Shape, allowsDate: Bool, key: String) -> FieldType {
        let shape = shape.resolved
        let kinds = shape.kinds
        if shape.tooDeep || kinds.isEmpty || kinds.isMixed { return .json }
        switch kinds {
        case .bool:
            return .bool
        case .number:
            return Self.numberType(shape.numbers)
        case .string:
            if let values = rules.enumValues(shape, key: key) { return .model(enumDraft(values)) }
            return shape.strings.type(allowsDate: allowsDate)
        case .array:
            return .array(elementType(shape.element, key: key))
        default:
            if let variants = shape.variants { return .model(taggedDraft(for: shape, variants)) }
            if rules.isMap(shape) { return .dictionary(elementType(rules.mapValue(shape), key: key)) }
            return .model(draft(for: shape))
        }
    }

    /// Why the values at `shape` are `JSONValue` (or an array or map of it), where the samples
    /// decided it: always `null`, always an empty array, several kinds, numbers no Swift
    /// number keeps exactly, nesting too deep.
    private func note(for shape: Shape?) -> String? {
        guard let shape = shape?.resolved else { return nil }
        if shape.tooDeep { return "nested too deep to model in the samples" }
        let kinds = shape.kinds
        if kinds.isEmpty { return shape.nulls > 0 ? "always null in the samples" : nil }
        if kinds.isMixed {
            let names: [(ValueKinds, String)] = [
                (.string, "strings"), (.number, "numbers"), (.bool, "Booleans"), (.array, "arrays"), (.object, "objects"),
            ]
            let seen = names.filter { kinds.contains($0.0) }.map(\.1)
            return (seen.dropLast().joined(separator: ", ") + " and " + (seen.last ?? "")) + " in the samples"
        }
        switch kinds {
        case .number where Self.numberType(shape.numbers) == .json:
            return "numbers that neither Double nor Decimal keeps exactly in the samples"
        case .array:
            guard let element = shape.element else { return "always an empty array in the samples" }
            return note(for: element).map { "elements: " + $0 }
        case .object where rules.isMap(shape):
            return note(for: rules.mapValue(shape)).map { "values: " + $0 }
        default:
            return nil
        }
    }

    /// `Int` when every number is an integer that fits; `UInt64` past `Int64.max`; `Decimal`
    /// for larger integers (up to 38 digits); `Double` with any fraction, unless an integer
    /// there is beyond 2^53 or a number beyond `Double`'s range; otherwise `JSONValue`, which
    /// keeps any number exactly.
    static func numberType(_ numbers: NumberSummary) -> FieldType {
        if !numbers.hasFraction {
            if !numbers.hasBeyondInt64 { return .int }
            if !numbers.hasNegative && !numbers.hasBeyondUInt64 { return .uint64 }
            return numbers.hasBeyondDecimal ? .json : .decimal
        }
        return numbers.hasBeyondDoubleIntegers || numbers.hasBeyondDouble ? .json : .double
    }

    /// The string enum with `values`; one per set of values.
    private mutating func enumDraft(_ values: [String]) -> Int {
        let key = values.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        if let index = draftOfValues[key] { return index }
        let index = drafts.count
        drafts.append(Draft(properties: [], notes: [], kind: .stringEnum(values)))
        draftOfValues[key] = index
        return index
    }

    /// The polymorphic enum for `shape`: a case per tag value, whose payload is a model of
    /// that value's objects without the tag (none when they have no other member).
    private mutating func taggedDraft(for shape: Shape, _ variants: Shape.Variants) -> Int {
        if let index = draftOfShape[ObjectIdentifier(shape)] { return index }
        let index = drafts.count
        drafts.append(Draft(properties: [], notes: []))
        draftOfShape[ObjectIdentifier(shape)] = index
        var cases: [(value: String, payload: FieldType?)] = []
        for (value, variant) in zip(variants.values, variants.shapes) {
            let hasMembers = variant.members.keys.contains { $0 != variants.tagKey }
            cases.append((value, hasMembers ? .model(draft(for: variant, excluding: variants.tagKey)) : nil))
        }
        drafts[index].kind = .tagged(variants.tagKey, cases)
        return index
    }

    private mutating func draft(for shape: Shape, excluding excluded: String? = nil) -> Int {
        if excluded == nil, let index = draftOfShape[ObjectIdentifier(shape)] { return index }
        var properties: [(key: String, type: FieldType)] = []
        var notes: [String?] = []
        for (position, key) in shape.members.keys.enumerated() where key != excluded {
            let member = shape.members.shapes[position].resolved
            var type = valueType(member, allowsDate: true, key: key)
            if shape.members.presence[position] < shape.objects || member.nulls > 0 { type = .optional(type) }
            properties.append((key, type))
            notes.append(note(for: member))
        }
        let sorted = properties.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        let signature = Signature(keys: sorted.map { Array($0.key.utf8) }, types: sorted.map(\.type))
        if let index = draftOfSignature[signature] {
            if excluded == nil { draftOfShape[ObjectIdentifier(shape)] = index }
            // A note must hold for every place the model describes.
            for (position, property) in properties.enumerated() {
                guard let other = drafts[index].properties.firstIndex(where: { $0.key == property.key }) else { continue }
                if drafts[index].notes[other] != notes[position] { drafts[index].notes[other] = nil }
            }
            return index
        }
        let index = drafts.count
        drafts.append(Draft(properties: properties, notes: notes))
        if excluded == nil { draftOfShape[ObjectIdentifier(shape)] = index }
        draftOfSignature[signature] = index
        return index
    }

    /// Names the drafts breadth-first from the root and orders them that way.
    private func name(
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
        let models = order.map { draft in
            GeneratedSchema.Model(
                name: prefix + (names[draft] ?? rootName),
                properties: zip(
                    Self.propertyNames(drafts[draft].properties.map { ($0.key, $0.type.renumbered(position)) }),
                    drafts[draft].notes
                ).map { property, note in
                    var property = property
                    property.note = note
                    return property
                },
                kind: kind(of: drafts[draft], renumbered: position))
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
    private static func models(in type: FieldType, element: Bool) -> [(Int, Bool)] {
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
            if TypeNaming.unusableProperties.contains(name) { name += "Value" }
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
