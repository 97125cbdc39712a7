/* DirectML front-end: one row per rule (valid and invalid), asserting the rule (by id) and its
 * code, and for the failures that the storage and *out stay untouched. No device: pure
 * translation. */
#if defined(__GNUC__) || defined(__clang__)
#endif
#include "test_harness.h"
#include "vksplit/directml.h"

#define F32 VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32
#define MAX_OUT 4

/* DirectML example 1 (input {1,1,6,2} FLOAT32, axis 2, outputs 2+1+3), mutable by each case. */
typedef struct fixture {
    uint32_t in_sizes[8], in_strides[8];
    uint32_t out_sizes[MAX_OUT][8], out_strides[MAX_OUT][8];
    vksplit_dml_buffer_tensor_desc in_buf, out_buf[MAX_OUT];
    vksplit_dml_tensor_desc in, out[MAX_OUT];
    vksplit_dml_split_operator_desc op;
    vksplit_dml_feature_level level;
} fixture;

static void set_buffer(vksplit_dml_buffer_tensor_desc* b, uint32_t* sizes, const uint32_t* values, uint32_t rank)
{
    memset(b, 0, sizeof *b);
    b->DataType = F32;
    b->DimensionCount = rank;
    memcpy(sizes, values, rank * sizeof values[0]);
    b->Sizes = sizes;
    uint64_t n = 1;
    for (uint32_t k = 0; k < rank; k++)
        n *= values[k];
    b->TotalTensorSizeInBytes = n * 4;
}

static void fixture_init(fixture* f)
{
    memset(f, 0, sizeof *f);
    static const uint32_t in[4] = {1, 1, 6, 2}, o0[4] = {1, 1, 2, 2}, o1[4] = {1, 1, 1, 2}, o2[4] = {1, 1, 3, 2};
    const uint32_t* outs[3] = {o0, o1, o2};
    set_buffer(&f->in_buf, f->in_sizes, in, 4);
    f->in.Type = VKSPLIT_DML_TENSOR_TYPE_BUFFER;
    f->in.Desc = &f->in_buf;
    for (int i = 0; i < MAX_OUT; i++) {
        set_buffer(&f->out_buf[i], f->out_sizes[i], outs[i < 3 ? i : 2], 4);
        f->out[i].Type = VKSPLIT_DML_TENSOR_TYPE_BUFFER;
        f->out[i].Desc = &f->out_buf[i];
    }
    f->op.InputTensor = &f->in;
    f->op.OutputCount = 3;
    f->op.OutputTensors = f->out;
    f->op.Axis = 2;
    f->level = VKSPLIT_DML_FEATURE_LEVEL_NEWEST;
}

/* Sets every tensor to `type` with TotalTensorSizeInBytes recomputed for its packed size. */
static void set_type(fixture* f, vksplit_dml_tensor_data_type type, uint32_t size)
{
    f->in_buf.DataType = type;
    f->in_buf.TotalTensorSizeInBytes = (12 * size + 3) / 4 * 4;
    for (int i = 0; i < MAX_OUT; i++) {
        f->out_buf[i].DataType = type;
        f->out_buf[i].TotalTensorSizeInBytes = 64;
    }
}

