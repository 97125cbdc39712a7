/* See check_plan.h. The only file of the fuzzers that includes src/geometry/planner.h.
 *
 * Besides the spans, it holds each mapping's plan to what its shader assumes (a model of the
 * shader's arithmetic, shaders/copy_*.glsl): every 32-bit index the shader computes stays
 * below 2^32, and every invocation's loop trips stay within VKSPLIT_LOOP_BUDGET (llvmpipe
 * stops loops silently past its limit, so a plan over budget would copy part of a split and
 * report nothing). */
#include "check_plan.h"

#include <stdbool.h>
#include <string.h>

#include "check_split.h"
#include "fuzz_caps.h"
#include "geometry/grid.h"
#include "geometry/planner.h"
#include "rules/request_rules.h"
#include "split_abi.h"

/* One planned copy: its last word on the side it reads and on the side it writes, within
 * the whole's span (a split's input, a join's output) and its part's. */
static void check_segment(const vksplit__geometry* g, uint32_t s, uint64_t whole_span_bytes,
                          const uint64_t* part_span_bytes, const char* device)
{
    const vksplit__segment* seg = &g->segments[s];
    uint64_t in_end = vksplit__read_base(g, seg), out_end = vksplit__write_base(g, seg), rows = 1, reach;
    bool ok = seg->chunk_words >= 1;
    for (uint32_t d = 0; ok && d < g->row_dims; d++) {
        const vksplit__row_dim* dim = &g->dims[(size_t)s * g->row_dims + d];
        ok = dim->size >= 1 && !__builtin_mul_overflow(rows, dim->size, &rows) &&
             !__builtin_mul_overflow(dim->size - 1, vksplit__read_stride(g, dim), &reach) &&
             !__builtin_add_overflow(in_end, reach, &in_end) &&
             !__builtin_mul_overflow(dim->size - 1, vksplit__write_stride(g, dim), &reach) &&
             !__builtin_add_overflow(out_end, reach, &out_end);
    }
    /* in_end and out_end become one past the last unit, then bytes. */
    ok = ok && rows == seg->rows && !__builtin_add_overflow(in_end, seg->chunk_words, &in_end) &&
         !__builtin_add_overflow(out_end, seg->chunk_words, &out_end) &&
         !__builtin_mul_overflow(in_end, g->count_bytes, &in_end) &&
         !__builtin_mul_overflow(out_end, g->count_bytes, &out_end);
    uint64_t in_span = vksplit__writes_whole(g->direction) ? part_span_bytes[seg->part_index] : whole_span_bytes;
    uint64_t out_span = vksplit__writes_whole(g->direction) ? whole_span_bytes : part_span_bytes[seg->part_index];
    if (!ok || in_end > in_span || out_end > out_span)
        fz_fail("%s %s plan, segment %u (part %u): %s; reads to byte %llu of %llu, writes to byte %llu of %llu", device,
                vksplit__words(g->direction)->operation, s, seg->part_index,
                ok ? "out of span" : "inconsistent segment", (unsigned long long)in_end, (unsigned long long)in_span,
                (unsigned long long)out_end, (unsigned long long)out_span);
}

/* RUNS: pieces cover a row. */
static bool pieces_ok(const vksplit__geometry* g, const vksplit__segment* seg, const vksplit__planner_caps* caps)
{
    bool ok = seg->pieces >= 1 && seg->piece_words >= 1 && seg->rows_per_unit >= 1 &&
              (uint64_t)(seg->pieces - 1) * seg->piece_words < seg->chunk_words &&
              (uint64_t)seg->pieces * seg->piece_words >= seg->chunk_words;
    if (g->mapping == VKSPLIT_MAPPING_RUNS) /* invocation index: workgroup * size + lane */
        ok = ok && seg->units <= (uint64_t)UINT32_MAX - caps->workgroup_size;
    return ok;
}

/* TILES: lines cut into tiles of one trip (TILES_UNROLL x workgroup words; the realigned
 * kernel's of 3 (a join's 4) x workgroup 16-byte blocks of a line's body); a unit copies `trips` tiles a
 * stride apart within its band (one line per segment) or its line; each kernel's positions
 * and offsets within its integer widths (the shaders' copy_tiles*.glsl). */
