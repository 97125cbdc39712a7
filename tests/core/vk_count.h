/* Counting wrappers around the Vulkan functions a vksplit context (or runner) loads:
 * vkc_get_instance_proc_addr and vkc_get_device_proc_addr hand out wrappers that count each
 * call and forward it to the real function. Every vkCmd*, vkCreate*, vkAllocate*, vkQueue*
 * name, and every name that returns a VkResult, that the library asks for must be one this
 * file wraps; any other such name is remembered (vkc_unwrapped) so a test fails instead of
 * silently missing calls. Also a counting VkAllocationCallbacks.
 *
 * Fault injection (vkc_fault_arm): the Nth fallible call (a wrapped function that returns
 * VkResult) or the Nth host allocation through the callbacks (vksplit's own, or the Vulkan
 * implementation's) fails, so a test can fail every one of an operation's calls in turn.
 * The wrappers sit between vksplit and the loader: layers and driver never see a call that
 * was failed here.
 *
 * One device per process (the state is global: this is test code). Counters are atomic, so
 * a driver thread allocating through the callbacks is counted, but the lookup state is not
 * meant to be shared by threads that create contexts at the same time. */
#ifndef VKSPLIT_TESTS_CORE_VK_COUNT_H
#define VKSPLIT_TESTS_CORE_VK_COUNT_H

#include <stdint.h>

#include <vulkan/vulkan_core.h>

#include "vksplit/vksplit_runner.h"

typedef enum vkc_category {
    VKC_CMD = 0,       /* records into a command buffer */
    VKC_FORBIDDEN = 1, /* creates, allocates, submits, waits, maps or binds memory */
    VKC_OTHER = 2
} vkc_category;

/* Wrapped functions: X(name, category). */
#define VKC_FUNCTION_LIST(X)                              \
    X(vkCmdBindPipeline, VKC_CMD)                         \
    X(vkCmdPushConstants, VKC_CMD)                        \
    X(vkCmdDispatch, VKC_CMD)                             \
    X(vkCmdDispatchBase, VKC_CMD)                         \
    X(vkCmdDispatchBaseKHR, VKC_CMD)                      \
    X(vkCmdDispatchIndirect, VKC_CMD)                     \
    X(vkCmdPushDescriptorSetKHR, VKC_CMD)                 \
    X(vkCmdPushDescriptorSetWithTemplateKHR, VKC_CMD)     \
    X(vkCmdBindDescriptorSets, VKC_CMD)                   \
    X(vkCmdUpdateBuffer, VKC_CMD)                         \
    X(vkCmdFillBuffer, VKC_CMD)                           \
    X(vkCmdCopyBuffer, VKC_CMD)                           \
    X(vkCmdCopyBuffer2, VKC_CMD)                          \
    X(vkCmdCopyBuffer2KHR, VKC_CMD)                       \
    X(vkCmdPipelineBarrier, VKC_CMD)                      \
    X(vkCmdPipelineBarrier2, VKC_CMD)                     \
    X(vkCmdPipelineBarrier2KHR, VKC_CMD)                  \
    X(vkCmdWriteTimestamp, VKC_CMD)                       \
    X(vkCreateBuffer, VKC_FORBIDDEN)                      \
    X(vkCreateShaderModule, VKC_FORBIDDEN)                \
    X(vkCreatePipelineLayout, VKC_FORBIDDEN)              \
    X(vkCreateDescriptorSetLayout, VKC_FORBIDDEN)         \
    X(vkCreateComputePipelines, VKC_FORBIDDEN)            \
    X(vkCreateDescriptorPool, VKC_FORBIDDEN)              \
    X(vkCreateDescriptorUpdateTemplate, VKC_FORBIDDEN)    \
    X(vkCreateDescriptorUpdateTemplateKHR, VKC_FORBIDDEN) \
    X(vkCreatePipelineCache, VKC_FORBIDDEN)               \
    X(vkCreateFence, VKC_FORBIDDEN)                       \
    X(vkCreateSemaphore, VKC_FORBIDDEN)                   \
    X(vkCreateEvent, VKC_FORBIDDEN)                       \
    X(vkCreateQueryPool, VKC_FORBIDDEN)                   \
    X(vkCreateCommandPool, VKC_FORBIDDEN)                 \
    X(vkCreateBufferView, VKC_FORBIDDEN)                  \
    X(vkAllocateMemory, VKC_FORBIDDEN)                    \
    X(vkAllocateDescriptorSets, VKC_FORBIDDEN)            \
    X(vkAllocateCommandBuffers, VKC_FORBIDDEN)            \
    X(vkQueueSubmit, VKC_FORBIDDEN)                       \
    X(vkQueueSubmit2, VKC_FORBIDDEN)                      \
    X(vkQueueSubmit2KHR, VKC_FORBIDDEN)                   \
    X(vkQueueWaitIdle, VKC_FORBIDDEN)                     \
    X(vkDeviceWaitIdle, VKC_FORBIDDEN)                    \
    X(vkWaitForFences, VKC_FORBIDDEN)                     \
    X(vkGetFenceStatus, VKC_FORBIDDEN)                    \
    X(vkMapMemory, VKC_FORBIDDEN)                         \
    X(vkBindBufferMemory, VKC_FORBIDDEN)                  \
    X(vkUpdateDescriptorSets, VKC_FORBIDDEN)              \
    X(vkResetFences, VKC_FORBIDDEN)                       \
    X(vkBeginCommandBuffer, VKC_FORBIDDEN)                \
    X(vkEndCommandBuffer, VKC_FORBIDDEN)                  \
    X(vkResetCommandBuffer, VKC_FORBIDDEN)                \
    X(vkFlushMappedMemoryRanges, VKC_FORBIDDEN)           \
    X(vkInvalidateMappedMemoryRanges, VKC_FORBIDDEN)      \
    X(vkGetBufferDeviceAddress, VKC_OTHER)                \
    X(vkFreeMemory, VKC_OTHER)                            \
    X(vkGetBufferDeviceAddressKHR, VKC_OTHER)             \
    X(vkEnumerateDeviceExtensionProperties, VKC_OTHER)    \
    X(vkGetPhysicalDeviceMemoryProperties, VKC_OTHER)     \
    X(vkSetDebugUtilsObjectNameEXT, VKC_OTHER)            \
    X(vkCmdBeginDebugUtilsLabelEXT, VKC_CMD)              \
    X(vkCmdEndDebugUtilsLabelEXT, VKC_CMD)

