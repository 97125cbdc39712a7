/* VK_LAYER_VKSPLIT_min_device: the loader's layer interface (version 2) around advertise.c.
 * It answers the physical-device queries with Vulkan's required limits and the profile's
 * features and extensions, refuses a device that enables what the profile hides, and fails an
 * allocation above maxMemoryAllocationSize or past maxMemoryAllocationCount live ones, and a
 * buffer above maxBufferSize. Everything else passes through. It sits under the validation layer
 * (README.md), which then checks every call against what this layer advertises. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vk_layer.h>
#include <vulkan/vulkan.h>

#include "../common/layer_support.h"
#include "advertise.h"

#define LAYER_NAME "VK_LAYER_VKSPLIT_min_device"
#define MAX_OBJECTS 64

#define EXPORT __attribute__((visibility("default")))

typedef struct md_instance {
    void* key;
    VkInstance handle;
    md_profile profile;
    PFN_vkGetInstanceProcAddr next_gipa;
    PFN_vkDestroyInstance DestroyInstance;
    PFN_vkGetPhysicalDeviceProperties GetPhysicalDeviceProperties;
    PFN_vkGetPhysicalDeviceProperties2 GetPhysicalDeviceProperties2;
    PFN_vkGetPhysicalDeviceProperties2 GetPhysicalDeviceProperties2KHR;
    PFN_vkGetPhysicalDeviceFeatures GetPhysicalDeviceFeatures;
    PFN_vkGetPhysicalDeviceFeatures2 GetPhysicalDeviceFeatures2;
    PFN_vkGetPhysicalDeviceFeatures2 GetPhysicalDeviceFeatures2KHR;
    PFN_vkEnumerateDeviceExtensionProperties EnumerateDeviceExtensionProperties;
} md_instance;

typedef struct md_device {
    void* key;
    PFN_vkGetDeviceProcAddr next_gdpa;
    PFN_vkDestroyDevice DestroyDevice;
    PFN_vkAllocateMemory AllocateMemory;
    PFN_vkFreeMemory FreeMemory;
    PFN_vkCreateBuffer CreateBuffer;
    uint32_t live_allocations; /* VkDeviceMemory allocated and not yet freed; under `lock` */
} md_device;

/* Instances and devices by dispatch key, and the devices' allocation counts; a test may create
 * and use them from several threads. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static md_instance instances[MAX_OBJECTS];
static md_device devices[MAX_OBJECTS];
static const layer_table instance_table = {&lock, instances, sizeof instances[0], MAX_OBJECTS};
static const layer_table device_table = {&lock, devices, sizeof devices[0], MAX_OBJECTS};

/* NULL when this layer did not create it. */
static md_instance* lookup_instance(const void* handle) { return layer_find(&instance_table, handle); }

static md_instance* find_instance(const void* handle)
{
    md_instance* found = lookup_instance(handle);
    if (!found) {
        fprintf(stderr, LAYER_NAME ": a handle of an instance this layer did not create\n");
        abort(); /* a test-only layer: a broken chain must not pass silently */
    }
    return found;
}

static md_device* find_device(VkDevice device)
{
    md_device* found = layer_find(&device_table, device);
    if (!found) {
        fprintf(stderr, LAYER_NAME ": a handle of a device this layer did not create\n");
        abort();
    }
    return found;
}

/* ---- physical-device queries --------------------------------------------------------------- */

static VKAPI_ATTR void VKAPI_CALL md_GetPhysicalDeviceProperties(VkPhysicalDevice pd, VkPhysicalDeviceProperties* props)
{
    md_instance* inst = find_instance(pd);
    inst->GetPhysicalDeviceProperties(pd, props);
    md_advertise_properties(&inst->profile, props);
}

static void properties2(md_instance* inst, PFN_vkGetPhysicalDeviceProperties2 next, VkPhysicalDevice pd,
                        VkPhysicalDeviceProperties2* props)
{
    next(pd, props);
    md_advertise_properties(&inst->profile, &props->properties);
    md_advertise_property_chain(&inst->profile, props->pNext);
}

