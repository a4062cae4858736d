// Stage 2 of `loom generate`: decide which objects are maps, and merge the places that hold
// the same kind of object (GitHub's `user` and `assignee`; a tweet's `entities` with and
// without `media`) so that they share one type.

/// How `loom generate` decides what the objects at a place are, and which places can merge.
struct ShapeRules {
    /// The default of ``mapThreshold`` (`--map-threshold`).
    static let defaultMapThreshold = 20

    /// This many keys or more whose values have one shape make a map (`--map-threshold`);
    /// ten times as many make a map whatever the values.
    var mapThreshold = ShapeRules.defaultMapThreshold
    /// Make small closed sets of strings enums, and objects told apart by a tag member
    /// polymorphic enums (`--enums`).
    var detectsEnums = false

    /// Whether the objects at `shape` are a map from data keys to values (`[String: T]`)
    /// rather than a record with named fields:
    /// - `--map` or `--no-map` named the place;
    /// - no key was ever seen (`{}`), or a key is empty, or two keys differ only in Unicode
    ///   normalization (which a Swift `String` cannot tell apart);
    /// - most keys are not field names: numbers (`{"138586341": {...}}`: ids), dates
    ///   (`2024-03-01`), UUIDs, paths (`/v1/users`), URLs, text (`{"Arrière-scène": …}`);
    /// - ``mapThreshold`` keys or more whose values have one shape (see ``valuesAgree(_:)``),
    ///   or ten times as many whatever the values;
    /// - three keys or more that differ from object to object or sample to sample (on average
    ///   each object has at most half of them, and none has them all) whose values have one
    ///   shape; places reached
    ///   through the same key are judged together (see ``decideTogether(_:)``).
    func isMap(_ shape: Shape) -> Bool {
        if let cached = shape.cachedIsMap { return cached }
        let result = shape.forcedMap ?? decideMap(shape)
        shape.cachedIsMap = result
        return result
    }

    /// Decides, for places reached through the same key in different objects (every `actions`
    /// of an API description), whether they are maps by looking at them together: each may
    /// have a few keys of its own (`Create`, `Delete` here, `Get`, `Put` there) that only
    /// together show they differ from place to place while their values agree. Deepest keys
    /// first, so that a group's values are decided before the group. Places named by `--map`
    /// or `--no-map`, or already decided, keep their decision.
    func decideTogether(_ root: Shape) {
        var groups: [String: [Shape]] = [:]
        var depthOfKey: [String: Int] = [:]
        var order: [String] = []
        var stack: [(shape: Shape, key: String?, depth: Int)] = [(root, nil, 0)]
        var seen: Set<ObjectIdentifier> = []
        while let (shape, key, depth) = stack.popLast() {
            guard seen.insert(ObjectIdentifier(shape)).inserted, !shape.tooDeep else { continue }
            if let key, shape.kinds == .object {
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(shape)
                depthOfKey[key] = max(depthOfKey[key] ?? 0, depth)
            }
            if let element = shape.element { stack.append((element, key, depth + 1)) }
            for (position, member) in shape.members.shapes.enumerated() {
                stack.append((member, shape.members.keys[position], depth + 1))
            }
        }
        let keys = order.enumerated().sorted { a, b in
            let depths = (depthOfKey[a.element] ?? 0, depthOfKey[b.element] ?? 0)
            return depths.0 != depths.1 ? depths.0 > depths.1 : a.offset < b.offset
        }.map(\.element)
        for key in keys {
            guard let group = groups[key], group.count >= 2 else { continue }
            let undecided = group.filter { $0.forcedMap == nil && $0.cachedIsMap == nil }
            guard !undecided.isEmpty, decideMap(Self.merge(group)) else { continue }
            for shape in undecided { shape.cachedIsMap = true }
        }
    }

