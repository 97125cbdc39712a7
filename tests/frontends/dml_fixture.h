/* The DirectML rules tests' fixture (test_directml_rules.c, test_directml_join_rules.c): one
 * whole tensor and up to DML_MAX_PARTS parts, which DML_SPLIT_OPERATOR_DESC reads as its input
 * and outputs and DML_JOIN_OPERATOR_DESC as its output and inputs. Both operators are kept
 * pointing at the same tensors, so that a mutation of the buffer tensor rules the two share
 * (sizes, strides, types, alignment, the whole's dimension count) is written once and each
 * test states what its operator makes of it. */
#ifndef VKSPLIT_TESTS_DML_FIXTURE_H
#define VKSPLIT_TESTS_DML_FIXTURE_H

#include "test_harness.h"
#include "vksplit/directml.h"

#define DML_MAX_PARTS 4
#define DML_SENTINEL 0x5a5a5a5a5a5a5a5aull

typedef struct dml_fixture {
    uint32_t whole_sizes[8], whole_strides[8];
    uint32_t part_sizes[DML_MAX_PARTS][8], part_strides[DML_MAX_PARTS][8];
    vksplit_dml_buffer_tensor_desc whole_buf, part_buf[DML_MAX_PARTS];
    vksplit_dml_tensor_desc whole, part[DML_MAX_PARTS];
    vksplit_dml_split_operator_desc split;
    vksplit_dml_join_operator_desc join;
    vksplit_dml_feature_level level;
} dml_fixture;

typedef void (*dml_mutate_fn)(dml_fixture*);

/* A case: the fixture at a feature level, reshaped to a rank and retyped, then mutated. */
typedef struct dml_case {
    const char* name;
    vksplit_rule rule;                 /* VKSPLIT_RULE_NONE: accepted */
    const char* shows;                 /* values the message must show (the rule is told by id) */
    vksplit_dml_feature_level level;   /* 0: NEWEST */
    uint32_t rank;                     /* 0: the fixture's 4 */
    vksplit_dml_tensor_data_type type; /* 0: the fixture's FLOAT32 */
    dml_mutate_fn mutate;              /* NULL: none */
} dml_case;

static inline uint64_t dml_packed_bytes(const uint32_t* sizes, uint32_t rank, uint32_t element_size)
{
    uint64_t n = element_size;
    for (uint32_t k = 0; k < rank; k++)
        n *= sizes[k];
    return (n + 3) / 4 * 4;
}

static inline void dml_set_buffer(vksplit_dml_buffer_tensor_desc* b, uint32_t* sizes, const uint32_t* values,
                                  uint32_t rank)
{
    memset(b, 0, sizeof *b);
    b->DataType = VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32;
    b->DimensionCount = rank;
    memcpy(sizes, values, rank * sizeof values[0]);
    b->Sizes = sizes;
    b->TotalTensorSizeInBytes = dml_packed_bytes(values, rank, 4);
}

static inline void dml_set_whole(dml_fixture* f, const uint32_t* sizes, uint32_t rank)
{
    dml_set_buffer(&f->whole_buf, f->whole_sizes, sizes, rank);
}

static inline void dml_set_part(dml_fixture* f, int i, const uint32_t* sizes, uint32_t rank)
{
    dml_set_buffer(&f->part_buf[i], f->part_sizes[i], sizes, rank);
}

/* Both operators' part count and axis. */
static inline void dml_set_parts(dml_fixture* f, uint32_t count, uint32_t axis)
{
    f->split.OutputCount = f->join.InputCount = count;
    f->split.Axis = f->join.Axis = axis;
}

static inline void dml_set_axis(dml_fixture* f, uint32_t axis) { f->split.Axis = f->join.Axis = axis; }

/* Strides on a buffer tensor, held in the fixture's row for it. */
static inline void dml_set_strides(vksplit_dml_buffer_tensor_desc* b, uint32_t* row, const uint32_t* strides)
{
    memcpy(row, strides, b->DimensionCount * sizeof strides[0]);
    b->Strides = row;
}

/* FLOAT32 tensors, `parts[i]` of the whole (DML_MAX_PARTS of them, the spare ones too), `count`
 * of them on `axis`, at the newest feature level. */
static inline void dml_fixture_init(dml_fixture* f, const uint32_t whole[4], const uint32_t* const parts[DML_MAX_PARTS],
                                    uint32_t count, uint32_t axis)
{
    memset(f, 0, sizeof *f);
    dml_set_whole(f, whole, 4);
    f->whole.Type = VKSPLIT_DML_TENSOR_TYPE_BUFFER;
    f->whole.Desc = &f->whole_buf;
    for (int i = 0; i < DML_MAX_PARTS; i++) {
        dml_set_part(f, i, parts[i], 4);
        f->part[i].Type = VKSPLIT_DML_TENSOR_TYPE_BUFFER;
        f->part[i].Desc = &f->part_buf[i];
    }
    f->split.InputTensor = &f->whole;
    f->split.OutputTensors = f->part;
    f->join.OutputTensor = &f->whole;
    f->join.InputTensors = f->part;
    dml_set_parts(f, count, axis);
    f->level = VKSPLIT_DML_FEATURE_LEVEL_NEWEST;
}

