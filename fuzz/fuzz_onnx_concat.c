/* fuzz_onnx_concat: vksplit_onnx_translate_concat on Concat nodes decoded from the input
 * (fuzz_input.h), with the post-conditions of check_concat.h.
 *
 * Input: the opset (a byte: below 9 an index into 1, 4, 11, 13, 2, 12, 0, -1, 18; the value
 * itself above), then check_concat.h's node, its element type an ONNX data type. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check_concat.h"
#include "fuzz_input.h"
#include "vksplit/onnx.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define CONCAT_1_DEFAULT_AXIS 1

/* The caller's memory, allocated once. */
static fz_concat_node decoded;
static vksplit_onnx_concat_input inputs[FZ_CONCAT_INPUTS];
static vksplit_onnx_concat_storage storage;
static vksplit_join_desc out;
static fz_translation call;

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const int64_t opsets[] = {1, 4, 11, 13, 2, 12, 0, -1, 18};
    fz_reader r = {data, size};
    uint8_t opset = fz_byte(&r);
    fz_concat_decode(&r, CONCAT_1_DEFAULT_AXIS, &decoded);
    for (uint32_t i = 0; i < decoded.filled; i++) {
        inputs[i].data_type = (vksplit_onnx_data_type)(uint32_t)decoded.types[i];
        decoded.types[i] = inputs[i].data_type; /* what the front-end sees */
        inputs[i].rank = decoded.ranks[i];
        inputs[i].shape = decoded.shape_null[i] ? NULL : (const int64_t*)decoded.shapes[i];
    }
    vksplit_onnx_concat_desc node = {opset < 9 ? opsets[opset] : opset, decoded.input_count,
                                     decoded.null_arg == 4 ? NULL : inputs, decoded.has_axis, decoded.axis};
    const fz_node_join* join = fz_concat_expect(&decoded, CONCAT_1_DEFAULT_AXIS, true);
    fz_join_begin(&call, &r, &decoded, &storage, sizeof storage, &storage.lengths, &storage.lengths_capacity, &out);
    int null_arg = decoded.null_arg;
    vksplit_result result = vksplit_onnx_translate_concat(null_arg == 0 ? NULL : &node, null_arg == 1 ? NULL : &storage,
                                                          null_arg == 3 ? NULL : &out, &call.error);
    fz_join_end(&call, result, &out, storage.sizes, sizeof storage.sizes, join);
    return 0;
}