    private func decideMap(_ shape: Shape) -> Bool {
        let keys = shape.members.keys
        let count = keys.count
        if count == 0 || keys.contains("") || Set(keys).count != count { return true }
        let fieldNames = keys.filter(TypeNaming.isIdentifierLike).count
        if fieldNames * 2 < count { return true }
        let threshold = max(1, mapThreshold)
        if count >= threshold.multipliedReportingOverflow(by: 10).partialValue { return true }
        // A key that every object has marks a record with optional fields.
        let sparse = shape.objects >= 2 && count >= 3 && shape.memberTotal * 2 <= shape.objects * count
            && !shape.members.presence.contains { $0 >= shape.objects }
        guard count >= threshold || sparse else { return false }
        return valuesAgree(shape.members.shapes)
    }

    /// Whether the values seen under all the keys of an object have one shape, as a map's values
    /// do: one kind of value (`null` aside); for records, at least half of each one's keys are
    /// keys that most of them have (the paginators of an API, each with `input_token`,
    /// `output_token` and some of `limit_key`, `more_results`); for arrays, elements that agree.
    func valuesAgree(_ shapes: [Shape]) -> Bool {
        var unique: [Shape] = []
        var seen: Set<ObjectIdentifier> = []
        for shape in shapes {
            let resolved = shape.resolved
            if seen.insert(ObjectIdentifier(resolved)).inserted { unique.append(resolved) }
        }
        var kinds: ValueKinds = []
        for shape in unique {
            if shape.tooDeep { return false }
            kinds.formUnion(shape.kinds)
        }
        if kinds.isMixed { return false }
        switch kinds {
        case .array:
            return valuesAgree(unique.compactMap(\.element))
        case .object:
            // Judged by their keys alone, not by whether each is a map: one value with a few
            // string members may be a map by the threshold while its siblings are not.
            let withObjects = unique.filter { $0.objects > 0 }
            var presence: [[UInt8]: Int] = [:]
            let keySets = withObjects.map(\.members.keySet)
            for keys in keySets {
                for key in keys { presence[key, default: 0] += 1 }
            }
            let common = Set(presence.filter { $0.value * 2 > keySets.count }.keys)
            if common.isEmpty { return false }
            return keySets.allSatisfy { $0.intersection(common).count * 2 >= $0.count }
        default:
            return true
        }
    }

    /// What all the values of the map-like objects at `shape` have in common; computed once.
    func mapValue(_ shape: Shape) -> Shape {
        if let cached = shape.cachedMapValue { return cached.resolved }
        let value = Self.merge(shape.members.shapes)
        shape.cachedMapValue = value
        return value
    }

    /// A place describing every value of `shapes`. One distinct shape is returned as is;
    /// otherwise the result is new and the inputs are left alone.
    static func merge(_ shapes: [Shape]) -> Shape {
        var unique: [Shape] = []
        var seen: Set<ObjectIdentifier> = []
        for shape in shapes {
            let resolved = shape.resolved
            if seen.insert(ObjectIdentifier(resolved)).inserted { unique.append(resolved) }
        }
        if unique.count == 1 { return unique[0] }
        let result = Shape()
        for shape in unique {
            result.count = result.count.addingSaturated(shape.count)
            result.nulls = result.nulls.addingSaturated(shape.nulls)
            result.bools = result.bools.addingSaturated(shape.bools)
            result.numbers.merge(shape.numbers)
            result.strings.merge(shape.strings)
            result.arrays = result.arrays.addingSaturated(shape.arrays)
            result.objects = result.objects.addingSaturated(shape.objects)
            result.memberTotal = result.memberTotal.addingSaturated(shape.memberTotal)
            result.tooDeep = result.tooDeep || shape.tooDeep
            if let forced = shape.forcedMap { result.forcedMap = (result.forcedMap ?? true) && forced }
        }
        let elements = unique.compactMap(\.element)
        if !elements.isEmpty { result.element = merge(elements) }
        result.variants = mergeVariants(unique)
        // One pass over all members (keys in first-seen order), so that many objects with
        // keys of their own cost linear time.
        var keys: [String] = []
        var parts: [[Shape]] = []
        var presence: [Int] = []
        var positions: [[UInt8]: Int] = [:]
        for shape in unique {
            for (position, key) in shape.members.keys.enumerated() {
                let bytes = Array(key.utf8)
                let index: Int
                if let existing = positions[bytes] {
                    index = existing
                } else {
                    index = keys.count
                    positions[bytes] = index
                    keys.append(key)
                    parts.append([])
                    presence.append(0)
                }
                parts[index].append(shape.members.shapes[position])
                presence[index] = presence[index].addingSaturated(shape.members.presence[position])
            }
        }
        for (index, key) in keys.enumerated() {
            result.members.append(key, shape: merge(parts[index]), presence: presence[index])
        }
        return result
    }

