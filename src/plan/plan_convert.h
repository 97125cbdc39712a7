/* Plans that convert (vksplit_plan_options.convert; docs/conversions.md): the geometry
 * (src/geometry/convert_geometry.c) in a plan object, with the pipeline specialized to its
 * types and steps (the context's, shared by its plans of that spec: context/plan_pipelines.h). */
#ifndef VKSPLIT_PLAN_CONVERT_H
#define VKSPLIT_PLAN_CONVERT_H

#include "geometry/convert_geometry.h"
#include "plan/plan_state.h"

struct vksplit__convert_plan {
    vksplit__convert_geometry geo;
    /* Device parameters: the plain plan of the same request whose check (device_check.glsl) a
     * recording records first; its table lies first in this plan's range, this plan's after it
     * (at table_at). NULL otherwise. */
    vksplit_plan* shadow;
    uint64_t table_at;
    /* Rows: the rows plan of the same request (rows_shadow), for its check of GPU indices (a
     * pass the recording records first) and its host places (normalized, after this plan's
     * segments in its table, at places_at). NULL otherwise. */
    vksplit_plan* rows_shadow;
    uint64_t places_at;
    vksplit_bool32 fused; /* its few GPU indices checked by the copy itself: no check pass */
};

/* Plans a validated request (validated with an element size of 4) that converts, taking the
 * plain plans of the same request its checks come from (device: with device parameters; rows:
 * with rows by index; else NULL; src/plan/plan.c makes them): the plan owns them from its
 * creation on, and where none is made (*out NULL) the caller keeps them. */
vksplit_result vksplit__plan_convert(vksplit_context* ctx, const vksplit__request* request,
                                     const vksplit_plan_options* options, vksplit_plan* device, vksplit_plan* rows,
                                     vksplit_plan** out, vksplit_error* error);
/* plan->info and plan->label of a converting plan. */
void vksplit__describe_convert(vksplit_plan* plan);
void vksplit__convert_free(const VkAllocationCallbacks* callbacks, struct vksplit__convert_plan* convert);
/* The table's words (table_bytes) into out. */
void vksplit__write_convert_table(const struct vksplit__convert_plan* convert, uint32_t* out);

#endif /* VKSPLIT_PLAN_CONVERT_H */
