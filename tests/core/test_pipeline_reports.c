/* vksplit_context_desc.pipeline_created (issue 41: labels that cannot slip): every pipeline a
 * context and its plans create is reported exactly once, with the module the build wrote
 * (VKSPLIT_TEST_SHADER_DIR/MODULE.spv exists) and the direction it was made for, and the count
 * is what the driver was asked for (vk_count.c counts the handles vkCreateComputePipelines
 * returned: an independent reading).
 *   - VKSPLIT_PIPELINES_WITH_CONTEXT: vksplit_context_pipeline_count reports at creation, both
 *     directions, the device parameters' check once, as a split pipeline; plain and device
 *     parameters plans report nothing more and their pipelines are among those reported; a
 *     converting plan (split and join) and a CPU device's rows plan report theirs, made by the
 *     first plan of their spec; a second plan of that spec, and one made after the first is
 *     destroyed, find it and make and report nothing.
 *   - VKSPLIT_PIPELINES_ON_DEMAND: nothing at creation; each plan reports what it made; then
 *     vksplit_context_create_pipeline over every index reports the rest, and a second round
 *     nothing.
 *   - Failures: a context whose batch vkCreateComputePipelines fails, and a plan whose
 *     pipeline fails, report nothing.
 * On device addresses and on push descriptors (their modules differ: one per direction). */
#include <stdio.h>
#include <string.h>

#include "core_support.h"
#include "test_harness.h"
#include "vk_count.h"

#ifndef VKSPLIT_TEST_SHADER_DIR
#    error "VKSPLIT_TEST_SHADER_DIR: the build's build/shaders (tests/core/CMakeLists.txt)"
#endif

#define MAX_REPORTS 1024

typedef struct report {
    VkPipeline pipeline;
    const char* module;
    const char* direction;
} report;

typedef struct reports {
    report r[MAX_REPORTS];
    uint32_t count;   /* reported, kept or not */
    uint32_t dropped; /* past MAX_REPORTS */
} reports;

static void on_created(void* user, VkPipeline pipeline, const char* module, const char* direction)
{
    reports* list = user;
    if (list->count < MAX_REPORTS)
        list->r[list->count] = (report){pipeline, module, direction};
    else
        list->dropped++;
    list->count++;
}

static int spv_exists(const char* module)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.spv", VKSPLIT_TEST_SHADER_DIR, module);
    FILE* f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The direction a module's own name fixes, or NULL where it serves both: the descriptor path's
 * split_copy_desc_wW_aA_split_KERNEL, a converting copy's convert_ADDR_split, the device check's
 * one split pipeline. */
static const char* module_direction(const char* module)
{
    if (strstr(module, "device_check"))
        return "split";
    static const char* const dirs[2] = {"split", "join"};
    for (int d = 0; d < 2; d++) {
        char infix[16], suffix[16];
        snprintf(infix, sizeof infix, "_%s_", dirs[d]);
        snprintf(suffix, sizeof suffix, "_%s", dirs[d]);
        size_t n = strlen(module), s = strlen(suffix);
        if ((strncmp(module, "split_copy_", 11) == 0 && strstr(module + 11, infix)) ||
            (strncmp(module, "convert_", 8) == 0 && n > s && strcmp(module + n - s, suffix) == 0))
            return dirs[d];
    }
    return NULL;
}

/* Reports [from, count): each a handle never reported before, a module the build wrote, and a
 * direction its module allows. */
static void check_reports(const reports* list, uint32_t from, const char* when)
{
    CHECK_MSG(list->dropped == 0, "%s: more than %u reports", when, MAX_REPORTS);
    for (uint32_t i = from; i < list->count && i < MAX_REPORTS; i++) {
        const report* p = &list->r[i];
        CHECK_MSG(p->pipeline != VK_NULL_HANDLE && p->module && p->direction, "%s: report %u incomplete", when, i);
        if (!p->module || !p->direction)
            continue;
        CHECK_MSG(spv_exists(p->module), "%s: report %u names %s, no .spv of the build's", when, i, p->module);
        CHECK_MSG(strcmp(p->direction, "split") == 0 || strcmp(p->direction, "join") == 0,
                  "%s: report %u: direction \"%s\"", when, i, p->direction);
        const char* fixed = module_direction(p->module);
        CHECK_MSG(!fixed || strcmp(fixed, p->direction) == 0, "%s: %s reported as a %s pipeline", when, p->module,
                  p->direction);
        for (uint32_t j = 0; j < i; j++)
            CHECK_MSG(list->r[j].pipeline != p->pipeline, "%s: reports %u and %u name one pipeline (%s)", when, j, i,
                      p->module);
    }
}

