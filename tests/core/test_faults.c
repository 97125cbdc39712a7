/* Fault injection: every fallible Vulkan call (each wrapped function that returns VkResult,
 * through vksplit_context_desc.get_device_proc_addr / get_instance_proc_addr and
 * vksplit_runner_desc.get_device_proc_addr) and every host allocation vksplit makes through
 * the VkAllocationCallbacks is failed in turn, first, second, ... until the operation
 * succeeds (vk_count.h). Calls fail with each error the specification lists for them (out of
 * host / device memory, DEVICE_LOST for submits and waits, MEMORY_MAP_FAILED, ...) in turn.
 * Phases: runner creation, the feature query, context creation (device addresses, push
 * descriptors), plan creation (compute, transfer, descriptor fallback, > 10 outputs,
 * non-coherent table memory, a context's first plan: the table pool's first block), recording (vksplit_cmd_record, vksplit_write_arguments: nothing
 * fallible in them, asserted), and the runner's buffers, uploads, downloads, submit, run_plan
 * and one-shot split, staged and mapped.
 *
 * For every injected failure:
 *   - a clean result: the code the failure calls for (OUT_OF_MEMORY for an out-of-memory
 *     result or a failed allocation, DEVICE_LOST, else VULKAN), error.code equal to it, a
 *     message that names the call that failed;
 *   - out parameters NULL (or a zeroed buffer), nothing recorded;
 *   - no host allocation left behind (the callbacks' live count returns to where it was, and
 *     to zero at the end; LeakSanitizer covers malloc in the ASan build);
 *   - what the call was made on still works: a real split on the same runner or context, or
 *     with the plan made again, compared byte for byte with the CPU reference;
 *   - a failure the operation ignored (it reported success) is an error, except for the
 *     calls whose failure is harmless by design (tolerated_call below: a reset, a wait, a name).
 * Zero validation messages over the whole run, failed creations included.
 *
 * The allocations the Vulkan implementation makes through the same callbacks (loader,
 * layers, lavapipe) are failed too where it survives that: the feature query, plan creation
 * and runner buffers. Elsewhere third-party code crashes on its own failed allocation
 * (lavapipe 22.3 in vkCreatePipelineLayout and while recording vkCmdPipelineBarrier, the
 * Khronos layer in vkGetPhysicalDeviceQueueFamilyProperties, Mesa's device-select layer in
 * vkEnumeratePhysicalDevices): VKSPLIT_FAULT_DRIVER=all (or part of a phase's name) fails
 * them there too, to see it. */
#define _POSIX_C_SOURCE 200112L /* setenv */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test_vulkan.h"

#include "core_support.h"
#include "memory_io.h"
#include "reference.h"
#include "test_harness.h"
#include "vk_count.h"

/* Safety net: a sweep that never ends is a failure, not a hang. */
#define SWEEP_LIMIT 20000u

static uint32_t validation_messages;
/* While the implementation's own allocations are failed, the layer reports each error the
 * driver returns (a message that is only the VkResult's name) and the loader its own
 * out-of-memory paths ("loader_init_generic_list: Failed to allocate ..."): expected then.
 * Messages naming a valid-usage rule (VUID-...) or a hazard never are. */
static int driver_faults_active;
static uint32_t reported_driver_errors;

/* Every runner here logs through this: the layer's messages arrive at LOG_ERROR. */
static void fault_log(void* user, vksplit_log_level level, const char* message)
{
    (void)user;
    if (level != VKSPLIT_LOG_ERROR)
        return;
    int rule = strstr(message, "VUID") || strstr(message, "SYNC-") || strstr(message, "UNASSIGNED");
    if (driver_faults_active && !rule &&
        ((strncmp(message, "VK_ERROR_", 9) == 0 && !strchr(message, ' ')) || strncmp(message, "loader_", 7) == 0)) {
        reported_driver_errors++;
        return;
    }
    validation_messages++;
    fprintf(stderr, "[validation] %s\n", message);
}

static const char* vk_result_text(VkResult r)
{
    switch (r) {
    case VK_SUCCESS: return "VK_SUCCESS";
    case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
    case VK_ERROR_MEMORY_MAP_FAILED: return "VK_ERROR_MEMORY_MAP_FAILED";
    case VK_ERROR_INVALID_EXTERNAL_HANDLE: return "VK_ERROR_INVALID_EXTERNAL_HANDLE";
    case VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS: return "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS";
    case VK_ERROR_INVALID_SHADER_NV: return "VK_ERROR_INVALID_SHADER_NV";
    case VK_ERROR_LAYER_NOT_PRESENT: return "VK_ERROR_LAYER_NOT_PRESENT";
    default: return "VkResult";
    }
}

/* The vksplit code a failed call must turn into. */
static vksplit_result expected_code(vkc_fault_target target, VkResult injected)
{
    if (target != VKC_FAULT_CALLS || injected == VK_ERROR_OUT_OF_HOST_MEMORY ||
        injected == VK_ERROR_OUT_OF_DEVICE_MEMORY)
        return VKSPLIT_ERROR_OUT_OF_MEMORY;
    return injected == VK_ERROR_DEVICE_LOST ? VKSPLIT_ERROR_DEVICE_LOST : VKSPLIT_ERROR_VULKAN;
}

/* Calls whose failure may be ignored: vkResetCommandBuffer (the runner's next
 * vkBeginCommandBuffer resets implicitly: its pool has RESET_COMMAND_BUFFER_BIT) and
 * vkDeviceWaitIdle (before destruction, and after a failed wait already being reported). */
static int tolerated_call(const char* site)
{
    return strcmp(site, "vkResetCommandBuffer") == 0 || strcmp(site, "vkDeviceWaitIdle") == 0 ||
           strcmp(site, "vkSetDebugUtilsObjectNameEXT") == 0; /* a capture without a name */
}

/* The runner whose queue flushes the driver's deferred work before allocations are counted
 * (NULL while runners themselves are under test). */
static vksplit_runner* quiet_runner;

static vksplit_result record_nothing(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    (void)user;
    (void)cmd;
    (void)error;
    return VKSPLIT_OK;
}

/* lavapipe frees a destroyed pipeline on its queue thread at the next submission, not in
 * vkDestroyPipeline: two empty submits (the thread runs them in order) let the count settle
 * before it is compared. */
