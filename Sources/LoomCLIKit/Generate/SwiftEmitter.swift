// Stage 4 of `loom generate`: write the models as Swift source a person would commit.

/// The access level of generated declarations.
enum GeneratedAccess: String, CaseIterable, Sendable {
    case `internal`
    case `public`
}

/// Writes a ``GeneratedSchema`` as Swift source: 4-space indentation, one `@JSONModel`
/// struct (or final class) per model, `import Foundation` only when a Foundation type is used.
struct SwiftEmitter {
    var access: GeneratedAccess = .internal
    /// `final class` models with `let` properties (`--class`) instead of structs with `var`s.
    /// `@JSONModel` writes `==` and `hash(into:)` for a class that lists `Hashable`, and a final
    /// class with only `let` properties of `Sendable` types is `Sendable`.
    var generatesClasses = false
    /// The inputs, as named in doc comments (`twitter.json`).
    var sources: [String]
    /// The enum every type is declared in (`--namespace`), or `nil` for top-level types.
    ///
    /// Inside the namespace, a reference to another generated type is written in full
    /// (`GitHub.User`), so that it names the same type wherever it is read, an extension of a
    /// nested type at file scope included (`extension GitHub.Issue`, where a sibling's short
    /// name is not in scope).
    var namespace: String? = nil
    /// The models come from a JSON Schema (`--schema`), not from samples: doc comments say so.
    var fromSchema = false

    /// One top-level declaration, with what its file must import.
    private struct Declaration {
        var name: String
        var lines: [String]
        var usesFoundation: Bool
        var usesLoom: Bool
    }

