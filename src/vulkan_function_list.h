/* Every Vulkan function vksplit calls, the library's and the runner's, one line each:
 *
 *     X(name, level, users)
 *
 *   level  GLOBAL    loaded without an instance (vkGetInstanceProcAddr(NULL, name))
 *          INSTANCE  loaded for an instance
 *          DEVICE    loaded for a device (through vkGetDeviceProcAddr)
 *   users  L the library (src/vulkan_functions.h), R the runner (src/runner/runner_internal.h),
 *          LR both
 *
 * Each side expands the lines it uses with VKSPLIT_FOR_LIBRARY / VKSPLIT_FOR_RUNNER and
 * VKSPLIT_AT_<level>; which ones may be missing (a feature or extension the device lacks)
 * each side says where it loads them. The tests' counting wrappers (tests/core/vk_count.h)
 * wrap every one of these that records, creates or can fail. */
#ifndef VKSPLIT_VULKAN_FUNCTION_LIST_H
#define VKSPLIT_VULKAN_FUNCTION_LIST_H

#define VKSPLIT_VULKAN_FUNCTIONS(X)                           \
    X(vkCreateInstance, GLOBAL, R)                            \
    X(vkEnumerateInstanceLayerProperties, GLOBAL, R)          \
    X(vkEnumeratePhysicalDevices, INSTANCE, R)                \
    X(vkGetPhysicalDeviceProperties, INSTANCE, LR)            \
    X(vkGetPhysicalDeviceProperties2, INSTANCE, LR)           \
    X(vkGetPhysicalDeviceMemoryProperties, INSTANCE, LR)      \
    X(vkGetPhysicalDeviceQueueFamilyProperties, INSTANCE, R)  \
    X(vkGetPhysicalDeviceFeatures, INSTANCE, L)               \
    X(vkGetPhysicalDeviceFeatures2, INSTANCE, LR)             \
    X(vkEnumerateDeviceExtensionProperties, INSTANCE, LR)     \
    X(vkCreateDevice, INSTANCE, R)                            \
    X(vkGetDeviceProcAddr, INSTANCE, LR)                      \
    X(vkCreateDebugUtilsMessengerEXT, INSTANCE, R)            \
    X(vkDestroyDebugUtilsMessengerEXT, INSTANCE, R)           \
    X(vkSetDebugUtilsObjectNameEXT, INSTANCE, L)              \
    X(vkCmdBeginDebugUtilsLabelEXT, INSTANCE, L)              \
    X(vkCmdEndDebugUtilsLabelEXT, INSTANCE, L)                \
    X(vkGetDeviceQueue, DEVICE, R)                            \
    X(vkDestroyDevice, DEVICE, R)                             \
    X(vkDeviceWaitIdle, DEVICE, R)                            \
    X(vkCreateCommandPool, DEVICE, R)                         \
    X(vkDestroyCommandPool, DEVICE, R)                        \
    X(vkAllocateCommandBuffers, DEVICE, R)                    \
    X(vkCreateFence, DEVICE, R)                               \
    X(vkDestroyFence, DEVICE, R)                              \
    X(vkResetFences, DEVICE, R)                               \
    X(vkWaitForFences, DEVICE, R)                             \
    X(vkBeginCommandBuffer, DEVICE, R)                        \
    X(vkEndCommandBuffer, DEVICE, R)                          \
    X(vkResetCommandBuffer, DEVICE, R)                        \
    X(vkQueueSubmit, DEVICE, R)                               \
    X(vkCreateShaderModule, DEVICE, L)                        \
    X(vkDestroyShaderModule, DEVICE, L)                       \
    X(vkCreateComputePipelines, DEVICE, L)                    \
    X(vkDestroyPipeline, DEVICE, L)                           \
    X(vkCreatePipelineLayout, DEVICE, L)                      \
    X(vkDestroyPipelineLayout, DEVICE, L)                     \
    X(vkCreateDescriptorSetLayout, DEVICE, L)                 \
    X(vkDestroyDescriptorSetLayout, DEVICE, L)                \
    X(vkCreateBuffer, DEVICE, LR)                             \
    X(vkDestroyBuffer, DEVICE, LR)                            \
    X(vkGetBufferMemoryRequirements, DEVICE, LR)              \
    X(vkAllocateMemory, DEVICE, LR)                           \
    X(vkFreeMemory, DEVICE, LR)                               \
    X(vkBindBufferMemory, DEVICE, LR)                         \
    X(vkMapMemory, DEVICE, LR)                                \
    X(vkUnmapMemory, DEVICE, L)                               \
    X(vkFlushMappedMemoryRanges, DEVICE, LR)                  \
    X(vkInvalidateMappedMemoryRanges, DEVICE, R)              \
    X(vkGetBufferDeviceAddress, DEVICE, LR)                   \
    X(vkCmdBindPipeline, DEVICE, L)                           \
    X(vkCmdPushConstants, DEVICE, L)                          \
    X(vkCmdPushDescriptorSetKHR, DEVICE, L)                   \
    X(vkCmdDispatch, DEVICE, L)                               \
    X(vkCmdPipelineBarrier, DEVICE, LR)                       \
    X(vkCmdUpdateBuffer, DEVICE, L)                           \
    X(vkCmdCopyBuffer, DEVICE, LR)

/* VKSPLIT_FOR_LIBRARY(users, ...): the rest for the library's lines; VKSPLIT_FOR_RUNNER likewise. */
#define VKSPLIT_FOR_LIBRARY(users, ...) VKSPLIT_FOR_LIBRARY_##users(__VA_ARGS__)
#define VKSPLIT_FOR_LIBRARY_L(...) __VA_ARGS__
#define VKSPLIT_FOR_LIBRARY_R(...)
#define VKSPLIT_FOR_LIBRARY_LR(...) __VA_ARGS__
#define VKSPLIT_FOR_RUNNER(users, ...) VKSPLIT_FOR_RUNNER_##users(__VA_ARGS__)
#define VKSPLIT_FOR_RUNNER_L(...)
#define VKSPLIT_FOR_RUNNER_R(...) __VA_ARGS__
#define VKSPLIT_FOR_RUNNER_LR(...) __VA_ARGS__
/* VKSPLIT_AT(level, wanted, ...): the rest where the line's level is the wanted one. */
#define VKSPLIT_AT(level, wanted, ...) VKSPLIT_AT_##level##_##wanted(__VA_ARGS__)
#define VKSPLIT_AT_GLOBAL_GLOBAL(...) __VA_ARGS__
#define VKSPLIT_AT_GLOBAL_INSTANCE(...)
#define VKSPLIT_AT_GLOBAL_DEVICE(...)
#define VKSPLIT_AT_INSTANCE_GLOBAL(...)
#define VKSPLIT_AT_INSTANCE_INSTANCE(...) __VA_ARGS__
#define VKSPLIT_AT_INSTANCE_DEVICE(...)
#define VKSPLIT_AT_DEVICE_GLOBAL(...)
#define VKSPLIT_AT_DEVICE_INSTANCE(...)
#define VKSPLIT_AT_DEVICE_DEVICE(...) __VA_ARGS__

#endif /* VKSPLIT_VULKAN_FUNCTION_LIST_H */
