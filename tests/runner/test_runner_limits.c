/* The runner's buffers within the device's limits (vksplit_runner.h, "Memory"):
 *   - a zeroed desc: max_buffer_bytes is the device's own maxMemoryAllocationSize, or its
 *     maxBufferSize where smaller (VK_KHR_maintenance4), read here through volk; a tensor
 *     buffer 4 bytes larger is refused with both sizes and the limit's name, and no buffer is
 *     created (so this costs no memory);
 *   - desc.max_buffer_bytes = 64 KiB stands in for a small device: a buffer above it is
 *     refused the same way, one of exactly 64 KiB is made; splits whose output arena exceeds
 *     it (an input that fills a buffer, split unevenly so that the 256-byte placement
 *     overflows; a broadcast input whose outputs are many times its size, with and without
 *     per-record arguments) run byte-exact against the CPU reference, staged and mapped, in
 *     exactly the buffers the packing needs, none above the limit (every vkCreateBuffer is
 *     seen through a get_instance_proc_addr hook); and so do joins whose input arena exceeds
 *     it (inputs that fill the output's buffer, joined unevenly; strided inputs whose spans
 *     are many times their elements, with and without per-record arguments, with empty
 *     inputs), the reference being the split that the join undoes;
 *   - an input, or one output, above the limit is refused before anything is created or read,
 *     for a split (its input, an output) and a join (an input, its output), and for a plan
 *     whose rows the GPU places (vksplit_runner_run_rows_plan: the whole or the part, each by
 *     the rule of its role).
 * Zero validation messages. */
#include <stdbool.h>
#include <string.h>

#include "reference.h"
#include "test_harness.h"
#include "test_vulkan.h"

#define LIMIT 65536u

/* ---- every vkCreateBuffer the runner and its context make ---------------------------------- */

static PFN_vkGetInstanceProcAddr loader_gipa; /* set in main */
static PFN_vkGetDeviceProcAddr loader_gdpa;
static PFN_vkCreateBuffer loader_create_buffer;
static uint32_t buffers_created;
static uint64_t largest_buffer;

static VKAPI_ATTR VkResult VKAPI_CALL count_create_buffer(VkDevice device, const VkBufferCreateInfo* info,
                                                          const VkAllocationCallbacks* callbacks, VkBuffer* buffer)
{
    buffers_created++;
    if (info->size > largest_buffer)
        largest_buffer = info->size;
    return loader_create_buffer(device, info, callbacks, buffer);
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL hooked_gdpa(VkDevice device, const char* name)
{
    PFN_vkVoidFunction real = loader_gdpa(device, name);
    if (real && strcmp(name, "vkCreateBuffer") == 0) {
        loader_create_buffer = (PFN_vkCreateBuffer)real;
        return (PFN_vkVoidFunction)count_create_buffer;
    }
    return strcmp(name, "vkGetDeviceProcAddr") == 0 ? (PFN_vkVoidFunction)hooked_gdpa : real;
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL hooked_gipa(VkInstance instance, const char* name)
{
    PFN_vkVoidFunction real = loader_gipa(instance, name);
    if (!instance || !real || strcmp(name, "vkGetDeviceProcAddr") != 0)
        return real;
    loader_gdpa = (PFN_vkGetDeviceProcAddr)real;
    return (PFN_vkVoidFunction)hooked_gdpa;
}

static void count_reset(void)
{
    buffers_created = 0;
    largest_buffer = 0;
}

/* ---- the device's own limit -------------------------------------------------------------- */

static uint64_t device_limit(const vksplit_runner* runner, const char** name)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    volkInitializeCustom(loader_gipa); /* not the runner's: that is hooked_gipa */
    volkLoadInstanceOnly(info.instance);
    uint32_t count = 0;
    vkEnumerateDeviceExtensionProperties(info.physical_device, NULL, &count, NULL);
    VkExtensionProperties* list = calloc(count ? count : 1, sizeof *list);
    vkEnumerateDeviceExtensionProperties(info.physical_device, NULL, &count, list);
    int maintenance4 = 0;
    for (uint32_t i = 0; i < count; i++)
        maintenance4 |= strcmp(list[i].extensionName, VK_KHR_MAINTENANCE_4_EXTENSION_NAME) == 0;
    free(list);
    VkPhysicalDeviceMaintenance4Properties m4 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
    VkPhysicalDeviceMaintenance3Properties m3 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES,
                                                 .pNext = maintenance4 ? &m4 : NULL};
    VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &m3};
    vkGetPhysicalDeviceProperties2(info.physical_device, &props);
    printf("%s: maxMemoryAllocationSize %llu, maxBufferSize %llu%s\n", info.device_name,
           (unsigned long long)m3.maxMemoryAllocationSize, (unsigned long long)m4.maxBufferSize,
           maintenance4 ? "" : " (not reported)");
    *name = maintenance4 && m4.maxBufferSize < m3.maxMemoryAllocationSize ? "maxBufferSize" : "maxMemoryAllocationSize";
    uint64_t limit =
        maintenance4 && m4.maxBufferSize < m3.maxMemoryAllocationSize ? m4.maxBufferSize : m3.maxMemoryAllocationSize;
    return limit & ~(uint64_t)3;
}