typedef enum vkc_function {
#define VKC_X_ENUM(name, category) VKC_##name,
    VKC_FUNCTION_LIST(VKC_X_ENUM)
#undef VKC_X_ENUM
        VKC_FUNCTION_COUNT
} vkc_function;

/* Real entry points: the runner's (or the loader's). Call before creating the context. A
 * gdpa that is vkc_get_device_proc_addr itself (a runner created over the wrappers) keeps
 * the real one installed before. */
void vkc_install(PFN_vkGetInstanceProcAddr real_gipa, PFN_vkGetDeviceProcAddr real_gdpa);
PFN_vkVoidFunction VKAPI_CALL vkc_get_instance_proc_addr(VkInstance instance, const char* name);
PFN_vkVoidFunction VKAPI_CALL vkc_get_device_proc_addr(VkDevice device, const char* name);
/* For a runner desc's get_instance_proc_addr: the real functions as they are (the runner's
 * instance-level calls are not counted), except vkGetDeviceProcAddr for an instance, which
 * installs the real one for that instance and returns vkc_get_device_proc_addr. A runner
 * links no loader, so this is how the real device side reaches the wrappers. */
PFN_vkVoidFunction VKAPI_CALL vkc_loader_get_instance_proc_addr(VkInstance instance, const char* name);

void vkc_reset(void);
uint64_t vkc_calls(vkc_function f);
uint64_t vkc_calls_in(vkc_category category);
/* The pipelines successful vkCreateComputePipelines calls returned since the reset (a call
 * makes several): each one the driver compiled, a creation race's loser included. */
uint64_t vkc_pipelines_created(void);
/* "vkCmdDispatch=1 vkCmdBindPipeline=1 ..." for every function called since the reset. */
void vkc_describe(char* buffer, size_t capacity);
const char* vkc_name(vkc_function f);

