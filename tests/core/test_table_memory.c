/* Parameter tables in memory an engine can live with: the context's pool, or the engine's own.
 *
 *   pool      10,000 plans from one context (splits and joins of 1 to 40 parts, tables of about
 *             100 bytes to 3 KiB) take at most 16 vkAllocateMemory calls, counted through the
 *             wrappers (vk_count.c); plans made with 10,000 others alive, and some of the
 *             10,000 themselves, run byte for byte; destroying every other plan and making
 *             5,000 more allocates no more than the limit; destroying all of them leaves at
 *             most one block; a plan made and destroyed 1,000 times allocates at most once.
 *             On the minimum device (tests/min_device) the layer also enforces Vulkan's
 *             4096 allocations.
 *   caller    the tables of a split with inline addresses, a split with per-recording
 *             arguments and a join, packed into one host-visible buffer of the test's own at
 *             their alignments, written through its mapping (vksplit_plan_write_table),
 *             bound (vksplit_plan_bind_table) and run byte for byte; the pooled plan's table
 *             writes the same bytes; the context allocates nothing for them.
 *   rules     PLAN_TABLE_PLACEMENT, RECORD_TABLE_UNBOUND, TABLE_DATA_NULL,
 *             TABLE_DATA_ALIGNMENT, TABLE_BIND_PLACEMENT, TABLE_BIND_TWICE,
 *             TABLE_BIND_BUFFER_NULL, TABLE_BIND_OFFSET, TABLE_BIND_ADDRESS.
 * The random end-to-end tests run every fourth case with its table in the test's own memory
 * (core_run.c). The validation layer must stay silent. */
#include <stdlib.h>
#include <string.h>

#include "test_vulkan.h"

#include "core_support.h"
#include "host_buffer.h"
#include "memory_io.h"
#include "reference.h"
#include "rule_expect.h"
#include "test_harness.h"
#include "vk_count.h"

#define POOL_PLANS 10000u
#define POOL_ALLOCATIONS 16u

static vksplit_context* counting_context(vksplit_runner* runner)
{
    vksplit_context_desc d = vkc_context_desc(runner);
    d.pipelines = VKSPLIT_PIPELINES_WITH_CONTEXT; /* joins' too: a plan then only takes its table */
    vksplit_context* ctx = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&d, &ctx, &err), &err);
    return ctx;
}

/* Plan i of the pool test: [1 + i % 3, L, 1 + i % 17] of 1-, 2-, 4- or 8-byte elements, cut
 * along axis 1 into 1 + i % 40 parts of 1 to 5; every third a join. */
typedef struct pool_shape {
    uint64_t sizes[3];
    uint64_t lengths[40];
    uint32_t parts, element_size;
    int join;
} pool_shape;

static void pool_shape_of(uint32_t i, pool_shape* s)
{
    s->parts = 1 + i % 40;
    s->element_size = 1u << (i / 7 % 4);
    s->join = i % 3 == 2;
    uint64_t total = 0;
    for (uint32_t k = 0; k < s->parts; k++)
        total += s->lengths[k] = 1 + (k * 7 + i) % 5;
    s->sizes[0] = 1 + i % 3;
    s->sizes[1] = total;
    s->sizes[2] = 1 + i % 17;
}

static vksplit_plan* pool_plan(vksplit_context* ctx, uint32_t i)
{
    pool_shape s;
    pool_shape_of(i, &s);
    vksplit_plan_options options = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_result r;
    if (s.join) {
        vksplit_join_desc j = core_packed_join_desc(s.element_size, 3, s.sizes, 1, s.parts, s.lengths);
        r = vksplit_plan_create_join(ctx, &j, &options, &plan, &err);
    } else {
        vksplit_split_desc d = core_packed_desc(s.element_size, 3, s.sizes, 1, s.parts, s.lengths);
        r = vksplit_plan_create(ctx, &d, &options, &plan, &err);
    }
    CHECK_MSG(r == VKSPLIT_OK, "pool plan %u: %s", i, err.message);
    return plan;
}

