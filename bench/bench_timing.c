/* Batches, warm-up and latency mode (bench_timing.h). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "bench_timing.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int compare_doubles(const void* a, const void* b)
{
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

double bench_median(double* values, int count)
{
    if (count <= 0)
        return 0;
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2]);
}

static double host_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

uint32_t bench_timestamp_bits(const vksplit_runner_info* info)
{
    uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(info->physical_device, &families, NULL);
    VkQueueFamilyProperties* props = calloc(families ? families : 1, sizeof *props);
    if (!props)
        return 0;
    vkGetPhysicalDeviceQueueFamilyProperties(info->physical_device, &families, props);
    uint32_t bits = info->queue_family_index < families ? props[info->queue_family_index].timestampValidBits : 0;
    free(props);
    return bits;
}

int bench_timer_create(const vksplit_runner_info* info, bench_timer* t)
{
    *t = (bench_timer){info->device, info->queue, VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE, 0, 0};
    uint32_t bits = bench_timestamp_bits(info);
    if (bits == 0) {
        fprintf(stderr,
                "split_bench: the queue family has no timestamps (timestampValidBits 0): nothing to time with\n");
        return 0;
    }
    t->tick_mask = bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    t->tick_s = info->timestamp_period * 1e-9;
    VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                    .queueFamilyIndex = info->queue_family_index};
    VkQueryPoolCreateInfo queries = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                     .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                     .queryCount = BENCH_QUERIES};
    VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (vkCreateCommandPool(t->device, &pool, NULL, &t->pool) != VK_SUCCESS ||
        vkCreateQueryPool(t->device, &queries, NULL, &t->queries) != VK_SUCCESS ||
        vkCreateFence(t->device, &fence, NULL, &t->fence) != VK_SUCCESS) {
        fprintf(stderr, "split_bench: the timer's command pool, query pool or fence failed\n");
        bench_timer_destroy(t);
        return 0;
    }
    return 1;
}

void bench_timer_destroy(bench_timer* t)
{
    if (t->fence)
        vkDestroyFence(t->device, t->fence, NULL);
    if (t->queries)
        vkDestroyQueryPool(t->device, t->queries, NULL);
    if (t->pool)
        vkDestroyCommandPool(t->device, t->pool, NULL);
    t->fence = VK_NULL_HANDLE;
    t->queries = VK_NULL_HANDLE;
    t->pool = VK_NULL_HANDLE;
}

/* Everything before (earlier repetitions, timestamps, earlier submissions) completes and its
 * writes are visible before anything after starts: the repetitions neither overlap nor race
 * on the outputs they all write, and a timestamp is written before the work it opens. */
static void barrier(VkCommandBuffer cmd, VkAccessFlags src, VkAccessFlags dst)
{
    VkMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = src, .dstAccessMask = dst};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &b, 0, NULL,
                         0, NULL);
}

#define WRITES (VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT)
#define READS_WRITES                                                                        \
    (VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT | \
     VK_ACCESS_TRANSFER_WRITE_BIT)

static void stamp(bench_timer* t, VkCommandBuffer cmd, uint32_t query)
{
    vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, t->queries, query);
    barrier(cmd, WRITES, READS_WRITES);
}

/* Allocates cmd if needed and begins it with its queries reset and a full barrier on all
 * earlier submissions (their uploads, the previous batch). */
static int begin(bench_timer* t, VkCommandBuffer* cmd, uint32_t first_query, uint32_t queries)
{
    if (!*cmd) {
        VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                             .commandPool = t->pool,
                                             .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                             .commandBufferCount = 1};
        if (vkAllocateCommandBuffers(t->device, &alloc, cmd) != VK_SUCCESS) {
            fprintf(stderr, "split_bench: vkAllocateCommandBuffers failed\n");
            return 0;
        }
    }
    VkCommandBufferBeginInfo info = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    if (vkResetCommandBuffer(*cmd, 0) != VK_SUCCESS || vkBeginCommandBuffer(*cmd, &info) != VK_SUCCESS)
        return 0;
    vkCmdResetQueryPool(*cmd, t->queries, first_query, queries);
    barrier(*cmd, VK_ACCESS_MEMORY_WRITE_BIT, VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
    return 1;
}

static int submit(bench_timer* t, VkCommandBuffer cmd)
{
    VkSubmitInfo info = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    if (vkResetFences(t->device, 1, &t->fence) != VK_SUCCESS ||
        vkQueueSubmit(t->queue, 1, &info, t->fence) != VK_SUCCESS ||
        vkWaitForFences(t->device, 1, &t->fence, VK_TRUE, UINT64_MAX) != VK_SUCCESS) {
        fprintf(stderr, "split_bench: a timed submission failed\n");
        return 0;
    }
    return 1;
}

