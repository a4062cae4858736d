import Foundation
import Loom

/// Order-independent facts about a parsed JSON tree, computable from Loom's document, Loom's
/// `JSONValue` and Foundation's `Any` alike. Two parses of one document must agree on all of
/// them; numbers are compared exactly through the bits of their `Double` value.
///
/// Booleans count as scalars with value 1 or 0 because `JSONSerialization` on Linux returns
/// them as `NSNumber`, indistinguishable from the integers 1 and 0.
struct TreeStats: Equatable, CustomStringConvertible {
    var objects = 0
    var arrays = 0
    var members = 0
    var elements = 0
    var strings = 0
    var scalars = 0
    var nulls = 0
    /// UTF-8 bytes of all strings and keys after unescaping.
    var stringBytes = 0
    /// Wrapping sum of the bit patterns of every number (and boolean) as a `Double`.
    var numberBits: UInt64 = 0

    var description: String {
        "objects \(objects), arrays \(arrays), members \(members), elements \(elements), strings \(strings), "
            + "scalars \(scalars), nulls \(nulls), string bytes \(stringBytes), number bits \(numberBits)"
    }

    /// Every value in the tree (containers and scalars; keys are not values).
    var values: Int { objects + arrays + strings + scalars + nulls }

    mutating func addNumber(_ value: Double) {
        scalars += 1
        numberBits &+= value.bitPattern
    }

    init() {}

    init(_ element: JSONElement) { add(element) }
    init(_ value: JSONValue) { add(value) }
    init(foundation object: Any) { add(foundation: object) }

    private mutating func add(_ element: JSONElement) {
        switch element.kind {
        case .null: nulls += 1
        case .bool: addNumber(element.boolValue == true ? 1 : 0)
        case .number: addNumber(element.doubleValue ?? .nan)
        case .string:
            strings += 1
            stringBytes += element.withUTF8 { $0.count } ?? 0
        case .array:
            arrays += 1
            for child in element.elements {
                elements += 1
                add(child)
            }
        case .object:
            objects += 1
            for member in element.members {
                members += 1
                stringBytes += member.key.withUTF8 { $0.count } ?? 0
                add(member.value)
            }
        }
    }

    private mutating func add(_ value: JSONValue) {
        switch value {
        case .null: nulls += 1
        case .bool(let flag): addNumber(flag ? 1 : 0)
        case .number(let number): addNumber(number.doubleValue ?? .nan)
        case .string(let text):
            strings += 1
            stringBytes += text.utf8.count
        case .array(let array):
            arrays += 1
            for child in array {
                elements += 1
                add(child)
            }
        case .object(let object):
            objects += 1
            for (key, child) in object {
                members += 1
                stringBytes += key.utf8.count
                add(child)
            }
        }
    }

    private mutating func add(foundation object: Any) {
        switch object {
        case let dictionary as [String: Any]:
            objects += 1
            for (key, child) in dictionary {
                members += 1
                stringBytes += key.utf8.count
                add(foundation: child)
            }
        case let array as [Any]:
            arrays += 1
            for child in array {
                elements += 1
                add(foundation: child)
            }
        case let text as String:
            strings += 1
            stringBytes += text.utf8.count
        case is NSNull:
            nulls += 1
        case let number as NSNumber:
            addNumber(number.doubleValue)
        default:
            // Anything else would be a type this check does not know: make it visible.
            strings += 1_000_000
        }
    }
}

/// Compares two values that must be equal, or throws with both.
func expectEqual<T: Equatable>(_ lhs: T, _ rhs: T, _ what: String) throws {
    guard lhs == rhs else { throw CheckFailure("\(what) differ:\n  \(lhs)\n  \(rhs)") }
}

/// Order-independent digest of a decoded model: counts and wrapping sums of selected fields,
/// computed once from the typed model and once from the untyped `JSONValue` tree.
struct ModelDigest: Equatable, CustomStringConvertible {
    private(set) var entries: [String: Int] = [:]

    mutating func add(_ key: String, _ value: Int) { entries[key, default: 0] &+= value }
    mutating func add(_ key: String, _ value: Int64) { add(key, Int(truncatingIfNeeded: value)) }
    mutating func add(_ key: String, double value: Double) { add(key, Int(truncatingIfNeeded: value.bitPattern)) }
    /// A string's bytes, not only its length (a polynomial hash of its UTF-8).
    mutating func add(_ key: String, text: String) { add(key, text.utf8.reduce(0) { $0 &* 31 &+ Int($1) }) }
    mutating func count(_ key: String, _ condition: Bool = true) { add(key, condition ? 1 : 0) }

