/* A plan's dispatches and their grids (grid.h). */
#include "geometry/grid.h"

#include "split_abi.h"

bool vksplit__pack_shape(uint64_t grid_x, uint32_t row_dims, uint32_t flags, uint32_t* shape)
{
    if (grid_x > SHAPE_GRID_X_MASK || row_dims > SHAPE_ROW_DIMS_MASK || flags > SHAPE_FLAGS_MASK)
        return false;
    *shape = (uint32_t)grid_x | row_dims << SHAPE_ROW_DIMS_SHIFT | flags << SHAPE_FLAGS_SHIFT;
    return true;
}

/* The flags of split_abi.h that hold for every dispatch of the plan. */
static uint32_t plan_flags(const vksplit__geometry* g, const vksplit__grid_caps* caps)
{
    uint32_t flags = 0;
    if (caps->arguments)
        flags |= FLAG_ARGUMENTS;
    if (g->aligned16)
        flags |= FLAG_ALIGNED;
    /* Device addresses: a small TILES plan without row dimensions carries its segments in
     * push constants, so that its first load waits on no table read; two or three segments of
     * unequal work are told apart by their pushed first workgroups. */
    if (caps->bda && (g->kernel == MAPPING_TILES || g->kernel == MAPPING_TILES_WIDE) && g->row_dims == 0 &&
        g->bands == 1 && g->segment_count <= INLINE_MAX_SEGMENTS)
        flags |= FLAG_INLINE;
    if (caps->bda && g->mapping != VKSPLIT_MAPPING_DEINTERLEAVE && !g->equal_units && g->segment_count >= 2 &&
        g->segment_count <= 3)
        flags |= FLAG_PREFIX;
    return flags;
}

/* Workgroups of every segment in [first, end) when equal (RUNS: workgroups of invocations), else 0. */
static uint32_t equal_units(const vksplit__geometry* g, uint32_t first, uint32_t end)
{
    if (g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE)
        return 0;
    uint64_t units = 0;
    for (uint32_t s = first; s < end; s++) {
        uint64_t next = (s + 1 < g->segment_count ? g->segments[s + 1].first_workgroup : g->band_workgroups) -
                        g->segments[s].first_workgroup;
        if (s > first && next != units)
            return 0;
        units = next;
    }
    return (uint32_t)units;
}

/* The dispatches of an allocated grid (vksplit__plan_grid). */
static vksplit_result fill_dispatches(const vksplit__geometry* g, const vksplit__grid_caps* caps, uint32_t per,
                                      vksplit__grid* grid, vksplit_error* error)
{
    bool deinterleave = g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE;
    uint32_t flags = plan_flags(g, caps);
    if (flags & FLAG_PREFIX) {
        grid->prefix1 = (uint32_t)g->segments[1].first_workgroup;
        grid->prefix2 = g->segment_count > 2 ? (uint32_t)g->segments[2].first_workgroup : UINT32_MAX;
    }
    if (deinterleave) { /* the prefix fields hold its tiles and units (split_abi.h) */
        grid->prefix1 = (uint32_t)vksplit__div_up(g->segments[0].rows, g->tile_rows);
        grid->prefix2 = (uint32_t)g->segments[0].units;
    }
    /* A grid axis the shader reads from the shape word (its width, for a workgroup's linear
     * index) stays within that word's 16 bits, whatever more the device allows: GPUs allow
     * 2^31 - 1 along x, and a wider grid would spill into the row dimensions and flags. */
    uint64_t max_x = vksplit__min_u64(caps->max_group_count[0], SHAPE_GRID_X_MASK);
    for (uint32_t d = 0; d < grid->dispatch_count; d++) {
        vksplit__dispatch* dispatch = &grid->dispatches[d];
        uint32_t first = d * per;
        uint32_t end = first + per < g->segment_count ? first + per : g->segment_count;
        uint64_t begin_wg = g->segments[first].first_workgroup;
        uint64_t end_wg = end < g->segment_count ? g->segments[end].first_workgroup : g->band_workgroups;
        uint64_t groups = deinterleave ? g->total_workgroups : (end_wg - begin_wg) * g->bands; /* bands: one dispatch */
        /* As few rows as the width allows, then the narrowest width for them: the padding
         * (idle workgroups) stays below one per row. */
        uint64_t y = groups ? (groups + max_x - 1) / max_x : 0;
        uint64_t x = y ? (groups + y - 1) / y : 0;
        if (y > caps->max_group_count[1])
            return VKSPLIT__FAIL(error, PLAN_WORKGROUP_COUNT, vksplit__words(g->direction)->operation,
                                 (unsigned long long)groups, (unsigned long long)max_x, caps->max_group_count[1]);
        dispatch->seg_first = first;
        dispatch->seg_count = end - first;
        dispatch->wg_base = (uint32_t)begin_wg;
        dispatch->grid_x = (uint32_t)x;
        dispatch->grid_y = (uint32_t)y;
        dispatch->grid_z = 1;
        dispatch->equal_units = equal_units(g, first, end);
        uint32_t grid_flags = flags;
        /* Segments of equal work: a grid of (units, segments, bands), so that a workgroup
         * reads its segment, unit and band from its id, with no division and no search;
         * where the units are more than a row of the 2D grid holds, the 2D grid (one division
         * per workgroup finds the segment). */
        uint64_t bands = caps->bda ? g->bands : 1;
        if (dispatch->equal_units && !deinterleave && dispatch->equal_units <= max_x &&
            dispatch->seg_count <= caps->max_group_count[1] && bands <= caps->max_group_count[2]) {
            dispatch->grid_x = dispatch->equal_units;
            dispatch->grid_y = dispatch->seg_count;
            dispatch->grid_z = (uint32_t)bands;
            grid_flags = (flags & ~FLAG_PREFIX) | FLAG_GRID3;
            x = dispatch->grid_x;
            y = (uint64_t)dispatch->grid_y * dispatch->grid_z;
        }
        if (!vksplit__pack_shape(x, g->row_dims, grid_flags, &dispatch->shape))
            return VKSPLIT__FAIL(error, PLAN_SHAPE_FIELDS, (unsigned long long)x, g->row_dims, grid_flags);
        grid->workgroups += x * y;
    }
    return VKSPLIT_OK;
}

/* One dispatch for every segment with device addresses; groups of output_slots otherwise. The
 * grid is two-dimensional where one row of workgroups would not hold them. Holds nothing on
 * failure. */
vksplit_result vksplit__plan_grid(const vksplit__geometry* g, const vksplit__grid_caps* caps,
                                  const VkAllocationCallbacks* callbacks, vksplit__grid* grid, vksplit_error* error)
{
    memset(grid, 0, sizeof *grid);
    bool deinterleave = g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE;
    uint32_t per = caps->bda || deinterleave ? g->segment_count : caps->output_slots;
    grid->dispatch_count = (g->segment_count + per - 1) / per;
    grid->dispatches = vksplit__alloc_array(callbacks, grid->dispatch_count, sizeof *grid->dispatches);
    if (!grid->dispatches)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_DISPATCHES, grid->dispatch_count);
    vksplit_result r = fill_dispatches(g, caps, per, grid, error);
    if (r != VKSPLIT_OK)
        vksplit__grid_free(callbacks, grid);
    return r;
}

void vksplit__grid_free(const VkAllocationCallbacks* callbacks, vksplit__grid* grid)
{
    vksplit__free(callbacks, grid->dispatches);
    grid->dispatches = NULL;
    grid->dispatch_count = 0;
}