static const report* find_report(const reports* list, VkPipeline pipeline)
{
    for (uint32_t i = 0; i < list->count && i < MAX_REPORTS; i++)
        if (list->r[i].pipeline == pipeline)
            return &list->r[i];
    return NULL;
}

static uint32_t count_module(const reports* list, const char* part, const char* direction)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < list->count && i < MAX_REPORTS; i++)
        n += strstr(list->r[i].module, part) && (!direction || strcmp(list->r[i].direction, direction) == 0);
    return n;
}

typedef enum plan_kind { PLAIN, DEVICE, CONVERT, ROWS, PLAN_KINDS } plan_kind;
static const char* const kind_names[PLAN_KINDS] = {"plain", "device parameters", "converting", "rows"};

/* Makes a plan of a kind and direction and holds what it reported to the driver's count: as many
 * new reports as pipelines made (ensure_new: at least one), each well formed, and the plan's
 * own pipeline reported with its direction (a converting plan's new where ensure_new: the first
 * of its spec). NULL where the device cannot make it (rows off a CPU device: nothing to check there beyond the count). */
static vksplit_plan* make_plan(vksplit_context* ctx, reports* list, plan_kind kind, int join, int ensure_new)
{
    static const uint64_t sizes[2] = {8, 24}, lengths[3] = {4, 8, 12};
    static const uint64_t rows_sizes[2] = {16, 8}, rows_length[1] = {2};
    static const int64_t rows_at[2] = {5, 1};
    vksplit_split_desc d = core_packed_desc(4, 2, sizes, 1, 3, lengths);
    vksplit_plan_options o = {.path = VKSPLIT_PATH_COMPUTE};
    if (kind == DEVICE)
        o.device_parameters = VKSPLIT_DEVICE_PARAMETERS_PACKED;
    if (kind == CONVERT) {
        d.element_size = 0; /* the types' */
        o.convert.whole = VKSPLIT_TYPE_FLOAT32;
        o.convert.parts = VKSPLIT_TYPE_FLOAT16;
    }
    if (kind == ROWS) {
        d = core_packed_desc(4, 2, rows_sizes, 0, 1, rows_length);
        o.rows = (vksplit_rows){.mode = VKSPLIT_ROWS_INDEXED, .host_indices = rows_at};
    }
    vksplit_join_desc j = core_join_of_split(&d);
    uint32_t before = list->count;
    uint64_t made = vkc_pipelines_created();
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_result r =
        join ? vksplit_plan_create_join(ctx, &j, &o, &plan, &err) : vksplit_plan_create(ctx, &d, &o, &plan, &err);
    char when[96];
    snprintf(when, sizeof when, "a %s %s plan", kind_names[kind], join ? "join" : "split");
    CHECK_MSG(r == VKSPLIT_OK, "%s: %s", when, err.message);
    if (r != VKSPLIT_OK)
        return NULL;
    uint64_t new_pipelines = vkc_pipelines_created() - made;
    CHECK_MSG(list->count - before == new_pipelines, "%s: %u reports for %llu pipelines made", when,
              list->count - before, (unsigned long long)new_pipelines);
    CHECK_MSG(!ensure_new || list->count > before, "%s reported no pipeline", when);
    check_reports(list, before, when);
    const report* own = find_report(list, vksplit_plan_pipeline(plan));
    CHECK_MSG(own != NULL, "%s: its pipeline was never reported", when);
    if (own) {
        CHECK_MSG(strcmp(own->direction, join ? "join" : "split") == 0, "%s: its pipeline reported as a %s", when,
                  own->direction);
        if (kind == CONVERT && ensure_new)
            CHECK_MSG(own >= &list->r[before] && strncmp(own->module, "convert_", 8) == 0,
                      "%s: its own pipeline not reported when made (%s)", when, own->module);
    }
    return plan;
}

static vksplit_context* create_context(vksplit_runner* runner, vksplit_pipelines when, reports* list)
{
    vksplit_context_desc cd = vkc_context_desc(runner);
    cd.pipelines = when;
    cd.pipeline_created = on_created;
    cd.pipeline_created_user = list;
    vksplit_context* ctx = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&cd, &ctx, &err), &err);
    return ctx;
}

