/* Helpers shared by every source file of the library AND by the runner: errors, checked
 * arithmetic, host allocation through VkAllocationCallbacks, memory-type search.
 *
 * They are static inline on purpose: the runner is a separate library (it links the Vulkan
 * loader; the core does not), and in a shared build the core exports no internal symbols,
 * so both targets compile these few lines from this one source instead of keeping copies. */
#ifndef VKSPLIT_INTERNAL_H
#define VKSPLIT_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/portable.h"
#include "vksplit/vksplit.h"

/* ---- errors -------------------------------------------------------------------------------- */

/* Every failure goes through VKSPLIT__FAIL(error, NAME, values...) (VKSPLIT__FAIL0 when the
 * message has no values): it fills *error (when not NULL) with the rule's code, its message
 * and VKSPLIT_RULE_<NAME>, and returns the code. The rule's format lives in vksplit/rules.h; the
 * sizeof below has the compiler check the values against it (unevaluated: no code, no data). */
#define VKSPLIT_X_RULE_FORMAT(name, number, result, format) static const char vksplit__format_##name[] = format;
VKSPLIT_RULE_LIST(VKSPLIT_X_RULE_FORMAT)
#undef VKSPLIT_X_RULE_FORMAT

static inline int vksplit__format_check(const char* fmt, ...) VKSPLIT_PRINTF(1, 2);
static inline int vksplit__format_check(const char* fmt, ...)
{
    (void)fmt;
    return 0;
}

static inline vksplit_result vksplit__fail_rule(vksplit_error* error, vksplit_rule rule, ...)
{
    vksplit_result code = vksplit_rule_result(rule);
    if (error) {
        error->code = code;
        error->rule = rule;
        va_list args;
        va_start(args, rule);
#if defined(__GNUC__) || defined(__clang__)
#    pragma GCC diagnostic push
#    pragma GCC diagnostic ignored "-Wformat-nonliteral" /* checked at each call site, see above */
#endif
        vsnprintf(error->message, sizeof error->message, vksplit_rule_format(rule), args);
#if defined(__GNUC__) || defined(__clang__)
#    pragma GCC diagnostic pop
#endif
        va_end(args);
    }
    return code;
}

#define VKSPLIT__FAIL(error, name, ...)                                       \
    ((void)sizeof vksplit__format_check(vksplit__format_##name, __VA_ARGS__), \
     vksplit__fail_rule((error), VKSPLIT_RULE_##name, __VA_ARGS__))
#define VKSPLIT__FAIL0(error, name) \
    ((void)sizeof vksplit__format_check(vksplit__format_##name), vksplit__fail_rule((error), VKSPLIT_RULE_##name))

/* A failed Vulkan call: VKSPLIT_ERROR_OUT_OF_MEMORY for the out-of-memory results,
 * VKSPLIT_ERROR_DEVICE_LOST for a lost device, VKSPLIT_ERROR_VULKAN otherwise. */
static inline vksplit_result vksplit__vk_fail(vksplit_error* error, const char* call, VkResult vr)
{
    if (vr == VK_ERROR_OUT_OF_HOST_MEMORY || vr == VK_ERROR_OUT_OF_DEVICE_MEMORY)
        return VKSPLIT__FAIL(error, VULKAN_OUT_OF_MEMORY, call, (int)vr);
    if (vr == VK_ERROR_DEVICE_LOST)
        return VKSPLIT__FAIL(error, VULKAN_DEVICE_LOST, call, (int)vr);
    return VKSPLIT__FAIL(error, VULKAN_CALL, call, (int)vr);
}

/* Marks *error as success (when not NULL); returns VKSPLIT_OK. */
static inline vksplit_result vksplit__ok(vksplit_error* error)
{
    if (error) {
        error->code = VKSPLIT_OK;
        error->message[0] = '\0';
        error->rule = VKSPLIT_RULE_NONE;
    }
    return VKSPLIT_OK;
}

/* ---- checked 64-bit arithmetic: false on wrap-around, *out untouched then ------------------- */

static inline bool vksplit__mul_u64(uint64_t a, uint64_t b, uint64_t* out)
{
    if (a != 0 && b > UINT64_MAX / a)
        return false;
    *out = a * b;
    return true;
}
static inline bool vksplit__add_u64(uint64_t a, uint64_t b, uint64_t* out)
{
    if (b > UINT64_MAX - a)
        return false;
    *out = a + b;
    return true;
}
static inline bool vksplit__is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }
static inline uint64_t vksplit__min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t vksplit__div_up(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/* ---- host allocation: the caller's VkAllocationCallbacks, or malloc/free; zeroed ------------ */

/* Enough alignment for any scalar the library stores. */
#define VKSPLIT_HOST_ALIGNMENT 16u

static inline void* vksplit__alloc(const VkAllocationCallbacks* callbacks, size_t size)
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

static inline void* vksplit__alloc_array(const VkAllocationCallbacks* callbacks, size_t count, size_t element_size)
{
    if (element_size != 0 && count > SIZE_MAX / element_size)
        return NULL;
    return vksplit__alloc(callbacks, count * element_size);
}

static inline void vksplit__free(const VkAllocationCallbacks* callbacks, void* memory)
{
    if (!memory)
        return;
    if (callbacks && callbacks->pfnFree)
        callbacks->pfnFree(callbacks->pUserData, memory);
    else
        free(memory);
}

/* ---- memory types ----------------------------------------------------------------------------- */

/* A memory type allowed by type_bits with every flag of `required`, preferring one that also
 * has every flag of `preferred` and none of `avoided`; UINT32_MAX if none has `required`. */
static inline uint32_t vksplit__find_memory_type(const VkPhysicalDeviceMemoryProperties* memory, uint32_t type_bits,
                                                 VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred,
                                                 VkMemoryPropertyFlags avoided)
{
    uint32_t fallback = UINT32_MAX;
    for (uint32_t i = 0; i < memory->memoryTypeCount; i++) {
        VkMemoryPropertyFlags flags = memory->memoryTypes[i].propertyFlags;
        if (!(type_bits & (1u << i)) || (flags & required) != required)
            continue;
        if ((flags & preferred) == preferred && !(flags & avoided))
            return i;
        if (fallback == UINT32_MAX)
            fallback = i;
    }
    return fallback;
}

#endif /* VKSPLIT_INTERNAL_H */
