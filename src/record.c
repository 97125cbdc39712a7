/* Recording a plan into the caller's command buffer: check the bindings, then bind, push
 * numbers and dispatch (or copy). Nothing is allocated, created or submitted; on any error
 * nothing at all is recorded, because every check runs before the first vkCmd call. */
#include <stdio.h>
#include <string.h>

#include "plan.h"
#include "split_abi.h"

/* Mirrors of the shader's push-constant blocks (shaders/split_copy.comp). */
typedef struct push_bda {
    uint64_t table_addr;
    uint64_t input_addr;
    uint64_t address_block;
    uint32_t rec_first, rec_count, wg_base, grid_x, row_dims, records_offset;
    uint64_t out_addr[ABI_INLINE_OUTPUTS];
} push_bda;
_Static_assert(sizeof(push_bda) == PUSH_BYTES, "push constants must be exactly the 128 bytes Vulkan guarantees");
_Static_assert(ABI_INLINE_OUTPUTS == VKSPLIT_INLINE_OUTPUTS, "the public header and the shader ABI disagree");

typedef struct push_desc {
    uint32_t rec_first, rec_count, wg_base, grid_x, row_dims, records_offset;
    uint32_t input_word, pad;
    uint32_t out_word[ABI_MAX_SLOTS];
} push_desc;
_Static_assert(sizeof(push_desc) == PUSH_BYTES, "push constants must be exactly the 128 bytes Vulkan guarantees");

/* Addresses written per vkCmdUpdateBuffer (on the stack: no allocation). */
#define ADDRESS_BATCH 512u

static const char* tensor_name(char* buffer, size_t size, int output)
{
    if (output < 0)
        return "input";
    snprintf(buffer, size, "outputs[%d]", output);
    return buffer;
}

static vksplit_result check_binding(const vksplit_plan* plan, const vksplit_binding* binding, int output,
                                    vksplit_error* error)
{
    char name[32];
    if (!binding->buffer)
        return vksplit__fail(error, VKSPLIT_ERROR_BINDING, "%s.buffer is VK_NULL_HANDLE",
                             tensor_name(name, sizeof name, output));
    if (binding->offset % plan->offset_alignment)
        return vksplit__fail(error, VKSPLIT_ERROR_ALIGNMENT,
                             "%s.offset %llu is not a multiple of %u, the alignment this plan's %u-byte copy word needs "
                             "(set vksplit_split_desc.base_alignment to what your offsets guarantee)",
                             tensor_name(name, sizeof name, output), (unsigned long long)binding->offset,
                             plan->offset_alignment, plan->geo.word_bytes);
    return VKSPLIT_OK;
}

static vksplit_result check_bindings(const vksplit_plan* plan, const vksplit_binding* input,
                                     const vksplit_binding* outputs, vksplit_error* error)
{
    vksplit_result r = check_binding(plan, input, -1, error);
    for (uint32_t k = 0; r == VKSPLIT_OK && k < plan->geo.record_count; k++) {
        uint32_t o = plan->geo.records[k].output_index;
        r = check_binding(plan, &outputs[o], (int)o, error);
    }
    return r;
}

/* vkGetBufferDeviceAddress, skipped when the buffer repeats (outputs often share one). */
typedef struct address_cache {
    VkBuffer buffer;
    VkDeviceAddress address;
} address_cache;

static VkDeviceAddress binding_address(const vksplit_context* ctx, address_cache* cache, const vksplit_binding* b)
{
    if (b->buffer != cache->buffer) {
        VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, b->buffer};
        cache->buffer = b->buffer;
        cache->address = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &info);
    }
    return cache->address + b->offset;
}

static vksplit_result check_address(const vksplit_plan* plan, VkDeviceAddress address, int output, vksplit_error* error)
{
    char name[32];
    if (address % plan->offset_alignment)
        return vksplit__fail(error, VKSPLIT_ERROR_ALIGNMENT,
                             "%s: buffer device address + offset = 0x%llx is not a multiple of %u, the alignment this "
                             "plan's %u-byte copy word needs",
                             tensor_name(name, sizeof name, output), (unsigned long long)address,
                             plan->offset_alignment, plan->geo.word_bytes);
    return VKSPLIT_OK;
}

