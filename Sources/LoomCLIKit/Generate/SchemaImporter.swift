import Foundation
import Loom

// `loom generate --schema FILE`: models from a JSON Schema (Draft 2020-12 or draft-07) instead
// of samples. What the schema says is taken as it is; what Loom's models cannot say becomes
// `JSONValue`, which accepts anything, with a warning: never a type that rejects valid data.

/// Reads a JSON Schema into ``ModelDrafts``.
struct SchemaImporter {
    /// A schema turned into a type.
    struct Converted {
        var type: FieldType
        /// `null` is allowed (`"type": ["string", "null"]`, a `oneOf` with `{"type": "null"}`).
        var nullable = false
        /// Why the type is `JSONValue`, for the comment after the property.
        var note: String? = nil
    }

    /// The whole schema document.
    let document: JSONValue
    /// Which string formats become `Date` and `UUID` and `URL` (`--no-dates`, …).
    var options = InferenceOptions()
    /// Warnings, each `POINTER: MESSAGE`, in the order met.
    private(set) var warnings: [String] = []
    private(set) var drafts = ModelDrafts()
    /// Definitions converted so far (or being converted, for records and enums), by pointer.
    private var definitions: [String: Converted] = [:]
    /// Definitions being converted that have no model yet: a reference back to one of them
    /// would be an infinitely nested type.
    private var inProgress: Set<String> = []
    /// Where each record's properties are in the schema, for warnings: by model, by position.
    private var propertyPointers: [Int: [String]] = [:]
    /// String enums by their values, so that the same set is one enum.
    private var enumOfValues: [[String]: Int] = [:]
    /// How deep conversion has gone: schemas nested beyond ``maxDepth`` are `JSONValue`.
    private var depth = 0

    /// Nested schemas beyond this are `JSONValue`, as samples nested too deep are.
    static let maxDepth = 100

    init(document: JSONValue, options: InferenceOptions = InferenceOptions()) {
        self.document = document
        self.options = options
    }

    /// The type of the root schema, named `rootName` by the caller.
    mutating func importRoot(name rootName: String) -> Converted {
        // The root is a definition too: `{"$ref": "#"}` refers to it.
        registering = ("#", rootName)
        inProgress.insert("#")
        var root = convert(document, at: "#", key: rootName)
        inProgress.remove("#")
        if let known = definitions["#"] { root.type = known.type }
        definitions["#"] = root
        breakCycles()
        return root
    }

    // MARK: Schemas

    /// The type for `schema`, found at `pointer`, the value of `key` in its parent.
    private mutating func convert(_ schema: JSONValue, at pointer: String, key: String) -> Converted {
        // A definition being resolved is this schema, not one inside it.
        let definition = registering
        registering = nil
        guard depth < Self.maxDepth else {
            return unsupported(
                "nested more than \(Self.maxDepth) schemas deep is JSONValue", note: "nested too deep in the schema", at: pointer)
        }
        depth += 1
        defer { depth -= 1 }
        switch schema {
        case .bool(true):
            return Converted(type: .json)
        case .bool(false):
            return unsupported("`false` accepts no value", note: "the schema accepts no value here", at: pointer)
        case .object(let object):
            return convert(object, at: pointer, key: key, definition: definition)
        default:
            return unsupported(
                "a schema is an object or a Boolean, found \(Self.kindName(schema))", note: "not a schema", at: pointer)
        }
    }

    private mutating func convert(
        _ object: JSONObject, at pointer: String, key: String, definition: (pointer: String, name: String)?
    ) -> Converted {
        if let reference = object["$ref"] {
            guard let text = reference.stringValue else { return unsupported("`$ref` is not a string", note: "a $ref that is not a string", at: pointer) }
            return resolve(text, at: pointer, key: key)
        }
        var converted = shape(of: object, at: pointer, key: key, definition: definition)
        if object["nullable"]?.boolValue == true { converted.nullable = true }
        for keyword in ["if", "dependentSchemas", "unevaluatedProperties"] where object[keyword] != nil {
            warn("`\(keyword)` is not modelled: the members it adds are not read", at: pointer)
        }
        return converted
    }