static void quiesce(void)
{
    vksplit_error err;
    for (int i = 0; quiet_runner && i < 2; i++)
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(quiet_runner, record_nothing, NULL, &err), &err);
}

static void pause_briefly(void)
{
    struct timespec pause = {0, 200000};
    nanosleep(&pause, NULL);
}

/* The live allocation count, settled: lavapipe's queue thread frees a finished submission
 * just after it signals the fence, so the count may still move after a wait. */
static uint64_t settled_live(void)
{
    quiesce();
    uint64_t last = vkc_live_host_allocations();
    double until = core_now() + 0.5;
    for (int same = 0; same < 5 && core_now() < until;) {
        pause_briefly();
        uint64_t now = vkc_live_host_allocations();
        same = now == last ? same + 1 : 0;
        last = now;
    }
    return last;
}

/* The live count after an attempt, given up to 2 s (a loaded machine delays the queue
 * thread) to come back to `expected` or below: a leak never does. Below is not a leak: a
 * baseline taken while a finished submission was still allocated. */
static uint64_t live_after(uint64_t expected)
{
    quiesce();
    double until = core_now() + 2.0;
    uint64_t live = vkc_live_host_allocations();
    while (live > expected && core_now() < until) {
        pause_briefly();
        live = vkc_live_host_allocations();
    }
    return live;
}

/* ---- one operation under injection ---------------------------------------------------------- */

typedef struct fault_op {
    const char* name;
    /* One attempt. */
    vksplit_result (*run)(void* self, vksplit_error* error);
    /* After it: checks what a failure left (out parameters) and releases what a success made. */
    void (*settle)(void* self, vksplit_result result, const char* label);
    /* Then, once the live allocations are counted: checks that what it ran on still works
     * (may be NULL; may create lasting state, such as the runner's staging buffer). */
    void (*still_works)(void* self, vksplit_result result, const char* label);
    void* self;
} fault_op;

/* A creation's settle, first: a failure must leave *out NULL (the run sets it to 0xBAD before
 * the call). Returns whether the creation succeeded, the object then the caller's to check
 * and release. */
static int settle_created(vksplit_result r, const void* out, const char* label)
{
    if (r == VKSPLIT_OK)
        return 1;
    CHECK_MSG(out == NULL, "%s: *out is %p after a failure", label, out);
    return 0;
}

/* The rules failures were reported by, over the whole run: fault injection is where the rules
 * of failed host allocations and Vulkan calls are held (tests/README.md). */
#define RULES_SEEN_CAPACITY 1024
static unsigned char rules_seen[RULES_SEEN_CAPACITY];

typedef struct phase_stats {
    uint64_t calls;              /* fault points: fallible calls failed */
    uint64_t allocations;        /* fault points: vksplit's host allocations failed */
    uint64_t driver_allocations; /* fault points: the implementation's allocations failed */
    uint64_t harmless_calls;     /* failed calls the operation rightly ignored (tolerated_call) */
    uint64_t survived;           /* driver allocations failed, yet the operation succeeded */
    double seconds;
} phase_stats;

static const char* target_name(vkc_fault_target t)
{
    return t == VKC_FAULT_CALLS ? "call" : t == VKC_FAULT_ALLOCATIONS ? "vksplit allocation" : "driver allocation";
}

/* Fails event 1, 2, ... of `target` during op until an attempt runs without reaching it. */
static uint64_t sweep(const fault_op* op, vkc_fault_target target, unsigned variant, phase_stats* stats)
{
    for (uint64_t n = 1; n <= SWEEP_LIMIT; n++) {
        vksplit_error err;
        memset(&err, 0, sizeof err);
        err.code = (vksplit_result)12345;
        uint64_t live = settled_live();
        uint32_t messages = validation_messages;
        if (core_verbose()) {
            printf("  attempt: %s, %s %llu, variant %u, %llu live allocations\n", op->name, target_name(target),
                   (unsigned long long)n, variant, (unsigned long long)live);
            fflush(stdout);
        }
        vkc_fault_arm(target, n, variant);
        vksplit_result r = op->run(op->self, &err);
        vkc_fault_disarm();
        int fired = vkc_fault_fired();
        VkResult injected = vkc_fault_result();
        char label[256];
        snprintf(label, sizeof label, "%s: %s %llu (%s -> %s, variant %u)", op->name, target_name(target),
                 (unsigned long long)n, fired ? vkc_fault_site() : "not reached", vk_result_text(injected), variant);
        if (!fired) {
            CHECK_MSG(r == VKSPLIT_OK, "%s: without a fault: %s: %s", label, vksplit_result_name(r), err.message);
            op->settle(op->self, r, label);
            if (op->still_works)
                op->still_works(op->self, r, label);
            return n - 1;
        }
        if (r == VKSPLIT_OK) {
            if (target == VKC_FAULT_DRIVER_ALLOCATIONS)
                stats->survived++; /* the driver coped (a cache, a fallback) */
            else if (target == VKC_FAULT_CALLS && tolerated_call(vkc_fault_site()))
                stats->harmless_calls++;
            else
                CHECK_MSG(0, "%s: the failure was ignored: the operation reported success", label);
        } else {
            vksplit_result want = expected_code(target, injected);
            /* A failed allocation inside the driver may surface as another Vulkan error. */
            int acceptable = r == want || (target == VKC_FAULT_DRIVER_ALLOCATIONS && r == VKSPLIT_ERROR_VULKAN);
            CHECK_MSG(acceptable, "%s: returned %s (%s), expected %s", label, vksplit_result_name(r), err.message,
                      vksplit_result_name(want));
            CHECK_MSG(err.code == r, "%s: error.code %d, returned %d", label, (int)err.code, (int)r);
            CHECK_MSG(err.rule != VKSPLIT_RULE_NONE && vksplit_rule_result(err.rule) == r, "%s: rule %s fails with %s",
                      label, vksplit_rule_name(err.rule), vksplit_result_name(vksplit_rule_result(err.rule)));
            if ((unsigned)err.rule < RULES_SEEN_CAPACITY)
                rules_seen[err.rule] = 1;
            CHECK_MSG(err.message[0] != '\0' && strlen(err.message) < sizeof err.message, "%s: empty message", label);
            /* Errors are data: the message names the call that failed. */
            if (target == VKC_FAULT_CALLS)
                CHECK_MSG(strstr(err.message, vkc_fault_site()) != NULL, "%s: message \"%s\" does not name it", label,
                          err.message);
            if (core_verbose())
                printf("  %s: %s: %s\n", label, vksplit_result_name(r), err.message);
        }
        op->settle(op->self, r, label);
        /* A command buffer whose reset was failed keeps its commands' memory until the next
         * vkBeginCommandBuffer resets it: not a leak. */
        if (!(target == VKC_FAULT_CALLS && tolerated_call(vkc_fault_site()))) {
            uint64_t now = live_after(live);
            CHECK_MSG(now <= live, "%s: %lld host allocation(s) left behind", label, (long long)(now - live));
        }
        if (op->still_works)
            op->still_works(op->self, r, label);
        CHECK_MSG(validation_messages == messages, "%s: %u validation message(s)", label,
                  validation_messages - messages);
    }
    CHECK_MSG(0, "%s: more than %u %s fault points", op->name, SWEEP_LIMIT, target_name(target));
    return SWEEP_LIMIT;
}

