/* split_bench: the honest measure of vksplit.
 *
 * For every case: plan the split (or the join: a split's shape turned round, its outputs
 * joined back into its input; bench_cases.h), check its bytes once against a CPU reference,
 * then time it
 * at a held clock (bench_measure.h: warm-up by GPU time, batches of K back-to-back
 * repetitions in one submission, the clock measured around each batch) next to references
 * timed the same way, their batches interleaved with the split's, on the same bytes:
 *   ceiling  a plain contiguous compute copy of 16-byte words from the split's own input
 *            buffer into its own output arena (bench/copy_ceiling.comp): the device's
 *            compute-copy ceiling on those very allocations;
 *   copy     vkCmdCopyBuffer of one region, the same buffers;
 *   memcpy   a single-threaded host memcpy between two host buffers, timed before the warm-up;
 * and, per case, the plan's own account (vksplit_plan_info): bytes in flight per invocation,
 * input bytes fetched per byte copied, workgroups and idle workgroups.
 * Ratios (x = reference time / split time, so higher is better) are the figures to compare
 * across runs and machines. A copy that converts (bench_convert.h) reads and writes different
 * byte counts: its references copy (bytes read + bytes written) / 2, the same traffic, so that
 * its ratio to the ceiling is of this plan's bytes read + written. The engine loops
 * (bench_loops.h: plans with device parameters, one command buffer replayed step after step)
 * are timed their own way, against their own references, and so are the KV appends that convert
 * (bench_kv_convert.h). Options: bench_options.c (--help). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <volk.h> /* no linked loader: volk's globals, loaded from the runner in main */

#include "bench_cases.h"
#include "bench_clock.h"
#include "bench_convert.h"
#include "bench_kv_convert.h"
#include "bench_loops.h"
#include "bench_measure.h"
#include "bench_options.h"
#include "bench_pipelines.h"
#include "bench_references.h"
#include "bench_report.h"
#include "bench_rows.h"
#include "bench_shader_stats.h"
#include "vksplit/vksplit_runner.h"

#define MIB (1024.0 * 1024.0)

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void die(const char* what, const vksplit_error* error)
{
    fprintf(stderr, "split_bench: %s: %s\n", what, error ? error->message : "");
    exit(1);
}

static void* xmalloc(uint64_t bytes)
{
    void* p = malloc(bytes ? (size_t)bytes : 1);
    if (!p) {
        fprintf(stderr, "split_bench: out of host memory for %llu bytes\n", (unsigned long long)bytes);
        exit(1);
    }
    return p;
}

typedef struct bench_env {
    vksplit_runner* runner;
    vksplit_runner_info info;
    bench_timer timer;
    bench_clock clock;
    bench_ceiling ceiling;
    int has_ceiling;
    const bench_options* o;
    bench_pipelines pipelines; /* created, in order: the library's and the bench's own */
    int shader_stats;
    uint32_t reruns, low_batches; /* the run's */
} bench_env;

/* ---- the timed operations ------------------------------------------------------------------- */

/* A split reads `input` and writes `outputs`; a join reads `outputs` (its inputs, the arena)
 * and writes `input` (its output). The references copy src to dst the same way round. */
typedef struct op_args {
    const vksplit_plan* plan;
    int join;
    vksplit_binding input;
    const vksplit_binding* outputs;
    vksplit_arguments arguments;
    const vksplit_runner_buffer* src;
    const vksplit_runner_buffer* dst;
    uint64_t bytes;
    const bench_ceiling* ceiling;
} op_args;

static vksplit_result record_plan(const op_args* a, VkCommandBuffer cmd, const vksplit_arguments* arguments,
                                  vksplit_error* error)
{
    /* input/outputs are the split's names: a join's whole (its output) is `input` here too */
    vksplit_bindings b = {.whole = a->input, .parts = a->outputs};
    if (arguments)
        b.arguments = *arguments;
    return vksplit_cmd_record(a->plan, cmd, &b, error);
}

static int record_split(void* user, VkCommandBuffer cmd)
{
    const op_args* a = user;
    vksplit_error error;
    if (record_plan(a, cmd, &a->arguments, &error) == VKSPLIT_OK)
        return 1;
    fprintf(stderr, "split_bench: record: %s\n", error.message);
    return 0;
}

static int record_copy(void* user, VkCommandBuffer cmd)
{
    const op_args* a = user;
    VkBufferCopy region = {0, 0, a->bytes};
    if (a->bytes)
        vkCmdCopyBuffer(cmd, a->src->buffer, a->dst->buffer, 1, &region);
    return 1;
}

