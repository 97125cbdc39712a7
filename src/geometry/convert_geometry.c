/* The converting copy's geometry (convert_geometry.h): the rules of vksplit_convert and of Q8_0
 * tensors, then each non-empty part's dimensions in elements (size-1 ones dropped, neighbours
 * that are one in both tensors merged; the last kept one the run), the table
 * shaders/convert.comp reads (convert_abi.h) and its workgroups. Pure CPU: the fuzzers run it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "geometry/convert_geometry.h"

#include "rules/request_layout.h"

const char* vksplit__type_name(vksplit_type type)
{
    switch (type) {
    case VKSPLIT_TYPE_NONE: return "none";
    case VKSPLIT_TYPE_FLOAT32: return "float32";
    case VKSPLIT_TYPE_FLOAT16: return "float16";
    case VKSPLIT_TYPE_BFLOAT16: return "bfloat16";
    case VKSPLIT_TYPE_FLOAT8E4M3FN: return "float8e4m3fn";
    case VKSPLIT_TYPE_FLOAT8E5M2: return "float8e5m2";
    case VKSPLIT_TYPE_Q8_0: return "q8_0";
    default: return "?";
    }
}

/* An element's bytes (Q8_0: 0, its elements have none). */
static uint32_t type_bytes(vksplit_type t)
{
    return t == VKSPLIT_TYPE_FLOAT32                                        ? 4u
           : t == VKSPLIT_TYPE_FLOAT16 || t == VKSPLIT_TYPE_BFLOAT16        ? 2u
           : t == VKSPLIT_TYPE_FLOAT8E4M3FN || t == VKSPLIT_TYPE_FLOAT8E5M2 ? 1u
                                                                            : 0u;
}
static bool is_float(vksplit_type t) { return t >= VKSPLIT_TYPE_FLOAT32 && t <= VKSPLIT_TYPE_BFLOAT16; }
static bool is_fp8(vksplit_type t) { return t == VKSPLIT_TYPE_FLOAT8E4M3FN || t == VKSPLIT_TYPE_FLOAT8E5M2; }

bool vksplit__converts(const vksplit_plan_options* o)
{
    return o->convert.whole != o->convert.parts || o->convert.whole == VKSPLIT_TYPE_Q8_0;
}

/* docs/conversions.md's table: the wide floats among themselves, FP8 and Q8_0 with one of them. */
static bool listed_pair(vksplit_type a, vksplit_type b)
{
    if (is_float(a) && is_float(b))
        return true;
    if (is_fp8(a) || a == VKSPLIT_TYPE_Q8_0)
        return is_float(b);
    return (is_fp8(b) || b == VKSPLIT_TYPE_Q8_0) && is_float(a);
}

