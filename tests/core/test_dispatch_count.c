/* What vksplit_cmd_record records, counted. A second vksplit_context is created from the
 * runner's handles with get_instance_proc_addr / get_device_proc_addr wrappers that count
 * every vkCmd*, vkCreate*, vkAllocate*, vkQueue* call (vk_count.c) and with counting host
 * allocation callbacks. Per recorded split:
 *   - device addresses: exactly one vkCmdDispatch for 1, 2, 3, 96, 1024 and 65536 outputs
 *     (vkCmdUpdateBuffer into the caller's arguments only past VKSPLIT_INLINE_OUTPUTS
 *     non-empty outputs, one per 512);
 *   - the fallbacks: vkCmdDispatch == plan info's dispatch_count (once per non-empty output
 *     without dynamic indexing);
 *   - the transfer path: vkCmdCopyBuffer == copy_command_count, no dispatch;
 *   - every output empty: no dispatch;
 *   - never a vkCreate*, vkAllocate*, vkQueue*, wait, map or bind, nor a host allocation.
 * Outputs are still compared byte for byte with the reference.
 * Then recording errors (NULL buffers, misaligned offsets, NULL arguments) return their
 * code and record nothing; plan and context creation errors return theirs.
 *
 *   core_dispatch_count            all four feature sets (one runner each) */
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"
#include "test_vulkan.h"
#include "vk_count.h"

#define MAX_RECORDS 2

typedef struct counts {
    uint64_t dispatch, dispatch_other, update, copy, forbidden, cmd, host_allocations;
    char calls[512];
    uint32_t labels;     /* debug-utils labels opened */
    int32_t label_depth; /* opened less closed */
    char label[160];     /* the first one */
} counts;

typedef struct count_hooks {
    uint32_t records;
    counts per_record[MAX_RECORDS];
} count_hooks;

static void before_record(void* user)
{
    (void)user;
    vkc_reset();
}

static void after_record(void* user, vksplit_result result)
{
    count_hooks* h = user;
    (void)result;
    if (h->records >= MAX_RECORDS)
        return;
    counts* c = &h->per_record[h->records++];
    c->dispatch = vkc_calls(VKC_vkCmdDispatch);
    c->dispatch_other =
        vkc_calls(VKC_vkCmdDispatchBase) + vkc_calls(VKC_vkCmdDispatchBaseKHR) + vkc_calls(VKC_vkCmdDispatchIndirect);
    c->update = vkc_calls(VKC_vkCmdUpdateBuffer);
    c->copy = vkc_calls(VKC_vkCmdCopyBuffer) + vkc_calls(VKC_vkCmdCopyBuffer2) + vkc_calls(VKC_vkCmdCopyBuffer2KHR);
    c->forbidden = vkc_calls_in(VKC_FORBIDDEN);
    c->cmd = vkc_calls_in(VKC_CMD);
    c->host_allocations = vkc_host_allocations();
    vkc_describe(c->calls, sizeof c->calls);
    c->labels = vkc_label_count();
    c->label_depth = vkc_label_depth();
    snprintf(c->label, sizeof c->label, "%s", vkc_label(0));
}

static const char* mapping_text(vksplit_mapping m)
{
    static const char* const names[] = {"default", "runs", "?" /* 2: retired */, "tiles", "transpose", "deinterleave"};
    return (unsigned)m < sizeof names / sizeof names[0] ? names[m] : "?";
}

/* The label a capture shows for this split's recording (vksplit.h, "Debug labels"). */
static void expected_label(const core_case* c, const vksplit_plan_info* info, char* out, size_t size)
{
    int n = snprintf(out, size, "vksplit: %u-byte [", c->desc.element_size);
    for (uint32_t k = 0; k < c->desc.rank; k++)
        n += snprintf(out + n, size - (size_t)n, k ? ",%llu" : "%llu", (unsigned long long)c->desc.sizes[k]);
    if (info->path == VKSPLIT_PATH_TRANSFER)
        snprintf(out + n, size - (size_t)n, "] axis %u -> %u (transfer)", c->desc.axis, c->desc.output_count);
    else
        snprintf(out + n, size - (size_t)n, "] axis %u -> %u (%s w%u)", c->desc.axis, c->desc.output_count,
                 mapping_text(info->mapping), info->word_bytes);
}

typedef struct mode {
    const char* name;
    vksplit_features disable;
} mode;

static const mode modes[] = {
    {"device addresses", 0},
    {"push descriptors", VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS},
    {"push descriptors, no dynamic indexing",
     VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING},
    {"no 8/16-bit storage", VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT | VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT},
};