/* Names of category-relevant functions (vkCmd*, vkCreate*, vkAllocate*, vkQueue*) looked up
 * but not wrapped; "" when none. */
const char* vkc_unwrapped(void);
/* How many names were looked up through the wrappers at all. */
uint32_t vkc_lookups(void);

/* Called with every vkCmdPushDescriptorSetKHR's writes before they are forwarded. */
typedef void (*vkc_push_descriptor_hook)(void* user, uint32_t write_count, const VkWriteDescriptorSet* writes);
void vkc_set_push_descriptor_hook(vkc_push_descriptor_hook hook, void* user);

/* What the driver was told through VK_EXT_debug_utils since vkc_reset: the name last given to
 * an object (NULL if none), and the labels opened and closed in command buffers, in order. */
const char* vkc_object_name(VkObjectType type, uint64_t handle);
uint32_t vkc_objects_named(void);
/* Whether some object was given a name that starts with prefix and ends with suffix. */
int vkc_name_given(const char* prefix, const char* suffix);
uint32_t vkc_label_count(void);        /* labels opened */
const char* vkc_label(uint32_t index); /* the index'th opened, "" past the end */
int32_t vkc_label_depth(void);         /* opened less closed */

/* The vkCmdPipelineBarrier calls and vkCmdUpdateBuffer calls since vkc_reset, in order, with
 * their arguments (the first VKC_MAX_* of each; the counts go on past them). A barrier's
 * stages, access masks and ranges are what a test checks: the validation layer cannot see
 * reads through device addresses, and lavapipe runs everything in order. (vkCmdPipelineBarrier2
 * is counted only: vksplit records the Vulkan 1.0 form.) */
#define VKC_MAX_BARRIERS 16
#define VKC_MAX_BUFFER_BARRIERS 4
#define VKC_MAX_UPDATES 16
typedef struct vkc_barrier {
    VkPipelineStageFlags src_stages, dst_stages;
    VkDependencyFlags dependency_flags;
    uint32_t memory_barrier_count, buffer_barrier_count, image_barrier_count;
    uint64_t dispatches_before; /* vkCmdDispatch* calls recorded before this barrier */
    uint32_t updates_before;    /* vkCmdUpdateBuffer calls recorded before this barrier */
    VkMemoryBarrier memory_barriers[VKC_MAX_BUFFER_BARRIERS];
    VkBufferMemoryBarrier buffer_barriers[VKC_MAX_BUFFER_BARRIERS]; /* pNext not followed */
} vkc_barrier;
typedef struct vkc_update {
    VkBuffer buffer;
    VkDeviceSize offset, size;
} vkc_update;
uint32_t vkc_barrier_count(void);
const vkc_barrier* vkc_barrier_at(uint32_t index); /* NULL past what was kept */
uint32_t vkc_update_count(void);
const vkc_update* vkc_update_at(uint32_t index);

/* Every vkCmdDispatch since vkc_reset (the first VKC_MAX_DISPATCHES kept): its grid and the
 * push-constant bytes in force when it was recorded (what vkCmdPushConstants left there). */
#define VKC_MAX_DISPATCHES 64
#define VKC_PUSH_BYTES 128
typedef struct vkc_dispatch {
    uint8_t push[VKC_PUSH_BYTES];
    uint32_t x, y, z;
} vkc_dispatch;
uint32_t vkc_dispatch_count(void);
const vkc_dispatch* vkc_dispatch_at(uint32_t index); /* NULL past what was kept */

/* Record-only mode: commands (vkCmd*) are counted and captured but not passed on, for a
 * command buffer that is never submitted: a plan made for limits the device does not have
 * (vkc_set_limits) records a grid neither the driver nor the validation layer should see. */
void vkc_set_record_only(int on);

/* What vkGetPhysicalDeviceProperties(2), looked up through vkc_get_instance_proc_addr, tells
 * of the device from now on (NULL: the truth): maxComputeWorkGroupCount, and maxBufferSize
 * (maintenance4) when not 0. A context created after this plans for that device. */
typedef struct vkc_limits {
    uint32_t max_group_count[3];
    uint64_t max_buffer_size;
} vkc_limits;
void vkc_set_limits(const vkc_limits* limits);

