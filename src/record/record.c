/* Recording a plan into the caller's command buffer: the bindings checked and resolved, the
 * arguments written, then bind, push numbers and dispatch (or copy). A split and a join
 * record alike: the whole (a split's input, a join's output) and the parts (a split's
 * outputs, a join's inputs) take the same places; the pipeline knows which way to copy. Nothing is allocated,
 * created or submitted, and nothing is written into the plan; on any error nothing at all is
 * recorded, because every check runs before the first vkCmd call. */
#include "record/arguments.h"
#include "context/debug_labels.h"
#include "record/push_constants.h"

static void put_u64(uint32_t* at, uint64_t value)
{
    at[0] = (uint32_t)value;
    at[1] = (uint32_t)(value >> 32);
}

/* Device addresses: one dispatch for every part, its numbers in push constants (the whole's
 * address in the input's field, the parts' in the outputs': split_abi.h). */
/* Device parameters: the copy reads what the check wrote, and its grid (indirect). */
static void order_after_check(const vksplit_context* ctx, VkCommandBuffer cmd)
{
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_INDIRECT_COMMAND_READ_BIT;
    ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                 VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT, 0, 1,
                                 &barrier, 0, NULL, 0, NULL);
}

/* Where dispatch i's grid lies in the parameters' block. */
static VkDeviceSize indirect_at(const vksplit_plan* plan, const vksplit_binding* parameters, uint32_t i)
{
    return parameters->offset + (VkDeviceSize)DEV_INDIRECT(plan->part_count, i) * sizeof(uint32_t);
}

static void record_bda(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit__bound* bound,
                       const vksplit_binding* parameters, VkDeviceAddress parameter_address)
{
    const vksplit_context* ctx = plan->ctx;
    const vksplit__geometry* g = &plan->geo;
    static const vksplit__dispatch none = {0}; /* a plan with device parameters and nothing to copy */
    const vksplit__dispatch* d = plan->grid.dispatch_count ? &plan->grid.dispatches[0] : &none;
    vksplit__push_bda push;
    memset(&push, 0, sizeof push);
    push.table = plan->table_address;
    push.whole = bound->whole;
    if (plan->argument_bytes)
        put_u64(&push.parts[0], bound->arguments);
    else
        for (uint32_t k = 0; k < g->segment_count; k++)
            put_u64(&push.parts[2 * k], bound->parts[k]);
    push.segments = d->seg_count;
    push.shape = d->shape;
    push.band_groups = (uint32_t)g->band_workgroups;
    push.bands = (uint32_t)g->bands;
    push.equal_units = d->equal_units;
    if (g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE) { /* its numbers in the band and prefix fields (split_abi.h) */
        push.band_groups = g->tile_rows;
        push.bands = (uint32_t)g->segments[0].rows;
        push.equal_units = g->row_uints;
    }
    push.prefix1 = plan->grid.prefix1;
    push.prefix2 = plan->grid.prefix2;
    push.trips = g->trips;
    if (d->shape >> SHAPE_FLAGS_SHIFT & FLAG_INLINE) { /* the segments themselves, after their addresses */
        for (uint32_t k = 0; k < g->segment_count; k++) {
            uint32_t* at = &push.parts[INLINE_AT + k * INLINE_FIELDS];
            put_u64(at + INLINE_BASE, g->segments[k].base_words);
            at[INLINE_CHUNK] = (uint32_t)g->segments[k].chunk_words;
            at[INLINE_UNITS] = (uint32_t)g->segments[k].units;
        }
    }
    if (plan->device_parameters) {
        /* The parameters in the tenth part's place; the check reads its mode from the trips' (the
         * copy reads none), so that one push serves both dispatches. */
        put_u64(&push.parts[2 * DEVICE_INLINE_OUTPUTS], parameter_address);
        push.trips = (uint32_t)plan->device_parameters | (vksplit__writes_whole(plan->direction) ? DEV_MODE_JOIN : 0);
        push.equal_units = g->segment_count ? g->segment_count : 1; /* the check: segments per dispatch (one) */
        ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
        ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->check_pipeline);
        ctx->vk.vkCmdDispatch(cmd, 1, 1, 1);
        if (!g->segment_count) /* nothing to copy: the check wrote the status */
            return;
        order_after_check(ctx, cmd);
        ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
        ctx->vk.vkCmdDispatchIndirect(cmd, parameters->buffer, indirect_at(plan, parameters, 0));
        return;
    }
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    ctx->vk.vkCmdDispatch(cmd, d->grid_x, d->grid_y, d->grid_z);
}

