import Foundation
import FuzzSupport
import Loom
import Testing

// Byte mutations of the start of every corpus in ../shared/corpora (the fuzzers' seeds too),
// through the fuzz targets' parse and model checks. LoomTests' CorpusMutationTests cuts and
// mutates the same corpora through the parser, the tree and the model decoder. The corpora
// are read from beside the repository and the tests skip with a message when they are absent.

@Suite("Corpus mutations through the fuzzers' checks")
struct CorpusMutantTests {
    static let corpusNames = ["twitter.json", "citm_catalog.json", "canada.json", "amazon_cellphones.ndjson"]

    /// `/…/<repo>/Tools/Tests/LoomToolsTests/Hardening/CorpusMutantTests.swift` →
    /// `/…/shared/corpora`, next to the repository (absent outside the Loom workspace).
    static let corporaDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpora")

    static var corporaPresent: Bool {
        corpusNames.allSatisfy { FileManager.default.fileExists(atPath: corporaDirectory.appendingPathComponent($0).path) }
    }

    /// The bytes of one JSON document from a corpus: the whole file, or the first 20 lines of
    /// a JSON Lines file wrapped in an array.
    static func document(_ name: String) throws -> [UInt8] {
        let bytes = Array(try Data(contentsOf: corporaDirectory.appendingPathComponent(name)))
        guard name.hasSuffix(".ndjson") else { return bytes }
        let lines = bytes.split(separator: UInt8(ascii: "\n")).prefix(20)
        return Array("[".utf8) + Array(lines.joined(separator: Array(",\n".utf8))) + Array("]".utf8)
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

    @Test("200 mutants of the first 2 KB of each corpus pass the fuzzers' parse and model checks",
          .enabled(if: corporaPresent, "../shared/corpora not found (or incomplete); corpus mutations not checked"),
          arguments: corpusNames)
    func windowMutants(name: String) throws {
        let bytes = Array(try Self.document(name).prefix(2_048))
        var generator = SplitMix64(seed: 0x77_696E ^ UInt64(name.utf8.count))
        var failures: [String] = []
        for index in 0..<200 {
            var mutant = bytes
            for _ in 0...(index % 3) { mutant = Self.mutate(mutant, &generator) }
            let failure = mutant.withUnsafeBufferPointer { ParseChecks.checkQuick($0) ?? ModelChecks.check($0) }
            if let failure { failures.append("mutant \(index): \(failure)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }
}

/// A tiny deterministic generator for sampling (the one LoomTests uses).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