static bool tiles_ok(const vksplit__geometry* g, const vksplit__segment* seg, uint32_t s,
                     const vksplit__planner_caps* caps, bool one_line)
{
    bool realign = g->kernel == MAPPING_TILES_REALIGN, wide = g->kernel == MAPPING_TILES_WIDE;
    bool join = g->direction == VKSPLIT__JOIN;
    uint64_t unroll = realign ? (join ? 4 : 3) : ABI_UNROLL(g->word_bytes);
    uint64_t tile = unroll * caps->workgroup_size;
    const vksplit__row_dim* dim0 = g->row_dims ? &g->dims[(size_t)s * g->row_dims] : NULL;
    uint64_t line_rows = dim0 ? dim0->size : 1;
    uint64_t line_words = line_rows * seg->chunk_words, lines = seg->rows / line_rows;
    uint64_t loop = realign ? 8 * unroll + 2 : 3 * unroll + 2;
    bool ok = (g->kernel == MAPPING_TILES || realign || wide) && g->trips >= 1 &&
              g->trips * loop + VKSPLIT_FIXED_TRIPS <= VKSPLIT_LOOP_BUDGET && seg->rows % line_rows == 0;
    if (realign) { /* 4- and 8-byte words, rows of 32 bytes or more, lines contiguous in the part,
                    * no broadcast; a join's places in the whole within 32 bits */
        uint64_t chunk_bytes = seg->chunk_words * g->word_bytes, line_bytes = line_rows * chunk_bytes;
        ok = ok && caps->bda && (g->word_bytes == 4 || g->word_bytes == 8) && chunk_bytes >= 32 &&
             (!dim0 || dim0->size == 1 ||
              (dim0->part_stride == seg->chunk_words && dim0->whole_stride >= seg->chunk_words &&
               dim0->whole_stride * g->word_bytes < ((uint64_t)1 << 31))) &&
             line_bytes + 16 * tile * g->trips <= UINT32_MAX &&
             (!join || !dim0 || (dim0->size - 1) * dim0->whole_stride * g->word_bytes + chunk_bytes <= UINT32_MAX);
        line_words = line_bytes / 16;
    } else if (!wide) { /* 32-bit positions in a line, 32-bit offsets within a trip (with
                          * descriptors, plan.c refuses bindings of 2^31 words or more) */
        ok = ok && (!caps->bda || line_words + tile <= UINT32_MAX);
        uint64_t stride =
            dim0 ? (vksplit__read_stride(g, dim0) > vksplit__write_stride(g, dim0) ? vksplit__read_stride(g, dim0)
                                                                                   : vksplit__write_stride(g, dim0))
                 : 0;
        uint64_t rows =
            dim0 ? (dim0->size < tile * g->trips / seg->chunk_words + 2 ? dim0->size
                                                                        : tile * g->trips / seg->chunk_words + 2)
                 : 1;
        uint64_t span = rows * stride + seg->chunk_words + tile * g->trips;
        /* Byte offsets with device addresses; word indices within a binding (which plan.c
         * keeps below 2^31 words) with descriptors. */
        ok = ok &&
             (!caps->bda || ((!dim0 || stride < ((uint64_t)1 << 31)) && span * g->word_bytes < ((uint64_t)1 << 31)));
    } else {
        ok = ok && caps->bda; /* 64-bit everything: descriptor bindings never need it */
    }
    uint64_t line_tiles = line_words ? (line_words + tile - 1) / tile : 1;
    ok = ok && seg->line_tiles == line_tiles && seg->tiles == lines * line_tiles && seg->tiles <= UINT32_MAX;
    if (one_line) { /* band b: tiles [b * per, (b + 1) * per), units striding over them */
        uint64_t per = (seg->tiles + g->bands - 1) / g->bands;
        ok = ok && seg->units == (per + g->trips - 1) / g->trips && seg->units * g->trips >= per;
    } else {
        ok = ok && g->bands == 1 && seg->units == lines * ((line_tiles + g->trips - 1) / g->trips);
    }
    return ok && seg->units >= 1 && g->bands * g->band_workgroups <= UINT32_MAX;
}

