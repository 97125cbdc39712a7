/* Per-recording arguments (arguments.h, and vksplit_write_arguments in vksplit.h). They live in
 * memory the caller owns, so that a plan stays immutable and one plan can be recorded into any
 * number of command buffers, on any thread, for any queue. */
#include "record/arguments.h"

/* Addresses per vkCmdUpdateBuffer (on the stack: no allocation; 4 KiB, within the command's
 * 65536-byte limit). */
#define ADDRESS_BATCH 512u

void vksplit__record_arguments(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* outputs,
                               const vksplit_arguments* arguments)
{
    const vksplit_context* ctx = plan->ctx;
    uint32_t segments = plan->geo.segment_count;
    if (arguments->prewritten)
        return;
    uint64_t batch[ADDRESS_BATCH];
    for (uint32_t first = 0; first < segments; first += ADDRESS_BATCH) {
        uint32_t n = (uint32_t)vksplit__min_u64(segments - first, ADDRESS_BATCH);
        vksplit__part_addresses(plan, outputs, first, n, batch);
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

vksplit_result vksplit_write_arguments(const vksplit_plan* plan, const vksplit_bindings* bindings, void* mapped,
                                       vksplit_error* error)
{
    if (!plan)
        return VKSPLIT__FAIL0(error, PLAN_NULL);
    if (plan->argument_bytes == 0)
        return vksplit__ok(error);
    if (!bindings || !bindings->parts || !mapped)
        return VKSPLIT__FAIL0(error, ARGUMENTS_WRITE_NULL);
    const vksplit_binding* outputs = bindings->parts;
    if ((uintptr_t)mapped % sizeof(uint64_t))
        return VKSPLIT__FAIL(error, ARGUMENTS_MAPPED_ALIGNMENT, mapped);
    /* Checked in full first: on error nothing is written. */
    vksplit__bound bound;
    vksplit_result r = vksplit__bind(plan, VKSPLIT__BIND_PARTS, NULL, outputs, NULL, &bound, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit__part_addresses(plan, outputs, 0, plan->geo.segment_count, mapped);
    return vksplit__ok(error);
}