/* A buffer of `size` is refused, naming limit and the sizes, with no vkCreateBuffer. */
static void expect_refused_buffer(vksplit_runner* runner, uint64_t size, uint64_t limit, const char* name)
{
    vksplit_runner_buffer b;
    vksplit_error err;
    char phrase[160];
    count_reset();
    CHECK_RULE(VKSPLIT_RULE_RUNNER_BUFFER_TOO_LARGE, vksplit_runner_buffer_create(runner, size, &b, &err), &err);
    snprintf(phrase, sizeof phrase, "a buffer of %llu bytes is larger than this device's largest, %llu bytes (%s)",
             (unsigned long long)size, (unsigned long long)limit, name);
    CHECK_MSG(strstr(err.message, phrase) != NULL, "buffer of %llu: message '%s' lacks '%s'", (unsigned long long)size,
              err.message, phrase);
    CHECK_MSG(b.buffer == VK_NULL_HANDLE && b.memory == VK_NULL_HANDLE, "a refused buffer is not zeroed");
    CHECK_MSG(buffers_created == 0, "a refused buffer of %llu bytes still made %u vkCreateBuffer call(s)",
              (unsigned long long)size, buffers_created);
}

static void device_limits(void)
{
    vksplit_runner_desc desc = test_runner_desc(0);
    desc.get_instance_proc_addr = hooked_gipa;
    vksplit_runner* runner = test_runner_create_from(&desc);
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    const char* name = "";
    uint64_t limit = device_limit(runner, &name);
    CHECK_MSG(info.max_buffer_bytes == limit, "max_buffer_bytes %llu, the device's limit is %llu (%s)",
              (unsigned long long)info.max_buffer_bytes, (unsigned long long)limit, name);
    if (limit < UINT64_MAX - 4)
        expect_refused_buffer(runner, limit + 4, limit, name);
    CHECK_MSG(vksplit_runner_validation_message_count(runner) == 0, "device limits: validation messages");
    vksplit_runner_destroy(runner);

    /* A desc limit above the device's changes nothing; one below 4096 is refused. */
    desc.max_buffer_bytes = limit + 4096;
    runner = test_runner_create_from(&desc);
    vksplit_runner_get_info(runner, &info);
    CHECK_MSG(info.max_buffer_bytes == limit, "max_buffer_bytes %llu above the device's %llu was taken",
              (unsigned long long)info.max_buffer_bytes, (unsigned long long)limit);
    vksplit_runner_destroy(runner);
    desc.max_buffer_bytes = 100;
    vksplit_error err;
    CHECK_RULE(VKSPLIT_RULE_RUNNER_MAX_BUFFER_BYTES, vksplit_runner_create(&desc, &runner, &err), &err);
    CHECK_MSG(strstr(err.message, "max_buffer_bytes 100 is below 4096") != NULL, "message: %s", err.message);
}

/* ---- splits and joins on a 64 KiB device ------------------------------------------------- */

/* A split of `sizes` along axis 0 into `lengths`, or the join of those parts back into it.
 * `strides`: a split's input's (broadcast), a join's inputs' (padded), {0, 0} for packed. */
typedef struct arena_case {
    const char* name;
    bool join;
    uint32_t rank;
    uint64_t sizes[2];
    uint64_t strides[2];
    uint32_t count; /* outputs of a split, inputs of a join */
    uint64_t lengths[16];
    uint32_t part_buffers; /* what packing the parts in order, each at a multiple of 256, needs */
} arena_case;

