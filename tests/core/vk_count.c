/* Counting wrappers for the Vulkan functions a vksplit context calls. See vk_count.h. */
#include "vk_count.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static PFN_vkGetInstanceProcAddr real_gipa;
static PFN_vkGetDeviceProcAddr real_gdpa;
static uint64_t calls[VKC_FUNCTION_COUNT];
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

/* ---- the wrappers: count, then forward --------------------------------------------------- */

static VKAPI_ATTR void VKAPI_CALL w_vkCmdBindPipeline(VkCommandBuffer a, VkPipelineBindPoint b, VkPipeline c)
{
    COUNT(vkCmdBindPipeline);
    REAL(vkCmdBindPipeline)(a, b, c);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPushConstants(VkCommandBuffer a, VkPipelineLayout b, VkShaderStageFlags c,
                                                       uint32_t d, uint32_t e, const void* f)
{
    COUNT(vkCmdPushConstants);
    REAL(vkCmdPushConstants)(a, b, c, d, e, f);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdDispatch(VkCommandBuffer a, uint32_t x, uint32_t y, uint32_t z)
{
    COUNT(vkCmdDispatch);
    REAL(vkCmdDispatch)(a, x, y, z);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdDispatchBase(VkCommandBuffer a, uint32_t b, uint32_t c, uint32_t d,
                                                      uint32_t x, uint32_t y, uint32_t z)
{
    COUNT(vkCmdDispatchBase);
    REAL(vkCmdDispatchBase)(a, b, c, d, x, y, z);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdDispatchBaseKHR(VkCommandBuffer a, uint32_t b, uint32_t c, uint32_t d,
                                                         uint32_t x, uint32_t y, uint32_t z)
{
    COUNT(vkCmdDispatchBaseKHR);
    REAL(vkCmdDispatchBaseKHR)(a, b, c, d, x, y, z);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdDispatchIndirect(VkCommandBuffer a, VkBuffer b, VkDeviceSize c)
{
    COUNT(vkCmdDispatchIndirect);
    REAL(vkCmdDispatchIndirect)(a, b, c);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPushDescriptorSetKHR(VkCommandBuffer a, VkPipelineBindPoint b,
                                                              VkPipelineLayout c, uint32_t d, uint32_t e,
                                                              const VkWriteDescriptorSet* f)
{
    COUNT(vkCmdPushDescriptorSetKHR);
    if (push_hook)
        push_hook(push_hook_user, e, f);
    REAL(vkCmdPushDescriptorSetKHR)(a, b, c, d, e, f);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPushDescriptorSetWithTemplateKHR(VkCommandBuffer a,
                                                                          VkDescriptorUpdateTemplate b,
                                                                          VkPipelineLayout c, uint32_t d,
                                                                          const void* e)
{
    COUNT(vkCmdPushDescriptorSetWithTemplateKHR);
    REAL(vkCmdPushDescriptorSetWithTemplateKHR)(a, b, c, d, e);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdBindDescriptorSets(VkCommandBuffer a, VkPipelineBindPoint b,
                                                            VkPipelineLayout c, uint32_t d, uint32_t e,
                                                            const VkDescriptorSet* f, uint32_t g, const uint32_t* h)
{
    COUNT(vkCmdBindDescriptorSets);
    REAL(vkCmdBindDescriptorSets)(a, b, c, d, e, f, g, h);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdUpdateBuffer(VkCommandBuffer a, VkBuffer b, VkDeviceSize c, VkDeviceSize d,
                                                      const void* e)
{
    COUNT(vkCmdUpdateBuffer);
    REAL(vkCmdUpdateBuffer)(a, b, c, d, e);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdFillBuffer(VkCommandBuffer a, VkBuffer b, VkDeviceSize c, VkDeviceSize d,
                                                    uint32_t e)
{
    COUNT(vkCmdFillBuffer);
    REAL(vkCmdFillBuffer)(a, b, c, d, e);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdCopyBuffer(VkCommandBuffer a, VkBuffer b, VkBuffer c, uint32_t d,
                                                    const VkBufferCopy* e)
{
    COUNT(vkCmdCopyBuffer);
    REAL(vkCmdCopyBuffer)(a, b, c, d, e);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdCopyBuffer2(VkCommandBuffer a, const VkCopyBufferInfo2* b)
{
    COUNT(vkCmdCopyBuffer2);
    REAL(vkCmdCopyBuffer2)(a, b);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdCopyBuffer2KHR(VkCommandBuffer a, const VkCopyBufferInfo2* b)
{
    COUNT(vkCmdCopyBuffer2KHR);
    REAL(vkCmdCopyBuffer2KHR)(a, b);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPipelineBarrier(VkCommandBuffer a, VkPipelineStageFlags b,
                                                         VkPipelineStageFlags c, VkDependencyFlags d, uint32_t e,
                                                         const VkMemoryBarrier* f, uint32_t g,
                                                         const VkBufferMemoryBarrier* h, uint32_t i,
                                                         const VkImageMemoryBarrier* j)
{
    COUNT(vkCmdPipelineBarrier);
    REAL(vkCmdPipelineBarrier)(a, b, c, d, e, f, g, h, i, j);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPipelineBarrier2(VkCommandBuffer a, const VkDependencyInfo* b)
{
    COUNT(vkCmdPipelineBarrier2);
    REAL(vkCmdPipelineBarrier2)(a, b);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdPipelineBarrier2KHR(VkCommandBuffer a, const VkDependencyInfo* b)
{
    COUNT(vkCmdPipelineBarrier2KHR);
    REAL(vkCmdPipelineBarrier2KHR)(a, b);
}
static VKAPI_ATTR void VKAPI_CALL w_vkCmdWriteTimestamp(VkCommandBuffer a, VkPipelineStageFlagBits b, VkQueryPool c,
                                                        uint32_t d)
{
    COUNT(vkCmdWriteTimestamp);
    REAL(vkCmdWriteTimestamp)(a, b, c, d);
}

static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateBuffer(VkDevice a, const VkBufferCreateInfo* b,
                                                       const VkAllocationCallbacks* c, VkBuffer* d)
{
    COUNT(vkCreateBuffer);
    return REAL(vkCreateBuffer)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateShaderModule(VkDevice a, const VkShaderModuleCreateInfo* b,
                                                             const VkAllocationCallbacks* c, VkShaderModule* d)
{
    COUNT(vkCreateShaderModule);
    return REAL(vkCreateShaderModule)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreatePipelineLayout(VkDevice a, const VkPipelineLayoutCreateInfo* b,
                                                               const VkAllocationCallbacks* c, VkPipelineLayout* d)
{
    COUNT(vkCreatePipelineLayout);
    return REAL(vkCreatePipelineLayout)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateDescriptorSetLayout(VkDevice a,
                                                                    const VkDescriptorSetLayoutCreateInfo* b,
                                                                    const VkAllocationCallbacks* c,
                                                                    VkDescriptorSetLayout* d)
{
    COUNT(vkCreateDescriptorSetLayout);
    return REAL(vkCreateDescriptorSetLayout)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateComputePipelines(VkDevice a, VkPipelineCache b, uint32_t c,
                                                                 const VkComputePipelineCreateInfo* d,
                                                                 const VkAllocationCallbacks* e, VkPipeline* f)
{
    COUNT(vkCreateComputePipelines);
    return REAL(vkCreateComputePipelines)(a, b, c, d, e, f);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateDescriptorPool(VkDevice a, const VkDescriptorPoolCreateInfo* b,
                                                               const VkAllocationCallbacks* c, VkDescriptorPool* d)
{
    COUNT(vkCreateDescriptorPool);
    return REAL(vkCreateDescriptorPool)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateDescriptorUpdateTemplate(VkDevice a,
                                                                         const VkDescriptorUpdateTemplateCreateInfo* b,
                                                                         const VkAllocationCallbacks* c,
                                                                         VkDescriptorUpdateTemplate* d)
{
    COUNT(vkCreateDescriptorUpdateTemplate);
    return REAL(vkCreateDescriptorUpdateTemplate)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateDescriptorUpdateTemplateKHR(
    VkDevice a, const VkDescriptorUpdateTemplateCreateInfo* b, const VkAllocationCallbacks* c,
    VkDescriptorUpdateTemplate* d)
{
    COUNT(vkCreateDescriptorUpdateTemplateKHR);
    return REAL(vkCreateDescriptorUpdateTemplateKHR)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreatePipelineCache(VkDevice a, const VkPipelineCacheCreateInfo* b,
                                                              const VkAllocationCallbacks* c, VkPipelineCache* d)
{
    COUNT(vkCreatePipelineCache);
    return REAL(vkCreatePipelineCache)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateFence(VkDevice a, const VkFenceCreateInfo* b,
                                                      const VkAllocationCallbacks* c, VkFence* d)
{
    COUNT(vkCreateFence);
    return REAL(vkCreateFence)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateSemaphore(VkDevice a, const VkSemaphoreCreateInfo* b,
                                                          const VkAllocationCallbacks* c, VkSemaphore* d)
{
    COUNT(vkCreateSemaphore);
    return REAL(vkCreateSemaphore)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateEvent(VkDevice a, const VkEventCreateInfo* b,
                                                      const VkAllocationCallbacks* c, VkEvent* d)
{
    COUNT(vkCreateEvent);
    return REAL(vkCreateEvent)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateQueryPool(VkDevice a, const VkQueryPoolCreateInfo* b,
                                                          const VkAllocationCallbacks* c, VkQueryPool* d)
{
    COUNT(vkCreateQueryPool);
    return REAL(vkCreateQueryPool)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateCommandPool(VkDevice a, const VkCommandPoolCreateInfo* b,
                                                            const VkAllocationCallbacks* c, VkCommandPool* d)
{
    COUNT(vkCreateCommandPool);
    return REAL(vkCreateCommandPool)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkCreateBufferView(VkDevice a, const VkBufferViewCreateInfo* b,
                                                           const VkAllocationCallbacks* c, VkBufferView* d)
{
    COUNT(vkCreateBufferView);
    return REAL(vkCreateBufferView)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkAllocateMemory(VkDevice a, const VkMemoryAllocateInfo* b,
                                                         const VkAllocationCallbacks* c, VkDeviceMemory* d)
{
    COUNT(vkAllocateMemory);
    return REAL(vkAllocateMemory)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkAllocateDescriptorSets(VkDevice a, const VkDescriptorSetAllocateInfo* b,
                                                                 VkDescriptorSet* c)
{
    COUNT(vkAllocateDescriptorSets);
    return REAL(vkAllocateDescriptorSets)(a, b, c);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkAllocateCommandBuffers(VkDevice a, const VkCommandBufferAllocateInfo* b,
                                                                 VkCommandBuffer* c)
{
    COUNT(vkAllocateCommandBuffers);
    return REAL(vkAllocateCommandBuffers)(a, b, c);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkQueueSubmit(VkQueue a, uint32_t b, const VkSubmitInfo* c, VkFence d)
{
    COUNT(vkQueueSubmit);
    return REAL(vkQueueSubmit)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkQueueSubmit2(VkQueue a, uint32_t b, const VkSubmitInfo2* c, VkFence d)
{
    COUNT(vkQueueSubmit2);
    return REAL(vkQueueSubmit2)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkQueueSubmit2KHR(VkQueue a, uint32_t b, const VkSubmitInfo2* c, VkFence d)
{
    COUNT(vkQueueSubmit2KHR);
    return REAL(vkQueueSubmit2KHR)(a, b, c, d);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkQueueWaitIdle(VkQueue a)
{
    COUNT(vkQueueWaitIdle);
    return REAL(vkQueueWaitIdle)(a);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkDeviceWaitIdle(VkDevice a)
{
    COUNT(vkDeviceWaitIdle);
    return REAL(vkDeviceWaitIdle)(a);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkWaitForFences(VkDevice a, uint32_t b, const VkFence* c, VkBool32 d,
                                                        uint64_t e)
{
    COUNT(vkWaitForFences);
    return REAL(vkWaitForFences)(a, b, c, d, e);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkMapMemory(VkDevice a, VkDeviceMemory b, VkDeviceSize c, VkDeviceSize d,
                                                    VkMemoryMapFlags e, void** f)
{
    COUNT(vkMapMemory);
    return REAL(vkMapMemory)(a, b, c, d, e, f);
}
static VKAPI_ATTR VkResult VKAPI_CALL w_vkBindBufferMemory(VkDevice a, VkBuffer b, VkDeviceMemory c, VkDeviceSize d)
{
    COUNT(vkBindBufferMemory);
    return REAL(vkBindBufferMemory)(a, b, c, d);
}
static VKAPI_ATTR void VKAPI_CALL w_vkUpdateDescriptorSets(VkDevice a, uint32_t b, const VkWriteDescriptorSet* c,
                                                           uint32_t d, const VkCopyDescriptorSet* e)
{
    COUNT(vkUpdateDescriptorSets);
    REAL(vkUpdateDescriptorSets)(a, b, c, d, e);
}
static VKAPI_ATTR VkDeviceAddress VKAPI_CALL w_vkGetBufferDeviceAddress(VkDevice a,
                                                                        const VkBufferDeviceAddressInfo* b)
{
    COUNT(vkGetBufferDeviceAddress);
    return REAL(vkGetBufferDeviceAddress)(a, b);
}
static VKAPI_ATTR VkDeviceAddress VKAPI_CALL w_vkGetBufferDeviceAddressKHR(VkDevice a,
                                                                           const VkBufferDeviceAddressInfo* b)
{
    COUNT(vkGetBufferDeviceAddressKHR);
    return REAL(vkGetBufferDeviceAddressKHR)(a, b);
}

static const PFN_vkVoidFunction wrappers[VKC_FUNCTION_COUNT] = {
#define VKC_X_WRAP(name, category) (PFN_vkVoidFunction)w_##name,
    VKC_FUNCTION_LIST(VKC_X_WRAP)
#undef VKC_X_WRAP
};

/* ---- lookup ------------------------------------------------------------------------------- */

void vkc_install(PFN_vkGetInstanceProcAddr gipa, PFN_vkGetDeviceProcAddr gdpa)
{
    real_gipa = gipa;
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

static int should_be_wrapped(const char* name)
{
    return strncmp(name, "vkCmd", 5) == 0 || strncmp(name, "vkCreate", 8) == 0 ||
           strncmp(name, "vkAllocate", 10) == 0 || strncmp(name, "vkQueue", 7) == 0;
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

PFN_vkVoidFunction VKAPI_CALL vkc_get_instance_proc_addr(VkInstance instance, const char* name)
{
    if (strcmp(name, "vkGetDeviceProcAddr") == 0)
        return (PFN_vkVoidFunction)vkc_get_device_proc_addr;
    if (strcmp(name, "vkGetInstanceProcAddr") == 0)
        return (PFN_vkVoidFunction)vkc_get_instance_proc_addr;
    return wrap(name, real_gipa(instance, name));
}

/* ---- counts --------------------------------------------------------------------------------- */

static uint64_t host_allocations;
static uint64_t live_allocations;

void vkc_reset(void)
{
    memset(calls, 0, sizeof calls);
    host_allocations = 0;
}

uint64_t vkc_calls(vkc_function f) { return calls[f]; }

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

static void* VKAPI_CALL count_alloc(void* user, size_t size, size_t alignment, VkSystemAllocationScope scope)
{
    (void)user;
    (void)scope;
    host_allocations++;
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

static void* VKAPI_CALL count_realloc(void* user, void* original, size_t size, size_t alignment,
                                      VkSystemAllocationScope scope)
{
    if (!original)
        return count_alloc(user, size, alignment, scope);
    if (size == 0) {
        count_free(user, original);
        return NULL;
    }
    block_header* h = (block_header*)((uint8_t*)original - sizeof(block_header));
    void* fresh = count_alloc(user, size, alignment, scope);
    if (!fresh)
        return NULL;
    memcpy(fresh, original, h->size < size ? h->size : size);
    count_free(user, original);
    return fresh;
}

static const VkAllocationCallbacks allocator = {NULL, count_alloc, count_realloc, count_free, NULL, NULL};

const VkAllocationCallbacks* vkc_allocator(void) { return &allocator; }
uint64_t vkc_host_allocations(void) { return host_allocations; }
uint64_t vkc_live_host_allocations(void) { return live_allocations; }

vksplit_context_desc vkc_context_desc(vksplit_runner* runner)
{
    vksplit_runner_info info;
    vksplit_runner_get_info(runner, &info);
    vkc_install(info.get_instance_proc_addr, info.get_device_proc_addr);
    vksplit_context_desc d;
    memset(&d, 0, sizeof d);
    d.instance = info.instance;
    d.physical_device = info.physical_device;
    d.device = info.device;
    d.get_instance_proc_addr = vkc_get_instance_proc_addr;
    d.get_device_proc_addr = vkc_get_device_proc_addr;
    d.enabled_features = info.enabled_features;
    return d;
}
