/* TRANSPOSE (shaders/copy_transpose.glsl): every row is one element, and the output's
 * contiguous dimension is not the input's. Row dimension 0 becomes the input-contiguous one,
 * 1 the output-contiguous one; a workgroup copies one TRANSPOSE_TILE_A x TRANSPOSE_TILE_B
 * tile of them at one index of the others. */
#include "mappings.h"
#include "split_abi.h"

/* The row dimensions of segment s with input stride 1 and output stride 1 (more than one
 * index each, and distinct); false when either is missing. */
static bool find_axes(const vksplit__geometry* g, uint32_t s, uint32_t* a, uint32_t* b)
{
    const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
    *a = *b = UINT32_MAX;
    for (uint32_t d = 0; d < g->row_dims; d++) {
        if (dims[d].size > 1 && dims[d].in_stride == 1 && *a == UINT32_MAX)
            *a = d;
        else if (dims[d].size > 1 && dims[d].out_stride == 1 && *b == UINT32_MAX)
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

void vksplit__plan_transpose(vksplit__geometry* g)
{
    uint64_t tile_b = TRANSPOSE_TILE_B(g->word_bytes);
    for (uint32_t s = 0; s < g->segment_count; s++) {
        /* Per segment: outputs may order their dimensions differently. */
        uint32_t a, b;
        find_axes(g, s, &a, &b);
        vksplit__move_segment_row_dim(g, s, a, 0);
        find_axes(g, s, &a, &b);
        vksplit__move_segment_row_dim(g, s, b, 1);
        vksplit__segment* seg = &g->segments[s];
        const vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
        seg->tiles_a = vksplit__div_up(dims[0].size, TRANSPOSE_TILE_A);
        seg->tiles_b = vksplit__div_up(dims[1].size, tile_b);
        seg->units = seg->rows / (dims[0].size * dims[1].size) * seg->tiles_a * seg->tiles_b;
    }
}
