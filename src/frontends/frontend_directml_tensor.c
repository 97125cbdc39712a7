/* DirectML buffer tensors: the checks of one DML_BUFFER_TENSOR_DESC that the Split and Join
 * front-ends share, DMLCalcBufferTensorSize, and the data types. The document (Microsoft
 * Learn): "DML_BUFFER_TENSOR_DESC structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_buffer_tensor_desc
 * Each operator's "Tensor support" table is its own page's (below). */
#include "frontends/frontend_directml_tensor.h"

#include <stdio.h>

#include "rules/request_layout.h"
#include "rules/request_rules.h"

/* The mirrors convert by a cast only if the enums are 32-bit like DirectML's. */
_Static_assert(sizeof(vksplit_dml_tensor_data_type) == 4, "DML_TENSOR_DATA_TYPE is 32-bit");
_Static_assert(sizeof(vksplit_dml_tensor_flags) == 4, "DML_TENSOR_FLAGS is 32-bit");
_Static_assert(sizeof(vksplit_dml_tensor_type) == 4, "DML_TENSOR_TYPE is 32-bit");

/* DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT: what every DirectML buffer binding already promises. */
#define DML_MINIMUM_ALIGNMENT 16u
/* "The total size of a buffer tensor may not exceed (2^32 - 1) elements." */
#define DML_MAX_ELEMENTS 0xffffffffull
#define DML_LAST_KNOWN_TYPE VKSPLIT_DML_TENSOR_DATA_TYPE_INT64

static const struct {
    const char* name;
    uint32_t size;
} data_types[] = {
    {"UNKNOWN", 0}, {"FLOAT32", 4}, {"FLOAT16", 2}, {"UINT32", 4},  {"UINT16", 2}, {"UINT8", 1},
    {"INT32", 4},   {"INT16", 2},   {"INT8", 1},    {"FLOAT64", 8}, {"UINT64", 8}, {"INT64", 8},
};

uint32_t vksplit_dml_data_type_size(vksplit_dml_tensor_data_type data_type)
{
    return (uint32_t)data_type <= DML_LAST_KNOWN_TYPE ? data_types[data_type].size : 0;
}

const char* vksplit_dml_data_type_name(vksplit_dml_tensor_data_type data_type)
{
    return (uint32_t)data_type <= DML_LAST_KNOWN_TYPE ? data_types[data_type].name : "UNKNOWN";
}

#define BIT(t) (1u << VKSPLIT_DML_TENSOR_DATA_TYPE_##t)
#define TYPES_1_0 (BIT(FLOAT32) | BIT(FLOAT16) | BIT(INT32) | BIT(INT16) | BIT(UINT32) | BIT(UINT16))
#define TYPES_2_1 (TYPES_1_0 | BIT(INT8) | BIT(UINT8))
#define TYPES_4_1 (TYPES_2_1 | BIT(FLOAT64) | BIT(INT64) | BIT(UINT64))

/* Each operator's "Tensor support" tables, oldest first, as its page has them (the same for
 * its input and output tensors). The pages: "DML_SPLIT_OPERATOR_DESC structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_split_operator_desc
 * and "DML_JOIN_OPERATOR_DESC structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_join_operator_desc
 * They differ in the dimension counts from DML_FEATURE_LEVEL_3_0 to 4_0: Split takes 1 to 8
 * there, Join 4 to 5 (1 to 8 only from 4_1). */
static const vksplit__dml_support_row support_rows[] = {
    /* DML_SPLIT_OPERATOR_DESC */
    {VKSPLIT_DML_FEATURE_LEVEL_1_0, {4, 4, TYPES_1_0}},
    {VKSPLIT_DML_FEATURE_LEVEL_2_1, {4, 4, TYPES_2_1}},
    {VKSPLIT_DML_FEATURE_LEVEL_3_0, {1, 8, TYPES_2_1}},
    {VKSPLIT_DML_FEATURE_LEVEL_4_1, {1, 8, TYPES_4_1}},
    /* DML_JOIN_OPERATOR_DESC */
    {VKSPLIT_DML_FEATURE_LEVEL_1_0, {4, 4, TYPES_1_0}},
    {VKSPLIT_DML_FEATURE_LEVEL_2_1, {4, 4, TYPES_2_1}},
    {VKSPLIT_DML_FEATURE_LEVEL_3_0, {4, 5, TYPES_2_1}},
    {VKSPLIT_DML_FEATURE_LEVEL_4_1, {1, 8, TYPES_4_1}},
};
#define ROWS 4 /* per operator */
_Static_assert(sizeof support_rows / sizeof support_rows[0] == 2 * ROWS, "Split's rows, then Join's");
const vksplit__dml_operator vksplit__dml_split = {false, support_rows, ROWS};
const vksplit__dml_operator vksplit__dml_join = {true, support_rows + ROWS, ROWS};