vksplit_result vksplit__convert_options(const vksplit_plan_options* o, uint32_t element_size, uint32_t* copy_size,
                                        vksplit_error* error)
{
    const vksplit_convert* c = &o->convert;
    if ((uint32_t)c->whole > VKSPLIT_TYPE_Q8_0)
        return VKSPLIT__FAIL(error, PLAN_CONVERT_TYPE, "whole", (int)c->whole);
    if ((uint32_t)c->parts > VKSPLIT_TYPE_Q8_0)
        return VKSPLIT__FAIL(error, PLAN_CONVERT_TYPE, "parts", (int)c->parts);
    if ((uint32_t)c->scale_source > VKSPLIT_SCALE_DEVICE)
        return VKSPLIT__FAIL(error, PLAN_CONVERT_SCALE_SOURCE, (int)c->scale_source);
    bool converts = vksplit__converts(o);
    if (converts && !listed_pair(c->whole, c->parts))
        return VKSPLIT__FAIL(error, PLAN_CONVERT_PAIR, vksplit__type_name(c->whole), vksplit__type_name(c->parts));
    if (c->scale_source != VKSPLIT_SCALE_NONE && !(converts && (is_fp8(c->whole) || is_fp8(c->parts))))
        return VKSPLIT__FAIL(error, PLAN_CONVERT_SCALE_TYPE, vksplit__type_name(c->whole),
                             vksplit__type_name(c->parts));
    if (c->scale_source == VKSPLIT_SCALE_HOST && !(isfinite(c->scale) && c->scale > 0.0f))
        return VKSPLIT__FAIL(error, PLAN_CONVERT_SCALE_VALUE, (double)c->scale);
    uint32_t size = type_bytes(c->whole);
    if (element_size != 0 && element_size != size)
        return VKSPLIT__FAIL(error, PLAN_CONVERT_ELEMENT_SIZE, element_size, vksplit__type_name(c->whole),
                             size == 4   ? "4 or 0"
                             : size == 2 ? "2 or 0"
                             : size == 1 ? "1 or 0"
                                         : "0");
    if (converts && o->device_parameters == VKSPLIT_DEVICE_PARAMETERS_RING)
        return VKSPLIT__FAIL(error, PLAN_CONVERT_WITH, "device parameters in a ring (VKSPLIT_DEVICE_PARAMETERS_RING)");
    if (converts && o->rows.mode != VKSPLIT_ROWS_NONE && o->rows.pages_along)
        return VKSPLIT__FAIL(error, PLAN_CONVERT_WITH, "rows in pages (options.rows.pages_along)");
    if (converts && o->path == VKSPLIT_PATH_TRANSFER)
        return VKSPLIT__FAIL(error, PLAN_CONVERT_PATH, "TRANSFER");
    *copy_size = converts ? 4u : size;
    return VKSPLIT_OK;
}

/* ---- the geometry ------------------------------------------------------------------------ */

typedef struct convert_dims {
    uint32_t count;
    uint64_t size[VKSPLIT_MAX_RANK], whole[VKSPLIT_MAX_RANK], part[VKSPLIT_MAX_RANK]; /* outermost first */
} convert_dims;

/* Part p's dimensions [0, last) that matter, appended to d: size-1 ones dropped, an outer one
 * merged into the next where it continues it in both tensors. */
static void merge_dims(const vksplit__request* q, uint32_t p, uint32_t last, convert_dims* d)
{
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
    vksplit__part_sizes(q, p, sizes);
    vksplit__part_strides(q, p, strides);
    d->count = 0;
    for (uint32_t j = 0; j < last; j++) {
        if (sizes[j] == 1)
            continue;
        uint32_t k = d->count;
        if (k && d->whole[k - 1] == q->whole_strides[j] * sizes[j] && d->part[k - 1] == strides[j] * sizes[j]) {
            d->size[k - 1] *= sizes[j]; /* the outer one continues this one in both: one dimension */
            d->whole[k - 1] = q->whole_strides[j];
            d->part[k - 1] = strides[j];
            continue;
        }
        d->size[k] = sizes[j];
        d->whole[k] = q->whole_strides[j];
        d->part[k] = strides[j];
        d->count++;
    }
}

/* Part p's dimensions that matter, the last the run (one element where none does). */
static void part_dims(const vksplit__request* q, uint32_t p, convert_dims* d)
{
    merge_dims(q, p, q->rank, d);
    if (!d->count) { /* one element */
        d->size[0] = 1;
        d->whole[0] = d->part[0] = 1;
        d->count = 1;
    }
}

/* Device parameters: the dimensions before the axis (merged where they continue each other in
 * both tensors), the run the axis and every dimension after it (packed in both: the device
 * rules), its length read when the copy runs; *inner the elements of one step along the axis. */
static void capacity_dims(const vksplit__request* q, uint32_t p, convert_dims* d, uint64_t* inner)
{
    uint64_t sizes[VKSPLIT_MAX_RANK];
    vksplit__part_sizes(q, p, sizes);
    merge_dims(q, p, q->axis, d);
    *inner = 1;
    for (uint32_t j = q->axis + 1; j < q->rank; j++)
        *inner *= sizes[j];
    d->size[d->count] = sizes[q->axis] * *inner;
    d->whole[d->count] = d->part[d->count] = 1;
    d->count++;
}

