/* Threads on one context (also built and run under ThreadSanitizer: -DVKSPLIT_TSAN=ON).
 *
 *   core_threads plans    8 threads, released together, each make a feature query and a
 *                         context of their own, then create, record and destroy plans on ONE
 *                         shared context (the runner's; every fourth plan on their own),
 *                         calling the pure queries (validate, spans, zero-copy) on the way;
 *                         each with its own command pool, command buffer, fence and buffers:
 *                         outputs 1..16 (per-record arguments past 10, written by
 *                         vksplit_cmd_record or on the host by vksplit_write_arguments),
 *                         compute, transfer and automatic paths, element sizes 1..8. Submits
 *                         go to the one shared queue under a mutex; every output is compared
 *                         with the CPU reference.
 *   core_threads record   one plan each of 16 outputs (arguments), 3 outputs (push constants)
 *                         and the transfer path, created once, on the device-address context
 *                         and on a push-descriptor one; 8 threads, released together,
 *                         record the SAME plans into their own command buffers concurrently
 *                         (own outputs, own argument ranges), query them (plan_get_info,
 *                         output_span_bytes) and write arguments at the same time; submitted
 *                         under the mutex and compared byte for byte. Repeated in rounds.
 *   core_threads runners  4 threads each list the devices, create a runner (validated), run a
 *                         one-shot split on it and destroy it, all at once.
 *   core_threads pipelines  a context that makes its pipelines on demand (none with it,
 *                         counted through vk_count.c); 8 threads, released together, create
 *                         them with vksplit_context_create_pipeline (thread t takes indices t,
 *                         t + 8, ..., and every thread index 0 and the last, so that some race
 *                         on one slot), then each again (nothing to do), and one past the last
 *                         (CONTEXT_PIPELINE_INDEX); at least one vkCreateComputePipelines per
 *                         pipeline; then a split and a join plan find theirs made and create
 *                         none. Every pipeline is reported once (pipeline_created), by the
 *                         thread that won its slot: as many reports as pipelines, each handle
 *                         once, however many were compiled in the races. Then 8 threads at
 *                         once make converting plans of two specs on one context: each spec's
 *                         plans share one pipeline, reported once; a plan made after they
 *                         are destroyed finds it and compiles nothing.
 * The validation layer (its thread-safety checks included) must stay silent. Worker threads
 * keep their own counts; only the main thread touches the harness's counters.
 *
 * POSIX threads, not C11 <threads.h>: glibc's thrd_create starts threads that
 * ThreadSanitizer (clang 14) does not see being created, and it crashes in them. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "test_vulkan.h"

#include "core_support.h"
#include "host_buffer.h"
#include "reference.h"
#include "vk_count.h"
#include "test_harness.h"

#define THREADS 8
#define MAX_OUTPUTS 16u

typedef struct shared {
    vksplit_runner_info info;
    vksplit_context* ctx;
    VkPhysicalDeviceMemoryProperties memory;
    pthread_mutex_t queue_lock; /* the queue needs external synchronisation */
    /* test 2 */
    const vksplit_plan* plans[3];
    vksplit_split_desc descs[3];
    atomic_int ready;
    atomic_int go;
    atomic_int in_flight; /* threads between plan creation (or recording) and destruction */
    atomic_int most_in_flight;
    unsigned rounds;
    unsigned iterations;
} shared;

typedef struct worker {
    shared* s;
    int index;
    int checks;
    int failures;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    unsigned splits;          /* splits run and checked */
    unsigned argument_splits; /* of which with per-record arguments */
} worker;

