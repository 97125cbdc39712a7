/* One case's timed span, at a held clock: the split warmed up by GPU time; each operation's K
 * sized so that its batch lasts --batch-ms; then rounds of batches, the split's and each
 * reference's interleaved (a slow spell hits them all), the clock measured around each batch;
 * a round with a batch under 75% of the run's highest clock warmed again and re-run (a bounded
 * number of times, counted); per-repetition time = batch time / K, median over rounds; latency
 * mode after, where asked. No host work inside: the caller uploads, checks and times memcpy
 * before. */
#ifndef VKSPLIT_BENCH_MEASURE_H
#define VKSPLIT_BENCH_MEASURE_H

#include "bench_clock.h"
#include "bench_timing.h"

#define BENCH_MAX_OPS 3u     /* the split, then the references */
#define BENCH_MAX_BATCHES 64 /* --reps */
#define BENCH_LOW_CLOCK 0.75 /* nvbench's bar: a sample under 75% of the clock is dropped */

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

typedef struct bench_measurement {
    bench_op_result ops[BENCH_MAX_OPS];
    int batches;
    double warmup_s; /* GPU seconds of the split's first warm-up */
    uint32_t warmup_batches;
    uint32_t reruns;       /* rounds re-run for a low clock */
    uint32_t low_batches;  /* batches still under the bar after the re-runs */
    double clock_mhz;      /* the split's batches, median; 0 without a clock */
    double clock_relative; /* to the highest clock seen in the run so far */
} bench_measurement;

/* ops[0] is the split. 0 on failure (message on stderr). */
int bench_measure(bench_timer* t, bench_clock* clock, vksplit_runner* runner, const bench_op* ops, uint32_t op_count,
                  const bench_measure_options* o, bench_measurement* m);

#endif /* VKSPLIT_BENCH_MEASURE_H */