/* ---- running a plan that exists (vksplit_runner_run_plan over host memory) -------------------- */

/* Runs split plan `plan` of `desc` and compares every output with the reference. */
static void check_split_plan(vksplit_runner* runner, const vksplit_plan* plan, const vksplit_split_desc* desc,
                             const char* label)
{
    uint64_t in_bytes = ref_input_span_bytes(desc);
    uint8_t* input = core_calloc(in_bytes ? in_bytes : 1, 1);
    uint8_t** got = core_calloc(desc->output_count, sizeof *got);
    uint8_t** want = core_calloc(desc->output_count, sizeof *want);
    for (uint64_t i = 0; i < in_bytes; i++)
        input[i] = (uint8_t)(i * 131 + 7);
    for (uint32_t i = 0; i < desc->output_count; i++) {
        uint64_t bytes = ref_output_span_bytes(desc, i);
        got[i] = core_calloc(bytes ? bytes : 1, 1);
        want[i] = core_calloc(bytes ? bytes : 1, 1);
        memset(got[i], 0xEE, bytes);
    }
    ref_split(desc, input, (void* const*)want);
    core_memory_io m;
    vksplit_runner_io io = core_memory_io_begin(&m, input, got);
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_run_plan(runner, plan, &io, &err), &err);
    for (uint32_t i = 0; i < desc->output_count; i++) {
        CHECK_MSG(memcmp(got[i], want[i], ref_output_span_bytes(desc, i)) == 0, "%s: output %u differs", label, i);
        free(got[i]);
        free(want[i]);
    }
    free(got);
    free(want);
    free(input);
}

/* Runs join plan `plan` of the join of `split`'s parts (core_join_of) and compares the whole
 * with the split's input (packed: the whole is its span). */
typedef struct join_io {
    uint8_t** parts;
    uint32_t part;
    size_t read;
    uint8_t* whole;
    size_t written;
} join_io;

static vksplit_result read_part(void* user, uint32_t input, void* dst, size_t bytes, vksplit_error* error)
{
    (void)error;
    join_io* m = user;
    if (input != m->part) {
        m->part = input;
        m->read = 0;
    }
    memcpy(dst, m->parts[input] + m->read, bytes);
    m->read += bytes;
    return VKSPLIT_OK;
}

static vksplit_result write_whole(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    (void)error;
    join_io* m = user;
    memcpy(m->whole + m->written, src, bytes);
    m->written += bytes;
    return VKSPLIT_OK;
}

static void check_join_plan(vksplit_runner* runner, const vksplit_plan* plan, const vksplit_split_desc* split,
                            const char* label)
{
    uint64_t whole_bytes = ref_input_span_bytes(split);
    uint8_t* want = core_calloc(whole_bytes ? whole_bytes : 1, 1);
    uint8_t* got = core_calloc(whole_bytes ? whole_bytes : 1, 1);
    uint8_t** parts = core_calloc(split->output_count, sizeof *parts);
    for (uint64_t i = 0; i < whole_bytes; i++)
        want[i] = (uint8_t)(i * 29 + 3);
    memset(got, 0xEE, whole_bytes);
    for (uint32_t i = 0; i < split->output_count; i++) {
        uint64_t bytes = ref_output_span_bytes(split, i);
        parts[i] = core_calloc(bytes ? bytes : 1, 1);
    }
    ref_split(split, want, (void* const*)parts);
    join_io m = {parts, UINT32_MAX, 0, got, 0};
    vksplit_runner_join_io io = {read_part, write_whole, &m};
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_run_join_plan(runner, plan, &io, &err), &err);
    CHECK_MSG(memcmp(got, want, whole_bytes) == 0, "%s: the joined whole differs", label);
    for (uint32_t i = 0; i < split->output_count; i++)
        free(parts[i]);
    free(parts);
    free(got);
    free(want);
}

