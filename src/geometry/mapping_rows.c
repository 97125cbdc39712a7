/* Rows the GPU places at plan time (mapping_rows.h). */
#include "geometry/mapping_rows.h"

#include <stdlib.h>

#include "rules/request_layout.h"

static const char* mode_name(vksplit_rows_mode mode)
{
    switch (mode) {
    case VKSPLIT_ROWS_INDEXED: return "INDEXED";
    case VKSPLIT_ROWS_LINEAR: return "LINEAR";
    case VKSPLIT_ROWS_CIRCULAR: return "CIRCULAR";
    default: return "NONE";
    }
}

vksplit_result vksplit__rows_options(const vksplit_plan_options* o, vksplit_error* error)
{
    const vksplit_rows* rows = &o->rows;
    if ((uint32_t)rows->mode > VKSPLIT_ROWS_CIRCULAR)
        return VKSPLIT__FAIL(error, PLAN_ROWS_MODE, (int)rows->mode);
    if (rows->mode == VKSPLIT_ROWS_NONE)
        return VKSPLIT_OK;
    if (rows->index_bytes != 0 && rows->index_bytes != 4 && rows->index_bytes != 8)
        return VKSPLIT__FAIL(error, PLAN_ROWS_INDEX_BYTES, rows->index_bytes);
    if (rows->skip_negative && rows->mode != VKSPLIT_ROWS_INDEXED)
        return VKSPLIT__FAIL(error, PLAN_ROWS_SKIP, mode_name(rows->mode));
    if (o->device_parameters != VKSPLIT_DEVICE_PARAMETERS_NONE)
        return VKSPLIT__FAIL(error, PLAN_ROWS_DEVICE_PARAMETERS, (int)o->device_parameters);
    if (o->path == VKSPLIT_PATH_TRANSFER)
        return VKSPLIT__FAIL0(error, PLAN_ROWS_PATH);
    return VKSPLIT_OK;
}

/* Tensor t (0: the whole, 1: the part): its sizes and strides in elements, and its name. */
static void tensor_layout(const vksplit__request* q, uint32_t t, uint64_t* sizes, uint64_t* strides)
{
    if (t == 0) {
        memcpy(sizes, q->sizes, q->rank * sizeof *sizes);
        memcpy(strides, q->whole_strides, q->rank * sizeof *strides);
    } else {
        vksplit__part_sizes(q, 0, sizes);
        vksplit__part_strides(q, 0, strides);
    }
}
static const char* tensor_name(const vksplit__request* q, uint32_t t)
{
    const vksplit__direction_words* w = vksplit__words(q->direction);
    return t == 0 ? w->whole : w->parts;
}

/* The dimensions after the axis packed (where a size gives them two indices or more). */
static vksplit_result check_rows_packed(const vksplit__request* q, vksplit_error* error)
{
    for (uint32_t t = 0; t < 2; t++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        tensor_layout(q, t, sizes, strides);
        if (vksplit__is_empty(q->rank, sizes))
            continue;
        uint64_t want = 1;
        for (uint32_t d = q->rank; d-- > q->axis + 1;) {
            if (sizes[d] > 1 && strides[d] != want) {
                char name[32];
                snprintf(name, sizeof name, t ? "%s[0]" : "the %s", tensor_name(q, t));
                return VKSPLIT__FAIL(error, PLAN_ROWS_LAYOUT, name, (unsigned long long)strides[d], d,
                                     (unsigned long long)want);
            }
            want *= sizes[d];
        }
    }
    return VKSPLIT_OK;
}

/* The widest word within the caps and the base alignment that divides a row, both steps along
 * the axis and every outer stride (in bytes). */
static uint32_t choose_word(const vksplit__request* q, const vksplit__rows_caps* caps, uint64_t row_bytes)
{
    uint64_t all = row_bytes;
    for (uint32_t t = 0; t < 2; t++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        tensor_layout(q, t, sizes, strides);
        for (uint32_t d = 0; d <= q->axis; d++)
            if (sizes[d] > 1)
                all |= strides[d] * q->element_size;
    }
    uint32_t word = 16;
    while (word > 1 && (word > caps->max_word_bytes || word > q->base_alignment || all % word))
        word /= 2;
    return word;
}

