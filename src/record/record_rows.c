/* Rows the GPU places at record time (record_rows.h). */
#include "record/record_rows.h"

#include "context/debug_labels.h"
#include "context/pipelines.h"
#include "record/push_constants.h"
#include "record/record_bindings.h"
#include "plan/plan_rows.h"
#include "record/record_parameters.h"

/* The indices' binding: given where the plan reads any, its offset (and address) on 4 bytes. */
vksplit_result vksplit__bind_indices(const vksplit_plan* plan, const vksplit_binding* indices, VkDeviceAddress* address,
                                     vksplit_error* error)
{
    *address = 0;
    if (!plan->rows.index_span_bytes)
        return VKSPLIT_OK;
    if (!indices->buffer)
        return VKSPLIT__FAIL(error, RECORD_INDICES_NULL, (unsigned long long)plan->rows.index_span_bytes);
    if (indices->offset % 4)
        return VKSPLIT__FAIL(error, RECORD_INDICES_ALIGNMENT, (unsigned long long)indices->offset, 0ull);
    if (!plan->ctx->bda)
        return VKSPLIT_OK;
    VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, indices->buffer};
    *address = plan->ctx->vk.vkGetBufferDeviceAddress(plan->ctx->device, &info) + indices->offset;
    if (*address % 4)
        return VKSPLIT__FAIL(error, RECORD_INDICES_ALIGNMENT, (unsigned long long)indices->offset,
                             (unsigned long long)*address);
    return VKSPLIT_OK;
}

/* The copy reads the status and the starts the check pass wrote. */
static void order_after_check(const vksplit_context* ctx, VkCommandBuffer cmd)
{
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                                 &barrier, 0, NULL, 0, NULL);
}

/* The check pass (where the plan has one), its barrier, then the copy (where it copies), each a
 * bind and one dispatch; the push constants are set once before. */
static void record_passes(const vksplit_plan* plan, VkCommandBuffer cmd, VkPipelineLayout layout, const void* push,
                          uint32_t push_bytes)
{
    const vksplit_context* ctx = plan->ctx;
    const vksplit__rows_geometry* rows = &plan->rows;
    if (plan->check_pipeline) {
        ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->check_pipeline);
        ctx->vk.vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes, push);
        ctx->vk.vkCmdDispatch(cmd, 1, 1, 1);
        if (rows->workgroups)
            order_after_check(ctx, cmd);
    }
    if (rows->workgroups) {
        ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
        ctx->vk.vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes, push);
        ctx->vk.vkCmdDispatch(cmd, rows->grid_x, rows->grid_y, 1);
    }
}

static void record_bda(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit__bound* bound,
                       VkDeviceAddress block, VkDeviceAddress indices)
{
    vksplit__push_rows_bda push;
    memset(&push, 0, sizeof push);
    push.table = plan->table_address;
    push.whole = bound->whole;
    push.part = bound->parts[0];
    push.indices = indices;
    push.block = block;
    push.grid_x = plan->rows.grid_x;
    record_passes(plan, cmd, plan->ctx->pipeline_layout, &push, sizeof push);
}

/* A range of the plan's table as a descriptor of the given alignment, its first uint32 from the
 * descriptor's offset in *first_word. */
static VkDescriptorBufferInfo table_range(const vksplit_plan* plan, uint32_t alignment, uint32_t* first_word)
{
    uint64_t align = alignment > 16 ? alignment : 16;
    uint64_t base = plan->table_offset / align * align;
    *first_word = (uint32_t)((plan->table_offset - base) / 4);
    return (VkDescriptorBufferInfo){plan->table_buffer, base, plan->table_offset - base + plan->table_bytes};
}

/* Push descriptors: binding 0 the table (a uniform buffer), 1 the whole, 2 the part, 3 the block,
 * 4 the indices; a plan with host indices (or without a tensor to copy) binds its table's range,
 * which the copy's module declares read-only, in their places. */
