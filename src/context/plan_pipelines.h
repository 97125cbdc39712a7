/* Pipelines specialized to a plan's shape (a converting copy's types and steps, a CPU
 * device's rows copy), shared by every plan of the context specialized alike: the first plan
 * that needs one makes it, later ones find it, the context destroys it. An engine's plan per
 * layer then compiles once per shape, not once per layer (a driver without a warm pipeline
 * cache takes 16-96 ms a pipeline, docs/api.md). */
#ifndef VKSPLIT_PLAN_PIPELINES_H
#define VKSPLIT_PLAN_PIPELINES_H

#include "context/context_state.h"

/* What a pipeline is specialized to: words[0] the kind of plan, then its direction and its
 * constants, the words past them 0. */
enum { VKSPLIT__PLAN_PIPELINE_CONVERT = 1, VKSPLIT__PLAN_PIPELINE_ROWS = 2 };
#define VKSPLIT_PLAN_PIPELINE_WORDS 12
typedef struct vksplit__plan_pipeline_key {
    uint32_t words[VKSPLIT_PLAN_PIPELINE_WORDS];
} vksplit__plan_pipeline_key;

/* The context's pipeline for `key`, or VK_NULL_HANDLE where no plan has made it yet. */
VkPipeline vksplit__find_plan_pipeline(vksplit_context* ctx, const vksplit__plan_pipeline_key* key);

/* Keeps `made` for `key` and sets *kept: *out is `made`; or, where another thread kept one for
 * the same key first, destroys `made` and *out is that one (*kept false). A failed allocation
 * destroys `made` too and fails by HOST_ALLOCATION_PLAN. */
vksplit_result vksplit__keep_plan_pipeline(vksplit_context* ctx, const vksplit__plan_pipeline_key* key, VkPipeline made,
                                           VkPipeline* out, vksplit_bool32* kept, vksplit_error* error);

/* With the context: every pipeline kept. */
void vksplit__destroy_plan_pipelines(vksplit_context* ctx);

#endif /* VKSPLIT_PLAN_PIPELINES_H */
