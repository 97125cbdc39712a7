/* DirectML Join front-end (DML_JOIN_OPERATOR_DESC): one row per rule (valid and invalid),
 * asserting the rule (by id) and its code, and for the failures that the storage and *out
 * stay untouched. Join's own rules (DML_JOIN_*) and the buffer tensor rules it shares with
 * Split (DML_*), seen from Join's fields. No device: pure translation. */
#include "dml_fixture.h"
#include "frontend_support.h"

#define MAX_IN DML_MAX_PARTS

/* The page's example 2 joined on axis 2 (three FLOAT32 inputs {1,1,2,2} into {1,1,6,2}),
 * mutable by each case. InputTensors[3] is a spare, used by the cases that need four. */
static void fixture_init(dml_fixture* f)
{
    static const uint32_t part[4] = {1, 1, 2, 2}, whole[4] = {1, 1, 6, 2};
    static const uint32_t* const parts[MAX_IN] = {part, part, part, part};
    dml_fixture_init(f, whole, parts, 3, 2);
}

/* Join's own mutations; those it shares with Split are in dml_fixture.h. */
/* The page's example 1: {1,1,2,3} and {1,1,2,4} on axis 3 into {1,1,2,7}. */
static void m_example1(dml_fixture* f)
{
    static const uint32_t a[4] = {1, 1, 2, 3}, b[4] = {1, 1, 2, 4}, whole[4] = {1, 1, 2, 7};
    dml_set_part(f, 0, a, 4);
    dml_set_part(f, 1, b, 4);
    dml_set_whole(f, whole, 4);
    dml_set_parts(f, 2, 3);
}
/* Example 1 on any other axis: "Joining any other axis is not possible". */
static void m_example1_axis2(dml_fixture* f)
{
    m_example1(f);
    dml_set_axis(f, 2);
}
static void m_example2_axis(dml_fixture* f, uint32_t axis, const uint32_t* whole)
{
    dml_set_whole(f, whole, 4);
    dml_set_axis(f, axis);
}
static void m_example2_axis1(dml_fixture* f)
{
    static const uint32_t whole[4] = {1, 3, 2, 2};
    m_example2_axis(f, 1, whole);
}
static void m_example2_axis3(dml_fixture* f)
{
    static const uint32_t whole[4] = {1, 1, 2, 6};
    m_example2_axis(f, 3, whole);
}
static void m_four_inputs(dml_fixture* f)
{
    f->join.InputCount = 4;
    f->whole_sizes[2] = 8;
    f->whole_buf.TotalTensorSizeInBytes = 64;
}
static void m_input_count_0(dml_fixture* f) { f->join.InputCount = 0; }
static void m_input_count_huge(dml_fixture* f) { f->join.InputCount = VKSPLIT_MAX_INPUTS + 1; }
static void m_in_size_off_axis(dml_fixture* f)
{
    f->part_sizes[2][3] = 3;
    f->part_buf[2].TotalTensorSizeInBytes = 24;
}
/* An input empty along the axis: ONNX Concat takes it, DirectML's page does not. */
static void m_in_axis_zero(dml_fixture* f)
{
    f->part_sizes[1][2] = 0;
    f->whole_sizes[2] = 4;
    f->whole_buf.TotalTensorSizeInBytes = 32;
}
static void m_in_size_zero_off_axis(dml_fixture* f) { f->part_sizes[0][3] = 0; }
static void m_out_size_zero(dml_fixture* f) { f->whole_sizes[1] = 0; }
static void m_sum_short(dml_fixture* f) { f->part_sizes[2][2] = 1; }
static void m_sum_long(dml_fixture* f)
{
    f->part_sizes[2][2] = 3;
    f->part_buf[2].TotalTensorSizeInBytes = 24;
}
static void m_in_total_small(dml_fixture* f) { f->part_buf[2].TotalTensorSizeInBytes = 12; }
static void m_out_interleaved(dml_fixture* f)
{
    static const uint32_t s[4] = {12, 12, 1, 1};
    dml_set_strides(&f->whole_buf, f->whole_strides, s);
}
/* A broadcast input (stride 0 on the axis): DMLCalc needs only (1 + 1) * 4 = 8 bytes. */
static void m_in_broadcast(dml_fixture* f)
{
    static const uint32_t s[4] = {0, 0, 0, 1};
    dml_set_strides(&f->part_buf[1], f->part_strides[1], s);
    f->part_buf[1].TotalTensorSizeInBytes = 8;
}
/* Inputs are only read: strides that let elements share an address are fine. */
static void m_in_interleaved(dml_fixture* f)
{
    static const uint32_t s[4] = {2, 2, 1, 1};
    dml_set_strides(&f->part_buf[0], f->part_strides[0], s);
}
static void m_in_padded(dml_fixture* f) { dml_pad_part(f, 2); }
static void m_align_4_and_256(dml_fixture* f)
{
    f->whole_buf.GuaranteedBaseOffsetAlignment = 256;
    f->part_buf[0].GuaranteedBaseOffsetAlignment = 256;
    f->part_buf[1].GuaranteedBaseOffsetAlignment = 4;
    f->part_buf[2].GuaranteedBaseOffsetAlignment = 256;
}
static void m_owned_inputs(dml_fixture* f)
{
    for (int i = 0; i < 3; i++)
        f->part_buf[i].Flags = VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML;
}
static void m_unknown_flag(dml_fixture* f) { f->part_buf[2].Flags = (vksplit_dml_tensor_flags)0x5; }
static void m_in_type_invalid(dml_fixture* f) { f->part[1].Type = (vksplit_dml_tensor_type)2; }
static void m_out_desc_null(dml_fixture* f) { f->whole.Desc = NULL; }
static void m_output_null(dml_fixture* f) { f->join.OutputTensor = NULL; }
static void m_inputs_null(dml_fixture* f) { f->join.InputTensors = NULL; }
static void m_in_sizes_null(dml_fixture* f) { f->part_buf[2].Sizes = NULL; }