static VKAPI_ATTR void VKAPI_CALL md_GetPhysicalDeviceProperties2(VkPhysicalDevice pd,
                                                                  VkPhysicalDeviceProperties2* props)
{
    md_instance* inst = find_instance(pd);
    properties2(inst, inst->GetPhysicalDeviceProperties2, pd, props);
}

static VKAPI_ATTR void VKAPI_CALL md_GetPhysicalDeviceProperties2KHR(VkPhysicalDevice pd,
                                                                     VkPhysicalDeviceProperties2* props)
{
    md_instance* inst = find_instance(pd);
    properties2(inst, inst->GetPhysicalDeviceProperties2KHR, pd, props);
}

static VKAPI_ATTR void VKAPI_CALL md_GetPhysicalDeviceFeatures(VkPhysicalDevice pd, VkPhysicalDeviceFeatures* features)
{
    md_instance* inst = find_instance(pd);
    inst->GetPhysicalDeviceFeatures(pd, features);
    md_advertise_features(&inst->profile, features);
}

static void features2(md_instance* inst, PFN_vkGetPhysicalDeviceFeatures2 next, VkPhysicalDevice pd,
                      VkPhysicalDeviceFeatures2* features)
{
    next(pd, features);
    md_advertise_features(&inst->profile, &features->features);
    md_advertise_feature_chain(&inst->profile, features->pNext);
}

static VKAPI_ATTR void VKAPI_CALL md_GetPhysicalDeviceFeatures2(VkPhysicalDevice pd,
                                                                VkPhysicalDeviceFeatures2* features)
{
    md_instance* inst = find_instance(pd);
    features2(inst, inst->GetPhysicalDeviceFeatures2, pd, features);
}

static VKAPI_ATTR void VKAPI_CALL md_GetPhysicalDeviceFeatures2KHR(VkPhysicalDevice pd,
                                                                   VkPhysicalDeviceFeatures2* features)
{
    md_instance* inst = find_instance(pd);
    features2(inst, inst->GetPhysicalDeviceFeatures2KHR, pd, features);
}

/* The device's list without the extensions the profile hides, with the usual count and
 * VK_INCOMPLETE rules. */
static VKAPI_ATTR VkResult VKAPI_CALL md_EnumerateDeviceExtensionProperties(VkPhysicalDevice pd, const char* layer,
                                                                            uint32_t* count,
                                                                            VkExtensionProperties* props)
{
    if (layer && strcmp(layer, LAYER_NAME) == 0) {
        *count = 0; /* this layer offers no extension of its own */
        return VK_SUCCESS;
    }
    md_instance* inst = find_instance(pd);
    if (layer)
        return inst->EnumerateDeviceExtensionProperties(pd, layer, count, props);
    uint32_t all = 0;
    VkResult r = inst->EnumerateDeviceExtensionProperties(pd, NULL, &all, NULL);
    if (r != VK_SUCCESS)
        return r;
    VkExtensionProperties* list = calloc(all ? all : 1, sizeof *list);
    if (!list)
        return VK_ERROR_OUT_OF_HOST_MEMORY;
    r = inst->EnumerateDeviceExtensionProperties(pd, NULL, &all, list);
    if (r < VK_SUCCESS) {
        free(list);
        return r;
    }
    uint32_t kept = 0;
    for (uint32_t i = 0; i < all; i++)
        if (!md_extension_hidden(&inst->profile, list[i].extensionName))
            list[kept++] = list[i];
    if (!props) {
        *count = kept;
    } else {
        uint32_t n = *count < kept ? *count : kept;
        memcpy(props, list, n * sizeof *props);
        r = n < kept ? VK_INCOMPLETE : VK_SUCCESS;
        *count = n;
    }
    free(list);
    return r;
}

/* ---- instance ------------------------------------------------------------------------------ */

