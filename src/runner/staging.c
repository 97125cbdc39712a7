/* The runner's transfers: data moved through one bounded staging buffer (or straight through
 * the mapping where tensor memory is host-cached), with buffers.c's buffers and submit.c's
 * submits. */
#include "buffers.h"
#include "staging.h"
#include "runner_internal.h"

/* ---- transfers -------------------------------------------------------------------------------- */

static vksplit_result check_range(const vksplit_runner* runner, const vksplit_runner_buffer* buffer,
                                  VkDeviceSize offset, VkDeviceSize size, bool callback, vksplit_error* error)
{
    if (!runner || !buffer || !callback)
        return VKSPLIT__FAIL0(error, RUNNER_STAGING_NULL);
    if (offset > buffer->size || size > buffer->size - offset)
        return VKSPLIT__FAIL(error, RUNNER_RANGE_OUTSIDE, (unsigned long long)offset, (unsigned long long)offset,
                             (unsigned long long)size, (unsigned long long)buffer->size);
    return VKSPLIT_OK;
}

static vksplit_result ensure_staging(vksplit_runner* runner, vksplit_error* error)
{
    if (runner->staging.buffer)
        return VKSPLIT_OK;
    return vksplit__runner_create_buffer(runner, runner->staging_bytes,
                                         VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         runner->staging_type, 1, &runner->staging, error);
}

/* Host writes to, or device writes from, a non-coherent staging mapping. */
static vksplit_result sync_staging(vksplit_runner* runner, VkDeviceSize bytes, bool to_device, vksplit_error* error)
{
    if (runner->memory.memoryTypes[runner->staging_type].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)
        return VKSPLIT_OK;
    VkDeviceSize atom = runner->props.limits.nonCoherentAtomSize ? runner->props.limits.nonCoherentAtomSize : 1;
    VkMappedMemoryRange range = {VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, NULL, runner->staging.memory, 0,
                                 (bytes + atom - 1) / atom * atom};
    if (range.size > runner->staging.size)
        range.size = VK_WHOLE_SIZE;
    VkResult vr = to_device ? runner->vk.vkFlushMappedMemoryRanges(runner->device, 1, &range)
                            : runner->vk.vkInvalidateMappedMemoryRanges(runner->device, 1, &range);
    return vr == VK_SUCCESS
               ? VKSPLIT_OK
               : vksplit__vk_fail(error, to_device ? "vkFlushMappedMemoryRanges" : "vkInvalidateMappedMemoryRanges",
                                  vr);
}

typedef struct copy_job {
    const vksplit_runner* runner;
    VkBuffer src, dst;
    VkBufferCopy region;
} copy_job;

static vksplit_result record_copy(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    (void)error;
    const copy_job* job = user;
    job->runner->vk.vkCmdCopyBuffer(cmd, job->src, job->dst, 1, &job->region);
    return VKSPLIT_OK;
}

/* Either way in pieces of the staging buffer's size: to the device (produce fills each piece)
 * or from it (consume takes each piece); straight through the mapping where the buffer is
 * host-cached device memory. */
static vksplit_result transfer(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                               VkDeviceSize size, vksplit_runner_produce_fn produce, vksplit_runner_consume_fn consume,
                               void* user, vksplit_error* error)
{
    bool to_device = produce != NULL; /* neither: check_range's NULL rule */
    vksplit_result r = check_range(runner, buffer, offset, size, produce || consume, error);
    if (r == VKSPLIT_OK && !buffer->mapped)
        r = ensure_staging(runner, error);
    for (VkDeviceSize done = 0; r == VKSPLIT_OK && done < size;) {
        size_t piece = (size_t)vksplit__min_u64(size - done, runner->staging_bytes);
        VkDeviceSize at = offset + done;
        done += piece;
        if (buffer->mapped) {
            r = to_device ? produce(user, (unsigned char*)buffer->mapped + at, piece, error)
                          : consume(user, (const unsigned char*)buffer->mapped + at, piece, error);
            continue;
        }
        copy_job job = to_device ? (copy_job){runner, runner->staging.buffer, buffer->buffer, {0, at, piece}}
                                 : (copy_job){runner, buffer->buffer, runner->staging.buffer, {at, 0, piece}};
        if (to_device) {
            r = produce(user, runner->staging.mapped, piece, error);
            if (r == VKSPLIT_OK)
                r = sync_staging(runner, piece, true, error);
        }
        if (r == VKSPLIT_OK)
            r = vksplit_runner_submit(runner, record_copy, &job, error);
        if (r == VKSPLIT_OK && !to_device)
            r = sync_staging(runner, piece, false, error);
        if (r == VKSPLIT_OK && !to_device)
            r = consume(user, runner->staging.mapped, piece, error);
    }
    return r;
}

vksplit_result vksplit_runner_write(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                                    VkDeviceSize size, vksplit_runner_produce_fn produce, void* user,
                                    vksplit_error* error)
{
    return transfer(runner, buffer, offset, size, produce, NULL, user, error);
}

vksplit_result vksplit_runner_read(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                                   VkDeviceSize size, vksplit_runner_consume_fn consume, void* user,
                                   vksplit_error* error)
{
    return transfer(runner, buffer, offset, size, NULL, consume, user, error);
}

vksplit_result vksplit__produce_from_memory(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    (void)error;
    vksplit__memory_cursor* c = user;
    memcpy(dst, c->at, bytes);
    c->at += bytes;
    return VKSPLIT_OK;
}

vksplit_result vksplit__consume_into_memory(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    (void)error;
    vksplit__memory_cursor* c = user;
    memcpy(c->at, src, bytes);
    c->at += bytes;
    return VKSPLIT_OK;
}

vksplit_result vksplit_runner_upload(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                                     const void* data, VkDeviceSize size, vksplit_error* error)
{
    if (!data && size)
        return VKSPLIT__FAIL(error, RUNNER_DATA_NULL, (unsigned long long)size);
    vksplit__memory_cursor c = {(unsigned char*)(uintptr_t)data};
    return vksplit_runner_write(runner, buffer, offset, size, vksplit__produce_from_memory, &c, error);
}

vksplit_result vksplit_runner_download(vksplit_runner* runner, const vksplit_runner_buffer* buffer, VkDeviceSize offset,
                                       void* data, VkDeviceSize size, vksplit_error* error)
{
    if (!data && size)
        return VKSPLIT__FAIL(error, RUNNER_DATA_NULL, (unsigned long long)size);
    vksplit__memory_cursor c = {data};
    return vksplit_runner_read(runner, buffer, offset, size, vksplit__consume_into_memory, &c, error);
}
