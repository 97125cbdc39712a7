/* The planner. From a validated request it derives, once per plan, step by step:
 *   1. the outputs that hold elements (segments) and the dimensions that matter: sizes of 1
 *      dropped, neighbours that are contiguous in every tensor coalesced (a packed split
 *      becomes rows x one contiguous chunk per output);
 *   2. the chunk: a dimension with stride 1 in every tensor, or single elements; the other
 *      dimensions become row dimensions, except those where every output has one index;
 *   3. the widest copy word dividing every chunk, stride and offset;
 *   4. the mapping (src/geometry/mapping_*.c), which sets every segment's units;
 *   5. the prefix mapping workgroups to segments, and the planner's limits;
 *   6. the plan's own account of its traffic (src/geometry/traffic.c).
 * No per-element work is left for the shader beyond copying words. A request for capacities
 * (device parameters) takes the same steps, with three of its own (src/geometry/mapping_device.c):
 * every part held to the whole's capacity, the axis its chunk, and the device copy's word and
 * work in place of steps 3 and 4. */
#include "geometry/planner.h"

#include "geometry/kernels.h"
#include "geometry/mapping_deinterleave.h"
#include "geometry/mapping_device.h"
#include "geometry/mapping_runs.h"
#include "geometry/mapping_tiles.h"
#include "geometry/mapping_transpose.h"
#include "geometry/traffic.h"
#include "split_abi.h"
#include "rules/request_layout.h"

/* The dimensions after dropping and coalescing; out strides per active output. */
typedef struct dims_work {
    uint32_t count;
    uint64_t size[VKSPLIT_MAX_RANK]; /* non-axis dims: the common size */
    vksplit_bool32 is_axis[VKSPLIT_MAX_RANK];
    uint64_t whole_stride[VKSPLIT_MAX_RANK]; /* elements */
    uint64_t* part_stride;                   /* [active * VKSPLIT_MAX_RANK] elements */
    uint32_t active;                         /* outputs with at least one element */
    uint32_t* active_index;                  /* [active] their output indices */
    uint64_t* extent;                        /* [active] each active output's axis size */
    uint64_t* start;                         /* [active] where each starts along the axis */
    uint64_t input_extent;                   /* the input's axis size */
    uint64_t axis_scale;                     /* product of the dims merged into the axis */
    uint64_t* chunk_bytes;                   /* [active] */
    uint64_t* base_bytes;                    /* [active] */
} dims_work;

/* Size of dimension j in tensor t (t = active index, or -1 for the input). */
static uint64_t tensor_size(const dims_work* w, uint32_t j, int t)
{
    if (!w->is_axis[j])
        return w->size[j];
    return (t < 0 ? w->input_extent : w->extent[t]) * w->axis_scale;
}

static uint64_t tensor_stride(const dims_work* w, uint32_t j, int t)
{
    return t < 0 ? w->whole_stride[j] : w->part_stride[(size_t)t * VKSPLIT_MAX_RANK + j];
}

static void set_tensor_stride(dims_work* w, uint32_t j, int t, uint64_t stride)
{
    if (t < 0)
        w->whole_stride[j] = stride;
    else
        w->part_stride[(size_t)t * VKSPLIT_MAX_RANK + j] = stride;
}

static void free_work(const VkAllocationCallbacks* callbacks, dims_work* w)
{
    vksplit__free(callbacks, w->part_stride);
    vksplit__free(callbacks, w->active_index);
    vksplit__free(callbacks, w->extent);
    vksplit__free(callbacks, w->start);
    vksplit__free(callbacks, w->chunk_bytes);
    vksplit__free(callbacks, w->base_bytes);
}

/* ---- 1. active outputs and the dimensions that matter -------------------------------------- */

/* A part's extent along the axis as the plan copies it: its length, or, for a request of
 * capacities, its capacity held to the whole's (no length the check passes is longer). */
static uint64_t part_extent(const vksplit__request* split, uint32_t o)
{
    uint64_t whole = split->sizes[split->axis];
    return split->capacities && split->lengths[o] > whole ? whole : split->lengths[o];
}

