/*
 * vksplit DirectML front-end: DML_SPLIT_OPERATOR_DESC and DML_JOIN_OPERATOR_DESC, each checked
 * as its own page says, and translated into the canonical vksplit_split_desc and
 * vksplit_join_desc.
 *
 * The structs mirror DirectML's field for field (names, order, 32-bit enums, numeric
 * data-type values), so engine code written against directml.h converts by a cast:
 *
 *     vksplit_dml_split_operator_desc* op = (vksplit_dml_split_operator_desc*)&dmlSplitDesc;
 *     vksplit_dml_join_operator_desc* join = (vksplit_dml_join_operator_desc*)&dmlJoinDesc;
 *
 * Storage: a translation allocates nothing. The caller hands in a
 * vksplit_dml_split_storage with room for OutputCount split lengths (and, when an output
 * has Strides, OutputCount stride rows), or a vksplit_dml_join_storage with room for
 * InputCount; the resulting desc points into that storage and stays valid while the storage
 * lives unchanged.
 */
#ifndef VKSPLIT_DIRECTML_H
#define VKSPLIT_DIRECTML_H

#include "vksplit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* DML_TENSOR_DATA_TYPE, same values. Split and Join accept FLOAT32 (1) .. INT64 (11). */
typedef enum vksplit_dml_tensor_data_type {
    VKSPLIT_DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
    VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
    VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
    VKSPLIT_DML_TENSOR_DATA_TYPE_UINT32 = 3,
    VKSPLIT_DML_TENSOR_DATA_TYPE_UINT16 = 4,
    VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8 = 5,
    VKSPLIT_DML_TENSOR_DATA_TYPE_INT32 = 6,
    VKSPLIT_DML_TENSOR_DATA_TYPE_INT16 = 7,
    VKSPLIT_DML_TENSOR_DATA_TYPE_INT8 = 8,
    VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
    VKSPLIT_DML_TENSOR_DATA_TYPE_UINT64 = 10,
    VKSPLIT_DML_TENSOR_DATA_TYPE_INT64 = 11,
    VKSPLIT_DML_TENSOR_DATA_TYPE_MAX_ENUM = 0x7fffffff
} vksplit_dml_tensor_data_type;

/* DML_TENSOR_FLAGS. OWNED_BY_DML is allowed on input tensors only (as in DirectML: Split's
 * InputTensor, Join's InputTensors); it changes nothing in the copy. */
typedef enum vksplit_dml_tensor_flags {
    VKSPLIT_DML_TENSOR_FLAG_NONE = 0x0,
    VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML = 0x1,
    VKSPLIT_DML_TENSOR_FLAGS_MAX_ENUM = 0x7fffffff
} vksplit_dml_tensor_flags;

/* DML_TENSOR_TYPE. Split and Join take buffer tensors only. */
typedef enum vksplit_dml_tensor_type {
    VKSPLIT_DML_TENSOR_TYPE_INVALID = 0,
    VKSPLIT_DML_TENSOR_TYPE_BUFFER = 1,
    VKSPLIT_DML_TENSOR_TYPE_MAX_ENUM = 0x7fffffff
} vksplit_dml_tensor_type;

/* DML_FEATURE_LEVEL, same values. Only the thresholds where Split's or Join's support changes
 * matter: 1_0 (4-D; FLOAT32, FLOAT16, INT32, INT16, UINT32, UINT16), 2_1 (adds INT8, UINT8),
 * 3_0 (Split: 1 to 8 dimensions; Join: 4 to 5), 4_1 (adds FLOAT64, INT64, UINT64; Join: 1 to
 * 8 dimensions). */
typedef enum vksplit_dml_feature_level {
    VKSPLIT_DML_FEATURE_LEVEL_NEWEST = 0, /* vksplit: no restriction beyond the newest table */
    VKSPLIT_DML_FEATURE_LEVEL_1_0 = 0x1000,
    VKSPLIT_DML_FEATURE_LEVEL_2_0 = 0x2000,
    VKSPLIT_DML_FEATURE_LEVEL_2_1 = 0x2100,
    VKSPLIT_DML_FEATURE_LEVEL_3_0 = 0x3000,
    VKSPLIT_DML_FEATURE_LEVEL_3_1 = 0x3100,
    VKSPLIT_DML_FEATURE_LEVEL_4_0 = 0x4000,
    VKSPLIT_DML_FEATURE_LEVEL_4_1 = 0x4100,
    VKSPLIT_DML_FEATURE_LEVEL_5_0 = 0x5000,
    VKSPLIT_DML_FEATURE_LEVEL_MAX_ENUM = 0x7fffffff
} vksplit_dml_feature_level;

