/* Every kernel's reads stay inside the input. A read past a tensor through a device address is
 * no error on a GPU until it leaves the allocation, and then it faults the device
 * (VK_ERROR_DEVICE_LOST in an engine); on lavapipe it reads whatever lies there, and an output
 * that a later pass rewrites shows nothing. So the input here lies in host memory the test maps
 * itself and imports (VK_EXT_external_memory_host) between two inaccessible pages: once ending
 * where the upper page begins (within the 16 bytes its binding offset must keep), once
 * starting where the lower page ends. A load past either end faults the process, and the
 * handler names the case. Every output is compared byte for byte with the CPU reference.
 *
 * The kernels, on device addresses: BY_SHAPE (TILES, realigned TILES, TRANSPOSE16, TRANSPOSE,
 * DEINTERLEAVE) at workgroups of 256 (a GPU's default), 512, 1024, 32 and 7, and RUNS and
 * TILES forced; DEINTERLEAVE at input rows of 8, 12 and 16 bytes over row
 * counts one past a multiple of its tiles' rows; random splits of every layout. First the
 * guard itself is tested: a child process reads 64 bytes past an input placed at the upper
 * page and must die by that fault. Under VKSPLIT_TEST_JOIN=1 (core_join_input_bounds) every
 * case runs as its join, every input of the join against a guard page of its own, the guard's
 * self-test too. POSIX only (mmap, fork). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_vulkan.h"

#include "core_support.h"
#include "host_buffer.h"
#include "own_device.h"
#include "reference.h"
#include "submit.h"
#include "test_harness.h"

/* The handler's exit status: a load left the input. */
#define READ_PAST_INPUT 99

static const char* volatile current_case = "setting up";

static void on_fault(int sig)
{
    (void)sig;
    static const char head[] = "FAIL: a load left the input (SIGSEGV at a guard page) in case: ";
    ssize_t ignored = write(2, head, sizeof head - 1);
    ignored = write(2, current_case, strlen(current_case));
    ignored = write(2, "\n", 1);
    (void)ignored;
    _exit(READ_PAST_INPUT);
}

/* ---- the guarded input --------------------------------------------------------------------- */

typedef struct guarded {
    uint8_t* mapping; /* guard page, data, guard page */
    size_t mapping_bytes;
    uint8_t* data;
    size_t data_bytes; /* a multiple of the page */
    VkBuffer buffer;
    VkDeviceMemory memory;
} guarded;

static size_t page_bytes(const own_device* d)
{
    VkPhysicalDeviceExternalMemoryHostPropertiesEXT host = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
    VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &host};
    vkGetPhysicalDeviceProperties2(d->gpu, &props);
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    while (page < host.minImportedHostPointerAlignment)
        page *= 2;
    return page;
}

/* `bytes` of data between two inaccessible pages, imported as a buffer with a device address. */
static int guarded_create(const own_device* d, uint64_t bytes, guarded* g)
{
    memset(g, 0, sizeof *g);
    size_t page = page_bytes(d);
    g->data_bytes = (size_t)((bytes + page - 1) / page * page);
    if (!g->data_bytes)
        g->data_bytes = page;
    g->mapping_bytes = g->data_bytes + 2 * page;
    void* at = mmap(NULL, g->mapping_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (at == MAP_FAILED)
        return 0;
    g->mapping = at;
    g->data = g->mapping + page;
    if (mprotect(g->mapping, page, PROT_NONE) || mprotect(g->data + g->data_bytes, page, PROT_NONE))
        return 0;
    const VkExternalMemoryHandleTypeFlagBits host = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
    VkMemoryHostPointerPropertiesEXT pointer = {.sType = VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
    if (vkGetMemoryHostPointerPropertiesEXT(d->device, host, g->data, &pointer) != VK_SUCCESS)
        return 0;
    VkExternalMemoryBufferCreateInfo external = {.sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO};
    external.handleTypes = host;
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .pNext = &external};
    info.size = g->data_bytes;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    if (vkCreateBuffer(d->device, &info, NULL, &g->buffer) != VK_SUCCESS) {
        g->buffer = VK_NULL_HANDLE;
        return 0;
    }
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(d->device, g->buffer, &req);
    uint32_t bits = req.memoryTypeBits & pointer.memoryTypeBits, type = 0;
    while (type < 32 && !(bits & (1u << type)))
        type++;
    VkImportMemoryHostPointerInfoEXT import = {.sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT};
    import.handleType = host;
    import.pHostPointer = g->data;
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO, .pNext = &import};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .pNext = &flags};
    alloc.allocationSize = g->data_bytes;
    alloc.memoryTypeIndex = type;
    if (type == 32 || vkAllocateMemory(d->device, &alloc, NULL, &g->memory) != VK_SUCCESS) {
        g->memory = VK_NULL_HANDLE;
        return 0;
    }
    return vkBindBufferMemory(d->device, g->buffer, g->memory, 0) == VK_SUCCESS;
}

