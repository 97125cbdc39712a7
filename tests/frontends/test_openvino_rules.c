/* OpenVINO front-end: Split-1 and VariadicSplit-1, one row per rule (valid and invalid),
 * asserting the rule (by id), its code, the lengths and, for failures, untouched storage and
 * *out. The spec's example shape (6,12,10,24) axis 1 num_splits 3 -> three (6,4,10,24). No device. */
#if defined(__GNUC__) || defined(__clang__)
#endif
#include "frontend_support.h"
#include "vksplit/openvino.h"

#define OK VKSPLIT_RULE_NONE
#define SENTINEL 0x5a5a5a5a5a5a5a5aull

typedef struct ov_case {
    const char* name;
    int variadic;
    vksplit_ov_element_type type; /* 0: f32 */
    uint32_t rank;
    uint64_t shape[9];
    vksplit_ov_element_type axis_type; /* 0: i64 */
    uint32_t axis_rank;
    uint64_t axis_length;
    int64_t axis; /* stored in axis_type */
    uint64_t num_splits;
    vksplit_ov_element_type lengths_type; /* 0: i64 */
    uint32_t lengths_rank;                /* variadic: 1 unless lengths_rank_set */
    int lengths_rank_set;
    uint32_t count;
    int64_t lengths[8];
    vksplit_rule rule; /* VKSPLIT_RULE_NONE: accepted */
    uint32_t want_axis;
    uint64_t want[8];
    const char* shows; /* values the message must show (the rule is told by id) */
} ov_case;

/* Short forms for a row's groups of fields, with no braces of their own (as DIMS). */
#define AXIS(v) .axis = (v)
#define AXIS_AS(type, v) .axis_type = (type), .axis = (v)
#define AXIS_1D(length, v) .axis_rank = 1, .axis_length = (length), .axis = (v)
#define NUM_SPLITS(n) .num_splits = (n)
#define LENGTHS(n, ...) .count = (n), .lengths = {__VA_ARGS__}
#define LENGTHS_AS(type, n, ...) .lengths_type = (type), LENGTHS(n, __VA_ARGS__)
#define LENGTHS_RANKED(rank, n, ...) .lengths_rank = (rank), .lengths_rank_set = 1, LENGTHS(n, __VA_ARGS__)
#define GIVES(axis, ...) .rule = OK, .want_axis = (axis), .want = {__VA_ARGS__}
#define REFUSED(id, message) .rule = (id), .shows = (message)

