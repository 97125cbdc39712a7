/* The planner under other tunings than lavapipe's default, on both addressings and every
 * mapping: TILES at the GPU's shape (256 invocations x 64 bytes) and others, TRANSPOSE,
 * DEINTERLEAVE and BY_SHAPE, RUNS with one invocation per workgroup copying one word (so a few
 * hundred KiB need more than the 65535 workgroups one grid dimension holds), odd sizes
 * (7 invocations, 3-byte runs), and the largest (1024 x 64 KiB). Random cases against the
 * reference under each, plus a deterministic split that needs a two-dimensional grid.
 *
 *   core_tuning bda|desc */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"

typedef struct tuning_case {
    const char* name;
    vksplit_mapping mapping;
    uint32_t workgroup_size, invocation_bytes, band_bytes;
    unsigned cases; /* random cases (scaled); one-invocation workgroups are slow on lavapipe */
} tuning_case;

static const tuning_case tunings[] = {
    {"tiles 256 x 64 B (the GPU default for rows)", VKSPLIT_MAPPING_TILES, 256, 64, 0, 300},
    {"tiles 7 x 3 bytes, bands of 1 KiB", VKSPLIT_MAPPING_TILES, 7, 3, 1024, 150},
    {"tiles 32 x 256 B, bands of 64 B", VKSPLIT_MAPPING_TILES, 32, 256, 64, 150},
    {"tiles 1 x 64 KiB", VKSPLIT_MAPPING_TILES, 1, 65536, 0, 60},
    {"transpose where it fits, else tiles", VKSPLIT_MAPPING_TRANSPOSE, 256, 64, 0, 200},
    {"deinterleave where it fits, else tiles", VKSPLIT_MAPPING_DEINTERLEAVE, 256, 64, 0, 200},
    {"deinterleave 5 x 16 B, bands of 64 B", VKSPLIT_MAPPING_DEINTERLEAVE, 5, 16, 64, 150},
    {"by shape (the GPU default)", VKSPLIT_MAPPING_BY_SHAPE, 256, 64, 0, 300},
    {"runs 256 x 1 word", VKSPLIT_MAPPING_RUNS, 256, 1, 0, 200},
    {"runs 1 invocation x 1 word", VKSPLIT_MAPPING_RUNS, 1, 1, 0, 100},
    {"runs 7 invocations x 3 bytes", VKSPLIT_MAPPING_RUNS, 7, 3, 0, 200},
    {"runs 1024 x 64 KiB", VKSPLIT_MAPPING_RUNS, 1024, 65536, 0, 200},
};

static void many_workgroups(vksplit_runner* runner, const char* label)
{
    /* 70002 one-byte words in three outputs (odd sizes force 1-byte words): with one word
     * per workgroup, more workgroups than maxComputeWorkGroupCount[0] = 65535. */
    const uint64_t sizes[2] = {2, 35001}, lengths[3] = {17501, 1, 17499};
    core_case c;
    core_case_init(&c, 1, 2, sizes, 1, 3, lengths);
    c.desc.base_alignment = 1;
    core_rng rng;
    core_rng_seed(&rng, 0x6E1D);
    core_run_options o = {.plan.path = VKSPLIT_PATH_COMPUTE,
                          .layout = CORE_LAYOUT_SHARED,
                          .rng = &rng,
                          .label = label,
                          .case_index = -1};
    core_verdict v = core_run_case(runner, &c, &o);
    CORE_ACCOUNT(v);
    printf("%s: many workgroups: %s, %llu workgroups of %u\n", label, v.info.summary,
           (unsigned long long)v.info.workgroup_count, v.info.workgroup_size);
    core_case_free(&c);
}