/* What a phase sweeps: call faults in this many variants (each function's other documented
 * errors), vksplit's allocations, the implementation's allocations. */
enum { SWEEP_ALLOCATIONS = 1, SWEEP_DRIVER_ALLOCATIONS = 2 };

/* VKSPLIT_FAULT_DRIVER=all (or a part of a phase's name) also fails the implementation's
 * allocations in phases where lavapipe is known not to survive them (see main). */
static int driver_forced(const char* phase)
{
    const char* s = getenv("VKSPLIT_FAULT_DRIVER");
    return s && *s && (strcmp(s, "all") == 0 || strstr(phase, s));
}

static void sweep_all(const fault_op* op, unsigned variants, int what, phase_stats* stats)
{
    double start = core_now();
    for (unsigned v = 0; v < variants; v++)
        stats->calls += sweep(op, VKC_FAULT_CALLS, v, stats);
    if (what & SWEEP_ALLOCATIONS)
        stats->allocations += sweep(op, VKC_FAULT_ALLOCATIONS, 0, stats);
    if ((what & SWEEP_DRIVER_ALLOCATIONS) || driver_forced(op->name)) {
        driver_faults_active = 1;
        stats->driver_allocations += sweep(op, VKC_FAULT_DRIVER_ALLOCATIONS, 0, stats);
        driver_faults_active = 0;
    }
    stats->seconds += core_now() - start;
}

static void report(const char* phase, const phase_stats* s)
{
    printf("%-44s %4llu calls (%2llu harmless), %3llu vksplit allocations, %3llu driver allocations (%llu survived), "
           "%5.2f s\n",
           phase, (unsigned long long)s->calls, (unsigned long long)s->harmless_calls,
           (unsigned long long)s->allocations, (unsigned long long)s->driver_allocations,
           (unsigned long long)s->survived, s->seconds);
}

/* ---- splits to run -------------------------------------------------------------------------- */

typedef struct split_case {
    const char* name;
    vksplit_split_desc desc;
    uint64_t sizes[3];
    uint64_t lengths[32];
    vksplit_plan_options options;
} split_case;

static void case_init(split_case* c, const char* name, uint64_t d0, uint64_t d2, uint32_t outputs, vksplit_path path)
{
    memset(c, 0, sizeof *c);
    c->name = name;
    uint64_t total = 0;
    for (uint32_t i = 0; i < outputs; i++)
        total += c->lengths[i] = 1 + i % 3;
    c->sizes[0] = d0;
    c->sizes[1] = total;
    c->sizes[2] = d2;
    c->desc = core_packed_desc(4, 3, c->sizes, 1, outputs, c->lengths);
    c->options.path = path;
}

/* Runs plan (made for c on any context of runner's device) through vksplit_runner_run_plan
 * and compares every output with the reference. Returns whether every byte matched. */
static int plan_works(vksplit_runner* runner, const vksplit_plan* plan, const split_case* c, const char* label,
                      vksplit_error* error_out)
{
    const vksplit_split_desc* d = &c->desc;
    uint64_t in_bytes = ref_input_span_bytes(d);
    uint8_t* input = malloc(in_bytes);
    uint8_t* got[32];
    uint8_t* want[32];
    for (uint64_t i = 0; i < in_bytes; i++)
        input[i] = (uint8_t)(i * 131 + 7 + in_bytes);
    for (uint32_t i = 0; i < d->output_count; i++) {
        uint64_t bytes = ref_output_span_bytes(d, i);
        got[i] = calloc(bytes ? bytes : 1, 1);
        want[i] = calloc(bytes ? bytes : 1, 1);
        memset(got[i], 0xEE, bytes);
    }
    ref_split(d, input, (void* const*)want);
    core_memory_io m;
    vksplit_runner_io io = core_memory_io_begin(&m, input, got);
    vksplit_error err;
    vksplit_result r = vksplit_runner_run_plan(runner, plan, &io, error_out ? error_out : &err);
    int ok = r == VKSPLIT_OK;
    if (!error_out)
        CHECK_MSG(ok, "%s: %s: running the plan: %s: %s", label, c->name, vksplit_result_name(r), err.message);
    for (uint32_t i = 0; ok && i < d->output_count; i++) {
        int same = memcmp(got[i], want[i], ref_output_span_bytes(d, i)) == 0;
        CHECK_MSG(same, "%s: %s: output %u differs from the reference", label, c->name, i);
        ok = ok && same;
    }
    for (uint32_t i = 0; i < d->output_count; i++) {
        free(got[i]);
        free(want[i]);
    }
    free(input);
    return ok;
}

/* Plans c on ctx without faults, runs it and compares. */
static void context_works(vksplit_runner* runner, vksplit_context* ctx, const split_case* c, const char* label)
{
    vksplit_plan* plan = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &c->desc, &c->options, &plan, &err), &err);
    if (plan)
        plan_works(runner, plan, c, label, NULL);
    vksplit_plan_destroy(plan);
}

/* A one-shot split through the runner's own context, compared with the reference. */
static void runner_works(vksplit_runner* runner, const char* label)
{
    split_case c;
    case_init(&c, "one-shot check", 2, 4, 3, VKSPLIT_PATH_AUTO);
    context_works(runner, vksplit_runner_context(runner), &c, label);
}

/* ---- runner creation ------------------------------------------------------------------------ */