    /// The type for a schema object without `$ref`; `definition` is the definition it is, if
    /// any, which the model made for it is named after.
    private mutating func shape(
        of object: JSONObject, at pointer: String, key: String, definition: (pointer: String, name: String)?
    ) -> Converted {
        if let constant = object["const"] {
            return enumeration([constant], at: pointer + "/const", key: key, definition: definition)
        }
        if let values = object["enum"] {
            guard let list = values.arrayValue else { return unsupported("`enum` is not an array", note: "an enum that is not an array", at: pointer) }
            return enumeration(list, at: pointer + "/enum", key: key, definition: definition)
        }
        for keyword in ["oneOf", "anyOf"] {
            if let alternatives = object[keyword] {
                guard let list = alternatives.arrayValue else {
                    return unsupported(
                        "`\(keyword)` is not an array", note: "a \(keyword) that is not an array", at: pointer)
                }
                return union(list, in: object, keyword: keyword, at: pointer, key: key, definition: definition)
            }
        }
        if let parts = object["allOf"]?.arrayValue, parts.count == 1, object["properties"] == nil {
            // `allOf: [{"$ref": …}]`, often written to give a reference a description.
            registering = definition
            return convert(parts[0], at: pointer + "/allOf/0", key: key)
        }
        var types: [String]
        switch object["type"] {
        case .string(let name)?:
            types = [name]
        case .array(let names)?:
            types = names.elements.compactMap(\.stringValue)
            guard types.count == names.count else { return unsupported(
                "`type` holds something other than names", note: "a type list that is not names", at: pointer) }
        case nil:
            types = []
        default:
            return unsupported(
                "`type` is not a name or a list of names", note: "a type that is not a name", at: pointer)
        }
        let nullable = types.contains("null")
        types.removeAll { $0 == "null" }
        if types.isEmpty {
            // No `type`: the keywords present say what the value is, when they say anything.
            if object["properties"] != nil || object["additionalProperties"] != nil || object["allOf"] != nil
                || object["patternProperties"] != nil
            {
                types = ["object"]
            } else if object["items"] != nil || object["prefixItems"] != nil {
                types = ["array"]
            } else if nullable {
                return Converted(type: .json, nullable: true, note: "always null in the schema")
            } else {
                return Converted(type: .json)
            }
        }
        if types.count > 1 {
            var result = unsupported(
                "a value of several types (\(types.joined(separator: ", "))) is JSONValue",
                note: types.joined(separator: " or ") + " in the schema", at: pointer)
            result.nullable = nullable
            return result
        }
        var result: Converted
        switch types[0] {
        case "string": result = Converted(type: stringType(format: object["format"]?.stringValue))
        case "integer": result = Converted(type: .int)
        case "number": result = Converted(type: .double)
        case "boolean": result = Converted(type: .bool)
        case "array": result = array(object, at: pointer, key: key)
        case "object": result = self.object(object, at: pointer, key: key, definition: definition)
        default: result = unsupported("unknown type `\(types[0])` is JSONValue", note: "type \(types[0]) in the schema", at: pointer)
        }
        result.nullable = result.nullable || nullable
        return result
    }

    /// `format: date-time` is `Date` (read with `.iso8601`), `date` a `Date` read with the
    /// pattern `yyyy-MM-dd`, `uri` a `URL`, `uuid` a `UUID` (written in lowercase, as RFC 4122
    /// writes it); any other string is `String`.
    private func stringType(format: String?) -> FieldType {
        switch format {
        case "date-time": return options.detectsDates ? .date : .string
        case "date": return options.detectsDates ? .day : .string
        case "uri", "url", "iri": return options.detectsURLs ? .url : .string
        case "uuid": return options.detectsUUIDs ? .uuid : .string
        default: return .string
        }
    }

    private mutating func array(_ object: JSONObject, at pointer: String, key: String) -> Converted {
        if object["prefixItems"] != nil || object["items"]?.arrayValue != nil {
            return Converted(
                type: .array(.json),
                note: unsupportedNote(
                    "a tuple (`prefixItems`, or `items` as a list) is [JSONValue]", note: "a tuple in the schema", at: pointer))
        }
        guard let items = object["items"] else { return Converted(type: .array(.json)) }
        let element = convert(items, at: pointer + "/items", key: key)
        let type: FieldType = element.nullable && element.type != .json ? .optional(element.type) : element.type
        return Converted(type: .array(type), note: element.note.map { "elements: " + $0 })
    }

