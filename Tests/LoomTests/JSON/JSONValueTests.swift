import Foundation
import Loom
import Testing

/// Literals, accessors, key paths, equality, hashing, Codable and description of `JSONValue`.
@Suite("JSONValue ergonomics")
struct JSONValueTests {
    static let sample: JSONValue = [
        "user": ["login": "octocat", "id": 1, "site_admin": false, "a.b": "dotted", "back\\slash": 3],
        "items": [["id": 10], ["id": 20.5]],
        "empty": nil,
        "a": ["b": "nested"],
    ]

    @Test("literals build the matching cases")
    func literals() throws {
        let null: JSONValue = nil
        let bool: JSONValue = true
        let int: JSONValue = -7
        let double: JSONValue = 2.5
        let string: JSONValue = "s"
        let array: JSONValue = [1, "two", nil]
        let object: JSONValue = ["k": [true]]
        #expect(null == .null)
        #expect(bool == .bool(true))
        #expect(int == .number(JSONNumber(-7)))
        #expect(double == .number(JSONNumber(2.5)))
        #expect(string == .string("s"))
        #expect(array == .array([.number(1), .string("two"), .null]))
        #expect(object == .object(JSONObject([("k", .array([.bool(true)]))])))
        #expect(try JSONValue(parsing: #"{"k":[true]}"#) == object)
    }

    @Test("subscripts by key and index")
    func subscripts() throws {
        let value = Self.sample
        #expect(value["user"]?["login"] == "octocat")
        #expect(value["items"]?[1]?["id"] == 20.5)
        #expect(value["items"]?[2] == nil)
        #expect(value["items"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["empty"] == .null)
        #expect(value[0] == nil)
        #expect(JSONValue.array([1])["key"] == nil)
        #expect(JSONValue.string("s")["key"] == nil && JSONValue.string("s")[0] == nil)

        var mutable = value
        mutable["user"] = "replaced"
        mutable["new"] = [1]
        #expect(mutable["user"] == "replaced")
        #expect(mutable["new"] == [1])
        mutable["new"] = nil
        #expect(mutable["new"] == nil)
        #expect(mutable.objectValue?.keys == ["user", "items", "empty", "a"])
        var notObject: JSONValue = [1]
        notObject["k"] = 1
        #expect(notObject == [1])
    }

    @Test("key paths reach into nested objects and arrays")
    func keyPaths() throws {
        let value = Self.sample
        #expect(value[path: "user.login"] == "octocat")
        #expect(value[path: "user.id"]?.intValue == 1)
        #expect(value[path: "items.1.id"]?.doubleValue == 20.5)
        #expect(value[path: "items.0.id"]?.intValue == 10)
        #expect(value[path: "items.2.id"] == nil)
        #expect(value[path: "user.a\\.b"] == "dotted")
        #expect(value[path: "a.b"] == "nested")
        #expect(value[path: "user.back\\\\slash"] == 3)
        #expect(value[path: "user.login.more"] == nil)
        #expect(value[path: "nope.login"] == nil)
        #expect(value[path: "user"]?["id"] == 1)
        #expect(JSONKeyPath.components("a.b\\.c") == ["a", "b.c"])
        #expect(JSONKeyPath.components("a\\\\.b") == ["a\\", "b"])
        #expect(JSONKeyPath.components("") == [""])
        #expect(JSONKeyPath.components("a..b") == ["a", "", "b"])
        #expect(JSONKeyPath.components("end\\") == ["end\\"])
    }

    @Test("typed accessors return nil for other kinds")
    func accessors() throws {
        let value = Self.sample
        #expect(value["empty"]?.isNull == true)
        #expect(value["user"]?["site_admin"]?.boolValue == false)
        #expect(value["user"]?["login"]?.stringValue == "octocat")
        #expect(value["user"]?["id"]?.numberValue == 1)
        #expect(value["user"]?["id"]?.intValue == 1)
        #expect(value["user"]?["id"]?.doubleValue == 1.0)
        #expect(value["items"]?.arrayValue?.count == 2)
        #expect(value["user"]?.objectValue?.count == 5)
        #expect(value["items"]?[1]?["id"]?.intValue == nil)
        let string: JSONValue = "1"
        #expect(string.intValue == nil && string.boolValue == nil && string.arrayValue == nil && string.objectValue == nil)
        #expect(string.isNull == false && string.numberValue == nil && string.doubleValue == nil)
        #expect(JSONValue.bool(true).stringValue == nil)
    }