static void check(worker* w, int ok, const char* fmt, ...)
{
    w->checks++;
    if (ok)
        return;
    w->failures++;
    char line[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    fprintf(stderr, "thread %d: CHECK failed: %s\n", w->index, line);
}

typedef core_host_buffer host_buffer;

static int buffer_create(const shared* s, VkDeviceSize size, host_buffer* b)
{
    int bda = (s->info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    vksplit_features narrow = VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT | VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT;
    if ((s->info.enabled_features & narrow) != narrow)
        size = (size + 3) & ~(VkDeviceSize)3; /* atomic stores: whole 32-bit words (vksplit.h) */
    return core_host_buffer_create(s->info.device, &s->memory, bda, size, b);
}

static void buffer_destroy(const shared* s, host_buffer* b) { core_host_buffer_destroy(s->info.device, b); }

/* ---- one split on a worker's own command buffer ---------------------------------------------- */

/* Records plan with fresh buffers, submits it under the queue lock, waits, and compares every
 * output with the reference. host_arguments: write them with vksplit_write_arguments
 * (prewritten) instead of letting vksplit_cmd_record update them. */
static void run_split(worker* w, const vksplit_plan* plan, const vksplit_split_desc* d, int host_arguments,
                      uint64_t seed)
{
    shared* s = w->s;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint32_t n = info.output_count;
    check(w, n == d->output_count && info.input_span_bytes == ref_input_span_bytes(d), "plan info: %u outputs", n);
    uint64_t offsets[MAX_OUTPUTS], end = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t span = vksplit_plan_output_span_bytes(plan, i);
        check(w, span == ref_output_span_bytes(d, i), "output %u spans %llu", i, (unsigned long long)span);
        offsets[i] = end;
        end = (end + span + 255) & ~(uint64_t)255;
    }
    host_buffer in, out, args;
    memset(&args, 0, sizeof args);
    int ok = buffer_create(s, info.input_span_bytes, &in) && buffer_create(s, end, &out) &&
             (!info.argument_bytes || buffer_create(s, info.argument_bytes, &args));
    check(w, ok, "buffers");
    vksplit_binding outputs[MAX_OUTPUTS];
    vksplit_bindings b = {.whole = {in.buffer, 0}, .parts = outputs};
    b.arguments = (vksplit_arguments){args.buffer, 0, host_arguments != 0};
    vksplit_error err;
    vksplit_result r = VKSPLIT_OK;
    if (ok) {
        core_rng rng;
        core_rng_seed(&rng, seed);
        core_rng_fill(&rng, in.mapped, info.input_span_bytes);
        memset(out.mapped, 0xEE, end);
        for (uint32_t i = 0; i < n; i++)
            outputs[i] = (vksplit_binding){out.buffer, offsets[i]};
        if (info.argument_bytes && host_arguments) {
            r = vksplit_write_arguments(plan, &b, args.mapped, &err);
            check(w, r == VKSPLIT_OK, "vksplit_write_arguments: %s", err.message);
        }
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        check(w, vkResetCommandPool(s->info.device, w->pool, 0) == VK_SUCCESS, "vkResetCommandPool");
        check(w, vkBeginCommandBuffer(w->cmd, &begin) == VK_SUCCESS, "vkBeginCommandBuffer");
        r = vksplit_cmd_record(plan, w->cmd, &b, &err);
        check(w, r == VKSPLIT_OK, "vksplit_cmd_record: %s: %s", vksplit_result_name(r), err.message);
        int transfer = info.path == VKSPLIT_PATH_TRANSFER;
        VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        barrier.srcAccessMask = transfer ? VK_ACCESS_TRANSFER_WRITE_BIT : VK_ACCESS_SHADER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(w->cmd, transfer ? VK_PIPELINE_STAGE_TRANSFER_BIT : VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                             VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
        check(w, vkEndCommandBuffer(w->cmd) == VK_SUCCESS, "vkEndCommandBuffer");
    }
    if (ok && r == VKSPLIT_OK) {
        VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &w->cmd;
        pthread_mutex_lock(&s->queue_lock);
        VkResult vr = vkQueueSubmit(s->info.queue, 1, &submit, w->fence);
        pthread_mutex_unlock(&s->queue_lock);
        check(w, vr == VK_SUCCESS, "vkQueueSubmit: %d", (int)vr);
        check(w, vr == VK_SUCCESS && vkWaitForFences(s->info.device, 1, &w->fence, VK_TRUE, UINT64_MAX) == VK_SUCCESS,
              "vkWaitForFences");
        vkResetFences(s->info.device, 1, &w->fence);
        for (uint32_t i = 0; i < n; i++) {
            uint64_t span = ref_output_span_bytes(d, i);
            uint64_t first_bad = UINT64_MAX;
            uint64_t bad = ref_compare_output(d, i, in.mapped, out.mapped + offsets[i], &first_bad);
            check(w, bad == 0, "%s: output %u of %u: %llu element(s) differ, first at byte %llu", info.summary, i, n,
                  (unsigned long long)bad, (unsigned long long)first_bad);
            uint64_t next = i + 1 < n ? offsets[i + 1] : end;
            for (uint64_t at = offsets[i] + span; at < next; at++)
                if (out.mapped[at] != 0xEE) {
                    check(w, 0, "%s: byte %llu after output %u written", info.summary, (unsigned long long)at, i);
                    break;
                }
        }
        w->splits++;
        w->argument_splits += info.argument_bytes != 0;
    }
    buffer_destroy(s, &args);
    buffer_destroy(s, &out);
    buffer_destroy(s, &in);
}

/* ---- test 1: create, record, destroy plans on one context ------------------------------------ */

/* Counts the threads inside a split at once (proof that they overlapped). */
static void enter(shared* s)
{
    int now = atomic_fetch_add(&s->in_flight, 1) + 1;
    int most = atomic_load(&s->most_in_flight);
    while (now > most && !atomic_compare_exchange_weak(&s->most_in_flight, &most, now))
        ;
}

static void leave(shared* s) { atomic_fetch_sub(&s->in_flight, 1); }

/* Every worker waits here until all are ready, round by round: they start together. */
static void start_together(shared* s, unsigned round)
{
    atomic_fetch_add(&s->ready, 1);
    while (atomic_load(&s->go) <= (int)round)
        sched_yield();
}

static void* plans_thread(void* arg)
{
    worker* w = arg;
    shared* s = w->s;
    static const uint32_t element_sizes[] = {4, 1, 2, 8};
    start_together(s, 0);
    /* All at once: the feature query, and a context of the thread's own on the shared device
     * (every fourth plan goes there), while the others create plans on the shared one. */
    vksplit_features features = 0;
    vksplit_error err;
    vksplit_result r = vksplit_query_device_features(s->info.physical_device, s->info.get_instance_proc_addr,
                                                     s->info.instance, &features, &err);
    check(w, r == VKSPLIT_OK && (features & s->info.enabled_features) == s->info.enabled_features,
          "vksplit_query_device_features: %s, 0x%x", err.message, features);
    vksplit_context_desc own = {0};
    own.instance = s->info.instance;
    own.physical_device = s->info.physical_device;
    own.device = s->info.device;
    own.get_instance_proc_addr = s->info.get_instance_proc_addr;
    own.enabled_features = s->info.enabled_features;
    vksplit_context* own_ctx = NULL;
    r = vksplit_context_create(&own, &own_ctx, &err);
    check(w, r == VKSPLIT_OK, "vksplit_context_create: %s", err.message);
    for (unsigned it = 0; it < s->iterations; it++) {
        uint32_t outputs = 1 + (uint32_t)(w->index * 5 + it * 7) % MAX_OUTPUTS;
        uint32_t element = element_sizes[(w->index + it) % 4];
        vksplit_path path = (vksplit_path)((w->index + it) % 3); /* AUTO, COMPUTE, TRANSFER */
        uint64_t lengths[MAX_OUTPUTS], total = 0;
        for (uint32_t i = 0; i < outputs; i++)
            total += lengths[i] = (i + it) % 4; /* zero-length outputs too */
        if (total == 0)
            total += lengths[0] = 2;
        uint64_t inner = path == VKSPLIT_PATH_TRANSFER ? 512 + 64 * (it % 3) : 1 + (it * 13 + w->index) % 40;
        const uint64_t sizes[3] = {1 + it % 3, total, inner};
        vksplit_split_desc d = core_packed_desc(element, 3, sizes, 1, outputs, lengths);
        vksplit_plan_options options = {.path = path};
        vksplit_plan* plan = NULL;
        enter(s);
        /* The pure queries, at the same time as every other thread's. */
        uint64_t in_span = 0, out_spans[MAX_OUTPUTS], offsets[MAX_OUTPUTS];
        vksplit_bool32 aliasable = 0;
        check(w, vksplit_validate_split(&d, &err) == VKSPLIT_OK, "vksplit_validate_split: %s", err.message);
        check(w,
              vksplit_split_spans(&d, &in_span, out_spans, &err) == VKSPLIT_OK && in_span == ref_input_span_bytes(&d),
              "vksplit_split_spans: %s", err.message);
        uint32_t non_empty = 0;
        for (uint32_t i = 0; i < outputs; i++)
            non_empty += lengths[i] != 0;
        /* Packed: aliasable when nothing comes before the axis, or one output is everything. */
        check(w,
              vksplit_query_zero_copy(&d, &aliasable, offsets, &err) == VKSPLIT_OK &&
                  aliasable == (sizes[0] == 1 || non_empty == 1),
              "vksplit_query_zero_copy: %s, aliasable %u", err.message, aliasable);
        vksplit_context* ctx = it % 4 == 3 && own_ctx ? own_ctx : s->ctx;
        r = vksplit_plan_create(ctx, &d, &options, &plan, &err);
        check(w, r == VKSPLIT_OK, "vksplit_plan_create (%u outputs, %u-byte elements, path %d): %s", outputs, element,
              (int)path, err.message);
        if (plan)
            run_split(w, plan, &d, (int)(it & 1), ((uint64_t)w->index << 32) | it);
        vksplit_plan_destroy(plan);
        leave(s);
    }
    vksplit_context_destroy(own_ctx);
    return NULL;
}

/* ---- test 2: the same plans recorded concurrently -------------------------------------------- */

static void* record_thread(void* arg)
{
    worker* w = arg;
    shared* s = w->s;
    for (unsigned round = 0; round < s->rounds; round++) {
        /* Released together: every thread records the same plans at the same time. */
        start_together(s, round);
        enter(s);
        for (int p = 0; p < 3; p++)
            run_split(w, s->plans[(p + w->index) % 3], &s->descs[(p + w->index) % 3], (w->index + (int)round) & 1,
                      ((uint64_t)round << 40) | ((uint64_t)w->index << 8) | (uint64_t)p);
        leave(s);
    }
    return NULL;
}

/* ---- test 3: runners created and used by several threads at once ----------------------------- */

#define RUNNER_THREADS 4

typedef struct runner_worker {
    int index;
    int checks;
    int failures;
    uint32_t messages;
} runner_worker;

static void* runner_thread(void* arg)
{
    runner_worker* rw = arg;
    worker w = {.index = rw->index}; /* for check() */
    vksplit_runner_device devices[4];
    uint32_t count = 0;
    vksplit_error err;
    check(&w, vksplit_runner_list_devices(devices, 4, &count, &err) == VKSPLIT_OK && count > 0,
          "vksplit_runner_list_devices: %s", err.message);
    vksplit_runner_desc desc = test_runner_desc(0);
    vksplit_runner* runner = NULL;
    vksplit_result r = vksplit_runner_create(&desc, &runner, &err);
    check(&w, r == VKSPLIT_OK, "vksplit_runner_create: %s", err.message);
    if (runner) {
        vksplit_runner_info info;
        vksplit_runner_get_info(runner, &info);
        check(&w, info.device && vksplit_runner_context(runner), "runner info");
        uint64_t lengths[3] = {1, 2, 3};
        const uint64_t sizes[3] = {4, 6, 5 + (uint64_t)rw->index};
        vksplit_split_desc d = core_packed_desc(4, 3, sizes, 1, 3, lengths);
        uint8_t input[4 * 6 * 8 * 4], got[3][4 * 3 * 8 * 4];
        for (size_t i = 0; i < sizeof input; i++)
            input[i] = (uint8_t)(i * 3 + (size_t)rw->index);
        void* outputs[3] = {got[0], got[1], got[2]};
        r = vksplit_runner_split(runner, &d, NULL, input, outputs, &err);
        check(&w, r == VKSPLIT_OK, "vksplit_runner_split: %s", err.message);
        for (uint32_t i = 0; r == VKSPLIT_OK && i < 3; i++)
            check(&w, ref_compare_output(&d, i, input, got[i], NULL) == 0, "output %u differs", i);
        rw->messages = vksplit_runner_validation_message_count(runner);
        vksplit_runner_destroy(runner);
    }
    rw->checks = w.checks;
    rw->failures = w.failures;
    return NULL;
}

static void runners_at_once(void)
{
    runner_worker workers[RUNNER_THREADS];
    pthread_t threads[RUNNER_THREADS];
    memset(workers, 0, sizeof workers);
    double start = core_now();
    for (int t = 0; t < RUNNER_THREADS; t++) {
        workers[t].index = t;
        CHECK(pthread_create(&threads[t], NULL, runner_thread, &workers[t]) == 0);
    }
    for (int t = 0; t < RUNNER_THREADS; t++) {
        pthread_join(threads[t], NULL);
        test_checks += workers[t].checks;
        test_failures += workers[t].failures;
        CHECK_MSG(workers[t].messages == 0, "runner %d: %u validation message(s)", t, workers[t].messages);
    }
    printf("runners listed, created, used and destroyed by %d threads at once: %.2f s\n", RUNNER_THREADS,
           core_now() - start);
}

/* ---- pipelines created on demand from several threads --------------------------------------- */

typedef struct pipeline_worker {
    vksplit_context* ctx;
    int index;
    uint32_t count;
    atomic_int* go;
    unsigned checks, failures;
} pipeline_worker;

static void* pipeline_thread(void* arg)
{
    pipeline_worker* pw = arg;
    worker w = {.index = pw->index}; /* for check() */
    while (!atomic_load(pw->go))
        sched_yield();
    vksplit_error err;
    for (int round = 0; round < 2; round++) { /* the second: every one exists, nothing to do */
        check(&w, vksplit_context_create_pipeline(pw->ctx, 0, &err) == VKSPLIT_OK, "pipeline 0: %s", err.message);
        for (uint32_t i = (uint32_t)pw->index; i < pw->count; i += THREADS)
            check(&w, vksplit_context_create_pipeline(pw->ctx, i, &err) == VKSPLIT_OK, "pipeline %u: %s", i,
                  err.message);
        check(&w, vksplit_context_create_pipeline(pw->ctx, pw->count - 1, &err) == VKSPLIT_OK, "the last: %s",
              err.message);
    }
    check(&w,
          vksplit_context_create_pipeline(pw->ctx, pw->count, &err) == VKSPLIT_ERROR_INVALID_ARGUMENT &&
              err.rule == VKSPLIT_RULE_CONTEXT_PIPELINE_INDEX,
          "one past the last: %s", err.message);
    pw->checks = w.checks;
    pw->failures = w.failures;
    return NULL;
}

/* The pipelines reported (vksplit_context_desc.pipeline_created), from any thread. */
#define MAX_REPORTED 1024
typedef struct reported {
    atomic_uint count;
    VkPipeline pipelines[MAX_REPORTED];
} reported;

static void on_created(void* user, VkPipeline pipeline, const char* module, const char* direction)
{
    (void)module;
    (void)direction;
    reported* r = user;
    unsigned i = atomic_fetch_add(&r->count, 1);
    if (i < MAX_REPORTED)
        r->pipelines[i] = pipeline;
}

/* A context that makes no pipeline with itself, its device functions counted (vk_count.c, the
 * counts reset) and every pipeline it makes reported into `reports` (cleared); NULL on failure. */
static vksplit_context* on_demand_context(vksplit_runner* runner, reported* reports)
{
    atomic_store(&reports->count, 0);
    vksplit_context_desc desc = vkc_context_desc(runner);
    desc.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
    desc.pipeline_created = on_created;
    desc.pipeline_created_user = reports;
    vksplit_context* ctx = NULL;
    vksplit_error err;
    vkc_reset();
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&desc, &ctx, &err), &err);
    return ctx;
}

