/* Layout arithmetic over a canonical split: strides, spans, per-output sizes. */
#ifndef VKSPLIT_SPLIT_LAYOUT_H
#define VKSPLIT_SPLIT_LAYOUT_H

#include "internal.h"

/* C-order strides in elements; false if the element count overflows 64 bits. */
bool vksplit__packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides);
bool vksplit__is_empty(uint32_t rank, const uint64_t* sizes);
/* Elements from the first to one past the last (0 when empty); false on overflow. */
bool vksplit__span_elements(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, uint64_t* span);
/* Output i's sizes: the input's, with split[i] on the axis. */
void vksplit__output_sizes(const vksplit_split_desc* split, uint32_t output_index, uint64_t* sizes);
/* Strides in elements of the input (tensor = -1) or output `tensor`, packed where not given. */
void vksplit__tensor_strides(const vksplit_split_desc* split, int tensor, uint64_t* strides);
/* "{1, 2, 3}" */
void vksplit__format_u64s(char* buffer, size_t capacity, const uint64_t* values, uint32_t count);

#endif /* VKSPLIT_SPLIT_LAYOUT_H */