    /// The variants of a place describing all of `shapes`: theirs merged value by value when
    /// every one that holds objects is polymorphic with the same tag key; otherwise none, and
    /// the objects are one record.
    private static func mergeVariants(_ shapes: [Shape]) -> Shape.Variants? {
        let withObjects = shapes.filter { $0.objects > 0 }
        guard let first = withObjects.first?.variants,
            withObjects.allSatisfy({ $0.variants?.tagKey == first.tagKey })
        else { return nil }
        var values: [String] = []
        var parts: [[Shape]] = []
        var positions: [[UInt8]: Int] = [:]
        for shape in withObjects {
            guard let variants = shape.variants else { continue }
            for (value, variant) in zip(variants.values, variants.shapes) {
                let bytes = Array(value.utf8)
                if let position = positions[bytes] {
                    parts[position].append(variant)
                } else {
                    positions[bytes] = values.count
                    values.append(value)
                    parts.append([variant])
                }
            }
        }
        return Shape.Variants(tagKey: first.tagKey, values: values, shapes: parts.map(merge))
    }

    /// Whether merging `a` and `b` keeps the types they had: no new mix of kinds, maps stay
    /// maps, records stay records and share keys (at least half of the smaller's when
    /// `strict`). A field may become optional; unless `strict`, an `Int` may
    /// also become `Double` and a `Date`, `URL` or `UUID` a `String` (for places reached
    /// through the same key, which are the same field in all likelihood).
    func areCompatible(_ a: Shape, _ b: Shape, strict: Bool) -> Bool {
        let a = a.resolved
        let b = b.resolved
        if a === b { return true }
        if a.tooDeep || b.tooDeep { return a.tooDeep && b.tooDeep }
        let kinds = (a.kinds, b.kinds)
        if kinds.0.isEmpty || kinds.1.isEmpty { return true }
        guard kinds.0 == kinds.1 else { return false }
        if kinds.0.isMixed { return true }
        switch kinds.0 {
        case .number:
            return !strict || ModelBuilder.numberType(a.numbers) == ModelBuilder.numberType(b.numbers)
        case .string:
            return !strict || a.strings.type(allowsDate: true) == b.strings.type(allowsDate: true)
        case .array:
            guard let first = a.element, let second = b.element else { return true }
            return areCompatible(first, second, strict: strict)
        case .object:
            if a.variants != nil || b.variants != nil { return a.variants?.tagKey == b.variants?.tagKey }
            let maps = (isMap(a), isMap(b))
            guard maps.0 == maps.1 else { return false }
            if maps.0 { return areCompatible(mapValue(a), mapValue(b), strict: strict) }
            var common = 0
            for (position, key) in a.members.keys.enumerated() {
                guard let other = b.members.position(of: key) else { continue }
                common += 1
                if !areCompatible(a.members.shapes[position], b.members.shapes[other], strict: strict) { return false }
            }
            // Records with nothing (or, reached through other keys, little) in common are
            // different things: an image's actions and an instance's.
            let smaller = min(a.members.count, b.members.count)
            return strict ? common * 2 >= smaller : common > 0 || smaller == 0
        default:
            return true
        }
    }
}

