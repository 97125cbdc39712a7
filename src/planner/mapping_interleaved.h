/* INTERLEAVED (src/planner/mapping_interleaved.c), deprecated. A mapping step (src/planner/planner.c, step 4)
 * receives the segments with their chunk, rows, base and row dimensions (innermost first) in
 * words, sets every segment's units and its own fields, and may reorder row dimensions (each
 * mapping's order is in shaders/split_abi.h). */
#ifndef VKSPLIT_MAPPING_INTERLEAVED_H
#define VKSPLIT_MAPPING_INTERLEAVED_H

#include "planner/geometry.h"

/* Each workgroup copies a tile of workgroup_size x invocation_bytes; bands. */
void vksplit__plan_interleaved(vksplit__geometry* g, const vksplit__planner_caps* caps);

#endif /* VKSPLIT_MAPPING_INTERLEAVED_H */
