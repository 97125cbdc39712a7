/* Layout arithmetic: strides, spans and per-part sizes, on raw arrays and on a validated
 * split or join (where nothing can overflow any more, so nothing can fail). */
#ifndef VKSPLIT_REQUEST_LAYOUT_H
#define VKSPLIT_REQUEST_LAYOUT_H

#include "rules/request.h"

/* C-order strides in elements; false if the element count overflows 64 bits. */
bool vksplit__packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides);
bool vksplit__is_empty(uint32_t rank, const uint64_t* sizes);
/* Elements from the first to one past the last (0 when empty); false on overflow. */
bool vksplit__span_elements(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, uint64_t* span);

/* Part i's sizes: the whole's, with lengths[i] on the axis. */
void vksplit__part_sizes(const vksplit__request* s, uint32_t part_index, uint64_t* sizes);
/* Part i's strides in elements, packed where not given. */
void vksplit__part_strides(const vksplit__request* s, uint32_t part_index, uint64_t* strides);
/* Bytes a tensor spans from its binding offset (0 when empty). */
uint64_t vksplit__whole_span_bytes(const vksplit__request* s);
uint64_t vksplit__part_span_bytes(const vksplit__request* s, uint32_t part_index);
/* "{1, 2, 3}" */
void vksplit__format_u64s(char* buffer, size_t capacity, const uint64_t* values, uint32_t count);

#endif /* VKSPLIT_REQUEST_LAYOUT_H */