    @Test("objects compare without regard to order, keys by bytes")
    func equality() throws {
        let first = try JSONValue(parsing: #"{"a":1,"b":[1,2],"c":{"x":null,"y":true}}"#)
        let second = try JSONValue(parsing: #"{"c":{"y":true,"x":null},"b":[1,2],"a":1.0}"#)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        // Arrays are ordered.
        #expect(try JSONValue(parsing: "[1,2]") != JSONValue(parsing: "[2,1]"))
        // Different member sets differ.
        #expect(try JSONValue(parsing: #"{"a":1}"#) != JSONValue(parsing: #"{"a":1,"b":1}"#))
        #expect(try JSONValue(parsing: #"{"a":1}"#) != JSONValue(parsing: #"{"b":1}"#))
        #expect(try JSONValue(parsing: #"{"a":1}"#) != JSONValue(parsing: #"{"a":2}"#))
        // NFC and NFD keys are different keys.
        let nfc: JSONValue = ["\u{e9}": 1]
        let nfd: JSONValue = ["e\u{301}": 1]
        #expect(nfc != nfd)
        // Kinds never compare equal to each other.
        let kinds: [JSONValue] = [nil, false, 0, "", [], [:]]
        for (i, a) in kinds.enumerated() {
            for (j, b) in kinds.enumerated() {
                #expect((a == b) == (i == j))
            }
        }
        // Large objects (with a key index) behave the same.
        var big = JSONObject()
        var reversed = JSONObject()
        for index in 0..<50 { big["k\(index)"] = .number(JSONNumber(index)) }
        for index in (0..<50).reversed() { reversed["k\(index)"] = .number(JSONNumber(index)) }
        #expect(big == reversed)
        #expect(big.hashValue == reversed.hashValue)
        #expect(big["k42"] == 42)
        reversed["k42"] = nil
        #expect(big != reversed)
        #expect(reversed.count == 49 && reversed["k41"] == 41 && reversed["k43"] == 43 && reversed["k42"] == nil)
        reversed["k42"] = 42
        #expect(big == reversed)
    }

    @Test("JSONObject keeps insertion order and unique keys")
    func objects() throws {
        var object = JSONObject([("b", 1), ("a", 2), ("b", 3)])
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == 3)
        #expect(object.count == 2 && !object.isEmpty)
        object["c"] = .null
        #expect(object["c"] == .null)
        #expect(object.members.map(\.key) == ["b", "a", "c"])
        #expect(Array(object).map(\.value) == [3, 2, nil])
        #expect(object.position(of: "a") == 1)
        #expect(object.position(of: "A") == nil)
        #expect(JSONObject().isEmpty)
    }

    @Test("Codable round trip through Foundation's JSONEncoder and JSONDecoder")
    func codable() throws {
        let value: JSONValue = [
            "null": nil, "bool": true, "int": -42, "big": .number(JSONNumber(UInt64.max)), "min": .number(JSONNumber(Int64.min)),
            "double": 2.5, "tiny": 1e-300, "string": "é \"q\" 😀\n", "array": [1, [2, [3]], [:]],
            "object": ["nested": ["deeper": "x"]],
        ]
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(decoded == value)
        // The encoded text is also what Loom reads.
        #expect(try JSONValue(parsing: data) == value)
        // Decoding Foundation-produced text of a model.
        struct Model: Codable { var name: String; var tags: [String]; var score: Double? }
        let model = try JSONDecoder().decode(
            JSONValue.self, from: try JSONEncoder().encode(Model(name: "n", tags: ["a"], score: nil)))
        #expect(model == ["name": "n", "tags": ["a"]])
        // Round trip of a top-level scalar and array.
        for scalar: JSONValue in [nil, false, 0, -1.5, "s", []] {
            #expect(try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(scalar)) == scalar)
        }
    }

    @Test("Codable encoding of non-finite numbers fails instead of writing invalid JSON")
    func codableNonFinite() throws {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.array([.number(JSONNumber(Double.nan))])) }
    }

    @Test("description is compact JSON")
    func description() throws {
        #expect(Self.sample["user"]?.description == #"{"login":"octocat","id":1,"site_admin":false,"a.b":"dotted","back\\slash":3}"#)
        #expect(JSONValue.null.description == "null")
        #expect(JSONValue.array([1.5, "x\n", [:], []]).description == #"[1.5,"x\n",{},[]]"#)
        #expect(String(describing: JSONValue.number(JSONNumber(UInt64.max))) == "18446744073709551615")
        #expect("\(JSONValue.bool(false))" == "false")
        #expect(JSONNumber(1e-7).description == "1e-7")
    }

    @Test("every entry point parses the same text")
    func entryPoints() throws {
        let text = #"{"k":[1,"é"]}"#
        let expected: JSONValue = ["k": [1, "é"]]
        let data = Data(("xx" + text + "yy").utf8)
        let slice = data[2..<(data.count - 2)]  // a slice whose indices do not start at 0
        #expect(try JSONValue(parsing: text) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)) == expected)
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
        #expect(try JSONValue(parsing: slice) == expected)
        #expect(try Array(text.utf8).withUnsafeBytes { try JSONValue(parsing: $0) } == expected)
        for document in [
            try JSONDocument(parsing: text), try JSONDocument(parsing: Array(text.utf8)), try JSONDocument(parsing: slice),
            try Array(text.utf8).withUnsafeBytes { try JSONDocument(parsing: $0) },
        ] {
            #expect(JSONValue(element: document.root) == expected)
            #expect(document.nodeCount == 5)
            #expect(String(decoding: document.input, as: UTF8.self) == text)
        }
    }

    @Test("elements and members step over nested containers and are empty for other kinds")
    func containerIteration() throws {
        let text = #"[[1,[2,{"x":[]}]],{},{"k":{"a":[3,4]},"m":5},"s",6,[]]"#
        let document = try JSONDocument(parsing: text)
        try withExtendedLifetime(document) {
            let root = document.root
            #expect(root.elements.map(\.kind) == [.array, .object, .object, .string, .number, .array])
            #expect(root.elements.map(\.count) == [2, 0, 2, 0, 0, 0])
            let third = try #require(root[2])
            #expect(third.members.map { $0.key.stringValue ?? "?" } == ["k", "m"])
            #expect(third.members.map(\.value.kind) == [.object, .number])
            #expect(third["m"]?.integerValue(Int.self) == 5)
            let inner = try #require(root[0]?[1]?[1]?["x"])
            #expect(inner.kind == .array && Array(inner.elements).isEmpty)
            // Only arrays have elements and only objects have members.
            #expect(Array(third.elements).isEmpty && Array(root.members).isEmpty)
            let string = try #require(root[3]), number = try #require(root[4])
            #expect(Array(string.elements).isEmpty && Array(number.members).isEmpty)
        }
    }

    /// The parser keeps the innermost container's count in locals and saves the enclosing ones
    /// on a stack that grows past 32 levels; each level's count must survive its children.
    @Test("counts of containers nested past the parser's first stack, with siblings around each child")
    func deepCounts() throws {
        let depth = 100
        var text = ""
        for level in 0..<depth { text += level.isMultiple(of: 2) ? #"[1,"a",{"k":0},"# : #"{"x":[],"y":"# }
        text += "[]"
        for level in (0..<depth).reversed() { text += level.isMultiple(of: 2) ? ",true,null]" : #","z":false}"# }
        let document = try JSONDocument(parsing: text)
        try withExtendedLifetime(document) {
            var element = document.root
            for level in 0..<depth {
                if level.isMultiple(of: 2) {
                    #expect(element.kind == .array && element.count == 6, "level \(level)")
                    #expect(element[2]?.count == 1 && element[5]?.isNull == true, "level \(level)")
                    element = try #require(element[3])
                } else {
                    #expect(element.kind == .object && element.count == 3, "level \(level)")
                    #expect(element["z"]?.boolValue == false && element["x"]?.count == 0, "level \(level)")
                    element = try #require(element["y"])
                }
            }
            #expect(element.kind == .array && element.count == 0)
        }
    }

    @Test("JSONElement gives the same answers without building a tree")
    func elements() throws {
        let text = #"{"s":"a\"b","n":-1.5,"i":7,"t":true,"f":false,"z":null,"a":[1,2,3],"o":{"k":"v"},"s":"dup"}"#
        let document = try JSONDocument(parsing: text)
        let tree = try JSONValue(parsing: text)
        try withExtendedLifetime(document) {
            let root = document.root
            #expect(root.kind == .object)
            #expect(root.count == 9)
            #expect(root.byteOffset == 0)
            #expect(root["s"]?.stringValue == "dup")  // .useLast
            #expect(root["n"]?.doubleValue == -1.5)
            #expect(root["n"]?.isIntegerLiteral == false)
            #expect(root["i"]?.integerValue(Int.self) == 7)
            #expect(root["t"]?.boolValue == true && root["f"]?.boolValue == false)
            #expect(root["z"]?.isNull == true && root["z"]?.kind == .null)
            #expect(root["a"]?.count == 3 && root["a"]?[2]?.integerValue(Int.self) == 3 && root["a"]?[3] == nil)
            #expect(root["a"]?.elements.compactMap { $0.integerValue(Int.self) } == [1, 2, 3])
            #expect(root["o"]?["k"]?.stringValue == "v")
            #expect(root["missing"] == nil && root[0] == nil)
            let members = root.members.map { $0.key.stringValue ?? "?" }
            #expect(members == ["s", "n", "i", "t", "f", "z", "a", "o", "s"])
            let s = try #require(root["s"])
            #expect(s.byteOffset == text.utf8.count - 6)
            var iterator = root.members.makeIterator()
            let next = iterator.next()
            let first = try #require(next)
            #expect(first.value.withUTF8 { String(decoding: $0, as: UTF8.self) } == "a\"b")
            #expect(JSONValue(element: root) == tree)
            #expect(JSONValue(element: root)["s"] == "dup")
        }
    }
}