static vksplit_context* counting_context(vksplit_runner* runner, vksplit_features* enabled)
{
    vksplit_context_desc d = vkc_context_desc(runner);
    *enabled = d.enabled_features;
    d.allocation_callbacks = vkc_allocator();
    d.log = test_log;
    vksplit_context* ctx = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&d, &ctx, &err), &err);
    CHECK_MSG(vkc_lookups() > 0, "the context did not load its functions through get_*_proc_addr");
    CHECK_MSG(vkc_unwrapped()[0] == '\0', "the library loads functions the counting wrapper does not cover: %s",
              vkc_unwrapped());
    CHECK_MSG(vkc_calls(VKC_vkCreateComputePipelines) > 0, "the context created no pipeline through its table");
    /* The runner's validated instance has VK_EXT_debug_utils: the pipelines and the layout
     * carry names a capture shows. */
    CHECK_MSG(vkc_objects_named() >= 2 && vkc_calls(VKC_vkSetDebugUtilsObjectNameEXT) == vkc_objects_named(),
              "the context named %u objects", vkc_objects_named());
    return ctx;
}

/* {3, L, 5} float32 split along axis 1 into n outputs; every third empty when with_empties. */
static void make_case(core_case* c, uint32_t n, int with_empties, uint32_t element_size)
{
    uint64_t* lengths = calloc(n, sizeof lengths[0]);
    uint64_t total = 0;
    for (uint32_t i = 0; i < n; i++)
        total += lengths[i] = with_empties && i % 3 == 1 ? 0 : 1 + i % 3;
    const uint64_t sizes[3] = {3, total, 5};
    core_case_init(c, element_size, 3, sizes, 1, n, lengths);
    free(lengths);
}

static uint32_t non_empty_outputs(const core_case* c)
{
    uint32_t count = 0;
    for (uint32_t i = 0; i < c->desc.output_count; i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        ref_output_sizes(&c->desc, i, sizes);
        count += ref_element_count(c->desc.rank, sizes) != 0;
    }
    return count;
}

