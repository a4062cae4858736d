import Foundation
import Hummingbird
import Loom

/// Decodes Hummingbird request bodies with Loom.
///
/// Set it as a request context's `requestDecoder`; `request.decode(as:context:)` then reads
/// Loom models (and arrays or dictionaries of them) straight from the body's bytes:
///
/// ```swift
/// struct AppRequestContext: RequestContext {
///     var coreContext: CoreRequestContextStorage
///     init(source: Source) { coreContext = .init(source: source) }
///     var requestDecoder: LoomRequestDecoder { LoomRequestDecoder() }
///     var responseEncoder: LoomResponseEncoder { LoomResponseEncoder() }
/// }
/// ```
///
/// A body that does not decode is answered with 400 Bad Request whose message is the
/// `JSONDecodingError`'s one line (`labels[1]: expected String, found number 7 (line 3,
/// column 14)`); a body larger than the context's `maxUploadSize` with 413 Content Too Large,
/// before any of it is parsed. A `Decodable` type that is not a Loom model is decoded with
/// Foundation's `JSONDecoder` (ISO 8601 dates, as Hummingbird's default decoder does), whose
/// errors Hummingbird turns into 400 responses itself.
public struct LoomRequestDecoder: RequestDecoder, Sendable {
    /// The options of every decode: key and date strategies, unknown keys, coercion, limits.
    public var decoder: JSONModelDecoder

    /// Creates a request decoder that decodes with `decoder`.
    public init(_ decoder: JSONModelDecoder = JSONModelDecoder()) {
        self.decoder = decoder
    }

    /// Decodes `type` from the request's body.
    ///
    /// - Throws: `HTTPError(.badRequest)` with the `JSONDecodingError`'s client description
    ///   (without the hints about the model) for a body that is not valid JSON or does not match
    ///   the model; the body's own error (413 Content Too Large) for a body over
    ///   `context.maxUploadSize`; `DecodingError` for types that are not Loom models.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext)
        async throws -> T
    {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        let bytes = [UInt8](body.readableBytesView)
        guard let modelType = T.self as? any JSONDecodable.Type else {
            let foundation = JSONDecoder()
            foundation.dateDecodingStrategy = .iso8601
            return try foundation.decode(T.self, from: Data(bytes))
        }
        let value: any JSONDecodable
        do {
            value = try decoder.decode(modelType, from: bytes)
        } catch let error as JSONDecodingError {
            throw HTTPError(.badRequest, message: error.clientDescription)
        }
        // `modelType` is `T.self`, so the value is a `T`; the cast only converts the existential.
        guard let decoded = value as? T else {
            throw HTTPError(.internalServerError, message: "decoded \(Swift.type(of: value)), expected \(T.self)")
        }
        return decoded
    }
}
