/* The geometry of a plan with device parameters (mapping_device.h). */
#include "geometry/mapping_device.h"

#include "rules/request_layout.h"
#include "split_abi.h"

/* Tensor t (0: the whole; 1 + i: part i): its sizes and strides in elements. */
static void tensor_layout(const vksplit__request* split, uint32_t t, uint64_t* sizes, uint64_t* strides)
{
    if (t == 0) {
        memcpy(sizes, split->sizes, split->rank * sizeof *sizes);
        memcpy(strides, split->whole_strides, split->rank * sizeof *strides);
        return;
    }
    vksplit__part_sizes(split, t - 1, sizes);
    vksplit__part_strides(split, t - 1, strides);
}

static void tensor_name(const vksplit__request* split, uint32_t t, char* out, size_t capacity)
{
    const vksplit__direction_words* w = vksplit__words(split->direction);
    if (t == 0)
        snprintf(out, capacity, "the %s", w->whole);
    else
        snprintf(out, capacity, "%s[%u]", w->parts, t - 1);
}

/* The dimensions after the axis packed, and the axis's stride their extent (where a size
 * gives them more than one index). */
static vksplit_result check_packed(const vksplit__request* split, uint32_t t, uint64_t step, vksplit_error* error)
{
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
    tensor_layout(split, t, sizes, strides);
    if (vksplit__is_empty(split->rank, sizes))
        return VKSPLIT_OK; /* no element to place: its strides are never used (default ones skip zero sizes) */
    uint64_t want = 1;
    for (uint32_t d = split->rank; d-- > split->axis;) {
        uint64_t need = d == split->axis ? step : want;
        if (sizes[d] > 1 && strides[d] != need) {
            char name[32];
            tensor_name(split, t, name, sizeof name);
            return VKSPLIT__FAIL(error, PLAN_DEVICE_LAYOUT, name, (unsigned long long)strides[d], d,
                                 (unsigned long long)need);
        }
        want *= sizes[d];
    }
    return VKSPLIT_OK;
}

/* The first stride before the axis, in bytes, that `word` does not divide (its tensor and
 * dimension in *t_out and *dim); 0 when it divides them all. */
static uint64_t stride_off_word(const vksplit__request* split, uint32_t word, uint32_t* t_out, uint32_t* dim)
{
    for (uint32_t t = 0; t <= split->part_count; t++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        tensor_layout(split, t, sizes, strides);
        for (uint32_t d = 0; d < split->axis; d++)
            if (sizes[d] > 1 && strides[d] * split->element_size % word) {
                *t_out = t;
                *dim = d;
                return strides[d] * split->element_size;
            }
    }
    return 0;
}

/* The widest word of 16, 8 and 4 bytes that divides the step and every row dimension's stride
 * in bytes, within the caps and the base alignment; 0 when none. */
static uint32_t choose_word(const vksplit__request* split, const vksplit__planner_caps* caps, uint64_t step_bytes)
{
    uint32_t t, d;
    for (uint32_t word = 16; word >= 4; word /= 2)
        if (word <= caps->max_word_bytes && word <= split->base_alignment && step_bytes % word == 0 &&
            !stride_off_word(split, word, &t, &d))
            return word;
    return 0;
}

/* Why no 4-byte word fits: the step, the base alignment or a stride before the axis. */
static vksplit_result fail_step(const vksplit__request* split, uint64_t step_bytes, vksplit_error* error)
{
    char what[64];
    uint64_t bytes = step_bytes;
    uint32_t t = 0, d = 0;
    uint64_t stride = stride_off_word(split, 4, &t, &d);
    if (step_bytes % 4) {
        snprintf(what, sizeof what, "a step along the axis");
    } else if (split->base_alignment < 4) {
        snprintf(what, sizeof what, "base_alignment");
        bytes = split->base_alignment;
    } else {
        char name[32];
        tensor_name(split, t, name, sizeof name);
        snprintf(what, sizeof what, "%s's stride at dimension %u", name, d);
        bytes = stride;
    }
    return VKSPLIT__FAIL(error, PLAN_DEVICE_STEP, what, (unsigned long long)bytes, (unsigned long long)step_bytes,
                         split->base_alignment);
}

