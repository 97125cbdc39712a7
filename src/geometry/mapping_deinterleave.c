/* DEINTERLEAVE (shaders/copy_deinterleave.glsl): short chunks. The whole's rows are contiguous
 * and hold every segment's chunk in turn. A split's workgroup stages tile_rows whole input
 * rows in workgroup memory and writes each output's part of them, so each input byte leaves
 * memory once; a join's (the inverse) gathers each input's part of tile_rows rows into
 * workgroup memory and writes the whole output rows, so each output byte is stored once. */
#include "geometry/mapping_deinterleave.h"

#include "geometry/kernels.h"
#include "split_abi.h"

/* 16-byte loads and stores where the kernel table gives them (src/geometry/kernels.c: device addresses
 * where 16-byte words are allowed) and the bindings promise that alignment; 4-byte ones
 * otherwise. */
static uint32_t deinterleave_word(const vksplit__geometry* g, const vksplit__planner_caps* caps,
                                  uint32_t base_alignment)
{
    return base_alignment >= 16 && vksplit__plans_kernel(caps, g->direction, MAPPING_DEINTERLEAVE, 16) ? 16 : 4;
}

/* Loop trips one invocation makes per tile of `rows` rows (nothing unrolled, as on llvmpipe):
 * a split stages the whole rows in trips of ABI_UNROLL loads, then writes each part; a join
 * gathers each part in trips of ABI_UNROLL loads of DI_SLOTS pieces each, then writes the
 * whole rows (shaders/copy_deinterleave.glsl). */
static uint64_t tile_trips(const vksplit__geometry* g, uint32_t word, uint32_t workgroup, uint64_t row_bytes,
                           uint64_t rows)
{
    uint64_t unroll = ABI_UNROLL(word), slots = word / 4;
    uint64_t whole =
        vksplit__div_up(rows * row_bytes / word, vksplit__writes_whole(g->direction) ? workgroup : unroll * workgroup);
    uint64_t trips = whole * (vksplit__writes_whole(g->direction) ? slots + 2 : 2 * unroll + 2) +
                     (vksplit__writes_whole(g->direction) ? 4 : 2);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        uint64_t part_words = rows * g->segments[s].chunk_words * g->word_bytes / word;
        trips += vksplit__writes_whole(g->direction)
                     ? vksplit__div_up(part_words, unroll * workgroup) * (unroll * (slots + 3) + 2) + 6
                     : vksplit__div_up(part_words, workgroup) * (slots + 3) + 4;
    }
    return trips;
}

/* Does every tile of `rows` rows hold a whole word? The kernel clamps a tile's loads to its
 * last whole word (loads never branch), so a tile of fewer bytes than a word, the last one
 * where the rows do not divide evenly, would have none to clamp to: its loads would run past
 * the tile and past the input. */
static bool tiles_hold_a_word(uint64_t total_rows, uint64_t rows, uint64_t row_bytes, uint32_t word)
{
    uint64_t last = total_rows % rows;
    return last == 0 || last * row_bytes >= word;
}

static bool tile_rows_fit(const vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t word,
                          uint64_t row_bytes, uint64_t rows)
{
    return tile_trips(g, word, caps->workgroup_size, row_bytes, rows) + VKSPLIT_FIXED_TRIPS <= VKSPLIT_LOOP_BUDGET &&
           tiles_hold_a_word(g->segments[0].rows, rows, row_bytes, word);
}

/* The rows of a tile: a multiple of 4 (so that every tile starts on a 16-byte word) within the
 * workgroup memory and the loop budget, leaving no tile without a whole word; preferably the
 * most that one staging trip loads (the kernel issues the next tile's first trip of loads
 * before writing this one's outputs), else fewer, else more (a tile of several trips); 0
 * when none does. */
static uint32_t choose_tile_rows(const vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t word,
                                 uint64_t row_bytes)
{
    uint64_t shared = vksplit__min_u64(caps->shared_bytes, (uint64_t)DEINTERLEAVE_SHARED_WORDS * 4);
    uint64_t trip = (uint64_t)ABI_UNROLL(word) * word * caps->workgroup_size;
    uint64_t most = vksplit__min_u64(shared / row_bytes / 4 * 4, (g->segments[0].rows + 3) / 4 * 4);
    uint64_t preferred = vksplit__min_u64(most, (trip > 4 * row_bytes ? trip : 4 * row_bytes) / row_bytes / 4 * 4);
    for (uint64_t rows = preferred; rows >= 4; rows -= 4)
        if (tile_rows_fit(g, caps, word, row_bytes, rows))
            return (uint32_t)rows;
    for (uint64_t rows = preferred + 4; rows <= most; rows += 4)
        if (tile_rows_fit(g, caps, word, row_bytes, rows))
            return (uint32_t)rows;
    return 0;
}