    /// A record for `properties` (with `allOf`'s merged in); a map for `additionalProperties`
    /// or `patternProperties` alone; `[String: JSONValue]` for any object.
    private mutating func object(
        _ object: JSONObject, at pointer: String, key: String, tag excluded: String? = nil,
        definition: (pointer: String, name: String)? = nil
    ) -> Converted {
        guard let members = members(of: object, at: pointer) else {
            return unsupported(
                "`allOf` of schemas that are not all objects is JSONValue", note: "an allOf of schemas that are not all objects",
                at: pointer)
        }
        if members.properties.isEmpty && excluded == nil {
            if case .object? = members.additional {
                let value = convert(members.additional ?? true, at: pointer + "/additionalProperties", key: key)
                return map(value)
            }
            if let patterns = object["patternProperties"]?.objectValue, !patterns.isEmpty {
                if patterns.count == 1, let only = patterns.members.first {
                    return map(convert(only.value, at: pointer + "/patternProperties/" + Self.escape(only.key), key: key))
                }
                return Converted(
                    type: .dictionary(.json),
                    note: unsupportedNote(
                        "several `patternProperties` are [String: JSONValue]", note: "values: several patternProperties in the schema",
                        at: pointer))
            }
            return Converted(type: .dictionary(.json))
        }
        if case .object? = members.additional {
            warn("`additionalProperties` beside `properties` is not modelled: other members are not read", at: pointer)
        }
        let index = drafts.add(.init(properties: []))
        register(.model(index), as: definition)
        var properties: [ModelDrafts.Property] = []
        var pointers: [String] = []
        for (name, schema, path) in members.properties where name != excluded {
            pointers.append(path)
            let value = convert(schema, at: path, key: name)
            var type = value.type
            // `JSONValue` stands for schemas that may well accept `null`, which only `JSONValue?` reads.
            if !members.required.contains(name) || value.nullable || type == .json { type = .optional(type) }
            properties.append(.init(key: name, type: type, note: value.note, transform: Self.transform(for: type)))
        }
        drafts.drafts[index].properties = properties
        propertyPointers[index] = pointers
        return Converted(type: .model(index))
    }

    private func map(_ value: Converted) -> Converted {
        let type: FieldType = value.nullable && value.type != .json ? .optional(value.type) : value.type
        return Converted(type: .dictionary(type), note: value.note.map { "values: " + $0 })
    }

    /// The members of an object schema: its `properties` after those of its `allOf` parts (each
    /// resolved), the `required` of all, and its `additionalProperties`; `nil` when an `allOf`
    /// part is not an object schema.
    private mutating func members(of object: JSONObject, at pointer: String) -> (
        properties: [(String, JSONValue, String)], required: Set<String>, additional: JSONValue?
    )? {
        var properties: [(String, JSONValue, String)] = []
        var required: Set<String> = []
        var seen: Set<String> = []
        func add(_ object: JSONObject, at pointer: String) {
            for member in object["properties"]?.objectValue?.members ?? [] where seen.insert(member.key).inserted {
                properties.append((member.key, member.value, pointer + "/properties/" + Self.escape(member.key)))
            }
            for name in object["required"]?.arrayValue ?? [] {
                if let name = name.stringValue { required.insert(name) }
            }
        }
        if let parts = object["allOf"]?.arrayValue {
            for (position, part) in parts.enumerated() {
                let partPointer = pointer + "/allOf/\(position)"
                guard let (resolved, at) = dereference(part, at: partPointer), let partObject = resolved.objectValue
                else { return nil }
                guard let nested = members(of: partObject, at: at) else { return nil }
                for property in nested.properties where seen.insert(property.0).inserted { properties.append(property) }
                required.formUnion(nested.required)
            }
        }
        add(object, at: pointer)
        return (properties, required, object["additionalProperties"])
    }

