// Counts heap allocations by interposing the C allocator in the benchmark executable.
//
// glibc only. A symbol the executable defines takes precedence over libc's for every
// library in the process (libswiftCore, Foundation, Loom), so these wrappers see all
// allocations; they forward to glibc's own entry points (__libc_malloc etc.), which avoids
// dlsym and its allocation-during-lookup recursion. Counting is off unless switched on, and
// then costs one well-predicted branch per call, so timed runs are not disturbed.
// Elsewhere the file compiles to stubs and the harness reports allocations as unavailable.

#include "malloc_counter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static volatile int counting = 0;
// Relaxed atomics: the harness counts on one thread, but Foundation or the runtime may
// allocate on another thread meanwhile and a lost update would undercount.
static uint64_t calls = 0;
static uint64_t bytes = 0;

static inline void record(size_t size) {
    if (__builtin_expect(counting, 0)) {
        __atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&bytes, (uint64_t)size, __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) {
    record(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    record(count * size);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    record(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    record(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    record(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // The checks glibc's posix_memalign makes before allocating.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    record(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    record(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    record(size);
    return __libc_pvalloc(size);
}

bool loom_malloc_counter_available(void) { return true; }

void loom_malloc_counter_start(void) {
    __atomic_store_n(&calls, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&bytes, 0, __ATOMIC_RELAXED);
    counting = 1;
}

void loom_malloc_counter_stop(void) { counting = 0; }

uint64_t loom_malloc_counter_calls(void) { return __atomic_load_n(&calls, __ATOMIC_RELAXED); }

uint64_t loom_malloc_counter_bytes(void) { return __atomic_load_n(&bytes, __ATOMIC_RELAXED); }

#else

bool loom_malloc_counter_available(void) { return false; }
void loom_malloc_counter_start(void) {}
void loom_malloc_counter_stop(void) {}
uint64_t loom_malloc_counter_calls(void) { return 0; }
uint64_t loom_malloc_counter_bytes(void) { return 0; }

#endif