/* Tiles per workgroup: as many as the tuning allows (a tile's first trip is 64 bytes per
 * invocation), fewer where fewer than the tuning's min_workgroups would share the split, and
 * within the loop budget. */
static uint32_t choose_trips(const vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t word,
                             uint64_t row_bytes, uint64_t tiles)
{
    uint64_t most = caps->invocation_bytes / 64 ? caps->invocation_bytes / 64 : 1;
    uint64_t per_tile = tile_trips(g, word, caps->workgroup_size, row_bytes, g->tile_rows);
    most = vksplit__min_u64(most, (VKSPLIT_LOOP_BUDGET - VKSPLIT_FIXED_TRIPS) / per_tile);
    uint64_t trips = vksplit__min_u64(most, tiles / (caps->min_workgroups ? caps->min_workgroups : 1));
    return trips ? (uint32_t)trips : 1;
}

/* Bytes of a row of the whole, when its rows are contiguous and hold every chunk in turn. */
static uint64_t packed_row_bytes(const vksplit__geometry* g)
{
    if (!g->rows_contiguous || g->row_dims != 1)
        return 0;
    const vksplit__segment* first = &g->segments[0];
    uint64_t row_bytes = 0;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__segment* seg = &g->segments[s];
        const vksplit__row_dim* dim = &g->dims[s];
        uint64_t chunk_bytes = seg->chunk_words * g->word_bytes;
        if (chunk_bytes % 4 || seg->rows != first->rows || dim->whole_stride != g->dims[0].whole_stride ||
            dim->part_stride != seg->chunk_words || seg->base_words * g->word_bytes != row_bytes)
            return 0;
        row_bytes += chunk_bytes;
    }
    return g->dims[0].whole_stride * g->word_bytes == row_bytes ? row_bytes : 0;
}

bool vksplit__deinterleave_fits(const vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment)
{
    if (caps->segments_per_dispatch < g->segment_count || base_alignment < 4 || caps->max_word_bytes < 4)
        return false;
    uint64_t row_bytes = packed_row_bytes(g);
    return row_bytes && choose_tile_rows(g, caps, deinterleave_word(g, caps, base_alignment), row_bytes) != 0;
}

void vksplit__plan_deinterleave(vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment)
{
    uint32_t word = deinterleave_word(g, caps, base_alignment);
    uint64_t row_bytes = packed_row_bytes(g);
    g->tile_rows = choose_tile_rows(g, caps, word, row_bytes);
    g->row_uints = (uint32_t)(row_bytes / 4);
    uint64_t tiles = vksplit__div_up(g->segments[0].rows, g->tile_rows);
    g->trips = choose_trips(g, caps, word, row_bytes, tiles);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        uint64_t chunk_bytes = seg->chunk_words * g->word_bytes;
        seg->row_offset_uints = (uint32_t)(seg->base_words * g->word_bytes / 4);
        seg->chunk_words = chunk_bytes / 4; /* lengths in uint32 words from here on */
        /* ceil(2^32 / chunk): n / chunk is a multiply-high in the shader (a join's word's first
         * piece, a split lane's first word and step), its factor read with the chunk (chunk and n
         * <= 4096 uint32, workgroup memory's) */
        seg->row_magic =
            seg->chunk_words > 1 ? (uint32_t)((((uint64_t)1 << 32) + seg->chunk_words - 1) / seg->chunk_words) : 0;
        seg->base_words = seg->base_words * g->word_bytes / 4;
        seg->units = vksplit__div_up(tiles, g->trips);
    }
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__row_dim* dim = &g->dims[s];
        dim->whole_stride = row_bytes / 4; /* the whole's rows */
        dim->part_stride = g->segments[s].chunk_words;
    }
    g->word_bytes = word;
    g->count_bytes = 4;
}
