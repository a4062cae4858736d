import Foundation

// Models to and from the objects of `JSONSerialization` (`[String: Any]`, `[Any]`, `NSNumber`,
// `NSNull`, `String`), for code that receives them from elsewhere: an SDK's callback, a
// push notification's `userInfo`, a bridge from Objective-C.

extension JSONDecodingError {
    /// The error without byte positions: a decode from Foundation objects has no input text,
    /// only the path.
    func withoutPositions() -> JSONDecodingError {
        var copy = self
        copy.byteOffset = nil
        copy.line = nil
        copy.column = nil
        copy.errors = errors.map { $0.withoutPositions() }
        return copy
    }
}

extension JSONModelDecoder {
    /// Decodes a `T` from what `JSONSerialization` produces: `[String: Any]`, `[Any]`,
    /// `String`, `NSNumber`, `NSNull` (Swift's `Bool`, integers and floating-point values are
    /// taken too).
    ///
    /// The object is read as the JSON it stands for and decoded with this decoder's options,
    /// so a decode gives the value and errors that decoding its JSON text gives, with the
    /// same paths and without line and column. An `NSNumber` holding a `Bool` decodes as a
    /// Boolean only, never as an integer, and integers stay exact.
    ///
    /// ```swift
    /// let issue = try decoder.decode(GHIssue.self, fromJSONObject: userInfo["issue"] as Any)
    /// ```
    ///
    /// - Throws: ``JSONDecodingError`` with the path of the problem: the errors of decoding,
    ///   or kind ``JSONDecodingError/Kind/invalidValue`` for a value that is not JSON (a
    ///   `Date`, a non-finite number, a dictionary with non-string keys) or nesting deeper
    ///   than ``JSONParsingOptions/maxDepth``.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, fromJSONObject object: Any) throws -> T {
        let value: JSONValue
        do {
            value = try JSONValue.converting(object, maxDepth: parsingOptions.maxDepth)
        } catch {
            throw JSONDecodingError(.invalidValue, reason: error.reason, path: error.path)
        }
        do {
            return try decode(T.self, from: value)
        } catch let error as JSONDecodingError {
            throw error.withoutPositions()
        }
    }
}

extension JSONDecodable {
    /// Decodes a value from what `JSONSerialization` produces (`[String: Any]`, `[Any]`,
    /// `NSNumber`, `NSNull`, `String`); see ``JSONModelDecoder/decode(_:fromJSONObject:)``.
    ///
    /// ```swift
    /// let object = try JSONSerialization.jsonObject(with: data)
    /// let issues = try [GHIssue](jsonObject: object)
    /// ```
    ///
    /// - Throws: ``JSONDecodingError`` with the path of the problem, as decoding the object's
    ///   JSON text reports it (without line and column).
    public init(jsonObject: Any, decoder: JSONModelDecoder = .init()) throws {
        self = try decoder.decode(Self.self, fromJSONObject: jsonObject)
    }
}

extension JSONEncodable {
    /// The value as `JSONSerialization` would read its JSON: `[String: Any]` for an object,
    /// `[Any]` for an array, `String`, `NSNumber` (Foundation's Boolean numbers for `Bool`s,
    /// exact `Int64`/`UInt64` for integers) and `NSNull`.
    ///
    /// ```swift
    /// let object = try issue.jsonObject()          // ["number": 1347, "state": "open", …]
    /// let data = try JSONSerialization.data(withJSONObject: object)
    /// ```
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold, or errors of transformers.
    public func jsonObject() throws -> Any {
        try jsonValue().jsonObject()
    }
}
