/* TILES, the GPU mapping for rows (shaders/copy_tiles.glsl). A segment's rows are lines along
 * one row dimension (moved to dimension 0); a line's words, row after row, are cut into
 * tiles of trips x ABI_UNROLL x workgroup words, one per workgroup. Tiles cross rows inside a
 * line, so short rows leave no lane idle; only a line's last tile may be partial.
 *
 * With 4- and 8-byte words on device addresses, where every line is contiguous in its part, the
 * realigned kernel (shaders/copy_tiles_realign.glsl) copies the same lines 16 bytes at a time:
 * a split's with 16-byte loads and stores, a join's with 16-byte loads of the part and 4-byte
 * stores into the whole; its tiles are counted in 16-byte blocks of the part's line
 * (ABI_REALIGN_UNROLL of them per trip). */
#include "geometry/mapping_tiles.h"

#include "geometry/kernels.h"
#include "split_abi.h"

/* Loop trips per trip, nothing unrolled (llvmpipe): the word-by-word kernel steps, loads and
 * stores ABI_UNROLL words; the realigned one steps, loads, realigns, may redo (4 words each)
 * and stores its blocks. */
#define TILES_LOOP_TRIPS(unroll) (3 * (unroll) + 2)
#define REALIGN_LOOP_TRIPS(unroll) (8 * (unroll) + 2)

uint32_t vksplit__realign_unroll(vksplit__direction direction)
{
    return vksplit__writes_whole(direction) ? ABI_REALIGN_UNROLL_JOIN : ABI_REALIGN_UNROLL_SPLIT;
}

uint32_t vksplit__tiles_max_trips(uint32_t invocation_bytes, uint32_t word_bytes, uint32_t realign_unroll)
{
    uint32_t unroll = ABI_UNROLL(word_bytes);
    uint32_t per_trip = realign_unroll ? realign_unroll * 16 : unroll * word_bytes;
    uint32_t trips = invocation_bytes / per_trip;
    uint32_t most = (VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS) /
                    (realign_unroll ? REALIGN_LOOP_TRIPS(realign_unroll) : TILES_LOOP_TRIPS(unroll));
    return trips < 1 ? 1 : trips < most ? trips : most;
}

/* The fraction of a line's tiles' words that are the line's: 1 when lines fill whole tiles. */
static double line_fill(uint64_t line_words, uint64_t tile_words)
{
    return (double)line_words / (double)(vksplit__div_up(line_words, tile_words) * tile_words);
}

/* The row dimension lines run along: one that fills its tiles (at least 3/4), then one whose
 * rows are contiguous in the output (long coalesced writes), then in the input, then the
 * longest; where the realigned kernel may run, rows contiguous in the part first (it needs
 * them). Decided on segment 0; every segment has the same dimensions. */
