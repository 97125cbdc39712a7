/* Mapped host-visible test buffers (host_buffer.h). */
#include "host_buffer.h"

#include <string.h>

/* Host-visible and coherent, preferring host-cached (fast CPU reads) and not device-local
 * (a GPU's host-visible device memory is slow to read from the CPU). */
static uint32_t memory_type(const VkPhysicalDeviceMemoryProperties* memory, uint32_t type_bits)
{
    VkMemoryPropertyFlags need = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t fallback = UINT32_MAX;
    for (uint32_t i = 0; i < memory->memoryTypeCount; i++) {
        VkMemoryPropertyFlags flags = memory->memoryTypes[i].propertyFlags;
        if (!(type_bits & (1u << i)) || (flags & need) != need)
            continue;
        if ((flags & VK_MEMORY_PROPERTY_HOST_CACHED_BIT) && !(flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
            return i;
        if (fallback == UINT32_MAX)
            fallback = i;
    }
    return fallback;
}

int core_host_buffer_create(VkDevice device, const VkPhysicalDeviceMemoryProperties* memory, int bda, VkDeviceSize size,
                            core_host_buffer* b)
{
    memset(b, 0, sizeof *b);
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size ? size : 16;
    /* INDIRECT: a block of device parameters holds the grids of its copy (vksplit.h) */
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                 (bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0);
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    if (vkCreateBuffer(device, &info, NULL, &b->buffer) != VK_SUCCESS) {
        b->buffer = VK_NULL_HANDLE;
        return 0;
    }
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device, b->buffer, &req);
    uint32_t type = memory_type(memory, req.memoryTypeBits);
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .pNext = bda ? &flags : NULL};
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    if (type == UINT32_MAX || vkAllocateMemory(device, &alloc, NULL, &b->memory) != VK_SUCCESS) {
        b->memory = VK_NULL_HANDLE;
        return 0;
    }
    if (vkBindBufferMemory(device, b->buffer, b->memory, 0) != VK_SUCCESS ||
        vkMapMemory(device, b->memory, 0, VK_WHOLE_SIZE, 0, (void**)&b->mapped) != VK_SUCCESS)
        return 0;
    b->size = info.size;
    if (bda) {
        VkBufferDeviceAddressInfo address = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, b->buffer};
        b->address = vkGetBufferDeviceAddress(device, &address);
    }
    return 1;
}

void core_host_buffer_destroy(VkDevice device, core_host_buffer* b)
{
    if (b->buffer)
        vkDestroyBuffer(device, b->buffer, NULL);
    if (b->memory)
        vkFreeMemory(device, b->memory, NULL); /* unmaps too */
    memset(b, 0, sizeof *b);
}
