/* split_bench: the honest measure of vksplit.
 *
 * For every case: plan the split, check its bytes once against a CPU reference, then time
 * it (medians after warm-up) with GPU timestamps, next to three references measured in the
 * same repetitions on the same bytes:
 *   ceiling  a plain contiguous compute copy of 16-byte words from the split's own input
 *            buffer into its own output arena (bench/copy_ceiling.comp): the device's
 *            compute-copy ceiling on those very allocations;
 *   copy     vkCmdCopyBuffer of one region, the same buffers;
 * and, per case, the plan's own account (vksplit_plan_info): bytes in flight per invocation,
 * input bytes fetched per byte copied, workgroups and idle workgroups.
 *   memcpy   a single-threaded host memcpy between two host buffers.
 * Ratios (x = reference time / split time, so higher is better) are the figures to compare
 * across runs and machines; absolute GB/s drift with load and memory placement.
 *
 *   split_bench [--size MiB[,MiB...]] [--case NAME[,NAME...]] [--device N] [--list-devices]
 *               [--path auto|compute|copy] [--mapping NAME] [--workgroup N] [--invocation-bytes N]
 *               [--band-bytes N|off] [--max-word N] [--staging] [--reps N] [--json] [--list] [--plan-only]
 * --mapping: runs, interleaved, tiles, transpose, deinterleave or by-shape (the GPU default; on
 * lavapipe it plans every case exactly as on a discrete GPU). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <volk.h> /* no linked loader: volk's globals, loaded from the runner in main */

#include "bench_cases.h"
#include "bench_references.h"
#include "bench_shader_stats.h"
#include "vksplit/vksplit_runner.h"

#define MIB (1024.0 * 1024.0)
#define MAX_REPS 64
#define MAX_SIZES 8

/* ---- small helpers ------------------------------------------------------------------------ */

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compare_doubles(const void* a, const void* b)
{
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

static double median(double* values, int count)
{
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2]);
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

static double gbps(uint64_t bytes, double seconds) { return seconds > 0 ? (double)bytes / seconds * 1e-9 : 0; }

/* ---- timed device work -------------------------------------------------------------------- */

typedef enum op_kind { OP_SPLIT, OP_COPY, OP_CEILING } op_kind;

typedef struct op {
    op_kind kind;
    const vksplit_plan* plan;
    vksplit_binding input;
    const vksplit_binding* outputs;
    vksplit_arguments arguments;
    const vksplit_runner_buffer* src;
    const vksplit_runner_buffer* dst;
    uint64_t bytes;
    const bench_ceiling* ceiling;
    VkQueryPool queries;
    vksplit_result result;
    vksplit_error error;
} op;

static void record_op(op* o, VkCommandBuffer cmd)
{
    o->result = VKSPLIT_OK;
    if (o->kind == OP_SPLIT) {
        o->result = vksplit_cmd_split(o->plan, cmd, &o->input, o->outputs, &o->arguments, &o->error);
    } else if (o->kind == OP_COPY) {
        VkBufferCopy region = {0, 0, o->bytes};
        if (o->bytes)
            vkCmdCopyBuffer(cmd, o->src->buffer, o->dst->buffer, 1, &region);
    } else {
        bench_ceiling_record(o->ceiling, cmd, o->src->address, o->dst->address, o->bytes);
    }
}

static vksplit_result record_timed(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    op* o = user;
    (void)error;
    vkCmdResetQueryPool(cmd, o->queries, 0, 2);
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, o->queries, 0);
    record_op(o, cmd);
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, o->queries, 1);
    return o->result;
}