/* A binding as a descriptor: the offset rounded down to what descriptors allow, the rest
 * in words for the shader. */
static VkDescriptorBufferInfo descriptor_for(const vksplit_plan* plan, const vksplit_binding* b, uint64_t span,
                                             uint32_t* first_word)
{
    uint64_t align = plan->ctx->min_storage_offset_alignment ? plan->ctx->min_storage_offset_alignment : 1;
    uint64_t word = plan->geo.word_bytes;
    while (align < word || align < 4)
        align *= 2;
    uint64_t base = b->offset / align * align;
    uint64_t range = b->offset - base + span;
    if (plan->atomic_stores)
        range = (range + 3) & ~(uint64_t)3; /* the shader views the bytes as whole 32-bit words */
    *first_word = (uint32_t)((b->offset - base) / word);
    return (VkDescriptorBufferInfo){b->buffer, base, range};
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
/* The device parameters' block as binding 3: its offset rounded down to what descriptors
 * allow, its first uint32 from there in *first_word. */
static VkDescriptorBufferInfo parameters_descriptor(const vksplit_plan* plan, const vksplit_binding* b,
                                                    uint32_t* first_word)
{
    uint64_t align = plan->ctx->min_storage_offset_alignment > 4 ? plan->ctx->min_storage_offset_alignment : 4;
    uint64_t base = b->offset / align * align;
    *first_word = (uint32_t)((b->offset - base) / 4);
    return (VkDescriptorBufferInfo){b->buffer, base, b->offset - base + plan->parameter_bytes};
}

/* Device parameters on the descriptor path: the check, one workgroup over the table and the
 * block, then the barrier the copy's reads of what it wrote need. */
static void record_check_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd, const VkDescriptorBufferInfo* table,
                                     const VkDescriptorBufferInfo* parameters, vksplit__push_desc* push)
{
    const vksplit_context* ctx = plan->ctx;
    VkPipelineLayout layout = ctx->device_pipeline_layout;
    VkWriteDescriptorSet writes[2];
    for (uint32_t w = 0; w < 2; w++) {
        writes[w] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[w].dstBinding = w ? 3 : 0;
        writes[w].descriptorCount = 1;
        writes[w].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[w].pBufferInfo = w ? parameters : table;
    }
    /* every segment, in groups of the copy's slots; the segments' table place and row dims */
    push->trips = (uint32_t)plan->device_parameters | (vksplit__writes_whole(plan->direction) ? DEV_MODE_JOIN : 0);
    push->seg_first = 0;
    push->segments = plan->geo.segment_count;
    push->equal_units = ctx->device_slots;
    push->segments_at = plan->table.segments_offset;
    push->shape = plan->grid.dispatch_count ? plan->grid.dispatches[0].shape : 0;
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->check_pipeline);
    ctx->vk.vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, writes);
    ctx->vk.vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof *push, push);
    ctx->vk.vkCmdDispatch(cmd, 1, 1, 1);
    if (plan->geo.segment_count) /* the copy reads what the check wrote */
        order_after_check(ctx, cmd);
}

