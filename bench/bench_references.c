/* The compute-copy ceiling (bench_references.h). */
#include "bench_references.h"

#include <stdio.h>
#include <string.h>

extern const uint32_t bench_copy_ceiling_spv[];
extern const size_t bench_copy_ceiling_spv_size;
extern const char bench_copy_ceiling_spv_module[];

typedef struct ceiling_push {
    uint64_t src, dst, words;
    uint32_t grid_x, pad;
} ceiling_push;

int bench_ceiling_create(const vksplit_runner_info* info, bench_pipelines* pipelines, bench_ceiling* out)
{
    memset(out, 0, sizeof *out);
    out->device = info->device;
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(info->physical_device, &props);
    out->max_group_x = props.limits.maxComputeWorkGroupCount[0];
    /* Workgroups of 256, or the most the device runs (it may report as few as 128). */
    out->workgroup = 256;
    while (out->workgroup > props.limits.maxComputeWorkGroupInvocations ||
           out->workgroup > props.limits.maxComputeWorkGroupSize[0])
        out->workgroup /= 2;
    VkShaderModuleCreateInfo module_info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = bench_copy_ceiling_spv_size;
    module_info.pCode = bench_copy_ceiling_spv;
    VkShaderModule module;
    if (vkCreateShaderModule(info->device, &module_info, NULL, &module) != VK_SUCCESS) {
        fprintf(stderr, "split_bench: vkCreateShaderModule (ceiling) failed\n");
        return 0;
    }
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(ceiling_push)};
    VkPipelineLayoutCreateInfo layout = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout.pushConstantRangeCount = 1;
    layout.pPushConstantRanges = &range;
    VkResult vr = vkCreatePipelineLayout(info->device, &layout, NULL, &out->layout);
    VkComputePipelineCreateInfo pipe = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipe.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipe.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipe.stage.module = module;
    pipe.stage.pName = "main";
    VkSpecializationMapEntry entry = {0, 0, sizeof out->workgroup};
    VkSpecializationInfo spec = {1, &entry, sizeof out->workgroup, &out->workgroup};
    pipe.stage.pSpecializationInfo = &spec;
    pipe.layout = out->layout;
    if (vr == VK_SUCCESS)
        vr = vkCreateComputePipelines(info->device, VK_NULL_HANDLE, 1, &pipe, NULL, &out->pipeline);
    vkDestroyShaderModule(info->device, module, NULL);
    if (vr != VK_SUCCESS) {
        fprintf(stderr, "split_bench: the ceiling's pipeline failed: VkResult %d\n", (int)vr);
        bench_ceiling_destroy(out);
        return 0;
    }
    bench_pipelines_add(pipelines, out->pipeline, bench_copy_ceiling_spv_module, NULL);
    return 1;
}

void bench_ceiling_destroy(bench_ceiling* c)
{
    if (c->pipeline)
        vkDestroyPipeline(c->device, c->pipeline, NULL);
    if (c->layout)
        vkDestroyPipelineLayout(c->device, c->layout, NULL);
    memset(c, 0, sizeof *c);
}

void bench_ceiling_record(const bench_ceiling* c, VkCommandBuffer cmd, VkDeviceAddress src, VkDeviceAddress dst,
                          uint64_t bytes)
{
    ceiling_push push = {src, dst, bytes / 16, 0, 0};
    uint64_t tile = 4 * (uint64_t)c->workgroup;
    uint64_t groups = (push.words + tile - 1) / tile;
    uint64_t x = groups < c->max_group_x ? groups : c->max_group_x;
    uint64_t y = x ? (groups + x - 1) / x : 0;
    push.grid_x = (uint32_t)x;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipeline);
    vkCmdPushConstants(cmd, c->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    if (groups)
        vkCmdDispatch(cmd, (uint32_t)x, (uint32_t)y, 1);
}
