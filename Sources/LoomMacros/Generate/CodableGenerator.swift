import SwiftSyntax

// `Codable` through Loom: `init(from:)` and `encode(to:)` that hand the work to the model's
// own conformance (`init(json:context:)` over `Loom._ForeignModelSource`, `Loom._encodeModel`), so JSONEncoder,
// PropertyListEncoder, Yams or GRDB see the JSON Loom reads and writes.
//
// A struct or an enum declares `Loom._JSONBridgedDecodable` and `Loom._JSONBridgedEncodable`,
// whose default implementations are the requirements: no model compiles a copy of its own. A
// class has them in its body (a class's `init(from:)` must be a `required` or `convenience`
// initializer of its own).
//
// A type that declares `Codable` (or `Decodable`/`Encodable`) itself keeps that conformance,
// synthesized or hand-written: the compiler does not list the protocol as missing, and the
// macro adds nothing for it. A requirement the type implements itself is not generated (the
// plain protocol is declared, and the type's own member is its witness).

/// Which `Codable` halves the macro adds to a model.
struct CodablePlan {
    /// Loom provides `init(from:)`.
    var decodable: Bool
    /// Loom provides `encode(to:)`.
    var encodable: Bool
    /// Whether the type lacks `Decodable` and `Encodable`: the protocols to declare, also when
    /// the type implements the requirement itself.
    private let missingDecodable: Bool
    private let missingEncodable: Bool
    /// Whether the type lacks Loom's bridged protocols (a subclass has them from its superclass).
    private let missingBridges: (decodable: Bool, encodable: Bool)

    /// The halves the type neither conforms to already (`missing` holds the protocols the
    /// compiler reports as not yet conformed to) nor implements in its body.
    init(missing: Set<String>, members: [MemberBlockItemSyntax]) {
        missingDecodable = missing.contains("Decodable")
        missingEncodable = missing.contains("Encodable")
        missingBridges = (missing.contains("_JSONBridgedDecodable"), missing.contains("_JSONBridgedEncodable"))
        decodable = missingDecodable && !CodablePlan.declaresInitFrom(members)
        encodable = missingEncodable && !CodablePlan.declaresEncodeTo(members)
    }

    /// The protocols to declare: `Decodable` and `Encodable` where missing, and with them Loom's
    /// bridged protocols for the halves Loom provides, whose defaults are the requirements of a
    /// struct or an enum. A class declares them too, though its body holds its own requirements:
    /// Swift 6.3's compiler crashes on a subclass of a model when the macro's listed protocols
    /// include one the superclass does not conform to.
    var conformances: [String] {
        (missingDecodable ? ["Swift.Decodable"] : []) + (missingEncodable ? ["Swift.Encodable"] : [])
            + (decodable && missingBridges.decodable ? ["Loom._JSONBridgedDecodable"] : [])
            + (encodable && missingBridges.encodable ? ["Loom._JSONBridgedEncodable"] : [])
    }

    /// Whether the body declares `init(from:)` (one parameter, labelled `from`).
    static func declaresInitFrom(_ members: [MemberBlockItemSyntax]) -> Bool {
        members.contains { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { return false }
            let parameters = initializer.signature.parameterClause.parameters
            return parameters.count == 1 && parameters.first?.firstName.text == "from"
        }
    }

    /// Whether the body declares `encode(to:)` taking an encoder (not Loom's `inout` writer).
    static func declaresEncodeTo(_ members: [MemberBlockItemSyntax]) -> Bool {
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
