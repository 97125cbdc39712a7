/* Binding windows (src/plan/plan_windows.c): without device addresses a split beyond one binding's
 * reach is copied through windows. Contexts lower the reach (vksplit_context_desc.
 * max_binding_bytes, 4 to 32 KiB) so that small splits take many windows; every case runs
 * against the CPU reference, guard bytes included, under the validation layer:
 *   core_windows no-bda           push descriptors, several outputs per dispatch
 *   core_windows no-bda-minimal   push descriptors, one output per dispatch, 1- and 2-byte words
 *                                 through 32-bit atomics
 * Also: the transfer path taken automatically for long contiguous rows, a real split past
 * lavapipe's own maxStorageBufferRange, and the two rules (CONTEXT_MAX_BINDING_BYTES,
 * PLAN_WINDOWS). */
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "test_harness.h"

static const test_mode modes[] = {
    {"no-bda", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS},
    {"no-bda-minimal", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING |
                           VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT | VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT},
};

/* A context on the runner's device whose bindings reach at most `reach` bytes. */
static vksplit_context* reach_context(vksplit_runner* runner, uint64_t reach, vksplit_result* result,
                                      vksplit_error* err)
{
    vksplit_context_desc d = core_runner_context_desc(runner);
    d.pipelines = VKSPLIT_PIPELINES_ON_DEMAND; /* a few kernels per context here */
    d.max_binding_bytes = reach;
    vksplit_context* ctx = NULL;
    *result = vksplit_context_create(&d, &ctx, err);
    return ctx;
}

typedef struct tally {
    unsigned cases, windowed, transfer, max_windows;
} tally;

/* Runs c against the reference as o says; returns the windows its plan took. */
static uint32_t run_counted(vksplit_runner* runner, const core_case* c, const core_run_options* o, tally* t)
{
    core_verdict v = core_run_case(runner, c, o);
    CORE_ACCOUNT(v);
    t->cases++;
    if (v.info.window_count > 1)
        t->windowed++;
    if (v.info.window_count > t->max_windows)
        t->max_windows = v.info.window_count;
    if (v.info.path == VKSPLIT_PATH_TRANSFER)
        t->transfer++;
    return v.info.window_count;
}

/* A directed case, on ctx's bindings, its tensors laid out at random from rng. */
static uint32_t run_one(vksplit_runner* runner, vksplit_context* ctx, const core_case* c, vksplit_path path,
                        core_rng* rng, const char* label, long index, tally* t)
{
    core_run_options o = {.context = ctx,
                          .plan.path = path,
                          .layout = CORE_LAYOUT_RANDOM,
                          .rng = rng,
                          .null_empty_bindings = -1,
                          .label = label,
                          .case_index = index};
    return run_counted(runner, c, &o, t);
}

/* Random splits of 8-64 K elements (strided, permuted, broadcast inputs and padded or
 * permuted outputs) through bindings of 4, 8 and 16 KiB. */
static void random_cases(vksplit_runner* runner, const test_mode* m)
{
    static const uint64_t reaches[] = {4096, 8192, 16384};
    uint64_t seed = core_seed(0x3A11D0ull);
    long only = core_only_case();
    tally t = {0, 0, 0, 0};
    for (unsigned r = 0; r < 3; r++) {
        vksplit_result result;
        vksplit_error err;
        vksplit_context* ctx = reach_context(runner, reaches[r], &result, &err);
        CHECK_RESULT(VKSPLIT_OK, result, &err);
        if (!ctx)
            return;
        unsigned cases = core_scaled(80);
        for (unsigned i = 0; i < cases; i++) {
            long index = (long)(r * 1000 + i);
            if (only >= 0 && index != only)
                continue;
            char label[64];
            snprintf(label, sizeof label, "%s, bindings of %llu bytes", m->name, (unsigned long long)reaches[r]);
            core_seeded_case s;
            core_seeded_case_begin(&s, label, seed, index);
            s.params.max_elements = core_rng_range(&s.rng, 8192, 65536);
            if (m->disable & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT) {
                static const uint32_t narrow[] = {1, 2, 3, 4, 8};
                s.params.element_sizes = narrow;
                s.params.element_size_choices = 5;
            }
            core_seeded_case_draw(&s);
            s.options.context = ctx;
            s.options.plan.path = core_rng_percent(&s.rng, 85) ? VKSPLIT_PATH_COMPUTE : VKSPLIT_PATH_AUTO;
            run_counted(runner, &s.c, &s.options, &t);
            core_case_free(&s.c);
        }
        vksplit_context_destroy(ctx);
    }
    printf("%s: %u random cases, %u through windows (up to %u), %u on the transfer path\n", m->name, t.cases,
           t.windowed, t.max_windows, t.transfer);
    if (only < 0)
        CHECK_MSG(t.windowed * 8 >= t.cases, "%s: only %u of %u cases needed windows: the test misses its point",
                  m->name, t.windowed, t.cases);
}

