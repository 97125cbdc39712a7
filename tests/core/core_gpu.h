/* The runner's device as the tests that drive Vulkan themselves hold it (test_rows.c,
 * test_device_parameters.c, test_convert.c, test_convert_placed.c): its info and memory
 * types, a command pool of the test's own, and whether its buffers get device addresses. */
#ifndef VKSPLIT_TESTS_CORE_GPU_H
#define VKSPLIT_TESTS_CORE_GPU_H

#include <volk.h> /* the tests' Vulkan calls: tests/common/test_vulkan.h */

#include "vksplit/vksplit_runner.h"

typedef struct core_gpu {
    vksplit_runner* runner;
    vksplit_runner_info info;
    VkPhysicalDeviceMemoryProperties memory;
    VkCommandPool pool;
    int bda;        /* the test's buffers with device addresses (a context with them uses them) */
    const char* on; /* where a test names it: the context's name, in every case's */
} core_gpu;

/* Fills g for runner's device, loading volk's globals for it (test_vulkan_load), and creates
 * the pool. 1 on success; 0 where the pool's creation failed (g->pool VK_NULL_HANDLE). */
int core_gpu_create(vksplit_runner* runner, core_gpu* g);

/* A second context on the runner's device, on the push-descriptor path: where the device has
 * device addresses and VK_KHR_push_descriptor, a new context not told of the addresses (the
 * caller destroys it); NULL otherwise (without addresses the runner's own context runs that
 * path already). A failed creation fails the test (CHECK_RESULT) and gives NULL. */
vksplit_context* core_gpu_push_context(const core_gpu* g);

#endif /* VKSPLIT_TESTS_CORE_GPU_H */
