/* Loads vksplit's private Vulkan function table (vulkan_functions.h). */
#include "base/vulkan_functions.h"

/* A missing function fails loading unless the list's optional column lets the library do without. */
#define VKSPLIT_X_CHECK(name, level, wanted, users, optional, what)                                                \
    VKSPLIT_FOR_LIBRARY(users,                                                                                     \
                        VKSPLIT_AT(level, wanted,                                                                  \
                                   if (!vk->name && !VKSPLIT_OPTIONAL_FOR_LIBRARY(optional)) return VKSPLIT__FAIL( \
                                       error, CONTEXT_MISSING_FUNCTION, what, #name);))

vksplit_result vksplit__load_instance_functions(vksplit__vk* vk, VkInstance instance,
                                                PFN_vkGetInstanceProcAddr get_instance_proc_addr, vksplit_error* error)
{
#define VKSPLIT_X_LOAD(name, level, users, optional) \
    VKSPLIT_FOR_LIBRARY(users,                       \
                        VKSPLIT_AT(level, INSTANCE, vk->name = (PFN_##name)get_instance_proc_addr(instance, #name);))
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_LOAD)
#undef VKSPLIT_X_LOAD
    /* Vulkan 1.0 instances have these under the KHR name only. */
    if (!vk->vkGetPhysicalDeviceProperties2)
        vk->vkGetPhysicalDeviceProperties2 =
            (PFN_vkGetPhysicalDeviceProperties2)get_instance_proc_addr(instance, "vkGetPhysicalDeviceProperties2KHR");
    if (!vk->vkGetPhysicalDeviceFeatures2)
        vk->vkGetPhysicalDeviceFeatures2 =
            (PFN_vkGetPhysicalDeviceFeatures2)get_instance_proc_addr(instance, "vkGetPhysicalDeviceFeatures2KHR");
#define VKSPLIT_X_INSTANCE(name, level, users, optional) \
    VKSPLIT_X_CHECK(name, level, INSTANCE, users, optional, "get_instance_proc_addr")
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_INSTANCE)
#undef VKSPLIT_X_INSTANCE
    return vksplit__ok(error);
}

vksplit_result vksplit__load_device_functions(vksplit__vk* vk, VkDevice device,
                                              PFN_vkGetDeviceProcAddr get_device_proc_addr, vksplit_error* error)
{
    PFN_vkGetDeviceProcAddr gdpa = get_device_proc_addr ? get_device_proc_addr : vk->vkGetDeviceProcAddr;
#define VKSPLIT_X_LOAD(name, level, users, optional) \
    VKSPLIT_FOR_LIBRARY(users, VKSPLIT_AT(level, DEVICE, vk->name = (PFN_##name)gdpa(device, #name);))
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_LOAD)
#undef VKSPLIT_X_LOAD
    if (!vk->vkGetBufferDeviceAddress)
        vk->vkGetBufferDeviceAddress = (PFN_vkGetBufferDeviceAddress)gdpa(device, "vkGetBufferDeviceAddressKHR");
    if (!vk->vkGetBufferDeviceAddress)
        vk->vkGetBufferDeviceAddress = (PFN_vkGetBufferDeviceAddress)gdpa(device, "vkGetBufferDeviceAddressEXT");
#define VKSPLIT_X_DEVICE(name, level, users, optional) \
    VKSPLIT_X_CHECK(name, level, DEVICE, users, optional, "get_device_proc_addr")
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_DEVICE)
#undef VKSPLIT_X_DEVICE
    return vksplit__ok(error);
}
