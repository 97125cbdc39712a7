/* ONNX front-end: Split-1, -2, -11, -13 and -18 as ONNX's operator documentation defines
 * them ("Split", every version: https://onnx.ai/onnx/operators/onnx__Split.html, from
 * https://github.com/onnx/onnx/blob/main/docs/Operators.md#Split and
 * https://github.com/onnx/onnx/blob/main/docs/Changelog.md); every rule with its own code and
 * a message naming the attribute or input and the values. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "frontends/frontend_common.h"
#include "frontends/frontend_onnx_common.h"
#include "base/internal.h"
#include "vksplit/onnx.h"

static const vksplit__onnx_version split_versions[] = {
    {1, VKSPLIT_ONNX_TYPES_FLOATS},    {2, VKSPLIT_ONNX_TYPES_ANY},       {11, VKSPLIT_ONNX_TYPES_ANY},
    {13, VKSPLIT_ONNX_TYPES_ANY_BF16}, {18, VKSPLIT_ONNX_TYPES_ANY_BF16},
};
#define SPLIT_VERSIONS (sizeof split_versions / sizeof split_versions[0])

int64_t vksplit_onnx_split_version(int64_t model_opset)
{
    return vksplit__onnx_version_in_effect(split_versions, SPLIT_VERSIONS, model_opset);
}

vksplit_bool32 vksplit_onnx_type_in_opset(int64_t opset, vksplit_onnx_data_type data_type)
{
    return vksplit__onnx_type_listed(vksplit__onnx_version_types(split_versions, SPLIT_VERSIONS, opset), data_type);
}

static vksplit_result check_opset_and_type(const vksplit_onnx_split_desc* node, vksplit_error* error)
{
    int64_t v = node->opset;
    uint32_t types = vksplit__onnx_version_types(split_versions, SPLIT_VERSIONS, v);
    if (!types) {
        if (v >= 1)
            return VKSPLIT__FAIL(error, ONNX_OPSET_IMPORT, (long long)v, (long long)v,
                                 (long long)vksplit_onnx_split_version(v));
        return VKSPLIT__FAIL(error, ONNX_OPSET, (long long)v);
    }
    switch (vksplit__onnx_check_type(types, node->data_type)) {
    case VKSPLIT__ONNX_TYPE_STRING: return VKSPLIT__FAIL0(error, ONNX_STRING_TYPE);
    case VKSPLIT__ONNX_TYPE_UNKNOWN: return VKSPLIT__FAIL(error, ONNX_DATA_TYPE, (uint32_t)node->data_type);
    case VKSPLIT__ONNX_TYPE_NOT_LISTED: {
        const char* hint = v == 1                                     ? " (float16, float, double)"
                           : node->data_type == VKSPLIT_ONNX_BFLOAT16 ? " (bfloat16 came with Split-13)"
                                                                      : "";
        return VKSPLIT__FAIL(error, ONNX_DATA_TYPE_VERSION, vksplit_onnx_data_type_name(node->data_type), (long long)v,
                             hint);
    }
    default: return VKSPLIT_OK;
    }
}

static vksplit_result check_shape_and_axis(const vksplit_onnx_split_desc* node, uint32_t* axis, vksplit_error* error)
{
    if (node->rank == 0)
        return VKSPLIT__FAIL0(error, ONNX_SCALAR);
    if (node->rank > VKSPLIT_MAX_RANK)
        return VKSPLIT__FAIL(error, ONNX_RANK_LIMIT, node->rank, VKSPLIT_MAX_RANK);
    if (!node->shape)
        return VKSPLIT__FAIL0(error, ONNX_SHAPE_NULL);
    uint64_t sizes[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < node->rank; k++) {
        if (node->shape[k] < 0)
            return VKSPLIT__FAIL(error, ONNX_SHAPE_NEGATIVE, k, (long long)node->shape[k]);
        sizes[k] = (uint64_t)node->shape[k];
    }
    uint32_t at = vksplit__packed_bytes_overflow_at(vksplit_onnx_data_type_size(node->data_type), node->rank, sizes);
    if (at < node->rank)
        return VKSPLIT__FAIL(error, ONNX_BYTE_COUNT_OVERFLOW, at, (long long)node->shape[at]);
    int64_t rank = node->rank, a = node->axis;
    if (!vksplit__onnx_normalise_axis(a, node->rank, axis))
        return VKSPLIT__FAIL(error, ONNX_AXIS, (long long)a, (long long)-rank, (long long)(rank - 1), (long long)rank);
    return VKSPLIT_OK;
}

/* Where the lengths come from, after the opset's rules on which sources exist. */
typedef enum source_kind { SOURCE_EQUAL, SOURCE_ATTRIBUTE, SOURCE_INPUT, SOURCE_NUM_OUTPUTS } source_kind;

