/* Plans: validate, plan the geometry, choose the path, and put the parameter table in the
 * context's pool (written through its mapping: no queue, no submit) or leave it to the
 * engine's memory (src/plan/plan_table.c). Everything a record needs is computed here, so that
 * recording only copies numbers. */
#include <stdio.h>
#include <string.h>

#include "context/debug_labels.h"
#include "plan/plan_state.h"
#include "context/pipelines.h"
#include "geometry/grid.h"
#include "plan/plan_table.h"
#include "plan/plan_windows.h"
#include "plan/plan_parameters.h"
#include "plan/plan_rows.h"
#include "plan/plan_convert.h"
#include "split_abi.h"
#include "rules/request_layout.h"
#include "rules/request_rules.h"
#include "context/tuning.h"

/* Regions one transfer plan may hold (24 bytes each on the host). */
#define VKSPLIT_MAX_TRANSFER_REGIONS (1u << 22)

/* ---- the compute path ---------------------------------------------------------------------- */

/* Bytes a descriptor's range may add to a tensor's span: its offset rounded down to
 * minStorageBufferOffsetAlignment, its end rounded up to 4 bytes (atomic stores). */
static uint64_t descriptor_slack(const vksplit_context* ctx)
{
    return ctx->min_storage_offset_alignment > 16 ? ctx->min_storage_offset_alignment : 16;
}

/* The descriptor path addresses words with 32-bit signed indices inside one binding each, and
 * a binding reaches maxStorageBufferRange (or the context's max_binding_bytes). */
static bool descriptor_ranges_fit(const vksplit_plan* plan)
{
    const vksplit_context* ctx = plan->ctx;
    uint64_t limit = ctx->max_storage_buffer_range;
    if (limit > ((uint64_t)1 << 31) * plan->geo.word_bytes)
        limit = ((uint64_t)1 << 31) * plan->geo.word_bytes;
    uint64_t slack = descriptor_slack(ctx);
    if (plan->whole_span + slack > limit)
        return false;
    for (uint32_t i = 0; i < plan->part_count; i++)
        if (plan->part_spans[i] + slack > limit)
            return false;
    return true;
}

/* What one window's tensors may span: within any word's 32-bit indices (2^31 bytes). */
static uint64_t window_limit(const vksplit_context* ctx)
{
    uint64_t limit =
        ctx->max_storage_buffer_range < ((uint64_t)1 << 31) ? ctx->max_storage_buffer_range : ((uint64_t)1 << 31);
    return limit - descriptor_slack(ctx); /* the range is at least 2^27 (4096 when a context lowers it) */
}

/* No tensor may span more than one buffer can hold (where the device says how much). */
static vksplit_result check_buffer_sizes(const vksplit_plan* plan, vksplit_error* error)
{
    uint64_t limit = plan->ctx->max_buffer_size;
    if (!limit)
        return VKSPLIT_OK;
    char whole[16]; /* the whole as the desc calls it ("the input" or "the output") */
    snprintf(whole, sizeof whole, "the %s", vksplit__words(plan->direction)->whole);
    if (plan->whole_span > limit)
        return VKSPLIT__FAIL(error, PLAN_INPUT_BUFFER_SIZE, whole, (unsigned long long)plan->whole_span,
                             (unsigned long long)limit);
    for (uint32_t i = 0; i < plan->part_count; i++)
        if (plan->part_spans[i] > limit)
            return VKSPLIT__FAIL(error, PLAN_OUTPUT_BUFFER_SIZE, vksplit__words(plan->direction)->parts, i,
                                 (unsigned long long)plan->part_spans[i], (unsigned long long)limit);
    return VKSPLIT_OK;
}

/* ---- the transfer path --------------------------------------------------------------------- */

