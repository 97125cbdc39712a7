/* split_bench: the honest measure of vksplit.
 *
 * For every case: plan the split, check its bytes once against a CPU reference, then time
 * it (medians after warm-up) with GPU timestamps and host wall time, next to two references
 * measured in the same run on the same bytes: a single-threaded host memcpy and
 * vkCmdCopyBuffer with one region per (row, output). Ratios against those references are
 * the figures to compare across machines; absolute GB/s drift with load.
 *
 *   split_bench [--case NAME] [--path auto|compute|copy] [--reps N] [--json] [--list]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vulkan/vulkan.h>

#include "vksplit/vksplit_runner.h"

/* ---- the cases ---------------------------------------------------------------------------- */

typedef struct bench_case {
    const char* name;
    const char* what;
    const char* dtype;
    uint32_t element_size;
    uint32_t rank;
    uint64_t sizes[4];
    uint32_t axis;
    uint32_t outputs;
    int uneven;        /* ONNX opset 18 num_outputs: ceil(dim/n) each, the rest last */
    int transposed;    /* the input is stored column-major (strides reversed) */
    int latency;       /* small: report microseconds, not GB/s */
} bench_case;

#define MIB (1024.0 * 1024.0)
/* K for [64, 3K, inner] of about 64 MiB */
#define K_FOR(inner, esize) ((uint64_t)(64.0 * MIB / (64.0 * 3 * (inner) * (esize)) + 0.5))

