/* fuzz_openvino_concat: vksplit_ov_translate_concat (Concat-1) on operations decoded from the
 * input (fuzz_input.h), with the post-conditions of check_concat.h.
 *
 * Input: check_concat.h's node, its element type a value below 8 for f32, f16, i8, u8, i64,
 * bf16, f8e4m3, f64 (numeric types first), else 8 + an ov::element::Type_t in vksplit's order. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check_concat.h"
#include "fuzz_input.h"
#include "vksplit/openvino.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/* The caller's memory, allocated once. */
static fz_concat_node decoded;
static vksplit_ov_concat_input inputs[FZ_CONCAT_INPUTS];
static vksplit_ov_concat_storage storage;
static vksplit_join_desc out;
static fz_translation call;

static vksplit_ov_element_type decode_type(uint64_t v)
{
    static const vksplit_ov_element_type numeric[] = {VKSPLIT_OV_F32,    VKSPLIT_OV_F16, VKSPLIT_OV_I8,
                                                      VKSPLIT_OV_U8,     VKSPLIT_OV_I64, VKSPLIT_OV_BF16,
                                                      VKSPLIT_OV_F8E4M3, VKSPLIT_OV_F64};
    return v < 8 ? numeric[v] : (vksplit_ov_element_type)(uint32_t)(v - 8);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz_reader r = {data, size};
    fz_concat_decode(&r, 0, &decoded); /* no default: an absent 'axis' is refused */
    for (uint32_t i = 0; i < decoded.filled; i++) {
        inputs[i].element_type = decode_type(decoded.types[i]);
        decoded.types[i] = inputs[i].element_type; /* what the front-end sees */
        inputs[i].rank = decoded.ranks[i];
        inputs[i].shape = decoded.shape_null[i] ? NULL : decoded.shapes[i];
    }
    vksplit_ov_concat_desc op = {decoded.input_count, decoded.null_arg == 4 ? NULL : inputs, decoded.has_axis,
                                 decoded.axis};
    const fz_node_join* join = decoded.has_axis ? fz_concat_expect(&decoded, 0, false) : NULL;
    fz_join_begin(&call, &r, &decoded, &storage, sizeof storage, &storage.lengths, &storage.lengths_capacity, &out);
    int null_arg = decoded.null_arg;
    vksplit_result result = vksplit_ov_translate_concat(null_arg == 0 ? NULL : &op, null_arg == 1 ? NULL : &storage,
                                                        null_arg == 3 ? NULL : &out, &call.error);
    fz_join_end(&call, result, &out, storage.sizes, sizeof storage.sizes, join);
    return 0;
}
