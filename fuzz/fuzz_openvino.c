/* fuzz_openvino: vksplit_ov_translate_split (Split-1) and
 * vksplit_ov_translate_variadic_split (VariadicSplit-1) on ops decoded from the input
 * (fuzz_input.h), with the post-conditions of check_split.h.
 *
 * Input: op (bit 0: VariadicSplit), element_type, rank, shape, the axis constant,
 * num_splits, the split_lengths constant, flags (bit 0: make split_lengths sum to the axis
 * dimension), nulls (>= 0xf8 passes one NULL where a pointer is required), storage
 * capacity. A constant: element type, rank, length, misalignment 0..7, values. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check_split.h"
#include "fuzz_input.h"
#include "vksplit/openvino.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define DIMS 12
#define LIST_CAP (VKSPLIT_MAX_OUTPUTS + FZ_GUARD)
#define AXIS_CAP 16

/* The caller's memory, allocated once; constants sit at any alignment inside. */
static uint64_t shape[DIMS];
static int64_t values[LIST_CAP];
static unsigned char axis_bytes[AXIS_CAP * 8 + 8];
static unsigned char length_bytes[LIST_CAP * 8 + 8];
static fz_translation call;

/* Integer types first: a constant's type is one byte, usually a valid one. */
static vksplit_ov_element_type decode_type(fz_reader* r)
{
    static const vksplit_ov_element_type integers[] = {VKSPLIT_OV_I64, VKSPLIT_OV_I32, VKSPLIT_OV_I16, VKSPLIT_OV_I8,
                                                       VKSPLIT_OV_U64, VKSPLIT_OV_U32, VKSPLIT_OV_U16, VKSPLIT_OV_U8};
    uint8_t b = fz_byte(r);
    return b < 8 ? integers[b] : (vksplit_ov_element_type)(b - 8);
}

/* A constant of up to cap elements at bytes + misalignment, little-endian truncated. The
 * values stay in `values` for fixing up before encode_constant. */
static void decode_constant(fz_reader* r, vksplit_ov_constant* c, unsigned char* bytes, size_t cap, size_t* count)
{
    c->element_type = decode_type(r);
    c->rank = fz_byte(r) % 4;
    uint64_t length = fz_count(r);
    c->length = length < cap ? length : cap;
    c->data = bytes + fz_byte(r) % 8;
    *count = c->rank == 0 ? 1 : (size_t)c->length;
    if (*count > cap)
        *count = cap;
    fz_values(r, values, *count);
}

static void encode_constant(const vksplit_ov_constant* c, size_t count)
{
    uint32_t size = vksplit_ov_element_type_size(c->element_type);
    size = size >= 1 && size <= 8 ? size : 8;
    unsigned char* at = (unsigned char*)(uintptr_t)c->data;
    for (size_t i = 0; i < count && i < FZ_LIST_FILL; i++)
        for (uint32_t b = 0; b < size; b++)
            at[i * size + b] = (unsigned char)((uint64_t)values[i] >> (8 * b));
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fz_reader r = {data, size};
    bool variadic = fz_byte(&r) & 1;
    vksplit_ov_element_type type = (vksplit_ov_element_type)fz_u32(&r);
    uint32_t rank = fz_byte(&r) % DIMS;
    for (uint32_t k = 0; k < DIMS; k++)
        shape[k] = k < rank ? fz_u64(&r) : 1;
    vksplit_ov_constant axis, lengths;
    size_t axis_count, length_count;
    decode_constant(&r, &axis, axis_bytes, AXIS_CAP, &axis_count);
    int64_t axis_value = axis_count ? values[0] : 0;
    encode_constant(&axis, axis_count);
    uint64_t num_splits = fz_count(&r);
    decode_constant(&r, &lengths, length_bytes, LIST_CAP, &length_count);
    uint8_t flags = fz_byte(&r), nulls = fz_byte(&r);
    int null_arg = nulls >= 0xf8 ? nulls & 7 : -1;
    int64_t a = axis_value < 0 ? axis_value + (int64_t)rank : axis_value;
    if ((flags & 1) && a >= 0 && a < (int64_t)rank && shape[a] <= (uint64_t)INT64_MAX)
        fz_fix_sum(values, length_count, (int64_t)shape[a]);
    encode_constant(&lengths, length_count);
    if (null_arg == 4)
        axis.data = NULL;
    if (null_arg == 5)
        lengths.data = NULL;

    /* Entries a translation could touch: no more outputs than the largest count given. */
    uint64_t most =
        fz_writable(num_splits) > fz_writable(lengths.length) ? fz_writable(num_splits) : fz_writable(lengths.length);
    vksplit_ov_split_storage storage;
    fz_translation_begin(&call, &r, most, &storage, sizeof storage);
    storage.lengths = null_arg == 2 ? NULL : call.lengths;
    storage.lengths_capacity = call.capacity;
    vksplit_result result;
    vksplit_ov_split_storage* s = null_arg == 1 ? NULL : &storage;
    vksplit_split_desc* o = null_arg == 3 ? NULL : &call.out;
    const uint64_t* dims = null_arg == 6 ? NULL : shape;
    if (variadic) {
        vksplit_ov_variadic_split_desc op = {type, rank, dims, axis, lengths};
        result = vksplit_ov_translate_variadic_split(null_arg == 0 ? NULL : &op, s, o, &call.error);
    } else {
        vksplit_ov_split_desc op = {type, rank, dims, axis, num_splits};
        result = vksplit_ov_translate_split(null_arg == 0 ? NULL : &op, s, o, &call.error);
    }
    fz_translation_end(&call, result, storage.sizes, sizeof storage.sizes);
    return 0;
}
