/* TRANSPOSE (shaders/copy_transpose.glsl): every row is one element, and the output's
 * contiguous dimension is not the input's. Row dimension 0 becomes the input-contiguous one,
 * 1 the output-contiguous one; a workgroup copies one TRANSPOSE_TILE_A x TRANSPOSE_TILE_B
 * tile of them at one index of the others. */
#include "geometry/mapping_transpose.h"

#include "geometry/kernels.h"
#include "split_abi.h"

/* The row dimensions of segment s with input stride 1 and output stride 1 (more than one
 * index each, and distinct); false when either is missing. */
static bool find_axes(const vksplit__geometry* g, uint32_t s, uint32_t* a, uint32_t* b)
{
    const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
    *a = *b = UINT32_MAX;
    for (uint32_t d = 0; d < g->row_dims; d++) {
        if (dims[d].size > 1 && vksplit__read_stride(g, &dims[d]) == 1 && *a == UINT32_MAX)
            *a = d;
        else if (dims[d].size > 1 && vksplit__write_stride(g, &dims[d]) == 1 && *b == UINT32_MAX)
            *b = d;
    }
    return *a != UINT32_MAX && *b != UINT32_MAX;
}

bool vksplit__transpose_fits(const vksplit__geometry* g, bool worth_it)
{
    if (g->rows_contiguous || g->row_dims < 2 || g->word_bytes > 16)
        return false;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        uint32_t a, b;
        if (g->segments[s].chunk_words != 1 || !find_axes(g, s, &a, &b))
            return false;
        const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
        /* Tiles at least half full along both dimensions, or rows of TILES waste less. */
        if (worth_it && (dims[a].size < TRANSPOSE_TILE_A / 2 || dims[b].size < TRANSPOSE_TILE_B(g->word_bytes) / 2))
            return false;
    }
    return true;
}

/* TRANSPOSE16 (16-byte loads and stores), where the kernel table gives it the word (src/geometry/kernels.c:
 * 4-byte elements on device addresses where 16-byte words are allowed) and the split promises
 * 16-byte aligned bindings, both tile dimensions
 * multiples of 4 elements, and every base and stride (but dimension 0's input stride and
 * dimension 1's output stride, which are 1) a multiple of 4 elements. Decided on the
 * dimensions as TRANSPOSE orders them. */
static bool transpose16_fits(const vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment)
{
    if (!vksplit__plans_kernel(caps, g->direction, MAPPING_TRANSPOSE16, g->word_bytes) || base_alignment < 16)
        return false;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
        /* The shader places a tile's loads by 32-bit byte offsets: 32 rows of dimension 1. */
        if (dims[0].size % 4 || dims[1].size % 4 || g->segments[s].base_words % 4 ||
            vksplit__read_stride(g, &dims[1]) >= ((uint64_t)1 << 31) / (4 * TRANSPOSE16_TILE_B) ||
            vksplit__write_stride(g, &dims[0]) >= ((uint64_t)1 << 31) / (4 * TRANSPOSE16_TILE_A))
            return false;
        for (uint32_t d = 0; d < g->row_dims; d++)
            if ((d != 0 && vksplit__read_stride(g, &dims[d]) % 4) || (d != 1 && vksplit__write_stride(g, &dims[d]) % 4))
                return false;
    }
    return true;
}

void vksplit__plan_transpose(vksplit__geometry* g, const vksplit__planner_caps* caps, uint32_t base_alignment)
{
    uint64_t tile_a = TRANSPOSE_TILE_A, tile_b = TRANSPOSE_TILE_B(g->word_bytes);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        /* Per segment: outputs may order their dimensions differently. */
        uint32_t a, b;
        find_axes(g, s, &a, &b);
        vksplit__move_segment_row_dim(g, s, a, 0);
        find_axes(g, s, &a, &b);
        vksplit__move_segment_row_dim(g, s, b, 1);
    }
    if (transpose16_fits(g, caps, base_alignment)) {
        g->kernel = MAPPING_TRANSPOSE16; /* its 16-byte bindings: the planner asks for them (aligned16) */
        tile_a = TRANSPOSE16_TILE_A;
        tile_b = TRANSPOSE16_TILE_B;
    }
    uint64_t all_tiles = 0;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
        seg->tiles_a = vksplit__div_up(dims[0].size, tile_a);
        seg->tiles_b = vksplit__div_up(dims[1].size, tile_b);
        seg->tiles = seg->rows / (dims[0].size * dims[1].size) * seg->tiles_a * seg->tiles_b;
        seg->units = seg->tiles;
        all_tiles += seg->tiles;
    }
    if (g->kernel != MAPPING_TRANSPOSE16)
        return;
    /* A workgroup copies `trips` consecutive tiles of one line (the segment's fields, the
     * line's place and the output's address read once for them): as many as the tuning
     * allows, fewer where fewer than the tuning's min_workgroups would share the split (more
     * trips pay the prologue less often and give the pipelining more tiles to overlap), and
     * no more than a line holds. */
    uint64_t most = caps->invocation_bytes / 64 ? caps->invocation_bytes / 64 : 1;
    uint64_t trips = vksplit__min_u64(most, all_tiles / (caps->min_workgroups ? caps->min_workgroups : 1));
    for (uint32_t s = 0; s < g->segment_count; s++)
        trips = vksplit__min_u64(trips, g->segments[s].tiles_a * g->segments[s].tiles_b);
    g->trips = trips ? (uint32_t)trips : 1;
    for (uint32_t s = 0; s < g->segment_count; s++) {
        vksplit__segment* seg = &g->segments[s];
        uint64_t per_line = seg->tiles_a * seg->tiles_b;
        seg->units = seg->tiles / per_line * vksplit__div_up(per_line, g->trips);
    }
}
