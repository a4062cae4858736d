#ifndef LOOM_SIMDJSON_H
#define LOOM_SIMDJSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Bytes that must be readable (and may hold anything) after the document: simdjson reads
/// past the end in 64-byte blocks. Allocate `length + loom_simdjson_padding()` bytes.
size_t loom_simdjson_padding(void);

/// Parses `length` bytes with simdjson's DOM parser (one parser per thread, reused across
/// calls as simdjson's own benchmarks do: its buffers are capacity, not results) and walks
/// every value of the tree, folding each into a checksum. Returns that checksum, which is
/// never negative, or -1 when the document is not valid JSON.
int64_t loom_simdjson_parse_walk(const uint8_t *bytes, size_t length);

/// The number of values (containers, scalars and keys not counted) in the document, or -1.
int64_t loom_simdjson_count_values(const uint8_t *bytes, size_t length);

#ifdef __cplusplus
}
#endif

#endif
