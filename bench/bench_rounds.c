/* The loops' warm-up and interleaved rounds (bench_rounds.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "bench_rounds.h"

#include <time.h>

#include "bench_timing.h" /* bench_median */

double bench_now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

uint32_t bench_rounds_gpu_steps(uint32_t steps)
{
    return steps < BENCH_ROUNDS_MAX_GPU_STEPS ? steps : BENCH_ROUNDS_MAX_GPU_STEPS;
}

uint32_t bench_rounds_warmup(const bench_rounds* b, const bench_loop_options* o, uint32_t* warmup_steps)
{
    double fastest = 0;
    for (uint32_t m = 0; m < b->count; m++) { /* each method's steps for warmup_s, at least one */
        double t0 = bench_now_seconds(), spent = 0;
        uint32_t steps = 0;
        do {
            if (!b->host_steps(b->user, m, 1))
                return 0;
            steps++;
            spent = bench_now_seconds() - t0;
        } while (spent < o->warmup_s);
        if (m == 0)
            *warmup_steps = steps;
        if (m == 0 || spent / steps < fastest)
            fastest = spent / steps;
    }
    uint32_t steps = o->fixed_steps;
    if (!steps) {
        double want = fastest > 0 ? o->round_s * 1.1 / fastest + 1 : 1;
        steps = want > BENCH_ROUNDS_MAX_STEPS ? BENCH_ROUNDS_MAX_STEPS : (uint32_t)want;
    }
    return steps;
}

int bench_rounds_run(const bench_rounds* b, const bench_loop_options* o, uint32_t steps, double* wall_s, double* gpu_s)
{
    static double wall[BENCH_ROUNDS_METHODS][BENCH_ROUNDS_MAX], gpu[BENCH_ROUNDS_METHODS][BENCH_ROUNDS_MAX];
    uint32_t k = bench_rounds_gpu_steps(steps);
    int rounds = o->rounds > BENCH_ROUNDS_MAX ? BENCH_ROUNDS_MAX : o->rounds < 1 ? 1 : o->rounds;
    for (int round = 0; round < rounds; round++)
        for (uint32_t i = 0; i < b->count; i++) {
            uint32_t m = b->rotate ? (i + (uint32_t)round) % b->count : i;
            double t0 = bench_now_seconds();
            if (!b->host_steps(b->user, m, steps))
                return 0;
            wall[m][round] = (bench_now_seconds() - t0) / steps;
            if (b->gpu_steps && !b->gpu_steps(b->user, m, k, &gpu[m][round]))
                return 0;
        }
    for (uint32_t m = 0; m < b->count; m++) {
        wall_s[m] = bench_median(wall[m], rounds);
        if (b->gpu_steps)
            gpu_s[m] = bench_median(gpu[m], rounds);
    }
    return rounds;
}
