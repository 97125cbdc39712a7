/* ONNX front-end: Split-1, -2, -11, -13 and -18 as their documents (onnx-split-versions.rst,
 * onnx-split-latest.md) define them; every rule with its own code and a message naming the
 * attribute or input and the values. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "vksplit/onnx.h"

static const struct {
    const char* name;
    uint32_t size;
} onnx_types[] = {
    {"undefined", 0}, {"float", 4},   {"uint8", 1},     {"int8", 1},       {"uint16", 2},     {"int16", 2},
    {"int32", 4},     {"int64", 8},   {"string", 0},    {"bool", 1},       {"float16", 2},    {"double", 8},
    {"uint32", 4},    {"uint64", 8},  {"complex64", 8}, {"complex128", 16}, {"bfloat16", 2},  {"float8e4m3fn", 1},
    {"float8e4m3fnuz", 1}, {"float8e5m2", 1}, {"float8e5m2fnuz", 1}, {"uint4", 0}, {"int4", 0}, {"float4e2m1", 0},
};
#define ONNX_TYPE_COUNT (sizeof onnx_types / sizeof onnx_types[0])

#define T(name) (1u << VKSPLIT_ONNX_##name)
#define TYPES_1 (T(FLOAT16) | T(FLOAT) | T(DOUBLE))
#define TYPES_2 (TYPES_1 | T(BOOL) | T(INT8) | T(INT16) | T(INT32) | T(INT64) | T(UINT8) | T(UINT16) | T(UINT32) | \
                 T(UINT64) | T(COMPLEX64) | T(COMPLEX128) | T(STRING))
#define TYPES_13 (TYPES_2 | T(BFLOAT16))

uint32_t vksplit_onnx_data_type_size(vksplit_onnx_data_type data_type)
{
    return (uint32_t)data_type < ONNX_TYPE_COUNT ? onnx_types[data_type].size : 0;
}

const char* vksplit_onnx_data_type_name(vksplit_onnx_data_type data_type)
{
    return (uint32_t)data_type < ONNX_TYPE_COUNT ? onnx_types[data_type].name : "unknown";
}

int64_t vksplit_onnx_split_version(int64_t model_opset)
{
    if (model_opset < 1)
        return 0;
    return model_opset >= 18 ? 18 : model_opset >= 13 ? 13 : model_opset >= 11 ? 11 : model_opset >= 2 ? 2 : 1;
}

static uint32_t opset_types(int64_t opset)
{
    switch (opset) {
    case 1: return TYPES_1;
    case 2: case 11: return TYPES_2;
    case 13: case 18: return TYPES_13;
    default: return 0;
    }
}

vksplit_bool32 vksplit_onnx_type_in_opset(int64_t opset, vksplit_onnx_data_type data_type)
{
    return (uint32_t)data_type < 32 && (opset_types(opset) & (1u << data_type)) ? 1 : 0;
}

static vksplit_result check_opset_and_type(const vksplit_onnx_split_desc* node, vksplit_error* error)
{
    int64_t v = node->opset;
    if (!opset_types(v)) {
        if (v >= 1)
            return vksplit__fail(error, VKSPLIT_ERROR_OPSET,
                                 "opset %lld is not a Split version: ONNX Split has versions 1, 2, 11, 13 and 18 "
                                 "(a model importing opset %lld uses Split-%lld)",
                                 (long long)v, (long long)v, (long long)vksplit_onnx_split_version(v));
        return vksplit__fail(error, VKSPLIT_ERROR_OPSET,
                             "opset %lld is not a Split version: ONNX Split has versions 1, 2, 11, 13 and 18",
                             (long long)v);
    }
    uint32_t t = (uint32_t)node->data_type;
    if (node->data_type == VKSPLIT_ONNX_STRING)
        return vksplit__fail(error, VKSPLIT_ERROR_DATA_TYPE,
                             "tensor(string) is not supported: vksplit copies fixed-width elements and ONNX strings "
                             "are variable-length");
    if (t >= ONNX_TYPE_COUNT || t == VKSPLIT_ONNX_UNDEFINED)
        return vksplit__fail(error, VKSPLIT_ERROR_DATA_TYPE, "data_type %u is not an ONNX tensor type", t);
    if (!vksplit_onnx_type_in_opset(v, node->data_type)) {
        const char* hint = v == 1 ? " (float16, float, double)"
                         : node->data_type == VKSPLIT_ONNX_BFLOAT16 ? " (bfloat16 came with Split-13)" : "";
        return vksplit__fail(error, VKSPLIT_ERROR_DATA_TYPE, "tensor(%s) is not in Split-%lld's type list%s",
                             onnx_types[t].name, (long long)v, hint);
    }
    return VKSPLIT_OK;
}

static vksplit_result check_shape_and_axis(const vksplit_onnx_split_desc* node, uint32_t* axis, vksplit_error* error)
{
    if (node->rank == 0)
        return vksplit__fail(error, VKSPLIT_ERROR_RANK,
                             "the input is a scalar (rank 0); Split needs a tensor of rank 1 or more");
    if (node->rank > VKSPLIT_MAX_RANK)
        return vksplit__fail(error, VKSPLIT_ERROR_RANK, "the input's rank %u is more than vksplit's limit of %u",
                             node->rank, VKSPLIT_MAX_RANK);
    if (!node->shape)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "shape is NULL");
    for (uint32_t k = 0; k < node->rank; k++)
        if (node->shape[k] < 0)
            return vksplit__fail(error, VKSPLIT_ERROR_SHAPE_MISMATCH,
                                 "shape[%u] is %lld; dimensions must be >= 0 (resolve dynamic dimensions first)", k,
                                 (long long)node->shape[k]);
    uint64_t bytes = vksplit_onnx_data_type_size(node->data_type);
    for (uint32_t k = 0; k < node->rank; k++)
        if (node->shape[k] != 0 && !vksplit__mul_u64(bytes, (uint64_t)node->shape[k], &bytes))
            return vksplit__fail(error, VKSPLIT_ERROR_SIZE_OVERFLOW,
                                 "the input's byte count overflows 64 bits at shape[%u] = %lld", k,
                                 (long long)node->shape[k]);
    int64_t rank = node->rank, a = node->axis;
    bool negative_ok = node->opset >= 11;
    if (a < 0 && !negative_ok)
        return vksplit__fail(error, VKSPLIT_ERROR_AXIS,
                             "axis %lld is negative; Split-%lld accepts [0, %lld] for a rank-%lld input (negative "
                             "axes came with Split-11)",
                             (long long)a, (long long)node->opset, (long long)(rank - 1), (long long)rank);
    if (a < -rank || a >= rank)
        return vksplit__fail(error, VKSPLIT_ERROR_AXIS, "axis %lld is out of range [%lld, %lld] for a rank-%lld input",
                             (long long)a, negative_ok ? (long long)-rank : 0LL, (long long)(rank - 1),
                             (long long)rank);
    *axis = (uint32_t)(a < 0 ? a + rank : a);
    return VKSPLIT_OK;
}

/* Where the lengths come from, after the opset's rules on which sources exist. */
typedef enum source_kind { SOURCE_EQUAL, SOURCE_ATTRIBUTE, SOURCE_INPUT, SOURCE_NUM_OUTPUTS } source_kind;

