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

/* Workgroups of `bands` bands that copy nothing: each segment's last band may be short. */
static uint64_t band_waste(const vksplit__geometry* g, uint64_t bands)
{
    uint64_t waste = 0;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        uint64_t tiles = g->segments[s].tiles, per = vksplit__div_up(tiles, bands);
        waste += vksplit__div_up(tiles, per) < bands ? UINT32_MAX : bands * per - tiles; /* empty bands: never */
    }
    return waste;
}

/* Bands (one dispatch, two segments or more): band b holds tiles [b * units, (b + 1) * units)
 * of every segment in turn, so that the workgroups running at one time read nearby input
 * (tile i of every segment lies at the same rows). About as many bands as band_bytes asks:
 * between half and twice that, the count that leaves the fewest workgroups idle. */
static void plan_bands(vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    if (!caps->band_bytes || g->segment_count < 2)
        return;
    uint64_t target = vksplit__div_up(g->bytes_written, caps->band_bytes);
    if (target < 2)
        return;
    uint64_t most_tiles = 0;
    bool equal = true;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        equal = equal && g->segments[s].tiles == g->segments[0].tiles;
        most_tiles = g->segments[s].tiles > most_tiles ? g->segments[s].tiles : most_tiles;
    }
    uint64_t best = 0, best_waste = UINT64_MAX;
    uint64_t lo = target / 2 > 2 ? target / 2 : 2, hi = vksplit__min_u64(2 * target, most_tiles);
    /* Past 64 bands a band's idle workgroups are a small share of it: take the target. */
    if (target > 64)
        lo = hi = vksplit__min_u64(target, most_tiles);
    /* Unequal segments: the search costs segments x candidates; keep it small. */
    if (!equal && (uint64_t)g->segment_count * (hi - lo + 1) > (1u << 20))
        lo = hi = vksplit__min_u64(target, most_tiles);
    for (uint64_t bands = lo; bands <= hi; bands++) {
        uint64_t waste = band_waste(g, bands);
        uint64_t distance = bands > target ? bands - target : target - bands;
        uint64_t best_distance = best > target ? best - target : target - best;
        if (waste < best_waste || (waste == best_waste && distance < best_distance)) {
            best = bands;
            best_waste = waste;
        }
    }
    if (best < 2 || best_waste >= UINT32_MAX)
        return;
    g->bands = best;
    for (uint32_t s = 0; s < g->segment_count; s++)
        g->segments[s].units = vksplit__div_up(g->segments[s].tiles, best);
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
            return VKSPLIT__FAIL(error, PLAN_TILES_WORKGROUPS_LIMIT, seg->output_index, (unsigned long long)seg->tiles, (unsigned long long)tile_words);
        seg->units = seg->tiles;
        /* The shader's flat index within a line (tile start + lane) stays below 2^32, or goes wide. */
        if (line_words + tile_words > UINT32_MAX)
            g->wide = 1;
    }
    plan_bands(g, caps);
    return VKSPLIT_OK;
}
