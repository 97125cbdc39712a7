/* The operations every planning step shares (src/geometry.h). */
#include <string.h>

#include "geometry.h"

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
