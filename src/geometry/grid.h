/* A plan's dispatches: which segments each one covers, its grid, and the numbers of the push
 * constants that let a workgroup find its work from its id (shaders/split_abi.h). Pure CPU:
 * the device's limits come in as numbers, so that the fuzzers hold every plan's grid and
 * packed shape word to the shader's reading of them (fuzz/check_plan.c). */
#ifndef VKSPLIT_GRID_H
#define VKSPLIT_GRID_H

#include "geometry/geometry.h"

/* What the grid depends on besides the geometry. */
typedef struct vksplit__grid_caps {
    uint32_t max_group_count[3]; /* maxComputeWorkGroupCount */
    vksplit_bool32 bda;          /* device addresses: one dispatch for every segment */
    uint32_t output_slots;       /* segments per dispatch without them */
    vksplit_bool32 arguments;    /* output addresses in per-recording arguments (FLAG_ARGUMENTS) */
} vksplit__grid_caps;

/* One vkCmdDispatch: segments [seg_first, seg_first + seg_count), workgroups from wg_base,
 * with the push constants that find a workgroup's segment (split_abi.h). */
typedef struct vksplit__dispatch {
    uint32_t seg_first;
    uint32_t seg_count;
    uint32_t wg_base;
    uint32_t grid_x;
    uint32_t grid_y;
    uint32_t grid_z;
    uint32_t shape;       /* grid_x | row dims | flags, packed by vksplit__pack_shape */
    uint32_t equal_units; /* units (workgroups) of every segment of this dispatch, or 0 */
} vksplit__dispatch;

typedef struct vksplit__grid {
    uint32_t dispatch_count;
    vksplit__dispatch* dispatches; /* [dispatch_count] */
    uint64_t workgroups;           /* sum of grid_x * grid_y * grid_z */
    uint32_t prefix1, prefix2;     /* FLAG_PREFIX: segments 1 and 2's first workgroups;
                                     * DEINTERLEAVE: its tiles and units */
} vksplit__grid;

/* The dispatches of a planned geometry. Fails with PLAN_WORKGROUP_COUNT where the device's
 * grid cannot hold them, with PLAN_SHAPE_FIELDS should a shape word's field overflow (never:
 * the grid's width is chosen within it), and on allocation; a failed grid holds nothing. */
vksplit_result vksplit__plan_grid(const vksplit__geometry* g, const vksplit__grid_caps* caps,
                                  const VkAllocationCallbacks* callbacks, vksplit__grid* grid, vksplit_error* error);
void vksplit__grid_free(const VkAllocationCallbacks* callbacks, vksplit__grid* grid);

/* The shape word of split_abi.h: the grid's width in bits 0-15, the row dimensions in 16-19,
 * the flags from 20 on. false, *shape untouched, when a value does not fit its field. */
bool vksplit__pack_shape(uint64_t grid_x, uint32_t row_dims, uint32_t flags, uint32_t* shape);

#endif /* VKSPLIT_GRID_H */