/* Runs c on ctx with counting hooks and checks the per-record counts. */
static void counted_run(vksplit_runner* runner, vksplit_context* ctx, vksplit_features features, core_case* c,
                        vksplit_path path, uint32_t records, const char* label)
{
    core_rng rng;
    core_rng_seed(&rng, 0xD15C + c->desc.output_count);
    count_hooks hooks;
    memset(&hooks, 0, sizeof hooks);
    core_run_options o = {.context = ctx,
                          .plan.path = path,
                          .layout = c->desc.output_count > 200 ? CORE_LAYOUT_SHARED : CORE_LAYOUT_RANDOM,
                          .rng = &rng,
                          .null_empty_bindings = -1,
                          .records = records,
                          .before_record = before_record,
                          .after_record = after_record,
                          .hook_user = &hooks,
                          .label = label,
                          .case_index = -1};
    core_verdict v = core_run_case(runner, c, &o);
    CORE_ACCOUNT(v);
    if (v.skipped || v.failures)
        return;
    const vksplit_plan_info* info = &v.info;
    uint32_t n = c->desc.output_count, active = non_empty_outputs(c);
    int bda = (features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    int dyn = (features & VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING) != 0;
    CHECK_MSG(hooks.records == records, "%s: %u records observed, %u made", label, hooks.records, records);
    printf("%-58s %5u outputs (%5u non-empty) x%u: %-44s | %s\n", label, n, active, records, info->summary,
           hooks.records && hooks.per_record[0].calls[0] ? hooks.per_record[0].calls : "(nothing recorded)");
    for (uint32_t r = 0; r < hooks.records; r++) {
        const counts* k = &hooks.per_record[r];
        const char* calls = k->calls[0] ? k->calls : "(none)";
        CHECK_MSG(k->forbidden == 0, "%s, %u outputs: vksplit_cmd_record created/allocated/submitted: %s", label, n,
                  calls);
        CHECK_MSG(k->host_allocations == 0, "%s, %u outputs: vksplit_cmd_record made %llu host allocations", label, n,
                  (unsigned long long)k->host_allocations);
        CHECK_MSG(k->dispatch_other == 0, "%s: indirect or based dispatches: %s", label, calls);
        /* One label per recording with commands, closed again; its text written at plan creation. */
        CHECK_MSG(k->label_depth == 0, "%s: %d debug labels left open", label, k->label_depth);
        if (info->bytes_written) {
            char want[160];
            expected_label(c, info, want, sizeof want);
            CHECK_MSG(k->labels == 1 && strcmp(k->label, want) == 0, "%s: %u labels, the first \"%s\", expected \"%s\"",
                      label, k->labels, k->label, want);
        }
        if (info->bytes_written == 0) {
            CHECK_MSG(k->labels == 0, "%s: every output empty, yet a label \"%s\"", label, k->label);
            CHECK_MSG(k->dispatch == 0 && k->copy == 0, "%s: every output empty, yet: %s", label, calls);
            CHECK_MSG(info->dispatch_count == 0, "%s: every output empty, yet dispatch_count %u", label,
                      info->dispatch_count);
            continue;
        }
        CHECK_MSG(k->dispatch == info->dispatch_count, "%s, %u outputs: %llu vkCmdDispatch, plan info says %u: %s",
                  label, n, (unsigned long long)k->dispatch, info->dispatch_count, calls);
        CHECK_MSG(k->copy == info->copy_command_count, "%s, %u outputs: %llu copies, plan info says %u: %s", label, n,
                  (unsigned long long)k->copy, info->copy_command_count, calls);
        if (info->path == VKSPLIT_PATH_TRANSFER) {
            CHECK_MSG(k->dispatch == 0 && k->copy >= 1, "%s: transfer path: %s", label, calls);
            continue;
        }
        if (bda) {
            CHECK_MSG(k->dispatch == 1, "%s, %u outputs (%u non-empty): %llu vkCmdDispatch, expected exactly 1: %s",
                      label, n, active, (unsigned long long)k->dispatch, calls);
            if (active <= VKSPLIT_INLINE_OUTPUTS) {
                CHECK_MSG(k->update == 0, "%s, %u non-empty outputs fit in push constants, yet: %s", label, active,
                          calls);
                CHECK_MSG(info->argument_bytes == 0, "%s, %u non-empty outputs: argument_bytes %llu", label, active,
                          (unsigned long long)info->argument_bytes);
            } else {
                /* The addresses go into the caller's argument range, 512 per update. */
                CHECK_MSG(k->update == (active + 511) / 512, "%s, %u non-empty outputs: %llu vkCmdUpdateBuffer: %s",
                          label, active, (unsigned long long)k->update, calls);
                CHECK_MSG(info->argument_bytes == 8ull * active, "%s, %u non-empty outputs: argument_bytes %llu", label,
                          active, (unsigned long long)info->argument_bytes);
            }
        } else if (!dyn) {
            CHECK_MSG(k->dispatch == active,
                      "%s: without dynamic indexing, %llu dispatches for %u non-empty outputs: %s", label,
                      (unsigned long long)k->dispatch, active, calls);
        } else {
            CHECK_MSG(k->dispatch >= 1 && k->dispatch <= active, "%s: %llu dispatches for %u non-empty outputs: %s",
                      label, (unsigned long long)k->dispatch, active, calls);
            if (active > 1)
                CHECK_MSG(k->dispatch < active, "%s: dynamic indexing, yet one dispatch per output (%u): %s", label,
                          active, calls);
        }
    }
}

/* Pipelines: by default the tuning's split pipelines with the context, each join pipeline by
 * the first join plan that needs it; VKSPLIT_PIPELINES_WITH_CONTEXT: the join pipelines with
 * the context too; VKSPLIT_PIPELINES_ON_DEMAND: none with the context, each by the first plan
 * that needs it. Never one by a second plan of the same direction and word, nor by any record.
 * A value past the enum is refused (CONTEXT_PIPELINES). (The deprecated defer_pipelines and
 * create_join_pipelines: core_deprecated.) */
static void deferred_pipelines(vksplit_runner* runner)
{
    vksplit_error err;
    static const vksplit_pipelines settings[3] = {VKSPLIT_PIPELINES_DEFAULT, VKSPLIT_PIPELINES_WITH_CONTEXT,
                                                  VKSPLIT_PIPELINES_ON_DEMAND};
    for (int m = 0; m < 3; m++) {
        int defer = settings[m] == VKSPLIT_PIPELINES_ON_DEMAND, joins = settings[m] == VKSPLIT_PIPELINES_WITH_CONTEXT;
        vksplit_context_desc cd = vkc_context_desc(runner);
        cd.pipelines = settings[m];
        uint64_t made[5];
        CHECK_RESULT(VKSPLIT_OK, vkc_pipelines_made(&cd, made, &err) ? VKSPLIT_OK : err.code, &err);
        CHECK_MSG(made[0] == (defer ? 0u : 1u), "pipelines %d: %llu vkCreateComputePipelines at context creation",
                  (int)settings[m], (unsigned long long)made[0]);
        for (int p = 0; p < 4; p++) { /* split, split, join, join: the first of each, where it is left to plans */
            int join = p >= 2, first = p % 2 == 0;
            uint64_t expected = first && (defer || (join && !joins));
            CHECK_MSG(made[1 + p] == expected, "pipelines %d, %s plan %d: %llu pipelines created", (int)settings[m],
                      join ? "join" : "split", p % 2, (unsigned long long)made[1 + p]);
        }
    }
    /* (Not through vkc_context_desc: it re-installs the counting wrapper, which only a context
     * that loads its functions fills again.) */
    vksplit_context_desc bad = core_runner_context_desc(runner);
    bad.pipelines = (vksplit_pipelines)3;
    vksplit_context* none = NULL;
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_PIPELINES, vksplit_context_create(&bad, &none, &err), &err);
    CHECK(none == NULL && strstr(err.message, "desc.pipelines 3"));
}

