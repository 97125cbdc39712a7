/* Recording a plan into the caller's command buffer (vksplit_cmd_record): the bindings checked
 * and resolved, the arguments written, then bind, push numbers and dispatch (or copy). A split
 * and a join record alike: the whole (a split's input, a join's output) and the parts (a
 * split's outputs, a join's inputs) take the same places; the pipeline knows which way to copy.
 * A plan with device parameters records their check first (src/record/record_parameters.c).
 * Nothing is allocated, created or submitted, and nothing is written into the plan; on any
 * error nothing at all is recorded, because every check runs before the first vkCmd call. */
#include "record/arguments.h"
#include "context/debug_labels.h"
#include "record/push_constants.h"
#include "record/record_parameters.h"
#include "record/record_rows.h"
#include "record/record_convert.h"

static void put_u64(uint32_t* at, uint64_t value)
{
    at[0] = (uint32_t)value;
    at[1] = (uint32_t)(value >> 32);
}

/* Device addresses: what every copy kernel reads first (of its plan's one dispatch), and the
 * parts' addresses in its parts area, or the arguments' address in its first place. */
static void put_head(const vksplit_plan* plan, const vksplit__bound* bound, vksplit__push_head* head, uint32_t* parts)
{
    head->table = plan->table_address;
    head->whole = bound->whole;
    head->segments = plan->grid.dispatches[0].seg_count;
    head->shape = plan->grid.dispatches[0].shape;
    if (plan->argument_bytes)
        put_u64(&parts[0], bound->arguments);
    else
        for (uint32_t k = 0; k < plan->geo.segment_count; k++)
            put_u64(&parts[2 * k], bound->parts[k]);
}

/* RUNS, TILES, TRANSPOSE: the grid's numbers, and TILES' inline segments after their addresses. */
static void grid_push(const vksplit_plan* plan, const vksplit__bound* bound, vksplit__push_bda* push)
{
    const vksplit__geometry* g = &plan->geo;
    const vksplit__dispatch* d = &plan->grid.dispatches[0];
    memset(push, 0, sizeof *push);
    put_head(plan, bound, &push->head, push->parts);
    push->band_groups = (uint32_t)g->band_workgroups;
    push->bands = (uint32_t)g->bands;
    push->equal_units = d->equal_units;
    push->prefix1 = plan->grid.prefix1;
    push->prefix2 = plan->grid.prefix2;
    push->trips = g->trips;
    if (d->shape >> SHAPE_FLAGS_SHIFT & FLAG_INLINE) { /* the segments themselves, after their addresses */
        for (uint32_t k = 0; k < g->segment_count; k++) {
            uint32_t* at = &push->parts[INLINE_AT + k * INLINE_FIELDS];
            put_u64(at + INLINE_BASE, g->segments[k].base_words);
            at[INLINE_CHUNK] = (uint32_t)g->segments[k].chunk_words;
            at[INLINE_UNITS] = (uint32_t)g->segments[k].units;
        }
    }
}

/* DEINTERLEAVE: its header's numbers and its grid (no table read before its first load). */
static void deinterleave_push(const vksplit_plan* plan, const vksplit__bound* bound,
                              vksplit__push_deinterleave_bda* push)
{
    const vksplit__geometry* g = &plan->geo;
    memset(push, 0, sizeof *push);
    put_head(plan, bound, &push->head, push->parts);
    push->tile_rows = g->tile_rows;
    push->rows = (uint32_t)g->segments[0].rows;
    push->row_uints = g->row_uints;
    push->tiles = plan->grid.prefix1;
    push->units = plan->grid.prefix2;
    push->trips = g->trips;
}

/* Device addresses: one dispatch for every part, its numbers in the kernel's push constants
 * (split_abi.h); device parameters: their check, then the device copy (record_parameters.c). */
static void record_bda(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit__bound* bound,
                       const vksplit_binding* parameters, VkDeviceAddress parameter_address)
{
    const vksplit_context* ctx = plan->ctx;
    if (plan->device_parameters) {
        vksplit__push_device_bda push;
        memset(&push, 0, sizeof push);
        if (plan->geo.segment_count)
            put_head(plan, bound, &push.head, push.parts);
        vksplit__record_parameters_bda(plan, cmd, &push, parameters, parameter_address);
        return;
    }
    const vksplit__dispatch* d = &plan->grid.dispatches[0];
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    if (plan->geo.kernel == MAPPING_DEINTERLEAVE) {
        vksplit__push_deinterleave_bda push;
        deinterleave_push(plan, bound, &push);
        ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    } else {
        vksplit__push_bda push;
        grid_push(plan, bound, &push);
        ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    }
    ctx->vk.vkCmdDispatch(cmd, d->grid_x, d->grid_y, d->grid_z);
}

