/* OpenVINO front-end: Split-1 and VariadicSplit-1 as OpenVINO's operation specifications
 * define them ("Split", "VariadicSplit", docs.openvino.ai:
 * https://docs.openvino.ai/2024/documentation/openvino-ir-format/operation-sets/operation-specs/movement/split-1.html
 * https://docs.openvino.ai/2024/documentation/openvino-ir-format/operation-sets/operation-specs/movement/variadic-split-1.html),
 * with messages in the words of OpenVINO's own shape inference where it has them. */
#include <stdio.h>
#include <string.h>

#include "frontends/frontend_common.h"
#include "frontends/frontend_openvino_common.h"
#include "base/internal.h"
#include "vksplit/openvino.h"

static bool is_integer(vksplit_ov_element_type t) { return vksplit__ov_check_type(t) == VKSPLIT__OV_TYPE_INTEGER; }

/* Element i of an integer constant; false for a u64 beyond int64 (stored in *big). Its bytes
 * are copied into the union and read back as the element's type (C11 6.5.2.3). */
static bool read_integer(const vksplit_ov_constant* c, uint64_t i, int64_t* value, uint64_t* big)
{
    uint32_t size = vksplit_ov_element_type_size(c->element_type);
    union {
        int8_t i8;
        int16_t i16;
        int32_t i32;
        int64_t i64;
        uint8_t u8;
        uint16_t u16;
        uint32_t u32;
        uint64_t u64;
    } v = {0};
    memcpy(&v, (const unsigned char*)c->data + i * size, size); /* an integer type: at most 8 bytes */
    switch (c->element_type) {
    case VKSPLIT_OV_I8: *value = v.i8; return true;
    case VKSPLIT_OV_I16: *value = v.i16; return true;
    case VKSPLIT_OV_I32: *value = v.i32; return true;
    case VKSPLIT_OV_I64: *value = v.i64; return true;
    case VKSPLIT_OV_U8: *value = v.u8; return true;
    case VKSPLIT_OV_U16: *value = v.u16; return true;
    case VKSPLIT_OV_U32: *value = v.u32; return true;
    default:
        *big = v.u64;
        *value = (int64_t)(v.u64 & INT64_MAX);
        return v.u64 <= INT64_MAX;
    }
}

static vksplit_result check_data(vksplit_ov_element_type t, uint32_t rank, const uint64_t* shape, vksplit_error* error)
{
    switch (vksplit__ov_check_type(t)) {
    case VKSPLIT__OV_TYPE_UNKNOWN: return VKSPLIT__FAIL(error, OV_ELEMENT_TYPE, (uint32_t)t);
    case VKSPLIT__OV_TYPE_STRING: return VKSPLIT__FAIL0(error, OV_STRING_TYPE);
    case VKSPLIT__OV_TYPE_SUB_BYTE: return VKSPLIT__FAIL(error, OV_PACKED_TYPE, vksplit_ov_element_type_name(t));
    case VKSPLIT__OV_TYPE_DYNAMIC: return VKSPLIT__FAIL(error, OV_DYNAMIC_TYPE, vksplit_ov_element_type_name(t));
    default: break; /* Split-1's T is "any arbitrary supported type": boolean too */
    }
    if (rank == 0)
        return VKSPLIT__FAIL0(error, OV_SCALAR);
    if (rank > VKSPLIT_MAX_RANK)
        return VKSPLIT__FAIL(error, OV_RANK_LIMIT, rank, VKSPLIT_MAX_RANK);
    if (!shape)
        return VKSPLIT__FAIL0(error, OV_SHAPE_NULL);
    uint32_t at = vksplit__packed_bytes_overflow_at(vksplit_ov_element_type_size(t), rank, shape);
    if (at < rank)
        return VKSPLIT__FAIL(error, OV_BYTE_COUNT_OVERFLOW, at, (unsigned long long)shape[at]);
    return VKSPLIT_OK;
}

