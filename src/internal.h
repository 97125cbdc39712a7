/* Internal helpers shared by every source file: errors, checked arithmetic, allocation. */
#ifndef VKSPLIT_INTERNAL_H
#define VKSPLIT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vksplit/vksplit.h"

#if defined(__GNUC__) || defined(__clang__)
#  define VKSPLIT_PRINTF(fmt_index, first_arg) __attribute__((format(printf, fmt_index, first_arg)))
#else
#  define VKSPLIT_PRINTF(fmt_index, first_arg)
#endif

/* Fills *error (when not NULL) with code and the formatted one-line message; returns code.
 * Every validation failure goes through here, so each message names field and values. */
vksplit_result vksplit__fail(vksplit_error* error, vksplit_result code, const char* fmt, ...) VKSPLIT_PRINTF(3, 4);
/* A failed Vulkan call as an error: VKSPLIT_ERROR_OUT_OF_MEMORY for the out-of-memory
 * results, VKSPLIT_ERROR_VULKAN otherwise, naming the call and the VkResult. */
vksplit_result vksplit__vk_fail(vksplit_error* error, const char* call, VkResult vr);
/* Marks *error as success (when not NULL); returns VKSPLIT_OK. */
vksplit_result vksplit__ok(vksplit_error* error);

/* Checked 64-bit arithmetic: false on wrap-around, *out untouched then. */
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

/* Host allocation through the caller's VkAllocationCallbacks, or malloc/free. Zeroed. */
struct VkAllocationCallbacks;
void* vksplit__alloc(const VkAllocationCallbacks* callbacks, size_t size);
void* vksplit__alloc_array(const VkAllocationCallbacks* callbacks, size_t count, size_t element_size);
void vksplit__free(const VkAllocationCallbacks* callbacks, void* memory);

#endif /* VKSPLIT_INTERNAL_H */
