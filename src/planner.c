/* The planner. From a validated split it derives, once per plan:
 *   1. the dimensions that matter: sizes of 1 dropped, neighbours that are contiguous in
 *      every tensor coalesced (a packed split becomes rows x one contiguous chunk);
 *   2. the chunk: a dimension with stride 1 in every tensor, or single elements;
 *   3. the widest copy word dividing every chunk, stride and offset;
 *   4. per output, the units that copy it (invocations for RUNS, workgroups for
 *      INTERLEAVED): pieces of long rows, or several short rows per unit, every loop
 *      bounded by VKSPLIT_LOOP_BUDGET;
 *   5. the prefix table mapping workgroups to outputs.
 * No per-element work is left for the shader beyond copying words. */
#include "planner.h"
#include "split_abi.h"
#include "split_layout.h"

/* The dimensions after dropping and coalescing; out strides per active output. */
typedef struct dims_work {
    uint32_t count;
    uint64_t size[VKSPLIT_MAX_RANK];      /* non-axis dims: the common size */
    vksplit_bool32 is_axis[VKSPLIT_MAX_RANK];
    uint64_t in_stride[VKSPLIT_MAX_RANK]; /* elements */
    uint64_t* out_stride;                 /* [active * VKSPLIT_MAX_RANK] elements */
    uint32_t active;                      /* outputs with at least one element */
    const uint64_t* extent;               /* [active] each active output's axis size */
    uint64_t input_extent;                /* the input's axis size */
    uint64_t axis_scale;                  /* product of the dims merged into the axis */
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
    return t < 0 ? w->in_stride[j] : w->out_stride[(size_t)t * VKSPLIT_MAX_RANK + j];
}