/* Shapes that reach each way of cutting: rows along the outermost dimension, one index of it
 * at a time and a range of the axis, one output's part past the axis, transposed outputs, a
 * 1-D split, and AUTO's transfer path for long rows. */
static void directed_cases(vksplit_runner* runner, const test_mode* m)
{
    vksplit_result result;
    vksplit_error err;
    vksplit_context* ctx = reach_context(runner, 4096, &result, &err);
    CHECK_RESULT(VKSPLIT_OK, result, &err);
    if (!ctx)
        return;
    core_rng rng;
    core_rng_seed(&rng, 0x3A11D1);
    tally t = {0, 0, 0, 0};
    struct {
        uint32_t element_size, rank, axis, outputs;
        uint64_t sizes[4];
        uint64_t lengths[3];
        int transpose_outputs;
        unsigned min_windows;
    } cases[] = {
        {4, 2, 1, 3, {2000, 3}, {1, 1, 1}, 0, 4},      /* [N, 3] along the last axis: windows of rows */
        {4, 2, 1, 2, {2, 3000}, {1000, 2000}, 0, 6},   /* one row past a window: ranges of the axis */
        {2, 3, 1, 2, {2, 2, 5000}, {1, 1}, 0, 8},      /* one index of the axis past a window */
        {1, 1, 0, 3, {20000}, {7001, 5, 12994}, 0, 5}, /* 1-D, byte elements */
        {4, 3, 0, 2, {6, 40, 30}, {2, 4}, 1, 2},       /* transposed outputs */
        {8, 2, 0, 2, {900, 3}, {450, 450}, 0, 2},      /* 8-byte elements, axis 0 */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        core_case c;
        core_case_init(&c, cases[i].element_size, cases[i].rank, cases[i].sizes, cases[i].axis, cases[i].outputs,
                       cases[i].lengths);
        if (cases[i].transpose_outputs) {
            for (uint32_t k = 0; k < cases[i].outputs; k++) {
                uint64_t sizes[4];
                memcpy(sizes, cases[i].sizes, sizeof sizes);
                sizes[cases[i].axis] = cases[i].lengths[k];
                static const uint32_t order[3] = {0, 1, 2}; /* dimension 0 innermost */
                static const uint64_t pad[3] = {1, 0, 2};
                uint64_t strides[4];
                core_strides_ordered(cases[i].rank, sizes, order, pad, strides);
                core_case_set_output_strides(&c, k, strides);
            }
        }
        uint32_t windows = run_one(runner, ctx, &c, VKSPLIT_PATH_COMPUTE, &rng, m->name, (long)i, &t);
        CHECK_MSG(windows >= cases[i].min_windows, "%s: directed case %u took %u windows, expected at least %u",
                  m->name, i, windows, cases[i].min_windows);
        core_case_free(&c);
    }
    /* AUTO: two long contiguous rows beyond the reach go to vkCmdCopyBuffer, which has none. */
    {
        uint64_t sizes[1] = {8192}, lengths[2] = {3000, 5192};
        core_case c;
        core_case_init(&c, 4, 1, sizes, 0, 2, lengths);
        unsigned transfer = t.transfer;
        run_one(runner, ctx, &c, VKSPLIT_PATH_AUTO, &rng, m->name, 100, &t);
        CHECK_MSG(t.transfer == transfer + 1, "%s: AUTO did not take the transfer path for 2 rows of 12 and 20 KiB",
                  m->name);
        core_case_free(&c);
    }
    /* PLAN_WINDOWS: an input whose inner dimension strides 40 KB, so every window holds one
     * element: 2 x 5000 of them, more than a plan holds. */
    {
        uint64_t sizes[2] = {2, 5000}, lengths[2] = {1, 1}, in_strides[2] = {1, 10000};
        core_case c;
        core_case_init(&c, 4, 2, sizes, 0, 2, lengths);
        core_case_set_input_strides(&c, in_strides);
        vksplit_plan* plan = NULL;
        vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
        CHECK_RULE(VKSPLIT_RULE_PLAN_WINDOWS, vksplit_plan_create(ctx, &c.desc, &compute, &plan, &err), &err);
        CHECK_MSG(!plan, "a refused plan was returned");
        CHECK_MSG(strstr(err.message, "4096 binding windows") && strstr(err.message, "maxStorageBufferRange"),
                  "PLAN_WINDOWS names the count and the limit: %s", err.message);
        core_case_free(&c);
    }
    /* 65,536 parts, planned as a split and as a join: [65536, 256] along axis 0 needs 16,384
     * windows of four rows (refused, PLAN_WINDOWS); [16, 65536] along axis 1 is about a
     * thousand windows of about a thousand columns. Window cutting is linear in windows and parts (galloping searches,
     * each part's span checked once): the times are printed, not held (speed is the bench's). */
    {
        static uint64_t ones[65536];
        for (uint32_t k = 0; k < 65536; k++)
            ones[k] = 1;
        const uint64_t rows[2] = {65536, 256}, columns[2] = {16, 65536};
        for (int join = 0; join < 2; join++)
            for (int shape = 0; shape < 2; shape++) {
                const uint64_t* sizes = shape ? columns : rows;
                vksplit_plan* plan = NULL;
                vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
                double t0 = core_now();
                vksplit_result r;
                if (join) {
                    vksplit_join_desc j = {4, 2, sizes, NULL, (uint32_t)shape, 65536, ones, NULL, 0};
                    r = vksplit_plan_create_join(ctx, &j, &compute, &plan, &err);
                } else {
                    vksplit_split_desc s = core_packed_desc(4, 2, sizes, (uint32_t)shape, 65536, ones);
                    r = vksplit_plan_create(ctx, &s, &compute, &plan, &err);
                }
                double seconds = core_now() - t0;
                if (!shape) {
                    CHECK_RULE(VKSPLIT_RULE_PLAN_WINDOWS, r, &err);
                } else {
                    CHECK_RESULT(VKSPLIT_OK, r, &err);
                    vksplit_plan_info info;
                    memset(&info, 0, sizeof info);
                    if (plan)
                        vksplit_plan_get_info(plan, &info);
                    /* 4 MiB through bindings of at most 4 KiB: 1024 windows at least; the
                     * device's offset alignment trims them (1040 on lavapipe, 1104 on the
                     * minimum device), never to half. */
                    CHECK_MSG(info.window_count >= 1024 && info.window_count <= 2048,
                              "%s 65536 columns: %u windows, expected 1024 to 2048", join ? "join" : "split",
                              info.window_count);
                }
                printf("%s: a %s of 65536 parts %s in %.3f s\n", m->name, join ? "join" : "split",
                       shape ? "planned" : "refused", seconds);
                vksplit_plan_destroy(plan);
            }
    }
    vksplit_context_destroy(ctx);
    /* CONTEXT_MAX_BINDING_BYTES: below the smallest window. */
    vksplit_context* low = reach_context(runner, 4095, &result, &err);
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_MAX_BINDING_BYTES, result, &err);
    CHECK_MSG(!low && strstr(err.message, "4095"), "max_binding_bytes 4095: %s", err.message);
    vksplit_context_destroy(low);
}