static void guarded_destroy(const own_device* d, guarded* g)
{
    if (g->buffer)
        vkDestroyBuffer(d->device, g->buffer, NULL);
    if (g->memory)
        vkFreeMemory(d->device, g->memory, NULL);
    if (g->mapping)
        munmap(g->mapping, g->mapping_bytes);
    memset(g, 0, sizeof *g);
}

/* ---- one case -------------------------------------------------------------------------------- */

typedef enum placement { AT_UPPER_GUARD, AT_LOWER_GUARD } placement;

/* Records the plan (a split's or a join's: the whole is the split's input or the join's output,
 * the parts the other side) into a command buffer of its own, submits it and waits. */
static void record_and_wait(const own_device* d, const vksplit_plan* plan, const vksplit_bindings* bindings)
{
    vksplit_error err;
    VkCommandBuffer cmd = core_cmd_begin(d->device, d->pool, 1);
    CHECK(cmd != VK_NULL_HANDLE);
    CHECK_RESULT(VKSPLIT_OK, vksplit_cmd_record(plan, cmd, bindings, &err), &err);
    CHECK(core_cmd_end_for_host(cmd));
    CHECK(core_submit_wait(d->device, d->queues[0], cmd, VK_NULL_HANDLE));
    vkFreeCommandBuffers(d->device, d->pool, 1, &cmd);
}

/* Plans the case on ctx (compute path), places its input against a guard page, runs it and
 * compares every output. `overrun`: the guard's self-test, the input placed `overrun` bytes
 * short of the span the split reads. */