static vksplit_result choose_source(const vksplit_onnx_split_desc* node, source_kind* kind, vksplit_error* error)
{
    long long v = (long long)node->opset;
    bool attribute = node->has_split_attribute, input = node->has_split_input, num = node->has_num_outputs;
    if (attribute && v >= 13)
        return VKSPLIT__FAIL(error, ONNX_SPLIT_ATTRIBUTE_SINCE_13, v);
    if (input && (v == 2 || v == 11))
        return VKSPLIT__FAIL(error, ONNX_SPLIT_INPUT_BEFORE_13, v);
    if (num && v != 18)
        return VKSPLIT__FAIL(error, ONNX_NUM_OUTPUTS_BEFORE_18, v);
    if (attribute && input)
        return VKSPLIT__FAIL0(error, ONNX_SPLIT_TWICE);
    if (v == 18 && input && num)
        return VKSPLIT__FAIL0(error, ONNX_SPLIT_AND_NUM_OUTPUTS);
    if (v == 18 && !input && !num)
        return VKSPLIT__FAIL0(error, ONNX_NO_SPLIT_NOR_NUM_OUTPUTS);
    *kind = attribute ? SOURCE_ATTRIBUTE : input ? SOURCE_INPUT : num ? SOURCE_NUM_OUTPUTS : SOURCE_EQUAL;
    return VKSPLIT_OK;
}

/* A float16 bit pattern as a double (exact). */
static double half_to_double(uint16_t h)
{
    uint32_t exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
    double v;
    int e;
    if (exponent == 0x1f)
        v = mantissa ? NAN : INFINITY, e = 0;
    else if (exponent == 0)
        v = mantissa, e = -24;
    else
        v = 1024 + mantissa, e = (int)exponent - 25;
    for (; e > 0; e--)
        v *= 2;
    for (; e < 0; e++)
        v /= 2;
    return (h & 0x8000u) ? -v : v;
}

/* Entry i of the 'split' list as a length, or an error naming the entry. */
static vksplit_result list_entry(const vksplit_onnx_split_desc* node, source_kind kind, uint32_t i, uint64_t* length,
                                 vksplit_error* error)
{
    const char* what = kind == SOURCE_ATTRIBUTE ? "attribute" : "input";
    int64_t value;
    if (kind == SOURCE_ATTRIBUTE) {
        value = node->split_attribute[i];
    } else if (node->split_input_type == VKSPLIT_ONNX_INT64) {
        /* A tensor's raw data need not be 8-byte aligned. */
        memcpy(&value, (const unsigned char*)node->split_input + (size_t)i * 8, sizeof value);
    } else {
        /* Split-1's input of type T: a whole number stored as a float. */
        const unsigned char* bytes = (const unsigned char*)node->split_input;
        double d;
        if (node->split_input_type == VKSPLIT_ONNX_FLOAT16) {
            uint16_t h;
            memcpy(&h, bytes + (size_t)i * 2, 2);
            d = half_to_double(h);
        } else if (node->split_input_type == VKSPLIT_ONNX_FLOAT) {
            float f;
            memcpy(&f, bytes + (size_t)i * 4, 4);
            d = f;
        } else {
            memcpy(&d, bytes + (size_t)i * 8, 8);
        }
        if (!(d >= 0 && d < 9223372036854775808.0) || (double)(int64_t)d != d)
            return VKSPLIT__FAIL(error, ONNX_SPLIT_NOT_WHOLE, i, d);
        value = (int64_t)d;
    }
    if (value < 0)
        return VKSPLIT__FAIL(error, ONNX_SPLIT_NEGATIVE, what, i, (long long)value);
    *length = (uint64_t)value;
    return VKSPLIT_OK;
}

