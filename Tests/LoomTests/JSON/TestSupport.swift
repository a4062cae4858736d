import Foundation
import Loom
import Testing

/// Shared data locations and assertion helpers for the JSON core tests.
enum SharedData {
    /// `/…/<repo>/Tests/LoomTests/JSON/TestSupport.swift` → `/…/<repo>`.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `shared/` folder next to the repository (absent outside the Loom workspace).
    static let sharedDirectory: URL = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    static let testParsingDirectory = sharedDirectory.appendingPathComponent("conformance/JSONTestSuite/test_parsing")
    static let corporaDirectory = sharedDirectory.appendingPathComponent("corpora")

    static var hasConformanceSuite: Bool { FileManager.default.fileExists(atPath: testParsingDirectory.path) }

    static func hasCorpus(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: corporaDirectory.appendingPathComponent(name).path)
    }

    static func corpus(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corporaDirectory.appendingPathComponent(name)))
    }

    /// File names in `test_parsing` starting with `prefix`, sorted; empty when the suite is absent.
    static func conformanceFiles(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: testParsingDirectory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func conformanceBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: testParsingDirectory.appendingPathComponent(name)))
    }
}

/// Parses `bytes` and returns the error, recording an issue if parsing succeeds.
func parseError(
    _ bytes: [UInt8], options: JSONParsingOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONError? {
    do {
        let value = try JSONValue(parsing: bytes, options: options)
        Issue.record("expected a parse error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

func parseError(
    _ text: String, options: JSONParsingOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONError? {
    parseError(Array(text.utf8), options: options, sourceLocation: sourceLocation)
}

/// Expects `bytes` to be rejected with `kind` (and, when given, at `offset`), through both the
/// document and the tree entry points, which must agree.
@discardableResult
func expectRejected(
    _ bytes: [UInt8], _ kind: JSONError.Kind, offset: Int? = nil, options: JSONParsingOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONError? {
    guard let error = parseError(bytes, options: options, sourceLocation: sourceLocation) else { return nil }
    #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    if let offset {
        #expect(error.byteOffset == offset, "\(error)", sourceLocation: sourceLocation)
    }
    do {
        _ = try JSONDocument(parsing: bytes, options: options)
        Issue.record("JSONDocument accepted what JSONValue rejected", sourceLocation: sourceLocation)
    } catch let documentError {
        #expect(documentError == error, sourceLocation: sourceLocation)
    }
    return error
}

@discardableResult
func expectRejected(
    _ text: String, _ kind: JSONError.Kind, offset: Int? = nil, options: JSONParsingOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONError? {
    expectRejected(Array(text.utf8), kind, offset: offset, options: options, sourceLocation: sourceLocation)
}

/// Parses `text`, recording the error as an issue if it fails.
func parsed(
    _ text: String, options: JSONParsingOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONValue? {
    do {
        return try JSONValue(parsing: text, options: options)
    } catch {
        Issue.record("unexpected parse error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Writes `value` with `options` and returns the text, recording an error as an issue.
func written(
    _ value: JSONValue, options: JSONWritingOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    do {
        return try value.jsonString(options: options)
    } catch {
        Issue.record("unexpected writing error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Runs `body` with the root element of `text`'s document, keeping the document alive.
func withRoot<R>(
    _ text: String, options: JSONParsingOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (JSONElement) throws -> R
) rethrows -> R? {
    let document: JSONDocument
    do {
        document = try JSONDocument(parsing: text, options: options)
    } catch {
        Issue.record("unexpected parse error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
    return try withExtendedLifetime(document) { try body(document.root) }
}
