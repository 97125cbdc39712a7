/* OpenVINO front-end: Concat-1 as OpenVINO's operation specification defines it ("Concat",
 * docs.openvino.ai:
 * https://docs.openvino.ai/2024/documentation/openvino-ir-format/operation-sets/operation-specs/movement/concat-1.html),
 * translated into the canonical vksplit_join_desc, with messages in the words of OpenVINO's
 * own validation (ov::op::v0::Concat::validate_and_infer_types and its shape inference) where
 * it has them.
 *
 * The specification's rules: at least one input; the types of all inputs match, T any numeric
 * type; the ranks of all inputs match and are positive (no scalars); shapes match at every
 * position except the axis; the axis, a required attribute, is in [-R, R-1]; the output's
 * dimension on the axis is the sum of the inputs'. */
#include <string.h>

#include "frontends/frontend_common.h"
#include "frontends/frontend_openvino_common.h"
#include "base/internal.h"
#include "rules/request_layout.h"
#include "vksplit/openvino.h"

/* Input i's element type: whole bytes, static, numeric; for i > 0, input 0's. */
static vksplit_result check_type(const vksplit_ov_concat_desc* op, uint32_t i, vksplit_error* error)
{
    vksplit_ov_element_type t = op->inputs[i].element_type, t0 = op->inputs[0].element_type;
    const char* name = vksplit_ov_element_type_name(t);
    switch (vksplit__ov_check_type(t)) {
    case VKSPLIT__OV_TYPE_UNKNOWN: return VKSPLIT__FAIL(error, OV_CONCAT_ELEMENT_TYPE, i, (uint32_t)t);
    case VKSPLIT__OV_TYPE_STRING:
    case VKSPLIT__OV_TYPE_BOOLEAN: return VKSPLIT__FAIL(error, OV_CONCAT_NOT_NUMERIC, i, name);
    case VKSPLIT__OV_TYPE_SUB_BYTE: return VKSPLIT__FAIL(error, OV_CONCAT_PACKED_TYPE, i, name);
    case VKSPLIT__OV_TYPE_DYNAMIC: return VKSPLIT__FAIL(error, OV_CONCAT_DYNAMIC_TYPE, i, name);
    default: break;
    }
    if (t != t0)
        return VKSPLIT__FAIL(error, OV_CONCAT_TYPE_MISMATCH, i, name, vksplit_ov_element_type_name(t0));
    return VKSPLIT_OK;
}

/* Input i's rank, positive and within vksplit's limit, and its shape. */
static vksplit_result check_rank(const vksplit_ov_concat_input* in, uint32_t i, vksplit_error* error)
{
    if (in->rank == 0)
        return VKSPLIT__FAIL(error, OV_CONCAT_SCALAR, i);
    if (in->rank > VKSPLIT_MAX_RANK)
        return VKSPLIT__FAIL(error, OV_CONCAT_RANK_LIMIT, i, in->rank, VKSPLIT_MAX_RANK);
    if (!in->shape)
        return VKSPLIT__FAIL(error, OV_CONCAT_SHAPE_NULL, i);
    return VKSPLIT_OK;
}

static vksplit_result check_inputs(const vksplit_ov_concat_desc* op, vksplit_error* error)
{
    if (op->input_count == 0)
        return VKSPLIT__FAIL0(error, OV_CONCAT_NO_INPUTS);
    if (op->input_count > VKSPLIT_MAX_INPUTS)
        return VKSPLIT__FAIL(error, OV_CONCAT_INPUT_LIMIT, op->input_count, VKSPLIT_MAX_INPUTS);
    if (!op->inputs)
        return VKSPLIT__FAIL(error, OV_CONCAT_INPUTS_NULL, op->input_count);
    if (!op->has_axis)
        return VKSPLIT__FAIL0(error, OV_CONCAT_AXIS_REQUIRED);
    vksplit_result r = VKSPLIT_OK;
    for (uint32_t i = 0; r == VKSPLIT_OK && i < op->input_count; i++) {
        r = check_type(op, i, error);
        if (r == VKSPLIT_OK)
            r = check_rank(&op->inputs[i], i, error);
    }
    return r;
}

