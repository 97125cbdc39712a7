/*
 * vksplit ONNX front-end: the Split node of opsets 1, 2, 11, 13 and 18, each exactly as its
 * operator document says, translated into the canonical vksplit_split_desc (and Concat and
 * TensorScatter, below).
 *
 *   opset  axis (default 0)   'split'                          without 'split'
 *   1      [-rank, rank-1]*   attribute, or input of type T    equal split into the node's outputs
 *   2      [-rank, rank-1]*   attribute                        equal split into the node's outputs
 *   11     [-rank, rank-1]    attribute                        equal split into the node's outputs
 *   13     [-rank, rank-1]    input tensor(int64)              equal split into the node's outputs
 *   18     [-rank, rank-1]    input tensor(int64)              'num_outputs' (exactly one of the two):
 *                                                              chunk = ceil(dim / n) for the first n-1,
 *                                                              dim - chunk*(n-1) for the last (0 is
 *                                                              accepted, < 0 rejected)
 *
 *   * Split-1 and -2's documents do not say how a negative axis counts; ONNX's own shape
 *     inference takes one in [-rank, rank-1] and counts it from the back, as Split-11 wrote
 *     down (below: where the documents are silent).
 *
 * Types (T): opset 1 float16, float, double; opsets 2 and 11 add bool, int8..int64,
 * uint8..uint64, complex64, complex128; 13 and 18 add bfloat16. tensor(string) is in the
 * lists from opset 2 but always rejected: vksplit copies fixed-width elements and ONNX
 * strings are variable-length.
 *
 * Storage: the translation allocates nothing. The caller hands in a
 * vksplit_onnx_split_storage with room for the node's output count; the resulting
 * vksplit_split_desc points into it and stays valid while it lives unchanged.
 *
 * The Concat node of opsets 1, 4, 11 and 13, each exactly as its operator document says,
 * translated into the canonical vksplit_join_desc (vksplit_onnx_translate_concat):
 *
 *   opset  'axis'                          T
 *   1      optional, default 1; [-r, r-1]* float16, float, double
 *   4      required; [-r, r-1]*            every type above but bfloat16 (string rejected)
 *   11     required; [-r, r-1]             as 4
 *   13     required; [-r, r-1]             as 4, and bfloat16
 *
 * Every input has type T and the rank r of input 0 (r >= 1: a scalar has no axis), and the
 * same shape except on the axis; an input may be empty along the axis (ONNX's dimensions are
 * >= 0, unlike DirectML's Join); the output's dimension on the axis is the sum of the inputs'.
 * The caller's vksplit_onnx_concat_storage receives the per-input lengths and the output's
 * sizes, which the resulting vksplit_join_desc points at.
 *
 *   * As at Split-1 and -2: Concat-1 and -4's documents are silent on a negative axis, and
 *     ONNX's shape inference takes it.
 *
 * The TensorScatter node of opset 24, a KV-cache update in place, translated into a join of one
 * part whose rows the plan places (vksplit_onnx_translate_tensorscatter): update's rows along
 * the axis land in past_cache at each batch row's write index; present_cache is past_cache so
 * updated (its shape, every other row as it was):
 *
 *   opset  'axis' (default -2)       'mode'                       'write_indices'
 *   24     [-r, r-1], not 0 (batch)  linear (default), circular   absent (zeros), or int64 of
 *                                                                 shape (batch_size,): the
 *                                                                 host's values or the GPU's
 *
 * T is every ONNX type up to float8e8m0 (24); string (variable-length) and the sub-byte uint4,
 * int4 and float4e2m1 are refused (vksplit copies whole bytes). past_cache has rank r of 2 to 8;
 * update its rank and shape but on the axis, where its sequence_length is at most past_cache's
 * max_sequence_length (ONNX's reference implementation raises otherwise). Linear: 0 <=
 * write_index and write_index + sequence_length <= max_sequence_length, as the document
 * requires: the front-end checks the host's values (ONNX_TENSORSCATTER_WRITE_INDEX, naming the
 * batch row and the values), the GPU its own (ROWS_START in the plan's status; nothing is
 * written). Circular: any write index, taken floor modulo max_sequence_length (np.mod, as the
 * reference implementation), negative ones too. The plan's rows: LINEAR or CIRCULAR, int64, one
 * list per batch row (list_dims 1), broadcast over the dimensions between the batch and the
 * axis; write_indices absent, one start 0 for all (list_dims 0, a host index in the caller's
 * storage), and so too a circular write into a max_sequence_length of 0 (sequence_length 0:
 * nothing moves, and no modulo 0 is taken).
 *
 *   * The document contradicts itself on circular mode. Its prose: "the write index is modulo
 *     max_sequence_length"; its pseudocode, and ONNX's reference implementation
 *     (onnx/reference/ops/op_tensor_scatter.py), take np.mod of the whole coordinate, the
 *     indices before the axis included. vksplit wraps the sequence position alone, as the
 *     prose says and ONNX Runtime's kernels do. The two agree wherever every dimension before
 *     the axis is at most max_sequence_length; where one is larger (a batch of 8, or 8 heads,
 *     over a circular cache of 4 places) the pseudocode writes batch row (or head) b's rows into
 *     row b mod max_sequence_length, another sample's, and vksplit into row b.
 *
 * Policy: where the operator documents are silent, vksplit does what ONNX's own reference
 * does (its schemas and shape inference; numpy.concatenate for Concat; the reference
 * implementation for TensorScatter). So a negative axis is taken before version 11, as exported
 * models carry it and ONNX Runtime runs them. vksplit differs from ONNX Runtime in three places,
 * each where ONNX's shape inference or reference implementation decides otherwise:
 *   - Concat: an input empty along the axis must still have input 0's shape off it
 *     (ONNX_CONCAT_SHAPE_MISMATCH, as ONNX's shape inference says); ONNX Runtime takes an
 *     empty input whatever its other dimensions;
 *   - Split-18: 'num_outputs' above the dimension is taken while the last part's length,
 *     dim - ceil(dim/n) * (n-1), is >= 0 (12 into 13: twelve parts of 1 and one of 0), as
 *     ONNX's shape inference computes it; ONNX Runtime refuses num_outputs > dim.
 *   - TensorScatter: a negative write index in circular mode is taken floor modulo
 *     max_sequence_length, as the reference implementation's np.mod takes it; ONNX Runtime
 *     refuses a negative write index in either mode.
 */