static int is_cpu(vksplit_runner* runner)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    return info.device_type == VK_PHYSICAL_DEVICE_TYPE_CPU;
}

static void with_context(vksplit_runner* runner, const char* path, reports* list)
{
    memset(list, 0, sizeof *list);
    vkc_reset();
    vksplit_context* ctx = create_context(runner, VKSPLIT_PIPELINES_WITH_CONTEXT, list);
    if (!ctx)
        return;
    uint32_t count = vksplit_context_pipeline_count(ctx);
    CHECK_MSG(list->count == count && vkc_pipelines_created() == count,
              "%s, with the context: %u reported, %u pipelines, %llu made", path, list->count, count,
              (unsigned long long)vkc_pipelines_created());
    check_reports(list, 0, "with the context");
    CHECK_MSG(count_module(list, "", "split") > 0 && count_module(list, "", "join") > 0,
              "%s: the context reported not both directions", path);
    CHECK_MSG(count_module(list, "device_check", NULL) == 1, "%s: the device check reported %u times", path,
              count_module(list, "device_check", NULL));
    vksplit_plan* plans[2 * PLAN_KINDS] = {NULL};
    for (int k = 0; k < PLAN_KINDS; k++) {
        if (k == ROWS && (!is_cpu(runner) || strcmp(path, "device addresses") != 0))
            continue; /* a rows plan's own pipeline: a CPU device's (and its rows run on device addresses) */
        for (int join = 0; join < 2; join++) {
            uint32_t before = list->count;
            plans[2 * k + join] = make_plan(ctx, list, (plan_kind)k, join, k == CONVERT || k == ROWS);
            if (k == PLAIN || k == DEVICE)
                CHECK_MSG(list->count == before, "%s: a %s plan made a pipeline the context had made", path,
                          kind_names[k]);
        }
    }
    /* A second plan of each converting spec: the context's pipeline, nothing made or reported
     * (src/context/plan_pipelines.c); still there after the first plan is destroyed. */
    for (int join = 0; join < 2; join++) {
        vksplit_plan* first = plans[2 * CONVERT + join];
        uint32_t before = list->count;
        uint64_t made = vkc_pipelines_created();
        vksplit_plan* again = make_plan(ctx, list, CONVERT, join, 0);
        CHECK_MSG(again && first && vksplit_plan_pipeline(again) == vksplit_plan_pipeline(first) &&
                      list->count == before && vkc_pipelines_created() == made,
                  "%s: a second converting %s plan of one spec: %u reports, %llu pipelines made", path,
                  join ? "join" : "split", list->count - before, (unsigned long long)(vkc_pipelines_created() - made));
        vksplit_plan_destroy(first);
        plans[2 * CONVERT + join] = make_plan(ctx, list, CONVERT, join, 0);
        CHECK_MSG(plans[2 * CONVERT + join] && again &&
                      vksplit_plan_pipeline(plans[2 * CONVERT + join]) == vksplit_plan_pipeline(again) &&
                      list->count == before && vkc_pipelines_created() == made,
                  "%s: a converting %s plan made after its spec's first was destroyed made a pipeline", path,
                  join ? "join" : "split");
        vksplit_plan_destroy(again);
    }
    for (int i = 0; i < 2 * PLAN_KINDS; i++)
        vksplit_plan_destroy(plans[i]);
    vksplit_context_destroy(ctx);
}

static void on_demand(vksplit_runner* runner, const char* path, reports* list)
{
    memset(list, 0, sizeof *list);
    vkc_reset();
    vksplit_context* ctx = create_context(runner, VKSPLIT_PIPELINES_ON_DEMAND, list);
    if (!ctx)
        return;
    CHECK_MSG(list->count == 0, "%s: an on-demand context reported %u pipelines", path, list->count);
    vksplit_plan* plans[6] = {NULL};
    for (int join = 0; join < 2; join++) {
        plans[join] = make_plan(ctx, list, PLAIN, join, 1);
        uint32_t before = list->count;
        plans[2 + join] = make_plan(ctx, list, DEVICE, join, 0);
        /* the check: made by the first plan with device parameters, a split pipeline for both */
        CHECK_MSG(count_module(list, "device_check", "split") == 1 && count_module(list, "device_check", NULL) == 1,
                  "%s: after a %s plan with device parameters the check is reported %u times", path,
                  join ? "join" : "split", count_module(list, "device_check", NULL));
        (void)before;
        plans[4 + join] = make_plan(ctx, list, CONVERT, join, 1);
    }
    uint32_t per_plan = count_module(list, "convert_", NULL);
    uint32_t count = vksplit_context_pipeline_count(ctx);
    vksplit_error err;
    for (int round = 0; round < 2; round++) {
        uint32_t before = list->count;
        for (uint32_t i = 0; i < count; i++)
            CHECK_RESULT(VKSPLIT_OK, vksplit_context_create_pipeline(ctx, i, &err), &err);
        check_reports(list, before, "vksplit_context_create_pipeline");
        CHECK_MSG(list->count == count + per_plan && vkc_pipelines_created() == list->count,
                  "%s, round %d of vksplit_context_create_pipeline: %u reported for %u pipelines and %u plans' own, "
                  "%llu made",
                  path, round, list->count, count, per_plan, (unsigned long long)vkc_pipelines_created());
    }
    for (int i = 0; i < 6; i++)
        vksplit_plan_destroy(plans[i]);
    vksplit_context_destroy(ctx);
}

