/* split_bench's engine loops: a plan with device parameters (vksplit_plan_options.
 * device_parameters) as an engine runs it, ONE command buffer recorded once and submitted step
 * after step, the bench's own GPU pass (bench/engine_producer.comp) writing each step's lengths
 * and offsets from a step counter it keeps on the GPU; against what an engine without device
 * parameters does each step, in the same run, on the same buffers:
 *
 *   decode_f16_step   the token [1, 32, 1, D] joined into the cache [1, 32, S, D] at t = step % S
 *                     (GIVEN): replayed; re-recorded (the same producer and recording, recorded
 *                     again every step); vkCmdCopyBuffer of the token's 32 rows at t, recorded
 *                     every step (the position known on the host);
 *   moe_f16_dispatch  tokens [T, D] split by the router's GPU-written counts into 8 experts of
 *   moe_f16_combine   capacity T (PACKED), and joined back: replayed; the host round trip (the
 *                     router pass submitted, vkQueueWaitIdle, the counts read from mapped
 *                     memory, vksplit_plan_create(_join) of a static plan of those lengths,
 *                     recorded, submitted, waited for, destroyed).
 *
 * Host-timed: a step's time is its wall time on the host, recording (where the method records),
 * submission and the wait for its fence included, as a decode step that samples on the host
 * waits for it; a round is M steps of one method back to back, the methods' rounds interleaved,
 * the median of --reps rounds. Every method's bytes are checked, byte for byte against the
 * bench's CPU reference of the same values (every row the steps wrote from the row it comes
 * from, every other row still the guard bytes it was filled with), after a few steps of each
 * before the timing and again after it; so is the status the plan's check wrote, and the
 * producer's step count against the steps the host submitted. */
#ifndef VKSPLIT_BENCH_LOOPS_H
#define VKSPLIT_BENCH_LOOPS_H

#include <volk.h> /* split_bench's own Vulkan calls: volk's globals, loaded in main */

#include "bench_cases.h"
#include "bench_pipelines.h"
#include "vksplit/vksplit_runner.h"

#define BENCH_LOOP_METHODS 3u

typedef struct bench_loop_options {
    int rounds;                 /* --reps */
    double warmup_s;            /* --warmup-ms: each method's steps back to back first, host time (at least one) */
    double round_s;             /* --batch-ms: a round lasts at least this long for the fastest method ... */
    uint32_t fixed_steps;       /* --batch-reps: ... or has exactly this many steps */
    vksplit_path path;          /* --path: the host round trip's static plans */
    bench_pipelines* pipelines; /* where its producer's pipeline (and a context of its own's) are listed */
} bench_loop_options;

typedef struct bench_loop_result {
    uint32_t method_count;
    const char* method[BENCH_LOOP_METHODS]; /* [0] "replayed", then the references */
    const char* key[BENCH_LOOP_METHODS];    /* --json's names: replayed, rerecorded, copy_rerecorded, host_roundtrip */
    double step_s[BENCH_LOOP_METHODS];      /* per step: a round's host time / its steps, median over rounds */
    uint32_t steps_per_round;               /* M */
    int rounds;                             /* --reps */
    uint32_t warmup_steps;                  /* the replayed method's (each method warms up alike) */
    uint64_t steps;                         /* the producer's count at the end: every step it wrote values for */
    uint32_t checks;                        /* byte-for-byte checks passed (every method's bytes in each) */
    double record_us;                       /* recording the replayed command buffer, once */
    double plan_us; /* the host round trip's vksplit_plan_create per step, mean over the timed steps; 0 for decode */
} bench_loop_result;

/* Runs the engine loop of case s->c (an engine loop: bench_is_loop) with its plan (the plan
 * with device parameters bench_plan_create made) on the runner's device (device addresses
 * needed). 0 on failure or a mismatch, with a message on stderr. */
int bench_loop_run(vksplit_runner* runner, const bench_setup* s, const vksplit_plan* plan, const bench_loop_options* o,
                   bench_loop_result* r);

#endif /* VKSPLIT_BENCH_LOOPS_H */
