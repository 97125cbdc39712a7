/* The GPU kernels' own paths (shaders/copy_tiles*.glsl, copy_transpose.glsl,
 * copy_deinterleave.glsl), byte-exact against the reference under the validation layer, on
 * device addresses with the GPU's mapping (BY_SHAPE), each plan checked for the kernel it was
 * meant to reach (its summary names it):
 *   - the realigned TILES (4- and 8-byte words copied with 16-byte loads and stores): 1-D and
 *     multi-row lines, rows of 32 bytes to tens of KiB (fast trips, trips across row ends, the
 *     line's head, tail and first block), lines placed by further row dimensions, outputs at
 *     every 4-byte offset mod 16 (base_alignment 4) and on 16 bytes (the plan then asks it);
 *   - the word-by-word TILES: short and long rows, bands, inline segments (small 1-D splits);
 *   - TRANSPOSE16 (4-byte elements, 16-byte loads and stores): partial tiles, batches, a
 *     shape that does not fit it (per-element TRANSPOSE then);
 *   - DEINTERLEAVE with several tiles per workgroup (the next tile's loads in flight);
 * each under workgroups of 256 (the GPU default), 32 and 7 (lanes not a multiple of a warp),
 * and with min_workgroups 1, so that even these small splits take several trips per
 * invocation (grid-stride steps, the first trip's late output address), and small bands (a
 * unit's trips within its band). TILES' wide kernel needs a tile spanning 2 GiB: core_large.
 * Under VKSPLIT_TEST_JOIN=1 (core_join_kernels) every case runs as its join. */
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "test_harness.h"

typedef struct tuning {
    const char* name;
    uint32_t workgroup_size, min_workgroups, band_bytes;
} tuning;

static const tuning tunings[] = {
    {"GPU default", 0, 0, 0},
    {"workgroups of 256, one workgroup at least", 0, 1, 0},
    {"workgroups of 32, one at least, bands of 1 KiB", 32, 1, 1024},
    {"workgroups of 7, one at least, bands of 4 KiB", 7, 1, 4096},
};

static vksplit_runner* runner; /* the tuning's, with TILES or BY_SHAPE */
static const tuning* current;
static core_rng rng;
static long case_index;

/* Runs a case; `kernel` is a word of the plan's summary it must hold (NULL: any). */
static void run(core_case* c, const char* kernel, const char* what)
{
    core_run_options o = {.plan.path = VKSPLIT_PATH_COMPUTE,
                          .layout = CORE_LAYOUT_RANDOM,
                          .rng = &rng,
                          .null_empty_bindings = -1};
    char label[192];
    snprintf(label, sizeof label, "%s: %s", current->name, what);
    o.label = label;
    o.case_index = case_index++;
    core_verdict v = core_run_case(runner, c, &o);
    CORE_ACCOUNT(v);
    if (kernel && v.info.bytes_written)
        CHECK_MSG(strstr(v.info.summary, kernel) != NULL, "%s: plan \"%s\", expected %s", label, v.info.summary,
                  kernel);
    if (core_verbose())
        printf("%s: %s\n", label, v.info.summary);
    core_case_free(c);
}

/* [rows, sum(parts)] of `element`-byte elements split along the last axis, base alignment `align`. */
static void rows_case(uint32_t element, uint64_t rows, uint32_t outputs, const uint64_t* parts, uint32_t align,
                      const char* kernel)
{
    core_case c;
    core_case_init_rows(&c, element, rows, outputs, parts);
    c.desc.base_alignment = align;
    char what[128];
    snprintf(what, sizeof what, "%u-byte [%llu, %llu] into %u, alignment %u", element, (unsigned long long)rows,
             (unsigned long long)c.sizes[1], outputs, align);
    run(&c, kernel, what);
}

