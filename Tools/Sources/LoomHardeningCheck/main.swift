// Timing checks that do not belong in `swift test` (timings are noisy under load).
//
//   swift run -c release --package-path Tools LoomHardeningCheck linearity [--quick]
//       Times each hostile input shape at 1x and 10x size; the 10x time should be about ten
//       times the 1x time. Exits 1 when a ratio exceeds the threshold (default 25, generous
//       because the machine is shared).
//   swift run -c release --package-path Tools LoomHardeningCheck parse-speed [corpus directory]
//       Parses the corpora to JSONDocument and JSONValue and prints MB/s (median of runs).
//
// `scripts/linearity.sh` runs the first in release.

import Foundation
import Loom

// MARK: - Timing

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The best of `runs` timings of `body`, in seconds (the minimum is the least noisy under load).
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var result = Double.infinity
    for _ in 0..<runs {
        let start = now()
        try body()
        result = min(result, Double(now() - start) / 1e9)
    }
    return result
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func format(_ seconds: Double) -> String {
    String(format: "%8.2f ms", seconds * 1000)
}

// MARK: - A model that needs one key (row 26)

struct OneKey: JSONModel, Equatable {
    static let _loomKeys = _JSONKeySet(["needle"])
    var needle: Int

    init(needle: Int) { self.needle = needle }

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var s0: JSONElement? = nil
        var errors = _JSONErrorAccumulator(context)
        var hint = 0
        for member in members {
            switch Self._loomKeys.match(member.key, hint: &hint, context) {
            case 0: context._assign(&s0, member.value)
            default: context._unknownKey(member.key, Self._loomKeys, into: &errors)
            }
        }
        let v0 = try errors.capture {
            try context._required(s0, Self._loomKeys, 0) { try context.decode(Int.self, from: $0) }
        }
        try errors.finish()
        needle = try _JSONErrorAccumulator.unwrap(v0)
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context._writeKey(Self._loomKeys, 0, to: &writer)
        try context.encode(needle, to: &writer)
        writer.endObject()
    }
}

/// Codable code that tries one type and falls back to another for each element, as lossy
/// decoding does: every element throws (and positions) one error.
struct Lossy: Decodable {
    var numbers = 0
    var strings = 0
    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            if (try? container.decode(Int.self)) != nil {
                numbers += 1
            } else {
                _ = try container.decode(String.self)
                strings += 1
            }
        }
    }
}

struct LossyRoot: JSONDecodable {
    var lossy: Lossy
    init(json element: JSONElement, context: JSONDecodingContext) throws {
        lossy = try context.decode(Lossy.self, from: element)
    }
}

// MARK: - Linearity

struct CheckFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct Shape {
    let name: String
    /// Builds the input for a size parameter.
    let make: (Int) -> [UInt8]
    /// Processes one input (throwing errors are expected for some shapes and ignored).
    let run: ([UInt8]) throws -> Void
}

func unlimited() -> JSONParsingOptions {
    var options = JSONParsingOptions()
    options.maxNumberLength = .max
    options.maxDepth = .max
    return options
}

func repeated(_ text: String, _ count: Int) -> [UInt8] {
    [UInt8](String(repeating: text, count: count).utf8)
}

func objectText(keys count: Int, key: (Int) -> String) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "{")]
    bytes.reserveCapacity(count * 12)
    for index in 0..<count {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key(index).utf8)
        bytes.append(contentsOf: "\":\(index)".utf8)
    }
    bytes.append(UInt8(ascii: "}"))
    return bytes
}

