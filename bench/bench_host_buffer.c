/* split_bench's host-visible buffers (bench_host_buffer.h). */
#include "bench_host_buffer.h"

#include <string.h>

/* The first memory type of the buffer's with every flag of `need`; UINT32_MAX if none. */
static uint32_t memory_type(const VkPhysicalDeviceMemoryProperties* memory, uint32_t bits, VkMemoryPropertyFlags need)
{
    for (uint32_t i = 0; i < memory->memoryTypeCount; i++)
        if ((bits & (1u << i)) && (memory->memoryTypes[i].propertyFlags & need) == need)
            return i;
    return UINT32_MAX;
}

int bench_host_buffer_create(VkDevice device, VkPhysicalDevice physical, VkDeviceSize size, bench_host_buffer* b)
{
    memset(b, 0, sizeof *b);
    VkBufferCreateInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    /* INDIRECT: a plan's device parameters hold the grids of its copy (vksplit.h) */
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
                 VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    if (vkCreateBuffer(device, &info, NULL, &b->buffer) != VK_SUCCESS) {
        b->buffer = VK_NULL_HANDLE;
        return 0;
    }
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device, b->buffer, &req);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(physical, &memory);
    VkMemoryPropertyFlags need = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    uint32_t type = memory_type(&memory, req.memoryTypeBits, need | VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    if (type == UINT32_MAX)
        type = memory_type(&memory, req.memoryTypeBits, need);
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                       .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .pNext = &flags};
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = type;
    if (type == UINT32_MAX || vkAllocateMemory(device, &alloc, NULL, &b->memory) != VK_SUCCESS) {
        b->memory = VK_NULL_HANDLE;
        return 0;
    }
    void* mapped = NULL;
    if (vkBindBufferMemory(device, b->buffer, b->memory, 0) != VK_SUCCESS ||
        vkMapMemory(device, b->memory, 0, VK_WHOLE_SIZE, 0, &mapped) != VK_SUCCESS)
        return 0;
    b->words = mapped;
    memset(mapped, 0, (size_t)size);
    VkBufferDeviceAddressInfo address = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, b->buffer};
    b->address = vkGetBufferDeviceAddress(device, &address);
    return 1;
}

void bench_host_buffer_destroy(VkDevice device, bench_host_buffer* b)
{
    if (b->buffer)
        vkDestroyBuffer(device, b->buffer, NULL);
    if (b->memory)
        vkFreeMemory(device, b->memory, NULL); /* unmaps too */
    memset(b, 0, sizeof *b);
}