/// Merges places whose objects are evidently the same kind of record:
/// - the same set of keys, anywhere in the documents, when merging changes no type but
///   optionality (reached through the same key, an `Int` may also become `Double`);
/// - reached through the same key (`entities` here and there), one key set containing the
///   other, with compatible values;
/// - anywhere, one key set containing the other and at least half as large (and two keys or
///   more), when merging changes no type but optionality.
///
/// A place is never merged with one inside it (that would be a recursive type); the result
/// is the same for the same input, since places are visited in document order.
struct SchemaUnifier {
    var rules = ShapeRules()

    /// Places that hold records (objects that are not maps), in breadth-first document order,
    /// each with the key it was first reached through.
    func recordPlaces(from root: Shape) -> [(shape: Shape, key: String)] {
        var places: [(shape: Shape, key: String)] = []
        var queue: [(shape: Shape, key: String)] = [(root.resolved, "")]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root.resolved)]
        var head = 0
        func enqueue(_ shape: Shape, _ key: String) {
            let resolved = shape.resolved
            if seen.insert(ObjectIdentifier(resolved)).inserted { queue.append((resolved, key)) }
        }
        while head < queue.count {
            let (shape, key) = queue[head]
            head += 1
            let kinds = shape.kinds
            guard !shape.tooDeep, !kinds.isMixed else { continue }
            if let element = shape.element, kinds == .array { enqueue(element, key) }
            guard kinds == .object else { continue }
            if let variants = shape.variants {
                // The tag values' records are cases of one enum: they merge with nothing.
                for variant in variants.shapes {
                    for (position, member) in variant.members.shapes.enumerated() {
                        enqueue(member, variant.members.keys[position])
                    }
                }
                continue
            }
            if rules.isMap(shape) {
                enqueue(rules.mapValue(shape), key)
                continue
            }
            places.append((shape, key))
            for (position, member) in shape.members.shapes.enumerated() {
                enqueue(member, shape.members.keys[position])
            }
        }
        return places
    }

    /// The most rounds of merging. Merging two places merges their insides, which may make
    /// more places mergeable, so merging goes in rounds; a few rounds reach everything real
    /// documents have, and the bound keeps self-similar inputs (the same key sets at every
    /// level of a deep chain) from copying subtrees round after round.
    static let maxRounds = 8

    /// The most clusters a place is compared with. Real documents have a handful per key
    /// set; the bound keeps thousands of mutually incompatible places from costing n².
    static let maxClusters = 64

    /// Merges in rounds until a round merges nothing, at most ``maxRounds`` times.
    func unify(_ root: Shape) {
        for _ in 0..<Self.maxRounds {
            let equal = mergeEqualKeySets(recordPlaces(from: root))
            let nested = mergeNestedKeySets(recordPlaces(from: root))
            let optional = mergeOptionalFields(recordPlaces(from: root))
            if !equal && !nested && !optional { return }
        }
    }

    /// Merges the places that share a key set, greedily in document order: each place merges
    /// into the first earlier cluster it fits (compared with the cluster merged so far).
    /// Returns whether anything merged.
    private func mergeEqualKeySets(_ places: [(shape: Shape, key: String)]) -> Bool {
        var groups: [Set<[UInt8]>: [(shape: Shape, key: String)]] = [:]
        var order: [Set<[UInt8]>] = []
        for place in places {
            let keys = place.shape.members.keySet
            if groups[keys] == nil { order.append(keys) }
            groups[keys, default: []].append(place)
        }
        var merged = false
        for keys in order {
            guard let group = groups[keys], group.count > 1 else { continue }
            var clusters: [(representative: Shape, keys: Set<String>)] = []
            for (shape, key) in group {
                // Reached through other keys only, a place must keep its member types exactly.
                if let index = clusters.prefix(Self.maxClusters).firstIndex(where: { cluster in
                    areMergeable(cluster.representative, shape, strict: cluster.keys != [key])
                }) {
                    clusters[index].representative = join(clusters[index].representative, shape)
                    clusters[index].keys.insert(key)
                    merged = true
                } else {
                    clusters.append((shape, [key]))
                }
            }
        }
        return merged
    }

    /// Merges places reached through the same key whose key sets nest, greedily in document
    /// order: each place merges into the first earlier one it fits. Returns whether anything
    /// merged.
    private func mergeNestedKeySets(_ places: [(shape: Shape, key: String)]) -> Bool {
        var groups: [String: [Shape]] = [:]
        var order: [String] = []
        for place in places {
            if groups[place.key] == nil { order.append(place.key) }
            groups[place.key, default: []].append(place.shape)
        }
        var merged = false
        for key in order {
            guard let group = groups[key], group.count > 1 else { continue }
            var representatives: [Shape] = []
            for shape in group {
                let keys = shape.members.keySet
                if let index = representatives.prefix(Self.maxClusters).firstIndex(where: { representative in
                    let other = representative.members.keySet
                    return (keys.isSubset(of: other) || other.isSubset(of: keys))
                        && areMergeable(representative, shape, strict: false)
                }) {
                    representatives[index] = join(representatives[index], shape)
                    merged = true
                } else {
                    representatives.append(shape)
                }
            }
        }
        return merged
    }

    /// Merges places anywhere in the documents whose key sets nest and whose common members
    /// have the same types, when the smaller has at least two keys and at least half of the
    /// larger's: the same record written with and without some optional fields. Greedy in
    /// document order, as the others. Returns whether anything merged.
    private func mergeOptionalFields(_ places: [(shape: Shape, key: String)]) -> Bool {
        var representatives: [Shape] = []
        var merged = false
        for (shape, _) in places {
            let keys = shape.members.keySet
            guard keys.count >= 2 else { continue }
            if let index = representatives.prefix(Self.maxClusters).firstIndex(where: { representative in
                let other = representative.resolved.members.keySet
                let (small, large) = keys.count <= other.count ? (keys, other) : (other, keys)
                return small.count * 2 >= large.count && small.isSubset(of: large)
                    && areMergeable(representative, shape, strict: true)
            }) {
                representatives[index] = join(representatives[index], shape)
                merged = true
            } else {
                representatives.append(shape)
            }
        }
        return merged
    }

    /// Whether `b` may merge into `a`: compatible, and neither inside the other (a place
    /// merged into one inside it would make a struct that contains itself).
    private func areMergeable(_ a: Shape, _ b: Shape, strict: Bool) -> Bool {
        let a = a.resolved
        let b = b.resolved
        guard a !== b else { return false }
        return rules.areCompatible(a, b, strict: strict) && !Self.contains(a, b) && !Self.contains(b, a)
    }

    /// Merges `a` and `b` into a new place that both now resolve to.
    private func join(_ a: Shape, _ b: Shape) -> Shape {
        let result = ShapeRules.merge([a, b])
        for shape in [a, b] where shape !== result { shape.mergedInto = result }
        return result
    }

    /// Whether `inner` is a place inside `outer`.
    static func contains(_ outer: Shape, _ inner: Shape) -> Bool {
        let target = inner.resolved
        var stack = [outer.resolved]
        var seen: Set<ObjectIdentifier> = []
        while let shape = stack.popLast() {
            guard seen.insert(ObjectIdentifier(shape)).inserted else { continue }
            if let element = shape.element {
                let resolved = element.resolved
                if resolved === target { return true }
                stack.append(resolved)
            }
            for member in shape.members.shapes {
                let resolved = member.resolved
                if resolved === target { return true }
                stack.append(resolved)
            }
            if let value = shape.cachedMapValue {
                let resolved = value.resolved
                if resolved === target { return true }
                stack.append(resolved)
            }
            for variant in shape.variants?.shapes ?? [] {
                let resolved = variant.resolved
                if resolved === target { return true }
                stack.append(resolved)
            }
        }
        return false
    }
}

extension Int {
    /// `self + other`, stopping at `Int.max`. Merged places add up counts; a place shared by
    /// several merged ones is counted once for each, so counts only ever compare as ratios.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