static void pipelines_on_demand(vksplit_runner* runner)
{
    static reported reports;
    vksplit_context* ctx = on_demand_context(runner, &reports);
    if (!ctx)
        return;
    vksplit_error err;
    CHECK_MSG(vkc_calls(VKC_vkCreateComputePipelines) == 0, "an on-demand context made pipelines");
    uint32_t count = vksplit_context_pipeline_count(ctx);
    CHECK_MSG(count >= 4, "a context with %u pipelines", count);
    CHECK(vksplit_context_pipeline_count(NULL) == 0);
    CHECK_RULE(VKSPLIT_RULE_CONTEXT_NULL, vksplit_context_create_pipeline(NULL, 0, &err), &err);
    pipeline_worker workers[THREADS];
    pthread_t threads[THREADS];
    atomic_int go = 0;
    double start = core_now();
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (pipeline_worker){ctx, t, count, &go, 0, 0};
        CHECK(pthread_create(&threads[t], NULL, pipeline_thread, &workers[t]) == 0);
    }
    atomic_store(&go, 1);
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        test_checks += workers[t].checks;
        test_failures += workers[t].failures;
    }
    double seconds = core_now() - start;
    uint64_t made = vkc_calls(VKC_vkCreateComputePipelines);
    CHECK_MSG(made >= count, "%llu vkCreateComputePipelines for %u pipelines", (unsigned long long)made, count);
    unsigned told = atomic_load(&reports.count);
    uint64_t compiled = vkc_pipelines_created(); /* the races' losers too */
    CHECK_MSG(told == count, "%u pipelines reported for %u made (%llu compiled)", told, count,
              (unsigned long long)compiled);
    for (unsigned i = 0; i < told && i < MAX_REPORTED; i++)
        for (unsigned j = 0; j < i; j++)
            CHECK_MSG(reports.pipelines[i] != reports.pipelines[j], "reports %u and %u name one pipeline", j, i);
    /* A split and a join plan: their pipelines are among those made, so they make none. */
    vkc_reset();
    static const uint64_t sizes[2] = {64, 12}, lengths[3] = {4, 4, 4};
    vksplit_split_desc split = core_packed_desc(4, 2, sizes, 1, 3, lengths);
    vksplit_join_desc join = {4, 2, sizes, NULL, 1, 3, lengths, NULL, 0};
    vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_plan *a = NULL, *b = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &split, &compute, &a, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &join, &compute, &b, &err), &err);
    CHECK(a && b && vksplit_plan_pipeline(a) && vksplit_plan_pipeline(b));
    CHECK_MSG(vkc_calls(VKC_vkCreateComputePipelines) == 0, "a plan compiled a pipeline the threads had made");
    vksplit_plan_destroy(a);
    vksplit_plan_destroy(b);
    vksplit_context_destroy(ctx);
    printf("%u pipelines created on demand by %d threads at once (%llu compiled, each reported once): %.2f s of "
           "wall time, %.1f ms a pipeline\n",
           count, THREADS, (unsigned long long)compiled, seconds, seconds * 1e3 / count);
}

