// Names the generated types: each after the keys that reach it, in a form that fits all of
// them; a name two types want goes to neither, each taking its context in front instead
// (`ImageActions`, `InstanceActions`), so that a name does not depend on which type came first.

/// The generated types as a graph for naming: which type reaches which, through which key.
struct NamingGraph {
    /// One way to reach a type.
    struct Edge: Hashable {
        /// The key of the property, or the tag of an enum case.
        var key: String
        var target: Int
        /// Reached as the element of an array or the value of a map (`stories` → `Story`).
        var element: Bool
        /// A name to use instead of the key's (an enum case's payload named after its tag).
        var preferred: String?
        /// `preferred` takes the wanted name of the type the edge leaves after it (`Circle` in
        /// `Shape` → `CircleShape`), unless it ends with it already.
        var suffixedByParent = false
    }

    /// The edges out of each type, in declaration order.
    var edges: [[Edge]]
    /// Types with a name of their own (the root): they keep it.
    var fixed: [Int: String] = [:]
    /// Names types want rather than the keys' (a JSON Schema definition's name), allocated
    /// like the others.
    var preferredNames: [Int: String] = [:]
    /// Where naming starts: the root, or the types of a root alias (as edges from no type).
    var roots: [Int] = []
    var rootEdges: [Edge] = []
}

/// Hands out type names for a ``NamingGraph``.
///
/// 1. Every type *wants* a name: the one given (`fixed`), or one made from each key that
///    reaches it (`user` → `User`, elements of `stories` → `Story`; three or more fields of one
///    type in one parent → the parent's singular, `sizes.thumb`, `.small`, `.large` → `Size`,
///    or its name and `Item`).
///    When the keys disagree, their common last words (`billing_address`, `shipping_address`
///    → `Address`), else the first key's name.
/// 2. A wanted name that one type wants, that is usable (not `URL`, not a keyword, not the
///    namespace) and is not a fixed name is taken as is.
/// 3. The others take the wanted name of the type that first reaches them in front
///    (`ImageActions`, `InstanceActions`; `EntitiesURL`), then also that type's own context;
///    names are compared without case, so that no two differ only by case.
/// 4. What is still shared after that is numbered, in breadth-first order (`Item2`).
struct TypeNamer {
    /// Put before every name on output; usability is judged with it (`--prefix Web` frees `URL`).
    var prefix = ""
    /// Full names (prefix included), in lowercase, that no type may take in any case: the
    /// root's and the namespace's.
    var forbidden: Set<String> = []

    /// How many enclosing types' names a name may take in front before numbers decide: two
    /// (`ServiceImageActions`) tell real documents' types apart; more would only make
    /// self-similar chains' names long.
    static let contextLevels = 2

