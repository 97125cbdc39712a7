/* Every mapping forced through the tuning, on the shapes each was made for and on the shapes
 * where it must step aside, byte-exact against the reference under the validation layer
 * (with synchronization validation):
 *   - transposing splits (column-major inputs, batched, element sizes 1 to 32 bytes: 1-16 are
 *     TRANSPOSE's, 12 and 32 are not), where a forced TRANSPOSE (and BY_SHAPE on large
 *     enough tiles) must be the plan's mapping;
 *   - a transformer's QKV split, [B, S, 3, H, D] into q, k, v laid out [B, H, S, D];
 *   - short chunks along the last axis (4 to 64 bytes, uneven and empty outputs, row counts
 *     around the 4-row tile step, 1024 outputs), where a forced DEINTERLEAVE (and BY_SHAPE
 *     below 32-byte chunks) must be the plan's mapping, and 1- and 2-byte chunks, where it
 *     must not;
 *   - small one-dimensional splits (TILES' segments in push constants), broadcast and
 *     overlapping-window inputs, strided outputs of several row dimensions.
 * Each tuning runs the lot, on device addresses or descriptors, as splits or (VKSPLIT_TEST_JOIN=1,
 * the core_join_mappings_* entries) as their joins:
 *
 *   core_mappings bda|desc */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "test_harness.h"

typedef struct tuning {
    const char* name;
    vksplit_mapping mapping;
    uint32_t workgroup_size, invocation_bytes, band_bytes;
    vksplit_load_paths load_paths; /* 0: the device's (lavapipe: BY_CASE) */
} tuning;

/* Workgroup size 0: the default, fitted to the device (256, or its limit). */
static const tuning tunings[] = {
    {"tiles, GPU default", VKSPLIT_MAPPING_TILES, 0, 64, 0, VKSPLIT_LOAD_PATHS_DEFAULT},
    {"tiles 7 x 3 B, bands of 64 B", VKSPLIT_MAPPING_TILES, 7, 3, 64, VKSPLIT_LOAD_PATHS_DEFAULT},
    {"tiles 1 x 64 KiB", VKSPLIT_MAPPING_TILES, 1, 65536, UINT32_MAX, VKSPLIT_LOAD_PATHS_DEFAULT},
    /* Intel's default: every trip's loads in one batch, stepped and clamped */
    {"tiles, GPU default, one load path", VKSPLIT_MAPPING_TILES, 0, 64, 0, VKSPLIT_LOAD_PATHS_ONE},
    {"tiles 7 x 3 B, bands of 64 B, one load path", VKSPLIT_MAPPING_TILES, 7, 3, 64, VKSPLIT_LOAD_PATHS_ONE},
    {"transpose", VKSPLIT_MAPPING_TRANSPOSE, 0, 64, 0, VKSPLIT_LOAD_PATHS_DEFAULT},
    {"transpose, workgroups of 5", VKSPLIT_MAPPING_TRANSPOSE, 5, 16, 0, VKSPLIT_LOAD_PATHS_DEFAULT},
    {"deinterleave", VKSPLIT_MAPPING_DEINTERLEAVE, 0, 64, 0, VKSPLIT_LOAD_PATHS_DEFAULT},
    {"deinterleave 1 x 4 B", VKSPLIT_MAPPING_DEINTERLEAVE, 1, 4, 0, VKSPLIT_LOAD_PATHS_DEFAULT},
    {"deinterleave 96 x 256 B", VKSPLIT_MAPPING_DEINTERLEAVE, 96, 256, 0, VKSPLIT_LOAD_PATHS_DEFAULT},
    {"by shape (the GPU default)", VKSPLIT_MAPPING_BY_SHAPE, 0, 0, 0, VKSPLIT_LOAD_PATHS_DEFAULT},
    {"runs", VKSPLIT_MAPPING_RUNS, 0, 0, 0, VKSPLIT_LOAD_PATHS_DEFAULT},
};

/* What a shape expects of the plan's mapping under a tuning. */
typedef enum expect {
    EXPECT_ANY = 0,
    EXPECT_TRANSPOSE,           /* TRANSPOSE when forced; BY_SHAPE too */
    EXPECT_DEINTERLEAVE,        /* DEINTERLEAVE when forced; BY_SHAPE too */
    EXPECT_DEINTERLEAVE_FORCED, /* DEINTERLEAVE when forced; BY_SHAPE may take TILES */
    EXPECT_NOT_SPECIAL,         /* neither TRANSPOSE nor DEINTERLEAVE fits */
} expect;

