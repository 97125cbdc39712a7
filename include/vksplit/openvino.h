/*
 * vksplit OpenVINO front-end: Split-1 (equal parts, attribute num_splits) and
 * VariadicSplit-1 (input split_lengths, one -1 inferred), translated into the canonical
 * vksplit_split_desc; Concat-1 into the canonical vksplit_join_desc.
 *
 *   Split-1:          data, axis (an integer scalar in [-rank, rank-1]);
 *                     num_splits in [1, data.shape[axis]] dividing data.shape[axis].
 *   VariadicSplit-1:  data, axis (an integer scalar or shape [1]), split_lengths (1-D, any
 *                     integer type): each >= 0 or a single -1 taking the remainder; they sum
 *                     to data.shape[axis].
 *
 * Element types are named as in ov::element::Type_t, but the numeric values are vksplit's
 * own (OpenVINO's change between releases): map by name. Sub-byte types (u1, u2, u3, u4,
 * u6, i4, nf4, f4e2m1) and string are rejected: vksplit copies whole fixed-width elements.
 *
 * Storage: the translation allocates nothing; the caller's vksplit_ov_split_storage holds
 * the lengths and sizes the resulting vksplit_split_desc points at.
 *
 * Concat-1 (vksplit_ov_translate_concat), into the canonical vksplit_join_desc:
 *
 *   Concat-1:         inputs 1..N, all of one type T (any numeric type: boolean and string are
 *                     not; sub-byte types are refused as above) and one rank R >= 1 (no
 *                     scalars), shapes equal except on the axis; axis (a required attribute)
 *                     in [-R, R-1]; the output's dimension on the axis is the sum of the
 *                     inputs' (an input may be empty along it).
 *
 * The caller's vksplit_ov_concat_storage holds the per-input lengths and the output's sizes.
 */
#ifndef VKSPLIT_OPENVINO_H
#define VKSPLIT_OPENVINO_H

#include "vksplit.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum vksplit_ov_element_type {
    VKSPLIT_OV_UNDEFINED = 0,
    VKSPLIT_OV_DYNAMIC,
    VKSPLIT_OV_BOOLEAN,
    VKSPLIT_OV_BF16,
    VKSPLIT_OV_F16,
    VKSPLIT_OV_F32,
    VKSPLIT_OV_F64,
    VKSPLIT_OV_I4,
    VKSPLIT_OV_I8,
    VKSPLIT_OV_I16,
    VKSPLIT_OV_I32,
    VKSPLIT_OV_I64,
    VKSPLIT_OV_U1,
    VKSPLIT_OV_U2,
    VKSPLIT_OV_U3,
    VKSPLIT_OV_U4,
    VKSPLIT_OV_U6,
    VKSPLIT_OV_U8,
    VKSPLIT_OV_U16,
    VKSPLIT_OV_U32,
    VKSPLIT_OV_U64,
    VKSPLIT_OV_NF4,
    VKSPLIT_OV_F8E4M3,
    VKSPLIT_OV_F8E5M2,
    VKSPLIT_OV_STRING,
    VKSPLIT_OV_F4E2M1,
    VKSPLIT_OV_F8E8M0,
    VKSPLIT_OV_ELEMENT_TYPE_COUNT,
    VKSPLIT_OV_ELEMENT_TYPE_MAX_ENUM = 0x7fffffff
} vksplit_ov_element_type;

/* A small constant input (axis, split_lengths). */
typedef struct vksplit_ov_constant {
    vksplit_ov_element_type element_type; /* an integer type: i8..i64, u8..u64 */
    uint32_t rank;                        /* 0 = scalar, 1 = 1-D */
    uint64_t length;                      /* rank 1: the element count; ignored for a scalar */
    const void* data;                     /* the elements, host byte order, any alignment */
} vksplit_ov_constant;

/* Split-1. */
typedef struct vksplit_ov_split_desc {
    vksplit_ov_element_type element_type; /* T of data */
    uint32_t rank;                        /* 1..VKSPLIT_MAX_RANK */
    const uint64_t* shape;                /* required: [rank] static dimensions */
    vksplit_ov_constant axis;             /* input 1: a scalar */
    uint64_t num_splits;                  /* attribute */
} vksplit_ov_split_desc;

