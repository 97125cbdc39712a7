/* Plans that convert (plan_convert.h): the geometry, the spans and parts as every plan keeps
 * them (the bindings' checks and the arguments read plan->geo's segments), and the plan's own
 * pipeline. */
#include <stdio.h>
#include <string.h>

#include "plan/plan_convert.h"

#include "context/convert_pipelines.h"

/* The parts as the bindings' checks and the arguments know them: one segment per non-empty part. */
static vksplit_result plan_parts(vksplit_plan* plan, const vksplit__convert_geometry* cv, vksplit_error* error)
{
    vksplit__geometry* g = &plan->geo;
    g->direction = plan->direction;
    g->word_bytes = g->count_bytes = 4;
    g->bytes_written = cv->bytes_written;
    if (!cv->segment_count)
        return VKSPLIT_OK;
    g->segments = vksplit__alloc_array(plan->ctx->callbacks, cv->segment_count, sizeof *g->segments);
    if (!g->segments)
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
    memset(g->segments, 0, cv->segment_count * sizeof *g->segments);
    for (uint32_t k = 0; k < cv->segment_count; k++)
        g->segments[k].part_index = cv->table[(size_t)k * CSEG_WORDS + CSEG_PART];
    g->segment_count = cv->segment_count;
    return VKSPLIT_OK;
}

vksplit_result vksplit__plan_convert(vksplit_context* ctx, const vksplit__request* q, const vksplit_plan_options* o,
                                     vksplit_plan* device, vksplit_plan* rows, vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan* plan = vksplit__alloc(ctx->callbacks, sizeof *plan);
    struct vksplit__convert_plan* convert = vksplit__alloc(ctx->callbacks, sizeof *convert);
    *out = plan && convert ? plan : NULL;
    if (!plan || !convert) { /* the shadows stay the caller's */
        vksplit__free(ctx->callbacks, plan);
        vksplit__free(ctx->callbacks, convert);
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
    }
    memset(plan, 0, sizeof *plan);
    memset(convert, 0, sizeof *convert);
    plan->ctx = ctx;
    plan->direction = q->direction;
    plan->part_count = q->part_count;
    plan->path = VKSPLIT_PATH_COMPUTE;
    plan->offset_alignment = 4;
    plan->convert = convert;
    convert->shadow = device;
    convert->rows_shadow = rows;
    /* a CPU device's batch of 8 lanes (llvmpipe), a GPU's 256, within the context's tuning */
    /* llvmpipe runs a workgroup's barriers lane by lane: past 16 indices its workgroups each
     * checking them all cost more than the check pass (as the rows kernels' pairwise_most) */
    /* a CPU device whose tuning maps BY_SHAPE (as a GPU's) plans as a GPU too: its tests' way to
     * a GPU's plans */
    bool cpu = ctx->device_type == VK_PHYSICAL_DEVICE_TYPE_CPU && ctx->caps.mapping == VKSPLIT_MAPPING_RUNS;
    vksplit__convert_caps caps = {cpu ? 8u : 256u,
                                  {ctx->max_group_count[0], ctx->max_group_count[1]},
                                  ctx->bda ? 0 : ctx->max_storage_buffer_range,
                                  cpu ? 16u : ROWS_FUSED_MAX_ENTRIES,
                                  cpu ? 8u : 1u,
                                  cpu};
    while (caps.workgroup_size > ctx->caps.workgroup_size && caps.workgroup_size > 1)
        caps.workgroup_size /= 2;
    vksplit__convert_geometry* cv = &plan->convert->geo;
    vksplit_result r = VKSPLIT_OK;
    if (device) { /* the device rules, and the check a recording runs first */
        plan->device_parameters = o->device_parameters;
        plan->parameter_bytes = device->parameter_bytes;
    }
    if (o->rows.mode && !ctx->bda && !o->rows.host_indices && o->convert.scale_source == VKSPLIT_SCALE_DEVICE)
        /* the least devices' four storage buffers a stage: the whole, the part, the block, the indices */
        return VKSPLIT__FAIL(error, PLAN_CONVERT_WITH, "a device scale with GPU indices on push descriptors");
    if (rows) { /* the rows rules, the check of GPU indices, the host places */
        plan->rows_mode = o->rows.mode;
        plan->parameter_bytes = rows->parameter_bytes;
    }
    r = vksplit__plan_convert_geometry(q, &o->convert, &o->rows, &caps, ctx->callbacks, cv, error);
    if (r != VKSPLIT_OK)
        return r;
    plan->whole_span = cv->whole_span;
    plan->part_spans = cv->part_spans; /* the plan frees them */
    cv->part_spans = NULL;
    r = plan_parts(plan, cv, error);
    if (r != VKSPLIT_OK)
        return r;
    if (ctx->bda && cv->segment_count > CONVERT_INLINE_PARTS)
        plan->argument_bytes = (uint64_t)cv->segment_count * sizeof(uint64_t);
    const vksplit_plan* check = plan->convert->shadow ? plan->convert->shadow : plan->convert->rows_shadow;
    if (check) { /* the check's table first */
        uint64_t align = vksplit__table_alignment(ctx);
        plan->convert->table_at = vksplit__div_up(check->table_bytes, align) * align;
    }
    plan->table_bytes = plan->convert->table_at + (uint64_t)cv->segment_count * CSEG_WORDS * sizeof(uint32_t);
    const vksplit_plan* rs = plan->convert->rows_shadow;
    plan->convert->fused = rs && cv->segment_count && (cv->table[CSEG_ROWS_FLAGS] & ROWS_FLAG_FUSED);
    if (plan->convert->shadow && ctx->bda && q->part_count == 1 && cv->segment_count) {
        /* one part, device addresses: every workgroup checks the block's three words itself */
        uint32_t* t = cv->table;
        t[CSEG_DEVICE_FUSED] = o->device_parameters == VKSPLIT_DEVICE_PARAMETERS_GIVEN ? 2u : 1u;
        t[CSEG_DEVICE_CAP] = q->lengths[0] > UINT32_MAX ? UINT32_MAX : (uint32_t)q->lengths[0];
        t[CSEG_DEVICE_WHOLE] = q->sizes[q->axis] > UINT32_MAX ? UINT32_MAX : (uint32_t)q->sizes[q->axis];
        plan->convert->fused = VK_TRUE;
    }
    if (rs && rs->rows.host_places && cv->segment_count) { /* then the host places */
        plan->convert->places_at = plan->table_bytes;
        plan->table_bytes += (uint64_t)rs->rows.entries * sizeof(uint32_t);
        uint32_t first = (uint32_t)((plan->convert->places_at - plan->convert->table_at) / 4);
        /* device addresses: from the table's start; descriptors: from the block binding's, which
         * the recording points at the places */
        cv->table[CSEG_ROWS_PLACES] = ctx->bda ? first : 0u;
    }
    if (!cv->segment_count)
        return VKSPLIT_OK;
    vksplit__convert_spec spec = {cv->workgroup_size,
                                  cv->src,
                                  cv->dst,
                                  o->convert.no_saturate ? 1u : 0u,
                                  (uint32_t)o->convert.scale_source,
                                  cv->contig,
                                  cv->unroll,
                                  plan->convert->shadow != NULL,
                                  plan->convert->rows_shadow != NULL,
                                  cv->trips};
    return vksplit__convert_pipeline(ctx, q->direction, &spec, &plan->pipeline, error);
}