static const arena_case cases[] = {
    /* 4000 + 28000 + 33536 bytes = the whole 64 KiB input; the third starts at 32256. */
    {"input fills a buffer, uneven", false, 1, {16384}, {0}, 3, {1000, 7000, 8384}, 2},
    /* A 1 KiB broadcast row, 8 outputs of 12 KiB: five fit in 64 KiB, then three. */
    {"broadcast, 8 x 12 KiB", false, 2, {96, 256}, {0, 1}, 8, {12, 12, 12, 12, 12, 12, 12, 12}, 2},
    /* 16 outputs of 6 KiB (past the push constants: per-record arguments): 10, then 6. */
    {"broadcast, 16 x 6 KiB", false, 2, {96, 256}, {0, 1}, 16, {6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6}, 2},
    /* Empty outputs take no room; 63 KiB then 4 KiB. */
    {"broadcast, empty outputs", false, 2, {67, 256}, {0, 1}, 4, {0, 63, 0, 4}, 2},
    /* Everything fits: one buffer, as before. */
    {"broadcast, fits", false, 2, {48, 256}, {0, 1}, 3, {16, 16, 16}, 1},
    /* The join's inputs, turned round: 4000 + 28000 + 33536 bytes into a 64 KiB output. */
    {"join: inputs fill a buffer, uneven", true, 1, {16384}, {0}, 3, {1000, 7000, 8384}, 2},
    /* Rows of 64 elements 256 apart: 12 rows span 11520 bytes; five fit in 64 KiB, then three. */
    {"join: padded rows, 8 x 11.25 KiB", true, 2, {96, 64}, {256, 1}, 8, {12, 12, 12, 12, 12, 12, 12, 12}, 2},
    /* 16 inputs of 5376 bytes (past the push constants: per-record arguments): 12, then 4. */
    {"join: padded rows, 16 inputs",
     true,
     2,
     {96, 64},
     {256, 1},
     16,
     {6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6},
     2},
    /* Empty inputs take no room; 63744 bytes, then 3328. */
    {"join: padded rows, empty inputs", true, 2, {67, 64}, {256, 1}, 4, {0, 63, 0, 4}, 2},
    /* Everything fits: one buffer for the inputs. */
    {"join: padded rows, fits", true, 2, {48, 64}, {256, 1}, 3, {16, 16, 16}, 1},
};

/* The case as a split: a join's parts are this split's outputs, laid out with its strides. */
static vksplit_split_desc case_split(const arena_case* c, const uint64_t* const* part_strides)
{
    bool strided = c->strides[0] || c->strides[1];
    vksplit_split_desc d;
    memset(&d, 0, sizeof d);
    d.element_size = 4;
    d.rank = c->rank;
    d.sizes = c->sizes;
    d.input_strides = strided && !c->join ? c->strides : NULL;
    d.axis = 0;
    d.output_count = c->count;
    d.lengths = c->lengths;
    d.output_strides = strided && c->join ? part_strides : NULL;
    return d;
}

static vksplit_join_desc case_join(const arena_case* c, const uint64_t* const* part_strides)
{
    vksplit_join_desc d;
    memset(&d, 0, sizeof d);
    d.element_size = 4;
    d.rank = c->rank;
    d.sizes = c->sizes;
    d.axis = 0;
    d.input_count = c->count;
    d.lengths = c->lengths;
    d.input_strides = c->strides[0] || c->strides[1] ? part_strides : NULL;
    return d;
}

/* The plan of the case, on the runner's context. */
static vksplit_plan* case_plan(vksplit_runner* runner, const arena_case* c)
{
    const uint64_t* part_strides[16];
    for (uint32_t i = 0; i < 16; i++)
        part_strides[i] = c->strides;
    vksplit_split_desc s = case_split(c, part_strides);
    vksplit_join_desc j = case_join(c, part_strides);
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_context* ctx = vksplit_runner_context(runner);
    CHECK_RESULT(VKSPLIT_OK,
                 c->join ? vksplit_plan_create_join(ctx, &j, NULL, &plan, &err)
                         : vksplit_plan_create(ctx, &s, NULL, &plan, &err),
                 &err);
    return plan;
}

/* Host memory as a run's streams: the whole tensor (a split's input, a join's output) through
 * a cursor, the parts each into or from parts[i]. */
