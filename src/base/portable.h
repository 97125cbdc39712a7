/* What C11 leaves optional, or compilers spell differently, in one place: the library and the
 * runner use these and never <stdatomic.h> or __attribute__ directly, so that they
 * build with gcc, clang, mingw-w64 and MSVC alike.
 *
 *   VKSPLIT_PRINTF(f, a)   printf-format checking where the compiler has it
 *   vksplit__atomic_u64    a 64-bit word (a pipeline handle) loaded, stored and swapped from
 *   vksplit__atomic_u32    any thread; a 32-bit counter
 *
 * Atomics come from <stdatomic.h> where the compiler has it (__STDC_NO_ATOMICS__ undefined),
 * else from the Interlocked intrinsics (MSVC without /experimental:c11atomics, and mingw-w64
 * when forced), else from the __atomic builtins (gcc, clang). VKSPLIT_NO_C11_ATOMICS forces the
 * fallback: the test command builds the thread tests that way (ThreadSanitizer on the builtins,
 * Wine on the Interlocked intrinsics), so the branch MSVC takes is compiled and run too.
 * Every operation is sequentially consistent, as C11's defaults are. */
#ifndef VKSPLIT_PORTABLE_H
#define VKSPLIT_PORTABLE_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#    define VKSPLIT_PRINTF(fmt_index, first_arg) __attribute__((format(printf, fmt_index, first_arg)))
#else
#    define VKSPLIT_PRINTF(fmt_index, first_arg)
#endif

#if !defined(__STDC_NO_ATOMICS__) && !defined(VKSPLIT_NO_C11_ATOMICS)
#    include <stdatomic.h>
typedef _Atomic(uint64_t) vksplit__atomic_u64;
typedef _Atomic(uint32_t) vksplit__atomic_u32;
static inline uint64_t vksplit__load_u64(vksplit__atomic_u64* a) { return atomic_load(a); }
static inline void vksplit__store_u64(vksplit__atomic_u64* a, uint64_t v) { atomic_store(a, v); }
static inline bool vksplit__swap_u64(vksplit__atomic_u64* a, uint64_t* expected, uint64_t desired)
{
    return atomic_compare_exchange_strong(a, expected, desired);
}
static inline void vksplit__init_u32(vksplit__atomic_u32* a, uint32_t v) { atomic_init(a, v); }
static inline void vksplit__add_u32(vksplit__atomic_u32* a, uint32_t v) { atomic_fetch_add(a, v); }
static inline uint32_t vksplit__load_u32(vksplit__atomic_u32* a) { return atomic_load(a); }

#elif defined(_WIN32)
#    include <intrin.h>
/* The Interlocked family is a full barrier; a load is a compare-exchange that stores what it
 * finds (the idiom for a sequentially consistent 64-bit load on 32-bit x86 too). */
typedef volatile long long vksplit__atomic_u64;
typedef volatile long vksplit__atomic_u32;
static inline uint64_t vksplit__load_u64(vksplit__atomic_u64* a)
{
    return (uint64_t)_InterlockedCompareExchange64(a, 0, 0);
}
static inline void vksplit__store_u64(vksplit__atomic_u64* a, uint64_t v)
{
    long long seen = *a;
    for (long long found; (found = _InterlockedCompareExchange64(a, (long long)v, seen)) != seen;)
        seen = found;
}
static inline bool vksplit__swap_u64(vksplit__atomic_u64* a, uint64_t* expected, uint64_t desired)
{
    long long found = _InterlockedCompareExchange64(a, (long long)desired, (long long)*expected);
    bool swapped = found == (long long)*expected;
    *expected = (uint64_t)found;
    return swapped;
}
static inline void vksplit__init_u32(vksplit__atomic_u32* a, uint32_t v) { *a = (long)v; }
static inline void vksplit__add_u32(vksplit__atomic_u32* a, uint32_t v) { _InterlockedExchangeAdd(a, (long)v); }
static inline uint32_t vksplit__load_u32(vksplit__atomic_u32* a)
{
    return (uint32_t)_InterlockedCompareExchange(a, 0, 0);
}

#elif defined(__GNUC__) || defined(__clang__)
typedef uint64_t vksplit__atomic_u64;
typedef uint32_t vksplit__atomic_u32;
static inline uint64_t vksplit__load_u64(vksplit__atomic_u64* a) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); }
static inline void vksplit__store_u64(vksplit__atomic_u64* a, uint64_t v) { __atomic_store_n(a, v, __ATOMIC_SEQ_CST); }
static inline bool vksplit__swap_u64(vksplit__atomic_u64* a, uint64_t* expected, uint64_t desired)
{
    return __atomic_compare_exchange_n(a, expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
static inline void vksplit__init_u32(vksplit__atomic_u32* a, uint32_t v) { __atomic_store_n(a, v, __ATOMIC_RELAXED); }
static inline void vksplit__add_u32(vksplit__atomic_u32* a, uint32_t v) { __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); }
static inline uint32_t vksplit__load_u32(vksplit__atomic_u32* a) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); }

#else
#    error "vksplit needs C11 atomics, the Interlocked intrinsics (Windows) or the __atomic builtins (gcc, clang)"
#endif

#endif /* VKSPLIT_PORTABLE_H */