/* Later writes wait for earlier ones: descriptor ranges start at offsets rounded down to
 * minStorageBufferOffsetAlignment, so one dispatch's ranges may reach into bytes an earlier
 * one wrote (a fallback path: one barrier per group of outputs, per window). */
static void order_dispatches(const vksplit_context* ctx, VkCommandBuffer cmd)
{
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                                 &barrier, 0, NULL, 0, NULL);
}

/* Push descriptors: one dispatch per group of output_slots parts (binding 1 the whole,
 * binding 2 the parts). With a window, the plan is the window's piece: its bindings move to
 * the window's first bytes, its part j is the plan's part part_first + j, and its first
 * dispatch waits for the windows before it. */
static void record_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* whole,
                               const vksplit_binding* parts, const vksplit__window* window, bool after_another,
                               const vksplit_binding* parameters)
{
    const vksplit_context* ctx = plan->ctx;
    const vksplit__geometry* g = &plan->geo;
    /* With device parameters: binding 3 their block, a layout with fewer part slots, and the
     * device copy's own push constants. */
    bool device = plan->device_parameters != VKSPLIT_DEVICE_PARAMETERS_NONE;
    uint32_t slots = device ? ctx->parameter_slots : ctx->output_slots;
    VkPipelineLayout layout = device ? ctx->parameter_pipeline_layout : ctx->pipeline_layout;
    VkDescriptorBufferInfo infos[3 + ABI_MAX_SLOTS];
    vksplit__push_desc push;               /* RUNS, TILES, TRANSPOSE, DEINTERLEAVE */
    vksplit__push_device_desc device_push; /* the device copy */
    memset(&push, 0, sizeof push);
    memset(&device_push, 0, sizeof device_push);
    uint32_t* part_words = device ? device_push.part_words : push.part_words;
    infos[0] = (VkDescriptorBufferInfo){plan->table_buffer, plan->table_offset, plan->table_bytes};
    VkDescriptorBufferInfo block = {0};
    if (device) {
        block = vksplit__parameters_descriptor(plan, parameters, &device_push.block_word);
        vksplit__record_check_descriptors(plan, cmd, &infos[0], &block, device_push.block_word);
        if (!g->segment_count) /* nothing to copy: the check wrote the status */
            return;
    }
    vksplit_binding moved = *whole;
    if (window)
        moved.offset += window->whole_offset;
    infos[1] =
        vksplit__descriptor_for(plan, &moved, plan->whole_span, device ? &device_push.whole_word : &push.whole_word);
    VkWriteDescriptorSet writes[4];
    for (uint32_t b = 0; b < 4; b++) {
        writes[b] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[b].dstBinding = b;
        writes[b].descriptorCount = b == 2 ? slots : 1;
        writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = b == 3 ? &block : &infos[b];
    }
    push.segments_at = device_push.segments_at = plan->table.segments_offset;
    push.trips = g->trips;
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    for (uint32_t i = 0; i < plan->grid.dispatch_count; i++) {
        const vksplit__dispatch* d = &plan->grid.dispatches[i];
        for (uint32_t s = 0; s < slots; s++) {
            if (s < d->seg_count) {
                uint32_t o = g->segments[d->seg_first + s].part_index;
                moved = parts[window ? window->part_first + o : o];
                if (window)
                    moved.offset += window->part_offsets[o];
                infos[2 + s] = vksplit__descriptor_for(plan, &moved, plan->part_spans[o], &part_words[s]);
            } else {
                /* Unused slots still need a valid descriptor: this dispatch's first part,
                 * never the table or the whole. */
                infos[2 + s] = infos[2];
            }
        }
        if (i > 0 || after_another)
            order_dispatches(ctx, cmd);
        ctx->vk.vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, device ? 4 : 3, writes);
        if (device) {
            device_push.seg_first = d->seg_first;
            device_push.segments = d->seg_count;
            device_push.wg_base = d->wg_base;
            device_push.shape = d->shape;
            ctx->vk.vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof device_push, &device_push);
            ctx->vk.vkCmdDispatchIndirect(cmd, parameters->buffer, vksplit__indirect_at(plan, parameters, i));
        } else {
            push.seg_first = d->seg_first;
            push.segments = d->seg_count;
            push.wg_base = d->wg_base;
            push.shape = d->shape;
            push.equal_units = d->equal_units;
            ctx->vk.vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
            ctx->vk.vkCmdDispatch(cmd, d->grid_x, d->grid_y, d->grid_z);
        }
    }
}

