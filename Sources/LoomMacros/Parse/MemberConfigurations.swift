import SwiftSyntax

/// A type's members under every choice of the `#if` clauses that can change its mapping.
///
/// The plugin sees a declaration before the compiler evaluates its `#if` blocks, and is not
/// told the build configuration. So a model whose properties (or cases, hooks, initializers)
/// sit in `#if` blocks is mapped once for each combination of clauses, and the generated code
/// repeats the same `#if` structure around each mapping; the compiler then keeps the one that
/// matches the build, as it does for the user's own declarations.
indirect enum MemberConfigurations {
    /// The members of one combination of clauses, in declaration order.
    case members([MemberBlockItemSyntax])
    /// One `#if` block: each clause with what follows under it, in order; a block without
    /// `#else` has one added, holding the members without any of its clauses.
    case conditional([Clause])

    struct Clause {
        /// `#if`, `#elseif` or `#else`.
        var keyword: String
        /// The condition as written; `nil` for `#else`.
        var condition: String?
        var rest: MemberConfigurations
    }

    /// The most combinations mapped before the model is reported instead: each one is a full
    /// mapping in the generated code.
    static let limit = 32

    init(_ members: MemberBlockItemListSyntax) {
        self = Self.split(prefix: [], rest: Array(members)[...])
    }

    private static func split(prefix: [MemberBlockItemSyntax], rest: ArraySlice<MemberBlockItemSyntax>)
        -> MemberConfigurations
    {
        var prefix = prefix
        var rest = rest
        while let item = rest.popFirst() {
            guard let block = item.decl.as(IfConfigDeclSyntax.self), mayChangeMapping(block) else {
                prefix.append(item)
                continue
            }
            var clauses: [Clause] = []
            for clause in block.clauses {
                var inner: [MemberBlockItemSyntax] = []
                if case .decls(let declarations)? = clause.elements { inner = Array(declarations) }
                clauses.append(
                    Clause(
                        keyword: clause.poundKeyword.text, condition: clause.condition?.trimmedDescription,
                        rest: split(prefix: prefix, rest: (inner + rest)[...])))
            }
            if clauses.last?.condition != nil {
                clauses.append(Clause(keyword: "#else", condition: nil, rest: split(prefix: prefix, rest: rest)))
            }
            return .conditional(clauses)
        }
        return .members(prefix)
    }

    /// Whether a block holds a declaration `@JSONModel` reads: a property, a case, an
    /// initializer, or a function a hook or a hand-written requirement could be. Blocks of
    /// other declarations (helpers, nested types) stay as they are, without multiplying the
    /// combinations.
    private static func mayChangeMapping(_ block: IfConfigDeclSyntax) -> Bool {
        block.clauses.contains { clause in
            guard case .decls(let declarations)? = clause.elements else { return false }
            return declarations.contains { item in
                let declaration = item.decl
                if declaration.is(VariableDeclSyntax.self) || declaration.is(EnumCaseDeclSyntax.self)
                    || declaration.is(InitializerDeclSyntax.self)
                {
                    return true
                }
                if let nested = declaration.as(IfConfigDeclSyntax.self) { return mayChangeMapping(nested) }
                guard let function = declaration.as(FunctionDeclSyntax.self) else { return false }
                let name = function.name.text
                return ["==", "hash", "encode"].contains(name) || name.hasPrefix("json") || name.hasPrefix("validate")
                    || name.hasPrefix("merge")
            }
        }
    }

    /// Every combination's members, in the order `render` visits them.
    var combinations: [[MemberBlockItemSyntax]] {
        switch self {
        case .members(let members): return [members]
        case .conditional(let clauses): return clauses.flatMap(\.rest.combinations)
        }
    }

    /// Whether the type has no `#if` block that changes its mapping.
    var isSingle: Bool {
        if case .members = self { return true }
        return false
    }

    /// The generated code: `code` of each combination, in the `#if` structure that selects
    /// it. Where every clause of a block generates the same code, it is written once, without
    /// the block.
    func render(_ code: [String]) -> String {
        var remaining = code[...]
        return render(&remaining)
    }

    private func render(_ code: inout ArraySlice<String>) -> String {
        switch self {
        case .members:
            return code.popFirst() ?? ""
        case .conditional(let clauses):
            let texts = clauses.map { $0.rest.render(&code) }
            if let first = texts.first, texts.allSatisfy({ $0 == first }) { return first }
            var lines: [String] = []
            for (clause, text) in zip(clauses, texts) {
                lines.append(clause.condition.map { "\(clause.keyword) \($0)" } ?? clause.keyword)
                if !text.isEmpty { lines.append(text) }
            }
            lines.append("#endif")
            return lines.joined(separator: "\n")
        }
    }
}
