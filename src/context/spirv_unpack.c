/* See spirv_unpack.h. */
#include "context/spirv_unpack.h"

#include "base/inflate.h"
#include "base/internal.h"

vksplit_result vksplit__unpack_spirv(const vksplit__spirv_blob* blob, const char* name,
                                     const VkAllocationCallbacks* callbacks, uint32_t** words, vksplit_error* error)
{
    *words = NULL;
    /* uint32_t-aligned, as vkCreateShaderModule's pCode must be: the allocator's alignment */
    uint32_t* unpacked = vksplit__alloc(callbacks, blob->size);
    if (!unpacked)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_SPIRV, (unsigned long long)blob->size, name);
    if (!vksplit__inflate(blob->deflated, blob->deflated_size, (uint8_t*)unpacked, blob->size) ||
        vksplit__crc32((const uint8_t*)unpacked, blob->size) != blob->crc32) {
        vksplit__free(callbacks, unpacked);
        return VKSPLIT__FAIL(error, CONTEXT_SPIRV_DAMAGED, name, (unsigned long long)blob->size, blob->crc32);
    }
    *words = unpacked;
    return VKSPLIT_OK;
}
