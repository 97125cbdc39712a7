/* DEINTERLEAVE (src/geometry/mapping_deinterleave.c), for short chunks. A mapping step (src/geometry/planner.c, step 4)
 * receives the segments with their chunk, rows, base and row dimensions (innermost first) in
 * words, sets every segment's units and its own fields, and may reorder row dimensions (each
 * mapping's order is in shaders/split_abi.h). */
#ifndef VKSPLIT_MAPPING_DEINTERLEAVE_H
#define VKSPLIT_MAPPING_DEINTERLEAVE_H

#include "geometry/geometry.h"

/* Fits when the input's rows are contiguous and hold every segment's chunk in turn (whole
 * 32-bit words), every output's rows are contiguous, at least four rows fit the workgroup
 * memory, and one dispatch takes every segment. */
bool vksplit__deinterleave_fits(const vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment);
/* Changes the word to 16 bytes (4 where the bindings' alignment or addressing asks) and the
 * segments' chunks to uint32 words. */
void vksplit__plan_deinterleave(vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment);

#endif /* VKSPLIT_MAPPING_DEINTERLEAVE_H */
