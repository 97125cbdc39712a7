/* The clock's arithmetic (bench_clock_math.h). */
#include "bench_clock_math.h"

#include <string.h>

uint32_t bench_clock_width(uint64_t seen)
{
    uint32_t bits = 0;
    while (seen) {
        bits++;
        seen >>= 1;
    }
    return bits;
}

uint64_t bench_clock_mask(uint32_t bits) { return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1; }

uint64_t bench_clock_narrow_start(uint32_t bits)
{
    uint64_t period = (uint64_t)1 << bits;
    return period - (period >= 16 ? period / 16 : 1);
}

uint64_t bench_clock_narrow(const bench_clock_counter* c, uint64_t first, uint64_t reading)
{
    if (c->simulate == UINT64_MAX)
        return reading;
    return (reading - first + c->start) & c->simulate;
}

uint64_t bench_clock_step(uint64_t prev, uint64_t now, uint64_t mask) { return (now - prev) & mask; }

void bench_clock_model(const bench_clock_counter* c, const uint64_t* readings, size_t n, bench_clock_record* r)
{
    uint64_t first = readings[0], prev = bench_clock_narrow(c, first, first);
    memset(r, 0, sizeof *r);
    r->seen = prev;
    r->seen_device = r->first = r->last = first;
    for (size_t i = 1; i < n; i++) {
        uint64_t now = bench_clock_narrow(c, first, readings[i]);
        uint64_t step = bench_clock_step(r->last, readings[i], c->device_mask);
        r->cycles += bench_clock_step(prev, now, c->mask);
        r->full += step;
        r->longest = step > r->longest ? step : r->longest;
        r->seen |= now;
        r->seen_device |= readings[i];
        r->last = readings[i];
        prev = now;
    }
    r->iterations = n - 1;
}

double bench_clock_mhz(uint64_t cycles, uint64_t iterations, double seconds, double launch_s)
{
    /* The launch off the spin's time, where the spin outlasts it (it does by far: 100 us
     * against a few on a GPU, 1 ms against 50-150 us on lavapipe). */
    double spin_s = seconds > 2 * launch_s ? seconds - launch_s : seconds;
    return spin_s > 0 && iterations ? (double)cycles / spin_s * 1e-6 : 0;
}