vksplit_result vksplit__plan_device(const vksplit__request* split, const vksplit__planner_caps* caps,
                                    const VkAllocationCallbacks* callbacks, vksplit__geometry* g, vksplit_error* error)
{
    memset(g, 0, sizeof *g);
    g->direction = split->direction;
    g->mapping = VKSPLIT_MAPPING_RUNS; /* its table fields are RUNS' (split_abi.h: SEG_DEV_*) */
    g->kernel = MAPPING_DEVICE;
    g->workgroup_size = caps->workgroup_size;
    g->trips = 1;
    g->bands = 1;
    uint64_t step = 1, rows = 1;
    for (uint32_t d = split->axis + 1; d < split->rank; d++)
        step *= split->sizes[d];
    for (uint32_t d = 0; d < split->axis; d++)
        rows *= split->sizes[d];
    for (uint32_t t = 0; t <= split->part_count; t++) {
        vksplit_result r = check_packed(split, t, step, error);
        if (r != VKSPLIT_OK)
            return r;
    }
    uint64_t step_bytes = step * split->element_size;
    uint32_t word = choose_word(split, caps, step_bytes);
    if (step_bytes && !word)
        return fail_step(split, step_bytes, error);
    g->word_bytes = g->count_bytes = word ? word : 4;
    uint64_t step_words = step_bytes / g->word_bytes;
    /* A lane copies trips x ABI_UNROLL words of its tile, a trip of 64 bytes at a time: about
     * invocation_bytes (a CPU device's runs of 4 KiB, a GPU's 512 bytes), within the loop budget. */
    uint32_t per_trip = ABI_UNROLL(g->word_bytes) * g->word_bytes;
    g->trips = caps->invocation_bytes / per_trip ? caps->invocation_bytes / per_trip : 1;
    if (g->trips > 64)
        g->trips = 64;
    uint64_t tile = (uint64_t)caps->workgroup_size * ABI_UNROLL(g->word_bytes) * g->trips;
    /* The check and the copy count a row's words, and round them up to tiles, in 32 bits: the
     * whole's capacity in words, plus a tile, must fit (no part's actual chunk passes the whole's
     * capacity once the check has passed it). */
    uint64_t whole_cap = split->sizes[split->axis], most = UINT32_MAX - tile;
    const char* whole = vksplit__words(split->direction)->whole;
    if (whole_cap > most || step_words > most || whole_cap * step_words > most)
        return VKSPLIT__FAIL(error, PLAN_DEVICE_CAPACITY, whole, (unsigned long long)whole_cap,
                             (unsigned long long)step_words, (unsigned long long)most);
    g->device_step_words = (uint32_t)step_words;
    g->device_parts = split->part_count;
    g->device_caps = vksplit__alloc_array(callbacks, (size_t)split->part_count + 1, sizeof *g->device_caps);
    if (!g->device_caps)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, split->part_count,
                             vksplit__words(split->direction)->parts);
    /* A part's capacity past 32 bits holds every length a 32-bit word can say: saturated, not cut. */
    for (uint32_t i = 0; i < split->part_count; i++)
        g->device_caps[i] = split->lengths[i] > UINT32_MAX ? UINT32_MAX : (uint32_t)split->lengths[i];
    g->device_caps[split->part_count] = (uint32_t)whole_cap;

    /* Row dimensions: every dimension before the axis with two or more indices, innermost first. */
    uint32_t row_dims = 0, row_dim_of[VKSPLIT_MAX_RANK];
    for (uint32_t d = split->axis; d-- > 0;)
        if (split->sizes[d] > 1)
            row_dim_of[row_dims++] = d;
    g->row_dims = row_dims;
    /* Each part's grid is sized for its capacity held to the whole's: no actual length the check
     * passes is longer (a part's longer capacity only lays out its own tensor). */
    uint32_t segments = 0;
    for (uint32_t i = 0; i < split->part_count; i++)
        segments += split->lengths[i] && whole_cap && rows && step;
    g->segments = vksplit__alloc_array(callbacks, segments ? segments : 1, sizeof *g->segments);
    g->dims =
        vksplit__alloc_array(callbacks, (size_t)(segments ? segments : 1) * (row_dims ? row_dims : 1), sizeof *g->dims);
    if (!g->segments || !g->dims)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, split->part_count,
                             vksplit__words(split->direction)->parts);
    uint64_t at = 0;
    uint64_t whole_strides[VKSPLIT_MAX_RANK];
    memcpy(whole_strides, split->whole_strides, sizeof whole_strides);
    for (uint32_t i = 0; i < split->part_count; i++) {
        if (!(split->lengths[i] && whole_cap && rows && step))
            continue;
        vksplit__segment* seg = &g->segments[g->segment_count];
        seg->part_index = i;
        seg->chunk_words = (split->lengths[i] < whole_cap ? split->lengths[i] : whole_cap) * step_words;
        seg->rows = rows;
        uint64_t tiles = vksplit__div_up(seg->chunk_words, tile);
        seg->units = rows * tiles;
        if (seg->units > UINT32_MAX || at + seg->units > UINT32_MAX) /* the capacities' workgroups */
            return VKSPLIT__FAIL(error, PLAN_GRID_LIMIT, vksplit__words(split->direction)->operation, 1ull,
                                 (unsigned long long)(at + seg->units));
        seg->pieces = (uint32_t)tiles; /* SEG_DEV_TILES */
        seg->piece_words = i;          /* SEG_DEV_PART */
        seg->rows_per_unit = 1;
        seg->first_workgroup = at;
        at += seg->units;
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        tensor_layout(split, 1 + i, sizes, strides);
        for (uint32_t k = 0; k < row_dims; k++) {
            uint32_t d = row_dim_of[k];
            vksplit__row_dim* dim = &g->dims[(size_t)g->segment_count * row_dims + k];
            dim->size = sizes[d];
            dim->whole_stride = whole_strides[d] * split->element_size / g->word_bytes;
            dim->part_stride = strides[d] * split->element_size / g->word_bytes;
        }
        g->bytes_written += rows * seg->chunk_words * g->word_bytes;
        g->segment_count++;
    }
    g->band_workgroups = g->total_workgroups = g->busy_workgroups = at;
    g->equal_units = g->segment_count ? g->segments[0].units : 0;
    for (uint32_t s = 1; s < g->segment_count; s++)
        if (g->segments[s].units != g->equal_units)
            g->equal_units = 0;
    g->bytes_in_flight = ABI_UNROLL(g->word_bytes) * g->word_bytes;
    g->invocation_bytes = g->bytes_in_flight * g->trips;
    g->sectors_read = vksplit__div_up(g->bytes_written, 32);
    return VKSPLIT_OK;
}