/* TRANSPOSE: dimension 0 input-contiguous, 1 output-contiguous, one element per row; the
 * 16-byte kernel: 4-byte elements, multiples of 4, its tiles, `trips` tiles of a line per unit. */
static bool transpose_ok(const vksplit__geometry* g, const vksplit__segment* seg, uint32_t s)
{
    const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
    bool t16 = g->kernel == MAPPING_TRANSPOSE16;
    uint64_t tile_a = t16 ? TRANSPOSE16_TILE_A : TRANSPOSE_TILE_A;
    uint64_t tile_b = t16 ? TRANSPOSE16_TILE_B : TRANSPOSE_TILE_B(g->word_bytes);
    bool ok = g->row_dims >= 2 && seg->chunk_words == 1 && g->word_bytes <= 16 &&
              vksplit__read_stride(g, &dims[0]) == 1 && vksplit__write_stride(g, &dims[1]) == 1 &&
              seg->tiles_a == (dims[0].size + tile_a - 1) / tile_a &&
              seg->tiles_b == (dims[1].size + tile_b - 1) / tile_b && g->workgroup_size == TRANSPOSE_WORKGROUP;
    uint64_t per_line = seg->tiles_a * seg->tiles_b, lines = seg->rows / (dims[0].size * dims[1].size);
    if (!t16)
        return ok && g->trips == 1 && seg->units == lines * per_line;
    return ok && g->word_bytes == 4 && dims[0].size % 4 == 0 && dims[1].size % 4 == 0 && seg->base_words % 4 == 0 &&
           vksplit__read_stride(g, &dims[1]) < ((uint64_t)1 << 31) / (4 * TRANSPOSE16_TILE_B) &&
           vksplit__write_stride(g, &dims[0]) < ((uint64_t)1 << 31) / (4 * TRANSPOSE16_TILE_A) && g->trips >= 1 &&
           g->trips <= per_line && seg->tiles == lines * per_line &&
           seg->units == lines * ((per_line + g->trips - 1) / g->trips);
}

/* DEINTERLEAVE: whole rows in workgroup memory, tiles starting on 16-byte words, `trips`
 * tiles a stride apart per workgroup, within the loop budget. */
static bool deinterleave_ok(const vksplit__geometry* g, const vksplit__planner_caps* caps)
{
    uint64_t rows = g->segments[0].rows, tile = g->tile_rows, row_bytes = 0;
    bool ok = tile >= 4 && tile % 4 == 0 && tile * g->row_uints * 4 <= caps->shared_bytes &&
              (g->word_bytes == 4 || g->word_bytes == 16) && g->count_bytes == 4 && g->trips >= 1;
    for (uint32_t s = 0; ok && s < g->segment_count; s++) {
        ok = g->segments[s].rows == rows && g->segments[s].row_offset_uints == row_bytes / 4;
        row_bytes += g->segments[s].chunk_words * 4;
    }
    uint64_t tiles = (rows + tile - 1) / tile, units = (tiles + g->trips - 1) / g->trips;
    /* Loop trips per tile. A split: staging (2 x unroll + 2 per trip of loads), every
     * segment's words. A join: every segment's words gathered (unroll x (slots + 3) + 2 per
     * trip of loads, and its tail), the whole rows written (slots + 2 per word). */
    uint64_t unroll = ABI_UNROLL(g->word_bytes), slots = g->word_bytes / 4, wg = caps->workgroup_size;
    uint64_t whole_words = tile * row_bytes / g->word_bytes, per_tile;
    if (vksplit__writes_whole(g->direction)) {
        per_tile = 4 + (whole_words + wg - 1) / wg * (slots + 2);
        for (uint32_t s = 0; s < g->segment_count; s++)
            per_tile += (tile * g->segments[s].chunk_words * 4 / g->word_bytes + unroll * wg - 1) / (unroll * wg) *
                            (unroll * (slots + 3) + 2) +
                        6;
    } else {
        per_tile = 2 + (whole_words + unroll * wg - 1) / (unroll * wg) * (2 * unroll + 2);
        for (uint32_t s = 0; s < g->segment_count; s++)
            per_tile += (tile * g->segments[s].chunk_words * 4 / g->word_bytes + wg - 1) / wg * (slots + 3) + 4;
    }
    return ok && row_bytes == (uint64_t)g->row_uints * 4 && g->total_workgroups == units &&
           g->trips * per_tile + VKSPLIT_FIXED_TRIPS <= VKSPLIT_LOOP_BUDGET;
}

