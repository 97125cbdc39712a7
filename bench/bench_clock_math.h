/* split_bench's clock arithmetic on the host, without Vulkan: what the spin (bench/clock_spin.comp)
 * does with its readings of the shader clock, and what the bench makes of what it wrote. A
 * counter may count fewer than 64 bits (RADV's on AMD counts 20) and wrap within a spin: summed
 * step by step, each step modulo the counter's period, the readings count the cycles a
 * full-width counter counts whenever no step lasts a whole period; their raw difference does
 * not (it read 2.9e16 MHz, or nothing). tests/bench/test_clock_math.c holds this arithmetic on
 * fixed readings; bench_clock (tests/bench/clock.sh) holds the spin to it on the device, from
 * the readings each spin records (--json's clock_spins). */
#ifndef VKSPLIT_BENCH_CLOCK_MATH_H
#define VKSPLIT_BENCH_CLOCK_MATH_H

#include <stddef.h>
#include <stdint.h>

/* The counter a spin reads. Without --clock-bits, the device's own: simulate all ones and
 * mask = device_mask. With it (narrower than the device's counter), every reading narrowed to
 * simulate's bits, starting each spin at `start`. */
typedef struct bench_clock_counter {
    uint64_t mask;        /* the period the spin sums its steps modulo, - 1 (read off the counter) */
    uint64_t device_mask; /* the device's counter's period - 1 (read off it) */
    uint64_t simulate;    /* all ones, or --clock-bits' period - 1 */
    uint64_t start;       /* simulating: the narrowed counter's reading at a spin's first reading */
} bench_clock_counter;

/* What a spin writes (clock_spin.comp's Result, in its order): its count on the counter it
 * reads, and the device's own readings for the host to check that count by. */
typedef struct bench_clock_record {
    uint64_t cycles;      /* the spin's count: its steps summed, each modulo mask + 1 */
    uint64_t iterations;  /* steps taken */
    uint64_t seen;        /* every reading of the counter it reads, ORed: the width probe's */
    uint64_t seen_device; /* every reading of the device's counter, ORed */
    uint64_t first, last; /* the device's counter at the first and the last reading */
    uint64_t longest;     /* the longest step, at the device's width */
    uint64_t full;        /* the steps summed at the device's width: the full-width count */
} bench_clock_record;

/* A counter's width read off its readings ORed (the width probe): its highest bit seen; 0 for
 * none. A width read short is harmless: a power of two divides the next, so steps shorter
 * than the shorter period still sum right. */
uint32_t bench_clock_width(uint64_t seen);
/* The period - 1 of a counter `bits` wide (0 to 64). */
uint64_t bench_clock_mask(uint32_t bits);
/* Where a counter narrowed to `bits` (1 to 63) reads at each spin's first reading: a sixteenth
 * of its period before it wraps, so that every spin wraps it and the width probe reads exactly
 * `bits` (its top bit is set from the start). */
uint64_t bench_clock_narrow_start(uint32_t bits);
/* The counter c's spin reads, where the device's counter reads `reading` and read `first` at
 * the spin's first reading. */
uint64_t bench_clock_narrow(const bench_clock_counter* c, uint64_t first, uint64_t reading);
/* One step from prev to now on a counter of period mask + 1: right across a wrap. */
uint64_t bench_clock_step(uint64_t prev, uint64_t now, uint64_t mask);
/* The spin's loop on the host over n >= 1 readings of the device's counter (readings[0] its
 * first): what clock_spin.comp writes for them (the shader stops at a cycle target; this reads
 * every reading). */
void bench_clock_model(const bench_clock_counter* c, const uint64_t* readings, size_t n, bench_clock_record* r);
/* A spin's clock in MHz: its cycles over its seconds less the launch (an empty spin's seconds)
 * where the spin outlasts the launch twice over; 0 for a spin that took no step or no time. */
double bench_clock_mhz(uint64_t cycles, uint64_t iterations, double seconds, double launch_s);

#endif /* VKSPLIT_BENCH_CLOCK_MATH_H */