static uint32_t choose_line_dim(const vksplit__geometry* g, uint64_t tile_words, bool realign)
{
    const vksplit__segment* seg = &g->segments[0];
    uint32_t best = 0;
    uint64_t best_score = 0;
    for (uint32_t d = 0; d < g->row_dims; d++) {
        const vksplit__row_dim* dim = &g->dims[d];
        uint64_t fills = line_fill(dim->size * seg->chunk_words, tile_words) >= 0.75;
        /* TILES: the output's rows; the realigned kernel: the part's (its 16-byte blocks). */
        uint64_t contiguous = (realign ? dim->part_stride : vksplit__write_stride(g, dim)) == seg->chunk_words;
        uint64_t score = (realign ? contiguous << 62 | fills << 61 : fills << 62 | contiguous << 61) |
                         (uint64_t)(vksplit__read_stride(g, dim) == seg->chunk_words) << 60 |
                         (dim->size & (((uint64_t)1 << 60) - 1));
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
    /* Past 64 bands a band's idle workgroups are a small share of it: take the target, or the
     * count near it that leaves no band of the largest segment empty. */
    if (target > 64) {
        uint64_t per = vksplit__div_up(most_tiles, vksplit__min_u64(target, most_tiles));
        lo = vksplit__div_up(most_tiles, per);
        hi = vksplit__min_u64(target, most_tiles);
        if (lo > hi) {
            uint64_t t = lo;
            lo = hi;
            hi = t;
        }
        if (hi - lo > 64)
            lo = hi - 64;
    }
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
}

/* Does every tile of tile_words words (tiles_trips x ABI_UNROLL x workgroup) reach less than
 * 2 GiB from any of its words, in the input and in the output? The word-by-word kernel then
 * places words by 32-bit signed offsets; where not, the wide kernel's 64-bit cursors. The
 * realigned kernel asks the same of its tiles (in bytes, blocks of 16). */
static bool tiles_span_fits(const vksplit__geometry* g, uint64_t tile_words, uint64_t word_bytes)
{
    const uint64_t limit = (uint64_t)1 << 31;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        const vksplit__row_dim* dim = g->row_dims ? &g->dims[(size_t)s * g->row_dims] : NULL;
        uint64_t rows = dim ? vksplit__min_u64(dim->size, tile_words / seg->chunk_words + 2) : 1;
        uint64_t stride = dim ? (dim->whole_stride > dim->part_stride ? dim->whole_stride : dim->part_stride) : 0;
        uint64_t span, reach;
        if (!vksplit__mul_u64(rows, stride, &span) || (span += seg->chunk_words + tile_words) >= limit ||
            !vksplit__mul_u64(span, word_bytes, &reach) || reach >= limit)
            return false;
    }
    return true;
}

/* The realigned kernel, where the kernel table gives it the word (src/geometry/kernels.c: 4- and
 * 8-byte words on device addresses where 16-byte words are allowed): every row at least 32
 * bytes (a line's whole side then holds a whole aligned 16-byte block, and a block crosses one
 * row's end at most), every line contiguous in its part and its rows apart in the whole (no
 * broadcast), and a line's bytes (and its tiles' blocks) within 32 bits; a join's places in
 * the whole too (its 32-bit cursor from the line's first byte there). */
static bool realign_fits(const vksplit__geometry* g, uint64_t tile_blocks)
{
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        const vksplit__row_dim* dim = g->row_dims ? &g->dims[(size_t)s * g->row_dims] : NULL;
        uint64_t chunk_bytes = seg->chunk_words * g->word_bytes;
        uint64_t line_bytes = (dim ? dim->size : 1) * chunk_bytes;
        uint64_t whole_reach = 0;
        if (chunk_bytes < 32 ||
            (dim && dim->size > 1 && (dim->part_stride != seg->chunk_words || dim->whole_stride < seg->chunk_words)) ||
            line_bytes + 16 * tile_blocks > UINT32_MAX)
            return false;
        if (dim && vksplit__writes_whole(g->direction) &&
            (!vksplit__mul_u64(dim->size - 1, dim->whole_stride * g->word_bytes, &whole_reach) ||
             whole_reach + chunk_bytes > UINT32_MAX || dim->whole_stride * g->word_bytes > UINT32_MAX))
            return false;
    }
    return tiles_span_fits(g, tile_blocks * 16 / g->word_bytes, g->word_bytes);
}

/* Trips per invocation: the most the tuning allows, fewer where fewer than the tuning's
 * min_workgroups would share the split. */
static uint32_t choose_trips(const vksplit__geometry* g, const vksplit__planner_caps* caps, bool realign)
{
    uint32_t unroll = realign ? vksplit__realign_unroll(g->direction) : 0;
    uint32_t most = vksplit__tiles_max_trips(caps->invocation_bytes, g->word_bytes, unroll);
    uint64_t trip_bytes = realign ? unroll * 16 : (uint64_t)ABI_UNROLL(g->word_bytes) * g->word_bytes;
    uint64_t workgroup_trips = g->bytes_written / (trip_bytes * caps->workgroup_size);
    uint64_t trips = workgroup_trips / (caps->min_workgroups ? caps->min_workgroups : 1);
    return trips < 1 ? 1 : trips < most ? (uint32_t)trips : most;
}