/* Every row of every segment as a region relative to the bindings' offsets. */
static vksplit_result plan_regions(vksplit_plan* plan, vksplit_error* error)
{
    const vksplit__geometry* g = &plan->geo;
    const VkAllocationCallbacks* callbacks = plan->ctx->callbacks;
    uint64_t total = 0;
    for (uint32_t r = 0; r < g->segment_count; r++)
        total += g->segments[r].rows;
    if (total > VKSPLIT_MAX_TRANSFER_REGIONS)
        return VKSPLIT__FAIL(error, PLAN_TRANSFER_REGIONS, (unsigned long long)total, VKSPLIT_MAX_TRANSFER_REGIONS);
    plan->regions = vksplit__alloc_array(callbacks, (size_t)total, sizeof *plan->regions);
    plan->region_first = vksplit__alloc_array(callbacks, (size_t)g->segment_count + 1, sizeof *plan->region_first);
    if (!plan->regions || !plan->region_first)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_REGIONS, (unsigned long long)total);
    uint64_t word = g->count_bytes, n = 0;
    for (uint32_t r = 0; r < g->segment_count; r++) {
        const vksplit__segment* seg = &g->segments[r];
        const vksplit__row_dim* dims = g->row_dims ? &g->dims[(size_t)r * g->row_dims] : NULL;
        uint64_t idx[ABI_MAX_ROW_DIMS] = {0};
        plan->region_first[r] = (uint32_t)n;
        for (uint64_t row = 0; row < seg->rows; row++) {
            uint64_t in = vksplit__read_base(g, seg), out = vksplit__write_base(g, seg);
            for (uint32_t d = 0; d < g->row_dims; d++) {
                in += idx[d] * vksplit__read_stride(g, &dims[d]);
                out += idx[d] * vksplit__write_stride(g, &dims[d]);
            }
            plan->regions[n++] = (VkBufferCopy){in * word, out * word, seg->chunk_words * word};
            for (uint32_t d = 0; d < g->row_dims && ++idx[d] == dims[d].size; d++)
                idx[d] = 0;
        }
    }
    plan->region_first[g->segment_count] = (uint32_t)n;
    for (uint32_t r = 0; r < g->segment_count; r++)
        plan->copy_command_count += (g->segments[r].rows + VKSPLIT_REGION_BATCH - 1) / VKSPLIT_REGION_BATCH;
    return VKSPLIT_OK;
}

/* ---- choosing a path ----------------------------------------------------------------------- */

/* On a CPU device (lavapipe) vkCmdCopyBuffer is one memcpy per region (about 1x a host
 * memcpy on long rows) plus about 0.3 us per region to execute and 0.1 us to record, while
 * the compute path runs at 0.15-0.3x memcpy (llvmpipe loads and stores lane by lane). Measured
 * with bench/split_bench (docs/performance.md): the copy wins from about 2 KiB per row; past about a
 * thousand regions its recording cost (0.66 ms for 6144 regions) outweighs it, and the
 * one-dispatch compute path keeps recording in microseconds. GPUs keep the compute path. */
#define VKSPLIT_TRANSFER_MIN_CHUNK_BYTES 2048u
#define VKSPLIT_TRANSFER_MAX_AUTO_REGIONS 1024u

static vksplit_path choose_path(const vksplit_plan* plan, vksplit_path asked)
{
    if (asked != VKSPLIT_PATH_AUTO)
        return asked;
    const vksplit__geometry* g = &plan->geo;
    if (plan->ctx->device_type != VK_PHYSICAL_DEVICE_TYPE_CPU || !g->rows_contiguous || g->segment_count == 0)
        return VKSPLIT_PATH_COMPUTE;
    uint64_t rows = 0;
    for (uint32_t r = 0; r < g->segment_count; r++)
        rows += g->segments[r].rows;
    return rows <= VKSPLIT_TRANSFER_MAX_AUTO_REGIONS && g->bytes_written / rows >= VKSPLIT_TRANSFER_MIN_CHUNK_BYTES
               ? VKSPLIT_PATH_TRANSFER
               : VKSPLIT_PATH_COMPUTE;
}

/* What the summary and the label call the plan's mapping: its kernel's for device parameters. */
static const char* plan_mapping_name(const vksplit__geometry* g)
{
    return g->kernel == MAPPING_DEVICE ? "device"
           : g->kernel == MAPPING_ROWS ? "rows"
                                       : vksplit__mapping_name(g->mapping);
}

