/* Large cases, for the two lavapipe traps:
 *  1. maxStorageBufferRange is 128 MiB: a 176 MiB input split into a 144 MiB and a 32 MiB
 *     output, and a 192 MiB permuted input whose outputs share one buffer with the second
 *     output starting past 128 MiB, byte-exact through the device-address path (compute
 *     forced, then the planner's own choice).
 *  2. llvmpipe silently truncates loops past 65535 iterations per 8-lane batch: runs of
 *     the largest size the engine allows (RUNS, tuning.invocation_bytes = 65536) with 1-byte words
 *     (1-byte elements, odd chunk sizes, base_alignment 1), ~40 MiB so the planner keeps the
 *     full run length, on the device-address, descriptor and atomic paths. Long rows, rows
 *     split into pieces, and many one- and two-byte rows gathered per invocation.
 *  3. TILES' wide kernel (64-bit places), for tiles that span 2 GiB: two rows 1 GiB apart.
 * Peak memory stays under ~3.5 GiB (device buffers and their host mirrors). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"

static uint64_t hash_bytes(const uint8_t* p, uint64_t n)
{
    uint64_t h = 0xCBF29CE484222325ull;
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t v;
        memcpy(&v, p + i, 8);
        h = (h ^ v) * 0x100000001B3ull;
        h ^= h >> 29;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}

#define GUARD 64u

/* The parts of an input the split reads, where they are a few ranges of a sparse span (the
 * wide TILES case: two rows 1 GiB apart); NULL where the split reads the whole span. */
typedef struct input_ranges {
    uint32_t count;
    uint64_t at[2], size[2];
} input_ranges;

/* Whether the input is as it was after a run: every byte of the span hashed, or of each range
 * compared (a sparse input is not read back whole). */
static bool input_unchanged(vksplit_runner* runner, vksplit_runner_buffer* in_buf, uint64_t in_offset,
                            const uint8_t* input, uint64_t in_span, uint64_t in_hash, const input_ranges* ranges,
                            uint8_t* after)
{
    vksplit_error err;
    if (!ranges) {
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, in_buf, in_offset, after, in_span, &err), &err);
        return hash_bytes(after, in_span) == in_hash;
    }
    bool same = true;
    for (uint32_t i = 0; i < ranges->count; i++) {
        CHECK_RESULT(VKSPLIT_OK,
                     vksplit_runner_download(runner, in_buf, in_offset + ranges->at[i], after, ranges->size[i], &err),
                     &err);
        same &= memcmp(after, input + ranges->at[i], ranges->size[i]) == 0;
    }
    return same;
}

/* Runs a two-output split whose outputs are packed on each path: the input (host mirror
 * `input`) was uploaded at in_offset; every output element is checked with the reference,
 * the guard bytes after each output, and the input after the run (whole, or the ranges the
 * split reads). Data moves through the runner's uploads and downloads, so this works on a
 * GPU's device-local memory too. */
