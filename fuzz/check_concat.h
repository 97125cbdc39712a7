/* The ONNX Concat and OpenVINO Concat-1 harnesses' common half: the node both decode (the
 * input format below), the join the harness itself works out from it, and what they assert
 * after calling a front-end: a failure left the caller's memory alone; a success points into
 * the caller's storage, is the node's own join (input 0's shape with the inputs' sizes summed
 * on the axis), and is a join the core accepts, with the spans of packed tensors. The
 * caller's storage is check_split.h's fz_translation, whose lengths serve a join's inputs as
 * they serve a split's outputs. Every violation aborts (fz_fail).
 *
 * Input, after each harness's own first bytes (fuzz_input.h's values): flags (bit 0: 'axis'
 * given), axis, input count, element type (the harness maps it), rank, the shape every input
 * starts from, each input's size on the axis (it replaces the shape's there), one odd input
 * (its index + 1, or 0 for none) and how it is odd (how % 4: 0 its type, 1 its rank, 2 its
 * dimension how / 4 % 12, 3 a NULL shape) with the value, nulls (>= 0xf8 passes one NULL
 * where a pointer is required, nulls & 7: 0 the node, 1 the storage, 2 its lengths, 3 out,
 * 4 the inputs), storage capacity (fz_translation_begin). */
#ifndef VKSPLIT_FUZZ_CHECK_CONCAT_H
#define VKSPLIT_FUZZ_CHECK_CONCAT_H

#include <stdbool.h>
#include <stdint.h>

#include "check_split.h"
#include "vksplit/vksplit.h"

#define FZ_CONCAT_DIMS 12 /* rank decodes to 0..11, past vksplit's 8 */
/* Inputs a node describes: counts fold below 129 (fz_count); larger ones are refused before
 * any input is read. */
#define FZ_CONCAT_INPUTS FZ_LIST_FILL

/* The join a node describes, worked out by the harness: what a successful translation must
 * equal. */
typedef struct fz_node_join {
    uint32_t axis; /* normalised */
    uint32_t rank; /* input 0's */
    uint32_t input_count;
    uint64_t sizes[FZ_CONCAT_DIMS];     /* the output's: input 0's shape, the inputs' sum on the axis */
    uint64_t lengths[FZ_CONCAT_INPUTS]; /* each input's size on the axis */
} fz_node_join;

/* A decoded node, in neither front-end's types: each input's type (as read, for the harness
 * to map in place), rank and shape (64-bit values: ONNX reads them as int64). */
typedef struct fz_concat_node {
    bool has_axis;
    int64_t axis;
    uint32_t input_count;
    uint32_t filled; /* inputs described: min(input_count, FZ_CONCAT_INPUTS) */
    uint64_t types[FZ_CONCAT_INPUTS];
    uint32_t ranks[FZ_CONCAT_INPUTS];
    bool shape_null[FZ_CONCAT_INPUTS];
    uint64_t shapes[FZ_CONCAT_INPUTS][FZ_CONCAT_DIMS];
    int null_arg; /* -1: none */
    fz_node_join join;
} fz_concat_node;

/* Reads the common half; an absent 'axis' is absent_axis (ONNX Concat-1's 1), for placing
 * each input's own size. */
void fz_concat_decode(fz_reader* r, int64_t absent_axis, fz_concat_node* n);

/* The node's join, once the harness has mapped n->types; NULL where the front-end must refuse
 * the node: no inputs, input 0 of no usable rank, an axis outside it, inputs of another rank
 * or type, a NULL shape, or (signed_dims: ONNX) a negative dimension. */
const fz_node_join* fz_concat_expect(fz_concat_node* n, int64_t absent_axis, bool signed_dims);

/* The front-end's success: vksplit_validate_join accepts the desc, vksplit_join_spans gives
 * the spans of packed tensors, and vksplit_query_join_zero_copy places every aliasable input
 * inside the output's span. */
void fz_check_join(const vksplit_join_desc* join);

/* Before the call: fz_translation_begin (the capacity byte read, the lengths and the storage
 * poisoned), *out poisoned, and the storage's lengths and capacity set (lengths NULL where
 * n->null_arg says so). */
void fz_join_begin(fz_translation* t, fz_reader* r, const fz_concat_node* n, void* storage, size_t storage_bytes,
                   uint64_t** lengths, uint32_t* capacity, vksplit_join_desc* out);

/* After the call, given the storage's sizes and the node's join (NULL: the node must be
 * refused): an error wrote nothing; a success points into the storage, wrote no length past
 * its inputs, equals the node's join, and passes fz_check_join. The lengths it wrote are
 * poisoned again for the next run. */
void fz_join_end(fz_translation* t, vksplit_result result, const vksplit_join_desc* out, const uint64_t* sizes,
                 size_t sizes_bytes, const fz_node_join* node);

#endif /* VKSPLIT_FUZZ_CHECK_CONCAT_H */