    /// The digest without `key`: for a writer known to drop that part (Foundation's
    /// `.iso8601` date encoding drops fractional seconds).
    func removing(_ key: String) -> ModelDigest {
        var copy = self
        copy.entries[key] = nil
        return copy
    }

    var description: String {
        entries.keys.sorted().map { "\($0)=\(entries[$0] ?? 0)" }.joined(separator: ", ")
    }
}

/// What the harness needs from a corpus model besides `Codable`.
protocol CorpusModel: Codable {
    /// A cheap number that depends on the decoded result (returned by timed iterations).
    var topLevelCount: Int { get }
    /// The digest of the typed model.
    var digest: ModelDigest { get }
    /// The same digest computed from the untyped tree: the reference the model must match.
    static func digest(of value: JSONValue) throws -> ModelDigest
}

/// A model whose allocations can be made again without parsing anything: the extra side
/// "allocations alone" of its "decode models" row. Short of reading the copied value, which
/// costs little beside the allocations, it is the least time any decoder of the model can
/// take on this machine's allocator.
protocol AllocationFloor {
    /// Copies the value's heap storage (arrays, dictionaries, strings too long to be inline)
    /// into fresh allocations of their exact sizes and frees them; returns a count read from
    /// the copies.
    func rebuildingEveryAllocation() -> Int
}

/// The element count of `value`, through a call the optimizer cannot see into, so that
/// copies made only to be counted are still made.
@inline(never)
func opaqueCount<T>(_ value: [T]) -> Int { value.count }

/// Loom's side of the model cases ("decode models", "encode models").
///
/// This is the slot for Loom model coding: conform a corpus model and its rows gain a Loom
/// column, checked against the same digest as Foundation's. Once `@JSONModel` is on the
/// models it is two lines per corpus, for example:
///
/// ```swift
/// extension TwitterSearch: LoomModelCoding {
///     static func loomDecode(from data: Data) throws -> Self { try Self(jsonData: data) }
///     func loomEncode() throws -> Data { try jsonData() }
/// }
/// ```
protocol LoomModelCoding {
    static func loomDecode(from data: Data) throws -> Self
    func loomEncode() throws -> Data
}

/// Reads a member of an untyped object, or throws naming the path (for reference digests).
extension JSONValue {
    func member(_ key: String) throws -> JSONValue {
        guard let value = self[key] else { throw CheckFailure("reference tree has no member \"\(key)\"") }
        return value
    }

    func array(_ key: String) throws -> [JSONValue] {
        guard let value = try member(key).arrayValue else { throw CheckFailure("\"\(key)\" is not an array") }
        return value
    }

    func int(_ key: String) throws -> Int {
        guard let value = try member(key).intValue else { throw CheckFailure("\"\(key)\" is not an integer") }
        return value
    }

    func double(_ key: String) throws -> Double {
        guard let value = try member(key).doubleValue else { throw CheckFailure("\"\(key)\" is not a number") }
        return value
    }

    func string(_ key: String) throws -> String {
        guard let value = try member(key).stringValue else { throw CheckFailure("\"\(key)\" is not a string") }
        return value
    }

    /// Whether the member exists and is not `null` (Swift `Optional` semantics).
    func present(_ key: String) -> Bool { self[key].map { !$0.isNull } ?? false }
}

/// Deep comparison of a Loom tree with Foundation's, member by member and element by
/// element, naming the first difference by its path.
///
/// Numbers: integers that fit `Int64` must match exactly. Other numbers are compared as
/// `Double` within a relative 1e-12, because `JSONSerialization` on Linux does not round
/// decimal text to the nearest `Double` (on canada.json 62,860 of 111,126 coordinates land
/// one or two ULPs off, e.g. `43.420273000000009` reads as 43.420273000000016 instead of
/// 43.42027300000001). How many were inexact is recorded so the run can say so.
struct FoundationComparison {
    private(set) var inexactNumbers = 0
    private(set) var numbers = 0
    private(set) var largestRelativeError = 0.0

