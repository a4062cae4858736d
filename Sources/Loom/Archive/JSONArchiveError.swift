/// An error reading or writing a ``JSONArchive``: what went wrong, and for which file.
///
/// The description reads like
/// `/data/contacts.archive: checksum mismatch: the header says 1c291ca3, the payload gives 9b4d2a10`.
/// Reading never returns part of an archive: every check (JSON syntax, envelope, length,
/// checksum, type, version, migrations, decoding) runs before a value is handed back.
public struct JSONArchiveError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``JSONArchiveError``.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The file could not be read or written; ``JSONArchiveError/underlyingError`` holds the
        /// ``AtomicWriteError`` or the `errno` text.
        case fileSystem
        /// The archive ends early: empty, or cut off inside the envelope or the payload.
        case truncated
        /// The archive is damaged: not valid JSON, a malformed header, or a payload whose length
        /// differs from the header's.
        case corrupted
        /// The file is JSON but not a Loom archive (no `"format": "loom-archive"`).
        case notAnArchive
        /// The payload bytes do not match the checksum in the header.
        case checksumMismatch
        /// The archive holds another type (or another shape: one model, an array, a dictionary).
        case typeMismatch
        /// The archive was written by a newer model version than this build knows.
        case unsupportedVersion
        /// No migration (or more than one) leads from a version the archive needs.
        case missingMigration
        /// A migration step failed on the archived JSON.
        case migrationFailed
        /// The (migrated) payload does not decode as the model.
        case decodingFailed
        /// The model could not be encoded.
        case encodingFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// The reason, lowercase, without the file path.
    public let message: String
    /// The archive file, when the error concerns one.
    public var path: String?
    /// The error behind this one: a ``JSONDecodingError``, ``JSONError``, ``AtomicWriteError``
    /// or an error thrown by a migration closure or an encoder.
    public let underlyingError: (any Error & Sendable)?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, path: String? = nil, underlyingError: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
        self.underlyingError = underlyingError
    }

    /// The message, prefixed with the file path when there is one.
    public var description: String {
        guard let path else { return message }
        return "\(path): \(message)"
    }
}
