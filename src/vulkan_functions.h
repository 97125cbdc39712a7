/* The private table of every Vulkan function vksplit calls, loaded from the caller's
 * vkGetInstanceProcAddr / vkGetDeviceProcAddr. No global loader state is read or written. */
#ifndef VKSPLIT_VULKAN_FUNCTIONS_H
#define VKSPLIT_VULKAN_FUNCTIONS_H

#include "internal.h"

/* X(name) for functions that must exist; OPT(name) for ones a feature may lack. The debug
 * utils functions are NULL unless the caller's instance enabled VK_EXT_debug_utils (the
 * Vulkan specification's vkGetInstanceProcAddr returns NULL for an instance extension's
 * commands the instance did not enable). */
#define VKSPLIT_INSTANCE_FUNCTIONS(X, OPT)      \
    X(vkGetPhysicalDeviceProperties)            \
    X(vkGetPhysicalDeviceMemoryProperties)      \
    X(vkGetPhysicalDeviceFeatures)              \
    X(vkEnumerateDeviceExtensionProperties)     \
    OPT(vkGetPhysicalDeviceProperties2)         \
    OPT(vkGetPhysicalDeviceFeatures2)           \
    X(vkGetDeviceProcAddr)                      \
    OPT(vkSetDebugUtilsObjectNameEXT)           \
    OPT(vkCmdBeginDebugUtilsLabelEXT)           \
    OPT(vkCmdEndDebugUtilsLabelEXT)

#define VKSPLIT_DEVICE_FUNCTIONS(X, OPT)        \
    X(vkCreateShaderModule)                     \
    X(vkDestroyShaderModule)                    \
    X(vkCreateComputePipelines)                 \
    X(vkDestroyPipeline)                        \
    X(vkCreatePipelineLayout)                   \
    X(vkDestroyPipelineLayout)                  \
    X(vkCreateDescriptorSetLayout)              \
    X(vkDestroyDescriptorSetLayout)             \
    X(vkCreateBuffer)                           \
    X(vkDestroyBuffer)                          \
    X(vkGetBufferMemoryRequirements)            \
    X(vkAllocateMemory)                         \
    X(vkFreeMemory)                             \
    X(vkBindBufferMemory)                       \
    X(vkMapMemory)                              \
    X(vkUnmapMemory)                            \
    X(vkFlushMappedMemoryRanges)                \
    X(vkCmdBindPipeline)                        \
    X(vkCmdPushConstants)                       \
    X(vkCmdDispatch)                            \
    X(vkCmdPipelineBarrier)                     \
    X(vkCmdUpdateBuffer)                        \
    X(vkCmdCopyBuffer)                          \
    OPT(vkGetBufferDeviceAddress)               \
    OPT(vkCmdPushDescriptorSetKHR)

typedef struct vksplit__vk {
#define VKSPLIT_X_MEMBER(name) PFN_##name name;
    VKSPLIT_INSTANCE_FUNCTIONS(VKSPLIT_X_MEMBER, VKSPLIT_X_MEMBER)
    VKSPLIT_DEVICE_FUNCTIONS(VKSPLIT_X_MEMBER, VKSPLIT_X_MEMBER)
#undef VKSPLIT_X_MEMBER
} vksplit__vk;

/* Instance-level functions; fails naming the first one missing. */
vksplit_result vksplit__load_instance_functions(vksplit__vk* vk, VkInstance instance,
                                                PFN_vkGetInstanceProcAddr get_instance_proc_addr,
                                                vksplit_error* error);
/* Device-level functions through get_device_proc_addr (or the instance's vkGetDeviceProcAddr).
 * Extension and promoted names are tried where the core name is absent. */
vksplit_result vksplit__load_device_functions(vksplit__vk* vk, VkDevice device,
                                              PFN_vkGetDeviceProcAddr get_device_proc_addr, vksplit_error* error);

#endif /* VKSPLIT_VULKAN_FUNCTIONS_H */
