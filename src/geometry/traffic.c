/* The plan's own account of its memory traffic, reported in vksplit_plan_info and by
 * split_bench next to what it measures:
 *   bytes_in_flight  bytes an invocation loads before its first store, per trip;
 *   sectors_read     32-byte input sectors the workgroups fetch: each reader's rows, whole
 *                    sectors, a sector shared by consecutive rows of one reader counted once
 *                    (sharing between readers, which a cache may or may not catch, is not
 *                    credited), bindings taken to start on a sector;
 *   busy_workgroups  workgroups that copy at least one word.
 * Row starts repeat modulo 32 bytes, so every count goes through the distribution of row
 * starts over the 32 residues, exactly, in time independent of the sizes. */
#include "geometry/traffic.h"

#include "geometry/mapping_tiles.h"
#include "split_abi.h"

#define SECTOR 32u

typedef struct residues {
    uint64_t n[SECTOR]; /* rows starting at each byte offset modulo 32 */
} residues;

static uint32_t gcd32(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Every row of *r repeated at `size` steps of `stride` bytes. */
static void spread(residues* r, uint64_t size, uint64_t stride)
{
    residues out;
    memset(&out, 0, sizeof out);
    uint32_t s = (uint32_t)(stride % SECTOR);
    uint32_t period = s ? SECTOR / gcd32(s, SECTOR) : 1;
    uint64_t full = size / period, rest = size % period;
    for (uint32_t x = 0; x < SECTOR; x++) {
        if (!r->n[x])
            continue;
        for (uint32_t i = 0; i < period && i < size; i++)
            out.n[(x + i * s) % SECTOR] += r->n[x] * (full + (i < rest));
    }
    *r = out;
}

/* floor(a / 32) for signed a. */
static int64_t floor_sector(int64_t a) { return a >= 0 ? a / SECTOR : -((-a + SECTOR - 1) / SECTOR); }

/* Sectors of rows of `bytes` at `n` steps of `stride` bytes from each start in *lines.
 * Consecutive rows of a line that meet in a sector share it, unless per_row (each row is a
 * reader of its own). Row r's sectors are [lo_r, hi_r], both non-decreasing in r, so the
 * union is the sum of the rows less each row's overlap with the one before. */
static uint64_t line_sectors(const residues* lines, uint64_t n, uint64_t stride, uint64_t bytes, bool per_row)
{
    if (!n || !bytes)
        return 0;
    residues all = *lines;
    spread(&all, n, stride);
    uint64_t total = 0;
    for (uint32_t x = 0; x < SECTOR; x++)
        total += all.n[x] * ((x + bytes - 1) / SECTOR + 1);
    if (per_row || n < 2 || stride >= bytes + SECTOR)
        return total;
    residues shifted; /* the starts of rows 1 .. n-1 */
    memset(&shifted, 0, sizeof shifted);
    for (uint32_t x = 0; x < SECTOR; x++)
        shifted.n[(x + stride) % SECTOR] += lines->n[x];
    spread(&shifted, n - 1, stride);
    for (uint32_t x = 0; x < SECTOR; x++) {
        int64_t overlap = floor_sector((int64_t)x - (int64_t)stride + (int64_t)bytes - 1) + 1;
        if (overlap > 0)
            total -= shifted.n[x] * (uint64_t)overlap;
    }
    return total;
}

/* A stride in bytes, saturated (strides this large share no sector anyway). */
static uint64_t stride_bytes(uint64_t words, uint32_t word)
{
    uint64_t bytes;
    return vksplit__mul_u64(words, word, &bytes) ? bytes : UINT64_MAX - SECTOR;
}

/* The side of the copy a count is about: the side read (a split's whole, a join's parts), or
 * the whole (read by a split, written by a join). */
typedef enum side { SIDE_READ, SIDE_WHOLE } side;

static uint64_t side_stride(const vksplit__geometry* g, const vksplit__row_dim* dim, side at)
{
    return at == SIDE_WHOLE ? dim->whole_stride : vksplit__read_stride(g, dim);
}

/* Starts of the lines of segment s over row dimensions first.. (byte residues). */
static residues segment_lines(const vksplit__geometry* g, uint32_t s, uint32_t first, uint32_t word, side at)
{
    residues r;
    memset(&r, 0, sizeof r);
    uint64_t base = at == SIDE_WHOLE ? g->segments[s].base_words : vksplit__read_base(g, &g->segments[s]);
    r.n[(base % SECTOR) * word % SECTOR] = 1;
    for (uint32_t d = first; d < g->row_dims; d++) {
        const vksplit__row_dim* dim = &g->dims[(size_t)s * g->row_dims + d];
        spread(&r, dim->size, stride_bytes(side_stride(g, dim, at) % SECTOR, word));
    }
    return r;
}

/* Sectors segment s's rows touch on one side when one invocation takes each line (row
 * dimension 0). */
static uint64_t segment_row_sectors(const vksplit__geometry* g, uint32_t s, uint32_t word, side at)
{
    uint64_t bytes = g->segments[s].chunk_words * word;
    residues lines = segment_lines(g, s, 1, word, at);
    if (!g->row_dims)
        return line_sectors(&lines, 1, 0, bytes, true);
    const vksplit__row_dim* dim = &g->dims[(size_t)s * g->row_dims];
    return line_sectors(&lines, dim->size, stride_bytes(side_stride(g, dim, at), word), bytes, false);
}

double vksplit__row_fetch_ratio(const vksplit__geometry* g)
{
    uint64_t sectors = 0;
    for (uint32_t s = 0; s < g->segment_count; s++)
        sectors += segment_row_sectors(g, s, g->word_bytes, SIDE_WHOLE);
    return g->bytes_written ? (double)sectors * SECTOR / (double)g->bytes_written : 1.0;
}

/* TRANSPOSE reads runs of TILE_A elements along dimension 0 at every index of dimension 1. */
static uint64_t transpose_sectors(const vksplit__geometry* g, uint32_t s)
{
    uint32_t word = g->word_bytes;
    const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
    residues lines = segment_lines(g, s, 2, word, SIDE_READ); /* a tile's first run: TILE_A x word, a multiple of 32 */
    uint64_t tile_a = g->kernel == MAPPING_TRANSPOSE16 ? TRANSPOSE16_TILE_A : TRANSPOSE_TILE_A;
    uint64_t full = dims[0].size / tile_a, part = dims[0].size % tile_a;
    uint64_t b_stride = stride_bytes(vksplit__read_stride(g, &dims[1]), word);
    return full * line_sectors(&lines, dims[1].size, b_stride, tile_a * word, false) +
           line_sectors(&lines, dims[1].size, b_stride, part * word, false);
}

/* Sectors of tiles of tile_rows rows of row_uints uint32 each, contiguous, one reader a tile. */
static uint64_t deinterleave_span_sectors(const vksplit__geometry* g, uint64_t row_uints)
{
    uint64_t rows = g->segments[0].rows, tile = (uint64_t)g->tile_rows * row_uints * 4;
    residues start;
    memset(&start, 0, sizeof start);
    start.n[0] = 1;
    uint64_t sectors = line_sectors(&start, rows / g->tile_rows, tile, tile, true);
    uint64_t last = rows % g->tile_rows * row_uints * 4;
    if (last) {
        memset(&start, 0, sizeof start);
        start.n[(rows / g->tile_rows) % SECTOR * (tile % SECTOR) % SECTOR] = 1;
        sectors += line_sectors(&start, 1, 0, last, true);
    }
    return sectors;
}

/* DEINTERLEAVE: a split reads tile_rows whole rows per workgroup, one span each; a join reads
 * each part's share of them, a span of each part. */
static uint64_t deinterleave_sectors(const vksplit__geometry* g)
{
    if (!vksplit__writes_whole(g->direction))
        return deinterleave_span_sectors(g, g->row_uints);
    uint64_t sectors = 0;
    for (uint32_t s = 0; s < g->segment_count; s++)
        sectors += deinterleave_span_sectors(g, g->segments[s].chunk_words);
    return sectors;
}

/* TILES: a unit copies `trips` tiles a stride apart; a short last band (or line) leaves
 * units without a tile. */
static uint64_t tiles_busy(const vksplit__geometry* g, const vksplit__segment* seg)
{
    if (seg->tiles != seg->line_tiles) /* lines: ceil(line tiles / trips) units each, all busy */
        return seg->units * g->bands;
    /* Band b holds min(per, tiles - b * per) tiles and keeps min(units, tiles - b * per)
     * units busy: the first `full` bands keep all their units, the rest an arithmetic series
     * (in closed form: bands can number billions). */
    uint64_t tiles = seg->tiles, units = seg->units;
    uint64_t per = vksplit__div_up(tiles, g->bands);
    uint64_t holding = vksplit__div_up(tiles, per); /* bands with a tile */
    uint64_t full = tiles < units ? 0 : vksplit__min_u64((tiles - units) / per + 1, holding);
    uint64_t rest = holding - full;
    if (!rest)
        return full * units;
    uint64_t first = tiles - full * per, last = tiles - (holding - 1) * per; /* each < units */
    return full * units + (first + last) * rest / 2;
}

void vksplit__plan_traffic(vksplit__geometry* g)
{
    uint32_t word = g->word_bytes;
    g->bytes_in_flight = g->mapping == VKSPLIT_MAPPING_RUNS ? 4 * word : ABI_UNROLL(word) * word;
    g->invocation_bytes = g->bytes_in_flight;
    /* The realigned kernel's 16-byte blocks per trip: a split's loaded as twice as many 16-byte
     * loads (3 blocks from 6 loads, 64 distinct bytes), a join's from as many (4 from 4). */
    uint32_t realign_blocks = vksplit__realign_unroll(g->direction);
    if (g->mapping == VKSPLIT_MAPPING_TILES) /* its trips */
        g->invocation_bytes =
            g->trips * (g->kernel == MAPPING_TILES_REALIGN ? 16 * realign_blocks : ABI_UNROLL(word) * word);
    if (g->kernel == MAPPING_TILES_REALIGN)
        g->bytes_in_flight = 16 * realign_blocks * (vksplit__writes_whole(g->direction) ? 1 : 2);
    if (g->kernel == MAPPING_TRANSPOSE16) /* one tile of 16-byte loads per trip */
        g->invocation_bytes = g->trips * 64;
    if (g->kernel == MAPPING_DEVICE) /* a lane's trips of its tile, the capacities' account */
        g->invocation_bytes = g->trips * g->bytes_in_flight;
    if (g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE) /* the rows a workgroup stages, per invocation */
        g->invocation_bytes =
            (uint32_t)(g->trips * vksplit__div_up((uint64_t)g->tile_rows * g->row_uints * 4, g->workgroup_size));
    g->sectors_read = 0;
    g->busy_workgroups = 0;
    if (g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE) {
        g->sectors_read = deinterleave_sectors(g);
        g->busy_workgroups = g->total_workgroups;
        return;
    }
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        g->sectors_read += g->mapping == VKSPLIT_MAPPING_TRANSPOSE ? transpose_sectors(g, s)
                                                                   : segment_row_sectors(g, s, word, SIDE_READ);
        g->busy_workgroups += g->mapping == VKSPLIT_MAPPING_TILES ? tiles_busy(g, seg) : seg->units;
    }
    if (g->mapping == VKSPLIT_MAPPING_RUNS)
        g->busy_workgroups = g->total_workgroups;
}
