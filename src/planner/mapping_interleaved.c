/* INTERLEAVED, the earlier GPU mapping (deprecated: vksplit.h): a workgroup copies a tile of
 * rows, or a piece of one row, and invocation i takes words i, i + workgroup_size, ...; every
 * loop bounded by VKSPLIT_LOOP_BUDGET. */
#include "planner/mapping_interleaved.h"

/* Words of one tile of short rows at most: keeps the shader's multiply-high division exact
 * (flat index and chunk both below 2^16). */
#define MAX_TILE_WORDS 65536u

/* INTERLEAVED bands (one dispatch, every segment with the same rows): the workgroups walk
 * band_rows rows of every segment in turn, so that the workgroups running at one time read
 * nearby input. Bands are equal: the rows are cut into as many bands as band_bytes asks,
 * each a whole number of every segment's tiles. */
static void plan_interleaved_bands(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    if (!caps->band_bytes || g->segment_count < 2)
        return;
    uint64_t rows = g->segments[0].rows, tile_rows = 1;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        if (seg->rows != rows)
            return;
        if (seg->rows_per_unit > tile_rows)
            tile_rows = seg->rows_per_unit; /* powers of two: the largest is a multiple of every one */
    }
    uint64_t bands = vksplit__div_up(g->bytes_written, caps->band_bytes);
    if (bands < 2)
        return;
    uint64_t band = vksplit__div_up(vksplit__div_up(rows, bands), tile_rows) * tile_rows;
    if (band >= rows)
        return; /* one band: segments in turn already */
    g->band_rows = band;
    g->bands = vksplit__div_up(rows, band);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        seg->units = seg->rows_per_unit == 1 ? band * seg->pieces : band / seg->rows_per_unit;
    }
}

void vksplit__plan_interleaved(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    uint64_t per_invocation = vksplit__min_u64(caps->invocation_bytes / g->word_bytes, VKSPLIT_MAX_INVOCATION_WORDS);
    if (per_invocation < 1)
        per_invocation = 1;
    uint64_t tile = per_invocation * caps->workgroup_size;
    /* A tile of whole rows places every word's row on its own when rows have two or more
     * dimensions (row_dims loop trips per word): fewer words per invocation then. */
    uint64_t tile_rows_words = MAX_TILE_WORDS;
    if (g->row_dims > 1)
        tile_rows_words = vksplit__min_u64(tile_rows_words, (uint64_t)(VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS) /
                                                                (g->row_dims + 2) * caps->workgroup_size);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        uint64_t rows_per_tile =
            vksplit__min_u64(vksplit__min_u64(tile, tile_rows_words) / seg->chunk_words, seg->rows);
        /* Bands hold whole tiles of every segment: powers of two divide a power-of-two band. */
        if (caps->band_bytes)
            while (rows_per_tile & (rows_per_tile - 1))
                rows_per_tile &= rows_per_tile - 1;
        if (rows_per_tile <= 1) {
            vksplit__cut_rows(seg, tile);
        } else {
            vksplit__gather_rows(seg, rows_per_tile);
            /* ceil(2^32 / chunk): the shader's f / chunk is a multiply-high (chunk < 2^16). */
            seg->row_magic =
                seg->chunk_words > 1 ? (uint32_t)((((uint64_t)1 << 32) + seg->chunk_words - 1) / seg->chunk_words) : 0;
        }
        seg->units = (uint64_t)seg->pieces * vksplit__div_up(seg->rows, seg->rows_per_unit);
    }
    plan_interleaved_bands(g, caps);
}
