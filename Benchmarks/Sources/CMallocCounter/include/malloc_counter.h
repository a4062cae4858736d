#ifndef LOOM_MALLOC_COUNTER_H
#define LOOM_MALLOC_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this platform counts allocations (glibc only: the counter interposes malloc).
bool loom_malloc_counter_available(void);
/// Starts counting from zero. Counting is off until this is called.
void loom_malloc_counter_start(void);
/// Stops counting.
void loom_malloc_counter_stop(void);
/// Allocation calls (malloc, calloc, realloc, aligned forms) while counting was on.
uint64_t loom_malloc_counter_calls(void);
/// Bytes requested by those calls.
uint64_t loom_malloc_counter_bytes(void);

#endif