#define E4 DIMS(6, 12, 10, 24)
static const ov_case cases[] = {
    /* Split-1 */
    {"example", 0, 0, 4, E4, AXIS(1), NUM_SPLITS(3), GIVES(1, 4, 4, 4)},
    {"negative axis", 0, 0, 4, E4, AXIS(-3), NUM_SPLITS(3), GIVES(1, 4, 4, 4)},
    {"axis -4", 0, 0, 4, E4, AXIS(-4), NUM_SPLITS(2), GIVES(0, 3, 3)},
    {"num_splits 1", 0, 0, 4, E4, AXIS(3), NUM_SPLITS(1), GIVES(3, 24)},
    {"num_splits == dim", 0, 0, 1, DIMS(3), AXIS(0), NUM_SPLITS(3), GIVES(0, 1, 1, 1)},
    {"axis i8", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_I8, 1), NUM_SPLITS(3), GIVES(1, 4, 4, 4)},
    {"axis i16", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_I16, -1), NUM_SPLITS(3), GIVES(3, 8, 8, 8)},
    {"axis i32", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_I32, 2), NUM_SPLITS(5), GIVES(2, 2, 2, 2, 2, 2)},
    {"axis u8", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_U8, 1), NUM_SPLITS(3), GIVES(1, 4, 4, 4)},
    {"axis u16", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_U16, 1), NUM_SPLITS(3), GIVES(1, 4, 4, 4)},
    {"axis u32", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_U32, 0), NUM_SPLITS(6), GIVES(0, 1, 1, 1, 1, 1, 1)},
    {"axis u64", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_U64, 1), NUM_SPLITS(3), GIVES(1, 4, 4, 4)},
    {"axis f32", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_F32, 1), NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_AXIS_TYPE, "'axis' input is f32; it must be an integer type")},
    {"axis boolean", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_BOOLEAN, 1), NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_AXIS_TYPE, NULL)},
    {"axis 1-D", 0, 0, 4, E4, AXIS_1D(1, 1), NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_AXIS_NOT_SCALAR, "'axis' input must be a scalar")},
    {"axis 4", 0, 0, 4, E4, AXIS(4), NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_AXIS_RANGE, "'axis' 4 is out of the tensor rank range [-4, 3]")},
    {"axis -5", 0, 0, 4, E4, AXIS(-5), NUM_SPLITS(3), REFUSED(VKSPLIT_RULE_OV_AXIS_RANGE, NULL)},
    {"axis u64 huge", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_U64, -1) /* 2^64 - 1 */, NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_AXIS_RANGE_UNSIGNED, "18446744073709551615")},
    {"axis u8 255", 0, 0, 4, E4, AXIS_AS(VKSPLIT_OV_U8, -1) /* 255, not -1 */, NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_AXIS_RANGE, "'axis' 255")},
    {"num_splits 0", 0, 0, 4, E4, AXIS(1), NUM_SPLITS(0),
     REFUSED(VKSPLIT_RULE_OV_NUM_SPLITS_ZERO, "Attribute 'num_splits' must be greater than zero")},
    {"num_splits > dim", 0, 0, 4, E4, AXIS(1), NUM_SPLITS(13),
     REFUSED(VKSPLIT_RULE_OV_NUM_SPLITS_RANGE, "'num_splits' attribute value 13 is out of range [1, 12]")},
    {"num_splits, dim 0", 0, 0, 2, DIMS(0, 4), AXIS(0), NUM_SPLITS(1),
     REFUSED(VKSPLIT_RULE_OV_NUM_SPLITS_RANGE, "out of range [1, 0]")},
    {"not divisible", 0, 0, 4, E4, AXIS(0), NUM_SPLITS(4),
     REFUSED(
         VKSPLIT_RULE_OV_NOT_DIVISIBLE,
         "Dimension of data input shape along 'axis': 6 must be evenly divisible by 'num_splits' attribute value: 4")},
    {"num_splits over the limit", 0, 0, 1, DIMS(200000), AXIS(0), NUM_SPLITS(100000),
     REFUSED(VKSPLIT_RULE_OV_NUM_SPLITS_LIMIT, "'num_splits' 100000")},
    {"variadic over the limit", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(VKSPLIT_MAX_OUTPUTS + 1, 0),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_LIMIT, "65537 entries")},
    {"rank 0", 0, 0, 0, DIMS(0), AXIS(0), NUM_SPLITS(1), REFUSED(VKSPLIT_RULE_OV_SCALAR, "scalar")},
    {"byte count overflows", 0, 0, 3, DIMS(1ull << 32, 1ull << 30, 2), AXIS(2), NUM_SPLITS(2),
     REFUSED(VKSPLIT_RULE_OV_BYTE_COUNT_OVERFLOW, "shape[1]")},
    {"rank 9", 0, 0, 9, DIMS(2, 1, 1, 1, 1, 1, 1, 1, 1), AXIS(0), NUM_SPLITS(2),
     REFUSED(VKSPLIT_RULE_OV_RANK_LIMIT, NULL)},
    {"string", 0, VKSPLIT_OV_STRING, 4, E4, AXIS(1), NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_STRING_TYPE, "variable-length")},
    {"u4", 0, VKSPLIT_OV_U4, 4, E4, AXIS(1), NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_PACKED_TYPE, "element type u4 packs")},
    {"i4", 0, VKSPLIT_OV_I4, 4, E4, AXIS(1), NUM_SPLITS(3), REFUSED(VKSPLIT_RULE_OV_PACKED_TYPE, NULL)},
    {"u1", 0, VKSPLIT_OV_U1, 4, E4, AXIS(1), NUM_SPLITS(3), REFUSED(VKSPLIT_RULE_OV_PACKED_TYPE, NULL)},
    {"nf4", 0, VKSPLIT_OV_NF4, 4, E4, AXIS(1), NUM_SPLITS(3), REFUSED(VKSPLIT_RULE_OV_PACKED_TYPE, NULL)},
    {"dynamic", 0, VKSPLIT_OV_DYNAMIC, 4, E4, AXIS(1), NUM_SPLITS(3), REFUSED(VKSPLIT_RULE_OV_DYNAMIC_TYPE, NULL)},
    {"type 99", 0, (vksplit_ov_element_type)99, 4, E4, AXIS(1), NUM_SPLITS(3),
     REFUSED(VKSPLIT_RULE_OV_ELEMENT_TYPE, "element type 99 is not an OpenVINO element type")},
    /* VariadicSplit-1 */
    {"variadic", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(3, 2, 7, 3), GIVES(0, 2, 7, 3)},
    {"variadic -1", 1, 0, 2, DIMS(2, 12), AXIS(1), LENGTHS(3, 2, -1, 3), GIVES(1, 2, 7, 3)},
    {"variadic -1 is 0", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(3, 6, 6, -1), GIVES(0, 6, 6, 0)},
    {"variadic only -1", 1, 0, 1, DIMS(12), AXIS(-1), LENGTHS(1, -1), GIVES(0, 12)},
    {"variadic zeros", 1, 0, 2, DIMS(0, 3), AXIS(0), LENGTHS(2, 0, 0), GIVES(0, 0, 0)},
    {"variadic i8 -1", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS_AS(VKSPLIT_OV_I8, 2, 5, -1), GIVES(0, 5, 7)},
    {"variadic i32", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS_AS(VKSPLIT_OV_I32, 2, -1, 5), GIVES(0, 7, 5)},
    {"variadic u16", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS_AS(VKSPLIT_OV_U16, 2, 4, 8), GIVES(0, 4, 8)},
    {"variadic u32 0xffffffff is no -1", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS_AS(VKSPLIT_OV_U32, 2, 4, -1),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_SUM, NULL)},
    {"variadic u64 huge", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS_AS(VKSPLIT_OV_U64, 2, 4, -1),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTH_TOO_LARGE, "split_lengths[1] is 18446744073709551615")},
    {"variadic axis [1]", 1, 0, 1, DIMS(12), AXIS_1D(1, 0), LENGTHS(1, 12), GIVES(0, 12)},
    {"variadic axis [2]", 1, 0, 1, DIMS(12), AXIS_1D(2, 0), LENGTHS(1, 12),
     REFUSED(VKSPLIT_RULE_OV_AXIS_SHAPE, "scalar or of shape [1]")},
    {"variadic axis u16", 1, 0, 2, DIMS(3, 4), AXIS_AS(VKSPLIT_OV_U16, 1), LENGTHS(2, 1, 3), GIVES(1, 1, 3)},
    {"variadic axis f16", 1, 0, 2, DIMS(3, 4), AXIS_AS(VKSPLIT_OV_F16, 1), LENGTHS(2, 1, 3),
     REFUSED(VKSPLIT_RULE_OV_AXIS_TYPE, NULL)},
    {"variadic axis 2", 1, 0, 2, DIMS(3, 4), AXIS(2), LENGTHS(2, 1, 3), REFUSED(VKSPLIT_RULE_OV_AXIS_RANGE, NULL)},
    {"variadic lengths f32", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS_AS(VKSPLIT_OV_F32, 2, 6, 6),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_TYPE, "'split_lengths' input is f32")},
    {"variadic lengths scalar", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS_RANKED(0, 1, 12),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_NOT_1D, "Split lengths should be a 1-D tensor. Got 0 instead.")},
    {"variadic lengths 2-D", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS_RANKED(2, 1, 12),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_NOT_1D, NULL)},
    {"variadic empty", 1, 0, 1, DIMS(0), AXIS(0), LENGTHS(0, 0), REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_EMPTY, "empty")},
    {"variadic -2", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(3, 6, -2, 8),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTH_NEGATIVE, "Invalid value -2 in split lengths input")},
    {"variadic two -1", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(3, -1, 6, -1),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTH_TWO_INFERRED, "Cannot infer split with multiple -1 values at 0 and 2")},
    {"variadic sum short", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(2, 5, 6),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_SUM,
             "Total length of splits: 11 must match the length of the chosen axis 0: 12")},
    {"variadic sum long", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(2, 7, 6),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_SUM, NULL)},
    {"variadic -1 but too long", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(3, 7, -1, 6),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_EXCEED, "other than the -1 at 1 sum to 13")},
    {"variadic overflow", 1, 0, 1, DIMS(12), AXIS(0), LENGTHS(3, INT64_MAX, INT64_MAX, 4),
     REFUSED(VKSPLIT_RULE_OV_SPLIT_LENGTHS_OVERFLOW, "overflow")},
    {"variadic u4 data", 1, VKSPLIT_OV_U4, 1, DIMS(12), AXIS(0), LENGTHS(1, 12),
     REFUSED(VKSPLIT_RULE_OV_PACKED_TYPE, NULL)},
};