static void describe(vksplit_plan* plan)
{
    vksplit_plan_info* info = &plan->info;
    const vksplit__geometry* g = &plan->geo;
    bool compute = plan->path == VKSPLIT_PATH_COMPUTE && g->segment_count;
    memset(info, 0, sizeof *info);
    info->operation = (vksplit_operation)plan->direction; /* the same values */
    info->path = plan->path;
    info->word_bytes = g->word_bytes;
    info->dispatch_count = compute ? plan->grid.dispatch_count : 0;
    info->copy_command_count = plan->path == VKSPLIT_PATH_TRANSFER ? plan->copy_command_count : 0;
    info->row_dims = g->row_dims;
    info->workgroup_size = g->workgroup_size;
    info->workgroup_count = compute ? plan->grid.workgroups : 0;
    info->offset_alignment = plan->offset_alignment;
    /* The whole is the input or the output, the parts the others; the per-part spans are
     * vksplit_plan_input_span_bytes's and _output_span_bytes'. */
    bool whole_out = vksplit__writes_whole(plan->direction);
    info->input_count = whole_out ? plan->part_count : 1;
    info->output_count = whole_out ? 1 : plan->part_count;
    info->input_span_bytes = whole_out ? 0 : plan->whole_span;
    info->output_span_bytes = whole_out ? plan->whole_span : 0;
    info->bytes_written = g->bytes_written;
    info->table_bytes = plan->table_bytes;
    info->table_placement = plan->table_placement;
    info->table_alignment = vksplit__table_alignment(plan->ctx);
    info->table_usage =
        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | (plan->ctx->bda ? VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT : 0);
    info->device_parameters = plan->device_parameters;
    info->check_dispatch_count = plan->device_parameters ? 1u : 0u;
    info->parameter_bytes = plan->parameter_bytes;
    info->argument_bytes = plan->argument_bytes;
    info->mapping = compute && g->kernel != MAPPING_DEVICE ? g->mapping : VKSPLIT_MAPPING_DEFAULT;
    if (compute) {
        info->bytes_in_flight = g->bytes_in_flight;
        info->invocation_bytes = g->invocation_bytes;
        info->sectors_read = g->sectors_read;
        info->fetch_ratio = g->bytes_written ? (double)g->sectors_read * 32.0 / (double)g->bytes_written : 0.0;
        info->idle_workgroups = plan->grid.workgroups - g->busy_workgroups;
    }
    uint64_t rows = 0, chunk = 0;
    for (uint32_t r = 0; r < g->segment_count; r++) {
        rows += g->segments[r].rows;
        chunk = g->segments[r].chunk_words * g->count_bytes;
    }
    const char* op = vksplit__words(plan->direction)->summary;
    if (g->segment_count == 0)
        snprintf(info->summary, sizeof info->summary, "%sempty: nothing to copy", op);
    else if (plan->path == VKSPLIT_PATH_TRANSFER)
        snprintf(info->summary, sizeof info->summary, "%stransfer %llu regions", op, (unsigned long long)rows);
    else
        snprintf(info->summary, sizeof info->summary,
                 "%scompute %s %s%s w%u rows=%llu chunk=%lluB dims=%u bands=%llu trips=%u", op,
                 plan->ctx->bda ? "bda" : "desc", plan_mapping_name(g),
                 g->kernel == MAPPING_TILES_REALIGN ? " realigned"
                 : g->kernel == MAPPING_TILES_WIDE  ? " wide"
                 : g->kernel == MAPPING_TRANSPOSE16 ? " 16-byte"
                                                    : "",
                 g->word_bytes, (unsigned long long)rows, (unsigned long long)chunk, g->row_dims,
                 (unsigned long long)g->bands, g->trips);
}

/* A windowed plan: its windows' figures, summed (or the first's where they are per plan). */
static void describe_windows(vksplit_plan* plan)
{
    vksplit_plan_info* info = &plan->info;
    const vksplit_plan_info* first = &plan->windows[0].plan->info;
    info->word_bytes = first->word_bytes;
    info->workgroup_size = first->workgroup_size;
    info->mapping = first->mapping;
    info->bytes_in_flight = first->bytes_in_flight;
    info->window_count = plan->window_count;
    info->dispatch_count = 0;
    info->workgroup_count = info->sectors_read = info->idle_workgroups = 0;
    info->invocation_bytes = 0;
    for (uint32_t w = 0; w < plan->window_count; w++) {
        const vksplit_plan_info* part = &plan->windows[w].plan->info;
        info->dispatch_count += part->dispatch_count;
        info->workgroup_count += part->workgroup_count;
        info->sectors_read += part->sectors_read;
        info->idle_workgroups += part->idle_workgroups;
        if (part->bytes_in_flight < info->bytes_in_flight)
            info->bytes_in_flight = part->bytes_in_flight;
        if (part->invocation_bytes > info->invocation_bytes)
            info->invocation_bytes = part->invocation_bytes;
    }
    info->fetch_ratio = info->bytes_written ? (double)info->sectors_read * 32.0 / (double)info->bytes_written : 0.0;
    snprintf(info->summary, sizeof info->summary, "%scompute desc %s w%u windows=%u dispatches=%u",
             vksplit__words(plan->direction)->summary, vksplit__mapping_name(info->mapping), info->word_bytes,
             plan->window_count, info->dispatch_count);
}

/* "vksplit: 4-byte [64,3072,64] axis 1 -> 3 (tiles w16)", "vksplit: join 3 -> 4-byte
 * [64,3072,64] axis 1 (tiles w16)": what the split or join is and how it runs. */
