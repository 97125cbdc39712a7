/* split_bench's host-visible buffers with a device address: what the bench's own GPU passes
 * write and the host reads (a plan's device parameters or status block, the rows' indices, a
 * producer's step counter), mapped once. Memory that is also device-local where the device has
 * such a type (a GPU's BAR), so that the copies read them at the device's speed. */
#ifndef VKSPLIT_BENCH_HOST_BUFFER_H
#define VKSPLIT_BENCH_HOST_BUFFER_H

#include <volk.h> /* split_bench's own Vulkan calls: volk's globals, loaded in main */

typedef struct bench_host_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceAddress address;
    uint32_t* words; /* mapped, coherent; zeroed at creation */
} bench_host_buffer;

/* A storage, indirect and device-address buffer of size bytes. 0 on failure (the caller says
 * which); bench_host_buffer_destroy cleans up either way. */
int bench_host_buffer_create(VkDevice device, VkPhysicalDevice physical, VkDeviceSize size, bench_host_buffer* b);
void bench_host_buffer_destroy(VkDevice device, bench_host_buffer* b);

#endif /* VKSPLIT_BENCH_HOST_BUFFER_H */