/* The bytes a constant's entries take here: the cases' integer and float types at their width,
 * any other as 8. */
static uint32_t stored_width(vksplit_ov_element_type t)
{
    switch (t) {
    case VKSPLIT_OV_I8:
    case VKSPLIT_OV_U8: return 1;
    case VKSPLIT_OV_I16:
    case VKSPLIT_OV_U16:
    case VKSPLIT_OV_F16: return 2;
    case VKSPLIT_OV_I32:
    case VKSPLIT_OV_U32:
    case VKSPLIT_OV_F32: return 4;
    default: return 8;
    }
}

/* v truncated to stored_width(t) bytes, in the host's byte order, at p. */
static void store(vksplit_ov_element_type t, int64_t v, unsigned char* p)
{
    union {
        uint8_t u8;
        uint16_t u16;
        uint32_t u32;
        uint64_t u64;
    } x;
    uint32_t width = stored_width(t);
    if (width == 1)
        x.u8 = (uint8_t)v;
    else if (width == 2)
        x.u16 = (uint16_t)v;
    else if (width == 4)
        x.u32 = (uint32_t)v;
    else
        x.u64 = (uint64_t)v;
    memcpy(p, &x, width);
}

static void run_case(const ov_case* c)
{
    /* Constants stored at odd addresses: any alignment must do. */
    unsigned char axis_bytes[1 + 8 * 2], length_bytes[1 + 8 * 8];
    vksplit_ov_constant axis = {c->axis_type ? c->axis_type : VKSPLIT_OV_I64, c->axis_rank, c->axis_length,
                                axis_bytes + 1};
    store(axis.element_type, c->axis, axis_bytes + 1);
    vksplit_ov_constant split_lengths = {c->lengths_type ? c->lengths_type : VKSPLIT_OV_I64,
                                         c->lengths_rank_set ? c->lengths_rank : 1, c->count, length_bytes + 1};
    uint32_t width = stored_width(split_lengths.element_type);
    for (uint32_t i = 0; i < c->count && i < 8; i++) /* a longer list is refused before it is read */
        store(split_lengths.element_type, c->lengths[i], length_bytes + 1 + i * width);
    uint64_t lengths[8];
    for (int i = 0; i < 8; i++)
        lengths[i] = SENTINEL;
    vksplit_ov_split_storage storage = {lengths, 8, {0}};
    vksplit_split_desc out, before;
    memset(&out, 0xab, sizeof out);
    before = out;
    vksplit_error err;
    memset(&err, 0, sizeof err);
    vksplit_ov_element_type type = c->type ? c->type : VKSPLIT_OV_F32;
    vksplit_result r;
    if (c->variadic) {
        vksplit_ov_variadic_split_desc op = {type, c->rank, c->shape, axis, split_lengths};
        r = vksplit_ov_translate_variadic_split(&op, &storage, &out, &err);
    } else {
        vksplit_ov_split_desc op = {type, c->rank, c->shape, axis, c->num_splits};
        r = vksplit_ov_translate_split(&op, &storage, &out, &err);
    }
    test_expect_rule(c->name, r, &err, c->rule, c->shows);
    if (r != VKSPLIT_OK) {
        CHECK_MSG(memcmp(&out, &before, sizeof out) == 0, "%s: *out written on error", c->name);
        CHECK_MSG(lengths[0] == SENTINEL, "%s: storage written on error", c->name);
        CHECK_MSG(err.code == r && err.message[0] && !strchr(err.message, '\n'), "%s: error not filled", c->name);
        return;
    }
    CHECK_MSG(out.axis == c->want_axis && out.rank == c->rank && out.element_size == 4, "%s: axis %u", c->name,
              out.axis);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < out.output_count; i++) {
        CHECK_MSG(lengths[i] == c->want[i], "%s: lengths[%u] = %llu, expected %llu", c->name, i,
                  (unsigned long long)lengths[i], (unsigned long long)c->want[i]);
        sum += lengths[i];
    }
    CHECK_MSG(out.output_count < 8 && c->want[out.output_count] == 0 && sum == c->shape[out.axis],
              "%s: output count %u", c->name, out.output_count);
    for (uint32_t k = 0; k < c->rank; k++)
        CHECK_MSG(out.sizes[k] == c->shape[k] && out.sizes == storage.sizes, "%s: sizes[%u]", c->name, k);
}

