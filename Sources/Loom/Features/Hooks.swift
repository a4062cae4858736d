import Foundation

// Lifecycle hooks (the Hooks article, Loom.docc/Hooks.md). `@JSONModel` calls these helpers
// only for the hooks a model declares in its body, so a model without hooks runs exactly the
// code it would without this file.

/// A rewritten copy of a model's JSON, produced by its `jsonWillDecode(_:)` hook.
///
/// Generated code decodes from ``root`` and keeps ``document`` alive until the initializer
/// returns; errors found in the copy are moved back to the original object with
/// ``relocated(_:)``, since positions in the copy mean nothing to the user.
public struct _JSONRewrittenElement {
    /// The parsed rewritten JSON.
    public let document: JSONDocument
    /// The original object (its document outlives the initializer that holds this value).
    @usableFromInline let original: JSONElement
    @usableFromInline let context: JSONDecodingContext

    /// The root of the rewritten JSON.
    public var root: JSONElement { document.root }

    /// `error` with the original object's position instead of a position in the copy.
    public func relocated(_ error: JSONDecodingError) -> JSONDecodingError {
        var copy = error
        if error.kind == .multiple {
            copy.errors = error.errors.map(relocated)
            return copy
        }
        guard error.kind != .syntax else { return copy }
        // Computed only here, on the error path: a line number costs a scan of the input.
        copy.byteOffset = nil
        return context.positioned(copy, original)
    }
}

extension JSONDecodingContext {
    /// Runs a model's `jsonWillDecode(_:)` hook (YYModel's
    /// `modelCustomWillTransformFromDictionary:`) on `element` and parses the result.
    ///
    /// - Throws: ``JSONDecodingError`` at `element` wrapping what the hook throws, or when the
    ///   rewritten value cannot be written and parsed again.
    public func _rewrite<T>(
        _ element: JSONElement, for type: T.Type, with hook: (JSONValue) throws -> JSONValue
    ) throws -> _JSONRewrittenElement {
        let rewritten: JSONValue
        do {
            rewritten = try hook(JSONValue(element: element))
        } catch {
            throw _wrapUserError(error, element)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: rewritten.jsonBytes(), options: decoder.parsingOptions)
        } catch {
            throw invalid("jsonWillDecode(_:) of \(T.self) returned a value that cannot be decoded: \(error.message)", element)
        }
        return _JSONRewrittenElement(document: document, original: element, context: self)
    }

    /// Runs a model-level hook (`jsonDidDecode()`, `validate()`), turning what it throws into
    /// a ``JSONDecodingError`` at the model's object; the model path is added on the way out.
    ///
    /// - Throws: ``JSONDecodingError`` with the hook's error as ``JSONDecodingError/underlyingError``
    ///   (a ``JSONDecodingError`` thrown by the hook is kept as it is).
    @inlinable
    public func _hook(_ name: String, at element: JSONElement, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw _wrapUserError(error, element)
        }
    }

    /// Runs a per-property validator that throws to reject (`static func validateTitle(_:) throws`).
    ///
    /// - Throws: ``JSONDecodingError`` whose path is the property's key and whose position is
    ///   its value's.
    @inlinable
    public func _validateProperty(
        _ keys: _JSONKeySet, _ slot: Int, at element: JSONElement?, _ validator: String, _ body: () throws -> Void
    ) throws {
        do {
            try body()
        } catch {
            throw propertyError(error, keys, slot, element)
        }
    }

    /// Runs a per-property validator that returns whether the value is valid
    /// (`static func validateTitle(_:) -> Bool`).
    ///
    /// - Throws: ``JSONDecodingError`` of kind `invalidValue`, whose path is the property's
    ///   key: `title: invalid value string "", rejected by validateTitle(_:)`.
    @inlinable
    public func _checkProperty(
        _ keys: _JSONKeySet, _ slot: Int, at element: JSONElement?, _ validator: String, _ body: () throws -> Bool
    ) throws {
        let valid: Bool
        do {
            valid = try body()
        } catch {
            throw propertyError(error, keys, slot, element)
        }
        if !valid { throw rejected(validator, keys, slot, element) }
    }

    @usableFromInline
    func propertyError(_ error: any Error, _ keys: _JSONKeySet, _ slot: Int, _ element: JSONElement?) -> JSONDecodingError {
        var result: JSONDecodingError
        if let element {
            result = _wrapUserError(error, element)
        } else if let error = error as? JSONDecodingError {
            result = error
        } else {
            result = JSONDecodingError(.invalidValue, reason: String(describing: error), underlyingError: SendableError(error))
        }
        return result.prefixed(by: keys, slot, self)
    }

    @usableFromInline
    func rejected(_ validator: String, _ keys: _JSONKeySet, _ slot: Int, _ element: JSONElement?) -> JSONDecodingError {
        let value = element.map { " \(describe($0))" } ?? ""
        var error = JSONDecodingError(.invalidValue, reason: "invalid value\(value), rejected by \(validator)(_:)")
        if let element { error = positioned(error, element) }
        return error.prefixed(by: keys, slot, self)
    }
}