let shapes: [Shape] = [
    Shape(name: "number: 10^5 digits, to Double and Decimal", make: { repeated("7", $0 * 10) }) { bytes in
        let document = try JSONDocument(parsing: bytes, options: unlimited())
        _ = document.root.doubleValue
        _ = try? JSONModelDecoder().decode(Decimal.self, from: document)
    },
    Shape(name: "number: 1e + 10^5 exponent digits", make: { [UInt8]("1e".utf8) + repeated("7", $0 * 10) }) { bytes in
        let document = try JSONDocument(parsing: bytes, options: unlimited())
        _ = document.root.doubleValue
        _ = document.root.integerValue(Int.self)
    },
    Shape(name: "number: 0. + 10^5 fraction digits", make: { [UInt8]("0.".utf8) + repeated("3", $0 * 10) }) { bytes in
        let document = try JSONDocument(parsing: bytes, options: unlimited())
        _ = document.root.doubleValue
        _ = try? JSONValue(parsing: bytes, options: unlimited()).hashValue
    },
    Shape(name: "number: too long (error at the limit)", make: { repeated("7", $0 * 10) }) { bytes in
        _ = try? JSONDocument(parsing: bytes)
    },
    Shape(name: "string: 10^5 plain bytes", make: { [0x22] + repeated("abcdéf😀 ", $0) + [0x22] }) { bytes in
        _ = try JSONValue(parsing: bytes)
    },
    Shape(name: "string: 10^5 escapes", make: { [0x22] + repeated(#"\n\u00e9\ud83d\ude00"#, $0 / 2) + [0x22] }) { bytes in
        _ = try JSONValue(parsing: bytes)
    },
    Shape(name: "whitespace: 10^5 bytes", make: { repeated(" \n", $0 * 5) + [UInt8(ascii: "1")] }) { bytes in
        _ = try JSONValue(parsing: bytes)
    },
    Shape(name: "object: 10^4 unique keys -> JSONValue", make: { objectText(keys: $0) { "k\($0)" } }) { bytes in
        _ = try JSONValue(parsing: bytes)
    },
    Shape(name: "object: 10^4 unique keys -> one-key model", make: { objectText(keys: $0) { $0 == 7 ? "needle" : "k\($0)" } }) { bytes in
        _ = try OneKey(jsonData: bytes)
    },
    Shape(name: "object: 10^4 escaped keys, duplicates rejected", make: { objectText(keys: $0) { "\\u006b\($0)" } }) { bytes in
        var options = JSONParsingOptions()
        options.duplicateKeys = .reject
        _ = try JSONValue(parsing: bytes, options: options)
    },
    Shape(name: "object: 10^4 copies of one key -> JSONValue", make: { objectText(keys: $0) { _ in "k" } }) { bytes in
        _ = try JSONValue(parsing: bytes)
    },
    Shape(name: "object: 10^4 copies of one key, rejected", make: { objectText(keys: $0) { _ in "k" } }) { bytes in
        var options = JSONParsingOptions()
        options.duplicateKeys = .reject
        _ = try? JSONValue(parsing: bytes, options: options)
    },
    Shape(name: "array: 10^5 integers -> JSONValue, ==, hash, write", make: { [0x5B] + repeated("123,", $0 * 10) + [0x30, 0x5D] }) { bytes in
        let value = try JSONValue(parsing: bytes)
        let copy = try JSONValue(parsing: bytes)
        guard value == copy, value.hashValue == copy.hashValue else { throw CheckFailure("unequal values") }
        _ = try value.jsonBytes()
    },
    Shape(name: "nesting: 10^4 levels -> JSONValue, ==, hash, write, drop", make: { repeated("[", $0) + repeated("]", $0) }) { bytes in
        let value = try JSONValue(parsing: bytes, options: unlimited())
        let copy = try JSONValue(parsing: bytes, options: unlimited())
        guard value == copy, value.hashValue == copy.hashValue else { throw CheckFailure("unequal values") }
        var writing = JSONWritingOptions()
        writing.maxDepth = .max
        _ = try value.jsonBytes(options: writing)
        _ = value.description
    },
    Shape(name: "nesting: [{\"\": x 10^4 unclosed (depth error)", make: { repeated(#"[{"":"#, $0) }) { bytes in
        _ = try? JSONValue(parsing: bytes)
    },
    Shape(name: "models: 10^4 small objects -> [OneKey] and back", make: { bytes in
        [0x5B] + [UInt8](Array(repeating: #"{"a":true,"needle":42,"b":"x"}"#, count: bytes).joined(separator: ",").utf8) + [0x5D]
    }) { bytes in
        let models = try [OneKey](jsonData: bytes)
        _ = try models.jsonBytes()
    },
    Shape(name: "errors: 10^4 caught errors (lossy Codable array)", make: { count in
        [UInt8](("[" + Array(repeating: #""x\n","#, count: count).joined() + "1]").utf8)
    }) { bytes in
        let root = try JSONModelDecoder().decode(LossyRoot.self, from: bytes)
        guard root.lossy.numbers == 1 else { throw CheckFailure("lossy decode") }
    },
    Shape(name: "error: prefix cut at the end (position of the error)", make: { [0x5B] + repeated("\"abc\",\n", $0 * 2) }) { bytes in
        _ = try? JSONValue(parsing: bytes)
    },
]

@MainActor
func runLinearity(quick: Bool, threshold: Double) -> Int32 {
    // glibc serves allocations over 128 KB with fresh mmap'd pages, which cost a page fault
    // per 4 KB on first touch: the 10x inputs pay that and the 1x inputs do not, so linear
    // code looks superlinear. scripts/linearity.sh sets GLIBC_TUNABLES so both sizes come
    // from the heap.
    if ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] == nil {
        print("note: GLIBC_TUNABLES is not set; large allocations are mmap'd (see scripts/linearity.sh)")
    }
    let base = Int(ProcessInfo.processInfo.environment["LOOM_LINEARITY_BASE"] ?? "") ?? (quick ? 2_000 : 10_000)
    let only = ProcessInfo.processInfo.environment["LOOM_LINEARITY_ONLY"]
    let runs = quick ? 3 : 5
    print("shape".padding(toLength: 58, withPad: " ", startingAt: 0) + "       1x          10x    ratio")
    var failures = 0
    for shape in shapes where only.map({ shape.name.contains($0) }) ?? true {
        let small = shape.make(base)
        let large = shape.make(base * 10)
        // Warm up (first-touch page faults, lazy statics); a check that fails is a failure.
        do {
            try shape.run(small)
        } catch let failure as CheckFailure {
            print("\(shape.name): \(failure)")
            failures += 1
            continue
        } catch {
            // Errors the input is built to cause (limits, rejected duplicates) are expected.
        }
        let t1 = best(runs) { try? shape.run(small) }
        let t10 = best(runs) { try? shape.run(large) }
        let ratio = t10 / max(t1, 1e-9)
        let verdict = ratio > threshold ? "  NOT LINEAR" : ""
        if ratio > threshold { failures += 1 }
        let sizes = "(\(small.count) / \(large.count) bytes)"
        print(
            shape.name.padding(toLength: 58, withPad: " ", startingAt: 0) + format(t1) + " " + format(t10)
                + String(format: " %7.1f", ratio) + verdict + " " + sizes)
    }
    print(failures == 0 ? "linear: every ratio is at most \(threshold)" : "\(failures) shape(s) above \(threshold)")
    return failures == 0 ? 0 : 1
}

// MARK: - Parse speed

func runParseSpeed(directory: String) -> Int32 {
    let names = ["twitter.json", "citm_catalog.json", "canada.json"]
    for name in names {
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            print("\(name): not found in \(directory), skipped")
            continue
        }
        let bytes = [UInt8](data)
        let megabytes = Double(bytes.count) / 1e6
        var documentTimes: [Double] = []
        var valueTimes: [Double] = []
        var dropTimes: [Double] = []
        for _ in 0..<15 {
            guard let document = try? JSONDocument(parsing: bytes) else {
                print("\(name): does not parse")
                return 1
            }
            _ = document
            documentTimes.append(best(1) { _ = try? JSONDocument(parsing: bytes) })
            var start = now()
            var value: JSONValue? = try? JSONValue(parsing: bytes)
            // Keep the tree alive until here, so parsing and dropping are timed apart.
            withExtendedLifetime(value) { valueTimes.append(Double(now() - start) / 1e9) }
            start = now()
            value = nil
            withExtendedLifetime(value) { dropTimes.append(Double(now() - start) / 1e9) }
        }
        print(
            name.padding(toLength: 20, withPad: " ", startingAt: 0)
                + String(format: "document %7.1f MB/s   JSONValue %7.1f MB/s   drop %6.2f ms",
                         megabytes / median(documentTimes), megabytes / median(valueTimes), median(dropTimes) * 1000))
    }
    return 0
}

/// Parses `path` to a JSONValue and drops it, `iterations` times: a fixed workload for
/// `valgrind --tool=callgrind`, whose instruction counts are repeatable on a busy machine.
func runParseValue(path: String, iterations: Int, tree: Bool) -> Int32 {
    guard let data = FileManager.default.contents(atPath: path) else {
        print("cannot read \(path)")
        return 1
    }
    let bytes = [UInt8](data)
    var nodes = 0
    if let operation = ProcessInfo.processInfo.environment["LOOM_CHECK_OPERATION"] {
        // One tree, then `iterations` writes or comparisons and hashes of it.
        guard let value = try? JSONValue(parsing: bytes), let copy = try? JSONValue(parsing: bytes) else { return 1 }
        for _ in 0..<iterations {
            switch operation {
            case "write": nodes &+= (try? value.jsonBytes())?.count ?? 0
            case "compare": nodes &+= (value == copy ? 1 : 0) &+ (value.hashValue == copy.hashValue ? 1 : 0)
            default: return 2
            }
        }
        print("\(iterations) \(operation) of \(path) (\(nodes))")
        return 0
    }
    for _ in 0..<iterations {
        if tree {
            guard let value = try? JSONValue(parsing: bytes) else { return 1 }
            withExtendedLifetime(value) { nodes += 1 }
        } else {
            guard let document = try? JSONDocument(parsing: bytes) else { return 1 }
            nodes += document.nodeCount
        }
    }
    print("\(iterations) parses of \(path) (\(nodes))")
    return 0
}

// MARK: - Main

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "linearity":
    var threshold = 25.0
    if let index = arguments.firstIndex(of: "--threshold"), index + 1 < arguments.count, let value = Double(arguments[index + 1]) {
        threshold = value
    }
    exit(runLinearity(quick: arguments.contains("--quick"), threshold: threshold))
case "parse-value", "parse-document":
    guard arguments.count >= 3, let iterations = Int(arguments[2]) else {
        print("usage: LoomHardeningCheck parse-value|parse-document FILE ITERATIONS")
        exit(2)
    }
    exit(runParseValue(path: arguments[1], iterations: iterations, tree: arguments[0] == "parse-value"))
case "parse-speed":
    exit(runParseSpeed(directory: arguments.count > 1 ? arguments[1] : "../shared/corpora"))
default:
    print("usage: LoomHardeningCheck linearity [--quick] [--threshold N] | parse-speed [corpus directory]")
    exit(2)
}