typedef struct memory_io {
    unsigned char* whole;
    unsigned char* const* parts;
    uint64_t done[16];
} memory_io;

static vksplit_result read_whole(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    (void)error;
    memory_io* m = user;
    memcpy(dst, m->whole, bytes);
    m->whole += bytes;
    return VKSPLIT_OK;
}

static vksplit_result write_whole(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    (void)error;
    memory_io* m = user;
    memcpy(m->whole, src, bytes);
    m->whole += bytes;
    return VKSPLIT_OK;
}

static vksplit_result write_part(void* user, uint32_t part, const void* src, size_t bytes, vksplit_error* error)
{
    (void)error;
    memory_io* m = user;
    memcpy(m->parts[part] + m->done[part], src, bytes);
    m->done[part] += bytes;
    return VKSPLIT_OK;
}

static vksplit_result read_part(void* user, uint32_t part, void* dst, size_t bytes, vksplit_error* error)
{
    (void)error;
    memory_io* m = user;
    memcpy(dst, m->parts[part] + m->done[part], bytes);
    m->done[part] += bytes;
    return VKSPLIT_OK;
}

static void run_arena_case(vksplit_runner* runner, const arena_case* c, const char* memory)
{
    const uint64_t* part_strides[16];
    for (uint32_t i = 0; i < 16; i++)
        part_strides[i] = c->strides;
    vksplit_split_desc d = case_split(c, part_strides);
    /* The split's input is the join's output: random words either way. */
    uint64_t whole_bytes = ref_input_span_bytes(&d);
    uint32_t* whole = malloc(whole_bytes);
    unsigned char* result = malloc(whole_bytes); /* the join's output */
    for (uint64_t i = 0; i < whole_bytes / 4; i++)
        whole[i] = (uint32_t)(i * 2654435761u + 12345u);
    memset(result, 0xEE, whole_bytes);
    unsigned char* parts[16];
    void* expected[16];
    for (uint32_t i = 0; i < c->count; i++) {
        uint64_t bytes = ref_output_span_bytes(&d, i);
        parts[i] = bytes ? malloc(bytes) : NULL;
        expected[i] = bytes ? malloc(bytes) : NULL;
        if (bytes) {
            memset(parts[i], 0xEE, bytes); /* a join's inputs: what their strides skip stays 0xEE */
            memset(expected[i], 0xEE, bytes);
        }
    }
    ref_split(&d, whole, c->join ? (void* const*)parts : expected);
    vksplit_plan* plan = case_plan(runner, c);
    if (!plan)
        return;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    memory_io m = {c->join ? result : (unsigned char*)whole, parts, {0}};
    vksplit_runner_io io = {read_whole, write_part, &m};
    vksplit_runner_join_io join_io = {read_part, write_whole, &m};
    vksplit_error err;
    count_reset(); /* after the plan, which may make buffers of its own */
    CHECK_RESULT(VKSPLIT_OK,
                 c->join ? vksplit_runner_run_join_plan(runner, plan, &join_io, &err)
                         : vksplit_runner_run_plan(runner, plan, &io, &err),
                 &err);
    vksplit_plan_destroy(plan);
    uint32_t wanted = 1 + c->part_buffers + (info.argument_bytes ? 1 : 0); /* whole, arena, arguments */
    printf("%s (%s): %u buffers, the largest %llu bytes%s\n", c->name, memory, buffers_created,
           (unsigned long long)largest_buffer, info.argument_bytes ? ", per-record arguments" : "");
    CHECK_MSG(buffers_created == wanted, "%s (%s): %u buffers, expected %u (1 + %u for the %s%s)", c->name, memory,
              buffers_created, wanted, c->part_buffers, c->join ? "inputs" : "outputs",
              info.argument_bytes ? ", arguments" : "");
    CHECK_MSG(largest_buffer <= LIMIT, "%s (%s): a buffer of %llu bytes, above the %u-byte limit", c->name, memory,
              (unsigned long long)largest_buffer, LIMIT);
    CHECK_MSG(!c->join || memcmp(result, whole, whole_bytes) == 0, "%s (%s): the output differs", c->name, memory);
    for (uint32_t i = 0; i < c->count; i++) {
        uint64_t bytes = ref_output_span_bytes(&d, i);
        CHECK_MSG(c->join || bytes == 0 || memcmp(parts[i], expected[i], bytes) == 0, "%s (%s): output %u differs",
                  c->name, memory, i);
        free(parts[i]);
        free(expected[i]);
    }
    free(result);
    free(whole);
}