static vksplit_result fail_axis(const vksplit_ov_concat_input* in, uint32_t i, int64_t axis, vksplit_error* error)
{
    char shape[VKSPLIT_MESSAGE_CAPACITY];
    vksplit__format_u64s(shape, sizeof shape, in->shape, in->rank);
    return VKSPLIT__FAIL(error, OV_CONCAT_AXIS_RANGE, (long long)axis, -(long long)in->rank, (long long)in->rank - 1, i,
                         shape);
}

/* 'axis' in [-R, R-1] for R, input 0's rank; then, as OpenVINO checks each argument, the
 * normalised axis within every input's rank, and every rank R. */
static vksplit_result check_axis(const vksplit_ov_concat_desc* op, uint32_t* axis, vksplit_error* error)
{
    const vksplit_ov_concat_input* in0 = &op->inputs[0];
    if (!vksplit__ov_normalise_axis(op->axis, in0->rank, axis))
        return fail_axis(in0, 0, op->axis, error);
    for (uint32_t i = 1; i < op->input_count; i++) {
        const vksplit_ov_concat_input* in = &op->inputs[i];
        if (*axis >= in->rank)
            return fail_axis(in, i, *axis, error);
        if (in->rank != in0->rank)
            return VKSPLIT__FAIL(error, OV_CONCAT_RANK_MISMATCH, *axis, i, in->rank, in0->rank);
    }
    return VKSPLIT_OK;
}

/* The output's shape: input 0's, with the sum of the inputs' dimensions on the axis (each
 * input equal to input 0 elsewhere); its bytes fit 64 bits. */
static vksplit_result output_sizes(const vksplit_ov_concat_desc* op, uint32_t axis, uint64_t* sizes,
                                   vksplit_error* error)
{
    const vksplit_ov_concat_input* in0 = &op->inputs[0];
    uint64_t sum = 0;
    for (uint32_t i = 0; i < op->input_count; i++) {
        const uint64_t* shape = op->inputs[i].shape;
        for (uint32_t k = 0; k < in0->rank; k++)
            if (k != axis && shape[k] != in0->shape[k])
                return VKSPLIT__FAIL(error, OV_CONCAT_SHAPE_MISMATCH, axis, i, k, (unsigned long long)shape[k], k,
                                     (unsigned long long)in0->shape[k]);
        if (!vksplit__add_u64(sum, shape[axis], &sum))
            return VKSPLIT__FAIL(error, OV_CONCAT_AXIS_SUM_OVERFLOW, axis, i);
    }
    memcpy(sizes, in0->shape, in0->rank * sizeof sizes[0]);
    sizes[axis] = sum;
    uint32_t at = vksplit__packed_bytes_overflow_at(vksplit_ov_element_type_size(in0->element_type), in0->rank, sizes);
    if (at < in0->rank)
        return VKSPLIT__FAIL(error, OV_CONCAT_BYTE_COUNT_OVERFLOW, at, (unsigned long long)sizes[at]);
    return VKSPLIT_OK;
}

vksplit_result vksplit_ov_translate_concat(const vksplit_ov_concat_desc* op, vksplit_ov_concat_storage* storage,
                                           vksplit_join_desc* out, vksplit_error* error)
{
    if (!op)
        return VKSPLIT__FAIL0(error, OV_OPERATOR_NULL);
    uint32_t axis = 0;
    uint64_t sizes[VKSPLIT_MAX_RANK];
    vksplit_result r = check_inputs(op, error);
    if (r == VKSPLIT_OK)
        r = check_axis(op, &axis, error);
    if (r == VKSPLIT_OK)
        r = output_sizes(op, axis, sizes, error);
    if (r == VKSPLIT_OK)
        r = vksplit__check_storage(storage, storage ? storage->lengths : NULL, storage ? storage->lengths_capacity : 0,
                                   op->input_count, VKSPLIT__STORAGE_OV_CONCAT, out, error);
    if (r != VKSPLIT_OK)
        return r;

    for (uint32_t i = 0; i < op->input_count; i++)
        storage->lengths[i] = op->inputs[i].shape[axis];
    /* every rule was checked above, in OpenVINO's terms */
    vksplit__write_packed_join(vksplit_ov_element_type_size(op->inputs[0].element_type), op->inputs[0].rank, sizes,
                               axis, op->input_count, storage->sizes, storage->lengths, out);
    return vksplit__ok(error);
}