static void write_label(vksplit_plan* plan, const vksplit__request* split)
{
    char* out = plan->label;
    size_t left = sizeof plan->label, n;
    if (split->direction == VKSPLIT__JOIN) {
        n = (size_t)snprintf(out, left, "vksplit: join %u -> %u-byte [", split->part_count, split->element_size);
        for (uint32_t k = 0; k < split->rank && n < left; k++)
            n += (size_t)snprintf(out + n, left - n, k ? ",%llu" : "%llu", (unsigned long long)split->sizes[k]);
        const vksplit__geometry* g = &plan->geo;
        if (n < left && (plan->path == VKSPLIT_PATH_TRANSFER || !g->segment_count))
            snprintf(out + n, left - n, "] axis %u (%s)", split->axis, g->segment_count ? "transfer" : "empty");
        else if (n < left)
            snprintf(out + n, left - n, "] axis %u (%s w%u)", split->axis, plan_mapping_name(g), g->word_bytes);
        return;
    }
    n = (size_t)snprintf(out, left, "vksplit: %u-byte [", split->element_size);
    for (uint32_t k = 0; k < split->rank && n < left; k++)
        n += (size_t)snprintf(out + n, left - n, k ? ",%llu" : "%llu", (unsigned long long)split->sizes[k]);
    if (n < left) {
        const vksplit__geometry* g = &plan->geo;
        if (plan->path == VKSPLIT_PATH_TRANSFER || !g->segment_count)
            snprintf(out + n, left - n, "] axis %u -> %u (%s)", split->axis, split->part_count,
                     g->segment_count ? "transfer" : "empty");
        else
            snprintf(out + n, left - n, "] axis %u -> %u (%s w%u)", split->axis, split->part_count,
                     plan_mapping_name(g), g->word_bytes);
    }
}

/* Byte spans of every tensor, and the device's buffer limit. */
static vksplit_result plan_spans(vksplit_plan* plan, const vksplit__request* split, vksplit_error* error)
{
    const vksplit_context* ctx = plan->ctx;
    plan->part_spans = vksplit__alloc_array(ctx->callbacks, split->part_count, sizeof *plan->part_spans);
    if (!plan->part_spans)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, split->part_count,
                             vksplit__words(split->direction)->parts);
    plan->whole_span = vksplit__whole_span_bytes(split);
    for (uint32_t i = 0; i < split->part_count; i++)
        plan->part_spans[i] = vksplit__part_span_bytes(split, i);
    return check_buffer_sizes(plan, error);
}

/* The compute path but for the table's place: its layout is known here, its range taken once
 * the plan (or, for windows, its parent) is complete. */
static vksplit_result plan_compute(vksplit_plan* plan, vksplit_error* error)
{
    vksplit_context* ctx = plan->ctx;
    plan->atomic_stores = vksplit__atomic_stores(ctx, plan->geo.word_bytes);
    /* Beyond the inline ones, the parts' addresses are per-recording arguments in the caller's
     * memory. */
    if (ctx->bda && plan->geo.segment_count > vksplit__inline_parts(plan))
        plan->argument_bytes = (uint64_t)plan->geo.segment_count * sizeof(uint64_t);
    vksplit__grid_caps grid = {{ctx->max_group_count[0], ctx->max_group_count[1], ctx->max_group_count[2]},
                               ctx->bda,
                               plan->device_parameters ? ctx->parameter_slots : ctx->output_slots,
                               plan->argument_bytes != 0};
    vksplit_result r = vksplit__plan_grid(&plan->geo, &grid, ctx->callbacks, &plan->grid, error);
    if (r == VKSPLIT_OK)
        r = vksplit__pipeline_for(ctx, plan->geo.kernel, plan->geo.word_bytes, plan->geo.direction, &plan->pipeline,
                                  error);
    if (r == VKSPLIT_OK && plan->device_parameters) /* the grid the check rewrites, and the check */
        r = vksplit__plan_parameters(plan, error);
    plan->table = vksplit__table_layout_for(&plan->geo);
    plan->table_bytes = plan->table.total_words * sizeof(uint32_t);
    return r;
}

/* A new plan of a validated split: spans, geometry, path, and the path's regions or
 * dispatches; the table's place is left to the caller. windows: a split that one
 * descriptor binding cannot reach gets windows (or, chosen automatically, the transfer path
 * where its rows are contiguous and few); a window's own part always fits. */
static vksplit_result plan_windows(vksplit_plan* plan, const vksplit__request* split, vksplit_error* error);

