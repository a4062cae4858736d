import Foundation
import Loom

// Stage 1 of `loom generate`: observe every value of every sample and record, for each place
// in the documents, what was seen there. Places are merged as the samples are read: all the
// elements of an array share one place, and so do the values of one key in every object
// that reaches it.

/// Which string forms `loom generate` turns into Foundation types.
struct InferenceOptions: Sendable, Hashable {
    /// RFC 3339 dates that Loom's ISO 8601 writer reproduces exactly become `Date`.
    var detectsDates = true
    /// Absolute URLs that `URL.absoluteString` reproduces exactly become `URL`.
    var detectsURLs = true
    /// Uppercase UUIDs that `UUID.uuidString` reproduces exactly become `UUID`.
    var detectsUUIDs = true
    /// Values nested deeper than this become `JSONValue`: no model has a thousand levels, and
    /// every later stage recurses over the places.
    var maxModelDepth = 100
    /// Keep the distinct strings of each place (up to ``StringSummary/maxDistinctValues``), so
    /// that a small closed set can become an enum (`--enums`).
    var detectsEnums = false
}

/// What the numbers seen at one place have in common.
struct NumberSummary: Hashable {
    /// How many numbers were seen.
    var count = 0
    /// A number was written with a fraction or an exponent (`1.5`, `2.0`, `1e3`).
    var hasFraction = false
    /// An integer does not fit `Int64`.
    var hasBeyondInt64 = false
    /// A negative integer was seen.
    var hasNegative = false
    /// An integer does not fit `UInt64` either (or is negative and beyond `Int64`).
    var hasBeyondUInt64 = false
    /// An integer that does not fit has more than 38 significant digits (beyond `Decimal`).
    var hasBeyondDecimal = false
    /// An integer is larger in magnitude than 2^53, so a `Double` could not hold it exactly.
    var hasBeyondDoubleIntegers = false
    /// A fraction is outside `Double`'s normal range (overflows, or underflows to zero).
    var hasBeyondDouble = false

    mutating func merge(_ other: NumberSummary) {
        count = count.addingSaturated(other.count)
        hasFraction = hasFraction || other.hasFraction
        hasBeyondInt64 = hasBeyondInt64 || other.hasBeyondInt64
        hasNegative = hasNegative || other.hasNegative
        hasBeyondUInt64 = hasBeyondUInt64 || other.hasBeyondUInt64
        hasBeyondDecimal = hasBeyondDecimal || other.hasBeyondDecimal
        hasBeyondDoubleIntegers = hasBeyondDoubleIntegers || other.hasBeyondDoubleIntegers
        hasBeyondDouble = hasBeyondDouble || other.hasBeyondDouble
    }
}

/// What the strings seen at one place have in common.
struct StringSummary: Hashable {
    var count = 0
    /// Every string is an RFC 3339 date that `ISO8601.format` writes back unchanged.
    var allDates = true
    /// Every string is an absolute URL with a host that `absoluteString` writes back unchanged.
    var allURLs = true
    /// Every string is a UUID that `uuidString` writes back unchanged.
    var allUUIDs = true
    /// The distinct strings seen, in first-seen order, while there are at most
    /// ``maxDistinctValues`` (kept only with `--enums`).
    private(set) var values: [String] = []
    /// The same strings as bytes, for comparing them as the JSON core does (Swift's `==` would
    /// take canonically equivalent strings for one).
    private var valueBytes: Set<[UInt8]> = []
    /// More distinct strings were seen than are kept, or they were not kept at all.
    private(set) var hasMoreValues = false

    /// The most distinct strings kept per place: enough for any enum worth generating.
    static let maxDistinctValues = 32

    /// The distinct strings seen, or `nil` when there were more than ``maxDistinctValues`` or
    /// none were kept.
    var distinctValues: [String]? { hasMoreValues ? nil : values }

    /// Records `text` among the distinct values (or stops keeping them, past the limit).
    mutating func keep(_ text: String) {
        guard !hasMoreValues else { return }
        let bytes = Array(text.utf8)
        guard !valueBytes.contains(bytes) else { return }
        guard values.count < Self.maxDistinctValues else {
            hasMoreValues = true
            values = []
            valueBytes = []
            return
        }
        valueBytes.insert(bytes)
        values.append(text)
    }

    /// Stops keeping values: the place had strings whose values were not recorded.
    mutating func forgetValues() {
        hasMoreValues = true
        values = []
        valueBytes = []
    }

    /// The type for these strings: `Date` only where `allowsDate` (a transform needs a
    /// property of its own), then `URL`, `UUID`, `String`.
    func type(allowsDate: Bool) -> FieldType {
        if allowsDate && allDates { return .date }
        if allURLs { return .url }
        if allUUIDs { return .uuid }
        return .string
    }

