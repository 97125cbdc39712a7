/* The context's pipelines (src/context/pipelines.c). */
#ifndef VKSPLIT_PIPELINES_H
#define VKSPLIT_PIPELINES_H

#include "context/context_state.h"

/* The pipeline layout (and, on the descriptor path, the push-descriptor set layout). */
vksplit_result vksplit__create_layouts(vksplit_context* ctx, vksplit_error* error);
/* Every pipeline of the context's directions, mappings and words, specialized by its tuning (unless the
 * context defers them: vksplit__pipeline_for, below, then makes each when first needed). */
vksplit_result vksplit__create_pipelines(vksplit_context* ctx, vksplit_error* error);
/* The pipeline for a plan's kernel (split_abi.h MAPPING_*), copy word and direction (a join's
 * or a split's): created now where the context defers its pipelines and this one does not
 * exist yet. */
vksplit_result vksplit__pipeline_for(vksplit_context* ctx, uint32_t kernel, uint32_t word_bytes,
                                     vksplit__direction direction, VkPipeline* out, vksplit_error* error);
/* A rows plan's copy pipeline on a CPU device, specialized to its shape (split_abi.h
 * ROWS_SHAPE: its flags and outer dimensions, so that llvmpipe, which runs every branch, runs
 * only the plan's): made by the context's first plan of that shape, shared by the later ones
 * (plan_pipelines.h), destroyed with the context. */
vksplit_result vksplit__rows_pipeline(vksplit_context* ctx, uint32_t word_bytes, vksplit__direction direction,
                                      uint32_t shape, VkPipeline* out, vksplit_error* error);
/* The pipeline layout a kernel's pipelines use (and its recordings push with): the context's,
 * or, on the descriptor path, the one with a binding for device parameters. */
VkPipelineLayout vksplit__layout_for(const vksplit_context* ctx, uint32_t kernel);
/* Whether this build embeds any module for an addressing (VKSPLIT_ADDRESSING, CMake). */
bool vksplit__embeds_addressing(vksplit_bool32 bda);
/* Pipelines and layouts; accepts a context whose creation stopped half-way. */
void vksplit__destroy_pipelines(vksplit_context* ctx);

#endif /* VKSPLIT_PIPELINES_H */
