/* Device parameters at plan time, in the planner (src/geometry/planner.c): the steps a plan made
 * for capacities takes where others take theirs. The planner cuts it as every plan (the parts
 * that hold elements, sizes of 1 dropped, neighbours coalesced, rows and their dimensions),
 * its chunk the axis (with the dimensions after it) held to the whole's capacity; these pick
 * its word and give each segment the work of the device copy (shaders/copy_device.glsl). */
#ifndef VKSPLIT_MAPPING_DEVICE_H
#define VKSPLIT_MAPPING_DEVICE_H

#include "geometry/geometry.h"

/* The rules the lengths' coming from the GPU adds, checked before the planner's steps, and the
 * copy word (its step 3): the axis and the dimensions after it packed, the axis's stride their
 * extent, in the whole and every part that holds elements (PLAN_DEVICE_LAYOUT); the widest word
 * of 16, 8 and 4 bytes that divides the step along the axis, every stride before it and the
 * request's base alignment, within the caps (PLAN_DEVICE_STEP: a 4-byte one is the least). A
 * message names the tensor and the values. */
vksplit_result vksplit__device_word(const vksplit__request* request, const vksplit__planner_caps* caps,
                                    uint32_t* word_bytes, vksplit_error* error);

/* The mapping step (the planner's step 4) for the segments planned in words: each lane's trips
 * of ABI_UNROLL words (about invocation_bytes), the tile a workgroup copies, the bound on the
 * whole's capacity in words (PLAN_DEVICE_CAPACITY: it and a tile below 2^32), each segment's
 * tiles per row and units (rows x tiles), and the capacities the check holds the values to
 * (every part's, saturated at 2^32 - 1, then the whole's). Fails also on allocation. */
vksplit_result vksplit__plan_device(const vksplit__request* request, const vksplit__planner_caps* caps,
                                    const VkAllocationCallbacks* callbacks, vksplit__geometry* geometry,
                                    vksplit_error* error);

#endif /* VKSPLIT_MAPPING_DEVICE_H */
