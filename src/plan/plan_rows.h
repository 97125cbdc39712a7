/* Rows the GPU places at plan time (vksplit_plan_options.rows): what such a plan adds to the plan
 * object. Its geometry is src/geometry/mapping_rows.c's; here are the path, the one segment the
 * bindings' checks read, the copy's and the check's pipelines, the block and the table, and the
 * plan's account (vksplit_plan_info). src/plan/plan.c calls these; src/record/record_rows.c
 * records what they prepared. */
#ifndef VKSPLIT_PLAN_ROWS_H
#define VKSPLIT_PLAN_ROWS_H

#include "plan/plan_state.h"

/* Plans a validated request (capacities: no sum rule) with options.rows into plan (its ctx,
 * direction, part count and spans set). */
vksplit_result vksplit__plan_rows_object(vksplit_plan* plan, const vksplit__request* request,
                                         const vksplit_plan_options* options, vksplit_error* error);

/* Whether a recording of the plan records anything: a copy, or the check of GPU indices. */
bool vksplit__rows_records(const vksplit_plan* plan);

/* vksplit_plan_info for a rows plan. */
void vksplit__describe_rows(vksplit_plan* plan);

#endif /* VKSPLIT_PLAN_ROWS_H */