static vksplit_result limit(vksplit_error* error, const char* what, uint64_t value, uint64_t most)
{
    return VKSPLIT__FAIL(error, PLAN_ROWS_COUNT, what, (unsigned long long)value, (unsigned long long)most);
}

/* The outer dimensions, innermost first, in words; each one's stride in lists (list_dims); the
 * neighbours whose strides continue each other in both tensors and the lists merged. */
static void outer_dims(const vksplit__request* q, const vksplit_rows* rows, uint32_t word, vksplit__rows_geometry* g)
{
    uint64_t wsizes[VKSPLIT_MAX_RANK], wstrides[VKSPLIT_MAX_RANK], psizes[VKSPLIT_MAX_RANK], pstrides[VKSPLIT_MAX_RANK];
    tensor_layout(q, 0, wsizes, wstrides);
    tensor_layout(q, 1, psizes, pstrides);
    uint64_t list_stride = 1;
    g->lists = 1;
    g->outer_dims = 0;
    for (uint32_t d = q->axis; d-- > 0;) {
        if (rows->pages_along == d + 1)
            continue; /* the pages' dimension: the places run over it, the part's is a broadcast */
        bool listed = (rows->list_dims >> d & 1u) != 0;
        uint64_t ls = listed ? list_stride : 0;
        if (listed) {
            list_stride *= q->sizes[d];
            g->lists *= q->sizes[d];
        }
        if (q->sizes[d] == 1)
            continue;
        vksplit__rows_dim dim = {q->sizes[d], ls, wstrides[d] * q->element_size / word,
                                 pstrides[d] * q->element_size / word};
        if (g->outer_dims) {
            vksplit__rows_dim* in = &g->dims[g->outer_dims - 1];
            if (dim.whole_stride == in->whole_stride * in->size && dim.part_stride == in->part_stride * in->size &&
                dim.list_stride == in->list_stride * in->size) {
                in->size *= dim.size; /* one dimension of both: the inner's strides stay */
                continue;
            }
        }
        g->dims[g->outer_dims++] = dim;
    }
}

/* The block a workgroup copies and the grid: trips of ABI_UNROLL items a lane (about
 * invocation_bytes, a power of two), fewer while the copy has fewer workgroups than
 * min_workgroups; the block's columns a power of two covering a row where it can (else column
 * tiles), its rows the rest, at most ROWS_BLOCK_ROWS_MAX (the rows its lanes place in workgroup
 * memory; a CPU device's lanes place their own rows: ROWS_LANE_RUNS_LANE_ROWS a lane, each a
 * loop trip and one per outer dimension, within the loop budget), the trips then as many as its
 * items need. On a CPU device a workgroup also costs about what a copy of
 * ROWS_LANE_RUNS_WORKGROUP_BYTES does (llvmpipe: its check and set-up, about 34,000 instructions),
 * and a row about ROWS_LANE_RUNS_ROW_BYTES (its place): its blocks are halved only while each half
 * still holds that much work, so that a small copy runs in a workgroup or two, not min_workgroups. */