/* Reshapes every tensor to `rank` dimensions: input {6, 1, 1...}, outputs 2+1+3 on axis 0. */
static void set_rank(fixture* f, uint32_t rank)
{
    static const uint32_t heads[3] = {2, 1, 3};
    uint32_t in[8] = {6, 1, 1, 1, 1, 1, 1, 1}, out[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    set_buffer(&f->in_buf, f->in_sizes, in, rank);
    for (int i = 0; i < 3; i++) {
        out[0] = heads[i];
        set_buffer(&f->out_buf[i], f->out_sizes[i], out, rank);
    }
    f->op.Axis = 0;
}

typedef void (*mutate_fn)(fixture*);
typedef struct dml_case {
    const char* name;
    mutate_fn mutate;
    vksplit_rule rule; /* VKSPLIT_RULE_NONE: accepted */
    const char* shows; /* values the message must show (the rule is told by id) */
} dml_case;

static void m_none(fixture* f) { (void)f; }
static void m_example2(fixture* f)
{
    static const uint32_t o[4] = {1, 1, 6, 1};
    f->op.OutputCount = 2;
    f->op.Axis = 3;
    set_buffer(&f->out_buf[0], f->out_sizes[0], o, 4);
    set_buffer(&f->out_buf[1], f->out_sizes[1], o, 4);
}
static void m_one_output(fixture* f)
{
    f->op.OutputCount = 1;
    f->out_sizes[0][2] = 6;
    f->out_buf[0].TotalTensorSizeInBytes = 48;
}
static void m_output_count_0(fixture* f) { f->op.OutputCount = 0; }
static void m_output_count_huge(fixture* f) { f->op.OutputCount = VKSPLIT_MAX_OUTPUTS + 1; }
static void m_axis_4(fixture* f) { f->op.Axis = 4; }
static void m_axis_huge(fixture* f) { f->op.Axis = 0xffffffffu; }
static void m_rank_0(fixture* f) { f->in_buf.DimensionCount = 0; }
static void m_rank_9(fixture* f) { f->in_buf.DimensionCount = 9; }
static void m_rank_1(fixture* f) { set_rank(f, 1); }
static void m_rank_8(fixture* f) { set_rank(f, 8); }
static void m_rank_5_at_3_0(fixture* f)
{
    set_rank(f, 5);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_3_0;
}
static void m_rank_5_at_2_1(fixture* f)
{
    set_rank(f, 5);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_2_1;
}
static void m_rank_3_at_1_0(fixture* f)
{
    set_rank(f, 3);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_1_0;
}
static void m_rank_4_at_1_0(fixture* f) { f->level = VKSPLIT_DML_FEATURE_LEVEL_1_0; }
static void m_level_below(fixture* f) { f->level = (vksplit_dml_feature_level)0x0900; }
static void m_type_0(fixture* f) { set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_UNKNOWN, 4); }
static void m_type_12(fixture* f) { set_type(f, (vksplit_dml_tensor_data_type)12, 1); }
static void m_type_99(fixture* f) { set_type(f, (vksplit_dml_tensor_data_type)99, 4); }
static void m_int8_at_1_0(fixture* f)
{
    set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_INT8, 1);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_1_0;
}
static void m_uint8_at_2_0(fixture* f)
{
    set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8, 1);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_2_0;
}
static void m_int8_at_2_1(fixture* f)
{
    set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_INT8, 1);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_2_1;
}
static void m_f64_at_4_0(fixture* f)
{
    set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT64, 8);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_4_0;
}
static void m_f64_at_4_1(fixture* f)
{
    set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT64, 8);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_4_1;
}
static void m_i64_at_5_0(fixture* f)
{
    set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_INT64, 8);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_5_0;
}
static void m_f16_at_1_0(fixture* f)
{
    set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT16, 2);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_1_0;
}
static void m_out_type(fixture* f) { f->out_buf[1].DataType = VKSPLIT_DML_TENSOR_DATA_TYPE_INT32; }
static void m_out_rank(fixture* f) { f->out_buf[2].DimensionCount = 3; }
static void m_out_size_off_axis(fixture* f)
{
    f->in_sizes[1] = 4;
    f->in_buf.TotalTensorSizeInBytes = 4 * 48;
    for (int i = 0; i < 3; i++) {
        f->out_sizes[i][1] = 4;
        f->out_buf[i].TotalTensorSizeInBytes = 4 * 4 * 6;
    }
    f->out_sizes[2][1] = 5;
    f->out_buf[2].TotalTensorSizeInBytes = 4 * 5 * 6;
}
static void m_in_size_zero(fixture* f) { f->in_sizes[3] = 0; }
static void m_out_size_zero(fixture* f)
{
    f->out_sizes[1][2] = 0;
    f->out_sizes[2][2] = 4;
    f->out_buf[2].TotalTensorSizeInBytes = 32;
}
static void m_sum_short(fixture* f) { f->out_sizes[2][2] = 2; }
static void m_sum_long(fixture* f)
{
    f->out_sizes[2][2] = 4;
    f->out_buf[2].TotalTensorSizeInBytes = 32;
}
static void m_in_total_small(fixture* f) { f->in_buf.TotalTensorSizeInBytes = 44; }
static void m_out_total_small(fixture* f) { f->out_buf[2].TotalTensorSizeInBytes = 20; }
static void m_total_large(fixture* f) { f->in_buf.TotalTensorSizeInBytes = 4096; }
/* uint8 {3}: 3 bytes round up to 4. */
static void m_round_up_to_4(fixture* f)
{
    static const uint32_t in[1] = {3}, one[1] = {1}, two[1] = {2};
    set_buffer(&f->in_buf, f->in_sizes, in, 1);
    set_buffer(&f->out_buf[0], f->out_sizes[0], one, 1);
    set_buffer(&f->out_buf[1], f->out_sizes[1], two, 1);
    set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8, 1);
    f->in_buf.TotalTensorSizeInBytes = 3;
    f->op.OutputCount = 2;
    f->op.Axis = 0;
}
static void m_round_up_ok(fixture* f)
{
    m_round_up_to_4(f);
    f->in_buf.TotalTensorSizeInBytes = 4;
}
/* Input strides {12, 12, 2, 1} on {1,1,6,2}: packed; the strided formula gives the same. A
 * padded row stride 4: (5*4 + 1 + 1) * 4 = 88 bytes, not the packed 48. */