static void buffer_barrier(const vksplit_plan* plan, VkCommandBuffer cmd, VkPipelineStageFlags src_stage,
                           VkAccessFlags src_access, VkPipelineStageFlags dst_stage, VkAccessFlags dst_access)
{
    VkBufferMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
    barrier.srcAccessMask = src_access;
    barrier.dstAccessMask = dst_access;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.buffer = plan->table_buffer;
    barrier.offset = plan->table.address_block_offset * sizeof(uint32_t);
    barrier.size = plan->table.address_block_words * sizeof(uint32_t);
    plan->ctx->vk.vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, NULL, 1, &barrier, 0, NULL);
}

/* Device addresses: one dispatch for every output. */
static vksplit_result record_bda(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                                 const vksplit_binding* outputs, vksplit_error* error)
{
    const vksplit_context* ctx = plan->ctx;
    const vksplit__geometry* g = &plan->geo;
    const vksplit__dispatch* d = &plan->dispatches[0];
    address_cache cache = {VK_NULL_HANDLE, 0};
    push_bda push;
    memset(&push, 0, sizeof push);
    push.table_addr = plan->table_address;
    push.input_addr = binding_address(ctx, &cache, input);
    vksplit_result r = check_address(plan, push.input_addr, -1, error);
    for (uint32_t k = 0; r == VKSPLIT_OK && k < g->record_count; k++) {
        uint32_t o = g->records[k].output_index;
        VkDeviceAddress address = binding_address(ctx, &cache, &outputs[o]);
        r = check_address(plan, address, (int)o, error);
        if (k < ABI_INLINE_OUTPUTS)
            push.out_addr[k] = address;
    }
    if (r != VKSPLIT_OK)
        return r;
    push.rec_first = d->rec_first;
    push.rec_count = d->rec_count;
    push.wg_base = d->wg_base;
    push.grid_x = d->grid_x;
    push.row_dims = g->row_dims;
    push.records_offset = plan->table.records_offset;

    if (plan->table.address_block_words) {
        /* Too many outputs for push constants: their addresses go into the plan's address
         * block, after earlier dispatches of this plan have read the previous ones. */
        uint64_t block = plan->table.address_block_offset * sizeof(uint32_t);
        push.address_block = plan->table_address + block;
        buffer_barrier(plan, cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_ACCESS_TRANSFER_WRITE_BIT);
        uint64_t batch[ADDRESS_BATCH];
        for (uint32_t first = 0; first < g->record_count; first += ADDRESS_BATCH) {
            uint32_t n = g->record_count - first < ADDRESS_BATCH ? g->record_count - first : ADDRESS_BATCH;
            for (uint32_t i = 0; i < n; i++)
                batch[i] = binding_address(ctx, &cache, &outputs[g->records[first + i].output_index]);
            ctx->vk.vkCmdUpdateBuffer(cmd, plan->table_buffer, block + (uint64_t)first * sizeof(uint64_t),
                                      n * sizeof(uint64_t), batch);
        }
        buffer_barrier(plan, cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
    }
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    ctx->vk.vkCmdDispatch(cmd, d->grid_x, d->grid_y, 1);
    return VKSPLIT_OK;
}

/* A binding as a descriptor: the offset rounded down to what descriptors allow, the rest
 * in words for the shader. */
static VkDescriptorBufferInfo descriptor_for(const vksplit_plan* plan, const vksplit_binding* b, uint64_t span,
                                             uint32_t* first_word)
{
    uint64_t align = plan->ctx->min_storage_offset_alignment ? plan->ctx->min_storage_offset_alignment : 1;
    uint64_t word = plan->geo.word_bytes;
    while (align < word || align < 4)
        align *= 2;
    uint64_t base = b->offset / align * align;
    uint64_t range = b->offset - base + span;
    if (plan->atomic_stores)
        range = (range + 3) & ~(uint64_t)3; /* the shader views the bytes as whole 32-bit words */
    *first_word = (uint32_t)((b->offset - base) / word);
    return (VkDescriptorBufferInfo){b->buffer, base, range};
}

/* Push descriptors: one dispatch per group of output_slots outputs. */
static vksplit_result record_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                                         const vksplit_binding* outputs)
{
    const vksplit_context* ctx = plan->ctx;
    const vksplit__geometry* g = &plan->geo;
    VkDescriptorBufferInfo infos[2 + ABI_MAX_SLOTS];
    push_desc push;
    memset(&push, 0, sizeof push);
    infos[0] = (VkDescriptorBufferInfo){plan->table_buffer, 0, VK_WHOLE_SIZE};
    infos[1] = descriptor_for(plan, input, plan->input_span, &push.input_word);
    VkWriteDescriptorSet writes[3];
    for (uint32_t b = 0; b < 3; b++) {
        writes[b] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[b].dstBinding = b;
        writes[b].descriptorCount = b == 2 ? ctx->output_slots : 1;
        writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = &infos[b];
    }
    push.row_dims = g->row_dims;
    push.records_offset = plan->table.records_offset;
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    for (uint32_t i = 0; i < plan->dispatch_count; i++) {
        const vksplit__dispatch* d = &plan->dispatches[i];
        for (uint32_t s = 0; s < ctx->output_slots; s++) {
            if (s < d->rec_count) {
                uint32_t o = g->records[d->rec_first + s].output_index;
                infos[2 + s] = descriptor_for(plan, &outputs[o], plan->output_spans[o], &push.out_word[s]);
            } else {
                infos[2 + s] = infos[0]; /* unused slots still need a valid descriptor */
            }
        }
        push.rec_first = d->rec_first;
        push.rec_count = d->rec_count;
        push.wg_base = d->wg_base;
        push.grid_x = d->grid_x;
        ctx->vk.vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ctx->pipeline_layout, 0, 3, writes);
        ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
        ctx->vk.vkCmdDispatch(cmd, d->grid_x, d->grid_y, 1);
    }
    return VKSPLIT_OK;
}