static void run_big(vksplit_runner* runner, const char* name, const vksplit_split_desc* d, const uint8_t* input,
                    const input_ranges* ranges, vksplit_runner_buffer* in_buf, uint64_t in_offset,
                    vksplit_runner_buffer* out_bufs[2], const uint64_t out_offsets[2])
{
    static const vksplit_path paths[] = {VKSPLIT_PATH_COMPUTE, VKSPLIT_PATH_AUTO};
    uint64_t in_span = ref_input_span_bytes(d);
    uint64_t in_hash = ranges ? 0 : hash_bytes(input, in_span);
    uint64_t after_bytes = ranges ? 0 : in_span; /* the largest range read back */
    for (uint32_t i = 0; ranges && i < ranges->count; i++)
        after_bytes = ranges->size[i] > after_bytes ? ranges->size[i] : after_bytes;
    uint64_t spans[2] = {ref_output_span_bytes(d, 0), ref_output_span_bytes(d, 1)};
    uint8_t* host[2] = {malloc(spans[0] + GUARD), malloc(spans[1] + GUARD)};
    uint8_t* input_after = malloc(after_bytes);
    if (!host[0] || !host[1] || !input_after) {
        CHECK_MSG(0, "%s: out of host memory", name);
        free(host[0]);
        free(host[1]);
        free(input_after);
        return;
    }
    for (unsigned p = 0; p < 2; p++) {
        vksplit_plan_options options = {.path = paths[p]};
        vksplit_plan_info info;
        vksplit_plan* plan = test_plan_create(vksplit_runner_context(runner), d, NULL, &options, &info);
        if (!plan)
            continue;
        vksplit_error err;
        for (uint32_t i = 0; i < 2; i++) {
            memset(host[i], 0xA5, spans[i] + GUARD);
            CHECK_RESULT(VKSPLIT_OK,
                         vksplit_runner_upload(runner, out_bufs[i], out_offsets[i], host[i], spans[i] + GUARD, &err),
                         &err);
        }
        vksplit_binding outputs[2] = {{out_bufs[0]->buffer, out_offsets[0]}, {out_bufs[1]->buffer, out_offsets[1]}};
        test_recording job = {plan, {.whole = {in_buf->buffer, in_offset}, .parts = outputs}, VKSPLIT_OK, {0}};
        double t0 = core_now();
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, test_record, &job, &err), &err);
        double t1 = core_now();
        CHECK_MSG(job.result == VKSPLIT_OK, "%s: %s", name, job.error.message);
        for (uint32_t i = 0; i < 2; i++) {
            CHECK_RESULT(VKSPLIT_OK,
                         vksplit_runner_download(runner, out_bufs[i], out_offsets[i], host[i], spans[i] + GUARD, &err),
                         &err);
            uint64_t first_bad = 0;
            uint64_t bad = ref_compare_output(d, i, input, host[i], &first_bad);
            CHECK_MSG(bad == 0, "%s (%s): output %u: %llu elements differ, first at byte %llu of %llu", name,
                      info.summary, i, (unsigned long long)bad, (unsigned long long)first_bad,
                      (unsigned long long)spans[i]);
            int guard_ok = 1;
            for (uint32_t g = 0; g < GUARD; g++)
                guard_ok &= host[i][spans[i] + g] == 0xA5;
            CHECK_MSG(guard_ok, "%s: bytes after output %u were written", name, i);
        }
        CHECK_MSG(input_unchanged(runner, in_buf, in_offset, input, in_span, in_hash, ranges, input_after),
                  "%s: the input changed", name);
        printf("%s [%s]: %.1f MiB in, %.1f ms on the device\n", name, info.summary, in_span / 1048576.0,
               (t1 - t0) * 1e3);
        vksplit_plan_destroy(plan);
    }
    free(host[0]);
    free(host[1]);
    free(input_after);
}

/* A random input of `span` bytes, uploaded at `offset`; the caller frees the host mirror. */
static uint8_t* random_input(vksplit_runner* runner, vksplit_runner_buffer* buffer, uint64_t offset, uint64_t span,
                             uint64_t seed)
{
    uint8_t* input = malloc(span);
    if (!input) {
        CHECK_MSG(0, "out of host memory for %llu bytes", (unsigned long long)span);
        return NULL;
    }
    core_rng rng;
    core_rng_seed(&rng, seed);
    core_rng_fill(&rng, input, span);
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, buffer, offset, input, span, &err), &err);
    return input;
}

/* 176 MiB {11, 2^21} of 8-byte elements along axis 0 into {9, 2}: outputs of 144 and 32 MiB. */
static void beyond_128_mib_packed(vksplit_runner* runner)
{
    uint64_t sizes[2] = {11, 1ull << 21}, lengths[2] = {9, 2};
    vksplit_split_desc d = core_packed_desc(8, 2, sizes, 0, 2, lengths);
    vksplit_runner_buffer in_buf, out0, out1;
    vksplit_error err;
    uint64_t in_span = ref_input_span_bytes(&d);
    vksplit_result r = vksplit_runner_buffer_create(runner, in_span, &in_buf, &err);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(runner, ref_output_span_bytes(&d, 0) + GUARD, &out0, &err);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(runner, ref_output_span_bytes(&d, 1) + GUARD, &out1, &err);
    CHECK_RESULT(VKSPLIT_OK, r, &err);
    uint8_t* input = r == VKSPLIT_OK ? random_input(runner, &in_buf, 0, in_span, 0xB16) : NULL;
    if (input) {
        vksplit_runner_buffer* outs[2] = {&out0, &out1};
        const uint64_t offsets[2] = {0, 0};
        run_big(runner, "176 MiB packed", &d, input, NULL, &in_buf, 0, outs, offsets);
    }
    free(input);
    vksplit_runner_buffer_destroy(runner, &in_buf);
    vksplit_runner_buffer_destroy(runner, &out0);
    vksplit_runner_buffer_destroy(runner, &out1);
}