    mutating func merge(_ other: StringSummary) {
        count = count.addingSaturated(other.count)
        allDates = allDates && other.allDates
        allURLs = allURLs && other.allURLs
        allUUIDs = allUUIDs && other.allUUIDs
        if other.hasMoreValues {
            forgetValues()
        } else {
            for value in other.values { keep(value) }
        }
    }
}

/// The kinds of non-null JSON values seen at a place.
struct ValueKinds: OptionSet, Hashable {
    let rawValue: UInt8
    static let bool = ValueKinds(rawValue: 1)
    static let number = ValueKinds(rawValue: 2)
    static let string = ValueKinds(rawValue: 4)
    static let array = ValueKinds(rawValue: 8)
    static let object = ValueKinds(rawValue: 16)

    /// More than one kind: only `JSONValue` holds them all.
    var isMixed: Bool { rawValue & (rawValue &- 1) != 0 }
}

/// Everything seen at one place of the samples.
///
/// A reference type so that places found to hold the same kind of object can be merged
/// and then shared (see ``SchemaUnifier``); ``resolved`` follows such merges.
final class Shape {
    /// Values seen here, `null` included.
    var count = 0
    var nulls = 0
    var bools = 0
    var numbers = NumberSummary()
    var strings = StringSummary()
    /// How many arrays were seen here.
    var arrays = 0
    /// All elements of all those arrays; `nil` while no element was seen.
    var element: Shape?
    /// How many objects were seen here.
    var objects = 0
    /// The members of all those objects.
    var members = MemberTable()
    /// The sum of the member counts of all those objects.
    var memberTotal = 0
    /// Values were nested deeper than ``InferenceOptions/maxModelDepth``.
    var tooDeep = false
    /// Set when this place was merged into another: that one describes it now.
    var mergedInto: Shape?
    /// The merged values of a map-like object, computed once.
    var cachedMapValue: Shape?
    /// Whether the objects here are a map, decided once: a shape does not change after it
    /// is built (merging builds new shapes).
    var cachedIsMap: Bool?
    /// `--map` (true) or `--no-map` (false) named this place.
    var forcedMap: Bool?
    /// For objects told apart by a tag member (`"type": "circle"`), the member's key and the
    /// objects of each tag value, observed apart (see ``PolymorphismFinder``); `nil` otherwise.
    var variants: Variants?
    /// Whether ``PolymorphismFinder`` has looked at this place.
    var polymorphismChecked = false

    /// The objects of one polymorphic place, grouped by the value of their tag member.
    struct Variants {
        var tagKey: String
        /// In first-seen order.
        var values: [String]
        var shapes: [Shape]
    }

    /// The shape that describes this place after merges.
    var resolved: Shape {
        var shape = self
        while let next = shape.mergedInto { shape = next }
        return shape
    }

    /// The kinds of the non-null values seen here.
    var kinds: ValueKinds {
        var kinds: ValueKinds = []
        if bools > 0 { kinds.insert(.bool) }
        if numbers.count > 0 { kinds.insert(.number) }
        if strings.count > 0 { kinds.insert(.string) }
        if arrays > 0 { kinds.insert(.array) }
        if objects > 0 { kinds.insert(.object) }
        return kinds
    }
}

/// The keys seen in the objects at one place, in the order they were first seen, with what
/// was seen under each and how many objects had it.
struct MemberTable {
    private(set) var keys: [String] = []
    private(set) var shapes: [Shape] = []
    /// How many of the objects had the key at `keys[i]`.
    private(set) var presence: [Int] = []
    private var positions: [[UInt8]: Int] = [:]

    var count: Int { keys.count }

    /// The position of `key`, compared by UTF-8 bytes as the JSON core does.
    func position(of key: String) -> Int? { positions[Array(key.utf8)] }

    /// The shape for `key`, created on first use; counts one more object that has it.
    mutating func shapeForPresent(_ key: String) -> Shape {
        let bytes = Array(key.utf8)
        if let position = positions[bytes] {
            presence[position] += 1
            return shapes[position]
        }
        let shape = Shape()
        positions[bytes] = keys.count
        keys.append(key)
        shapes.append(shape)
        presence.append(1)
        return shape
    }

    /// Adds a member built elsewhere (by a merge).
    mutating func append(_ key: String, shape: Shape, presence count: Int) {
        positions[Array(key.utf8)] = keys.count
        keys.append(key)
        shapes.append(shape)
        presence.append(count)
    }

    /// The distinct keys as byte strings, for comparing key sets.
    var keySet: Set<[UInt8]> { Set(positions.keys) }
}