static vksplit_runner_desc hooked_runner_desc(void)
{
    vksplit_runner_desc desc = test_runner_desc(0);
    desc.get_instance_proc_addr = vkc_loader_get_instance_proc_addr;
    desc.get_device_proc_addr = vkc_get_device_proc_addr;
    desc.allocation_callbacks = vkc_allocator();
    desc.log = fault_log;
    return desc;
}

typedef struct runner_create_op {
    vksplit_runner_desc desc;
    vksplit_runner* out;
} runner_create_op;

static vksplit_result runner_create_run(void* self, vksplit_error* error)
{
    runner_create_op* op = self;
    op->out = (vksplit_runner*)(uintptr_t)0xBAD; /* must come back NULL on failure */
    return vksplit_runner_create(&op->desc, &op->out, error);
}

static void runner_create_settle(void* self, vksplit_result r, const char* label)
{
    runner_create_op* op = self;
    if (settle_created(r, op->out, label) && op->out && op->out != (vksplit_runner*)(uintptr_t)0xBAD)
        vksplit_runner_destroy(op->out);
}

static void runner_creation_phase(void)
{
    phase_stats s;
    memset(&s, 0, sizeof s);
    runner_create_op op = {hooked_runner_desc(), NULL};
    fault_op f = {"vksplit_runner_create", runner_create_run, runner_create_settle, NULL, &op};
    sweep_all(&f, 1, SWEEP_ALLOCATIONS, &s);
    report("runner creation", &s);
    /* The implementation's allocations, only when VKSPLIT_FAULT_DRIVER asks: without the
     * validation layer, which crashes in vkGetPhysicalDeviceQueueFamilyProperties once the
     * loader failed an allocation in vkEnumeratePhysicalDevices. Even so lavapipe crashes in
     * vkCreatePipelineLayout (the context's) when its own allocation fails. */
    memset(&s, 0, sizeof s);
    op.desc.enable_validation = 0;
    f.name = "vksplit_runner_create (no validation layer)";
    sweep_all(&f, 0, 0, &s);
    if (s.driver_allocations)
        report("runner creation (no validation layer)", &s);
    CHECK_MSG(vkc_live_host_allocations() == 0, "runner creation: %llu host allocations live with no runner",
              (unsigned long long)vkc_live_host_allocations());
}

/* ---- context creation ----------------------------------------------------------------------- */

typedef struct context_create_op {
    vksplit_runner* runner;
    vksplit_context_desc desc;
    vksplit_context* out;
} context_create_op;

static vksplit_context_desc hooked_context_desc(vksplit_runner* runner, vksplit_features without)
{
    vksplit_context_desc d = core_runner_context_desc(runner);
    d.get_instance_proc_addr = vkc_get_instance_proc_addr;
    d.get_device_proc_addr = vkc_get_device_proc_addr;
    d.enabled_features &= ~without;
    d.allocation_callbacks = vkc_allocator();
    return d;
}

static vksplit_result context_create_run(void* self, vksplit_error* error)
{
    context_create_op* op = self;
    op->out = (vksplit_context*)(uintptr_t)0xBAD;
    return vksplit_context_create(&op->desc, &op->out, error);
}

static void context_create_settle(void* self, vksplit_result r, const char* label)
{
    context_create_op* op = self;
    if (!settle_created(r, op->out, label))
        return;
    split_case c;
    case_init(&c, "context check", 2, 4, 3, VKSPLIT_PATH_COMPUTE);
    context_works(op->runner, op->out, &c, label); /* allocates and frees only through the context */
    vksplit_context_destroy(op->out);
}

static void context_creation_phase(vksplit_runner* runner)
{
    phase_stats s;
    memset(&s, 0, sizeof s);
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    /* Contexts tuned to one-byte words: every call a context makes (its modules, one per
     * variant and direction where they differ, its one vkCreateComputePipelines, a name per
     * pipeline) with a split and a join pipeline, not two dozen; each failure point costs a
     * context creation, and lavapipe compiles every pipeline of each. The full contexts are
     * made in every other phase. */
    context_create_op op = {runner, hooked_context_desc(runner, 0), NULL};
    op.desc.tuning.max_word_bytes = 1;
    op.desc.pipelines = VKSPLIT_PIPELINES_WITH_CONTEXT;
    fault_op f = {"vksplit_context_create (device addresses)", context_create_run, context_create_settle, NULL, &op};
    sweep_all(&f, 3, SWEEP_ALLOCATIONS, &s);
    if (info.enabled_features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR) {
        op.desc = hooked_context_desc(runner, VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS);
        op.desc.tuning.max_word_bytes = 1;
        op.desc.pipelines = VKSPLIT_PIPELINES_WITH_CONTEXT;
        f.name = "vksplit_context_create (push descriptors)";
        sweep_all(&f, 3, SWEEP_ALLOCATIONS, &s);
    }
    /* The feature query loads its functions from the caller's get_instance_proc_addr too. */
    report("context creation", &s);
}

typedef struct query_op {
    vksplit_runner_info info;
    vksplit_features out;
} query_op;

static vksplit_result query_run(void* self, vksplit_error* error)
{
    query_op* op = self;
    op->out = 0xBAD;
    return vksplit_query_device_features(op->info.physical_device, vkc_get_instance_proc_addr, op->info.instance,
                                         &op->out, error);
}

static void query_settle(void* self, vksplit_result r, const char* label)
{
    query_op* op = self;
    if (r == VKSPLIT_OK)
        CHECK_MSG(op->out & (VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS | VKSPLIT_FEATURE_PUSH_DESCRIPTOR),
                  "%s: features 0x%x", label, op->out);
}

static void feature_query_phase(vksplit_runner* runner)
{
    phase_stats s;
    memset(&s, 0, sizeof s);
    query_op op;
    vksplit_runner_get_info(runner, &op.info);
    fault_op f = {"vksplit_query_device_features", query_run, query_settle, NULL, &op};
    /* Its own allocations use malloc (it takes no callbacks); the instance's go through them. */
    sweep_all(&f, 3, SWEEP_DRIVER_ALLOCATIONS, &s);
    report("feature query", &s);
}

/* ---- plan creation -------------------------------------------------------------------------- */

typedef struct plan_create_op {
    vksplit_runner* runner;
    vksplit_context* ctx;
    const split_case* c;
    vksplit_plan* out;
} plan_create_op;