/* VariadicSplit-1. */
typedef struct vksplit_ov_variadic_split_desc {
    vksplit_ov_element_type element_type;
    uint32_t rank;
    const uint64_t* shape;
    vksplit_ov_constant axis;          /* input 1: a scalar or shape [1] */
    vksplit_ov_constant split_lengths; /* input 2: 1-D */
} vksplit_ov_variadic_split_desc;

/* Caller-owned storage for one translation. */
typedef struct vksplit_ov_split_storage {
    uint64_t* lengths;                /* required: [lengths_capacity] per-output lengths */
    uint32_t lengths_capacity;        /* >= the output count (num_splits or split_lengths' length) */
    uint64_t sizes[VKSPLIT_MAX_RANK]; /* filled: data's shape */
} vksplit_ov_split_storage;

/* Bytes per element; 0 for sub-byte, string, undefined and dynamic types.
 * Thread-safety: safe (pure). */
VKSPLIT_API uint32_t vksplit_ov_element_type_size(vksplit_ov_element_type element_type);

/* OpenVINO's name: "f32", "boolean", "u4"; "unknown" otherwise. Thread-safety: safe (pure). */
VKSPLIT_API const char* vksplit_ov_element_type_name(vksplit_ov_element_type element_type);

/* Checks every Split-1 rule (and the canonical ones), then writes storage and *out; on error
 * neither is written. Outputs are packed; base_alignment is 0 (16).
 * Thread-safety: safe (pure) for distinct storage. */
VKSPLIT_API vksplit_result vksplit_ov_translate_split(const vksplit_ov_split_desc* op,
                                                      vksplit_ov_split_storage* storage, vksplit_split_desc* out,
                                                      vksplit_error* error);

/* The same for VariadicSplit-1; a -1 length becomes the remainder.
 * Thread-safety: safe (pure) for distinct storage. */
VKSPLIT_API vksplit_result vksplit_ov_translate_variadic_split(const vksplit_ov_variadic_split_desc* op,
                                                               vksplit_ov_split_storage* storage,
                                                               vksplit_split_desc* out, vksplit_error* error);

/* ---- Concat-1 ------------------------------------------------------------------------- */

/* One input of Concat-1. */
typedef struct vksplit_ov_concat_input {
    vksplit_ov_element_type element_type; /* T: the same for every input */
    uint32_t rank;                        /* R: the same for every input, 1..VKSPLIT_MAX_RANK */
    const uint64_t* shape;                /* required: [rank] static dimensions */
} vksplit_ov_concat_input;

/* Concat-1. */
typedef struct vksplit_ov_concat_desc {
    uint32_t input_count;                  /* 1..VKSPLIT_MAX_INPUTS */
    const vksplit_ov_concat_input* inputs; /* required: [input_count], in the operation's order */
    vksplit_bool32 has_axis;               /* the attribute 'axis' is required: 0 is refused */
    int64_t axis;                          /* attribute 'axis', in [-R, R-1] */
} vksplit_ov_concat_desc;

/* Caller-owned storage for one translation. */
typedef struct vksplit_ov_concat_storage {
    uint64_t* lengths;                /* required: [lengths_capacity] per-input lengths along the axis */
    uint32_t lengths_capacity;        /* >= input_count */
    uint64_t sizes[VKSPLIT_MAX_RANK]; /* filled: the output's shape */
} vksplit_ov_concat_storage;

/* Checks every Concat-1 rule (and the canonical ones), computes the output's shape and the
 * per-input lengths, then writes storage and *out; on error neither is written. The inputs
 * and the output are packed; base_alignment is 0 (16).
 * Thread-safety: safe (pure) for distinct storage. */
VKSPLIT_API vksplit_result vksplit_ov_translate_concat(const vksplit_ov_concat_desc* op,
                                                       vksplit_ov_concat_storage* storage, vksplit_join_desc* out,
                                                       vksplit_error* error);

#ifdef __cplusplus
}
#endif

#endif /* VKSPLIT_OPENVINO_H */
