/* What a recording tells the shader, read back as the shader reads it. Every plan here is
 * recorded through the counting wrappers (vk_count.h), which keep each dispatch's grid and the
 * push-constant bytes in force for it; those bytes are decoded field by field with the
 * shader's own contract (shaders/split_abi.h) and held to what the plan says of itself
 * (vksplit_plan_info), to the bindings recorded, and to the device's limits:
 *   - the shape word: its width field is the grid's width (a workgroup's linear index is
 *     y * width + x), its row dimensions the plan's, its flags known ones and consistent with
 *     the plan (arguments exactly above 10 outputs, a grid of (units, segments, bands) only
 *     with equal units, pushed segment starts only for 2 or 3 segments);
 *   - the grid: within maxComputeWorkGroupCount, every workgroup of the plan in it, less than
 *     a row of padding;
 *   - the addresses: the input's and each output's binding (or the arguments').
 * Plans and recordings only, never submitted (record-only mode: the commands stop at the
 * wrappers), so that a device may be described with a GPU's limits: a grid 2^31 - 1 wide
 * (NVIDIA's maxComputeWorkGroupCount[0]) and buffers up to 1 TiB, where one output of 8 GiB
 * needs 65536 workgroups and more along one axis. Profiles: that GPU, and this device as it
 * is; device addresses and push descriptors; the GPU's tuning and others; random splits of
 * every layout and directed ones. */
#include <stdlib.h>
#include <string.h>

#include "test_vulkan.h"

#include "core_support.h"
#include "host_buffer.h"
#include "split_abi.h"
#include "test_harness.h"
#include "vk_count.h"

#define MAX_TEST_OUTPUTS 1024u
#define OUTPUT_STEP 16u /* output i's binding is OUTPUT_STEP * (i + 1) bytes into the buffer */

static uint32_t u32_at(const uint8_t* push, uint32_t offset)
{
    uint32_t v;
    memcpy(&v, push + offset, sizeof v);
    return v;
}
static uint64_t u64_at(const uint8_t* push, uint32_t offset)
{
    uint64_t v;
    memcpy(&v, push + offset, sizeof v);
    return v;
}

typedef struct profile {
    const char* name;
    vkc_limits limits; /* max_group_count[0] == 0: the device's own */
} profile;

typedef struct expectation {
    const char* label;
    const vksplit_plan_info* info;
    uint32_t segments;        /* non-empty outputs */
    const uint32_t* nonempty; /* [segments]: their output indices */
    uint32_t max_group_count[3];
    uint64_t buffer_address;
    uint64_t arguments_address;
    int bda;
} expectation;

static uint64_t output_address(const expectation* e, uint32_t output)
{
    return e->buffer_address + OUTPUT_STEP * (output + 1);
}

/* One dispatch's shape word and grid, common to both addressings. `units`: the workgroups it
 * must hold (a 2D grid's), or 0 when the grid is (units, segments, bands). Returns the flags. */
static uint32_t check_shape(const expectation* e, const vkc_dispatch* d, uint32_t shape, uint32_t segments,
                            uint32_t index)
{
    uint32_t width = shape & 0xFFFFu, row_dims = shape >> 16 & 0xFu, flags = shape >> 20;
    const uint32_t known = FLAG_ARGUMENTS | FLAG_INLINE | FLAG_GRID3 | FLAG_PREFIX | FLAG_ALIGNED;
    CHECK_MSG(width == d->x, "%s: dispatch %u: the shape word's width is %u, the grid's %u (shape 0x%08x)", e->label,
              index, width, d->x, shape);
    CHECK_MSG(row_dims == e->info->row_dims, "%s: dispatch %u: the shape word says %u row dimensions, the plan %u",
              e->label, index, row_dims, e->info->row_dims);
    CHECK_MSG((flags & ~known) == 0, "%s: dispatch %u: unknown flags 0x%x (shape 0x%08x)", e->label, index, flags,
              shape);
    CHECK_MSG(((flags & FLAG_ARGUMENTS) != 0) == (e->info->argument_bytes != 0),
              "%s: dispatch %u: FLAG_ARGUMENTS %s with %llu argument bytes", e->label, index,
              flags & FLAG_ARGUMENTS ? "set" : "clear", (unsigned long long)e->info->argument_bytes);
    CHECK_MSG(!(flags & FLAG_ALIGNED) || e->info->offset_alignment == 16,
              "%s: dispatch %u: FLAG_ALIGNED with bindings aligned to %u", e->label, index, e->info->offset_alignment);
    CHECK_MSG(!(flags & FLAG_INLINE) || (e->bda && segments <= INLINE_MAX_SEGMENTS && e->info->row_dims == 0),
              "%s: dispatch %u: FLAG_INLINE with %u segments, %u row dimensions", e->label, index, segments,
              e->info->row_dims);
    CHECK_MSG(!(flags & FLAG_PREFIX) || (e->bda && !(flags & FLAG_GRID3) && segments >= 2 && segments <= 3),
              "%s: dispatch %u: FLAG_PREFIX with %u segments, flags 0x%x", e->label, index, segments, flags);
    CHECK_MSG(d->x >= 1 && d->y >= 1 && d->z >= 1 && d->x <= e->max_group_count[0] && d->y <= e->max_group_count[1] &&
                  d->z <= e->max_group_count[2],
              "%s: dispatch %u: grid %u x %u x %u beyond %u x %u x %u", e->label, index, d->x, d->y, d->z,
              e->max_group_count[0], e->max_group_count[1], e->max_group_count[2]);
    return flags;
}