/* ---- pipelines specialized to plans, shared by the plans alike ------------------------------ */

/* Converting plans (src/context/plan_pipelines.c): 8 threads, released together, each create a
 * float32 -> float16 split and a float16 -> float32 join of one shape on one context, so that
 * they race to make the two pipelines. Every split plan has the same pipeline, every join plan
 * the same other one, and each of the two is reported once, however many were compiled; then
 * the plans are destroyed in the threads' order and a later plan of the split's spec still
 * finds the context's (a destroyed plan leaves it), compiling nothing. */
typedef struct convert_worker {
    vksplit_context* ctx;
    int index;
    atomic_int* go;
    vksplit_plan *split, *join;
    unsigned checks, failures;
} convert_worker;

static const uint64_t convert_sizes[2] = {8, 96}, convert_lengths[2] = {32, 64};

static vksplit_result convert_plan(vksplit_context* ctx, int join, vksplit_plan** out, vksplit_error* err)
{
    vksplit_plan_options o = {0};
    o.convert.whole = VKSPLIT_TYPE_FLOAT32;
    o.convert.parts = VKSPLIT_TYPE_FLOAT16;
    if (join) {
        vksplit_join_desc d = {0, 2, convert_sizes, NULL, 1, 2, convert_lengths, NULL, 0};
        return vksplit_plan_create_join(ctx, &d, &o, out, err);
    }
    vksplit_split_desc d = {0, 2, convert_sizes, NULL, 1, 2, convert_lengths, NULL, 0};
    return vksplit_plan_create(ctx, &d, &o, out, err);
}

