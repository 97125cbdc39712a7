/* Rows the GPU places at plan time (plan_rows.h). */
#include "plan/plan_rows.h"

#include "context/pipelines.h"
#include "geometry/planner.h"
#include "plan/plan_table.h"
#include "split_abi.h"

/* What the context allows a rows plan: its words, workgroup, tuning and grid; on the descriptor
 * path the reach of one binding (word indices in 32 bits, offsets rounded down to the device's
 * alignment) and the table's most as a uniform buffer. */
static vksplit__rows_caps rows_caps(const vksplit_context* ctx)
{
    vksplit__rows_caps caps = {ctx->bda,
                               ctx->caps.max_word_bytes,
                               vksplit__rows_workgroup(ctx),
                               ctx->caps.invocation_bytes,
                               ctx->caps.min_workgroups,
                               {ctx->max_group_count[0], ctx->max_group_count[1]},
                               0,
                               0,
                               /* an INDEXED join's pairs, every workgroup: a CPU device (llvmpipe,
                                * its lanes one after another) checks 64 in 170-220 us, the check
                                * pass and a barrier cost less past about 16 */
                               ctx->caps.mapping == VKSPLIT_MAPPING_RUNS ? 16u : ROWS_FUSED_MAX_ENTRIES,
                               /* a CPU device: lanes in runs (the copy's LANE_RUNS, pipelines.c) */
                               ctx->caps.mapping == VKSPLIT_MAPPING_RUNS};
    if (!ctx->bda) {
        uint64_t slack = ctx->min_storage_offset_alignment > 16 ? ctx->min_storage_offset_alignment : 16;
        uint64_t reach = ctx->max_storage_buffer_range < (1ull << 31) ? ctx->max_storage_buffer_range : (1ull << 31);
        caps.binding_reach = reach - slack;
        uint32_t uniform = ctx->min_uniform_offset_alignment > 16 ? ctx->min_uniform_offset_alignment : 16;
        caps.table_most = ROWS_TBL_VEC4S * 16u - uniform;
    }
    return caps;
}

/* A CPU device's plan specializes its pipeline on its flags and outer dimensions in one word
 * (split_abi.h ROWS_SHAPE): the flags below its dimensions' bits, the word never ROWS_SHAPE_ANY. */
_Static_assert((ROWS_FLAG_DEVICE_MASK << ROWS_FLAG_DEVICE_SHIFT) < (1u << ROWS_SHAPE_DIMS_SHIFT),
               "the rows flags fit below ROWS_SHAPE_DIMS_SHIFT");
_Static_assert(((uint32_t)ROWS_MAX_OUTER_DIMS << ROWS_SHAPE_DIMS_SHIFT) < ROWS_SHAPE_ANY >> 1,
               "a shape is never ROWS_SHAPE_ANY");

bool vksplit__rows_records(const vksplit_plan* plan) { return plan->rows.workgroups || plan->check_pipeline; }