static int record_ceiling(void* user, VkCommandBuffer cmd)
{
    const op_args* a = user;
    bench_ceiling_record(a->ceiling, cmd, a->src->address, a->dst->address, a->bytes);
    return 1;
}

/* The first split, untimed: it writes the per-recording arguments the timed ones find written. */
static vksplit_result record_first(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    const op_args* a = user;
    return record_plan(a, cmd, &a->arguments, error);
}

/* Host microseconds per vksplit_cmd_record (arguments written each time, the worst case),
 * recording many into one never-submitted command buffer. */
static double time_record(const bench_env* env, const op_args* a)
{
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = env->timer.pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1};
    VkCommandBuffer cmd;
    if (vkAllocateCommandBuffers(env->info.device, &alloc, &cmd) != VK_SUCCESS)
        die("vkAllocateCommandBuffers", NULL);
    vksplit_arguments arguments = a->arguments;
    arguments.prewritten = 0;
    double per_call[9];
    const int calls = 64;
    for (int round = 0; round < 9; round++) {
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(cmd, &begin);
        vksplit_error error;
        double t0 = now_seconds();
        for (int i = 0; i < calls; i++)
            if (record_plan(a, cmd, &arguments, &error) != VKSPLIT_OK)
                die("record", &error);
        per_call[round] = (now_seconds() - t0) / calls;
        vkEndCommandBuffer(cmd);
        vkResetCommandBuffer(cmd, 0);
    }
    vkFreeCommandBuffers(env->info.device, env->timer.pool, 1, &cmd);
    return bench_median(per_call, 9) * 1e6;
}

/* ---- one case ------------------------------------------------------------------------------ */

/* The case at `target` bytes, shrunk until its input and its output arena each fit one buffer
 * of this device (maxMemoryAllocationSize, maxBufferSize): a 4 GiB case on a GPU whose
 * allocations stop just short of 4 GiB runs at the largest size that fits, and says so. */
static void setup_fitted(const bench_env* env, const bench_case* c, uint64_t target, bench_setup* s)
{
    uint64_t limit = env->info.max_buffer_bytes, asked = target;
    bench_setup_case(c, target, s);
    uint64_t asked_need = s->input_span > s->arena_bytes ? s->input_span : s->arena_bytes;
    while ((s->input_span > limit || s->arena_bytes > limit) && target > MIB) {
        uint64_t need = s->input_span > s->arena_bytes ? s->input_span : s->arena_bytes;
        target = (uint64_t)((double)target * ((double)limit / (double)need) * 0.999);
        bench_setup_case(c, target, s);
    }
    if (target != asked)
        fprintf(stderr,
                "split_bench: %s: %.0f MiB needs a buffer of %llu bytes, more than this device's largest (%llu "
                "bytes): shrunk to %.1f MiB\n",
                c->name, (double)asked / MIB, (unsigned long long)asked_need, (unsigned long long)limit,
                (double)target / MIB);
}

/* Host memcpy of the split's bytes, median of the batch count: before the warm-up, never
 * between batches. */
static double time_memcpy(void* dst, const void* src, uint64_t bytes, int reps)
{
    double t[BENCH_MAX_BATCHES];
    for (int i = 0; i < reps; i++) {
        double t0 = now_seconds();
        memcpy(dst, src, bytes);
        t[i] = now_seconds() - t0;
    }
    return bench_median(t, reps);
}