#ifndef VKSPLIT_ONNX_H
#define VKSPLIT_ONNX_H

#include "vksplit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ONNX TensorProto.DataType, same values, so an elem_type converts by a cast. */
typedef enum vksplit_onnx_data_type {
    VKSPLIT_ONNX_UNDEFINED = 0,
    VKSPLIT_ONNX_FLOAT = 1,
    VKSPLIT_ONNX_UINT8 = 2,
    VKSPLIT_ONNX_INT8 = 3,
    VKSPLIT_ONNX_UINT16 = 4,
    VKSPLIT_ONNX_INT16 = 5,
    VKSPLIT_ONNX_INT32 = 6,
    VKSPLIT_ONNX_INT64 = 7,
    VKSPLIT_ONNX_STRING = 8,
    VKSPLIT_ONNX_BOOL = 9,
    VKSPLIT_ONNX_FLOAT16 = 10,
    VKSPLIT_ONNX_DOUBLE = 11,
    VKSPLIT_ONNX_UINT32 = 12,
    VKSPLIT_ONNX_UINT64 = 13,
    VKSPLIT_ONNX_COMPLEX64 = 14,
    VKSPLIT_ONNX_COMPLEX128 = 15,
    VKSPLIT_ONNX_BFLOAT16 = 16,
    /* Later types, in no Split version's list up to 18 nor any Concat's up to 13 (named in their
     * messages only); TensorScatter-24 lists them all (the sub-byte three refused). */
    VKSPLIT_ONNX_FLOAT8E4M3FN = 17,
    VKSPLIT_ONNX_FLOAT8E4M3FNUZ = 18,
    VKSPLIT_ONNX_FLOAT8E5M2 = 19,
    VKSPLIT_ONNX_FLOAT8E5M2FNUZ = 20,
    VKSPLIT_ONNX_UINT4 = 21,
    VKSPLIT_ONNX_INT4 = 22,
    VKSPLIT_ONNX_FLOAT4E2M1 = 23,
    VKSPLIT_ONNX_FLOAT8E8M0 = 24,
    VKSPLIT_ONNX_DATA_TYPE_MAX_ENUM = 0x7fffffff
} vksplit_onnx_data_type;