/* One submit of one op: GPU seconds between its timestamps. */
static double time_op(vksplit_runner* runner, const vksplit_runner_info* info, op* o)
{
    vksplit_error error;
    if (vksplit_runner_submit(runner, record_timed, o, &error) != VKSPLIT_OK)
        die("submit", &error);
    uint64_t stamps[2];
    vkGetQueryPoolResults(info->device, o->queries, 0, 2, sizeof stamps, stamps, sizeof stamps[0],
                          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    return (double)(stamps[1] - stamps[0]) * info->timestamp_period * 1e-9;
}

/* Host microseconds per vksplit_cmd_split (arguments written each time, the worst case),
 * recording many into one never-submitted command buffer. */
static double time_record(const vksplit_runner_info* info, VkCommandPool pool, op* o)
{
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1};
    VkCommandBuffer cmd;
    if (vkAllocateCommandBuffers(info->device, &alloc, &cmd) != VK_SUCCESS)
        die("vkAllocateCommandBuffers", NULL);
    vksplit_arguments arguments = o->arguments;
    arguments.prewritten = 0;
    double per_call[9];
    const int calls = 64;
    for (int round = 0; round < 9; round++) {
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(cmd, &begin);
        vksplit_error error;
        double t0 = now_seconds();
        for (int i = 0; i < calls; i++)
            if (vksplit_cmd_split(o->plan, cmd, &o->input, o->outputs, &arguments, &error) != VKSPLIT_OK)
                die("record", &error);
        per_call[round] = (now_seconds() - t0) / calls;
        vkEndCommandBuffer(cmd);
        vkResetCommandBuffer(cmd, 0);
    }
    vkFreeCommandBuffers(info->device, pool, 1, &cmd);
    return median(per_call, 9) * 1e6;
}

/* ---- one case ------------------------------------------------------------------------------ */

typedef struct result_row {
    bench_setup setup;
    uint64_t size_target;
    vksplit_plan_info info;
    double record_us;
    double split_s, copy_s, ceiling_s, memcpy_s; /* medians */
    int has_ceiling;
    char stats_json[2048], stats_text[1024];     /* --shader-stats */
} result_row;

typedef struct bench_env {
    vksplit_runner* runner;
    vksplit_runner_info info;
    VkCommandPool pool;
    VkQueryPool queries;
    bench_ceiling ceiling;
    int has_ceiling;
    vksplit_path path;
    int reps;
    int plan_only;
    int shader_stats;
} bench_env;

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
        fprintf(stderr, "split_bench: %s: %.0f MiB needs a buffer of %llu bytes, more than this device's largest (%llu "
                        "bytes): shrunk to %.1f MiB\n",
                c->name, (double)asked / MIB, (unsigned long long)asked_need,
                (unsigned long long)limit, (double)target / MIB);
}

