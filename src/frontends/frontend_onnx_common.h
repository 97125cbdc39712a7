/* What the ONNX front-end's two operators, Split (frontend_onnx.c) and Concat
 * (frontend_onnx_concat.c), check alike: ONNX's type table and the type lists of their
 * versions, the version a model's opset import selects and the axis attribute's range (the
 * caller's storage is frontend_common.h's). Each operator fails with its own rules (their
 * messages name the operator and its version); these helpers only tell which check failed. */
#ifndef VKSPLIT_FRONTEND_ONNX_COMMON_H
#define VKSPLIT_FRONTEND_ONNX_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vksplit/onnx.h"

/* A version's type list T, one bit per vksplit_onnx_data_type. The lists of Split and Concat
 * are the same three: float16, float and double (Split-1, Concat-1); every fixed-width type
 * and string (Split-2 and -11, Concat-4 and -11); those and bfloat16 (Split-13 and -18,
 * Concat-13). */
#define VKSPLIT_ONNX_TYPES_FLOATS \
    ((1u << VKSPLIT_ONNX_FLOAT16) | (1u << VKSPLIT_ONNX_FLOAT) | (1u << VKSPLIT_ONNX_DOUBLE))
#define VKSPLIT_ONNX_TYPES_ANY                                                                                        \
    (VKSPLIT_ONNX_TYPES_FLOATS | (1u << VKSPLIT_ONNX_BOOL) | (1u << VKSPLIT_ONNX_INT8) | (1u << VKSPLIT_ONNX_INT16) | \
     (1u << VKSPLIT_ONNX_INT32) | (1u << VKSPLIT_ONNX_INT64) | (1u << VKSPLIT_ONNX_UINT8) |                           \
     (1u << VKSPLIT_ONNX_UINT16) | (1u << VKSPLIT_ONNX_UINT32) | (1u << VKSPLIT_ONNX_UINT64) |                        \
     (1u << VKSPLIT_ONNX_COMPLEX64) | (1u << VKSPLIT_ONNX_COMPLEX128) | (1u << VKSPLIT_ONNX_STRING))
#define VKSPLIT_ONNX_TYPES_ANY_BF16 (VKSPLIT_ONNX_TYPES_ANY | (1u << VKSPLIT_ONNX_BFLOAT16))

/* One version of an operator: the opset that introduced it and its type list. */
typedef struct vksplit__onnx_version {
    int64_t since;
    uint32_t types;
} vksplit__onnx_version;

/* The version in effect for a model importing the default domain at model_opset: the newest
 * of versions[count] (ascending) introduced at or before it; 0 for model_opset < 1. */
int64_t vksplit__onnx_version_in_effect(const vksplit__onnx_version* versions, size_t count, int64_t model_opset);
/* The type list of `version` if it is one of versions[count], else 0. */
uint32_t vksplit__onnx_version_types(const vksplit__onnx_version* versions, size_t count, int64_t version);
/* Whether `types` lists data_type. */
vksplit_bool32 vksplit__onnx_type_listed(uint32_t types, vksplit_onnx_data_type data_type);

/* A data type against a version's list, in the order both operators check it: string first
 * (listed or not, vksplit cannot copy it), then types ONNX does not have, then the list. */
typedef enum vksplit__onnx_type_check {
    VKSPLIT__ONNX_TYPE_OK,
    VKSPLIT__ONNX_TYPE_STRING,
    VKSPLIT__ONNX_TYPE_UNKNOWN,
    VKSPLIT__ONNX_TYPE_NOT_LISTED
} vksplit__onnx_type_check;
vksplit__onnx_type_check vksplit__onnx_check_type(uint32_t types, vksplit_onnx_data_type data_type);

/* The 'axis' attribute of a rank-`rank` tensor, in [-rank, rank-1] at every version of both
 * operators: Split-11 and Concat-11 wrote the negative half into their documents, and ONNX's own
 * shape inference takes it at the earlier versions too, where their documents are silent
 * (onnx/defs/tensor/old.cc normalises a negative axis at Split-2, "to compromise", for the
 * exported models that carry one). *normalised receives axis, or axis + rank when negative,
 * when it is in range; false when it is not. */
bool vksplit__onnx_normalise_axis(int64_t axis, uint32_t rank, uint32_t* normalised);

#endif /* VKSPLIT_FRONTEND_ONNX_COMMON_H */
