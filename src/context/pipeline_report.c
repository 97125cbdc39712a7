/* The pipelines' report to a tool (pipeline_report.h). */
#include "context/pipeline_report.h"

void vksplit__report_pipeline(const vksplit_context* ctx, VkPipeline pipeline, const vksplit__spirv_blob* module,
                              vksplit__direction direction)
{
    if (ctx->pipeline_created)
        ctx->pipeline_created(ctx->pipeline_created_user, pipeline, module->name, vksplit__words(direction)->operation);
}