static void check_pool_plan(vksplit_runner* runner, const vksplit_plan* plan, uint32_t i)
{
    pool_shape s;
    pool_shape_of(i, &s);
    vksplit_split_desc d = core_packed_desc(s.element_size, 3, s.sizes, 1, s.parts, s.lengths);
    char label[64];
    snprintf(label, sizeof label, "pool plan %u (%s)", i, s.join ? "join" : "split");
    if (s.join)
        check_join_plan(runner, plan, &d, label);
    else
        check_split_plan(runner, plan, &d, label);
}

/* Random cases, splits and joins, planned on ctx while its pool is crowded. */
static void run_cases(vksplit_runner* runner, vksplit_context* ctx, const char* label, uint64_t seed, long count)
{
    for (long k = 0; k < count; k++) {
        core_seeded_case s;
        core_seeded_case_begin(&s, label, seed, k);
        core_seeded_case_draw(&s);
        s.options.context = ctx;
        s.options.plan.path = VKSPLIT_PATH_COMPUTE;
        s.options.join = (int)(k % 2);
        core_verdict v = core_run_case(runner, &s.c, &s.options);
        test_checks += v.checks;
        test_failures += v.failures;
        core_case_free(&s.c);
    }
}

static uint64_t live_allocations(void) { return vkc_calls(VKC_vkAllocateMemory) - vkc_calls(VKC_vkFreeMemory); }

static void pool(vksplit_runner* runner)
{
    vksplit_context* ctx = counting_context(runner);
    if (!ctx)
        return;
    vkc_reset();
    double start = core_now();
    vksplit_plan** plans = core_calloc(POOL_PLANS, sizeof *plans);
    uint64_t table_bytes = 0;
    for (uint32_t i = 0; i < POOL_PLANS; i++) {
        plans[i] = pool_plan(ctx, i);
        vksplit_plan_info info;
        vksplit_plan_get_info(plans[i], &info);
        table_bytes += info.table_bytes;
        CHECK_MSG(info.table_placement == VKSPLIT_TABLE_POOL && info.table_bytes > 0,
                  "plan %u: placement %d, %llu bytes", i, (int)info.table_placement,
                  (unsigned long long)info.table_bytes);
    }
    uint64_t made = vkc_calls(VKC_vkAllocateMemory);
    printf("pool: %u plans, %llu table bytes, %llu allocations, %llu buffers, %.2f s\n", POOL_PLANS,
           (unsigned long long)table_bytes, (unsigned long long)made, (unsigned long long)vkc_calls(VKC_vkCreateBuffer),
           core_now() - start);
    CHECK_MSG(made >= 1 && made <= POOL_ALLOCATIONS, "%u plans took %llu allocations (at most %u)", POOL_PLANS,
              (unsigned long long)made, POOL_ALLOCATIONS);
    CHECK_MSG(vkc_calls(VKC_vkCreateComputePipelines) == 0, "a plan compiled a pipeline");

    static const uint32_t sample[] = {0, 1, 39, 40, 999, 5000, 7777, POOL_PLANS - 2, POOL_PLANS - 1};
    for (uint32_t k = 0; k < sizeof sample / sizeof sample[0]; k++)
        check_pool_plan(runner, plans[sample[k]], sample[k]);
    run_cases(runner, ctx, "pool, crowded", 0x7AB1E, 8);

    for (uint32_t i = 0; i < POOL_PLANS; i += 2) {
        vksplit_plan_destroy(plans[i]);
        plans[i] = NULL;
    }
    for (uint32_t i = 0; i < POOL_PLANS; i += 2)
        plans[i] = pool_plan(ctx, POOL_PLANS + i / 2 % 40 + 40 * (i / 80)); /* 5,000 new shapes */
    CHECK_MSG(live_allocations() <= POOL_ALLOCATIONS, "after 5,000 plans replaced: %llu allocations live",
              (unsigned long long)live_allocations());
    check_pool_plan(runner, plans[1], 1);
    check_pool_plan(runner, plans[POOL_PLANS - 1], POOL_PLANS - 1);
    run_cases(runner, ctx, "pool, refilled", 0x7AB1F, 4);

    for (uint32_t i = 0; i < POOL_PLANS; i++)
        vksplit_plan_destroy(plans[i]);
    free(plans);
    printf("pool: %llu allocations, %llu freed, %llu live once every plan is gone\n",
           (unsigned long long)vkc_calls(VKC_vkAllocateMemory), (unsigned long long)vkc_calls(VKC_vkFreeMemory),
           (unsigned long long)live_allocations());
    CHECK_MSG(live_allocations() <= 1, "%llu blocks left once every plan is gone (at most one kept)",
              (unsigned long long)live_allocations());

    uint64_t before = vkc_calls(VKC_vkAllocateMemory);
    for (uint32_t i = 0; i < 1000; i++)
        vksplit_plan_destroy(pool_plan(ctx, i));
    CHECK_MSG(vkc_calls(VKC_vkAllocateMemory) - before <= 1, "1,000 plans made and destroyed one at a time took %llu",
              (unsigned long long)(vkc_calls(VKC_vkAllocateMemory) - before));
    vksplit_context_destroy(ctx);
    CHECK_MSG(live_allocations() == 0, "the context left %llu allocations", (unsigned long long)live_allocations());
}