/* Sets every tensor to `type` with TotalTensorSizeInBytes recomputed for its packed size. */
static inline void dml_set_type(dml_fixture* f, vksplit_dml_tensor_data_type type, uint32_t size)
{
    f->whole_buf.DataType = type;
    f->whole_buf.TotalTensorSizeInBytes = dml_packed_bytes(f->whole_sizes, f->whole_buf.DimensionCount, size);
    for (int i = 0; i < DML_MAX_PARTS; i++) {
        f->part_buf[i].DataType = type;
        f->part_buf[i].TotalTensorSizeInBytes = dml_packed_bytes(f->part_sizes[i], f->part_buf[i].DimensionCount, size);
    }
}

/* Reshapes every tensor to `rank` dimensions: parts 2, 1, 3 on axis 0 of {6, 1, 1...}. */
static inline void dml_set_rank(dml_fixture* f, uint32_t rank)
{
    static const uint32_t heads[3] = {2, 1, 3};
    uint32_t whole[8] = {6, 1, 1, 1, 1, 1, 1, 1}, part[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    dml_set_whole(f, whole, rank);
    for (int i = 0; i < 3; i++) {
        part[0] = heads[i];
        dml_set_part(f, i, part, rank);
    }
    dml_set_axis(f, 0);
}

/* The case's level, rank and type, then its mutation. */
static inline void dml_apply(dml_fixture* f, const dml_case* c)
{
    f->level = c->level;
    if (c->rank)
        dml_set_rank(f, c->rank);
    if (c->type)
        dml_set_type(f, c->type, vksplit_dml_data_type_size(c->type));
    if (c->mutate)
        c->mutate(f);
}

/* The mutations both tests make; each names the tensor it changes. */
static inline void m_one_part(dml_fixture* f)
{
    f->split.OutputCount = f->join.InputCount = 1;
    f->part_sizes[0][2] = 6;
    f->part_buf[0].TotalTensorSizeInBytes = 48;
}
static inline void m_axis_4(dml_fixture* f) { dml_set_axis(f, 4); }
static inline void m_axis_huge(dml_fixture* f) { dml_set_axis(f, 0xffffffffu); }
static inline void m_rank_0(dml_fixture* f) { f->whole_buf.DimensionCount = 0; }
static inline void m_rank_9(dml_fixture* f) { f->whole_buf.DimensionCount = 9; }
static inline void m_type_0(dml_fixture* f) { dml_set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_UNKNOWN, 4); }
static inline void m_part_type(dml_fixture* f) { f->part_buf[1].DataType = VKSPLIT_DML_TENSOR_DATA_TYPE_INT32; }
static inline void m_part_rank(dml_fixture* f) { f->part_buf[2].DimensionCount = 3; }
static inline void m_whole_total_small(dml_fixture* f) { f->whole_buf.TotalTensorSizeInBytes = 44; }
static inline void m_total_large(dml_fixture* f) { f->whole_buf.TotalTensorSizeInBytes = 4096; }
/* uint8 {1} + {2} of {3}: 3 bytes round up to 4. */
static inline void m_round_up_to_4(dml_fixture* f)
{
    static const uint32_t whole[1] = {3}, one[1] = {1}, two[1] = {2};
    dml_set_whole(f, whole, 1);
    dml_set_part(f, 0, one, 1);
    dml_set_part(f, 1, two, 1);
    dml_set_type(f, VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8, 1);
    f->whole_buf.TotalTensorSizeInBytes = 3;
    dml_set_parts(f, 2, 0);
}
static inline void m_round_up_ok(dml_fixture* f)
{
    m_round_up_to_4(f);
    f->whole_buf.TotalTensorSizeInBytes = 4;
}
static inline void dml_set_whole_strides(dml_fixture* f, const uint32_t strides[4], uint64_t total)
{
    dml_set_strides(&f->whole_buf, f->whole_strides, strides);
    f->whole_buf.TotalTensorSizeInBytes = total;
}
/* The whole with a padded row stride 4 on {1,1,6,2}: (5*4 + 1 + 1) * 4 = 88 bytes, not the
 * packed 48; fewer are refused. */