static VKAPI_ATTR VkResult VKAPI_CALL md_CreateInstance(const VkInstanceCreateInfo* info,
                                                        const VkAllocationCallbacks* allocator, VkInstance* out)
{
    PFN_vkGetInstanceProcAddr gipa = layer_link_instance(info);
    if (!gipa)
        return VK_ERROR_INITIALIZATION_FAILED;

    md_profile profile;
    char why[256];
    if (!md_profile_parse(getenv("VKSPLIT_MIN_DEVICE_PROFILE"), &profile, why, sizeof why)) {
        fprintf(stderr, LAYER_NAME ": %s\n", why);
        return VK_ERROR_INITIALIZATION_FAILED;
    }
    PFN_vkCreateInstance create = (PFN_vkCreateInstance)gipa(NULL, "vkCreateInstance");
    VkResult r = create(info, allocator, out);
    if (r != VK_SUCCESS)
        return r;

    md_instance inst = {.key = layer_dispatch_key(*out), .handle = *out, .profile = profile, .next_gipa = gipa};
#define LOAD(name) inst.name = (PFN_vk##name)gipa(*out, "vk" #name)
    LOAD(DestroyInstance);
    LOAD(GetPhysicalDeviceProperties);
    LOAD(GetPhysicalDeviceProperties2);
    inst.GetPhysicalDeviceProperties2KHR =
        (PFN_vkGetPhysicalDeviceProperties2)gipa(*out, "vkGetPhysicalDeviceProperties2KHR");
    LOAD(GetPhysicalDeviceFeatures);
    LOAD(GetPhysicalDeviceFeatures2);
    inst.GetPhysicalDeviceFeatures2KHR =
        (PFN_vkGetPhysicalDeviceFeatures2)gipa(*out, "vkGetPhysicalDeviceFeatures2KHR");
    LOAD(EnumerateDeviceExtensionProperties);
#undef LOAD
    if (!layer_store(&instance_table, &inst)) {
        inst.DestroyInstance(*out, allocator);
        return VK_ERROR_OUT_OF_HOST_MEMORY;
    }
    return VK_SUCCESS;
}

static VKAPI_ATTR void VKAPI_CALL md_DestroyInstance(VkInstance instance, const VkAllocationCallbacks* allocator)
{
    if (!instance)
        return;
    md_instance* inst = find_instance(instance);
    PFN_vkDestroyInstance destroy = inst->DestroyInstance;
    layer_forget(&instance_table, inst);
    destroy(instance, allocator);
}

/* ---- device -------------------------------------------------------------------------------- */

static VKAPI_ATTR VkResult VKAPI_CALL md_CreateDevice(VkPhysicalDevice pd, const VkDeviceCreateInfo* info,
                                                      const VkAllocationCallbacks* allocator, VkDevice* out)
{
    md_instance* inst = find_instance(pd);
    PFN_vkGetDeviceProcAddr gdpa = NULL;
    PFN_vkGetInstanceProcAddr gipa = layer_link_device(info, &gdpa);
    if (!gipa)
        return VK_ERROR_INITIALIZATION_FAILED;

    char why[256];
    VkResult r = md_check_device_create(&inst->profile, info, why, sizeof why);
    if (r != VK_SUCCESS) {
        fprintf(stderr, LAYER_NAME ": %s\n", why);
        return r;
    }
    PFN_vkCreateDevice create = (PFN_vkCreateDevice)gipa(inst->handle, "vkCreateDevice");
    r = create(pd, info, allocator, out);
    if (r != VK_SUCCESS)
        return r;
    md_device dev = {.key = layer_dispatch_key(*out), .next_gdpa = gdpa};
    dev.DestroyDevice = (PFN_vkDestroyDevice)gdpa(*out, "vkDestroyDevice");
    dev.AllocateMemory = (PFN_vkAllocateMemory)gdpa(*out, "vkAllocateMemory");
    dev.FreeMemory = (PFN_vkFreeMemory)gdpa(*out, "vkFreeMemory");
    dev.CreateBuffer = (PFN_vkCreateBuffer)gdpa(*out, "vkCreateBuffer");
    if (!layer_store(&device_table, &dev)) {
        dev.DestroyDevice(*out, allocator);
        return VK_ERROR_OUT_OF_HOST_MEMORY;
    }
    return VK_SUCCESS;
}