#define L(level) VKSPLIT_DML_FEATURE_LEVEL_##level
#define T(type) VKSPLIT_DML_TENSOR_DATA_TYPE_##type
static const dml_case cases[] = {
    /* The page's examples, and what it says of them. */
    {"example 2 joining axis 2", VKSPLIT_RULE_NONE, NULL, .mutate = NULL},
    {"example 1 joining axis 3", VKSPLIT_RULE_NONE, NULL, .mutate = m_example1},
    {"example 1 joining axis 2", VKSPLIT_RULE_DML_JOIN_SIZES_MISMATCH,
     "InputTensors[0].Sizes[3] is 3 but OutputTensor.Sizes[3] is 7 (only Sizes[2], the axis, may differ)",
     .mutate = m_example1_axis2},
    {"example 2 joining axis 1", VKSPLIT_RULE_NONE, NULL, .mutate = m_example2_axis1},
    {"example 2 joining axis 3", VKSPLIT_RULE_NONE, NULL, .mutate = m_example2_axis3},
    {"one input: a copy", VKSPLIT_RULE_NONE, NULL, .mutate = m_one_part},
    {"four inputs", VKSPLIT_RULE_NONE, NULL, .mutate = m_four_inputs},
    /* InputCount, the tensors, Axis. */
    {"InputCount 0", VKSPLIT_RULE_DML_JOIN_INPUT_COUNT_ZERO, "InputCount is 0", .mutate = m_input_count_0},
    {"InputCount past the limit", VKSPLIT_RULE_DML_JOIN_INPUT_COUNT_LIMIT, "InputCount 65537",
     .mutate = m_input_count_huge},
    {"OutputTensor NULL", VKSPLIT_RULE_DML_JOIN_OUTPUT_TENSOR_NULL, "OutputTensor is NULL", .mutate = m_output_null},
    {"InputTensors NULL", VKSPLIT_RULE_DML_JOIN_INPUT_TENSORS_NULL, "InputTensors is NULL", .mutate = m_inputs_null},
    {"output Type INVALID", VKSPLIT_RULE_DML_JOIN_TENSOR_TYPE, "OutputTensor.Type is 0",
     .mutate = m_whole_type_invalid},
    {"input Type 2", VKSPLIT_RULE_DML_JOIN_TENSOR_TYPE, "InputTensors[1].Type is 2", .mutate = m_in_type_invalid},
    {"output Desc NULL", VKSPLIT_RULE_DML_TENSOR_DESC_NULL, "OutputTensor.Desc is NULL", .mutate = m_out_desc_null},
    {"input Desc NULL", VKSPLIT_RULE_DML_TENSOR_DESC_NULL, "InputTensors[0].Desc is NULL", .mutate = m_part_desc_null},
    {"Axis 4", VKSPLIT_RULE_DML_JOIN_AXIS, "Axis 4 is out of range [0, 3] for OutputTensor.DimensionCount 4",
     .mutate = m_axis_4},
    {"Axis 2^32-1", VKSPLIT_RULE_DML_JOIN_AXIS, "Axis 4294967295", .mutate = m_axis_huge},
    /* The page's tables: dimension counts and data types per feature level. */
    {"DimensionCount 0", VKSPLIT_RULE_DML_DIMENSION_COUNT, "OutputTensor.DimensionCount 0", .mutate = m_rank_0},
    {"DimensionCount 9", VKSPLIT_RULE_DML_DIMENSION_COUNT, "OutputTensor.DimensionCount 9", .mutate = m_rank_9},
    {"DimensionCount 1", VKSPLIT_RULE_NONE, NULL, .rank = 1},
    {"DimensionCount 8", VKSPLIT_RULE_NONE, NULL, .rank = 8},
    {"4 dims at 1_0", VKSPLIT_RULE_NONE, NULL, .level = L(1_0)},
    {"3 dims at 1_0", VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL, "allows 4 to 4", .level = L(1_0), .rank = 3},
    {"5 dims at 2_1", VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL,
     "OutputTensor.DimensionCount 5 needs DML_FEATURE_LEVEL_3_0; the target DML_FEATURE_LEVEL_2_1 allows 4 to 4",
     .level = L(2_1), .rank = 5},
    {"5 dims at 3_0", VKSPLIT_RULE_NONE, NULL, .level = L(3_0), .rank = 5},
    {"3 dims at 3_0 (Split takes them there)", VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL,
     "OutputTensor.DimensionCount 3 needs DML_FEATURE_LEVEL_4_1; the target DML_FEATURE_LEVEL_3_0 allows 4 to 5",
     .level = L(3_0), .rank = 3},
    {"1 dim at 3_1", VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL, "needs DML_FEATURE_LEVEL_4_1", .level = L(3_1),
     .rank = 1},
    {"6 dims at 4_0", VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL, "allows 4 to 5", .level = L(4_0), .rank = 6},
    {"6 dims at 4_1", VKSPLIT_RULE_NONE, NULL, .level = L(4_1), .rank = 6},
    {"level below 1_0", VKSPLIT_RULE_DML_JOIN_FEATURE_LEVEL, "feature level 0x900",
     .level = (vksplit_dml_feature_level)0x0900},
    {"DataType UNKNOWN", VKSPLIT_RULE_DML_JOIN_DATA_TYPE, "OutputTensor.DataType 0", .mutate = m_type_0},
    {"DataType 12", VKSPLIT_RULE_DML_JOIN_DATA_TYPE, "OutputTensor.DataType 12",
     .type = (vksplit_dml_tensor_data_type)12},
    {"DataType 99", VKSPLIT_RULE_DML_JOIN_DATA_TYPE, "DataType 99", .type = (vksplit_dml_tensor_data_type)99},
    {"FLOAT16 at 1_0", VKSPLIT_RULE_NONE, NULL, .level = L(1_0), .type = T(FLOAT16)},
    {"INT8 at 1_0", VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL,
     "OutputTensor.DataType INT8 needs DML_FEATURE_LEVEL_2_1; the target is DML_FEATURE_LEVEL_1_0", .level = L(1_0),
     .type = T(INT8)},
    {"UINT8 at 2_0", VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL, "needs DML_FEATURE_LEVEL_2_1", .level = L(2_0),
     .type = T(UINT8)},
    {"INT8 at 2_1", VKSPLIT_RULE_NONE, NULL, .level = L(2_1), .type = T(INT8)},
    {"FLOAT64 at 4_0", VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL,
     "FLOAT64 needs DML_FEATURE_LEVEL_4_1; the target is DML_FEATURE_LEVEL_4_0", .level = L(4_0), .type = T(FLOAT64)},
    {"FLOAT64 at 4_1", VKSPLIT_RULE_NONE, NULL, .level = L(4_1), .type = T(FLOAT64)},
    {"UINT64 at 5_0", VKSPLIT_RULE_NONE, NULL, .level = L(5_0), .type = T(UINT64)},
    /* Every input against the output. */
    {"input DataType differs", VKSPLIT_RULE_DML_JOIN_DATA_TYPE_MISMATCH,
     "InputTensors[1].DataType is INT32 (6) but OutputTensor.DataType is FLOAT32 (1)", .mutate = m_part_type},
    {"input DimensionCount differs", VKSPLIT_RULE_DML_JOIN_DIMENSION_COUNT_MISMATCH,
     "InputTensors[2].DimensionCount is 3 but OutputTensor.DimensionCount is 4", .mutate = m_part_rank},
    {"input size off the axis differs", VKSPLIT_RULE_DML_JOIN_SIZES_MISMATCH,
     "InputTensors[2].Sizes[3] is 3 but OutputTensor.Sizes[3] is 2", .mutate = m_in_size_off_axis},
    {"input empty along the axis", VKSPLIT_RULE_DML_JOIN_AXIS_SIZE_ZERO,
     "InputTensors[1].Sizes[2] (the join axis) is 0", .mutate = m_in_axis_zero},
    {"input size 0 off the axis", VKSPLIT_RULE_DML_SIZE_ZERO, "InputTensors[0].Sizes[3] is 0",
     .mutate = m_in_size_zero_off_axis},
    {"output size 0", VKSPLIT_RULE_DML_SIZE_ZERO, "OutputTensor.Sizes[1] is 0", .mutate = m_out_size_zero},
    {"axis sizes sum short", VKSPLIT_RULE_DML_JOIN_SUM,
     "InputTensors[*].Sizes[2] (the axis) sum to 5 but OutputTensor.Sizes[2] is 6", .mutate = m_sum_short},
    {"axis sizes sum long", VKSPLIT_RULE_DML_JOIN_SUM, "sum to 7", .mutate = m_sum_long},
    /* Sizes in bytes and strides. */
    {"input TotalTensorSizeInBytes small", VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE,
     "InputTensors[2].TotalTensorSizeInBytes is 12 but Sizes {1, 1, 2, 2} and Strides (packed) need 16",
     .mutate = m_in_total_small},
    {"output TotalTensorSizeInBytes small", VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE,
     "OutputTensor.TotalTensorSizeInBytes is 44", .mutate = m_whole_total_small},
    {"TotalTensorSizeInBytes larger", VKSPLIT_RULE_NONE, NULL, .mutate = m_total_large},
    {"3 bytes round up to 4", VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE, "need 4", .mutate = m_round_up_to_4},
    {"4 bytes for 3 uint8", VKSPLIT_RULE_NONE, NULL, .mutate = m_round_up_ok},
    {"padded output strides", VKSPLIT_RULE_NONE, NULL, .mutate = m_whole_strides_padded},
    {"padded output strides, packed size", VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE, "need 88",
     .mutate = m_whole_strides_padded_small},
    {"broadcast output", VKSPLIT_RULE_DML_OVERLAPPING_STRIDES,
     "OutputTensor.Strides {0, 0, 0, 1} with Sizes {1, 1, 6, 2} let two elements share an address",
     .mutate = m_whole_broadcast},
    {"interleaved output", VKSPLIT_RULE_DML_OVERLAPPING_STRIDES, "OutputTensor.Strides {12, 12, 1, 1}",
     .mutate = m_out_interleaved},
    {"broadcast input", VKSPLIT_RULE_NONE, NULL, .mutate = m_in_broadcast},
    {"input elements sharing addresses", VKSPLIT_RULE_NONE, NULL, .mutate = m_in_interleaved},
    {"padded input strides", VKSPLIT_RULE_NONE, NULL, .mutate = m_in_padded},
    {"2^32 elements", VKSPLIT_RULE_DML_ELEMENT_COUNT_LIMIT, "OutputTensor with Sizes {65536, 65537}",
     .mutate = m_elements_2_32},
    {"2^32 - 1 elements", VKSPLIT_RULE_NONE, NULL, .mutate = m_elements_2_32_minus_1},
    {"size overflows 64 bits", VKSPLIT_RULE_DML_BUFFER_SIZE_OVERFLOW, "overflows 64 bits", .mutate = m_overflow_64},
    {"output Sizes NULL", VKSPLIT_RULE_DML_SIZES_NULL, "OutputTensor.Sizes is NULL", .mutate = m_whole_sizes_null},
    {"input Sizes NULL", VKSPLIT_RULE_DML_SIZES_NULL, "InputTensors[2].Sizes is NULL", .mutate = m_in_sizes_null},
    /* Alignment and flags. */
    {"alignment 12", VKSPLIT_RULE_DML_ALIGNMENT_POWER_OF_TWO,
     "OutputTensor.GuaranteedBaseOffsetAlignment 12 is not a power of two", .mutate = m_align_12},
    {"alignment 2 < 4", VKSPLIT_RULE_DML_ALIGNMENT_BELOW_ELEMENT,
     "InputTensors[1].GuaranteedBaseOffsetAlignment 2 is less than the 4-byte element size of FLOAT32",
     .mutate = m_align_2},
    {"alignment 4 and 256", VKSPLIT_RULE_NONE, NULL, .mutate = m_align_4_and_256},
    {"alignment 256", VKSPLIT_RULE_NONE, NULL, .mutate = m_align_256},
    {"alignment 64, 32 and 0", VKSPLIT_RULE_NONE, NULL, .mutate = m_align_mixed},
    {"OWNED_BY_DML inputs", VKSPLIT_RULE_NONE, NULL, .mutate = m_owned_inputs},
    {"OWNED_BY_DML output", VKSPLIT_RULE_DML_FLAGS_OWNED_BY_DML, "OutputTensor.Flags has DML_TENSOR_FLAG_OWNED_BY_DML",
     .mutate = m_whole_owned},
    {"unknown flag", VKSPLIT_RULE_DML_FLAGS_UNKNOWN, "InputTensors[2].Flags 0x5 has unknown bits 0x4",
     .mutate = m_unknown_flag},
};

