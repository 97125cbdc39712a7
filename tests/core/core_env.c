/* The core tests' environment (VKSPLIT_TEST_* knobs, the clock), their seeded RNG, the
 * guard pattern and host memory that never fails quietly. See core_support.h. */
#include "core_support.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- environment ------------------------------------------------------------------------ */

#if defined(__SANITIZE_ADDRESS__)
#    define CORE_SANITIZED 1
#elif defined(__has_feature)
#    if __has_feature(address_sanitizer)
#        define CORE_SANITIZED 1
#    endif
#endif
#ifndef CORE_SANITIZED
#    define CORE_SANITIZED 0
#endif

double core_scale(void)
{
    const char* s = getenv("VKSPLIT_TEST_SCALE");
    if (s && *s) {
        double v = strtod(s, NULL);
        if (v > 0)
            return v;
    }
    return CORE_SANITIZED ? 0.35 : 1.0;
}

unsigned core_scaled(unsigned count)
{
    double v = count * core_scale();
    return v < 1 ? 1u : (unsigned)v;
}

uint64_t core_seed(uint64_t default_seed)
{
    const char* s = getenv("VKSPLIT_TEST_SEED");
    return s && *s ? strtoull(s, NULL, 0) : default_seed;
}

long core_only_case(void)
{
    const char* s = getenv("VKSPLIT_TEST_CASE");
    return s && *s ? strtol(s, NULL, 0) : -1;
}

int core_join_all(void)
{
    const char* s = getenv("VKSPLIT_TEST_JOIN");
    return s && *s && *s != '0';
}

int core_verbose(void)
{
    const char* s = getenv("VKSPLIT_TEST_VERBOSE");
    return s && *s && *s != '0';
}

#if defined(_WIN32) /* mingw-w64's msvcrt has no timespec_get */
#    define WIN32_LEAN_AND_MEAN
#    include <windows.h>
double core_now(void)
{
    LARGE_INTEGER now, frequency;
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&frequency);
    return (double)now.QuadPart / (double)frequency.QuadPart;
}
#else
double core_now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
#endif

/* ---- RNG --------------------------------------------------------------------------------- */

void core_rng_seed(core_rng* rng, uint64_t seed) { rng->state = seed; }

uint64_t core_rng_next(core_rng* rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t core_rng_below(core_rng* rng, uint64_t bound) { return bound ? core_rng_next(rng) % bound : 0; }

uint64_t core_rng_range(core_rng* rng, uint64_t lo, uint64_t hi) { return lo + core_rng_below(rng, hi - lo + 1); }

int core_rng_percent(core_rng* rng, unsigned percent) { return core_rng_below(rng, 100) < percent; }

void core_rng_fill(core_rng* rng, void* data, size_t bytes)
{
    uint8_t* p = data;
    while (bytes >= 8) {
        uint64_t v = core_rng_next(rng);
        memcpy(p, &v, 8);
        p += 8;
        bytes -= 8;
    }
    if (bytes) {
        uint64_t v = core_rng_next(rng);
        memcpy(p, &v, bytes);
    }
}

uint8_t core_guard_byte(uint64_t position)
{
    return (uint8_t)(0xA5u ^ (position * 0x3Du) ^ (position >> 8) ^ (position >> 16));
}

uint32_t core_base_alignment(const vksplit_split_desc* split)
{
    return split->base_alignment ? split->base_alignment : 16u;
}

void* core_calloc(size_t count, size_t size)
{
    void* p = calloc(count ? count : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "out of host memory (%zu x %zu)\n", count, size);
        exit(2);
    }
    return p;
}

void core_rng_shuffle(core_rng* rng, uint32_t* v, uint32_t count)
{
    for (uint32_t i = count; i > 1; i--) {
        uint32_t j = (uint32_t)core_rng_below(rng, i);
        uint32_t t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}