/* Each fallible call of a creation failed in turn until vkCreateComputePipelines is the one:
 * nothing reported for what failed (the context's batch; a plan's pipeline made on demand). */
static void failures(vksplit_runner* runner, reports* list)
{
    int batch_failed = 0;
    for (uint64_t n = 1; n < 2000 && !batch_failed; n++) {
        memset(list, 0, sizeof *list);
        vksplit_context_desc cd = vkc_context_desc(runner);
        cd.pipelines = VKSPLIT_PIPELINES_WITH_CONTEXT;
        cd.pipeline_created = on_created;
        cd.pipeline_created_user = list;
        vksplit_context* ctx = NULL;
        vksplit_error err;
        vkc_fault_arm(VKC_FAULT_CALLS, n, 0);
        vksplit_result r = vksplit_context_create(&cd, &ctx, &err);
        int fired = vkc_fault_fired();
        vkc_fault_disarm();
        batch_failed = r != VKSPLIT_OK && strcmp(vkc_fault_site(), "vkCreateComputePipelines") == 0;
        CHECK_MSG(r == VKSPLIT_OK || list->count == 0, "a context that failed at %s reported %u pipelines",
                  vkc_fault_site(), list->count);
        vksplit_context_destroy(ctx);
        if (!fired)
            break; /* past every fallible call */
    }
    CHECK_MSG(batch_failed, "no fault reached the context's vkCreateComputePipelines");
    memset(list, 0, sizeof *list);
    vksplit_context* ctx = create_context(runner, VKSPLIT_PIPELINES_ON_DEMAND, list);
    if (!ctx)
        return;
    int made_failed = 0;
    vksplit_error err;
    for (uint64_t n = 1; n < 16 && !made_failed; n++) {
        vkc_fault_arm(VKC_FAULT_CALLS, n, 0);
        vksplit_result r = vksplit_context_create_pipeline(ctx, 0, &err);
        int fired = vkc_fault_fired();
        vkc_fault_disarm();
        made_failed = r != VKSPLIT_OK && strcmp(vkc_fault_site(), "vkCreateComputePipelines") == 0;
        CHECK_MSG(r != VKSPLIT_OK ? list->count == 0 : list->count == 1, "pipeline 0 %s at fault %llu: %u reported",
                  r == VKSPLIT_OK ? "made" : "failed", (unsigned long long)n, list->count);
        if (!fired || r == VKSPLIT_OK)
            break;
    }
    CHECK_MSG(made_failed, "no fault reached vkCreateComputePipelines for pipeline 0");
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create_pipeline(ctx, 0, &err), &err);
    CHECK_MSG(list->count == 1, "pipeline 0 made after its failures: %u reported", list->count);
    vksplit_context_destroy(ctx);
}

int main(void)
{
    static reports list; /* large: not on the stack */
    vksplit_runner* runner = test_runner_create();
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    int bda = (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    with_context(runner, bda ? "device addresses" : "push descriptors", &list);
    on_demand(runner, bda ? "device addresses" : "push descriptors", &list);
    failures(runner, &list);
    int ok = test_finish(runner);
    if (bda) { /* the descriptor path's modules: one per direction */
        vksplit_runner* desc = test_runner_create_with(VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS);
        vksplit_runner_get_info(desc, &info);
        if (info.enabled_features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR) {
            with_context(desc, "push descriptors", &list);
            on_demand(desc, "push descriptors", &list);
        }
        ok = test_finish(desc);
    }
    return ok;
}