static vksplit_result plan_split(vksplit_context* ctx, const vksplit__request* split, vksplit_path asked,
                                 const vksplit__planner_caps* caps, bool windows, vksplit_device_parameters device,
                                 vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan* plan = vksplit__alloc(ctx->callbacks, sizeof *plan);
    *out = plan;
    if (!plan)
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
    plan->ctx = ctx;
    plan->direction = split->direction;
    plan->part_count = split->part_count;
    plan->device_parameters = device;
    vksplit_result r = plan_spans(plan, split, error);
    if (r == VKSPLIT_OK && device) /* a plan for capacities (the request says so): the compute path */
        r = vksplit__parameters_path(asked, &asked, error);
    if (r == VKSPLIT_OK)
        r = vksplit__plan_geometry(split, caps, ctx->callbacks, &plan->geo, error);
    if (r != VKSPLIT_OK)
        return r;
    const vksplit__geometry* g = &plan->geo;
    plan->path = choose_path(plan, asked);
    if (plan->path == VKSPLIT_PATH_TRANSFER && g->segment_count && !g->rows_contiguous)
        return VKSPLIT__FAIL0(error, PLAN_TRANSFER_ROWS);
    bool beyond = plan->path == VKSPLIT_PATH_COMPUTE && g->segment_count && !ctx->bda && !descriptor_ranges_fit(plan);
    if (beyond && windows && asked == VKSPLIT_PATH_AUTO && g->rows_contiguous) {
        /* Long contiguous rows: vkCmdCopyBuffer reaches any offset, a few regions do it all. */
        uint64_t rows = 0;
        for (uint32_t s = 0; s < g->segment_count; s++)
            rows += g->segments[s].rows;
        if (rows <= VKSPLIT_TRANSFER_MAX_AUTO_REGIONS) {
            plan->path = VKSPLIT_PATH_TRANSFER;
            beyond = false;
        }
    }
    plan->offset_alignment = plan->path == VKSPLIT_PATH_TRANSFER ? 1 /* vkCmdCopyBuffer takes any offset */
                             : g->aligned16                      ? 16
                                                                 : vksplit__offset_alignment(g->word_bytes, ctx->bda);
    if (!g->segment_count) /* nothing to copy; with device parameters the check still runs */
        return device ? vksplit__plan_parameters(plan, error) : VKSPLIT_OK;
    if (plan->path == VKSPLIT_PATH_TRANSFER)
        return plan_regions(plan, error);
    if (beyond && device) /* its workgroups find their lengths in one block: no windows */
        return VKSPLIT__FAIL(error, PLAN_DEVICE_BINDING, (unsigned long long)window_limit(ctx));
    if (beyond && windows)
        return plan_windows(plan, split, error);
    if (beyond) /* a window's part: never, by construction (src/plan/plan_windows.c) */
        return VKSPLIT__FAIL(error, PLAN_WINDOWS, vksplit__words(split->direction)->operation, 1u,
                             (unsigned long long)window_limit(ctx));
    return plan_compute(plan, error);
}

static void finish(vksplit_plan* plan, const vksplit__request* split)
{
    if (plan->convert) {
        vksplit__describe_convert(plan);
        return;
    }
    if (plan->rows_plan) {
        vksplit__describe_rows(plan);
        write_label(plan, split);
        return;
    }
    describe(plan);
    if (plan->window_count)
        describe_windows(plan);
    write_label(plan, split);
}

/* The plain plan for capacities whose check a converting plan with device parameters records
 * (never on the rows kernels). */
static vksplit_result plan_device_shadow(vksplit_context* ctx, const vksplit__request* request,
                                         vksplit_device_parameters mode, vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan* plan = NULL;
    vksplit_result r = plan_split(ctx, request, VKSPLIT_PATH_COMPUTE, &ctx->caps, false, mode, &plan, error);
    if (r != VKSPLIT_OK) {
        vksplit_plan_destroy(plan);
        return r;
    }
    finish(plan, request);
    plan->table_placement = VKSPLIT_TABLE_CALLER; /* its table lies in the converting plan's range */
    *out = plan;
    return VKSPLIT_OK;
}

/* The rows plan whose check (GPU indices) a converting plan records, and whose rules and host
 * places it takes: the check a pass of its own (the converting copy checks nothing), its
 * recording the check alone. Defined after plan_rows. */
static vksplit_result plan_rows(vksplit_context* ctx, const vksplit__request* request, const vksplit_plan_options* o,
                                vksplit_plan** out, vksplit_error* error);

static vksplit_result plan_rows_shadow(vksplit_context* ctx, const vksplit__request* request,
                                       const vksplit_plan_options* options, vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan* plan = NULL;
    vksplit_result r = plan_rows(ctx, request, options, &plan, error);
    if (r == VKSPLIT_OK && !(plan->rows.flags & ROWS_FLAG_HOST) && !plan->check_pipeline) {
        plan->rows.flags &= ~ROWS_FLAG_FUSED; /* its table then says so to the check */
        r = vksplit__pipeline_for(ctx, MAPPING_ROWS_CHECK, 4, VKSPLIT__SPLIT, &plan->check_pipeline, error);
    }
    if (r != VKSPLIT_OK) {
        vksplit_plan_destroy(plan);
        return r;
    }
    plan->rows.workgroups = 0; /* its recording: the check alone */
    plan->table_bytes = vksplit__rows_records(plan) ? (uint64_t)plan->rows.table_words * sizeof(uint32_t) : 0;
    finish(plan, request);
    plan->table_placement = VKSPLIT_TABLE_CALLER;
    *out = plan;
    return VKSPLIT_OK;
}

