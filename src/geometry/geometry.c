/* The operations every planning step shares (src/geometry/geometry.h). */
#include <string.h>

#include "geometry/geometry.h"

void vksplit__move_segment_row_dim(vksplit__geometry* g, uint32_t s, uint32_t from, uint32_t to)
{
    vksplit__row_dim* dims = &g->dims[(size_t)s * g->row_dims];
    vksplit__row_dim moved = dims[from];
    if (from > to)
        memmove(&dims[to + 1], &dims[to], (from - to) * sizeof *dims);
    else
        memmove(&dims[from], &dims[from + 1], (to - from) * sizeof *dims);
    dims[to] = moved;
}

void vksplit__move_row_dim(vksplit__geometry* g, uint32_t from, uint32_t to)
{
    for (uint32_t s = 0; s < g->segment_count; s++)
        vksplit__move_segment_row_dim(g, s, from, to);
}

void vksplit__cut_rows(vksplit__segment* seg, uint64_t most)
{
    uint64_t pieces = vksplit__div_up(seg->chunk_words, most);
    uint64_t piece_words = vksplit__div_up(seg->chunk_words, pieces); /* balanced */
    seg->pieces = (uint32_t)vksplit__div_up(seg->chunk_words, piece_words);
    seg->piece_words = (uint32_t)piece_words;
    seg->rows_per_unit = 1;
}

void vksplit__gather_rows(vksplit__segment* seg, uint64_t rows)
{
    seg->pieces = 1;
    seg->piece_words = (uint32_t)seg->chunk_words;
    seg->rows_per_unit = rows > 1 ? (uint32_t)rows : 1;
}