static void run_case(const dml_case* c)
{
    dml_fixture f;
    fixture_init(&f);
    dml_apply(&f, c);
    dml_arrays a;
    vksplit_dml_join_storage storage = {.capacity = MAX_IN,
                                        .lengths = a.lengths,
                                        .input_strides = a.strides,
                                        .input_stride_table = a.table};
    memset(storage.sizes, 0xab, sizeof storage.sizes); /* what the translation fills */
    memset(storage.output_strides, 0xab, sizeof storage.output_strides);
    vksplit_join_desc out, before;
    vksplit_error err;
    dml_poison(a.lengths, &out, &before, sizeof out, &err);
    vksplit_result r = vksplit_dml_translate_join(&f.join, f.level, &storage, &out, &err);
    if (!dml_expect(c, r, &err, &out, &before, sizeof out, a.lengths)) {
        unsigned char pattern[sizeof storage.sizes];
        memset(pattern, 0xab, sizeof pattern);
        CHECK_MSG(memcmp(storage.sizes, pattern, sizeof pattern) == 0 &&
                      memcmp(storage.output_strides, pattern, sizeof pattern) == 0,
                  "%s: storage written on error", c->name);
        return;
    }
    vksplit_error verr;
    CHECK_MSG(vksplit_validate_join(&out, &verr) == VKSPLIT_OK, "%s: the result is not a valid join: %s", c->name,
              verr.message);
    CHECK_MSG(out.sizes == storage.sizes && out.lengths == storage.lengths, "%s: desc must point into storage",
              c->name);
    /* The desc says what the struct says: the output's sizes, each input's axis size. */
    const vksplit_dml_buffer_tensor_desc* whole = f.join.OutputTensor->Desc;
    CHECK_MSG(out.rank == whole->DimensionCount && out.axis == f.join.Axis && out.input_count == f.join.InputCount,
              "%s: rank %u axis %u inputs %u", c->name, out.rank, out.axis, out.input_count);
    for (uint32_t k = 0; k < out.rank; k++)
        CHECK_MSG(out.sizes[k] == whole->Sizes[k], "%s: sizes[%u] = %llu", c->name, k,
                  (unsigned long long)out.sizes[k]);
    for (uint32_t i = 0; i < out.input_count; i++)
        CHECK_MSG(out.lengths[i] == f.part_sizes[i][f.join.Axis], "%s: lengths[%u] = %llu", c->name, i,
                  (unsigned long long)out.lengths[i]);
}

