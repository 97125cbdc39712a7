/* ONNX front-end: Concat-1, -4, -11 and -13 as ONNX's operator documentation defines them
 * ("Concat", every version: https://onnx.ai/onnx/operators/onnx__Concat.html, from
 * https://github.com/onnx/onnx/blob/main/docs/Operators.md#Concat and
 * https://github.com/onnx/onnx/blob/main/docs/Changelog.md), translated into the canonical
 * vksplit_join_desc; every rule with its own code and a message naming the attribute or input
 * and the values, in the words of ONNX's shape inference where it has them.
 *
 * What the documents leave to ONNX's shape inference (onnx/defs/tensor/defs.cc), followed
 * here: every input has the rank of input 0 ("All inputs to Concat must have same rank"), and
 * an input may be empty along the axis (dimensions >= 0; the output's dimension is their sum,
 * as numpy.concatenate's, which the reference implementation calls). */
#include "frontends/frontend_common.h"
#include "frontends/frontend_onnx_common.h"
#include "base/internal.h"
#include "vksplit/onnx.h"

static const vksplit__onnx_version concat_versions[] = {
    {1, VKSPLIT_ONNX_TYPES_FLOATS},
    {4, VKSPLIT_ONNX_TYPES_ANY},
    {11, VKSPLIT_ONNX_TYPES_ANY},
    {13, VKSPLIT_ONNX_TYPES_ANY_BF16},
};
#define CONCAT_VERSIONS (sizeof concat_versions / sizeof concat_versions[0])

/* Concat-1's 'axis', when the node does not give it. */
#define CONCAT_1_DEFAULT_AXIS 1

int64_t vksplit_onnx_concat_version(int64_t model_opset)
{
    return vksplit__onnx_version_in_effect(concat_versions, CONCAT_VERSIONS, model_opset);
}

vksplit_bool32 vksplit_onnx_concat_type_in_opset(int64_t opset, vksplit_onnx_data_type data_type)
{
    return vksplit__onnx_type_listed(vksplit__onnx_version_types(concat_versions, CONCAT_VERSIONS, opset), data_type);
}

/* The version, and 'axis' where the version requires it (from Concat-4). */
static vksplit_result check_opset(const vksplit_onnx_concat_desc* node, vksplit_error* error)
{
    long long v = (long long)node->opset;
    if (!vksplit__onnx_version_types(concat_versions, CONCAT_VERSIONS, node->opset)) {
        if (v >= 1)
            return VKSPLIT__FAIL(error, ONNX_CONCAT_OPSET_IMPORT, v, v,
                                 (long long)vksplit_onnx_concat_version(node->opset));
        return VKSPLIT__FAIL(error, ONNX_CONCAT_OPSET, v);
    }
    if (!node->has_axis && node->opset >= 4)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_AXIS_REQUIRED, v);
    return VKSPLIT_OK;
}

/* Input i's type: one ONNX has, the type of input 0 (T), and in the version's list. */
static vksplit_result check_type(const vksplit_onnx_concat_desc* node, uint32_t i, vksplit_error* error)
{
    vksplit_onnx_data_type t = node->inputs[i].data_type, t0 = node->inputs[0].data_type;
    uint32_t types = vksplit__onnx_version_types(concat_versions, CONCAT_VERSIONS, node->opset);
    vksplit__onnx_type_check check = vksplit__onnx_check_type(types, t);
    if (check == VKSPLIT__ONNX_TYPE_UNKNOWN)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_DATA_TYPE, i, (uint32_t)t);
    if (i > 0 && t != t0)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_TYPE_MISMATCH, i, vksplit_onnx_data_type_name(t),
                             vksplit_onnx_data_type_name(t0));
    if (check == VKSPLIT__ONNX_TYPE_STRING)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_STRING_TYPE, i);
    if (check == VKSPLIT__ONNX_TYPE_NOT_LISTED) {
        const char* hint = node->opset == 1             ? " (float16, float, double)"
                           : t == VKSPLIT_ONNX_BFLOAT16 ? " (bfloat16 came with Concat-13)"
                                                        : "";
        return VKSPLIT__FAIL(error, ONNX_CONCAT_DATA_TYPE_VERSION, i, vksplit_onnx_data_type_name(t),
                             (long long)node->opset, hint);
    }
    return VKSPLIT_OK;
}

/* Input i's rank (that of input 0, 1..VKSPLIT_MAX_RANK) and shape (given, dimensions >= 0). */
static vksplit_result check_shape(const vksplit_onnx_concat_desc* node, uint32_t i, vksplit_error* error)
{
    const vksplit_onnx_concat_input* in = &node->inputs[i];
    uint32_t rank0 = node->inputs[0].rank;
    if (in->rank == 0)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_SCALAR, i);
    if (in->rank != rank0)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_RANK_MISMATCH, i, in->rank, rank0);
    if (in->rank > VKSPLIT_MAX_RANK)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_RANK_LIMIT, in->rank, VKSPLIT_MAX_RANK);
    if (!in->shape)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_SHAPE_NULL, i);
    for (uint32_t k = 0; k < in->rank; k++)
        if (in->shape[k] < 0)
            return VKSPLIT__FAIL(error, ONNX_CONCAT_SHAPE_NEGATIVE, i, k, (long long)in->shape[k]);
    return VKSPLIT_OK;
}

