/* Plans whose lengths and offsets along the axis the GPU writes (src/geometry/mapping_device.c):
 * the geometry of a split or join made for capacities, for the DEVICE kernel
 * (shaders/copy_device.glsl). Not a step of the planner's: its own, simpler geometry, whose
 * units stay right for every length within the capacities. */
#ifndef VKSPLIT_MAPPING_DEVICE_H
#define VKSPLIT_MAPPING_DEVICE_H

#include "geometry/geometry.h"

/* Every part's rows (the dimensions before the axis, each a row dimension) of one chunk: its
 * capacity times the words of one step along the axis (the dimensions after it, which must be
 * packed, with the axis's stride their extent, in the whole and every part). The word: the
 * widest of 16, 8 and 4 bytes that divides the step, every stride of a row dimension and the
 * split's base alignment. Fails with PLAN_DEVICE_LAYOUT, PLAN_DEVICE_STEP or
 * PLAN_DEVICE_CAPACITY (names the tensor and the values), or on allocation. */
vksplit_result vksplit__plan_device(const vksplit__request* split, const vksplit__planner_caps* caps,
                                    const VkAllocationCallbacks* callbacks, vksplit__geometry* geometry,
                                    vksplit_error* error);

#endif /* VKSPLIT_MAPPING_DEVICE_H */
