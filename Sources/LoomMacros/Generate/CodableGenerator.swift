import SwiftSyntax

// `Codable` through Loom: `init(from:)` and `encode(to:)` that hand the work to the model's
// own conformance (`init(json:context:)` over `Loom._ForeignModelSource`, `Loom._encodeModel`), so JSONEncoder,
// PropertyListEncoder, Yams or GRDB see the JSON Loom reads and writes.
//
// A type that declares `Codable` (or `Decodable`/`Encodable`) itself keeps that conformance,
// synthesized or hand-written: the compiler does not list the protocol as missing, and the
// macro adds nothing for it. A requirement the type implements itself is not generated (the
// conformance is still declared, and the type's own member is its witness).

/// Which `Codable` halves the macro adds to a model.
struct CodablePlan {
    /// Generate `init(from:)`.
    var decodable: Bool
    /// Generate `encode(to:)`.
    var encodable: Bool
    /// The protocols to declare: the missing ones, also when the type implements the
    /// requirement itself.
    var conformances: [String] = []

    static let none = CodablePlan(decodable: false, encodable: false)

    /// The halves the type neither conforms to already (`missing` holds the protocols the
    /// compiler reports as not yet conformed to) nor implements in its body.
    init(missing: Set<String>, members: MemberBlockItemListSyntax) {
        decodable = missing.contains("Decodable") && !CodablePlan.declaresInitFrom(members)
        encodable = missing.contains("Encodable") && !CodablePlan.declaresEncodeTo(members)
        conformances = (missing.contains("Decodable") ? ["Swift.Decodable"] : [])
            + (missing.contains("Encodable") ? ["Swift.Encodable"] : [])
    }

    init(decodable: Bool, encodable: Bool) {
        self.decodable = decodable
        self.encodable = encodable
    }

    /// Whether the body declares `init(from:)` (one parameter, labelled `from`).
    static func declaresInitFrom(_ members: MemberBlockItemListSyntax) -> Bool {
        members.contains { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { return false }
            let parameters = initializer.signature.parameterClause.parameters
            return parameters.count == 1 && parameters.first?.firstName.text == "from"
        }
    }

    /// Whether the body declares `encode(to:)` taking an encoder (not Loom's `inout` writer).
    static func declaresEncodeTo(_ members: MemberBlockItemListSyntax) -> Bool {
        members.contains { member in
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode" else {
                return false
            }
            let parameters = function.signature.parameterClause.parameters
            guard parameters.count == 1, let parameter = parameters.first, parameter.firstName.text == "to" else {
                return false
            }
            return !parameter.type.is(AttributedTypeSyntax.self)
        }
    }
}

enum CodableGenerator {
    /// The members of a struct's or enum's extension.
    static func valueMembers(_ plan: CodablePlan, access: String) -> [String] {
        var members: [String] = []
        // Delegating rather than assigning `self`: a `let` with an initial value forbids
        // `self = …` in a struct initializer.
        if plan.decodable { members.append(decodeMember(header: "\(access)init(from decoder: any Swift.Decoder) throws")) }
        if plan.encodable { members.append(encodeMember(access: access)) }
        return members
    }

    private static func decodeMember(header: String) -> String {
        var writer = CodeWriter()
        writer.block(header) { body in
            body.line("let source = try Loom._ForeignModelSource(decoder)")
            body.line("do {")
            body.line("    try self.init(json: source.element, context: source.context)")
            body.line("} catch {")
            body.line("    throw source.decodingError(error, type: Self.self)")
            body.line("}")
            body.line("withExtendedLifetime(source) {}")
        }
        return writer.text
    }

    /// The members of a class body. A class decodes through its `init(json:context:)` (a
    /// convenience initializer cannot return another instance, so a class cluster's chooser
    /// does not run here); a subclass of a model repeats the required initializer, which
    /// Swift does not inherit once the subclass has designated initializers of its own.
    static func classMembers(_ plan: CodablePlan, info: ClassInfo, access: String) -> [String] {
        var members: [String] = []
        if plan.decodable {
            let required = info.isHierarchy ? "required " : ""
            members.append(decodeMember(header: "\(access)\(required)convenience init(from decoder: any Swift.Decoder) throws"))
        }
        if plan.encodable { members.append(encodeMember(access: info.isOpen ? "open " : access)) }
        return members
    }

    private static func encodeMember(access: String) -> String {
        var writer = CodeWriter()
        writer.block("\(access)func encode(to encoder: any Swift.Encoder) throws") {
            $0.line("try Loom._encodeModel(self, to: encoder)")
        }
        return writer.text
    }

    /// `source`, an `extension … { … }` declaration, with `members` added at its end.
    static func appending(_ members: [String], to source: String) -> String {
        guard !members.isEmpty, let close = source.lastIndex(of: "}") else { return source }
        // No blank line between `{` and the first member of an empty body.
        var separator = source[..<close].hasSuffix("{\n") ? "" : "\n"
        var body = ""
        for member in members {
            body += separator
            separator = "\n"
            for line in member.split(separator: "\n", omittingEmptySubsequences: false) {
                body += line.isEmpty ? "\n" : "    \(line)\n"
            }
        }
        return String(source[..<close]) + body + String(source[close...])
    }
}
