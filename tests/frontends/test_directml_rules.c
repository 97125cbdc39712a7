/* DirectML front-end: one row per rule (valid and invalid), asserting the rule (by id) and its
 * code, and for the failures that the storage and *out stay untouched. No device: pure
 * translation. */
#include "dml_fixture.h"
#include "frontend_support.h"

#define F32 VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32
#define MAX_OUT DML_MAX_PARTS

/* DirectML example 1 (input {1,1,6,2} FLOAT32, axis 2, outputs 2+1+3), mutable by each case;
 * OutputTensors[3] is a spare, the size of [2]. */
static void fixture_init(dml_fixture* f)
{
    static const uint32_t in[4] = {1, 1, 6, 2}, o0[4] = {1, 1, 2, 2}, o1[4] = {1, 1, 1, 2}, o2[4] = {1, 1, 3, 2};
    static const uint32_t* const outs[MAX_OUT] = {o0, o1, o2, o2};
    dml_fixture_init(f, in, outs, 3, 2);
}

/* Split's own mutations; those it shares with Join are in dml_fixture.h. */
static void m_example2(dml_fixture* f)
{
    static const uint32_t o[4] = {1, 1, 6, 1};
    dml_set_parts(f, 2, 3);
    dml_set_part(f, 0, o, 4);
    dml_set_part(f, 1, o, 4);
}
static void m_output_count_0(dml_fixture* f) { f->split.OutputCount = 0; }
static void m_output_count_huge(dml_fixture* f) { f->split.OutputCount = VKSPLIT_MAX_OUTPUTS + 1; }
static void m_type_12(dml_fixture* f) { dml_set_type(f, (vksplit_dml_tensor_data_type)12, 1); }
static void m_type_99(dml_fixture* f) { dml_set_type(f, (vksplit_dml_tensor_data_type)99, 4); }
static void m_out_size_off_axis(dml_fixture* f)
{
    f->whole_sizes[1] = 4;
    f->whole_buf.TotalTensorSizeInBytes = 4 * 48;
    for (int i = 0; i < 3; i++) {
        f->part_sizes[i][1] = 4;
        f->part_buf[i].TotalTensorSizeInBytes = 4 * 4 * 6;
    }
    f->part_sizes[2][1] = 5;
    f->part_buf[2].TotalTensorSizeInBytes = 4 * 5 * 6;
}
static void m_in_size_zero(dml_fixture* f) { f->whole_sizes[3] = 0; }
static void m_out_size_zero(dml_fixture* f)
{
    f->part_sizes[1][2] = 0;
    f->part_sizes[2][2] = 4;
    f->part_buf[2].TotalTensorSizeInBytes = 32;
}
static void m_sum_short(dml_fixture* f) { f->part_sizes[2][2] = 2; }
static void m_sum_long(dml_fixture* f)
{
    f->part_sizes[2][2] = 4;
    f->part_buf[2].TotalTensorSizeInBytes = 32;
}
static void m_out_total_small(dml_fixture* f) { f->part_buf[2].TotalTensorSizeInBytes = 20; }
static void m_out_padded(dml_fixture* f) { dml_pad_part(f, 0); }
static void m_out_broadcast(dml_fixture* f)
{
    static const uint32_t s[4] = {0, 0, 0, 1};
    dml_set_strides(&f->part_buf[2], f->part_strides[2], s);
}
static void m_out_interleaved(dml_fixture* f)
{
    static const uint32_t s[4] = {4, 4, 1, 1};
    dml_set_strides(&f->part_buf[0], f->part_strides[0], s);
}
static void m_align_4(dml_fixture* f)
{
    f->whole_buf.GuaranteedBaseOffsetAlignment = 4;
    for (int i = 0; i < 3; i++)
        f->part_buf[i].GuaranteedBaseOffsetAlignment = 256;
}
static void m_owned_output(dml_fixture* f) { f->part_buf[1].Flags = VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML; }
static void m_unknown_flag(dml_fixture* f) { f->whole_buf.Flags = (vksplit_dml_tensor_flags)0x4; }
static void m_out_type_invalid(dml_fixture* f) { f->part[2].Type = (vksplit_dml_tensor_type)2; }
static void m_input_null(dml_fixture* f) { f->split.InputTensor = NULL; }
static void m_outputs_null(dml_fixture* f) { f->split.OutputTensors = NULL; }

