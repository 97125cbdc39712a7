/* Loads vksplit's private Vulkan function table (vulkan_functions.h). */
#include "vulkan_functions.h"

/* The functions a device or instance may lack (vulkan_functions.h says when). */
static bool optional(const char* name)
{
    static const char* const names[] = {"vkGetPhysicalDeviceProperties2", "vkGetPhysicalDeviceFeatures2",
                                        "vkSetDebugUtilsObjectNameEXT",   "vkCmdBeginDebugUtilsLabelEXT",
                                        "vkCmdEndDebugUtilsLabelEXT",     "vkGetBufferDeviceAddress",
                                        "vkCmdPushDescriptorSetKHR"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return true;
    return false;
}

#define VKSPLIT_X_CHECK(name, level, wanted, users, what)                                                         \
    VKSPLIT_FOR_LIBRARY(users, VKSPLIT_AT(level, wanted, if (!vk->name && !optional(#name)) return VKSPLIT__FAIL( \
                                                             error, CONTEXT_MISSING_FUNCTION, what, #name);))

vksplit_result vksplit__load_instance_functions(vksplit__vk* vk, VkInstance instance,
                                                PFN_vkGetInstanceProcAddr get_instance_proc_addr,
                                                vksplit_error* error)
{
#define VKSPLIT_X_LOAD(name, level, users) \
    VKSPLIT_FOR_LIBRARY(users, VKSPLIT_AT(level, INSTANCE, vk->name = (PFN_##name)get_instance_proc_addr(instance, #name);))
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_LOAD)
#undef VKSPLIT_X_LOAD
    /* Vulkan 1.0 instances have these under the KHR name only. */
    if (!vk->vkGetPhysicalDeviceProperties2)
        vk->vkGetPhysicalDeviceProperties2 =
            (PFN_vkGetPhysicalDeviceProperties2)get_instance_proc_addr(instance, "vkGetPhysicalDeviceProperties2KHR");
    if (!vk->vkGetPhysicalDeviceFeatures2)
        vk->vkGetPhysicalDeviceFeatures2 =
            (PFN_vkGetPhysicalDeviceFeatures2)get_instance_proc_addr(instance, "vkGetPhysicalDeviceFeatures2KHR");
#define VKSPLIT_X_INSTANCE(name, level, users) VKSPLIT_X_CHECK(name, level, INSTANCE, users, "get_instance_proc_addr")
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_INSTANCE)
#undef VKSPLIT_X_INSTANCE
    return vksplit__ok(error);
}

vksplit_result vksplit__load_device_functions(vksplit__vk* vk, VkDevice device,
                                              PFN_vkGetDeviceProcAddr get_device_proc_addr, vksplit_error* error)
{
    PFN_vkGetDeviceProcAddr gdpa = get_device_proc_addr ? get_device_proc_addr : vk->vkGetDeviceProcAddr;
#define VKSPLIT_X_LOAD(name, level, users) \
    VKSPLIT_FOR_LIBRARY(users, VKSPLIT_AT(level, DEVICE, vk->name = (PFN_##name)gdpa(device, #name);))
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_LOAD)
#undef VKSPLIT_X_LOAD
    if (!vk->vkGetBufferDeviceAddress)
        vk->vkGetBufferDeviceAddress = (PFN_vkGetBufferDeviceAddress)gdpa(device, "vkGetBufferDeviceAddressKHR");
    if (!vk->vkGetBufferDeviceAddress)
        vk->vkGetBufferDeviceAddress = (PFN_vkGetBufferDeviceAddress)gdpa(device, "vkGetBufferDeviceAddressEXT");
#define VKSPLIT_X_DEVICE(name, level, users) VKSPLIT_X_CHECK(name, level, DEVICE, users, "get_device_proc_addr")
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_DEVICE)
#undef VKSPLIT_X_DEVICE
    return vksplit__ok(error);
}