/* 192 MiB {4096, 3, 4096} float32 stored as [3][4096][4096] (axis 1 outermost in memory),
 * split along axis 1 into {1, 2}; both outputs in one buffer, the second at 64 MiB + 64
 * and ending past 192 MiB. The input sits at a 16-byte offset. */
static void beyond_128_mib_permuted(vksplit_runner* runner)
{
    uint64_t sizes[3] = {4096, 3, 4096}, lengths[2] = {1, 2};
    uint64_t strides[3] = {4096, 4096ull * 4096, 1};
    vksplit_split_desc d = core_packed_desc(4, 3, sizes, 1, 2, lengths);
    d.input_strides = strides;
    uint64_t in_span = ref_input_span_bytes(&d);
    uint64_t span0 = ref_output_span_bytes(&d, 0), span1 = ref_output_span_bytes(&d, 1);
    const uint64_t offsets[2] = {0, span0 + GUARD};
    vksplit_runner_buffer in_buf, out_buf;
    vksplit_error err;
    vksplit_result r = vksplit_runner_buffer_create(runner, 16 + in_span, &in_buf, &err);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(runner, offsets[1] + span1 + GUARD, &out_buf, &err);
    CHECK_RESULT(VKSPLIT_OK, r, &err);
    uint8_t* input = r == VKSPLIT_OK ? random_input(runner, &in_buf, 16, in_span, 0xB17) : NULL;
    if (input) {
        vksplit_runner_buffer* outs[2] = {&out_buf, &out_buf};
        run_big(runner, "192 MiB permuted, second output past 128 MiB", &d, input, NULL, &in_buf, 16, outs, offsets);
    }
    free(input);
    vksplit_runner_buffer_destroy(runner, &in_buf);
    vksplit_runner_buffer_destroy(runner, &out_buf);
}

/* ---- the loop limit ------------------------------------------------------------------------- */

static void loop_case(vksplit_runner* runner, const char* mode, const char* name, uint32_t element_size, uint32_t rank,
                      const uint64_t* sizes, uint32_t axis, uint32_t n, const uint64_t* lengths)
{
    core_case c;
    core_case_init(&c, element_size, rank, sizes, axis, n, lengths);
    c.desc.base_alignment = 1;
    core_rng rng;
    core_rng_seed(&rng, 0x100B);
    core_run_options o = {.plan.path = VKSPLIT_PATH_COMPUTE,
                          .layout = CORE_LAYOUT_TIGHT,
                          .rng = &rng,
                          .null_empty_bindings = 0};
    char label[160];
    snprintf(label, sizeof label, "%s: %s", mode, name);
    o.label = label;
    o.case_index = -1;
    double t0 = core_now();
    core_verdict v = core_run_case(runner, &c, &o);
    double t1 = core_now();
    CORE_ACCOUNT(v);
    const vksplit_plan_info* info = &v.info;
    uint64_t invocations = info->workgroup_count * info->workgroup_size;
    double per = invocations ? (double)info->bytes_written / (double)invocations : 0;
    printf("%s [%s]: %.1f MiB, %llu invocations, %.0f bytes per invocation, %.2f s\n", label, info->summary,
           info->bytes_written / 1048576.0, (unsigned long long)invocations, per, t1 - t0);
    CHECK_MSG(info->word_bytes == 1, "%s: word %u; the case needs 1-byte words to maximise trips", label,
              info->word_bytes);
    core_case_free(&c);
}

