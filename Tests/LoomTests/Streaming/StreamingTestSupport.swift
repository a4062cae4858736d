import Foundation
import Loom
import Testing

/// One product row of `amazon_cellphones.ndjson`: a positional array of nine values,
/// decoded by hand (the macro is not involved).
struct Phone: JSONDecodable, Equatable, Sendable {
    var asin: String
    var brand: String
    var title: String
    var rating: Double
    var totalReviews: Int
    var prices: String

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let columns = try context.array(element) { $0 }
        guard columns.count == 9 else {
            throw context.invalid("expected 9 columns, found \(columns.count)", element)
        }
        func column<T: JSONDecodable>(_ index: Int, _ type: T.Type) throws -> T {
            do {
                return try context.decode(T.self, from: columns[index])
            } catch let error as JSONDecodingError {
                throw error.prefixed(with: .index(index))
            }
        }
        asin = try column(0, String.self)
        brand = try column(1, String.self)
        title = try column(2, String.self)
        rating = try column(5, Double.self)
        totalReviews = try column(7, Int.self)
        prices = try column(8, String.self)
    }
}

/// The shared corpora directory, `<repo>/../shared/corpora`.
let corporaDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/corpora")

/// The corpus file, or `nil` (with a note in the test log) when it is absent.
func corpus(_ name: String) -> URL? {
    let url = corporaDirectory.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
        print("note: \(url.path) is absent; skipping the corpus test")
        return nil
    }
    return url
}

/// Collects skipped errors reported from `@Sendable` callbacks.
final class SkippedErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [JSONStreamError] = []

    var all: [JSONStreamError] {
        lock.lock()
        defer { lock.unlock() }
        return errors
    }

    var descriptions: [String] { all.map(\.description) }

    func options(_ base: JSONStreamOptions = .init()) -> JSONStreamOptions {
        var options = base
        options.onError = .skip
        options.onSkippedError = { error in
            self.lock.lock()
            self.errors.append(error)
            self.lock.unlock()
        }
        return options
    }
}

extension JSONStreamOptions {
    static func chunked(_ size: Int, maxElementSize: Int = 16 << 20) -> JSONStreamOptions {
        var options = JSONStreamOptions()
        options.chunkSize = size
        options.maxElementSize = maxElementSize
        return options
    }
}

/// Collects a sequence of results until the first failure.
func collect<T>(_ stream: JSONStream<T>) -> (values: [T], failure: JSONStreamError?) {
    var values: [T] = []
    for result in stream {
        switch result {
        case .success(let value): values.append(value)
        case .failure(let error): return (values, error)
        }
    }
    return (values, nil)
}