/* DEINTERLEAVE's loads (shaders/copy_deinterleave.glsl), tile by tile where they differ (the
 * last one). A split's lane loads word min(i, words - 1) of its tile of whole rows, words
 * being the tile's whole words (uint32 span / slots), then the tail uint32 by uint32: a tile
 * without a whole word makes words - 1 wrap and every lane load past the tile. A join's
 * loads each part's share of the tile the same way, but only where it has a whole word (its
 * loop runs while a lane's first word is below words), the rest through the tail. Every load
 * must lie inside the span it reads, and start on a word. */
static bool tile_reads_ok(uint64_t rows, uint64_t tile, uint64_t row_uints, uint32_t word_bytes, uint64_t span_bytes,
                          bool must_hold_a_word)
{
    uint64_t slots = word_bytes / 4, tiles = (rows + tile - 1) / tile;
    uint64_t last_rows = rows - (tiles - 1) * tile;
    uint64_t firsts[2] = {0, tiles - 1}, nrows[2] = {tile < rows ? tile : rows, last_rows};
    for (int k = 0; k < 2; k++) {
        uint64_t r0 = firsts[k] * tile, span = nrows[k] * row_uints, words = span / slots;
        if (words == 0 && must_hold_a_word)
            return false;
        uint64_t first_byte = r0 * row_uints * 4, end_byte = first_byte + span * 4; /* whole words, then the tail */
        if (first_byte % word_bytes || end_byte > span_bytes)
            return false;
    }
    return true;
}

static bool deinterleave_reads_ok(const vksplit__geometry* g, uint64_t whole_span_bytes,
                                  const uint64_t* part_span_bytes)
{
    uint64_t rows = g->segments[0].rows, tile = g->tile_rows;
    if (!vksplit__writes_whole(g->direction))
        return tile_reads_ok(rows, tile, g->row_uints, g->word_bytes, whole_span_bytes, true);
    for (uint32_t s = 0; s < g->segment_count; s++)
        if (!tile_reads_ok(rows, tile, g->segments[s].chunk_words, g->word_bytes,
                           part_span_bytes[g->segments[s].part_index], false))
            return false;
    return true;
}

/* The plan's dispatches as the shader reads them (grid.h, shaders/split_abi.h): each
 * shape word decoded field by field must give back its grid's width, the plan's row
 * dimensions and flags the shader knows; the grid stays within the device's limits and holds
 * every workgroup of its segments (padding below one row), and the dispatches cover the
 * segments once. */