/* One window (src/plan/plan_windows.c cuts them): its part planned as a split of its own, path
 * COMPUTE, the table's layout but not its buffer (the parent's holds every window's). */
static vksplit_result plan_window(void* user, const vksplit__window_cut* cut, vksplit_error* error)
{
    vksplit_plan* plan = user;
    vksplit_context* ctx = plan->ctx;
    if (cut->index >= plan->window_count) /* the cutter cuts the same windows twice */
        return VKSPLIT__FAIL(error, PLAN_WINDOWS, vksplit__words(plan->direction)->operation, plan->window_count,
                             (unsigned long long)window_limit(ctx));
    vksplit__window* win = &plan->windows[cut->index];
    uint32_t outputs = cut->part->part_count;
    win->part_offsets = vksplit__alloc_array(ctx->callbacks, outputs, sizeof *win->part_offsets);
    if (!win->part_offsets)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, outputs, vksplit__words(plan->direction)->parts);
    memcpy(win->part_offsets, cut->part_offsets, outputs * sizeof *win->part_offsets);
    win->whole_offset = cut->whole_offset;
    win->part_first = cut->part_first;
    vksplit__planner_caps caps = ctx->caps;
    if (cut->max_word_bytes < caps.max_word_bytes)
        caps.max_word_bytes = cut->max_word_bytes;
    vksplit_result r = plan_split(ctx, cut->part, VKSPLIT_PATH_COMPUTE, &caps, false, VKSPLIT_DEVICE_PARAMETERS_NONE,
                                  &win->plan, error);
    if (r != VKSPLIT_OK)
        return r;
    finish(win->plan, cut->part);
    if (win->plan->offset_alignment > plan->offset_alignment)
        plan->offset_alignment = win->plan->offset_alignment;
    return VKSPLIT_OK;
}

/* The windows of a split that no single binding reaches: counted, then planned, into
 * plan->windows (destroying the plan frees what was made, should a window fail). */
static vksplit_result plan_windows(vksplit_plan* plan, const vksplit__request* split, vksplit_error* error)
{
    const VkAllocationCallbacks* callbacks = plan->ctx->callbacks;
    uint64_t limit = window_limit(plan->ctx);
    uint32_t count = 0;
    vksplit_result r = vksplit__cut_windows(split, limit, callbacks, NULL, NULL, &count, error);
    if (r != VKSPLIT_OK)
        return r;
    plan->windows = vksplit__alloc_array(callbacks, count, sizeof *plan->windows);
    if (!plan->windows)
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
    plan->window_count = count;
    plan->offset_alignment = 1;
    return vksplit__cut_windows(split, limit, callbacks, plan_window, plan, &count, error);
}

/* Whether a plan with device parameters runs on the rows kernels (vksplit.h): one part, and a
 * ring, a step along the axis of 1 or 2 bytes (the device copy's words are 4 bytes and more),
 * or, with device addresses, a capacity of at most the tuning's one_dispatch_bytes within the
 * rows kernels' 32-bit counts (one dispatch). */
static bool device_on_rows(const vksplit_context* ctx, const vksplit__request* q, const vksplit_plan_options* o)
{
    if (o->device_parameters == VKSPLIT_DEVICE_PARAMETERS_NONE || q->part_count != 1)
        return false;
    uint64_t step = q->element_size, outer = 1, cap = q->lengths[0];
    for (uint32_t d = q->axis + 1; d < q->rank; d++)
        step *= q->sizes[d];
    for (uint32_t d = 0; d < q->axis; d++)
        outer *= q->sizes[d];
    if (o->device_parameters == VKSPLIT_DEVICE_PARAMETERS_RING || step % 4)
        return true;
    if (!ctx->bda || q->sizes[q->axis] >= (1u << 31) || cap >= (1u << 31) || (outer && cap > UINT32_MAX / outer))
        return false;
    /* the capacity's bytes, saturated (the element count fits 64 bits, the product may not) */
    uint64_t rows = outer * cap;
    return !rows || step <= ctx->caps.one_dispatch_bytes / rows;
}