#define ROWS_LANE_RUNS_WORKGROUP_BYTES 16384u
#define ROWS_LANE_RUNS_ROW_BYTES 64u
#define ROWS_LANE_RUNS_LANE_ROWS 1024u
static void plan_blocks(const vksplit__rows_caps* caps, vksplit__rows_geometry* g)
{
    uint32_t unroll = ABI_UNROLL(g->word_bytes), lane_items = caps->workgroup_size * unroll;
    uint32_t want = caps->invocation_bytes / (unroll * g->word_bytes), trips = 1;
    while (trips * 2 <= want && trips < 64)
        trips *= 2;
    g->workgroup_size = caps->workgroup_size;
    uint64_t most_rows =
        caps->lane_runs ? (uint64_t)caps->workgroup_size * ROWS_LANE_RUNS_LANE_ROWS : ROWS_BLOCK_ROWS_MAX;
    /* a CPU device's work in bytes: each row's words and its place (saturating: a bound, not a size) */
    uint64_t row_cost = g->row_words * g->word_bytes + ROWS_LANE_RUNS_ROW_BYTES;
    uint64_t work = g->total_rows > UINT64_MAX / row_cost ? UINT64_MAX : g->total_rows * row_cost;
    for (;;) {
        uint64_t items = (uint64_t)lane_items * trips;
        uint32_t log2 = 0;
        while (((uint64_t)1 << log2) < g->row_words && ((uint64_t)1 << log2) < items)
            log2++;
        uint64_t rows = items >> log2;
        if (caps->lane_runs && rows > g->total_rows) /* a CPU device's lanes walk every row of a block */
            rows = g->total_rows ? g->total_rows : 1;
        g->cols_log2 = log2;
        g->block_rows = (uint32_t)(rows < most_rows ? rows : most_rows);
        g->trips = (uint32_t)vksplit__div_up((uint64_t)g->block_rows << log2, lane_items);
        g->col_tiles = (uint32_t)vksplit__div_up(g->row_words, (uint64_t)1 << log2);
        g->workgroups =
            g->row_words && g->total_rows ? vksplit__div_up(g->total_rows, g->block_rows) * (uint64_t)g->col_tiles : 0;
        if (trips == 1 || g->workgroups >= caps->min_workgroups)
            return;
        if (caps->lane_runs && g->workgroups && work / (2 * g->workgroups) < ROWS_LANE_RUNS_WORKGROUP_BYTES)
            return;
        trips /= 2;
    }
}

/* Host indices: index e's value (sign-extended). */
static int64_t host_value(const vksplit_rows* rows, uint32_t index_bytes, uint64_t e)
{
    if (index_bytes == 4) {
        int32_t v;
        memcpy(&v, (const char*)rows->host_indices + e * 4, 4);
        return v;
    }
    int64_t v;
    memcpy(&v, (const char*)rows->host_indices + e * 8, 8);
    return v;
}

typedef struct place_entry {
    uint32_t place, entry;
} place_entry;
static int by_place(const void* a, const void* b)
{
    const place_entry *x = a, *y = b;
    if (x->place != y->place)
        return x->place < y->place ? -1 : 1;
    return x->entry < y->entry ? -1 : x->entry > y->entry;
}

/* The host's indices held to the GPU check's rules, in its order (rows_indices.glsl's verdict:
 * the first entry that breaks a rule; else the least list with a place listed twice, its least
 * such place and the first two entries there), then normalized into host_places. */
