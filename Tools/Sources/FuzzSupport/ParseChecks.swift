import Foundation
import Loom

/// The properties `FuzzParse` checks on arbitrary bytes. Shared with the test target, which
/// replays the committed regression inputs through the same checks.
///
/// Each check returns `nil` when every property holds, else a description of the first one
/// that does not (the fuzz entry point turns that into a crash libFuzzer records).
public enum ParseChecks {
    /// The parsing options every input is tried with.
    static let optionSets: [(String, JSONParsingOptions)] = {
        var useFirst = JSONParsingOptions()
        useFirst.duplicateKeys = .useFirst
        var reject = JSONParsingOptions()
        reject.duplicateKeys = .reject
        var small = JSONParsingOptions()
        small.maxDepth = 8
        small.maxStringLength = 16
        small.maxNumberLength = 8
        small.maxContainerCount = 4
        small.maxValueCount = 32
        return [("strict", JSONParsingOptions()), ("relaxed", .relaxed), ("useFirst", useFirst), ("reject", reject),
                ("small limits", small)]
    }()

    /// Parses `bytes` every way and checks that the results agree and round-trip.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for (name, options) in optionSets {
            if let failure = check(bytes, options: options, thorough: true) { return "[\(name)] \(failure)" }
        }
        return nil
    }

    /// The same checks with strict and relaxed options only, and fewer writing variants
    /// (for the many mutants of the test suite, in debug builds).
    public static func checkQuick(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for (name, options) in optionSets.prefix(2) {
            if let failure = check(bytes, options: options, thorough: false) { return "[\(name)] \(failure)" }
        }
        return nil
    }

    static func check(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions, thorough: Bool) -> String? {
        let raw = UnsafeRawBufferPointer(bytes)
        let documentResult = Result { () throws(JSONError) in try JSONDocument(parsing: raw, options: options) }
        let valueResult = Result { () throws(JSONError) in try JSONValue(parsing: raw, options: options) }
        switch (documentResult, valueResult) {
        case (.failure(let documentError), .failure(let valueError)):
            guard documentError == valueError else {
                return "JSONDocument and JSONValue disagree: \(documentError) vs \(valueError)"
            }
            return checkError(documentError, count: bytes.count)
        case (.success, .failure(let error)):
            return "JSONDocument accepted what JSONValue rejected: \(error)"
        case (.failure(let error), .success):
            return "JSONValue accepted what JSONDocument rejected: \(error)"
        case (.success(let document), .success(let value)):
            return withExtendedLifetime(document) { checkAccepted(document, value, options: options, thorough: thorough) }
        }
    }

    static func checkError(_ error: JSONError, count: Int) -> String? {
        guard let offset = error.byteOffset, offset >= 0, offset <= count else {
            return "error offset out of range: \(error)"
        }
        guard let line = error.line, line >= 1, let column = error.column, column >= 1 else {
            return "error without line and column: \(error)"
        }
        guard !error.message.isEmpty, error.excerpt != nil else { return "error without message or excerpt" }
        _ = error.description
        return nil
    }

    static func checkAccepted(
        _ document: JSONDocument, _ value: JSONValue, options: JSONParsingOptions, thorough: Bool
    ) -> String? {
        // The tree built from the document equals the tree parsed directly.
        let converted = JSONValue(element: document.root)
        guard converted == value else { return "JSONValue(element:) differs from JSONValue(parsing:)" }
        guard converted.hashValue == value.hashValue else { return "equal values hash differently" }
        if let failure = ElementChecks.walk(document.root) { return failure }

        // Writing and parsing again gives the same value, and writing is then a fixpoint.
        let compact: [UInt8]
        do {
            compact = try value.jsonBytes()
        } catch {
            return "an accepted value cannot be written: \(error)"
        }
        guard let reparsed = try? JSONValue(parsing: compact, options: reparseOptions(options)) else {
            return "written text does not parse: \(String(decoding: compact, as: UTF8.self))"
        }
        guard reparsed == value else {
            return "round trip changed the value: \(String(decoding: compact, as: UTF8.self))"
        }
        guard reparsed.hashValue == value.hashValue else { return "round-tripped value hashes differently" }
        guard (try? reparsed.jsonBytes()) == compact else { return "writing is not a fixpoint" }
        guard value.description == String(decoding: compact, as: UTF8.self) else {
            return "description differs from the compact text"
        }

        // Every writing option produces text that reads back as the same value.
        var escaping = JSONWritingOptions()
        escaping.escapeNonASCII = true
        escaping.escapeSlashes = true
        var sortedPretty = JSONWritingOptions.pretty(indentWidth: 3)
        sortedPretty.sortedKeys = true
        for writing in thorough ? [JSONWritingOptions.pretty(), escaping, sortedPretty] : [sortedPretty] {
            guard let text = try? value.jsonBytes(options: writing) else { return "writing with \(writing) failed" }
            guard (try? JSONValue(parsing: text, options: reparseOptions(options))) == value else {
                return "writing with \(writing) changed the value"
            }
        }

        // Formatting from the tape keeps duplicates and number text; parsed with the same
        // policy it gives the same value.
        var formatOptions = reparseOptions(options)
        formatOptions.duplicateKeys = options.duplicateKeys
        for writing in thorough ? [JSONWritingOptions(), escaping, sortedPretty] : [JSONWritingOptions()] {
            guard let text = try? document.formatted(options: writing) else { return "formatted(\(writing)) failed" }
            guard let formatted = try? JSONValue(parsing: text, options: formatOptions) else {
                return "formatted(\(writing)) text does not parse"
            }
            if writing.sortedKeys && options.duplicateKeys != .reject {
                // Sorting may reorder repeated keys; only check the keys survive.
                guard formatted.objectValue?.count == value.objectValue?.count else {
                    return "formatted(sortedKeys) changed the members"
                }
            } else if formatted != value {
                return "formatted(\(writing)) changed the value"
            }
        }

        // The model decoder's JSONValue conformance sees the same tree.
        var decoder = JSONModelDecoder()
        decoder.parsingOptions = options
        do {
            let decoded = try decoder.decode(JSONValue.self, from: document)
            guard decoded == value else { return "JSONModelDecoder decoded another JSONValue" }
        } catch {
            return "JSONModelDecoder rejected an accepted document: \(error)"
        }
        return nil
    }

    /// Written text is strict JSON with unique keys; only the limits carry over.
    static func reparseOptions(_ options: JSONParsingOptions) -> JSONParsingOptions {
        var result = JSONParsingOptions()
        result.maxDepth = options.maxDepth
        return result
    }
}

