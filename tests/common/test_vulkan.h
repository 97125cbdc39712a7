/* The tests' own Vulkan calls (command pools, a device of their own, hooks between a runner
 * and the loader) go through volk's global function pointers: no test links the Vulkan
 * loader, as no tool does. These globals are the tests' (target vksplit_volk); the runner
 * keeps a private copy of volk and never touches them. */
#ifndef VKSPLIT_TEST_VULKAN_H
#define VKSPLIT_TEST_VULKAN_H

#include <stdio.h>
#include <stdlib.h>

#include <volk.h>

#include "vksplit/vksplit_runner.h"

/* The loader's vkGetInstanceProcAddr, for a hook that sits between a runner and the loader
 * (it exists before any runner does). Exits the test (code 1) when there is no loader. */
static inline PFN_vkGetInstanceProcAddr test_vulkan_loader(void)
{
    if (volkInitialize() != VK_SUCCESS) {
        fprintf(stderr, "no Vulkan loader found (libvulkan.so.1)\n");
        exit(1);
    }
    return vkGetInstanceProcAddr;
}

/* Points volk's globals at the runner's loader and instance: its instance functions, and the
 * device functions as the loader's dispatching entry points, which serve every device of that
 * instance (the runner's, and any a test creates on it). */
static inline void test_vulkan_load(const vksplit_runner* runner)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    volkInitializeCustom(info.get_instance_proc_addr);
    volkLoadInstance(info.instance);
}

#endif /* VKSPLIT_TEST_VULKAN_H */
