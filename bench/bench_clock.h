/* split_bench's clock: the clock the GPU runs at, measured, not assumed. A fixed-cycle spin
 * (bench/clock_spin.comp: one invocation counts 200,000 cycles of the shader clock,
 * VK_KHR_shader_clock; a CPU device 1,000,000) timed between two timestamps in a submission of
 * its own; cycles / (seconds - an empty spin's seconds, the launch) is the clock. split_bench
 * runs one before and after each batch. The counter's width is read off the counter itself
 * (every reading of a long spin ORed), and the spin sums its steps modulo that period, so a
 * narrow counter (RADV's 20 bits) wraps harmlessly (the arithmetic: bench_clock_math.h). Where
 * the device or the runner cannot give the shader clock, or device addresses are off, it says
 * why. */
#ifndef VKSPLIT_BENCH_CLOCK_H
#define VKSPLIT_BENCH_CLOCK_H

#include "bench_clock_math.h"
#include "bench_pipelines.h"
#include "bench_timing.h"

#define BENCH_CLOCK_SLOTS 8u
#define BENCH_CLOCK_RESULT_BYTES 64u /* a spin's result: a bench_clock_record */

typedef struct bench_clock bench_clock;

typedef struct bench_clock_slot {
    const bench_clock* clock;
    uint32_t index;
} bench_clock_slot;

struct bench_clock {
    int available;
    const char* note; /* why there is no clock; NULL when there is one */
    VkDevice device;
    VkPipelineLayout layout;
    VkPipeline pipeline;
    vksplit_runner_buffer results; /* BENCH_CLOCK_RESULT_BYTES a slot, and the two probes' */
    uint64_t spin_cycles;
    bench_clock_counter counter; /* what the spin counts on: the device's counter, or --clock-bits' */
    uint32_t counter_bits;       /* the width of the counter counted on, as read off it */
    uint32_t device_bits;        /* the device's counter's width, as read off it */
    double launch_s;             /* an empty spin's seconds: the launch, subtracted from every spin */
    double reference_mhz;        /* the clock at the end of the first case's warm-up: the 75% bar's */
    double end_mhz;              /* the clock after the last case: the reference re-checked */
    bench_clock_slot slots[BENCH_CLOCK_SLOTS];
    bench_op ops[BENCH_CLOCK_SLOTS];
    bench_batch spins[BENCH_CLOCK_SLOTS]; /* one recorded spin per slot */
    double seconds[BENCH_CLOCK_SLOTS];    /* each spin's GPU time since the last collect */
    uint32_t used;
    bench_clock_record collected[BENCH_CLOCK_SLOTS]; /* the last collect's spins (--json's clock_spins) */
    uint32_t collected_count;
    double max_mhz; /* the highest batch clock seen in the run (bench_measure.c) */
};

/* Asks the runner for the shader clock (before vksplit_runner_create). */
void bench_clock_request(vksplit_runner_desc* desc);
/* Sets up the spin where the runner enabled the shader clock and device addresses are on;
 * otherwise available = 0 and note says why. simulate_bits (1..63; 0: off) narrows every
 * reading to that many bits, a narrow counter on any device (--clock-bits, for the tests; as
 * wide as the device's counter or wider: the device's counter itself): each spin starts it a
 * sixteenth of its period before the wrap (bench_clock_narrow_start), so every spin wraps it.
 * Reads the counters' widths and times the launch. 0 only on a failure to set up what was
 * offered (message on stderr). c must stay where it is until destroyed. The spin's pipeline is
 * added to `pipelines`. */
int bench_clock_create(vksplit_runner* runner, const vksplit_runner_info* info, bench_timer* t, uint32_t simulate_bits,
                       bench_pipelines* pipelines, bench_clock* c);
#define BENCH_CLOCK_NOW_SPINS 3
/* The clock now: the median MHz of BENCH_CLOCK_NOW_SPINS spins, each a submission of its own
 * (0 on failure or without a clock). Call it between collects. */
double bench_clock_now(bench_clock* c, bench_timer* t, vksplit_runner* runner);
void bench_clock_destroy(bench_clock* c, bench_timer* t, vksplit_runner* runner);
/* Times one spin, a submission of its own, into the next slot; 0 on failure. */
int bench_clock_spin(bench_clock* c, bench_timer* t);
/* The MHz of each spin since the last collect, in order (returns how many: at most
 * BENCH_CLOCK_SLOTS), and what each wrote (collected). 0 on failure. */
uint32_t bench_clock_collect(bench_clock* c, vksplit_runner* runner, double* mhz);

#endif /* VKSPLIT_BENCH_CLOCK_H */