    /// An enum of `values`: strings make a string enum that keeps unknown values (with `null`
    /// among them, optional); other values are their type, or `JSONValue` for a mix.
    private mutating func enumeration(
        _ values: [JSONValue], at pointer: String, key: String, definition: (pointer: String, name: String)?
    ) -> Converted {
        let nullable = values.contains(.null)
        let present = values.filter { !$0.isNull }
        let strings = present.compactMap(\.stringValue)
        if present.isEmpty { return Converted(type: .json, nullable: true, note: "always null in the schema") }
        if strings.count == present.count {
            guard let names = EnumNaming.caseNames(strings), Set(names).count == strings.count else {
                warn("enum values that give no distinct Swift names stay String", at: pointer)
                return Converted(type: .string, nullable: nullable)
            }
            if let index = enumOfValues[strings] {
                register(.model(index), as: definition)
                return Converted(type: .model(index), nullable: nullable)
            }
            let index = drafts.add(.init(properties: [], kind: .stringEnum(strings)))
            enumOfValues[strings] = index
            register(.model(index), as: definition)
            return Converted(type: .model(index), nullable: nullable)
        }
        if present.allSatisfy({ $0.boolValue != nil }) { return Converted(type: .bool, nullable: nullable) }
        if present.allSatisfy({ $0.numberValue?.int64Value != nil }) { return Converted(type: .int, nullable: nullable) }
        if present.allSatisfy({ $0.doubleValue != nil }) { return Converted(type: .double, nullable: nullable) }
        var result = unsupported(
            "an enum of values of several kinds is JSONValue", note: "an enum of several kinds in the schema", at: pointer)
        result.nullable = nullable
        return result
    }

    /// `oneOf` / `anyOf`: one alternative (and `null`) is that alternative; object alternatives
    /// told apart by a tag (a `discriminator`, or a member each gives as a `const`) make a
    /// polymorphic enum; anything else is `JSONValue`.
    private mutating func union(
        _ alternatives: [JSONValue], in object: JSONObject, keyword: String, at pointer: String, key: String,
        definition: (pointer: String, name: String)?
    ) -> Converted {
        var rest: [(JSONValue, String)] = []
        var nullable = false
        for (position, alternative) in alternatives.enumerated() {
            if alternative.objectValue?["type"]?.stringValue == "null" && alternative.objectValue?.count == 1 {
                nullable = true
            } else {
                rest.append((alternative, pointer + "/\(keyword)/\(position)"))
            }
        }
        if rest.count == 1, let (only, at) = rest.first {
            registering = definition
            var converted = convert(only, at: at, key: key)
            converted.nullable = converted.nullable || nullable
            return converted
        }
        if rest.isEmpty { return Converted(type: .json, nullable: true, note: "always null in the schema") }
        guard
            let tagged = taggedUnion(
                rest, discriminator: object["discriminator"], at: pointer, key: key, definition: definition)
        else {
            var result = unsupported(
                "`\(keyword)` without a discriminator is JSONValue", note: "a \(keyword) without a discriminator in the schema",
                at: pointer)
            result.nullable = nullable
            return result
        }
        return Converted(type: tagged, nullable: nullable)
    }

    /// A polymorphic enum for object alternatives with a tag: the `discriminator`'s
    /// `propertyName` (with its `mapping`), or the first member that every alternative requires
    /// with one `const` (or one-value `enum`) string, a different one each.
    private mutating func taggedUnion(
        _ alternatives: [(JSONValue, String)], discriminator: JSONValue?, at pointer: String, key: String,
        definition: (pointer: String, name: String)?
    ) -> FieldType? {
        var resolved: [(object: JSONObject, pointer: String, name: String?)] = []
        for (alternative, at) in alternatives {
            guard let (schema, target) = dereference(alternative, at: at), let object = schema.objectValue else { return nil }
            let name = alternative.objectValue?["$ref"]?.stringValue.flatMap(Self.definitionName)
            resolved.append((object, target, name))
        }
        let memberLists = resolved.map { members(of: $0.object, at: $0.pointer) }
        guard memberLists.allSatisfy({ $0 != nil }) else { return nil }
        func constant(_ name: String, in index: Int) -> String? {
            guard let list = memberLists[index], let property = list.properties.first(where: { $0.0 == name }),
                let object = dereference(property.1, at: property.2)?.0.objectValue
            else { return nil }
            if let value = object["const"]?.stringValue { return value }
            if let values = object["enum"]?.arrayValue, values.count == 1 { return values[0].stringValue }
            return nil
        }
        var tag = discriminator?.objectValue?["propertyName"]?.stringValue
        if tag == nil, let first = memberLists.first ?? nil {
            tag = first.properties.map(\.0).first { name in
                let values = resolved.indices.map { constant(name, in: $0) }
                return values.allSatisfy { $0 != nil } && Set(values.compactMap { $0 }).count == values.count
            }
        }
        guard let tag else { return nil }
        // The tag value of each alternative: the discriminator's mapping, its `const`, or the
        // name of the definition it refers to (OpenAPI's default).
        var mapping: [String: String] = [:]
        for member in discriminator?.objectValue?["mapping"]?.objectValue?.members ?? [] {
            if let target = member.value.stringValue { mapping[target] = member.key }
        }
        var values: [String] = []
        for (index, alternative) in alternatives.enumerated() {
            let reference = alternative.0.objectValue?["$ref"]?.stringValue
            guard let value = reference.flatMap({ mapping[$0] }) ?? constant(tag, in: index) ?? resolved[index].name
            else { return nil }
            values.append(value)
        }
        guard Set(values).count == values.count, EnumNaming.caseNames(values) != nil else { return nil }
        let index = drafts.add(.init(properties: []))
        register(.model(index), as: definition)
        var cases: [(value: String, payload: FieldType?)] = []
        for (position, entry) in resolved.enumerated() {
            let others = memberLists[position]?.properties.contains { $0.0 != tag } ?? false
            guard others else {
                cases.append((values[position], nil))
                continue
            }
            let payload = object(entry.object, at: entry.pointer, key: values[position], tag: tag)
            if let name = entry.name, case .model(let model) = payload.type {
                drafts.drafts[model].preferredName = TypeNaming.typeName(forKey: name, element: false)
            }
            cases.append((values[position], payload.type))
        }
        drafts.drafts[index].kind = .tagged(tag, cases)
        return .model(index)
    }