/* A plan of rows the GPU places (src/plan/plan_rows.c): its spans, then its own steps. */
static vksplit_result plan_rows(vksplit_context* ctx, const vksplit__request* request, const vksplit_plan_options* o,
                                vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan* plan = vksplit__alloc(ctx->callbacks, sizeof *plan);
    *out = plan;
    if (!plan)
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
    plan->ctx = ctx;
    plan->direction = request->direction;
    plan->part_count = request->part_count;
    vksplit_result r = plan_spans(plan, request, error);
    return r == VKSPLIT_OK ? vksplit__plan_rows_object(plan, request, o, error) : r;
}

/* A plan that converts: the plain plans of its request its checks come from first (device
 * parameters, rows by index), then the converting plan, which takes them. */
static vksplit_result plan_converting(vksplit_context* ctx, const vksplit__request* q, const vksplit_plan_options* o,
                                      vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan *device = NULL, *rows = NULL;
    vksplit_result r =
        o->device_parameters ? plan_device_shadow(ctx, q, o->device_parameters, &device, error) : VKSPLIT_OK;
    if (r == VKSPLIT_OK && o->rows.mode) {
        vksplit_plan_options plain = *o; /* the rows' own rules and check, on the request as bytes */
        memset(&plain.convert, 0, sizeof plain.convert);
        r = plan_rows_shadow(ctx, q, &plain, &rows, error);
    }
    *out = NULL;
    if (r == VKSPLIT_OK)
        r = vksplit__plan_convert(ctx, q, o, device, rows, out, error);
    if (!*out) { /* no plan took them */
        vksplit_plan_destroy(device);
        vksplit_plan_destroy(rows);
    }
    return r;
}

/* A plan of a validated split or join: planned, its table written, named. */
static vksplit_result create_plan(vksplit_context* ctx, const vksplit__request* split, const vksplit_plan_options* o,
                                  vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan* plan = NULL;
    vksplit_table_placement placement = o->table;
    vksplit_result r = VKSPLIT_OK;
    if (o->device_parameters == VKSPLIT_DEVICE_PARAMETERS_RING && split->part_count != 1)
        r = VKSPLIT__FAIL(error, PLAN_DEVICE_RING, split->part_count, vksplit__words(split->direction)->parts);
    else if (vksplit__converts(o))
        r = plan_converting(ctx, split, o, &plan, error);
    else if (o->rows.mode || device_on_rows(ctx, split, o))
        r = plan_rows(ctx, split, o, &plan, error);
    else
        r = plan_split(ctx, split, o->path, &ctx->caps, true, o->device_parameters, &plan, error);
    if (r == VKSPLIT_OK && plan->path == VKSPLIT_PATH_COMPUTE &&
        (plan->geo.segment_count || plan->device_parameters || (plan->rows_plan && vksplit__rows_records(plan)) ||
         (plan->convert && plan->table_bytes))) {
        plan->table_placement = placement;
        vksplit__place_tables(plan);
        if (placement == VKSPLIT_TABLE_POOL)
            r = vksplit__pool_table(plan, error);
    }
    if (r != VKSPLIT_OK) {
        vksplit_plan_destroy(plan);
        return r;
    }
    finish(plan, split);
    *out = plan;
    return vksplit__ok(error);
}

/* NULL options: the same as zeroed ones (vksplit.h). */
static const vksplit_plan_options default_options = {
    VKSPLIT_PATH_AUTO,
    VKSPLIT_TABLE_POOL,
    VKSPLIT_DEVICE_PARAMETERS_NONE,
    {VKSPLIT_ROWS_NONE, 0, 0, 0, NULL, 0},
    {VKSPLIT_TYPE_NONE, VKSPLIT_TYPE_NONE, 0, VKSPLIT_SCALE_NONE, 0.0f}};

/* The arguments every plan creation checks first; *o receives the options (NULL: the defaults). */
static vksplit_result check_create(vksplit_context* ctx, const vksplit_plan_options* options, vksplit_plan** out,
                                   vksplit_plan_options* o, vksplit_error* error)
{
    *o = options ? *options : default_options;
    if (!out)
        return VKSPLIT__FAIL0(error, OUT_NULL);
    *out = NULL;
    if (!ctx)
        return VKSPLIT__FAIL0(error, PLAN_CONTEXT_NULL);
    if (o->path != VKSPLIT_PATH_AUTO && o->path != VKSPLIT_PATH_COMPUTE && o->path != VKSPLIT_PATH_TRANSFER)
        return VKSPLIT__FAIL(error, PLAN_PATH, (int)o->path);
    if (o->table != VKSPLIT_TABLE_POOL && o->table != VKSPLIT_TABLE_CALLER)
        return VKSPLIT__FAIL(error, PLAN_TABLE_PLACEMENT, (int)o->table);
    if ((uint32_t)o->device_parameters > VKSPLIT_DEVICE_PARAMETERS_RING)
        return VKSPLIT__FAIL(error, PLAN_DEVICE_PARAMETERS, (int)o->device_parameters);
    return vksplit__rows_options(o, error);
}