static vksplit_result find_active_outputs(const vksplit__request* split, const VkAllocationCallbacks* callbacks,
                                          dims_work* w, vksplit_error* error)
{
    bool any_zero = false;
    for (uint32_t k = 0; k < split->rank; k++)
        any_zero |= k != split->axis && split->sizes[k] == 0;
    for (uint32_t o = 0; o < split->part_count && !any_zero; o++)
        w->active += part_extent(split, o) != 0;
    if (w->active == 0)
        return VKSPLIT_OK; /* nothing to copy */
    size_t n = w->active;
    w->active_index = vksplit__alloc_array(callbacks, n, sizeof *w->active_index);
    w->extent = vksplit__alloc_array(callbacks, n, sizeof *w->extent);
    w->start = vksplit__alloc_array(callbacks, n, sizeof *w->start);
    w->part_stride = vksplit__alloc_array(callbacks, n * VKSPLIT_MAX_RANK, sizeof *w->part_stride);
    w->chunk_bytes = vksplit__alloc_array(callbacks, n, sizeof *w->chunk_bytes);
    w->base_bytes = vksplit__alloc_array(callbacks, n, sizeof *w->base_bytes);
    if (!w->active_index || !w->extent || !w->start || !w->part_stride || !w->chunk_bytes || !w->base_bytes)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, w->active, vksplit__words(split->direction)->parts);
    uint64_t start = 0;
    for (uint32_t o = 0, a = 0; o < split->part_count; o++) {
        if (part_extent(split, o) != 0) {
            w->active_index[a] = o;
            w->start[a] = split->capacities ? 0 : start; /* capacities: the GPU places each part */
            w->extent[a++] = part_extent(split, o);
        }
        start += split->lengths[o];
    }
    return VKSPLIT_OK;
}

/* Keeps the axis and every dimension with more than one index. */
static void keep_dims(const vksplit__request* split, dims_work* w)
{
    w->input_extent = split->sizes[split->axis];
    w->axis_scale = 1;
    for (uint32_t k = 0; k < split->rank; k++) {
        if (k != split->axis && split->sizes[k] == 1)
            continue;
        uint32_t j = w->count++;
        w->size[j] = split->sizes[k];
        w->is_axis[j] = k == split->axis;
        w->whole_stride[j] = split->whole_strides[k];
    }
    for (uint32_t a = 0; a < w->active; a++) {
        uint64_t part_strides[VKSPLIT_MAX_RANK];
        vksplit__part_strides(split, w->active_index[a], part_strides);
        for (uint32_t k = 0, j = 0; k < split->rank; k++)
            if (k == split->axis || split->sizes[k] != 1)
                set_tensor_stride(w, j++, (int)a, part_strides[k]);
    }
}

/* Outer dimension j folds into inner j+1 if, in every tensor where j has more than one
 * index, stepping j equals stepping j+1 all the way round. The axis may absorb inner
 * dimensions (outputs stay contiguous ranges of it); it is never absorbed. */
static bool can_merge(const dims_work* w, uint32_t j)
{
    uint32_t i = j + 1;
    if (w->is_axis[i])
        return false;
    for (int t = -1; t < (int)w->active; t++) {
        uint64_t step;
        if (tensor_size(w, j, t) > 1 &&
            (!vksplit__mul_u64(tensor_stride(w, i, t), w->size[i], &step) || tensor_stride(w, j, t) != step))
            return false;
    }
    return true;
}

static void merge(dims_work* w, uint32_t j)
{
    uint32_t i = j + 1;
    if (w->is_axis[j])
        w->axis_scale *= w->size[i];
    else
        w->size[j] *= w->size[i];
    for (int t = -1; t < (int)w->active; t++)
        set_tensor_stride(w, j, t, tensor_stride(w, i, t));
    for (uint32_t k = i; k + 1 < w->count; k++) {
        w->size[k] = w->size[k + 1];
        w->is_axis[k] = w->is_axis[k + 1];
        for (int t = -1; t < (int)w->active; t++)
            set_tensor_stride(w, k, t, tensor_stride(w, k + 1, t));
    }
    w->count--;
}

static void coalesce_dims(dims_work* w)
{
    for (uint32_t j = w->count - 1; j-- > 0;)
        while (j + 1 < w->count && can_merge(w, j))
            merge(w, j);
}

/* ---- 2. the chunk and the row dimensions --------------------------------------------------- */

/* Innermost dimension with stride 1 wherever it has more than one index, and more than one
 * index somewhere, or -1. (A dimension of one index everywhere, such as an axis of size 1
 * that was kept, is no chunk: its "rows" would be single elements among others.) When no
 * dimension has two indices anywhere, each output is one element: one contiguous chunk. */
