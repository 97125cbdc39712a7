/* Recording a plan that converts (record_convert.h). Every check runs before the first vkCmd:
 * on error nothing is recorded. */
#include <string.h>

#include "record/record_convert.h"

#include "context/debug_labels.h"
#include "convert_abi.h"
#include "plan/plan_convert.h"
#include "record/arguments.h"
#include "record/record_bindings.h"
#include "record/record_parameters.h"
#include "record/record_rows.h"
#include "plan/plan_rows.h"

/* A grid of `groups` workgroups in x (up to the device's limit), then rows of them. */
static void grid_of(const vksplit_context* ctx, uint64_t groups, uint32_t* x, uint32_t* y)
{
    uint64_t gx = groups < ctx->max_group_count[0] ? groups : ctx->max_group_count[0];
    *x = (uint32_t)gx;
    *y = (uint32_t)vksplit__div_up(groups, gx);
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static void put(uint8_t* push, uint32_t at, const void* value, size_t bytes) { memcpy(push + at, value, bytes); }

static void record_bda(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit__bound* bound,
                       VkDeviceAddress scale, VkDeviceAddress block, VkDeviceAddress indices)
{
    const vksplit_context* ctx = plan->ctx;
    const vksplit__convert_geometry* cv = &plan->convert->geo;
    uint8_t push[CPC_BDA_BYTES];
    memset(push, 0, sizeof push);
    uint64_t table = plan->table_address + plan->convert->table_at, parts[CONVERT_INLINE_PARTS];
    uint32_t segments = cv->segment_count, flags = plan->argument_bytes ? CFLAG_ARGUMENTS : 0u;
    uint32_t host = float_bits(cv->types.scale), gx, gy;
    grid_of(ctx, cv->total_groups, &gx, &gy);
    put(push, CPC_BDA_TABLE, &table, 8);
    put(push, CPC_BDA_WHOLE, &bound->whole, 8);
    put(push, CPC_BDA_SCALE, &scale, 8);
    put(push, CPC_BDA_SEGMENTS, &segments, 4);
    put(push, CPC_BDA_FLAGS, &flags, 4);
    put(push, CPC_BDA_HOST_SCALE, &host, 4);
    put(push, CPC_BDA_GRID_X, &gx, 4);
    put(push, CPC_BDA_BLOCK, &block, 8);
    put(push, CPC_BDA_INDICES, &indices, 8);
    if (plan->argument_bytes) {
        put(push, CPC_BDA_PARTS, &bound->arguments, 8);
    } else {
        for (uint32_t k = 0; k < segments; k++)
            parts[k] = bound->parts[k];
        put(push, CPC_BDA_PARTS, parts, 8u * segments);
    }
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    ctx->vk.vkCmdPushConstants(cmd, ctx->convert_pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, CPC_BDA_BYTES, push);
    ctx->vk.vkCmdDispatch(cmd, gx, gy, 1);
}

/* Push descriptors: the device parameters' check over its table (the range's first bytes) and
 * the block; the block's descriptor (and its first word) for the copy too. */
static VkDescriptorBufferInfo record_check_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd,
                                                       const vksplit_bindings* b, uint32_t* block_word)
{
    VkDescriptorBufferInfo block = vksplit__parameters_descriptor(plan, &b->parameters, block_word);
    VkDescriptorBufferInfo check_table = {plan->table_buffer, plan->table_offset, plan->convert->shadow->table_bytes};
    vksplit__record_check_descriptors(plan->convert->shadow, cmd, &check_table, &block, *block_word);
    return block;
}

/* One dispatch per segment, each with its part's descriptor; a barrier between them (a
 * join's neighbouring parts merge into the whole's shared words). */