static void run_split_case(const own_device* d, vksplit_context* ctx, const vksplit_split_desc* desc, placement where,
                           uint64_t overrun, const char* label)
{
    current_case = label;
    vksplit_plan_options options = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_plan_info info;
    vksplit_plan* plan = test_plan_create(ctx, desc, NULL, &options, &info);
    if (!plan)
        return;
    vksplit_error err;
    uint64_t span = ref_input_span_bytes(desc), out_bytes = 0;
    uint32_t n = desc->output_count;
    uint64_t* offsets = core_calloc(n, sizeof *offsets);
    for (uint32_t i = 0; i < n; i++) {
        offsets[i] = out_bytes;
        out_bytes = (out_bytes + ref_output_span_bytes(desc, i) + 255) & ~(uint64_t)255;
    }
    guarded in;
    core_host_buffer out, args;
    memset(&out, 0, sizeof out);
    memset(&args, 0, sizeof args);
    uint64_t reach = (span + 15) & ~(uint64_t)15; /* the input's end within its 16-byte alignment */
    int ok = guarded_create(d, reach, &in) && core_host_buffer_create(d->device, &d->memory, 1, out_bytes, &out) &&
             (!info.argument_bytes || core_host_buffer_create(d->device, &d->memory, 1, info.argument_bytes, &args));
    CHECK_MSG(ok, "%s: buffers (imported host memory)", label);
    uint64_t at = where == AT_UPPER_GUARD ? in.data_bytes - reach + overrun : 0;
    if (ok) {
        for (uint64_t b = 0; b < span - overrun; b++)
            in.data[at + b] = (uint8_t)(b * 131 + 7);
        memset(out.mapped, 0xEE, out_bytes);
        vksplit_binding input = {in.buffer, at};
        vksplit_binding* outputs = core_calloc(n, sizeof *outputs);
        for (uint32_t i = 0; i < n; i++)
            outputs[i] = (vksplit_binding){out.buffer, offsets[i]};
        vksplit_bindings b = {.whole = input, .parts = outputs, .arguments = {args.buffer, 0, 1}};
        if (info.argument_bytes)
            CHECK_RESULT(VKSPLIT_OK, vksplit_write_arguments(plan, &b, args.mapped, &err), &err);
        record_and_wait(d, plan, &b);
        for (uint32_t i = 0; i < n; i++) {
            uint64_t first_bad = 0;
            uint64_t differ = ref_compare_output(desc, i, in.data + at, out.mapped + offsets[i], &first_bad);
            CHECK_MSG(differ == 0, "%s (%s): output %u: %llu elements differ, the first at byte %llu", label,
                      info.summary, i, (unsigned long long)differ, (unsigned long long)first_bad);
        }
        free(outputs);
        if (core_verbose())
            printf("%-60s %s\n", label, info.summary);
    }
    core_host_buffer_destroy(d->device, &args);
    core_host_buffer_destroy(d->device, &out);
    guarded_destroy(d, &in);
    free(offsets);
    vksplit_plan_destroy(plan);
}

/* The case's join (VKSPLIT_TEST_JOIN=1): every one of its inputs, the split's outputs, in a
 * guarded mapping of its own (at the upper guard, or the lower, by turns from `where`), the
 * output in plain host memory. `overrun`: input 0 placed that many bytes short. */
static void run_join_case(const own_device* d, vksplit_context* ctx, const vksplit_split_desc* desc, placement where,
                          uint64_t overrun, const char* label)
{
    current_case = label;
    vksplit_join_desc join = core_join_of_split(desc);
    vksplit_plan_options options = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_plan_info info;
    vksplit_plan* plan = test_plan_create(ctx, NULL, &join, &options, &info);
    if (!plan)
        return;
    vksplit_error err;
    uint32_t n = desc->output_count;
    uint64_t whole_span = ref_input_span_bytes(desc);
    guarded* parts = core_calloc(n, sizeof *parts);
    vksplit_binding* inputs = core_calloc(n, sizeof *inputs);
    core_host_buffer out, args;
    memset(&out, 0, sizeof out);
    memset(&args, 0, sizeof args);
    int ok = core_host_buffer_create(d->device, &d->memory, 1, whole_span ? whole_span : 16, &out) &&
             (!info.argument_bytes || core_host_buffer_create(d->device, &d->memory, 1, info.argument_bytes, &args));
    for (uint32_t i = 0; ok && i < n; i++) {
        uint64_t span = ref_output_span_bytes(desc, i), shorten = i == 0 ? overrun : 0;
        if (!span)
            continue; /* an empty input: VK_NULL_HANDLE */
        uint64_t reach = (span + 15) & ~(uint64_t)15;
        ok = guarded_create(d, reach, &parts[i]);
        int upper = (where == AT_UPPER_GUARD) == (i % 2 == 0);
        uint64_t at = upper ? parts[i].data_bytes - reach + shorten : 0;
        for (uint64_t b = 0; ok && b < span - shorten; b++)
            parts[i].data[at + b] = (uint8_t)(b * 131 + 7 + i);
        inputs[i] = (vksplit_binding){parts[i].buffer, at};
    }
    CHECK_MSG(ok, "%s: buffers (imported host memory)", label);
    if (ok) {
        memset(out.mapped, 0xEE, whole_span);
        vksplit_binding output = {out.buffer, 0};
        vksplit_bindings b = {.whole = output, .parts = inputs, .arguments = {args.buffer, 0, 1}};
        if (info.argument_bytes)
            CHECK_RESULT(VKSPLIT_OK, vksplit_write_arguments(plan, &b, args.mapped, &err), &err);
        record_and_wait(d, plan, &b);
        for (uint32_t i = 0; i < n; i++) {
            if (!parts[i].buffer)
                continue;
            uint64_t first_bad = 0;
            uint64_t differ = ref_compare_output(desc, i, out.mapped, parts[i].data + inputs[i].offset, &first_bad);
            CHECK_MSG(differ == 0, "%s (%s): input %u: %llu elements differ, the first at its byte %llu", label,
                      info.summary, i, (unsigned long long)differ, (unsigned long long)first_bad);
        }
        if (core_verbose())
            printf("%-60s %s\n", label, info.summary);
    }
    for (uint32_t i = 0; i < n; i++)
        guarded_destroy(d, &parts[i]);
    core_host_buffer_destroy(d->device, &args);
    core_host_buffer_destroy(d->device, &out);
    free(parts);
    free(inputs);
    vksplit_plan_destroy(plan);
}