static void run_case(bench_env* env, const bench_case* c, uint64_t target, bench_row* row)
{
    memset(row, 0, sizeof *row);
    bench_setup* s = &row->setup;
    setup_fitted(env, c, target, s);
    row->size_target = target;
    vksplit_runner* runner = env->runner;
    vksplit_error error;
    vksplit_plan_options options = {.path = env->o->path};
    vksplit_plan* plan = NULL;
    vksplit_result r = bench_plan_create(vksplit_runner_context(runner), s, &options, &plan, &error);
    /* A copy that converts has no binding windows: on push descriptors it halves until every
     * tensor is within one binding's reach (as the other cases fit the device's largest buffer). */
    while (r != VKSPLIT_OK && error.rule == VKSPLIT_RULE_PLAN_CONVERT_BINDING && target > 1) {
        target /= 2;
        setup_fitted(env, c, target, s);
        r = bench_plan_create(vksplit_runner_context(runner), s, &options, &plan, &error);
    }
    if (r != VKSPLIT_OK)
        die(c->name, &error);
    vksplit_plan_get_info(plan, &row->info);
    row->pipeline = bench_pipelines_find(&env->pipelines, vksplit_plan_pipeline(plan));
    int convert = bench_is_convert(c);
    row->bytes_read = row->bytes_written = row->copy_bytes = row->info.bytes_written;
    if (convert) { /* its spans the plan's, as docs/conversions.md gives them; its traffic by them */
        if (!bench_convert_spans_match(s, plan))
            exit(1);
        bench_convert_traffic(plan, &row->bytes_read, &row->bytes_written);
        if (bench_is_kv_convert(c)) /* a step reads the token (the rows) and writes their rows of the cache */
            row->bytes_written = row->info.bytes_written;
        row->copy_bytes = ((row->bytes_read + row->bytes_written) / 2 + 15) & ~(uint64_t)15;
    }
    if (env->shader_stats)
        bench_shader_stats(env->info.device, vksplit_plan_pipeline(plan), row->stats_json, sizeof row->stats_json,
                           row->stats_text, sizeof row->stats_text);
    /* What the references copy: the bytes written, or a converting copy's traffic / 2 */
    uint64_t bytes = row->copy_bytes;
    if (env->o->plan_only) { /* the plan's own account only: nothing allocated, nothing run */
        vksplit_plan_destroy(plan);
        return;
    }
    if (bench_is_loop(c)) { /* an engine loop: its own methods, host-timed (bench_loops.h) */
        bench_loop_options lo = {env->o->batches, env->o->warmup_ms * 1e-3, env->o->batch_ms * 1e-3, env->o->batch_reps,
                                 env->o->path,    &env->pipelines};
        if (!bench_loop_run(runner, s, plan, &lo, &row->loop))
            exit(1);
        vksplit_plan_destroy(plan);
        return;
    }
    if (bench_is_kv_convert(c)) { /* a KV append that converts: its own methods (bench_kv_convert.h) */
        bench_loop_options lo = {env->o->batches, env->o->warmup_ms * 1e-3, env->o->batch_ms * 1e-3, env->o->batch_reps,
                                 env->o->path,    &env->pipelines};
        if (!bench_kv_convert_run(runner, &env->timer, s, plan, &lo, &row->kv))
            exit(1);
        vksplit_plan_destroy(plan);
        return;
    }
    if (bench_is_rows(c)) { /* a rows loop: its own methods, host- and GPU-timed (bench_rows.h) */
        bench_loop_options lo = {env->o->batches, env->o->warmup_ms * 1e-3, env->o->batch_ms * 1e-3, env->o->batch_reps,
                                 env->o->path,    &env->pipelines};
        if (!bench_rows_run(runner, &env->timer, s, plan, &lo, &env->o->runner.tuning, &row->rows))
            exit(1);
        vksplit_plan_destroy(plan);
        return;
    }

    /* Device-local buffers: the input, one arena for the outputs (the references write there
     * too, after the split's bytes are checked: the same allocations for all), and the
     * per-recording arguments where the plan has more outputs than push constants hold. A
     * join reads the arena and writes the input buffer, and so do its references. */
    vksplit_runner_buffer input, arena, arguments;
    memset(&arguments, 0, sizeof arguments);
    /* A copy that converts: each buffer holds the references' bytes too (their traffic is the copy's) */
    uint64_t input_bytes = convert && bytes > s->input_span ? bytes : s->input_span;
    uint64_t arena_bytes = convert && bytes > s->arena_bytes ? bytes : s->arena_bytes;
    if (vksplit_runner_buffer_create(runner, input_bytes, &input, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(runner, arena_bytes, &arena, &error) != VKSPLIT_OK ||
        (row->info.argument_bytes &&
         vksplit_runner_buffer_create(runner, row->info.argument_bytes, &arguments, &error) != VKSPLIT_OK))
        die(c->name, &error);
    int join = c->operation == VKSPLIT_OPERATION_JOIN;
    uint8_t* host_in = xmalloc(s->input_span > bytes ? s->input_span : bytes);
    uint8_t* host_out = xmalloc(s->arena_bytes > bytes ? s->arena_bytes : bytes);
    if (convert) { /* values of the read side's type, the written side zeroed */
        bench_convert_fill(s, host_in, host_out);
    } else if (join) { /* the data in the arena, the join's output zeroed */
        bench_fill_random(host_out, s->arena_bytes);
        memset(host_in, 0, s->input_span);
    } else {
        bench_fill_random(host_in, s->input_span);
        memset(host_out, 0, s->arena_bytes);
    }
    if (vksplit_runner_upload(runner, &input, 0, host_in, s->input_span, &error) != VKSPLIT_OK ||
        vksplit_runner_upload(runner, &arena, 0, host_out, s->arena_bytes, &error) != VKSPLIT_OK)
        die(c->name, &error);

    vksplit_binding* bindings = xmalloc(sizeof *bindings * c->outputs);
    for (uint32_t i = 0; i < c->outputs; i++)
        bindings[i] = (vksplit_binding){arena.buffer, s->output_offset[i]};
    op_args args = {plan,
                    join,
                    {input.buffer, 0},
                    bindings,
                    {arguments.buffer, 0, 0},
                    join ? &arena : &input,
                    join ? &input : &arena,
                    bytes,
                    &env->ceiling};
    if (vksplit_runner_submit(runner, record_first, &args, &error) != VKSPLIT_OK)
        die(c->name, &error);
    if (join ? vksplit_runner_download(runner, &input, 0, host_in, s->input_span, &error) != VKSPLIT_OK
             : vksplit_runner_download(runner, &arena, 0, host_out, s->arena_bytes, &error) != VKSPLIT_OK)
        die(c->name, &error);
    if (!(convert ? bench_convert_check(s, host_in, host_out) : bench_check(s, host_in, host_out)))
        exit(1);
    args.arguments.prewritten = 1;
    row->record_us = time_record(env, &args);
    row->memcpy_s = time_memcpy(host_out, host_in, bytes, env->o->batches);

    /* The timed span: device work only, from the warm-up to the last batch. */
    bench_op ops[BENCH_MAX_OPS] = {
        [BENCH_OP_SPLIT] = {c->name, record_split, &args, BENCH_SLOT_SPLIT, BENCH_SLOT_WARM_SPLIT,
                            BENCH_SLOT_LATENCY_SPLIT},
        [BENCH_OP_COPY] = {"copy", record_copy, &args, BENCH_SLOT_COPY, BENCH_SLOT_WARM_COPY, BENCH_SLOT_LATENCY_COPY},
        [BENCH_OP_CEILING] = {"ceiling", record_ceiling, &args, BENCH_SLOT_CEILING, BENCH_SLOT_WARM_CEILING,
                              BENCH_SLOT_LATENCY_CEILING}};
    row->has_ceiling = env->has_ceiling;
    row->latency = c->shape == SHAPE_FIXED;
    bench_measure_options mo = {env->o->batches,
                                env->o->warmup_ms * 1e-3,
                                {env->o->batch_ms * 1e-3, BENCH_MAX_BATCH_REPS, env->o->batch_reps},
                                row->latency};
    if (!bench_measure(&env->timer, &env->clock, runner, ops, env->has_ceiling ? 3 : 2, &mo, &row->m))
        exit(1);
    env->reruns += row->m.reruns;
    env->low_batches += row->m.low_batches;

    vksplit_plan_destroy(plan);
    vksplit_runner_buffer_destroy(runner, &arguments);
    vksplit_runner_buffer_destroy(runner, &arena);
    vksplit_runner_buffer_destroy(runner, &input);
    free(bindings);
    free(host_in);
    free(host_out);
}

/* ---- the run ------------------------------------------------------------------------------- */

/* An engine loop's plan needs device addresses (device parameters run on them only), and a rows
 * loop's producer pass and buffers use them, as a KV append that converts does: without them the
 * case is left out, once, with the reason. */
static int case_runs(const bench_env* env, const bench_case* c, int say)
{
    if ((!bench_is_loop(c) && !bench_is_rows(c) && !bench_is_kv_convert(c)) ||
        (env->info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS))
        return 1;
    if (say)
        fprintf(stderr, "split_bench: %s: left out: %s buffer device addresses, which %s lacks\n", c->name,
                bench_is_loop(c)   ? "device parameters need"
                : bench_is_rows(c) ? "the rows loops' producer pass needs"
                                   : "the KV appends' producer pass needs",
                env->info.device_name);
    return 0;
}

static int list_devices(void)
{
    vksplit_runner_device devices[16];
    uint32_t count = 0;
    vksplit_error error;
    if (vksplit_runner_list_devices(devices, 16, &count, &error) != VKSPLIT_OK)
        die("devices", &error);
    static const char* types[] = {"other", "integrated GPU", "discrete GPU", "virtual GPU", "CPU"};
    for (uint32_t i = 0; i < count && i < 16; i++)
        printf("%u: %s (%s)%s\n", i, devices[i].name, devices[i].type <= 4 ? types[devices[i].type] : "?",
               devices[i].is_default ? " [default]" : "");
    return 0;
}

static void log_message(void* user, vksplit_log_level level, const char* message)
{
    (void)user;
    if (level != VKSPLIT_LOG_INFO)
        fprintf(stderr, "split_bench: %s\n", message);
}

static void open_env(bench_env* env, bench_options* o)
{
    memset(env, 0, sizeof *env);
    env->o = o;
    if (o->validate)
        o->runner.log = log_message;
    o->runner.pipeline_created = bench_pipelines_created;
    o->runner.pipeline_created_user = &env->pipelines;
    vksplit_error error;
    if (vksplit_runner_create(&o->runner, &env->runner, &error) != VKSPLIT_OK)
        die("runner", &error);
    vksplit_runner_get_info(env->runner, &env->info);
    volkInitializeCustom(env->info.get_instance_proc_addr); /* the loader the runner found */
    volkLoadInstanceOnly(env->info.instance);
    volkLoadDevice(env->info.device);
    env->shader_stats = o->shader_stats && env->info.pipeline_statistics;
    if (o->shader_stats && !env->shader_stats)
        fprintf(stderr,
                "split_bench: --shader-stats: %s has no VK_KHR_pipeline_executable_properties "
                "(pipelineExecutableInfo); no statistics\n",
                env->info.device_name);
    /* Planning needs no timer: a device without timestamps (PanVK 25.0's queue, say) still
     * plans and prints every case, as --plan-only does, and says why nothing is timed. */
    if (!o->plan_only && bench_timestamp_bits(&env->info) == 0) {
        fprintf(stderr,
                "split_bench: %s's queue family has no timestamps (timestampValidBits 0): timing is unavailable "
                "on this device; each case is planned and printed, as --plan-only does\n",
                env->info.device_name);
        o->plan_only = 1;
        env->clock.note = "not run (the device has no timestamps: timing is unavailable)";
    } else if (o->plan_only) {
        env->clock.note = "not run (--plan-only)";
    } else if (!bench_timer_create(&env->info, &env->timer) ||
               !bench_clock_create(env->runner, &env->info, &env->timer, o->clock_bits, &env->pipelines, &env->clock)) {
        exit(1);
    }
    env->has_ceiling = (env->info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) &&
                       bench_ceiling_create(&env->info, &env->pipelines, &env->ceiling);
}

/* 1 when the validation layer (--validate) said nothing. */
static int close_env(bench_env* env)
{
    uint32_t messages = vksplit_runner_validation_message_count(env->runner);
    bench_ceiling_destroy(&env->ceiling);
    bench_clock_destroy(&env->clock, &env->timer, env->runner);
    bench_timer_destroy(&env->timer);
    vksplit_runner_destroy(env->runner);
    bench_pipelines_free(&env->pipelines);
    if (messages)
        fprintf(stderr, "split_bench: --validate: the validation layer sent %u messages\n", messages);
    return messages == 0;
}

int main(int argc, char** argv)
{
    static bench_options o;
    if (!bench_parse_options(argc, argv, &o)) {
        bench_usage(stderr);
        return 2;
    }
    if (o.list_devices)
        return list_devices();
    static bench_env env;
    open_env(&env, &o);
    bench_report_begin(&o, &env.info, &env.clock);
    int total = 0, printed = 0;
    uint32_t cases = bench_case_total();
    for (int z = 0; z < o.size_count; z++)
        for (uint32_t c = 0; c < cases; c++)
            total += bench_selected(&o, bench_case_at(c)) && (z == 0 || !bench_once(bench_case_at(c))) &&
                     case_runs(&env, bench_case_at(c), z == 0);
    for (int z = 0; z < o.size_count; z++) {
        uint64_t target = (uint64_t)(o.sizes[z] * MIB);
        for (uint32_t c = 0; c < cases; c++) {
            const bench_case* bc = bench_case_at(c);
            if (!bench_selected(&o, bc) || (z > 0 && bench_once(bc)) || /* latency cases once */
                !case_runs(&env, bc, 0))
                continue;
            static bench_row row;
            run_case(&env, bc, target, &row);
            bench_report_row(&o, &row, &env.clock, ++printed == total);
        }
    }
    /* The reference re-checked: the clock the GPU holds after the last case. */
    if (env.clock.available && env.clock.reference_mhz > 0)
        env.clock.end_mhz = bench_clock_now(&env.clock, &env.timer, env.runner);
    bench_report_end(&o, &env.clock, &env.pipelines, env.reruns, env.low_batches);
    return close_env(&env) ? 0 : 1;
}