/* One Split node. Zero-initialised fields are "absent" (axis 0 is the ONNX default). */
typedef struct vksplit_onnx_split_desc {
    /* The Split version: 1, 2, 11, 13 or 18 (vksplit_onnx_split_version maps a model's
     * opset import, e.g. 15 -> 13). Anything else is VKSPLIT_ERROR_OPSET. */
    int64_t opset;
    vksplit_onnx_data_type data_type; /* T, the input's elem_type */
    uint32_t rank;                    /* the input's rank, 1..VKSPLIT_MAX_RANK; 0 (a scalar) is rejected */
    const int64_t* shape;             /* required: [rank] dimensions, each >= 0 */
    int64_t axis;                     /* attribute 'axis' (default 0) */
    /* The node's number of outputs. Required for an equal split before opset 18; otherwise
     * 0 means "as many as 'split' or 'num_outputs' give", and a non-zero value must match. */
    uint32_t output_count;

    /* Attribute 'split' (opsets 1, 2, 11): ints, each >= 0. */
    vksplit_bool32 has_split_attribute;
    const int64_t* split_attribute;
    uint32_t split_attribute_count;

    /* Input 'split' (opsets 1, 13, 18), a 1-D tensor of split_input_count elements in host
     * byte order: tensor(int64) at 13 and 18; at opset 1 type T (the input's own type:
     * float16 bits, float or double) holding whole numbers >= 0. */
    vksplit_bool32 has_split_input;
    vksplit_onnx_data_type split_input_type;
    const void* split_input;
    uint32_t split_input_count;

    /* Attribute 'num_outputs' (opset 18): >= 1. */
    vksplit_bool32 has_num_outputs;
    int64_t num_outputs;
} vksplit_onnx_split_desc;

/* Caller-owned storage for one translation. */
typedef struct vksplit_onnx_split_storage {
    uint64_t* lengths;                /* required: [lengths_capacity] per-output lengths */
    uint32_t lengths_capacity;        /* >= the node's output count */
    uint64_t sizes[VKSPLIT_MAX_RANK]; /* filled: the input's sizes */
} vksplit_onnx_split_storage;

/* Bytes per element of an ONNX type vksplit can copy (bool and the float8 types 1 .. complex128
 * 16); 0 for string, undefined, sub-byte and unknown types. Thread-safety: safe (pure). */
VKSPLIT_API uint32_t vksplit_onnx_data_type_size(vksplit_onnx_data_type data_type);

/* ONNX's lower-case name: "float", "bfloat16", "string"; "unknown" otherwise.
 * Thread-safety: safe (pure). */
VKSPLIT_API const char* vksplit_onnx_data_type_name(vksplit_onnx_data_type data_type);

/* The Split version in effect for a model importing the default domain at model_opset:
 * 1 -> 1, 2..10 -> 2, 11..12 -> 11, 13..17 -> 13, >= 18 -> 18; 0 for model_opset < 1.
 * Thread-safety: safe (pure). */
VKSPLIT_API int64_t vksplit_onnx_split_version(int64_t model_opset);

/* Whether Split-`opset` lists data_type in T (string included where ONNX lists it, though
 * the translation rejects it). Thread-safety: safe (pure). */
VKSPLIT_API vksplit_bool32 vksplit_onnx_type_in_opset(int64_t opset, vksplit_onnx_data_type data_type);

/* Checks every rule of the node's opset (and the canonical ones), computes the per-output
 * lengths, then writes storage and *out; on error neither is written. Outputs are packed;
 * base_alignment is 0 (16: set it lower if your binding offsets promise less).
 * Thread-safety: safe (pure) for distinct storage. */
