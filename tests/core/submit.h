/* One command buffer of a test's own, recorded, ended with the barrier that lets the host read
 * what the compute shaders wrote, submitted and waited for: the steps every test that drives
 * Vulkan itself takes (through volk's globals: test_vulkan.h's test_vulkan_load first). */
#ifndef VKSPLIT_TESTS_CORE_SUBMIT_H
#define VKSPLIT_TESTS_CORE_SUBMIT_H

#include <volk.h> /* the tests' Vulkan calls: tests/common/test_vulkan.h */

/* A primary command buffer from pool, begun (one_time: ONE_TIME_SUBMIT); VK_NULL_HANDLE on failure. */
VkCommandBuffer core_cmd_begin(VkDevice device, VkCommandPool pool, int one_time);
/* Ends cmd after a barrier COMPUTE_SHADER/SHADER_WRITE -> HOST/HOST_READ. 1 on success. */
int core_cmd_end_for_host(VkCommandBuffer cmd);
/* Submits cmd to queue and waits until it has run (fence: VK_NULL_HANDLE makes one for the
 * call; else the caller's, unsignalled, left unsignalled again). 1 on success. */
int core_submit_wait(VkDevice device, VkQueue queue, VkCommandBuffer cmd, VkFence fence);

#endif /* VKSPLIT_TESTS_CORE_SUBMIT_H */