/* The spec's example as shapes: three outputs of (6, 4, 10, 24). */
static void check_example_shapes(void)
{
    static const uint64_t shape[4] = {6, 12, 10, 24};
    int64_t axis_value = 1;
    vksplit_ov_split_desc op = {VKSPLIT_OV_F32, 4, shape, {VKSPLIT_OV_I64, 0, 0, &axis_value}, 3};
    uint64_t lengths[3];
    vksplit_ov_split_storage storage = {lengths, 3, {0}};
    vksplit_split_desc out;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_ov_translate_split(&op, &storage, &out, &err), &err);
    static const uint64_t want[4] = {6, 4, 10, 24};
    for (uint32_t i = 0; i < out.output_count; i++)
        for (uint32_t k = 0; k < 4; k++)
            CHECK((k == out.axis ? out.lengths[i] : out.sizes[k]) == want[k]);
    CHECK(out.output_count == 3);
    storage.lengths_capacity = 2;
    CHECK_RULE(VKSPLIT_RULE_OV_STORAGE_CAPACITY, vksplit_ov_translate_split(&op, &storage, &out, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_ov_translate_split(&op, NULL, &out, &err), &err);
    storage.lengths_capacity = 3;
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_ov_translate_split(&op, &storage, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_OV_OPERATOR_NULL, vksplit_ov_translate_split(NULL, &storage, &out, &err), &err);
    op.axis.data = NULL;
    CHECK_RULE(VKSPLIT_RULE_OV_AXIS_DATA_NULL, vksplit_ov_translate_split(&op, &storage, &out, &err), &err);
    op.axis.data = &axis_value;
    op.shape = NULL;
    CHECK_RULE(VKSPLIT_RULE_OV_SHAPE_NULL, vksplit_ov_translate_split(&op, &storage, &out, &err), &err);
    vksplit_ov_variadic_split_desc v = {VKSPLIT_OV_F32,
                                        4,
                                        shape,
                                        {VKSPLIT_OV_I64, 0, 0, &axis_value},
                                        {VKSPLIT_OV_I64, 1, 2, NULL}};
    CHECK_RULE(VKSPLIT_RULE_OV_SPLIT_LENGTHS_DATA_NULL, vksplit_ov_translate_variadic_split(&v, &storage, &out, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_OV_OPERATOR_NULL, vksplit_ov_translate_variadic_split(NULL, &storage, &out, &err), &err);

    /* Element widths. */
    static const struct {
        vksplit_ov_element_type t;
        uint32_t size;
    } widths[] = {
        {VKSPLIT_OV_BOOLEAN, 1}, {VKSPLIT_OV_BF16, 2},   {VKSPLIT_OV_F16, 2},    {VKSPLIT_OV_F32, 4},
        {VKSPLIT_OV_F64, 8},     {VKSPLIT_OV_I8, 1},     {VKSPLIT_OV_I16, 2},    {VKSPLIT_OV_I32, 4},
        {VKSPLIT_OV_I64, 8},     {VKSPLIT_OV_U8, 1},     {VKSPLIT_OV_U16, 2},    {VKSPLIT_OV_U32, 4},
        {VKSPLIT_OV_U64, 8},     {VKSPLIT_OV_F8E4M3, 1}, {VKSPLIT_OV_F8E5M2, 1}, {VKSPLIT_OV_F8E8M0, 1},
    };
    op.shape = shape;
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        op.element_type = widths[i].t;
        CHECK_RESULT(VKSPLIT_OK, vksplit_ov_translate_split(&op, &storage, &out, &err), &err);
        CHECK_MSG(out.element_size == widths[i].size && vksplit_ov_element_type_size(widths[i].t) == widths[i].size,
                  "%s: element_size %u", vksplit_ov_element_type_name(widths[i].t), out.element_size);
    }
    CHECK(strcmp(vksplit_ov_element_type_name(VKSPLIT_OV_BOOLEAN), "boolean") == 0);
    CHECK(strcmp(vksplit_ov_element_type_name((vksplit_ov_element_type)99), "unknown") == 0);
}

int main(void)
{
    FRONTEND_RUN_CASES(cases, run_case);
    check_example_shapes();
    return test_finish(NULL);
}
