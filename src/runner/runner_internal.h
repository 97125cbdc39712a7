/* The runner's insides, shared by its files, which depend on one another in one direction:
 *   loader.c                   the Vulkan loader, found at run time (volk)
 *   buffers.c, submit.c        buffers within the device's limits, the arena that packs many
 *                              tensors into few; one submit, waited for
 *   runner.c                   instance, device, context (uses buffers.c to free staging)
 *   staging.c                  transfers through the staging buffer (buffers.c, submit.c)
 *   run_plan.c                 a split or join plan run from streams, and the one-shot split
 *                              and join (all above)
 *   run_rows.c                 a plan whose rows the GPU places, run in place (buffers.c,
 *                              staging.c, submit.c) */
#ifndef VKSPLIT_RUNNER_INTERNAL_H
#define VKSPLIT_RUNNER_INTERNAL_H

#include <vulkan/vulkan.h>

#include "base/internal.h"
#include "base/vulkan_function_list.h"
#include "vksplit/vksplit_runner.h"

/* The runner's lines of src/base/vulkan_function_list.h: those that need no instance and the
 * instance's, loaded through the runner's get_instance_proc_addr (the desc's, else the
 * loader's: loader.c). vkDestroyInstance and vkDestroyDevice are looked up when needed too,
 * so that an instance or device whose other functions failed to load still goes. */
typedef struct runner_instance_vk {
    PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr;
#define VKSPLIT_X_MEMBER(name, level, users, optional) \
    VKSPLIT_FOR_RUNNER(users, VKSPLIT_AT(level, GLOBAL, PFN_##name name;) VKSPLIT_AT(level, INSTANCE, PFN_##name name;))
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_MEMBER)
#undef VKSPLIT_X_MEMBER
    PFN_vkDestroyDevice vkDestroyDevice;
} runner_instance_vk;

/* The device's, loaded through the desc's get_device_proc_addr (so that tests can count or
 * fail them) or the instance's. vkGetBufferDeviceAddress only with device addresses. */
typedef struct runner_vk {
#define VKSPLIT_X_MEMBER(name, level, users, optional) \
    VKSPLIT_FOR_RUNNER(users, VKSPLIT_AT(level, DEVICE, PFN_##name name;))
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_MEMBER)
#undef VKSPLIT_X_MEMBER
} runner_vk;

struct vksplit_runner {
    VkAllocationCallbacks callbacks_storage;
    const VkAllocationCallbacks* callbacks; /* NULL or &callbacks_storage */
    vksplit_log_fn log;
    void* log_user;
    runner_instance_vk ivk; /* the loader's functions for this instance */
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    vksplit__atomic_u32 validation_messages; /* the layer may call back from any thread */
    VkPhysicalDevice physical_device;
    uint32_t device_index;
    VkDevice device;
    PFN_vkGetDeviceProcAddr get_device_proc_addr;
    runner_vk vk;
    VkQueue queue;
    uint32_t queue_family;
    VkCommandPool pool;
    VkCommandBuffer cmd;
    VkFence fence;
    vksplit_features features;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties memory;
    uint32_t tensor_type;               /* memory type of tensors: DEVICE_LOCAL */
    vksplit_bool32 pipeline_statistics; /* VK_KHR_pipeline_executable_properties enabled */
    vksplit_bool32 shader_clock;        /* VK_KHR_shader_clock (shaderSubgroupClock) enabled */
    vksplit_bool32 mapped_tensors;      /* tensor memory is host-cached and mapped */
    uint64_t staging_bytes;
    /* The largest buffer (and allocation) the runner makes, and what sets it: a device limit
     * or the desc's max_buffer_bytes (runner.c, query_limits). */
    uint64_t max_buffer_bytes;
    uint64_t max_allocation_bytes;
    const char* max_buffer_limit;
    const char* max_allocation_limit;
    vksplit_runner_buffer staging; /* created on first use */
    uint32_t staging_type;
    vksplit_context* ctx;
};

#endif /* VKSPLIT_RUNNER_INTERNAL_H */