/// Reads samples into one ``Shape``.
struct SchemaObserver {
    var options: InferenceOptions
    /// The document was parsed with ``JSONParsingOptions/DuplicateKeyPolicy/useFirst``.
    var keepsFirstDuplicate = false

    /// Records `element` (and everything inside it) at `shape`.
    ///
    /// Members repeated within one object count once, with the value the document's
    /// duplicate-key policy selects, as model decoding does.
    func observe(_ element: JSONElement, into shape: Shape, depth: Int = 0) {
        shape.count += 1
        if depth >= options.maxModelDepth && element.count > 0 {
            shape.tooDeep = true
            return
        }
        switch element.kind {
        case .null:
            shape.nulls += 1
        case .bool:
            shape.bools += 1
        case .number:
            observeNumber(element, into: &shape.numbers)
        case .string:
            observeString(element.stringValue ?? "", into: &shape.strings)
        case .array:
            shape.arrays += 1
            for item in element.elements {
                let elementShape = shape.element ?? Shape()
                shape.element = elementShape
                observe(item, into: elementShape, depth: depth + 1)
            }
        case .object:
            shape.objects += 1
            let members = Self.effectiveMembers(of: element, keepsFirst: keepsFirstDuplicate)
            shape.memberTotal += members.count
            for (key, value) in members {
                observe(value, into: shape.members.shapeForPresent(key), depth: depth + 1)
            }
        }
    }

    /// The members of an object with repeated keys resolved as the document's policy says.
    static func effectiveMembers(of object: JSONElement, keepsFirst: Bool) -> [(key: String, value: JSONElement)] {
        var result: [(key: String, value: JSONElement)] = []
        result.reserveCapacity(object.count)
        // Keyed by bytes: Swift's `String ==` would merge canonically equivalent keys that the
        // core keeps apart.
        var positions: [[UInt8]: Int] = [:]
        for member in object.members {
            let key = member.key.stringValue ?? ""
            let bytes = Array(key.utf8)
            if let position = positions[bytes] {
                if !keepsFirst { result[position].value = member.value }
                continue
            }
            positions[bytes] = result.count
            result.append((key, member.value))
        }
        return result
    }

    private func observeNumber(_ element: JSONElement, into summary: inout NumberSummary) {
        summary.count += 1
        guard element.isIntegerLiteral else {
            summary.hasFraction = true
            let value = element.doubleValue
            let lexeme = element.numberLexeme ?? ""
            if value == nil || (value == 0 && Self.mantissaIsNonZero(lexeme)) { summary.hasBeyondDouble = true }
            return
        }
        if let value = element.integerValue(Int64.self) {
            if value < 0 { summary.hasNegative = true }
            if value.magnitude > 1 << 53 { summary.hasBeyondDoubleIntegers = true }
            return
        }
        summary.hasBeyondInt64 = true
        summary.hasBeyondDoubleIntegers = true
        let lexeme = element.numberLexeme ?? ""
        if lexeme.hasPrefix("-") { summary.hasNegative = true }
        if element.integerValue(UInt64.self) == nil { summary.hasBeyondUInt64 = true }
        let digits = lexeme.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "0") }.count
        if digits > 38 { summary.hasBeyondDecimal = true }
    }

    /// Whether a number lexeme has a non-zero digit before its exponent.
    static func mantissaIsNonZero(_ lexeme: String) -> Bool {
        for byte in lexeme.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }

    private func observeString(_ text: String, into summary: inout StringSummary) {
        summary.count += 1
        if options.detectsEnums { summary.keep(text) } else if summary.count == 1 { summary.forgetValues() }
        if summary.allDates { summary.allDates = options.detectsDates && Self.isExactDate(text) }
        if summary.allURLs { summary.allURLs = options.detectsURLs && Self.isExactURL(text) }
        if summary.allUUIDs { summary.allUUIDs = options.detectsUUIDs && Self.isExactUUID(text) }
    }

    /// An RFC 3339 date that Loom's ISO 8601 writer writes back as the same text.
    static func isExactDate(_ text: String) -> Bool {
        guard text.utf8.count >= 20, let date = ISO8601.parse(text) else { return false }
        return ISO8601.format(date) == text
    }

    /// An absolute URL with a host (`https://…`, not `urn:x` or `12:30`) that `URL` writes back
    /// as the same text.
    static func isExactURL(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: ":")), let url = URL(string: text), url.scheme != nil,
            let host = url.host, !host.isEmpty
        else { return false }
        return url.absoluteString == text
    }

    /// A UUID whose `uuidString` is the same text (uppercase hexadecimal).
    static func isExactUUID(_ text: String) -> Bool {
        guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else { return false }
        return uuid.uuidString == text
    }
}
