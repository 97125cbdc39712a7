/* The tests' hold on the runner's device (core_gpu.h). */
#include "core_gpu.h"

#include <string.h>

#include "core_support.h"
#include "test_harness.h"
#include "test_vulkan.h"

int core_gpu_create(vksplit_runner* runner, core_gpu* g)
{
    memset(g, 0, sizeof *g);
    g->runner = runner;
    vksplit_runner_get_info(runner, &g->info);
    g->bda = (g->info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    test_vulkan_load(runner);
    vkGetPhysicalDeviceMemoryProperties(g->info.physical_device, &g->memory);
    VkCommandPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool_info.queueFamilyIndex = g->info.queue_family_index;
    if (vkCreateCommandPool(g->info.device, &pool_info, NULL, &g->pool) != VK_SUCCESS)
        g->pool = VK_NULL_HANDLE;
    return g->pool != VK_NULL_HANDLE;
}

vksplit_context* core_gpu_push_context(const core_gpu* g)
{
    if (!g->bda || !(g->info.enabled_features & VKSPLIT_FEATURE_PUSH_DESCRIPTOR))
        return NULL;
    vksplit_context_desc desc = core_runner_context_desc(g->runner);
    desc.enabled_features &= ~(vksplit_features)VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS;
    vksplit_context* push = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&desc, &push, &err), &err);
    return push;
}