#define L(level) VKSPLIT_DML_FEATURE_LEVEL_##level
#define T(type) VKSPLIT_DML_TENSOR_DATA_TYPE_##type
static const dml_case cases[] = {
    {"example 1", VKSPLIT_RULE_NONE, NULL, .mutate = NULL},
    {"example 2", VKSPLIT_RULE_NONE, NULL, .mutate = m_example2},
    {"one output is a copy", VKSPLIT_RULE_NONE, NULL, .mutate = m_one_part},
    {"OutputCount 0", VKSPLIT_RULE_DML_OUTPUT_COUNT_ZERO, "OutputCount is 0", .mutate = m_output_count_0},
    {"OutputCount over the limit", VKSPLIT_RULE_DML_OUTPUT_COUNT_LIMIT, "OutputCount 65537",
     .mutate = m_output_count_huge},
    {"Axis == DimensionCount", VKSPLIT_RULE_DML_AXIS, "Axis 4 is out of range [0, 3]", .mutate = m_axis_4},
    {"Axis huge", VKSPLIT_RULE_DML_AXIS, "Axis 4294967295", .mutate = m_axis_huge},
    {"DimensionCount 0", VKSPLIT_RULE_DML_DIMENSION_COUNT, "InputTensor.DimensionCount 0", .mutate = m_rank_0},
    {"DimensionCount 9", VKSPLIT_RULE_DML_DIMENSION_COUNT, "InputTensor.DimensionCount 9", .mutate = m_rank_9},
    {"DimensionCount 1", VKSPLIT_RULE_NONE, NULL, .rank = 1},
    {"DimensionCount 8", VKSPLIT_RULE_NONE, NULL, .rank = 8},
    {"5 dims at 3_0", VKSPLIT_RULE_NONE, NULL, .level = L(3_0), .rank = 5},
    {"5 dims at 2_1", VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL, "needs DML_FEATURE_LEVEL_3_0", .level = L(2_1),
     .rank = 5},
    {"3 dims at 1_0", VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL, "DimensionCount 3 needs DML_FEATURE_LEVEL_3_0",
     .level = L(1_0), .rank = 3},
    {"4 dims at 1_0", VKSPLIT_RULE_NONE, NULL, .level = L(1_0)},
    {"feature level below 1_0", VKSPLIT_RULE_DML_FEATURE_LEVEL, "0x900", .level = (vksplit_dml_feature_level)0x0900},
    {"DataType UNKNOWN", VKSPLIT_RULE_DML_DATA_TYPE, "InputTensor.DataType 0", .mutate = m_type_0},
    {"DataType 12", VKSPLIT_RULE_DML_DATA_TYPE, "DataType 12", .mutate = m_type_12},
    {"DataType 99", VKSPLIT_RULE_DML_DATA_TYPE, "DataType 99", .mutate = m_type_99},
    {"INT8 at 1_0", VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL,
     "INT8 needs DML_FEATURE_LEVEL_2_1; the target is DML_FEATURE_LEVEL_1_0", .level = L(1_0), .type = T(INT8)},
    {"UINT8 at 2_0", VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL, "UINT8 needs DML_FEATURE_LEVEL_2_1", .level = L(2_0),
     .type = T(UINT8)},
    {"INT8 at 2_1", VKSPLIT_RULE_NONE, NULL, .level = L(2_1), .type = T(INT8)},
    {"FLOAT64 at 4_0", VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL, "FLOAT64 needs DML_FEATURE_LEVEL_4_1", .level = L(4_0),
     .type = T(FLOAT64)},
    {"FLOAT64 at 4_1", VKSPLIT_RULE_NONE, NULL, .level = L(4_1), .type = T(FLOAT64)},
    {"INT64 at 5_0", VKSPLIT_RULE_NONE, NULL, .level = L(5_0), .type = T(INT64)},
    {"FLOAT16 at 1_0", VKSPLIT_RULE_NONE, NULL, .level = L(1_0), .type = T(FLOAT16)},
    {"output DataType differs", VKSPLIT_RULE_DML_DATA_TYPE_MISMATCH,
     "OutputTensors[1].DataType is INT32 (6) but InputTensor.DataType is FLOAT32 (1)", .mutate = m_part_type},
    {"output DimensionCount differs", VKSPLIT_RULE_DML_DIMENSION_COUNT_MISMATCH,
     "OutputTensors[2].DimensionCount is 3 but InputTensor.DimensionCount is 4", .mutate = m_part_rank},
    {"output size off the axis differs", VKSPLIT_RULE_DML_SIZES_MISMATCH,
     "OutputTensors[2].Sizes[1] is 5 but InputTensor.Sizes[1] is 4", .mutate = m_out_size_off_axis},
    {"input size 0", VKSPLIT_RULE_DML_SIZE_ZERO, "InputTensor.Sizes[3] is 0", .mutate = m_in_size_zero},
    {"output axis size 0", VKSPLIT_RULE_DML_SIZE_ZERO, "OutputTensors[1].Sizes[2] is 0", .mutate = m_out_size_zero},
    {"axis sizes sum short", VKSPLIT_RULE_DML_SPLIT_SUM, "sum to 5 but InputTensor.Sizes[2] is 6",
     .mutate = m_sum_short},
    {"axis sizes sum long", VKSPLIT_RULE_DML_SPLIT_SUM, "sum to 7", .mutate = m_sum_long},
    {"input TotalTensorSizeInBytes small", VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE,
     "InputTensor.TotalTensorSizeInBytes is 44 but", .mutate = m_whole_total_small},
    {"output TotalTensorSizeInBytes small", VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE,
     "OutputTensors[2].TotalTensorSizeInBytes is 20", .mutate = m_out_total_small},
    {"TotalTensorSizeInBytes larger", VKSPLIT_RULE_NONE, NULL, .mutate = m_total_large},
    {"3 bytes round up to 4", VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE, "need 4", .mutate = m_round_up_to_4},
    {"4 bytes for 3 uint8", VKSPLIT_RULE_NONE, NULL, .mutate = m_round_up_ok},
    {"padded input strides", VKSPLIT_RULE_NONE, NULL, .mutate = m_whole_strides_padded},
    {"padded input strides, packed size", VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE, "need 88",
     .mutate = m_whole_strides_padded_small},
    {"broadcast input", VKSPLIT_RULE_NONE, NULL, .mutate = m_whole_broadcast},
    {"padded output strides", VKSPLIT_RULE_NONE, NULL, .mutate = m_out_padded},
    {"broadcast output", VKSPLIT_RULE_DML_OVERLAPPING_STRIDES,
     "OutputTensors[2].Strides {0, 0, 0, 1} with Sizes {1, 1, 3, 2} let two elements share an address",
     .mutate = m_out_broadcast},
    {"interleaved output", VKSPLIT_RULE_DML_OVERLAPPING_STRIDES, "OutputTensors[0].Strides {4, 4, 1, 1}",
     .mutate = m_out_interleaved},
    {"2^32 elements", VKSPLIT_RULE_DML_ELEMENT_COUNT_LIMIT, "at most 2^32 - 1", .mutate = m_elements_2_32},
    {"2^32 - 1 elements", VKSPLIT_RULE_NONE, NULL, .mutate = m_elements_2_32_minus_1},
    {"size overflows 64 bits", VKSPLIT_RULE_DML_BUFFER_SIZE_OVERFLOW, "overflows 64 bits", .mutate = m_overflow_64},
    {"alignment 12", VKSPLIT_RULE_DML_ALIGNMENT_POWER_OF_TWO,
     "InputTensor.GuaranteedBaseOffsetAlignment 12 is not a power of two", .mutate = m_align_12},
    {"alignment 2 < 4", VKSPLIT_RULE_DML_ALIGNMENT_BELOW_ELEMENT,
     "OutputTensors[1].GuaranteedBaseOffsetAlignment 2 is less than", .mutate = m_align_2},
    {"alignment 4 and 256", VKSPLIT_RULE_NONE, NULL, .mutate = m_align_4},
    {"alignment 256", VKSPLIT_RULE_NONE, NULL, .mutate = m_align_256},
    {"alignment 64, 32 and 0", VKSPLIT_RULE_NONE, NULL, .mutate = m_align_mixed},
    {"OWNED_BY_DML input", VKSPLIT_RULE_NONE, NULL, .mutate = m_whole_owned},
    {"OWNED_BY_DML output", VKSPLIT_RULE_DML_FLAGS_OWNED_BY_DML,
     "OutputTensors[1].Flags has DML_TENSOR_FLAG_OWNED_BY_DML", .mutate = m_owned_output},
    {"unknown flag", VKSPLIT_RULE_DML_FLAGS_UNKNOWN, "unknown bits 0x4", .mutate = m_unknown_flag},
    {"input Type INVALID", VKSPLIT_RULE_DML_TENSOR_TYPE, "InputTensor.Type is 0", .mutate = m_whole_type_invalid},
    {"output Type 2", VKSPLIT_RULE_DML_TENSOR_TYPE, "OutputTensors[2].Type is 2", .mutate = m_out_type_invalid},
    {"output Desc NULL", VKSPLIT_RULE_DML_TENSOR_DESC_NULL, "OutputTensors[0].Desc is NULL",
     .mutate = m_part_desc_null},
    {"InputTensor NULL", VKSPLIT_RULE_DML_INPUT_TENSOR_NULL, "InputTensor is NULL", .mutate = m_input_null},
    {"OutputTensors NULL", VKSPLIT_RULE_DML_OUTPUT_TENSORS_NULL, "OutputTensors is NULL", .mutate = m_outputs_null},
    {"Sizes NULL", VKSPLIT_RULE_DML_SIZES_NULL, "InputTensor.Sizes is NULL", .mutate = m_whole_sizes_null},
};

