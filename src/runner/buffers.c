/* The runner's buffers: device-local tensors (mapped where that memory is host-cached), the
 * staging buffer and the arguments, each within the device's buffer and allocation limits;
 * and the arena that packs the many tensors of one side of a run (a split's outputs, a join's
 * inputs) into as few buffers as those limits allow. Below the runner's creation (runner.c,
 * which destroys the staging buffer) and its transfers (staging.c, run_plan.c). */
#include "buffers.h"
#include "runner_internal.h"

vksplit_result vksplit__runner_create_buffer(vksplit_runner* runner, VkDeviceSize size, VkBufferUsageFlags usage,
                                             uint32_t type, vksplit_bool32 map, vksplit_runner_buffer* out,
                                             vksplit_error* error)
{
    memset(out, 0, sizeof *out);
    const runner_vk* vk = &runner->vk;
    if (size > runner->max_buffer_bytes) /* max_buffer_bytes is whole words: so is size, rounded */
        return VKSPLIT__FAIL(error, RUNNER_BUFFER_TOO_LARGE, (unsigned long long)size,
                             (unsigned long long)runner->max_buffer_bytes, runner->max_buffer_limit);
    bool bda =
        (runner->features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) && (usage & VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    /* Whole 32-bit words: what vksplit's 1/2-byte fallback (no 8/16-bit storage) reads. */
    info.size = size ? (size + 3) & ~(VkDeviceSize)3 : 16;
    info.usage = usage | (bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0);
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    /* A failed call leaves its output undefined: *out takes a handle only on success, so that
     * it is all zero after any failure and vksplit_runner_buffer_destroy never sees junk. */
    VkBuffer buffer;
    VkResult vr = vk->vkCreateBuffer(runner->device, &info, runner->callbacks, &buffer);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateBuffer", vr);
    out->buffer = buffer;
    VkMemoryRequirements req;
    vk->vkGetBufferMemoryRequirements(runner->device, out->buffer, &req);
    if (!(req.memoryTypeBits & (1u << type))) {
        vksplit_runner_buffer_destroy(runner, out);
        return VKSPLIT__FAIL(error, RUNNER_MEMORY_TYPE_SIZE, type, (unsigned long long)size);
    }
    if (req.size > runner->max_allocation_bytes) { /* the driver's padding took it over */
        vksplit_runner_buffer_destroy(runner, out);
        return VKSPLIT__FAIL(error, RUNNER_ALLOCATION_TOO_LARGE, (unsigned long long)size, (unsigned long long)req.size,
                             (unsigned long long)runner->max_allocation_bytes, runner->max_allocation_limit);
    }
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.pNext = bda ? &flags : NULL;
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    VkDeviceMemory memory;
    vr = vk->vkAllocateMemory(runner->device, &alloc, runner->callbacks, &memory);
    if (vr != VK_SUCCESS) {
        vksplit_runner_buffer_destroy(runner, out);
        return vr == VK_ERROR_OUT_OF_DEVICE_MEMORY || vr == VK_ERROR_OUT_OF_HOST_MEMORY
                   ? VKSPLIT__FAIL(error, RUNNER_ALLOCATE_OUT_OF_MEMORY, (unsigned long long)req.size, (int)vr)
                   : VKSPLIT__FAIL(error, RUNNER_ALLOCATE_FAILED, (unsigned long long)req.size, (int)vr);
    }
    out->memory = memory;
    vr = vk->vkBindBufferMemory(runner->device, out->buffer, out->memory, 0);
    void* mapped = NULL;
    if (vr == VK_SUCCESS && map)
        vr = vk->vkMapMemory(runner->device, out->memory, 0, VK_WHOLE_SIZE, 0, &mapped);
    if (vr != VK_SUCCESS) {
        vksplit_runner_buffer_destroy(runner, out);
        return vksplit__vk_fail(error, map ? "vkBindBufferMemory/vkMapMemory" : "vkBindBufferMemory", vr);
    }
    out->mapped = mapped;
    if (bda) {
        VkBufferDeviceAddressInfo address = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, out->buffer};
        out->address = vk->vkGetBufferDeviceAddress(runner->device, &address);
    }
    out->size = info.size;
    return VKSPLIT_OK;
}

