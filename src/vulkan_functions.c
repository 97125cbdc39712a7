/* Loads vksplit's private Vulkan function table. */
#include "vulkan_functions.h"

vksplit_result vksplit__load_instance_functions(vksplit__vk* vk, VkInstance instance,
                                                PFN_vkGetInstanceProcAddr get_instance_proc_addr,
                                                vksplit_error* error)
{
#define VKSPLIT_X_LOAD(name) vk->name = (PFN_##name)get_instance_proc_addr(instance, #name);
#define VKSPLIT_X_CHECK(name)                                                                     \
    if (!vk->name)                                                                                \
        return vksplit__fail(error, VKSPLIT_ERROR_UNSUPPORTED, "get_instance_proc_addr returned NULL for " #name);
#define VKSPLIT_X_SKIP(name)
    VKSPLIT_INSTANCE_FUNCTIONS(VKSPLIT_X_LOAD, VKSPLIT_X_LOAD)
    /* Vulkan 1.0 instances have these under the KHR name only. */
    if (!vk->vkGetPhysicalDeviceProperties2)
        vk->vkGetPhysicalDeviceProperties2 =
            (PFN_vkGetPhysicalDeviceProperties2)get_instance_proc_addr(instance, "vkGetPhysicalDeviceProperties2KHR");
    if (!vk->vkGetPhysicalDeviceFeatures2)
        vk->vkGetPhysicalDeviceFeatures2 =
            (PFN_vkGetPhysicalDeviceFeatures2)get_instance_proc_addr(instance, "vkGetPhysicalDeviceFeatures2KHR");
    VKSPLIT_INSTANCE_FUNCTIONS(VKSPLIT_X_CHECK, VKSPLIT_X_SKIP)
#undef VKSPLIT_X_LOAD
#undef VKSPLIT_X_CHECK
    return vksplit__ok(error);
}

vksplit_result vksplit__load_device_functions(vksplit__vk* vk, VkDevice device,
                                              PFN_vkGetDeviceProcAddr get_device_proc_addr, vksplit_error* error)
{
    PFN_vkGetDeviceProcAddr gdpa = get_device_proc_addr ? get_device_proc_addr : vk->vkGetDeviceProcAddr;
#define VKSPLIT_X_LOAD(name) vk->name = (PFN_##name)gdpa(device, #name);
#define VKSPLIT_X_CHECK(name)                                                                     \
    if (!vk->name)                                                                                \
        return vksplit__fail(error, VKSPLIT_ERROR_UNSUPPORTED, "get_device_proc_addr returned NULL for " #name);
    VKSPLIT_DEVICE_FUNCTIONS(VKSPLIT_X_LOAD, VKSPLIT_X_LOAD)
    if (!vk->vkGetBufferDeviceAddress)
        vk->vkGetBufferDeviceAddress = (PFN_vkGetBufferDeviceAddress)gdpa(device, "vkGetBufferDeviceAddressKHR");
    if (!vk->vkGetBufferDeviceAddress)
        vk->vkGetBufferDeviceAddress = (PFN_vkGetBufferDeviceAddress)gdpa(device, "vkGetBufferDeviceAddressEXT");
    VKSPLIT_DEVICE_FUNCTIONS(VKSPLIT_X_CHECK, VKSPLIT_X_SKIP)
#undef VKSPLIT_X_LOAD
#undef VKSPLIT_X_CHECK
#undef VKSPLIT_X_SKIP
    return vksplit__ok(error);
}