static void run_case(const dml_case* c)
{
    dml_fixture f;
    fixture_init(&f);
    dml_apply(&f, c);
    dml_arrays a;
    vksplit_dml_split_storage storage = {.capacity = MAX_OUT,
                                         .lengths = a.lengths,
                                         .output_strides = a.strides,
                                         .output_stride_table = a.table};
    vksplit_split_desc out, before;
    vksplit_error err;
    dml_poison(a.lengths, &out, &before, sizeof out, &err);
    vksplit_result r = vksplit_dml_translate_split(&f.split, f.level, &storage, &out, &err);
    if (dml_expect(c, r, &err, &out, &before, sizeof out, a.lengths)) {
        CHECK_MSG(vksplit_validate_split(&out, NULL) == VKSPLIT_OK, "%s: the result is not a valid split", c->name);
        CHECK_MSG(out.sizes == storage.sizes && out.lengths == storage.lengths, "%s: desc must point into storage",
                  c->name);
    }
}

/* The translation of example 1 field by field, and of the alignment and stride cases. */
static void check_translation(void)
{
    dml_fixture f;
    fixture_init(&f);
    uint64_t lengths[3];
    vksplit_dml_split_storage storage = {.capacity = 3, .lengths = lengths};
    vksplit_split_desc out;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.split, VKSPLIT_DML_FEATURE_LEVEL_1_0, &storage, &out, &err),
                 &err);
    CHECK(out.element_size == 4 && out.rank == 4 && out.axis == 2 && out.output_count == 3);
    CHECK(out.sizes[0] == 1 && out.sizes[1] == 1 && out.sizes[2] == 6 && out.sizes[3] == 2);
    CHECK(lengths[0] == 2 && lengths[1] == 1 && lengths[2] == 3);
    CHECK(out.input_strides == NULL && out.output_strides == NULL);
    CHECK(out.base_alignment == 16); /* 0 means DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT */

    /* Capacity below OutputCount, and no split array. */
    storage.capacity = 2;
    CHECK_RULE(VKSPLIT_RULE_DML_STORAGE_CAPACITY, vksplit_dml_translate_split(&f.split, 0, &storage, &out, &err), &err);
    storage.capacity = 3;
    storage.lengths = NULL;
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_dml_translate_split(&f.split, 0, &storage, &out, &err), &err);
    storage.lengths = lengths;
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_dml_translate_split(&f.split, 0, NULL, &out, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_dml_translate_split(&f.split, 0, &storage, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_DML_OPERATOR_NULL, vksplit_dml_translate_split(NULL, 0, &storage, &out, &err), &err);
    /* An output with Strides needs the stride arrays. */
    m_out_padded(&f);
    CHECK_RULE(VKSPLIT_RULE_DML_STORAGE_STRIDES_NULL, vksplit_dml_translate_split(&f.split, 0, &storage, &out, &err),
               &err);
    uint64_t rows[3 * VKSPLIT_MAX_RANK];
    const uint64_t* table[3];
    storage.output_strides = rows;
    storage.output_stride_table = table;
    m_whole_strides_padded(&f);
    m_align_mixed(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.split, 0, &storage, &out, &err), &err);
    CHECK(out.input_strides == storage.input_strides && out.input_strides[2] == 4 && out.input_strides[0] == 24);
    CHECK(out.output_strides == table && table[0] == rows && table[1] == NULL && table[2] == NULL);
    CHECK(rows[0] == 16 && rows[1] == 16 && rows[2] == 4 && rows[3] == 1);
    CHECK(out.base_alignment == 16); /* min(64, 32, 0 -> 16) */
    fixture_init(&f);
    m_align_256(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.split, 0, &storage, &out, &err), &err);
    CHECK(out.base_alignment == 256);
    fixture_init(&f);
    m_align_4(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.split, 0, &storage, &out, &err), &err);
    CHECK(out.base_alignment == 4);
    /* Element sizes follow the data type. */
    static const struct {
        vksplit_dml_tensor_data_type t;
        uint32_t size;
    } widths[] = {
        {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, 4}, {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT16, 2},
        {VKSPLIT_DML_TENSOR_DATA_TYPE_UINT32, 4},  {VKSPLIT_DML_TENSOR_DATA_TYPE_UINT16, 2},
        {VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8, 1},   {VKSPLIT_DML_TENSOR_DATA_TYPE_INT32, 4},
        {VKSPLIT_DML_TENSOR_DATA_TYPE_INT16, 2},   {VKSPLIT_DML_TENSOR_DATA_TYPE_INT8, 1},
        {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT64, 8}, {VKSPLIT_DML_TENSOR_DATA_TYPE_UINT64, 8},
        {VKSPLIT_DML_TENSOR_DATA_TYPE_INT64, 8},
    };
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        fixture_init(&f);
        dml_set_type(&f, widths[i].t, widths[i].size);
        CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.split, 0, &storage, &out, &err), &err);
        CHECK_MSG(out.element_size == widths[i].size, "DataType %d: element_size %u", widths[i].t, out.element_size);
        CHECK(vksplit_dml_data_type_size(widths[i].t) == widths[i].size);
    }
    CHECK(vksplit_dml_data_type_size((vksplit_dml_tensor_data_type)12) == 0);
    CHECK(strcmp(vksplit_dml_data_type_name(VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT16), "FLOAT16") == 0);
}

