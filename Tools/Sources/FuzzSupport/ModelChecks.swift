import Foundation
import Loom

/// The properties `FuzzModels` checks on arbitrary bytes: decoding either fails with a
/// well-formed error or succeeds, and what succeeds encodes, decodes again to the same model
/// and encodes to the same JSON. Decoding the bytes, which reads models directly where it
/// can (`_JSONReader`), gives what decoding a parsed document gives: the same value or error.
public enum ModelChecks {
    static let decoders: [(String, JSONModelDecoder)] = {
        var lenient = JSONModelDecoder()
        lenient.collectsAllErrors = true
        lenient.maxCollectedErrors = 5
        lenient.nullAsMissing = true
        lenient.parsingOptions.duplicateKeys = .useFirst
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        strict.parsingOptions.duplicateKeys = .reject
        return [("default", JSONModelDecoder()), ("lenient", lenient), ("strict", strict)]
    }()

    public static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let input = Array(bytes)
        for (name, decoder) in decoders {
            var encoder = JSONModelEncoder()
            encoder.writesNulls = name == "lenient"
            // An optional with a default reads `null` as `nil` and a missing key as the default,
            // so a `nil` one comes back only when nulls are written.
            var writingNulls = encoder
            writingNulls.writesNulls = true
            // A collected property writes `null` for each of its keys it lacks when nulls are
            // written, and does not read those back.
            var omittingNulls = encoder
            omittingNulls.writesNulls = false
            // One closure per type: a single `??` chain this long defeats the type checker.
            let checks: [() -> String?] = [
                { roundTrip(FuzzIssue.self, input, decoder, encoder, same: { $0.matches($1) }) },
                {
                    roundTrip([FuzzIssue].self, input, decoder, encoder, same: { a, b in
                        a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
                    })
                },
                { roundTrip(FuzzUser.self, input, decoder, encoder, same: ==) },
                { roundTrip(FuzzProfile.self, input, decoder, writingNulls, same: ==) },
                { roundTrip([FuzzProfile].self, input, decoder, writingNulls, same: ==) },
                { roundTrip([String: JSONValue].self, input, decoder, encoder, same: ==) },
                { roundTrip([String: [Int64?]].self, input, decoder, encoder, same: ==) },
                // A Set's order comes from its storage (Swift seeds each table's hashing with its
                // address), so two equal sets can be written in different orders.
                { roundTrip(Set<String>.self, input, decoder, encoder, same: ==, unordered: true) },
                { roundTrip(FuzzBridged.self, input, decoder, encoder, same: ==) },
                {
                    roundTrip([Double].self, input, decoder, encoder, same: { a, b in
                        a.map(\.bitPattern) == b.map(\.bitPattern) || a == b
                    })
                },
                { roundTrip([Decimal].self, input, decoder, encoder, same: ==) },
                { roundTrip([Float].self, input, decoder, encoder, same: ==) },
                { roundTrip([FuzzEvent].self, input, decoder, encoder, same: ==) },
                { roundTrip(FuzzCommand.self, input, decoder, encoder, same: ==) },
                { roundTrip([FuzzNotice].self, input, decoder, encoder, same: ==) },
                { roundTrip([FuzzAny].self, input, decoder, encoder, same: ==) },
                { roundTrip([FuzzShape].self, input, decoder, encoder, same: ==) },
                { roundTrip(FuzzReading.self, input, decoder, omittingNulls, same: ==) },
                { roundTrip([FuzzReading].self, input, decoder, omittingNulls, same: ==) },
                { roundTrip(FuzzAccount.self, input, decoder, encoder, same: ==) },
                { roundTrip([FuzzMessage].self, input, decoder, encoder, same: ==) },
                { roundTrip(FuzzPictureMessage.self, input, decoder, encoder, same: ==) },
            ]
            let failure = checks.lazy.compactMap { $0() }.first
            if let failure { return "[\(name)] \(failure)" }
        }
        return nil
    }

    static func roundTrip<T: JSONDecodable & JSONEncodable>(
        _ type: T.Type, _ input: [UInt8], _ decoder: JSONModelDecoder, _ encoder: JSONModelEncoder,
        same: (T, T) -> Bool, unordered: Bool = false
    ) -> String? {
        let first: T
        do {
            first = try decoder.decode(T.self, from: input)
        } catch let error as JSONDecodingError {
            return checkError(error, count: input.count, type: T.self)
                ?? sameAsGeneral(T.self, input, decoder, .failure(error), same: same)
        } catch {
            return "\(T.self): decoding threw a \(Swift.type(of: error)), not a JSONDecodingError: \(error)"
        }
        if let failure = sameAsGeneral(T.self, input, decoder, .success(first), same: same) { return failure }
        let encoded: [UInt8]
        do {
            encoded = try encoder.encodeBytes(first)
        } catch {
            return "\(T.self): a decoded value cannot be encoded: \(error)"
        }
        let second: T
        do {
            second = try decoder.decode(T.self, from: encoded)
        } catch {
            return "\(T.self): encoded text does not decode: \(error)\n\(String(decoding: encoded, as: UTF8.self))"
        }
        guard same(first, second) else {
            return "\(T.self): round trip changed the value\n\(String(decoding: encoded, as: UTF8.self))"
        }
        guard let again = try? encoder.encodeBytes(second) else { return "\(T.self): second encoding failed" }
        guard let a = try? JSONValue(parsing: encoded), let b = try? JSONValue(parsing: again),
            unordered ? sameElements(a, b) : a == b
        else {
            return "\(T.self): encoding is not a fixpoint"
        }
        return nil
    }

    /// Compares what decoding `input` gave with what decoding a parsed document of it gives,
    /// which never reads directly.
    static func sameAsGeneral<T: JSONDecodable>(
        _ type: T.Type, _ input: [UInt8], _ decoder: JSONModelDecoder, _ outcome: Result<T, JSONDecodingError>,
        same: (T, T) -> Bool
    ) -> String? {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: input, options: decoder.parsingOptions)
        } catch {
            guard case .failure(let failure) = outcome, failure.syntaxError?.description == error.description else {
                return "\(T.self): the decode gave \(outcome) where parsing fails with \(error)"
            }
            return nil
        }
        switch (outcome, Result { try decoder.decode(T.self, from: document) }) {
        case (.success(let value), .success(let expected)):
            return same(value, expected) ? nil : "\(T.self): the direct path read another value than the general one"
        case (.failure(let error), .failure(let expected)):
            return error.description == "\(expected)"
                ? nil : "\(T.self): the decode failed with \(error), the general path with \(expected)"
        case (.success, .failure(let expected)):
            return "\(T.self): the decode succeeded where the general path fails with \(expected)"
        case (.failure(let error), .success):
            return "\(T.self): the decode failed with \(error) where the general path succeeds"
        }
    }

    /// Whether two JSON arrays hold the same elements, in any order.
    static func sameElements(_ a: JSONValue, _ b: JSONValue) -> Bool {
        guard let left = a.arrayValue, let right = b.arrayValue, left.count == right.count else { return a == b }
        func sorted(_ values: [JSONValue]) -> [String] { values.map { (try? $0.jsonString()) ?? "" }.sorted() }
        return sorted(left) == sorted(right)
    }

    static func checkError(_ error: JSONDecodingError, count: Int, type: Any.Type) -> String? {
        if error.kind == .multiple {
            guard !error.errors.isEmpty else { return "\(type): an empty multiple error" }
            for inner in error.errors {
                if let failure = checkError(inner, count: count, type: type) { return failure }
            }
            return nil
        }
        guard !error.reason.isEmpty else { return "\(type): error without a reason" }
        if let offset = error.byteOffset {
            guard offset >= 0, offset <= count, let line = error.line, line >= 1, let column = error.column, column >= 1
            else { return "\(type): error position out of range: \(error)" }
        } else if error.kind != .missingKey {
            return "\(type): \(error.kind) error without a position: \(error)"
        }
        if error.kind == .syntax, error.syntaxError == nil { return "\(type): syntax error without the JSONError" }
        _ = error.description
        return nil
    }
}