/* The translation of example 2 field by field, the storage rules, and the stride and
 * alignment cases. */
static void check_translation(void)
{
    dml_fixture f;
    fixture_init(&f);
    uint64_t lengths[3];
    vksplit_dml_join_storage storage = {.capacity = 3, .lengths = lengths};
    vksplit_join_desc out;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_join(&f.join, VKSPLIT_DML_FEATURE_LEVEL_1_0, &storage, &out, &err),
                 &err);
    CHECK(err.rule == VKSPLIT_RULE_NONE && err.code == VKSPLIT_OK);
    CHECK(out.element_size == 4 && out.rank == 4 && out.axis == 2 && out.input_count == 3);
    CHECK(out.sizes[0] == 1 && out.sizes[1] == 1 && out.sizes[2] == 6 && out.sizes[3] == 2);
    CHECK(lengths[0] == 2 && lengths[1] == 2 && lengths[2] == 2);
    CHECK(out.input_strides == NULL && out.output_strides == NULL);
    CHECK(out.base_alignment == 16); /* 0 means DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT */

    /* Capacity below InputCount, no lengths array, no storage, no out, no op. */
    storage.capacity = 2;
    CHECK_RULE(VKSPLIT_RULE_DML_JOIN_STORAGE_CAPACITY, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err),
               &err);
    storage.capacity = 3;
    storage.lengths = NULL;
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err), &err);
    storage.lengths = lengths;
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_dml_translate_join(&f.join, 0, NULL, &out, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_dml_translate_join(&f.join, 0, &storage, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_DML_JOIN_OPERATOR_NULL, vksplit_dml_translate_join(NULL, 0, &storage, &out, &err), &err);
    /* An input with Strides needs the stride arrays; an output with Strides needs none. */
    m_whole_strides_padded(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err), &err);
    CHECK(out.output_strides == storage.output_strides && out.output_strides[2] == 4 && out.output_strides[0] == 24);
    CHECK(out.input_strides == NULL);
    m_in_padded(&f);
    CHECK_RULE(VKSPLIT_RULE_DML_JOIN_STORAGE_STRIDES_NULL, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err),
               &err);
    uint64_t rows[3 * VKSPLIT_MAX_RANK];
    const uint64_t* table[3];
    storage.input_strides = rows;
    CHECK_RULE(VKSPLIT_RULE_DML_JOIN_STORAGE_STRIDES_NULL, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err),
               &err);
    storage.input_stride_table = table;
    m_align_mixed(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err), &err);
    CHECK(out.input_strides == (const uint64_t* const*)table && table[0] == NULL && table[1] == NULL);
    CHECK(table[2] == rows + 2 * VKSPLIT_MAX_RANK && table[2][0] == 16 && table[2][2] == 4 && table[2][3] == 1);
    CHECK(out.base_alignment == 16); /* min(64, 32, 0 -> 16) */
    fixture_init(&f);
    m_align_256(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err), &err);
    CHECK(out.base_alignment == 256);
    fixture_init(&f);
    m_align_4_and_256(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err), &err);
    CHECK(out.base_alignment == 4);
    /* Element sizes follow the data type, every one the page lists (FLOAT32 = 1 .. INT64 = 11). */
    for (uint32_t type = 1; type <= 11; type++) {
        uint32_t size = vksplit_dml_data_type_size((vksplit_dml_tensor_data_type)type);
        fixture_init(&f);
        dml_set_type(&f, (vksplit_dml_tensor_data_type)type, size);
        CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_join(&f.join, 0, &storage, &out, &err), &err);
        CHECK_MSG(size != 0 && out.element_size == size, "DataType %u: element_size %u", type, out.element_size);
    }
}