    /// The whole file.
    func source(for schema: GeneratedSchema) -> String {
        let declarations = self.declarations(for: schema)
        var lines = imports(
            foundation: declarations.contains(where: \.usesFoundation), loom: declarations.contains(where: \.usesLoom))
        let body = declarations.map { $0.lines.joined(separator: "\n") }.joined(separator: "\n\n")
        if let namespace {
            lines.append(contentsOf: namespaceDeclaration(namespace))
            lines[lines.count - 1] = "\(modifier)enum \(namespace) {"
            lines.append(contentsOf: Self.indented(body))
            lines.append("}")
        } else {
            lines.append(body)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One file per top-level declaration (`--file-per-type`), named after it: `Issue.swift`;
    /// in a namespace, `GitHub.swift` declares the enum and `GitHub+Issue.swift` each type, in
    /// an extension of it. In output order, the namespace first.
    func files(for schema: GeneratedSchema) -> [(name: String, contents: String)] {
        var files: [(name: String, contents: String)] = []
        if let namespace { files.append((namespace + ".swift", namespaceDeclaration(namespace).joined(separator: "\n") + "\n")) }
        for declaration in declarations(for: schema) {
            var lines = imports(foundation: declaration.usesFoundation, loom: declaration.usesLoom)
            if let namespace {
                lines.append("extension \(namespace) {")
                lines.append(contentsOf: Self.indented(declaration.lines.joined(separator: "\n")))
                lines.append("}")
                files.append(("\(namespace)+\(declaration.name).swift", lines.joined(separator: "\n") + "\n"))
            } else {
                lines.append(contentsOf: declaration.lines)
                files.append(("\(declaration.name).swift", lines.joined(separator: "\n") + "\n"))
            }
        }
        return files
    }

    private func declarations(for schema: GeneratedSchema) -> [Declaration] {
        var declarations: [Declaration] = []
        if let alias = schema.rootAlias {
            var lines = docComment(for: schema, isRoot: true)
            lines.append("\(modifier)typealias \(schema.rootName) = \(typeName(alias, in: schema))")
            declarations.append(
                Declaration(
                    name: schema.rootName, lines: lines, usesFoundation: alias.usesFoundation,
                    usesLoom: Self.mentionsJSONValue(alias)))
        }
        for (index, model) in schema.models.enumerated() {
            let lines = declaration(of: model, isRoot: index == 0 && schema.rootAlias == nil, in: schema)
            declarations.append(
                Declaration(
                    name: model.name, lines: lines,
                    usesFoundation: model.properties.contains { $0.type.usesFoundation }, usesLoom: true))
        }
        return declarations
    }

    /// `import` lines and the blank line after them, for what a file uses.
    private func imports(foundation: Bool, loom: Bool) -> [String] {
        var lines: [String] = []
        if foundation { lines.append("import Foundation") }
        if loom { lines.append("import Loom") }
        if !lines.isEmpty { lines.append("") }
        return lines
    }

    /// The namespace enum, empty: `enum GitHub {}` with its doc comment.
    private func namespaceDeclaration(_ namespace: String) -> [String] {
        ["/// Models generated by loom generate from \(sourceList).", "\(modifier)enum \(namespace) {}"]
    }

    private static func indented(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
    }

    private var modifier: String { access == .public ? "public " : "" }

    /// `a.json`, `a.json and b.json`, `a.json, b.json and c.json`, `a.json and 9 other samples`.
    var sourceList: String {
        switch sources.count {
        case 0: return "no input"
        case 1: return sources[0]
        case 2, 3: return sources.dropLast().joined(separator: ", ") + " and " + (sources.last ?? "")
        default: return "\(sources[0]) and \(sources.count - 1) other samples"
        }
    }

    private func docComment(for schema: GeneratedSchema, isRoot: Bool) -> [String] {
        var lines = ["/// Generated by loom generate from \(sourceList)."]
        if isRoot && schema.documentType != schema.rootName {
            lines.append("/// Decode the document as `\(qualified(schema.documentType))`.")
        }
        return lines
    }

    private func declaration(of model: GeneratedSchema.Model, isRoot: Bool, in schema: GeneratedSchema) -> [String] {
        var lines = docComment(for: schema, isRoot: isRoot)
        switch model.kind {
        case .record:
            break
        case .stringEnum(let cases, let fallback):
            lines.append("@JSONModel")
            lines.append("\(modifier)enum \(model.name): Hashable, Sendable {")
            for entry in cases { lines.append("    " + caseDeclaration(entry, payload: nil)) }
            lines.append("    /// A value the \(fromSchema ? "schema does not list" : "samples did not have"), kept as it is.")
            lines.append("    @JSONFallback case \(TypeNaming.escaped(fallback))(String)")
            lines.append("}")
            return lines
        case .taggedEnum(let tag, let cases, let fallback):
            lines.append("@JSONModel(representation: .internal(tag: \(KeySpelling.literal(tag))))")
            lines.append("\(modifier)enum \(model.name): Hashable, Sendable {")
            for entry in cases {
                lines.append("    " + caseDeclaration(entry, payload: entry.payload.map { typeName($0, in: schema) }))
            }
            lines.append(
                "    /// An object whose \(KeySpelling.literal(tag)) the \(fromSchema ? "schema does not list" : "samples did not have"), kept as it is.")
            lines.append("    @JSONFallback case \(TypeNaming.escaped(fallback))(JSONValue)")
            lines.append("}")
            return lines
        }
        lines.append("@JSONModel")
        let kind = generatesClasses ? "final class" : "struct"
        let binding = generatesClasses ? "let" : "var"
        lines.append("\(modifier)\(kind) \(model.name): Hashable, Sendable {")
        for property in model.properties {
            var attributes = ""
            if property.name != property.key {
                attributes += "@JSONKey(\(KeySpelling.literal(KeySpelling.escapedComponent(property.key)))) "
            }
            if let transform = property.transform { attributes += "@JSONTransform(\(transform)) " }
            let type = typeName(property.type, in: schema)
            let comment = property.note.map { " // " + $0 } ?? ""
            lines.append("    \(attributes)\(modifier)\(binding) \(TypeNaming.escaped(property.name)): \(type)\(comment)")
        }
        lines.append("}")
        return lines
    }

    /// `case name`, `case name(Payload)`, with `@JSONTag("value")` when the JSON spells the
    /// case otherwise.
    private func caseDeclaration(_ entry: GeneratedSchema.EnumCase, payload: String?) -> String {
        let tag = entry.name == entry.value ? "" : "@JSONTag(\(KeySpelling.literal(entry.value))) "
        return "\(tag)case \(TypeNaming.escaped(entry.name))" + (payload.map { "(\($0))" } ?? "")
    }

    /// The Swift spelling of `type`.
    func typeName(_ type: FieldType, in schema: GeneratedSchema) -> String {
        switch type {
        case .bool: return "Bool"
        case .int: return "Int"
        case .uint64: return "UInt64"
        case .double: return "Double"
        case .decimal: return "Decimal"
        case .string: return "String"
        case .date, .day: return "Date"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .json: return "JSONValue"
        case .optional(let wrapped): return typeName(wrapped, in: schema) + "?"
        case .array(let element): return "[" + typeName(element, in: schema) + "]"
        case .dictionary(let value): return "[String: " + typeName(value, in: schema) + "]"
        case .model(let index):
            return schema.models.indices.contains(index) ? qualified(schema.models[index].name) : "JSONValue"
        }
    }

    /// `name` as other generated declarations refer to it: `GitHub.User` in a namespace.
    /// Also for `documentType`, where the name sits inside brackets (`[GitHub.Story]`).
    private func qualified(_ name: String) -> String {
        guard let namespace else { return name }
        let start = name.firstIndex { $0 != "[" } ?? name.endIndex
        return name[..<start] + namespace + "." + name[start...]
    }

    private static func mentionsJSONValue(_ type: FieldType) -> Bool {
        switch type {
        case .json: return true
        case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): return mentionsJSONValue(wrapped)
        default: return false
        }
    }
}
