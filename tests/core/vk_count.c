/* Counting wrappers for the Vulkan functions a vksplit context calls. See vk_count.h. */
#define _GNU_SOURCE /* dladdr */
#include "vk_count.h"
#include "core_support.h"

#if defined(_WIN32)
#    define WIN32_LEAN_AND_MEAN
#    include <windows.h>
#else
#    include <dlfcn.h>
#endif
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static PFN_vkGetInstanceProcAddr real_gipa;
static PFN_vkGetDeviceProcAddr real_gdpa;
static _Atomic uint64_t calls[VKC_FUNCTION_COUNT];
static _Atomic uint64_t pipelines_created; /* handles vkCreateComputePipelines returned, successful calls */
static PFN_vkVoidFunction real_fn[VKC_FUNCTION_COUNT];
static char unwrapped[1024];
static uint32_t lookups;
static vkc_push_descriptor_hook push_hook;
static void* push_hook_user;

void vkc_set_push_descriptor_hook(vkc_push_descriptor_hook hook, void* user)
{
    push_hook = hook;
    push_hook_user = user;
}

static const char* const names[VKC_FUNCTION_COUNT] = {
#define VKC_X_NAME(name, category) #name,
    VKC_FUNCTION_LIST(VKC_X_NAME)
#undef VKC_X_NAME
};
static const vkc_category categories[VKC_FUNCTION_COUNT] = {
#define VKC_X_CAT(name, category) category,
    VKC_FUNCTION_LIST(VKC_X_CAT)
#undef VKC_X_CAT
};

#define REAL(name) ((PFN_##name)real_fn[VKC_##name])
#define COUNT(name) (calls[VKC_##name]++)
/* A command goes on to the driver, except in record-only mode (vkc_set_record_only). */
static int record_only;
#define FORWARD_CMD(name) \
    if (!record_only)     \
    REAL(name)

/* ---- fault injection state ------------------------------------------------------------------ */

#define VKC_DISARMED (-1)
static _Atomic int fault_target = VKC_DISARMED;
static _Atomic uint64_t fault_n;
static _Atomic uint64_t fault_events;
static _Atomic int fault_fired;
static unsigned fault_variant;
static VkResult fault_result_value;
static const char* fault_site_name = "";
static int hide_host_coherent;
static uint64_t address_skew; /* added to every buffer device address (vkc_set_address_skew) */

/* What the specification lets each fallible function return, the primary error first. */
static unsigned errors_of(vkc_function f, VkResult* out)
{
    static const VkResult lost[] = {VK_ERROR_DEVICE_LOST, VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY};
    static const VkResult device_memory[] = {VK_ERROR_OUT_OF_DEVICE_MEMORY, VK_ERROR_OUT_OF_HOST_MEMORY,
                                             VK_ERROR_INVALID_EXTERNAL_HANDLE};
    static const VkResult map[] = {VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                                   VK_ERROR_MEMORY_MAP_FAILED};
    static const VkResult capture[] = {VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                                       VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS};
    static const VkResult shader[] = {VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                                      VK_ERROR_INVALID_SHADER_NV};
    static const VkResult enumerate[] = {VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                                         VK_ERROR_LAYER_NOT_PRESENT};
    static const VkResult reset[] = {VK_ERROR_OUT_OF_DEVICE_MEMORY};
    static const VkResult status[] = {VK_ERROR_DEVICE_LOST};
    static const VkResult memory[] = {VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY};
    const VkResult* list = memory;
    unsigned count = 2;
#define VKC_LIST(l) (list = (l), count = (unsigned)(sizeof(l) / sizeof((l)[0])))
    switch (f) {
    case VKC_vkQueueSubmit:
    case VKC_vkQueueSubmit2:
    case VKC_vkQueueSubmit2KHR:
    case VKC_vkQueueWaitIdle:
    case VKC_vkDeviceWaitIdle:
    case VKC_vkWaitForFences: VKC_LIST(lost); break;
    case VKC_vkGetFenceStatus: VKC_LIST(status); break;
    case VKC_vkAllocateMemory: VKC_LIST(device_memory); break;
    case VKC_vkMapMemory: VKC_LIST(map); break;
    case VKC_vkCreateBuffer:
    case VKC_vkBindBufferMemory: VKC_LIST(capture); break;
    case VKC_vkCreateShaderModule:
    case VKC_vkCreateComputePipelines: VKC_LIST(shader); break;
    case VKC_vkEnumerateDeviceExtensionProperties: VKC_LIST(enumerate); break;
    case VKC_vkResetFences:
    case VKC_vkResetCommandBuffer: VKC_LIST(reset); break;
    default: break;
    }
#undef VKC_LIST
    *out = list[fault_variant % count];
    return count;
}

/* Counts a fallible call of f; true (with the error in *result) when it is the one to fail. */
static int take_fault(vkc_function f, VkResult* result)
{
    if (atomic_load(&fault_target) != VKC_FAULT_CALLS)
        return 0;
    if (atomic_fetch_add(&fault_events, 1) + 1 != atomic_load(&fault_n))
        return 0;
    errors_of(f, result);
    fault_result_value = *result;
    fault_site_name = names[f];
    atomic_store(&fault_fired, 1);
    return 1;
}