/* ---- the engine's own memory -------------------------------------------------------------------- */

typedef struct caller_case {
    const char* name;
    vksplit_split_desc desc;
    int join;
    vksplit_plan* plan;
    vksplit_plan_info info;
    uint64_t at;
} caller_case;

static void caller(vksplit_runner* runner)
{
    vksplit_runner_info rinfo;
    vksplit_runner_get_info(runner, &rinfo);
    test_vulkan_load(runner);
    vksplit_context* ctx = counting_context(runner);
    if (!ctx)
        return;
    static const uint64_t sizes3[3] = {3, 9, 5}, lengths3[3] = {2, 3, 4};
    static const uint64_t sizes12[2] = {4, 12 * 3}, lengths12[12] = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
    caller_case cases[3] = {
        {"split of 3", core_packed_desc(4, 3, sizes3, 1, 3, lengths3), 0, NULL, {0}, 0},
        {"split of 12 (arguments)", core_packed_desc(2, 2, sizes12, 1, 12, lengths12), 0, NULL, {0}, 0},
        {"join of 3", core_packed_desc(8, 3, sizes3, 1, 3, lengths3), 1, NULL, {0}, 0},
    };
    vksplit_plan_options options = {.path = VKSPLIT_PATH_COMPUTE, .table = VKSPLIT_TABLE_CALLER};
    vksplit_error err;
    vkc_reset();
    uint64_t at = 0;
    for (int c = 0; c < 3; c++) {
        caller_case* k = &cases[c];
        vksplit_join_desc j;
        if (k->join) {
            core_case cc;
            memset(&cc, 0, sizeof cc);
            cc.desc = k->desc;
            core_join_of(&cc, &j);
        }
        CHECK_RESULT(VKSPLIT_OK,
                     k->join ? vksplit_plan_create_join(ctx, &j, &options, &k->plan, &err)
                             : vksplit_plan_create(ctx, &k->desc, &options, &k->plan, &err),
                     &err);
        vksplit_plan_get_info(k->plan, &k->info);
        CHECK_MSG(k->info.table_placement == VKSPLIT_TABLE_CALLER && k->info.table_bytes > 0 &&
                      k->info.table_alignment >= 16 && (k->info.table_usage & VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
                  "%s: placement %d, %llu bytes, alignment %u, usage 0x%x", k->name, (int)k->info.table_placement,
                  (unsigned long long)k->info.table_bytes, k->info.table_alignment, (unsigned)k->info.table_usage);
        k->at = (at + k->info.table_alignment - 1) / k->info.table_alignment * k->info.table_alignment;
        at = k->at + k->info.table_bytes;
    }
    CHECK_MSG(vkc_calls(VKC_vkAllocateMemory) == 0 && vkc_calls(VKC_vkCreateBuffer) == 0,
              "plans with the caller's tables allocated %llu and created %llu buffers",
              (unsigned long long)vkc_calls(VKC_vkAllocateMemory), (unsigned long long)vkc_calls(VKC_vkCreateBuffer));

    /* One buffer of the engine's for the three, written through its mapping. */
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(rinfo.physical_device, &memory);
    core_host_buffer tables;
    int bda = (rinfo.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    CHECK(core_host_buffer_create(rinfo.device, &memory, bda, at, &tables));
    for (int c = 0; c < 3; c++) {
        caller_case* k = &cases[c];
        CHECK_RESULT(VKSPLIT_OK, vksplit_plan_write_table(k->plan, tables.mapped + k->at, &err), &err);
        CHECK_RESULT(VKSPLIT_OK, vksplit_plan_bind_table(k->plan, tables.buffer, k->at, &err), &err);
        CHECK_RULE(VKSPLIT_RULE_TABLE_BIND_TWICE, vksplit_plan_bind_table(k->plan, tables.buffer, k->at, &err), &err);
    }
    /* host-visible memory: the submit makes the host's writes visible (core_host_buffer is coherent) */
    check_split_plan(runner, cases[0].plan, &cases[0].desc, cases[0].name);
    check_split_plan(runner, cases[1].plan, &cases[1].desc, cases[1].name);
    check_join_plan(runner, cases[2].plan, &cases[2].desc, cases[2].name);
    run_cases(runner, ctx, "caller's context", 0xCA11E, 2);
    {
        /* The bound table holds what a pooled plan of the same join writes. */
        vksplit_join_desc j;
        core_case cc;
        memset(&cc, 0, sizeof cc);
        cc.desc = cases[2].desc;
        core_join_of(&cc, &j);
        vksplit_plan* pooled = NULL;
        vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
        CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &j, &compute, &pooled, &err), &err);
        vksplit_plan_info pinfo;
        vksplit_plan_get_info(pooled, &pinfo);
        uint8_t* bytes = core_calloc(pinfo.table_bytes, 1);
        CHECK_RESULT(VKSPLIT_OK, vksplit_plan_write_table(pooled, bytes, &err), &err);
        CHECK_MSG(pinfo.table_bytes == cases[2].info.table_bytes &&
                      memcmp(bytes, tables.mapped + cases[2].at, pinfo.table_bytes) == 0,
                  "the caller's join table differs from the pooled plan's");
        free(bytes);
        vksplit_plan_destroy(pooled);
    }
    for (int c = 0; c < 3; c++)
        vksplit_plan_destroy(cases[c].plan);
    core_host_buffer_destroy(rinfo.device, &tables);
    vksplit_context_destroy(ctx);
}

