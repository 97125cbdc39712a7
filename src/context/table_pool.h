/* The context's table pool: the parameter tables of every plan made from one context, in a few
 * host-visible allocations the context owns (src/context/table_pool.c), never one per plan:
 * Vulkan promises only 4096 allocations per device (maxMemoryAllocationCount), and an engine
 * makes a plan per layer and shape. */
#ifndef VKSPLIT_TABLE_POOL_H
#define VKSPLIT_TABLE_POOL_H

#include "context/context_state.h"

/* Bytes of the first block; each new block doubles the one before, up to the largest. A table
 * larger than the next block gets a block of its own size. */
#define VKSPLIT_POOL_FIRST_BLOCK_BYTES (256u << 10)
#define VKSPLIT_POOL_LARGEST_BLOCK_BYTES (16u << 20)

/* One table's range: where it lies, and where the host writes it. */
typedef struct vksplit__table_range {
    vksplit__table_block* block; /* NULL: no range */
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint64_t offset;         /* in buffer (and memory): a multiple of the pool's unit */
    uint64_t bytes;          /* a multiple of the pool's unit */
    uint8_t* mapped;         /* the range's first byte, mapped for as long as the block lives */
    VkDeviceAddress address; /* the range's first byte, with device addresses; else 0 */
} vksplit__table_range;

/* What every range's offset and size are a multiple of: 64 bytes, or the device's storage
 * offset alignment or non-coherent atom where larger (descriptor offsets and flushes). */
uint64_t vksplit__pool_unit(const vksplit_context* ctx);
/* A range of at least `bytes` (> 0). Safe from any number of threads at once; the Vulkan calls
 * of a new block run outside the pool's lock. */
vksplit_result vksplit__pool_take(vksplit_context* ctx, uint64_t bytes, vksplit__table_range* out,
                                  vksplit_error* error);
/* Makes the host's writes to the range visible to the device (a flush where the memory is not
 * host-coherent). */
vksplit_result vksplit__pool_flush(const vksplit_context* ctx, const vksplit__table_range* range, vksplit_error* error);
/* Gives a range back (NULL block: nothing). The GPU must be done with it. A block left empty is
 * freed unless it is the pool's only empty one. Safe from any thread. */
void vksplit__pool_give_back(vksplit_context* ctx, const vksplit__table_range* range);
/* Frees every block (context destruction: every plan is gone). */
void vksplit__pool_destroy(vksplit_context* ctx);

#endif /* VKSPLIT_TABLE_POOL_H */
