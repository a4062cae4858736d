/// The JSON keys a model maps, as a tree of object levels.
///
/// Level 0 is the model's own object; every key path (`user.login`) adds a level per
/// intermediate object (`user`), shared by all properties under the same prefix so decoding
/// walks each nested object once and encoding writes it once. Each level becomes one
/// `_JSONKeySet` in generated code: `_loomKeys` for level 0, `_loomKeys_1`, `_loomKeys_2`, …
/// for nested levels in the order their first key appears in the declaration.
struct KeyTree {
    struct Level {
        /// 0 for the model object, else the number in `_loomKeys_<number>`.
        var number: Int
        /// The key path from the model object to this level.
        var prefix: [String]
        /// Prefix of the slot variables of this level in the generated decoder (`s`, `s2_`).
        var variablePrefix: String
        var slots: [Slot] = []
    }

    struct Slot {
        /// The key at this level.
        var name: String
        /// Whether key strategies must leave the key alone.
        var explicit: Bool
        /// Whether the model's runtime key strategy converts `name` when the key set is built.
        var convertedAtRuntime: Bool
        var content: Content
    }

    enum Content {
        /// A value read or written by a property.
        case leaf(Owner)
        /// A nested object: the index of its level.
        case branch(Int)
    }

    /// Which property a leaf belongs to, and in what role.
    struct Owner: Equatable {
        enum Role: Equatable {
            /// The key the property is written to (its only key or first fallback key).
            case primary
            /// A fallback key, only read.
            case alternative
            /// One member of a `@JSONKey(collecting:)` property, named as written.
            case collected(String)
        }

        /// Index into the mapped properties.
        var property: Int
        var role: Role
        /// The full key path of the leaf.
        var path: [String]
    }

    /// Where a leaf lives.
    struct SlotReference: Hashable {
        var level: Int
        var slot: Int
    }

    /// Why a key cannot be added.
    enum Conflict: Error {
        /// Another leaf has the same path.
        case sameKey(Owner)
        /// One key would be both a value (of `value`) and an object that the key path of
        /// `object` runs through.
        case valueAndObject(value: Owner, object: Owner)
    }

    private(set) var levels: [Level] = [Level(number: 0, prefix: [], variablePrefix: "s")]

    /// Adds a leaf at `path` (at least one component).
    mutating func insert(explicit: Bool, convertedAtRuntime: Bool = false, owner: Owner) -> Result<SlotReference, Conflict> {
        let path = owner.path
        var level = 0
        for (depth, component) in path.enumerated() {
            let isLast = depth == path.count - 1
            if let existing = levels[level].slots.firstIndex(where: { $0.name == component }) {
                switch levels[level].slots[existing].content {
                case .leaf(let other):
                    if isLast { return .failure(.sameKey(other)) }
                    return .failure(.valueAndObject(value: other, object: owner))
                case .branch(let child):
                    if isLast { return .failure(.valueAndObject(value: owner, object: firstLeaf(in: child) ?? owner)) }
                    level = child
                }
            } else if isLast {
                levels[level].slots.append(
                    Slot(name: component, explicit: explicit, convertedAtRuntime: convertedAtRuntime, content: .leaf(owner)))
                return .success(SlotReference(level: level, slot: levels[level].slots.count - 1))
            } else {
                let slot = levels[level].slots.count
                let child = levels.count
                levels.append(
                    Level(
                        number: child, prefix: Array(path[...depth]),
                        variablePrefix: "\(levels[level].variablePrefix)\(slot)_"))
                // Intermediate objects are always named by `@JSONKey`, so they are explicit.
                levels[level].slots.append(Slot(name: component, explicit: true, convertedAtRuntime: false, content: .branch(child)))
                level = child
            }
        }
        // Unreachable for a non-empty path; the checker never passes an empty one.
        return .failure(.sameKey(owner))
    }

    /// The first leaf under `level`, depth first.
    func firstLeaf(in level: Int) -> Owner? {
        for slot in levels[level].slots {
            switch slot.content {
            case .leaf(let owner): return owner
            case .branch(let child): if let owner = firstLeaf(in: child) { return owner }
            }
        }
        return nil
    }

    /// Every leaf under `level`, depth first.
    func leaves(in level: Int) -> [Owner] {
        levels[level].slots.flatMap { slot -> [Owner] in
            switch slot.content {
            case .leaf(let owner): return [owner]
            case .branch(let child): return leaves(in: child)
            }
        }
    }

    /// The generated variable holding the element matched for a slot (`s3`, `s2_0`).
    func variable(_ reference: SlotReference) -> String {
        "\(levels[reference.level].variablePrefix)\(reference.slot)"
    }
}
