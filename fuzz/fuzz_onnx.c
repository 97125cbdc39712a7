/* fuzz_onnx: vksplit_onnx_translate_split on Split nodes decoded from the input
 * (fuzz_input.h), with the post-conditions of check_split.h.
 *
 * Input: opset, data_type, rank, shape, axis, output_count, flags, nulls, num_outputs, the
 * 'split' attribute (count, values), the 'split' input (type, count, encoding, values),
 * storage capacity. Flags: bit 0 has_split_attribute, 1 has_split_input, 2 has_num_outputs,
 * 3 make the lists sum to the axis dimension. nulls >= 0xf8 passes one NULL where a pointer
 * is required. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check_split.h"
#include "fuzz_input.h"
#include "vksplit/onnx.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define DIMS 12                                   /* rank decodes to 0..DIMS-1, past vksplit's 8 */
#define LIST_CAP (VKSPLIT_MAX_OUTPUTS + FZ_GUARD) /* the longest 'split' list passed */

/* The caller's memory, allocated once. */
static int64_t shape[DIMS];
static int64_t values[LIST_CAP];
static int64_t attribute[LIST_CAP];
static unsigned char input[LIST_CAP * 8];
static fz_translation call;

/* float16 bits of an integer (truncating), enough to hit whole and fractional values. */
static uint16_t half_bits(int64_t v)
{
    uint16_t sign = v < 0 ? 0x8000 : 0;
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    if (m == 0)
        return sign;
    if (m > 65504)
        return sign | 0x7c00;
    int e = 63 - __builtin_clzll(m);
    uint64_t mantissa = e >= 10 ? m >> (e - 10) : m << (10 - e);
    return (uint16_t)(sign | (uint16_t)((e + 15) << 10) | (uint16_t)(mantissa & 0x3ff));
}

/* The 'split' input in its declared type: values converted, or raw bits. */
static void encode_input(vksplit_onnx_data_type type, uint32_t count, bool raw)
{
    for (uint32_t i = 0; i < count && i < FZ_LIST_FILL; i++) {
        int64_t v = values[i];
        if (type == VKSPLIT_ONNX_FLOAT16) {
            uint16_t h = raw ? (uint16_t)v : half_bits(v);
            memcpy(input + (size_t)i * 2, &h, 2);
        } else if (type == VKSPLIT_ONNX_FLOAT) {
            float f = (float)v;
            uint32_t bits = (uint32_t)v;
            memcpy(input + (size_t)i * 4, raw ? (const void*)&bits : (const void*)&f, 4);
        } else if (type == VKSPLIT_ONNX_DOUBLE && !raw) {
            double d = (double)v;
            memcpy(input + (size_t)i * 8, &d, 8);
        } else {
            memcpy(input + (size_t)i * 8, &v, 8);
        }
    }
}

/* The axis dimension the lists should sum to, when axis and shape allow it. */
static bool axis_dim(const vksplit_onnx_split_desc* node, int64_t* dim)
{
    int64_t rank = node->rank, a = node->axis < 0 ? node->axis + rank : node->axis;
    if (a < 0 || a >= rank || a >= DIMS)
        return false;
    *dim = shape[a];
    return true;
}

static uint32_t list_count(fz_reader* r)
{
    uint64_t n = fz_count(r);
    return n < LIST_CAP ? (uint32_t)n : LIST_CAP;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const int64_t opsets[] = {1, 2, 11, 13, 18, 12, 0, -1, 19};
    fz_reader r = {data, size};
    vksplit_onnx_split_desc node;
    memset(&node, 0, sizeof node);
    uint8_t opset = fz_byte(&r);
    node.opset = opset < 9 ? opsets[opset] : opset;
    node.data_type = (vksplit_onnx_data_type)fz_u32(&r);
    node.rank = fz_byte(&r) % DIMS;
    for (uint32_t k = 0; k < DIMS; k++)
        shape[k] = k < node.rank ? fz_i64(&r) : 1;
    node.shape = shape;
    node.axis = fz_i64(&r);
    node.output_count = (uint32_t)fz_count(&r);
    uint8_t flags = fz_byte(&r), nulls = fz_byte(&r);
    int null_arg = nulls >= 0xf8 ? nulls & 7 : -1;
    node.has_split_attribute = flags & 1;
    node.has_split_input = (flags >> 1) & 1;
    node.has_num_outputs = (flags >> 2) & 1;
    node.num_outputs = (int64_t)fz_count(&r);
    int64_t dim = 0;
    bool fix = (flags & 8) && axis_dim(&node, &dim);

    node.split_attribute_count = list_count(&r);
    fz_values(&r, attribute, node.split_attribute_count);
    if (fix)
        fz_fix_sum(attribute, node.split_attribute_count, dim);
    node.split_attribute = null_arg == 5 ? NULL : attribute;

    node.split_input_type = (vksplit_onnx_data_type)fz_u32(&r);
    node.split_input_count = list_count(&r);
    bool raw = fz_byte(&r) & 1;
    fz_values(&r, values, node.split_input_count);
    if (fix)
        fz_fix_sum(values, node.split_input_count, dim);
    encode_input(node.split_input_type, node.split_input_count, raw);
    node.split_input = null_arg == 6 ? NULL : input;
    if (null_arg == 4)
        node.shape = NULL;

    /* Entries a translation could touch: no more outputs than the largest count given. */
    uint64_t most = fz_writable(node.output_count);
    most = fz_writable(node.split_attribute_count) > most ? fz_writable(node.split_attribute_count) : most;
    most = fz_writable(node.split_input_count) > most ? fz_writable(node.split_input_count) : most;
    most = fz_writable((uint64_t)node.num_outputs) > most ? fz_writable((uint64_t)node.num_outputs) : most;
    vksplit_onnx_split_storage storage;
    fz_translation_begin(&call, &r, most, &storage, sizeof storage);
    storage.lengths = null_arg == 2 ? NULL : call.lengths;
    storage.lengths_capacity = call.capacity;
    vksplit_result result = vksplit_onnx_translate_split(null_arg == 0 ? NULL : &node, null_arg == 1 ? NULL : &storage,
                                                         null_arg == 3 ? NULL : &call.out, &call.error);
    fz_translation_end(&call, result, storage.sizes, sizeof storage.sizes);
    return 0;
}
