/* The parameter table the shader reads (layout in shaders/split_abi.h): written once, at plan
 * creation, into the plan's buffer. */
#include "geometry/table.h"
#include "split_abi.h"

vksplit__table_layout vksplit__table_layout_for(const vksplit__geometry* g)
{
    vksplit__table_layout t;
    t.segments_offset = TBL_SEGMENTS_AT(g->segment_count);
    t.segment_stride = TBL_SEGMENT_STRIDE(g->row_dims);
    t.total_words = (uint64_t)t.segments_offset + (uint64_t)g->segment_count * t.segment_stride;
    if (g->kernel == MAPPING_DEVICE) /* then the capacities, the whole's last */
        t.total_words += (uint64_t)g->device_parts + 1;
    return t;
}

static void put_u64(uint32_t* at, uint64_t value)
{
    at[0] = (uint32_t)value;
    at[1] = (uint32_t)(value >> 32);
}

/* The fields only some mappings read, under their names in split_abi.h. */
static void put_mapping_fields(const vksplit__geometry* g, const vksplit__segment* seg, uint32_t* out)
{
    switch (g->mapping) {
    case VKSPLIT_MAPPING_TILES: {
        const vksplit__row_dim* dim = g->row_dims ? &g->dims[(size_t)(seg - g->segments) * g->row_dims] : NULL;
        out[SEG_LINE_TILES] = (uint32_t)seg->line_tiles;
        out[SEG_TILES] = (uint32_t)seg->tiles;
        out[SEG_LINE_ROWS] = dim ? (uint32_t)dim->size : 1;
        /* Truncated on the wide kernel's plans, which read dimension 0's 64-bit strides. */
        out[SEG_READ_STRIDE32] = dim ? (uint32_t)vksplit__read_stride(g, dim) : 0;
        out[SEG_WRITE_STRIDE32] = dim ? (uint32_t)vksplit__write_stride(g, dim) : 0;
        break;
    }
    case VKSPLIT_MAPPING_TRANSPOSE:
        if (g->kernel == MAPPING_TRANSPOSE16) {
            const vksplit__row_dim* dims = &g->dims[(size_t)(seg - g->segments) * g->row_dims];
            out[SEG_T16_TILES] = (uint32_t)seg->tiles;
            out[SEG_SIZE_A] = (uint32_t)dims[0].size;
            out[SEG_SIZE_B] = (uint32_t)dims[1].size;
            out[SEG_READ_B32] = (uint32_t)vksplit__read_stride(g, &dims[1]);
            break;
        }
        out[SEG_TILES_A] = (uint32_t)seg->tiles_a;
        out[SEG_TILES_B] = (uint32_t)seg->tiles_b;
        break;
    case VKSPLIT_MAPPING_DEINTERLEAVE:
        out[SEG_ROW_OFFSET] = seg->row_offset_uints;
        out[SEG_ROW_MAGIC] = seg->row_magic;
        break;
    default: /* RUNS */
        out[SEG_PIECES] = seg->pieces;
        out[SEG_PIECE_WORDS] = seg->piece_words;
        out[SEG_ROWS_PER_UNIT] = seg->rows_per_unit;
        break;
    }
}

void vksplit__write_table(const vksplit__geometry* g, const vksplit__table_layout* t, uint32_t* table)
{
    memset(table, 0, t->total_words * sizeof *table);
    table[TBL_TILE_ROWS] = g->tile_rows;
    table[TBL_ROWS] = g->segment_count ? (uint32_t)g->segments[0].rows : 0;
    table[TBL_ROW_UINTS] = g->row_uints;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        table[TBL_PREFIX + s] = (uint32_t)seg->first_workgroup;
        uint32_t* out = table + t->segments_offset + (size_t)s * t->segment_stride;
        out[SEG_UNITS] = (uint32_t)seg->units;
        out[SEG_CHUNK_WORDS] = (uint32_t)seg->chunk_words;
        out[SEG_ROWS] = (uint32_t)seg->rows;
        put_u64(out + SEG_BASE, seg->base_words);
        put_mapping_fields(g, seg, out); /* after the common fields: TILES reuses SEG_ROWS */
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
    if (g->kernel == MAPPING_DEVICE) {
        uint32_t caps_at = t->segments_offset + g->segment_count * t->segment_stride;
        table[TBL_DEV_TILE] = g->workgroup_size * ABI_UNROLL(g->word_bytes) * g->trips;
        table[TBL_DEV_STEP] = g->device_step_words;
        table[TBL_DEV_PARTS] = g->device_parts;
        table[TBL_DEV_CAPS_AT] = caps_at;
        memcpy(table + caps_at, g->device_caps, ((size_t)g->device_parts + 1) * sizeof *table);
    }
}