vksplit_result vksplit__plan_tiles(vksplit__geometry* g, const vksplit__planner_caps* caps, vksplit_error* error)
{
    /* The realigned kernel is tried with its largest tiles (its 32-bit bound holds for fewer trips too). */
    uint32_t realign_unroll = vksplit__realign_unroll(g->direction);
    uint64_t most_blocks = (uint64_t)vksplit__tiles_max_trips(caps->invocation_bytes, g->word_bytes, realign_unroll) *
                           realign_unroll * caps->workgroup_size;
    bool realign = vksplit__plans_kernel(caps, g->direction, MAPPING_TILES_REALIGN, g->word_bytes);
    g->trips = choose_trips(g, caps, realign);
    uint64_t tile_words = (uint64_t)g->trips * ABI_UNROLL(g->word_bytes) * caps->workgroup_size;
    if (g->row_dims > 1)
        vksplit__move_row_dim(g, choose_line_dim(g, tile_words, realign), 0);
    if (realign && realign_fits(g, most_blocks)) {
        g->kernel = MAPPING_TILES_REALIGN;
        tile_words = (uint64_t)g->trips * realign_unroll * caps->workgroup_size; /* in 16-byte blocks */
    } else {
        g->trips = choose_trips(g, caps, false);
        tile_words = (uint64_t)g->trips * ABI_UNROLL(g->word_bytes) * caps->workgroup_size;
        /* Fewer trips where that keeps the tiles' places within 32 bits; the wide kernel where
         * not even one does (device addresses; the descriptor path's bindings are smaller). */
        while (g->trips > 1 && !tiles_span_fits(g, tile_words, g->word_bytes)) {
            g->trips /= 2;
            tile_words = (uint64_t)g->trips * ABI_UNROLL(g->word_bytes) * caps->workgroup_size;
        }
        if (vksplit__plans_kernel(caps, g->direction, MAPPING_TILES_WIDE, g->word_bytes) &&
            !tiles_span_fits(g, tile_words, g->word_bytes))
            g->kernel = MAPPING_TILES_WIDE;
    }
    /* A tile is one trip of a workgroup; a unit copies `trips` tiles a stride apart. */
    tile_words /= g->trips;
    bool one_line = true;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        uint64_t line_rows = g->row_dims ? g->dims[(size_t)s * g->row_dims].size : 1;
        uint64_t line_words = line_rows * seg->chunk_words; /* both below 2^32 */
        if (g->kernel == MAPPING_TILES_REALIGN) /* whole 16-byte blocks at most; the head and tail ride along */
            line_words = line_words * g->word_bytes / 16;
        seg->line_tiles = line_words ? vksplit__div_up(line_words, tile_words) : 1;
        seg->tiles = seg->rows / line_rows * seg->line_tiles;
        if (seg->tiles > UINT32_MAX || seg->rows / line_rows > UINT32_MAX)
            return VKSPLIT__FAIL(error, PLAN_TILES_WORKGROUPS_LIMIT, vksplit__words(g->direction)->parts,
                                 seg->part_index, (unsigned long long)seg->tiles, (unsigned long long)tile_words);
        one_line = one_line && seg->tiles == seg->line_tiles;
        /* The narrow kernel's positions within a line (a tile's start + a lane's) stay below 2^32. */
        if (g->kernel == MAPPING_TILES &&
            vksplit__plans_kernel(caps, g->direction, MAPPING_TILES_WIDE, g->word_bytes) &&
            line_words + tile_words > UINT32_MAX)
            g->kernel = MAPPING_TILES_WIDE;
    }
    /* Units (the shader's tiles_range): where every segment is one line, bands of tiles and
     * ceil(tiles per band / trips) units per band; else ceil(line tiles / trips) per line. */
    if (one_line)
        plan_bands(g, caps);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        uint64_t per = vksplit__div_up(seg->tiles, g->bands);
        seg->units = one_line ? vksplit__div_up(per, g->trips)
                              : seg->tiles / seg->line_tiles * vksplit__div_up(seg->line_tiles, g->trips);
    }
    return VKSPLIT_OK;
}