/* ---- rules -------------------------------------------------------------------------------- */

static void rules(vksplit_runner* runner)
{
    vksplit_runner_info rinfo;
    vksplit_runner_get_info(runner, &rinfo);
    test_vulkan_load(runner);
    vksplit_context* ctx = counting_context(runner);
    if (!ctx)
        return;
    static const uint64_t sizes[3] = {3, 9, 5}, lengths[3] = {2, 3, 4};
    vksplit_split_desc d = core_packed_desc(4, 3, sizes, 1, 3, lengths);
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_plan_options bad = {.path = VKSPLIT_PATH_COMPUTE, .table = (vksplit_table_placement)2};
    CHECK_RULE(VKSPLIT_RULE_PLAN_TABLE_PLACEMENT, vksplit_plan_create(ctx, &d, &bad, &plan, &err), &err);
    CHECK(plan == NULL && strstr(err.message, "options.table 2"));

    vksplit_plan_options pooled = {.path = VKSPLIT_PATH_COMPUTE};
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &pooled, &plan, &err), &err);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(rinfo.physical_device, &memory);
    core_host_buffer buffer;
    int bda = (rinfo.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    CHECK(core_host_buffer_create(rinfo.device, &memory, bda, 4096, &buffer));
    CHECK_RULE(VKSPLIT_RULE_TABLE_BIND_PLACEMENT, vksplit_plan_bind_table(plan, buffer.buffer, 0, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_TABLE_DATA_NULL, vksplit_plan_write_table(plan, NULL, &err), &err);
    uint32_t words[8];
    CHECK_RULE(VKSPLIT_RULE_TABLE_DATA_ALIGNMENT, vksplit_plan_write_table(plan, (uint8_t*)words + 2, &err), &err);
    CHECK(strstr(err.message, "2 bytes past"));
    CHECK_RULE(VKSPLIT_RULE_PLAN_NULL, vksplit_plan_bind_table(NULL, buffer.buffer, 0, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_PLAN_NULL, vksplit_plan_write_table(NULL, words, &err), &err);
    vksplit_plan_destroy(plan);

    vksplit_plan_options caller = {.path = VKSPLIT_PATH_COMPUTE, .table = VKSPLIT_TABLE_CALLER};
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &caller, &plan, &err), &err);
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    VkCommandBuffer never = (VkCommandBuffer)(uintptr_t)1; /* refused before any use */
    vksplit_binding outs[3] = {{buffer.buffer, 0}, {buffer.buffer, 0}, {buffer.buffer, 0}};
    vksplit_bindings b = {.whole = {buffer.buffer, 0}, .parts = outs};
    CHECK_RULE(VKSPLIT_RULE_RECORD_TABLE_UNBOUND, vksplit_cmd_record(plan, never, &b, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_TABLE_BIND_BUFFER_NULL, vksplit_plan_bind_table(plan, VK_NULL_HANDLE, 0, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_TABLE_BIND_OFFSET, vksplit_plan_bind_table(plan, buffer.buffer, 8, &err), &err);
    CHECK(strstr(err.message, "offset 8") && strstr(err.message, "alignment"));
    if (bda) {
        vkc_set_address_skew(4); /* a buffer whose device address is 4 past a 16-byte boundary */
        CHECK_RULE(VKSPLIT_RULE_TABLE_BIND_ADDRESS, vksplit_plan_bind_table(plan, buffer.buffer, 0, &err), &err);
        vkc_set_address_skew(0);
    } else {
        test_skip_part("TABLE_BIND_ADDRESS: the context has no device addresses");
    }
    /* Nothing failed above binds it: the first good bind does. */
    CHECK_RULE(VKSPLIT_RULE_RECORD_TABLE_UNBOUND, vksplit_cmd_record(plan, never, &b, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_bind_table(plan, buffer.buffer, info.table_alignment, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_TABLE_BIND_TWICE, vksplit_plan_bind_table(plan, buffer.buffer, 0, &err), &err);
    vksplit_plan_destroy(plan);

    /* A plan without a table (nothing to copy) binds and writes as a no-op. */
    static const uint64_t empty_sizes[3] = {3, 0, 5}, empty_lengths[2] = {0, 0};
    vksplit_split_desc e = core_packed_desc(4, 3, empty_sizes, 1, 2, empty_lengths);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &e, &caller, &plan, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_bind_table(plan, VK_NULL_HANDLE, 3, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_write_table(plan, NULL, &err), &err);
    vksplit_plan_destroy(plan);
    core_host_buffer_destroy(rinfo.device, &buffer);
    vksplit_context_destroy(ctx);
}

int main(int argc, char** argv)
{
    (void)argc;
    (void)argv;
    vksplit_runner* runner = test_runner_create();
    rules(runner);
    caller(runner);
    pool(runner);
    return test_finish(runner);
}