/* The axis input: an integer scalar (or, for VariadicSplit, shape [1]) in [-rank, rank-1]. */
static vksplit_result check_axis(const vksplit_ov_constant* c, uint32_t rank, bool allow_shape_1, uint32_t* axis,
                                 vksplit_error* error)
{
    if (!is_integer(c->element_type))
        return VKSPLIT__FAIL(error, OV_AXIS_TYPE, vksplit_ov_element_type_name(c->element_type));
    bool scalar = c->rank == 0, shape_1 = c->rank == 1 && c->length == 1;
    if (!scalar && !(allow_shape_1 && shape_1)) {
        if (allow_shape_1)
            return VKSPLIT__FAIL(error, OV_AXIS_SHAPE, c->rank, c->rank == 0 ? 1ull : (unsigned long long)c->length);
        return VKSPLIT__FAIL(error, OV_AXIS_NOT_SCALAR, c->rank);
    }
    if (!c->data)
        return VKSPLIT__FAIL0(error, OV_AXIS_DATA_NULL);
    int64_t a, r = rank;
    uint64_t big = 0;
    if (!read_integer(c, 0, &a, &big))
        return VKSPLIT__FAIL(error, OV_AXIS_RANGE_UNSIGNED, (unsigned long long)big, (long long)-r, (long long)(r - 1));
    if (!vksplit__ov_normalise_axis(a, rank, axis))
        return VKSPLIT__FAIL(error, OV_AXIS_RANGE, (long long)a, (long long)-r, (long long)(r - 1));
    return VKSPLIT_OK;
}

/* Fills the desc whose split lengths are already in storage (every rule was checked before,
 * in OpenVINO's terms). */
static vksplit_result finish(vksplit_ov_element_type t, uint32_t rank, const uint64_t* shape, uint32_t axis,
                             uint32_t count, vksplit_ov_split_storage* storage, vksplit_split_desc* out,
                             vksplit_error* error)
{
    memcpy(storage->sizes, shape, rank * sizeof shape[0]);
    vksplit_split_desc split;
    memset(&split, 0, sizeof split);
    split.element_size = vksplit_ov_element_type_size(t);
    split.rank = rank;
    split.sizes = storage->sizes;
    split.axis = axis;
    split.output_count = count;
    split.lengths = storage->lengths;
    *out = split;
    return vksplit__ok(error);
}

vksplit_result vksplit_ov_translate_split(const vksplit_ov_split_desc* op, vksplit_ov_split_storage* storage,
                                          vksplit_split_desc* out, vksplit_error* error)
{
    if (!op)
        return VKSPLIT__FAIL0(error, OV_OPERATOR_NULL);
    uint32_t axis = 0;
    vksplit_result r = check_data(op->element_type, op->rank, op->shape, error);
    if (r == VKSPLIT_OK)
        r = check_axis(&op->axis, op->rank, false, &axis, error);
    if (r != VKSPLIT_OK)
        return r;
    uint64_t dim = op->shape[axis], n = op->num_splits;
    if (n == 0)
        return VKSPLIT__FAIL0(error, OV_NUM_SPLITS_ZERO);
    if (n > dim)
        return VKSPLIT__FAIL(error, OV_NUM_SPLITS_RANGE, (unsigned long long)n, (unsigned long long)dim, axis);
    if (dim % n != 0)
        return VKSPLIT__FAIL(error, OV_NOT_DIVISIBLE, (unsigned long long)dim, (unsigned long long)n);
    if (n > VKSPLIT_MAX_OUTPUTS)
        return VKSPLIT__FAIL(error, OV_NUM_SPLITS_LIMIT, (unsigned long long)n, VKSPLIT_MAX_OUTPUTS);
    r = vksplit__check_storage(storage, storage ? storage->lengths : NULL, storage ? storage->lengths_capacity : 0, n,
                               VKSPLIT__STORAGE_OV_SPLIT, out, error);
    if (r != VKSPLIT_OK)
        return r;
    for (uint64_t i = 0; i < n; i++)
        storage->lengths[i] = dim / n;
    return finish(op->element_type, op->rank, op->shape, axis, (uint32_t)n, storage, out, error);
}

/* split_lengths: each >= -1, at most one -1, and (with the -1 as the remainder) summing to
 * dim. Sets *inferred to the index of the -1 (or the length). */