static int find_chunk_dim(const dims_work* w)
{
    bool any_spans = false;
    for (uint32_t j = w->count; j-- > 0;) {
        bool contiguous = true, spans = false;
        for (int t = -1; t < (int)w->active; t++) {
            contiguous = contiguous && (tensor_size(w, j, t) <= 1 || tensor_stride(w, j, t) == 1);
            spans = spans || tensor_size(w, j, t) > 1;
        }
        if (contiguous && spans)
            return (int)j;
        any_spans = any_spans || spans;
    }
    return any_spans ? -1 : (int)w->count - 1;
}

/* A row dimension is one where some output has two indices or more: the axis where every
 * output has one (each output's start is in its base) carries no rows. */
static bool is_row_dim(const dims_work* w, uint32_t j, int chunk_dim)
{
    if ((int)j == chunk_dim)
        return false;
    for (uint32_t a = 0; a < w->active; a++)
        if (tensor_size(w, j, (int)a) > 1)
            return true;
    return false;
}

/* The axis's place among the dimensions kept. */
static int axis_dim(const dims_work* w)
{
    for (uint32_t j = 0; j < w->count; j++)
        if (w->is_axis[j])
            return (int)j;
    return -1;
}

static vksplit_result fill_segments(const vksplit__request* split, dims_work* w, const VkAllocationCallbacks* callbacks,
                                    vksplit__geometry* g, vksplit_error* error)
{
    /* Capacities: the axis is the chunk (with the dimensions after it, packed), whatever its
     * sizes, and every dimension before it a row dimension: a row's actual chunk is its length
     * times the step, read when the copy runs. */
    int chunk_dim = split->capacities ? axis_dim(w) : find_chunk_dim(w);
    g->rows_contiguous = chunk_dim >= 0;
    g->segment_count = w->active;
    for (uint32_t j = 0; j < w->count; j++)
        g->row_dims += is_row_dim(w, j, chunk_dim);
    g->segments = vksplit__alloc_array(callbacks, w->active, sizeof *g->segments);
    g->dims = g->row_dims ? vksplit__alloc_array(callbacks, (size_t)w->active * g->row_dims, sizeof *g->dims) : NULL;
    if (!g->segments || (g->row_dims && !g->dims))
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, w->active, vksplit__words(split->direction)->parts);
    for (uint32_t a = 0; a < w->active; a++) {
        vksplit__segment* seg = &g->segments[a];
        seg->part_index = w->active_index[a];
        uint64_t chunk_elements = chunk_dim < 0 ? 1 : tensor_size(w, (uint32_t)chunk_dim, (int)a);
        w->chunk_bytes[a] = chunk_elements * split->element_size;
        w->base_bytes[a] = w->start[a] * split->whole_strides[split->axis] * split->element_size;
        uint64_t rows = 1;
        uint32_t d = 0;
        for (uint32_t j = w->count; j-- > 0;) { /* innermost first */
            if (!is_row_dim(w, j, chunk_dim))
                continue;
            vksplit__row_dim* dim = &g->dims[(size_t)a * g->row_dims + d++];
            dim->size = tensor_size(w, j, (int)a);
            dim->whole_stride = tensor_stride(w, j, -1);
            dim->part_stride = tensor_stride(w, j, (int)a);
            rows *= dim->size; /* the output's element count fits: no overflow */
        }
        seg->rows = rows;
        if (rows > UINT32_MAX)
            return VKSPLIT__FAIL(error, PLAN_ROWS_LIMIT, vksplit__words(split->direction)->parts, seg->part_index,
                                 (unsigned long long)rows);
    }
    return VKSPLIT_OK;
}

/* ---- 3. the copy word ---------------------------------------------------------------------- */

uint32_t vksplit__offset_alignment(uint32_t word_bytes, vksplit_bool32 bda)
{
    return bda && word_bytes > 16 ? 16 : word_bytes;
}

/* Does the word divide every chunk, offset and stride (all in bytes)? */
static bool word_fits(uint64_t word, const vksplit__geometry* g, const dims_work* w, uint32_t element_size)
{
    for (uint32_t s = 0; s < g->segment_count; s++) {
        if (w->chunk_bytes[s] % word || w->base_bytes[s] % word)
            return false;
        for (uint32_t d = 0; d < g->row_dims; d++) {
            const vksplit__row_dim* dim = &g->dims[(size_t)s * g->row_dims + d];
            if (dim->size > 1 &&
                ((dim->whole_stride * element_size) % word || (dim->part_stride * element_size) % word))
                return false;
        }
    }
    return true;
}

