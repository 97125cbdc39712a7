/* A GPU vendor's defaults, end to end: lavapipe under the min-device layer posing as each
 * vendor's discrete GPU (the profile's vendor token sets vendorID), a context on it, and splits
 * of 16 and 4 MiB planned by the GPU default (BY_SHAPE: TILES, workgroups of 128 at the minimum
 * limits: 2048 and 512 workgroup trips of 64 bytes a lane). Their trips per invocation follow
 * from the vendor's min_workgroups (src/context/tuning.c): at 2048 (AMD, NVIDIA, any other
 * vendor) 1 and 1; at Intel's 512, 4 and 1; at ARM's 256, 8 (the most 512 bytes per invocation
 * allow) and 2; at Qualcomm's 128, 8 and 4. A tuning that sets min_workgroups keeps it.
 * (Planning only: the kernels these plans run are the ones every core test runs, their trips
 * and load paths set through the tuning, tests/core.)
 *
 *   min_device_vendor    (the loader's search path set by ctest; the profile set here, per vendor) */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_harness.h"

typedef struct vendor_case {
    const char* token;       /* the profile's vendor token */
    uint32_t min_workgroups; /* the tuning's (0: the default) */
    unsigned trips[2];       /* the plans' at 16 and 4 MiB, expected */
} vendor_case;

static const vendor_case cases[] = {
    {"amd", 0, {1, 1}}, {"nvidia", 0, {1, 1}},   {"intel", 0, {4, 1}},
    {"arm", 0, {8, 2}}, {"qualcomm", 0, {8, 4}}, {"intel", 2048, {1, 1}}, /* set by the caller: kept */
};

/* The trips the plan's summary names ("... trips=N"), or 0. */
static unsigned summary_trips(const char* summary)
{
    const char* at = strstr(summary, "trips=");
    return at ? (unsigned)strtoul(at + 6, NULL, 10) : 0u;
}

/* float32 [2, n] split along axis 1 into two halves (8 n bytes written), and its trips. */
static void plan_half_split(vksplit_context* ctx, const vendor_case* c, uint64_t n, unsigned expected)
{
    uint64_t sizes[2] = {2, n}, lengths[2] = {n / 2, n / 2};
    vksplit_split_desc split;
    memset(&split, 0, sizeof split);
    split.element_size = 4;
    split.rank = 2;
    split.sizes = sizes;
    split.axis = 1;
    split.output_count = 2;
    split.lengths = lengths;
    vksplit_plan_info info;
    vksplit_plan* plan = test_plan_create(ctx, &split, NULL, NULL, &info);
    if (!plan)
        return;
    unsigned trips = summary_trips(info.summary);
    printf("%s, min_workgroups %u, %llu MiB: %s (%llu workgroups)\n", c->token, c->min_workgroups,
           (unsigned long long)(n >> 17), info.summary, (unsigned long long)info.workgroup_count);
    CHECK_MSG(strstr(info.summary, " tiles ") != NULL, "%s: not TILES: %s", c->token, info.summary);
    CHECK_MSG(trips == expected, "%s, min_workgroups %u, %llu MiB: %u trips per invocation where %u: %s", c->token,
              c->min_workgroups, (unsigned long long)(n >> 17), trips, expected, info.summary);
    vksplit_plan_destroy(plan);
}

int main(void)
{
    setenv("VKSPLIT_MIN_DEVICE", "1", 1);
    int failed_runner = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const vendor_case* c = &cases[i];
        char profile[128];
        snprintf(profile, sizeof profile, "discrete,bda,int64,storage8,storage16,dynidx,%s", c->token);
        setenv("VKSPLIT_MIN_DEVICE_PROFILE", profile, 1); /* read when the layer makes the instance */
        vksplit_runner_desc desc = test_runner_desc(0);
        desc.tuning.min_workgroups = c->min_workgroups;
        vksplit_runner* runner = test_runner_create_from(&desc);
        test_device device;
        test_device_query(runner, &device);
        CHECK_MSG(strstr(device.name, c->token) != NULL, "the profile's vendor token is not on the device: %s",
                  device.name);
        plan_half_split(vksplit_runner_context(runner), c, 2u << 20, c->trips[0]);
        plan_half_split(vksplit_runner_context(runner), c, 512u << 10, c->trips[1]);
        failed_runner |= test_finish(runner) != 0;
    }
    return failed_runner;
}