/* Return early with the injected error; `poison` first scribbles on the outputs. */
#define FALLIBLE(name, poison)                   \
    do {                                         \
        VkResult fault_r_;                       \
        if (take_fault(VKC_##name, &fault_r_)) { \
            poison;                              \
            return fault_r_;                     \
        }                                        \
    } while (0)
#define NO_POISON ((void)0)
/* Not VK_NULL_HANDLE, not a handle the driver gave: what "undefined contents" may be. */
#define POISON(type, where) (*(where) = (type)(uintptr_t)0xBAD0BAD0BAD0ull)

/* ---- the wrappers: count, then forward --------------------------------------------------- */

/* The push-constant bytes as the last vkCmdPushConstants left them, and every dispatch since
 * vkc_reset with a copy of them (vkc_dispatch_at). */
static uint8_t pushed[VKC_PUSH_BYTES];
static vkc_dispatch dispatches[VKC_MAX_DISPATCHES];
static uint32_t dispatch_count;

/* A command wrapper that only counts, then forwards (FORWARD_CMD). */
#define WRAP_CMD(name, params, args)                  \
    static VKAPI_ATTR void VKAPI_CALL w_##name params \
    {                                                 \
        COUNT(name);                                  \
        FORWARD_CMD(name) args;                       \
    }

WRAP_CMD(vkCmdBindPipeline, (VkCommandBuffer a, VkPipelineBindPoint b, VkPipeline c), (a, b, c))
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPushConstants(VkCommandBuffer a, VkPipelineLayout b, VkShaderStageFlags c,
                                                       uint32_t d, uint32_t e, const void* f)
{
    COUNT(vkCmdPushConstants);
    if (d < sizeof pushed && e <= sizeof pushed - d)
        memcpy(pushed + d, f, e);
    FORWARD_CMD(vkCmdPushConstants)(a, b, c, d, e, f);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdDispatch(VkCommandBuffer a, uint32_t x, uint32_t y, uint32_t z)
{
    COUNT(vkCmdDispatch);
    if (dispatch_count < VKC_MAX_DISPATCHES) {
        vkc_dispatch* k = &dispatches[dispatch_count];
        memcpy(k->push, pushed, sizeof pushed);
        k->x = x;
        k->y = y;
        k->z = z;
    }
    dispatch_count++;
    FORWARD_CMD(vkCmdDispatch)(a, x, y, z);
}
WRAP_CMD(vkCmdDispatchBase, (VkCommandBuffer a, uint32_t b, uint32_t c, uint32_t d, uint32_t x, uint32_t y, uint32_t z),
         (a, b, c, d, x, y, z))
WRAP_CMD(vkCmdDispatchBaseKHR,
         (VkCommandBuffer a, uint32_t b, uint32_t c, uint32_t d, uint32_t x, uint32_t y, uint32_t z),
         (a, b, c, d, x, y, z))
WRAP_CMD(vkCmdDispatchIndirect, (VkCommandBuffer a, VkBuffer b, VkDeviceSize c), (a, b, c))
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPushDescriptorSetKHR(VkCommandBuffer a, VkPipelineBindPoint b,
                                                              VkPipelineLayout c, uint32_t d, uint32_t e,
                                                              const VkWriteDescriptorSet* f)
{
    COUNT(vkCmdPushDescriptorSetKHR);
    if (push_hook)
        push_hook(push_hook_user, e, f);
    FORWARD_CMD(vkCmdPushDescriptorSetKHR)(a, b, c, d, e, f);
}
WRAP_CMD(vkCmdPushDescriptorSetWithTemplateKHR,
         (VkCommandBuffer a, VkDescriptorUpdateTemplate b, VkPipelineLayout c, uint32_t d, const void* e),
         (a, b, c, d, e))
WRAP_CMD(vkCmdBindDescriptorSets,
         (VkCommandBuffer a, VkPipelineBindPoint b, VkPipelineLayout c, uint32_t d, uint32_t e,
          const VkDescriptorSet* f, uint32_t g, const uint32_t* h),
         (a, b, c, d, e, f, g, h))
/* What vksplit recorded as barriers and buffer updates, since vkc_reset (vk_count.h). */
static vkc_barrier barriers[VKC_MAX_BARRIERS];
static uint32_t barrier_count;
static vkc_update updates[VKC_MAX_UPDATES];
static uint32_t update_count;

static VKAPI_ATTR void VKAPI_CALL w_vkCmdUpdateBuffer(VkCommandBuffer a, VkBuffer b, VkDeviceSize c, VkDeviceSize d,
                                                      const void* e)
{
    COUNT(vkCmdUpdateBuffer);
    if (update_count < VKC_MAX_UPDATES)
        updates[update_count] = (vkc_update){b, c, d};
    update_count++;
    FORWARD_CMD(vkCmdUpdateBuffer)(a, b, c, d, e);
}
WRAP_CMD(vkCmdFillBuffer, (VkCommandBuffer a, VkBuffer b, VkDeviceSize c, VkDeviceSize d, uint32_t e), (a, b, c, d, e))
WRAP_CMD(vkCmdCopyBuffer, (VkCommandBuffer a, VkBuffer b, VkBuffer c, uint32_t d, const VkBufferCopy* e),
         (a, b, c, d, e))
WRAP_CMD(vkCmdCopyBuffer2, (VkCommandBuffer a, const VkCopyBufferInfo2* b), (a, b))
WRAP_CMD(vkCmdCopyBuffer2KHR, (VkCommandBuffer a, const VkCopyBufferInfo2* b), (a, b))
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPipelineBarrier(VkCommandBuffer a, VkPipelineStageFlags b,
                                                         VkPipelineStageFlags c, VkDependencyFlags d, uint32_t e,
                                                         const VkMemoryBarrier* f, uint32_t g,
                                                         const VkBufferMemoryBarrier* h, uint32_t i,
                                                         const VkImageMemoryBarrier* j)
{
    COUNT(vkCmdPipelineBarrier);
    if (barrier_count < VKC_MAX_BARRIERS) {
        vkc_barrier* k = &barriers[barrier_count];
        memset(k, 0, sizeof *k);
        k->src_stages = b;
        k->dst_stages = c;
        k->dependency_flags = d;
        k->dispatches_before =
            calls[VKC_vkCmdDispatch] + calls[VKC_vkCmdDispatchBase] + calls[VKC_vkCmdDispatchBaseKHR];
        k->updates_before = update_count;
        k->memory_barrier_count = e;
        k->image_barrier_count = i;
        k->buffer_barrier_count = g;
        for (uint32_t n = 0; n < g && n < VKC_MAX_BUFFER_BARRIERS; n++)
            k->buffer_barriers[n] = h[n];
        for (uint32_t n = 0; n < e && n < VKC_MAX_BUFFER_BARRIERS; n++)
            k->memory_barriers[n] = f[n];
    }
    barrier_count++;
    FORWARD_CMD(vkCmdPipelineBarrier)(a, b, c, d, e, f, g, h, i, j);
}
WRAP_CMD(vkCmdPipelineBarrier2, (VkCommandBuffer a, const VkDependencyInfo* b), (a, b))
WRAP_CMD(vkCmdPipelineBarrier2KHR, (VkCommandBuffer a, const VkDependencyInfo* b), (a, b))
WRAP_CMD(vkCmdWriteTimestamp, (VkCommandBuffer a, VkPipelineStageFlagBits b, VkQueryPool c, uint32_t d), (a, b, c, d))

/* A wrapper of the common vkCreate* shape (device, create info, allocator, one handle out):
 * counted, fallible (the handle poisoned when a fault is injected), forwarded. */
#define WRAP_CREATE(name, Info, Handle)                                                                       \
    static VKAPI_ATTR VkResult VKAPI_CALL w_##name(VkDevice a, const Info* b, const VkAllocationCallbacks* c, \
                                                   Handle* d)                                                 \
    {                                                                                                         \
        COUNT(name);                                                                                          \
        FALLIBLE(name, POISON(Handle, d));                                                                    \
        return REAL(name)(a, b, c, d);                                                                        \
    }

WRAP_CREATE(vkCreateBuffer, VkBufferCreateInfo, VkBuffer)
WRAP_CREATE(vkCreateShaderModule, VkShaderModuleCreateInfo, VkShaderModule)
WRAP_CREATE(vkCreatePipelineLayout, VkPipelineLayoutCreateInfo, VkPipelineLayout)
WRAP_CREATE(vkCreateDescriptorSetLayout, VkDescriptorSetLayoutCreateInfo, VkDescriptorSetLayout)
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateComputePipelines(VkDevice a, VkPipelineCache b, uint32_t c,
                                                                 const VkComputePipelineCreateInfo* d,
                                                                 const VkAllocationCallbacks* e, VkPipeline* f)
{
    COUNT(vkCreateComputePipelines);
    FALLIBLE(vkCreateComputePipelines, memset(f, 0, c * sizeof *f));
    VkResult r = REAL(vkCreateComputePipelines)(a, b, c, d, e, f);
    if (r == VK_SUCCESS)
        atomic_fetch_add(&pipelines_created, c);
    return r;
}
WRAP_CREATE(vkCreateDescriptorPool, VkDescriptorPoolCreateInfo, VkDescriptorPool)
WRAP_CREATE(vkCreateDescriptorUpdateTemplate, VkDescriptorUpdateTemplateCreateInfo, VkDescriptorUpdateTemplate)
WRAP_CREATE(vkCreateDescriptorUpdateTemplateKHR, VkDescriptorUpdateTemplateCreateInfo, VkDescriptorUpdateTemplate)
WRAP_CREATE(vkCreatePipelineCache, VkPipelineCacheCreateInfo, VkPipelineCache)
WRAP_CREATE(vkCreateFence, VkFenceCreateInfo, VkFence)
WRAP_CREATE(vkCreateSemaphore, VkSemaphoreCreateInfo, VkSemaphore)
WRAP_CREATE(vkCreateEvent, VkEventCreateInfo, VkEvent)
WRAP_CREATE(vkCreateQueryPool, VkQueryPoolCreateInfo, VkQueryPool)
WRAP_CREATE(vkCreateCommandPool, VkCommandPoolCreateInfo, VkCommandPool)
WRAP_CREATE(vkCreateBufferView, VkBufferViewCreateInfo, VkBufferView)
WRAP_CREATE(vkAllocateMemory, VkMemoryAllocateInfo, VkDeviceMemory)
static VKAPI_ATTR VkResult VKAPI_CALL w_vkAllocateDescriptorSets(VkDevice a, const VkDescriptorSetAllocateInfo* b,
                                                                 VkDescriptorSet* c)
{
    COUNT(vkAllocateDescriptorSets);
    FALLIBLE(vkAllocateDescriptorSets, memset(c, 0, b->descriptorSetCount * sizeof *c));
    return REAL(vkAllocateDescriptorSets)(a, b, c);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkAllocateCommandBuffers(VkDevice a, const VkCommandBufferAllocateInfo* b,
                                                                 VkCommandBuffer* c)
{
    COUNT(vkAllocateCommandBuffers);
    FALLIBLE(vkAllocateCommandBuffers, memset(c, 0, b->commandBufferCount * sizeof *c));
    return REAL(vkAllocateCommandBuffers)(a, b, c);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkQueueSubmit(VkQueue a, uint32_t b, const VkSubmitInfo* c, VkFence d)
{
    COUNT(vkQueueSubmit);
    FALLIBLE(vkQueueSubmit, NO_POISON);
    return REAL(vkQueueSubmit)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkQueueSubmit2(VkQueue a, uint32_t b, const VkSubmitInfo2* c, VkFence d)
{
    COUNT(vkQueueSubmit2);
    FALLIBLE(vkQueueSubmit2, NO_POISON);
    return REAL(vkQueueSubmit2)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkQueueSubmit2KHR(VkQueue a, uint32_t b, const VkSubmitInfo2* c, VkFence d)
{
    COUNT(vkQueueSubmit2KHR);
    FALLIBLE(vkQueueSubmit2KHR, NO_POISON);
    return REAL(vkQueueSubmit2KHR)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkQueueWaitIdle(VkQueue a)
{
    COUNT(vkQueueWaitIdle);
    FALLIBLE(vkQueueWaitIdle, (void)REAL(vkQueueWaitIdle)(a));
    return REAL(vkQueueWaitIdle)(a);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkDeviceWaitIdle(VkDevice a)
{
    COUNT(vkDeviceWaitIdle);
    FALLIBLE(vkDeviceWaitIdle, (void)REAL(vkDeviceWaitIdle)(a));
    return REAL(vkDeviceWaitIdle)(a);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkWaitForFences(VkDevice a, uint32_t b, const VkFence* c, VkBool32 d,
                                                        uint64_t e)
{
    COUNT(vkWaitForFences);
    FALLIBLE(vkWaitForFences, (void)REAL(vkWaitForFences)(a, b, c, d, e));
    return REAL(vkWaitForFences)(a, b, c, d, e);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkGetFenceStatus(VkDevice a, VkFence b)
{
    COUNT(vkGetFenceStatus);
    FALLIBLE(vkGetFenceStatus, NO_POISON); /* (the runner waits for the device after a failed wait) */
    return REAL(vkGetFenceStatus)(a, b);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkMapMemory(VkDevice a, VkDeviceMemory b, VkDeviceSize c, VkDeviceSize d,
                                                    VkMemoryMapFlags e, void** f)
{
    COUNT(vkMapMemory);
    FALLIBLE(vkMapMemory, POISON(void*, f));
    return REAL(vkMapMemory)(a, b, c, d, e, f);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkBindBufferMemory(VkDevice a, VkBuffer b, VkDeviceMemory c, VkDeviceSize d)
{
    COUNT(vkBindBufferMemory);
    FALLIBLE(vkBindBufferMemory, NO_POISON);
    return REAL(vkBindBufferMemory)(a, b, c, d);
}
static VKAPI_ATTR void VKAPI_CALL w_vkUpdateDescriptorSets(VkDevice a, uint32_t b, const VkWriteDescriptorSet* c,
                                                           uint32_t d, const VkCopyDescriptorSet* e)
{
    COUNT(vkUpdateDescriptorSets);
    REAL(vkUpdateDescriptorSets)(a, b, c, d, e);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkResetFences(VkDevice a, uint32_t b, const VkFence* c)
{
    COUNT(vkResetFences);
    FALLIBLE(vkResetFences, NO_POISON);
    return REAL(vkResetFences)(a, b, c);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkBeginCommandBuffer(VkCommandBuffer a, const VkCommandBufferBeginInfo* b)
{
    COUNT(vkBeginCommandBuffer);
    FALLIBLE(vkBeginCommandBuffer, NO_POISON);
    return REAL(vkBeginCommandBuffer)(a, b);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkEndCommandBuffer(VkCommandBuffer a)
{
    COUNT(vkEndCommandBuffer);
    /* Left recording, not ended: a caller that submitted it anyway would hear from the layer. */
    FALLIBLE(vkEndCommandBuffer, NO_POISON);
    return REAL(vkEndCommandBuffer)(a);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkResetCommandBuffer(VkCommandBuffer a, VkCommandBufferResetFlags b)
{
    COUNT(vkResetCommandBuffer);
    FALLIBLE(vkResetCommandBuffer, NO_POISON);
    return REAL(vkResetCommandBuffer)(a, b);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkFlushMappedMemoryRanges(VkDevice a, uint32_t b, const VkMappedMemoryRange* c)
{
    COUNT(vkFlushMappedMemoryRanges);
    FALLIBLE(vkFlushMappedMemoryRanges, NO_POISON);
    return REAL(vkFlushMappedMemoryRanges)(a, b, c);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkInvalidateMappedMemoryRanges(VkDevice a, uint32_t b,
                                                                       const VkMappedMemoryRange* c)
{
    COUNT(vkInvalidateMappedMemoryRanges);
    FALLIBLE(vkInvalidateMappedMemoryRanges, NO_POISON);
    return REAL(vkInvalidateMappedMemoryRanges)(a, b, c);
}
/* Counted, so that a test can tell the allocations live (vkAllocateMemory less these). */
static VKAPI_ATTR void VKAPI_CALL w_vkFreeMemory(VkDevice a, VkDeviceMemory b, const VkAllocationCallbacks* c)
{
    COUNT(vkFreeMemory);
    REAL(vkFreeMemory)(a, b, c);
}
static VKAPI_ATTR VkDeviceAddress VKAPI_CALL w_vkGetBufferDeviceAddress(VkDevice a, const VkBufferDeviceAddressInfo* b)
{
    COUNT(vkGetBufferDeviceAddress);
    return REAL(vkGetBufferDeviceAddress)(a, b) + address_skew;
}
static VKAPI_ATTR VkDeviceAddress VKAPI_CALL w_vkGetBufferDeviceAddressKHR(VkDevice a,
                                                                           const VkBufferDeviceAddressInfo* b)
{
    COUNT(vkGetBufferDeviceAddressKHR);
    return REAL(vkGetBufferDeviceAddressKHR)(a, b) + address_skew;
}

static VKAPI_ATTR VkResult VKAPI_CALL w_vkEnumerateDeviceExtensionProperties(VkPhysicalDevice a, const char* b,
                                                                             uint32_t* c, VkExtensionProperties* d)
{
    COUNT(vkEnumerateDeviceExtensionProperties);
    FALLIBLE(vkEnumerateDeviceExtensionProperties, *c = 0xBAD0BAD0u);
    return REAL(vkEnumerateDeviceExtensionProperties)(a, b, c, d);
}
static VKAPI_ATTR void VKAPI_CALL w_vkGetPhysicalDeviceMemoryProperties(VkPhysicalDevice a,
                                                                        VkPhysicalDeviceMemoryProperties* b)
{
    COUNT(vkGetPhysicalDeviceMemoryProperties);
    REAL(vkGetPhysicalDeviceMemoryProperties)(a, b);
    if (hide_host_coherent)
        for (uint32_t i = 0; i < b->memoryTypeCount; i++)
            b->memoryTypes[i].propertyFlags &= ~(VkMemoryPropertyFlags)VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
}

/* ---- debug utils: what the driver is told ---------------------------------------------------- */

#define VKC_MAX_NAMES 256
#define VKC_MAX_LABELS 64
static struct {
    VkObjectType type;
    uint64_t handle;
    char name[160];
} named[VKC_MAX_NAMES];
static uint32_t named_count;
static atomic_flag named_lock = ATOMIC_FLAG_INIT; /* names come from any thread (plans made on several) */
static char labels[VKC_MAX_LABELS][160];
static uint32_t label_count;
static int32_t label_depth;

static VKAPI_ATTR VkResult VKAPI_CALL w_vkSetDebugUtilsObjectNameEXT(VkDevice a, const VkDebugUtilsObjectNameInfoEXT* b)
{
    COUNT(vkSetDebugUtilsObjectNameEXT);
    FALLIBLE(vkSetDebugUtilsObjectNameEXT, NO_POISON);
    while (atomic_flag_test_and_set(&named_lock))
        ;
    if (named_count < VKC_MAX_NAMES) {
        named[named_count].type = b->objectType;
        named[named_count].handle = b->objectHandle;
        snprintf(named[named_count].name, sizeof named[0].name, "%s", b->pObjectName ? b->pObjectName : "");
        named_count++;
    }
    atomic_flag_clear(&named_lock);
    return REAL(vkSetDebugUtilsObjectNameEXT)(a, b);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdBeginDebugUtilsLabelEXT(VkCommandBuffer a, const VkDebugUtilsLabelEXT* b)
{
    COUNT(vkCmdBeginDebugUtilsLabelEXT);
    if (label_count < VKC_MAX_LABELS)
        snprintf(labels[label_count++], sizeof labels[0], "%s", b->pLabelName ? b->pLabelName : "");
    label_depth++;
    FORWARD_CMD(vkCmdBeginDebugUtilsLabelEXT)(a, b);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdEndDebugUtilsLabelEXT(VkCommandBuffer a)
{
    COUNT(vkCmdEndDebugUtilsLabelEXT);
    label_depth--;
    FORWARD_CMD(vkCmdEndDebugUtilsLabelEXT)(a);
}

const char* vkc_object_name(VkObjectType type, uint64_t handle)
{
    const char* found = NULL;
    for (uint32_t i = 0; i < named_count; i++)
        if (named[i].type == type && named[i].handle == handle)
            found = named[i].name;
    return found;
}
uint32_t vkc_objects_named(void) { return named_count; }
int vkc_name_given(const char* prefix, const char* suffix)
{
    for (uint32_t i = 0; i < named_count; i++) {
        size_t n = strlen(named[i].name), p = strlen(prefix), q = strlen(suffix);
        if (n >= p + q && strncmp(named[i].name, prefix, p) == 0 && strcmp(named[i].name + n - q, suffix) == 0)
            return 1;
    }
    return 0;
}
uint32_t vkc_label_count(void) { return label_count; }
const char* vkc_label(uint32_t index) { return index < label_count && index < VKC_MAX_LABELS ? labels[index] : ""; }
int32_t vkc_label_depth(void) { return label_depth; }

static const PFN_vkVoidFunction wrappers[VKC_FUNCTION_COUNT] = {
#define VKC_X_WRAP(name, category) (PFN_vkVoidFunction) w_##name,
    VKC_FUNCTION_LIST(VKC_X_WRAP)
#undef VKC_X_WRAP
};

/* ---- lookup ------------------------------------------------------------------------------- */

void vkc_install(PFN_vkGetInstanceProcAddr gipa, PFN_vkGetDeviceProcAddr gdpa)
{
    if (gipa != vkc_get_instance_proc_addr && gipa != vkc_loader_get_instance_proc_addr)
        real_gipa = gipa;
    if (gdpa != vkc_get_device_proc_addr)
        real_gdpa = gdpa;
    memset(real_fn, 0, sizeof real_fn);
    unwrapped[0] = '\0';
    lookups = 0;
    vkc_reset();
}

static int find(const char* name)
{
    for (int i = 0; i < VKC_FUNCTION_COUNT; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* Functions the library and the runner call that return no VkResult and record, create,
 * allocate and submit nothing: looked up unwrapped without complaint. Any other name must be
 * wrapped, so that no fallible call escapes fault injection. */
static const char* const infallible[] = {
    "vkGetPhysicalDeviceProperties",
    "vkGetPhysicalDeviceProperties2",
    "vkGetPhysicalDeviceProperties2KHR",
    "vkGetPhysicalDeviceFeatures",
    "vkGetPhysicalDeviceFeatures2",
    "vkGetPhysicalDeviceFeatures2KHR",
    "vkGetDeviceQueue",
    "vkGetBufferMemoryRequirements",
    "vkGetBufferDeviceAddressEXT",
    "vkUnmapMemory",
    "vkFreeCommandBuffers",
};

static int should_be_wrapped(const char* name)
{
    if (strncmp(name, "vkCmd", 5) == 0 || strncmp(name, "vkCreate", 8) == 0 || strncmp(name, "vkAllocate", 10) == 0 ||
        strncmp(name, "vkQueue", 7) == 0)
        return 1;
    if (strncmp(name, "vkDestroy", 9) == 0)
        return 0;
    for (size_t i = 0; i < sizeof infallible / sizeof infallible[0]; i++)
        if (strcmp(name, infallible[i]) == 0)
            return 0;
    return 1;
}

static PFN_vkVoidFunction wrap(const char* name, PFN_vkVoidFunction real)
{
    lookups++;
    int i = find(name);
    if (i < 0) {
        /* Instance-level creation (vkCreateDevice etc.) is not the library's business at record time. */
        if (real && should_be_wrapped(name) && strcmp(name, "vkCreateDevice") != 0 &&
            strcmp(name, "vkCreateInstance") != 0 && !strstr(unwrapped, name)) {
            size_t used = strlen(unwrapped);
            snprintf(unwrapped + used, sizeof unwrapped - used, "%s%s", used ? " " : "", name);
        }
        return real;
    }
    if (!real)
        return NULL;
    real_fn[i] = real;
    return wrappers[i];
}

PFN_vkVoidFunction VKAPI_CALL vkc_get_device_proc_addr(VkDevice device, const char* name)
{
    if (strcmp(name, "vkGetDeviceProcAddr") == 0)
        return (PFN_vkVoidFunction)vkc_get_device_proc_addr;
    return wrap(name, real_gdpa(device, name));
}

/* ---- the device's limits, as a test wants them told ------------------------------------------ */

static vkc_limits limits_told;
static int limits_overridden;
static PFN_vkGetPhysicalDeviceProperties real_get_properties;
static PFN_vkGetPhysicalDeviceProperties2 real_get_properties2;

void vkc_set_limits(const vkc_limits* limits)
{
    limits_overridden = limits != NULL;
    if (limits)
        limits_told = *limits;
}

static VKAPI_ATTR void VKAPI_CALL o_vkGetPhysicalDeviceProperties(VkPhysicalDevice gpu, VkPhysicalDeviceProperties* p)
{
    real_get_properties(gpu, p);
    if (limits_overridden)
        for (int k = 0; k < 3; k++)
            p->limits.maxComputeWorkGroupCount[k] = limits_told.max_group_count[k];
}

static VKAPI_ATTR void VKAPI_CALL o_vkGetPhysicalDeviceProperties2(VkPhysicalDevice gpu, VkPhysicalDeviceProperties2* p)
{
    real_get_properties2(gpu, p);
    if (!limits_overridden)
        return;
    for (int k = 0; k < 3; k++)
        p->properties.limits.maxComputeWorkGroupCount[k] = limits_told.max_group_count[k];
    for (VkBaseOutStructure* next = p->pNext; next; next = next->pNext)
        if (next->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES && limits_told.max_buffer_size)
            ((VkPhysicalDeviceMaintenance4Properties*)next)->maxBufferSize = limits_told.max_buffer_size;
}

PFN_vkVoidFunction VKAPI_CALL vkc_get_instance_proc_addr(VkInstance instance, const char* name)
{
    if (strcmp(name, "vkGetPhysicalDeviceProperties") == 0) {
        real_get_properties = (PFN_vkGetPhysicalDeviceProperties)real_gipa(instance, name);
        return real_get_properties ? (PFN_vkVoidFunction)o_vkGetPhysicalDeviceProperties : NULL;
    }
    if (strcmp(name, "vkGetPhysicalDeviceProperties2") == 0 || strcmp(name, "vkGetPhysicalDeviceProperties2KHR") == 0) {
        real_get_properties2 = (PFN_vkGetPhysicalDeviceProperties2)real_gipa(instance, name);
        return real_get_properties2 ? (PFN_vkVoidFunction)o_vkGetPhysicalDeviceProperties2 : NULL;
    }
    if (strcmp(name, "vkGetDeviceProcAddr") == 0)
        return (PFN_vkVoidFunction)vkc_get_device_proc_addr;
    if (strcmp(name, "vkGetInstanceProcAddr") == 0)
        return (PFN_vkVoidFunction)vkc_get_instance_proc_addr;
    return wrap(name, real_gipa(instance, name));
}

PFN_vkVoidFunction VKAPI_CALL vkc_loader_get_instance_proc_addr(VkInstance instance, const char* name)
{
    PFN_vkVoidFunction real = real_gipa(instance, name);
    if (!instance || !real || strcmp(name, "vkGetDeviceProcAddr") != 0)
        return real;
    real_gdpa = (PFN_vkGetDeviceProcAddr)real;
    return (PFN_vkVoidFunction)vkc_get_device_proc_addr;
}

/* ---- counts --------------------------------------------------------------------------------- */

static _Atomic uint64_t host_allocations;
static _Atomic uint64_t live_allocations;

void vkc_reset(void)
{
    dispatch_count = 0;
    memset(pushed, 0, sizeof pushed);
    barrier_count = 0;
    update_count = 0;
    named_count = 0;
    label_count = 0;
    label_depth = 0;
    for (int i = 0; i < VKC_FUNCTION_COUNT; i++)
        atomic_store(&calls[i], 0);
    atomic_store(&pipelines_created, 0);
    atomic_store(&host_allocations, 0);
}

uint64_t vkc_calls(vkc_function f) { return calls[f]; }
uint64_t vkc_pipelines_created(void) { return atomic_load(&pipelines_created); }

uint32_t vkc_barrier_count(void) { return barrier_count; }
const vkc_barrier* vkc_barrier_at(uint32_t index)
{
    return index < barrier_count && index < VKC_MAX_BARRIERS ? &barriers[index] : NULL;
}
uint32_t vkc_update_count(void) { return update_count; }
uint32_t vkc_dispatch_count(void) { return dispatch_count; }
const vkc_dispatch* vkc_dispatch_at(uint32_t index)
{
    return index < dispatch_count && index < VKC_MAX_DISPATCHES ? &dispatches[index] : NULL;
}
void vkc_set_record_only(int on) { record_only = on; }
const vkc_update* vkc_update_at(uint32_t index)
{
    return index < update_count && index < VKC_MAX_UPDATES ? &updates[index] : NULL;
}

uint64_t vkc_calls_in(vkc_category category)
{
    uint64_t sum = 0;
    for (int i = 0; i < VKC_FUNCTION_COUNT; i++)
        if (categories[i] == category)
            sum += calls[i];
    return sum;
}

void vkc_describe(char* buffer, size_t capacity)
{
    size_t used = 0;
    buffer[0] = '\0';
    for (int i = 0; i < VKC_FUNCTION_COUNT && used < capacity; i++)
        if (calls[i])
            used += (size_t)snprintf(buffer + used, capacity - used, "%s%s=%llu", used ? " " : "", names[i],
                                     (unsigned long long)calls[i]);
}

const char* vkc_name(vkc_function f) { return names[f]; }
const char* vkc_unwrapped(void) { return unwrapped; }
uint32_t vkc_lookups(void) { return lookups; }

/* ---- counting host allocator ------------------------------------------------------------------ */

/* Each block: [padding][header: original pointer, size][aligned user memory]. */
typedef struct block_header {
    void* original;
    size_t size;
} block_header;

/* Whether code at `caller` belongs to vksplit (the library or the runner, linked statically
 * into the test or as shared objects) rather than to the loader, a layer or the driver. */
#if defined(_WIN32)
static HMODULE module_of(const void* address)
{
    HMODULE module = NULL;
    GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                       (LPCSTR)address, &module);
    return module;
}
static int vksplit_code(const void* caller)
{
    HMODULE at = module_of(caller);
    return at && (at == module_of((const void*)(uintptr_t)&vksplit_context_create) ||
                  at == module_of((const void*)(uintptr_t)&vksplit_runner_create));
}
#else
static int vksplit_code(const void* caller)
{
    Dl_info at, library, runner;
    if (!dladdr(caller, &at))
        return 0;
    return (dladdr((const void*)(uintptr_t)&vksplit_context_create, &library) && at.dli_fbase == library.dli_fbase) ||
           (dladdr((const void*)(uintptr_t)&vksplit_runner_create, &runner) && at.dli_fbase == runner.dli_fbase);
}
#endif

/* Counts an allocation made from `caller`; true when it is the one to fail. */
static int take_allocation_fault(const void* caller)
{
    int target = atomic_load(&fault_target);
    if (target != VKC_FAULT_ALLOCATIONS && target != VKC_FAULT_DRIVER_ALLOCATIONS)
        return 0;
    if (vksplit_code(caller) != (target == VKC_FAULT_ALLOCATIONS))
        return 0;
    if (atomic_fetch_add(&fault_events, 1) + 1 != atomic_load(&fault_n))
        return 0;
    fault_result_value = VK_ERROR_OUT_OF_HOST_MEMORY;
    fault_site_name = "host allocation";
    atomic_store(&fault_fired, 1);
    return 1;
}

/* One allocation on behalf of code at `caller` (the callbacks' own caller). */
static void* allocate(size_t size, size_t alignment, const void* caller)
{
    host_allocations++;
    if (take_allocation_fault(caller))
        return NULL;
    if (alignment < sizeof(void*))
        alignment = sizeof(void*);
    uint8_t* raw = malloc(size + alignment + sizeof(block_header));
    if (!raw)
        return NULL;
    uintptr_t start = (uintptr_t)(raw + sizeof(block_header));
    uintptr_t aligned = (start + alignment - 1) & ~(uintptr_t)(alignment - 1);
    block_header* h = (block_header*)(aligned - sizeof(block_header));
    h->original = raw;
    h->size = size;
    live_allocations++;
    return (void*)aligned;
}

static void VKAPI_CALL count_free(void* user, void* memory)
{
    (void)user;
    if (!memory)
        return;
    block_header* h = (block_header*)((uint8_t*)memory - sizeof(block_header));
    live_allocations--;
    free(h->original);
}

/* noinline: __builtin_return_address(0) must be the callbacks' caller. */
static __attribute__((noinline)) void* VKAPI_CALL count_alloc(void* user, size_t size, size_t alignment,
                                                              VkSystemAllocationScope scope)
{
    (void)user;
    (void)scope;
    return allocate(size, alignment, __builtin_return_address(0));
}

static __attribute__((noinline)) void* VKAPI_CALL count_realloc(void* user, void* original, size_t size,
                                                                size_t alignment, VkSystemAllocationScope scope)
{
    (void)scope;
    const void* caller = __builtin_return_address(0);
    if (!original)
        return allocate(size, alignment, caller);
    if (size == 0) {
        count_free(user, original);
        return NULL;
    }
    block_header* h = (block_header*)((uint8_t*)original - sizeof(block_header));
    void* fresh = allocate(size, alignment, caller);
    if (!fresh)
        return NULL; /* the original stays valid, as the callbacks' rules require */
    memcpy(fresh, original, h->size < size ? h->size : size);
    count_free(user, original);
    return fresh;
}

static const VkAllocationCallbacks allocator = {NULL, count_alloc, count_realloc, count_free, NULL, NULL};

const VkAllocationCallbacks* vkc_allocator(void) { return &allocator; }
uint64_t vkc_host_allocations(void) { return host_allocations; }
uint64_t vkc_live_host_allocations(void) { return live_allocations; }

/* ---- fault injection --------------------------------------------------------------------------- */

void vkc_fault_arm(vkc_fault_target target, uint64_t n, unsigned variant)
{
    atomic_store(&fault_target, VKC_DISARMED);
    atomic_store(&fault_events, 0);
    atomic_store(&fault_fired, 0);
    atomic_store(&fault_n, n);
    fault_variant = variant;
    fault_result_value = VK_SUCCESS;
    fault_site_name = "";
    atomic_store(&fault_target, (int)target);
}

void vkc_fault_disarm(void) { atomic_store(&fault_target, VKC_DISARMED); }
uint64_t vkc_fault_events(void) { return atomic_load(&fault_events); }
int vkc_fault_fired(void) { return atomic_load(&fault_fired); }
VkResult vkc_fault_result(void) { return fault_result_value; }
const char* vkc_fault_site(void) { return fault_site_name; }
void vkc_set_address_skew(uint64_t skew) { address_skew = skew; }
void vkc_set_hide_host_coherent(int hide) { hide_host_coherent = hide; }

vksplit_context_desc vkc_context_desc(vksplit_runner* runner)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    vkc_install(info.get_instance_proc_addr, info.get_device_proc_addr);
    vksplit_context_desc d = core_runner_context_desc(runner);
    d.get_instance_proc_addr = vkc_get_instance_proc_addr;
    d.get_device_proc_addr = vkc_get_device_proc_addr;
    return d;
}

int vkc_pipelines_made(const vksplit_context_desc* desc, uint64_t made[5], vksplit_error* error)
{
    static const uint64_t sizes[2] = {4, 6}, lengths[2] = {2, 4};
    vksplit_split_desc d = core_packed_desc(4, 2, sizes, 1, 2, lengths);
    vksplit_join_desc j = core_packed_join_desc(4, 2, sizes, 1, 2, lengths);
    vksplit_plan_options options = {.path = VKSPLIT_PATH_COMPUTE};
    vksplit_context* ctx = NULL;
    vkc_reset();
    int ok = vksplit_context_create(desc, &ctx, error) == VKSPLIT_OK;
    made[0] = vkc_calls(VKC_vkCreateComputePipelines);
    vksplit_plan* plans[4] = {NULL, NULL, NULL, NULL};
    for (int p = 0; ok && p < 4; p++) {
        vkc_reset();
        ok = (p >= 2 ? vksplit_plan_create_join(ctx, &j, &options, &plans[p], error)
                     : vksplit_plan_create(ctx, &d, &options, &plans[p], error)) == VKSPLIT_OK;
        made[1 + p] = vkc_calls(VKC_vkCreateComputePipelines);
    }
    for (int p = 0; p < 4; p++)
        vksplit_plan_destroy(plans[p]);
    vksplit_context_destroy(ctx);
    return ok;
}