static void record_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* b)
{
    const vksplit_context* ctx = plan->ctx;
    const vksplit__convert_geometry* cv = &plan->convert->geo;
    uint32_t whole_word = 0, scale_word = 0, block_word = 0;
    VkDescriptorBufferInfo whole = vksplit__descriptor_for(plan, &b->whole, plan->whole_span, &whole_word);
    /* Where the plan reads no scale or block: the table's range, which only ever is read (the
     * validation layer's synchronization checks take every binding a module declares as read). */
    const vksplit_binding table_binding = {plan->table_buffer, plan->table_offset};
    uint32_t unused_word;
    VkDescriptorBufferInfo unread = vksplit__descriptor_for(plan, &table_binding, plan->table_bytes, &unused_word);
    VkDescriptorBufferInfo scale = unread, block = unread;
    if (cv->types.scale_source == VKSPLIT_SCALE_DEVICE)
        scale = vksplit__descriptor_for(plan, &b->scale, 4, &scale_word);
    if (plan->convert->shadow) /* the check first */
        block = record_check_descriptors(plan, cmd, b, &block_word);
    const vksplit_plan* rows = plan->convert->rows_shadow;
    if (rows && rows->parameter_bytes) { /* GPU indices: binding 3 the indices, 4 the status block */
        block = vksplit__parameters_descriptor(rows, &b->parameters, &block_word);
        scale = vksplit__descriptor_for(plan, &b->indices, rows->rows.index_span_bytes, &scale_word);
    } else if (rows && plan->convert->places_at) { /* host indices: binding 4 the places, in the table */
        const vksplit_binding places = {plan->table_buffer, plan->table_offset + plan->convert->places_at};
        block = vksplit__descriptor_for(plan, &places, rows->rows.entries * sizeof(uint32_t), &block_word);
    }
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    for (uint32_t s = 0; s < cv->segment_count; s++) {
        uint32_t p = plan->geo.segments[s].part_index, part_word = 0, gx, gy;
        VkDescriptorBufferInfo part = vksplit__descriptor_for(plan, &b->parts[p], plan->part_spans[p], &part_word);
        /* the segment's table words, as a uniform range from an offset the device allows */
        uint64_t align = ctx->min_uniform_offset_alignment > 16 ? ctx->min_uniform_offset_alignment : 16;
        uint64_t at = plan->table_offset + plan->convert->table_at + (uint64_t)s * CSEG_WORDS * 4;
        uint64_t base = at / align * align;
        uint32_t table_word = (uint32_t)((at - base) / 4);
        VkDescriptorBufferInfo table = {plan->table_buffer, base, at - base + CSEG_WORDS * 4};
        VkDescriptorBufferInfo infos[5] = {table, whole, part, scale, block};
        VkWriteDescriptorSet writes[5];
        memset(writes, 0, sizeof writes);
        for (uint32_t w = 0; w < 5; w++) {
            writes[w].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
            writes[w].dstBinding = w;
            writes[w].descriptorCount = 1;
            writes[w].descriptorType =
                w == CBIND_TABLE ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[w].pBufferInfo = &infos[w];
        }
        ctx->vk.vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ctx->convert_pipeline_layout, 0, 5,
                                          writes);
        grid_of(ctx, cv->groups[s], &gx, &gy);
        uint8_t push[CPC_DESC_BYTES];
        uint32_t host = float_bits(cv->types.scale);
        put(push, CPC_DESC_SEGMENT, &s, 4);
        put(push, CPC_DESC_WHOLE_WORD, &whole_word, 4);
        put(push, CPC_DESC_PART_WORD, &part_word, 4);
        put(push, CPC_DESC_HOST_SCALE, &host, 4);
        put(push, CPC_DESC_GRID_X, &gx, 4);
        put(push, CPC_DESC_TABLE_WORD, &table_word, 4);
        put(push, CPC_DESC_SCALE_WORD, &scale_word, 4);
        put(push, CPC_DESC_BLOCK_WORD, &block_word, 4);
        ctx->vk.vkCmdPushConstants(cmd, ctx->convert_pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, CPC_DESC_BYTES,
                                   push);
        if (s) {
            VkMemoryBarrier barrier = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_SHADER_WRITE_BIT,
                                       VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT};
            ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
        }
        ctx->vk.vkCmdDispatch(cmd, gx, gy, 1);
    }
}