static void set_tensor_stride(dims_work* w, uint32_t j, int t, uint64_t stride)
{
    if (t < 0)
        w->in_stride[j] = stride;
    else
        w->out_stride[(size_t)t * VKSPLIT_MAX_RANK + j] = stride;
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

uint32_t vksplit__offset_alignment(uint32_t word_bytes, vksplit_bool32 bda)
{
    return bda && word_bytes > 16 ? 16 : word_bytes;
}

/* Does the word divide every chunk, offset and stride (all in bytes)? */
static bool word_fits(uint64_t word, const vksplit__geometry* g, const uint64_t* chunk_bytes,
                      const uint64_t* base_bytes, uint32_t element_size)
{
    for (uint32_t r = 0; r < g->record_count; r++) {
        if (chunk_bytes[r] % word || base_bytes[r] % word)
            return false;
        for (uint32_t d = 0; d < g->row_dims; d++) {
            const vksplit__row_dim* dim = &g->dims[(size_t)r * g->row_dims + d];
            if (dim->size > 1 && ((dim->in_stride * element_size) % word || (dim->out_stride * element_size) % word))
                return false;
        }
    }
    return true;
}

/* Loop trips of one copy_run call over `words` words (shader: 4 per trip, then singles). */
static uint64_t copy_trips(uint64_t words) { return words / 4 + words % 4 + 2; }

/* Loop trips the shader spends outside the copy: binary search (<= 17) and the loops' exits. */
#define FIXED_TRIPS 64u
/* Words one invocation copies at most: four per trip within the loop budget. */
#define MAX_INVOCATION_WORDS (4u * (VKSPLIT_LOOP_BUDGET - FIXED_TRIPS))
/* Words of one INTERLEAVED tile of short rows at most: keeps the shader's multiply-high
 * division exact (flat index and chunk both below 2^16). */
#define MAX_TILE_WORDS 65536u

/* A unit copies a piece of one row: the record's rows cut into balanced pieces of at most
 * `most` words. */
static void cut_rows(vksplit__record* rec, uint64_t most)
{
    uint64_t pieces = vksplit__div_up(rec->chunk_words, most);
    uint64_t piece_words = vksplit__div_up(rec->chunk_words, pieces); /* balanced */
    rec->pieces = (uint32_t)vksplit__div_up(rec->chunk_words, piece_words);
    rec->piece_words = (uint32_t)piece_words;
    rec->rows_per_unit = 1;
}

/* A unit copies `rows` whole rows. */
static void gather_rows(vksplit__record* rec, uint64_t rows)
{
    rec->pieces = 1;
    rec->piece_words = (uint32_t)rec->chunk_words;
    rec->rows_per_unit = rows > 1 ? (uint32_t)rows : 1;
}

/* RUNS: each invocation copies its own contiguous piece of a long row, or whole short rows. */
static void plan_runs(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    uint64_t run_words = caps->invocation_bytes / g->word_bytes;
    if (run_words < 1)
        run_words = 1;
    if (caps->min_workgroups) {
        /* Small splits: shorter runs, so every CPU thread gets workgroups. */
        uint64_t total = 0;
        for (uint32_t r = 0; r < g->record_count; r++)
            total += g->records[r].chunk_words * g->records[r].rows;
        uint64_t target = (uint64_t)caps->min_workgroups * caps->workgroup_size;
        if (total / run_words < target)
            run_words = total / target > 1 ? total / target : 1;
    }
    run_words = vksplit__min_u64(run_words, MAX_INVOCATION_WORDS);

    for (uint32_t r = 0; r < g->record_count; r++) {
        vksplit__record* rec = &g->records[r];
        /* Workgroups never span records: a record smaller than a workgroup's worth of runs
         * gets shorter runs, so that its lanes share the work instead of idling. */
        uint64_t record_words = rec->chunk_words * rec->rows;
        uint64_t run = run_words;
        if (record_words < run * caps->workgroup_size) {
            run = vksplit__div_up(record_words, caps->workgroup_size);
            uint64_t floor_words = vksplit__div_up(64, g->word_bytes); /* >= 64 bytes: loop overhead */
            if (run < floor_words)
                run = floor_words;
            run = vksplit__min_u64(run, run_words);
        }
        if (rec->chunk_words > run) {
            cut_rows(rec, run);
        } else {
            uint64_t per_row = copy_trips(rec->chunk_words) + 2 + (g->row_dims > 1 ? g->row_dims : 0);
            uint64_t rows = run / rec->chunk_words;
            rows = vksplit__min_u64(rows, (VKSPLIT_LOOP_BUDGET - FIXED_TRIPS) / per_row);
            gather_rows(rec, vksplit__min_u64(rows, rec->rows));
        }
        rec->units = (uint64_t)rec->pieces * vksplit__div_up(rec->rows, rec->rows_per_unit);
    }
}

/* INTERLEAVED: each workgroup copies a tile of workgroup_size * invocation_bytes: a piece of
 * a long row, or whole short rows; invocation i takes the tile's words i, i + workgroup_size,
 * ... so that neighbouring invocations touch neighbouring words. */
static void plan_interleaved(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    uint64_t per_invocation = vksplit__min_u64(caps->invocation_bytes / g->word_bytes, MAX_INVOCATION_WORDS);
    if (per_invocation < 1)
        per_invocation = 1;
    uint64_t tile = per_invocation * caps->workgroup_size;
    for (uint32_t r = 0; r < g->record_count; r++) {
        vksplit__record* rec = &g->records[r];
        uint64_t rows_per_tile = vksplit__min_u64(vksplit__min_u64(tile, MAX_TILE_WORDS) / rec->chunk_words, rec->rows);
        /* Bands hold whole tiles of every record: powers of two divide a power-of-two band. */
        if (caps->band_bytes)
            while (rows_per_tile & (rows_per_tile - 1))
                rows_per_tile &= rows_per_tile - 1;
        if (rows_per_tile <= 1) {
            cut_rows(rec, tile);
        } else {
            gather_rows(rec, rows_per_tile);
            /* ceil(2^32 / chunk): the shader's f / chunk is a multiply-high (chunk < 2^16). */
            rec->row_magic = rec->chunk_words > 1 ? (uint32_t)((((uint64_t)1 << 32) + rec->chunk_words - 1) / rec->chunk_words) : 0;
        }
        rec->units = (uint64_t)rec->pieces * vksplit__div_up(rec->rows, rec->rows_per_unit);
    }
}

/* Bands (INTERLEAVED, one dispatch, every record with the same rows): the workgroups walk
 * band_rows rows of every record in turn instead of one record after another, so that the
 * workgroups running at one time read about band_bytes of nearby input and share its cache
 * lines (three outputs of 4-byte rows read every third word: one record after another, the
 * input would come from memory three times). */
static void plan_bands(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    g->band_rows = 0;
    if (!caps->band_bytes || g->record_count < 2)
        return;
    uint64_t rows = g->records[0].rows, row_bytes = 0, max_rows_per_unit = 1;
    for (uint32_t r = 0; r < g->record_count; r++) {
        const vksplit__record* rec = &g->records[r];
        if (rec->rows != rows)
            return;
        row_bytes += rec->chunk_words * g->word_bytes;
        if (rec->rows_per_unit > max_rows_per_unit)
            max_rows_per_unit = rec->rows_per_unit;
    }
    uint64_t band = caps->band_bytes / row_bytes;
    band = band / max_rows_per_unit * max_rows_per_unit; /* whole tiles of every record */
    if (band < max_rows_per_unit)
        band = max_rows_per_unit;
    if (band >= rows)
        return; /* one band: records in turn already */
    g->band_rows = band;
    g->bands = vksplit__div_up(rows, band);
    for (uint32_t r = 0; r < g->record_count; r++) {
        vksplit__record* rec = &g->records[r];
        rec->units = rec->rows_per_unit == 1 ? band * rec->pieces : band / rec->rows_per_unit;
    }
}

static vksplit_result fill_records(const vksplit__split* split, dims_work* w, const uint32_t* active_index,
                                   int chunk_dim, vksplit__geometry* g, uint64_t* chunk_bytes,
                                   uint64_t* base_bytes, vksplit_error* error)
{
    const uint64_t* in_strides = split->input_strides;
    uint64_t start = 0;
    uint32_t a = 0;
    for (uint32_t o = 0; o < split->output_count; o++) {
        if (a < w->active && active_index[a] == o) {
            vksplit__record* rec = &g->records[a];
            rec->output_index = o;
            uint64_t chunk_elements = chunk_dim < 0 ? 1 : tensor_size(w, (uint32_t)chunk_dim, (int)a);
            chunk_bytes[a] = chunk_elements * split->element_size;
            base_bytes[a] = start * in_strides[split->axis] * split->element_size;
            uint64_t rows = 1;
            uint32_t d = 0;
            for (uint32_t j = w->count; j-- > 0;) { /* innermost first */
                if ((int)j == chunk_dim)
                    continue;
                vksplit__row_dim* dim = &g->dims[(size_t)a * g->row_dims + d++];
                dim->size = tensor_size(w, j, (int)a);
                dim->in_stride = tensor_stride(w, j, -1);
                dim->out_stride = tensor_stride(w, j, (int)a);
                rows *= dim->size; /* the output's element count fits: no overflow */
            }
            rec->rows = rows;
            if (rows > UINT32_MAX)
                return vksplit__fail(error, VKSPLIT_ERROR_SIZE_OVERFLOW,
                                     "output %u has %llu rows; vksplit handles at most 2^32-1 per output", o,
                                     (unsigned long long)rows);
            a++;
        }
        start += split->split[o];
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit__plan_geometry(const vksplit__split* split, const vksplit__planner_caps* caps,
                                      const VkAllocationCallbacks* callbacks, vksplit__geometry* g,
                                      vksplit_error* error)
{
    memset(g, 0, sizeof *g);
    g->word_bytes = 1;
    vksplit_result result;

    /* Active outputs: every dimension non-zero. */
    bool any_zero = false;
    for (uint32_t k = 0; k < split->rank; k++)
        any_zero |= k != split->axis && split->sizes[k] == 0;
    uint32_t active = 0;
    for (uint32_t o = 0; o < split->output_count && !any_zero; o++)
        active += split->split[o] != 0;
    if (active == 0)
        return vksplit__ok(error); /* nothing to copy */

    dims_work w;
    memset(&w, 0, sizeof w);
    uint32_t* active_index = vksplit__alloc_array(callbacks, active, sizeof *active_index);
    uint64_t* extent = vksplit__alloc_array(callbacks, active, sizeof *extent);
    w.out_stride = vksplit__alloc_array(callbacks, (size_t)active * VKSPLIT_MAX_RANK, sizeof *w.out_stride);
    uint64_t* chunk_bytes = vksplit__alloc_array(callbacks, active, sizeof *chunk_bytes);
    uint64_t* base_bytes = vksplit__alloc_array(callbacks, active, sizeof *base_bytes);
    g->records = vksplit__alloc_array(callbacks, active, sizeof *g->records);
    if (!active_index || !extent || !w.out_stride || !chunk_bytes || !base_bytes || !g->records) {
        result = vksplit__fail(error, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation for %u outputs failed", active);
        goto done;
    }

    /* 1. Keep the axis and every dimension with more than one index. */
    const uint64_t* strides = split->input_strides;
    w.active = active;
    w.extent = extent;
    w.input_extent = split->sizes[split->axis];
    w.axis_scale = 1;
    for (uint32_t o = 0, a = 0; o < split->output_count; o++)
        if (split->split[o] != 0) {
            active_index[a] = o;
            extent[a++] = split->split[o];
        }
    for (uint32_t k = 0; k < split->rank; k++) {
        if (k != split->axis && split->sizes[k] == 1)
            continue;
        uint32_t j = w.count++;
        w.size[j] = split->sizes[k];
        w.is_axis[j] = k == split->axis;
        w.in_stride[j] = strides[k];
    }
    for (uint32_t a = 0; a < active; a++) {
        uint64_t out_strides[VKSPLIT_MAX_RANK];
        vksplit__output_strides(split, active_index[a], out_strides);
        for (uint32_t k = 0, j = 0; k < split->rank; k++)
            if (k == split->axis || split->sizes[k] != 1)
                set_tensor_stride(&w, j++, (int)a, out_strides[k]);
    }

    /* 2. Coalesce from the inside out. */
    for (uint32_t j = w.count - 1; j-- > 0;)
        while (j + 1 < w.count && can_merge(&w, j))
            merge(&w, j);

    /* 3. The chunk and the row dimensions. */
    int chunk_dim = find_chunk_dim(&w);
    g->rows_contiguous = chunk_dim >= 0;
    g->row_dims = w.count - (chunk_dim >= 0 ? 1u : 0u);
    g->record_count = active;
    if (g->row_dims) {
        g->dims = vksplit__alloc_array(callbacks, (size_t)active * g->row_dims, sizeof *g->dims);
        if (!g->dims) {
            result = vksplit__fail(error, VKSPLIT_ERROR_OUT_OF_MEMORY, "host allocation for %u outputs failed", active);
            goto done;
        }
    }
    result = fill_records(split, &w, active_index, chunk_dim, g, chunk_bytes, base_bytes, error);
    if (result != VKSPLIT_OK)
        goto done;

    /* 4. The widest word every chunk, offset and stride allows, within the base alignment. */
    uint32_t base_alignment = split->base_alignment;
    g->word_bytes = 1;
    for (uint32_t word = caps->max_word_bytes; word > 1; word >>= 1)
        if (vksplit__offset_alignment(word, caps->bda) <= base_alignment &&
            word_fits(word, g, chunk_bytes, base_bytes, split->element_size)) {
            g->word_bytes = word;
            break;
        }
    for (uint32_t r = 0; r < active; r++) {
        vksplit__record* rec = &g->records[r];
        rec->chunk_words = chunk_bytes[r] / g->word_bytes;
        if (rec->chunk_words > UINT32_MAX) {
            result = vksplit__fail(error, VKSPLIT_ERROR_SIZE_OVERFLOW,
                                   "output %u has contiguous rows of %llu words of %u bytes; vksplit handles at most 2^32-1",
                                   rec->output_index, (unsigned long long)rec->chunk_words, g->word_bytes);
            goto done;
        }
        rec->in_base_words = base_bytes[r] / g->word_bytes;
        g->bytes_written += chunk_bytes[r] * rec->rows;
        for (uint32_t d = 0; d < g->row_dims; d++) {
            vksplit__row_dim* dim = &g->dims[(size_t)r * g->row_dims + d];
            dim->in_stride = dim->in_stride * split->element_size / g->word_bytes;
            dim->out_stride = dim->out_stride * split->element_size / g->word_bytes;
        }
    }

    /* 5. Work per unit, then the workgroup prefix. */
    bool interleaved = caps->mapping == VKSPLIT_MAPPING_INTERLEAVED;
    g->bands = 1;
    if (interleaved) {
        plan_interleaved(g, caps);
        plan_bands(g, caps);
    } else {
        plan_runs(g, caps);
    }
    for (uint32_t r = 0; r < active; r++) {
        vksplit__record* rec = &g->records[r];
        if (rec->units > UINT32_MAX) {
            result = vksplit__fail(error, VKSPLIT_ERROR_SIZE_OVERFLOW,
                                   "output %u needs %llu %s; vksplit handles at most 2^32-1 per output",
                                   rec->output_index, (unsigned long long)rec->units,
                                   interleaved ? "workgroups" : "invocations");
            goto done;
        }
        rec->first_workgroup = g->band_workgroups;
        g->band_workgroups += interleaved ? rec->units : vksplit__div_up(rec->units, caps->workgroup_size);
    }
    if (g->band_workgroups > UINT32_MAX || !vksplit__mul_u64(g->band_workgroups, g->bands, &g->total_workgroups) ||
        g->total_workgroups > UINT32_MAX)
        result = vksplit__fail(error, VKSPLIT_ERROR_SIZE_OVERFLOW,
                               "the split needs %llu x %llu workgroups; vksplit handles at most 2^32-1",
                               (unsigned long long)g->bands, (unsigned long long)g->band_workgroups);
    else
        result = vksplit__ok(error);

done:
    vksplit__free(callbacks, active_index);
    vksplit__free(callbacks, extent);
    vksplit__free(callbacks, w.out_stride);
    vksplit__free(callbacks, chunk_bytes);
    vksplit__free(callbacks, base_bytes);
    if (result != VKSPLIT_OK)
        vksplit__geometry_free(callbacks, g);
    return result;
}

void vksplit__geometry_free(const VkAllocationCallbacks* callbacks, vksplit__geometry* g)
{
    vksplit__free(callbacks, g->records);
    vksplit__free(callbacks, g->dims);
    g->records = NULL;
    g->dims = NULL;
    g->record_count = 0;
}

vksplit__table_layout vksplit__table_layout_for(const vksplit__geometry* g)
{
    vksplit__table_layout t;
    t.records_offset = TBL_PREFIX + g->record_count + 1;
    t.record_stride = REC_DIMS + DIM_FIELDS * g->row_dims;
    t.total_words = (uint64_t)t.records_offset + (uint64_t)g->record_count * t.record_stride;
    return t;
}

static void put_u64(uint32_t* at, uint64_t value)
{
    at[0] = (uint32_t)value;
    at[1] = (uint32_t)(value >> 32);
}

void vksplit__write_table(const vksplit__geometry* g, const vksplit__table_layout* t, uint32_t* table)
{
    memset(table, 0, t->total_words * sizeof *table);
    for (uint32_t r = 0; r < g->record_count; r++) {
        const vksplit__record* rec = &g->records[r];
        table[TBL_PREFIX + r] = (uint32_t)rec->first_workgroup;
        uint32_t* out = table + t->records_offset + (size_t)r * t->record_stride;
        out[REC_UNITS] = (uint32_t)rec->units;
        out[REC_CHUNK_WORDS] = (uint32_t)rec->chunk_words;
        out[REC_PIECES] = rec->pieces;
        out[REC_PIECE_WORDS] = rec->piece_words;
        out[REC_ROWS_PER_UNIT] = rec->rows_per_unit;
        out[REC_ROWS] = (uint32_t)rec->rows;
        put_u64(out + REC_IN_BASE, rec->in_base_words);
        out[REC_ROW_MAGIC] = rec->row_magic;
        for (uint32_t d = 0; d < g->row_dims; d++) {
            const vksplit__row_dim* dim = &g->dims[(size_t)r * g->row_dims + d];
            uint32_t* f = out + REC_DIMS + d * DIM_FIELDS;
            f[DIM_SIZE] = (uint32_t)dim->size;
            put_u64(f + DIM_IN_STRIDE, dim->in_stride);
            put_u64(f + DIM_OUT_STRIDE, dim->out_stride);
        }
    }
    table[TBL_PREFIX + g->record_count] = (uint32_t)g->band_workgroups;
    table[TBL_BAND_ROWS] = (uint32_t)g->band_rows;
    table[TBL_BANDS] = (uint32_t)g->bands;
}