static void m_in_strides_padded(fixture* f)
{
    static const uint32_t s[4] = {24, 24, 4, 1};
    memcpy(f->in_strides, s, sizeof s);
    f->in_buf.Strides = f->in_strides;
    f->in_buf.TotalTensorSizeInBytes = 88;
}
static void m_in_strides_padded_small(fixture* f)
{
    m_in_strides_padded(f);
    f->in_buf.TotalTensorSizeInBytes = 84;
}
/* Broadcast input: stride 0 on the axis; DMLCalc needs only (1 + 1) * 4 = 8 bytes. */
static void m_in_broadcast(fixture* f)
{
    static const uint32_t s[4] = {0, 0, 0, 1};
    memcpy(f->in_strides, s, sizeof s);
    f->in_buf.Strides = f->in_strides;
    f->in_buf.TotalTensorSizeInBytes = 8;
}
static void m_out_padded(fixture* f)
{
    static const uint32_t s[4] = {16, 16, 4, 1};
    memcpy(f->out_strides[0], s, sizeof s);
    f->out_buf[0].Strides = f->out_strides[0];
    f->out_buf[0].TotalTensorSizeInBytes = 24; /* (4 + 1 + 1) * 4 */
}
static void m_out_broadcast(fixture* f)
{
    static const uint32_t s[4] = {0, 0, 0, 1};
    memcpy(f->out_strides[2], s, sizeof s);
    f->out_buf[2].Strides = f->out_strides[2];
}
static void m_out_interleaved(fixture* f)
{
    static const uint32_t s[4] = {4, 4, 1, 1};
    memcpy(f->out_strides[0], s, sizeof s);
    f->out_buf[0].Strides = f->out_strides[0];
}
static void m_elements_2_32(fixture* f)
{
    static const uint32_t in[2] = {65536, 65537}, out[2] = {65536, 65537};
    set_buffer(&f->in_buf, f->in_sizes, in, 2);
    set_buffer(&f->out_buf[0], f->out_sizes[0], out, 2);
    f->in_buf.DataType = f->out_buf[0].DataType = VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8;
    f->op.OutputCount = 1;
    f->op.Axis = 0;
}
static void m_elements_2_32_minus_1(fixture* f)
{
    static const uint32_t in[2] = {65535, 65537}, out[2] = {65535, 65537}; /* 2^32 - 1 elements */
    set_buffer(&f->in_buf, f->in_sizes, in, 2);
    set_buffer(&f->out_buf[0], f->out_sizes[0], out, 2);
    f->in_buf.DataType = f->out_buf[0].DataType = VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8;
    f->in_buf.TotalTensorSizeInBytes = f->out_buf[0].TotalTensorSizeInBytes = 1ull << 32;
    f->op.OutputCount = 1;
    f->op.Axis = 0;
}
static void m_overflow_64(fixture* f)
{
    static const uint32_t in[8] = {0xffffffffu, 0xffffffffu, 0xffffffffu, 1, 1, 1, 1, 1};
    set_buffer(&f->in_buf, f->in_sizes, in, 8);
    f->in_buf.TotalTensorSizeInBytes = UINT64_MAX;
}
static void m_align_12(fixture* f) { f->in_buf.GuaranteedBaseOffsetAlignment = 12; }
static void m_align_2(fixture* f) { f->out_buf[1].GuaranteedBaseOffsetAlignment = 2; }
static void m_align_4(fixture* f)
{
    f->in_buf.GuaranteedBaseOffsetAlignment = 4;
    for (int i = 0; i < 3; i++)
        f->out_buf[i].GuaranteedBaseOffsetAlignment = 256;
}
static void m_align_256(fixture* f)
{
    f->in_buf.GuaranteedBaseOffsetAlignment = 256;
    for (int i = 0; i < 3; i++)
        f->out_buf[i].GuaranteedBaseOffsetAlignment = 256;
}
static void m_align_mixed(fixture* f)
{
    f->in_buf.GuaranteedBaseOffsetAlignment = 64;
    f->out_buf[0].GuaranteedBaseOffsetAlignment = 32;
}
static void m_owned_input(fixture* f) { f->in_buf.Flags = VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML; }
static void m_owned_output(fixture* f) { f->out_buf[1].Flags = VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML; }
static void m_unknown_flag(fixture* f) { f->in_buf.Flags = (vksplit_dml_tensor_flags)0x4; }
static void m_type_invalid(fixture* f) { f->in.Type = VKSPLIT_DML_TENSOR_TYPE_INVALID; }
static void m_out_type_invalid(fixture* f) { f->out[2].Type = (vksplit_dml_tensor_type)2; }
static void m_desc_null(fixture* f) { f->out[0].Desc = NULL; }
static void m_input_null(fixture* f) { f->op.InputTensor = NULL; }
static void m_outputs_null(fixture* f) { f->op.OutputTensors = NULL; }
static void m_sizes_null(fixture* f) { f->in_buf.Sizes = NULL; }