static vksplit_result plan_create_run(void* self, vksplit_error* error)
{
    plan_create_op* op = self;
    op->out = (vksplit_plan*)(uintptr_t)0xBAD;
    return vksplit_plan_create(op->ctx, &op->c->desc, &op->c->options, &op->out, error);
}

static void plan_create_settle(void* self, vksplit_result r, const char* label)
{
    plan_create_op* op = self;
    if (!settle_created(r, op->out, label))
        return;
    plan_works(op->runner, op->out, op->c, label, NULL);
    vksplit_plan_destroy(op->out);
}

static void plan_create_still_works(void* self, vksplit_result r, const char* label)
{
    plan_create_op* op = self;
    if (r != VKSPLIT_OK)
        context_works(op->runner, op->ctx, op->c, label); /* the context is unharmed */
}

/* A context's first plan makes the table pool's first block (src/context/table_pool.c): later
 * plans find one, so this op makes its context each time too (pipelines on demand: the plan
 * compiles only its own). */
typedef struct first_plan_op {
    vksplit_runner* runner;
    vksplit_context_desc desc;
    const split_case* c;
    vksplit_context* ctx;
    vksplit_plan* out;
} first_plan_op;

static vksplit_result first_plan_run(void* self, vksplit_error* error)
{
    first_plan_op* op = self;
    op->out = NULL;
    vksplit_result r = vksplit_context_create(&op->desc, &op->ctx, error);
    if (r != VKSPLIT_OK)
        return r;
    op->out = (vksplit_plan*)(uintptr_t)0xBAD;
    return vksplit_plan_create(op->ctx, &op->c->desc, &op->c->options, &op->out, error);
}

static void first_plan_settle(void* self, vksplit_result r, const char* label)
{
    first_plan_op* op = self;
    if (settle_created(r, op->out, label)) {
        plan_works(op->runner, op->out, op->c, label, NULL);
        vksplit_plan_destroy(op->out);
    } else if (op->ctx) {
        context_works(op->runner, op->ctx, op->c, label); /* the context is unharmed */
    }
    vksplit_context_destroy(op->ctx);
    op->ctx = NULL;
}

static void first_plan_phase(vksplit_runner* runner, vksplit_features without)
{
    split_case compute;
    case_init(&compute, "compute", 4, 8, 3, VKSPLIT_PATH_COMPUTE);
    first_plan_op op = {runner, hooked_context_desc(runner, without), &compute, NULL, NULL};
    op.desc.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
    const char* name = without ? "vksplit_plan_create (a descriptor context's first plan)"
                               : "vksplit_plan_create (a context's first plan)";
    phase_stats s;
    memset(&s, 0, sizeof s);
    fault_op f = {name, first_plan_run, first_plan_settle, NULL, &op};
    /* Not the driver's allocations: the context's creation is in the op, and lavapipe crashes
     * on its own failed allocation in vkCreatePipelineLayout (above). */
    sweep_all(&f, 3, SWEEP_ALLOCATIONS, &s);
    report(name, &s);
}

static void plan_creation_phase(vksplit_runner* runner, vksplit_context* bda, vksplit_context* desc,
                                vksplit_context* noncoherent)
{
    split_case compute, transfer, many;
    case_init(&compute, "compute", 4, 8, 3, VKSPLIT_PATH_COMPUTE);
    case_init(&transfer, "transfer", 4, 1024, 3, VKSPLIT_PATH_TRANSFER);
    case_init(&many, "16 outputs", 3, 5, 16, VKSPLIT_PATH_COMPUTE);
    struct {
        const char* name;
        vksplit_context* ctx;
        const split_case* c;
    } plans[] = {
        {"vksplit_plan_create (compute)", bda, &compute},
        {"vksplit_plan_create (transfer)", bda, &transfer},
        {"vksplit_plan_create (descriptor fallback)", desc, &compute},
        {"vksplit_plan_create (16 outputs)", bda, &many},
        {"vksplit_plan_create (non-coherent table)", noncoherent, &compute},
    };
    for (size_t i = 0; i < sizeof plans / sizeof plans[0]; i++) {
        if (!plans[i].ctx)
            continue;
        phase_stats s;
        memset(&s, 0, sizeof s);
        plan_create_op op = {runner, plans[i].ctx, plans[i].c, NULL};
        fault_op f = {plans[i].name, plan_create_run, plan_create_settle, plan_create_still_works, &op};
        sweep_all(&f, 3, SWEEP_ALLOCATIONS | SWEEP_DRIVER_ALLOCATIONS, &s);
        report(plans[i].name, &s);
    }
}

/* ---- recording ------------------------------------------------------------------------------ */

typedef struct record_job {
    const vksplit_plan* plan;
    vksplit_binding input;
    vksplit_binding outputs[32];
    vksplit_arguments arguments;
    vksplit_result result;
    vksplit_error error;
    vkc_fault_target target;
    uint64_t events, cmd_calls;
} record_job;

/* What the job records: its input the whole, its outputs the parts. */
static vksplit_bindings job_bindings(const record_job* job)
{
    vksplit_bindings b = {.whole = job->input, .parts = job->outputs, .arguments = job->arguments};
    return b;
}

/* vksplit_cmd_record under injection (of job->target): it must make no fallible call and no
 * host allocation of its own (the driver allocates command memory as commands are recorded),
 * so there is nothing to fail; it records as usual. */
static vksplit_result record_under_faults(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    (void)error;
    record_job* job = user;
    vkc_reset();
    vkc_fault_arm(job->target, 1, 0);
    vksplit_bindings b = job_bindings(job);
    job->result = vksplit_cmd_record(job->plan, cmd, &b, &job->error);
    job->events = vkc_fault_events();
    job->cmd_calls = vkc_calls_in(VKC_CMD);
    vkc_fault_disarm();
    return VKSPLIT_OK;
}

/* Records job under call faults, then under allocation faults. */
static void record_both(vksplit_runner* runner, record_job* job, uint64_t* call_events, uint64_t* allocation_events)
{
    vksplit_error err;
    job->target = VKC_FAULT_CALLS;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record_under_faults, job, &err), &err);
    *call_events = job->events;
    job->target = VKC_FAULT_ALLOCATIONS;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record_under_faults, job, &err), &err);
    *allocation_events = job->events;
}

