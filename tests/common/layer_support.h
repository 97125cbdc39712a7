/* What the tests' own Vulkan layers share (tests/min_device/layer.c, tests/bench/count_layer.c):
 * the loader's link to the next layer in vkCreateInstance's and vkCreateDevice's chains (the
 * layer interface, version 2), and fixed tables of their instances and devices by dispatch
 * key, which threads may create and use at once. */
#ifndef VKSPLIT_TEST_LAYER_SUPPORT_H
#define VKSPLIT_TEST_LAYER_SUPPORT_H

#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include <vulkan/vk_layer.h>
#include <vulkan/vulkan.h>

/* The loader's dispatch table pointer: the same for an instance and its physical devices, and
 * for a device and its queues and command buffers. */
static inline void* layer_dispatch_key(const void* handle) { return *(void* const*)handle; }

/* The next layer's vkGetInstanceProcAddr, from the link the loader put in vkCreateInstance's
 * chain, which it then advances for the next layer; NULL when there is no link. */
static inline PFN_vkGetInstanceProcAddr layer_link_instance(const VkInstanceCreateInfo* info)
{
    VkLayerInstanceCreateInfo* chain = (VkLayerInstanceCreateInfo*)info->pNext;
    while (chain &&
           !(chain->sType == VK_STRUCTURE_TYPE_LOADER_INSTANCE_CREATE_INFO && chain->function == VK_LAYER_LINK_INFO))
        chain = (VkLayerInstanceCreateInfo*)chain->pNext;
    if (!chain)
        return NULL;
    PFN_vkGetInstanceProcAddr gipa = chain->u.pLayerInfo->pfnNextGetInstanceProcAddr;
    chain->u.pLayerInfo = chain->u.pLayerInfo->pNext;
    return gipa;
}

/* The same from vkCreateDevice's chain, with the next layer's vkGetDeviceProcAddr in *gdpa. */
static inline PFN_vkGetInstanceProcAddr layer_link_device(const VkDeviceCreateInfo* info, PFN_vkGetDeviceProcAddr* gdpa)
{
    VkLayerDeviceCreateInfo* chain = (VkLayerDeviceCreateInfo*)info->pNext;
    while (chain &&
           !(chain->sType == VK_STRUCTURE_TYPE_LOADER_DEVICE_CREATE_INFO && chain->function == VK_LAYER_LINK_INFO))
        chain = (VkLayerDeviceCreateInfo*)chain->pNext;
    if (!chain)
        return NULL;
    PFN_vkGetInstanceProcAddr gipa = chain->u.pLayerInfo->pfnNextGetInstanceProcAddr;
    *gdpa = chain->u.pLayerInfo->pfnNextGetDeviceProcAddr;
    chain->u.pLayerInfo = chain->u.pLayerInfo->pNext;
    return gipa;
}

/* `count` objects of `size` bytes each, every one a struct whose first member is its dispatch
 * key (`void* key`, NULL in a free slot), guarded by `lock`. */
typedef struct layer_table {
    pthread_mutex_t* lock;
    void* slots;
    size_t size;
    size_t count;
} layer_table;

static inline void** layer_slot_key(const layer_table* t, size_t i) { return (void**)((char*)t->slots + i * t->size); }

/* The object of `handle`'s dispatch key; NULL where this layer did not create it. */
static inline void* layer_find(const layer_table* t, const void* handle)
{
    void* key = layer_dispatch_key(handle);
    void* found = NULL;
    pthread_mutex_lock(t->lock);
    for (size_t i = 0; i < t->count && !found; i++)
        if (*layer_slot_key(t, i) == key)
            found = layer_slot_key(t, i);
    pthread_mutex_unlock(t->lock);
    return found;
}

/* Copies `object` (its key set) into a free slot; false when the table is full. */
static inline int layer_store(const layer_table* t, const void* object)
{
    int stored = 0;
    pthread_mutex_lock(t->lock);
    for (size_t i = 0; i < t->count && !stored; i++)
        if (!*layer_slot_key(t, i)) {
            memcpy(layer_slot_key(t, i), object, t->size);
            stored = 1;
        }
    pthread_mutex_unlock(t->lock);
    return stored;
}

/* Frees the slot of `object`, one layer_find returned. */
static inline void layer_forget(const layer_table* t, void* object)
{
    pthread_mutex_lock(t->lock);
    memset(object, 0, t->size);
    pthread_mutex_unlock(t->lock);
}

#endif /* VKSPLIT_TEST_LAYER_SUPPORT_H */
