/* One plan, two command buffers, two queues. A device of the test's own (on the runner's
 * validated instance, synchronization validation on) with two queues of one compute family
 * where the device offers them, else one; a vksplit_context made from those handles, as an
 * engine would (README). Each plan is recorded into command buffer A, then B, with DIFFERENT
 * outputs, and for a plan with per-record arguments (> 10 outputs) different argument ranges:
 * A's written by vksplit_cmd_record (vkCmdUpdateBuffer), B's written on the host with
 * vksplit_write_arguments into host-visible memory and recorded with prewritten = 1. B is
 * submitted first (on the second queue), A second (on the first); both results are compared
 * byte for byte with the CPU reference, and the bytes around every output must be untouched.
 * Plans: 12 outputs (arguments), 3 outputs (push constants only), 3 outputs on the transfer
 * path. The layer must stay silent. */
#include <stdlib.h>
#include <string.h>

#include "test_vulkan.h"

#include "core_support.h"
#include "host_buffer.h"
#include "own_device.h"
#include "reference.h"
#include "test_harness.h"

#define MAX_OUTPUTS 12u
#define GUARD 0xEEu

typedef core_host_buffer host_buffer;

static int buffer_create(const own_device* d, VkDeviceSize size, host_buffer* b)
{
    return core_host_buffer_create(d->device, &d->memory, (d->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0,
                                   size, b);
}

static void buffer_destroy(const own_device* d, host_buffer* b) { core_host_buffer_destroy(d->device, b); }

/* ---- one plan, two command buffers ----------------------------------------------------------- */

/* Records plan into A (outputs at offsets[0], arguments written by vksplit_cmd_record) and B
 * (offsets[1], arguments host-written), submits B then A, and checks every byte. */
static void record_and_submit(const own_device* d, const vksplit_plan* plan, const vksplit_split_desc* desc,
                              const char* label, host_buffer* in, host_buffer* out, host_buffer* args,
                              uint64_t (*offsets)[MAX_OUTPUTS], uint64_t end)
{
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint32_t outputs = info.output_count;
    uint64_t args_b = (info.argument_bytes + 255) & ~(uint64_t)255; /* B's range; A's at 0 */
    vksplit_error err;
    for (uint64_t i = 0; i < info.input_span_bytes; i++)
        in->mapped[i] = (uint8_t)(i * 37 + 5);
    memset(out->mapped, GUARD, end);

    vksplit_binding input = {in->buffer, 0};
    vksplit_binding bindings[2][MAX_OUTPUTS];
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < outputs; i++)
            bindings[r][i] = (vksplit_binding){out->buffer, offsets[r][i]};
    vksplit_bindings b[2] = {{.whole = input, .parts = bindings[0], .arguments = {args->buffer, 0, 0}},
                             {.whole = input, .parts = bindings[1], .arguments = {args->buffer, args_b, 1}}};
    if (info.argument_bytes) {
        memset(args->mapped + args_b, 0, info.argument_bytes);
        CHECK_RESULT(VKSPLIT_OK, vksplit_write_arguments(plan, &b[1], args->mapped + args_b, &err), &err);
        uint64_t first;
        memcpy(&first, args->mapped + args_b, sizeof first);
        CHECK_MSG(first == out->address + offsets[1][0], "%s: host-written arguments start 0x%llx, not 0x%llx", label,
                  (unsigned long long)first, (unsigned long long)(out->address + offsets[1][0]));
    }

    /* Record A, then B. */
    VkCommandBuffer cmd[2];
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = d->pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 2;
    CHECK(vkAllocateCommandBuffers(d->device, &alloc, cmd) == VK_SUCCESS);
    int transfer = info.path == VKSPLIT_PATH_TRANSFER;
    for (int r = 0; r < 2; r++) {
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        CHECK(vkBeginCommandBuffer(cmd[r], &begin) == VK_SUCCESS);
        /* Before: the input and arguments were written on the host before the submit, which
         * makes them visible; nothing else touched the outputs. */
        CHECK_RESULT(VKSPLIT_OK, vksplit_cmd_record(plan, cmd[r], &b[r], &err), &err);
        /* After: the outputs' writes -> the host that reads them. */
        VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        barrier.srcAccessMask = transfer ? VK_ACCESS_TRANSFER_WRITE_BIT : VK_ACCESS_SHADER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(cmd[r], transfer ? VK_PIPELINE_STAGE_TRANSFER_BIT : VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                             VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
        CHECK(vkEndCommandBuffer(cmd[r]) == VK_SUCCESS);
    }

    /* Submit B first, on the second queue (the only one where there is one), then A. */
    VkFence fences[2];
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    for (int r = 0; r < 2; r++)
        CHECK(vkCreateFence(d->device, &fence_info, NULL, &fences[r]) == VK_SUCCESS);
    for (int k = 0; k < 2; k++) {
        int r = 1 - k; /* B, then A */
        VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &cmd[r];
        CHECK(vkQueueSubmit(d->queues[r == 1 ? 1 : 0], 1, &submit, fences[r]) == VK_SUCCESS);
    }
    CHECK(vkWaitForFences(d->device, 2, fences, VK_TRUE, UINT64_MAX) == VK_SUCCESS);

    /* Every output of both recordings, byte for byte, and the guard bytes after each. */
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < outputs; i++) {
            uint64_t span = vksplit_plan_output_span_bytes(plan, i);
            uint8_t* want = malloc(span ? span : 1);
            ref_split_output(desc, i, in->mapped, want);
            CHECK_MSG(memcmp(out->mapped + offsets[r][i], want, span) == 0, "%s: recording %c, output %u differs",
                      label, 'A' + r, i);
            free(want);
            uint64_t next = r == 1 && i + 1 == outputs ? end : i + 1 < outputs ? offsets[r][i + 1] : offsets[1][0];
            for (uint64_t at = offsets[r][i] + span; at < next; at++)
                if (out->mapped[at] != GUARD) {
                    CHECK_MSG(0, "%s: recording %c wrote guard byte %llu after output %u", label, 'A' + r,
                              (unsigned long long)at, i);
                    break;
                }
        }
    printf("%-36s %-50s A: %s, B: %s, %u queue(s)\n", label, info.summary,
           info.argument_bytes ? "arguments by vkCmdUpdateBuffer" : "push constants",
           info.argument_bytes ? "arguments host-written (prewritten)" : "push constants", d->queue_count);
    for (int r = 0; r < 2; r++)
        vkDestroyFence(d->device, fences[r], NULL);
    vkFreeCommandBuffers(d->device, d->pool, 2, cmd);
}