static void* convert_thread(void* arg)
{
    convert_worker* cw = arg;
    worker w = {.index = cw->index}; /* for check() */
    while (!atomic_load(cw->go))
        sched_yield();
    vksplit_error err;
    int join_first = cw->index & 1; /* half the threads race for the join's pipeline first */
    for (int k = 0; k < 2; k++) {
        int join = k ^ join_first;
        check(&w, convert_plan(cw->ctx, join, join ? &cw->join : &cw->split, &err) == VKSPLIT_OK, "%s plan: %s",
              join ? "a join" : "a split", err.message);
    }
    cw->checks = w.checks;
    cw->failures = w.failures;
    return NULL;
}

static void shared_plan_pipelines(vksplit_runner* runner)
{
    static reported reports;
    vksplit_context* ctx = on_demand_context(runner, &reports); /* the only pipelines made: the plans' */
    if (!ctx)
        return;
    vksplit_error err;
    convert_worker workers[THREADS];
    pthread_t threads[THREADS];
    atomic_int go = 0;
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (convert_worker){ctx, t, &go, NULL, NULL, 0, 0};
        CHECK(pthread_create(&threads[t], NULL, convert_thread, &workers[t]) == 0);
    }
    atomic_store(&go, 1);
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        test_checks += workers[t].checks;
        test_failures += workers[t].failures;
    }
    uint64_t compiled = vkc_pipelines_created(); /* the races' losers too */
    VkPipeline split = workers[0].split ? vksplit_plan_pipeline(workers[0].split) : VK_NULL_HANDLE;
    VkPipeline join = workers[0].join ? vksplit_plan_pipeline(workers[0].join) : VK_NULL_HANDLE;
    CHECK_MSG(split && join && split != join, "the split's and the join's pipelines: %p and %p", (void*)split,
              (void*)join);
    for (int t = 1; t < THREADS; t++)
        CHECK_MSG(workers[t].split && workers[t].join && vksplit_plan_pipeline(workers[t].split) == split &&
                      vksplit_plan_pipeline(workers[t].join) == join,
                  "thread %d's plans do not share the context's pipelines", t);
    unsigned told = atomic_load(&reports.count);
    CHECK_MSG(told == 2 && compiled >= 2, "%u pipelines reported for 2 specs (%llu compiled)", told,
              (unsigned long long)compiled);
    for (unsigned i = 0; i < told && i < MAX_REPORTED; i++)
        CHECK_MSG(reports.pipelines[i] == split || reports.pipelines[i] == join, "report %u names another pipeline", i);
    for (int t = 0; t < THREADS; t++) {
        vksplit_plan_destroy(workers[t].split);
        vksplit_plan_destroy(workers[t].join);
    }
    vkc_reset();
    vksplit_plan* later = NULL;
    CHECK_RESULT(VKSPLIT_OK, convert_plan(ctx, 0, &later, &err), &err);
    CHECK_MSG(later && vksplit_plan_pipeline(later) == split && vkc_pipelines_created() == 0,
              "a plan made after its spec's plans were destroyed: pipeline %p (the context's %p), %llu compiled",
              later ? (void*)vksplit_plan_pipeline(later) : NULL, (void*)split,
              (unsigned long long)vkc_pipelines_created());
    vksplit_plan_destroy(later);
    vksplit_context_destroy(ctx);
    printf("converting plans of 2 specs created by %d threads at once: %llu compiled, 2 kept and reported, shared by "
           "all %d plans\n",
           THREADS, (unsigned long long)compiled, 2 * THREADS);
}

