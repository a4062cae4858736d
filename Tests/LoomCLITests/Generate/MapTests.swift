import Foundation
import Loom
import Testing

@testable import LoomCLIKit

/// The Swift spelling of the root's property types, by key, as `loom generate` prints them
/// with `arguments`.
private func propertyLines(
    _ json: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
) -> [String: String] {
    let result = loom(["generate", "-"] + arguments, stdin: Data(json))
    #expect(result.exitCode == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    var lines: [String: String] = [:]
    var inRoot = false
    for line in result.standardOutput.split(separator: "\n") {
        if line.hasPrefix("struct Root") { inRoot = true; continue }
        if inRoot && line == "}" { break }
        guard inRoot, let colon = line.range(of: ": ") else { continue }
        let name = line[..<colon.lowerBound].split(separator: " ").last.map(String.init) ?? ""
        lines[name] = String(line[colon.upperBound...])
    }
    return lines
}

/// `count` members `"<prefix>0"`… whose values are `value(i)`.
private func object(_ count: Int, key: (Int) -> String, value: (Int) -> String) -> String {
    "{" + (0..<count).map { "\"\(key($0))\": \(value($0))" }.joined(separator: ", ") + "}"
}

@Suite("loom generate: maps")
struct MapTests {
    @Test("20 keys or more whose values have one shape make a map; fewer make a struct")
    func threshold() {
        let paginator = { (i: Int) in #"{"input_token": "Next", "result_key": "R\#(i)"\#(i % 2 == 0 ? #", "limit_key": "Max""# : "")}"# }
        let twenty = object(20, key: { "Operation\($0)" }, value: paginator)
        let nineteen = object(19, key: { "Operation\($0)" }, value: paginator)
        #expect(propertyLines(#"{"pagination": \#(twenty)}"#)["pagination"] == "[String: Paginator]")
        #expect(propertyLines(#"{"pagination": \#(nineteen)}"#)["pagination"] == "Pagination")
        #expect(propertyLines(#"{"pagination": \#(nineteen)}"#, ["--map-threshold", "5"])["pagination"] == "[String: Paginator]")
        #expect(propertyLines(#"{"pagination": \#(twenty)}"#, ["--map-threshold", "21"])["pagination"] == "Pagination")
    }

    @Test("many keys whose values differ in shape stay a struct, unless there are ten times the threshold")
    func disagreeingValues() {
        let mixed = object(30, key: { "field\($0)" }, value: { $0 % 2 == 0 ? "1" : #""x""# })
        #expect(propertyLines(#"{"config": \#(mixed)}"#)["config"] == "Config")
        let records = object(30, key: { "field\($0)" }, value: { #"{"a\#($0)": 1, "b\#($0)": 2}"# })
        #expect(propertyLines(#"{"config": \#(records)}"#)["config"] == "Config")
        let huge = object(200, key: { "field\($0)" }, value: { $0 % 2 == 0 ? "1" : #""x""# })
        #expect(propertyLines(#"{"config": \#(huge)}"#)["config"] == "[String: JSONValue] // values: strings and numbers in the samples")
        #expect(propertyLines(#"{"config": \#(mixed)}"#, ["--map-threshold", "3"])["config"] == "[String: JSONValue] // values: strings and numbers in the samples")
    }

    @Test(
        "keys that are data make a map whatever their number",
        arguments: [
            (#"{"138586341": "a", "138586345": "b"}"#, "[String: String]"),
            (#"{"0.5": "half", "1.5": "more"}"#, "[String: String]"),
            (#"{"2024-03-01": 1, "2024-03-02": 2}"#, "[String: Int]"),
            (#"{"6fa459ea-ee8a-3ca4-894e-db77e160355e": true}"#, "[String: Bool]"),
            (#"{"/v1/users": {"auth": true}, "/v1/groups": {"auth": false}}"#, "[String: XItem]"),
            (#"{"https://example.com/a": 1, "https://example.com/b": 2}"#, "[String: Int]"),
        ])
    func dataKeys(json: String, type: String) {
        #expect(propertyLines(#"{"x": \#(json)}"#)["x"] == type)
    }

    @Test("keys that differ from sample to sample while the values agree make a map")
    func keysDifferAcrossSamples() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let s3 = try directory.write("s3.json", #"{"pagination": {"ListBuckets": {"result_key": "Buckets"}, "ListObjects": {"result_key": "Contents", "limit_key": "MaxKeys"}}}"#)
        let sqs = try directory.write("sqs.json", #"{"pagination": {"ListQueues": {"result_key": "QueueUrls"}}}"#)
        let result = loom("generate", s3, sqs)
        #expect(result.standardOutput.contains("    var pagination: [String: Paginator]\n"))
        #expect(result.standardOutput.contains("struct Paginator: Hashable, Sendable {\n    @JSONKey(\"result_key\") var resultKey: String\n    @JSONKey(\"limit_key\") var limitKey: String?\n}"))
        // Optional fields of one record differ from object to object too, but their values do not agree.
        let record = loom("generate", "-", stdin: Data(#"[{"x": {"a": 1, "b": "x"}}, {"x": {"c": true}}, {"x": {"d": [1]}}]"#))
        #expect(record.standardOutput.contains("    var x: X\n"))
    }

    @Test("whether values agree is judged by their keys, not by whether one of them is a map by itself")
    func lowThreshold() {
        let path = packageRoot.appendingPathComponent("Tests/LoomCLITests/Generate/Fixtures/Real/s3-paginators-1.json").path
        let output = loom("generate", "--map-threshold", "5", path).standardOutput
        #expect(output.contains("    var pagination: [String: Paginator]\n"), "\(output)")
        #expect(output.components(separatedBy: "struct ").count == 3, "\(output)")
    }

    @Test("places reached through the same key are judged together: each has a few keys of its own")
    func judgedTogether() {
        let json = #"""
            {"service": {"actions": {"CreateBucket": {"request": "a"}}},
             "resources": [{"name": "Bucket", "actions": {"Create": {"request": "b"}, "Delete": {"request": "c"}}},
                           {"name": "Object", "actions": {"Get": {"request": "d"}, "Put": {"request": "e"}, "Copy": {"request": "f"}}}]}
            """#
        let output = loom("generate", "-", stdin: Data(json)).standardOutput
        #expect(output.contains("struct Service: Hashable, Sendable {\n    var actions: [String: Action]\n}"), "\(output)")
        #expect(output.contains("    var name: String\n    var actions: [String: Action]\n"), "\(output)")
        #expect(output.components(separatedBy: "struct ").count == 5, "Root, Service, Resource, Action: \(output)")
    }

    @Test("a key that every object has marks a record with optional fields, not a map")
    func commonKey() {
        let json = #"{"ids": [{"name": "a"}, {"name": "b", "member": "c"}, {"name": "d", "kind": "e"}, {"name": "f"}]}"#
        let output = loom("generate", "-", stdin: Data(json)).standardOutput
        #expect(output.contains("    var ids: [ID]\n"), "\(output)")
        #expect(output.contains("    var name: String\n    var member: String?\n    var kind: String?\n"), "\(output)")
    }

    @Test(
        "the value type is named from the context, in the singular",
        arguments: [
            ("pagination", "Paginator"), ("waiters", "Waiter"), ("resources", "Resource"), ("statuses", "Status"),
            ("data", "DataItem"),
        ])
    func valueNames(key: String, name: String) {
        let values = object(3, key: { "Key\($0)" }, value: { #"{"id": \#($0)}"# })
        #expect(propertyLines(#"{"\#(key)": \#(values)}"#, ["--map", key])[TypeNaming.propertyName(forKey: key)] == "[String: \(name)]")
    }

    @Test("--map and --no-map name places by path: keys, [] for elements, * for every key")
    func overrides() {
        let json = #"{"data": {"items": [{"tags": {"a": 1, "b": 2}, "meta": {"2024-01-01": 1}}]}, "sizes": {"small": {"w": 1}, "large": {"w": 2}}}"#
        let plain = loom("generate", "-", stdin: Data(json)).standardOutput
        #expect(plain.contains("    var tags: Tags\n"))
        #expect(plain.contains("    var meta: [String: Int]\n"))
        let forced = loom(
            "generate", "--map", "data.items[].tags", "--no-map", "data.items[].meta", "--map", "sizes", "-",
            stdin: Data(json))
        #expect(forced.exitCode == 0)
        #expect(forced.standardError == "")
        #expect(forced.standardOutput.contains("    var tags: [String: Int]\n"))
        #expect(forced.standardOutput.contains("    @JSONKey(\"2024-01-01\") var _20240101: Int\n"))
        #expect(forced.standardOutput.contains("    var sizes: [String: Size]\n"))
        let star = loom("generate", "--map", "data.*[].tags", "-", stdin: Data(json)).standardOutput
        #expect(star.contains("    var tags: [String: Int]\n"))
        let root = loom("generate", "--map", ".", "-", stdin: Data(#"{"a": {"x": 1}, "b": {"x": 2}}"#)).standardOutput
        #expect(root.contains("typealias Root = [String: RootItem]\n"))
        let elements = loom("generate", "--map", "[]", "-", stdin: Data(#"[{"a": 1}, {"b": 2}]"#)).standardOutput
        #expect(elements.contains("typealias Root = [String: Int]\n"))
    }

    @Test("a path that reaches no object is a warning, and the output is made without it")
    func unmatchedPath() {
        let result = loom("generate", "--map", "nothing.here", "--no-map", "a", "-", stdin: Data(#"{"a": 1}"#))
        #expect(result.exitCode == 0)
        #expect(
            result.standardError == """
                warning: --map nothing.here: no object in the samples is at this path
                warning: --no-map a: no object in the samples is at this path

                """)
        #expect(result.standardOutput.contains("    var a: Int\n"))
    }

    @Test(
        "paths are parsed like key paths",
        arguments: [
            (".", [PlacePath.Step]()), ("a", [.key("a")]), ("a.b", [.key("a"), .key("b")]),
            ("data.items[]", [.key("data"), .key("items"), .elements]), ("[].tags", [.elements, .key("tags")]),
            ("m[][]", [.key("m"), .elements, .elements]), ("*.x", [.anyKey, .key("x")]), (#"\*"#, [.key("*")]),
            (#"a\.b"#, [.key("a.b")]), (#"a\[\]"#, [.key("a[]")]), ("a*", [.key("a*")]),
        ])
    func pathSyntax(text: String, steps: [PlacePath.Step]) throws {
        #expect(try PlacePath(parsing: text).steps == steps)
    }

    @Test(
        "a malformed path is a usage error",
        arguments: [
            ("", "the path is empty (the root is '.')"), ("a..b", "a key is empty"), ("a.", "a key is empty"),
            ("a[", "'[' must be followed by ']'"), ("a]", "']' without '['"), ("a[]b", "'[]' must end a key, found 'b' after it"),
            (#"a\"#, #"the path ends with '\'"#), ("x.[]", "a key is empty"),
        ])
    func badPaths(text: String, message: String) {
        let result = loom("generate", "--map", text, "a.json")
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("Error: --map '\(text)' is not a path: \(message).\n"))
    }

    @Test("--map-threshold must be at least 1")
    func thresholdUsage() {
        let result = loom("generate", "--map-threshold", "0", "a.json")
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("Error: --map-threshold must be at least 1, got 0.\n"))
    }
}
