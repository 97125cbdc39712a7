/* The planner: a validated split -> rows of contiguous chunks, the copy word, the mapping,
 * the work of every invocation or workgroup, and the parameter table the shader reads. Pure
 * CPU. The steps are src/geometry/planner.c (shape, word, mapping, workgroup prefix), one file per
 * mapping (src/geometry/mapping_*.c) and src/geometry/traffic.c (the plan's own account of its memory
 * traffic); src/geometry/table.c then writes the table the shader reads. */
#ifndef VKSPLIT_PLANNER_H
#define VKSPLIT_PLANNER_H

#include "geometry/geometry.h"

/* Plans a validated split (nothing is checked again). Allocates segments and dims; fails only
 * on the planner's own limits (2^32-1 rows, words, units or workgroups) and allocation. */
vksplit_result vksplit__plan_geometry(const vksplit__request* split, const vksplit__planner_caps* caps,
                                      const VkAllocationCallbacks* callbacks, vksplit__geometry* geometry,
                                      vksplit_error* error);
void vksplit__geometry_free(const VkAllocationCallbacks* callbacks, vksplit__geometry* geometry);

/* The binding alignment a plan with this word needs: min(word, 16) with device addresses
 * (what the shader declares), the word itself with descriptors. */
uint32_t vksplit__offset_alignment(uint32_t word_bytes, vksplit_bool32 bda);

#endif /* VKSPLIT_PLANNER_H */