/* "DML_FEATURE_LEVEL_2_1" */
static void format_level(char* buffer, size_t capacity, uint32_t level)
{
    snprintf(buffer, capacity, "DML_FEATURE_LEVEL_%u_%u", (level >> 12) & 0xfu, (level >> 8) & 0xfu);
}

vksplit_result vksplit__dml_query_support(const vksplit__dml_operator* op, uint32_t level,
                                          vksplit_dml_split_support* support, vksplit_error* error)
{
    if (!support)
        return VKSPLIT__FAIL0(error, DML_SUPPORT_NULL);
    if (level == VKSPLIT_DML_FEATURE_LEVEL_NEWEST) {
        *support = op->rows[op->row_count - 1].support;
        return vksplit__ok(error);
    }
    if (level < VKSPLIT_DML_FEATURE_LEVEL_1_0)
        return VKSPLIT__DML_FAIL(error, op, DML_FEATURE_LEVEL, DML_JOIN_FEATURE_LEVEL, level);
    size_t row = 0;
    while (row + 1 < op->row_count && op->rows[row + 1].level <= level)
        row++;
    *support = op->rows[row].support;
    return vksplit__ok(error);
}

vksplit_result vksplit__dml_target_init(const vksplit__dml_operator* op, uint32_t level, vksplit__dml_target* target,
                                        vksplit_error* error)
{
    target->op = op;
    vksplit_result r = vksplit__dml_query_support(op, level, &target->support, error);
    if (r == VKSPLIT_OK)
        format_level(target->name, sizeof target->name, level ? level : op->rows[op->row_count - 1].level);
    return r;
}

/* Elements DMLCalcBufferTensorSize counts before multiplying by the element size. */
static bool implied_elements(uint32_t count, const uint32_t* sizes, const uint32_t* strides, uint64_t* elements)
{
    uint64_t total = 1; /* packed: the product; strided: the last index + 1 */
    if (!strides) {
        for (uint32_t k = 0; k < count; k++)
            if (!vksplit__mul_u64(total, sizes[k], &total))
                return false;
    } else {
        uint64_t last = 0;
        for (uint32_t k = 0; k < count; k++) {
            uint64_t reach = (uint64_t)(sizes[k] - 1) * strides[k]; /* < 2^64: both factors < 2^32 */
            if (!vksplit__add_u64(last, reach, &last))
                return false;
        }
        if (!vksplit__add_u64(last, 1, &total))
            return false;
    }
    *elements = total;
    return true;
}

static bool implied_bytes(uint64_t elements, uint32_t element_size, uint64_t* bytes)
{
    uint64_t b;
    if (!vksplit__mul_u64(elements, element_size, &b) || !vksplit__add_u64(b, 3, &b))
        return false;
    *bytes = b & ~(uint64_t)3;
    return true;
}

static void format_u32s(char* buffer, size_t capacity, const uint32_t* values, uint32_t count)
{
    uint64_t wide[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < count; k++)
        wide[k] = values[k];
    vksplit__format_u64s(buffer, capacity, wide, count);
}

/* The oldest table row whose support passes `allows`: the level a request needs. */
static void needed_level(const vksplit__dml_operator* op, bool (*allows)(const vksplit_dml_split_support*, uint32_t),
                         uint32_t value, char* name, size_t capacity)
{
    size_t row = 0;
    while (row + 1 < op->row_count && !allows(&op->rows[row].support, value))
        row++;
    format_level(name, capacity, op->rows[row].level);
}

static bool allows_type(const vksplit_dml_split_support* s, uint32_t t)
{
    return t < 32 && (s->data_type_mask & (1u << t));
}

static bool allows_rank(const vksplit_dml_split_support* s, uint32_t n)
{
    return n >= s->min_dimension_count && n <= s->max_dimension_count;
}