/* The spec's tables: types and dimension counts per feature level. */
static void check_support_query(void)
{
    enum {
        A = 1 << 1,
        H = 1 << 2,
        U32 = 1 << 3,
        U16 = 1 << 4,
        U8 = 1 << 5,
        I32 = 1 << 6,
        I16 = 1 << 7,
        I8 = 1 << 8,
        D = 1 << 9,
        U64 = 1 << 10,
        I64 = 1 << 11
    };
    static const struct {
        uint32_t level, min, max, mask;
    } rows[] = {
        {0x1000, 4, 4, A | H | I32 | I16 | U32 | U16},
        {0x2000, 4, 4, A | H | I32 | I16 | U32 | U16},
        {0x2100, 4, 4, A | H | I32 | I16 | I8 | U32 | U16 | U8},
        {0x3000, 1, 8, A | H | I32 | I16 | I8 | U32 | U16 | U8},
        {0x3100, 1, 8, A | H | I32 | I16 | I8 | U32 | U16 | U8},
        {0x4000, 1, 8, A | H | I32 | I16 | I8 | U32 | U16 | U8},
        {0x4100, 1, 8, A | H | I32 | I16 | I8 | U32 | U16 | U8 | D | I64 | U64},
        {0x6400, 1, 8, A | H | I32 | I16 | I8 | U32 | U16 | U8 | D | I64 | U64},
        {0, 1, 8, A | H | I32 | I16 | I8 | U32 | U16 | U8 | D | I64 | U64},
    };
    vksplit_error err;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        vksplit_dml_split_support s;
        CHECK_RESULT(VKSPLIT_OK, vksplit_dml_query_split_support((vksplit_dml_feature_level)rows[i].level, &s, &err),
                     &err);
        CHECK_MSG(s.min_dimension_count == rows[i].min && s.max_dimension_count == rows[i].max &&
                      s.data_type_mask == rows[i].mask,
                  "level 0x%x: dims %u..%u mask 0x%x", rows[i].level, s.min_dimension_count, s.max_dimension_count,
                  s.data_type_mask);
    }
    vksplit_dml_split_support s;
    CHECK_RULE(VKSPLIT_RULE_DML_FEATURE_LEVEL,
               vksplit_dml_query_split_support((vksplit_dml_feature_level)0x0f00, &s, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_DML_SUPPORT_NULL,
               vksplit_dml_query_split_support(VKSPLIT_DML_FEATURE_LEVEL_1_0, NULL, &err), &err);
}

