/* A test's own command buffer, submitted and waited for (submit.h). */
#include "submit.h"

VkCommandBuffer core_cmd_begin(VkDevice device, VkCommandPool pool, int one_time)
{
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if (vkAllocateCommandBuffers(device, &alloc, &cmd) != VK_SUCCESS)
        return VK_NULL_HANDLE;
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = one_time ? VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT : 0;
    if (vkBeginCommandBuffer(cmd, &begin) != VK_SUCCESS) {
        vkFreeCommandBuffers(device, pool, 1, &cmd);
        return VK_NULL_HANDLE;
    }
    return cmd;
}

int core_cmd_end_for_host(VkCommandBuffer cmd)
{
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, NULL,
                         0, NULL);
    return vkEndCommandBuffer(cmd) == VK_SUCCESS;
}

int core_submit_wait(VkDevice device, VkQueue queue, VkCommandBuffer cmd, VkFence fence)
{
    VkFence own = VK_NULL_HANDLE;
    if (!fence) {
        VkFenceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        if (vkCreateFence(device, &info, NULL, &own) != VK_SUCCESS)
            return 0;
        fence = own;
    }
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cmd;
    int ok = vkQueueSubmit(queue, 1, &submit, fence) == VK_SUCCESS &&
             vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX) == VK_SUCCESS;
    if (own)
        vkDestroyFence(device, own, NULL);
    else
        ok = vkResetFences(device, 1, &fence) == VK_SUCCESS && ok;
    return ok;
}