static const bench_case cases[] = {
    {"f32_inner1", "float32 [64, 3K, 1] axis 1, 3 outputs", "f32", 4, 3, {64, 3 * K_FOR(1, 4), 1}, 1, 3, 0, 0, 0},
    {"f32_inner64", "float32 [64, 3K, 64] axis 1, 3 outputs", "f32", 4, 3, {64, 3 * K_FOR(64, 4), 64}, 1, 3, 0, 0, 0},
    {"f32_inner4096", "float32 [64, 3K, 4096] axis 1, 3 outputs", "f32", 4, 3, {64, 3 * K_FOR(4096, 4), 4096}, 1, 3, 0, 0, 0},
    {"f32_1d", "float32 [3M] axis 0, 3 outputs", "f32", 4, 1, {3 * 5592405}, 0, 3, 0, 0, 0},
    {"i8_inner64", "int8 [64, 3K, 64] axis 1, 3 outputs", "i8", 1, 3, {64, 3 * K_FOR(64, 1), 64}, 1, 3, 0, 0, 0},
    {"f16_inner64", "float16 [64, 3K, 64] axis 1, 3 outputs", "f16", 2, 3, {64, 3 * K_FOR(64, 2), 64}, 1, 3, 0, 0, 0},
    {"f32_chunk256", "float32 [87381, 3, 64] axis 1: 256-byte chunks", "f32", 4, 3, {87381, 3, 64}, 1, 3, 0, 0, 0},
    {"f32_chunk16", "float32 [1398101, 3, 4] axis 1: 16-byte chunks", "f32", 4, 3, {1398101, 3, 4}, 1, 3, 0, 0, 0},
    {"f32_last3", "float32 [N, 3] last axis: 4-byte chunks", "f32", 4, 2, {5592405, 3}, 1, 3, 0, 0, 0},
    {"f32_uneven18", "float32 [64, 1000, 262] axis 1, opset-18 num_outputs 3", "f32", 4, 3, {64, 1000, 262}, 1, 3, 1, 0, 0},
    {"f32_out96", "float32 [64, 96, 2730] axis 1, 96 outputs", "f32", 4, 3, {64, 96, 2730}, 1, 96, 0, 0, 0},
    {"f32_out1024", "float32 [64, 1024, 256] axis 1, 1024 outputs", "f32", 4, 3, {64, 1024, 256}, 1, 1024, 0, 0, 0},
    {"f32_transposed", "float32 [4096, 4096] column-major input, axis 0, 2 outputs", "f32", 4, 2, {4096, 4096}, 0, 2, 0, 1, 0},
    {"f32_4k", "float32 [1024] axis 0, 2 outputs (4 KiB)", "f32", 4, 1, {1024}, 0, 2, 0, 0, 1},
    {"f32_64k", "float32 [16384] axis 0, 2 outputs (64 KiB)", "f32", 4, 1, {16384}, 0, 2, 0, 0, 1},
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

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

/* ---- one case ------------------------------------------------------------------------------ */

typedef struct case_setup {
    const bench_case* c;
    uint64_t split[1024];
    uint64_t input_strides[4];
    vksplit_split_desc desc;
    uint64_t input_span;
    uint64_t output_span[1024];
    uint64_t output_offset[1024];
    uint64_t arena_bytes;
} case_setup;

static void setup_case(const bench_case* c, case_setup* s)
{
    memset(s, 0, sizeof *s);
    s->c = c;
    uint64_t dim = c->sizes[c->axis];
    uint64_t chunk = c->uneven ? (dim + c->outputs - 1) / c->outputs : dim / c->outputs;
    for (uint32_t i = 0; i < c->outputs; i++)
        s->split[i] = i + 1 < c->outputs ? chunk : dim - chunk * (c->outputs - 1);
    if (c->transposed) { /* column-major: the first dimension is fastest */
        uint64_t stride = 1;
        for (uint32_t k = 0; k < c->rank; k++) {
            s->input_strides[k] = stride;
            stride *= c->sizes[k];
        }
    }
    s->desc.element_size = c->element_size;
    s->desc.rank = c->rank;
    s->desc.sizes = c->sizes;
    s->desc.input_strides = c->transposed ? s->input_strides : NULL;
    s->desc.axis = c->axis;
    s->desc.output_count = c->outputs;
    s->desc.split = s->split;
    vksplit_error error;
    if (vksplit_split_spans(&s->desc, &s->input_span, s->output_span, &error) != VKSPLIT_OK)
        die(c->name, &error);
    /* Outputs share one arena, each at a 256-byte boundary, as an engine would place them. */
    for (uint32_t i = 0; i < c->outputs; i++) {
        s->output_offset[i] = s->arena_bytes;
        s->arena_bytes += (s->output_span[i] + 255) & ~(uint64_t)255;
    }
}

/* An independent element-by-element reference: for each output element, its input element. */
static int check_bytes(const case_setup* s, const uint8_t* input, const uint8_t* arena)
{
    const bench_case* c = s->c;
    uint64_t in_strides[4], stride = 1;
    for (uint32_t k = c->rank; k-- > 0;) {
        in_strides[k] = c->transposed ? s->input_strides[k] : stride;
        stride *= c->sizes[k];
    }
    uint64_t start = 0;
    for (uint32_t o = 0; o < c->outputs; o++) {
        uint64_t sizes[4], idx[4] = {0}, count = 1;
        memcpy(sizes, c->sizes, sizeof sizes);
        sizes[c->axis] = s->split[o];
        for (uint32_t k = 0; k < c->rank; k++)
            count *= sizes[k];
        const uint8_t* out = arena + s->output_offset[o];
        for (uint64_t e = 0; e < count; e++) {
            uint64_t in = 0;
            for (uint32_t k = 0; k < c->rank; k++)
                in += (idx[k] + (k == c->axis ? start : 0)) * in_strides[k];
            if (memcmp(out + e * c->element_size, input + in * c->element_size, c->element_size) != 0) {
                fprintf(stderr, "split_bench: %s: output %u element %llu differs from the reference\n", c->name, o,
                        (unsigned long long)e);
                return 0;
            }
            for (uint32_t k = c->rank; k-- > 0;) {
                if (++idx[k] < sizes[k])
                    break;
                idx[k] = 0;
            }
        }
        start += s->split[o];
    }
    return 1;
}

typedef struct timed_job {
    const vksplit_plan* plan;
    vksplit_binding input;
    vksplit_binding* outputs;
    VkQueryPool queries;
} timed_job;

static vksplit_result record_timed(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    timed_job* job = user;
    vkCmdResetQueryPool(cmd, job->queries, 0, 2);
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, job->queries, 0);
    vksplit_result r = vksplit_cmd_split(job->plan, cmd, &job->input, job->outputs, NULL, error);
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, job->queries, 1);
    return r;
}

typedef struct timing {
    double gpu_seconds;   /* median, timestamps */
    double wall_seconds;  /* median, submit to fence */
} timing;