/* vkCmdCopyBuffer: the plan's regions shifted by the bindings' offsets. */
static vksplit_result record_transfer(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                                      const vksplit_binding* outputs)
{
    const vksplit_context* ctx = plan->ctx;
    VkBufferCopy batch[VKSPLIT_REGION_BATCH];
    for (uint32_t r = 0; r < plan->geo.record_count; r++) {
        const vksplit_binding* out = &outputs[plan->geo.records[r].output_index];
        uint32_t end = plan->region_first[r + 1];
        for (uint32_t first = plan->region_first[r]; first < end; first += VKSPLIT_REGION_BATCH) {
            uint32_t n = end - first < VKSPLIT_REGION_BATCH ? end - first : VKSPLIT_REGION_BATCH;
            for (uint32_t i = 0; i < n; i++) {
                batch[i] = plan->regions[first + i];
                batch[i].srcOffset += input->offset;
                batch[i].dstOffset += out->offset;
            }
            ctx->vk.vkCmdCopyBuffer(cmd, input->buffer, out->buffer, n, batch);
        }
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit_cmd_split(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                                 const vksplit_binding* outputs, vksplit_error* error)
{
    if (!plan || !cmd)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "plan and cmd are required");
    if (plan->geo.record_count == 0)
        return vksplit__ok(error); /* every output is empty: nothing to record */
    if (!input || !outputs)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "input and outputs are required");
    vksplit_result r = check_bindings(plan, input, outputs, error);
    if (r != VKSPLIT_OK)
        return r;
    if (plan->path == VKSPLIT_PATH_TRANSFER)
        r = record_transfer(plan, cmd, input, outputs);
    else if (plan->ctx->bda)
        r = record_bda(plan, cmd, input, outputs, error);
    else
        r = record_descriptors(plan, cmd, input, outputs);
    return r == VKSPLIT_OK ? vksplit__ok(error) : r;
}
