/* split_bench's timing mechanics, the way GPU benchmarks hold a GPU's clock (nvbench, Triton,
 * PyTorch, vkpeak): a batch is K repetitions of one operation back to back in one command
 * buffer between two timestamps, one submission; warm-up runs batches back to back for a
 * stretch of GPU time; latency mode puts a timestamp pair around each repetition of a
 * back-to-back stream. No host work happens inside a batch. */
#ifndef VKSPLIT_BENCH_TIMING_H
#define VKSPLIT_BENCH_TIMING_H

#include <volk.h> /* split_bench's own Vulkan calls: volk's globals, loaded in main */

#include "vksplit/vksplit_runner.h"

/* Records one repetition of an operation (the split, a reference, the clock's spin) into cmd;
 * 0 on failure, with a message on stderr. */
typedef int (*bench_record_fn)(void* user, VkCommandBuffer cmd);

/* Timestamp slots in the timer's query pool: a pair per kind of batch (timed, and the
 * warm-up's and sizing's), then latency mode's pairs per operation. They also label the
 * submissions for tests/bench's counting layer, which reads the first query each command
 * buffer writes (tests/bench/count_layer.c, tests/bench/check_timing.py). */
#define BENCH_LATENCY_REPS 64u
enum {
    BENCH_SLOT_SPLIT = 0,
    BENCH_SLOT_CEILING = 2,
    BENCH_SLOT_COPY = 4,
    BENCH_SLOT_CLOCK = 6,
    BENCH_SLOT_WARM_SPLIT = 8,
    BENCH_SLOT_WARM_CEILING = 10,
    BENCH_SLOT_WARM_COPY = 12,
    BENCH_SLOT_LATENCY_SPLIT = 14,
    BENCH_SLOT_LATENCY_CEILING = 14 + 2 * BENCH_LATENCY_REPS,
    BENCH_SLOT_LATENCY_COPY = 14 + 4 * BENCH_LATENCY_REPS,
    BENCH_SLOT_ROWS = 14 + 6 * BENCH_LATENCY_REPS, /* the rows loops' GPU batches (bench_rows.h) */
    BENCH_QUERIES = 16 + 6 * BENCH_LATENCY_REPS
};
#define BENCH_MAX_BATCH_REPS 4096u

typedef struct bench_op {
    const char* name;
    bench_record_fn record;
    void* user;
    uint32_t slot;         /* BENCH_SLOT_*: its timed batches' timestamp pair */
    uint32_t warm_slot;    /* BENCH_SLOT_WARM_*: its warm-up's and sizing's */
    uint32_t latency_slot; /* BENCH_SLOT_LATENCY_*: the first of its latency pairs */
} bench_op;

typedef struct bench_timer {
    VkDevice device;
    VkQueue queue;
    VkCommandPool pool;
    VkFence fence;
    VkQueryPool queries;
    double tick_s;      /* seconds per timestamp tick */
    uint64_t tick_mask; /* timestampValidBits */
} bench_timer;

/* The runner's queue family's timestampValidBits: 0 when it has no timestamps. */
uint32_t bench_timestamp_bits(const vksplit_runner_info* info);
/* 0 on failure (message on stderr), e.g. a queue without timestamps. */
int bench_timer_create(const vksplit_runner_info* info, bench_timer* t);
void bench_timer_destroy(bench_timer* t);

/* A recorded batch: reset its queries; a full barrier on everything submitted before; a
 * timestamp; a barrier; K x the operation with a barrier between repetitions (writes before
 * reads and writes: the repetitions neither overlap nor race); a timestamp; a barrier. Recorded
 * once per K and submitted as often as needed. */
typedef struct bench_batch {
    const bench_op* op;
    uint32_t reps;  /* K */
    uint32_t query; /* its timestamp pair: op->slot or op->warm_slot */
    VkCommandBuffer cmd;
} bench_batch;

int bench_batch_record(bench_timer* t, bench_batch* b, const bench_op* op, uint32_t reps, uint32_t query);
/* Submits the batch alone and waits: GPU seconds between its timestamps; < 0 on failure. */
double bench_batch_run(bench_timer* t, const bench_batch* b);
void bench_batch_free(bench_timer* t, bench_batch* b);

typedef struct bench_sizing {
    double batch_s;      /* a batch lasts at least this long (--batch-ms) ... */
    uint32_t max_reps;   /* ... or has this many repetitions */
    uint32_t fixed_reps; /* nonzero: K is this (--batch-reps), never resized */
} bench_sizing;

/* Runs op's batches back to back (recorded into b on its warm-up slot), growing K until a batch
 * lasts sizing->batch_s, until warm_s of GPU time has passed and K is settled. Returns the GPU
 * seconds spent (< 0 on failure); *batches counts the submissions. */
double bench_warm(bench_timer* t, bench_batch* b, const bench_op* op, const bench_sizing* sizing, double warm_s,
                  uint32_t* batches);

/* Latency mode: one command buffer of BENCH_LATENCY_REPS repetitions back to back, each
 * between a timestamp pair (timestamp, barrier, op, timestamp, barrier); the median of the
 * per-repetition times, in seconds (< 0 on failure). */
double bench_latency(bench_timer* t, const bench_op* op);

double bench_median(double* values, int count); /* sorts values */

#endif /* VKSPLIT_BENCH_TIMING_H */