/* A 2D grid read as y * width + x holds `groups` workgroups with less than a row of padding. */
static void check_covers(const expectation* e, const vkc_dispatch* d, uint64_t groups, uint32_t index)
{
    uint64_t cells = (uint64_t)d->x * d->y;
    CHECK_MSG(d->z == 1 && cells >= groups && cells - groups < d->x,
              "%s: dispatch %u: grid %u x %u x %u for %llu workgroups", e->label, index, d->x, d->y, d->z,
              (unsigned long long)groups);
}

static void check_bda(const expectation* e)
{
    CHECK_MSG(vkc_dispatch_count() == 1, "%s: %u dispatches recorded, one expected", e->label, vkc_dispatch_count());
    const vkc_dispatch* d = vkc_dispatch_at(0);
    if (!d)
        return;
    const uint8_t* p = d->push;
    uint32_t segments = u32_at(p, PC_BDA_SEGMENTS), shape = u32_at(p, PC_BDA_SHAPE);
    CHECK_MSG(segments == e->segments, "%s: %u segments pushed, %u outputs hold elements", e->label, segments,
              e->segments);
    CHECK_MSG(u64_at(p, PC_BDA_WHOLE) == e->buffer_address, "%s: the input's address 0x%llx, the binding's 0x%llx",
              e->label, (unsigned long long)u64_at(p, PC_BDA_WHOLE), (unsigned long long)e->buffer_address);
    uint32_t flags = check_shape(e, d, shape, segments, 0);
    uint64_t cells = (uint64_t)d->x * d->y * d->z;
    CHECK_MSG(cells == e->info->workgroup_count, "%s: grid %u x %u x %u, the plan counts %llu workgroups", e->label,
              d->x, d->y, d->z, (unsigned long long)e->info->workgroup_count);
    uint32_t equal = u32_at(p, PC_BDA_EQUAL_UNITS);
    if (e->info->mapping == VKSPLIT_MAPPING_DEINTERLEAVE) /* units in PREFIX2 (split_abi.h) */
        check_covers(e, d, u32_at(p, PC_BDA_PREFIX2), 0);
    else if (flags & FLAG_GRID3)
        CHECK_MSG(equal == d->x && d->y == segments && d->z == u32_at(p, PC_BDA_BANDS),
                  "%s: a grid of (units, segments, bands) %u x %u x %u for %u units, %u segments, %u bands", e->label,
                  d->x, d->y, d->z, equal, segments, u32_at(p, PC_BDA_BANDS));
    else
        check_covers(e, d, (uint64_t)u32_at(p, PC_BDA_BAND_GROUPS) * u32_at(p, PC_BDA_BANDS), 0);
    if (flags & FLAG_ARGUMENTS) {
        CHECK_MSG(u64_at(p, PC_BDA_PARTS) == e->arguments_address, "%s: the arguments' address 0x%llx, expected 0x%llx",
                  e->label, (unsigned long long)u64_at(p, PC_BDA_PARTS), (unsigned long long)e->arguments_address);
        return;
    }
    for (uint32_t k = 0; k < segments && k < ABI_INLINE_OUTPUTS; k++) {
        uint64_t want = output_address(e, e->nonempty[k]), got = u64_at(p, PC_BDA_PARTS + 8 * k);
        CHECK_MSG(got == want, "%s: segment %u's output address 0x%llx, output %u's binding 0x%llx", e->label, k,
                  (unsigned long long)got, e->nonempty[k], (unsigned long long)want);
    }
}