static void realigned(void)
{
    /* Rows of 4-byte elements whose chunks are not whole 16-byte words: 9 (36 bytes, rows end
     * inside most trips), 87 (348), 683 (2732: a 64-lane trip crosses a row), 5461 (21844). */
    static const uint64_t chunks[] = {9, 87, 683, 5461};
    static const uint64_t rows[] = {1, 2, 7, 64};
    static const uint32_t aligns[] = {4, 16};
    for (unsigned a = 0; a < 2; a++)
        for (unsigned i = 0; i < sizeof chunks / sizeof chunks[0]; i++)
            for (unsigned r = 0; r < sizeof rows / sizeof rows[0]; r++) {
                if (chunks[i] * rows[r] > (1u << 20))
                    continue;
                uint64_t parts[3] = {chunks[i], chunks[i] + 3, chunks[i] * 2 + 1};
                rows_case(4, rows[r], 3, parts, aligns[a], "realigned");
            }
    /* 8-byte elements (float64 pairs) whose rows are not whole 16-byte words. */
    uint64_t parts8[2] = {37, 1001};
    rows_case(8, 11, 2, parts8, 8, "realigned");
    rows_case(8, 11, 2, parts8, 16, "realigned");
    /* Rows of 28 bytes: below the kernel's 32, word by word (TILES w4). */
    uint64_t parts7[2] = {7, 5};
    rows_case(4, 300, 2, parts7, 4, "tiles w4");
    /* A 1-D split of odd lengths: one line, one row, each output's head and tail. */
    uint64_t n = 100003, parts1[3] = {33331, 33337, 33335};
    core_case c;
    core_case_init(&c, 4, 1, &n, 0, 3, parts1);
    c.desc.base_alignment = 4;
    run(&c, "realigned", "1-D float32 into 3 odd lengths");
    /* Lines placed by a further row dimension: [3, 50, 131] split along axis 2 into outputs
     * laid out with a padded dimension 0 (each line's output contiguous, lines apart). */
    uint64_t sizes[3] = {3, 50, 131}, lengths[2] = {60, 71};
    uint64_t out0[3] = {50 * 60 + 5, 60, 1}, out1[3] = {50 * 71 + 3, 71, 1};
    core_case_init(&c, 4, 3, sizes, 2, 2, lengths);
    core_case_set_output_strides(&c, 0, out0);
    core_case_set_output_strides(&c, 1, out1);
    c.desc.base_alignment = 4;
    run(&c, "realigned", "lines placed by a padded outer dimension");
}

static void word_by_word(void)
{
    /* 16-byte words: rows of 48 bytes (many rows per trip), of 64 KiB (trips within a row),
     * three and five outputs (bands where the split is large enough). */
    uint64_t short_rows[3] = {4, 4, 4}, long_rows[2] = {4096, 4096};
    rows_case(4, 2000, 3, short_rows, 16, "tiles w16");
    rows_case(4, 9, 2, long_rows, 16, "tiles w16");
    uint64_t five[5] = {64, 128, 64, 256, 64};
    rows_case(4, 700, 5, five, 16, "tiles w16");
    /* 2-byte elements, odd chunks: 2-byte words. */
    uint64_t odd[2] = {3, 8};
    rows_case(2, 999, 2, odd, 2, "tiles w2");
    /* A small 1-D split: its segments in push constants, no table read. */
    uint64_t n = 1024, halves[2] = {512, 512};
    core_case c;
    core_case_init(&c, 4, 1, &n, 0, 2, halves);
    run(&c, "tiles w16", "1-D 4 KiB into 2 (inline segments)");
    /* Three of unequal lengths: each inline segment's own fields (and, as a join, its part's
     * address picked among the three pushed). */
    uint64_t m = 1536, thirds[3] = {512, 256, 768};
    core_case_init(&c, 4, 1, &m, 0, 3, thirds);
    run(&c, "tiles w16", "1-D 6 KiB into 3 unequal (inline segments)");
    /* A broadcast input (stride 0 along dimension 0): steps that go back. */
    uint64_t sizes[3] = {40, 6, 64}, lengths[2] = {2, 4}, broadcast[3] = {0, 64, 1};
    core_case_init(&c, 4, 3, sizes, 1, 2, lengths);
    core_case_set_input_strides(&c, broadcast);
    run(&c, "tiles", "broadcast input");
}

/* [batch, m, n] 4-byte column-major, split along `axis`. */
static void transposed(uint32_t batch, uint64_t m, uint64_t n, uint32_t axis, uint32_t outputs, const uint64_t* parts,
                       const char* kernel)
{
    uint64_t sizes[3] = {batch, m, n}, strides[3] = {m * n, 1, m};
    core_case c;
    core_case_init(&c, 4, 3, sizes, axis, outputs, parts);
    core_case_set_input_strides(&c, strides);
    char what[96];
    snprintf(what, sizeof what, "transposed float32 [%u, %llu, %llu] axis %u", batch, (unsigned long long)m,
             (unsigned long long)n, axis);
    run(&c, kernel, what);
}

