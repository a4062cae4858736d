import Foundation

#if HAVE_SIMDJSON
    import CSimdjson
#endif

/// The C ceiling: simdjson (Debian's `libsimdjson-dev`) parsing the same bytes
/// with its DOM API and walking every value. Present only when Package.swift found
/// `/usr/include/simdjson.h` and built the `CSimdjson` target.
enum SimdjsonCeiling {
    #if HAVE_SIMDJSON
        static let isAvailable = true
    #else
        static let isAvailable = false
    #endif

    static let skipMessage =
        "simdjson rows skipped: /usr/include/simdjson.h was not found when the benchmarks were built "
        + "(install it with `apt-get install libsimdjson-dev`, then rebuild)"

    /// The timed side for `data`, or `nil` without simdjson.
    static func side(for data: Data) -> Side? {
        #if HAVE_SIMDJSON
            let buffer = PaddedBytes(data)
            return Side(label: "simdjson DOM parse + walk (C++)") {
                let checksum = loom_simdjson_parse_walk(buffer.pointer, buffer.count)
                guard checksum >= 0 else { throw CheckFailure("simdjson rejected the document") }
                return Int(truncatingIfNeeded: checksum)
            }
        #else
            return nil
        #endif
    }

    /// How many values simdjson finds in `data` (for the check), or `nil` without simdjson.
    static func valueCount(_ data: Data) throws -> Int? {
        #if HAVE_SIMDJSON
            let buffer = PaddedBytes(data)
            let count = loom_simdjson_count_values(buffer.pointer, buffer.count)
            guard count >= 0 else { throw CheckFailure("simdjson rejected the document") }
            return Int(count)
        #else
            return nil
        #endif
    }
}

#if HAVE_SIMDJSON
    /// The document copied once, outside timing, into a buffer with the zeroed tail padding
    /// simdjson requires, so that no iteration pays for a padded copy.
    final class PaddedBytes {
        let pointer: UnsafeMutablePointer<UInt8>
        let count: Int

        init(_ data: Data) {
            count = data.count
            let capacity = data.count + loom_simdjson_padding()
            pointer = .allocate(capacity: capacity)
            pointer.initialize(repeating: 0, count: capacity)
            data.withUnsafeBytes { raw in
                if let base = raw.bindMemory(to: UInt8.self).baseAddress { pointer.update(from: base, count: raw.count) }
            }
        }

        deinit { pointer.deallocate() }
    }
#endif
