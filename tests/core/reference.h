/* An independent CPU reference for the canonical split, written from the header's text
 * alone (no code shared with src/): for every element of every output, an odometer over
 * the output's sizes gives the element's multi-index; the input offset is the sum of
 * index times input stride with the output's start added on the axis, the output offset
 * the sum of index times output stride; element_size bytes are copied. Deliberately slow
 * and obvious. Offsets and strides are in elements; pointers are each tensor's first byte
 * (its binding offset). */
#ifndef VKSPLIT_TESTS_CORE_REFERENCE_H
#define VKSPLIT_TESTS_CORE_REFERENCE_H

#include <stdint.h>

#include "vksplit/vksplit.h"

/* C-order strides of a packed tensor (last dimension fastest). */
void ref_packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides);
/* Output i's sizes: the input's, with lengths[i] on the axis. */
void ref_output_sizes(const vksplit_split_desc* split, uint32_t output_index, uint64_t* sizes);
/* Strides in elements of the input (tensor = -1) or output `tensor`, packed where not given. */
void ref_tensor_strides(const vksplit_split_desc* split, int tensor, uint64_t* strides);
/* Where output i starts along the axis: the sum of the split lengths before it. */
uint64_t ref_output_start(const vksplit_split_desc* split, uint32_t output_index);
/* Element count (0 when any size is 0). */
uint64_t ref_element_count(uint32_t rank, const uint64_t* sizes);
/* Bytes from the first element to one past the last ((sum (size-1)*stride) + 1) * element_size,
 * or 0 for an empty tensor. */
uint64_t ref_span_bytes(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, uint32_t element_size);
uint64_t ref_input_span_bytes(const vksplit_split_desc* split);
uint64_t ref_output_span_bytes(const vksplit_split_desc* split, uint32_t output_index);

/* Called once per element of output i with the element's byte offsets from the input's and
 * the output's first byte, and its multi-index. */
typedef void (*ref_element_fn)(void* user, uint64_t input_byte, uint64_t output_byte, const uint64_t* index);
void ref_visit_output(const vksplit_split_desc* split, uint32_t output_index, ref_element_fn fn, void* user);

/* Copies every element of output i from input into output. */
void ref_split_output(const vksplit_split_desc* split, uint32_t output_index, const void* input, void* output);
/* The inverse, a join's: copies every element of output i (as the join's input i) back to
 * its place in input (the join's output). The visit is the split's, its two offsets used the
 * other way round. */
void ref_join_part(const vksplit_split_desc* split, uint32_t output_index, const void* part, void* whole);
/* Every output; outputs[i] may be NULL for an empty output. */
void ref_split(const vksplit_split_desc* split, const void* input, void* const* outputs);
/* Elements of output i whose bytes differ from the input's; *first_bad (may be NULL) gets
 * the output byte offset of the first one (UINT64_MAX when none). */
uint64_t ref_compare_output(const vksplit_split_desc* split, uint32_t output_index, const void* input,
                            const void* output, uint64_t* first_bad);
/* Whether output i is one contiguous range of the input in its own packed order (an empty
 * output is, trivially), element by element; *base gets the range's first input byte (0 when
 * empty). The oracle of zero-copy queries, a join's (input i of the case's join) as a split's. */
int ref_output_contiguous(const vksplit_split_desc* split, uint32_t output_index, uint64_t* base);
/* Sets mask[b] = value for every byte b (from output i's first byte) that output i writes. */
void ref_mark_output(const vksplit_split_desc* split, uint32_t output_index, uint8_t* mask, uint8_t value);

#endif /* VKSPLIT_TESTS_CORE_REFERENCE_H */
