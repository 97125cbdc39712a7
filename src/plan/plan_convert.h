/* Plans that convert (vksplit_plan_options.convert; docs/conversions.md): the geometry
 * (src/geometry/convert_geometry.c) in a plan object, with its own pipeline, specialized to
 * its types. */
#ifndef VKSPLIT_PLAN_CONVERT_H
#define VKSPLIT_PLAN_CONVERT_H

#include "geometry/convert_geometry.h"
#include "plan/plan_state.h"

struct vksplit__convert_plan {
    vksplit__convert_geometry geo;
};

/* Plans a validated request (validated with an element size of 4) that converts. */
vksplit_result vksplit__plan_convert(vksplit_context* ctx, const vksplit__request* request,
                                     const vksplit_plan_options* options, vksplit_plan** out, vksplit_error* error);
/* plan->info and plan->label of a converting plan. */
void vksplit__describe_convert(vksplit_plan* plan);
void vksplit__convert_free(const VkAllocationCallbacks* callbacks, struct vksplit__convert_plan* convert);
/* The table's words (table_bytes) into out. */
void vksplit__write_convert_table(const struct vksplit__convert_plan* convert, uint32_t* out);

#endif /* VKSPLIT_PLAN_CONVERT_H */
