/* The runner's buffers (src/runner/buffers.c): tensors, staging and arguments, each a buffer
 * in memory of its own, and the arena that packs many tensors into few of them. */
#ifndef VKSPLIT_RUNNER_BUFFERS_H
#define VKSPLIT_RUNNER_BUFFERS_H

#include "runner_internal.h"

/* Creates a buffer of `usage` in memory type `type` (mapped when map is set). */
vksplit_result vksplit__runner_create_buffer(vksplit_runner* runner, VkDeviceSize size, VkBufferUsageFlags usage,
                                             uint32_t type, vksplit_bool32 map, vksplit_runner_buffer* out,
                                             vksplit_error* error);

/* Tensors packed into buffers within the device's limits: a split's outputs, a join's inputs.
 * The caller fills spans[i], the bytes tensor i spans; vksplit__runner_arena_place packs them
 * in order, each whole in one buffer at a multiple of VKSPLIT__ARENA_ALIGNMENT, into a new
 * buffer when the current one cannot take it within max_buffer_bytes; an empty tensor takes
 * no room (it is bound at offset 0 of the current buffer). One host allocation holds the
 * arrays, each of the tensor count (at most one buffer per tensor). */
#define VKSPLIT__ARENA_ALIGNMENT 256u /* what an engine's allocator gives; a multiple of every copy word */

typedef struct vksplit__runner_arena {
    uint32_t tensors;
    uint32_t count;                 /* buffers, once placed */
    vksplit_runner_buffer* buffers; /* [count] created by vksplit__runner_arena_create; zeroed until then */
    vksplit_binding* bindings;      /* [tensors] tensor i's buffer and offset, once created */
    uint64_t* spans;                /* [tensors] the caller's */
    uint64_t* sizes;                /* [count] each buffer's */
    uint64_t* offsets;              /* [tensors] */
    uint32_t* buffer_of;            /* [tensors] */
} vksplit__runner_arena;

/* The arrays for n tensors (n <= 65536), spans zeroed; false when the host allocation fails
 * (*a is then zeroed, and vksplit__runner_arena_free accepts it). */
bool vksplit__runner_arena_alloc(const vksplit_runner* runner, uint32_t n, vksplit__runner_arena* a);
/* Packs the tensors; returns their count when they fit, else the index of the first one that
 * is larger than a buffer (nothing is created either way). */
uint32_t vksplit__runner_arena_place(const vksplit_runner* runner, vksplit__runner_arena* a);
/* Creates the placed buffers and fills the bindings. */
vksplit_result vksplit__runner_arena_create(vksplit_runner* runner, vksplit__runner_arena* a, vksplit_error* error);
/* Destroys the buffers and frees the arrays. */
void vksplit__runner_arena_free(vksplit_runner* runner, vksplit__runner_arena* a);

#endif /* VKSPLIT_RUNNER_BUFFERS_H */