/* DataType and DimensionCount: known to the operator at all, then allowed at the target level. */
static vksplit_result check_type_and_rank(const char* name, const vksplit_dml_buffer_tensor_desc* b,
                                          const vksplit__dml_target* tg, vksplit_error* error)
{
    const vksplit__dml_operator* op = tg->op;
    const vksplit_dml_split_support* newest = &op->rows[op->row_count - 1].support;
    uint32_t t = (uint32_t)b->DataType, n = b->DimensionCount;
    char needed[40];
    if (!allows_type(newest, t))
        return VKSPLIT__DML_FAIL(error, op, DML_DATA_TYPE, DML_JOIN_DATA_TYPE, name, t);
    if (!allows_type(&tg->support, t)) {
        needed_level(op, allows_type, t, needed, sizeof needed);
        return VKSPLIT__FAIL(error, DML_DATA_TYPE_FEATURE_LEVEL, name, data_types[t].name, needed, tg->name);
    }
    if (!allows_rank(newest, n))
        return VKSPLIT__FAIL(error, DML_DIMENSION_COUNT, name, n, newest->min_dimension_count,
                             newest->max_dimension_count);
    if (!allows_rank(&tg->support, n)) {
        needed_level(op, allows_rank, n, needed, sizeof needed);
        return VKSPLIT__FAIL(error, DML_DIMENSION_COUNT_FEATURE_LEVEL, name, n, needed, tg->name,
                             tg->support.min_dimension_count, tg->support.max_dimension_count);
    }
    return VKSPLIT_OK;
}

/* Flags (OWNED_BY_DML on inputs only) and GuaranteedBaseOffsetAlignment (0 or a power of
 * two at least the element size). */
static vksplit_result check_flags_and_alignment(const char* name, const vksplit_dml_buffer_tensor_desc* b,
                                                bool is_input, vksplit_error* error)
{
    uint32_t flags = (uint32_t)b->Flags, owned = VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML;
    if (flags & ~owned)
        return VKSPLIT__FAIL(error, DML_FLAGS_UNKNOWN, name, flags, flags & ~owned);
    if (!is_input && (flags & owned))
        return VKSPLIT__FAIL(error, DML_FLAGS_OWNED_BY_DML, name);
    uint32_t align = b->GuaranteedBaseOffsetAlignment, size = vksplit_dml_data_type_size(b->DataType);
    if (align != 0 && !vksplit__is_pow2(align))
        return VKSPLIT__FAIL(error, DML_ALIGNMENT_POWER_OF_TWO, name, align);
    if (align != 0 && align < size)
        return VKSPLIT__FAIL(error, DML_ALIGNMENT_BELOW_ELEMENT, name, align, size,
                             vksplit_dml_data_type_name(b->DataType));
    return VKSPLIT_OK;
}

/* Sizes (all > 0) and TotalTensorSizeInBytes (at least DMLCalcBufferTensorSize, and at most
 * 2^32 - 1 elements spanned). */
