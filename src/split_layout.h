/* Layout arithmetic: strides, spans and per-output sizes, on raw arrays and on a validated
 * split (where nothing can overflow any more, so nothing can fail). */
#ifndef VKSPLIT_SPLIT_LAYOUT_H
#define VKSPLIT_SPLIT_LAYOUT_H

#include "split.h"

/* C-order strides in elements; false if the element count overflows 64 bits. */
bool vksplit__packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides);
bool vksplit__is_empty(uint32_t rank, const uint64_t* sizes);
/* Elements from the first to one past the last (0 when empty); false on overflow. */
bool vksplit__span_elements(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, uint64_t* span);

/* Output i's sizes: the input's, with lengths[i] on the axis. */
void vksplit__output_sizes(const vksplit__split* s, uint32_t output_index, uint64_t* sizes);
/* Output i's strides in elements, packed where not given. */
void vksplit__output_strides(const vksplit__split* s, uint32_t output_index, uint64_t* strides);
/* Bytes a tensor spans from its binding offset (0 when empty). */
uint64_t vksplit__input_span_bytes(const vksplit__split* s);
uint64_t vksplit__output_span_bytes(const vksplit__split* s, uint32_t output_index);

/* "{1, 2, 3}" */
void vksplit__format_u64s(char* buffer, size_t capacity, const uint64_t* values, uint32_t count);

#endif /* VKSPLIT_SPLIT_LAYOUT_H */
