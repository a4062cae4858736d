import Foundation

/// Encodes a sequence of values as JSON Lines: one compact JSON document per line, each
/// followed by `\n`.
///
/// ```swift
/// let bytes = try JSONLinesEncoder().encode(users)
/// // {"login":"ada","id":1}
/// // {"login":"grace","id":2}
/// try JSONLinesEncoder().write(users, to: url)           // atomic, streamed in chunks
/// ```
///
/// The encoder's writing options apply except pretty printing, which would break the
/// one-value-per-line layout and is always off. JSON escapes every line break inside strings,
/// so a line never splits a value.
public struct JSONLinesEncoder: Sendable {
    /// Encodes each value; its key strategy, date strategy and writing options apply.
    public var encoder: JSONModelEncoder

    /// Creates a JSON Lines encoder.
    public init(encoder: JSONModelEncoder = .init()) {
        var encoder = encoder
        encoder.writingOptions.prettyPrinted = false
        self.encoder = encoder
    }

    private var lineEncoder: JSONModelEncoder {
        var compact = encoder
        compact.writingOptions.prettyPrinted = false
        return compact
    }

    /// The values as JSON Lines bytes.
    ///
    /// - Throws: the first value's encoding error (``JSONError`` for values JSON cannot hold,
    ///   or an error of a transformer).
    public func encode<S: Sequence>(_ values: S) throws -> [UInt8] where S.Element: JSONEncodable {
        let encoder = lineEncoder
        var bytes: [UInt8] = []
        for value in values {
            bytes.append(contentsOf: try encoder.encodeBytes(value))
            bytes.append(0x0A)
        }
        return bytes
    }

    /// Writes the values as JSON Lines to `fileHandle` at its current offset, in chunks of
    /// about 64 KiB, without holding the whole output in memory.
    ///
    /// - Throws: an encoding error (see ``encode(_:)``) or the file handle's write error;
    ///   what was written before the error stays written.
    public func write<S: Sequence>(_ values: S, to fileHandle: FileHandle) throws where S.Element: JSONEncodable {
        let encoder = lineEncoder
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        for value in values {
            buffer.append(contentsOf: try encoder.encodeBytes(value))
            buffer.append(0x0A)
            if buffer.count >= 1 << 16 {
                try fileHandle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if !buffer.isEmpty { try fileHandle.write(contentsOf: buffer) }
    }

    /// Replaces the file at `url` with the values as JSON Lines, atomically (see
    /// ``AtomicFileWriter``), streaming in chunks.
    ///
    /// - Throws: an encoding error (see ``encode(_:)``) or an ``AtomicWriteError``; in both
    ///   cases the previous file is intact.
    public func write<S: Sequence>(_ values: S, to url: URL, using fileWriter: AtomicFileWriter = .init()) throws
    where S.Element: JSONEncodable {
        let encoder = lineEncoder
        try fileWriter.write(to: url) { output in
            for value in values {
                var line = try encoder.encodeBytes(value)
                line.append(0x0A)
                try output.write(line)
            }
        }
    }
}