    mutating func compare(_ value: JSONValue, _ object: Any, path: String = "$") throws {
        switch value {
        case .null:
            guard object is NSNull else { throw mismatch(path, "null", object) }
        case .bool(let flag):
            guard let number = object as? NSNumber, number.boolValue == flag, number.doubleValue == (flag ? 1 : 0) else {
                throw mismatch(path, "\(flag)", object)
            }
        case .number(let number):
            guard let other = object as? NSNumber else { throw mismatch(path, "\(number)", object) }
            try compareNumber(exact: number.int64Value, double: number.doubleValue, other, path: path, text: number.description)
        case .string(let text):
            guard let other = object as? String, other.utf8.elementsEqual(text.utf8) else {
                throw mismatch(path, "\"\(text)\"", object)
            }
        case .array(let array):
            guard let other = object as? [Any], other.count == array.count else {
                throw mismatch(path, "array of \(array.count)", object)
            }
            for (index, element) in array.enumerated() { try compare(element, other[index], path: "\(path)[\(index)]") }
        case .object(let members):
            guard let other = object as? [String: Any], other.count == members.count else {
                throw mismatch(path, "object of \(members.count)", object)
            }
            for (key, member) in members {
                guard let counterpart = other[key] else { throw CheckFailure("\(path): Foundation has no member \"\(key)\"") }
                try compare(member, counterpart, path: "\(path).\(key)")
            }
        }
    }

    mutating func compare(_ element: JSONElement, _ object: Any, path: String = "$") throws {
        switch element.kind {
        case .null:
            guard object is NSNull else { throw mismatch(path, "null", object) }
        case .bool:
            let flag = element.boolValue == true
            guard let number = object as? NSNumber, number.boolValue == flag, number.doubleValue == (flag ? 1 : 0) else {
                throw mismatch(path, "\(flag)", object)
            }
        case .number:
            guard let other = object as? NSNumber else { throw mismatch(path, element.numberLexeme ?? "number", object) }
            try compareNumber(
                exact: element.integerValue(Int64.self), double: element.doubleValue, other, path: path,
                text: element.numberLexeme ?? "?")
        case .string:
            let matches = element.withUTF8 { bytes in (object as? String).map { $0.utf8.elementsEqual(bytes) } ?? false }
            guard matches == true else { throw mismatch(path, "\"\(element.stringValue ?? "")\"", object) }
        case .array:
            guard let other = object as? [Any], other.count == element.count else {
                throw mismatch(path, "array of \(element.count)", object)
            }
            for (index, child) in element.elements.enumerated() { try compare(child, other[index], path: "\(path)[\(index)]") }
        case .object:
            guard let other = object as? [String: Any], other.count == element.count else {
                throw mismatch(path, "object of \(element.count)", object)
            }
            for member in element.members {
                let key = member.key.stringValue ?? ""
                guard let counterpart = other[key] else { throw CheckFailure("\(path): Foundation has no member \"\(key)\"") }
                try compare(member.value, counterpart, path: "\(path).\(key)")
            }
        }
    }

    private mutating func compareNumber(exact: Int64?, double: Double?, _ other: NSNumber, path: String, text: String) throws {
        numbers += 1
        if let exact {
            guard other.int64Value == exact, other.doubleValue == Double(exact) else { throw mismatch(path, text, other) }
            return
        }
        guard let double else { throw mismatch(path, text, other) }
        let foundation = other.doubleValue
        if foundation.bitPattern == double.bitPattern { return }
        let relative = abs(foundation - double) / max(abs(double), .leastNormalMagnitude)
        guard relative <= 1e-12 else { throw mismatch(path, text, other) }
        inexactNumbers += 1
        largestRelativeError = max(largestRelativeError, relative)
    }

    private func mismatch(_ path: String, _ expected: String, _ found: Any) -> CheckFailure {
        CheckFailure("\(path): Loom has \(expected), Foundation has \(String(describing: found).prefix(80)) (\(type(of: found)))")
    }

    /// A note for the log when Foundation's numbers were not the correctly rounded ones.
    func note(_ corpus: String) -> String? {
        guard inexactNumbers > 0 else { return nil }
        return "  note: JSONSerialization read \(inexactNumbers) of \(numbers) numbers in \(corpus) off the correctly "
            + "rounded Double (largest relative error \(String(format: "%.1e", largestRelativeError))); compared within 1e-12"
    }
}