/* Rows: every dimension before the axis (size 1 or not: the lists count them), innermost
 * last, each with its stride in the lists (list_dims' dimensions in C order, 0 for the others);
 * the run the dimensions after the axis (packed in both: the rows rules). */
static void rows_dims(const vksplit__request* q, const vksplit_rows* rows, convert_dims* d, uint64_t* list_strides)
{
    uint64_t part[VKSPLIT_MAX_RANK];
    vksplit__part_strides(q, 0, part);
    d->count = 0;
    uint64_t list = 1;
    for (uint32_t j = q->axis; j-- > 0;) /* innermost first: the list strides */
        if (rows->list_dims >> j & 1u) {
            list_strides[j] = list;
            list *= q->sizes[j];
        } else {
            list_strides[j] = 0;
        }
    for (uint32_t j = 0; j < q->axis; j++) {
        d->size[d->count] = q->sizes[j];
        d->whole[d->count] = q->whole_strides[j];
        d->part[d->count] = part[j];
        list_strides[d->count] = list_strides[j];
        d->count++;
    }
    uint64_t run = 1;
    for (uint32_t j = q->axis + 1; j < q->rank; j++)
        run *= q->sizes[j];
    d->size[d->count] = run;
    d->whole[d->count] = d->part[d->count] = 1;
    d->count++;
}

static void put64(uint32_t* at, uint64_t v)
{
    at[0] = (uint32_t)v;
    at[1] = (uint32_t)(v >> 32);
}

/* Q8_0's rules on one tensor: packed, its last dimension whole blocks; a float tensor beside
 * one: its last dimension contiguous. */
static vksplit_result q8_0_tensor(const vksplit__request* q, bool q8, const char* name, const uint64_t* sizes,
                                  const uint64_t* strides, vksplit_error* error)
{
    uint64_t last = sizes[q->rank - 1];
    if (vksplit__is_empty(q->rank, sizes))
        return VKSPLIT_OK;
    if (last % Q8_0_BLOCK)
        return VKSPLIT__FAIL(error, PLAN_CONVERT_Q8_0_ROW, name, (unsigned long long)last);
    uint64_t packed[VKSPLIT_MAX_RANK];
    vksplit__packed_strides(q->rank, sizes, packed);
    if (q8) {
        for (uint32_t j = 0; j < q->rank; j++)
            if (sizes[j] > 1 && strides[j] != packed[j])
                return VKSPLIT__FAIL(error, PLAN_CONVERT_Q8_0_PACKED, name);
    } else if (strides[q->rank - 1] != 1) {
        return VKSPLIT__FAIL(error, PLAN_CONVERT_Q8_0_STRIDE, name, (unsigned long long)strides[q->rank - 1]);
    }
    return VKSPLIT_OK;
}

static vksplit_result q8_0_rules(const vksplit__request* q, const vksplit_convert* c, vksplit_error* error)
{
    const vksplit__direction_words* w = vksplit__words(q->direction);
    char name[48];
    snprintf(name, sizeof name, "the %s", w->whole);
    vksplit_result r = q8_0_tensor(q, c->whole == VKSPLIT_TYPE_Q8_0, name, q->sizes, q->whole_strides, error);
    for (uint32_t p = 0; r == VKSPLIT_OK && p < q->part_count; p++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(q, p, sizes);
        vksplit__part_strides(q, p, strides);
        snprintf(name, sizeof name, "%s[%u]", w->parts, p);
        r = q8_0_tensor(q, c->parts == VKSPLIT_TYPE_Q8_0, name, sizes, strides, error);
    }
    return r;
}

/* A tensor's bytes from its binding offset, rounded up to the 32-bit word the copy reads and
 * writes (docs/conversions.md). */
static uint64_t span_bytes(uint64_t elements, vksplit_type t)
{
    uint64_t bytes = t == VKSPLIT_TYPE_Q8_0 ? elements / Q8_0_BLOCK * Q8_0_BYTES : elements * type_bytes(t);
    return (bytes + 3) / 4 * 4;
}