static vksplit_result check_sizes_and_bytes(const char* name, const vksplit_dml_buffer_tensor_desc* b,
                                            vksplit_error* error)
{
    if (!b->Sizes)
        return VKSPLIT__FAIL(error, DML_SIZES_NULL, name);
    for (uint32_t k = 0; k < b->DimensionCount; k++)
        if (b->Sizes[k] == 0)
            return VKSPLIT__FAIL(error, DML_SIZE_ZERO, name, k);
    uint64_t elements, bytes;
    char z[160];
    format_u32s(z, sizeof z, b->Sizes, b->DimensionCount);
    if (!implied_elements(b->DimensionCount, b->Sizes, b->Strides, &elements) ||
        !implied_bytes(elements, vksplit_dml_data_type_size(b->DataType), &bytes))
        return VKSPLIT__FAIL(error, DML_BUFFER_SIZE_OVERFLOW, name, z);
    if (elements > DML_MAX_ELEMENTS)
        return VKSPLIT__FAIL(error, DML_ELEMENT_COUNT_LIMIT, name, z, (unsigned long long)elements);
    if (b->TotalTensorSizeInBytes < bytes) {
        char s[160] = "(packed)";
        if (b->Strides)
            format_u32s(s, sizeof s, b->Strides, b->DimensionCount);
        return VKSPLIT__FAIL(error, DML_TOTAL_TENSOR_SIZE, name, (unsigned long long)b->TotalTensorSizeInBytes, z, s,
                             (unsigned long long)bytes);
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit__dml_check_buffer(const vksplit__dml_target* tg, const char* name,
                                         const vksplit_dml_buffer_tensor_desc* b, bool is_input, vksplit_error* error)
{
    vksplit_result r = check_type_and_rank(name, b, tg, error);
    if (r == VKSPLIT_OK)
        r = check_flags_and_alignment(name, b, is_input, error);
    if (r == VKSPLIT_OK)
        r = check_sizes_and_bytes(name, b, error);
    return r;
}

vksplit_result vksplit_dml_calc_buffer_tensor_size(vksplit_dml_tensor_data_type data_type, uint32_t dimension_count,
                                                   const uint32_t* sizes, const uint32_t* strides, uint64_t* bytes,
                                                   vksplit_error* error)
{
    if (!bytes)
        return VKSPLIT__FAIL0(error, DML_CALC_BYTES_NULL);
    uint32_t element_size = vksplit_dml_data_type_size(data_type);
    if (element_size == 0)
        return VKSPLIT__FAIL(error, DML_CALC_DATA_TYPE, (uint32_t)data_type);
    if (dimension_count < 1 || dimension_count > VKSPLIT_MAX_RANK)
        return VKSPLIT__FAIL(error, DML_CALC_DIMENSION_COUNT, dimension_count, VKSPLIT_MAX_RANK);
    if (!sizes)
        return VKSPLIT__FAIL0(error, DML_CALC_SIZES_NULL);
    for (uint32_t k = 0; k < dimension_count; k++)
        if (sizes[k] == 0)
            return VKSPLIT__FAIL(error, DML_CALC_SIZE_ZERO, k);
    uint64_t elements;
    if (!implied_elements(dimension_count, sizes, strides, &elements) ||
        !implied_bytes(elements, element_size, bytes)) {
        char z[160];
        format_u32s(z, sizeof z, sizes, dimension_count);
        return VKSPLIT__FAIL(error, DML_CALC_OVERFLOW, z);
    }
    return vksplit__ok(error);
}

vksplit_result vksplit__dml_buffer_of(const vksplit__dml_target* tg, const char* name, const vksplit_dml_tensor_desc* t,
                                      const vksplit_dml_buffer_tensor_desc** out, vksplit_error* error)
{
    if (t->Type != VKSPLIT_DML_TENSOR_TYPE_BUFFER)
        return VKSPLIT__DML_FAIL(error, tg->op, DML_TENSOR_TYPE, DML_JOIN_TENSOR_TYPE, name, (uint32_t)t->Type);
    if (!t->Desc)
        return VKSPLIT__FAIL(error, DML_TENSOR_DESC_NULL, name);
    *out = (const vksplit_dml_buffer_tensor_desc*)t->Desc;
    return VKSPLIT_OK;
}

uint32_t vksplit__dml_binding_alignment(const vksplit_dml_buffer_tensor_desc* b)
{
    return b->GuaranteedBaseOffsetAlignment ? b->GuaranteedBaseOffsetAlignment : DML_MINIMUM_ALIGNMENT;
}

/* The canonical rule's one check (vksplit__find_overlap), worded in DirectML's fields. */
vksplit_result vksplit__dml_check_written_layout(const char* name, const vksplit_dml_buffer_tensor_desc* b,
                                                 vksplit_error* error)
{
    if (!b->Strides)
        return VKSPLIT_OK;
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < b->DimensionCount; k++) {
        sizes[k] = b->Sizes[k];
        strides[k] = b->Strides[k];
    }
    vksplit__overlap o;
    if (!vksplit__find_overlap(b->DimensionCount, sizes, strides, &o))
        return VKSPLIT_OK;
    char s[100], z[100];
    format_u32s(s, sizeof s, b->Strides, b->DimensionCount);
    format_u32s(z, sizeof z, b->Sizes, b->DimensionCount);
    return VKSPLIT__FAIL(error, DML_OVERLAPPING_STRIDES, name, s, z, o.dim, (unsigned long long)o.stride,
                         (unsigned long long)o.reach);
}