/* A split or join beyond one binding: its windows in turn. */
static void record_windows(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* whole,
                           const vksplit_binding* parts)
{
    for (uint32_t w = 0; w < plan->window_count; w++)
        record_descriptors(plan->windows[w].plan, cmd, whole, parts, &plan->windows[w], w > 0, NULL);
}

/* vkCmdCopyBuffer: the plan's regions (from the side it reads to the side it writes) shifted
 * by the bindings' offsets. */
static void record_transfer(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* whole,
                            const vksplit_binding* parts)
{
    const vksplit_context* ctx = plan->ctx;
    VkBufferCopy batch[VKSPLIT_REGION_BATCH];
    for (uint32_t r = 0; r < plan->geo.segment_count; r++) {
        const vksplit_binding* part = &parts[plan->geo.segments[r].part_index];
        bool whole_out = vksplit__writes_whole(plan->direction);
        const vksplit_binding* src = whole_out ? part : whole;
        const vksplit_binding* dst = whole_out ? whole : part;
        uint32_t end = plan->region_first[r + 1];
        for (uint32_t first = plan->region_first[r]; first < end; first += VKSPLIT_REGION_BATCH) {
            uint32_t n = end - first < VKSPLIT_REGION_BATCH ? end - first : VKSPLIT_REGION_BATCH;
            for (uint32_t i = 0; i < n; i++) {
                batch[i] = plan->regions[first + i];
                batch[i].srcOffset += src->offset;
                batch[i].dstOffset += dst->offset;
            }
            ctx->vk.vkCmdCopyBuffer(cmd, src->buffer, dst->buffer, n, batch);
        }
    }
}

/* A recording, in three steps that hand their results forward: the bindings checked and
 * resolved (src/record/record_bindings.c, and the parameters' block, src/record/record_parameters.c),
 * the arguments written (src/record/arguments.c), the copy recorded (here). Nothing is recorded
 * until the first step has passed. */
static vksplit_result record(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* b,
                             vksplit_error* error)
{
    vksplit__bound bound = {0};
    vksplit_result r = VKSPLIT_OK;
    const vksplit_arguments* arguments = b->arguments.buffer ? &b->arguments : NULL;
    if (plan->geo.segment_count) /* with nothing to copy (device parameters' check alone) no tensor is bound */
        r = vksplit__bind(plan, VKSPLIT__BIND_RECORDING, &b->whole, b->parts, arguments, &bound, error);
    VkDeviceAddress parameter_address = 0;
    if (r == VKSPLIT_OK && plan->device_parameters)
        r = vksplit__bind_parameters(plan, &b->parameters, &parameter_address, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit__begin_label(plan->ctx, cmd, plan->label);
    if (plan->argument_bytes)
        vksplit__record_arguments(plan, cmd, b->parts, arguments);
    if (plan->path == VKSPLIT_PATH_TRANSFER)
        record_transfer(plan, cmd, &b->whole, b->parts);
    else if (plan->ctx->bda)
        record_bda(plan, cmd, &bound, &b->parameters, parameter_address);
    else if (plan->window_count)
        record_windows(plan, cmd, &b->whole, b->parts);
    else
        record_descriptors(plan, cmd, &b->whole, b->parts, NULL, false, &b->parameters);
    vksplit__end_label(plan->ctx, cmd);
    return vksplit__ok(error);
}

vksplit_result vksplit_cmd_record(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* bindings,
                                  vksplit_error* error)
{
    if (!plan || !cmd)
        return VKSPLIT__FAIL0(error, RECORD_NULL);
    if (plan->convert) /* a copy that converts: its own kernel (src/record/record_convert.c) */
        return vksplit__record_convert(plan, cmd, bindings, error);
    if (plan->rows_plan) /* rows the GPU places: their own steps (src/record/record_rows.c) */
        return vksplit__record_rows(plan, cmd, bindings, error);
    bool copies = plan->geo.segment_count != 0;
    if (!copies && !plan->device_parameters)
        return vksplit__ok(error); /* every part is empty: nothing to record */
    const vksplit__direction_words* words = vksplit__words(plan->direction);
    if (!bindings || (copies && !bindings->parts))
        return VKSPLIT__FAIL(error, RECORD_BINDINGS_NULL, (unsigned long long)plan->geo.bytes_written, plan->part_count,
                             words->parts, words->whole);
    if (plan->device_parameters && !bindings->parameters.buffer)
        return VKSPLIT__FAIL0(error, RECORD_PARAMETERS_NULL);
    if (plan->table_bytes && !plan->table_bound)
        return VKSPLIT__FAIL0(error, RECORD_TABLE_UNBOUND);
    return record(plan, cmd, bindings, error);
}