static const dml_case cases[] = {
    {"example 1", m_none, VKSPLIT_RULE_NONE, NULL},
    {"example 2", m_example2, VKSPLIT_RULE_NONE, NULL},
    {"one output is a copy", m_one_output, VKSPLIT_RULE_NONE, NULL},
    {"OutputCount 0", m_output_count_0, VKSPLIT_RULE_DML_OUTPUT_COUNT_ZERO, "OutputCount is 0"},
    {"OutputCount over the limit", m_output_count_huge, VKSPLIT_RULE_DML_OUTPUT_COUNT_LIMIT, "OutputCount 65537"},
    {"Axis == DimensionCount", m_axis_4, VKSPLIT_RULE_DML_AXIS, "Axis 4 is out of range [0, 3]"},
    {"Axis huge", m_axis_huge, VKSPLIT_RULE_DML_AXIS, "Axis 4294967295"},
    {"DimensionCount 0", m_rank_0, VKSPLIT_RULE_DML_DIMENSION_COUNT, "InputTensor.DimensionCount 0"},
    {"DimensionCount 9", m_rank_9, VKSPLIT_RULE_DML_DIMENSION_COUNT, "InputTensor.DimensionCount 9"},
    {"DimensionCount 1", m_rank_1, VKSPLIT_RULE_NONE, NULL},
    {"DimensionCount 8", m_rank_8, VKSPLIT_RULE_NONE, NULL},
    {"5 dims at 3_0", m_rank_5_at_3_0, VKSPLIT_RULE_NONE, NULL},
    {"5 dims at 2_1", m_rank_5_at_2_1, VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL, "needs DML_FEATURE_LEVEL_3_0"},
    {"3 dims at 1_0", m_rank_3_at_1_0, VKSPLIT_RULE_DML_DIMENSION_COUNT_FEATURE_LEVEL,
     "DimensionCount 3 needs DML_FEATURE_LEVEL_3_0"},
    {"4 dims at 1_0", m_rank_4_at_1_0, VKSPLIT_RULE_NONE, NULL},
    {"feature level below 1_0", m_level_below, VKSPLIT_RULE_DML_FEATURE_LEVEL, "0x900"},
    {"DataType UNKNOWN", m_type_0, VKSPLIT_RULE_DML_DATA_TYPE, "InputTensor.DataType 0"},
    {"DataType 12", m_type_12, VKSPLIT_RULE_DML_DATA_TYPE, "DataType 12"},
    {"DataType 99", m_type_99, VKSPLIT_RULE_DML_DATA_TYPE, "DataType 99"},
    {"INT8 at 1_0", m_int8_at_1_0, VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL,
     "INT8 needs DML_FEATURE_LEVEL_2_1; the target is DML_FEATURE_LEVEL_1_0"},
    {"UINT8 at 2_0", m_uint8_at_2_0, VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL, "UINT8 needs DML_FEATURE_LEVEL_2_1"},
    {"INT8 at 2_1", m_int8_at_2_1, VKSPLIT_RULE_NONE, NULL},
    {"FLOAT64 at 4_0", m_f64_at_4_0, VKSPLIT_RULE_DML_DATA_TYPE_FEATURE_LEVEL, "FLOAT64 needs DML_FEATURE_LEVEL_4_1"},
    {"FLOAT64 at 4_1", m_f64_at_4_1, VKSPLIT_RULE_NONE, NULL},
    {"INT64 at 5_0", m_i64_at_5_0, VKSPLIT_RULE_NONE, NULL},
    {"FLOAT16 at 1_0", m_f16_at_1_0, VKSPLIT_RULE_NONE, NULL},
    {"output DataType differs", m_out_type, VKSPLIT_RULE_DML_DATA_TYPE_MISMATCH,
     "OutputTensors[1].DataType is INT32 (6) but InputTensor.DataType is FLOAT32 (1)"},
    {"output DimensionCount differs", m_out_rank, VKSPLIT_RULE_DML_DIMENSION_COUNT_MISMATCH,
     "OutputTensors[2].DimensionCount is 3 but InputTensor.DimensionCount is 4"},
    {"output size off the axis differs", m_out_size_off_axis, VKSPLIT_RULE_DML_SIZES_MISMATCH,
     "OutputTensors[2].Sizes[1] is 5 but InputTensor.Sizes[1] is 4"},
    {"input size 0", m_in_size_zero, VKSPLIT_RULE_DML_SIZE_ZERO, "InputTensor.Sizes[3] is 0"},
    {"output axis size 0", m_out_size_zero, VKSPLIT_RULE_DML_SIZE_ZERO, "OutputTensors[1].Sizes[2] is 0"},
    {"axis sizes sum short", m_sum_short, VKSPLIT_RULE_DML_SPLIT_SUM, "sum to 5 but InputTensor.Sizes[2] is 6"},
    {"axis sizes sum long", m_sum_long, VKSPLIT_RULE_DML_SPLIT_SUM, "sum to 7"},
    {"input TotalTensorSizeInBytes small", m_in_total_small, VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE,
     "InputTensor.TotalTensorSizeInBytes is 44 but"},
    {"output TotalTensorSizeInBytes small", m_out_total_small, VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE,
     "OutputTensors[2].TotalTensorSizeInBytes is 20"},
    {"TotalTensorSizeInBytes larger", m_total_large, VKSPLIT_RULE_NONE, NULL},
    {"3 bytes round up to 4", m_round_up_to_4, VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE, "need 4"},
    {"4 bytes for 3 uint8", m_round_up_ok, VKSPLIT_RULE_NONE, NULL},
    {"padded input strides", m_in_strides_padded, VKSPLIT_RULE_NONE, NULL},
    {"padded input strides, packed size", m_in_strides_padded_small, VKSPLIT_RULE_DML_TOTAL_TENSOR_SIZE, "need 88"},
    {"broadcast input", m_in_broadcast, VKSPLIT_RULE_NONE, NULL},
    {"padded output strides", m_out_padded, VKSPLIT_RULE_NONE, NULL},
    {"broadcast output", m_out_broadcast, VKSPLIT_RULE_DML_OVERLAPPING_STRIDES,
     "OutputTensors[2].Strides {0, 0, 0, 1} with Sizes {1, 1, 3, 2} let two elements share an address"},
    {"interleaved output", m_out_interleaved, VKSPLIT_RULE_DML_OVERLAPPING_STRIDES,
     "OutputTensors[0].Strides {4, 4, 1, 1}"},
    {"2^32 elements", m_elements_2_32, VKSPLIT_RULE_DML_ELEMENT_COUNT_LIMIT, "at most 2^32 - 1"},
    {"2^32 - 1 elements", m_elements_2_32_minus_1, VKSPLIT_RULE_NONE, NULL},
    {"size overflows 64 bits", m_overflow_64, VKSPLIT_RULE_DML_BUFFER_SIZE_OVERFLOW, "overflows 64 bits"},
    {"alignment 12", m_align_12, VKSPLIT_RULE_DML_ALIGNMENT_POWER_OF_TWO,
     "InputTensor.GuaranteedBaseOffsetAlignment 12 is not a power of two"},
    {"alignment 2 < 4", m_align_2, VKSPLIT_RULE_DML_ALIGNMENT_BELOW_ELEMENT,
     "OutputTensors[1].GuaranteedBaseOffsetAlignment 2 is less than"},
    {"alignment 4 and 256", m_align_4, VKSPLIT_RULE_NONE, NULL},
    {"alignment 256", m_align_256, VKSPLIT_RULE_NONE, NULL},
    {"alignment 64, 32 and 0", m_align_mixed, VKSPLIT_RULE_NONE, NULL},
    {"OWNED_BY_DML input", m_owned_input, VKSPLIT_RULE_NONE, NULL},
    {"OWNED_BY_DML output", m_owned_output, VKSPLIT_RULE_DML_FLAGS_OWNED_BY_DML,
     "OutputTensors[1].Flags has DML_TENSOR_FLAG_OWNED_BY_DML"},
    {"unknown flag", m_unknown_flag, VKSPLIT_RULE_DML_FLAGS_UNKNOWN, "unknown bits 0x4"},
    {"input Type INVALID", m_type_invalid, VKSPLIT_RULE_DML_TENSOR_TYPE, "InputTensor.Type is 0"},
    {"output Type 2", m_out_type_invalid, VKSPLIT_RULE_DML_TENSOR_TYPE, "OutputTensors[2].Type is 2"},
    {"output Desc NULL", m_desc_null, VKSPLIT_RULE_DML_TENSOR_DESC_NULL, "OutputTensors[0].Desc is NULL"},
    {"InputTensor NULL", m_input_null, VKSPLIT_RULE_DML_INPUT_TENSOR_NULL, "InputTensor is NULL"},
    {"OutputTensors NULL", m_outputs_null, VKSPLIT_RULE_DML_OUTPUT_TENSORS_NULL, "OutputTensors is NULL"},
    {"Sizes NULL", m_sizes_null, VKSPLIT_RULE_DML_SIZES_NULL, "InputTensor.Sizes is NULL"},
};