/* The split, or (VKSPLIT_TEST_JOIN=1, core_join_input_bounds) its join. */
static void run_case(const own_device* d, vksplit_context* ctx, const vksplit_split_desc* desc, placement where,
                     uint64_t overrun, const char* label)
{
    if (core_join_all())
        run_join_case(d, ctx, desc, where, overrun, label);
    else
        run_split_case(d, ctx, desc, where, overrun, label);
}

/* ---- the cases ------------------------------------------------------------------------------- */

typedef struct tuning {
    const char* name;
    vksplit_mapping mapping;
    uint32_t workgroup_size, min_workgroups;
} tuning;

static const tuning tunings[] = {
    {"GPU default (BY_SHAPE, workgroups of 256)", VKSPLIT_MAPPING_BY_SHAPE, 0, 0},
    {"BY_SHAPE, workgroups of 512", VKSPLIT_MAPPING_BY_SHAPE, 512, 0},
    {"BY_SHAPE, workgroups of 1024", VKSPLIT_MAPPING_BY_SHAPE, 1024, 0},
    {"BY_SHAPE, workgroups of 32, one at least", VKSPLIT_MAPPING_BY_SHAPE, 32, 1},
    {"DEINTERLEAVE forced, workgroups of 7", VKSPLIT_MAPPING_DEINTERLEAVE, 7, 1},
    {"TILES forced", VKSPLIT_MAPPING_TILES, 0, 1},
    {"RUNS forced", VKSPLIT_MAPPING_RUNS, 0, 0},
};

static void run_packed(const own_device* d, vksplit_context* ctx, const tuning* t, uint32_t element, uint32_t rank,
                       const uint64_t* sizes, uint32_t axis, uint32_t outputs, const uint64_t* lengths, placement where)
{
    char label[256];
    int n = snprintf(label, sizeof label, "%s: %u-byte [", t->name, element);
    for (uint32_t k = 0; k < rank; k++)
        n += snprintf(label + n, sizeof label - (size_t)n, k ? ",%llu" : "%llu", (unsigned long long)sizes[k]);
    snprintf(label + n, sizeof label - (size_t)n, "] axis %u into %u, input at the %s guard", axis, outputs,
             where == AT_UPPER_GUARD ? "upper" : "lower");
    vksplit_split_desc desc = core_packed_desc(element, rank, sizes, axis, outputs, lengths);
    run_case(d, ctx, &desc, where, 0, label);
}

/* DEINTERLEAVE's rows of 8, 12 and 16 bytes (int32 [N, 2|3|4] into its columns; int16
 * [N, 4] into pairs) over row counts one past a multiple of every tile height its tunings
 * take (56, 168, 256, 1364, 2048 rows and their neighbours), and small ones. */
