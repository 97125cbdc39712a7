/* The embedded SPIR-V as the build stores it (cmake/embed_spirv.cmake writes one
 * vksplit__spirv_blob per module), and its unpacking into the words vkCreateShaderModule
 * takes (src/context/spirv_unpack.c). */
#ifndef VKSPLIT_SPIRV_UNPACK_H
#define VKSPLIT_SPIRV_UNPACK_H

#include <stddef.h>
#include <stdint.h>

#include "vksplit/vksplit.h"

typedef struct vksplit__spirv_blob {
    const uint8_t* deflated; /* a raw DEFLATE stream (RFC 1951) */
    size_t deflated_size;
    size_t size;    /* bytes of SPIR-V it unpacks to, a multiple of 4 */
    uint32_t crc32; /* of those bytes, from gzip's trailer */
    /* The module's name as the build writes its .spv (build/shaders/NAME.spv, without the
     * extension): what vksplit_context_desc.pipeline_created tells a tool. */
    const char* name;
} vksplit__spirv_blob;

/* The module's SPIR-V in new memory from the callbacks (free it with vksplit__free), or a
 * failure: HOST_ALLOCATION_SPIRV, or CONTEXT_SPIRV_DAMAGED where the stream does not unpack
 * to the size and CRC-32 the build recorded. `name` is for the message. */
vksplit_result vksplit__unpack_spirv(const vksplit__spirv_blob* blob, const char* name,
                                     const VkAllocationCallbacks* callbacks, uint32_t** words, vksplit_error* error);

#endif /* VKSPLIT_SPIRV_UNPACK_H */
