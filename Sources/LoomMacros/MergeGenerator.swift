import SwiftSyntax

// `merge(from:)`, `merge(from:only:)` and `update(json:context:)` (Mantle's
// `-mergeValuesForKeysFromModel:`): generated for structs that declare `JSONMergeable` and
// for every class model.

/// `@JSONMerge(…)`.
enum MergePolicy: Equatable {
    case keep
    case replace
    case replaceIfPresent
}

enum MergeGenerator {
    /// Reads the argument of `@JSONMerge`.
    static func readPolicy(_ arguments: LabeledExprListSyntax?, marker: Marker, diagnostics: inout DiagnosticList)
        -> MergePolicy?
    {
        if let arguments, arguments.count == 1, let only = arguments.first, only.label == nil,
            let member = only.expression.as(MemberAccessExprSyntax.self)
        {
            let base = member.base?.trimmedDescription
            if base == nil || base == "JSONMergePolicy" || base == "Loom.JSONMergePolicy" {
                switch member.declName.baseName.text {
                case "keep": return .keep
                case "replace": return .replace
                case "replaceIfPresent": return .replaceIfPresent
                default: break
                }
            }
        }
        diagnostics.add(PolyDiagnostic.malformedMergePolicy, at: marker.attribute)
        return nil
    }

    /// Reports merge markers that cannot apply.
    static func check(_ description: ModelDescription, diagnostics: inout DiagnosticList) {
        var seen: Set<SyntaxIdentifier> = []
        for property in description.properties where !property.isStatic && !property.isComputed {
            guard let marker = property.markers.merge, let policy = marker.mergePolicy,
                seen.insert(property.declaration.id).inserted
            else { continue }
            let function = DeclaredHooks.propertyHookName("merge", property.name)
            if property.isLet {
                diagnostics.add(
                    PolyDiagnostic.mergeOnLet(property: property.name), at: marker.attribute,
                    fixIts: [ModelFixIt.remove(marker.attribute)])
            } else if description.hooks.propertyMergers[function] != nil {
                diagnostics.add(PolyDiagnostic.mergeConflict(property: property.name, function: function), at: marker.attribute)
            } else if policy == .replaceIfPresent, let type = property.type, !TypeShape(type).isOptional {
                diagnostics.add(PolyDiagnostic.replaceIfPresentOnNonOptional(property: property.name), at: marker.attribute)
            }
        }
    }

    /// The declaration of each mapped property, by access name.
    static func declarations(_ description: ModelDescription) -> [String: PropertyDescription] {
        var result: [String: PropertyDescription] = [:]
        for property in description.properties where result[property.accessName] == nil {
            result[property.accessName] = property
        }
        return result
    }

    /// One statement per mergeable property (`self.title = other.title`), with the property.
    static func statements(_ model: MappedModel, _ description: ModelDescription) -> [(MappedProperty, String)] {
        let declared = declarations(description)
        return model.properties.compactMap { property -> (MappedProperty, String)? in
            guard let declaration = declared[property.accessName], !declaration.isLet else { return nil }
            let name = property.accessName
            let merger = DeclaredHooks.propertyHookName("merge", HooksGenerator.plainName(name))
            let policy = declaration.markers.merge?.mergePolicy
            let statement: String
            switch policy {
            case .keep?:
                return nil
            case .replace?:
                statement = "self.\(name) = other.\(name)"
            case .replaceIfPresent?:
                statement = "if let value = other.\(name) { self.\(name) = value }"
            case nil:
                if description.hooks.propertyMergers[merger] != nil {
                    statement = "Self.\(merger)(&self.\(name), other.\(name))"
                } else if property.isOptional {
                    statement = "if let value = other.\(name) { self.\(name) = value }"
                } else {
                    statement = "self.\(name) = other.\(name)"
                }
            }
            return (property, statement)
        }
    }

    /// `merge(from:)` for a struct or a final class without model superclass.
    static func mergeFunction(
        _ model: MappedModel, _ description: ModelDescription, header: String
    ) -> CodeWriter {
        var writer = CodeWriter()
        writer.block(header) { body in
            for (_, statement) in statements(model, description) { body.line(statement) }
        }
        return writer
    }

    /// `merge(from:only:)`: each statement guarded by its key path.
    static func mergeOnlyFunction(
        _ model: MappedModel, _ description: ModelDescription, header: String, root: String
    ) -> CodeWriter {
        var writer = CodeWriter()
        writer.block(header) { body in
            for (property, statement) in statements(model, description) {
                body.block("if keyPaths.contains(\\\(root).\(property.accessName))") { $0.line(statement) }
            }
        }
        return writer
    }

    /// The model `update(json:context:)` decodes with: every key optional (a missing key
    /// keeps the current value) and `let` properties left alone.
    static func updateModel(_ model: MappedModel, _ description: ModelDescription) -> MappedModel {
        let declared = declarations(description)
        var copy = model
        copy.properties = model.properties.map { property in
            var updated = property
            if declared[property.accessName]?.isLet ?? false { updated.decodes = false }
            updated.presence = property.isOptional ? .optionalDefaulted(nil) : .defaulted(nil)
            // A missing key keeps the current value: nothing to note.
            updated.defaultDescription = nil
            return updated
        }
        return copy
    }

    /// The body of `update(json:context:)`: a partial decode, then the property validators and
    /// `validate()`; a struct is restored when validation fails.
    static func updateBody(
        _ model: MappedModel, _ description: ModelDescription, isStruct: Bool, superCall: String?
    ) -> CodeWriter {
        var body = CodeWriter()
        if let superCall { body.line("    \(superCall)") }
        let updating = updateModel(model, description)
        let checks = HooksGenerator.afterDecode(updating, description, includeDidDecode: false)
        let restores = isStruct && !checks.lines.isEmpty
        if restores { body.line("    let saved = self") }
        body.append(DecodeGenerator.body(updating))
        if restores {
            body.line("    do {")
            var inner = CodeWriter(depth: 1)
            inner.append(checks)
            body.append(inner)
            body.line("    } catch {")
            body.line("        self = saved")
            body.line("        throw error")
            body.line("    }")
        } else {
            body.append(checks)
        }
        return body
    }
}