static vksplit_result check_list(const vksplit_onnx_split_desc* node, source_kind kind, uint64_t dim, uint32_t axis,
                                 uint32_t* count, vksplit_error* error)
{
    long long v = (long long)node->opset;
    const char* what = kind == SOURCE_ATTRIBUTE ? "attribute" : "input";
    uint32_t n = kind == SOURCE_ATTRIBUTE ? node->split_attribute_count : node->split_input_count;
    const void* data = kind == SOURCE_ATTRIBUTE ? (const void*)node->split_attribute : node->split_input;
    if (kind == SOURCE_INPUT) {
        vksplit_onnx_data_type want = v == 1 ? node->data_type : VKSPLIT_ONNX_INT64;
        if (node->split_input_type != want)
            return VKSPLIT__FAIL(error, ONNX_SPLIT_INPUT_TYPE, vksplit_onnx_data_type_name(node->split_input_type), v,
                                 vksplit_onnx_data_type_name(want), v == 1 ? " (T, the input's own type)" : "");
    }
    if (n == 0)
        return VKSPLIT__FAIL(error, ONNX_SPLIT_EMPTY, what);
    if (!data)
        return VKSPLIT__FAIL(error, ONNX_SPLIT_DATA_NULL, what, n);
    if (n > VKSPLIT_MAX_OUTPUTS)
        return VKSPLIT__FAIL(error, ONNX_SPLIT_OUTPUT_LIMIT, what, n, VKSPLIT_MAX_OUTPUTS);
    if (node->output_count != 0 && node->output_count != n)
        return VKSPLIT__FAIL(error, ONNX_SPLIT_OUTPUT_MISMATCH, what, n, node->output_count);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t length;
        vksplit_result r = list_entry(node, kind, i, &length, error);
        if (r != VKSPLIT_OK)
            return r;
        if (!vksplit__add_u64(sum, length, &sum))
            return VKSPLIT__FAIL(error, ONNX_SPLIT_SUM_OVERFLOW, what, i);
    }
    if (sum != dim)
        return VKSPLIT__FAIL(error, ONNX_SPLIT_SUM, what, (unsigned long long)sum, axis, (unsigned long long)dim);
    *count = n;
    return VKSPLIT_OK;
}

/* Split-18's num_outputs: chunk = ceil(dim / n) for the first n-1, dim - chunk*(n-1) last. */
static vksplit_result check_num_outputs(const vksplit_onnx_split_desc* node, uint64_t dim, uint32_t axis,
                                        uint32_t* count, uint64_t* chunk, vksplit_error* error)
{
    int64_t n = node->num_outputs;
    if (n < 1)
        return VKSPLIT__FAIL(error, ONNX_NUM_OUTPUTS_BELOW_ONE, (long long)n);
    if (n > (int64_t)VKSPLIT_MAX_OUTPUTS)
        return VKSPLIT__FAIL(error, ONNX_NUM_OUTPUTS_LIMIT, (long long)n, VKSPLIT_MAX_OUTPUTS);
    if (node->output_count != 0 && node->output_count != (uint64_t)n)
        return VKSPLIT__FAIL(error, ONNX_NUM_OUTPUTS_MISMATCH, (long long)n, node->output_count);
    uint64_t c = dim / (uint64_t)n + (dim % (uint64_t)n != 0);
    uint64_t head = c * (uint64_t)(n - 1); /* < dim + n: no overflow for dim < 2^63 */
    if (head > dim)
        return VKSPLIT__FAIL(error, ONNX_NUM_OUTPUTS_TOO_MANY, (long long)n, (unsigned long long)dim, axis,
                             (unsigned long long)dim, (long long)n, (unsigned long long)c, (long long)(n - 1),
                             (unsigned long long)dim, (unsigned long long)head, (unsigned long long)(head - dim));
    *count = (uint32_t)n;
    *chunk = c;
    return VKSPLIT_OK;
}

