import SwiftDiagnostics
import SwiftSyntax

/// Operators in a model's body that Swift would not take for the conformance they implement.
///
/// When a type with an attached member macro declares a protocol with an operator requirement
/// in its own inheritance clause, Swift's conformance checker finds an operator declared in the
/// body twice (swiftlang/swift#75801): it then derives its own `==` for a struct or enum whose
/// stored values allow it, and generic code (`Array.==`, `Set`, SwiftUI's diffing) silently
/// ignores the hand-written one, or it rejects the conformance. The same operator satisfies a
/// conformance declared in an extension, so the check asks for that.
enum OperatorCheck {
    /// The protocols whose requirements an operator of the body implements.
    private static let protocols: [String: Set<String>] = [
        "==": ["Equatable", "Hashable", "Comparable"],
        "<": ["Comparable"],
    ]

    /// Reports each protocol of the inheritance clause that an operator in `members` implements;
    /// `qualifiedName` is the type's name as an extension at file scope would spell it.
    static func check(
        _ declaration: some DeclGroupSyntax, members: [MemberBlockItemSyntax], qualifiedName: String,
        isTopLevel: Bool, diagnostics: inout DiagnosticList
    ) {
        guard let clause = declaration.inheritanceClause else { return }
        var implemented: [String: String] = [:]
        for member in members {
            guard let function = member.decl.as(FunctionDeclSyntax.self),
                let protocols = protocols[function.name.text],
                comparesTwoOf(function, qualifiedName: qualifiedName)
            else { continue }
            for name in protocols where implemented[name] == nil { implemented[name] = function.name.text }
        }
        guard !implemented.isEmpty else { return }
        for inherited in clause.inheritedTypes {
            let name = ClassGenerator.plainTypeName(inherited.type)
            guard let operatorName = implemented[name] else { continue }
            let extensionText = "extension \(qualifiedName): \(inherited.type.trimmedText) {}"
            diagnostics.add(
                .operatorInBody(operator: operatorName, protocol: name, extensionText: extensionText), at: inherited.type,
                fixIts: isTopLevel ? [moveToExtension(inherited, of: declaration, extensionText: extensionText)] : [])
        }
    }

    /// Whether `function` takes two values of the type (`Self`, its name, with or without
    /// generic arguments or enclosing types): the requirement's shape, not an overload that
    /// compares with another type.
    private static func comparesTwoOf(_ function: FunctionDeclSyntax, qualifiedName: String) -> Bool {
        let parameters = function.signature.parameterClause.parameters
        return parameters.count == 2
            && parameters.allSatisfy { parameter in
                let text = parameter.type.trimmedText
                let base = text.split(separator: "<", maxSplits: 1).first.map(String.init) ?? text
                return base == "Self" || base == qualifiedName || qualifiedName.hasSuffix("." + base)
            }
    }

    /// Takes `inherited` out of the clause and declares it in an extension after the type.
    private static func moveToExtension(
        _ inherited: InheritedTypeSyntax, of declaration: some DeclGroupSyntax, extensionText: String
    ) -> FixIt {
        var start = inherited.positionAfterSkippingLeadingTrivia
        var end = inherited.endPositionBeforeTrailingTrivia
        if let clause = declaration.inheritanceClause, clause.inheritedTypes.count == 1 {
            // `struct S: Equatable {` becomes `struct S {`.
            start = clause.colon.positionAfterSkippingLeadingTrivia
        } else if inherited.trailingComma != nil, let next = inherited.nextToken(viewMode: .sourceAccurate) {
            end = next.positionAfterSkippingLeadingTrivia
        } else if let previous = inherited.previousToken(viewMode: .sourceAccurate),
            previous.tokenKind == .comma
        {
            start = previous.positionAfterSkippingLeadingTrivia
        }
        let close = declaration.endPositionBeforeTrailingTrivia
        return FixIt(
            message: ModelFixIt(message: "declare it in '\(extensionText)'"),
            changes: [
                .replaceText(range: start..<end, with: "", in: Syntax(declaration)),
                .replaceText(range: close..<close, with: "\n\n" + extensionText, in: Syntax(declaration)),
            ])
    }
}
