/* vksplit_runner_submit: one command buffer, recorded by the caller between two full
 * barriers, submitted and waited for. Below the runner's creation (runner.c) and its
 * transfers (staging.c, run_plan.c), which both use it. */
#include "runner_internal.h"

#if defined(_WIN32)
#    include <windows.h>
#    define yield_thread() ((void)SwitchToThread())
#else
#    include <sched.h>
#    define yield_thread() ((void)sched_yield())
#endif

/* Polls of the fence before the runner sleeps on it: a blocking wait's wake-up costs tens of
 * microseconds on a busy or virtual machine (lavapipe's one-token append: 88 us of wall for 41
 * of GPU), about what the whole submission of a small copy takes; ggml-vulkan polls its fence
 * the same way. Each poll yields the core, so that a CPU device's threads run meanwhile. */
#define FENCE_POLLS 4096

/* A full memory dependency: everything earlier (other submits included) before everything
 * later, and device writes visible to the host. The runner is a tool: simple beats lean. */
static void full_barrier(const vksplit_runner* runner, VkCommandBuffer cmd, VkAccessFlags dst_access,
                         VkPipelineStageFlags dst_stage)
{
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
    barrier.dstAccessMask = dst_access;
    runner->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, dst_stage, 0, 1, &barrier, 0, NULL, 0,
                                    NULL);
}

vksplit_result vksplit_runner_submit(vksplit_runner* runner, vksplit_runner_record_fn record, void* user,
                                     vksplit_error* error)
{
    if (!runner || !record)
        return VKSPLIT__FAIL0(error, RUNNER_SUBMIT_NULL);
    const runner_vk* vk = &runner->vk;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VkResult vr = vk->vkBeginCommandBuffer(runner->cmd, &begin);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkBeginCommandBuffer", vr);
    full_barrier(runner, runner->cmd, VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
                 VK_PIPELINE_STAGE_ALL_COMMANDS_BIT);
    vksplit_result r = record(user, runner->cmd, error);
    full_barrier(runner, runner->cmd, VK_ACCESS_HOST_READ_BIT, VK_PIPELINE_STAGE_HOST_BIT);
    vr = vk->vkEndCommandBuffer(runner->cmd);
    if (r == VKSPLIT_OK && vr != VK_SUCCESS)
        r = vksplit__vk_fail(error, "vkEndCommandBuffer", vr);
    if (r == VKSPLIT_OK) {
        /* Reset before the submit, not after the wait: a wait or a reset that failed would
         * leave the fence signalled, and every later submit would pass a signalled fence. */
        vr = vk->vkResetFences(runner->device, 1, &runner->fence);
        if (vr != VK_SUCCESS)
            r = vksplit__vk_fail(error, "vkResetFences", vr);
    }
    if (r == VKSPLIT_OK) {
        VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
        submit.commandBufferCount = 1;
        submit.pCommandBuffers = &runner->cmd;
        vr = vk->vkQueueSubmit(runner->queue, 1, &submit, runner->fence);
        if (vr != VK_SUCCESS) {
            r = vksplit__vk_fail(error, "vkQueueSubmit", vr);
        } else {
            const char* wait = "vkGetFenceStatus";
            vr = VK_NOT_READY;
            for (uint32_t poll = 0; poll < FENCE_POLLS && vr == VK_NOT_READY; poll++) {
                vr = vk->vkGetFenceStatus(runner->device, runner->fence);
                if (vr == VK_NOT_READY)
                    yield_thread();
            }
            if (vr == VK_NOT_READY) {
                wait = "vkWaitForFences";
                vr = vk->vkWaitForFences(runner->device, 1, &runner->fence, VK_TRUE, UINT64_MAX);
            }
            if (vr != VK_SUCCESS) {
                r = vksplit__vk_fail(error, wait, vr);
                /* The work may still be pending: the command buffer is reset below. */
                vk->vkDeviceWaitIdle(runner->device);
            }
        }
    }
    vk->vkResetCommandBuffer(runner->cmd, 0);
    return r;
}