/* The device's own reach: a byte split of 128 MiB + 4 KiB past lavapipe's 128 MiB
 * maxStorageBufferRange (where the device reaches further, nothing windows: said, not failed). */
static void past_device_reach(vksplit_runner* runner, const test_mode* m)
{
    uint64_t sizes[1] = {(128ull << 20) + 4096}, lengths[2] = {4096, 128ull << 20};
    core_case c;
    core_case_init(&c, 1, 1, sizes, 0, 2, lengths);
    core_rng rng;
    core_rng_seed(&rng, 0x3A11D2);
    core_run_options o = {.plan.path = VKSPLIT_PATH_COMPUTE,
                          .layout = CORE_LAYOUT_SEPARATE,
                          .rng = &rng,
                          .label = m->name};
    core_verdict v = core_run_case(runner, &c, &o);
    CORE_ACCOUNT(v);
    if (test_default_device()->limits.maxStorageBufferRange < sizes[0])
        CHECK_MSG(v.info.window_count >= 2, "%s: 128 MiB + 4 KiB past the device's reach in %u windows", m->name,
                  v.info.window_count);
    else
        test_skip_part("%s: the device's maxStorageBufferRange (%u) reaches 128 MiB + 4 KiB: no windows", m->name,
                       test_default_device()->limits.maxStorageBufferRange);
    printf("%s: 128 MiB + 4 KiB: %s\n", m->name, v.info.summary);
    core_case_free(&c);

    /* A small output whose rows lie 256 MiB apart: two windows, one row each (planned only). */
    uint64_t small[2] = {2, 4}, whole[1] = {4}, wide[2] = {64ull << 20, 1};
    core_case_init(&c, 4, 2, small, 1, 1, whole);
    core_case_set_output_strides(&c, 0, wide);
    vksplit_plan* plan = NULL;
    vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(vksplit_runner_context(runner), &c.desc, &compute, &plan, &err), &err);
    vksplit_plan_info info;
    memset(&info, 0, sizeof info);
    vksplit_plan_get_info(plan, &info);
    if (test_default_device()->limits.maxStorageBufferRange < (256ull << 20) + 16)
        CHECK_MSG(info.window_count == 2 && info.dispatch_count >= 2,
                  "%s: an output spanning 256 MiB: %u windows, %u dispatches (%s)", m->name, info.window_count,
                  info.dispatch_count, info.summary);
    vksplit_plan_destroy(plan);
    core_case_free(&c);
}

int main(int argc, char** argv)
{
    const test_mode* m;
    vksplit_runner* runner;
    int early = test_start_mode(argc, argv, "core_windows", modes, sizeof modes / sizeof modes[0], &m, &runner);
    if (early >= 0)
        return early;
    directed_cases(runner, m);
    random_cases(runner, m);
    past_device_reach(runner, m);
    return test_finish(runner);
}