static void record_descriptors(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* whole,
                               const vksplit_binding* parts, const vksplit__window* window, bool after_another,
                               const vksplit_binding* parameters)
{
    const vksplit_context* ctx = plan->ctx;
    const vksplit__geometry* g = &plan->geo;
    /* With device parameters: binding 3 their block, and a layout with fewer part slots. */
    bool device = plan->device_parameters != VKSPLIT_DEVICE_PARAMETERS_NONE;
    uint32_t slots = device ? ctx->device_slots : ctx->output_slots;
    VkPipelineLayout layout = device ? ctx->device_pipeline_layout : ctx->pipeline_layout;
    VkDescriptorBufferInfo infos[3 + ABI_MAX_SLOTS];
    vksplit__push_desc push;
    memset(&push, 0, sizeof push);
    infos[0] = (VkDescriptorBufferInfo){plan->table_buffer, plan->table_offset, plan->table_bytes};
    VkDescriptorBufferInfo block = {0};
    if (device) {
        block = parameters_descriptor(plan, parameters, &push.part_words[ABI_MAX_SLOTS - 1]);
        record_check_descriptors(plan, cmd, &infos[0], &block, &push);
        if (!g->segment_count) /* nothing to copy: the check wrote the status */
            return;
    }
    vksplit_binding moved = *whole;
    if (window)
        moved.offset += window->whole_offset;
    infos[1] = descriptor_for(plan, &moved, plan->whole_span, &push.whole_word);
    VkWriteDescriptorSet writes[4];
    for (uint32_t b = 0; b < 4; b++) {
        writes[b] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[b].dstBinding = b;
        writes[b].descriptorCount = b == 2 ? slots : 1;
        writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = b == 3 ? &block : &infos[b];
    }
    push.segments_at = plan->table.segments_offset;
    push.trips = device ? push.trips : g->trips;
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, plan->pipeline);
    for (uint32_t i = 0; i < plan->grid.dispatch_count; i++) {
        const vksplit__dispatch* d = &plan->grid.dispatches[i];
        for (uint32_t s = 0; s < slots; s++) {
            if (s < d->seg_count) {
                uint32_t o = g->segments[d->seg_first + s].part_index;
                moved = parts[window ? window->part_first + o : o];
                if (window)
                    moved.offset += window->part_offsets[o];
                infos[2 + s] = descriptor_for(plan, &moved, plan->part_spans[o], &push.part_words[s]);
            } else {
                /* Unused slots still need a valid descriptor: this dispatch's first part,
                 * never the table or the whole. */
                infos[2 + s] = infos[2];
            }
        }
        if (i > 0 || after_another)
            order_dispatches(ctx, cmd);
        push.seg_first = d->seg_first;
        push.segments = d->seg_count;
        push.wg_base = d->wg_base;
        push.shape = d->shape;
        push.equal_units = d->equal_units;
        ctx->vk.vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, device ? 4 : 3, writes);
        ctx->vk.vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
        if (device)
            ctx->vk.vkCmdDispatchIndirect(cmd, parameters->buffer, indirect_at(plan, parameters, i));
        else
            ctx->vk.vkCmdDispatch(cmd, d->grid_x, d->grid_y, d->grid_z);
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
 * resolved (src/record/record_bindings.c), the arguments written (src/record/arguments.c), the copy
 * recorded (here). Nothing is recorded until the first step has passed. */
static vksplit_result record(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* whole,
                             const vksplit_binding* parts, const vksplit_arguments* arguments,
                             const vksplit_binding* parameters, vksplit_error* error)
{
    vksplit__bound bound = {0};
    vksplit_result r = VKSPLIT_OK;
    if (plan->geo.segment_count) /* with nothing to copy (device parameters' check alone) no tensor is bound */
        r = vksplit__bind(plan, VKSPLIT__BIND_RECORDING, whole, parts, arguments, &bound, error);
    if (r != VKSPLIT_OK)
        return r;
    VkDeviceAddress parameter_address = 0;
    if (plan->device_parameters && parameters->offset % VKSPLIT_PARAMETERS_ALIGNMENT)
        return VKSPLIT__FAIL(error, RECORD_PARAMETERS_ALIGNMENT, (unsigned long long)parameters->offset, 0ull);
    if (plan->device_parameters && plan->ctx->bda) {
        VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, NULL, parameters->buffer};
        parameter_address = plan->ctx->vk.vkGetBufferDeviceAddress(plan->ctx->device, &info) + parameters->offset;
        if (parameter_address % VKSPLIT_PARAMETERS_ALIGNMENT)
            return VKSPLIT__FAIL(error, RECORD_PARAMETERS_ALIGNMENT, (unsigned long long)parameters->offset,
                                 (unsigned long long)parameter_address);
    }
    vksplit__begin_label(plan->ctx, cmd, plan->label);
    if (plan->argument_bytes)
        vksplit__record_arguments(plan, cmd, parts, arguments);
    if (plan->path == VKSPLIT_PATH_TRANSFER)
        record_transfer(plan, cmd, whole, parts);
    else if (plan->ctx->bda)
        record_bda(plan, cmd, &bound, parameters, parameter_address);
    else if (plan->window_count)
        record_windows(plan, cmd, whole, parts);
    else
        record_descriptors(plan, cmd, whole, parts, NULL, false, parameters);
    vksplit__end_label(plan->ctx, cmd);
    return vksplit__ok(error);
}

/* The record calls with device parameters, by direction. */
static const char* const device_record[2] = {"vksplit_cmd_split_device", "vksplit_cmd_join_device"};

/* Every call: the plan's direction must be the call's, and its device parameters too
 * (`device`: the call is a _device one); `whole` is a split's input or a join's output,
 * `parts` the other side. */