vksplit_result vksplit__record_convert(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* b,
                                       vksplit_error* error)
{
    const vksplit__convert_geometry* cv = &plan->convert->geo;
    const vksplit_context* ctx = plan->ctx;
    if (!cv->segment_count && !plan->convert->shadow &&
        !(plan->convert->rows_shadow && vksplit__rows_records(plan->convert->rows_shadow)))
        return vksplit__ok(error); /* every part is empty: nothing to record */
    const vksplit__direction_words* words = vksplit__words(plan->direction);
    if (!b || (cv->segment_count && !b->parts))
        return VKSPLIT__FAIL(error, RECORD_BINDINGS_NULL, (unsigned long long)cv->bytes_written, plan->part_count,
                             words->parts, words->whole);
    if (plan->table_bytes && !plan->table_bound)
        return VKSPLIT__FAIL0(error, RECORD_TABLE_UNBOUND);
    bool device_scale = cv->types.scale_source == VKSPLIT_SCALE_DEVICE;
    if (device_scale && !b->scale.buffer)
        return VKSPLIT__FAIL0(error, RECORD_SCALE_NULL);
    if (device_scale && b->scale.offset % 4)
        return VKSPLIT__FAIL(error, RECORD_SCALE_ALIGNMENT, (unsigned long long)b->scale.offset);
    const vksplit_plan* rows = plan->convert->rows_shadow;
    bool block_read = plan->convert->shadow || (rows && rows->parameter_bytes);
    if (block_read && !b->parameters.buffer)
        return VKSPLIT__FAIL0(error, RECORD_PARAMETERS_NULL);
    VkDeviceAddress block = 0, indices = 0;
    vksplit_result r = block_read ? vksplit__bind_parameters(plan, &b->parameters, &block, error) : VKSPLIT_OK;
    if (r == VKSPLIT_OK && rows) /* the rows plan's own rules */
        r = vksplit__bind_indices(rows, &b->indices, &indices, error);
    vksplit__bound bound;
    memset(&bound, 0, sizeof bound);
    if (r == VKSPLIT_OK && cv->segment_count)
        r = vksplit__bind(plan, VKSPLIT__BIND_RECORDING, &b->whole, b->parts, &b->arguments, &bound, error);
    if (r != VKSPLIT_OK)
        return r;
    VkDeviceAddress scale = 0;
    if (device_scale && ctx->bda) {
        VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, b->scale.buffer};
        scale = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &info) + b->scale.offset;
        if (scale % 4)
            return VKSPLIT__FAIL(error, RECORD_SCALE_ALIGNMENT, (unsigned long long)scale);
    }
    if (rows &&
        !plan->convert->fused) { /* the rows' check of GPU indices (nothing for host indices), then its barrier */
        r = vksplit__record_rows(rows, cmd, b, error);
        if (r != VKSPLIT_OK)
            return r;
        if (rows->check_pipeline && cv->segment_count) {
            VkMemoryBarrier barrier = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_SHADER_WRITE_BIT,
                                       VK_ACCESS_SHADER_READ_BIT};
            ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
        }
        if (!cv->segment_count)
            return vksplit__ok(error);
    }
    vksplit__begin_label(ctx, cmd, plan->label);
    if (!cv->segment_count) { /* device parameters with nothing to copy: the check writes the status */
        uint32_t block_word;
        if (ctx->bda)
            vksplit__record_check_bda(plan->convert->shadow, cmd, block);
        else
            record_check_descriptors(plan, cmd, b, &block_word);
    } else if (ctx->bda) {
        if (plan->argument_bytes)
            vksplit__record_arguments(plan, cmd, b->parts, &b->arguments);
        if (plan->convert->shadow && !plan->convert->fused)
            vksplit__record_check_bda(plan->convert->shadow, cmd, block);
        record_bda(plan, cmd, &bound, scale, block, indices);
    } else {
        record_descriptors(plan, cmd, b);
    }
    vksplit__end_label(ctx, cmd);
    return vksplit__ok(error);
}
