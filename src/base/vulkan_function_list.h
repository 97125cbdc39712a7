/* Every Vulkan function vksplit calls, the library's and the runner's, one line each:
 *
 *     X(name, level, users, optional)
 *
 *   level     GLOBAL    loaded without an instance (vkGetInstanceProcAddr(NULL, name))
 *             INSTANCE  loaded for an instance
 *             DEVICE    loaded for a device (through vkGetDeviceProcAddr)
 *   users     L the library (src/base/vulkan_functions.h), R the runner (src/runner/runner_internal.h),
 *             LR both
 *   optional  who loads it without failing when it is missing, and checks it before each
 *             call: L, R, LR, or NONE (a missing one fails loading). The ...2 queries (a
 *             Vulkan 1.0 instance without VK_KHR_get_physical_device_properties2: the
 *             library reads the core structs; the runner asks for Vulkan 1.2), the debug-utils
 *             functions (an instance without VK_EXT_debug_utils: nothing named or labelled;
 *             the runner's messenger only with validation), vkGetBufferDeviceAddress (not
 *             enabled: the descriptor path; the runner needs it when it enables the feature),
 *             vkCmdPushDescriptorSetKHR (not enabled: device addresses).
 *
 * Each side expands the lines it uses with VKSPLIT_FOR_LIBRARY / VKSPLIT_FOR_RUNNER,
 * VKSPLIT_AT_<level> and VKSPLIT_OPTIONAL_FOR_<side>. The tests' counting wrappers
 * (tests/core/vk_count.h) wrap every one of these that records, creates or can fail. */
#ifndef VKSPLIT_VULKAN_FUNCTION_LIST_H
#define VKSPLIT_VULKAN_FUNCTION_LIST_H

#define VKSPLIT_VULKAN_FUNCTIONS(X)                                \
    X(vkCreateInstance, GLOBAL, R, NONE)                           \
    X(vkEnumerateInstanceLayerProperties, GLOBAL, R, NONE)         \
    X(vkEnumeratePhysicalDevices, INSTANCE, R, NONE)               \
    X(vkGetPhysicalDeviceProperties, INSTANCE, LR, NONE)           \
    X(vkGetPhysicalDeviceProperties2, INSTANCE, LR, L)             \
    X(vkGetPhysicalDeviceMemoryProperties, INSTANCE, LR, NONE)     \
    X(vkGetPhysicalDeviceQueueFamilyProperties, INSTANCE, R, NONE) \
    X(vkGetPhysicalDeviceFeatures, INSTANCE, L, NONE)              \
    X(vkGetPhysicalDeviceFeatures2, INSTANCE, LR, L)               \
    X(vkEnumerateDeviceExtensionProperties, INSTANCE, LR, NONE)    \
    X(vkCreateDevice, INSTANCE, R, NONE)                           \
    X(vkGetDeviceProcAddr, INSTANCE, LR, NONE)                     \
    X(vkCreateDebugUtilsMessengerEXT, INSTANCE, R, R)              \
    X(vkDestroyDebugUtilsMessengerEXT, INSTANCE, R, R)             \
    X(vkSetDebugUtilsObjectNameEXT, INSTANCE, L, L)                \
    X(vkCmdBeginDebugUtilsLabelEXT, INSTANCE, L, L)                \
    X(vkCmdEndDebugUtilsLabelEXT, INSTANCE, L, L)                  \
    X(vkGetDeviceQueue, DEVICE, R, NONE)                           \
    X(vkDestroyDevice, DEVICE, R, NONE)                            \
    X(vkDeviceWaitIdle, DEVICE, R, NONE)                           \
    X(vkCreateCommandPool, DEVICE, R, NONE)                        \
    X(vkDestroyCommandPool, DEVICE, R, NONE)                       \
    X(vkAllocateCommandBuffers, DEVICE, R, NONE)                   \
    X(vkCreateFence, DEVICE, R, NONE)                              \
    X(vkDestroyFence, DEVICE, R, NONE)                             \
    X(vkResetFences, DEVICE, R, NONE)                              \
    X(vkWaitForFences, DEVICE, R, NONE)                            \
    X(vkGetFenceStatus, DEVICE, R, NONE)                           \
    X(vkBeginCommandBuffer, DEVICE, R, NONE)                       \
    X(vkEndCommandBuffer, DEVICE, R, NONE)                         \
    X(vkResetCommandBuffer, DEVICE, R, NONE)                       \
    X(vkQueueSubmit, DEVICE, R, NONE)                              \
    X(vkCreateShaderModule, DEVICE, L, NONE)                       \
    X(vkDestroyShaderModule, DEVICE, L, NONE)                      \
    X(vkCreateComputePipelines, DEVICE, L, NONE)                   \
    X(vkDestroyPipeline, DEVICE, L, NONE)                          \
    X(vkCreatePipelineLayout, DEVICE, L, NONE)                     \
    X(vkDestroyPipelineLayout, DEVICE, L, NONE)                    \
    X(vkCreateDescriptorSetLayout, DEVICE, L, NONE)                \
    X(vkDestroyDescriptorSetLayout, DEVICE, L, NONE)               \
    X(vkCreateBuffer, DEVICE, LR, NONE)                            \
    X(vkDestroyBuffer, DEVICE, LR, NONE)                           \
    X(vkGetBufferMemoryRequirements, DEVICE, LR, NONE)             \
    X(vkAllocateMemory, DEVICE, LR, NONE)                          \
    X(vkFreeMemory, DEVICE, LR, NONE)                              \
    X(vkBindBufferMemory, DEVICE, LR, NONE)                        \
    X(vkMapMemory, DEVICE, LR, NONE)                               \
    X(vkUnmapMemory, DEVICE, L, NONE)                              \
    X(vkFlushMappedMemoryRanges, DEVICE, LR, NONE)                 \
    X(vkInvalidateMappedMemoryRanges, DEVICE, R, NONE)             \
    X(vkGetBufferDeviceAddress, DEVICE, LR, LR)                    \
    X(vkCmdBindPipeline, DEVICE, L, NONE)                          \
    X(vkCmdPushConstants, DEVICE, L, NONE)                         \
    X(vkCmdPushDescriptorSetKHR, DEVICE, L, L)                     \
    X(vkCmdDispatch, DEVICE, L, NONE)                              \
    X(vkCmdDispatchIndirect, DEVICE, L, NONE)                      \
    X(vkCmdPipelineBarrier, DEVICE, LR, NONE)                      \
    X(vkCmdUpdateBuffer, DEVICE, L, NONE)                          \
    X(vkCmdCopyBuffer, DEVICE, LR, NONE)

