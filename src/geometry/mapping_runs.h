/* RUNS (src/geometry/mapping_runs.c), the CPU device's mapping. A mapping step (src/geometry/planner.c, step 4)
 * receives the segments with their chunk, rows, base and row dimensions (innermost first) in
 * words, sets every segment's units and its own fields, and may reorder row dimensions (each
 * mapping's order is in shaders/split_abi.h). */
#ifndef VKSPLIT_MAPPING_RUNS_H
#define VKSPLIT_MAPPING_RUNS_H

#include "geometry/geometry.h"

/* Each invocation copies a run of about invocation_bytes. */
void vksplit__plan_runs(vksplit__geometry* g, const vksplit__planner_caps* caps);

#endif /* VKSPLIT_MAPPING_RUNS_H */
