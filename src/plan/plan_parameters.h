/* Device parameters at plan time (vksplit_plan_options.device_parameters): what a plan made for
 * capacities adds to the plan object. Its geometry is the one planner's (src/geometry/planner.c
 * with src/geometry/mapping_device.c); here are its path, the block, the inline parts, the grid
 * the check rewrites each time it runs, and the check's pipeline and table. src/plan/plan.c
 * calls these at its steps; src/record/record_parameters.c records what they prepared. */
#ifndef VKSPLIT_PLAN_PARAMETERS_H
#define VKSPLIT_PLAN_PARAMETERS_H

#include "plan/plan_state.h"

/* The path a plan with device parameters takes: the compute path (PLAN_DEVICE_PATH where the
 * options ask for the transfer path: vkCmdCopyBuffer cannot read lengths the GPU wrote). */
vksplit_result vksplit__parameters_path(vksplit_path asked, vksplit_path* path, vksplit_error* error);

/* The non-empty parts whose addresses a dispatch finds in push constants: ABI_INLINE_OUTPUTS,
 * one fewer with device parameters (the block's address takes the tenth place). */
uint32_t vksplit__inline_parts(const vksplit_plan* plan);

/* After the grid (the capacities', bounding the actual one): each dispatch's shape at the widest
 * width its word holds, since the check writes the actual grid (vkCmdDispatchIndirect) and a
 * workgroup finds its segment in the check's prefix (no flag but the arguments'); the block's
 * bytes; the check's pipeline and the table it reads. A plan with nothing to copy (no grid)
 * takes the last two: every recording runs the check and writes the status. */
vksplit_result vksplit__plan_parameters(vksplit_plan* plan, vksplit_error* error);

#endif /* VKSPLIT_PLAN_PARAMETERS_H */