/* DMLCalcBufferTensorSize, computed here by hand. */
static void check_calc(void)
{
    vksplit_error err;
    uint64_t bytes = 0;
    static const uint32_t example[4] = {1, 1, 6, 2};
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_calc_buffer_tensor_size(F32, 4, example, NULL, &bytes, &err), &err);
    CHECK(bytes == 48);
    static const uint32_t three[1] = {3};
    CHECK_RESULT(VKSPLIT_OK,
                 vksplit_dml_calc_buffer_tensor_size(VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8, 1, three, NULL, &bytes, &err),
                 &err);
    CHECK(bytes == 4);
    CHECK_RESULT(
        VKSPLIT_OK,
        vksplit_dml_calc_buffer_tensor_size(VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT16, 1, three, NULL, &bytes, &err), &err);
    CHECK(bytes == 8);
    static const uint32_t sizes[2] = {2, 3}, strides[2] = {4, 1}, broadcast[2] = {0, 0};
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_calc_buffer_tensor_size(F32, 2, sizes, strides, &bytes, &err), &err);
    CHECK(bytes == 28); /* (1*4 + 2*1 + 1) * 4 */
    CHECK_RESULT(
        VKSPLIT_OK,
        vksplit_dml_calc_buffer_tensor_size(VKSPLIT_DML_TENSOR_DATA_TYPE_INT8, 2, sizes, broadcast, &bytes, &err),
        &err);
    CHECK(bytes == 4); /* one element, rounded up */
    static const uint32_t big[8] = {0xffffffffu, 0xffffffffu, 0xffffffffu, 1, 1, 1, 1, 1};
    CHECK_RULE(VKSPLIT_RULE_DML_CALC_OVERFLOW, vksplit_dml_calc_buffer_tensor_size(F32, 8, big, NULL, &bytes, &err),
               &err);
    static const uint32_t big_strides[2] = {0xffffffffu, 0xffffffffu}, big_sizes[2] = {0xffffffffu, 0xffffffffu};
    CHECK_RULE(VKSPLIT_RULE_DML_CALC_OVERFLOW,
               vksplit_dml_calc_buffer_tensor_size(VKSPLIT_DML_TENSOR_DATA_TYPE_INT64, 2, big_sizes, big_strides,
                                                   &bytes, &err),
               &err);
    /* 2^64 - 4 would round up past 2^64. */
    static const uint32_t near[3] = {0xffffffffu, 0xffffffffu, 1};
    CHECK_RESULT(VKSPLIT_OK,
                 vksplit_dml_calc_buffer_tensor_size(VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8, 3, near, NULL, &bytes, &err),
                 &err);
    CHECK(bytes == 0xfffffffe00000004ull); /* (2^32-1)^2 = 2^64 - 2^33 + 1, rounded up */
    CHECK_RULE(VKSPLIT_RULE_DML_CALC_DATA_TYPE,
               vksplit_dml_calc_buffer_tensor_size((vksplit_dml_tensor_data_type)0, 1, three, NULL, &bytes, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_DML_CALC_DIMENSION_COUNT,
               vksplit_dml_calc_buffer_tensor_size(F32, 0, three, NULL, &bytes, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_DML_CALC_DIMENSION_COUNT,
               vksplit_dml_calc_buffer_tensor_size(F32, 9, big, NULL, &bytes, &err), &err);
    static const uint32_t zero[2] = {2, 0};
    CHECK_RULE(VKSPLIT_RULE_DML_CALC_SIZE_ZERO,
               vksplit_dml_calc_buffer_tensor_size(F32, 2, zero, strides, &bytes, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_DML_CALC_SIZES_NULL, vksplit_dml_calc_buffer_tensor_size(F32, 1, NULL, NULL, &bytes, &err),
               &err);
    CHECK_RULE(VKSPLIT_RULE_DML_CALC_BYTES_NULL, vksplit_dml_calc_buffer_tensor_size(F32, 1, three, NULL, NULL, &err),
               &err);
}

int main(void)
{
    FRONTEND_RUN_CASES(cases, run_case);
    check_translation();
    check_support_query();
    check_calc();
    return test_finish(NULL);
}