static void transposes(void)
{
    static const uint64_t halves[2] = {64, 64}, uneven[2] = {40, 60}, thirds[3] = {72, 0, 100};
    transposed(1, 128, 256, 1, 2, halves, "transpose 16-byte"); /* whole tiles */
    transposed(1, 100, 196, 1, 2, uneven, "transpose 16-byte"); /* partial tiles both ways */
    transposed(3, 100, 172, 2, 3, thirds, "transpose 16-byte"); /* batched: lines placed */
    uint64_t odd[2] = {41, 59};
    transposed(1, 100, 196, 1, 2, odd, "transpose w4"); /* 41 and 59: not multiples of 4 */
}

static void deinterleaves(void)
{
    static const uint64_t threes[3] = {1, 1, 1}, fours[3] = {4, 4, 4}, mixed[4] = {1, 2, 0, 5};
    static const uint64_t rows[] = {5, 1000, 20011};
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rows_case(4, rows[i], 3, threes, 16, "deinterleave");
        rows_case(4, rows[i], 3, fours, 16, "deinterleave");
        rows_case(4, rows[i], 4, mixed, 16, "deinterleave");
    }
}

/* vksplit_plan_pipeline: the compute plan's pipeline, none for the transfer path or NULL; and
 * the runner's pipeline statistics, on where the device has them (lavapipe 22.3 has not). */
static void plan_pipeline(void)
{
    vksplit_runner_desc desc = test_runner_desc(0);
    desc.enable_pipeline_statistics = 1;
    vksplit_runner* r = test_runner_create_from(&desc);
    vksplit_runner_info info;
    vksplit_runner_get_info(r, &info);
    uint64_t sizes[2] = {8, 64}, lengths[2] = {32, 32};
    vksplit_split_desc d = core_packed_desc(4, 2, sizes, 1, 2, lengths);
    vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE}, transfer = {.path = VKSPLIT_PATH_TRANSFER};
    vksplit_plan *pc = NULL, *pt = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(vksplit_runner_context(r), &d, &compute, &pc, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(vksplit_runner_context(r), &d, &transfer, &pt, &err), &err);
    CHECK_MSG(vksplit_plan_pipeline(pc) != VK_NULL_HANDLE, "a compute plan has a pipeline");
    CHECK_MSG(vksplit_plan_pipeline(pt) == VK_NULL_HANDLE, "a transfer plan has none");
    CHECK_MSG(vksplit_plan_pipeline(NULL) == VK_NULL_HANDLE, "NULL has none");
    printf("pipeline statistics on %s: %s\n", info.device_name, info.pipeline_statistics ? "captured" : "not offered");
    vksplit_plan_destroy(pc);
    vksplit_plan_destroy(pt);
    (void)test_finish(r);
}

int main(void)
{
    if (!(test_default_device()->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS))
        return test_skip(NULL, "the GPU kernels' paths need device addresses (bufferDeviceAddress and shaderInt64)");
    const char* unrunnable = test_unrunnable_with(0);
    if (unrunnable)
        return test_skip(NULL, "%s", unrunnable);
    core_rng_seed(&rng, core_seed(0x6B3));
    plan_pipeline();
    for (unsigned t = 0; t < sizeof tunings / sizeof tunings[0]; t++) {
        current = &tunings[t];
        double t0 = core_now();
        /* TILES for the rows (BY_SHAPE would take DEINTERLEAVE for the short ones), then the
         * GPU's BY_SHAPE for the transposing and short-chunk splits. */
        static const vksplit_mapping mappings[2] = {VKSPLIT_MAPPING_TILES, VKSPLIT_MAPPING_BY_SHAPE};
        for (unsigned m = 0; m < 2; m++) {
            vksplit_runner_desc desc = test_runner_desc(0);
            desc.tuning.mapping = mappings[m];
            desc.tuning.workgroup_size = current->workgroup_size;
            desc.tuning.min_workgroups = current->min_workgroups;
            desc.tuning.band_bytes = current->band_bytes;
            runner = test_runner_create_from(&desc);
            if (m == 0) {
                realigned();
                word_by_word();
            } else {
                transposes();
                deinterleaves();
            }
            (void)test_finish(runner);
        }
        fprintf(stderr, "%s: %.2f s\n", current->name, core_now() - t0);
    }
    return test_finish(NULL);
}