/* Host allocation callbacks that count (and forward to malloc). */
const VkAllocationCallbacks* vkc_allocator(void);
uint64_t vkc_host_allocations(void); /* pfnAllocation + pfnReallocation calls since vkc_reset */
uint64_t vkc_live_host_allocations(void);

/* ---- fault injection ------------------------------------------------------------------------ */
typedef enum vkc_fault_target {
    VKC_FAULT_CALLS = 0, /* fallible calls: wrapped functions that return VkResult */
    /* pfnAllocation / pfnReallocation of vkc_allocator() called by vksplit's own code (the
     * library and the runner, told apart from the loader, layers and driver by the caller's
     * address) */
    VKC_FAULT_ALLOCATIONS = 1,
    /* the same callbacks called by the Vulkan implementation: the loader, layers and driver
     * allocate through the callbacks vksplit passes them */
    VKC_FAULT_DRIVER_ALLOCATIONS = 2
} vkc_fault_target;

/* From now on, counts the target's events from 1 and fails event n (n = 0: only counts).
 * A failed call returns, without calling the real function, the variant'th error (modulo
 * how many) of those the specification lists for it: variant 0 is VK_ERROR_DEVICE_LOST for
 * vkQueueSubmit, vkWaitForFences, vkGetFenceStatus (its only error) and the wait-idle calls, VK_ERROR_OUT_OF_DEVICE_MEMORY for
 * vkAllocateMemory and vkResetFences, VK_ERROR_OUT_OF_HOST_MEMORY otherwise; other variants
 * give the other out-of-memory error and a non-memory one (VK_ERROR_MEMORY_MAP_FAILED,
 * VK_ERROR_INVALID_EXTERNAL_HANDLE, ...) where the function has one. Waits that fail still
 * wait first (a loss reported after the work finished), so that what follows finds no work
 * pending. Output handles of a failed creation are poisoned with a non-null junk value
 * (the specification leaves them undefined) except where it says they are set to
 * VK_NULL_HANDLE (pipelines, command buffers); a failed vkMapMemory poisons *ppData and a
 * failed enumeration *pPropertyCount. A failed allocation returns NULL. */
void vkc_fault_arm(vkc_fault_target target, uint64_t n, unsigned variant);
/* Stops failing and counting; what was counted stays readable. */
void vkc_fault_disarm(void);
/* Events of the armed target seen since vkc_fault_arm. */
uint64_t vkc_fault_events(void);
/* Whether event n happened (and so was failed). */
int vkc_fault_fired(void);
/* The VkResult the failed call returned (VK_ERROR_OUT_OF_HOST_MEMORY for an allocation). */
VkResult vkc_fault_result(void);
/* The function that failed, or "host allocation"; "" before one fired. */
const char* vkc_fault_site(void);

/* When set, vkGetPhysicalDeviceMemoryProperties (through vkc_get_instance_proc_addr) hides
 * HOST_COHERENT from every memory type, so that the library takes its non-coherent path
 * (vkFlushMappedMemoryRanges) on a device whose memory is all coherent. */
void vkc_set_hide_host_coherent(int hide);
/* When not 0, vkGetBufferDeviceAddress (and its KHR alias) returns the device's address plus
 * skew: a buffer whose address breaks an alignment the library checks (never passed to a
 * shader: the test only binds). */
void vkc_set_address_skew(uint64_t skew);

/* Installs the counting wrappers over the runner's loader and returns a context desc on
 * the runner's device whose get_*_proc_addr are the counting ones. */
vksplit_context_desc vkc_context_desc(vksplit_runner* runner);
/* The vkCreateComputePipelines of a context made from desc (from vkc_context_desc: counted):
 * made[0] at its creation, then by a split plan, a second split plan of the same shape, a join
 * plan, a second one (made[1..4]; 4-byte [4, 6] along axis 1 into 2 and 4, the compute path).
 * 1 on success, else 0 with the failure in *error. */
int vkc_pipelines_made(const vksplit_context_desc* desc, uint64_t made[5], vksplit_error* error);

#endif /* VKSPLIT_TESTS_CORE_VK_COUNT_H */