static void recording_phase(vksplit_runner* runner, vksplit_context* ctx)
{
    double start = core_now();
    split_case many;
    case_init(&many, "16 outputs", 3, 5, 16, VKSPLIT_PATH_COMPUTE);
    vksplit_plan_info info;
    vksplit_plan* plan = test_plan_create(ctx, &many.desc, NULL, NULL, &info);
    if (!plan)
        return;
    vksplit_error err;
    CHECK_MSG(info.argument_bytes > 0, "16 outputs: no per-record arguments");
    vksplit_runner_buffer in, out, args;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, info.input_span_bytes, &in, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 16 * 1024, &out, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, info.argument_bytes, &args, &err), &err);
    record_job job;
    memset(&job, 0, sizeof job);
    job.plan = plan;
    job.input = (vksplit_binding){in.buffer, 0};
    for (uint32_t i = 0; i < many.desc.output_count; i++)
        job.outputs[i] = (vksplit_binding){out.buffer, (VkDeviceSize)i * 1024};
    job.arguments = (vksplit_arguments){args.buffer, 0, 0};

    uint64_t calls = 0, allocations = 0;
    record_both(runner, &job, &calls, &allocations);
    CHECK_RESULT(VKSPLIT_OK, job.result, &job.error);
    CHECK_MSG(calls == 0, "vksplit_cmd_record made %llu fallible calls", (unsigned long long)calls);
    CHECK_MSG(allocations == 0, "vksplit_cmd_record made %llu host allocations", (unsigned long long)allocations);
    CHECK_MSG(job.cmd_calls > 0, "vksplit_cmd_record recorded nothing");

    /* A failing record records nothing: a misaligned arguments offset, found only after the
     * outputs' addresses were gathered, and a NULL output buffer past the inline ones. */
    job.arguments.offset = 8;
    record_both(runner, &job, &calls, &allocations);
    CHECK_MSG(job.result == VKSPLIT_ERROR_ALIGNMENT, "misaligned arguments: %s", vksplit_result_name(job.result));
    CHECK_MSG(job.cmd_calls == 0, "a failed vksplit_cmd_record recorded %llu commands",
              (unsigned long long)job.cmd_calls);
    CHECK_MSG(calls == 0 && allocations == 0, "a failed vksplit_cmd_record: %llu calls, %llu allocations",
              (unsigned long long)calls, (unsigned long long)allocations);
    job.arguments.offset = 0;
    job.outputs[12].buffer = VK_NULL_HANDLE;
    record_both(runner, &job, &calls, &allocations);
    CHECK_MSG(job.result == VKSPLIT_ERROR_BINDING, "NULL outputs[12]: %s", vksplit_result_name(job.result));
    CHECK_MSG(job.cmd_calls == 0, "a failed vksplit_cmd_record recorded %llu commands",
              (unsigned long long)job.cmd_calls);

    /* vksplit_write_arguments: no fallible call, no allocation; on error nothing written. */
    uint64_t mapped[32];
    uint64_t untouched[32];
    memset(mapped, 0x5C, sizeof mapped);
    memset(untouched, 0x5C, sizeof untouched);
    uint64_t events = 0;
    vksplit_result r = VKSPLIT_OK;
    for (int t = 0; t < 2; t++) {
        vkc_fault_arm(t ? VKC_FAULT_ALLOCATIONS : VKC_FAULT_CALLS, 1, 0);
        vksplit_bindings b = job_bindings(&job);
        r = vksplit_write_arguments(plan, &b, mapped, &err);
        events += vkc_fault_events();
        vkc_fault_disarm();
        CHECK_MSG(r == VKSPLIT_ERROR_BINDING, "vksplit_write_arguments with a NULL output: %s", vksplit_result_name(r));
        CHECK_MSG(memcmp(mapped, untouched, sizeof mapped) == 0, "a failed vksplit_write_arguments wrote");
    }
    job.outputs[12].buffer = out.buffer;
    for (int t = 0; t < 2; t++) {
        vkc_fault_arm(t ? VKC_FAULT_ALLOCATIONS : VKC_FAULT_CALLS, 1, 0);
        vksplit_bindings b = job_bindings(&job);
        r = vksplit_write_arguments(plan, &b, mapped, &err);
        events += vkc_fault_events();
        vkc_fault_disarm();
        CHECK_RESULT(VKSPLIT_OK, r, &err);
    }
    CHECK_MSG(events == 0, "vksplit_write_arguments made %llu fallible calls or allocations",
              (unsigned long long)events);
    CHECK_MSG(mapped[0] == out.address && mapped[15] == out.address + 15 * 1024,
              "vksplit_write_arguments wrote "
              "0x%llx, 0x%llx",
              (unsigned long long)mapped[0], (unsigned long long)mapped[15]);

    vksplit_runner_buffer_destroy(runner, &args);
    vksplit_runner_buffer_destroy(runner, &out);
    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_plan_destroy(plan);
    printf("%-44s %4u calls, %3u vksplit allocations: none made (asserted), %5.2f s\n",
           "recording (cmd_record, write_arguments)", 0u, 0u, core_now() - start);
}

/* ---- the runner's operations ---------------------------------------------------------------- */

typedef enum runner_action {
    ACT_BUFFER_CREATE,
    ACT_UPLOAD,
    ACT_DOWNLOAD,
    ACT_SUBMIT,
    ACT_RUN_PLAN,
    ACT_SPLIT
} runner_action;

typedef struct runner_op {
    vksplit_runner* runner;
    runner_action action;
    vksplit_runner_buffer buffer; /* made by ACT_BUFFER_CREATE */
    vksplit_runner_buffer target; /* uploads and downloads go here */
    uint8_t data[4096];
    uint8_t back[4096];
    const vksplit_plan* plan; /* ACT_SUBMIT, ACT_RUN_PLAN */
    const split_case* c;
    record_job job;       /* ACT_SUBMIT */
    uint8_t* outputs[32]; /* ACT_SPLIT */
    uint8_t* expected[32];
} runner_op;

static vksplit_result record_split(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    record_job* job = user;
    vksplit_bindings b = job_bindings(job);
    return vksplit_cmd_record(job->plan, cmd, &b, error);
}

