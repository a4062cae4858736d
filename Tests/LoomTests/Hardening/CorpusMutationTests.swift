import Foundation
import Loom
import Testing

// Truncations and byte mutations of every corpus in ../shared/corpora (the fuzzers'
// seeds too), through the parser, the tree and the model decoder; the fuzzers' own checks
// on mutants run in Tools/ (CorpusMutantTests). The corpora are read from beside the
// repository and the tests skip with a message when they are absent.

@JSONModel
struct CorpusTwitter: Equatable, Sendable {
    var statuses: [CorpusStatus]
}

@JSONModel
struct CorpusStatus: Equatable, Sendable {
    var id: Int64
    @JSONKey("id_str") var idText: String
    var text: String
    @JSONKey("user.screen_name") var screenName: String
    @JSONKey("retweet_count") var retweets: Int
    var entities: JSONValue?
}

@Suite("Corpus truncations and mutations")
struct CorpusMutationTests {
    static let corpusNames = ["twitter.json", "citm_catalog.json", "canada.json", "amazon_cellphones.ndjson"]

    /// The bytes of one JSON document from a corpus: the whole file, or the first 20 lines of
    /// a JSON Lines file wrapped in an array.
    static func document(_ name: String) throws -> [UInt8] {
        let bytes = try SharedData.corpus(name)
        guard name.hasSuffix(".ndjson") else { return bytes }
        let lines = bytes.split(separator: UInt8(ascii: "\n")).prefix(20)
        return Array("[".utf8) + Array(lines.joined(separator: Array(",\n".utf8))) + Array("]".utf8)
    }

    static var corporaPresent: Bool { corpusNames.allSatisfy(SharedData.hasCorpus) }

