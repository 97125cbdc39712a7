/* The parameter table the shader reads (shaders/split_abi.h), from a planned geometry
 * (src/geometry/table.c): its layout, and the table itself, written once at plan creation. */
#ifndef VKSPLIT_TABLE_H
#define VKSPLIT_TABLE_H

#include "geometry/geometry.h"

/* Parameter table layout (shaders/split_abi.h), counted in 32-bit words. */
typedef struct vksplit__table_layout {
    uint32_t segments_offset; /* after the header and the prefix */
    uint32_t segment_stride;
    uint64_t total_words;
} vksplit__table_layout;

vksplit__table_layout vksplit__table_layout_for(const vksplit__geometry* geometry);
/* Writes the header, prefix and segments into table (total_words long). */
void vksplit__write_table(const vksplit__geometry* geometry, const vksplit__table_layout* layout, uint32_t* table);

#endif /* VKSPLIT_TABLE_H */