static void run_case(bench_env* env, const bench_case* c, uint64_t target, result_row* row)
{
    memset(row, 0, sizeof *row);
    bench_setup* s = &row->setup;
    setup_fitted(env, c, target, s);
    row->size_target = target;
    vksplit_runner* runner = env->runner;
    vksplit_error error;
    vksplit_plan_options options = {env->path};
    vksplit_plan* plan = NULL;
    if (vksplit_plan_create(vksplit_runner_context(runner), &s->desc, &options, &plan, &error) != VKSPLIT_OK)
        die(c->name, &error);
    vksplit_plan_get_info(plan, &row->info);
    if (env->shader_stats)
        bench_shader_stats(env->info.device, vksplit_plan_pipeline(plan), row->stats_json, sizeof row->stats_json,
                           row->stats_text, sizeof row->stats_text);
    uint64_t bytes = row->info.bytes_written;
    if (env->plan_only) { /* the plan's own account only: nothing allocated, nothing run */
        vksplit_plan_destroy(plan);
        return;
    }

    /* Device-local buffers: the input, one arena for the outputs (the references write there
     * too, after the split's bytes are checked: the same allocations for all), and the
     * per-recording arguments where the plan has more outputs than push constants hold. */
    vksplit_runner_buffer input, arena, arguments;
    memset(&arguments, 0, sizeof arguments);
    if (vksplit_runner_buffer_create(runner, s->input_span, &input, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(runner, s->arena_bytes, &arena, &error) != VKSPLIT_OK ||
        (row->info.argument_bytes &&
         vksplit_runner_buffer_create(runner, row->info.argument_bytes, &arguments, &error) != VKSPLIT_OK))
        die(c->name, &error);
    uint8_t* host_in = xmalloc(s->input_span);
    uint8_t* host_out = xmalloc(s->arena_bytes > bytes ? s->arena_bytes : bytes);
    uint64_t seed = 0x9E3779B97F4A7C15ull ^ s->input_span;
    for (uint64_t i = 0; i + 8 <= s->input_span; i += 8) { /* not a constant: every byte must land right */
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        memcpy(host_in + i, &seed, 8);
    }
    for (uint64_t i = s->input_span & ~(uint64_t)7; i < s->input_span; i++)
        host_in[i] = (uint8_t)(i * 131u);
    memset(host_out, 0, s->arena_bytes);
    if (vksplit_runner_upload(runner, &input, 0, host_in, s->input_span, &error) != VKSPLIT_OK ||
        vksplit_runner_upload(runner, &arena, 0, host_out, s->arena_bytes, &error) != VKSPLIT_OK)
        die(c->name, &error);

    vksplit_binding* bindings = xmalloc(sizeof *bindings * c->outputs);
    for (uint32_t i = 0; i < c->outputs; i++)
        bindings[i] = (vksplit_binding){arena.buffer, s->output_offset[i]};
    op split = {OP_SPLIT, plan, {input.buffer, 0}, bindings, {arguments.buffer, 0, 0}, NULL, NULL, 0, NULL,
                env->queries, VKSPLIT_OK, {VKSPLIT_OK, "", VKSPLIT_RULE_NONE}};
    /* The first run writes the arguments; the timed ones find them written (static bindings). */
    time_op(runner, &env->info, &split);
    if (split.result != VKSPLIT_OK)
        die(c->name, &split.error);
    if (vksplit_runner_download(runner, &arena, 0, host_out, s->arena_bytes, &error) != VKSPLIT_OK)
        die(c->name, &error);
    if (!bench_check(s, host_in, host_out))
        exit(1);
    split.arguments.prewritten = 1;
    row->record_us = time_record(&env->info, env->pool, &split);

    op copy = split, ceiling = split;
    copy.kind = OP_COPY;
    copy.src = &input;
    copy.dst = &arena;
    copy.bytes = bytes;
    ceiling.kind = OP_CEILING;
    ceiling.src = &input;
    ceiling.dst = &arena;
    ceiling.bytes = bytes;
    ceiling.ceiling = &env->ceiling;
    row->has_ceiling = env->has_ceiling;

    /* Interleaved: each repetition times the split and every reference back to back, so a
     * slow spell (clocks, a shared machine) hits all of them. */
    double t_split[MAX_REPS], t_copy[MAX_REPS], t_ceiling[MAX_REPS], t_memcpy[MAX_REPS];
    for (int i = -2; i < env->reps; i++) { /* two warm-up rounds */
        int k = i < 0 ? 0 : i;
        t_split[k] = time_op(runner, &env->info, &split);
        t_copy[k] = time_op(runner, &env->info, &copy);
        t_ceiling[k] = env->has_ceiling ? time_op(runner, &env->info, &ceiling) : 0;
        double t0 = now_seconds();
        memcpy(host_out, host_in, bytes);
        t_memcpy[k] = now_seconds() - t0;
    }
    row->split_s = median(t_split, env->reps);
    row->copy_s = median(t_copy, env->reps);
    row->ceiling_s = median(t_ceiling, env->reps);
    row->memcpy_s = median(t_memcpy, env->reps);

    vksplit_plan_destroy(plan);
    vksplit_runner_buffer_destroy(runner, &arguments);
    vksplit_runner_buffer_destroy(runner, &arena);
    vksplit_runner_buffer_destroy(runner, &input);
    free(bindings);
    free(host_in);
    free(host_out);
}

/* ---- output --------------------------------------------------------------------------------- */

/* --mapping's names, in vksplit_mapping's order. */
static const char* const mapping_names[] = {"-", "runs", "interleaved", "tiles", "transpose", "deinterleave", "by-shape"};
#define MAPPING_NAMES (sizeof mapping_names / sizeof mapping_names[0])

static const char* mapping_name(vksplit_mapping m) { return (unsigned)m < MAPPING_NAMES ? mapping_names[m] : "?"; }

static void print_row(const result_row* r)
{
    char shape[64];
    bench_shape_text(&r->setup, shape, sizeof shape);
    const bench_case* c = r->setup.c;
    uint64_t bytes = r->info.bytes_written;
    double ceiling_x = r->has_ceiling && r->split_s > 0 ? r->ceiling_s / r->split_s : 0;
    if (c->shape == SHAPE_FIXED) {
        printf("%-15s %-19s %-3s %5u %9.3f %-52s %8.1fus %8.1fus %6.2f %8.1fus %6.2f %8.3f %6.3f %7.2f\n", c->name, shape,
               c->dtype, c->outputs, (double)bytes / MIB, r->info.summary, r->split_s * 1e6, r->ceiling_s * 1e6,
               ceiling_x, r->copy_s * 1e6, r->copy_s / r->split_s, gbps(bytes, r->memcpy_s), r->memcpy_s / r->split_s,
               r->record_us);
        return;
    }
    printf("%-15s %-19s %-3s %5u %9.1f %-52s %9.1f %9.1f %6.2f %9.1f %6.2f %8.1f %6.2f %7.2f\n", c->name, shape, c->dtype,
           c->outputs, (double)bytes / MIB, r->info.summary, gbps(bytes, r->split_s), gbps(bytes, r->ceiling_s),
           ceiling_x, gbps(bytes, r->copy_s), r->copy_s / r->split_s, gbps(bytes, r->memcpy_s),
           r->memcpy_s / r->split_s, r->record_us);
}

/* --plan-only: the plan and its own account, no timings. */
static void print_plan_row(const result_row* r, int json, int last)
{
    char shape[64];
    bench_shape_text(&r->setup, shape, sizeof shape);
    const bench_case* c = r->setup.c;
    const vksplit_plan_info* i = &r->info;
    if (!json) {
        printf("%-15s %-22s %-3s %5u %9.1f %-58s %4u B %6.3f %8llu %6llu\n", c->name, shape, c->dtype, c->outputs,
               (double)i->bytes_written / MIB, i->summary, i->bytes_in_flight, i->fetch_ratio,
               (unsigned long long)i->workgroup_count, (unsigned long long)i->idle_workgroups);
        return;
    }
    printf("    {\"case\": \"%s\", \"what\": \"%s\", \"size_mib\": %.0f, \"shape\": \"%s\", \"dtype\": \"%s\", "
           "\"outputs\": %u, \"bytes\": %llu, \"path\": \"%s\", \"mapping\": \"%s\", \"plan\": \"%s\", "
           "\"dispatches\": %u, \"windows\": %u, \"word_bytes\": %u, \"workgroup_size\": %u, \"workgroups\": %llu, "
           "\"idle_workgroups\": %llu, \"bytes_in_flight\": %u, \"invocation_bytes\": %u, \"fetch_ratio\": %.4f%s%s}%s\n",
           c->name, c->what, (double)r->size_target / MIB, shape, c->dtype, c->outputs,
           (unsigned long long)i->bytes_written, i->path == VKSPLIT_PATH_TRANSFER ? "copy" : "compute",
           mapping_name(i->mapping), i->summary, i->dispatch_count, i->window_count, i->word_bytes, i->workgroup_size,
           (unsigned long long)i->workgroup_count, (unsigned long long)i->idle_workgroups, i->bytes_in_flight,
           i->invocation_bytes, i->fetch_ratio, r->stats_json[0] ? ", \"shader_stats\": " : "", r->stats_json,
           last ? "" : ",");
}

static void print_json_row(const result_row* r, int last)
{
    char shape[64];
    bench_shape_text(&r->setup, shape, sizeof shape);
    const bench_case* c = r->setup.c;
    uint64_t bytes = r->info.bytes_written;
    printf("    {\"case\": \"%s\", \"what\": \"%s\", \"size_mib\": %.0f, \"shape\": \"%s\", \"dtype\": \"%s\", "
           "\"outputs\": %u, \"bytes\": %llu, \"path\": \"%s\", \"mapping\": \"%s\", \"plan\": \"%s\", "
           "\"dispatches\": %u, \"windows\": %u, \"word_bytes\": %u, \"workgroup_size\": %u, \"workgroups\": %llu, "
           "\"idle_workgroups\": %llu, \"bytes_in_flight\": %u, \"invocation_bytes\": %u, \"fetch_ratio\": %.4f, "
           "\"split_us\": %.3f, \"split_gbps\": %.3f, "
           "\"ceiling_us\": %.3f, \"ceiling_gbps\": %.3f, \"copy_us\": %.3f, \"copy_gbps\": %.3f, "
           "\"memcpy_gbps\": %.3f, \"ratio_ceiling\": %.4f, \"ratio_copy\": %.4f, \"ratio_memcpy\": %.4f, "
           "\"record_us\": %.3f%s%s}%s\n",
           c->name, c->what, (double)r->size_target / MIB, shape, c->dtype, c->outputs, (unsigned long long)bytes,
           r->info.path == VKSPLIT_PATH_TRANSFER ? "copy" : "compute", mapping_name(r->info.mapping), r->info.summary,
           r->info.dispatch_count, r->info.window_count, r->info.word_bytes, r->info.workgroup_size,
           (unsigned long long)r->info.workgroup_count, (unsigned long long)r->info.idle_workgroups,
           r->info.bytes_in_flight, r->info.invocation_bytes, r->info.fetch_ratio, r->split_s * 1e6, gbps(bytes, r->split_s), r->ceiling_s * 1e6,
           gbps(bytes, r->ceiling_s), r->copy_s * 1e6, gbps(bytes, r->copy_s), gbps(bytes, r->memcpy_s),
           r->has_ceiling && r->split_s > 0 ? r->ceiling_s / r->split_s : 0.0, r->copy_s / r->split_s,
           r->memcpy_s / r->split_s, r->record_us, r->stats_json[0] ? ", \"shader_stats\": " : "", r->stats_json,
           last ? "" : ",");
}

/* ---- options -------------------------------------------------------------------------------- */

static void usage(FILE* to)
{
    fprintf(to,
            "usage: split_bench [--size MiB[,MiB...]] [--case NAME[,NAME...]] [--device N] [--list-devices]\n"
            "                   [--path auto|compute|copy] [--mapping NAME] [--workgroup N] [--invocation-bytes N]\n"
            "                   [--band-bytes N|off] [--max-word N] [--staging] [--reps N] [--json] [--list]\n"
            "                   [--plan-only] [--shader-stats]\n"
            "  Times each case (medians after 2 warm-ups) against three references of the same bytes in\n"
            "  the same run: a plain compute copy (the ceiling), one-region vkCmdCopyBuffer and host memcpy.\n"
            "  --size: tensor size of the throughput cases (default 64 MiB); the 4k/64k cases keep theirs.\n"
            "  --device: index from --list-devices (default: the first discrete GPU, else the first device).\n"
            "  --mapping runs|interleaved|tiles|transpose|deinterleave|by-shape (the GPU default, also on lavapipe),\n"
            "  --workgroup/--invocation-bytes/--band-bytes/--max-word: override the device's tuning (vksplit_tuning).\n"
            "  --staging: move data through the staging buffer even where memory is host-cached.\n"
            "  --plan-only: plan every case and print the plan's own account (bytes in flight, input bytes\n"
            "  fetched per byte copied, workgroups, idle ones) without allocating or timing anything: what a\n"
            "  device would run, at any --size, on any device (--mapping by-shape: a discrete GPU's plans).\n"
            "  --shader-stats: per case, what the driver reports about the plan's pipeline (registers,\n"
            "  instructions, spills... through VK_KHR_pipeline_executable_properties; one line where it lacks it).\n");
}

/* "a,b,c" into out (at most max entries); 0 on a malformed list. */
static int split_list(char* text, const char** out, int max, int* count)
{
    *count = 0;
    for (char* item = strtok(text, ","); item; item = strtok(NULL, ",")) {
        if (*count == max)
            return 0;
        out[(*count)++] = item;
    }
    return *count > 0;
}

typedef struct bench_options {
    const char* cases[32];
    int case_count;
    double sizes[MAX_SIZES];
    int size_count;
    int json, reps, list_devices, plan_only, shader_stats;
    vksplit_runner_desc runner;
    vksplit_path path;
} bench_options;

static int parse_options(int argc, char** argv, bench_options* o)
{
    memset(o, 0, sizeof *o);
    o->reps = 7;
    o->sizes[0] = 64;
    o->size_count = 1;
    for (int i = 1; i < argc; i++) {
        const char* a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json")) {
            o->json = 1;
        } else if (!strcmp(a, "--plan-only")) {
            o->plan_only = 1;
        } else if (!strcmp(a, "--shader-stats")) {
            o->shader_stats = 1;
            o->runner.enable_pipeline_statistics = 1;
        } else if (!strcmp(a, "--staging")) {
            o->runner.memory = VKSPLIT_RUNNER_MEMORY_STAGING;
        } else if (!strcmp(a, "--list-devices")) {
            o->list_devices = 1;
        } else if (!strcmp(a, "--list")) {
            for (uint32_t c = 0; c < bench_case_count; c++)
                printf("%-15s %s\n", bench_cases[c].name, bench_cases[c].what);
            exit(0);
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        } else if (!v) {
            usage(stderr);
            return 0;
        } else {
            i++;
            if (!strcmp(a, "--case")) {
                if (!split_list(argv[i], o->cases, 32, &o->case_count))
                    return 0;
            } else if (!strcmp(a, "--size")) {
                const char* items[MAX_SIZES];
                if (!split_list(argv[i], items, MAX_SIZES, &o->size_count))
                    return 0;
                for (int k = 0; k < o->size_count; k++)
                    if ((o->sizes[k] = atof(items[k])) <= 0 || o->sizes[k] > 1 << 20) {
                        fprintf(stderr, "split_bench: --size %s is not a size in MiB\n", items[k]);
                        return 0;
                    }
            } else if (!strcmp(a, "--device")) {
                o->runner.choose_device = 1;
                o->runner.device_index = (uint32_t)strtoul(v, NULL, 10);
            } else if (!strcmp(a, "--path")) {
                o->path = !strcmp(v, "compute") ? VKSPLIT_PATH_COMPUTE : !strcmp(v, "copy") ? VKSPLIT_PATH_TRANSFER
                          : !strcmp(v, "auto")  ? VKSPLIT_PATH_AUTO : (vksplit_path)-1;
                if ((int)o->path < 0)
                    return 0;
            } else if (!strcmp(a, "--mapping")) {
                int found = 0;
                for (unsigned m = 1; m < MAPPING_NAMES; m++)
                    if (!strcmp(v, mapping_names[m])) {
                        o->runner.tuning.mapping = (vksplit_mapping)m;
                        found = 1;
                    }
                if (!found)
                    return 0;
            } else if (!strcmp(a, "--max-word")) {
                uint32_t word = (uint32_t)strtoul(v, NULL, 10);
                if (word < 1 || word > 32 || (word & (word - 1))) {
                    fprintf(stderr, "split_bench: --max-word takes 1, 2, 4, 8, 16 or 32\n");
                    return 0;
                }
                o->runner.tuning.max_word_bytes = word;
            } else if (!strcmp(a, "--workgroup")) {
                o->runner.tuning.workgroup_size = (uint32_t)strtoul(v, NULL, 10);
            } else if (!strcmp(a, "--invocation-bytes")) {
                o->runner.tuning.invocation_bytes = (uint32_t)strtoul(v, NULL, 10);
            } else if (!strcmp(a, "--band-bytes")) {
                o->runner.tuning.band_bytes = !strcmp(v, "off") ? UINT32_MAX : (uint32_t)strtoul(v, NULL, 10);
            } else if (!strcmp(a, "--reps")) {
                o->reps = atoi(v);
                if (o->reps < 1 || o->reps > MAX_REPS) {
                    fprintf(stderr, "split_bench: --reps takes 1..%d\n", MAX_REPS);
                    return 0;
                }
            } else {
                usage(stderr);
                return 0;
            }
        }
    }
    for (int k = 0; k < o->case_count; k++) {
        int found = 0;
        for (uint32_t c = 0; c < bench_case_count; c++)
            found |= !strcmp(o->cases[k], bench_cases[c].name);
        if (!found) {
            fprintf(stderr, "split_bench: no case named %s (see --list)\n", o->cases[k]);
            return 0;
        }
    }
    return 1;
}