static VKAPI_ATTR void VKAPI_CALL md_DestroyDevice(VkDevice device, const VkAllocationCallbacks* allocator)
{
    if (!device)
        return;
    md_device* dev = find_device(device);
    PFN_vkDestroyDevice destroy = dev->DestroyDevice;
    layer_forget(&device_table, dev);
    destroy(device, allocator);
}

/* Two limits the validation layer (1.3.239) does not check here: past maxMemoryAllocationSize
 * a device may fail the allocation (it is no valid-usage rule), and maxBufferSize is checked
 * only where maintenance4 is enabled. This device fails both, as VK_ERROR_OUT_OF_DEVICE_MEMORY,
 * and says so on stderr. */
static VkResult refuse(const char* call, VkDeviceSize size, const char* limit, VkDeviceSize value)
{
    fprintf(stderr, LAYER_NAME ": %s of %llu bytes is above %s (%llu): VK_ERROR_OUT_OF_DEVICE_MEMORY\n", call,
            (unsigned long long)size, limit, (unsigned long long)value);
    return VK_ERROR_OUT_OF_DEVICE_MEMORY;
}

/* A third: at most maxMemoryAllocationCount allocations live at once per device, the 4096 Vulkan
 * promises (lavapipe allows far more). The validation layer above reports the one past it
 * (VUID-vkAllocateMemory-maxMemoryAllocationCount-04101) and still calls down; this device then
 * fails it with VK_ERROR_TOO_MANY_OBJECTS, as a device at its count does, and says so on stderr.
 * The slot is taken before the call down, so that threads allocating at once cannot pass the
 * limit together, and given back when the call fails. */
static VKAPI_ATTR VkResult VKAPI_CALL md_AllocateMemory(VkDevice device, const VkMemoryAllocateInfo* info,
                                                        const VkAllocationCallbacks* allocator, VkDeviceMemory* out)
{
    md_device* dev = find_device(device);
    if (info->allocationSize > MD_MAX_MEMORY_ALLOCATION_SIZE)
        return refuse("vkAllocateMemory", info->allocationSize, "maxMemoryAllocationSize",
                      MD_MAX_MEMORY_ALLOCATION_SIZE);
    pthread_mutex_lock(&lock);
    uint32_t live = dev->live_allocations;
    int room = live < MD_MAX_MEMORY_ALLOCATION_COUNT;
    if (room)
        dev->live_allocations = live + 1;
    pthread_mutex_unlock(&lock);
    if (!room) {
        fprintf(stderr,
                LAYER_NAME ": vkAllocateMemory of %llu bytes would make %llu allocations live, above "
                           "maxMemoryAllocationCount (%u): VK_ERROR_TOO_MANY_OBJECTS\n",
                (unsigned long long)info->allocationSize, (unsigned long long)live + 1, MD_MAX_MEMORY_ALLOCATION_COUNT);
        return VK_ERROR_TOO_MANY_OBJECTS;
    }
    VkResult r = dev->AllocateMemory(device, info, allocator, out);
    if (r != VK_SUCCESS) {
        pthread_mutex_lock(&lock);
        dev->live_allocations--;
        pthread_mutex_unlock(&lock);
    }
    return r;
}

/* Freeing VK_NULL_HANDLE frees nothing and leaves the count. */
static VKAPI_ATTR void VKAPI_CALL md_FreeMemory(VkDevice device, VkDeviceMemory memory,
                                                const VkAllocationCallbacks* allocator)
{
    md_device* dev = find_device(device);
    dev->FreeMemory(device, memory, allocator);
    if (memory == VK_NULL_HANDLE)
        return;
    pthread_mutex_lock(&lock);
    if (dev->live_allocations > 0)
        dev->live_allocations--;
    pthread_mutex_unlock(&lock);
}