VKSPLIT_API vksplit_result vksplit_onnx_translate_split(const vksplit_onnx_split_desc* node,
                                                        vksplit_onnx_split_storage* storage, vksplit_split_desc* out,
                                                        vksplit_error* error);

/* ---- Concat ---------------------------------------------------------------------------- */

/* One input of a Concat node, as its ValueInfo gives it. */
typedef struct vksplit_onnx_concat_input {
    vksplit_onnx_data_type data_type; /* its elem_type: T, the same for every input */
    uint32_t rank;                    /* input 0's for every input, 1..VKSPLIT_MAX_RANK */
    const int64_t* shape;             /* required: [rank] dimensions, each >= 0 */
} vksplit_onnx_concat_input;

/* One Concat node. */
typedef struct vksplit_onnx_concat_desc {
    /* The Concat version: 1, 4, 11 or 13 (vksplit_onnx_concat_version maps a model's opset
     * import, e.g. 12 -> 11). Anything else is VKSPLIT_ERROR_OPSET. */
    int64_t opset;
    uint32_t input_count;                    /* the node's inputs, 1..VKSPLIT_MAX_INPUTS */
    const vksplit_onnx_concat_input* inputs; /* required: [input_count], in the node's order */
    /* Attribute 'axis': given or not. Required from Concat-4; Concat-1 without it joins on 1. */
    vksplit_bool32 has_axis;
    int64_t axis;
} vksplit_onnx_concat_desc;

/* Caller-owned storage for one translation. */
typedef struct vksplit_onnx_concat_storage {
    uint64_t* lengths;                /* required: [lengths_capacity] per-input lengths along the axis */
    uint32_t lengths_capacity;        /* >= the node's input count */
    uint64_t sizes[VKSPLIT_MAX_RANK]; /* filled: the output's sizes (concat_result's shape) */
} vksplit_onnx_concat_storage;

/* The Concat version in effect for a model importing the default domain at model_opset:
 * 1..3 -> 1, 4..10 -> 4, 11..12 -> 11, >= 13 -> 13; 0 for model_opset < 1.
 * Thread-safety: safe (pure). */
VKSPLIT_API int64_t vksplit_onnx_concat_version(int64_t model_opset);

/* Whether Concat-`opset` lists data_type in T (string included where ONNX lists it, though
 * the translation rejects it). Thread-safety: safe (pure). */
VKSPLIT_API vksplit_bool32 vksplit_onnx_concat_type_in_opset(int64_t opset, vksplit_onnx_data_type data_type);

/* Checks every rule of the node's opset (and the canonical ones), computes the output's shape
 * and the per-input lengths, then writes storage and *out; on error neither is written. The
 * inputs and the output are packed; base_alignment is 0 (16: set it lower if your binding
 * offsets promise less). Thread-safety: safe (pure) for distinct storage. */
VKSPLIT_API vksplit_result vksplit_onnx_translate_concat(const vksplit_onnx_concat_desc* node,
                                                         vksplit_onnx_concat_storage* storage, vksplit_join_desc* out,
                                                         vksplit_error* error);

/* ---- TensorScatter --------------------------------------------------------------------- */

/* One tensor of a TensorScatter node, as its ValueInfo gives it. */
typedef struct vksplit_onnx_tensorscatter_input {
    vksplit_onnx_data_type data_type; /* its elem_type */
    uint32_t rank;
    const int64_t* shape; /* required: [rank] dimensions, each >= 0 */
} vksplit_onnx_tensorscatter_input;

/* Where a node's 'write_indices' are. */
typedef enum vksplit_onnx_write_indices {
    /* The input is not given: every write index is 0 (ONNX's default). */
    VKSPLIT_ONNX_WRITE_INDICES_ABSENT = 0,
    /* Given, and its values known on the host now (write_indices_data): checked here, and held
     * by the plan (vksplit_rows.host_indices). */
    VKSPLIT_ONNX_WRITE_INDICES_HOST = 1,
    /* Given, on the GPU: the plan reads them at each recording from bindings.indices (the
     * batch's int64 values, packed, vksplit_plan_info.index_span_bytes) and checks them there,
     * its status in bindings.parameters (vksplit_parameters_status). */
    VKSPLIT_ONNX_WRITE_INDICES_DEVICE = 2,
    VKSPLIT_ONNX_WRITE_INDICES_MAX_ENUM = 0x7fffffff
} vksplit_onnx_write_indices;