static vksplit_result plan_spans(const vksplit__request* q, const vksplit_convert* c, const vksplit__convert_caps* caps,
                                 const VkAllocationCallbacks* callbacks, vksplit__convert_geometry* cv,
                                 vksplit_error* error)
{
    cv->part_spans = vksplit__alloc_array(callbacks, q->part_count, sizeof *cv->part_spans);
    if (!cv->part_spans)
        return VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, q->part_count, vksplit__words(q->direction)->parts);
    vksplit__request elements = *q; /* element_size 1: the spans in elements */
    elements.element_size = 1;
    cv->whole_span = span_bytes(vksplit__whole_span_bytes(&elements), c->whole);
    uint64_t reach = caps->reach ? caps->reach : UINT64_MAX;
    if (cv->whole_span > reach) {
        char name[16];
        snprintf(name, sizeof name, "the %s", vksplit__words(q->direction)->whole);
        return VKSPLIT__FAIL(error, PLAN_CONVERT_BINDING, name, (unsigned long long)cv->whole_span,
                             (unsigned long long)reach);
    }
    for (uint32_t p = 0; p < q->part_count; p++) {
        cv->part_spans[p] = span_bytes(vksplit__part_span_bytes(&elements, p), c->parts);
        if (cv->part_spans[p] > reach) {
            char name[32];
            snprintf(name, sizeof name, "%s[%u]", vksplit__words(q->direction)->parts, p);
            return VKSPLIT__FAIL(error, PLAN_CONVERT_BINDING, name, (unsigned long long)cv->part_spans[p],
                                 (unsigned long long)reach);
        }
    }
    return VKSPLIT_OK;
}

/* Q8_0 on either side: one 32-element block a lane, no words or 16-byte units. */
static bool has_q8(const vksplit__convert_geometry* cv) { return cv->src == CTYPE_Q8_0 || cv->dst == CTYPE_Q8_0; }

/* The invocations' share, as destination words (a word holds 4 / dst_bytes elements): 16
 * elements (the word path's 64 bytes of copy loads, a 32-bit word an element), or where a GPU's
 * tiles load 16 source bytes at a time (contiguous runs, no Q8_0, either addressing: the
 * shader's VEC) 64 source bytes' worth, four such loads in flight a lane whatever the source's
 * width. A CPU device's lanes keep 16 elements: llvmpipe compiles every element's conversion
 * inline, and its lanes gain nothing from more in flight. */
static uint32_t choose_unroll(uint32_t src_bytes, uint32_t dst_bytes, bool units)
{
    return units ? 16u * dst_bytes / src_bytes : 4u * dst_bytes;
}

/* Workgroups per run. */
static uint64_t run_tiles(const vksplit__convert_geometry* cv, uint64_t run, bool word_starts, uint32_t dst_bytes)
{
    uint64_t per = (uint64_t)cv->workgroup_size * cv->unroll;
    if (has_q8(cv))
        return vksplit__div_up(run / Q8_0_BLOCK, cv->workgroup_size);
    if (!cv->contig)
        return vksplit__div_up(run, per);
    /* destination words: a run that may start within a word covers one more */
    uint64_t words = vksplit__div_up(run * dst_bytes, 4) + (dst_bytes < 4 && !word_starts ? 1 : 0);
    return vksplit__div_up(words, per);
}

/* Whether every run of a segment starts on a destination word: its base and every row
 * dimension's stride on the written side whole words (binding offsets are). Device
 * parameters and rows place runs when the copy runs: not known here. */
static bool runs_start_on_words(const vksplit__request* q, const convert_dims* d, uint64_t base, uint32_t dst_bytes)
{
    uint64_t per_word = dst_bytes < 4 ? 4 / dst_bytes : 1;
    bool join = vksplit__writes_whole(q->direction);
    bool ok = !q->capacities && (join ? base : 0) % per_word == 0;
    for (uint32_t k = 0; ok && k + 1 < d->count; k++)
        ok = (join ? d->whole[k] : d->part[k]) % per_word == 0;
    return ok;
}

