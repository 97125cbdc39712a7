/* The context's pipelines (src/pipelines.c). */
#ifndef VKSPLIT_PIPELINES_H
#define VKSPLIT_PIPELINES_H

#include "context.h"

/* The widest word src/shader_variants.h lists for an addressing: the planner's limit. */
uint32_t vksplit__widest_variant_word(vksplit_bool32 bda);
/* The pipeline layout (and, on the descriptor path, the push-descriptor set layout). */
vksplit_result vksplit__create_layouts(vksplit_context* ctx, vksplit_error* error);
/* Every pipeline of the context's mappings and words, specialized by its tuning (unless the
 * context defers them: vksplit__pipeline_for, context.h, then makes each when first needed). */
vksplit_result vksplit__create_pipelines(vksplit_context* ctx, vksplit_error* error);
/* Pipelines and layouts; accepts a context whose creation stopped half-way. */
void vksplit__destroy_pipelines(vksplit_context* ctx);

#endif /* VKSPLIT_PIPELINES_H */