int main(int argc, char** argv)
{
    const char* mode = argc > 1 ? argv[1] : "bda";
    vksplit_features disable = strcmp(mode, "desc") == 0 ? VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS : 0;
    const test_device* device = test_default_device();
    if (!disable && !(device->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS))
        return test_skip(NULL, "%s: the device has no device addresses (bufferDeviceAddress and shaderInt64)", mode);
    const char* unrunnable = test_unrunnable_with(disable);
    if (unrunnable)
        return test_skip(NULL, "%s: %s", mode, unrunnable);
    uint32_t max_workgroup = device->limits.maxComputeWorkGroupInvocations < device->limits.maxComputeWorkGroupSize[0]
                                 ? device->limits.maxComputeWorkGroupInvocations
                                 : device->limits.maxComputeWorkGroupSize[0];
    uint64_t seed = core_seed(0x7E7E);
    long only = core_only_case();
    for (unsigned t = 0; t < sizeof tunings / sizeof tunings[0]; t++) {
        vksplit_runner_desc desc = test_runner_desc(disable);
        desc.tuning.mapping = tunings[t].mapping;
        desc.tuning.workgroup_size = tunings[t].workgroup_size;
        desc.tuning.invocation_bytes = tunings[t].invocation_bytes;
        desc.tuning.band_bytes = tunings[t].band_bytes;
        char label[128];
        snprintf(label, sizeof label, "%s, %s", mode, tunings[t].name);
        if (tunings[t].workgroup_size > max_workgroup) {
            /* Each tuning on its own: one the device cannot run is refused with its message, and
             * the others still run. */
            vksplit_runner* refused = NULL;
            vksplit_error err;
            vksplit_result r = vksplit_runner_create(&desc, &refused, &err);
            CHECK_MSG(r == VKSPLIT_ERROR_INVALID_ARGUMENT && !refused && err.rule == VKSPLIT_RULE_TUNING_WORKGROUP_SIZE,
                      "%s: workgroups of %u on a device of at most %u: %s (%s)", label, tunings[t].workgroup_size,
                      max_workgroup, vksplit_result_name(r), err.message);
            vksplit_runner_destroy(refused);
            test_skip_part("%s: workgroups of %u exceed the device's %u invocations (refused: %s)", label,
                           tunings[t].workgroup_size, max_workgroup, err.message);
            continue;
        }
        vksplit_runner* runner = test_runner_create_from(&desc);
        double t0 = core_now();
        many_workgroups(runner, label);
        double t1 = core_now();
        unsigned cases = core_scaled(tunings[t].cases);
        unsigned mapped[8] = {0};
        for (unsigned i = 0; i < cases; i++) {
            long index = (long)(t * 100000 + i);
            if (only >= 0 && index != only)
                continue;
            core_seeded_case s;
            core_seeded_case_begin(&s, label, seed, index);
            s.params.max_elements = 1024;
            core_seeded_case_draw(&s);
            s.options.plan.path = core_rng_percent(&s.rng, 85) ? VKSPLIT_PATH_COMPUTE : VKSPLIT_PATH_AUTO;
            core_verdict v = core_run_case(runner, &s.c, &s.options);
            CORE_ACCOUNT(v);
            if (v.info.bytes_written && v.info.path == VKSPLIT_PATH_COMPUTE) {
                /* A forced TRANSPOSE or DEINTERLEAVE applies where the split fits it, else TILES;
                 * BY_SHAPE chooses among the three. TRANSPOSE's workgroups are always 128. */
                vksplit_mapping asked = tunings[t].mapping, got = v.info.mapping;
                bool chooses = asked == VKSPLIT_MAPPING_TRANSPOSE || asked == VKSPLIT_MAPPING_DEINTERLEAVE ||
                               asked == VKSPLIT_MAPPING_BY_SHAPE;
                CHECK_MSG(got == asked ||
                              (chooses && (got == VKSPLIT_MAPPING_TILES || (asked == VKSPLIT_MAPPING_BY_SHAPE &&
                                                                            (got == VKSPLIT_MAPPING_TRANSPOSE ||
                                                                             got == VKSPLIT_MAPPING_DEINTERLEAVE)))),
                          "%s: plan reports mapping %d", label, (int)got);
                uint32_t wg = got == VKSPLIT_MAPPING_TRANSPOSE ? 128 : tunings[t].workgroup_size;
                CHECK_MSG(v.info.workgroup_size == wg, "%s: plan reports workgroup_size %u", label,
                          v.info.workgroup_size);
                mapped[got < 8 ? got : 0]++;
            }
            core_case_free(&s.c);
        }
        fprintf(stderr,
                "%s: many-workgroups case %.2f s, %u random cases %.2f s (compute plans: runs %u, tiles %u, "
                "transpose %u, deinterleave %u)\n",
                label, t1 - t0, cases, core_now() - t1, mapped[1], mapped[3], mapped[4], mapped[5]);
        (void)test_finish(runner);
    }
    return test_finish(NULL);
}
