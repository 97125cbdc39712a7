/* Device parameters at plan time (plan_parameters.h). */
#include "plan/plan_parameters.h"

#include "context/pipelines.h"
#include "split_abi.h"

vksplit_result vksplit__parameters_path(vksplit_path asked, vksplit_path* path, vksplit_error* error)
{
    if (asked == VKSPLIT_PATH_TRANSFER)
        return VKSPLIT__FAIL0(error, PLAN_DEVICE_PATH);
    *path = VKSPLIT_PATH_COMPUTE;
    return VKSPLIT_OK;
}

uint32_t vksplit__inline_parts(const vksplit_plan* plan)
{
    return plan->device_parameters ? DEVICE_INLINE_OUTPUTS : ABI_INLINE_OUTPUTS;
}

/* Each dispatch's shape for the grid the check writes. */
static vksplit_result indirect_shapes(vksplit_plan* plan, vksplit_error* error)
{
    const vksplit_context* ctx = plan->ctx;
    uint32_t width = ctx->max_group_count[0] < SHAPE_GRID_X_MASK ? ctx->max_group_count[0] : SHAPE_GRID_X_MASK;
    uint32_t flags = plan->argument_bytes ? FLAG_ARGUMENTS : 0;
    for (uint32_t i = 0; i < plan->grid.dispatch_count; i++) {
        vksplit__dispatch* d = &plan->grid.dispatches[i];
        d->equal_units = 0;
        if (!vksplit__pack_shape(width, plan->geo.row_dims, flags, &d->shape))
            return VKSPLIT__FAIL(error, PLAN_SHAPE_FIELDS, (unsigned long long)width, plan->geo.row_dims, flags);
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit__plan_parameters(vksplit_plan* plan, vksplit_error* error)
{
    vksplit_result r = indirect_shapes(plan, error);
    plan->parameter_bytes = (uint64_t)BLOCK_WORDS(plan->part_count) * sizeof(uint32_t);
    plan->table = vksplit__table_layout_for(&plan->geo);
    plan->table_bytes = plan->table.total_words * sizeof(uint32_t);
    /* one pipeline for both directions, 4-byte words: it copies none */
    if (r == VKSPLIT_OK)
        r = vksplit__pipeline_for(plan->ctx, MAPPING_DEVICE_CHECK, 4, VKSPLIT__SPLIT, &plan->check_pipeline, error);
    return r;
}
