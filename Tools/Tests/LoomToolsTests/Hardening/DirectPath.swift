import Foundation
import Testing

@testable import Loom

// The direct path (`_JSONReader`, the Models article, "The direct path") against the general one,
// as LoomTests' DirectPathTests.swift compares them. `directly` runs the reader alone and is
// `nil` where it falls back; `generally` decodes from a parsed document, which never takes the
// direct path.

/// The direct path alone: the value, or `nil` where it falls back.
func directly<T: JSONDecodable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: JSONModelDecoder = .init()) -> T? {
    bytes.withUnsafeBufferPointer { _JSONReader.decode(T.self, from: $0, context: JSONDecodingContext(decoder: decoder)) }
}

func directly<T: JSONDecodable>(_ type: T.Type, _ text: String, _ decoder: JSONModelDecoder = .init()) -> T? {
    directly(T.self, Array(text.utf8), decoder)
}

/// The general path alone: decoding from a parsed document.
func generally<T: JSONDecodable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: JSONModelDecoder = .init()) -> Result<
    T, JSONDecodingError
> {
    do {
        let document = try JSONDocument(parsing: bytes, options: decoder.parsingOptions)
        return .success(try decoder.decode(T.self, from: document))
    } catch let error as JSONError {
        return .failure(JSONDecodingError(syntax: error))
    } catch let error as JSONDecodingError {
        return .failure(error)
    } catch {
        Issue.record("unexpected error type: \(error)")
        return .failure(JSONDecodingError(.invalidValue, reason: "\(error)"))
    }
}

/// Expects the public decode of `text` to come out as the general path says, value or error.
func expectSameOutcome<T: JSONDecodable & Equatable>(
    _ type: T.Type, _ text: String, _ decoder: JSONModelDecoder = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let bytes = Array(text.utf8)
    let expected = generally(T.self, bytes, decoder)
    do {
        let value = try decoder.decode(T.self, from: bytes)
        #expect(try expected.get() == value, sourceLocation: sourceLocation)
    } catch let error as JSONDecodingError {
        guard case .failure(let generalError) = expected else {
            Issue.record("the decode failed (\(error)) where the general path gives a value", sourceLocation: sourceLocation)
            return
        }
        #expect(error.description == generalError.description, sourceLocation: sourceLocation)
        #expect(error.kind == generalError.kind, sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected error type: \(error)", sourceLocation: sourceLocation)
    }
}
