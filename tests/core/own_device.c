/* A test's own device (own_device.h). */
#include "own_device.h"

#include "core_support.h"
#include "test_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int own_device_has_extension(VkPhysicalDevice gpu, const char* name)
{
    uint32_t count = 0;
    if (vkEnumerateDeviceExtensionProperties(gpu, NULL, &count, NULL) != VK_SUCCESS)
        return 0;
    VkExtensionProperties* list = calloc(count ? count : 1, sizeof *list);
    int found = 0;
    if (list && vkEnumerateDeviceExtensionProperties(gpu, NULL, &count, list) >= VK_SUCCESS)
        for (uint32_t i = 0; i < count && !found; i++)
            found = strcmp(list[i].extensionName, name) == 0;
    free(list);
    return found;
}

int own_device_create(const vksplit_runner_info* info, uint32_t queues, const char* const* extensions,
                      uint32_t extension_count, own_device* d)
{
    memset(d, 0, sizeof *d);
    d->gpu = info->physical_device;
    vksplit_error err;
    if (vksplit_query_device_features(d->gpu, info->get_instance_proc_addr, info->instance, &d->features, &err) !=
        VKSPLIT_OK) {
        fprintf(stderr, "vksplit_query_device_features: %s\n", err.message);
        return 0;
    }
    uint32_t families = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(d->gpu, &families, NULL);
    VkQueueFamilyProperties props[16];
    families = families > 16 ? 16 : families;
    vkGetPhysicalDeviceQueueFamilyProperties(d->gpu, &families, props);
    d->family = UINT32_MAX;
    for (uint32_t i = 0; i < families && d->family == UINT32_MAX; i++)
        if (props[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
            d->family = i;
    if (d->family == UINT32_MAX) {
        fprintf(stderr, "the device has no compute queue family\n");
        return 0;
    }
    d->queue_count = queues >= 2 && props[d->family].queueCount >= 2 ? 2 : 1;

    vksplit_features f = d->features;
    VkPhysicalDeviceVulkan12Features v12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceVulkan11Features v11 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                            .pNext = &v12};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &v11};
    v12.bufferDeviceAddress = (f & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    v12.storageBuffer8BitAccess = (f & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT) != 0;
    v11.storageBuffer16BitAccess = (f & VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT) != 0;
    features.features.shaderInt64 = (f & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS) != 0;
    features.features.shaderStorageBufferArrayDynamicIndexing =
        (f & VKSPLIT_FEATURE_STORAGE_BUFFER_ARRAY_DYNAMIC_INDEXING) != 0;
    const char* names[8];
    uint32_t name_count = 0;
    if (f & VKSPLIT_FEATURE_PUSH_DESCRIPTOR)
        names[name_count++] = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
    for (uint32_t i = 0; i < extension_count && name_count < 8; i++)
        names[name_count++] = extensions[i];
    float priorities[2] = {1.0f, 1.0f};
    VkDeviceQueueCreateInfo queue = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue.queueFamilyIndex = d->family;
    queue.queueCount = d->queue_count;
    queue.pQueuePriorities = priorities;
    VkDeviceCreateInfo create = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &features};
    create.queueCreateInfoCount = 1;
    create.pQueueCreateInfos = &queue;
    create.enabledExtensionCount = name_count;
    create.ppEnabledExtensionNames = names;
    VkResult vr = vkCreateDevice(d->gpu, &create, NULL, &d->device);
    if (vr != VK_SUCCESS) {
        fprintf(stderr, "vkCreateDevice: VkResult %d\n", (int)vr);
        d->device = VK_NULL_HANDLE;
        return 0;
    }
    for (uint32_t q = 0; q < 2; q++)
        vkGetDeviceQueue(d->device, d->family, q < d->queue_count ? q : 0, &d->queues[q]);
    vkGetPhysicalDeviceMemoryProperties(d->gpu, &d->memory);
    VkCommandPoolCreateInfo pool = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pool.queueFamilyIndex = d->family;
    vr = vkCreateCommandPool(d->device, &pool, NULL, &d->pool);
    if (vr != VK_SUCCESS) {
        fprintf(stderr, "vkCreateCommandPool: VkResult %d\n", (int)vr);
        d->pool = VK_NULL_HANDLE;
        return 0;
    }
    return 1;
}

void own_device_destroy(own_device* d)
{
    if (d->pool)
        vkDestroyCommandPool(d->device, d->pool, NULL);
    if (d->device)
        vkDestroyDevice(d->device, NULL);
    memset(d, 0, sizeof *d);
}

vksplit_context* own_device_context(const own_device* d, const vksplit_runner_info* info, const vksplit_tuning* tuning)
{
    /* A test run as its joins (VKSPLIT_TEST_JOIN=1) uses no split pipeline: each pipeline is
     * made by the first plan that needs it instead of every split one with the context. */
    vksplit_context_desc desc = {.instance = info->instance,
                                 .physical_device = d->gpu,
                                 .device = d->device,
                                 .get_instance_proc_addr = info->get_instance_proc_addr,
                                 .enabled_features = d->features,
                                 .pipelines = core_join_all() ? VKSPLIT_PIPELINES_ON_DEMAND : VKSPLIT_PIPELINES_DEFAULT,
                                 .log = test_log};
    if (tuning)
        desc.tuning = *tuning;
    vksplit_context* ctx = NULL;
    vksplit_error err;
    if (vksplit_context_create(&desc, &ctx, &err) != VKSPLIT_OK) {
        fprintf(stderr, "vksplit_context_create: %s\n", err.message);
        return NULL;
    }
    return ctx;
}