static VKAPI_ATTR VkResult VKAPI_CALL md_CreateBuffer(VkDevice device, const VkBufferCreateInfo* info,
                                                      const VkAllocationCallbacks* allocator, VkBuffer* out)
{
    md_device* dev = find_device(device);
    if (info->size > MD_MAX_BUFFER_SIZE)
        return refuse("vkCreateBuffer", info->size, "maxBufferSize", MD_MAX_BUFFER_SIZE);
    return dev->CreateBuffer(device, info, allocator, out);
}

/* ---- the loader interface ------------------------------------------------------------------ */

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL md_GetDeviceProcAddr(VkDevice device, const char* name);
static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL md_GetInstanceProcAddr(VkInstance instance, const char* name);

static const struct {
    const char* name;
    PFN_vkVoidFunction fn;
} device_hooks[] =
    {
#define HOOK(name)                                \
    {                                             \
        "vk" #name, (PFN_vkVoidFunction)md_##name \
    }
        HOOK(GetDeviceProcAddr), HOOK(DestroyDevice), HOOK(AllocateMemory), HOOK(FreeMemory), HOOK(CreateBuffer),
},
  instance_hooks[] = {
      HOOK(DestroyInstance),
      HOOK(CreateDevice),
      HOOK(EnumerateDeviceExtensionProperties),
      HOOK(GetPhysicalDeviceProperties),
      HOOK(GetPhysicalDeviceProperties2),
      HOOK(GetPhysicalDeviceProperties2KHR),
      HOOK(GetPhysicalDeviceFeatures),
      HOOK(GetPhysicalDeviceFeatures2),
      HOOK(GetPhysicalDeviceFeatures2KHR),
#undef HOOK
};

#define FIND_HOOK(table, name)                                     \
    for (size_t i_ = 0; i_ < sizeof table / sizeof table[0]; i_++) \
        if (strcmp(table[i_].name, name) == 0)                     \
            return table[i_].fn;

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL md_GetDeviceProcAddr(VkDevice device, const char* name)
{
    FIND_HOOK(device_hooks, name)
    return find_device(device)->next_gdpa(device, name);
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL md_GetInstanceProcAddr(VkInstance instance, const char* name)
{
    if (strcmp(name, "vkGetInstanceProcAddr") == 0)
        return (PFN_vkVoidFunction)md_GetInstanceProcAddr;
    if (strcmp(name, "vkCreateInstance") == 0)
        return (PFN_vkVoidFunction)md_CreateInstance;
    /* A layer above asks for vkCreateDevice without an instance, as the loader's layer interface
     * shows it (the counting layer of tests/bench does); this one finds its instance by the
     * physical device. The validation layer above it answered for it before. */
    if (strcmp(name, "vkCreateDevice") == 0)
        return (PFN_vkVoidFunction)md_CreateDevice;
    if (!instance)
        return NULL;
    md_instance* inst = lookup_instance(instance);
    PFN_vkVoidFunction next = inst ? inst->next_gipa(instance, name) : NULL;
    if (!next)
        return NULL; /* a function the instance does not have stays absent */
    FIND_HOOK(instance_hooks, name)
    FIND_HOOK(device_hooks, name)
    return next;
}

EXPORT VKAPI_ATTR VkResult VKAPI_CALL vkNegotiateLoaderLayerInterfaceVersion(VkNegotiateLayerInterface* version)
{
    if (!version || version->sType != LAYER_NEGOTIATE_INTERFACE_STRUCT || version->loaderLayerInterfaceVersion < 2)
        return VK_ERROR_INITIALIZATION_FAILED;
    version->loaderLayerInterfaceVersion = 2;
    version->pfnGetInstanceProcAddr = md_GetInstanceProcAddr;
    version->pfnGetDeviceProcAddr = md_GetDeviceProcAddr;
    version->pfnGetPhysicalDeviceProcAddr = NULL;
    return VK_SUCCESS;
}
