/* The timing of split_bench's loops (engine, rows, KV appends): a warm-up, each method's steps
 * back to back for warmup_s (at least one); then rounds, each method's M steps on the host's
 * clock and, where the loop times them, K more on the GPU's; the medians over the rounds. */
#ifndef VKSPLIT_BENCH_ROUNDS_H
#define VKSPLIT_BENCH_ROUNDS_H

#include <stdint.h>

#include "bench_loops.h" /* bench_loop_options */

#define BENCH_ROUNDS_METHODS 8u         /* a loop's methods, at the most */
#define BENCH_ROUNDS_MAX 64             /* rounds, at the most (--reps) */
#define BENCH_ROUNDS_MAX_STEPS 4096u    /* M, at the most */
#define BENCH_ROUNDS_MAX_GPU_STEPS 256u /* K, at the most: min(M, this) */

typedef struct bench_rounds {
    uint32_t count; /* methods, at most BENCH_ROUNDS_METHODS */
    /* Method m's `steps` steps, timed on the host's clock. 0 on failure. */
    int (*host_steps)(void* user, uint32_t m, uint32_t steps);
    /* NULL: the host's clock alone. Else method m's k steps on the GPU: *seconds per step (-1
     * where the method has none). 0 on failure. */
    int (*gpu_steps)(void* user, uint32_t m, uint32_t k, double* seconds);
    void* user;
    int rotate; /* each round opens with the next method (none always follows the same) */
} bench_rounds;

/* Seconds on CLOCK_MONOTONIC. */
double bench_now_seconds(void);

/* The warm-up; returns M (o->fixed_steps, or enough that a round of the fastest method lasts
 * o->round_s), 0 on failure. *warmup_steps: the first method's. */
uint32_t bench_rounds_warmup(const bench_rounds* b, const bench_loop_options* o, uint32_t* warmup_steps);

/* The rounds of `steps` steps (K: bench_rounds_gpu_steps): wall_s[m] and, with gpu_steps,
 * gpu_s[m] the medians. Returns the rounds run, 0 on failure. */
int bench_rounds_run(const bench_rounds* b, const bench_loop_options* o, uint32_t steps, double* wall_s, double* gpu_s);

/* K for M steps. */
uint32_t bench_rounds_gpu_steps(uint32_t steps);

#endif /* VKSPLIT_BENCH_ROUNDS_H */