/* A workgroup's units along one run: destination words (the word path), elements, or Q8_0
 * blocks. */
static uint64_t run_units(const vksplit__convert_geometry* cv, uint64_t run, uint32_t dst_bytes)
{
    if (has_q8(cv))
        return run / Q8_0_BLOCK;
    return cv->contig ? vksplit__div_up(run * dst_bytes, 4) : run;
}

/* A tile covers one run's units (a workgroup never crosses a run): a GPU's workgroup halves,
 * down to 32 lanes, until a tile fits in the shortest run, so that short runs (a QKV split's
 * 1024-element heads) keep their lanes busy and their tiles whole. */
static uint32_t fitted_workgroup(const vksplit__convert_geometry* cv, uint32_t most, const convert_dims* dims,
                                 const vksplit__request* q, uint32_t dst_bytes)
{
    uint64_t shortest = UINT64_MAX;
    for (uint32_t p = 0; p < q->part_count; p++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(q, p, sizes);
        if (!vksplit__is_empty(q->rank, sizes)) {
            uint64_t units = run_units(cv, dims[p].size[dims[p].count - 1], dst_bytes);
            shortest = units < shortest ? units : shortest;
        }
    }
    uint32_t per_lane = has_q8(cv) ? 1u : cv->unroll, wg = most;
    while (wg > 32 && (uint64_t)wg * per_lane > shortest)
        wg /= 2;
    return wg;
}