/* ---- main ------------------------------------------------------------------------------------ */

static void run_workers(shared* s, void* (*fn)(void*), const char* label)
{
    worker workers[THREADS];
    pthread_t threads[THREADS];
    memset(workers, 0, sizeof workers);
    double start = core_now();
    for (int t = 0; t < THREADS; t++) {
        worker* w = &workers[t];
        w->s = s;
        w->index = t;
        VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        pool.queueFamilyIndex = s->info.queue_family_index;
        CHECK(vkCreateCommandPool(s->info.device, &pool, NULL, &w->pool) == VK_SUCCESS);
        VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        alloc.commandPool = w->pool;
        alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        alloc.commandBufferCount = 1;
        CHECK(vkAllocateCommandBuffers(s->info.device, &alloc, &w->cmd) == VK_SUCCESS);
        VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        CHECK(vkCreateFence(s->info.device, &fence, NULL, &w->fence) == VK_SUCCESS);
    }
    atomic_store(&s->ready, 0);
    atomic_store(&s->go, 0);
    atomic_store(&s->most_in_flight, 0);
    for (int t = 0; t < THREADS; t++)
        CHECK(pthread_create(&threads[t], NULL, fn, &workers[t]) == 0);
    unsigned rounds = fn == record_thread ? s->rounds : 1;
    for (unsigned round = 0; round < rounds; round++) {
        while (atomic_load(&s->ready) < THREADS * (int)(round + 1))
            sched_yield();
        atomic_store(&s->go, (int)round + 1);
    }
    unsigned splits = 0, argument_splits = 0;
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        worker* w = &workers[t];
        test_checks += w->checks;
        test_failures += w->failures;
        splits += w->splits;
        argument_splits += w->argument_splits;
        vkDestroyFence(s->info.device, w->fence, NULL);
        vkDestroyCommandPool(s->info.device, w->pool, NULL);
    }
    CHECK_MSG(splits > 0, "%s: no split ran", label);
    int most = atomic_load(&s->most_in_flight);
    CHECK_MSG(most >= 2, "%s: the threads never overlapped", label);
    printf("%s: %d threads (up to %d at once), %u splits checked (%u with per-record arguments), %.2f s\n", label,
           THREADS, most, splits, argument_splits, core_now() - start);
}

