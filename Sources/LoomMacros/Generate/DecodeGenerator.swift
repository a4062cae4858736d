/// What the generated mapping shares about a model's slots and values: which slots are read,
/// the lenient context, and the closure that decodes one value from an element.
enum DecodeGenerator {
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
            "try $1.transform($0, with: Self.jsonTransformer(forProperty: \(KeySpelling.literal(property.name)), of: \(hookType).self)) { \(plain) }"
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
}