static void deinterleave_cases(const own_device* d, vksplit_context* ctx, const tuning* t)
{
    static const uint64_t rows[] = {1, 2, 3, 5, 9, 57, 113, 169, 170, 257, 513, 1365, 1366, 2049, 2050, 4097};
    static const uint64_t ones[4] = {1, 1, 1, 1}, twos[2] = {2, 2};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        placement where = r % 2 ? AT_LOWER_GUARD : AT_UPPER_GUARD;
        for (uint32_t columns = 2; columns <= 4; columns++) {
            uint64_t sizes[2] = {rows[r], columns};
            run_packed(d, ctx, t, 4, 2, sizes, 1, columns, ones, AT_UPPER_GUARD);
        }
        uint64_t pairs[2] = {rows[r], 4};
        run_packed(d, ctx, t, 2, 2, pairs, 1, 2, twos, where);
    }
}

/* Rows for TILES and its realigned kernel, a transposed input for TRANSPOSE16 and TRANSPOSE,
 * 1-D splits (inline segments). */
static void directed_cases(const own_device* d, vksplit_context* ctx, const tuning* t)
{
    for (int k = 0; k < 2; k++) {
        placement where = k ? AT_LOWER_GUARD : AT_UPPER_GUARD;
        const uint64_t rows3[3] = {7, 9, 5}, thirds[3] = {3, 3, 3}, halves[2] = {300, 723};
        run_packed(d, ctx, t, 4, 3, rows3, 1, 3, thirds, where); /* short rows */
        const uint64_t long_rows[3] = {5, 6, 77};
        const uint64_t parts[2] = {2, 4};
        run_packed(d, ctx, t, 4, 3, long_rows, 1, 2, parts, where); /* rows of 308+ bytes */
        const uint64_t one_d[1] = {1023};
        run_packed(d, ctx, t, 4, 1, one_d, 0, 2, halves, where); /* 1-D, inline segments */
        const uint64_t bytes[2] = {37, 5};
        const uint64_t cut[2] = {2, 3};
        run_packed(d, ctx, t, 1, 2, bytes, 1, 2, cut, where); /* 1-byte words */
        /* A column-major float32 [96, 72] split along axis 0: a transposing split. */
        const uint64_t sizes[2] = {96, 72}, strides[2] = {1, 96}, lengths[2] = {40, 56};
        vksplit_split_desc desc = core_packed_desc(4, 2, sizes, 0, 2, lengths);
        desc.input_strides = strides;
        char label[160];
        snprintf(label, sizeof label, "%s: 4-byte column-major [96,72] axis 0 into 2, input at the %s guard", t->name,
                 k ? "lower" : "upper");
        run_case(d, ctx, &desc, where, 0, label);
        desc.element_size = 2;
        snprintf(label, sizeof label, "%s: 2-byte column-major [96,72] axis 0 into 2, input at the %s guard", t->name,
                 k ? "lower" : "upper");
        run_case(d, ctx, &desc, where, 0, label);
    }
}

/* Random splits of every layout (strided, permuted, broadcast, overlapping inputs). */
static void random_cases(const own_device* d, vksplit_context* ctx, const tuning* t, core_rng* rng, unsigned count)
{
    core_gen_params params;
    memset(&params, 0, sizeof params);
    params.max_elements = 6000;
    for (unsigned i = 0; i < count; i++) {
        core_case c;
        core_case_random(&c, rng, &params);
        if (core_join_all())
            core_case_make_joinable(&c, rng, 15);
        char label[160];
        snprintf(label, sizeof label, "%s: random case %u (%s input, %s outputs), input at the %s guard", t->name, i,
                 c.input_layout, c.output_layout, i % 2 ? "lower" : "upper");
        run_case(d, ctx, &c.desc, i % 2 ? AT_LOWER_GUARD : AT_UPPER_GUARD, 0, label);
        core_case_free(&c);
    }
}

/* The guard's self-test, in a child process that starts afresh (fork before any Vulkan
 * object): an input placed 64 bytes short of the span its split reads must die by the fault. */
