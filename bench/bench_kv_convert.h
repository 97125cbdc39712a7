/* split_bench's KV appends that convert (vksplit_plan_options.convert with device parameters or
 * rows the GPU places): one-token (or few-token) appends into a KV cache of another type, as an
 * engine runs them, ONE command buffer recorded once and submitted step after step, the bench's
 * own GPU pass (bench/rows_producer.comp) writing each step's place from a step counter it keeps
 * on the GPU:
 *
 *   kv_append_fp8       the bfloat16 token [1, 8, 1, 128] joined into the float8e4m3fn cache
 *                       [1, 8, 4096, 128] at t = step % 4096 (device parameters GIVEN: length 1,
 *                       offset t), times a scale the GPU holds (VKSPLIT_SCALE_DEVICE, the float
 *                       BENCH_KV_SCALE, written once);
 *   kv_append_q8_0(_t16) llama.cpp's SET_ROWS into a q8_0 K cache: float32 rows [T, 1024] (T = 1,
 *                       16) quantized into the cache [4096, 1024] q8_0 at T distinct slots the GPU
 *                       writes each step (rows INDEXED, int64).
 *
 * Against, in the same run, on the same bytes:
 *   unfused      what an engine without a converting append runs: the token (rows) converted
 *                first into a tensor of the cache's type (a second plan, a 1-part converting
 *                split, the same scale), a barrier, then the byte append of that tensor (the same
 *                GIVEN or INDEXED placing, the cache's rows as bytes);
 *   append only  that byte append alone (of the tensor converted once): what placing costs
 *                without converting.
 * Each method writes its own cache. Per step, its host wall time (submission and the wait for its
 * fence: a round of M steps back to back, the median of --reps rounds, the methods' rounds
 * interleaved) and its GPU time (K steps back to back in one command buffer between two
 * timestamps, the producer's dispatch included, batch time / K, the median over the rounds).
 * Every method's cache is checked, every row against tests/convert/convert_reference.c (the part's
 * row it last received, converted as docs/conversions.md says; every other row still the guard
 * bytes it was filled with), after a few steps of each before the timing and again after it; so
 * are the plans' statuses (vksplit_parameters_status) and the producer's step count. */
#ifndef VKSPLIT_BENCH_KV_CONVERT_H
#define VKSPLIT_BENCH_KV_CONVERT_H

#include "bench_cases.h"
#include "bench_loops.h" /* bench_loop_options */
#include "bench_timing.h"

#define BENCH_KV_METHODS 3u
/* kv_append_fp8's device scale: bfloat16 values |x| in [2^-8, 16) times it stay below 448 */
#define BENCH_KV_SCALE 27.5f

/* --json's names of the methods, in the report's order: fused (the case's plan), unfused,
 * append_only. */
extern const char* const bench_kv_keys[BENCH_KV_METHODS];

typedef struct bench_kv_result {
    uint32_t method_count;
    const char* method[BENCH_KV_METHODS];
    const char* key[BENCH_KV_METHODS];     /* bench_kv_keys' */
    double wall_s[BENCH_KV_METHODS];       /* per step, host wall time: median over rounds */
    double gpu_s[BENCH_KV_METHODS];        /* per step, GPU time: median over rounds */
    uint32_t dispatches[BENCH_KV_METHODS]; /* a step's vkCmdDispatch(Indirect), the producer's included */
    uint32_t steps_per_round;              /* M */
    uint32_t gpu_steps;                    /* K */
    int rounds;
    uint32_t warmup_steps; /* the fused method's */
    uint64_t steps;        /* the producer's count at the end */
    uint32_t checks;       /* caches checked byte for byte and passed: each method's, before the timing and after */
    double record_us;      /* recording the fused method's command buffer, once */
    char convert_plan[96], append_plan[96]; /* the unfused method's two plans' summaries */
} bench_kv_result;

/* Runs the KV append of case s->c (bench_is_kv_convert) with its plan (bench_plan_create's) on
 * the runner's device (device addresses needed), the GPU times on `timer`'s BENCH_SLOT_ROWS. 0 on
 * failure, a refused plan or a mismatch, with a message on stderr. */
int bench_kv_convert_run(vksplit_runner* runner, bench_timer* timer, const bench_setup* s, const vksplit_plan* plan,
                         const bench_loop_options* o, bench_kv_result* r);

#endif /* VKSPLIT_BENCH_KV_CONVERT_H */