static vksplit_result check_lengths(const vksplit_ov_constant* c, uint64_t dim, uint32_t axis, uint64_t* inferred,
                                    uint64_t* remainder, vksplit_error* error)
{
    if (!is_integer(c->element_type))
        return VKSPLIT__FAIL(error, OV_SPLIT_LENGTHS_TYPE, vksplit_ov_element_type_name(c->element_type));
    if (c->rank != 1)
        return VKSPLIT__FAIL(error, OV_SPLIT_LENGTHS_NOT_1D, c->rank);
    if (c->length == 0)
        return VKSPLIT__FAIL0(error, OV_SPLIT_LENGTHS_EMPTY);
    if (!c->data)
        return VKSPLIT__FAIL0(error, OV_SPLIT_LENGTHS_DATA_NULL);
    if (c->length > VKSPLIT_MAX_OUTPUTS)
        return VKSPLIT__FAIL(error, OV_SPLIT_LENGTHS_LIMIT, (unsigned long long)c->length, VKSPLIT_MAX_OUTPUTS);
    uint64_t sum = 0, minus_one = c->length;
    for (uint64_t i = 0; i < c->length; i++) {
        int64_t v;
        uint64_t big = 0;
        if (!read_integer(c, i, &v, &big))
            return VKSPLIT__FAIL(error, OV_SPLIT_LENGTH_TOO_LARGE, (unsigned long long)i, (unsigned long long)big);
        if (v < -1)
            return VKSPLIT__FAIL(error, OV_SPLIT_LENGTH_NEGATIVE, (long long)v, (unsigned long long)i);
        if (v == -1) {
            if (minus_one != c->length)
                return VKSPLIT__FAIL(error, OV_SPLIT_LENGTH_TWO_INFERRED, (unsigned long long)minus_one,
                                     (unsigned long long)i);
            minus_one = i;
        } else if (!vksplit__add_u64(sum, (uint64_t)v, &sum)) {
            return VKSPLIT__FAIL(error, OV_SPLIT_LENGTHS_OVERFLOW, (unsigned long long)i);
        }
    }
    if (minus_one < c->length && sum > dim)
        return VKSPLIT__FAIL(error, OV_SPLIT_LENGTHS_EXCEED, (unsigned long long)minus_one, (unsigned long long)sum,
                             axis, (unsigned long long)dim);
    if (minus_one == c->length && sum != dim)
        return VKSPLIT__FAIL(error, OV_SPLIT_LENGTHS_SUM, (unsigned long long)sum, axis, (unsigned long long)dim);
    *inferred = minus_one;
    *remainder = dim - sum;
    return VKSPLIT_OK;
}

vksplit_result vksplit_ov_translate_variadic_split(const vksplit_ov_variadic_split_desc* op,
                                                   vksplit_ov_split_storage* storage, vksplit_split_desc* out,
                                                   vksplit_error* error)
{
    if (!op)
        return VKSPLIT__FAIL0(error, OV_OPERATOR_NULL);
    uint32_t axis = 0;
    uint64_t inferred = 0, remainder = 0;
    vksplit_result r = check_data(op->element_type, op->rank, op->shape, error);
    if (r == VKSPLIT_OK)
        r = check_axis(&op->axis, op->rank, true, &axis, error);
    if (r == VKSPLIT_OK)
        r = check_lengths(&op->split_lengths, op->shape[axis], axis, &inferred, &remainder, error);
    if (r == VKSPLIT_OK)
        r = vksplit__check_storage(storage, storage ? storage->lengths : NULL, storage ? storage->lengths_capacity : 0,
                                   op->split_lengths.length, VKSPLIT__STORAGE_OV_SPLIT, out, error);
    if (r != VKSPLIT_OK)
        return r;
    uint64_t count = op->split_lengths.length;
    for (uint64_t i = 0; i < count; i++) {
        int64_t v;
        uint64_t big;
        read_integer(&op->split_lengths, i, &v, &big); /* checked above */
        storage->lengths[i] = i == inferred ? remainder : (uint64_t)v;
    }
    return finish(op->element_type, op->rank, op->shape, axis, (uint32_t)count, storage, out, error);
}
