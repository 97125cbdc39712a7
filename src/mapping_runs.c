/* RUNS (lavapipe's mapping) and INTERLEAVED (the earlier GPU mapping): units are pieces of a
 * row or several whole rows, every loop bounded by VKSPLIT_LOOP_BUDGET. */
#include "mappings.h"

/* Loop trips of one copy_run call over `words` words (shader: 4 per trip, then singles). */
static uint64_t copy_trips(uint64_t words) { return words / 4 + words % 4 + 2; }

/* Words one invocation copies at most: four per trip within the loop budget. */
#define MAX_INVOCATION_WORDS (4u * (VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS))
/* Words of one INTERLEAVED tile of short rows at most: keeps the shader's multiply-high
 * division exact (flat index and chunk both below 2^16). */
#define MAX_TILE_WORDS 65536u

/* A unit copies a piece of one row: the segment's rows cut into balanced pieces of at most
 * `most` words. */
static void cut_rows(vksplit__segment* seg, uint64_t most)
{
    uint64_t pieces = vksplit__div_up(seg->chunk_words, most);
    uint64_t piece_words = vksplit__div_up(seg->chunk_words, pieces); /* balanced */
    seg->pieces = (uint32_t)vksplit__div_up(seg->chunk_words, piece_words);
    seg->piece_words = (uint32_t)piece_words;
    seg->rows_per_unit = 1;
}

/* A unit copies `rows` whole rows. */
static void gather_rows(vksplit__segment* seg, uint64_t rows)
{
    seg->pieces = 1;
    seg->piece_words = (uint32_t)seg->chunk_words;
    seg->rows_per_unit = rows > 1 ? (uint32_t)rows : 1;
}

void vksplit__plan_runs(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    uint64_t run_words = caps->invocation_bytes / g->word_bytes;
    if (run_words < 1)
        run_words = 1;
    if (caps->min_workgroups) {
        /* Small splits: shorter runs, so every CPU thread gets workgroups. */
        uint64_t total = 0;
        for (uint32_t s = 0; s < g->segment_count; s++)
            total += g->segments[s].chunk_words * g->segments[s].rows;
        uint64_t target = (uint64_t)caps->min_workgroups * caps->workgroup_size;
        if (total / run_words < target)
            run_words = total / target > 1 ? total / target : 1;
    }
    run_words = vksplit__min_u64(run_words, MAX_INVOCATION_WORDS);

    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        /* Workgroups never span segments: a segment smaller than a workgroup's worth of runs
         * gets shorter runs, so that its lanes share the work instead of idling. */
        uint64_t segment_words = seg->chunk_words * seg->rows;
        uint64_t run = run_words;
        if (segment_words < run * caps->workgroup_size) {
            run = vksplit__div_up(segment_words, caps->workgroup_size);
            uint64_t floor_words = vksplit__div_up(64, g->word_bytes); /* >= 64 bytes: loop overhead */
            if (run < floor_words)
                run = floor_words;
            run = vksplit__min_u64(run, run_words);
        }
        if (seg->chunk_words > run) {
            cut_rows(seg, run);
        } else {
            uint64_t per_row = copy_trips(seg->chunk_words) + 2 + (g->row_dims > 1 ? g->row_dims : 0);
            uint64_t rows = run / seg->chunk_words;
            rows = vksplit__min_u64(rows, (VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS) / per_row);
            gather_rows(seg, vksplit__min_u64(rows, seg->rows));
        }
        seg->units = (uint64_t)seg->pieces * vksplit__div_up(seg->rows, seg->rows_per_unit);
    }
}

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
    uint64_t per_invocation = vksplit__min_u64(caps->invocation_bytes / g->word_bytes, MAX_INVOCATION_WORDS);
    if (per_invocation < 1)
        per_invocation = 1;
    uint64_t tile = per_invocation * caps->workgroup_size;
    /* A tile of whole rows places every word's row on its own when rows have two or more
     * dimensions (row_dims loop trips per word): fewer words per invocation then. */
    uint64_t tile_rows_words = MAX_TILE_WORDS;
    if (g->row_dims > 1)
        tile_rows_words = vksplit__min_u64(
            tile_rows_words, (uint64_t)(VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS) / (g->row_dims + 2) * caps->workgroup_size);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        uint64_t rows_per_tile =
            vksplit__min_u64(vksplit__min_u64(tile, tile_rows_words) / seg->chunk_words, seg->rows);
        /* Bands hold whole tiles of every segment: powers of two divide a power-of-two band. */
        if (caps->band_bytes)
            while (rows_per_tile & (rows_per_tile - 1))
                rows_per_tile &= rows_per_tile - 1;
        if (rows_per_tile <= 1) {
            cut_rows(seg, tile);
        } else {
            gather_rows(seg, rows_per_tile);
            /* ceil(2^32 / chunk): the shader's f / chunk is a multiply-high (chunk < 2^16). */
            seg->row_magic =
                seg->chunk_words > 1 ? (uint32_t)((((uint64_t)1 << 32) + seg->chunk_words - 1) / seg->chunk_words) : 0;
        }
        seg->units = (uint64_t)seg->pieces * vksplit__div_up(seg->rows, seg->rows_per_unit);
    }
    plan_interleaved_bands(g, caps);
}