static void guard_self_test(const char* self)
{
    fprintf(stderr,
            "--- the guard's self-test: a child reads 64 bytes past its input; the FAIL below is expected ---\n");
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        execl(self, self, "overrun", (char*)NULL);
        _exit(127);
    }
    int status = 0;
    CHECK_MSG(child > 0 && waitpid(child, &status, 0) == child, "the self-test's child did not run");
    CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == READ_PAST_INPUT,
              "a split reading 64 bytes past its input was not caught by the guard page (child status 0x%x)", status);
    fprintf(stderr, "--- end of the expected FAIL ---\n");
}

int main(int argc, char** argv)
{
    struct sigaction fault;
    memset(&fault, 0, sizeof fault);
    fault.sa_handler = on_fault;
    sigaction(SIGSEGV, &fault, NULL);
    sigaction(SIGBUS, &fault, NULL);
    int overrun = argc > 1 && strcmp(argv[1], "overrun") == 0;
    if (!overrun)
        guard_self_test(argv[0]);

    vksplit_runner* runner = test_runner_create();
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    test_vulkan_load(runner);
    const char* extension = VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME;
    if (!own_device_has_extension(info.physical_device, extension) ||
        !(info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)) {
        printf("SKIP: the device lacks %s or buffer device addresses (the guard needs both)\n", extension);
        vksplit_runner_destroy(runner);
        return TEST_SKIPPED;
    }
    own_device d;
    int ok = own_device_create(&info, 1, &extension, 1, &d);
    CHECK_MSG(ok, "the test's own device could not be made");
    if (ok && !vkGetMemoryHostPointerPropertiesEXT)
        volkLoadDevice(d.device);
    core_rng rng;
    core_rng_seed(&rng, core_seed(0x1B0D5));
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(info.physical_device, &props);
    uint32_t most_invocations = props.limits.maxComputeWorkGroupSize[0] < props.limits.maxComputeWorkGroupInvocations
                                    ? props.limits.maxComputeWorkGroupSize[0]
                                    : props.limits.maxComputeWorkGroupInvocations;
    for (size_t k = 0; ok && k < (overrun ? 1 : sizeof tunings / sizeof tunings[0]); k++) {
        const tuning* t = &tunings[k];
        if (t->workgroup_size > most_invocations) { /* a minimum device's workgroups stop at 128 */
            printf("%-45s skipped: this device's workgroups stop at %u (TUNING_WORKGROUP_SIZE, core_push_constants)\n",
                   t->name, most_invocations);
            continue;
        }
        vksplit_tuning knobs;
        memset(&knobs, 0, sizeof knobs);
        knobs.mapping = t->mapping;
        knobs.workgroup_size = t->workgroup_size;
        knobs.min_workgroups = t->min_workgroups;
        vksplit_context* ctx = own_device_context(&d, &info, &knobs);
        CHECK_MSG(ctx != NULL, "%s: no context", t->name);
        if (!ctx)
            continue;
        if (overrun) {
            const uint64_t sizes[2] = {1024, 4}, lengths[2] = {2, 2};
            vksplit_split_desc desc = core_packed_desc(4, 2, sizes, 1, 2, lengths);
            run_case(&d, ctx, &desc, AT_UPPER_GUARD, 64, "the guard's self-test (this FAIL is expected)");
        } else {
            double t0 = core_now();
            deinterleave_cases(&d, ctx, t);
            directed_cases(&d, ctx, t);
            random_cases(&d, ctx, t, &rng, core_scaled(24));
            printf("%-45s %.2f s\n", t->name, core_now() - t0);
        }
        current_case = "between cases";
        vksplit_context_destroy(ctx);
    }
    own_device_destroy(&d);
    if (overrun) {
        fprintf(stderr, "the self-test's split ran without touching the guard page\n");
        vksplit_runner_destroy(runner);
        return 1;
    }
    return test_finish(runner);
}