/* The widest word every chunk, offset and stride allows, within the base alignment. */
static uint32_t choose_word(const vksplit__request* split, const vksplit__planner_caps* caps, const dims_work* w,
                            const vksplit__geometry* g)
{
    for (uint32_t word = caps->max_word_bytes; word > 1; word >>= 1)
        if (vksplit__offset_alignment(word, caps->bda) <= split->base_alignment &&
            word_fits(word, g, w, split->element_size))
            return word;
    return 1;
}

/* Every length in the word's units. */
static vksplit_result in_words(const vksplit__request* split, uint32_t word_bytes, const dims_work* w,
                               vksplit__geometry* g, vksplit_error* error)
{
    g->word_bytes = g->count_bytes = word_bytes;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        seg->chunk_words = w->chunk_bytes[s] / g->word_bytes;
        if (seg->chunk_words > UINT32_MAX)
            return VKSPLIT__FAIL(error, PLAN_ROW_WORDS_LIMIT, vksplit__words(split->direction)->parts, seg->part_index,
                                 (unsigned long long)seg->chunk_words, g->word_bytes);
        seg->base_words = w->base_bytes[s] / g->word_bytes;
        g->bytes_written += w->chunk_bytes[s] * seg->rows;
        for (uint32_t d = 0; d < g->row_dims; d++) {
            vksplit__row_dim* dim = &g->dims[(size_t)s * g->row_dims + d];
            dim->whole_stride = dim->whole_stride * split->element_size / g->word_bytes;
            dim->part_stride = dim->part_stride * split->element_size / g->word_bytes;
        }
    }
    return VKSPLIT_OK;
}

/* ---- 4. the mapping ------------------------------------------------------------------------ */

/* BY_SHAPE, the GPU's default: TRANSPOSE where the output's contiguous dimension is not the
 * input's, DEINTERLEAVE where rows of TILES would fetch more than 1.25 input bytes per byte
 * copied (chunks shorter than a 32-byte sector share sectors between outputs), else TILES.
 * A forced TRANSPOSE or DEINTERLEAVE applies where the split allows it, else TILES. A join
 * plans as its split would. */
static vksplit_mapping choose_mapping(const vksplit__request* split, const vksplit__planner_caps* caps,
                                      const vksplit__geometry* g)
{
    /* which mappings it allows: the kernel table's (src/geometry/kernels.c) */
    vksplit_mapping m = caps->mapping;
    if (m == VKSPLIT_MAPPING_RUNS || m == VKSPLIT_MAPPING_TILES)
        return m;
    bool by_shape = m == VKSPLIT_MAPPING_BY_SHAPE;
    if (vksplit__mapping_allowed(m, VKSPLIT_MAPPING_TRANSPOSE) && vksplit__transpose_fits(g, by_shape))
        return VKSPLIT_MAPPING_TRANSPOSE;
    if (vksplit__mapping_allowed(m, VKSPLIT_MAPPING_DEINTERLEAVE) &&
        vksplit__deinterleave_fits(g, caps, split->base_alignment) && (!by_shape || vksplit__row_fetch_ratio(g) > 1.25))
        return VKSPLIT_MAPPING_DEINTERLEAVE;
    return VKSPLIT_MAPPING_TILES;
}

static vksplit_result plan_mapping(const vksplit__request* split, const vksplit__planner_caps* caps,
                                   vksplit__geometry* g, vksplit_error* error)
{
    g->mapping = choose_mapping(split, caps, g);
    g->kernel = (uint32_t)g->mapping; /* a mapping's plan step may choose another of its kernels */
    g->trips = 1;
    g->workgroup_size = caps->workgroup_size;
    switch (g->mapping) {
    case VKSPLIT_MAPPING_RUNS: vksplit__plan_runs(g, caps); return VKSPLIT_OK;
    case VKSPLIT_MAPPING_TRANSPOSE:
        g->workgroup_size = TRANSPOSE_WORKGROUP;
        vksplit__plan_transpose(g, caps, split->base_alignment);
        return VKSPLIT_OK;
    case VKSPLIT_MAPPING_DEINTERLEAVE: vksplit__plan_deinterleave(g, caps, split->base_alignment); return VKSPLIT_OK;
    default: return vksplit__plan_tiles(g, caps, error);
    }
}

/* ---- 5. the workgroup prefix and the limits ------------------------------------------------- */

