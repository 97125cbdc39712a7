/* The kernels of the one shader (shaders/split_abi.h MAPPING_*): which public mapping each
 * serves, which mappings a tuning may plan with, and which copy words each kernel is planned
 * with. The one table both the planner's mapping steps (which kernel and word a split gets)
 * and the pipeline set (which pipelines a context makes) read, so that every plan's kernel
 * and word has its pipeline. Pure. */
#ifndef VKSPLIT_KERNELS_H
#define VKSPLIT_KERNELS_H

#include "geometry/geometry.h"
#include "split_abi.h"

/* What a kernel's words depend on: the addressing, the widest word the tuning allows, and the
 * direction (a kernel without a join takes no word for one). */
typedef struct vksplit__kernel_caps {
    vksplit_bool32 bda;
    uint32_t max_word_bytes;
    vksplit__direction direction;
} vksplit__kernel_caps;

/* Whether a tuning's mapping may plan with `mapping` (BY_SHAPE chooses among TILES, TRANSPOSE
 * and DEINTERLEAVE; a forced TRANSPOSE or DEINTERLEAVE falls back to TILES). */
bool vksplit__mapping_allowed(vksplit_mapping tuned, vksplit_mapping mapping);
/* Whether a kernel is planned with a word under these caps (MAPPING_TILES_REALIGN: 4- and
 * 8-byte words on device addresses where 16-byte words are allowed, both directions;
 * MAPPING_TRANSPOSE16: 4-byte words, the same; DEINTERLEAVE: 16-byte words
 * there, 4-byte ones anywhere; ...): the table's word, addressing and directions columns. */
bool vksplit__kernel_takes_word(uint32_t kernel, uint32_t word_bytes, const vksplit__kernel_caps* caps);
/* The kernel table's view of a planner's caps: whether a mapping step may choose this kernel
 * for this word and direction. */
static inline bool vksplit__plans_kernel(const vksplit__planner_caps* caps, vksplit__direction direction,
                                         uint32_t kernel, uint32_t word_bytes)
{
    vksplit__kernel_caps k = {caps->bda, caps->max_word_bytes, direction};
    return vksplit__kernel_takes_word(kernel, word_bytes, &k);
}
/* The kernels of plans with device parameters (their copy and its check): any tuning plans
 * with them, and on the descriptor path their pipelines have a layout of their own. */
static inline bool vksplit__is_parameter_kernel(uint32_t kernel)
{
    return kernel == MAPPING_DEVICE || kernel == MAPPING_DEVICE_CHECK;
}
/* The kernels of rows the GPU places (their copy and its check): any tuning plans with them, and
 * on the descriptor path their pipelines have a layout of their own (the table a uniform
 * buffer; the whole, the part, the block and the indices). */
static inline bool vksplit__is_rows_kernel(uint32_t kernel)
{
    return kernel == MAPPING_ROWS || kernel == MAPPING_ROWS_CHECK;
}
/* The kernels a plan takes whatever the tuning's mapping: device parameters' and rows'. */
static inline bool vksplit__is_planned_kernel(uint32_t kernel)
{
    return vksplit__is_parameter_kernel(kernel) || vksplit__is_rows_kernel(kernel);
}
/* The public mapping a kernel serves (TILES for its realigned and wide kernels). */
vksplit_mapping vksplit__kernel_mapping(uint32_t kernel);
/* "tiles (realigned to 16 bytes)": for pipeline names and messages. */
const char* vksplit__kernel_name(uint32_t kernel);
/* The widest word src/geometry/shader_variants.h compiles for an addressing: the planner's limit. */
uint32_t vksplit__widest_variant_word(vksplit_bool32 bda);

#endif /* VKSPLIT_KERNELS_H */