static vksplit_result runner_op_run(void* self, vksplit_error* error)
{
    runner_op* op = self;
    switch (op->action) {
    case ACT_BUFFER_CREATE:
        memset(&op->buffer, 0x5C, sizeof op->buffer); /* must come back zeroed on failure */
        return vksplit_runner_buffer_create(op->runner, 3000, &op->buffer, error);
    case ACT_UPLOAD: return vksplit_runner_upload(op->runner, &op->target, 0, op->data, sizeof op->data, error);
    case ACT_DOWNLOAD:
        memset(op->back, 0, sizeof op->back);
        return vksplit_runner_download(op->runner, &op->target, 0, op->back, sizeof op->back, error);
    case ACT_SUBMIT: return vksplit_runner_submit(op->runner, record_split, &op->job, error);
    case ACT_RUN_PLAN:
        return plan_works(op->runner, op->plan, op->c, "run_plan", error) ? VKSPLIT_OK
               : error->code != VKSPLIT_OK                                ? error->code
                                                                          : VKSPLIT_ERROR_VULKAN;
    case ACT_SPLIT:
        for (uint32_t i = 0; i < op->c->desc.output_count; i++)
            memset(op->outputs[i], 0xEE, ref_output_span_bytes(&op->c->desc, i));
        return vksplit_runner_split(op->runner, &op->c->desc, &op->c->options, op->data, (void* const*)op->outputs,
                                    error);
    }
    return VKSPLIT_ERROR_INVALID_ARGUMENT;
}

static void runner_op_settle(void* self, vksplit_result r, const char* label)
{
    runner_op* op = self;
    if (op->action == ACT_BUFFER_CREATE) {
        if (r != VKSPLIT_OK) {
            vksplit_runner_buffer zero;
            memset(&zero, 0, sizeof zero);
            CHECK_MSG(memcmp(&op->buffer, &zero, sizeof zero) == 0, "%s: the buffer is not zeroed after a failure",
                      label);
        } else {
            CHECK_MSG(op->buffer.buffer && op->buffer.memory && op->buffer.size >= 3000, "%s: incomplete buffer",
                      label);
            vksplit_runner_buffer_destroy(op->runner, &op->buffer);
        }
    }
    if (r == VKSPLIT_OK && op->action == ACT_DOWNLOAD)
        CHECK_MSG(memcmp(op->back, op->data, sizeof op->data) == 0, "%s: downloaded bytes differ", label);
    if (r == VKSPLIT_OK && op->action == ACT_SPLIT)
        for (uint32_t i = 0; i < op->c->desc.output_count; i++)
            CHECK_MSG(memcmp(op->outputs[i], op->expected[i], ref_output_span_bytes(&op->c->desc, i)) == 0,
                      "%s: output %u differs from the reference", label, i);
}

static void runner_op_still_works(void* self, vksplit_result r, const char* label)
{
    runner_op* op = self;
    if (r != VKSPLIT_OK) {
        runner_works(op->runner, label);
        /* What the data path left must still round-trip. */
        if (op->action == ACT_UPLOAD || op->action == ACT_DOWNLOAD) {
            vksplit_error err;
            uint8_t back[sizeof op->data];
            CHECK_RESULT(VKSPLIT_OK, vksplit_runner_upload(op->runner, &op->target, 0, op->data, sizeof op->data, &err),
                         &err);
            CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(op->runner, &op->target, 0, back, sizeof back, &err),
                         &err);
            CHECK_MSG(memcmp(back, op->data, sizeof back) == 0, "%s: round trip after the failure differs", label);
        }
    }
}

static void runner_phase(vksplit_runner* runner, const char* name, runner_action action, runner_op* op,
                         unsigned variants)
{
    phase_stats s;
    memset(&s, 0, sizeof s);
    op->action = action;
    fault_op f = {name, runner_op_run, runner_op_settle, runner_op_still_works, op};
    /* lavapipe survives failed allocations in buffer and memory creation, not in command
     * recording (vkCmdPipelineBarrier crashes): see main. */
    sweep_all(&f, variants, SWEEP_ALLOCATIONS | (action == ACT_BUFFER_CREATE ? SWEEP_DRIVER_ALLOCATIONS : 0), &s);
    report(name, &s);
    (void)runner;
}

static void runner_operations_phase(vksplit_runner* runner, const char* memory)
{
    runner_op* op = calloc(1, sizeof *op);
    op->runner = runner;
    vksplit_error err;
    for (size_t i = 0; i < sizeof op->data; i++)
        op->data[i] = (uint8_t)(i * 7 + 3);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, sizeof op->data, &op->target, &err), &err);
    char name[96];
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    if (!info.mapped_tensors) {
        /* The first upload also creates the staging buffer; later sweeps find it made. */
        snprintf(name, sizeof name, "runner upload, making staging (%s)", memory);
        runner_phase(runner, name, ACT_UPLOAD, op, 1);
    }
    snprintf(name, sizeof name, "runner buffer create (%s)", memory);
    runner_phase(runner, name, ACT_BUFFER_CREATE, op, 3);
    snprintf(name, sizeof name, "runner upload (%s)", memory);
    runner_phase(runner, name, ACT_UPLOAD, op, 3);
    snprintf(name, sizeof name, "runner download (%s)", memory);
    runner_phase(runner, name, ACT_DOWNLOAD, op, 3);

    split_case small, many;
    case_init(&small, "3 outputs", 2, 4, 3, VKSPLIT_PATH_AUTO);
    case_init(&many, "12 outputs", 2, 4, 12, VKSPLIT_PATH_COMPUTE);
    vksplit_context* ctx = vksplit_runner_context(runner);
    vksplit_plan* plan_small = NULL;
    vksplit_plan* plan_many = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &small.desc, NULL, &plan_small, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &many.desc, &many.options, &plan_many, &err), &err);
    vksplit_runner_buffer in, out;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &in, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &out, &err), &err);
    if (plan_small && plan_many) {
        op->job.plan = plan_small;
        op->job.input = (vksplit_binding){in.buffer, 0};
        for (uint32_t i = 0; i < small.desc.output_count; i++)
            op->job.outputs[i] = (vksplit_binding){out.buffer, (VkDeviceSize)i * 512};
        snprintf(name, sizeof name, "runner submit (%s)", memory);
        runner_phase(runner, name, ACT_SUBMIT, op, 3);

        op->plan = plan_many;
        op->c = &many;
        snprintf(name, sizeof name, "runner run_plan, 12 outputs (%s)", memory);
        runner_phase(runner, name, ACT_RUN_PLAN, op, 1);

        op->c = &small;
        for (uint32_t i = 0; i < small.desc.output_count; i++) {
            uint64_t bytes = ref_output_span_bytes(&small.desc, i);
            op->outputs[i] = calloc(bytes, 1);
            op->expected[i] = calloc(bytes, 1);
        }
        ref_split(&small.desc, op->data, (void* const*)op->expected);
        snprintf(name, sizeof name, "runner one-shot split (%s)", memory);
        runner_phase(runner, name, ACT_SPLIT, op, 2);
        for (uint32_t i = 0; i < small.desc.output_count; i++) {
            free(op->outputs[i]);
            free(op->expected[i]);
        }
    }
    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_runner_buffer_destroy(runner, &out);
    vksplit_plan_destroy(plan_small);
    vksplit_plan_destroy(plan_many);
    vksplit_runner_buffer_destroy(runner, &op->target);
    free(op);
}

