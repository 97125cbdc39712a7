/* TILES, the GPU mapping for rows (shaders/copy_tiles.glsl). A segment's rows are lines along
 * one row dimension (moved to dimension 0); a line's words, row after row, are cut into
 * tiles of TRIPS x ABI_UNROLL x workgroup words, one per workgroup. Tiles cross rows inside a
 * line, so short rows leave no lane idle; only a line's last tile may be partial. */
#include "mappings.h"
#include "split_abi.h"

uint32_t vksplit__tiles_trips(uint32_t invocation_bytes, uint32_t word_bytes)
{
    uint32_t unroll = ABI_UNROLL(word_bytes);
    uint32_t trips = invocation_bytes / (unroll * word_bytes);
    /* Per trip the shader makes 2 x unroll loop trips where nothing is unrolled (llvmpipe). */
    uint32_t most = (VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS) / (2 * unroll + 2);
    return trips < 1 ? 1 : trips < most ? trips : most;
}

/* The fraction of a line's tiles' words that are the line's: 1 when lines fill whole tiles. */
static double line_fill(uint64_t line_words, uint64_t tile_words)
{
    return (double)line_words / (double)(vksplit__div_up(line_words, tile_words) * tile_words);
}

/* The row dimension lines run along: one that fills its tiles (at least 3/4), then one whose
 * rows are contiguous in the output (long coalesced writes), then in the input, then the
 * longest. Decided on segment 0; every segment has the same dimensions. */
static uint32_t choose_line_dim(const vksplit__geometry* g, uint64_t tile_words)
{
    const vksplit__segment* seg = &g->segments[0];
    uint32_t best = 0;
    uint64_t best_score = 0;
    for (uint32_t d = 0; d < g->row_dims; d++) {
        const vksplit__row_dim* dim = &g->dims[d];
        uint64_t score = (uint64_t)(line_fill(dim->size * seg->chunk_words, tile_words) >= 0.75) << 62 |
                         (uint64_t)(dim->out_stride == seg->chunk_words) << 61 |
                         (uint64_t)(dim->in_stride == seg->chunk_words) << 60 | (dim->size & (((uint64_t)1 << 60) - 1));
        if (d == 0 || score > best_score) {
            best = d;
            best_score = score;
        }
    }
    return best;
}

/* Bands (one dispatch, two segments or more): band b holds tiles [b * units, (b + 1) * units)
 * of every segment in turn, so that the workgroups running at one time read nearby input
 * (tile i of every segment lies at the same rows). As many equal bands as band_bytes asks. */
static void plan_bands(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    if (!caps->band_bytes || g->segment_count < 2)
        return;
    uint64_t bands = vksplit__div_up(g->bytes_written, caps->band_bytes);
    if (bands < 2)
        return;
    uint64_t used = 1;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        seg->units = vksplit__div_up(seg->tiles, bands);
        uint64_t filled = vksplit__div_up(seg->tiles, seg->units);
        if (filled > used)
            used = filled;
    }
    g->bands = used; /* bands the longest segment fills; shorter ones idle in the last */
    if (g->bands < 2) {
        g->bands = 1;
        for (uint32_t s = 0; s < g->segment_count; s++)
            g->segments[s].units = g->segments[s].tiles;
    }
}

vksplit_result vksplit__plan_tiles(vksplit__geometry* g, const vksplit__planner_caps* caps, vksplit_error* error)
{
    g->tiles_trips = vksplit__tiles_trips(caps->invocation_bytes, g->word_bytes);
    uint64_t tile_words = (uint64_t)g->tiles_trips * ABI_UNROLL(g->word_bytes) * caps->workgroup_size;
    if (g->row_dims > 1)
        vksplit__move_row_dim(g, choose_line_dim(g, tile_words), 0);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        uint64_t line_rows = g->row_dims ? g->dims[(size_t)s * g->row_dims].size : 1;
        uint64_t line_words = line_rows * seg->chunk_words; /* both below 2^32 */
        seg->line_tiles = vksplit__div_up(line_words, tile_words);
        seg->tiles = seg->rows / line_rows * seg->line_tiles;
        if (seg->tiles > UINT32_MAX || seg->rows / line_rows > UINT32_MAX)
            return vksplit__fail(error, VKSPLIT_ERROR_SIZE_OVERFLOW,
                                 "output %u needs %llu workgroups of %llu words; vksplit handles at most 2^32-1 per output",
                                 seg->output_index, (unsigned long long)seg->tiles, (unsigned long long)tile_words);
        seg->units = seg->tiles;
        /* The shader's flat index within a line (tile start + lane) stays below 2^32, or goes wide. */
        if (line_words + tile_words > UINT32_MAX)
            g->wide = 1;
    }
    plan_bands(g, caps);
    return VKSPLIT_OK;
}
