/* Tells a tool which SPIR-V module and direction each pipeline comes from
 * (vksplit_context_desc.pipeline_created): the one call every site that creates a pipeline
 * makes (src/context/pipelines.c, src/context/convert_pipelines.c). */
#ifndef VKSPLIT_PIPELINE_REPORT_H
#define VKSPLIT_PIPELINE_REPORT_H

#include "context/context_state.h"
#include "context/spirv_unpack.h"

/* Once per pipeline the context keeps or hands to a plan, right after its creation, on the
 * creating thread; nothing where no callback was given. A pipeline made and destroyed at once
 * (the loser of a creation race) is never reported: what a tool is told is what exists. */
void vksplit__report_pipeline(const vksplit_context* ctx, VkPipeline pipeline, const vksplit__spirv_blob* module,
                              vksplit__direction direction);

#endif /* VKSPLIT_PIPELINE_REPORT_H */
