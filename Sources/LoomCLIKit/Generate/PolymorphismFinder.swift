import Loom

// With `--enums`: find the places whose objects are told apart by a tag member (`"type":
// "circle"` with a `radius`, `"type": "square"` with a `side`) and observe each tag value's
// objects apart, so that each becomes a case of a polymorphic enum with its own payload.
//
// The first observation merges all the objects of a place, so the samples are read once more
// for the places found: each object goes to its tag value's shape. Places inside those shapes
// are looked at in the next round, a few rounds at most.

/// Finds polymorphic places and fills their ``Shape/variants``.
struct PolymorphismFinder {
    var rules: ShapeRules
    var options: InferenceOptions

    /// Keys that name an object's kind.
    static let tagKeys: [String] = [
        "type", "kind", "_type", "@type", "$type", "__typename", "object_type", "objectType", "event_type", "eventType",
    ]

    /// Rounds of reading the samples again: each round reaches one more level of polymorphic
    /// objects inside polymorphic objects.
    static let maxRounds = 4

    func find(in root: Shape, samples: [JSONDocument]) {
        for _ in 0..<Self.maxRounds {
            let candidates = self.candidates(in: root)
            if candidates.isEmpty { return }
            var pending: [ObjectIdentifier: (key: String, variants: [[UInt8]: Shape], order: [String])] = [:]
            for (shape, key) in candidates { pending[ObjectIdentifier(shape)] = (key, [:], []) }
            for document in samples {
                let observer = SchemaObserver(
                    options: options, keepsFirstDuplicate: document.options.duplicateKeys == .useFirst)
                withExtendedLifetime(document) {
                    walk(document.root, shape: root, depth: 0, observer: observer, pending: &pending)
                }
            }
            for (shape, _) in candidates {
                guard let found = pending[ObjectIdentifier(shape)] else { continue }
                let variants = Shape.Variants(
                    tagKey: found.key, values: found.order,
                    shapes: found.order.compactMap { found.variants[Array($0.utf8)] })
                if differ(variants) { shape.variants = variants }
            }
        }
    }

    /// Places not looked at yet whose objects all have a tag member holding one of 2 to
    /// ``ShapeRules/maxVariants`` strings.
    private func candidates(in root: Shape) -> [(Shape, String)] {
        var result: [(Shape, String)] = []
        forEachPlace(in: root) { shape in
            guard !shape.polymorphismChecked else { return }
            shape.polymorphismChecked = true
            guard shape.kinds == .object, !shape.tooDeep, !rules.isMap(shape) else { return }
            let key = Self.tagKeys.first { key in
                guard let position = shape.members.position(of: key) else { return false }
                let tag = shape.members.shapes[position]
                guard shape.members.presence[position] == shape.objects, tag.kinds == .string, tag.nulls == 0,
                    let values = tag.strings.distinctValues
                else { return false }
                return values.count >= 2 && values.count <= ShapeRules.maxVariants && EnumNaming.caseNames(values) != nil
            }
            if let key { result.append((shape, key)) }
        }
        return result
    }

    /// Calls `body` once for every place reachable from `root`: members, elements, map
    /// values (as the one shape that describes them all) and the tag values' shapes.
    func forEachPlace(in root: Shape, _ body: (Shape) -> Void) {
        var stack = [root]
        var seen: Set<ObjectIdentifier> = []
        while let shape = stack.popLast() {
            guard seen.insert(ObjectIdentifier(shape)).inserted else { continue }
            body(shape)
            if let element = shape.element { stack.append(element) }
            if let variants = shape.variants {
                stack.append(contentsOf: variants.shapes)
            } else if shape.kinds == .object && rules.isMap(shape) {
                stack.append(rules.mapValue(shape))
            } else {
                stack.append(contentsOf: shape.members.shapes)
            }
        }
    }

    /// Reads `element` along the places it was observed at; objects at a place found this
    /// round are observed again into their tag value's shape.
    private func walk(
        _ element: JSONElement, shape: Shape, depth: Int, observer: SchemaObserver,
        pending: inout [ObjectIdentifier: (key: String, variants: [[UInt8]: Shape], order: [String])]
    ) {
        guard depth < options.maxModelDepth, !shape.tooDeep else { return }
        switch element.kind {
        case .array:
            guard let elementShape = shape.element else { return }
            for item in element.elements {
                walk(item, shape: elementShape, depth: depth + 1, observer: observer, pending: &pending)
            }
        case .object:
            let members = SchemaObserver.effectiveMembers(of: element, keepsFirst: observer.keepsFirstDuplicate)
            if var found = pending[ObjectIdentifier(shape)] {
                guard let tag = members.first(where: { $0.key == found.key })?.value.stringValue else { return }
                let bytes = Array(tag.utf8)
                let variant: Shape
                if let existing = found.variants[bytes] {
                    variant = existing
                } else {
                    variant = Shape()
                    found.variants[bytes] = variant
                    found.order.append(tag)
                }
                pending[ObjectIdentifier(shape)] = found
                observer.observe(element, into: variant, depth: depth)
                // On along the merged places too: one of them may be found this round as well,
                // and is used if this one turns out not to be polymorphic.
                for member in members {
                    guard let position = shape.members.position(of: member.key) else { continue }
                    walk(member.value, shape: shape.members.shapes[position], depth: depth + 1, observer: observer, pending: &pending)
                }
                return
            }
            var target = shape
            if let variants = shape.variants {
                guard let tag = members.first(where: { $0.key == variants.tagKey })?.value.stringValue,
                    let index = variants.values.firstIndex(where: { Array($0.utf8) == Array(tag.utf8) })
                else { return }
                target = variants.shapes[index]
            } else if rules.isMap(shape) {
                let value = rules.mapValue(shape)
                for member in members {
                    walk(member.value, shape: value, depth: depth + 1, observer: observer, pending: &pending)
                }
                return
            }
            for member in members {
                guard let position = target.members.position(of: member.key) else { continue }
                walk(member.value, shape: target.members.shapes[position], depth: depth + 1, observer: observer, pending: &pending)
            }
        default:
            return
        }
    }

    /// Whether the tag values' objects differ: a key that every object of one value has and no
    /// object of another, or a key whose values differ in kind between two values.
    private func differ(_ variants: Shape.Variants) -> Bool {
        for (index, a) in variants.shapes.enumerated() {
            for b in variants.shapes[(index + 1)...] {
                let keysB = b.members.keySet
                let keysA = a.members.keySet
                for (position, key) in a.members.keys.enumerated() where a.members.presence[position] == a.objects {
                    if !keysB.contains(Array(key.utf8)) { return true }
                }
                for (position, key) in b.members.keys.enumerated() where b.members.presence[position] == b.objects {
                    if !keysA.contains(Array(key.utf8)) { return true }
                }
                for (position, key) in a.members.keys.enumerated() {
                    guard let other = b.members.position(of: key) else { continue }
                    if !rules.areCompatible(a.members.shapes[position], b.members.shapes[other], strict: true) { return true }
                }
            }
        }
        return false
    }
}
