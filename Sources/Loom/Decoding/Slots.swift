// Where a model's member loop keeps what it has read (Loom.docc/Models.md, "The mapping").

/// The slots of the mapping of a struct or a final class with more than twelve slots (a smaller
/// one keeps them as locals of its `_loomRead`): `fields` is a tuple of one slot per decoded
/// property, `v0: Optional<T>` and the like, filled by `_loomRead` and emptied by the checks.
///
/// Not API (underscored): generated code declares `typealias _LoomSlots = _JSONSlots<(…)>`.
/// One generic struct serves every model, so a model compiles no accessors or value witnesses
/// for its slots; the tuple sits inside a struct because a bare tuple is destroyed through
/// the runtime's generic tuple witness. `~Copyable`: the slots are never copied.
public struct _JSONSlots<Fields>: ~Copyable {
    /// The slots, by name (`s.v0`, `s.r3`, `s.b1`, …).
    public var s: Fields

    /// Slots holding `fields`: each `nil`, or a fresh state.
    @inlinable @inline(__always)
    public init(_ fields: consuming Fields) {
        s = fields
    }

    /// The slots' tuple, for the checks to take apart into a local each: destroying them one
    /// by one costs nothing once their values are taken, where this generic struct would
    /// destroy the tuple through the runtime's generic tuple witness.
    @inlinable @inline(__always)
    public consuming func take() -> Fields {
        s
    }
}

/// The first slot of a model's slots: a type that is not `Sendable`.
///
/// Swift 6's region-based isolation checker asks at every use of the slots whether their tuple
/// is `Sendable`, looking up the conformance of each element anew; a first element without one
/// answers at once. It has no size: nothing changes at run time.
///
/// Not API (underscored): generated code puts one first in `_LoomFields`.
public struct _JSONSlotsMark {
    @inlinable @inline(__always)
    public init() {}
}

/// The value of an optional property's slot: empty when the key was missing, `nil` inside
/// when it was `null`, and `nil` to the property either way.
///
/// Not API (underscored): generated code calls it where `?? nil` would give every optional
/// property an autoclosure to compile.
@inlinable @inline(__always)
public func _flattened<T>(_ slot: consuming T??) -> T? {
    if case .some(let value) = slot { return value }
    return nil
}