static void same_plans(shared* s, const char* label, int expect_arguments)
{
    static uint64_t sizes[3][3], splits[3][MAX_OUTPUTS];
    const uint32_t counts[3] = {16, 3, 3};
    const uint64_t inner[3] = {5, 9, 700};
    const vksplit_path paths[3] = {VKSPLIT_PATH_COMPUTE, VKSPLIT_PATH_COMPUTE, VKSPLIT_PATH_TRANSFER};
    vksplit_plan* plans[3] = {NULL, NULL, NULL};
    int made = 1;
    for (int p = 0; p < 3; p++) {
        uint64_t total = 0;
        for (uint32_t i = 0; i < counts[p]; i++)
            total += splits[p][i] = 1 + i % 3;
        sizes[p][0] = 3;
        sizes[p][1] = total;
        sizes[p][2] = inner[p];
        s->descs[p] = core_packed_desc(4, 3, sizes[p], 1, counts[p], splits[p]);
        vksplit_plan_options options = {.path = paths[p]};
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(s->ctx, &s->descs[p], &options, &plans[p], &err), &err);
        s->plans[p] = plans[p];
        made = made && plans[p];
    }
    vksplit_plan_info info;
    if (made) {
        vksplit_plan_get_info(plans[0], &info);
        CHECK_MSG((info.argument_bytes > 0) == (expect_arguments != 0), "16 outputs: argument_bytes %llu",
                  (unsigned long long)info.argument_bytes);
        run_workers(s, record_thread, label);
    }
    for (int p = 0; p < 3; p++)
        vksplit_plan_destroy(plans[p]);
}