static void check_descriptors(const expectation* e)
{
    uint32_t dispatches = vkc_dispatch_count(), next = 0;
    uint64_t workgroups = 0;
    CHECK_MSG(dispatches == e->info->dispatch_count, "%s: %u dispatches recorded, the plan says %u", e->label,
              dispatches, e->info->dispatch_count);
    for (uint32_t i = 0; i < dispatches && i < VKC_MAX_DISPATCHES; i++) {
        const vkc_dispatch* d = vkc_dispatch_at(i);
        const uint8_t* p = d->push;
        uint32_t first = u32_at(p, PC_DESC_SEG_FIRST), segments = u32_at(p, PC_DESC_SEGMENTS);
        uint32_t flags = check_shape(e, d, u32_at(p, PC_DESC_SHAPE), segments, i);
        if (!e->info->window_count) /* windows restart their segments */
            CHECK_MSG(first == next && segments >= 1, "%s: dispatch %u holds segments [%u, +%u), expected from %u",
                      e->label, i, first, segments, next);
        if (flags & FLAG_GRID3)
            CHECK_MSG(u32_at(p, PC_DESC_EQUAL_UNITS) == d->x && d->y == segments && d->z == 1,
                      "%s: dispatch %u: a grid of (units, segments) %u x %u x %u for %u units, %u segments", e->label,
                      i, d->x, d->y, d->z, u32_at(p, PC_DESC_EQUAL_UNITS), segments);
        else
            CHECK_MSG(d->z == 1, "%s: dispatch %u: a 2D grid %u x %u x %u", e->label, i, d->x, d->y, d->z);
        next = first + segments;
        workgroups += (uint64_t)d->x * d->y * d->z;
    }
    if (!e->info->window_count && dispatches <= VKC_MAX_DISPATCHES) {
        CHECK_MSG(next == e->segments, "%s: the dispatches hold %u segments, %u outputs hold elements", e->label, next,
                  e->segments);
        CHECK_MSG(workgroups == e->info->workgroup_count, "%s: the grids hold %llu workgroups, the plan %llu", e->label,
                  (unsigned long long)workgroups, (unsigned long long)e->info->workgroup_count);
    }
}

/* ---- plans, recorded -------------------------------------------------------------------------- */

typedef struct setup {
    vksplit_runner_info info;
    VkCommandPool pool;
    core_host_buffer buffer; /* every tensor's binding: the input at 0, outputs after */
    core_host_buffer arguments;
    uint32_t max_group_count[3];
    int bda;
    long plans;
} setup;

