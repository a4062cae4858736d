import Foundation

// Building transformers from transformers: composition with a value conversion, and lifting
// an element transformer over optionals, arrays and dictionary values.

/// A conversion between two Swift values, applied after a transformer with
/// ``JSONTransformer/then(_:)``: `forward` when decoding, `reverse` when encoding.
public protocol JSONValueConversion<Input, Output>: Sendable {
    /// What the transformer before it produces.
    associatedtype Input
    /// What the property holds.
    associatedtype Output

    /// Converts a decoded value.
    ///
    /// - Throws: any error; Loom reports it with the property's path and JSON position.
    func forward(_ input: Input) throws -> Output

    /// Converts a value back before encoding.
    ///
    /// - Throws: any error, which stops the encode.
    func reverse(_ output: Output) throws -> Input
}

/// A ``JSONValueConversion`` from closures; without `reverse` it is one-way.
public struct JSONConversion<Input, Output>: JSONValueConversion {
    @usableFromInline let forwardBody: @Sendable (Input) throws -> Output
    @usableFromInline let reverseBody: (@Sendable (Output) throws -> Input)?

    /// Creates a conversion; encoding through it throws when `reverse` is `nil`.
    public init(
        forward: @escaping @Sendable (Input) throws -> Output, reverse: (@Sendable (Output) throws -> Input)? = nil
    ) {
        forwardBody = forward
        reverseBody = reverse
    }

    @inlinable
    public func forward(_ input: Input) throws -> Output { try forwardBody(input) }

    /// Converts back.
    ///
    /// - Throws: ``JSONError`` when the conversion is one-way, or what `reverse` throws.
    @inlinable
    public func reverse(_ output: Output) throws -> Input {
        guard let reverseBody else { throw JSONError.oneWay("JSONConversion<\(Input.self), \(Output.self)>") }
        return try reverseBody(output)
    }
}

/// A transformer followed by a value conversion: `first.then(second)`.
public struct ComposedTransformer<First: JSONTransformer, Second: JSONValueConversion>: JSONTransformer
where Second.Input == First.Value {
    /// The transformer that reads and writes the JSON.
    public let first: First
    /// The conversion applied after `first` when decoding, before it when encoding.
    public let second: Second

    /// Composes `first` and `second`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable
    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Second.Output {
        let value = try first.decode(element, context: context)
        do {
            return try second.forward(value)
        } catch let error as JSONDecodingError {
            throw context.positioned(error, element)
        }
    }

    @inlinable
    public func encode(_ value: Second.Output, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try first.encode(try second.reverse(value), to: &writer, context: context)
    }
}

/// `null` as `nil`, anything else through `Wrapped`; `nil` writes `null`.
public struct OptionalTransformer<Wrapped: JSONTransformer>: JSONTransformer {
    /// The transformer for non-null values.
    public let wrapped: Wrapped

    /// Lifts `wrapped` over optionals.
    public init(_ wrapped: Wrapped) { self.wrapped = wrapped }

    @inlinable
    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Wrapped.Value? {
        element.isNull ? nil : try wrapped.decode(element, context: context)
    }

    @inlinable
    public func encode(_ value: Wrapped.Value?, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if let value { try wrapped.encode(value, to: &writer, context: context) } else { writer.writeNull() }
    }
}

/// A JSON array whose elements go through `Element`.
public struct ArrayTransformer<Element: JSONTransformer>: JSONTransformer {
    /// The transformer for each element.
    public let element: Element
    /// Whether elements that fail are dropped (and noted) instead of failing the array.
    public let isLossy: Bool

    /// Lifts `element` over arrays.
    public init(_ element: Element, lossy: Bool = false) {
        self.element = element
        isLossy = lossy
    }

    @inlinable
    public func decode(_ json: JSONElement, context: JSONDecodingContext) throws -> [Element.Value] {
        try context.array(json, lossy: isLossy) { try element.decode($0, context: context) }
    }

    @inlinable
    public func encode(_ value: [Element.Value], to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try context.array(value, to: &writer) { try element.encode($0, to: &$1, context: context) }
    }
}

/// A JSON object whose values go through `Element`, as a dictionary with `String` keys.
public struct DictionaryValuesTransformer<Element: JSONTransformer>: JSONTransformer {
    /// The transformer for each value.
    public let element: Element
    /// Whether members whose value fails are dropped (and noted) instead of failing the object.
    public let isLossy: Bool

    /// Lifts `element` over dictionary values.
    public init(_ element: Element, lossy: Bool = false) {
        self.element = element
        isLossy = lossy
    }

    @inlinable
    public func decode(_ json: JSONElement, context: JSONDecodingContext) throws -> [String: Element.Value] {
        try context.dictionary(json, lossy: isLossy) { try element.decode($0, context: context) }
    }

    @inlinable
    public func encode(_ value: [String: Element.Value], to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try context.dictionary(value, to: &writer) { try element.encode($0, to: &$1, context: context) }
    }
}

extension JSONTransformer {
    /// This transformer followed by `conversion` (Mantle's chained value transformers).
    ///
    /// ```swift
    /// @JSONTransform(.secondsSince1970.then(JSONConversion(forward: { Day($0) }, reverse: { $0.start })))
    /// var day: Day
    /// ```
    public func then<C: JSONValueConversion>(_ conversion: C) -> ComposedTransformer<Self, C> where C.Input == Value {
        ComposedTransformer(self, conversion)
    }

    /// This transformer followed by two closures; without `reverse` the result is one-way.
    public func then<Output>(
        forward: @escaping @Sendable (Value) throws -> Output, reverse: (@Sendable (Output) throws -> Value)? = nil
    ) -> ComposedTransformer<Self, JSONConversion<Value, Output>> {
        ComposedTransformer(self, JSONConversion(forward: forward, reverse: reverse))
    }

    /// `null` as `nil`, other values through this transformer: `.iso8601.optional` for `Date?`
    /// inside collections (a property's own optional needs no lifting).
    public var optional: OptionalTransformer<Self> { OptionalTransformer(self) }

    /// Arrays of this transformer's values: `.iso8601.array` for `[Date]`.
    public var array: ArrayTransformer<Self> { ArrayTransformer(self) }

    /// Arrays of this transformer's values, dropping (and noting) elements that fail.
    public var lossyArray: ArrayTransformer<Self> { ArrayTransformer(self, lossy: true) }

    /// Dictionaries of this transformer's values: `.iso8601.dictionaryValues` for `[String: Date]`.
    public var dictionaryValues: DictionaryValuesTransformer<Self> { DictionaryValuesTransformer(self) }

    /// Dictionaries of this transformer's values, dropping (and noting) members that fail.
    public var lossyDictionaryValues: DictionaryValuesTransformer<Self> { DictionaryValuesTransformer(self, lossy: true) }
}
