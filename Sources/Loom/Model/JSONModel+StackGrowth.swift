// Decoding a model on a larger stack: the check every model level makes (Decoding/StackGrowth.swift).

extension JSONModel {
    /// Calls `init(json:context:)`, on a thread with a larger stack when this one is nearly
    /// used up.
    ///
    /// - Throws: ``JSONDecodingError``: what `init(json:context:)` throws, or, when the stack
    ///   is nearly used up and no thread can be started, kind `invalidValue` at `element`.
    @inlinable
    public static func _makeInstance(json element: JSONElement, context: JSONDecodingContext) throws -> Self {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        // Less than the check interval used since the decode began: nothing to look at. (A
        // frame above the start wraps around to a large distance and takes the slow path.)
        if context.storage.stackTop &- here < DecodingStack.reserve {
            return try Self(json: element, context: context)
        }
        return try context.decodeModel(Self.self, json: element, at: here)
    }
}
