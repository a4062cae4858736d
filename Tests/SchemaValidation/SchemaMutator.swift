import Loom

/// Seeded mutations of a JSON document, aimed at what a schema checks.
public struct SchemaMutator {
    enum Step { case key(String), index(Int) }

    var state: UInt64

    /// A mutator whose mutations follow from `seed`.
    public init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    /// Values of every kind, integers at and beyond the bounds of each width, and strings
    /// that are almost tags, raw values, dates, UUIDs and base64.
    static let replacements: [JSONValue] = [
        .null, true, false, 0, -1, 1.5, 128, -129, 256, 65536, -32769, 2_147_483_648, -2_147_483_649,
        .number(JSONNumber(UInt64.max)), .number(JSONNumber(lexeme: "18446744073709551616") ?? 0),
        .number(JSONNumber(Int64.min)), "", "x", "open", "P3", "text", "video", "ping", "2024-05-01",
        "not a uuid", "***", [], [1], ["a"], [:], ["body": "hi"], ["login": "a", "id": 1],
    ]

    /// `value` with one change at a random place.
    public mutating func mutate(_ value: JSONValue) -> JSONValue {
        var paths: [[Step]] = [[]]
        func collect(_ value: JSONValue, _ path: [Step]) {
            if let object = value.objectValue {
                for (key, member) in object {
                    paths.append(path + [.key(key)])
                    collect(member, path + [.key(key)])
                }
            } else if let array = value.arrayValue {
                for (index, element) in array.enumerated() {
                    paths.append(path + [.index(index)])
                    collect(element, path + [.index(index)])
                }
            }
        }
        collect(value, [])
        let path = pick(paths)
        let replacement = Self.replacements[Int(next() % UInt64(Self.replacements.count))]
        let removes = !path.isEmpty && next() % 4 == 0
        return Self.modify(value, path[...], removes ? nil : replacement)
    }

    /// `value` with the member or element at `path` replaced by `replacement`, or removed.
    static func modify(_ value: JSONValue, _ path: ArraySlice<Step>, _ replacement: JSONValue?) -> JSONValue {
        guard let step = path.first else { return replacement ?? .null }
        switch (step, value) {
        case (.key(let key), .object(let object)):
            var pairs: [(String, JSONValue)] = []
            for (name, member) in object {
                if name != key {
                    pairs.append((name, member))
                } else if path.count > 1 || replacement != nil {
                    pairs.append((name, modify(member, path.dropFirst(), replacement)))
                }
            }
            return .object(JSONObject(pairs))
        case (.index(let index), .array(let array)):
            var elements = array.elements
            if path.count == 1 && replacement == nil {
                elements.remove(at: index)
            } else {
                elements[index] = modify(elements[index], path.dropFirst(), replacement)
            }
            return .array(JSONArray(elements))
        default:
            return value
        }
    }
}