static vksplit_runner* runner;
static const char* mode;
static const tuning* current;
static core_rng rng;
static long case_index;

static void check_mapping(const core_verdict* v, expect e, const char* what)
{
    if (!v->info.bytes_written || v->info.path != VKSPLIT_PATH_COMPUTE)
        return;
    vksplit_mapping asked = current->mapping, got = v->info.mapping;
    bool bda = strcmp(mode, "bda") == 0;
    switch (e) {
    case EXPECT_TRANSPOSE:
        if (asked == VKSPLIT_MAPPING_TRANSPOSE || asked == VKSPLIT_MAPPING_BY_SHAPE)
            CHECK_MSG(got == VKSPLIT_MAPPING_TRANSPOSE, "%s, %s, %s: mapping %d, expected TRANSPOSE", mode,
                      current->name, what, (int)got);
        break;
    case EXPECT_DEINTERLEAVE:
    case EXPECT_DEINTERLEAVE_FORCED:
        /* DEINTERLEAVE needs every output in one dispatch: the descriptor path has only so
         * many output slots (the plan it made instead takes more than one dispatch). */
        if (asked == VKSPLIT_MAPPING_DEINTERLEAVE || (asked == VKSPLIT_MAPPING_BY_SHAPE && e == EXPECT_DEINTERLEAVE))
            CHECK_MSG(got == VKSPLIT_MAPPING_DEINTERLEAVE || (!bda && v->info.dispatch_count > 1),
                      "%s, %s, %s: mapping %d, expected DEINTERLEAVE", mode, current->name, what, (int)got);
        break;
    case EXPECT_NOT_SPECIAL:
        CHECK_MSG(got != VKSPLIT_MAPPING_TRANSPOSE && got != VKSPLIT_MAPPING_DEINTERLEAVE,
                  "%s, %s, %s: mapping %d fits no such split", mode, current->name, what, (int)got);
        break;
    default: break;
    }
    if (asked != VKSPLIT_MAPPING_TRANSPOSE && asked != VKSPLIT_MAPPING_DEINTERLEAVE &&
        asked != VKSPLIT_MAPPING_BY_SHAPE)
        CHECK_MSG(got == asked, "%s, %s, %s: mapping %d, asked for %d", mode, current->name, what, (int)got,
                  (int)asked);
}

static void run(core_case* c, expect e, const char* what)
{
    core_run_options o = {.plan.path = VKSPLIT_PATH_COMPUTE,
                          .layout = CORE_LAYOUT_RANDOM,
                          .rng = &rng,
                          .null_empty_bindings = -1};
    char label[160];
    snprintf(label, sizeof label, "%s, %s, %s", mode, current->name, what);
    o.label = label;
    o.case_index = case_index++;
    core_verdict v = core_run_case(runner, c, &o);
    CORE_ACCOUNT(v);
    check_mapping(&v, e, what);
    if (core_verbose())
        printf("%s: %s\n", label, v.info.summary);
    core_case_free(c);
}

/* [m, n] column-major (or [b, m, n] batched), split along `axis` into outputs of `parts`. */
static void transposed(uint32_t element, uint32_t batch, uint64_t m, uint64_t n, uint32_t axis, uint32_t outputs,
                       const uint64_t* parts, expect e)
{
    uint64_t sizes[3] = {batch, m, n}, strides[3] = {m * n, 1, m};
    core_case c;
    uint32_t offset = batch > 1 ? 0 : 1;
    core_case_init(&c, element, 3 - offset, sizes + offset, axis, outputs, parts);
    core_case_set_input_strides(&c, strides + offset);
    char what[96];
    snprintf(what, sizeof what, "transposed %u-byte [%llu, %llu, %llu] axis %u", element, (unsigned long long)batch,
             (unsigned long long)m, (unsigned long long)n, axis);
    run(&c, e, what);
}

