// Stage 3 of `loom generate`: give every place a Swift type and identical records one model;
// ModelDrafts names them.

/// The Swift type of a property, an element or a map value.
indirect enum FieldType: Hashable {
    case bool, int, uint64, double, decimal, string, date, url, uuid, json
    /// A calendar date without a time (`2024-03-18`, JSON Schema's `format: date`), read with a
    /// date-pattern transform.
    case day
    case optional(FieldType)
    case array(FieldType)
    case dictionary(FieldType)
    /// A generated model, by its position in ``GeneratedSchema/models``.
    case model(Int)

    /// Whether the type (or a type inside it) comes from Foundation.
    var usesFoundation: Bool {
        switch self {
        case .date, .day, .url, .uuid, .decimal: return true
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
        /// The `@JSONTransform` argument (`.iso8601`), if any.
        var transform: String? = nil
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
    private struct Signature: Hashable {
        var keys: [[UInt8]]
        var types: [FieldType]
    }

    var rules = ShapeRules()
    private var drafts = ModelDrafts()
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
        let rootType = builder.elementType(root, key: rootName)
        return builder.drafts.schema(root: rootType, rootName: rootName, prefix: prefix, namespace: namespace)
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
        let index = drafts.add(.init(properties: [], kind: .stringEnum(values)))
        draftOfValues[key] = index
        return index
    }

    /// The polymorphic enum for `shape`: a case per tag value, whose payload is a model of
    /// that value's objects without the tag (none when they have no other member).
    private mutating func taggedDraft(for shape: Shape, _ variants: Shape.Variants) -> Int {
        if let index = draftOfShape[ObjectIdentifier(shape)] { return index }
        let index = drafts.add(.init(properties: []))
        draftOfShape[ObjectIdentifier(shape)] = index
        var cases: [(value: String, payload: FieldType?)] = []
        for (value, variant) in zip(variants.values, variants.shapes) {
            let hasMembers = variant.members.keys.contains { $0 != variants.tagKey }
            cases.append((value, hasMembers ? .model(draft(for: variant, excluding: variants.tagKey)) : nil))
        }
        drafts.drafts[index].kind = .tagged(variants.tagKey, cases)
        return index
    }

    private mutating func draft(for shape: Shape, excluding excluded: String? = nil) -> Int {
        if excluded == nil, let index = draftOfShape[ObjectIdentifier(shape)] { return index }
        var properties: [ModelDrafts.Property] = []
        for (position, key) in shape.members.keys.enumerated() where key != excluded {
            let member = shape.members.shapes[position].resolved
            var type = valueType(member, allowsDate: true, key: key)
            if shape.members.presence[position] < shape.objects || member.nulls > 0 { type = .optional(type) }
            let transform = type == .date || type == .optional(.date) ? ".iso8601" : nil
            properties.append(.init(key: key, type: type, note: note(for: member), transform: transform))
        }
        let sorted = properties.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        let signature = Signature(keys: sorted.map { Array($0.key.utf8) }, types: sorted.map(\.type))
        if let index = draftOfSignature[signature] {
            if excluded == nil { draftOfShape[ObjectIdentifier(shape)] = index }
            // A note must hold for every place the model describes.
            for property in properties {
                guard let other = drafts.drafts[index].properties.firstIndex(where: { $0.key == property.key }) else { continue }
                if drafts.drafts[index].properties[other].note != property.note { drafts.drafts[index].properties[other].note = nil }
            }
            return index
        }
        let index = drafts.add(.init(properties: properties))
        if excluded == nil { draftOfShape[ObjectIdentifier(shape)] = index }
        draftOfSignature[signature] = index
        return index
    }
}
