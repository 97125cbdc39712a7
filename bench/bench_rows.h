/* split_bench's rows loops: a plan whose rows the GPU's indices place (vksplit_plan_options.rows)
 * as an engine runs it, ONE command buffer recorded once and submitted step after step, the
 * bench's own GPU pass (bench/rows_producer.comp) writing each step's indices from a step counter
 * it keeps on the GPU; against what an engine without them does each step, in the same run, on
 * the same buffers:
 *
 *   kv_append1, kv_append1_vtrans  the token into the cache at t = step % S (LINEAR, one list;
 *            V^T: INDEXED, one index for every row): the rows plan (few indices: the copy checks
 *            them itself, ONE dispatch); the same join with device parameters GIVEN (the producer
 *            writes length 1 and offset t), as the runner's context plans it (one part moving
 *            little: one dispatch too) and as a context with one_dispatch_bytes 1 plans it (a
 *            check, a barrier, the indirect copy: decode_f16_step's path before the one dispatch;
 *            left out where it plans the same as the first, V^T's 2-byte steps); vkCmdCopyBuffer
 *            of the token's rows at t (32 regions, V^T's 4096 of 2 bytes), recorded every step
 *            with t known on the host; a static join of the cache and the token into a new
 *            [.., S + 1, ..] tensor (an engine without in-place writes copies the cache every step);
 *   kv_paged_append_tT, tensorscatter_decode  a slot mapping of T tokens (INDEXED, -1 skipped),
 *            each batch element at its own start (CIRCULAR): the rows plan; vkCmdCopyBuffer of
 *            one region per row at host-known places, recorded every step;
 *   moe_permute, moe_unpermute  a gather into expert order, the scatter back: the rows plan;
 *            vkCmdCopyBuffer at a host-known order; the host round trip (the producer submitted
 *            alone, vkQueueWaitIdle, its indices read from mapped memory, the copy's regions
 *            recorded from them, submitted, waited for).
 *
 * A join's methods each read their own part (the same shape, other bytes), so that the check
 * knows which method wrote each row. Per step, each method's host wall time (recording where it
 * records, submission, the wait for its fence: a round of M steps back to back, the median of
 * --reps rounds, the methods' rounds interleaved) and its GPU time (K steps back to back in one
 * command buffer between two timestamps, one submission, the producer's dispatch included where
 * the method has one: batch time / K, the median over the rounds; none for the round trip, whose
 * host is in the middle). Every method's bytes are checked against the bench's CPU reference
 * (bench_rows_reference.h) after a few steps of each before the timing and again after it, the
 * status the rows plan's copy wrote (vksplit_parameters_status) and GIVEN's, and the producer's
 * step count against the steps the host submitted. */
#ifndef VKSPLIT_BENCH_ROWS_H
#define VKSPLIT_BENCH_ROWS_H

#include "bench_cases.h"
#include "bench_loops.h" /* bench_loop_options */
#include "bench_timing.h"

#define BENCH_ROWS_METHODS 5u
#define BENCH_ROWS_KINDS 6u

/* --json's names of every method a rows loop may have, in the report's order. */
extern const char* const bench_rows_keys[BENCH_ROWS_KINDS];

typedef struct bench_rows_result {
    uint32_t method_count;
    const char* method[BENCH_ROWS_METHODS];  /* [0] "rows", then the references */
    const char* key[BENCH_ROWS_METHODS];     /* bench_rows_keys' */
    double wall_s[BENCH_ROWS_METHODS];       /* per step, host wall time: median over rounds */
    double gpu_s[BENCH_ROWS_METHODS];        /* per step, GPU time: median over rounds; < 0: not measured */
    uint32_t dispatches[BENCH_ROWS_METHODS]; /* a step's vkCmdDispatch(Indirect), its producer's included */
    uint32_t copies[BENCH_ROWS_METHODS];     /* a step's vkCmdCopyBuffer commands */
    uint32_t steps_per_round;                /* M */
    uint32_t gpu_steps;                      /* K */
    int rounds;
    uint32_t warmup_steps; /* the rows method's */
    uint64_t steps;        /* the producer's count at the end */
    uint32_t checks;       /* byte-for-byte checks passed, one per method before the timing and after */
    double record_us;      /* recording the rows method's command buffer, once */
    /* the GIVEN plans' (the runner's context's, the three-command context's) and the static
     * join's summaries, "" where none; why the library refused a GIVEN plan, "" where it did not */
    char given_plan[2][96], static_plan[96];
    char given_refused[2][256];
} bench_rows_result;

/* Runs the rows loop of case s->c (bench_is_rows) with its plan (bench_plan_create's) on the
 * runner's device (device addresses needed), the GPU times on `timer`'s BENCH_SLOT_ROWS. 0 on
 * failure or a mismatch, with a message on stderr. */
int bench_rows_run(vksplit_runner* runner, bench_timer* timer, const bench_setup* s, const vksplit_plan* plan,
                   const bench_loop_options* o, const vksplit_tuning* tuning, bench_rows_result* r);

#endif /* VKSPLIT_BENCH_ROWS_H */