static void transposes(void)
{
    static const uint64_t halves_64[2] = {32, 32}, thirds_99[3] = {40, 0, 59}, halves_2[2] = {1, 1};
    static const uint32_t elements[] = {1, 2, 4, 8, 16};
    for (unsigned i = 0; i < sizeof elements / sizeof elements[0]; i++) {
        transposed(elements[i], 1, 64, 80, 0, 2, halves_64, EXPECT_TRANSPOSE);
        transposed(elements[i], 1, 99, 33, 0, 3, thirds_99, EXPECT_TRANSPOSE);
        transposed(elements[i], 3, 37, 99, 2, 3, thirds_99, EXPECT_TRANSPOSE); /* axis 2: the output-contiguous one */
    }
    transposed(4, 1, 2, 2, 0, 2, halves_2, EXPECT_ANY); /* a tile of 2 x 1 */
    /* Outputs that transpose differently (found by the fuzzers' model of the shader): [4, 6, 65]
     * row-major, output 0 contiguous along dimension 1, output 1 along the axis. */
    uint64_t sizes[3] = {4, 6, 65}, parts[2] = {2, 2}, out0[3] = {390, 1, 6}, out1[3] = {1, 130, 2};
    core_case c;
    core_case_init(&c, 4, 3, sizes, 0, 2, parts);
    core_case_set_output_strides(&c, 0, out0);
    core_case_set_output_strides(&c, 1, out1);
    run(&c, EXPECT_ANY, "outputs transposing along different dimensions");
    transposed(12, 1, 64, 80, 0, 2, halves_64, EXPECT_NOT_SPECIAL); /* 12 bytes: three words per element */
    transposed(32, 1, 64, 80, 0, 2, halves_64, EXPECT_ANY);         /* TRANSPOSE's words stop at 16 */
}

/* q, k, v of [b, s, 3, h, d] float16, each laid out [b, h, s, d]. */
static void qkv(uint64_t b, uint64_t s, uint64_t h, uint64_t d)
{
    uint64_t sizes[5] = {b, s, 3, h, d}, parts[3] = {1, 1, 1};
    uint64_t out[5] = {h * s * d, d, h * s * d, s * d, 1};
    core_case c;
    core_case_init(&c, 2, 5, sizes, 2, 3, parts);
    for (uint32_t o = 0; o < 3; o++)
        core_case_set_output_strides(&c, o, out);
    char what[64];
    snprintf(what, sizeof what, "qkv [%llu, %llu, 3, %llu, %llu]", (unsigned long long)b, (unsigned long long)s,
             (unsigned long long)h, (unsigned long long)d);
    run(&c, EXPECT_NOT_SPECIAL, what);
}

/* [rows, sum(parts)] of `element`-byte elements along the last axis. */
static void last_axis(uint32_t element, uint64_t rows, uint32_t outputs, const uint64_t* parts, expect e)
{
    core_case c;
    core_case_init_rows(&c, element, rows, outputs, parts);
    char what[96];
    snprintf(what, sizeof what, "last axis %u-byte [%llu, %llu] into %u", element, (unsigned long long)rows,
             (unsigned long long)c.sizes[1], outputs);
    run(&c, e, what);
}

static void short_chunks(void)
{
    static const uint64_t threes[3] = {1, 1, 1}, fours[3] = {4, 4, 4}, uneven[4] = {1, 2, 0, 5}, sixteen[2] = {16, 16};
    static const uint64_t rows[] = {1, 3, 4, 5, 63, 1000, 4099};
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) { /* one row is no rows: a 1-D split */
        last_axis(4, rows[i], 3, threes, rows[i] > 1 ? EXPECT_DEINTERLEAVE : EXPECT_NOT_SPECIAL);
        last_axis(4, rows[i], 4, uneven, rows[i] > 1 ? EXPECT_DEINTERLEAVE : EXPECT_NOT_SPECIAL);
    }
    last_axis(4, 777, 3, fours, EXPECT_DEINTERLEAVE);          /* 16-byte chunks */
    last_axis(4, 130, 2, sixteen, EXPECT_DEINTERLEAVE_FORCED); /* 64-byte chunks: TILES reads them whole */
    last_axis(2, 513, 3, fours, EXPECT_DEINTERLEAVE);          /* float16, 8-byte chunks */
    last_axis(1, 257, 3, fours, EXPECT_DEINTERLEAVE);          /* int8, 4-byte chunks */
    last_axis(1, 257, 3, threes, EXPECT_NOT_SPECIAL);          /* 1-byte chunks: not whole 32-bit words */
    last_axis(2, 257, 3, threes, EXPECT_NOT_SPECIAL);          /* 2-byte chunks */
    uint64_t* many = malloc(1024 * sizeof *many);
    for (uint32_t o = 0; o < 1024; o++)
        many[o] = 1;
    /* 4 KiB rows: tiles of 4 rows, arguments in memory. A join gathers each input's part in a
     * loop of its own, whose trips for 1024 inputs pass the loop budget: TILES then. */
    last_axis(4, 9, 1024, many, core_join_all() ? EXPECT_ANY : EXPECT_DEINTERLEAVE);
    free(many);
}