#define SENTINEL 0x5a5a5a5a5a5a5a5aull

static void run_case(const dml_case* c)
{
    fixture f;
    fixture_init(&f);
    c->mutate(&f);
    uint64_t lengths[MAX_OUT], strides[MAX_OUT * VKSPLIT_MAX_RANK];
    const uint64_t* table[MAX_OUT];
    for (int i = 0; i < MAX_OUT; i++)
        lengths[i] = SENTINEL;
    vksplit_dml_split_storage storage;
    memset(&storage, 0, sizeof storage);
    storage.capacity = MAX_OUT;
    storage.lengths = lengths;
    storage.output_strides = strides;
    storage.output_stride_table = table;
    vksplit_split_desc out;
    memset(&out, 0xab, sizeof out);
    vksplit_split_desc before = out;
    vksplit_error err;
    memset(&err, 0, sizeof err);
    vksplit_result r = vksplit_dml_translate_split(&f.op, f.level, &storage, &out, &err);
    test_expect_rule(c->name, r, &err, c->rule, c->shows);
    CHECK_MSG(err.code == r, "%s: error.code %d differs from the result %d", c->name, err.code, r);
    if (r != VKSPLIT_OK) {
        CHECK_MSG(memcmp(&out, &before, sizeof out) == 0, "%s: *out was written on error", c->name);
        CHECK_MSG(strchr(err.message, '\n') == NULL && err.message[0], "%s: not one line", c->name);
        CHECK_MSG(lengths[0] == SENTINEL, "%s: storage written on error", c->name); /* all checked first */
    } else {
        CHECK_MSG(vksplit_validate_split(&out, NULL) == VKSPLIT_OK, "%s: the result is not a valid split", c->name);
        CHECK_MSG(out.sizes == storage.sizes && out.lengths == storage.lengths, "%s: desc must point into storage",
                  c->name);
    }
}