    /// The names, and the types in breadth-first order from the roots.
    func names(for graph: NamingGraph) -> (names: [Int: String], order: [Int]) {
        // Breadth-first order, and the first edge into each type (its context).
        var order: [Int] = []
        var parent: [Int: Int] = [:]
        var seen: Set<Int> = []
        for root in graph.roots where seen.insert(root).inserted { order.append(root) }
        for edge in graph.rootEdges where seen.insert(edge.target).inserted { order.append(edge.target) }
        var head = 0
        while head < order.count {
            let node = order[head]
            head += 1
            for edge in graph.edges[node] where seen.insert(edge.target).inserted {
                parent[edge.target] = node
                order.append(edge.target)
            }
        }

        // 1. Wanted names, in order, so that a parent's is known before its children's.
        var incoming: [Int: [(parent: Int?, edge: NamingGraph.Edge)]] = [:]
        for edge in graph.rootEdges { incoming[edge.target, default: []].append((nil, edge)) }
        for node in order {
            for edge in graph.edges[node] { incoming[edge.target, default: []].append((node, edge)) }
        }
        var wanted: [Int: String] = [:]
        for node in order {
            if let name = graph.fixed[node] ?? graph.preferredNames[node] {
                wanted[node] = name
                continue
            }
            var candidates: [String] = []
            for (from, edge) in incoming[node] ?? [] {
                let candidate: String
                if let preferred = edge.preferred {
                    let suffix = edge.suffixedByParent ? from.flatMap { wanted[$0] } ?? "" : ""
                    candidate = preferred.hasSuffix(suffix) ? preferred : preferred + suffix
                } else if let from, let parentName = wanted[from],
                    graph.edges[from].filter({ $0.target == node && !$0.element }).count >= 3
                {
                    candidate = TypeNaming.singularTypeName(parentName) ?? parentName + "Item"
                } else {
                    candidate = TypeNaming.typeName(forKey: edge.key, element: edge.element)
                }
                if !candidates.contains(candidate) { candidates.append(candidate) }
            }
            wanted[node] = Self.fitting(candidates)
        }

        // 2–4. Allocation, level by level of context.
        var names: [Int: String] = [:]
        var taken: Set<String> = []
        for node in order {
            guard let name = graph.fixed[node] else { continue }
            names[node] = name
            taken.insert(name.lowercased())
        }
        // The names a type may take, with more context each: `Actions`, `ImageActions`,
        // `ServiceImageActions`… up to the root.
        var levels: [Int: [String]] = [:]
        var pending: [Int] = []
        for node in order where names[node] == nil {
            var name = wanted[node] ?? ""
            if name.isEmpty { name = "Item" }
            var candidates = [name]
            var ancestor = parent[node]
            var visited: Set<Int> = [node]
            while let up = ancestor, candidates.count <= Self.contextLevels, visited.insert(up).inserted {
                name = (wanted[up] ?? "") + name
                candidates.append(name)
                ancestor = parent[up]
            }
            levels[node] = candidates
            pending.append(node)
        }
        var level: [Int: Int] = [:]
        while !pending.isEmpty {
            var wantedBy: [String: Int] = [:]
            for node in pending { wantedBy[current(node, levels, level).lowercased(), default: 0] += 1 }
            var next: [Int] = []
            var moved = false
            for node in pending {
                let name = current(node, levels, level)
                let lower = name.lowercased()
                if wantedBy[lower] == 1 && !taken.contains(lower) && isUsable(name) {
                    names[node] = name
                    taken.insert(lower)
                    moved = true
                } else if (level[node] ?? 0) + 1 < (levels[node]?.count ?? 0) {
                    level[node, default: 0] += 1
                    moved = true
                    next.append(node)
                } else {
                    next.append(node)
                }
            }
            pending = next
            if !moved { break }
        }
        // 4. Numbers for what context could not tell apart, in breadth-first order.
        for node in pending {
            let candidates = levels[node] ?? []
            let stem = candidates.first(where: isUsable) ?? "Model"
            var number = 2
            while taken.contains((stem + String(number)).lowercased()) { number += 1 }
            names[node] = stem + String(number)
            taken.insert((stem + String(number)).lowercased())
        }
        return (names, order)
    }

    private func current(_ node: Int, _ levels: [Int: [String]], _ level: [Int: Int]) -> String {
        let candidates = levels[node] ?? []
        let index = level[node] ?? 0
        return candidates.indices.contains(index) ? candidates[index] : "Item"
    }

    private func isUsable(_ name: String) -> Bool {
        TypeNaming.isPlainIdentifier(name) && TypeNaming.isUsableTypeName(prefix + name)
            && !forbidden.contains((prefix + name).lowercased())
    }

    /// One name for a type wanted under several: the candidates' common last words
    /// (`BillingAddress`, `ShippingAddress` → `Address`), else the first.
    static func fitting(_ candidates: [String]) -> String {
        guard let first = candidates.first else { return "Item" }
        guard candidates.count > 1 else { return first }
        let split = candidates.map(TypeNaming.words)
        var common: [String] = []
        var index = 1
        while split.allSatisfy({ $0.count >= index }) {
            let word = split[0][split[0].count - index]
            guard split.allSatisfy({ $0[$0.count - index] == word }) else { break }
            common.insert(word, at: 0)
            index += 1
        }
        // `created_by` and `updated_by` have `By` in common, which names nothing.
        while let word = common.first, functionWords.contains(word.lowercased()) { common.removeFirst() }
        let name = TypeNaming.upperCamelCase(common)
        return name.isEmpty || !TypeNaming.isPlainIdentifier(name) ? first : name
    }

    /// Words that cannot name a type on their own.
    private static let functionWords: Set<String> = [
        "a", "an", "the", "by", "at", "of", "for", "to", "in", "on", "from", "with", "and", "or", "is", "has", "id",
        "ids", "count", "list", "item", "items", "value", "values", "data", "info",
    ]
}
