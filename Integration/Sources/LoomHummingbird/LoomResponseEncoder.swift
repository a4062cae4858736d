import Foundation
import Hummingbird
import Loom

/// Encodes Hummingbird responses with Loom.
///
/// Set it as a request context's `responseEncoder` (see ``LoomRequestDecoder``); a route that
/// returns a Loom model that conforms to `ResponseEncodable` (an empty extension does it) is
/// then written by Loom's encoder, with key paths rebuilt as nested objects and
/// `Content-Type: application/json; charset=utf-8`. Values that are not Loom models, such as
/// the error bodies Hummingbird writes for an `HTTPError`, are encoded with Foundation's
/// `JSONEncoder` (ISO 8601 dates, slashes unescaped).
public struct LoomResponseEncoder: ResponseEncoder, Sendable {
    /// The options of every encode: key and date strategies, nulls, layout.
    public var encoder: JSONModelEncoder

    /// Creates a response encoder that encodes with `encoder`.
    public init(_ encoder: JSONModelEncoder = JSONModelEncoder()) {
        self.encoder = encoder
    }

    /// Encodes `value` as a 200 OK JSON response.
    ///
    /// - Throws: `JSONError` for values JSON cannot hold, errors of transformers and hooks;
    ///   `EncodingError` for types that are not Loom models.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws
        -> Response
    {
        let bytes: [UInt8]
        if let model = value as? any JSONEncodable {
            bytes = try encoder.encodeBytes(model)
        } else {
            let foundation = JSONEncoder()
            foundation.dateEncodingStrategy = .iso8601
            foundation.outputFormatting = .withoutEscapingSlashes
            bytes = [UInt8](try foundation.encode(value))
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(bytes.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
