/* A mapped buffer in host-visible memory for tests that drive Vulkan themselves (their own
 * device, or host-written per-record arguments): storage, transfer source and destination,
 * and a device address when asked. Host memory, not device-local: these tests keep their
 * tensors small, and the CPU reads a GPU's host-visible device memory very slowly. */
#ifndef VKSPLIT_TESTS_CORE_HOST_BUFFER_H
#define VKSPLIT_TESTS_CORE_HOST_BUFFER_H

#include <stdint.h>

#include <volk.h> /* the tests' Vulkan calls: tests/common/test_vulkan.h */

typedef struct core_host_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint8_t* mapped;
    VkDeviceSize size;
    VkDeviceAddress address; /* 0 unless bda */
} core_host_buffer;

/* 1 on success; on failure 0 and nothing left to destroy beyond what core_host_buffer_destroy
 * frees. A size of 0 makes a 16-byte buffer. */
int core_host_buffer_create(VkDevice device, const VkPhysicalDeviceMemoryProperties* memory, int bda, VkDeviceSize size,
                            core_host_buffer* out);
void core_host_buffer_destroy(VkDevice device, core_host_buffer* buffer);

#endif /* VKSPLIT_TESTS_CORE_HOST_BUFFER_H */