/* Plans `outputs` float32 outputs of [3, n, inner] split along axis 1 and shares the plan. */
static void share_plan(const own_device* d, vksplit_context* ctx, const char* label, uint32_t outputs, uint64_t inner,
                       vksplit_path path)
{
    uint64_t lengths[MAX_OUTPUTS], total = 0;
    for (uint32_t i = 0; i < outputs; i++)
        total += lengths[i] = 1 + (i * 5) % 3;
    const uint64_t sizes[3] = {3, total, inner};
    vksplit_split_desc desc = core_packed_desc(4, 3, sizes, 1, outputs, lengths);
    vksplit_plan_options options = {.path = path};
    vksplit_plan_info info;
    vksplit_plan* plan = test_plan_create(ctx, &desc, NULL, &options, &info);
    if (!plan)
        return;

    /* Outputs of A and B in one buffer, A's first, each 256-byte aligned with guard gaps. */
    uint64_t offsets[2][MAX_OUTPUTS], end = 0;
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < outputs; i++) {
            offsets[r][i] = end;
            end = (end + vksplit_plan_output_span_bytes(plan, i) + 64 + 255) & ~(uint64_t)255;
        }
    host_buffer in, out, args;
    memset(&args, 0, sizeof args);
    int ok = buffer_create(d, info.input_span_bytes, &in) && buffer_create(d, end, &out);
    /* Two argument ranges, 256 bytes apart: A's (device-written) and B's (host-written). */
    uint64_t args_b = (info.argument_bytes + 255) & ~(uint64_t)255;
    if (ok && info.argument_bytes)
        ok = buffer_create(d, args_b + info.argument_bytes, &args);
    CHECK_MSG(ok, "%s: buffers", label);
    if (ok)
        record_and_submit(d, plan, &desc, label, &in, &out, &args, offsets, end);
    buffer_destroy(d, &args);
    buffer_destroy(d, &out);
    buffer_destroy(d, &in);
    vksplit_plan_destroy(plan);
}

int main(void)
{
    vksplit_runner* runner = test_runner_create(); /* the validated instance (sync validation on) */
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    test_vulkan_load(runner);
    own_device d;
    int ok = own_device_create(&info, 2, NULL, 0, &d);
    CHECK_MSG(ok, "the test's own device could not be made");
    if (ok) {
        printf("queue family %u: using %u queue(s)\n", d.family, d.queue_count);
        vksplit_context* ctx = own_device_context(&d, &info, NULL);
        CHECK_MSG(ctx != NULL, "no context on the test's own device");
        if (ctx) {
            if (d.features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS)
                share_plan(&d, ctx, "12 outputs (per-record arguments)", 12, 5, VKSPLIT_PATH_COMPUTE);
            share_plan(&d, ctx, "3 outputs, compute", 3, 8, VKSPLIT_PATH_COMPUTE);
            share_plan(&d, ctx, "3 outputs, transfer", 3, 600, VKSPLIT_PATH_TRANSFER);
        }
        vksplit_context_destroy(ctx);
    }
    own_device_destroy(&d);
    return test_finish(runner); /* zero validation messages, else the test fails */
}
