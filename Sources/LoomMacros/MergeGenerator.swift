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

    /// `update(json:context:)`, `update(reading:context:)` and `_loomUpdate`, which runs the
    /// model's member loop and stores only what was present, for a struct.
    static func structUpdateMembers(_ model: MappedModel, _ description: ModelDescription, access: String) -> [String] {
        let updating = updateModel(model, description)
        var keys = KeyReferences(model, locals: true)
        let checks = MappingGenerator.checks(updating, keys: &keys)
        let validation = HooksGenerator.afterReading(updating, description, includeDidDecode: false)
        var update = CodeWriter()
        update.block(
            "mutating func _loomUpdate<R: Loom._JSONReading>(_ reader: inout R, _ context: borrowing Loom.JSONDecodingContext) throws"
        ) { body in
            body.line("var slots = _LoomSlots()")
            body.line("try Self._loomRead(&slots, &reader, context)")
            if model.isLenient { body.line("let context = \(DecodeGenerator.lenientContext(rounding: model.lenientRounding))") }
            for line in keys.localBindings { body.line(line) }
            for line in checks { body.line(line) }
            if !validation.isEmpty { body.line("let saved = self") }
            for (property, original) in zip(updating.properties, model.properties) where property.decodes {
                body.line(store(property, original: original))
            }
            guard !validation.isEmpty else { return }
            body.line("do {")
            for line in validation { body.line("    " + line) }
            body.line("} catch {")
            body.line("    self = saved")
            body.line("    throw error")
            body.line("}")
        }
        var json = CodeWriter()
        json.block("\(access)mutating func update(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws") {
            $0.line("var reader = Loom._JSONElementReader(element, context)")
            $0.line("try self._loomUpdate(&reader, context)")
        }
        var reading = CodeWriter()
        reading.block(
            "\(access)mutating func update(reading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback)"
        ) { $0.line("try Loom.JSONReader.narrowing { try self._loomUpdate(&reader, context) }") }
        return [json.text, reading.text, update.text]
    }

    /// `if let value = … { self.x = value }`: a present key replaces the value. An optional
    /// property read as `null` becomes `nil`, unless `null` counts as missing.
    private static func store(_ property: MappedProperty, original: MappedProperty) -> String {
        let value = MappingGenerator.value(property)
        let name = property.accessName
        if case .optional = original.presence, case .single = property.keys {
            return "if let value = \(value), value != nil || !context._nullIsMissing { self.\(name) = value }"
        }
        return "if let value = \(value) { self.\(name) = value }"
    }
}