/* VKSPLIT_FOR_LIBRARY(users, ...): the rest for the library's lines; VKSPLIT_FOR_RUNNER likewise. */
#define VKSPLIT_FOR_LIBRARY(users, ...) VKSPLIT_FOR_LIBRARY_##users(__VA_ARGS__)
#define VKSPLIT_FOR_LIBRARY_L(...) __VA_ARGS__
#define VKSPLIT_FOR_LIBRARY_R(...)
#define VKSPLIT_FOR_LIBRARY_LR(...) __VA_ARGS__
#define VKSPLIT_FOR_RUNNER(users, ...) VKSPLIT_FOR_RUNNER_##users(__VA_ARGS__)
#define VKSPLIT_FOR_RUNNER_L(...)
#define VKSPLIT_FOR_RUNNER_R(...) __VA_ARGS__
#define VKSPLIT_FOR_RUNNER_LR(...) __VA_ARGS__
/* VKSPLIT_OPTIONAL_FOR_LIBRARY(optional): 1 when the library takes the line's function missing. */
#define VKSPLIT_OPTIONAL_FOR_LIBRARY(optional) VKSPLIT_OPTIONAL_FOR_LIBRARY_##optional
#define VKSPLIT_OPTIONAL_FOR_LIBRARY_NONE 0
#define VKSPLIT_OPTIONAL_FOR_LIBRARY_L 1
#define VKSPLIT_OPTIONAL_FOR_LIBRARY_R 0
#define VKSPLIT_OPTIONAL_FOR_LIBRARY_LR 1
#define VKSPLIT_OPTIONAL_FOR_RUNNER(optional) VKSPLIT_OPTIONAL_FOR_RUNNER_##optional
#define VKSPLIT_OPTIONAL_FOR_RUNNER_NONE 0
#define VKSPLIT_OPTIONAL_FOR_RUNNER_L 0
#define VKSPLIT_OPTIONAL_FOR_RUNNER_R 1
#define VKSPLIT_OPTIONAL_FOR_RUNNER_LR 1
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
