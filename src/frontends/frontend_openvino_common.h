/* What the OpenVINO front-end's operators, Split-1 and VariadicSplit-1 (frontend_openvino.c)
 * and Concat-1 (frontend_openvino_concat.c), check alike: the element type table, what an
 * element type is to vksplit and the axis range (the caller's storage is frontend_common.h's).
 * Each operator fails with its own rules (Concat's messages name the input); these helpers
 * only tell which check failed. */
#ifndef VKSPLIT_FRONTEND_OPENVINO_COMMON_H
#define VKSPLIT_FRONTEND_OPENVINO_COMMON_H

#include <stdbool.h>
#include <stdint.h>

#include "vksplit/openvino.h"

/* What an element type is, in the order the operators check it. */
typedef enum vksplit__ov_type_check {
    VKSPLIT__OV_TYPE_UNKNOWN,  /* not an ov::element::Type_t */
    VKSPLIT__OV_TYPE_STRING,   /* variable-length */
    VKSPLIT__OV_TYPE_SUB_BYTE, /* several elements to a byte: i4, u1..u6, nf4, f4e2m1 */
    VKSPLIT__OV_TYPE_DYNAMIC,  /* not static: undefined, dynamic */
    VKSPLIT__OV_TYPE_BOOLEAN,  /* boolean: whole bytes, but not a number */
    VKSPLIT__OV_TYPE_INTEGER,  /* i8..i64, u8..u64 */
    VKSPLIT__OV_TYPE_NUMBER    /* the floating-point types: bf16, f16, f32, f64, f8e4m3, f8e5m2, f8e8m0 */
} vksplit__ov_type_check;
vksplit__ov_type_check vksplit__ov_check_type(vksplit_ov_element_type element_type);

/* An axis in [-rank, rank-1], normalised into *axis; false when outside. */
bool vksplit__ov_normalise_axis(int64_t value, uint32_t rank, uint32_t* axis);

#endif /* VKSPLIT_FRONTEND_OPENVINO_COMMON_H */