/* The first plan of a context makes the table pool's first block, named for what it holds
 * (tables of many plans: none of their labels). */
static void table_name(vksplit_context* ctx)
{
    const uint64_t sizes[3] = {3, 6, 5}, lengths[2] = {2, 4};
    vksplit_split_desc d = core_packed_desc(4, 3, sizes, 1, 2, lengths);
    vksplit_plan_options options = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vkc_reset();
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &options, &plan, &err), &err);
    CHECK_MSG(vkc_name_given("vksplit: parameter tables (", " bytes)"), "the table pool's block was not named");
    vksplit_plan_destroy(plan);
}

static void count_mode(const mode* m)
{
    const char* unrunnable = test_unrunnable_with(m->disable);
    if (unrunnable) {
        test_skip_part("%s: %s", m->name, unrunnable);
        return;
    }
    vksplit_runner* runner = test_runner_create_with(m->disable);
    vksplit_features features = 0;
    vksplit_context* ctx = counting_context(runner, &features);
    if (!ctx) {
        (void)test_finish(runner);
        return;
    }
    printf("%s: enabled features 0x%x\n", m->name, features);
    table_name(ctx);
    deferred_pipelines(runner);
    vksplit_runner_info rinfo;
    vksplit_runner_get_info(runner, &rinfo);
    if (m->disable == 0 && rinfo.device_type == VK_PHYSICAL_DEVICE_TYPE_CPU)
        CHECK_MSG(features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS,
                  "the runner did not enable device addresses on lavapipe");
    static const uint32_t counts_list[] = {1, 2, 3, 96, 1024};
    for (unsigned i = 0; i < 5; i++) {
        for (int empties = 0; empties < 2; empties++) {
            core_case c;
            make_case(&c, counts_list[i], empties, 4);
            char label[128];
            snprintf(label, sizeof label, "%s, compute%s", m->name, empties ? ", some empty" : "");
            counted_run(runner, ctx, features, &c, VKSPLIT_PATH_COMPUTE, empties ? 2 : 1, label);
            snprintf(label, sizeof label, "%s, auto%s", m->name, empties ? ", some empty" : "");
            counted_run(runner, ctx, features, &c, VKSPLIT_PATH_AUTO, 1, label);
            core_case_free(&c);
        }
    }
    /* Directed shapes, each on the paths it is for, recorded `records` times in one command
     * buffer (0 ends a shape's runs). */
    static const char* const path_names[] = {"auto", "compute", "transfer"};
    static const struct {
        const char* name;
        uint32_t element_size, output_count;
        uint64_t sizes[3], lengths[3];
        struct {
            vksplit_path path;
            uint32_t records;
        } runs[2];
    } shapes[] = {
        /* Long rows: AUTO picks the transfer path on a CPU device; force it too. */
        {"long rows", 4, 3, {4, 6, 4096}, {1, 2, 3}, {{VKSPLIT_PATH_AUTO, 1}, {VKSPLIT_PATH_TRANSFER, 2}}},
        /* Every output empty: along the axis, and through a zero elsewhere. */
        {"all empty (axis)", 4, 3, {3, 0, 5}, {0, 0, 0}, {{VKSPLIT_PATH_COMPUTE, 1}, {VKSPLIT_PATH_AUTO, 1}}},
        {"all empty (zero off the axis)", 2, 2, {3, 6, 0}, {2, 4}, {{VKSPLIT_PATH_COMPUTE, 1}}},
        /* Empty, yet with sizes whose products would overflow if anything multiplied them. */
        {"empty with huge sizes",
         256,
         3,
         {0, 1ull << 40, 1ull << 22},
         {1ull << 39, 0, 1ull << 39},
         {{VKSPLIT_PATH_AUTO, 1}}},
    };
    for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        core_case c;
        core_case_init(&c, shapes[k].element_size, 3, shapes[k].sizes, 1, shapes[k].output_count, shapes[k].lengths);
        for (unsigned r = 0; r < 2 && shapes[k].runs[r].records; r++) {
            char label[128];
            snprintf(label, sizeof label, "%s, %s %s", m->name, shapes[k].name, path_names[shapes[k].runs[r].path]);
            counted_run(runner, ctx, features, &c, shapes[k].runs[r].path, shapes[k].runs[r].records, label);
        }
        core_case_free(&c);
    }
    /* The most outputs a split may have, on the one-dispatch path. */
    if (features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) {
        uint32_t n = VKSPLIT_MAX_OUTPUTS;
        uint64_t* lengths = calloc(n, sizeof lengths[0]);
        uint64_t total = 0;
        for (uint32_t i = 0; i < n; i++)
            total += lengths[i] = (i * 7919u) % 3;
        const uint64_t sizes[] = {2, total};
        core_case c;
        core_case_init(&c, 4, 2, sizes, 1, n, lengths);
        free(lengths);
        char label[128];
        snprintf(label, sizeof label, "%s, 65536 outputs", m->name);
        counted_run(runner, ctx, features, &c, VKSPLIT_PATH_COMPUTE, 2, label);
        core_case_free(&c);
    }
    vksplit_context_destroy(ctx);
    CHECK_MSG(vkc_live_host_allocations() == 0, "%s: %llu host allocations through the callbacks outlive the context",
              m->name, (unsigned long long)vkc_live_host_allocations());
    (void)test_finish(runner); /* counts validation messages, destroys the runner */
}