/* The io of a run that must be refused before it reads or writes anything. */
static uint32_t io_calls;

static vksplit_result read_nothing(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    (void)user, (void)dst, (void)bytes, (void)error;
    io_calls++;
    return VKSPLIT_OK;
}

static vksplit_result write_nothing(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    (void)user, (void)src, (void)bytes, (void)error;
    io_calls++;
    return VKSPLIT_OK;
}

static vksplit_result read_no_part(void* user, uint32_t part, void* dst, size_t bytes, vksplit_error* error)
{
    (void)part;
    return read_nothing(user, dst, bytes, error);
}

static vksplit_result write_no_part(void* user, uint32_t part, const void* src, size_t bytes, vksplit_error* error)
{
    (void)part;
    return write_nothing(user, src, bytes, error);
}

static void expect_refused_run(vksplit_runner* runner, const arena_case* c, vksplit_rule rule, const char* phrase)
{
    vksplit_plan* plan = case_plan(runner, c);
    if (!plan)
        return;
    vksplit_runner_io io = {read_nothing, write_no_part, NULL};
    vksplit_runner_join_io join_io = {read_no_part, write_nothing, NULL};
    vksplit_error err;
    io_calls = 0;
    count_reset();
    CHECK_RULE(rule,
               c->join ? vksplit_runner_run_join_plan(runner, plan, &join_io, &err)
                       : vksplit_runner_run_plan(runner, plan, &io, &err),
               &err);
    CHECK_MSG(strstr(err.message, phrase) != NULL, "%s: message '%s' lacks '%s'", c->name, err.message, phrase);
    CHECK_MSG(io_calls == 0 && buffers_created == 0, "%s: refused after %u io call(s) and %u buffer(s)", c->name,
              io_calls, buffers_created);
    vksplit_plan_destroy(plan);
}

/* A plan whose rows the GPU places, its whole (a join's output, a split's input) or its part
 * above the limit: refused by the rule of that tensor's role before any buffer or stream. */
static void expect_refused_rows(vksplit_runner* runner, int join, vksplit_rows_mode mode, uint64_t places,
                                uint64_t rows, vksplit_rule rule, const char* phrase)
{
    uint64_t sizes[2] = {places, 4};
    int64_t start = 0;
    vksplit_plan_options options = {0};
    options.rows =
        (vksplit_rows){.mode = mode, .index_bytes = 8, .host_indices = mode == VKSPLIT_ROWS_LINEAR ? &start : NULL};
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_result r = join ? vksplit_plan_create_join(vksplit_runner_context(runner),
                                                       &(vksplit_join_desc){.element_size = 4,
                                                                            .rank = 2,
                                                                            .sizes = sizes,
                                                                            .input_count = 1,
                                                                            .lengths = &rows},
                                                       &options, &plan, &err)
                            : vksplit_plan_create(vksplit_runner_context(runner),
                                                  &(vksplit_split_desc){.element_size = 4,
                                                                        .rank = 2,
                                                                        .sizes = sizes,
                                                                        .output_count = 1,
                                                                        .lengths = &rows},
                                                  &options, &plan, &err);
    CHECK_RESULT(VKSPLIT_OK, r, &err);
    if (r != VKSPLIT_OK)
        return;
    vksplit_runner_rows_io io = {read_nothing, read_nothing, write_nothing, NULL};
    io_calls = 0;
    count_reset();
    CHECK_RULE(rule, vksplit_runner_run_rows_plan(runner, plan, &io, &start, NULL, &err), &err);
    CHECK_MSG(strstr(err.message, phrase) != NULL, "rows: message '%s' lacks '%s'", err.message, phrase);
    CHECK_MSG(io_calls == 0 && buffers_created == 0, "rows: refused after %u io call(s) and %u buffer(s)", io_calls,
              buffers_created);
    vksplit_plan_destroy(plan);
}