/// Checks on every element of an accepted document: conversions agree with each other and
/// with the standard library's correctly rounded parsers, and never lose value silently.
enum ElementChecks {
    static func walk(_ root: JSONElement) -> String? {
        var stack = [root]
        while let element = stack.popLast() {
            switch element.kind {
            case .array:
                var count = 0
                for child in element.elements {
                    stack.append(child)
                    count += 1
                }
                guard count == element.count else { return "array count \(element.count) but \(count) elements" }
                if count > 0, element[count - 1] == nil { return "last element not reachable by index" }
            case .object:
                var count = 0
                for member in element.members {
                    guard member.key.kind == .string else { return "object key is not a string" }
                    stack.append(member.key)
                    stack.append(member.value)
                    count += 1
                }
                guard count == element.count else { return "object count \(element.count) but \(count) members" }
            case .string:
                guard let text = element.stringValue else { return "string element without stringValue" }
                let utf8 = Array(text.utf8)
                guard element.withUTF8({ Array($0) }) == utf8 else { return "withUTF8 differs from stringValue" }
                guard utf8.withUnsafeBufferPointer({ element.stringEquals($0) }) else {
                    return "stringEquals rejects the string's own bytes"
                }
            case .number:
                if let failure = checkNumber(element) { return failure }
            case .bool:
                guard element.boolValue != nil else { return "bool element without boolValue" }
            case .null:
                guard element.isNull else { return "null element that is not null" }
            }
        }
        return nil
    }

    static func checkNumber(_ element: JSONElement) -> String? {
        guard let lexeme = element.numberLexeme else { return "number without lexeme" }
        guard let number = JSONNumber(lexeme: lexeme) else { return "JSONNumber(lexeme:) rejects \(lexeme)" }
        guard case .number(let converted) = JSONValue(element: element), converted == number else {
            return "JSONNumber from the element differs from JSONNumber(lexeme:) for \(lexeme)"
        }
        // Double: the correctly rounded value, or nil beyond Double's range.
        let reference = Double(lexeme)
        let double = element.doubleValue
        if let reference, reference.isFinite {
            guard let double, double.bitPattern == reference.bitPattern else {
                return "doubleValue of \(lexeme) is \(String(describing: double)), expected \(reference)"
            }
        } else if double != nil {
            return "doubleValue of \(lexeme) should be nil (out of range), got \(String(describing: double))"
        }
        guard number.doubleValue?.bitPattern == double?.bitPattern else { return "JSONNumber.doubleValue differs for \(lexeme)" }
        // Integers: exact or nil, and every width agrees with the exact value.
        if let failure = checkInteger(Int8.self, element, number, lexeme) { return failure }
        if let failure = checkInteger(Int16.self, element, number, lexeme) { return failure }
        if let failure = checkInteger(Int32.self, element, number, lexeme) { return failure }
        if let failure = checkInteger(Int64.self, element, number, lexeme) { return failure }
        if let failure = checkInteger(UInt8.self, element, number, lexeme) { return failure }
        if let failure = checkInteger(UInt64.self, element, number, lexeme) { return failure }
        if let failure = checkInteger(Int.self, element, number, lexeme) { return failure }
        if let failure = checkInteger(UInt.self, element, number, lexeme) { return failure }
        // Decimal: exact or nil.
        if let decimal = number.decimalValue, JSONNumber(decimal) != number {
            return "decimalValue of \(lexeme) is \(decimal), not exact"
        }
        return nil
    }

    static func checkInteger<T: FixedWidthInteger>(
        _ type: T.Type, _ element: JSONElement, _ number: JSONNumber, _ lexeme: String
    ) -> String? {
        let fromElement = element.integerValue(T.self)
        let fromNumber = number.exactly(T.self)
        guard fromElement == fromNumber else {
            return "\(T.self): element gives \(String(describing: fromElement)), JSONNumber \(String(describing: fromNumber)) for \(lexeme)"
        }
        if let value = fromElement {
            guard JSONNumber(value) == number else { return "\(T.self) value \(value) is not exactly \(lexeme)" }
        } else if let wide = number.exactly(Int64.self), T(exactly: wide) != nil {
            return "\(T.self) rejects \(lexeme), which fits"
        }
        return nil
    }
}