/* One timed submit: GPU seconds between the timestamps, and host seconds submit to fence. */
static void time_once(vksplit_runner* runner, const vksplit_runner_info* info, timed_job* job, double* gpu,
                      double* wall)
{
    vksplit_error error;
    double t0 = now_seconds();
    if (vksplit_runner_submit(runner, record_timed, job, &error) != VKSPLIT_OK)
        die("submit", &error);
    *wall = now_seconds() - t0;
    uint64_t stamps[2];
    vkGetQueryPoolResults(info->device, job->queries, 0, 2, sizeof stamps, stamps, sizeof stamps[0],
                          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    *gpu = (double)(stamps[1] - stamps[0]) * info->timestamp_period * 1e-9;
}

/* Host microseconds per vksplit_cmd_split, recording many into one never-submitted buffer. */
static double time_record(const vksplit_runner_info* info, VkCommandPool pool, timed_job* job)
{
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1};
    VkCommandBuffer cmd;
    vkAllocateCommandBuffers(info->device, &alloc, &cmd);
    double per_call[9];
    const int calls = 64;
    for (int round = 0; round < 9; round++) {
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(cmd, &begin);
        vksplit_error error;
        double t0 = now_seconds();
        for (int i = 0; i < calls; i++)
            if (vksplit_cmd_split(job->plan, cmd, &job->input, job->outputs, NULL, &error) != VKSPLIT_OK)
                die("record", &error);
        per_call[round] = (now_seconds() - t0) / calls;
        vkEndCommandBuffer(cmd);
        vkResetCommandBuffer(cmd, 0);
    }
    vkFreeCommandBuffers(info->device, pool, 1, &cmd);
    return median(per_call, 9) * 1e6;
}

typedef struct result_row {
    const bench_case* c;
    vksplit_plan_info info;
    double record_us;
    timing split, copy;
    double memcpy_seconds;
    int copy_possible;
} result_row;

