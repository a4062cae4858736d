/// The kinds of node in a parsed document's tape.
@usableFromInline
enum NodeKind: UInt8 {
    case null = 0
    case `false` = 1
    case `true` = 2
    /// An integer lexeme of at most 18 digits; the payload holds its value as `Int64` bits.
    case int = 3
    /// A fraction or exponent with at most 19 significant digits; the payload holds the
    /// correctly rounded `Double`'s bits. The lexeme's length is found again when asked for.
    case double = 4
    /// Any other number; the payload holds the lexeme length (bit 63 set for integers).
    case number = 5
    /// A string; the payload holds the raw byte length, bit 63 = has escapes, bit 62 = non-ASCII.
    case string = 6
    /// An array; the payload holds the end node index (low 32 bits) and the element count.
    /// Containers have the highest raw values (``JSONElement/count`` relies on it).
    case array = 7
    /// An object; the payload holds the end node index (low 32 bits) and the member count.
    case object = 8
}

/// The flat index over the input bytes, two 64-bit words per node.
///
/// Word 0 holds the node kind in its top byte and the byte offset of the token in the rest
/// (for strings, the offset of the first byte after the opening quote). Word 1 is the
/// payload described on ``NodeKind``. Containers are followed by their children in order;
/// an object's children alternate key (a string node) and value. Skipping a container is
/// one load: its end index is in the payload.
@usableFromInline
struct Tape {
    @usableFromInline var words: UnsafeMutablePointer<UInt64>
    @usableFromInline var count: Int  // in nodes
    @usableFromInline var capacity: Int  // in nodes

    init(estimatedNodes: Int) {
        capacity = max(16, estimatedNodes)
        words = .allocate(capacity: capacity &* 2)
        count = 0
    }

    @inline(__always)
    mutating func append(kind: NodeKind, offset: Int, payload: UInt64) {
        if count == capacity { grow() }
        let base = words + (count &<< 1)
        base[0] = (UInt64(kind.rawValue) &<< 56) | UInt64(truncatingIfNeeded: offset)
        base[1] = payload
        count &+= 1
    }

    @inline(never)
    mutating func grow() {
        let newCapacity = capacity &* 2
        let newWords = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity &* 2)
        newWords.moveInitialize(from: words, count: count &* 2)
        words.deallocate()
        words = newWords
        capacity = newCapacity
    }

    func deallocate() { words.deallocate() }
}

/// Bit masks for payload flags.
@usableFromInline let stringHasEscapesFlag: UInt64 = 1 << 63
@usableFromInline let stringNonASCIIFlag: UInt64 = 1 << 62
@usableFromInline let numberIsIntegerFlag: UInt64 = 1 << 63
@usableFromInline let payloadLengthMask: UInt64 = (1 << 62) - 1
@usableFromInline let offsetMask: UInt64 = (1 << 56) - 1
