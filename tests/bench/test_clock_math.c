/* split_bench's clock arithmetic (bench/bench_clock_math.c) on fixed readings of a full-width
 * counter, no device:
 *  - narrowed to 20 bits (RADV's shader clock on AMD) reading by reading, the readings count
 *    what the full width counts whenever no step lasts a period: across one wrap and several,
 *    from readings at 0 and at the mask, from a spin's narrowed start (--clock-bits), with a
 *    width read short, and on full-width counters that wrap (lavapipe's 32 bits, 64); where
 *    their raw difference would not (the absurd clocks of the bug this guards);
 *  - a step as long as the period or longer loses whole periods, nothing else;
 *  - the width probe: a counter's width off its readings ORed, exactly the narrowed width from
 *    the narrowed start;
 *  - the MHz: cycles over the spin's seconds, the launch subtracted where the spin outlasts it.
 * Pure CPU: no device. */
#include <stdio.h>
#include <string.h>

#include "bench_clock_math.h"
#include "test_harness.h"

#define BITS 20
#define PERIOD ((uint64_t)1 << BITS)
#define MASK (PERIOD - 1)
#define MAX_READINGS 64

/* The device's own counter, `bits` wide (64: full width). */
static bench_clock_counter device(uint32_t bits)
{
    uint64_t mask = bench_clock_mask(bits);
    return (bench_clock_counter){mask, mask, UINT64_MAX, 0};
}

/* A device's counter (device_bits wide) narrowed to `bits` reading by reading, from the
 * spin's first reading at `start` (--clock-bits), or as the readings' own low bits where start
 * is UINT64_MAX. */
static bench_clock_counter narrowed(uint32_t bits, uint32_t device_bits, uint64_t start)
{
    bench_clock_counter c = {bench_clock_mask(bits), bench_clock_mask(device_bits), bench_clock_mask(bits), start};
    return c;
}

static bench_clock_counter masked(uint32_t bits, uint32_t device_bits)
{
    /* The readings' own low bits: the narrowed counter starts where the first reading's are. */
    return narrowed(bits, device_bits, UINT64_MAX);
}

/* The counter c, its start resolved for these readings (UINT64_MAX: the first reading's own bits). */
static bench_clock_counter resolve(bench_clock_counter c, const uint64_t* readings)
{
    if (c.start == UINT64_MAX)
        c.start = readings[0] & c.simulate;
    return c;
}

/* The readings the same steps take from `first` on a counter of period device_mask + 1. */
static size_t walk(uint64_t first, const uint64_t* steps, size_t n, uint64_t device_mask, uint64_t* readings)
{
    readings[0] = first & device_mask;
    for (size_t i = 0; i < n; i++)
        readings[i + 1] = (readings[i] + steps[i]) & device_mask;
    return n + 1;
}

/* Counts the readings on c and on the device's full width: the same cycles when no step
 * lasts c's period; otherwise the whole periods lost, nothing else. Returns the record. */
static bench_clock_record expect_counts(const char* name, bench_clock_counter c, const uint64_t* readings, size_t n)
{
    bench_clock_counter full = device(bench_clock_width(c.device_mask));
    bench_clock_record r, w;
    c = resolve(c, readings);
    bench_clock_model(&c, readings, n, &r);
    bench_clock_model(&full, readings, n, &w);
    uint64_t sum = 0, longest = 0;
    for (size_t i = 1; i < n; i++) { /* the full width's count, step by step, independently */
        uint64_t step = (readings[i] - readings[i - 1]) & c.device_mask;
        sum += step;
        longest = step > longest ? step : longest;
    }
    CHECK_MSG(w.cycles == sum && r.full == sum && w.full == sum,
              "%s: the full width counted %llu, %llu (full %llu), not %llu", name, (unsigned long long)w.cycles,
              (unsigned long long)r.cycles, (unsigned long long)r.full, (unsigned long long)sum);
    CHECK_MSG(r.longest == longest, "%s: the longest step %llu, not %llu", name, (unsigned long long)r.longest,
              (unsigned long long)longest);
    CHECK_MSG(r.first == readings[0] && r.last == readings[n - 1] && r.iterations == n - 1,
              "%s: the record's first, last or iterations", name);
    uint64_t lost = sum - r.cycles, period = c.mask + 1;
    if (longest <= c.mask)
        CHECK_MSG(r.cycles == sum, "%s: narrowed to %u bits the readings count %llu, the full width %llu", name,
                  bench_clock_width(c.mask), (unsigned long long)r.cycles, (unsigned long long)sum);
    else
        CHECK_MSG(r.cycles < sum && period && lost % period == 0,
                  "%s: a step over the period: %llu counted, %llu at full width: not whole periods lost", name,
                  (unsigned long long)r.cycles, (unsigned long long)sum);
    return r;
}

