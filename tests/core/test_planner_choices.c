/* Pins the planner's choices for split_bench's cases (bench/bench_cases.c, the same shapes: its
 * splits and its joins)
 * at 64 MiB and 1 GiB, for the GPU defaults (vksplit_resolve_tuning(DISCRETE_GPU): what a GPU
 * runs, planned here on lavapipe's device with the compute path a GPU's AUTO takes) and for
 * lavapipe's own defaults (AUTO); and holds every GPU plan to its own account: 64 bytes in
 * flight per invocation, at most 1.25 input bytes fetched per byte copied, at most 5 % of
 * its workgroups idle. A change to the planner or the defaults changes these plans
 * and fails here, so it cannot go unnoticed: when it is meant, re-measure (split_bench) and
 * re-pin with `core_planner_choices --print`. Plans only: nothing is allocated beyond the
 * plans' tables, nothing runs. */
#include <stdlib.h>
#include <string.h>

#include "bench_cases.h"
#include "core_support.h"
#include "test_harness.h"
#include "vk_count.h"

typedef struct pinned {
    const char* device_class; /* "gpu" or "cpu" */
    const char* name;
    uint32_t size_mib;
    const char* summary;
    uint64_t workgroups;
    uint32_t dispatches;
} pinned;

static const pinned pins[] = {
#include "planner_choices.inc"
};

static vksplit_context* context_for(vksplit_runner* runner, VkPhysicalDeviceType type)
{
    vksplit_context_desc d = vkc_context_desc(runner);
    vksplit_resolve_tuning(type, &d.tuning);
    vksplit_context* ctx = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&d, &ctx, &err), &err);
    return ctx;
}

int main(int argc, char** argv)
{
    int print = argc > 1 && strcmp(argv[1], "--print") == 0;
    vksplit_runner* runner = test_runner_create();
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    /* The pins are lavapipe's plans: a CPU device with every vksplit feature (0x1f) and room
     * for the GPU default's workgroups of 256. Another device plans otherwise. */
    test_device device;
    test_device_query(runner, &device);
    if (!print && (device.type != VK_PHYSICAL_DEVICE_TYPE_CPU || device.features != 0x1f ||
                   device.limits.maxComputeWorkGroupInvocations < 256))
        return test_skip(runner, "the pins are lavapipe's plans; %s differs (type %d, features 0x%x, %u invocations)",
                         info.device_name, (int)device.type, device.features,
                         device.limits.maxComputeWorkGroupInvocations);
    static const struct {
        const char* name;
        VkPhysicalDeviceType type;
        vksplit_path path;
    } classes[] = {{"gpu", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, VKSPLIT_PATH_COMPUTE},
                   {"cpu", VK_PHYSICAL_DEVICE_TYPE_CPU, VKSPLIT_PATH_AUTO}};
    static const uint32_t sizes[] = {64, 1024};
    uint32_t compared = 0;
    for (unsigned k = 0; k < 2; k++) {
        vksplit_context* ctx = context_for(runner, classes[k].type);
        if (!ctx)
            continue;
        for (unsigned z = 0; z < 2; z++)
            for (uint32_t c = 0; c < bench_case_count + bench_join_case_count; c++) {
                const bench_case* bc = bench_case_at(c);
                if (z && bc->shape == SHAPE_FIXED)
                    continue;
                static bench_setup s;
                bench_setup_case(bc, (uint64_t)sizes[z] << 20, &s);
                vksplit_plan_options options = {.path = classes[k].path};
                vksplit_plan* plan = NULL;
                vksplit_error err;
                CHECK_RESULT(VKSPLIT_OK, bench_plan_create(ctx, &s, &options, &plan, &err), &err);
                if (!plan)
                    continue;
                vksplit_plan_info pi;
                vksplit_plan_get_info(plan, &pi);
                vksplit_plan_destroy(plan);
                if (print) {
                    printf("    {\"%s\", \"%s\", %u, \"%s\", %llu, %u}, /* %u B in flight, fetch %.3f, %llu idle */\n",
                           classes[k].name, bc->name, sizes[z], pi.summary, (unsigned long long)pi.workgroup_count,
                           pi.dispatch_count, pi.bytes_in_flight, pi.fetch_ratio,
                           (unsigned long long)pi.idle_workgroups);
                    continue;
                }
                /* The GPU plans' own account must meet issue 12's bars on every case: 64 bytes
                 * in flight per invocation per trip, at most 1.25 input bytes fetched per byte
                 * copied (whole 32-byte sectors). */
                if (k == 0) {
                    CHECK_MSG(pi.bytes_in_flight >= 64, "gpu %s %u MiB: %u bytes in flight per invocation", bc->name,
                              sizes[z], pi.bytes_in_flight);
                    CHECK_MSG(pi.fetch_ratio <= 1.25, "gpu %s %u MiB: fetches %.3f input bytes per byte copied",
                              bc->name, sizes[z], pi.fetch_ratio);
                    CHECK_MSG(pi.idle_workgroups * 20 <= pi.workgroup_count,
                              "gpu %s %u MiB: %llu of %llu workgroups idle", bc->name, sizes[z],
                              (unsigned long long)pi.idle_workgroups, (unsigned long long)pi.workgroup_count);
                }
                const pinned* p = NULL;
                for (size_t i = 0; i < sizeof pins / sizeof pins[0] && !p; i++)
                    if (!strcmp(pins[i].device_class, classes[k].name) && !strcmp(pins[i].name, bc->name) &&
                        pins[i].size_mib == sizes[z])
                        p = &pins[i];
                CHECK_MSG(p != NULL, "%s %s %u MiB: no pinned plan (re-pin with --print)", classes[k].name, bc->name,
                          sizes[z]);
                if (!p)
                    continue;
                compared++;
                CHECK_MSG(!strcmp(p->summary, pi.summary) && p->workgroups == pi.workgroup_count &&
                              p->dispatches == pi.dispatch_count,
                          "%s %s %u MiB: the plan changed:\n    pinned: %s, %llu workgroups, %u dispatches\n"
                          "    now:    %s, %llu workgroups, %u dispatches",
                          classes[k].name, bc->name, sizes[z], p->summary, (unsigned long long)p->workgroups,
                          p->dispatches, pi.summary, (unsigned long long)pi.workgroup_count, pi.dispatch_count);
            }
        vksplit_context_destroy(ctx);
    }
    if (!print) {
        printf("%u plans compared with their pins\n", compared);
        CHECK_MSG(compared == sizeof pins / sizeof pins[0], "%u of %zu pins compared", compared,
                  sizeof pins / sizeof pins[0]);
    }
    return test_finish(runner);
}