static int selected(const bench_options* o, const char* name)
{
    if (o->case_count == 0)
        return 1;
    for (int k = 0; k < o->case_count; k++)
        if (!strcmp(o->cases[k], name))
            return 1;
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

int main(int argc, char** argv)
{
    bench_options o;
    if (!parse_options(argc, argv, &o)) {
        usage(stderr);
        return 2;
    }
    if (o.list_devices)
        return list_devices();
    bench_env env;
    memset(&env, 0, sizeof env);
    env.path = o.path;
    env.reps = o.reps;
    env.plan_only = o.plan_only;
    vksplit_error error;
    if (vksplit_runner_create(&o.runner, &env.runner, &error) != VKSPLIT_OK)
        die("runner", &error);
    vksplit_runner_get_info(env.runner, &env.info);
    volkInitializeCustom(env.info.get_instance_proc_addr); /* the loader the runner found */
    volkLoadInstanceOnly(env.info.instance);
    volkLoadDevice(env.info.device);
    env.shader_stats = o.shader_stats && env.info.pipeline_statistics;
    if (o.shader_stats && !env.shader_stats)
        fprintf(stderr, "split_bench: --shader-stats: %s has no VK_KHR_pipeline_executable_properties "
                        "(pipelineExecutableInfo); no statistics\n", env.info.device_name);
    VkCommandPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                         .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                         .queueFamilyIndex = env.info.queue_family_index};
    VkQueryPoolCreateInfo query_info = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                        .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                        .queryCount = 2};
    if (vkCreateCommandPool(env.info.device, &pool_info, NULL, &env.pool) != VK_SUCCESS ||
        vkCreateQueryPool(env.info.device, &query_info, NULL, &env.queries) != VK_SUCCESS)
        die("command pool / query pool", NULL);
    env.has_ceiling = (env.info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) &&
                      bench_ceiling_create(&env.info, &env.ceiling);

    if (o.json)
        printf("{\n  \"device\": \"%s\",\n  \"driver\": \"%s\",\n  \"reps\": %d,\n  \"mapped_tensors\": %u,\n"
               "  \"plan_only\": %s,\n  \"cases\": [\n",
               env.info.device_name, env.info.driver_info, o.reps, env.info.mapped_tensors,
               o.plan_only ? "true" : "false");
    else if (o.plan_only)
        printf("split_bench --plan-only on %s: each case's plan and its own account, nothing run\n\n"
               "%-15s %-22s %-3s %5s %9s %-58s %6s %6s %8s %6s\n",
               env.info.device_name, "case", "shape", "dt", "outs", "MiB", "plan", "flight", "fetch", "groups", "idle");
    else
        printf("split_bench on %s (%s); medians of %d runs after 2 warm-ups; GB/s of output bytes;\n"
               "x = reference time / split time (higher is better): ceiling = plain compute copy of 16-byte words,\n"
               "copy = one-region vkCmdCopyBuffer, memcpy = one host thread, all on the same bytes in the same run\n\n"
               "%-15s %-19s %-3s %5s %9s %-52s %9s %9s %6s %9s %6s %8s %6s %7s\n",
               env.info.device_name, env.info.driver_info, o.reps, "case", "shape", "dt", "outs", "MiB", "plan",
               "GB/s", "ceiling", "x ceil", "copy", "x copy", "memcpy", "x mem", "rec us");
    int total = 0, printed = 0;
    for (int z = 0; z < o.size_count; z++)
        for (uint32_t c = 0; c < bench_case_count; c++)
            total += selected(&o, bench_cases[c].name) && (z == 0 || bench_cases[c].shape != SHAPE_FIXED);
    for (int z = 0; z < o.size_count; z++) {
        uint64_t target = (uint64_t)(o.sizes[z] * MIB);
        for (uint32_t c = 0; c < bench_case_count; c++) {
            const bench_case* bc = &bench_cases[c];
            if (!selected(&o, bc->name) || (z > 0 && bc->shape == SHAPE_FIXED)) /* latency cases once */
                continue;
            static result_row row;
            run_case(&env, bc, target, &row);
            if (o.plan_only)
                print_plan_row(&row, o.json, ++printed == total);
            else if (o.json)
                print_json_row(&row, ++printed == total);
            else
                print_row(&row);
            if (env.shader_stats && !o.json)
                printf("  %s: %s\n", bc->name, row.stats_text);
            fflush(stdout);
        }
    }
    if (o.json)
        printf("  ]\n}\n");
    else
        printf("\nlatency cases (4k, 64k) show microseconds per split and per reference instead of GB/s\n");
    bench_ceiling_destroy(&env.ceiling);
    vkDestroyQueryPool(env.info.device, env.queries, NULL);
    vkDestroyCommandPool(env.info.device, env.pool, NULL);
    vksplit_runner_destroy(env.runner);
    return 0;
}
