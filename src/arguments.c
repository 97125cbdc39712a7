/* Per-recording arguments (arguments.h, and vksplit_write_arguments in vksplit.h). They live in
 * memory the caller owns, so that a plan stays immutable and one plan can be recorded into any
 * number of command buffers, on any thread, for any queue. */
#include "arguments.h"

/* Addresses gathered per vkCmdUpdateBuffer (on the stack: no allocation). */
#define ADDRESS_BATCH 512u

static vksplit_result check_range(const vksplit_plan* plan, const vksplit_arguments* arguments, vksplit_error* error)
{
    if (!arguments)
        return VKSPLIT__FAIL(error, ARGUMENTS_NULL, plan->geo.segment_count, (unsigned long long)plan->argument_bytes);
    if (!arguments->buffer)
        return VKSPLIT__FAIL0(error, ARGUMENTS_BUFFER_NULL);
    if (arguments->offset % VKSPLIT_ARGUMENT_ALIGNMENT)
        return VKSPLIT__FAIL(error, ARGUMENTS_OFFSET_ALIGNMENT, (unsigned long long)arguments->offset, VKSPLIT_ARGUMENT_ALIGNMENT);
    return VKSPLIT_OK;
}

vksplit_result vksplit__arguments_address(const vksplit_plan* plan, const vksplit_arguments* arguments,
                                          VkDeviceAddress* address, vksplit_error* error)
{
    vksplit_result r = check_range(plan, arguments, error);
    if (r != VKSPLIT_OK)
        return r;
    const vksplit_context* ctx = plan->ctx;
    VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, arguments->buffer};
    *address = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &info) + arguments->offset;
    if (*address % VKSPLIT_ARGUMENT_ALIGNMENT)
        return VKSPLIT__FAIL(error, ARGUMENTS_ADDRESS_ALIGNMENT, (unsigned long long)*address, VKSPLIT_ARGUMENT_ALIGNMENT);
    return VKSPLIT_OK;
}

/* The addresses of segments [first, first + count) into batch. */
static vksplit_result gather(const vksplit_plan* plan, vksplit__address_cache* cache, const vksplit_binding* outputs,
                             uint32_t first, uint32_t count, uint64_t* batch, vksplit_error* error)
{
    vksplit_result r = VKSPLIT_OK;
    for (uint32_t i = 0; r == VKSPLIT_OK && i < count; i++) {
        uint32_t o = plan->geo.segments[first + i].output_index;
        r = vksplit__binding_address(plan, cache, &outputs[o], (int)o, &batch[i], error);
    }
    return r;
}

vksplit_result vksplit__check_arguments(const vksplit_plan* plan, const vksplit_binding* outputs,
                                        const vksplit_arguments* arguments, VkDeviceAddress* address,
                                        vksplit_error* error)
{
    uint32_t segments = plan->geo.segment_count;
    vksplit_result r = vksplit__arguments_address(plan, arguments, address, error);
    vksplit__address_cache cache = {VK_NULL_HANDLE, 0};
    uint64_t batch[ADDRESS_BATCH];
    for (uint32_t first = 0; r == VKSPLIT_OK && first < segments; first += ADDRESS_BATCH)
        r = gather(plan, &cache, outputs, first, (uint32_t)vksplit__min_u64(segments - first, ADDRESS_BATCH), batch, error);
    return r;
}

void vksplit__record_arguments(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* outputs,
                               const vksplit_arguments* arguments)
{
    const vksplit_context* ctx = plan->ctx;
    uint32_t segments = plan->geo.segment_count;
    if (arguments->prewritten)
        return;
    vksplit__address_cache cache = {VK_NULL_HANDLE, 0};
    uint64_t batch[ADDRESS_BATCH];
    for (uint32_t first = 0; first < segments; first += ADDRESS_BATCH) {
        uint32_t n = (uint32_t)vksplit__min_u64(segments - first, ADDRESS_BATCH);
        gather(plan, &cache, outputs, first, n, batch, NULL); /* checked by vksplit__check_arguments */
        ctx->vk.vkCmdUpdateBuffer(cmd, arguments->buffer, arguments->offset + (uint64_t)first * sizeof(uint64_t),
                                  n * sizeof(uint64_t), batch);
    }
    /* The update is made visible to the dispatch, and to the next update of this range (a
     * later recording's, a write after this write): the caller then owes that update only an
     * execution dependency on the dispatch's reads (vksplit.h). */
    VkBufferMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.buffer = arguments->buffer;
    barrier.offset = arguments->offset;
    barrier.size = plan->argument_bytes;
    ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1,
                                 &barrier, 0, NULL);
}

vksplit_result vksplit_write_arguments(const vksplit_plan* plan, const vksplit_binding* outputs, void* mapped,
                                       vksplit_error* error)
{
    if (!plan)
        return VKSPLIT__FAIL0(error, PLAN_NULL);
    if (plan->argument_bytes == 0)
        return vksplit__ok(error);
    if (!outputs || !mapped)
        return VKSPLIT__FAIL0(error, ARGUMENTS_WRITE_NULL);
    if ((uintptr_t)mapped % sizeof(uint64_t))
        return VKSPLIT__FAIL(error, ARGUMENTS_MAPPED_ALIGNMENT, mapped);
    vksplit_result r = vksplit__check_bindings(plan, NULL, outputs, error);
    uint32_t segments = plan->geo.segment_count;
    vksplit__address_cache cache = {VK_NULL_HANDLE, 0};
    uint64_t batch[ADDRESS_BATCH];
    /* Checked in full first: on error nothing is written. */
    for (uint32_t first = 0; r == VKSPLIT_OK && first < segments; first += ADDRESS_BATCH)
        r = gather(plan, &cache, outputs, first, (uint32_t)vksplit__min_u64(segments - first, ADDRESS_BATCH), batch, error);
    if (r != VKSPLIT_OK)
        return r;
    gather(plan, &cache, outputs, 0, segments, mapped, NULL);
    return vksplit__ok(error);
}