static vksplit_result plan_prefix(const vksplit__planner_caps* caps, vksplit__geometry* g, vksplit_error* error)
{
    bool per_invocation = g->mapping == VKSPLIT_MAPPING_RUNS;
    const char* unit = per_invocation ? "invocations" : "workgroups";
    g->band_workgroups = 0;
    g->equal_units = UINT64_MAX;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        /* RUNS: the shader's invocation index (workgroup * size + lane) stays below 2^32. */
        uint64_t limit = per_invocation ? UINT32_MAX - caps->workgroup_size : UINT32_MAX;
        if (seg->units > limit)
            return VKSPLIT__FAIL(error, PLAN_UNITS_LIMIT, vksplit__words(g->direction)->parts, seg->part_index,
                                 (unsigned long long)seg->units, unit, (unsigned long long)limit);
        uint64_t groups = per_invocation ? vksplit__div_up(seg->units, caps->workgroup_size) : seg->units;
        g->equal_units = g->equal_units == UINT64_MAX || g->equal_units == groups ? groups : 0;
        seg->first_workgroup = g->band_workgroups;
        g->band_workgroups += groups;
    }
    if (g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE) { /* a workgroup copies every segment's part of its rows */
        g->band_workgroups = g->segments[0].units;    /* ceil(tiles / trips) */
        g->equal_units = 0;
    }
    if (g->band_workgroups > UINT32_MAX || !vksplit__mul_u64(g->band_workgroups, g->bands, &g->total_workgroups) ||
        g->total_workgroups > UINT32_MAX)
        return VKSPLIT__FAIL(error, PLAN_GRID_LIMIT, vksplit__words(g->direction)->operation,
                             (unsigned long long)g->bands, (unsigned long long)g->band_workgroups);
    return VKSPLIT_OK;
}

/* ---- all steps -------------------------------------------------------------------------------- */

vksplit_result vksplit__plan_geometry(const vksplit__request* split, const vksplit__planner_caps* caps,
                                      const VkAllocationCallbacks* callbacks, vksplit__geometry* g,
                                      vksplit_error* error)
{
    memset(g, 0, sizeof *g);
    g->direction = split->direction;
    g->word_bytes = 1;
    g->count_bytes = 1;
    g->bands = 1;
    g->mapping = caps->mapping == VKSPLIT_MAPPING_BY_SHAPE ? VKSPLIT_MAPPING_TILES : caps->mapping;
    g->workgroup_size = caps->workgroup_size;
    dims_work w;
    memset(&w, 0, sizeof w);
    /* Capacities: the rules the GPU's lengths add, and the word they allow, before any step. */
    uint32_t device_word = 0;
    vksplit_result r = split->capacities ? vksplit__device_word(split, caps, &device_word, error) : VKSPLIT_OK;
    if (r == VKSPLIT_OK)
        r = find_active_outputs(split, callbacks, &w, error);
    if (r == VKSPLIT_OK && w.active) {
        keep_dims(split, &w);
        coalesce_dims(&w);
        r = fill_segments(split, &w, callbacks, g, error);
        if (r == VKSPLIT_OK)
            r = in_words(split, split->capacities ? device_word : choose_word(split, caps, &w, g), &w, g, error);
        if (r == VKSPLIT_OK)
            r = split->capacities ? vksplit__plan_device(split, caps, callbacks, g, error)
                                  : plan_mapping(split, caps, g, error);
        /* The one place that asks for 16-byte aligned bindings: TRANSPOSE16 always (it is
         * planned only where the split promises them), the realigned TILES where promised. */
        if (r == VKSPLIT_OK)
            g->aligned16 =
                g->kernel == MAPPING_TRANSPOSE16 || (g->kernel == MAPPING_TILES_REALIGN && split->base_alignment >= 16);
        if (r == VKSPLIT_OK)
            r = plan_prefix(caps, g, error);
        if (r == VKSPLIT_OK)
            vksplit__plan_traffic(g);
    } else if (r == VKSPLIT_OK && split->capacities) { /* nothing to copy: the check's table all the same */
        g->word_bytes = g->count_bytes = device_word;
        r = vksplit__plan_device(split, caps, callbacks, g, error);
    }
    free_work(callbacks, &w);
    if (r != VKSPLIT_OK)
        vksplit__geometry_free(callbacks, g);
    return r == VKSPLIT_OK ? vksplit__ok(error) : r;
}

void vksplit__geometry_free(const VkAllocationCallbacks* callbacks, vksplit__geometry* g)
{
    vksplit__free(callbacks, g->segments);
    vksplit__free(callbacks, g->dims);
    vksplit__free(callbacks, g->capacities);
    g->segments = NULL;
    g->dims = NULL;
    g->capacities = NULL;
    g->segment_count = 0;
}