static void small_and_strided(void)
{
    static const uint64_t n[] = {1, 7, 1000, 10007};
    for (unsigned i = 0; i < sizeof n / sizeof n[0]; i++) {
        uint64_t parts3[3] = {n[i] / 3, n[i] - n[i] / 3 - n[i] / 5, n[i] / 5}, parts2[2] = {n[i] / 2, n[i] - n[i] / 2};
        core_case c;
        core_case_init(&c, 4, 1, &n[i], 0, 3, parts3);
        run(&c, EXPECT_NOT_SPECIAL, "1-D into 3 (segments in push constants)");
        core_case_init(&c, 16, 1, &n[i], 0, 2, parts2);
        run(&c, EXPECT_NOT_SPECIAL, "1-D 16-byte into 2");
    }
    /* Broadcast: the input repeats along dimension 0 (stride 0). */
    uint64_t sizes[3] = {5, 6, 7}, lengths[2] = {2, 4}, broadcast[3] = {0, 7, 1};
    core_case c;
    core_case_init(&c, 4, 3, sizes, 1, 2, lengths);
    core_case_set_input_strides(&c, broadcast);
    run(&c, EXPECT_ANY, "broadcast input");
    /* Sliding windows: dimension 0 steps by 3 elements over rows of 7. */
    uint64_t window[3] = {3, 7, 1};
    core_case_init(&c, 4, 3, sizes, 1, 2, lengths);
    core_case_set_input_strides(&c, window);
    run(&c, EXPECT_ANY, "overlapping windows");
    /* Outputs with their own order of three row dimensions (padded). */
    uint64_t sizes4[4] = {3, 5, 4, 9}, lengths4[3] = {1, 0, 3}, out[4] = {4 * 9 * 5 + 7, 9, 5 * 9 + 2, 1};
    core_case_init(&c, 2, 4, sizes4, 2, 3, lengths4);
    core_case_set_output_strides(&c, 0, out);
    core_case_set_output_strides(&c, 2, out);
    run(&c, EXPECT_ANY, "strided outputs, three row dimensions");
}

int main(int argc, char** argv)
{
    mode = argc > 1 ? argv[1] : "bda";
    vksplit_features disable = strcmp(mode, "desc") == 0 ? VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS : 0;
    if (!disable && !(test_default_device()->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS))
        return test_skip(NULL, "%s: the device has no device addresses (bufferDeviceAddress and shaderInt64)", mode);
    const char* unrunnable = test_unrunnable_with(disable);
    if (unrunnable)
        return test_skip(NULL, "%s: %s", mode, unrunnable);
    core_rng_seed(&rng, core_seed(0x3A9));
    for (unsigned t = 0; t < sizeof tunings / sizeof tunings[0]; t++) {
        current = &tunings[t];
        vksplit_runner_desc desc = test_runner_desc(disable);
        desc.tuning.mapping = current->mapping;
        desc.tuning.workgroup_size = current->workgroup_size;
        desc.tuning.invocation_bytes = current->invocation_bytes;
        desc.tuning.band_bytes = current->band_bytes;
        desc.tuning.load_paths = current->load_paths;
        runner = test_runner_create_from(&desc);
        double t0 = core_now();
        transposes();
        qkv(2, 37, 3, 8);
        qkv(1, 300, 2, 64);
        short_chunks();
        small_and_strided();
        fprintf(stderr, "%s, %s: %.2f s\n", mode, current->name, core_now() - t0);
        (void)test_finish(runner);
    }
    return test_finish(NULL);
}
