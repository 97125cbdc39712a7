/* The tests' producer of device parameters (device_producer.h). */
#include "device_producer.h"

#include <string.h>

#include "device_producer_spv.h"
#include "rows_producer_spv.h"

/* The pipeline of one of the two producers over (state, the written buffer at its offset). */
static int producer_create(const uint32_t* code, size_t code_bytes, VkDevice device, VkBuffer state,
                           VkBuffer parameters, VkDeviceSize parameters_offset, core_producer* out)
{
    memset(out, 0, sizeof *out);
    out->device = device;
    out->first_word = (uint32_t)(parameters_offset / 4);
    VkDescriptorSetLayoutBinding bindings[2];
    memset(bindings, 0, sizeof bindings);
    for (uint32_t b = 0; b < 2; b++) {
        bindings[b].binding = b;
        bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        bindings[b].descriptorCount = 1;
        bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo set_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    set_info.bindingCount = 2;
    set_info.pBindings = bindings;
    if (vkCreateDescriptorSetLayout(device, &set_info, NULL, &out->set_layout) != VK_SUCCESS)
        return 0;
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
    VkPipelineLayoutCreateInfo layout_info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout_info.setLayoutCount = 1;
    layout_info.pSetLayouts = &out->set_layout;
    layout_info.pushConstantRangeCount = 1;
    layout_info.pPushConstantRanges = &range;
    if (vkCreatePipelineLayout(device, &layout_info, NULL, &out->layout) != VK_SUCCESS)
        return 0;
    VkShaderModuleCreateInfo module_info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = code_bytes;
    module_info.pCode = code;
    VkShaderModule module = VK_NULL_HANDLE;
    if (vkCreateShaderModule(device, &module_info, NULL, &module) != VK_SUCCESS)
        return 0;
    VkComputePipelineCreateInfo info = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.layout = out->layout;
    VkResult vr = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &info, NULL, &out->pipeline);
    vkDestroyShaderModule(device, module, NULL);
    if (vr != VK_SUCCESS)
        return 0;
    VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
    VkDescriptorPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool_info.maxSets = 1;
    pool_info.poolSizeCount = 1;
    pool_info.pPoolSizes = &size;
    if (vkCreateDescriptorPool(device, &pool_info, NULL, &out->pool) != VK_SUCCESS)
        return 0;
    VkDescriptorSetAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = out->pool;
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &out->set_layout;
    if (vkAllocateDescriptorSets(device, &alloc, &out->set) != VK_SUCCESS)
        return 0;
    VkDescriptorBufferInfo buffers[2] = {{state, 0, VK_WHOLE_SIZE}, {parameters, 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet writes[2];
    for (uint32_t b = 0; b < 2; b++) {
        writes[b] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[b].dstSet = out->set;
        writes[b].dstBinding = b;
        writes[b].descriptorCount = 1;
        writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = &buffers[b];
    }
    vkUpdateDescriptorSets(device, 2, writes, 0, NULL);
    return 1;
}

int core_producer_create(VkDevice device, VkBuffer state, VkBuffer parameters, VkDeviceSize parameters_offset,
                         core_producer* out)
{
    return producer_create(device_producer_spv, sizeof device_producer_spv, device, state, parameters,
                           parameters_offset, out);
}

int core_rows_producer_create(VkDevice device, VkBuffer state, VkBuffer indices, VkDeviceSize indices_offset,
                              core_producer* out)
{
    return producer_create(rows_producer_spv, sizeof rows_producer_spv, device, state, indices, indices_offset, out);
}

void core_producer_record(const core_producer* p, VkCommandBuffer cmd)
{
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &p->set, 0, NULL);
    vkCmdPushConstants(cmd, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &p->first_word);
    vkCmdDispatch(cmd, 1, 1, 1);
}

void core_producer_destroy(core_producer* p)
{
    if (!p->device)
        return;
    vkDestroyDescriptorPool(p->device, p->pool, NULL);
    vkDestroyPipeline(p->device, p->pipeline, NULL);
    vkDestroyPipelineLayout(p->device, p->layout, NULL);
    vkDestroyDescriptorSetLayout(p->device, p->set_layout, NULL);
    memset(p, 0, sizeof *p);
}
