import SwiftDiagnostics
import SwiftSyntax

/// A `CodingKeys` enum left in a model that moved from `Codable`.
///
/// `@JSONModel` maps keys from `@JSONKey` markers and the model's key strategy, and the
/// `Codable` conformance it declares follows the same mapping, so a `CodingKeys` enum in the
/// body is not read. Where it names another key than the macro maps, or leaves out a property
/// the macro maps, the model would silently read other JSON than the code says; each such
/// property is reported, with a fix-it that writes the `CodingKeys` choice as a marker. A
/// model that writes its own `init(from:)` or `encode(to:)` uses `CodingKeys` itself and is
/// left alone, as is a key strategy only known at run time.
enum CodingKeysCheck {
    static func check(
        _ description: ModelDescription, members: [MemberBlockItemSyntax], diagnostics: inout DiagnosticList
    ) {
        guard let codingKeys = codingKeys(in: members),
            !CodablePlan.declaresInitFrom(members), !CodablePlan.declaresEncodeTo(members)
        else { return }
        let style: KeySpelling.Style?
        switch description.keyStrategy {
        case .useDefaultKeys: style = nil
        case .converted(let converted): style = converted
        case .runtime: return
        }
        for property in description.properties where isMapped(property) {
            guard let identifier = property.identifier, property.markers.key == nil else { continue }
            let mapped = style?.apply(to: property.name) ?? property.name
            if let entry = codingKeys[property.name] {
                guard let listed = entry, listed != mapped else { continue }
                diagnostics.add(
                    .codingKeyNotRead(property: property.name, codingKey: listed, key: mapped), at: identifier,
                    fixIts: [ModelFixIt.insertKey(property.declaration, key: listed)])
            } else {
                diagnostics.add(
                    .codingKeyMissing(property: property.name, key: mapped), at: identifier,
                    fixIts: [ModelFixIt.insertIgnore(property.declaration)])
            }
        }
    }

    /// The stored properties the macro reads or writes under a key of their own.
    private static func isMapped(_ property: PropertyDescription) -> Bool {
        !property.isStatic && !property.isComputed && property.lazyModifier == nil && property.ownershipModifier == nil
            && property.markers.ignore.map { $0.direction != nil } ?? true
            && property.markers.flatten == nil && property.markers.unknownKeys == nil
    }

    /// The keys of a nested `enum CodingKeys: …, CodingKey`, by case name: the raw value
    /// where one is written, else the case name; `nil` for a raw value that is not a plain
    /// string literal, which cannot be compared.
    private static func codingKeys(in members: [MemberBlockItemSyntax]) -> [String: String?]? {
        for member in members {
            guard let enumeration = member.decl.as(EnumDeclSyntax.self), enumeration.name.text == "CodingKeys",
                enumeration.inheritanceClause?.inheritedTypes.contains(where: {
                    ClassGenerator.plainTypeName($0.type) == "CodingKey"
                }) == true
            else { continue }
            var keys: [String: String?] = [:]
            for item in enumeration.memberBlock.members {
                guard let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in caseDecl.elements {
                    let name = element.name.identifier?.name ?? element.name.text
                    if let value = element.rawValue?.value {
                        keys[name] = .some(value.as(StringLiteralExprSyntax.self)?.representedLiteralValue)
                    } else {
                        keys[name] = .some(name)
                    }
                }
            }
            return keys
        }
        return nil
    }
}