static void check_grid(const vksplit__geometry* g, const vksplit__planner_caps* caps, const uint32_t limits[3],
                       const char* device)
{
    vksplit__grid_caps grid_caps = {{limits[0], limits[1], limits[2]},
                                    caps->bda,
                                    caps->segments_per_dispatch < 24 ? caps->segments_per_dispatch : 24,
                                    caps->bda && g->segment_count > ABI_INLINE_OUTPUTS};
    vksplit__grid grid;
    vksplit_error error;
    vksplit_result r = vksplit__plan_grid(g, &grid_caps, NULL, &grid, &error);
    if (r == VKSPLIT_ERROR_SIZE_OVERFLOW && error.rule == VKSPLIT_RULE_PLAN_WORKGROUP_COUNT)
        return; /* more workgroups than this device's grid holds: refused, as it must be */
    if (r != VKSPLIT_OK)
        fz_fail("%s grid (%u x %u x %u): %s", device, limits[0], limits[1], limits[2], error.message);
    const uint32_t known = FLAG_ARGUMENTS | FLAG_INLINE | FLAG_GRID3 | FLAG_PREFIX | FLAG_ALIGNED;
    uint32_t next_segment = 0;
    for (uint32_t d = 0; d < grid.dispatch_count; d++) {
        const vksplit__dispatch* dp = &grid.dispatches[d];
        uint32_t width = dp->shape & 0xFFFFu, row_dims = dp->shape >> 16 & 0xFu, flags = dp->shape >> 20;
        bool grid3 = (flags & FLAG_GRID3) != 0;
        uint64_t segments_wg = (dp->seg_first + dp->seg_count < g->segment_count
                                    ? g->segments[dp->seg_first + dp->seg_count].first_workgroup
                                    : g->band_workgroups) -
                               g->segments[dp->seg_first].first_workgroup;
        uint64_t groups =
            g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE ? g->total_workgroups : segments_wg * (caps->bda ? g->bands : 1);
        uint64_t cells = (uint64_t)dp->grid_x * dp->grid_y * dp->grid_z;
        bool ok = width == dp->grid_x && row_dims == g->row_dims && (flags & ~known) == 0 && dp->grid_x <= limits[0] &&
                  dp->grid_y <= limits[1] && dp->grid_z <= limits[2] && dp->seg_first == next_segment &&
                  dp->seg_count >= 1 && ((flags & FLAG_ARGUMENTS) != 0) == (grid_caps.arguments != 0) &&
                  (!(flags & FLAG_INLINE) || (g->row_dims == 0 && g->segment_count <= INLINE_MAX_SEGMENTS)) &&
                  (!(flags & FLAG_PREFIX) || (!grid3 && g->segment_count >= 2 && g->segment_count <= 3));
        if (grid3) /* (units, segments, bands): every cell a workgroup of the plan */
            ok = ok && dp->equal_units == dp->grid_x && dp->grid_y == dp->seg_count &&
                 dp->grid_z == (caps->bda ? g->bands : 1) && cells == groups;
        else /* a 2D grid read as y * width + x: every workgroup in it, less than a row of padding */
            ok = ok && dp->grid_z == 1 && cells >= groups && cells - groups < dp->grid_x;
        if (!ok)
            fz_fail("%s grid (%u x %u x %u), dispatch %u: grid %u x %u x %u for %llu workgroups, shape 0x%08x "
                    "(width %u, %u row dims, flags 0x%x) for %u row dims",
                    device, limits[0], limits[1], limits[2], d, dp->grid_x, dp->grid_y, dp->grid_z,
                    (unsigned long long)groups, dp->shape, width, row_dims, flags, g->row_dims);
        next_segment += dp->seg_count;
    }
    if (next_segment != g->segment_count)
        fz_fail("%s grid: the dispatches cover %u of %u segments", device, next_segment, g->segment_count);
    vksplit__grid_free(NULL, &grid);
}

static void check_mapping(const vksplit__geometry* g, const vksplit__planner_caps* caps, uint64_t whole_span_bytes,
                          const uint64_t* part_span_bytes, const char* device)
{
    if (caps->mapping != VKSPLIT_MAPPING_BY_SHAPE && g->mapping != caps->mapping && g->mapping != VKSPLIT_MAPPING_TILES)
        fz_fail("%s plan: mapping %d, tuned %d", device, (int)g->mapping, (int)caps->mapping);
    if (g->mapping == VKSPLIT_MAPPING_DEINTERLEAVE) {
        if (!deinterleave_ok(g, caps))
            fz_fail("%s plan: DEINTERLEAVE tiles of %u rows of %u uint32 do not hold", device, g->tile_rows,
                    g->row_uints);
        if (!deinterleave_reads_ok(g, whole_span_bytes, part_span_bytes))
            fz_fail("%s %s plan: DEINTERLEAVE tiles of %u rows of %u uint32 over %llu rows: a tile holds no whole "
                    "%u-byte word, or loads leave the span they read",
                    device, vksplit__words(g->direction)->operation, g->tile_rows, g->row_uints,
                    (unsigned long long)g->segments[0].rows, g->word_bytes);
        return;
    }
    bool one_line = true;
    for (uint32_t s = 0; s < g->segment_count; s++)
        one_line = one_line && g->segments[s].tiles == g->segments[s].line_tiles;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        bool ok = g->mapping == VKSPLIT_MAPPING_TILES       ? tiles_ok(g, seg, s, caps, one_line)
                  : g->mapping == VKSPLIT_MAPPING_TRANSPOSE ? transpose_ok(g, seg, s)
                                                            : pieces_ok(g, seg, caps);
        if (!ok)
            fz_fail("%s %s plan, segment %u (part %u), mapping %d: the shader's assumptions do not hold", device,
                    vksplit__words(g->direction)->operation, s, seg->part_index, (int)g->mapping);
    }
}