/* ---- main ----------------------------------------------------------------------------------- */

static vksplit_context* make_context(vksplit_runner* runner, vksplit_features without, int hide_coherent)
{
    vksplit_context_desc d = hooked_context_desc(runner, without);
    vksplit_context* ctx = NULL;
    vksplit_error err;
    vkc_set_hide_host_coherent(hide_coherent);
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&d, &ctx, &err), &err);
    vkc_set_hide_host_coherent(0);
    return ctx;
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* each phase's line survives a crash in a later one */
    double start = core_now();
    /* Mesa's implicit device-select layer dereferences a list the loader failed to allocate
     * (vkEnumeratePhysicalDevices, a crash in strcmp): with the implementation's allocations
     * failed in runner creation, it is off for this process (before the loader reads it). */
    if (getenv("VKSPLIT_FAULT_DRIVER"))
        setenv("NODEVICE_SELECT", "1", 1);
    vkc_install(test_vulkan_loader(), NULL); /* the device side comes with each runner's instance */

    runner_creation_phase();

    vksplit_runner_desc desc = hooked_runner_desc();
    vksplit_runner* runner = test_runner_create_from(&desc);
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    printf("device: %s, features 0x%x\n", info.device_name, info.enabled_features);
    quiet_runner = runner;
    CHECK_MSG(vkc_unwrapped()[0] == '\0', "functions looked up but not wrapped (their faults would go untested): %s",
              vkc_unwrapped());

    /* The runner's operations first, while its staging buffer does not exist yet. */
    runner_operations_phase(runner, "staging");

    feature_query_phase(runner);
    context_creation_phase(runner);

    vksplit_context* bda = NULL;
    if (info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)
        bda = make_context(runner, 0, 0);
    vksplit_context* descriptors = NULL;
    if (info.enabled_features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR)
        descriptors = make_context(runner, VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS, 0);
    vksplit_context* noncoherent = make_context(runner, 0, 1);
    CHECK_MSG(vkc_unwrapped()[0] == '\0', "functions looked up but not wrapped: %s", vkc_unwrapped());
    plan_creation_phase(runner, bda ? bda : noncoherent, descriptors, noncoherent);
    first_plan_phase(runner, 0);
    if (descriptors && bda)
        first_plan_phase(runner, VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS);
    if (bda)
        recording_phase(runner, bda);
    vksplit_context_destroy(bda);
    vksplit_context_destroy(descriptors);
    vksplit_context_destroy(noncoherent);

    /* A runner that maps tensors directly (lavapipe's memory is host-cached). */
    vksplit_runner_desc mapped_desc = hooked_runner_desc();
    mapped_desc.memory = VKSPLIT_RUNNER_MEMORY_AUTO;
    vksplit_runner* mapped = test_runner_create_from(&mapped_desc);
    vksplit_runner_info mapped_info;
    vksplit_runner_get_info(mapped, &mapped_info);
    if (mapped_info.mapped_tensors) {
        quiet_runner = mapped;
        runner_operations_phase(mapped, "mapped");
    }
    quiet_runner = NULL;
    vksplit_runner_destroy(mapped);
    vksplit_runner_destroy(runner);

    /* Every runner here logs through fault_log, failed creations included. */
    CHECK_MSG(validation_messages == 0, "%u validation message(s) over the run", validation_messages);
    CHECK_MSG(vkc_live_host_allocations() == 0, "%llu host allocations through the callbacks outlive every object",
              (unsigned long long)vkc_live_host_allocations());
    printf("the layer and the loader reported %u failed driver allocation(s) (expected)\n", reported_driver_errors);
    /* Every rule of a failed host allocation or Vulkan call is reached here, by some fault. */
    static const vksplit_rule fault_rules[] = {VKSPLIT_RULE_HOST_ALLOCATION_CONTEXT,
                                               VKSPLIT_RULE_HOST_ALLOCATION_EXTENSIONS,
                                               VKSPLIT_RULE_HOST_ALLOCATION_PLAN,
                                               VKSPLIT_RULE_HOST_ALLOCATION_OUTPUTS,
                                               VKSPLIT_RULE_HOST_ALLOCATION_DISPATCHES,
                                               VKSPLIT_RULE_HOST_ALLOCATION_REGIONS,
                                               VKSPLIT_RULE_HOST_ALLOCATION_SPIRV,
                                               VKSPLIT_RULE_HOST_ALLOCATION_TABLE_POOL,
                                               VKSPLIT_RULE_HOST_ALLOCATION_RUNNER,
                                               VKSPLIT_RULE_HOST_ALLOCATION_LAYERS,
                                               VKSPLIT_RULE_VULKAN_OUT_OF_MEMORY,
                                               VKSPLIT_RULE_VULKAN_DEVICE_LOST,
                                               VKSPLIT_RULE_VULKAN_CALL,
                                               VKSPLIT_RULE_RUNNER_ALLOCATE_OUT_OF_MEMORY,
                                               VKSPLIT_RULE_RUNNER_ALLOCATE_FAILED};
    for (size_t i = 0; i < sizeof fault_rules / sizeof fault_rules[0]; i++)
        CHECK_MSG(rules_seen[fault_rules[i]], "no injected fault was reported by %s",
                  vksplit_rule_name(fault_rules[i]));
    printf("rules seen:");
    for (unsigned i = 0; i < RULES_SEEN_CAPACITY; i++)
        if (rules_seen[i])
            printf(" %s", vksplit_rule_name((vksplit_rule)i) + strlen("VKSPLIT_RULE_"));
    printf("\n");
    printf("fault injection: %.1f s\n", core_now() - start);
    return test_finish(NULL);
}