/* DML_BUFFER_TENSOR_DESC. Sizes and Strides are in elements. */
typedef struct vksplit_dml_buffer_tensor_desc {
    vksplit_dml_tensor_data_type DataType;
    vksplit_dml_tensor_flags Flags;
    uint32_t DimensionCount;                /* 1..8, per operator and feature level */
    const uint32_t* Sizes;                  /* [DimensionCount], each > 0 */
    const uint32_t* Strides;                /* optional [DimensionCount]; NULL = packed; 0 broadcasts (input only) */
    uint64_t TotalTensorSizeInBytes;        /* >= vksplit_dml_calc_buffer_tensor_size() */
    uint32_t GuaranteedBaseOffsetAlignment; /* 0 (DirectML's 16) or a power of two >= the element size */
} vksplit_dml_buffer_tensor_desc;

/* DML_TENSOR_DESC. */
typedef struct vksplit_dml_tensor_desc {
    vksplit_dml_tensor_type Type; /* BUFFER */
    const void* Desc;             /* const vksplit_dml_buffer_tensor_desc* */
} vksplit_dml_tensor_desc;

/* DML_SPLIT_OPERATOR_DESC. */
typedef struct vksplit_dml_split_operator_desc {
    const vksplit_dml_tensor_desc* InputTensor;
    uint32_t OutputCount;                         /* > 0 (and <= VKSPLIT_MAX_OUTPUTS) */
    const vksplit_dml_tensor_desc* OutputTensors; /* [OutputCount] */
    uint32_t Axis;                                /* < InputTensor's DimensionCount */
} vksplit_dml_split_operator_desc;

/* What DML_SPLIT_OPERATOR_DESC accepts at one feature level (the spec's tables). */
typedef struct vksplit_dml_split_support {
    uint32_t min_dimension_count;
    uint32_t max_dimension_count;
    /* Bit (1u << DataType) set for every data type allowed. */
    uint32_t data_type_mask;
} vksplit_dml_split_support;

/* Caller-owned storage for one translation. Set capacity and the arrays; the translation
 * fills sizes and input_strides and writes the arrays. */
typedef struct vksplit_dml_split_storage {
    uint32_t capacity; /* outputs the arrays below have room for (>= OutputCount) */
    uint64_t* lengths; /* required: [capacity] per-output lengths on the axis */
    /* [capacity * VKSPLIT_MAX_RANK]: output i's strides at output_strides[i * VKSPLIT_MAX_RANK].
     * Needed only when some output has Strides; NULL otherwise. */
    uint64_t* output_strides;
    const uint64_t** output_stride_table;     /* [capacity]; needed with output_strides */
    uint64_t sizes[VKSPLIT_MAX_RANK];         /* filled: the input's sizes */
    uint64_t input_strides[VKSPLIT_MAX_RANK]; /* filled when the input has Strides */
} vksplit_dml_split_storage;

/* Bytes per element of a DirectML data type; 0 for a value Split does not know.
 * Thread-safety: safe (pure). */
VKSPLIT_API uint32_t vksplit_dml_data_type_size(vksplit_dml_tensor_data_type data_type);

/* "FLOAT32" for VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, "UNKNOWN" otherwise.
 * Thread-safety: safe (pure). */
VKSPLIT_API const char* vksplit_dml_data_type_name(vksplit_dml_tensor_data_type data_type);

/* Which data types and dimension counts Split allows at feature_level (any value >= 1_0;
 * a level between two table rows gets the lower row; NEWEST gets the newest row).
 * VKSPLIT_ERROR_FEATURE_LEVEL below 1_0. Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_dml_query_split_support(vksplit_dml_feature_level feature_level,
                                                           vksplit_dml_split_support* support, vksplit_error* error);

/* DMLCalcBufferTensorSize in 64-bit with overflow checks: packed = product(Sizes) *
 * element size; strided = (sum((Sizes[i] - 1) * Strides[i]) + 1) * element size; rounded
 * up to a multiple of 4. VKSPLIT_ERROR_SIZE_OVERFLOW instead of wrapping around.
 * Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_dml_calc_buffer_tensor_size(vksplit_dml_tensor_data_type data_type,
                                                               uint32_t dimension_count, const uint32_t* sizes,
                                                               const uint32_t* strides, uint64_t* bytes,
                                                               vksplit_error* error);

/* Checks every DirectML rule for DML_SPLIT_OPERATOR_DESC at feature_level (NEWEST for no
 * restriction), the canonical ones included (an output whose Strides let two elements share
 * an address is VKSPLIT_ERROR_OVERLAPPING_OUTPUT), then writes storage and *out. The
 * canonical base_alignment is the smallest GuaranteedBaseOffsetAlignment over all tensors
 * (0 counting as DirectML's 16). On error neither storage nor *out is written.
 * Thread-safety: safe (pure) for distinct storage. */