static result_row run_case(vksplit_runner* runner, const vksplit_runner_info* info, VkCommandPool pool,
                           VkQueryPool queries, const bench_case* c, vksplit_path path, int reps)
{
    static case_setup s;
    setup_case(c, &s);
    result_row row;
    memset(&row, 0, sizeof row);
    row.c = c;
    vksplit_error error;
    vksplit_runner_buffer input, arena;
    if (vksplit_runner_buffer_create(runner, s.input_span, &input, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(runner, s.arena_bytes, &arena, &error) != VKSPLIT_OK)
        die(c->name, &error);
    uint32_t seed = 12345;
    for (uint64_t i = 0; i < s.input_span; i++) { /* not a constant: every byte must land right */
        seed = seed * 1664525u + 1013904223u;
        ((uint8_t*)input.mapped)[i] = (uint8_t)(seed >> 24);
    }
    vksplit_binding bindings[1024];
    for (uint32_t i = 0; i < c->outputs; i++)
        bindings[i] = (vksplit_binding){arena.buffer, s.output_offset[i]};
    vksplit_context* ctx = vksplit_runner_context(runner);

    vksplit_plan_options options = {path};
    vksplit_plan* plan;
    if (vksplit_plan_create(ctx, &s.desc, &options, &plan, &error) != VKSPLIT_OK)
        die(c->name, &error);
    vksplit_plan_get_info(plan, &row.info);
    timed_job job = {plan, {input.buffer, 0}, bindings, queries};
    memset(arena.mapped, 0, s.arena_bytes);
    if (vksplit_runner_submit(runner, record_timed, &job, &error) != VKSPLIT_OK)
        die(c->name, &error);
    if (!check_bytes(&s, input.mapped, arena.mapped))
        exit(1);
    row.record_us = time_record(info, pool, &job);

    /* vkCmdCopyBuffer on the same regions: vksplit's own transfer path is exactly that. */
    options.path = VKSPLIT_PATH_TRANSFER;
    vksplit_plan* copy_plan = NULL;
    row.copy_possible = vksplit_plan_create(ctx, &s.desc, &options, &copy_plan, &error) == VKSPLIT_OK;
    timed_job copy_job = {copy_plan, {input.buffer, 0}, bindings, queries};

    /* Interleaved: each repetition times the split, the copy and a host memcpy of the same
     * bytes back to back, so that a slow spell of this shared machine hits all three. */
    double split_gpu[64], split_wall[64], copy_gpu[64], copy_wall[64], host[64];
    uint64_t bytes = row.info.bytes_written;
    for (int i = -2; i < reps; i++) { /* two warm-up rounds */
        int k = i < 0 ? 0 : i;
        time_once(runner, info, &job, &split_gpu[k], &split_wall[k]);
        if (row.copy_possible)
            time_once(runner, info, &copy_job, &copy_gpu[k], &copy_wall[k]);
        double t0 = now_seconds();
        memcpy(arena.mapped, input.mapped, bytes);
        host[k] = now_seconds() - t0;
    }
    row.split = (timing){median(split_gpu, reps), median(split_wall, reps)};
    if (row.copy_possible)
        row.copy = (timing){median(copy_gpu, reps), median(copy_wall, reps)};
    row.memcpy_seconds = median(host, reps);
    vksplit_plan_destroy(copy_plan);
    vksplit_plan_destroy(plan);
    vksplit_runner_buffer_destroy(runner, &input);
    vksplit_runner_buffer_destroy(runner, &arena);
    return row;
}

/* ---- output --------------------------------------------------------------------------------- */

static double gbps(uint64_t bytes, double seconds) { return seconds > 0 ? (double)bytes / seconds * 1e-9 : 0; }

static void shape_text(const bench_case* c, char* out, size_t size)
{
    int n = snprintf(out, size, "[");
    for (uint32_t k = 0; k < c->rank; k++)
        n += snprintf(out + n, size - (size_t)n, k ? ",%llu" : "%llu", (unsigned long long)c->sizes[k]);
    snprintf(out + n, size - (size_t)n, "]%s", c->transposed ? "T" : "");
}

static void print_row(const result_row* r)
{
    char shape[64];
    shape_text(r->c, shape, sizeof shape);
    uint64_t bytes = r->info.bytes_written;
    double split_gbps = gbps(bytes, r->split.gpu_seconds);
    double memcpy_gbps = gbps(bytes, r->memcpy_seconds);
    double copy_gbps = r->copy_possible ? gbps(bytes, r->copy.gpu_seconds) : 0;
    char copy_text[16] = "    n/a", copy_ratio[16] = "  n/a";
    if (r->copy_possible) {
        snprintf(copy_text, sizeof copy_text, "%7.2f", copy_gbps);
        snprintf(copy_ratio, sizeof copy_ratio, "%5.2f", split_gbps / copy_gbps);
    }
    if (r->c->latency)
        printf("%-15s %-17s %-3s %5u %9.3f %-36s %7.1fus %7.1fus %7.2f %s %5.2f %s %8.2f\n", r->c->name, shape,
               r->c->dtype, r->c->outputs, (double)bytes / MIB, r->info.summary, r->split.gpu_seconds * 1e6,
               r->split.wall_seconds * 1e6, memcpy_gbps, copy_text, split_gbps / memcpy_gbps, copy_ratio, r->record_us);
    else
        printf("%-15s %-17s %-3s %5u %9.3f %-36s %9.2f %9.2f %7.2f %s %5.2f %s %8.2f\n", r->c->name, shape, r->c->dtype,
               r->c->outputs, (double)bytes / MIB, r->info.summary, split_gbps, gbps(bytes, r->split.wall_seconds),
               memcpy_gbps, copy_text, split_gbps / memcpy_gbps, copy_ratio, r->record_us);
}

/* A number, or null where there is no measurement (no copy reference for element gathers). */
static const char* json_number(char* buffer, size_t size, double value, int valid)
{
    if (valid)
        snprintf(buffer, size, "%.4f", value);
    else
        snprintf(buffer, size, "null");
    return buffer;
}

static void print_json_row(const result_row* r, int last)
{
    char shape[64], copy[32], ratio_copy[32];
    shape_text(r->c, shape, sizeof shape);
    uint64_t bytes = r->info.bytes_written;
    double split_gbps = gbps(bytes, r->split.gpu_seconds);
    double copy_gbps = r->copy_possible ? gbps(bytes, r->copy.gpu_seconds) : 0;
    printf("    {\"case\": \"%s\", \"what\": \"%s\", \"shape\": \"%s\", \"dtype\": \"%s\", \"outputs\": %u, "
           "\"bytes\": %llu, \"path\": \"%s\", \"plan\": \"%s\", \"dispatches\": %u, \"word_bytes\": %u, "
           "\"split_gpu_us\": %.3f, \"split_wall_us\": %.3f, \"split_gbps\": %.4f, \"split_wall_gbps\": %.4f, "
           "\"memcpy_gbps\": %.4f, \"copy_gbps\": %s, \"ratio_memcpy\": %.4f, \"ratio_copy\": %s, "
           "\"record_us\": %.3f}%s\n",
           r->c->name, r->c->what, shape, r->c->dtype, r->c->outputs, (unsigned long long)bytes,
           r->info.path == VKSPLIT_PATH_TRANSFER ? "copy" : "compute", r->info.summary, r->info.dispatch_count,
           r->info.word_bytes, r->split.gpu_seconds * 1e6, r->split.wall_seconds * 1e6, split_gbps,
           gbps(bytes, r->split.wall_seconds), gbps(bytes, r->memcpy_seconds),
           json_number(copy, sizeof copy, copy_gbps, r->copy_possible), split_gbps / gbps(bytes, r->memcpy_seconds),
           json_number(ratio_copy, sizeof ratio_copy, split_gbps / copy_gbps, r->copy_possible), r->record_us,
           last ? "" : ",");
}

static void usage(FILE* to)
{
    fprintf(to, "usage: split_bench [--case NAME] [--path auto|compute|copy] [--reps N] [--json] [--list]\n"
                "  Times each case (medians after warm-up) against memcpy and vkCmdCopyBuffer of the same bytes.\n");
}

int main(int argc, char** argv)
{
    const char* only = NULL;
    vksplit_path path = VKSPLIT_PATH_AUTO;
    int reps = 7, json = 0;
    for (int i = 1; i < argc; i++) {
        const char* a = argv[i];
        if (!strcmp(a, "--case") && i + 1 < argc) {
            only = argv[++i];
        } else if (!strcmp(a, "--path") && i + 1 < argc) {
            const char* p = argv[++i];
            path = !strcmp(p, "compute") ? VKSPLIT_PATH_COMPUTE : !strcmp(p, "copy") ? VKSPLIT_PATH_TRANSFER
                   : !strcmp(p, "auto")  ? VKSPLIT_PATH_AUTO : (vksplit_path)-1;
            if ((int)path < 0) {
                usage(stderr);
                return 2;
            }
        } else if (!strcmp(a, "--reps") && i + 1 < argc) {
            reps = atoi(argv[++i]);
            if (reps < 1 || reps > 64) {
                fprintf(stderr, "split_bench: --reps takes 1..64\n");
                return 2;
            }
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--list")) {
            for (size_t c = 0; c < CASE_COUNT; c++)
                printf("%-15s %s\n", cases[c].name, cases[c].what);
            return 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    size_t selected = 0;
    for (size_t c = 0; c < CASE_COUNT; c++)
        selected += !only || !strcmp(only, cases[c].name);
    if (!selected) {
        fprintf(stderr, "split_bench: no case named %s (see --list)\n", only);
        return 2;
    }

    vksplit_runner_desc desc;
    memset(&desc, 0, sizeof desc);
    vksplit_runner* runner;
    vksplit_error error;
    if (vksplit_runner_create(&desc, &runner, &error) != VKSPLIT_OK)
        die("runner", &error);
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    VkCommandPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                         .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                         .queueFamilyIndex = info.queue_family_index};
    VkCommandPool pool;
    VkQueryPoolCreateInfo query_info = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                        .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                        .queryCount = 2};
    VkQueryPool queries;
    if (vkCreateCommandPool(info.device, &pool_info, NULL, &pool) != VK_SUCCESS ||
        vkCreateQueryPool(info.device, &query_info, NULL, &queries) != VK_SUCCESS)
        die("command pool / query pool", NULL);

    if (json)
        printf("{\n  \"device\": \"%s\",\n  \"driver\": \"%s\",\n  \"reps\": %d,\n  \"cases\": [\n", info.device_name,
               info.driver_info, reps);
    else
        printf("split_bench on %s (%s); medians of %d runs after 2 warm-ups; GB/s of output bytes\n"
               "ratios use GPU timestamps; memcpy is one host thread; copy is vkCmdCopyBuffer, one region per row\n\n"
               "%-15s %-17s %-3s %5s %9s %-36s %9s %9s %7s %7s %5s %5s %8s\n",
               info.device_name, info.driver_info, reps, "case", "shape", "dt", "outs", "MiB", "plan", "GB/s gpu",
               "GB/s wall", "memcpy", "copy", "x mem", "x cpy", "rec us");
    size_t printed = 0;
    for (size_t c = 0; c < CASE_COUNT; c++) {
        if (only && strcmp(only, cases[c].name))
            continue;
        result_row row = run_case(runner, &info, pool, queries, &cases[c], path, reps);
        if (json)
            print_json_row(&row, ++printed == selected);
        else
            print_row(&row);
        fflush(stdout);
    }
    if (json)
        printf("  ]\n}\n");
    else
        printf("\nlatency cases (4k, 64k) show GPU and wall time per split in microseconds instead of GB/s\n");
    vkDestroyQueryPool(info.device, queries, NULL);
    vkDestroyCommandPool(info.device, pool, NULL);
    vksplit_runner_destroy(runner);
    return 0;
}
