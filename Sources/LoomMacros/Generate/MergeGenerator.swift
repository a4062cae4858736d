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
            let base = member.base?.trimmedText
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

    /// `update(json:context:)`, `_update(reading:context:)` and `_loomUpdate`, which runs the
    /// model's member loop and stores only what was present, for a struct.
    ///
    /// A final class (`isClass`) updates in place and keeps what it stored when validation
    /// fails, as every class model does.
    static func structUpdateMembers(_ model: MappedModel, _ description: ModelDescription, access: String, isClass: Bool = false)
        -> [String]
    {
        let updating = updateModel(model, description)
        var keys = KeyReferences(model, locals: true)
        // A model whose `_loomRead` is its whole mapping repeats the member loop here.
        let loop =
            MappingGenerator.readsInOneFunction(model)
            ? MappingGenerator.loop(model, keys: &keys, slots: "s_", enclosed: true) : nil
        let checks = MappingGenerator.checks(updating, keys: &keys, slots: "s_")
        let validation = HooksGenerator.afterReading(updating, description, includeDidDecode: false)
        let mutating = isClass ? "" : "mutating "
        var update = CodeWriter()
        update.block(
            "\(mutating)func _loomUpdate<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, \(MappingGenerator.contextParameter)) throws"
        ) { body in
            if let loop {
                if model.isLenient { body.line("let context = \(DecodeGenerator.lenientContext(rounding: model.lenientRounding))") }
                if let locals = MappingGenerator.slotLocals(model) { body.line(locals) }
                for line in keys.localBindings { body.line(line) }
                body.append(loop)
            } else {
                body.line("var slots = \(MappingGenerator.newSlots(model))")
                body.line("try Self._loomRead(&slots.s, &reader, context)")
                if model.isLenient { body.line("let context = \(DecodeGenerator.lenientContext(rounding: model.lenientRounding))") }
                for line in keys.localBindings { body.line(line) }
                for line in MappingGenerator.takeSlots(model, valued: updating) { body.line(line) }
            }
            for line in checks { body.line(line) }
            if !validation.isEmpty && !isClass { body.line("let saved = self") }
            for (property, original) in zip(updating.properties, model.properties) where property.decodes {
                body.line(store(property, original: original, slots: "s_"))
            }
            guard !validation.isEmpty else { return }
            guard !isClass else {
                for line in validation { body.line(line) }
                return
            }
            body.line("do {")
            for line in validation { body.line("    " + line) }
            body.line("} catch {")
            body.line("    self = saved")
            body.line("    throw error")
            body.line("}")
        }
        var json = CodeWriter()
        json.block("\(access)\(mutating)func update(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws") {
            $0.line("var reader = Loom._JSONElementReader(element, context)")
            $0.line("try self._loomUpdate(&reader, context)")
        }
        var reading = CodeWriter()
        reading.block(
            "\(access)\(mutating)func _update(reading reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback)"
        ) { $0.line("try Loom._JSONReader.narrowing { try self._loomUpdate(&reader, context) }") }
        return [json.text, reading.text, update.text]
    }

    /// A class in a hierarchy: `_loomUpdate_X` updates its superclass's properties, then
    /// checks and stores its own and runs its validators, from the slots its member loop
    /// filled; `update(json:context:)` and `_update(reading:context:)` run the loop of the
    /// class being updated and that chain.
    static func hierarchyUpdateMembers(
        _ model: MappedModel, _ description: ModelDescription, info: ClassInfo, overridable: String
    ) -> [String] {
        let name = info.name
        let own = model.tree.levels[0].slots.count
        let override = info.superclass != nil ? "override " : ""
        let updating = updateModel(model, description)
        var keys = KeyReferences(model, locals: true, root: "keys")
        let checks = MappingGenerator.checks(updating, keys: &keys, base: "base", ends: false)
        let validation = HooksGenerator.afterReading(updating, description, includeDidDecode: false, base: "base")
        var update = CodeWriter()
        update.block(
            "\(info.isOpen ? "public " : "")func _loomUpdate_\(name)<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_\(name), _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, \(MappingGenerator.contextParameter)) throws"
        ) { body in
            if let superclass = info.superclass {
                body.line(
                    "try self._loomUpdate_\(ClassGenerator.simpleName(superclass))(&slots.sup, keys, base &+ \(own), &reader, context)")
            }
            if model.isLenient { body.line("let context = \(DecodeGenerator.lenientContext(rounding: model.lenientRounding))") }
            for line in keys.localBindings { body.line(line) }
            for line in checks { body.line(line) }
            for (property, original) in zip(updating.properties, model.properties) where property.decodes {
                body.line(store(property, original: original, keptCollected: true))
            }
            for line in validation { body.line(line) }
        }
        var json = CodeWriter()
        json.block("\(overridable)\(override)func update(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws") {
            $0.line("var reader = Loom._JSONElementReader(element, context)")
            $0.line("try self._loomUpdateReading_\(name)(&reader, context)")
        }
        var reading = CodeWriter()
        reading.block(
            "\(overridable)\(override)func _update(reading reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback)"
        ) { body in
            // A key both this class and its superclass read goes to one slot in one pass.
            body.line("try reader.expect(!\(name).\(model.keySetName).repeatsKeys)")
            body.line("try Loom._JSONReader.narrowing { try self._loomUpdateReading_\(name)(&reader, context) }")
        }
        var entry = CodeWriter()
        entry.block(
            "func _loomUpdateReading_\(name)<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, \(MappingGenerator.contextParameter)) throws"
        ) { body in
            body.line("var slots = _LoomSlots_\(name)()")
            body.line("try \(name)._loomRead_\(name)(&slots, &reader, context)")
            body.line("try self._loomUpdate_\(name)(&slots, \(name).\(model.keySetName), 0, &reader, context)")
            body.line("try reader.endObject()")
        }
        return [json.text, reading.text, entry.text, update.text]
    }

    /// `if let value = … { self.x = value }`: a present key replaces the value. An optional
    /// property read as `null` becomes `nil`, unless `null` counts as missing.
    private static func store(
        _ property: MappedProperty, original: MappedProperty, keptCollected: Bool = false, slots: String = "slots.s."
    ) -> String {
        let value = MappingGenerator.value(property, keptCollected: keptCollected, slots: slots)
        let name = property.accessName
        // The unknown members present replace those of the same key.
        if property.capturesUnknown { return "self.\(name).merge(\(value)) { $1 }" }
        if case .optional = original.presence, case .single = property.keys {
            return "if let value = \(value), value != nil || !context._nullIsMissing { self.\(name) = value }"
        }
        return "if let value = \(value) { self.\(name) = value }"
    }
}