VKSPLIT_API vksplit_result vksplit_dml_translate_split(const vksplit_dml_split_operator_desc* op,
                                                       vksplit_dml_feature_level feature_level,
                                                       vksplit_dml_split_storage* storage, vksplit_split_desc* out,
                                                       vksplit_error* error);

/* ---------------------------------------------------------------------------------------
 * DML_JOIN_OPERATOR_DESC: Split's inverse, checked as its own page says (Microsoft Learn,
 * "DML_JOIN_OPERATOR_DESC structure (directml.h)"), translated into vksplit_join_desc.
 * Where the page says less than Split's, Join follows its own page: from
 * DML_FEATURE_LEVEL_3_0 to 4_0 it takes 4 or 5 dimensions (Split: 1 to 8), and an input's
 * size along Axis may be anything but 0 (ONNX Concat allows 0; so does vksplit_join_desc).
 * ------------------------------------------------------------------------------------- */

/* DML_JOIN_OPERATOR_DESC. */
typedef struct vksplit_dml_join_operator_desc {
    uint32_t InputCount;                         /* > 0 (and <= VKSPLIT_MAX_INPUTS) */
    const vksplit_dml_tensor_desc* InputTensors; /* [InputCount] */
    const vksplit_dml_tensor_desc* OutputTensor;
    uint32_t Axis; /* < OutputTensor's DimensionCount */
} vksplit_dml_join_operator_desc;

/* What DML_JOIN_OPERATOR_DESC accepts at one feature level (its page's tables): the fields of
 * vksplit_dml_split_support. */
typedef vksplit_dml_split_support vksplit_dml_join_support;

/* Caller-owned storage for one Join translation. Set capacity and the arrays; the translation
 * fills sizes and output_strides and writes the arrays. */
typedef struct vksplit_dml_join_storage {
    uint32_t capacity; /* inputs the arrays below have room for (>= InputCount) */
    uint64_t* lengths; /* required: [capacity] per-input lengths on the axis */
    /* [capacity * VKSPLIT_MAX_RANK]: input i's strides at input_strides[i * VKSPLIT_MAX_RANK].
     * Needed only when some input has Strides; NULL otherwise. */
    uint64_t* input_strides;
    const uint64_t** input_stride_table;       /* [capacity]; needed with input_strides */
    uint64_t sizes[VKSPLIT_MAX_RANK];          /* filled: the output's sizes */
    uint64_t output_strides[VKSPLIT_MAX_RANK]; /* filled when the output has Strides */
} vksplit_dml_join_storage;

/* Which data types and dimension counts Join allows at feature_level (any value >= 1_0; a
 * level between two table rows gets the lower row; NEWEST gets the newest row): 1_0 and 2_0
 * 4-D; 2_1 adds INT8, UINT8; 3_0 4 to 5 dimensions; 4_1 1 to 8, adds FLOAT64, INT64, UINT64.
 * VKSPLIT_ERROR_FEATURE_LEVEL below 1_0. Thread-safety: safe (pure). */
VKSPLIT_API vksplit_result vksplit_dml_query_join_support(vksplit_dml_feature_level feature_level,
                                                          vksplit_dml_join_support* support, vksplit_error* error);

/* Checks every DirectML rule for DML_JOIN_OPERATOR_DESC at feature_level (NEWEST for no
 * restriction): InputCount > 0, Axis < OutputTensor.DimensionCount, every input with the
 * output's DataType and DimensionCount and its Sizes off the axis, a non-zero size on the
 * axis, the axis sizes summing to the output's; each tensor's own buffer rules as for Split
 * (OWNED_BY_DML and broadcasting Strides on inputs only; an OutputTensor whose Strides let two
 * elements share an address is VKSPLIT_ERROR_OVERLAPPING_OUTPUT). Then writes storage and
 * *out. The canonical base_alignment is the smallest GuaranteedBaseOffsetAlignment over all
 * tensors (0 counting as DirectML's 16). On error neither storage nor *out is written.
 * Thread-safety: safe (pure) for distinct storage. */
VKSPLIT_API vksplit_result vksplit_dml_translate_join(const vksplit_dml_join_operator_desc* op,
                                                      vksplit_dml_feature_level feature_level,
                                                      vksplit_dml_join_storage* storage, vksplit_join_desc* out,
                                                      vksplit_error* error);

#ifdef __cplusplus
}
#endif

#endif /* VKSPLIT_DIRECTML_H */