    // MARK: References

    /// The definition the next schema converted is (set by ``resolve(_:at:key:)``, taken by
    /// ``convert(_:at:key:)``).
    private var registering: (pointer: String, name: String)?

    /// Records `type` as `definition`'s type before its members are converted, so that a
    /// reference back to it (through an array or a map) finds it; names its model after it.
    private mutating func register(_ type: FieldType, as definition: (pointer: String, name: String)?) {
        guard let (pointer, name) = definition else { return }
        definitions[pointer] = Converted(type: type)
        inProgress.remove(pointer)
        if case .model(let index) = type, drafts.drafts[index].preferredName == nil {
            drafts.drafts[index].preferredName = TypeNaming.typeName(forKey: name, element: false)
        }
    }

    /// The type of the definition `reference` points to, converted once.
    private mutating func resolve(_ reference: String, at pointer: String, key: String) -> Converted {
        guard reference.hasPrefix("#") else {
            return unsupported(
                "`$ref` to another document (\(reference)) is JSONValue", note: "a $ref to another document: \(reference)",
                at: pointer)
        }
        if let known = definitions[reference] { return known }
        if inProgress.contains(reference) {
            return unsupported(
                "`$ref` \(reference) refers to itself without an object between: JSONValue",
                note: "\(reference) contains itself", at: pointer)
        }
        guard let target = Self.lookUp(reference, in: document) else {
            return unsupported(
                "`$ref` \(reference) points to nothing: JSONValue", note: "\(reference) points to nothing", at: pointer)
        }
        let name = Self.definitionName(reference) ?? key
        inProgress.insert(reference)
        registering = (reference, name)
        var converted = convert(target, at: reference, key: name)
        registering = nil
        inProgress.remove(reference)
        if let known = definitions[reference] {
            // A record or enum registered itself before its members; keep what was learned since.
            converted.type = known.type
        }
        definitions[reference] = converted
        return converted
    }

    /// `schema` with `$ref`s followed, and where it is; `nil` for a reference that leads nowhere.
    private func dereference(_ schema: JSONValue, at pointer: String) -> (JSONValue, String)? {
        var current = (schema, pointer)
        var followed: Set<String> = []
        while let reference = current.0.objectValue?["$ref"]?.stringValue {
            guard reference.hasPrefix("#"), followed.insert(reference).inserted,
                let target = Self.lookUp(reference, in: document)
            else { return nil }
            current = (target, reference)
        }
        return current
    }