/* The mirror of a split, its join (when the split's input is a join's valid output: no two of
 * its elements at one address). */
static bool mirror_join(const vksplit_split_desc* split, vksplit__request* out)
{
    vksplit_join_desc join;
    memset(&join, 0, sizeof join);
    join.element_size = split->element_size;
    join.rank = split->rank;
    join.sizes = split->sizes;
    join.output_strides = split->input_strides;
    join.axis = split->axis;
    join.input_count = split->output_count;
    join.lengths = split->lengths;
    join.input_strides = split->output_strides;
    join.base_alignment = split->base_alignment;
    vksplit_error error;
    return vksplit__join_request(&join, false, out, &error) == VKSPLIT_OK;
}

void fz_check_plan(const vksplit_split_desc* split, uint64_t input_span_bytes, const uint64_t* output_span_bytes)
{
    /* The defaults of src/context/tuning.c for a GPU and for lavapipe, every mapping forced, tiny
     * workgroups and bands (many), and the loop budget's extremes (1 x 64 KiB). */
#define GPU_AT_LEAST(m, wg, bytes, band, least)                                                                 \
    {                                                                                                           \
        .max_word_bytes = 16, .bda = 1, .mapping = m, .workgroup_size = wg, .invocation_bytes = bytes,          \
        .min_workgroups = least, .band_bytes = band, .segments_per_dispatch = UINT32_MAX, .shared_bytes = 16384 \
    }
#define GPU(m, wg, bytes, band) GPU_AT_LEAST(m, wg, bytes, band, 1) /* the most trips */
    static const struct {
        const char* name;
        vksplit__planner_caps caps;
    } devices[] = {
        {"GPU-like", FZ_CAPS_GPU},
        {"GPU-like, the most trips", GPU(VKSPLIT_MAPPING_BY_SHAPE, 256, 65536, 8u << 20)},
        {"GPU-like, minimum device", GPU(VKSPLIT_MAPPING_BY_SHAPE, 128, 512, 8u << 20)},
        {"tiles, tiny bands", GPU(VKSPLIT_MAPPING_TILES, 32, 16, 64)},
        {"tiles 1 x 64 KiB", GPU(VKSPLIT_MAPPING_TILES, 1, 65536, 0)},
        {"tiles 32 x 64 B, no bands", GPU(VKSPLIT_MAPPING_TILES, 32, 64, 0)}, /* 65536 units at 128 MiB */
        {"transpose", GPU(VKSPLIT_MAPPING_TRANSPOSE, 256, 64, 0)},
        {"deinterleave 1 x 4 B", GPU(VKSPLIT_MAPPING_DEINTERLEAVE, 1, 4, 0)},
        {"deinterleave 1024 x 512 B", GPU(VKSPLIT_MAPPING_DEINTERLEAVE, 1024, 512, 0)},
        {"GPU-like, workgroups of 512", GPU_AT_LEAST(VKSPLIT_MAPPING_BY_SHAPE, 512, 512, 8u << 20, 2048)},
        {"descriptors, by shape",
         {.max_word_bytes = 16,
          .mapping = VKSPLIT_MAPPING_BY_SHAPE,
          .workgroup_size = 64,
          .invocation_bytes = 64,
          .segments_per_dispatch = 22,
          .shared_bytes = 16384}},
        {"CPU-like", FZ_CAPS_CPU},
        {"runs 1 x 64 KiB",
         {.max_word_bytes = 32,
          .bda = 1,
          .mapping = VKSPLIT_MAPPING_RUNS,
          .workgroup_size = 1,
          .invocation_bytes = 65536,
          .segments_per_dispatch = UINT32_MAX}},
    };
#undef GPU
#undef GPU_AT_LEAST
    vksplit__request valid[2];
    vksplit_error check_error;
    if (vksplit__split_request(split, false, &valid[0], &check_error) != VKSPLIT_OK)
        fz_fail("a split the validation accepted fails vksplit__split_request: %s", check_error.message);
    int directions = mirror_join(split, &valid[1]) ? 2 : 1; /* the split, and its join where valid */
    uint64_t elements = 1, split_bytes = 0;
    for (uint32_t k = 0; k < split->rank; k++)
        elements *= split->sizes[k]; /* validated: the element count fits */
    bool bytes_fit = !__builtin_mul_overflow(elements, split->element_size, &split_bytes);
    for (int j = 0; j < directions; j++)
        for (size_t d = 0; d < sizeof devices / sizeof devices[0]; d++) {
            const char* name = devices[d].name;
            vksplit__geometry g;
            vksplit_error error;
            vksplit_result r = vksplit__plan_geometry(&valid[j], &devices[d].caps, NULL, &g, &error);
            if (r == VKSPLIT_ERROR_SIZE_OVERFLOW || r == VKSPLIT_ERROR_OUT_OF_MEMORY)
                continue;
            if (r != VKSPLIT_OK)
                fz_fail("%s plan of a valid %s failed: %s (%s)", name, j ? "join" : "split", error.message,
                        vksplit_result_name(r));
            if (g.direction != (j == 1 ? VKSPLIT__JOIN : VKSPLIT__SPLIT))
                fz_fail("%s plan of a %s says direction %u", name, j ? "join" : "split", (unsigned)g.direction);
            uint64_t written = 0, segment_bytes;
            for (uint32_t i = 0; i < g.segment_count; i++) {
                if (g.segments[i].part_index >= split->output_count ||
                    (i && g.segments[i].part_index <= g.segments[i - 1].part_index))
                    fz_fail("%s plan: segment %u names part %u, out of order or range", name, i,
                            g.segments[i].part_index);
                check_segment(&g, i, input_span_bytes, output_span_bytes, name);
                if (__builtin_mul_overflow(g.segments[i].chunk_words * g.count_bytes, g.segments[i].rows,
                                           &segment_bytes) ||
                    __builtin_add_overflow(written, segment_bytes, &written))
                    fz_fail("%s plan: the segments' bytes overflow 64 bits", name);
            }
            if (written != g.bytes_written || (bytes_fit && written != split_bytes))
                fz_fail("%s plan: segments copy %llu bytes, bytes_written says %llu, the split has %llu", name,
                        (unsigned long long)written, (unsigned long long)g.bytes_written,
                        (unsigned long long)split_bytes);
            if (g.segment_count) {
                check_mapping(&g, &devices[d].caps, input_span_bytes, output_span_bytes, name);
                /* Vulkan's least grid, and a GPU's: 2^31 - 1 workgroups along x. */
                static const uint32_t grids[2][3] = {{65535, 65535, 65535}, {0x7FFFFFFF, 65535, 65535}};
                for (int k = 0; k < 2; k++)
                    check_grid(&g, &devices[d].caps, grids[k], name);
                if (g.busy_workgroups > g.total_workgroups || g.bytes_in_flight == 0)
                    fz_fail("%s plan: %llu busy of %llu workgroups, %u bytes in flight", name,
                            (unsigned long long)g.busy_workgroups, (unsigned long long)g.total_workgroups,
                            g.bytes_in_flight);
            }
            vksplit__geometry_free(NULL, &g);
        }
}