int main(int argc, char** argv)
{
    const char* which = argc > 1 ? argv[1] : "all";
    if (strcmp(which, "runners") == 0 || strcmp(which, "all") == 0)
        runners_at_once();
    vksplit_runner* runner = test_runner_create();
    shared s;
    memset(&s, 0, sizeof s);
    vksplit_runner_get_info(runner, &s.info);
    test_vulkan_load(runner);
    s.ctx = vksplit_runner_context(runner);
    vkGetPhysicalDeviceMemoryProperties(s.info.physical_device, &s.memory);
    pthread_mutex_init(&s.queue_lock, NULL);
    s.iterations = core_scaled(24);
    s.rounds = core_scaled(6);
    if (strcmp(which, "plans") == 0 || strcmp(which, "all") == 0)
        run_workers(&s, plans_thread, "plans created, recorded and destroyed by every thread");
    if (strcmp(which, "pipelines") == 0 || strcmp(which, "all") == 0) {
        pipelines_on_demand(runner);
        shared_plan_pipelines(runner);
    }
    if (strcmp(which, "record") == 0 || strcmp(which, "all") == 0) {
        same_plans(&s, "the same plans recorded by every thread at once (device addresses)",
                   (s.info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0);
        /* The descriptor fallback: a context without device addresses on the same device. */
        if (s.info.enabled_features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR) {
            vksplit_context_desc desc = {0};
            desc.instance = s.info.instance;
            desc.physical_device = s.info.physical_device;
            desc.device = s.info.device;
            desc.get_instance_proc_addr = s.info.get_instance_proc_addr;
            desc.enabled_features = s.info.enabled_features & ~(vksplit_features)VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS;
            vksplit_error err;
            vksplit_context* runner_ctx = s.ctx;
            s.ctx = NULL;
            CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&desc, &s.ctx, &err), &err);
            if (s.ctx)
                same_plans(&s, "the same plans recorded by every thread at once (push descriptors)", 0);
            vksplit_context_destroy(s.ctx);
            s.ctx = runner_ctx;
        } else {
            test_skip_part("the same plans on the push-descriptor path: the device has no VK_KHR_push_descriptor");
        }
    }
    pthread_mutex_destroy(&s.queue_lock);
    return test_finish(runner);
}
