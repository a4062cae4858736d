import Foundation

/// How a stream of JSON values is laid out.
public enum JSONStreamFormat: String, Sendable, Hashable, CaseIterable {
    /// JSON Lines / NDJSON: one JSON value per line, separated by `\n` (a `\r` before it is
    /// ignored). Blank lines are skipped. Any value may appear on a line.
    case jsonLines
    /// The elements of one top-level JSON array, `[v1, v2, …]`, read one at a time.
    case array
}

/// Limits, error handling and concurrency of streaming decoders.
///
/// ```swift
/// var options = JSONStreamOptions()
/// options.onError = .skip
/// options.onSkippedError = { error in print("skipped: \(error)") }
/// options.maxElementSize = 1 << 20
/// ```
public struct JSONStreamOptions: Sendable {
    /// What to do when one element cannot be decoded.
    public enum ErrorPolicy: String, Sendable, Hashable {
        /// Stop: the error is thrown (or yielded as a failure) and the stream ends (the default).
        case `throw`
        /// Skip the element, report the error to ``JSONStreamOptions/onSkippedError`` and go on.
        /// Only ``JSONStreamError/isSkippable`` errors are skipped; a broken top-level array or a
        /// failed read still stops the stream.
        case skip
    }

    /// What to do with an element that fails. Default ``ErrorPolicy/throw``.
    public var onError: ErrorPolicy = .throw
    /// Called with every error skipped under ``ErrorPolicy/skip``, in stream order.
    public var onSkippedError: (@Sendable (JSONStreamError) -> Void)?
    /// The largest element accepted, in bytes of JSON text (a line without its line break, or
    /// one array element). Memory use is bounded by about this plus ``chunkSize``. A larger
    /// element is an error of kind ``JSONStreamError/Kind/elementTooLarge`` (skippable: the
    /// reader drops its bytes while scanning past it). Default 16 MiB.
    public var maxElementSize: Int = 16 << 20
    /// How many bytes are read from the input at a time. Default 64 KiB.
    public var chunkSize: Int = 64 << 10
    /// Concurrent decoding: how many bytes of elements go into one batch. Default 256 KiB.
    public var batchSize: Int = 256 << 10
    /// Concurrent decoding: how many batches may be queued or decoding at once (and held in
    /// memory) before reading waits. Default: twice the number of active processors, so every
    /// core has a batch waiting while the reading task scans the next one.
    public var maxConcurrentBatches: Int = 2 * ProcessInfo.processInfo.activeProcessorCount

    /// Creates options with the defaults.
    public init() {}
}