/* ---- errors ------------------------------------------------------------------------------- */

typedef struct error_job {
    const vksplit_plan* plan;
    int use_cmd;
    const vksplit_binding* input;
    const vksplit_binding* outputs;
    const vksplit_arguments* arguments;
    vksplit_result result;
    vksplit_error error;
    uint64_t cmd_calls;
    char calls[512];
} error_job;

static vksplit_result record_error_job(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    error_job* job = user;
    (void)error;
    vkc_reset();
    memset(&job->error, 0, sizeof job->error);
    /* No input: no bindings struct at all (RECORD_BINDINGS_NULL). */
    vksplit_bindings b = {.parts = job->outputs};
    if (job->input)
        b.whole = *job->input;
    if (job->arguments)
        b.arguments = *job->arguments;
    job->result =
        vksplit_cmd_record(job->plan, job->use_cmd ? cmd : VK_NULL_HANDLE, job->input ? &b : NULL, &job->error);
    job->cmd_calls = vkc_calls_in(VKC_CMD);
    vkc_describe(job->calls, sizeof job->calls);
    return VKSPLIT_OK; /* submit what was recorded: nothing, on error */
}

static void expect_record(vksplit_runner* runner, error_job* job, const char* name, vksplit_rule rule,
                          const char* field)
{
    vksplit_result want = vksplit_rule_result(rule);
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record_error_job, job, &err), &err);
    CHECK_MSG(job->result == want && job->error.rule == rule, "%s: returned %s by %s (%s), expected %s", name,
              vksplit_result_name(job->result), vksplit_rule_name(job->error.rule), job->error.message,
              vksplit_rule_name(rule));
    CHECK_MSG(job->error.code == job->result, "%s: error.code %d, result %d", name, (int)job->error.code,
              (int)job->result);
    if (want != VKSPLIT_OK) {
        CHECK_MSG(job->cmd_calls == 0, "%s: an erroneous record still recorded: %s", name, job->calls);
        CHECK_MSG(job->error.message[0] != '\0', "%s: empty message", name);
        CHECK_MSG(!field || strstr(job->error.message, field), "%s: message \"%s\" does not name %s", name,
                  job->error.message, field);
    } else {
        CHECK_MSG(job->cmd_calls > 0, "%s: nothing recorded", name);
    }
}