/* How often the narrowed counter wrapped over the readings (each step shorter than its period). */
static uint64_t wraps(bench_clock_counter c, const uint64_t* readings, size_t n)
{
    c = resolve(c, readings);
    uint64_t wrapped = 0, prev = bench_clock_narrow(&c, readings[0], readings[0]);
    for (size_t i = 1; i < n; i++) {
        uint64_t now = bench_clock_narrow(&c, readings[0], readings[i]);
        wrapped += now < prev;
        prev = now;
    }
    return wrapped;
}

static void test_one_wrap(void)
{
    /* Readings near 2^20 on a 64-bit counter: their low 20 bits wrap once, between the 2nd
     * and the 3rd. */
    const uint64_t readings[] = {0x12300fff00, 0x12300ffff0, 0x1230100010, 0x1230100100, 0x1230180000};
    size_t n = sizeof readings / sizeof readings[0];
    bench_clock_counter c = masked(BITS, 64);
    bench_clock_record r = expect_counts("one wrap", c, readings, n);
    CHECK(r.cycles == 0x1230180000 - 0x12300fff00);
    CHECK(wraps(c, readings, n) == 1);
    /* The bug: the narrowed readings' raw difference reads 2^64 less a few cycles, or 0. */
    uint64_t raw = (readings[n - 2] & MASK) - (readings[0] & MASK);
    CHECK_MSG(raw > ((uint64_t)1 << 63), "the fixture should wrap the raw difference: %llu", (unsigned long long)raw);
}

static void test_zero_and_mask(void)
{
    /* Readings at the mask and at 0: a step of one across the wrap, and steps from 0. */
    const uint64_t readings[] = {PERIOD * 7 + MASK - 2, PERIOD * 7 + MASK, PERIOD * 8,
                                 PERIOD * 8 + 1,        PERIOD * 8 + MASK, PERIOD * 9};
    size_t n = sizeof readings / sizeof readings[0];
    bench_clock_counter c = masked(BITS, 64);
    bench_clock_record r = expect_counts("0 and the mask", c, readings, n);
    CHECK(r.cycles == PERIOD + 3 && r.cycles == readings[n - 1] - readings[0]);
    CHECK(wraps(c, readings, n) == 2);
    CHECK(bench_clock_step(MASK, 0, MASK) == 1 && bench_clock_step(0, MASK, MASK) == MASK);
    CHECK(bench_clock_step(5, 5, MASK) == 0 && bench_clock_step(UINT64_MAX, 0, UINT64_MAX) == 1);
    /* A spin from 0 to the mask in one step: the longest a step may be. */
    const uint64_t whole[] = {PERIOD * 3, PERIOD * 3 + MASK};
    CHECK(expect_counts("0 to the mask", c, whole, 2).cycles == MASK);
}

/* A spin's steps, a few hundred to a few thousand cycles: a lavapipe spin's are 20-50 ns. */
static size_t spin_steps(uint64_t* steps, size_t n, uint64_t scale)
{
    for (size_t i = 0; i < n; i++)
        steps[i] = scale * (1 + (i * 7919) % 13);
    return n;
}

static void test_spins(void)
{
    uint64_t steps[MAX_READINGS - 1], readings[MAX_READINGS];
    size_t k = spin_steps(steps, MAX_READINGS - 1, 9000); /* about 4.5 million cycles: 4 periods */
    /* From the narrowed start (--clock-bits 20), on the device's 64-bit counter and on 32-bit
     * ones (lavapipe's) about to wrap too, and from a few other readings. */
    const uint64_t firsts[] = {0, MASK, PERIOD, 0xfffff000, 0xffffffffffff0000, 0x123456789abcdef};
    const uint32_t device_bits[] = {64, 32};
    for (size_t d = 0; d < 2; d++)
        for (size_t f = 0; f < sizeof firsts / sizeof firsts[0]; f++) {
            uint64_t device_mask = bench_clock_mask(device_bits[d]);
            size_t n = walk(firsts[f], steps, k, device_mask, readings);
            char name[96];
            snprintf(name, sizeof name, "a spin from %#llx on %u bits", (unsigned long long)firsts[f], device_bits[d]);
            bench_clock_counter start = narrowed(BITS, device_bits[d], bench_clock_narrow_start(BITS));
            bench_clock_record r = expect_counts(name, start, readings, n);
            CHECK_MSG(wraps(start, readings, n) >= 4, "%s: the narrowed counter should wrap 4 times", name);
            CHECK(r.seen >= PERIOD / 2 && r.seen <= MASK);
            expect_counts(name, masked(BITS, device_bits[d]), readings, n);
            expect_counts(name, masked(BITS - 1, device_bits[d]), readings, n); /* a width read short */
            expect_counts(name, device(device_bits[d]), readings, n);
        }
}