static vksplit_result record_checked(const vksplit_plan* plan, vksplit__direction direction, bool device,
                                     VkCommandBuffer cmd, const vksplit_binding* whole, const vksplit_binding* parts,
                                     const vksplit_arguments* arguments, const vksplit_binding* parameters,
                                     vksplit_error* error)
{
    if (!plan || !cmd)
        return VKSPLIT__FAIL0(error, RECORD_NULL);
    if (plan->direction != direction)
        return VKSPLIT__FAIL(error, RECORD_OPERATION, vksplit__words(plan->direction)->operation,
                             plan->device_parameters ? device_record[plan->direction]
                                                     : vksplit__words(plan->direction)->record);
    if (plan->device_parameters && !device)
        return VKSPLIT__FAIL(error, RECORD_DEVICE_PARAMETERS, device_record[plan->direction]);
    if (!plan->device_parameters && device)
        return VKSPLIT__FAIL(error, RECORD_NO_DEVICE_PARAMETERS, vksplit__words(plan->direction)->record);
    if (device && (!parameters || !parameters->buffer))
        return VKSPLIT__FAIL0(error, RECORD_PARAMETERS_NULL);
    if (plan->geo.segment_count == 0 && !device)
        return vksplit__ok(error); /* every part is empty: nothing to record */
    if (plan->table_bytes && !plan->table_bound)
        return VKSPLIT__FAIL0(error, RECORD_TABLE_UNBOUND);
    if (plan->geo.segment_count && (!whole || !parts)) /* the rule names the call's own fields */
        return direction == VKSPLIT__JOIN ? VKSPLIT__FAIL0(error, RECORD_JOIN_BINDINGS_NULL)
                                          : VKSPLIT__FAIL0(error, RECORD_BINDINGS_NULL);
    return record(plan, cmd, whole, parts, arguments, parameters, error);
}

vksplit_result vksplit_cmd_split(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                                 const vksplit_binding* outputs, const vksplit_arguments* arguments,
                                 vksplit_error* error)
{
    return record_checked(plan, VKSPLIT__SPLIT, false, cmd, input, outputs, arguments, NULL, error);
}

vksplit_result vksplit_cmd_join(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* inputs,
                                const vksplit_binding* output, const vksplit_arguments* arguments, vksplit_error* error)
{
    return record_checked(plan, VKSPLIT__JOIN, false, cmd, output, inputs, arguments, NULL, error);
}

vksplit_result vksplit_cmd_split_device(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* input,
                                        const vksplit_binding* outputs, const vksplit_arguments* arguments,
                                        const vksplit_binding* parameters, vksplit_error* error)
{
    return record_checked(plan, VKSPLIT__SPLIT, true, cmd, input, outputs, arguments, parameters, error);
}

vksplit_result vksplit_cmd_join_device(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* inputs,
                                       const vksplit_binding* output, const vksplit_arguments* arguments,
                                       const vksplit_binding* parameters, vksplit_error* error)
{
    return record_checked(plan, VKSPLIT__JOIN, true, cmd, output, inputs, arguments, parameters, error);
}

vksplit_result vksplit_parameters_status(const vksplit_plan* plan, const uint32_t* words, vksplit_error* error)
{
    if (!plan || !words)
        return VKSPLIT__FAIL0(error, PARAMETERS_STATUS_NULL);
    if (!plan->device_parameters)
        return VKSPLIT__FAIL0(error, PARAMETERS_STATUS_PLAN);
    const uint32_t* status = words + DEV_STATUS(plan->part_count);
    switch (status[0]) {
    case 0: return vksplit__ok(error);
    case DEV_RULE_LENGTH: return VKSPLIT__FAIL(error, DEVICE_LENGTH, status[1], status[2], status[3]);
    case DEV_RULE_WHOLE_LENGTH: return VKSPLIT__FAIL(error, DEVICE_WHOLE_LENGTH, status[1], status[2]);
    case DEV_RULE_SUM: /* the sum's high word third */
        return VKSPLIT__FAIL(error, DEVICE_SUM, (unsigned long long)status[3] << 32 | status[1], status[2]);
    case DEV_RULE_OFFSET: return VKSPLIT__FAIL(error, DEVICE_OFFSET, status[1], status[2], status[3]);
    case DEV_RULE_ORDER: return VKSPLIT__FAIL(error, DEVICE_ORDER, status[1], status[2], status[3]);
    default: return VKSPLIT__FAIL(error, PARAMETERS_STATUS_UNKNOWN, status[0]);
    }
}