static vksplit_result host_indices(const vksplit__request* q, const vksplit_rows* rows,
                                   const VkAllocationCallbacks* callbacks, vksplit__rows_geometry* g,
                                   vksplit_error* error)
{
    uint64_t per_list = rows->mode == VKSPLIT_ROWS_INDEXED ? g->rows : 1, C = g->places, L = g->rows;
    for (uint64_t e = 0; e < g->entries; e++) {
        int64_t v = host_value(rows, g->index_bytes, e);
        uint32_t list = (uint32_t)(e / per_list), entry = (uint32_t)(e % per_list);
        if (rows->mode == VKSPLIT_ROWS_INDEXED && (v >= (int64_t)C || (v < 0 && !rows->skip_negative)))
            return VKSPLIT__FAIL(error, ROWS_INDEX, "host's", list, entry, (long long)v, (unsigned)C);
        if (rows->mode == VKSPLIT_ROWS_LINEAR && (v < 0 || (uint64_t)v > C - L))
            return VKSPLIT__FAIL(error, ROWS_START, "host's", list, (long long)v, (unsigned)L, (unsigned)C);
    }
    g->host_places = vksplit__alloc_array(callbacks, (size_t)(g->entries ? g->entries : 1), sizeof *g->host_places);
    if (!g->host_places)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, 1u, vksplit__words(q->direction)->parts);
    for (uint64_t e = 0; e < g->entries; e++) {
        int64_t v = host_value(rows, g->index_bytes, e);
        int64_t c = (int64_t)C;
        if (rows->mode == VKSPLIT_ROWS_INDEXED)
            g->host_places[e] = v < 0 ? ROWS_HOST_SKIP : (uint32_t)v;
        else if (rows->mode == VKSPLIT_ROWS_CIRCULAR) /* no place at all: no row either (L <= C) */
            g->host_places[e] = c ? (uint32_t)(((v % c) + c) % c) : 0;
        else
            g->host_places[e] = (uint32_t)v;
    }
    /* no lists (a listed dimension of size 0): no entry, and no list of L pairs to sort */
    if (rows->mode != VKSPLIT_ROWS_INDEXED || q->direction != VKSPLIT__JOIN || per_list < 2 || g->entries == 0)
        return VKSPLIT_OK;
    place_entry* pairs = vksplit__alloc_array(callbacks, (size_t)per_list, sizeof *pairs);
    if (!pairs)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, 1u, vksplit__words(q->direction)->parts);
    vksplit_result r = VKSPLIT_OK;
    for (uint64_t list = 0; list < g->lists && r == VKSPLIT_OK; list++) {
        uint32_t n = 0;
        for (uint64_t j = 0; j < per_list; j++) {
            uint32_t place = g->host_places[list * per_list + j];
            if (place != ROWS_HOST_SKIP)
                pairs[n++] = (place_entry){place, (uint32_t)j};
        }
        qsort(pairs, n, sizeof *pairs, by_place);
        for (uint32_t i = 1; i < n; i++)
            if (pairs[i].place == pairs[i - 1].place) {
                r = VKSPLIT__FAIL(error, ROWS_DUPLICATE, "host's", (unsigned)list, pairs[i - 1].entry, pairs[i].entry,
                                  (long long)pairs[i].place);
                break;
            }
    }
    vksplit__free(callbacks, pairs);
    return r;
}

/* What every rows plan shares: one part, the row packed, the word, the outer dimensions, the
 * 32-bit counts, the blocks and the grid; g->flags, rows and places set by the caller. */
static vksplit_result plan_shape(const vksplit__request* q, const vksplit_rows* rows, const vksplit__rows_caps* caps,
                                 vksplit__rows_geometry* g, vksplit_error* error)
{
    uint64_t row_elements = 1;
    for (uint32_t d = q->axis + 1; d < q->rank; d++)
        row_elements *= q->sizes[d];
    uint64_t row_bytes = row_elements * q->element_size;
    g->word_bytes = choose_word(q, caps, row_bytes);
    g->row_words = row_bytes / g->word_bytes;
    uint64_t wsizes[VKSPLIT_MAX_RANK], wstrides[VKSPLIT_MAX_RANK], psizes[VKSPLIT_MAX_RANK], pstrides[VKSPLIT_MAX_RANK];
    tensor_layout(q, 0, wsizes, wstrides);
    tensor_layout(q, 1, psizes, pstrides);
    g->whole_step = wstrides[q->axis] * q->element_size / g->word_bytes;
    g->part_step = pstrides[q->axis] * q->element_size / g->word_bytes;
    outer_dims(q, rows, g->word_bytes, g);
    uint64_t outer = 1;
    for (uint32_t d = 0; d < q->axis; d++)
        if (rows->pages_along != d + 1)
            outer *= q->sizes[d];
    /* none where the whole has no place (every index is refused or skipped), so that a copy that
     * runs always finds a first word on both sides. Both counts saturate, for the limits below to
     * refuse (found by fuzz_rows): the part's rows L are a capacity, not the whole's size, so a
     * part that broadcasts (or whose packed span passes 64 bits) may have 2^64 rows or more
     * ((2^34 + 1) x 2^30 wrapped to 2^30: outer index 0's rows alone), and an empty part's lists
     * as many indices (2^40 lists of 2^30 wrapped to none to check). */
    g->total_rows = 0;
    if (row_bytes && g->places && !vksplit__mul_u64(outer, g->rows, &g->total_rows))
        g->total_rows = UINT64_MAX;
    if (!vksplit__mul_u64(g->lists, rows->mode == VKSPLIT_ROWS_INDEXED ? g->rows : 1, &g->entries))
        g->entries = UINT64_MAX;
    /* 32-bit counts: places and words as the shader compares them, rows as it numbers them. */
    if (g->places >= (1u << 31))
        return limit(error, "the whole's places along the axis", g->places, (1u << 31) - 1);
    if (g->rows >= (1u << 31))
        return limit(error, "the part's rows along the axis", g->rows, (1u << 31) - 1);
    if (g->total_rows > UINT32_MAX)
        return limit(error, "the rows to move", g->total_rows, UINT32_MAX);
    if (g->row_words >= (1u << 31))
        return limit(error, "the words of a row", g->row_words, (1u << 31) - 1);
    plan_blocks(caps, g);
    if (g->workgroups > UINT32_MAX)
        return limit(error, "the copy's workgroups", g->workgroups, UINT32_MAX);
    uint64_t width = g->workgroups < caps->max_group_count[0] ? g->workgroups : caps->max_group_count[0];
    uint64_t height = width ? vksplit__div_up(g->workgroups, width) : 0;
    if (height > caps->max_group_count[1])
        return limit(error, "the copy's grid rows", height, caps->max_group_count[1]);
    /* The shader numbers a workgroup (y x grid_x + x) and its block's first row (block x
     * block_rows) in 32 bits, the grid's padding too: past 2^32 a padding workgroup would wrap
     * onto a real one's rows and copy them again (found by fuzz_rows). */
    uint64_t padded = width * height, padded_rows = padded ? ((padded - 1) / g->col_tiles + 1) * g->block_rows : 0;
    if (padded > ((uint64_t)1 << 32))
        return limit(error, "the copy's grid with its padding", padded, (uint64_t)1 << 32);
    if (padded_rows > ((uint64_t)1 << 32))
        return limit(error, "the rows the copy's grid reaches with its padding", padded_rows, (uint64_t)1 << 32);
    g->grid_x = (uint32_t)width;
    g->grid_y = (uint32_t)height;
    g->bytes_written = g->total_rows * row_bytes;
    g->table_words = ROWS_TBL_DIMS + ROWS_DIM_FIELDS * g->outer_dims;
    return VKSPLIT_OK;
}

