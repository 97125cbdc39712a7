/* One case's timed span, at a held clock: the split warmed up by GPU time; each operation's K
 * sized so that its batch lasts --batch-ms; then rounds of batches, the split's and each
 * reference's interleaved (a slow spell hits them all), the clock measured around each batch;
 * a round with a batch under 75% of the reference clock (the clock at the end of the run's
 * first warm-up: an absolute bar, so a run held low throughout does not pass; the run's highest
 * where there is none yet) warmed again and re-run (a bounded number of times, counted);
 * per-repetition time = batch time / K, median over rounds; latency mode after, where asked,
 * the clock measured around it too. No host work inside: the caller uploads, checks and times
 * memcpy before. */
#ifndef VKSPLIT_BENCH_MEASURE_H
#define VKSPLIT_BENCH_MEASURE_H

#include "bench_clock.h"
#include "bench_timing.h"

#define BENCH_MAX_OPS 3u     /* the split, then the references */
#define BENCH_MAX_BATCHES 64 /* --reps */
#define BENCH_LOW_CLOCK 0.75 /* nvbench's bar: a sample under 75% of the clock is dropped */
#define BENCH_CLOCK_SAG 0.90 /* the clock after the last case under this of the reference: a warning */

typedef struct bench_measure_options {
    int batches;     /* timed rounds */
    double warmup_s; /* the split's warm-up, GPU time (and again before a re-run) */
    bench_sizing sizing;
    int latency; /* also latency mode */
} bench_measure_options;

typedef struct bench_op_result {
    double rep_s;     /* per repetition: batch time / K, median over the rounds */
    uint32_t reps;    /* K */
    double latency_s; /* latency mode's median; 0 where not run */
} bench_op_result;

/* The clock a batch must reach: BENCH_LOW_CLOCK of the reference (or of the run's highest
 * before there is one). */
double bench_low_clock_bar(const bench_clock* clock);

typedef struct bench_measurement {
    bench_op_result ops[BENCH_MAX_OPS];
    int batches;
    double warmup_s; /* GPU seconds of the split's first warm-up */
    uint32_t warmup_batches;
    uint32_t reruns;          /* rounds re-run for a low clock */
    uint32_t low_batches;     /* batches still under the bar after the re-runs */
    double clock_mhz;         /* the split's batches, median; 0 without a clock */
    double clock_relative;    /* to the reference clock (bench_clock.reference_mhz) */
    double latency_clock_mhz; /* latency mode: the lower of the spins around it; 0 where not run */
} bench_measurement;

/* ops[0] is the split. 0 on failure (message on stderr). */
int bench_measure(bench_timer* t, bench_clock* clock, vksplit_runner* runner, const bench_op* ops, uint32_t op_count,
                  const bench_measure_options* o, bench_measurement* m);

#endif /* VKSPLIT_BENCH_MEASURE_H */