static inline void dml_pad_whole(dml_fixture* f, uint64_t total)
{
    static const uint32_t s[4] = {24, 24, 4, 1};
    dml_set_whole_strides(f, s, total);
}
static inline void m_whole_strides_padded(dml_fixture* f) { dml_pad_whole(f, 88); }
static inline void m_whole_strides_padded_small(dml_fixture* f) { dml_pad_whole(f, 84); }
/* Stride 0 on the axis: DMLCalc needs only (1 + 1) * 4 = 8 bytes. */
static inline void m_whole_broadcast(dml_fixture* f)
{
    static const uint32_t s[4] = {0, 0, 0, 1};
    dml_set_whole_strides(f, s, 8);
}
/* Row stride 4 on a {1,1,2,2} part: (4 + 1 + 1) * 4 = 24 bytes. */
static inline void dml_pad_part(dml_fixture* f, int i)
{
    static const uint32_t s[4] = {16, 16, 4, 1};
    dml_set_strides(&f->part_buf[i], f->part_strides[i], s);
    f->part_buf[i].TotalTensorSizeInBytes = 24;
}
static inline void dml_elements(dml_fixture* f, const uint32_t sizes[2])
{
    dml_set_whole(f, sizes, 2);
    dml_set_part(f, 0, sizes, 2);
    f->whole_buf.DataType = f->part_buf[0].DataType = VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8;
    dml_set_parts(f, 1, 0);
}
static inline void m_elements_2_32(dml_fixture* f)
{
    static const uint32_t sizes[2] = {65536, 65537};
    dml_elements(f, sizes);
}
static inline void m_elements_2_32_minus_1(dml_fixture* f)
{
    static const uint32_t sizes[2] = {65535, 65537}; /* 2^32 - 1 elements */
    dml_elements(f, sizes);
    f->whole_buf.TotalTensorSizeInBytes = f->part_buf[0].TotalTensorSizeInBytes = 1ull << 32;
}
static inline void m_overflow_64(dml_fixture* f)
{
    static const uint32_t whole[8] = {0xffffffffu, 0xffffffffu, 0xffffffffu, 1, 1, 1, 1, 1};
    dml_set_whole(f, whole, 8);
    f->whole_buf.TotalTensorSizeInBytes = UINT64_MAX;
}
static inline void m_align_12(dml_fixture* f) { f->whole_buf.GuaranteedBaseOffsetAlignment = 12; }
static inline void m_align_2(dml_fixture* f) { f->part_buf[1].GuaranteedBaseOffsetAlignment = 2; }
static inline void m_align_256(dml_fixture* f)
{
    f->whole_buf.GuaranteedBaseOffsetAlignment = 256;
    for (int i = 0; i < 3; i++)
        f->part_buf[i].GuaranteedBaseOffsetAlignment = 256;
}
static inline void m_align_mixed(dml_fixture* f)
{
    f->whole_buf.GuaranteedBaseOffsetAlignment = 64;
    f->part_buf[0].GuaranteedBaseOffsetAlignment = 32;
}
static inline void m_whole_owned(dml_fixture* f) { f->whole_buf.Flags = VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML; }
static inline void m_whole_type_invalid(dml_fixture* f) { f->whole.Type = VKSPLIT_DML_TENSOR_TYPE_INVALID; }
static inline void m_part_desc_null(dml_fixture* f) { f->part[0].Desc = NULL; }
static inline void m_whole_sizes_null(dml_fixture* f) { f->whole_buf.Sizes = NULL; }

/* The arrays a translation's storage points at, for DML_MAX_PARTS parts. */
typedef struct dml_arrays {
    uint64_t lengths[DML_MAX_PARTS];
    uint64_t strides[DML_MAX_PARTS * VKSPLIT_MAX_RANK];
    const uint64_t* table[DML_MAX_PARTS];
} dml_arrays;

/* Before a translation: the lengths all DML_SENTINEL, *out and its copy `before` poisoned, the
 * error cleared. */
static inline void dml_poison(uint64_t* lengths, void* out, void* before, size_t out_size, vksplit_error* err)
{
    for (int i = 0; i < DML_MAX_PARTS; i++)
        lengths[i] = DML_SENTINEL;
    memset(out, 0xab, out_size);
    memcpy(before, out, out_size);
    memset(err, 0, sizeof *err);
}

/* After one: the case's rule, the code in the error; a refusal on one line that wrote neither
 * *out nor the lengths (every rule is checked before the first write). Returns whether the
 * translation was accepted. */
static inline int dml_expect(const dml_case* c, vksplit_result r, const vksplit_error* err, const void* out,
                             const void* before, size_t out_size, const uint64_t* lengths)
{
    test_expect_rule(c->name, r, err, c->rule, c->shows);
    CHECK_MSG(err->code == r, "%s: error.code %d differs from the result %d", c->name, err->code, r);
    if (r == VKSPLIT_OK)
        return 1;
    CHECK_MSG(memcmp(out, before, out_size) == 0, "%s: *out was written on error", c->name);
    CHECK_MSG(strchr(err->message, '\n') == NULL && err->message[0], "%s: not one line", c->name);
    CHECK_MSG(lengths[0] == DML_SENTINEL, "%s: storage written on error", c->name);
    return 0;
}

#endif