    /// The value at a `#/a/b` pointer (`~0`, `~1` and percent escapes undone); `#` is the root.
    static func lookUp(_ reference: String, in document: JSONValue) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        let path = reference.dropFirst()
        if path.isEmpty { return document }
        guard path.hasPrefix("/") else { return nil }
        var current = document
        for token in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let decoded = (String(token).removingPercentEncoding ?? String(token))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let object):
                guard let next = object[decoded] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(decoded), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The name a reference gives its definition: the last token (`#/$defs/Pet` → `Pet`).
    static func definitionName(_ reference: String) -> String? {
        guard let last = reference.split(separator: "/").last, reference.contains("/") else { return nil }
        let name = String(last).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        return name.isEmpty ? nil : name
    }

    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    // MARK: Transforms

    /// The `@JSONTransform` for a property of `type`: `.iso8601` for `Date`, `.iso8601.array` for
    /// `[Date]`, `.iso8601.optional.array` for `[Date?]`, `.dictionaryValues` for maps.
    static func transform(for type: FieldType) -> String? {
        if case .optional(let wrapped) = type { return lifted(wrapped) }
        return lifted(type)
    }

    private static func lifted(_ type: FieldType) -> String? {
        switch type {
        case .date: return ".iso8601"
        case .day: return #".date(format: "yyyy-MM-dd")"#
        case .uuid: return ".uuid(lowercase: true)"
        case .optional(let wrapped): return lifted(wrapped).map { $0 + ".optional" }
        case .array(let element): return lifted(element).map { $0 + ".array" }
        case .dictionary(let value): return lifted(value).map { $0 + ".dictionaryValues" }
        default: return nil
        }
    }

    // MARK: Cycles

    /// Replaces with `JSONValue` each property through which a struct would contain itself
    /// (`"next": {"$ref": "#/$defs/Node"}`): a struct cannot, arrays and maps aside.
    private mutating func breakCycles() {
        var state: [Int: Bool] = [:]  // false: on the path; true: done
        for start in drafts.drafts.indices where state[start] == nil {
            // Iterative depth-first search: (model, next property to look at).
            var stack: [(model: Int, position: Int)] = [(start, 0)]
            state[start] = false
            while let top = stack.last {
                let targets = directTargets(of: top.model)
                guard top.position < targets.count else {
                    state[top.model] = true
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].position += 1
                let (property, target) = targets[top.position]
                switch state[target] {
                case .some(false):
                    breakReference(from: top.model, property: property, to: target, path: stack.map(\.model))
                case nil:
                    state[target] = false
                    stack.append((target, 0))
                case .some(true):
                    continue
                }
            }
        }
    }

    /// The models `model` holds directly (not through an array or a map), with the position of
    /// the property (or, for an enum, `-1 - case`).
    private func directTargets(of model: Int) -> [(Int, Int)] {
        let draft = drafts.drafts[model]
        switch draft.kind {
        case .record:
            return draft.properties.enumerated().compactMap { position, property in
                property.type.directModel.map { (position, $0) }
            }
        case .tagged(_, let cases):
            return cases.enumerated().compactMap { position, entry in entry.payload?.directModel.map { (-1 - position, $0) } }
        case .stringEnum:
            return []
        }
    }

    /// Breaks the cycle closed by `model` → `target`: the last struct property on it becomes
    /// `JSONValue`.
    private mutating func breakReference(from model: Int, property: Int, to target: Int, path: [Int]) {
        var owner = model
        var position = property
        if position < 0 {
            // An enum's case: break the cycle at the struct property before it on the path.
            guard let start = path.firstIndex(of: target) else { return }
            for index in stride(from: path.count - 2, through: start, by: -1) {
                let candidate = path[index]
                let next = path[index + 1]
                if let found = directTargets(of: candidate).first(where: { $0.1 == next && $0.0 >= 0 }) {
                    owner = candidate
                    position = found.0
                    break
                }
            }
            guard position >= 0 else { return }
        }
        let key = drafts.drafts[owner].properties[position].key
        let pointer = propertyPointers[owner]?[position] ?? "#"
        warn("`\(key)` would make a struct contain itself: JSONValue", at: pointer)
        let wasOptional: Bool
        if case .optional = drafts.drafts[owner].properties[position].type { wasOptional = true } else { wasOptional = false }
        drafts.drafts[owner].properties[position].type = wasOptional ? .optional(.json) : .json
        drafts.drafts[owner].properties[position].transform = nil
        drafts.drafts[owner].properties[position].note = "refers back to a struct that contains it"
    }

    // MARK: Warnings

    private mutating func warn(_ message: String, at pointer: String) {
        warnings.append("\(pointer): \(message)")
    }

    /// `JSONValue`, with a warning (`message`) and a note (`note`, or the message) saying why.
    private mutating func unsupported(_ message: String, note: String? = nil, at pointer: String) -> Converted {
        Converted(type: .json, note: unsupportedNote(message, note: note, at: pointer))
    }

    private mutating func unsupportedNote(_ message: String, note: String? = nil, at pointer: String) -> String {
        warn(message, at: pointer)
        return note ?? message
    }

    private static func kindName(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