    /// The model decoder must report exactly the parse error, as a syntax error.
    static func expectSameSyntaxError(_ bytes: [UInt8], _ parse: JSONError, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try JSONModelDecoder().decode(JSONValue.self, from: bytes)
            Issue.record("the model decoder accepted what the parser rejected", sourceLocation: sourceLocation)
        } catch let error as JSONDecodingError {
            #expect(error.kind == .syntax && error.syntaxError == parse, "\(error) vs \(parse)", sourceLocation: sourceLocation)
            #expect(error.byteOffset == parse.byteOffset, sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a JSONDecodingError: \(error)", sourceLocation: sourceLocation)
        }
    }

    // Each prefix is parsed from scratch, and debug builds parse about 15 MB/s: most sampled
    // lengths fall in the first 8 KB (every construct of these files appears there), 30 anywhere.
    @Test("every corpus cut at 110 offsets is rejected at its end, by the parser and the model decoder",
          .enabled(if: corporaPresent, "../shared/corpora not found (or incomplete); corpus truncations not checked"),
          arguments: corpusNames)
    func truncations(name: String) throws {
        let bytes = try Self.document(name)
        var end = bytes.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        #expect(throws: Never.self) { try JSONDocument(parsing: Array(bytes[0..<end])) }
        // 30 offsets anywhere, 60 in the first 8 KB, the first and last 10.
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: name.utf8.count) &* 0x9E37_79B9)
        var lengths = Set<Int>()
        while lengths.count < 30 { lengths.insert(Int(generator.next() % UInt64(end))) }
        for _ in 0..<60 { lengths.insert(Int(generator.next() % UInt64(min(end, 8_192)))) }
        lengths.formUnion(0..<10)
        lengths.formUnion((end - 10)..<end)
        for length in lengths.sorted() {
            // The tree API (with its own checks) on short prefixes; the model decoder on all.
            if length <= 8_192 { HostileInputTests.checkPrefix(bytes, length: length) }
            Self.expectEndOfInput(Array(bytes[0..<length]))
        }
    }

    /// A prefix decoded as a model is a syntax error at its end (or, for a character cut in
    /// the middle, at that character's first byte).
    static func expectEndOfInput(_ prefix: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try JSONModelDecoder().decode(JSONValue.self, from: prefix)
            Issue.record("a \(prefix.count)-byte prefix decoded", sourceLocation: sourceLocation)
        } catch let error as JSONDecodingError {
            guard error.kind == .syntax, let syntax = error.syntaxError, let offset = error.byteOffset else {
                Issue.record("\(prefix.count): not a positioned syntax error: \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(syntax.byteOffset == offset, sourceLocation: sourceLocation)
            switch syntax.kind {
            case .unexpectedEndOfInput, .emptyInput, .invalidNumber:
                #expect(offset == prefix.count, "\(prefix.count): \(error)", sourceLocation: sourceLocation)
            case .invalidUTF8:
                #expect(offset >= prefix.count - 3 && offset < prefix.count, "\(prefix.count): \(error)", sourceLocation: sourceLocation)
            default:
                Issue.record("\(prefix.count): unexpected \(error)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("not a JSONDecodingError: \(error)", sourceLocation: sourceLocation)
        }
    }

    static func parseError(_ bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONDocument(parsing: bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Bytes that change a document's structure the most when written over another.
    static let interesting: [UInt8] = Array(#"{}[]",:\-0e9.ntf "#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC0, 0xED, 0xF4, 0xFF]

    /// One mutant: a byte overwritten, deleted, inserted or duplicated at a random place.
    static func mutate(_ bytes: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
        var copy = bytes
        let position = Int(generator.next() % UInt64(max(copy.count, 1)))
        let byte = interesting[Int(generator.next() % UInt64(interesting.count))]
        switch generator.next() % 4 {
        case 0 where !copy.isEmpty: copy[position] = byte
        case 1 where !copy.isEmpty: copy.remove(at: position)
        case 2: copy.insert(byte, at: position)
        default:
            let length = min(Int(generator.next() % 16) + 1, copy.count - position)
            if length > 0 { copy.insert(contentsOf: copy[position..<(position + length)], at: position) }
        }
        return copy
    }

    @Test("12 mutants of each whole corpus: parser, tree and model decoder agree, errors are positioned",
          .enabled(if: corporaPresent, "../shared/corpora not found (or incomplete); corpus mutations not checked"),
          arguments: corpusNames)
    func wholeCorpusMutants(name: String) throws {
        let bytes = try Self.document(name)
        var generator = SplitMix64(seed: 0x6D75_7461 ^ UInt64(name.utf8.count))
        var rejected = 0
        for _ in 0..<12 {
            let mutant = Self.mutate(bytes, &generator)
            let value = try? JSONValue(parsing: mutant)
            if let error = Self.parseError(mutant) {
                rejected += 1
                #expect(value == nil)
                #expect((0...mutant.count).contains(error.byteOffset ?? -1), "\(error)")
                #expect(error.line != nil && error.column != nil && !error.message.isEmpty)
                Self.expectSameSyntaxError(mutant, error)
            } else {
                #expect(value != nil, "JSONValue rejected what JSONDocument accepted")
                #expect((try? JSONModelDecoder().decode(JSONValue.self, from: mutant)) == value)
            }
            // A typed model sees the mutant too: a value, or a well-formed error.
            if name == "twitter.json" {
                do {
                    let twitter = try JSONModelDecoder().decode(CorpusTwitter.self, from: mutant)
                    #expect(try CorpusTwitter(jsonData: JSONModelEncoder().encodeBytes(twitter)) == twitter)
                } catch let error as JSONDecodingError {
                    #expect(!error.reason.isEmpty)
                    #expect(error.byteOffset != nil || error.kind == .missingKey, "\(error)")
                }
            }
        }
        // Most random mutations break a document; some (inside strings) do not.
        #expect(rejected > 0)
    }

    @Test("the whole twitter corpus decodes into a typed model and round-trips",
          .enabled(if: SharedData.hasCorpus("twitter.json"), "../shared/corpora/twitter.json not found; not checked"))
    func twitterModel() throws {
        let twitter = try JSONModelDecoder().decode(CorpusTwitter.self, from: SharedData.corpus("twitter.json"))
        #expect(twitter.statuses.count == 100)
        #expect(try CorpusTwitter(jsonData: JSONModelEncoder().encodeBytes(twitter)) == twitter)
    }
}