static void record_case(setup* s, vksplit_context* ctx, const vksplit_split_desc* desc, const char* label)
{
    vksplit_plan_options options = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_result r = vksplit_plan_create(ctx, desc, &options, &plan, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: vksplit_plan_create: %s (%s)", label, err.message, vksplit_rule_name(err.rule));
    if (r != VKSPLIT_OK)
        return;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint32_t n = desc->output_count, nonempty[MAX_TEST_OUTPUTS], segments = 0;
    int any_zero = 0;
    for (uint32_t k = 0; k < desc->rank; k++)
        any_zero |= k != desc->axis && desc->sizes[k] == 0;
    for (uint32_t i = 0; i < n && !any_zero; i++)
        if (desc->lengths[i])
            nonempty[segments++] = i;
    vksplit_binding input = {s->buffer.buffer, 0}, outputs[MAX_TEST_OUTPUTS];
    for (uint32_t i = 0; i < n; i++)
        outputs[i] = (vksplit_binding){s->buffer.buffer, OUTPUT_STEP * (i + 1)};
    vksplit_arguments arguments = {s->arguments.buffer, 0, 1};

    VkCommandBuffer cmd;
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = s->pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    CHECK(vkAllocateCommandBuffers(s->info.device, &alloc, &cmd) == VK_SUCCESS);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    CHECK(vkBeginCommandBuffer(cmd, &begin) == VK_SUCCESS);
    vkc_reset();
    vkc_set_record_only(1);
    vksplit_bindings b = {.whole = input, .parts = outputs, .arguments = arguments};
    r = vksplit_cmd_record(plan, cmd, &b, &err);
    vkc_set_record_only(0);
    CHECK_RESULT(VKSPLIT_OK, r, &err);
    CHECK(vkEndCommandBuffer(cmd) == VK_SUCCESS);
    vkFreeCommandBuffers(s->info.device, s->pool, 1, &cmd);

    expectation e = {label,
                     &info,
                     segments,
                     nonempty,
                     {s->max_group_count[0], s->max_group_count[1], s->max_group_count[2]},
                     s->buffer.address,
                     s->arguments.address,
                     s->bda};
    if (info.bytes_written == 0)
        CHECK_MSG(vkc_dispatch_count() == 0, "%s: %u dispatches for an empty split", label, vkc_dispatch_count());
    else if (s->bda)
        check_bda(&e);
    else
        check_descriptors(&e);
    if (core_verbose())
        printf("%-70s %s, %u dispatch(es)\n", label, info.summary, vkc_dispatch_count());
    s->plans++;
    vksplit_plan_destroy(plan);
}

/* Splits whose one output needs 65536 workgroups or more: int8 [2^33] (8 GiB) whole, [2, 2^33]
 * in two equal halves (a grid of (units, segments)), f32 [3, 2^31] along 0 into 1, 2 (unequal:
 * pushed segment starts), and [2^31 + 5, 3] along the last axis (DEINTERLEAVE's tiles). */
static void large_cases(setup* s, vksplit_context* ctx, const char* prefix)
{
    char label[320];
    const uint64_t one[1] = {(uint64_t)1 << 33}, whole[1] = {(uint64_t)1 << 33};
    vksplit_split_desc d = core_packed_desc(1, 1, one, 0, 1, whole);
    snprintf(label, sizeof label, "%s: int8 [2^33] into one output", prefix);
    record_case(s, ctx, &d, label);
    const uint64_t two[2] = {2, (uint64_t)1 << 33}, halves[2] = {1, 1};
    d = core_packed_desc(1, 2, two, 0, 2, halves);
    snprintf(label, sizeof label, "%s: int8 [2, 2^33] axis 0 into 2 equal", prefix);
    record_case(s, ctx, &d, label);
    const uint64_t three[2] = {3, (uint64_t)1 << 31}, uneven[2] = {1, 2};
    d = core_packed_desc(4, 2, three, 0, 2, uneven);
    snprintf(label, sizeof label, "%s: f32 [3, 2^31] axis 0 into 1, 2", prefix);
    record_case(s, ctx, &d, label);
    const uint64_t rows[2] = {((uint64_t)1 << 31) + 5, 3}, columns[3] = {1, 1, 1};
    d = core_packed_desc(4, 2, rows, 1, 3, columns);
    snprintf(label, sizeof label, "%s: f32 [2^31 + 5, 3] axis 1 into 3", prefix);
    record_case(s, ctx, &d, label);
}

static void random_cases(setup* s, vksplit_context* ctx, const char* prefix, core_rng* rng, unsigned count)
{
    static const uint32_t counts[] = {1, 2, 3, 4, 7, 10, 11, 24, 25, 100, 1024};
    core_gen_params params;
    memset(&params, 0, sizeof params);
    params.max_elements = 5000;
    params.output_counts = counts;
    params.output_count_choices = sizeof counts / sizeof counts[0];
    for (unsigned i = 0; i < count; i++) {
        core_case c;
        core_case_random(&c, rng, &params);
        char label[320];
        snprintf(label, sizeof label, "%s: random case %u (%s input, %s outputs)", prefix, i, c.input_layout,
                 c.output_layout);
        record_case(s, ctx, &c.desc, label);
        core_case_free(&c);
    }
}

typedef struct tuning_case {
    const char* name;
    vksplit_mapping mapping;
    uint32_t workgroup_size, invocation_bytes, min_workgroups, band_bytes;
} tuning_case;

static const tuning_case tunings[] = {
    {"the GPU's defaults", VKSPLIT_MAPPING_BY_SHAPE, 0, 0, 0, 0},
    {"TILES, 32 x 64 B, no bands", VKSPLIT_MAPPING_TILES, 32, 64, 1, UINT32_MAX},
    {"TILES, tiny bands", VKSPLIT_MAPPING_TILES, 32, 64, 1, 4096},
    {"DEINTERLEAVE, workgroups of 1024", VKSPLIT_MAPPING_DEINTERLEAVE, 1024, 0, 0, 0},
    {"RUNS", VKSPLIT_MAPPING_RUNS, 0, 0, 0, 0},
};

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    setup s;
    memset(&s, 0, sizeof s);
    vksplit_runner_get_info(runner, &s.info);
    test_vulkan_load(runner);
    test_device device;
    test_device_query(runner, &device);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(s.info.physical_device, &memory);
    int has_bda = (s.info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool.queueFamilyIndex = s.info.queue_family_index;
    CHECK(vkCreateCommandPool(s.info.device, &pool, NULL, &s.pool) == VK_SUCCESS);
    CHECK(core_host_buffer_create(s.info.device, &memory, has_bda, OUTPUT_STEP * (MAX_TEST_OUTPUTS + 2), &s.buffer));
    CHECK(core_host_buffer_create(s.info.device, &memory, has_bda, 8 * MAX_TEST_OUTPUTS, &s.arguments));

    const profile profiles[] = {
        {"a GPU's grid (2^31 - 1 x 65535 x 65535, buffers to 1 TiB)", {{0x7FFFFFFFu, 65535, 65535}, (uint64_t)1 << 40}},
        {"this device", {{0, 0, 0}, 0}},
    };
    core_rng rng;
    core_rng_seed(&rng, core_seed(0x5AE9E));
    for (size_t p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        vkc_context_desc(runner); /* installs the wrappers over the runner's device */
        vkc_set_limits(profiles[p].limits.max_group_count[0] ? &profiles[p].limits : NULL);
        for (int bda = has_bda; bda >= 0; bda--) {
            if (!bda && !(s.info.enabled_features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR))
                continue;
            for (size_t t = 0; t < sizeof tunings / sizeof tunings[0]; t++) {
                vksplit_context_desc d = vkc_context_desc(runner);
                vkc_set_limits(profiles[p].limits.max_group_count[0] ? &profiles[p].limits : NULL);
                if (!bda)
                    d.enabled_features &= ~(vksplit_features)VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS;
                d.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
                d.tuning.mapping = tunings[t].mapping;
                d.tuning.workgroup_size = tunings[t].workgroup_size;
                d.tuning.invocation_bytes = tunings[t].invocation_bytes;
                d.tuning.min_workgroups = tunings[t].min_workgroups;
                d.tuning.band_bytes = tunings[t].band_bytes;
                vksplit_context* ctx = NULL;
                vksplit_error err;
                vksplit_result r = vksplit_context_create(&d, &ctx, &err);
                uint32_t most = device.limits.maxComputeWorkGroupSize[0] < device.limits.maxComputeWorkGroupInvocations
                                    ? device.limits.maxComputeWorkGroupSize[0]
                                    : device.limits.maxComputeWorkGroupInvocations;
                if (tunings[t].workgroup_size > most) { /* a minimum device's workgroups stop at 128 */
                    CHECK_RULE(VKSPLIT_RULE_TUNING_WORKGROUP_SIZE, r, &err);
                    continue;
                }
                CHECK_RESULT(VKSPLIT_OK, r, &err);
                if (!ctx)
                    continue;
                for (int k = 0; k < 3; k++)
                    s.max_group_count[k] = profiles[p].limits.max_group_count[0]
                                               ? profiles[p].limits.max_group_count[k]
                                               : device.limits.maxComputeWorkGroupCount[k];
                s.bda = bda;
                char prefix[192];
                snprintf(prefix, sizeof prefix, "%s, %s, %s", profiles[p].name,
                         bda ? "device addresses" : "descriptors", tunings[t].name);
                long before = s.plans;
                random_cases(&s, ctx, prefix, &rng, core_scaled(40));
                if (bda && p == 0)
                    large_cases(&s, ctx, prefix);
                printf("%-100s %ld plans\n", prefix, s.plans - before);
                vksplit_context_destroy(ctx);
            }
        }
    }
    vkc_set_limits(NULL);
    core_host_buffer_destroy(s.info.device, &s.arguments);
    core_host_buffer_destroy(s.info.device, &s.buffer);
    vkDestroyCommandPool(s.info.device, s.pool, NULL);
    return test_finish(runner);
}