void vksplit__write_convert_table(const struct vksplit__convert_plan* convert, uint32_t* out)
{
    memset(out, 0, (size_t)convert->table_at);
    if (convert->shadow)
        vksplit__write_table(&convert->shadow->geo, &convert->shadow->table, out);
    if (convert->rows_shadow && convert->rows_shadow->table_bytes)
        vksplit__write_rows_table(&convert->rows_shadow->rows, out);
    memcpy(out + convert->table_at / 4, convert->geo.table,
           (size_t)convert->geo.segment_count * CSEG_WORDS * sizeof *out);
    if (convert->places_at)
        memcpy(out + convert->places_at / 4, convert->rows_shadow->rows.host_places,
               (size_t)convert->rows_shadow->rows.entries * sizeof *out);
}

void vksplit__convert_free(const VkAllocationCallbacks* callbacks, struct vksplit__convert_plan* convert)
{
    if (!convert)
        return;
    vksplit__convert_geometry_free(callbacks, &convert->geo);
    vksplit__free(callbacks, convert);
}

void vksplit__describe_convert(vksplit_plan* plan)
{
    const vksplit__convert_geometry* cv = &plan->convert->geo;
    vksplit_plan_info* info = &plan->info;
    memset(info, 0, sizeof *info);
    bool join = vksplit__writes_whole(plan->direction);
    info->operation = (vksplit_operation)plan->direction;
    info->path = VKSPLIT_PATH_COMPUTE;
    info->word_bytes = 4;
    info->dispatch_count = !cv->segment_count ? 0 : plan->ctx->bda ? 1 : cv->segment_count;
    info->workgroup_size = cv->workgroup_size;
    info->workgroup_count = cv->total_groups;
    info->offset_alignment = plan->offset_alignment;
    info->input_count = join ? plan->part_count : 1;
    info->output_count = join ? 1 : plan->part_count;
    info->input_span_bytes = join ? 0 : plan->whole_span;
    info->output_span_bytes = join ? plan->whole_span : 0;
    info->bytes_written = cv->bytes_written;
    info->table_bytes = plan->table_bytes;
    info->table_placement = plan->table_placement;
    info->table_alignment = vksplit__table_alignment(plan->ctx);
    info->table_usage =
        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | (plan->ctx->bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0);
    info->argument_bytes = plan->argument_bytes;
    info->convert = cv->types;
    info->device_parameters = plan->device_parameters;
    info->parameter_bytes = plan->parameter_bytes;
    const vksplit_plan* rs = plan->convert->rows_shadow;
    info->check_dispatch_count =
        !plan->convert->fused && (plan->convert->shadow || (rs && rs->check_pipeline)) ? 1u : 0u;
    if (rs) {
        info->rows_mode = rs->rows_mode;
        info->index_count = rs->rows.entries;
        info->index_span_bytes = rs->rows.index_span_bytes;
    }
    const char* from = vksplit__type_name((vksplit_type)cv->src);
    const char* to = vksplit__type_name((vksplit_type)cv->dst);
    const char* op = vksplit__words(plan->direction)->summary;
    if (!cv->segment_count)
        snprintf(info->summary, sizeof info->summary, "%sconvert %s->%s: nothing to copy", op, from, to);
    else
        snprintf(info->summary, sizeof info->summary, "%sconvert %s->%s (%s, %u segments)", op, from, to,
                 cv->contig ? "words" : "elements", cv->segment_count);
    snprintf(plan->label, sizeof plan->label, "vksplit: %s %u parts, %s -> %s", join ? "join" : "split",
             plan->part_count, from, to);
}
