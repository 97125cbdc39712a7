/* Result names, summaries, error filling and host allocation: the small shared pieces. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const char* vksplit_result_name(vksplit_result result)
{
    switch (result) {
#define VKSPLIT_X_NAME(name, value, summary) case name: return #name;
        VKSPLIT_RESULT_LIST(VKSPLIT_X_NAME)
#undef VKSPLIT_X_NAME
    default: return "VKSPLIT_UNKNOWN_RESULT";
    }
}

const char* vksplit_result_summary(vksplit_result result)
{
    switch (result) {
#define VKSPLIT_X_SUMMARY(name, value, summary) case name: return summary;
        VKSPLIT_RESULT_LIST(VKSPLIT_X_SUMMARY)
#undef VKSPLIT_X_SUMMARY
    default: return "unknown result";
    }
}

vksplit_result vksplit__fail(vksplit_error* error, vksplit_result code, const char* fmt, ...)
{
    if (error) {
        error->code = code;
        va_list args;
        va_start(args, fmt);
        vsnprintf(error->message, sizeof error->message, fmt, args);
        va_end(args);
    }
    return code;
}

vksplit_result vksplit__vk_fail(vksplit_error* error, const char* call, VkResult vr)
{
    return vksplit__fail(error, vr == VK_ERROR_OUT_OF_HOST_MEMORY || vr == VK_ERROR_OUT_OF_DEVICE_MEMORY
                                    ? VKSPLIT_ERROR_OUT_OF_MEMORY
                                    : VKSPLIT_ERROR_VULKAN,
                         "%s returned VkResult %d", call, (int)vr);
}

vksplit_result vksplit__ok(vksplit_error* error)
{
    if (error) {
        error->code = VKSPLIT_OK;
        error->message[0] = '\0';
    }
    return VKSPLIT_OK;
}

/* Alignment for every host allocation: enough for any scalar the library stores. */
#define VKSPLIT_HOST_ALIGNMENT 16u

void* vksplit__alloc(const VkAllocationCallbacks* callbacks, size_t size)
{
    if (size == 0)
        size = 1;
    void* memory = callbacks && callbacks->pfnAllocation
                       ? callbacks->pfnAllocation(callbacks->pUserData, size, VKSPLIT_HOST_ALIGNMENT,
                                                  VK_SYSTEM_ALLOCATION_SCOPE_OBJECT)
                       : malloc(size);
    if (memory)
        memset(memory, 0, size);
    return memory;
}

void* vksplit__alloc_array(const VkAllocationCallbacks* callbacks, size_t count, size_t element_size)
{
    if (element_size != 0 && count > SIZE_MAX / element_size)
        return NULL;
    return vksplit__alloc(callbacks, count * element_size);
}

void vksplit__free(const VkAllocationCallbacks* callbacks, void* memory)
{
    if (!memory)
        return;
    if (callbacks && callbacks->pfnFree)
        callbacks->pfnFree(callbacks->pUserData, memory);
    else
        free(memory);
}