static void test_full_width_wraps(void)
{
    /* lavapipe's counter counts 32 bits (its nanoseconds' low half), and a 64-bit one wraps too. */
    const uint64_t lavapipe[] = {0xffffff00, 0xfffffff0, 0x10, 0x200};
    CHECK(expect_counts("32 bits across their wrap", device(32), lavapipe, 4).cycles == 0x300);
    const uint64_t full[] = {UINT64_MAX - 5, UINT64_MAX, 3};
    CHECK(expect_counts("64 bits across their wrap", device(64), full, 3).cycles == 9);
    CHECK(expect_counts("narrowed from 64 bits across their wrap", masked(BITS, 64), full, 3).cycles == 9);
}

static void test_long_steps(void)
{
    /* A step of a whole period (a spin preempted on a CPU device) is lost on the narrow
     * counter, one a period and a half loses one period: what a real narrow counter reads. */
    const uint64_t readings[] = {PERIOD * 5 + 100, PERIOD * 5 + 200, PERIOD * 6 + 200, PERIOD * 7 + PERIOD / 2 + 200};
    bench_clock_record r = expect_counts("long steps", masked(BITS, 64), readings, 4);
    CHECK(r.full == PERIOD * 2 + PERIOD / 2 + 100 && r.cycles == r.full - 2 * PERIOD &&
          r.longest == PERIOD + PERIOD / 2);
}

static void test_width(void)
{
    CHECK(bench_clock_width(0) == 0 && bench_clock_width(1) == 1 && bench_clock_width(MASK) == BITS);
    CHECK(bench_clock_width(PERIOD / 2) == BITS && bench_clock_width(PERIOD) == BITS + 1);
    CHECK(bench_clock_width(UINT64_MAX) == 64 && bench_clock_width(0xffffffff) == 32);
    CHECK(bench_clock_mask(0) == 0 && bench_clock_mask(BITS) == MASK && bench_clock_mask(64) == UINT64_MAX);
    CHECK(bench_clock_mask(63) == UINT64_MAX >> 1);
    /* The probe's readings ORed: the narrowed ones read exactly the narrowed width from its
     * start, whatever the device's counter reads; a device counter's, its own. */
    uint64_t steps[MAX_READINGS - 1], readings[MAX_READINGS];
    size_t n = walk(3, steps, spin_steps(steps, 40, 30), UINT64_MAX, readings);
    for (uint32_t bits = 1; bits < 64; bits++) {
        uint64_t start = bench_clock_narrow_start(bits);
        CHECK_MSG(start <= bench_clock_mask(bits) && bench_clock_width(start) == bits, "%u bits: start %llu", bits,
                  (unsigned long long)start);
        bench_clock_counter c = narrowed(bits, 64, start);
        bench_clock_record r;
        bench_clock_model(&c, readings, n, &r);
        CHECK_MSG(bench_clock_width(r.seen) == bits, "%u bits: the probe read %u", bits, bench_clock_width(r.seen));
        CHECK(bench_clock_narrow(&c, readings[0], readings[0]) == start);
    }
    CHECK(bench_clock_narrow_start(BITS) == PERIOD - PERIOD / 16);
    bench_clock_counter own = device(64);
    bench_clock_record r;
    bench_clock_model(&own, readings, n, &r);
    CHECK(r.seen == r.seen_device && bench_clock_width(r.seen) == bench_clock_width(readings[n - 1] | readings[0]));
    const uint64_t at_zero_and_mask[] = {0, MASK};
    bench_clock_model(&own, at_zero_and_mask, 2, &r);
    CHECK(bench_clock_width(r.seen) == BITS);
}

static int near(double a, double b) { return a > b * (1 - 1e-12) && a < b * (1 + 1e-12); }

static void test_mhz(void)
{
    CHECK(near(bench_clock_mhz(1000000, 25000, 1e-3, 0), 1000));
    CHECK(near(bench_clock_mhz(1000000, 25000, 1.1e-3, 1e-4), 1000));                /* the launch off */
    CHECK(near(bench_clock_mhz(200000, 100, 1.5e-4, 1e-4), 200000 / 1.5e-4 * 1e-6)); /* not outlasting it twice: kept */
    CHECK(bench_clock_mhz(1000000, 0, 1e-3, 0) == 0 && bench_clock_mhz(1000000, 25000, 0, 0) == 0);
}

int main(void)
{
    test_one_wrap();
    test_zero_and_mask();
    test_spins();
    test_full_width_wraps();
    test_long_steps();
    test_width();
    test_mhz();
    return test_finish(NULL);
}