static vksplit_result check_equal(const vksplit_onnx_split_desc* node, uint64_t dim, uint32_t axis, uint32_t* count,
                                  vksplit_error* error)
{
    long long v = (long long)node->opset;
    uint32_t n = node->output_count;
    if (n == 0)
        return VKSPLIT__FAIL(error, ONNX_OUTPUT_COUNT_ZERO, v);
    if (n > VKSPLIT_MAX_OUTPUTS)
        return VKSPLIT__FAIL(error, ONNX_OUTPUT_COUNT_LIMIT, n, VKSPLIT_MAX_OUTPUTS);
    if (dim % n != 0)
        return VKSPLIT__FAIL(error, ONNX_NOT_DIVISIBLE, (unsigned long long)dim, axis, n, v, (unsigned long long)dim, n,
                             (unsigned long long)(dim % n));
    *count = n;
    return VKSPLIT_OK;
}

vksplit_result vksplit_onnx_translate_split(const vksplit_onnx_split_desc* node, vksplit_onnx_split_storage* storage,
                                            vksplit_split_desc* out, vksplit_error* error)
{
    if (!node)
        return VKSPLIT__FAIL0(error, ONNX_NODE_NULL);
    uint32_t axis = 0, count = 0;
    uint64_t chunk = 0;
    source_kind kind = SOURCE_EQUAL;
    vksplit_result r = check_opset_and_type(node, error);
    if (r == VKSPLIT_OK)
        r = check_shape_and_axis(node, &axis, error);
    if (r == VKSPLIT_OK)
        r = choose_source(node, &kind, error);
    if (r != VKSPLIT_OK)
        return r;
    uint64_t dim = (uint64_t)node->shape[axis];
    if (kind == SOURCE_ATTRIBUTE || kind == SOURCE_INPUT)
        r = check_list(node, kind, dim, axis, &count, error);
    else if (kind == SOURCE_NUM_OUTPUTS)
        r = check_num_outputs(node, dim, axis, &count, &chunk, error);
    else
        r = check_equal(node, dim, axis, &count, error);
    if (r != VKSPLIT_OK)
        return r;
    r = vksplit__check_storage(storage, storage ? storage->lengths : NULL, storage ? storage->lengths_capacity : 0,
                               count, VKSPLIT__STORAGE_ONNX_SPLIT, out, error);
    if (r != VKSPLIT_OK)
        return r;

    for (uint32_t k = 0; k < node->rank; k++)
        storage->sizes[k] = (uint64_t)node->shape[k];
    for (uint32_t i = 0; i < count; i++) {
        if (kind == SOURCE_ATTRIBUTE || kind == SOURCE_INPUT)
            list_entry(node, kind, i, &storage->lengths[i], NULL); /* checked above */
        else if (kind == SOURCE_NUM_OUTPUTS)
            storage->lengths[i] = i + 1 < count ? chunk : dim - chunk * (count - 1);
        else
            storage->lengths[i] = dim / count;
    }
    vksplit_split_desc split;
    memset(&split, 0, sizeof split);
    split.element_size = vksplit_onnx_data_type_size(node->data_type);
    split.rank = node->rank;
    split.sizes = storage->sizes;
    split.axis = axis;
    split.output_count = count;
    split.lengths = storage->lengths;
    *out = split; /* every rule was checked above, in ONNX's terms */
    return vksplit__ok(error);
}