/* One TensorScatter node. Valid when zero-initialised but for the opset and the two tensors:
 * axis -2, mode 'linear', write_indices absent. */
typedef struct vksplit_onnx_tensorscatter_desc {
    /* The TensorScatter version: 24 (vksplit_onnx_tensorscatter_version maps a model's opset
     * import). Anything else is VKSPLIT_ERROR_OPSET. */
    int64_t opset;
    vksplit_onnx_tensorscatter_input past_cache; /* T, rank 2..VKSPLIT_MAX_RANK */
    vksplit_onnx_tensorscatter_input update;     /* T, past_cache's shape but on the axis */
    /* Attribute 'axis': given or not (not given: -2); in [-rank, rank-1], and not 0. */
    vksplit_bool32 has_axis;
    int64_t axis;
    /* Attribute 'mode': "linear" or "circular"; NULL: "linear". */
    const char* mode;
    /* Input 'write_indices': where it is, its type and shape (tensor(int64), [batch_size]; not
     * read when ABSENT), and with HOST its values ([batch_size] int64 in host byte order; may be
     * NULL for a batch of 0). */
    vksplit_onnx_write_indices write_indices;
    vksplit_onnx_tensorscatter_input write_indices_tensor;
    const int64_t* write_indices_data;
} vksplit_onnx_tensorscatter_desc;

/* Caller-owned storage for one translation. */
typedef struct vksplit_onnx_tensorscatter_storage {
    uint64_t sizes[VKSPLIT_MAX_RANK]; /* filled: past_cache's (and present_cache's) sizes */
    uint64_t length;                  /* filled: update's sequence_length, the part's length */
    int64_t zero_index;               /* filled: 0, the one start of an absent write_indices */
} vksplit_onnx_tensorscatter_storage;

/* The TensorScatter version in effect for a model importing the default domain at model_opset:
 * >= 24 -> 24; 0 before (TensorScatter came with opset 24). Thread-safety: safe (pure). */
VKSPLIT_API int64_t vksplit_onnx_tensorscatter_version(int64_t model_opset);

/* Checks every rule of TensorScatter-24 (above, and the policy at the top of this file), then
 * writes storage, *out and options_out->rows; on error none of them is written. *out is a
 * join of one part (the update) into the whole (past_cache, updated in place into
 * present_cache: every byte the update does not place is left as it is), packed, base_alignment
 * 0 (16: set it lower if your binding offsets promise less). options_out->rows is the placing:
 * LINEAR or CIRCULAR, int64 indices, one list per batch index (list_dims 1) or, write_indices
 * absent, one start 0 for all (list_dims 0, host_indices &storage->zero_index); host_indices
 * is node->write_indices_data with HOST (the plan copies them at creation: keep them until
 * then), NULL with DEVICE. Only options_out->rows is written: set its path and table yourself
 * (zero: the defaults), then vksplit_plan_create_join(ctx, out, options_out, ...). out and
 * options_out are required (OUT_NULL). The plan has limits of its own, refused by
 * vksplit_plan_create_join, not here: at most VKSPLIT_ROWS_MAX_HOST_INDICES (2048) host write
 * indices (more: put them on the GPU, DEVICE), and counts within 32 bits (PLAN_ROWS_COUNT:
 * max_sequence_length below 2^31, the update's rows in all below 2^32, at most 2^18 GPU
 * indices). Thread-safety: safe (pure) for distinct storage. */
VKSPLIT_API vksplit_result vksplit_onnx_translate_tensorscatter(const vksplit_onnx_tensorscatter_desc* node,
                                                                vksplit_onnx_tensorscatter_storage* storage,
                                                                vksplit_join_desc* out,
                                                                vksplit_plan_options* options_out,
                                                                vksplit_error* error);

#ifdef __cplusplus
}
#endif

#endif /* VKSPLIT_ONNX_H */