vksplit_result vksplit__plan_rows_object(vksplit_plan* plan, const vksplit__request* request,
                                         const vksplit_plan_options* options, vksplit_error* error)
{
    vksplit_context* ctx = plan->ctx;
    vksplit__rows_caps caps = rows_caps(ctx);
    vksplit__rows_geometry* rows = &plan->rows;
    plan->rows_plan = 1;
    plan->rows_mode = options->rows.mode;
    plan->device_parameters = options->device_parameters;
    vksplit_result r = plan->device_parameters
                           ? vksplit__plan_device_rows(request, plan->device_parameters, &caps, rows, error)
                           : vksplit__plan_rows(request, &options->rows, &caps, ctx->callbacks, rows, error);
    if (r != VKSPLIT_OK)
        return r;
    plan->path = VKSPLIT_PATH_COMPUTE;
    vksplit__geometry* g = &plan->geo;
    g->direction = request->direction;
    g->word_bytes = g->count_bytes = rows->word_bytes;
    g->kernel = MAPPING_ROWS;
    g->mapping = VKSPLIT_MAPPING_DEFAULT;
    g->workgroup_size = rows->workgroup_size;
    g->bytes_written = rows->bytes_written;
    g->bands = 1;
    plan->offset_alignment = vksplit__offset_alignment(rows->word_bytes, ctx->bda);
    plan->atomic_stores = vksplit__atomic_stores(ctx, rows->word_bytes);
    if (rows->workgroups) { /* one segment: what the bindings' checks (src/record/record_bindings.c) read */
        g->segments = vksplit__alloc_array(ctx->callbacks, 1, sizeof *g->segments);
        if (!g->segments)
            return VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
        g->segment_count = 1;
        g->segments[0].part_index = 0;
        g->segments[0].rows = rows->total_rows;
        g->segments[0].chunk_words = rows->row_words;
        g->segments[0].units = rows->workgroups;
        if (ctx->caps.mapping == VKSPLIT_MAPPING_RUNS) { /* a CPU device: a pipeline of the plan's shape */
            uint32_t shape = rows->flags | rows->outer_dims << ROWS_SHAPE_DIMS_SHIFT;
            r = vksplit__rows_pipeline(ctx, rows->word_bytes, request->direction, shape, &plan->pipeline, error);
        } else {
            r = vksplit__pipeline_for(ctx, MAPPING_ROWS, rows->word_bytes, request->direction, &plan->pipeline, error);
        }
    }
    /* GPU indices: a block for the status (and the check's scratch); the check pass where the copy
     * does not check them itself (many indices, or nothing to copy). */
    bool gpu = !(rows->flags & ROWS_FLAG_HOST);
    plan->parameter_bytes = gpu ? rows->block_bytes : 0;
    if (r == VKSPLIT_OK && gpu && !(rows->flags & ROWS_FLAG_FUSED))
        r = vksplit__pipeline_for(ctx, MAPPING_ROWS_CHECK, 4, VKSPLIT__SPLIT, &plan->check_pipeline, error);
    /* a plan that records nothing (host indices, nothing to copy) has no table to place or bind */
    plan->table_bytes = vksplit__rows_records(plan) ? (uint64_t)rows->table_words * sizeof(uint32_t) : 0;
    return r;
}

static const char* rows_mode_name(const vksplit_plan* plan)
{
    static const char* device[4] = {"", "device packed", "device given", "device ring"};
    if (plan->device_parameters)
        return device[plan->device_parameters & 3];
    vksplit_rows_mode mode = plan->rows_mode;
    return mode == VKSPLIT_ROWS_INDEXED ? "indexed" : mode == VKSPLIT_ROWS_LINEAR ? "linear" : "circular";
}

void vksplit__describe_rows(vksplit_plan* plan)
{
    vksplit_plan_info* info = &plan->info;
    const vksplit__rows_geometry* rows = &plan->rows;
    const vksplit_context* ctx = plan->ctx;
    memset(info, 0, sizeof *info);
    info->operation = (vksplit_operation)plan->direction;
    info->path = VKSPLIT_PATH_COMPUTE;
    info->word_bytes = rows->word_bytes;
    info->dispatch_count = rows->workgroups ? 1u : 0u;
    info->check_dispatch_count = plan->check_pipeline ? 1u : 0u;
    info->row_dims = rows->outer_dims;
    info->workgroup_size = rows->workgroup_size;
    info->workgroup_count = rows->workgroups;
    info->offset_alignment = plan->offset_alignment;
    bool whole_out = vksplit__writes_whole(plan->direction);
    info->input_count = 1;
    info->output_count = 1;
    info->input_span_bytes = whole_out ? 0 : plan->whole_span;
    info->output_span_bytes = whole_out ? plan->whole_span : 0;
    info->bytes_written = rows->bytes_written;
    info->table_bytes = plan->table_bytes;
    info->table_placement = plan->table_placement;
    info->table_alignment = vksplit__table_alignment(ctx);
    info->table_usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                        (ctx->bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
    info->parameter_bytes = plan->parameter_bytes;
    info->device_parameters = plan->device_parameters;
    info->mapping = VKSPLIT_MAPPING_DEFAULT;
    info->bytes_in_flight = ABI_UNROLL(rows->word_bytes) * rows->word_bytes;
    info->invocation_bytes = info->bytes_in_flight * rows->trips;
    info->rows_mode = plan->rows_mode;
    info->index_count = rows->entries;
    info->index_span_bytes = rows->index_span_bytes;
    const char* check = rows->flags & ROWS_FLAG_HOST ? "host" : rows->flags & ROWS_FLAG_FUSED ? "fused" : "pass";
    snprintf(info->summary, sizeof info->summary, "%scompute %s rows %s w%u rows=%llu lists=%llu dims=%u check=%s",
             vksplit__words(plan->direction)->summary, ctx->bda ? "bda" : "desc", rows_mode_name(plan),
             rows->word_bytes, (unsigned long long)rows->total_rows, (unsigned long long)rows->lists, rows->outer_dims,
             check);
}