static vksplit_result choose_source(const vksplit_onnx_split_desc* node, source_kind* kind, vksplit_error* error)
{
    long long v = (long long)node->opset;
    bool attribute = node->has_split_attribute, input = node->has_split_input, num = node->has_num_outputs;
    if (attribute && v >= 13)
        return vksplit__fail(error, VKSPLIT_ERROR_ATTRIBUTE,
                             "Split-%lld has no 'split' attribute: since Split-13 'split' is the second input", v);
    if (input && (v == 2 || v == 11))
        return vksplit__fail(error, VKSPLIT_ERROR_ATTRIBUTE,
                             "Split-%lld has no 'split' input: it takes 'split' as an attribute", v);
    if (num && v != 18)
        return vksplit__fail(error, VKSPLIT_ERROR_ATTRIBUTE,
                             "Split-%lld has no 'num_outputs' attribute: it came with Split-18", v);
    if (attribute && input)
        return vksplit__fail(error, VKSPLIT_ERROR_ATTRIBUTE,
                             "both the 'split' attribute and the 'split' input were given; Split-1 takes one of them");
    if (v == 18 && input && num)
        return vksplit__fail(error, VKSPLIT_ERROR_ATTRIBUTE,
                             "both the 'split' input and the 'num_outputs' attribute were given; Split-18 takes "
                             "exactly one");
    if (v == 18 && !input && !num)
        return vksplit__fail(error, VKSPLIT_ERROR_ATTRIBUTE,
                             "neither the 'split' input nor the 'num_outputs' attribute was given; Split-18 needs "
                             "exactly one");
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
            return vksplit__fail(error, VKSPLIT_ERROR_SPLIT_LENGTH,
                                 "'split' input entry %u is %g; lengths must be whole numbers >= 0", i, d);
        value = (int64_t)d;
    }
    if (value < 0)
        return vksplit__fail(error, VKSPLIT_ERROR_SPLIT_LENGTH, "'split' %s entry %u is %lld; lengths must be >= 0",
                             what, i, (long long)value);
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
            return vksplit__fail(error, VKSPLIT_ERROR_DATA_TYPE,
                                 "the 'split' input is tensor(%s); Split-%lld takes tensor(%s)%s",
                                 vksplit_onnx_data_type_name(node->split_input_type), v,
                                 vksplit_onnx_data_type_name(want), v == 1 ? " (T, the input's own type)" : "");
    }
    if (n == 0)
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT, "the 'split' %s is empty; Split has at least 1 output",
                             what);
    if (!data)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "the 'split' %s has %u entries but its data is NULL",
                             what, n);
    if (n > VKSPLIT_MAX_OUTPUTS)
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT, "the 'split' %s has %u entries, more than vksplit's limit of %u outputs",
                             what, n, VKSPLIT_MAX_OUTPUTS);
    if (node->output_count != 0 && node->output_count != n)
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT, "the 'split' %s has %u entries but the node has %u outputs",
                             what, n, node->output_count);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t length;
        vksplit_result r = list_entry(node, kind, i, &length, error);
        if (r != VKSPLIT_OK)
            return r;
        if (!vksplit__add_u64(sum, length, &sum))
            return vksplit__fail(error, VKSPLIT_ERROR_SPLIT_SUM, "the 'split' %s overflows 64 bits at entry %u", what, i);
    }
    if (sum != dim)
        return vksplit__fail(error, VKSPLIT_ERROR_SPLIT_SUM,
                             "the 'split' %s sums to %llu but the input's dimension on axis %u is %llu", what,
                             (unsigned long long)sum, axis, (unsigned long long)dim);
    *count = n;
    return VKSPLIT_OK;
}