static vksplit_result check_inputs(const vksplit_onnx_concat_desc* node, vksplit_error* error)
{
    if (node->input_count == 0)
        return VKSPLIT__FAIL0(error, ONNX_CONCAT_NO_INPUTS);
    if (node->input_count > VKSPLIT_MAX_INPUTS)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_INPUT_LIMIT, node->input_count, VKSPLIT_MAX_INPUTS);
    if (!node->inputs)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_INPUTS_NULL, node->input_count);
    vksplit_result r = VKSPLIT_OK;
    for (uint32_t i = 0; r == VKSPLIT_OK && i < node->input_count; i++) {
        r = check_type(node, i, error);
        if (r == VKSPLIT_OK)
            r = check_shape(node, i, error);
    }
    return r;
}

/* 'axis' (Concat-1's default 1 where not given), in [-r, r-1] at every version
 * (vksplit__onnx_normalise_axis says why before Concat-11). */
static vksplit_result check_axis(const vksplit_onnx_concat_desc* node, uint32_t* axis, vksplit_error* error)
{
    uint32_t rank = node->inputs[0].rank;
    int64_t a = node->has_axis ? node->axis : CONCAT_1_DEFAULT_AXIS, r = rank;
    if (!vksplit__onnx_normalise_axis(a, rank, axis))
        return VKSPLIT__FAIL(error, ONNX_CONCAT_AXIS, (long long)a, node->has_axis ? "" : " (Concat-1's default)",
                             (long long)-r, (long long)(r - 1), rank);
    return VKSPLIT_OK;
}

/* The output's shape: input 0's, with the sum of the inputs' dimensions on the axis (each
 * input equal to input 0 off it); its bytes fit 64 bits. */
static vksplit_result output_sizes(const vksplit_onnx_concat_desc* node, uint32_t axis, uint64_t* sizes,
                                   vksplit_error* error)
{
    const vksplit_onnx_concat_input* in0 = &node->inputs[0];
    uint64_t sum = 0;
    for (uint32_t i = 0; i < node->input_count; i++) {
        const int64_t* shape = node->inputs[i].shape;
        for (uint32_t k = 0; k < in0->rank; k++)
            if (k != axis && shape[k] != in0->shape[k])
                return VKSPLIT__FAIL(error, ONNX_CONCAT_SHAPE_MISMATCH, i, k, (long long)shape[k], k,
                                     (long long)in0->shape[k], axis);
        sum += (uint64_t)shape[axis]; /* each < 2^63, and the sum so far too: no wrap */
        if (sum > (uint64_t)INT64_MAX)
            return VKSPLIT__FAIL(error, ONNX_CONCAT_AXIS_SUM_OVERFLOW, axis, i);
    }
    for (uint32_t k = 0; k < in0->rank; k++)
        sizes[k] = k == axis ? sum : (uint64_t)in0->shape[k];
    uint32_t at = vksplit__packed_bytes_overflow_at(vksplit_onnx_data_type_size(in0->data_type), in0->rank, sizes);
    if (at < in0->rank)
        return VKSPLIT__FAIL(error, ONNX_CONCAT_BYTE_COUNT_OVERFLOW, at, (unsigned long long)sizes[at]);
    return VKSPLIT_OK;
}

vksplit_result vksplit_onnx_translate_concat(const vksplit_onnx_concat_desc* node, vksplit_onnx_concat_storage* storage,
                                             vksplit_join_desc* out, vksplit_error* error)
{
    if (!node)
        return VKSPLIT__FAIL0(error, ONNX_NODE_NULL);
    uint32_t axis = 0;
    uint64_t sizes[VKSPLIT_MAX_RANK];
    vksplit_result r = check_opset(node, error);
    if (r == VKSPLIT_OK)
        r = check_inputs(node, error);
    if (r == VKSPLIT_OK)
        r = check_axis(node, &axis, error);
    if (r == VKSPLIT_OK)
        r = output_sizes(node, axis, sizes, error);
    if (r == VKSPLIT_OK)
        r = vksplit__check_storage(storage, storage ? storage->lengths : NULL, storage ? storage->lengths_capacity : 0,
                                   node->input_count, VKSPLIT__STORAGE_ONNX_CONCAT, out, error);
    if (r != VKSPLIT_OK)
        return r;

    for (uint32_t i = 0; i < node->input_count; i++)
        storage->lengths[i] = (uint64_t)node->inputs[i].shape[axis];
    /* every rule was checked above, in ONNX's terms */
    vksplit__write_packed_join(vksplit_onnx_data_type_size(node->inputs[0].data_type), node->inputs[0].rank, sizes,
                               axis, node->input_count, storage->sizes, storage->lengths, out);
    return vksplit__ok(error);
}