/* The page's tables against Split's (which frontend_directml_rules pins): the same data types
 * at every level, the same dimension counts but from 3_0 to 4_0, where Join takes 4 to 5 and
 * Split 1 to 8. */
static void check_support_query(void)
{
    static const uint32_t levels[] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000, 0x4100, 0x5000, 0x6400, 0};
    vksplit_error err;
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        vksplit_dml_feature_level level = (vksplit_dml_feature_level)levels[i];
        vksplit_dml_join_support join;
        vksplit_dml_split_support split;
        CHECK_RESULT(VKSPLIT_OK, vksplit_dml_query_join_support(level, &join, &err), &err);
        CHECK_RESULT(VKSPLIT_OK, vksplit_dml_query_split_support(level, &split, &err), &err);
        int four_to_five = levels[i] >= 0x3000 && levels[i] < 0x4100;
        uint32_t min = four_to_five ? 4 : split.min_dimension_count, max = four_to_five ? 5 : split.max_dimension_count;
        CHECK_MSG(join.data_type_mask == split.data_type_mask && join.min_dimension_count == min &&
                      join.max_dimension_count == max,
                  "level 0x%x: Join takes %u to %u dimensions, types 0x%x (Split: %u to %u, 0x%x)", levels[i],
                  join.min_dimension_count, join.max_dimension_count, join.data_type_mask, split.min_dimension_count,
                  split.max_dimension_count, split.data_type_mask);
    }
    vksplit_dml_join_support s;
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_query_join_support(VKSPLIT_DML_FEATURE_LEVEL_1_0, &s, &err), &err);
    CHECK(s.min_dimension_count == 4 && s.max_dimension_count == 4 && s.data_type_mask == 0xde);
    CHECK_RULE(VKSPLIT_RULE_DML_JOIN_FEATURE_LEVEL,
               vksplit_dml_query_join_support((vksplit_dml_feature_level)0x0f00, &s, &err), &err);
    CHECK(strstr(err.message, "where Join was introduced") != NULL);
    CHECK_RULE(VKSPLIT_RULE_DML_SUPPORT_NULL, vksplit_dml_query_join_support(VKSPLIT_DML_FEATURE_LEVEL_1_0, NULL, &err),
               &err);
}

int main(void)
{
    FRONTEND_RUN_CASES(cases, run_case);
    check_translation();
    check_support_query();
    return test_finish(NULL);
}
