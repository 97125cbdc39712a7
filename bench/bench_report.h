/* split_bench's output: the text table and --json, per case and for the run. */
#ifndef VKSPLIT_BENCH_REPORT_H
#define VKSPLIT_BENCH_REPORT_H

#include "bench_cases.h"
#include "bench_clock.h"
#include "bench_kv_convert.h"
#include "bench_loops.h"
#include "bench_measure.h"
#include "bench_options.h"
#include "bench_pipelines.h"
#include "bench_rows.h"

/* The operations a case times, in bench_measurement.ops' order (the ceiling last: a device
 * without buffer device addresses has none). */
enum { BENCH_OP_SPLIT = 0, BENCH_OP_COPY = 1, BENCH_OP_CEILING = 2 };

typedef struct bench_row {
    bench_setup setup;
    uint64_t size_target;
    vksplit_plan_info info;
    /* What one run reads and writes, and what each reference copies (GB/s count it too): a byte
     * copy's bytes_written each; a copy that converts, its spans (bench_convert_traffic) and
     * (read + written) / 2 rounded up to 16 bytes, so that a reference moves the same traffic */
    uint64_t bytes_read, bytes_written, copy_bytes;
    int64_t pipeline; /* the plan's copy pipeline: its index in the run's pipelines, -1 none (transfer) */
    double record_us;
    double memcpy_s; /* median */
    int has_ceiling;
    int latency; /* latency mode ran (the 4k and 64k cases) */
    bench_measurement m;
    bench_loop_result loop;                  /* an engine loop's (bench_is_loop): its methods instead of m */
    bench_rows_result rows;                  /* a rows loop's (bench_is_rows): its methods instead of m */
    bench_kv_result kv;                      /* a KV append that converts (bench_is_kv_convert): its methods */
    char stats_json[2048], stats_text[1024]; /* --shader-stats */
} bench_row;

/* The run's opening: the JSON object's head, or the text table's title and header. */
void bench_report_begin(const bench_options* o, const vksplit_runner_info* info, const bench_clock* clock);
void bench_report_row(const bench_options* o, const bench_row* r, const bench_clock* clock, int last);
/* With --json, the pipelines the run created (bench_pipelines.h) at the object's top level. */
void bench_report_end(const bench_options* o, const bench_clock* clock, const bench_pipelines* pipelines,
                      uint32_t reruns, uint32_t low_batches);

#endif /* VKSPLIT_BENCH_REPORT_H */