/* Split-18's num_outputs: chunk = ceil(dim / n) for the first n-1, dim - chunk*(n-1) last. */
static vksplit_result check_num_outputs(const vksplit_onnx_split_desc* node, uint64_t dim, uint32_t axis,
                                        uint32_t* count, uint64_t* chunk, vksplit_error* error)
{
    int64_t n = node->num_outputs;
    if (n < 1)
        return vksplit__fail(error, VKSPLIT_ERROR_ATTRIBUTE, "'num_outputs' is %lld; it must be >= 1", (long long)n);
    if (n > (int64_t)VKSPLIT_MAX_OUTPUTS)
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT, "'num_outputs' %lld is more than vksplit's limit of %u",
                             (long long)n, VKSPLIT_MAX_OUTPUTS);
    if (node->output_count != 0 && node->output_count != (uint64_t)n)
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT, "'num_outputs' is %lld but the node has %u outputs",
                             (long long)n, node->output_count);
    uint64_t c = dim / (uint64_t)n + (dim % (uint64_t)n != 0);
    uint64_t head = c * (uint64_t)(n - 1); /* < dim + n: no overflow for dim < 2^63 */
    if (head > dim)
        return vksplit__fail(error, VKSPLIT_ERROR_SPLIT_LENGTH,
                             "'num_outputs' %lld cannot split dimension %llu (axis %u): chunk ceil(%llu/%lld) = %llu "
                             "for the first %lld outputs leaves %llu - %llu = -%llu for the last",
                             (long long)n, (unsigned long long)dim, axis, (unsigned long long)dim, (long long)n,
                             (unsigned long long)c, (long long)(n - 1), (unsigned long long)dim,
                             (unsigned long long)head, (unsigned long long)(head - dim));
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
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT,
                             "output_count is 0: Split-%lld without 'split' splits equally into the node's outputs", v);
    if (n > VKSPLIT_MAX_OUTPUTS)
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT, "output_count %u is more than vksplit's limit of %u", n,
                             VKSPLIT_MAX_OUTPUTS);
    if (dim % n != 0)
        return vksplit__fail(error, VKSPLIT_ERROR_NOT_DIVISIBLE,
                             "the input's dimension %llu on axis %u is not divisible by the node's %u outputs "
                             "(Split-%lld without 'split' splits equally; %llu %% %u = %llu)",
                             (unsigned long long)dim, axis, n, v, (unsigned long long)dim, n, (unsigned long long)(dim % n));
    *count = n;
    return VKSPLIT_OK;
}

vksplit_result vksplit_onnx_translate_split(const vksplit_onnx_split_desc* node, vksplit_onnx_split_storage* storage,
                                            vksplit_split_desc* out, vksplit_error* error)
{
    if (!node)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "node is NULL");
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
    if (!storage || !storage->split)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, storage ? "storage->split is NULL" : "storage is NULL");
    if (storage->split_capacity < count)
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT, "storage->split_capacity %u is less than the %u outputs",
                             storage->split_capacity, count);
    if (!out)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "out is NULL");

    for (uint32_t k = 0; k < node->rank; k++)
        storage->sizes[k] = (uint64_t)node->shape[k];
    for (uint32_t i = 0; i < count; i++) {
        if (kind == SOURCE_ATTRIBUTE || kind == SOURCE_INPUT)
            list_entry(node, kind, i, &storage->split[i], NULL); /* checked above */
        else if (kind == SOURCE_NUM_OUTPUTS)
            storage->split[i] = i + 1 < count ? chunk : dim - chunk * (count - 1);
        else
            storage->split[i] = dim / count;
    }
    vksplit_split_desc split;
    memset(&split, 0, sizeof split);
    split.element_size = vksplit_onnx_data_type_size(node->data_type);
    split.rank = node->rank;
    split.sizes = storage->sizes;
    split.axis = axis;
    split.output_count = count;
    split.split = storage->split;
    *out = split; /* every rule was checked above, in ONNX's terms */
    return vksplit__ok(error);
}
