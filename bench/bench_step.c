/* One loop step's command buffer and its submission (bench_step.h). */
#include "bench_step.h"

#include <stdio.h>

void bench_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src,
                   VkPipelineStageFlags dst_stage, VkAccessFlags dst)
{
    VkMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = src, .dstAccessMask = dst};
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &b, 0, NULL, 0, NULL);
}

#define ALL VK_PIPELINE_STAGE_ALL_COMMANDS_BIT
#define ANY_ACCESS (VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT)

int bench_step_begin(VkCommandBuffer cmd)
{
    VkCommandBufferBeginInfo info = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    if (vkResetCommandBuffer(cmd, 0) != VK_SUCCESS || vkBeginCommandBuffer(cmd, &info) != VK_SUCCESS)
        return 0;
    bench_barrier(cmd, ALL, VK_ACCESS_MEMORY_WRITE_BIT, ALL, ANY_ACCESS);
    return 1;
}

int bench_step_end(VkCommandBuffer cmd)
{
    bench_barrier(cmd, ALL, VK_ACCESS_MEMORY_WRITE_BIT, ALL | VK_PIPELINE_STAGE_HOST_BIT,
                  ANY_ACCESS | VK_ACCESS_HOST_READ_BIT);
    return vkEndCommandBuffer(cmd) == VK_SUCCESS;
}

int bench_step_submit(VkDevice device, VkQueue queue, VkFence fence, VkCommandBuffer cmd, const char* name)
{
    VkSubmitInfo info = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    if (vkQueueSubmit(queue, 1, &info, fence) != VK_SUCCESS ||
        vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX) != VK_SUCCESS ||
        vkResetFences(device, 1, &fence) != VK_SUCCESS) {
        fprintf(stderr, "split_bench: %s: a step's submission failed\n", name);
        return 0;
    }
    return 1;
}
