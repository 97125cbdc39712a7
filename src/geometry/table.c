/* The parameter table the shader reads (layout in shaders/split_abi.h): written once, at plan
 * creation, into the plan's buffer. Every segment's common fields, then its kernel's own under
 * that kernel's names: one writer per kernel's layout. */
#include "geometry/table.h"
#include "split_abi.h"

vksplit__table_layout vksplit__table_layout_for(const vksplit__geometry* g)
{
    vksplit__table_layout t;
    t.segments_offset = TBL_SEGMENTS_AT(g->segment_count);
    t.segment_stride = TBL_SEGMENT_STRIDE(g->row_dims);
    t.total_words = (uint64_t)t.segments_offset + (uint64_t)g->segment_count * t.segment_stride;
    if (g->kernel == MAPPING_DEVICE) /* then the capacities */
        t.total_words += g->capacity_count;
    return t;
}

static void put_u64(uint32_t* at, uint64_t value)
{
    at[0] = (uint32_t)value;
    at[1] = (uint32_t)(value >> 32);
}

/* Segment s's row dimension 0, or NULL where it has none. */
static const vksplit__row_dim* first_dim(const vksplit__geometry* g, const vksplit__segment* seg)
{
    return g->row_dims ? &g->dims[(size_t)(seg - g->segments) * g->row_dims] : NULL;
}

static void put_runs(const vksplit__segment* seg, uint32_t* out)
{
    out[RUNS_SEG_PIECES] = seg->pieces;
    out[RUNS_SEG_PIECE_WORDS] = seg->piece_words;
    out[RUNS_SEG_ROWS_PER_UNIT] = seg->rows_per_unit;
    out[RUNS_SEG_ROWS] = (uint32_t)seg->rows;
}

static void put_tiles(const vksplit__geometry* g, const vksplit__segment* seg, uint32_t* out)
{
    const vksplit__row_dim* dim = first_dim(g, seg);
    out[TILES_SEG_LINE_TILES] = (uint32_t)seg->line_tiles;
    out[TILES_SEG_TILES] = (uint32_t)seg->tiles;
    out[TILES_SEG_LINE_ROWS] = dim ? (uint32_t)dim->size : 1;
    /* Truncated on the wide kernel's plans, which read dimension 0's 64-bit strides. */
    out[TILES_SEG_READ_STRIDE32] = dim ? (uint32_t)vksplit__read_stride(g, dim) : 0;
    out[TILES_SEG_WRITE_STRIDE32] = dim ? (uint32_t)vksplit__write_stride(g, dim) : 0;
}

static void put_transpose(const vksplit__segment* seg, uint32_t* out)
{
    out[TRANSPOSE_SEG_TILES_A] = (uint32_t)seg->tiles_a;
    out[TRANSPOSE_SEG_TILES_B] = (uint32_t)seg->tiles_b;
}

static void put_transpose16(const vksplit__geometry* g, const vksplit__segment* seg, uint32_t* out)
{
    const vksplit__row_dim* dims = first_dim(g, seg);
    out[TRANSPOSE16_SEG_TILES] = (uint32_t)seg->tiles;
    out[TRANSPOSE16_SEG_SIZE_A] = (uint32_t)dims[0].size;
    out[TRANSPOSE16_SEG_SIZE_B] = (uint32_t)dims[1].size;
    out[TRANSPOSE16_SEG_READ_B32] = (uint32_t)vksplit__read_stride(g, &dims[1]);
}

static void put_deinterleave(const vksplit__segment* seg, uint32_t* out)
{
    out[DEINTERLEAVE_SEG_ROW_OFFSET] = seg->row_offset_uints;
    out[DEINTERLEAVE_SEG_ROW_MAGIC] = seg->row_magic;
}

static void put_device(const vksplit__segment* seg, uint32_t* out)
{
    out[DEVICE_SEG_TILES] = seg->row_tiles;
    out[DEVICE_SEG_PART] = seg->part_index;
    out[DEVICE_SEG_ROWS] = (uint32_t)seg->rows;
}

/* The fields only the plan's kernel reads. */
static void put_kernel_fields(const vksplit__geometry* g, const vksplit__segment* seg, uint32_t* out)
{
    switch (g->kernel) {
    case MAPPING_RUNS: put_runs(seg, out); break;
    case MAPPING_TILES:
    case MAPPING_TILES_REALIGN:
    case MAPPING_TILES_WIDE: put_tiles(g, seg, out); break;
    case MAPPING_TRANSPOSE: put_transpose(seg, out); break;
    case MAPPING_TRANSPOSE16: put_transpose16(g, seg, out); break;
    case MAPPING_DEINTERLEAVE: put_deinterleave(seg, out); break;
    case MAPPING_DEVICE: put_device(seg, out); break;
    default: break;
    }
}

/* The header's words 0-3 are the kernel's own. */
static void put_header(const vksplit__geometry* g, const vksplit__table_layout* t, uint32_t* table)
{
    if (g->kernel == MAPPING_DEINTERLEAVE) {
        table[DEINTERLEAVE_TBL_TILE_ROWS] = g->tile_rows;
        table[DEINTERLEAVE_TBL_ROWS] = g->segment_count ? (uint32_t)g->segments[0].rows : 0;
        table[DEINTERLEAVE_TBL_ROW_UINTS] = g->row_uints;
    }
    if (g->kernel == MAPPING_DEVICE) {
        uint32_t caps_at = t->segments_offset + g->segment_count * t->segment_stride;
        table[DEVICE_TBL_TILE] = g->workgroup_size * ABI_UNROLL(g->word_bytes) * g->trips;
        table[DEVICE_TBL_STEP] = g->step_words;
        table[DEVICE_TBL_PARTS] = g->capacity_count - 1; /* the parts', then the whole's */
        table[DEVICE_TBL_CAPS_AT] = caps_at;
        memcpy(table + caps_at, g->capacities, (size_t)g->capacity_count * sizeof *table);
    }
}

void vksplit__write_table(const vksplit__geometry* g, const vksplit__table_layout* t, uint32_t* table)
{
    memset(table, 0, t->total_words * sizeof *table);
    put_header(g, t, table);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        table[TBL_PREFIX + s] = (uint32_t)seg->first_workgroup;
        uint32_t* out = table + t->segments_offset + (size_t)s * t->segment_stride;
        out[SEG_UNITS] = (uint32_t)seg->units;
        out[SEG_CHUNK_WORDS] = (uint32_t)seg->chunk_words;
        put_u64(out + SEG_BASE, seg->base_words);
        put_kernel_fields(g, seg, out);
        out[SEG_DIMS + DIM_SIZE] = 1;
        for (uint32_t d = 0; d < g->row_dims; d++) {
            const vksplit__row_dim* dim = &g->dims[(size_t)s * g->row_dims + d];
            uint32_t* f = out + SEG_DIMS + d * DIM_FIELDS;
            f[DIM_SIZE] = (uint32_t)dim->size;
            put_u64(f + DIM_READ_STRIDE, vksplit__read_stride(g, dim));
            put_u64(f + DIM_WRITE_STRIDE, vksplit__write_stride(g, dim));
        }
    }
    table[TBL_PREFIX + g->segment_count] = (uint32_t)g->band_workgroups;
}
