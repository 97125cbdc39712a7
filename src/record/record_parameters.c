/* Device parameters at record time (record_parameters.h), and the status their check writes
 * (vksplit_parameters_status). */
#include "record/record_parameters.h"

#include "split_abi.h"

vksplit_result vksplit__bind_parameters(const vksplit_plan* plan, const vksplit_binding* block,
                                        VkDeviceAddress* address, vksplit_error* error)
{
    *address = 0;
    if (block->offset % VKSPLIT_PARAMETERS_ALIGNMENT)
        return VKSPLIT__FAIL(error, RECORD_PARAMETERS_ALIGNMENT, (unsigned long long)block->offset, 0ull);
    if (!plan->ctx->bda)
        return VKSPLIT_OK;
    VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, block->buffer};
    *address = plan->ctx->vk.vkGetBufferDeviceAddress(plan->ctx->device, &info) + block->offset;
    if (*address % VKSPLIT_PARAMETERS_ALIGNMENT)
        return VKSPLIT__FAIL(error, RECORD_PARAMETERS_ALIGNMENT, (unsigned long long)block->offset,
                             (unsigned long long)*address);
    return VKSPLIT_OK;
}

/* The copy reads what the check wrote: its lengths and offsets, and its grid (indirect). */
static void order_after_check(const vksplit_context* ctx, VkCommandBuffer cmd)
{
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_INDIRECT_COMMAND_READ_BIT;
    ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT, 0, 1,
                                 &barrier, 0, NULL, 0, NULL);
}

/* The check's mode: how the offsets come (CHECK_MODE_*), and whether the parts are a join's. */
static uint32_t check_mode(const vksplit_plan* plan)
{
    return (uint32_t)plan->device_parameters | (vksplit__writes_whole(plan->direction) ? CHECK_MODE_JOIN : 0);
}

/* The copy's first dispatch's shape (its grid's width and row dimensions), or none. */
static uint32_t copy_shape(const vksplit_plan* plan)
{
    return plan->grid.dispatch_count ? plan->grid.dispatches[0].shape : 0;
}

void vksplit__record_check_bda(const vksplit_plan* plan, VkCommandBuffer cmd, VkDeviceAddress address)
{
    const vksplit_context* ctx = plan->ctx;
    vksplit__push_check_bda push;
    memset(&push, 0, sizeof push);
    push.table = plan->table_address;
    push.block = address;
    push.segments = plan->geo.segment_count;
    push.per_dispatch = plan->geo.segment_count ? plan->geo.segment_count : 1; /* one dispatch */
    push.shape = copy_shape(plan);
    push.mode = check_mode(plan);
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->check_pipeline);
    ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    ctx->vk.vkCmdDispatch(cmd, 1, 1, 1);
    if (plan->geo.segment_count)
        order_after_check(ctx, cmd);
}

void vksplit__record_parameters_bda(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit__push_device_bda* copy,
                                    const vksplit_binding* block, VkDeviceAddress address)
{
    const vksplit_context* ctx = plan->ctx;
    vksplit__record_check_bda(plan, cmd, address);
    if (!plan->geo.segment_count) /* nothing to copy: the check wrote the status */
        return;
    vksplit__push_device_bda push = *copy;
    push.block[0] = (uint32_t)address;
    push.block[1] = (uint32_t)(address >> 32);
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    ctx->vk.vkCmdDispatchIndirect(cmd, block->buffer, vksplit__indirect_at(plan, block, 0));
}

VkDescriptorBufferInfo vksplit__parameters_descriptor(const vksplit_plan* plan, const vksplit_binding* block,
                                                      uint32_t* first_word)
{
    uint64_t align = plan->ctx->min_storage_offset_alignment > 4 ? plan->ctx->min_storage_offset_alignment : 4;
    uint64_t base = block->offset / align * align;
    *first_word = (uint32_t)((block->offset - base) / 4);
    return (VkDescriptorBufferInfo){block->buffer, base, block->offset - base + plan->parameter_bytes};
}

void vksplit__record_check_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd,
                                       const VkDescriptorBufferInfo* table, const VkDescriptorBufferInfo* block,
                                       uint32_t first_word)
{
    const vksplit_context* ctx = plan->ctx;
    VkPipelineLayout layout = ctx->parameter_pipeline_layout;
    VkWriteDescriptorSet writes[2];
    for (uint32_t w = 0; w < 2; w++) {
        writes[w] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[w].dstBinding = w ? 3 : 0;
        writes[w].descriptorCount = 1;
        writes[w].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[w].pBufferInfo = w ? block : table;
    }
    /* every segment, in groups of the copy's slots; the segments' table place and row dims */
    vksplit__push_check_desc push;
    memset(&push, 0, sizeof push);
    push.segments = plan->geo.segment_count;
    push.per_dispatch = ctx->parameter_slots;
    push.shape = copy_shape(plan);
    push.segments_at = plan->table.segments_offset;
    push.mode = check_mode(plan);
    push.block_word = first_word;
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->check_pipeline);
    ctx->vk.vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, writes);
    ctx->vk.vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    ctx->vk.vkCmdDispatch(cmd, 1, 1, 1);
    if (plan->geo.segment_count)
        order_after_check(ctx, cmd);
}

VkDeviceSize vksplit__indirect_at(const vksplit_plan* plan, const vksplit_binding* block, uint32_t i)
{
    return block->offset + (VkDeviceSize)BLOCK_INDIRECT(plan->part_count, i) * sizeof(uint32_t);
}

vksplit_result vksplit__device_status(const vksplit_plan* plan, const uint32_t* words, vksplit_error* error)
{
    const uint32_t* status = words + BLOCK_STATUS(plan->part_count);
    switch (status[0]) {
    case 0: return vksplit__ok(error);
    case CHECK_RULE_LENGTH: return VKSPLIT__FAIL(error, DEVICE_LENGTH, status[1], status[2], status[3]);
    case CHECK_RULE_WHOLE_LENGTH: return VKSPLIT__FAIL(error, DEVICE_WHOLE_LENGTH, status[1], status[2]);
    case CHECK_RULE_SUM: /* the sum's high word third */
        return VKSPLIT__FAIL(error, DEVICE_SUM, (unsigned long long)status[3] << 32 | status[1], status[2]);
    case CHECK_RULE_OFFSET: return VKSPLIT__FAIL(error, DEVICE_OFFSET, status[1], status[2], status[3]);
    case CHECK_RULE_ORDER: return VKSPLIT__FAIL(error, DEVICE_ORDER, status[1], status[2], status[3]);
    default: return VKSPLIT__FAIL(error, PARAMETERS_STATUS_UNKNOWN, status[0]);
    }
}