/* The rules every rows request meets first: one part, the lists before the axis, the row packed. */
static vksplit_result check_request(const vksplit__request* q, uint32_t list_dims, vksplit_error* error)
{
    if (q->part_count != 1)
        return VKSPLIT__FAIL(error, PLAN_ROWS_PARTS, q->part_count, vksplit__words(q->direction)->parts);
    for (uint32_t d = q->axis; d < 32; d++)
        if (list_dims >> d & 1u)
            return VKSPLIT__FAIL(error, PLAN_ROWS_LIST_DIMS, list_dims, d, q->axis);
    return check_rows_packed(q, error);
}

/* The table's words, rounded to 16 bytes, within the uniform buffer's most (descriptors), and
 * every tensor within one binding's reach (descriptors). */
static vksplit_result check_reach(const vksplit__request* q, const vksplit__rows_caps* caps, vksplit__rows_geometry* g,
                                  vksplit_error* error)
{
    g->table_words = (uint32_t)vksplit__div_up(g->table_words, 4) * 4;
    if (caps->table_most && g->table_words * 4u > caps->table_most)
        return limit(error, "the table's bytes (host indices, as a uniform buffer)", g->table_words * 4u,
                     caps->table_most);
    if (caps->binding_reach) { /* descriptors: every binding within one's reach, word indices in 32 bits */
        uint64_t reach = caps->binding_reach;
        uint64_t spans[3] = {vksplit__whole_span_bytes(q), vksplit__part_span_bytes(q, 0), g->index_span_bytes};
        const char* names[3] = {"the whole", "the part", "the indices"};
        for (uint32_t i = 0; i < 3; i++)
            if (spans[i] > reach)
                return VKSPLIT__FAIL(error, PLAN_ROWS_BINDING, names[i], (unsigned long long)spans[i],
                                     (unsigned long long)reach);
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit__plan_device_rows(const vksplit__request* q, vksplit_device_parameters device,
                                         const vksplit__rows_caps* caps, vksplit__rows_geometry* g,
                                         vksplit_error* error)
{
    memset(g, 0, sizeof *g);
    vksplit_result r = check_request(q, 0, error);
    if (r != VKSPLIT_OK)
        return r;
    g->rows = q->lengths[0];
    g->places = q->sizes[q->axis];
    g->index_bytes = 8;
    if (device == VKSPLIT_DEVICE_PARAMETERS_RING && g->rows > g->places)
        return VKSPLIT__FAIL(error, PLAN_ROWS_LENGTH, "RING", (unsigned long long)g->rows,
                             (unsigned long long)g->places);
    static const vksplit_rows one_list = {VKSPLIT_ROWS_LINEAR, 8, 0, 0, NULL, 0};
    r = plan_shape(q, &one_list, caps, g, error);
    if (r != VKSPLIT_OK)
        return r;
    g->entries = 0; /* no indices: the length and the offset are the block's */
    g->flags = (uint32_t)device << ROWS_FLAG_DEVICE_SHIFT | (q->direction == VKSPLIT__JOIN ? ROWS_FLAG_JOIN : 0);
    if (caps->bda && g->workgroups) /* one dispatch: every workgroup checks the three words */
        g->flags |= ROWS_FLAG_FUSED;
    g->block_bytes = VKSPLIT_PARAMETERS_WORDS(1) * 4u;
    return check_reach(q, caps, g, error);
}

vksplit_result vksplit__plan_rows(const vksplit__request* q, const vksplit_rows* rows, const vksplit__rows_caps* caps,
                                  const VkAllocationCallbacks* callbacks, vksplit__rows_geometry* g,
                                  vksplit_error* error)
{
    memset(g, 0, sizeof *g);
    vksplit_result r = check_request(q, rows->list_dims, error);
    if (r != VKSPLIT_OK)
        return r;
    g->rows = q->lengths[0];
    g->places = q->sizes[q->axis];
    g->index_bytes = rows->index_bytes ? rows->index_bytes : 8;
    if (rows->pages_along) { /* the whole's places: its pages' dimension's times the axis's */
        uint32_t d = rows->pages_along - 1;
        if (d >= q->axis || (rows->list_dims >> d & 1u) || q->direction != VKSPLIT__JOIN)
            return VKSPLIT__FAIL(error, PLAN_ROWS_PAGES, rows->pages_along, q->axis, rows->list_dims);
        g->page_rows = q->sizes[q->axis];
        g->places = q->sizes[d] * q->sizes[q->axis];          /* within the element count */
        g->page_step = q->whole_strides[d] * q->element_size; /* bytes here: words once the word is known */
    }
    if ((rows->mode == VKSPLIT_ROWS_LINEAR || rows->mode == VKSPLIT_ROWS_CIRCULAR) && g->rows > g->places)
        return VKSPLIT__FAIL(error, PLAN_ROWS_LENGTH, mode_name(rows->mode), (unsigned long long)g->rows,
                             (unsigned long long)g->places);
    r = plan_shape(q, rows, caps, g, error);
    if (r != VKSPLIT_OK)
        return r;
    g->page_step /= g->word_bytes;
    bool join = q->direction == VKSPLIT__JOIN;
    g->flags = (uint32_t)rows->mode | (g->index_bytes == 8 ? ROWS_FLAG_INDEX64 : 0) |
               (rows->skip_negative ? ROWS_FLAG_SKIP : 0) | (join ? ROWS_FLAG_JOIN : 0);
    uint32_t table_words = g->table_words;
    if (rows->host_indices) {
        if (g->entries > VKSPLIT_ROWS_MAX_HOST_INDICES)
            return VKSPLIT__FAIL(error, PLAN_ROWS_HOST_INDICES, (unsigned long long)g->entries,
                                 VKSPLIT_ROWS_MAX_HOST_INDICES);
        g->flags |= ROWS_FLAG_HOST;
        r = host_indices(q, rows, callbacks, g, error);
        if (r != VKSPLIT_OK)
            return r;
        table_words += (uint32_t)g->entries;
    } else {
        if (g->entries > VKSPLIT_ROWS_MAX_ENTRIES)
            return limit(error, "the GPU's indices", g->entries, VKSPLIT_ROWS_MAX_ENTRIES);
        uint64_t scratch = 0;
        if (rows->mode != VKSPLIT_ROWS_INDEXED) {
            scratch = g->lists; /* each list's start */
        } else if (join) {      /* two bitmaps of the places per list: the duplicates */
            g->bitmap_words = (uint32_t)vksplit__div_up(g->places, 32);
            scratch = 2 * g->lists * g->bitmap_words;
            if (scratch > VKSPLIT_ROWS_MAX_ENTRIES)
                return limit(error, "the duplicate check's bitmap words (2 x lists x places / 32)", scratch,
                             VKSPLIT_ROWS_MAX_ENTRIES);
        }
        uint64_t fused_most = rows->mode == VKSPLIT_ROWS_INDEXED && join ? caps->pairwise_most : ROWS_FUSED_MAX_ENTRIES;
        if (caps->bda && g->entries <= fused_most && g->workgroups) /* one dispatch */
            g->flags |= ROWS_FLAG_FUSED;
        g->block_bytes = vksplit__div_up((ROWS_BLOCK_SCRATCH + scratch) * 4, 16) * 16;
        g->index_span_bytes = g->entries * g->index_bytes;
    }
    g->table_words = table_words;
    return check_reach(q, caps, g, error);
}

void vksplit__rows_free(const VkAllocationCallbacks* callbacks, vksplit__rows_geometry* g)
{
    vksplit__free(callbacks, g->host_places);
    g->host_places = NULL;
}

static void put64(uint32_t* at, uint64_t v)
{
    at[0] = (uint32_t)v;
    at[1] = (uint32_t)(v >> 32);
}

void vksplit__write_rows_table(const vksplit__rows_geometry* g, uint32_t* t)
{
    memset(t, 0, g->table_words * sizeof *t);
    t[ROWS_TBL_FLAGS] = g->flags;
    t[ROWS_TBL_ROWS] = (uint32_t)g->rows;
    t[ROWS_TBL_PLACES] = (uint32_t)g->places;
    t[ROWS_TBL_ROW_WORDS] = (uint32_t)g->row_words;
    t[ROWS_TBL_COLS_LOG2] = g->cols_log2;
    t[ROWS_TBL_BLOCK_ROWS] = g->block_rows;
    t[ROWS_TBL_COL_TILES] = g->col_tiles;
    t[ROWS_TBL_TOTAL_ROWS] = (uint32_t)g->total_rows;
    t[ROWS_TBL_LISTS] = (uint32_t)g->lists;
    t[ROWS_TBL_ENTRIES] = (uint32_t)g->entries;
    t[ROWS_TBL_OUTER_DIMS] = g->outer_dims;
    t[ROWS_TBL_TRIPS] = g->trips;
    t[ROWS_TBL_BITMAP_WORDS] = g->bitmap_words;
    uint32_t host_at = ROWS_TBL_DIMS + ROWS_DIM_FIELDS * g->outer_dims;
    t[ROWS_TBL_HOST_AT] = host_at;
    put64(&t[ROWS_TBL_WHOLE_STEP], g->whole_step);
    put64(&t[ROWS_TBL_PART_STEP], g->part_step);
    t[ROWS_TBL_PAGE_ROWS] = (uint32_t)g->page_rows;
    put64(&t[ROWS_TBL_PAGE_STEP], g->page_step);
    for (uint32_t d = 0; d < g->outer_dims; d++) {
        uint32_t* f = &t[ROWS_TBL_DIMS + d * ROWS_DIM_FIELDS];
        f[ROWS_DIM_SIZE] = (uint32_t)g->dims[d].size;
        f[ROWS_DIM_LIST_STRIDE] = (uint32_t)g->dims[d].list_stride;
        put64(&f[ROWS_DIM_WHOLE_STRIDE], g->dims[d].whole_stride);
        put64(&f[ROWS_DIM_PART_STRIDE], g->dims[d].part_stride);
    }
    if (g->host_places)
        memcpy(&t[host_at], g->host_places, g->entries * sizeof *g->host_places);
}