vksplit_result vksplit_runner_buffer_create(vksplit_runner* runner, VkDeviceSize size, vksplit_runner_buffer* out,
                                            vksplit_error* error)
{
    if (!runner || !out)
        return VKSPLIT__FAIL0(error, RUNNER_BUFFER_NULL);
    /* INDIRECT: a buffer may hold a block of device parameters, whose copy dispatches indirect */
    return vksplit__runner_create_buffer(runner, size,
                                         VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                             VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                                         runner->tensor_type, runner->mapped_tensors, out, error);
}

void vksplit_runner_buffer_destroy(vksplit_runner* runner, vksplit_runner_buffer* buffer)
{
    if (!runner || !buffer)
        return;
    if (buffer->buffer)
        runner->vk.vkDestroyBuffer(runner->device, buffer->buffer, runner->callbacks);
    if (buffer->memory)
        runner->vk.vkFreeMemory(runner->device, buffer->memory, runner->callbacks); /* unmaps too */
    memset(buffer, 0, sizeof *buffer);
}

/* ---- the arena: many tensors in few buffers ------------------------------------------------ */

bool vksplit__runner_arena_alloc(const vksplit_runner* runner, uint32_t n, vksplit__runner_arena* a)
{
    /* n <= VKSPLIT_MAX_OUTPUTS, VKSPLIT_MAX_INPUTS: no overflow; the arrays in order of alignment,
     * each of at least one entry (place writes the first buffer's size). */
    size_t m = n ? n : 1;
    size_t bytes = m * (sizeof *a->buffers + sizeof *a->bindings + 3 * sizeof(uint64_t) + sizeof(uint32_t));
    unsigned char* block = vksplit__alloc(runner->callbacks, bytes);
    memset(a, 0, sizeof *a);
    if (!block)
        return false;
    memset(block, 0, bytes);
    a->tensors = n;
    a->buffers = (vksplit_runner_buffer*)block;
    a->bindings = (vksplit_binding*)(a->buffers + m);
    a->spans = (uint64_t*)(a->bindings + m);
    a->sizes = a->spans + m;
    a->offsets = a->sizes + m;
    a->buffer_of = (uint32_t*)(a->offsets + m);
    return true;
}

void vksplit__runner_arena_free(vksplit_runner* runner, vksplit__runner_arena* a)
{
    for (uint32_t b = 0; b < a->count; b++)
        vksplit_runner_buffer_destroy(runner, &a->buffers[b]);
    vksplit__free(runner->callbacks, a->buffers);
    memset(a, 0, sizeof *a);
}

uint32_t vksplit__runner_arena_place(const vksplit_runner* runner, vksplit__runner_arena* a)
{
    uint64_t limit = runner->max_buffer_bytes, end = 0;
    for (uint32_t i = 0; i < a->tensors; i++)
        if (a->spans[i] > limit)
            return i;
    uint32_t b = 0;
    for (uint32_t i = 0; i < a->tensors; i++) {
        uint64_t span = a->spans[i];
        /* end <= limit < 2^64 - 256: the rounding cannot overflow. */
        uint64_t start = (end + VKSPLIT__ARENA_ALIGNMENT - 1) & ~(uint64_t)(VKSPLIT__ARENA_ALIGNMENT - 1);
        if (span && end && (start > limit || span > limit - start)) {
            a->sizes[b++] = end;
            start = end = 0;
        }
        a->buffer_of[i] = b;
        a->offsets[i] = span ? start : 0;
        if (span)
            end = start + span;
    }
    a->sizes[b] = end;
    a->count = b + 1;
    return a->tensors;
}

vksplit_result vksplit__runner_arena_create(vksplit_runner* runner, vksplit__runner_arena* a, vksplit_error* error)
{
    vksplit_result r = VKSPLIT_OK;
    for (uint32_t b = 0; r == VKSPLIT_OK && b < a->count; b++)
        r = vksplit_runner_buffer_create(runner, a->sizes[b], &a->buffers[b], error);
    for (uint32_t i = 0; r == VKSPLIT_OK && i < a->tensors; i++)
        a->bindings[i] = (vksplit_binding){a->buffers[a->buffer_of[i]].buffer, a->offsets[i]};
    return r;
}