static void small_device(vksplit_runner_memory memory, const char* label)
{
    vksplit_runner_desc desc = test_runner_desc(0);
    desc.get_instance_proc_addr = hooked_gipa;
    desc.max_buffer_bytes = LIMIT;
    desc.memory = memory;
    vksplit_runner* runner = test_runner_create_from(&desc);
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    CHECK_MSG(info.max_buffer_bytes == LIMIT && info.staging_bytes <= LIMIT, "max_buffer_bytes %llu, staging %llu",
              (unsigned long long)info.max_buffer_bytes, (unsigned long long)info.staging_bytes);
    const char* name = "vksplit_runner_desc.max_buffer_bytes";
    expect_refused_buffer(runner, LIMIT + 1, LIMIT, name);
    vksplit_runner_buffer b;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, LIMIT, &b, &err), &err);
    /* The staging buffer exists from here on, so the runs below count only their own. */
    uint32_t word = 7;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(runner, &b, LIMIT - 4, &word, 4, &err), &err);
    vksplit_runner_buffer_destroy(runner, &b);

    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        run_arena_case(runner, &cases[k], label);

    static const arena_case big_input = {"input above the limit", false, 1, {16400}, {0}, 2, {8200, 8200}, 0};
    expect_refused_run(runner, &big_input, VKSPLIT_RULE_RUNNER_INPUT_TOO_LARGE,
                       "the input spans 65600 bytes, more than one buffer holds on this device: 65536 bytes "
                       "(vksplit_runner_desc.max_buffer_bytes)");
    static const arena_case big_output = {"one output above the limit", false, 2, {96, 256}, {0, 1}, 2, {16, 80}, 0};
    expect_refused_run(runner, &big_output, VKSPLIT_RULE_RUNNER_OUTPUT_TOO_LARGE,
                       "output 1 spans 81920 bytes, more than one buffer holds on this device: 65536 bytes "
                       "(vksplit_runner_desc.max_buffer_bytes)");
    /* A join's: 80 rows 256 apart span 81152 bytes; a packed output of 65600 bytes. */
    static const arena_case big_join_input = {
        "join: one input above the limit", true, 2, {96, 64}, {256, 1}, 2, {16, 80}, 0};
    expect_refused_run(runner, &big_join_input, VKSPLIT_RULE_RUNNER_JOIN_INPUT_TOO_LARGE,
                       "input 1 spans 81152 bytes, more than one buffer holds on this device: 65536 bytes "
                       "(vksplit_runner_desc.max_buffer_bytes)");
    static const arena_case big_join_output = {
        "join: output above the limit", true, 1, {16400}, {0}, 2, {8200, 8200}, 0};
    expect_refused_run(runner, &big_join_output, VKSPLIT_RULE_RUNNER_JOIN_OUTPUT_TOO_LARGE,
                       "the output spans 65600 bytes, more than one buffer holds on this device: 65536 bytes "
                       "(vksplit_runner_desc.max_buffer_bytes)");
    /* Rows the GPU places, in place: 4100 rows of 16 bytes span 65600, a whole's places or (INDEXED,
     * its GPU's indices never read) a part's rows. */
    const vksplit_rows_mode linear = VKSPLIT_ROWS_LINEAR, indexed = VKSPLIT_ROWS_INDEXED;
    expect_refused_rows(runner, 1, linear, 4100, 1, VKSPLIT_RULE_RUNNER_JOIN_OUTPUT_TOO_LARGE,
                        "the output spans 65600 bytes");
    expect_refused_rows(runner, 0, linear, 4100, 2, VKSPLIT_RULE_RUNNER_INPUT_TOO_LARGE, "the input spans 65600 bytes");
    expect_refused_rows(runner, 1, indexed, 4, 4100, VKSPLIT_RULE_RUNNER_JOIN_INPUT_TOO_LARGE,
                        "input 0 spans 65600 bytes");
    expect_refused_rows(runner, 0, indexed, 4, 4100, VKSPLIT_RULE_RUNNER_OUTPUT_TOO_LARGE,
                        "output 0 spans 65600 bytes");
    CHECK_MSG(vksplit_runner_validation_message_count(runner) == 0, "%s: validation messages", label);
    vksplit_runner_destroy(runner);
}

int main(void)
{
    loader_gipa = test_vulkan_loader(); /* under hooked_gipa */
    device_limits();
    small_device(VKSPLIT_RUNNER_MEMORY_STAGING, "staged");
    small_device(VKSPLIT_RUNNER_MEMORY_AUTO, "mapped where the device allows");
    return test_finish(NULL);
}