static void record_errors(void)
{
    vksplit_runner* runner = test_runner_create();
    vksplit_features features;
    vksplit_context* ctx = counting_context(runner, &features);
    if (!ctx) {
        (void)test_finish(runner);
        return;
    }
    /* 16-byte elements, 16-byte base alignment: a wide word, so offsets must be aligned. */
    const uint64_t sizes[] = {4, 6, 8}, lengths[] = {1, 2, 3}, lengths_empty[] = {1, 0, 5};
    vksplit_split_desc d = core_packed_desc(16, 3, sizes, 1, 3, lengths);
    vksplit_plan* plan = NULL;
    vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &compute, &plan, &err), &err);
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    CHECK_MSG(info.offset_alignment > 1, "expected an aligned word for 16-byte elements, got offset_alignment %u",
              info.offset_alignment);

    vksplit_runner_buffer in_buf, out_buf;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &in_buf, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 8192, &out_buf, &err), &err);
    vksplit_binding input = {in_buf.buffer, 0};
    vksplit_binding outputs[3] = {{out_buf.buffer, 0}, {out_buf.buffer, 2048}, {out_buf.buffer, 4096}};
    error_job job;
    memset(&job, 0, sizeof job);
    job.plan = plan;
    job.use_cmd = 1;
    job.input = &input;
    job.outputs = outputs;
    expect_record(runner, &job, "valid bindings", VKSPLIT_RULE_NONE, NULL);

    input.buffer = VK_NULL_HANDLE;
    expect_record(runner, &job, "input buffer VK_NULL_HANDLE", VKSPLIT_RULE_BINDING_BUFFER_NULL, "bindings.whole");
    input.buffer = in_buf.buffer;
    outputs[1].buffer = VK_NULL_HANDLE;
    expect_record(runner, &job, "outputs[1] buffer VK_NULL_HANDLE", VKSPLIT_RULE_BINDING_BUFFER_NULL,
                  "bindings.parts[1]");
    outputs[1].buffer = out_buf.buffer;
    input.offset = info.offset_alignment / 2;
    expect_record(runner, &job, "misaligned input offset", VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT, "bindings.whole");
    input.offset = 0;
    outputs[2].offset = 4096 + info.offset_alignment / 2;
    expect_record(runner, &job, "misaligned outputs[2] offset", VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT,
                  "bindings.parts[2]");
    outputs[2].offset = 4096 + 1;
    expect_record(runner, &job, "odd outputs[2] offset", VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT, "bindings.parts[2]");
    outputs[2].offset = 4096;
    job.input = NULL;
    expect_record(runner, &job, "bindings NULL", VKSPLIT_RULE_RECORD_BINDINGS_NULL, NULL);
    job.input = &input;
    job.outputs = NULL;
    expect_record(runner, &job, "bindings.parts NULL", VKSPLIT_RULE_RECORD_BINDINGS_NULL, "3 outputs and the input");
    job.outputs = outputs;
    job.use_cmd = 0;
    expect_record(runner, &job, "cmd VK_NULL_HANDLE", VKSPLIT_RULE_RECORD_NULL, NULL);
    job.use_cmd = 1;
    job.plan = NULL;
    expect_record(runner, &job, "plan NULL", VKSPLIT_RULE_RECORD_NULL, NULL);
    job.plan = plan;
    expect_record(runner, &job, "valid again after errors", VKSPLIT_RULE_NONE, NULL);
    /* The error struct is optional. */
    CHECK(vksplit_cmd_record(NULL, VK_NULL_HANDLE, NULL, NULL) == VKSPLIT_ERROR_NULL_ARGUMENT);

    /* An empty output needs no buffer. */
    vksplit_plan* plan_empty = NULL;
    d.lengths = lengths_empty;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &compute, &plan_empty, &err), &err);
    job.plan = plan_empty;
    outputs[1].buffer = VK_NULL_HANDLE;
    outputs[1].offset = 3; /* an empty output's offset does not matter either */
    expect_record(runner, &job, "empty output without a buffer", VKSPLIT_RULE_NONE, NULL);
    outputs[0].buffer = VK_NULL_HANDLE;
    expect_record(runner, &job, "non-empty outputs[0] without a buffer", VKSPLIT_RULE_BINDING_BUFFER_NULL,
                  "bindings.parts[0]");
    outputs[0].buffer = out_buf.buffer;
    outputs[1].buffer = out_buf.buffer;
    outputs[1].offset = 2048;

    /* The transfer path checks its bindings too. */
    vksplit_plan* plan_transfer = NULL;
    vksplit_plan_options transfer = {.path = VKSPLIT_PATH_TRANSFER};
    d.lengths = lengths;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &transfer, &plan_transfer, &err), &err);
    job.plan = plan_transfer;
    expect_record(runner, &job, "transfer: valid", VKSPLIT_RULE_NONE, NULL);
    outputs[2].buffer = VK_NULL_HANDLE;
    expect_record(runner, &job, "transfer: outputs[2] VK_NULL_HANDLE", VKSPLIT_RULE_BINDING_BUFFER_NULL,
                  "bindings.parts[2]");
    outputs[2].buffer = out_buf.buffer;

    /* Plan creation errors. */
    vksplit_plan* bad = (vksplit_plan*)&err; /* must be overwritten with NULL */
    d.axis = 3;
    CHECK_RULE(VKSPLIT_RULE_SPLIT_AXIS, vksplit_plan_create(ctx, &d, NULL, &bad, &err), &err);
    CHECK(bad == NULL);
    d.axis = 1;
    CHECK_RULE(VKSPLIT_RULE_PLAN_CONTEXT_NULL, vksplit_plan_create(NULL, &d, NULL, &bad, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_plan_create(ctx, &d, NULL, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_SPLIT_NULL, vksplit_plan_create(ctx, NULL, NULL, &bad, &err), &err);
    vksplit_plan_options weird = {.path = (vksplit_path)7};
    vksplit_result r = vksplit_plan_create(ctx, &d, &weird, &bad, &err);
    CHECK_MSG(r != VKSPLIT_OK && bad == NULL && err.message[0], "options.path 7: %s", vksplit_result_name(r));
    /* Element-wise rows (strided innermost dimension) have no transfer plan. */
    const uint64_t elementwise[] = {48, 8, 2};
    d.input_strides = elementwise;
    d.lengths = lengths;
    CHECK_RULE(VKSPLIT_RULE_PLAN_TRANSFER_ROWS, vksplit_plan_create(ctx, &d, &transfer, &bad, &err), &err);
    CHECK(bad == NULL);
    d.input_strides = NULL;
    vksplit_plan_destroy(NULL);

    /* Valid splits too big for any device: a clean error (or a plan), never a crash or a
     * huge allocation. Nothing is recorded with them. */
    static const struct {
        uint64_t sizes[2];
        uint64_t lengths[2];
        uint32_t element_size;
    } huge[] = {
        {{1ull << 40, 1}, {1ull << 39, 1ull << 39}, 1}, /* one row of 2^39 bytes per output */
        {{1ull << 33, 2}, {1, 1}, 1},                   /* 2^33 rows per output */
        {{1ull << 20, 1ull << 20}, {1ull << 19, 1ull << 19}, 16},
        {{3, 1ull << 61}, {2, 1}, 1},
    };
    /* A plan no buffer of this device can hold is refused at creation (maxBufferSize). */
    vksplit_runner_info huge_info;
    vksplit_runner_get_info(runner, &huge_info);
    test_vulkan_load(runner);
    VkPhysicalDeviceMaintenance4Properties m4 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
    VkPhysicalDeviceProperties2 props2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &m4};
    VkPhysicalDeviceProperties plain;
    vkGetPhysicalDeviceProperties(huge_info.physical_device, &plain);
    uint64_t max_buffer = 0;
    if (plain.apiVersion >= VK_API_VERSION_1_3) {
        vkGetPhysicalDeviceProperties2(huge_info.physical_device, &props2);
        max_buffer = m4.maxBufferSize;
    }
    for (unsigned h = 0; h < sizeof huge / sizeof huge[0]; h++) {
        vksplit_split_desc hd;
        memset(&hd, 0, sizeof hd);
        hd.element_size = huge[h].element_size;
        hd.rank = 2;
        hd.sizes = huge[h].sizes;
        hd.axis = huge[h].sizes[1] == 1 || huge[h].sizes[1] == (1ull << 61) ? 0 : 1;
        hd.output_count = 2;
        hd.lengths = huge[h].lengths;
        for (int path = 0; path < 3; path++) {
            vksplit_plan_options po = {.path = (vksplit_path)path};
            vksplit_plan* hp = NULL;
            vksplit_result hr = vksplit_plan_create(ctx, &hd, &po, &hp, &err);
            CHECK_MSG(hr == VKSPLIT_OK || hr == VKSPLIT_ERROR_SIZE_OVERFLOW || hr == VKSPLIT_ERROR_UNSUPPORTED ||
                          hr == VKSPLIT_ERROR_OUT_OF_MEMORY,
                      "huge split %u path %d: %s %s", h, path, vksplit_result_name(hr), err.message);
            CHECK_MSG(hr == VKSPLIT_OK ? hp != NULL : hp == NULL && err.message[0] != '\0',
                      "huge split %u path %d: inconsistent result", h, path);
            uint64_t span = 0;
            vksplit_error span_err;
            vksplit_split_spans(&hd, &span, NULL, &span_err);
            if (max_buffer && span > max_buffer)
                CHECK_MSG(hr == VKSPLIT_ERROR_SIZE_OVERFLOW && (err.rule == VKSPLIT_RULE_PLAN_INPUT_BUFFER_SIZE ||
                                                                err.rule == VKSPLIT_RULE_PLAN_OUTPUT_BUFFER_SIZE),
                          "huge split %u path %d spans %llu > maxBufferSize %llu: got %s %s", h, path,
                          (unsigned long long)span, (unsigned long long)max_buffer, vksplit_result_name(hr),
                          err.message);
            printf("huge split %u path %d: %s %s\n", h, path, vksplit_result_name(hr), hr ? err.message : "");
            vksplit_plan_destroy(hp);
        }
    }

    /* Context creation errors. */
    vksplit_runner_info rinfo;
    vksplit_runner_get_info(runner, &rinfo);

    /* The feature query: what the runner enabled is supported; on lavapipe, everything. */
    vksplit_features supported = 0;
    CHECK_RESULT(VKSPLIT_OK,
                 vksplit_query_device_features(rinfo.physical_device, rinfo.get_instance_proc_addr, rinfo.instance,
                                               &supported, &err),
                 &err);
    CHECK_MSG((supported & rinfo.enabled_features) == rinfo.enabled_features,
              "enabled features 0x%x are not all supported (0x%x)", rinfo.enabled_features, supported);
    CHECK_MSG(supported == rinfo.enabled_features, "the default runner enabled 0x%x of the supported 0x%x",
              rinfo.enabled_features, supported);
    if (rinfo.device_type == VK_PHYSICAL_DEVICE_TYPE_CPU)
        CHECK_MSG(supported == 0x1f, "lavapipe supports every vksplit feature (LAVAPIPE.md), the query says 0x%x",
                  supported);
    CHECK_RULE(
        VKSPLIT_RULE_SUPPORT_QUERY_NULL,
        vksplit_query_device_features(rinfo.physical_device, rinfo.get_instance_proc_addr, rinfo.instance, NULL, &err),
        &err);
    CHECK_RULE(
        VKSPLIT_RULE_SUPPORT_QUERY_NULL,
        vksplit_query_device_features(VK_NULL_HANDLE, rinfo.get_instance_proc_addr, rinfo.instance, &supported, &err),
        &err);
    vksplit_context_desc cd;
    memset(&cd, 0, sizeof cd);
    cd.instance = rinfo.instance;
    cd.physical_device = rinfo.physical_device;
    cd.device = rinfo.device;
    cd.get_instance_proc_addr = rinfo.get_instance_proc_addr;
    vksplit_context* c2 = (vksplit_context*)&err;
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_NO_ADDRESSING, vksplit_context_create(&cd, &c2, &err), &err); /* no features */
    CHECK(c2 == NULL);
    cd.enabled_features = rinfo.enabled_features;
    cd.tuning.invocation_bytes = 65537;
    r = vksplit_context_create(&cd, &c2, &err);
    CHECK_MSG(r == VKSPLIT_ERROR_INVALID_ARGUMENT && c2 == NULL && err.rule == VKSPLIT_RULE_TUNING_INVOCATION_BYTES,
              "invocation_bytes 65537: %s %s", vksplit_result_name(r), err.message);
    cd.tuning.invocation_bytes = 0;
    cd.tuning.min_workgroups = (1u << 24) + 1;
    r = vksplit_context_create(&cd, &c2, &err);
    CHECK_MSG(r == VKSPLIT_ERROR_INVALID_ARGUMENT && c2 == NULL && err.rule == VKSPLIT_RULE_TUNING_MIN_WORKGROUPS,
              "min_workgroups 2^24 + 1: %s %s", vksplit_result_name(r), err.message);
    cd.tuning.min_workgroups = 0;
    cd.tuning.mapping = (vksplit_mapping)7;
    r = vksplit_context_create(&cd, &c2, &err);
    CHECK_MSG(r == VKSPLIT_ERROR_INVALID_ARGUMENT && c2 == NULL && err.rule == VKSPLIT_RULE_TUNING_MAPPING,
              "mapping 7: %s %s", vksplit_result_name(r), err.message);
    /* 2, the retired mapping's value (vksplit.h), fails by the same rule and message. */
    cd.tuning.mapping = (vksplit_mapping)2;
    CHECK_RULE(VKSPLIT_RULE_TUNING_MAPPING, vksplit_context_create(&cd, &c2, &err), &err);
    CHECK_MSG(c2 == NULL && strstr(err.message, "tuning.mapping 2 is not a vksplit_mapping") != NULL, "mapping 2: %s",
              err.message);
    cd.tuning.mapping = VKSPLIT_MAPPING_DEFAULT;
    cd.tuning.load_paths = (vksplit_load_paths)3;
    CHECK_RULE(VKSPLIT_RULE_TUNING_LOAD_PATHS, vksplit_context_create(&cd, &c2, &err), &err);
    CHECK_MSG(c2 == NULL && strstr(err.message, "tuning.load_paths 3 is not a vksplit_load_paths") != NULL,
              "load_paths 3: %s", err.message);
    cd.tuning.load_paths = VKSPLIT_LOAD_PATHS_DEFAULT;
    cd.tuning.max_word_bytes = 12;
    r = vksplit_context_create(&cd, &c2, &err);
    CHECK_MSG(r == VKSPLIT_ERROR_INVALID_ARGUMENT && c2 == NULL && err.rule == VKSPLIT_RULE_TUNING_MAX_WORD_BYTES,
              "max_word_bytes 12: %s %s", vksplit_result_name(r), err.message);
    cd.tuning.max_word_bytes = 0;
    cd.tuning.workgroup_size = 100000;
    r = vksplit_context_create(&cd, &c2, &err);
    CHECK_MSG(r == VKSPLIT_ERROR_INVALID_ARGUMENT && c2 == NULL && err.rule == VKSPLIT_RULE_TUNING_WORKGROUP_SIZE,
              "workgroup_size 100000: %s %s", vksplit_result_name(r), err.message);
    cd.tuning.workgroup_size = 0;
    cd.device = VK_NULL_HANDLE;
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_DESC_HANDLES, vksplit_context_create(&cd, &c2, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_DESC_NULL, vksplit_context_create(NULL, &c2, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_context_create(&cd, NULL, &err), &err);
    vksplit_context_destroy(NULL);

    vksplit_plan_destroy(plan);
    vksplit_plan_destroy(plan_empty);
    vksplit_plan_destroy(plan_transfer);
    vksplit_runner_buffer_destroy(runner, &in_buf);
    vksplit_runner_buffer_destroy(runner, &out_buf);
    vksplit_context_destroy(ctx);
    (void)test_finish(runner);
}

int main(void)
{
    for (unsigned m = 0; m < sizeof modes / sizeof modes[0]; m++)
        count_mode(&modes[m]);
    record_errors();
    return test_finish(NULL);
}