static void record_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* b)
{
    const vksplit_context* ctx = plan->ctx;
    vksplit__push_rows_desc push;
    memset(&push, 0, sizeof push);
    VkDescriptorBufferInfo infos[5];
    uint32_t dummy_word;
    VkDescriptorBufferInfo dummy = table_range(plan, ctx->min_storage_offset_alignment, &dummy_word);
    infos[0] = table_range(plan, ctx->min_uniform_offset_alignment, &push.table_word);
    infos[1] = infos[2] = infos[3] = infos[4] = dummy;
    if (plan->rows.workgroups) {
        infos[1] = vksplit__descriptor_for(plan, &b->whole, plan->whole_span, &push.whole_word);
        infos[2] = vksplit__descriptor_for(plan, &b->parts[0], plan->part_spans[0], &push.part_word);
    }
    if (plan->parameter_bytes)
        infos[3] = vksplit__parameters_descriptor(plan, &b->parameters, &push.block_word);
    if (plan->rows.index_span_bytes) {
        uint64_t align = ctx->min_storage_offset_alignment > 4 ? ctx->min_storage_offset_alignment : 4;
        uint64_t base = b->indices.offset / align * align;
        push.indices_word = (uint32_t)((b->indices.offset - base) / 4);
        infos[4] =
            (VkDescriptorBufferInfo){b->indices.buffer, base, b->indices.offset - base + plan->rows.index_span_bytes};
    }
    push.grid_x = plan->rows.grid_x;
    VkWriteDescriptorSet writes[5];
    for (uint32_t w = 0; w < 5; w++) {
        writes[w] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[w].dstBinding = w;
        writes[w].descriptorCount = 1;
        writes[w].descriptorType = w ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        writes[w].pBufferInfo = &infos[w];
    }
    ctx->vk.vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ctx->rows_pipeline_layout, 0, 5, writes);
    record_passes(plan, cmd, ctx->rows_pipeline_layout, &push, sizeof push);
}

vksplit_result vksplit__record_rows(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* b,
                                    vksplit_error* error)
{
    if (!vksplit__rows_records(plan))
        return vksplit__ok(error); /* host indices and nothing to copy */
    const vksplit__direction_words* words = vksplit__words(plan->direction);
    bool copies = plan->rows.workgroups != 0;
    if (!b || (copies && !b->parts))
        return VKSPLIT__FAIL(error, RECORD_BINDINGS_NULL, (unsigned long long)plan->rows.bytes_written,
                             plan->part_count, words->parts, words->whole);
    if (plan->parameter_bytes && !b->parameters.buffer)
        return VKSPLIT__FAIL0(error, RECORD_PARAMETERS_NULL);
    if (plan->table_bytes && !plan->table_bound)
        return VKSPLIT__FAIL0(error, RECORD_TABLE_UNBOUND);
    vksplit__bound bound = {0};
    vksplit_result r =
        copies ? vksplit__bind(plan, VKSPLIT__BIND_RECORDING, &b->whole, b->parts, NULL, &bound, error) : VKSPLIT_OK;
    VkDeviceAddress block = 0, indices = 0;
    if (r == VKSPLIT_OK && plan->parameter_bytes)
        r = vksplit__bind_parameters(plan, &b->parameters, &block, error);
    if (r == VKSPLIT_OK)
        r = vksplit__bind_indices(plan, &b->indices, &indices, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit__begin_label(plan->ctx, cmd, plan->label);
    if (plan->ctx->bda)
        record_bda(plan, cmd, &bound, block, indices);
    else
        record_descriptors(plan, cmd, b);
    vksplit__end_label(plan->ctx, cmd);
    return vksplit__ok(error);
}

vksplit_result vksplit__rows_status(const vksplit_plan* plan, const uint32_t* s, vksplit_error* error)
{
    long long value = (long long)((uint64_t)s[ROWS_STATUS_VALUE_HI] << 32 | s[ROWS_STATUS_VALUE_LO]);
    switch (s[ROWS_STATUS_RULE]) {
    case 0: return vksplit__ok(error);
    case ROWS_RULE_INDEX:
        return VKSPLIT__FAIL(error, ROWS_INDEX, "device's", s[ROWS_STATUS_LIST], s[ROWS_STATUS_ENTRY], value,
                             s[ROWS_STATUS_OTHER]);
    case ROWS_RULE_START:
        return VKSPLIT__FAIL(error, ROWS_START, "device's", s[ROWS_STATUS_LIST], value, (unsigned)plan->rows.rows,
                             s[ROWS_STATUS_OTHER]);
    case ROWS_RULE_DUPLICATE:
        return VKSPLIT__FAIL(error, ROWS_DUPLICATE, "device's", s[ROWS_STATUS_LIST], s[ROWS_STATUS_ENTRY],
                             s[ROWS_STATUS_OTHER], value);
    default: return VKSPLIT__FAIL(error, PARAMETERS_STATUS_UNKNOWN, s[ROWS_STATUS_RULE]);
    }
}
