/* The library's private table of the Vulkan functions it calls (the L lines of
 * src/base/vulkan_function_list.h), loaded from the caller's vkGetInstanceProcAddr /
 * vkGetDeviceProcAddr. No global loader state is read or written. */
#ifndef VKSPLIT_VULKAN_FUNCTIONS_H
#define VKSPLIT_VULKAN_FUNCTIONS_H

#include "base/internal.h"
#include "base/vulkan_function_list.h"

typedef struct vksplit__vk {
#define VKSPLIT_X_MEMBER(name, level, users, optional) VKSPLIT_FOR_LIBRARY(users, PFN_##name name;)
    VKSPLIT_VULKAN_FUNCTIONS(VKSPLIT_X_MEMBER)
#undef VKSPLIT_X_MEMBER
} vksplit__vk;

/* Instance-level functions; fails naming the first required one missing. May be NULL: the
 * lines whose optional column names L (src/base/vulkan_function_list.h). */
vksplit_result vksplit__load_instance_functions(vksplit__vk* vk, VkInstance instance,
                                                PFN_vkGetInstanceProcAddr get_instance_proc_addr, vksplit_error* error);
/* Device-level functions through get_device_proc_addr (or the instance's vkGetDeviceProcAddr).
 * Extension and promoted names are tried where the core name is absent. May be NULL: the
 * lines whose optional column names L. */
vksplit_result vksplit__load_device_functions(vksplit__vk* vk, VkDevice device,
                                              PFN_vkGetDeviceProcAddr get_device_proc_addr, vksplit_error* error);

#endif /* VKSPLIT_VULKAN_FUNCTIONS_H */
