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

static int create_producer(VkDevice device, const uint32_t* code, size_t code_size, const char* module_name,
                           bench_pipelines* pipelines, uint32_t push_bytes, bench_step_objects* o)
{
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes};
    VkPipelineLayoutCreateInfo layout = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout.pushConstantRangeCount = 1;
    layout.pPushConstantRanges = &range;
    VkShaderModuleCreateInfo module_info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = code_size;
    module_info.pCode = code;
    VkShaderModule module = VK_NULL_HANDLE;
    if (vkCreatePipelineLayout(device, &layout, NULL, &o->layout) != VK_SUCCESS ||
        vkCreateShaderModule(device, &module_info, NULL, &module) != VK_SUCCESS)
        return 0;
    VkComputePipelineCreateInfo pipe = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipe.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipe.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipe.stage.module = module;
    pipe.stage.pName = "main";
    pipe.layout = o->layout;
    VkResult vr = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipe, NULL, &o->producer);
    vkDestroyShaderModule(device, module, NULL);
    if (vr == VK_SUCCESS)
        bench_pipelines_add(pipelines, o->producer, module_name, NULL);
    return vr == VK_SUCCESS;
}

int bench_step_objects_create(VkDevice device, uint32_t queue_family, const uint32_t* code, size_t code_size,
                              const char* module, bench_pipelines* pipelines, uint32_t push_bytes, const char* name,
                              bench_step_objects* o)
{
    VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                    .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                    .queueFamilyIndex = queue_family};
    VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (vkCreateCommandPool(device, &pool, NULL, &o->pool) != VK_SUCCESS ||
        vkCreateFence(device, &fence, NULL, &o->fence) != VK_SUCCESS ||
        !create_producer(device, code, code_size, module, pipelines, push_bytes, o)) {
        fprintf(stderr, "split_bench: %s: the loop's command pool, fence or producer pipeline failed\n", name);
        return 0;
    }
    return 1;
}

void bench_step_objects_destroy(VkDevice device, const bench_step_objects* o)
{
    if (o->fence)
        vkDestroyFence(device, o->fence, NULL);
    if (o->pool)
        vkDestroyCommandPool(device, o->pool, NULL); /* frees its command buffers */
    if (o->producer)
        vkDestroyPipeline(device, o->producer, NULL);
    if (o->layout)
        vkDestroyPipelineLayout(device, o->layout, NULL);
}

int bench_status_ok(const vksplit_plan* plan, const uint32_t* words, const char* name, const char* which,
                    const char* when)
{
    vksplit_error error;
    if (vksplit_parameters_status(plan, words, &error) == VKSPLIT_OK)
        return 1;
    fprintf(stderr, "split_bench: %s (%s): the %s status: %s\n", name, when, which, error.message);
    return 0;
}