/* The translation of example 1 field by field, and of the alignment and stride cases. */
static void check_translation(void)
{
    fixture f;
    fixture_init(&f);
    uint64_t lengths[3];
    vksplit_dml_split_storage storage;
    memset(&storage, 0, sizeof storage);
    storage.capacity = 3;
    storage.lengths = lengths;
    vksplit_split_desc out;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.op, VKSPLIT_DML_FEATURE_LEVEL_1_0, &storage, &out, &err),
                 &err);
    CHECK(out.element_size == 4 && out.rank == 4 && out.axis == 2 && out.output_count == 3);
    CHECK(out.sizes[0] == 1 && out.sizes[1] == 1 && out.sizes[2] == 6 && out.sizes[3] == 2);
    CHECK(lengths[0] == 2 && lengths[1] == 1 && lengths[2] == 3);
    CHECK(out.input_strides == NULL && out.output_strides == NULL);
    CHECK(out.base_alignment == 16); /* 0 means DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT */

    /* Capacity below OutputCount, and no split array. */
    storage.capacity = 2;
    CHECK_RULE(VKSPLIT_RULE_DML_STORAGE_CAPACITY, vksplit_dml_translate_split(&f.op, 0, &storage, &out, &err), &err);
    storage.capacity = 3;
    storage.lengths = NULL;
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_dml_translate_split(&f.op, 0, &storage, &out, &err), &err);
    storage.lengths = lengths;
    CHECK_RULE(VKSPLIT_RULE_STORAGE_NULL, vksplit_dml_translate_split(&f.op, 0, NULL, &out, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_OUT_NULL, vksplit_dml_translate_split(&f.op, 0, &storage, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_DML_OPERATOR_NULL, vksplit_dml_translate_split(NULL, 0, &storage, &out, &err), &err);
    /* An output with Strides needs the stride arrays. */
    m_out_padded(&f);
    CHECK_RULE(VKSPLIT_RULE_DML_STORAGE_STRIDES_NULL, vksplit_dml_translate_split(&f.op, 0, &storage, &out, &err),
               &err);
    uint64_t rows[3 * VKSPLIT_MAX_RANK];
    const uint64_t* table[3];
    storage.output_strides = rows;
    storage.output_stride_table = table;
    m_in_strides_padded(&f);
    m_align_mixed(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.op, 0, &storage, &out, &err), &err);
    CHECK(out.input_strides == storage.input_strides && out.input_strides[2] == 4 && out.input_strides[0] == 24);
    CHECK(out.output_strides == table && table[0] == rows && table[1] == NULL && table[2] == NULL);
    CHECK(rows[0] == 16 && rows[1] == 16 && rows[2] == 4 && rows[3] == 1);
    CHECK(out.base_alignment == 16); /* min(64, 32, 0 -> 16) */
    fixture_init(&f);
    m_align_256(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.op, 0, &storage, &out, &err), &err);
    CHECK(out.base_alignment == 256);
    fixture_init(&f);
    m_align_4(&f);
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.op, 0, &storage, &out, &err), &err);
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
        set_type(&f, widths[i].t, widths[i].size);
        CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&f.op, 0, &storage, &out, &err), &err);
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
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
    check_translation();
    check_support_query();
    check_calc();
    printf("%zu rule cases\n", sizeof cases / sizeof cases[0]);
    return test_finish(NULL);
}