static int read_stamps(bench_timer* t, uint32_t first, uint32_t count, uint64_t* out)
{
    return vkGetQueryPoolResults(t->device, t->queries, first, count, count * sizeof *out, out, sizeof *out,
                                 VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) == VK_SUCCESS;
}

static double elapsed(const bench_timer* t, uint64_t from, uint64_t to)
{
    return (double)((to - from) & t->tick_mask) * t->tick_s;
}

int bench_batch_record(bench_timer* t, bench_batch* b, const bench_op* op, uint32_t reps, uint32_t query)
{
    b->op = op;
    b->reps = reps;
    b->query = query;
    if (!begin(t, &b->cmd, query, 2))
        return 0;
    stamp(t, b->cmd, query);
    for (uint32_t k = 0; k < reps; k++) {
        if (k)
            barrier(b->cmd, WRITES, READS_WRITES);
        if (!op->record(op->user, b->cmd))
            return 0;
    }
    stamp(t, b->cmd, query + 1);
    return vkEndCommandBuffer(b->cmd) == VK_SUCCESS;
}

double bench_batch_run(bench_timer* t, const bench_batch* b)
{
    uint64_t stamps[2];
    if (!submit(t, b->cmd) || !read_stamps(t, b->query, 2, stamps))
        return -1;
    return elapsed(t, stamps[0], stamps[1]);
}

void bench_batch_free(bench_timer* t, bench_batch* b)
{
    if (b->cmd)
        vkFreeCommandBuffers(t->device, t->pool, 1, &b->cmd);
    b->cmd = VK_NULL_HANDLE;
    b->reps = 0;
}

/* The K for which a batch that took `seconds` at `reps` lasts batch_s, with a margin; never
 * fewer than reps + 1 (it was too short), at most max_reps. */
static uint32_t grown_reps(const bench_sizing* s, uint32_t reps, double seconds)
{
    double want = seconds > 0 ? ceil((double)reps * s->batch_s * 1.1 / seconds) : (double)reps * 16;
    if (want < reps + 1.0)
        want = reps + 1.0;
    return want > s->max_reps ? s->max_reps : (uint32_t)want;
}

double bench_warm(bench_timer* t, bench_batch* b, const bench_op* op, const bench_sizing* sizing, double warm_s,
                  uint32_t* batches)
{
    *batches = 0;
    uint32_t reps = sizing->fixed_reps ? sizing->fixed_reps : b->reps ? b->reps : 1;
    if ((!b->cmd || b->query != op->warm_slot || b->reps != reps) && !bench_batch_record(t, b, op, reps, op->warm_slot))
        return -1;
    double spent = 0, host_start = host_seconds();
    for (;;) {
        double seconds = bench_batch_run(t, b);
        if (seconds < 0)
            return -1;
        spent += seconds;
        ++*batches;
        int settled = sizing->fixed_reps || seconds >= sizing->batch_s || b->reps >= sizing->max_reps;
        /* A device whose timestamps stand still would warm forever: the host's clock ends it. */
        if ((spent >= warm_s && settled) || host_seconds() - host_start > 10 * warm_s + 30)
            return spent;
        if (!settled && !bench_batch_record(t, b, op, grown_reps(sizing, b->reps, seconds), op->warm_slot))
            return -1;
    }
}

double bench_latency(bench_timer* t, const bench_op* op)
{
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    const uint32_t n = BENCH_LATENCY_REPS;
    int ok = begin(t, &cmd, op->latency_slot, 2 * n);
    for (uint32_t k = 0; ok && k < n; k++) {
        stamp(t, cmd, op->latency_slot + 2 * k);
        ok = op->record(op->user, cmd);
        stamp(t, cmd, op->latency_slot + 2 * k + 1);
    }
    uint64_t stamps[2 * BENCH_LATENCY_REPS];
    double per[BENCH_LATENCY_REPS];
    ok = ok && vkEndCommandBuffer(cmd) == VK_SUCCESS && submit(t, cmd) &&
         read_stamps(t, op->latency_slot, 2 * n, stamps);
    if (cmd)
        vkFreeCommandBuffers(t->device, t->pool, 1, &cmd);
    if (!ok)
        return -1;
    for (uint32_t k = 0; k < n; k++)
        per[k] = elapsed(t, stamps[2 * k], stamps[2 * k + 1]);
    return bench_median(per, (int)n);
}