static vksplit_result plan_segments(const vksplit__request* q, const vksplit_rows* rows_options,
                                    const vksplit__convert_caps* caps, const VkAllocationCallbacks* callbacks,
                                    vksplit__convert_geometry* cv, vksplit_error* error)
{
    bool rows = rows_options && rows_options->mode != VKSPLIT_ROWS_NONE;
    uint64_t list_strides[VKSPLIT_MAX_RANK] = {0};
    const vksplit__direction_words* w = vksplit__words(q->direction);
    convert_dims* dims = vksplit__alloc_array(callbacks, q->part_count, sizeof *dims);
    if (!dims)
        return VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
    uint32_t active = 0;
    bool contig = true;
    for (uint32_t p = 0; p < q->part_count; p++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(q, p, sizes);
        if (vksplit__is_empty(q->rank, sizes))
            continue;
        uint64_t inner = 1;
        if (rows)
            rows_dims(q, rows_options, &dims[p], list_strides);
        else if (q->capacities)
            capacity_dims(q, p, &dims[p], &inner);
        else
            part_dims(q, p, &dims[p]);
        const convert_dims* d = &dims[p];
        if (d->whole[d->count - 1] != 1 || d->part[d->count - 1] != 1)
            contig = false;
        active++;
    }
    cv->segment_count = active;
    cv->contig = contig;
    uint32_t sb = type_bytes((vksplit_type)cv->src), db = type_bytes((vksplit_type)cv->dst);
    cv->unroll = choose_unroll(sb ? sb : 1, db ? db : 1, contig && !has_q8(cv) && !caps->cpu);
    cv->workgroup_size = fitted_workgroup(cv, caps->workgroup_size, dims, q, db ? db : 1);
    /* as many tiles a workgroup as the shortest run has, within the device's most */
    cv->trips = caps->trips_most ? caps->trips_most : 1u;
    for (uint32_t p = 0; p < q->part_count; p++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(q, p, sizes);
        if (vksplit__is_empty(q->rank, sizes))
            continue;
        uint64_t tiles = run_tiles(cv, dims[p].size[dims[p].count - 1], true, db ? db : 1);
        while (cv->trips > 1 && cv->trips > tiles)
            cv->trips /= 2;
    }
    cv->table = active ? vksplit__alloc_array(callbacks, (size_t)active * CSEG_WORDS, sizeof *cv->table) : NULL;
    cv->groups = active ? vksplit__alloc_array(callbacks, active, sizeof *cv->groups) : NULL;
    vksplit_result r = VKSPLIT_OK;
    if (active && (!cv->table || !cv->groups))
        r = VKSPLIT__FAIL0(error, HOST_ALLOCATION_PLAN);
    uint64_t start = 0, first = 0;
    uint32_t s = 0;
    for (uint32_t p = 0; r == VKSPLIT_OK && p < q->part_count; p++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(q, p, sizes);
        uint64_t base = start * q->whole_strides[q->axis];
        start += q->lengths[p];
        if (vksplit__is_empty(q->rank, sizes))
            continue;
        const convert_dims* d = &dims[p];
        uint64_t run = d->size[d->count - 1], rows_count = 1, elements = 1;
        for (uint32_t k = 0; k < q->rank; k++)
            elements *= sizes[k];
        for (uint32_t k = 0; k + 1 < d->count; k++)
            rows_count *= d->size[k];
        if (rows) /* a row of the part: its outer index, then its place along the axis */
            rows_count *= q->lengths[0];
        if (elements > UINT32_MAX) {
            char name[32];
            snprintf(name, sizeof name, "%s[%u]", w->parts, p);
            r = VKSPLIT__FAIL(error, PLAN_CONVERT_COUNT, name, (unsigned long long)elements);
            break;
        }
        uint64_t tiles =
            vksplit__div_up(run_tiles(cv, run, runs_start_on_words(q, d, base, db ? db : 1), db), cv->trips);
        uint32_t* t = &cv->table[(size_t)s * CSEG_WORDS];
        memset(t, 0, CSEG_WORDS * sizeof *t);
        t[CSEG_FIRST_GROUP] = (uint32_t)first;
        t[CSEG_PART] = p;
        t[CSEG_RUN] = (uint32_t)run;
        t[CSEG_TILES] = (uint32_t)tiles;
        t[CSEG_DIMS] = d->count - 1;
        t[CSEG_ROWS] = (uint32_t)rows_count;
        put64(&t[CSEG_WHOLE_BASE], base);
        put64(&t[CSEG_WHOLE_STEP], d->whole[d->count - 1]);
        put64(&t[CSEG_PART_STEP], d->part[d->count - 1]);
        if (rows) { /* each row's place from its index, when the copy runs */
            uint64_t part_strides[VKSPLIT_MAX_RANK];
            vksplit__part_strides(q, 0, part_strides);
            put64(&t[CSEG_ROW_STEP], part_strides[q->axis]);
            put64(&t[CSEG_AXIS_STEP], q->whole_strides[q->axis]);
            for (uint32_t k = 0; k + 1 < d->count; k++) /* innermost first, as the dimensions */
                t[CSEG_LIST0 + k] = (uint32_t)list_strides[d->count - 2 - k];
            uint32_t mode = (uint32_t)rows_options->mode;
            t[CSEG_ROWS_L] = (uint32_t)q->lengths[0];
            t[CSEG_ROWS_C] = (uint32_t)q->sizes[q->axis];
            t[CSEG_ROWS_FLAGS] = mode | (rows_options->index_bytes == 4 ? 0u : ROWS_FLAG_INDEX64) |
                                 (rows_options->skip_negative ? ROWS_FLAG_SKIP : 0u) |
                                 (rows_options->host_indices ? ROWS_FLAG_HOST : 0u);
            t[CSEG_ROWS_ENTRIES] = mode == VKSPLIT_ROWS_INDEXED ? (uint32_t)q->lengths[0] : 1u;
            uint64_t lists = 1;
            for (uint32_t j = 0; j < q->axis; j++)
                lists *= rows_options->list_dims >> j & 1u ? q->sizes[j] : 1u;
            t[CSEG_ROWS_LISTS] = (uint32_t)lists;
            /* few GPU indices with device addresses: every workgroup checks them (one dispatch) */
            if (!rows_options->host_indices && !caps->reach && lists * t[CSEG_ROWS_ENTRIES] <= caps->fused_most)
                t[CSEG_ROWS_FLAGS] |= ROWS_FLAG_FUSED;
        } else if (q->capacities) { /* the run's length and the part's place: the block's, when the copy runs */
            uint64_t inner = 1;
            for (uint32_t j = q->axis + 1; j < q->rank; j++)
                inner *= sizes[j];
            put64(&t[CSEG_WHOLE_BASE], 0);
            t[CSEG_INNER] = (uint32_t)inner;
            t[CSEG_PARTS] = q->part_count;
            put64(&t[CSEG_AXIS_STEP], q->whole_strides[q->axis]);
        }
        for (uint32_t k = 0; k + 1 < d->count; k++) { /* innermost first */
            uint32_t j = d->count - 2 - k;
            uint32_t* f = &t[CSEG_DIM0 + k * CSEG_DIM_WORDS];
            f[0] = (uint32_t)d->size[j];
            put64(&f[1], d->whole[j]);
            put64(&f[3], d->part[j]);
        }
        if (rows_count > UINT32_MAX || tiles * rows_count > UINT32_MAX) {
            r = VKSPLIT__FAIL(error, PLAN_CONVERT_COUNT, "the grid", (unsigned long long)(tiles * rows_count));
            break;
        }
        cv->groups[s] = (uint32_t)(tiles * rows_count);
        first += tiles * rows_count;
        if (first > UINT32_MAX) {
            r = VKSPLIT__FAIL(error, PLAN_CONVERT_COUNT, "the grid", (unsigned long long)first);
            break;
        }
        uint64_t read = elements, written = elements;
        cv->bytes_read += cv->src == CTYPE_Q8_0 ? read / Q8_0_BLOCK * Q8_0_BYTES : read * sb;
        cv->bytes_written += cv->dst == CTYPE_Q8_0 ? written / Q8_0_BLOCK * Q8_0_BYTES : written * db;
        s++;
    }
    cv->total_groups = first;
    uint64_t most = (uint64_t)caps->max_group_count[0] * caps->max_group_count[1];
    if (r == VKSPLIT_OK && first > most)
        r = VKSPLIT__FAIL(error, PLAN_CONVERT_COUNT, "the grid", (unsigned long long)first);
    vksplit__free(callbacks, dims);
    return r;
}

