/* TRANSPOSE (src/geometry/mapping_transpose.c), for outputs whose contiguous dimension is not the
 * input's. A mapping step (src/geometry/planner.c, step 4)
 * receives the segments with their chunk, rows, base and row dimensions (innermost first) in
 * words, sets every segment's units and its own fields, and may reorder row dimensions (each
 * mapping's order is in shaders/split_abi.h). */
#ifndef VKSPLIT_MAPPING_TRANSPOSE_H
#define VKSPLIT_MAPPING_TRANSPOSE_H

#include "geometry/geometry.h"

/* Fits when every row is one element that is one word (of at most 16 bytes), and every
 * segment has a row dimension contiguous in the input and another contiguous in the output;
 * worth_it also asks for tiles at least half full along both. */
bool vksplit__transpose_fits(const vksplit__geometry* g, bool worth_it);
/* Uses TRANSPOSE16 (16-byte loads and stores, 16-byte aligned bindings) where 4-byte
 * elements, the split's base alignment and every stride allow it. */
void vksplit__plan_transpose(vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment);

#endif /* VKSPLIT_MAPPING_TRANSPOSE_H */
