// Encoding a model on a larger stack (Decoding/StackGrowth.swift).

extension JSONEncodingContext {
    /// Whether the model about to be written must be written on a thread with a larger
    /// stack: less than the reserve is left on this one.
    ///
    /// `@JSONModel` checks it at the top of every generated `encode(to:context:)` and then
    /// calls `_onLargerStack(_:_:)` with the model. Costs one comparison until the encode has
    /// used 96 KB of stack.
    @inlinable
    public var _needsLargerStack: Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if storage.stackTop &- here < DecodingStack.reserve { return false }
        return storage.needsGrowth(at: here)
    }

    /// Writes `value` on a new thread with a large stack, handing `writer` over and back, and
    /// waits for it: a generated `encode(to:context:)` calls it, rather than a closure of its
    /// own, when `_needsLargerStack`.
    ///
    /// - Throws: what writing `value` throws; ``JSONError`` of kind `invalidValue` when no
    ///   thread can be started.
    public func _onLargerStack<T: JSONEncodable>(_ value: T, _ writer: inout JSONWriter) throws {
        try _onLargerStack(&writer) { try value.encode(to: &$0, context: $1) }
    }

    /// Runs `body` (the rest of a model's encoding) on a new thread with a large stack,
    /// handing `writer` over and back, and waits for it.
    ///
    /// - Throws: what `body` throws; ``JSONError`` of kind `invalidValue` when no thread can
    ///   be started.
    public func _onLargerStack(
        _ writer: inout JSONWriter, _ body: (inout JSONWriter, JSONEncodingContext) throws -> Void
    ) throws {
        // The writer moves to the other thread and back (a swap, so its buffer is not copied).
        let handoff = WriterHandoff()
        swap(&handoff.writer, &writer)
        defer { swap(&handoff.writer, &writer) }
        try _onLargerStack { try body(&handoff.writer, $0) }
    }

    /// Runs `body` on a new thread with a large stack, with a copy of this context whose
    /// stack bounds are that thread's, and waits for it.
    ///
    /// - Throws: what `body` throws; ``JSONError`` of kind `invalidValue` when no thread can
    ///   be started.
    func _onLargerStack<T>(_ body: (JSONEncodingContext) throws -> T) throws -> T {
        let encoder = storage.encoder
        let context = self
        let outcome = LargerStack.run {
            var moved = context
            moved.storage = Storage(encoder)
            return try body(moved)
        }
        guard let outcome else {
            throw JSONError(
                kind: .invalidValue,
                message: "value nests too deep for the stack of this thread, and no thread with a larger stack "
                    + "could be started; encode on a thread with a larger stack")
        }
        return try outcome.get()
    }
}

/// A writer on its way to another thread and back. `@unchecked Sendable`: only one thread
/// uses it at a time; the caller waits (`LargerStack.run`) while the helper thread writes.
final class WriterHandoff: @unchecked Sendable {
    var writer = JSONWriter()
}