/* Whether the desc's lengths go without the sum rule: capacities (device parameters), or rows the
 * GPU places (the part's rows and the whole's places are two numbers). */
static bool capacities(const vksplit_plan_options* o)
{
    return o->device_parameters != VKSPLIT_DEVICE_PARAMETERS_NONE || o->rows.mode != VKSPLIT_ROWS_NONE;
}

/* Whether the options leave types out (vksplit_convert all zero): element_size is a width. */
static bool no_types(const vksplit_plan_options* o)
{
    const vksplit_convert* c = &o->convert;
    return !c->whole && !c->parts && !c->no_saturate && !c->scale_source && c->scale == 0.0f;
}

vksplit_result vksplit_plan_create(vksplit_context* ctx, const vksplit_split_desc* desc,
                                   const vksplit_plan_options* options, vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan_options o;
    vksplit_result r = check_create(ctx, options, out, &o, error);
    vksplit__request request; /* the one validation; everything below works on its result */
    vksplit_split_desc typed; /* with a type, the element size the request is validated with */
    if (r == VKSPLIT_OK && desc && !no_types(&o)) {
        typed = *desc;
        r = vksplit__convert_options(&o, desc->element_size, &typed.element_size, error);
        desc = &typed;
    }
    if (r == VKSPLIT_OK)
        r = vksplit__split_request(desc, capacities(&o), &request, error);
    return r == VKSPLIT_OK ? create_plan(ctx, &request, &o, out, error) : r;
}

vksplit_result vksplit_plan_create_join(vksplit_context* ctx, const vksplit_join_desc* desc,
                                        const vksplit_plan_options* options, vksplit_plan** out, vksplit_error* error)
{
    vksplit_plan_options o;
    vksplit_result r = check_create(ctx, options, out, &o, error);
    vksplit__request request;
    vksplit_join_desc typed;
    if (r == VKSPLIT_OK && desc && !no_types(&o)) {
        typed = *desc;
        r = vksplit__convert_options(&o, desc->element_size, &typed.element_size, error);
        desc = &typed;
    }
    if (r == VKSPLIT_OK)
        r = vksplit__join_request(desc, capacities(&o), &request, error);
    return r == VKSPLIT_OK ? create_plan(ctx, &request, &o, out, error) : r;
}

void vksplit_plan_destroy(vksplit_plan* plan)
{
    if (!plan)
        return;
    vksplit_context* ctx = plan->ctx;
    for (uint32_t w = 0; plan->windows && w < plan->window_count; w++) {
        vksplit_plan_destroy(plan->windows[w].plan);
        vksplit__free(ctx->callbacks, plan->windows[w].part_offsets);
    }
    vksplit__free(ctx->callbacks, plan->windows);
    vksplit__release_table(plan);
    vksplit__geometry_free(ctx->callbacks, &plan->geo);
    vksplit__rows_free(ctx->callbacks, &plan->rows);
    if (plan->convert) {
        vksplit_plan_destroy(plan->convert->shadow);
        vksplit_plan_destroy(plan->convert->rows_shadow);
    }
    vksplit__convert_free(ctx->callbacks, plan->convert);
    vksplit__grid_free(ctx->callbacks, &plan->grid);
    vksplit__free(ctx->callbacks, plan->regions);
    vksplit__free(ctx->callbacks, plan->region_first);
    vksplit__free(ctx->callbacks, plan->part_spans);
    vksplit__free(ctx->callbacks, plan);
}

void vksplit_plan_get_info(const vksplit_plan* plan, vksplit_plan_info* info)
{
    if (plan && info)
        *info = plan->info;
}

VkPipeline vksplit_plan_pipeline(const vksplit_plan* plan)
{
    if (plan && plan->window_count)
        return plan->windows[0].plan->pipeline;
    return plan ? plan->pipeline : VK_NULL_HANDLE;
}

uint64_t vksplit_plan_output_span_bytes(const vksplit_plan* plan, uint32_t output_index)
{
    if (!plan)
        return 0;
    if (vksplit__writes_whole(plan->direction))
        return output_index == 0 ? plan->whole_span : 0;
    return output_index < plan->part_count ? plan->part_spans[output_index] : 0;
}

uint64_t vksplit_plan_input_span_bytes(const vksplit_plan* plan, uint32_t input_index)
{
    if (!plan)
        return 0;
    if (!vksplit__writes_whole(plan->direction))
        return input_index == 0 ? plan->whole_span : 0;
    return input_index < plan->part_count ? plan->part_spans[input_index] : 0;
}
