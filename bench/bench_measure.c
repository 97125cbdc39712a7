/* One case's timed span (bench_measure.h). */
#include "bench_measure.h"

#include <stdio.h>
#include <string.h>

typedef struct span {
    bench_timer* t;
    bench_clock* clock;
    vksplit_runner* runner;
    const bench_op* ops;
    uint32_t op_count;
    bench_batch warm[BENCH_MAX_OPS];    /* warm-up and sizing, on the warm-up slots */
    bench_batch batches[BENCH_MAX_OPS]; /* the timed ones, at the K the warm-up settled */
    double rep_s[BENCH_MAX_OPS][BENCH_MAX_BATCHES];
    /* A batch's clock: the lower of the spins around it, so that one spin read high (a CPU
     * device's timestamps) raises neither it nor the run's highest. */
    double mhz[BENCH_MAX_OPS][BENCH_MAX_BATCHES];
} span;

/* Round r: a spin, then each operation's batch followed by a spin. */
static int run_round(span* s, int r)
{
    int clock = s->clock->available;
    if (clock && !bench_clock_spin(s->clock, s->t))
        return 0;
    for (uint32_t i = 0; i < s->op_count; i++) {
        double seconds = bench_batch_run(s->t, &s->batches[i]);
        if (seconds < 0 || (clock && !bench_clock_spin(s->clock, s->t)))
            return 0;
        s->rep_s[i][r] = seconds / s->batches[i].reps;
    }
    double mhz[BENCH_CLOCK_SLOTS];
    if (clock && bench_clock_collect(s->clock, s->runner, mhz) != s->op_count + 1)
        return 0;
    for (uint32_t i = 0; i < s->op_count; i++) {
        s->mhz[i][r] = clock ? (mhz[i] < mhz[i + 1] ? mhz[i] : mhz[i + 1]) : 0;
        if (s->mhz[i][r] > s->clock->max_mhz)
            s->clock->max_mhz = s->mhz[i][r];
    }
    return 1;
}

double bench_low_clock_bar(const bench_clock* clock)
{
    return BENCH_LOW_CLOCK * (clock->reference_mhz > 0 ? clock->reference_mhz : clock->max_mhz);
}

static int low_round(const span* s, int r)
{
    for (uint32_t i = 0; i < s->op_count; i++)
        if (s->mhz[i][r] < bench_low_clock_bar(s->clock))
            return 1;
    return 0;
}

/* Rounds whose clock fell under the bar: the split warmed again, the round run again, at
 * most one re-run per round in all. */
static int rerun_low_rounds(span* s, const bench_measure_options* o, bench_measurement* m)
{
    if (!s->clock->available)
        return 1;
    bench_sizing fixed = o->sizing;
    fixed.fixed_reps = s->batches[0].reps;
    for (int r = 0; r < o->batches && m->reruns < (uint32_t)o->batches; r++) {
        if (!low_round(s, r))
            continue;
        uint32_t warm_batches;
        if (bench_warm(s->t, &s->warm[0], &s->ops[0], &fixed, o->warmup_s, &warm_batches) < 0 || !run_round(s, r))
            return 0;
        m->reruns++;
    }
    for (int r = 0; r < o->batches; r++)
        for (uint32_t i = 0; i < s->op_count; i++)
            m->low_batches += s->mhz[i][r] < bench_low_clock_bar(s->clock);
    return 1;
}

static int measure(span* s, const bench_measure_options* o, bench_measurement* m)
{
    m->warmup_s = bench_warm(s->t, &s->warm[0], &s->ops[0], &o->sizing, o->warmup_s, &m->warmup_batches);
    if (m->warmup_s < 0)
        return 0;
    /* The reference clock: held at the end of the run's first warm-up (re-checked after the
     * last case, bench_report_end). */
    if (s->clock->available && s->clock->reference_mhz == 0 &&
        (s->clock->reference_mhz = bench_clock_now(s->clock, s->t, s->runner)) <= 0)
        return 0;
    for (uint32_t i = 0; i < s->op_count; i++) { /* each reference's K, on the warm GPU; the timed batches */
        uint32_t sized;
        if ((i && bench_warm(s->t, &s->warm[i], &s->ops[i], &o->sizing, 0, &sized) < 0) ||
            !bench_batch_record(s->t, &s->batches[i], &s->ops[i], s->warm[i].reps, s->ops[i].slot))
            return 0;
    }
    for (int r = 0; r < o->batches; r++)
        if (!run_round(s, r))
            return 0;
    if (!rerun_low_rounds(s, o, m))
        return 0;
    int clock = s->clock->available, latency_clock = clock && o->latency;
    if (latency_clock && !bench_clock_spin(s->clock, s->t))
        return 0;
    for (uint32_t i = 0; i < s->op_count; i++) {
        m->ops[i].reps = s->batches[i].reps;
        m->ops[i].rep_s = bench_median(s->rep_s[i], o->batches);
        if (o->latency && (m->ops[i].latency_s = bench_latency(s->t, &s->ops[i])) < 0)
            return 0;
    }
    if (latency_clock) { /* the lower of the spins before and after latency mode */
        double mhz[BENCH_CLOCK_SLOTS];
        if (!bench_clock_spin(s->clock, s->t) || bench_clock_collect(s->clock, s->runner, mhz) != 2)
            return 0;
        m->latency_clock_mhz = mhz[0] < mhz[1] ? mhz[0] : mhz[1];
    }
    if (clock) {
        m->clock_mhz = bench_median(s->mhz[0], o->batches);
        m->clock_relative = s->clock->reference_mhz > 0 ? m->clock_mhz / s->clock->reference_mhz : 0;
    }
    return 1;
}

int bench_measure(bench_timer* t, bench_clock* clock, vksplit_runner* runner, const bench_op* ops, uint32_t op_count,
                  const bench_measure_options* o, bench_measurement* m)
{
    static span s; /* large: the timings of every round */
    memset(&s, 0, sizeof s);
    memset(m, 0, sizeof *m);
    s.t = t;
    s.clock = clock;
    s.runner = runner;
    s.ops = ops;
    s.op_count = op_count < BENCH_MAX_OPS ? op_count : BENCH_MAX_OPS;
    m->batches = o->batches;
    int ok = measure(&s, o, m);
    for (uint32_t i = 0; i < BENCH_MAX_OPS; i++) {
        bench_batch_free(t, &s.warm[i]);
        bench_batch_free(t, &s.batches[i]);
    }
    if (!ok)
        fprintf(stderr, "split_bench: timing %s failed\n", ops[0].name);
    return ok;
}