vksplit_result vksplit__plan_convert_geometry(const vksplit__request* q, const vksplit_convert* c,
                                              const vksplit_rows* rows, const vksplit__convert_caps* caps,
                                              const VkAllocationCallbacks* callbacks, vksplit__convert_geometry* cv,
                                              vksplit_error* error)
{
    memset(cv, 0, sizeof *cv);
    cv->types = *c;
    bool join = vksplit__writes_whole(q->direction);
    cv->src = (uint32_t)(join ? c->parts : c->whole);
    cv->dst = (uint32_t)(join ? c->whole : c->parts);
    vksplit_result r = VKSPLIT_OK;
    bool q8 = c->whole == VKSPLIT_TYPE_Q8_0 || c->parts == VKSPLIT_TYPE_Q8_0;
    if (q8 && q->capacities && q->axis == q->rank - 1) /* a GPU length or a row would cut a block */
        r = VKSPLIT__FAIL(error, PLAN_CONVERT_WITH, "device parameters or rows along a Q8_0 tensor's last dimension");
    if (r == VKSPLIT_OK && q8)
        r = q8_0_rules(q, c, error);
    if (r == VKSPLIT_OK) /* the counts first: a limit of the kernel, the reach only the device's */
        r = plan_segments(q, rows, caps, callbacks, cv, error);
    if (r == VKSPLIT_OK)
        r = plan_spans(q, c, caps, callbacks, cv, error);
    return r;
}

void vksplit__convert_geometry_free(const VkAllocationCallbacks* callbacks, vksplit__convert_geometry* cv)
{
    vksplit__free(callbacks, cv->table);
    vksplit__free(callbacks, cv->groups);
    vksplit__free(callbacks, cv->part_spans);
    memset(cv, 0, sizeof *cv);
}