static void loop_limit(vksplit_features disable, const char* mode, int all_cases)
{
    vksplit_runner_desc desc = test_runner_desc(disable);
    desc.tuning.mapping = VKSPLIT_MAPPING_RUNS; /* the longest loops any plan makes */
    desc.tuning.invocation_bytes = 65536;
    vksplit_runner* runner = test_runner_create_from(&desc);
    const uint64_t mib = 1ull << 20;
    {
        /* One long odd row: every invocation copies the longest run it may. */
        const uint64_t sizes[1] = {40 * mib + 3}, lengths[3] = {1, 40 * mib + 1, 1};
        loop_case(runner, mode, "1-D 40 MiB, odd chunks", 1, 1, sizes, 0, 3, lengths);
    }
    if (all_cases) {
        /* Three odd rows per output, each cut into pieces. */
        const uint64_t sizes[2] = {3, 16 * mib + 1}, lengths[2] = {8 * mib + 1, 8 * mib};
        loop_case(runner, mode, "3 rows of 16 MiB, pieces", 1, 2, sizes, 1, 2, lengths);
    }
    {
        /* Millions of one- and two-byte rows: as many rows per invocation as the budget allows. */
        const uint64_t sizes[2] = {14 * mib, 3}, lengths[2] = {1, 2};
        loop_case(runner, mode, "14M rows of 1 and 2 bytes", 1, 2, sizes, 1, 2, lengths);
    }
    if (all_cases) {
        /* Rank 8, transposed input: nothing coalesces, every row is one element and the
         * odometer walks all seven outer row dimensions. */
        const uint64_t sizes[8] = {2, 2, 2, 2, 2, 2, 2, 65537}, lengths[2] = {32769, 32768};
        core_case c8;
        core_case_init(&c8, 1, 8, sizes, 7, 2, lengths);
        uint32_t order[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        uint64_t strides[8];
        core_strides_ordered(8, sizes, order, NULL, strides);
        core_case_set_input_strides(&c8, strides);
        c8.desc.base_alignment = 1;
        core_rng rng;
        core_rng_seed(&rng, 0x8D);
        core_run_options o = {.plan.path = VKSPLIT_PATH_COMPUTE, .layout = CORE_LAYOUT_SEPARATE, .rng = &rng};
        char label[160];
        snprintf(label, sizeof label, "%s: rank 8 element-wise", mode);
        o.label = label;
        o.case_index = -1;
        core_verdict v = core_run_case(runner, &c8, &o);
        CORE_ACCOUNT(v);
        uint64_t invocations = v.info.workgroup_count * v.info.workgroup_size;
        printf("%s [%s]: %llu invocations, %.0f elements per invocation\n", label, v.info.summary,
               (unsigned long long)invocations, invocations ? (double)v.info.bytes_written / (double)invocations : 0.0);
        CHECK_MSG(v.info.row_dims >= 7, "%s: expected 7+ row dimensions, got %u", label, v.info.row_dims);
        core_case_free(&c8);
    }
    if (all_cases) {
        /* 3-byte elements: chunks of odd multiples of 3, still 1-byte words. */
        const uint64_t sizes[2] = {2, 7 * mib}, lengths[2] = {3 * mib + 1, 4 * mib - 1};
        loop_case(runner, mode, "3-byte elements", 3, 2, sizes, 1, 2, lengths);
    }
    (void)test_finish(runner); /* counts its validation messages */
}

/* TILES' wide kernel (64-bit places): a tile that spans 2 GiB or more of its input, here two
 * rows 1 GiB apart ([2, 64] float32, input strides {2^28, 1}), split along the last axis.
 * Only the two rows are written, read back and checked: the gigabyte between them is never
 * read by the split, and filling, uploading and hashing it took 15 s of host time. */
static void wide_tiles(void)
{
    vksplit_runner_desc desc = test_runner_desc(0);
    desc.tuning.mapping = VKSPLIT_MAPPING_TILES;
    vksplit_runner* runner = test_runner_create_from(&desc);
    const uint64_t sizes[2] = {2, 64}, strides[2] = {(uint64_t)1 << 28, 1}, lengths[2] = {16, 48};
    vksplit_split_desc d = core_packed_desc(4, 2, sizes, 1, 2, lengths);
    d.input_strides = strides;
    uint64_t in_span = ref_input_span_bytes(&d);
    vksplit_runner_buffer in_buf, out0, out1;
    vksplit_error err;
    vksplit_result r = vksplit_runner_buffer_create(runner, in_span, &in_buf, &err);
    if (r != VKSPLIT_OK) {
        test_skip_part("wide TILES: no buffer of %llu bytes on this device (%s)", (unsigned long long)in_span,
                       err.message);
        (void)test_finish(runner);
        return;
    }
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, ref_output_span_bytes(&d, 0) + GUARD, &out0, &err),
                 &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, ref_output_span_bytes(&d, 1) + GUARD, &out1, &err),
                 &err);
    /* A host mirror of the whole span whose untouched pages are never mapped (calloc of a
     * large block maps zero pages lazily), the two rows random and uploaded. */
    input_ranges rows = {2, {0, strides[0] * 4}, {sizes[1] * 4, sizes[1] * 4}};
    uint8_t* input = calloc(1, in_span);
    CHECK_MSG(input != NULL, "wide TILES: out of host memory for %llu bytes", (unsigned long long)in_span);
    core_rng rng;
    core_rng_seed(&rng, 0xB18);
    for (uint32_t i = 0; input && i < rows.count; i++) {
        core_rng_fill(&rng, input + rows.at[i], rows.size[i]);
        CHECK_RESULT(VKSPLIT_OK,
                     vksplit_runner_upload(runner, &in_buf, rows.at[i], input + rows.at[i], rows.size[i], &err), &err);
    }
    if (input) {
        vksplit_plan* plan = NULL;
        vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
        CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(vksplit_runner_context(runner), &d, &compute, &plan, &err), &err);
        vksplit_plan_info info;
        vksplit_plan_get_info(plan, &info);
        CHECK_MSG(strstr(info.summary, "tiles wide") != NULL,
                  "two rows 1 GiB apart: plan \"%s\", expected the wide kernel", info.summary);
        vksplit_plan_destroy(plan);
        vksplit_runner_buffer* outs[2] = {&out0, &out1};
        const uint64_t offsets[2] = {0, 0};
        run_big(runner, "two rows 1 GiB apart (wide TILES)", &d, input, &rows, &in_buf, 0, outs, offsets);
        free(input);
    }
    vksplit_runner_buffer_destroy(runner, &in_buf);
    vksplit_runner_buffer_destroy(runner, &out0);
    vksplit_runner_buffer_destroy(runner, &out1);
    (void)test_finish(runner);
}

int main(void)
{
    double t0 = core_now();
    vksplit_runner* runner = test_runner_create();
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    if (info.device_type == VK_PHYSICAL_DEVICE_TYPE_CPU)
        CHECK_MSG(info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS,
                  "lavapipe has device addresses; the large cases need them");
    else if (!(info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS))
        test_skip_part("no device addresses on %s: the beyond-128-MiB cases and the device-address loop limits",
                       info.device_name);
    if (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) {
        beyond_128_mib_packed(runner);
        beyond_128_mib_permuted(runner);
    }
    (void)test_finish(runner);
    printf("beyond 128 MiB: %.1f s\n", core_now() - t0);
    if (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) {
        t0 = core_now();
        wide_tiles();
        printf("wide TILES: %.1f s\n", core_now() - t0);
    }

    t0 = core_now();
    if (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)
        loop_limit(0, "device addresses", 1);
    const char* unrunnable = test_unrunnable_with(VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS);
    if (unrunnable)
        test_skip_part("push descriptors loop limits: %s", unrunnable);
    else
        loop_limit(VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS, "push descriptors", 0);
    loop_limit(VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT | VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT, "atomic stores", 0);
    printf("loop limit: %.1f s\n", core_now() - t0);
    return test_finish(NULL);
}
