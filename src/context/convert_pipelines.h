/* The converting copy's layouts and pipelines (shaders/convert.comp): a layout per context,
 * a pipeline per spec, specialized to a plan's types and steps (convert_abi.h's CSPEC_*). */
#ifndef VKSPLIT_CONVERT_PIPELINES_H
#define VKSPLIT_CONVERT_PIPELINES_H

#include "context/context_state.h"
#include "rules/request.h"

/* The specialization a plan asks for, in CSPEC_* order. */
typedef struct vksplit__convert_spec {
    uint32_t workgroup_size, src, dst, no_saturate, scale, contig, unroll, device, rows, trips;
} vksplit__convert_spec;

/* The pipeline layout (and on the descriptor path its push-descriptor set layout). */
vksplit_result vksplit__create_convert_layouts(vksplit_context* ctx, vksplit_error* error);
void vksplit__destroy_convert_layouts(vksplit_context* ctx);
/* The pipeline of a plan's spec: made by the context's first plan of that spec and direction,
 * at plan creation, never while recording; later plans share it (plan_pipelines.h). */
vksplit_result vksplit__convert_pipeline(vksplit_context* ctx, vksplit__direction direction,
                                         const vksplit__convert_spec* spec, VkPipeline* out, vksplit_error* error);

#endif /* VKSPLIT_CONVERT_PIPELINES_H */
