/* DirectML front-end: DML_SPLIT_OPERATOR_DESC's rules, each with its own code and a message
 * naming the DirectML field, then the translation into the canonical split. The documents
 * (Microsoft Learn): "DML_SPLIT_OPERATOR_DESC structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_split_operator_desc
 * and "DML_BUFFER_TENSOR_DESC structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_buffer_tensor_desc */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "split_layout.h"
#include "split_rules.h"
#include "vksplit/directml.h"

/* The mirrors convert by a cast only if the enums are 32-bit like DirectML's. */
_Static_assert(sizeof(vksplit_dml_tensor_data_type) == 4, "DML_TENSOR_DATA_TYPE is 32-bit");
_Static_assert(sizeof(vksplit_dml_tensor_flags) == 4, "DML_TENSOR_FLAGS is 32-bit");
_Static_assert(sizeof(vksplit_dml_tensor_type) == 4, "DML_TENSOR_TYPE is 32-bit");

/* DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT: what every DirectML buffer binding already promises. */
#define DML_MINIMUM_ALIGNMENT 16u
/* "The total size of a buffer tensor may not exceed (2^32 - 1) elements." */
#define DML_MAX_ELEMENTS 0xffffffffull
#define DML_LAST_SPLIT_TYPE VKSPLIT_DML_TENSOR_DATA_TYPE_INT64

static const struct {
    const char* name;
    uint32_t size;
} data_types[] = {
    {"UNKNOWN", 0}, {"FLOAT32", 4}, {"FLOAT16", 2}, {"UINT32", 4},  {"UINT16", 2}, {"UINT8", 1},
    {"INT32", 4},   {"INT16", 2},   {"INT8", 1},    {"FLOAT64", 8}, {"UINT64", 8}, {"INT64", 8},
};

#define BIT(t) (1u << VKSPLIT_DML_TENSOR_DATA_TYPE_##t)
#define TYPES_1_0 (BIT(FLOAT32) | BIT(FLOAT16) | BIT(INT32) | BIT(INT16) | BIT(UINT32) | BIT(UINT16))
#define TYPES_2_1 (TYPES_1_0 | BIT(INT8) | BIT(UINT8))
#define TYPES_4_1 (TYPES_2_1 | BIT(FLOAT64) | BIT(INT64) | BIT(UINT64))

/* The spec's "Tensor support" tables, oldest first. */
static const struct {
    uint32_t level;
    vksplit_dml_split_support support;
} support_rows[] = {
    {VKSPLIT_DML_FEATURE_LEVEL_1_0, {4, 4, TYPES_1_0}},
    {VKSPLIT_DML_FEATURE_LEVEL_2_1, {4, 4, TYPES_2_1}},
    {VKSPLIT_DML_FEATURE_LEVEL_3_0, {1, 8, TYPES_2_1}},
    {VKSPLIT_DML_FEATURE_LEVEL_4_1, {1, 8, TYPES_4_1}},
};
#define SUPPORT_ROWS (sizeof support_rows / sizeof support_rows[0])

uint32_t vksplit_dml_data_type_size(vksplit_dml_tensor_data_type data_type)
{
    return (uint32_t)data_type <= DML_LAST_SPLIT_TYPE ? data_types[data_type].size : 0;
}

const char* vksplit_dml_data_type_name(vksplit_dml_tensor_data_type data_type)
{
    return (uint32_t)data_type <= DML_LAST_SPLIT_TYPE ? data_types[data_type].name : "UNKNOWN";
}

/* "DML_FEATURE_LEVEL_2_1" */
static void format_level(char* buffer, size_t capacity, uint32_t level)
{
    snprintf(buffer, capacity, "DML_FEATURE_LEVEL_%u_%u", (level >> 12) & 0xfu, (level >> 8) & 0xfu);
}

vksplit_result vksplit_dml_query_split_support(vksplit_dml_feature_level feature_level,
                                               vksplit_dml_split_support* support, vksplit_error* error)
{
    if (!support)
        return VKSPLIT__FAIL0(error, DML_SUPPORT_NULL);
    uint32_t level = (uint32_t)feature_level;
    if (level == VKSPLIT_DML_FEATURE_LEVEL_NEWEST) {
        *support = support_rows[SUPPORT_ROWS - 1].support;
        return vksplit__ok(error);
    }
    if (level < VKSPLIT_DML_FEATURE_LEVEL_1_0)
        return VKSPLIT__FAIL(error, DML_FEATURE_LEVEL, level);
    size_t row = 0;
    while (row + 1 < SUPPORT_ROWS && support_rows[row + 1].level <= level)
        row++;
    *support = support_rows[row].support;
    return vksplit__ok(error);
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

/* The feature level a translation targets, resolved once: its support row and its name. */
typedef struct target {
    vksplit_dml_split_support support;
    char name[40];
} target;

/* The oldest table row whose support passes `allows`: the level a request needs. */
static void needed_level(bool (*allows)(const vksplit_dml_split_support*, uint32_t), uint32_t value, char* name,
                         size_t capacity)
{
    size_t row = 0;
    while (row + 1 < SUPPORT_ROWS && !allows(&support_rows[row].support, value))
        row++;
    format_level(name, capacity, support_rows[row].level);
}

static bool allows_type(const vksplit_dml_split_support* s, uint32_t t)
{
    return t < 32 && (s->data_type_mask & (1u << t));
}

static bool allows_rank(const vksplit_dml_split_support* s, uint32_t n)
{
    return n >= s->min_dimension_count && n <= s->max_dimension_count;
}

/* DataType and DimensionCount: known to Split at all, then allowed at the target level. */
static vksplit_result check_type_and_rank(const char* name, const vksplit_dml_buffer_tensor_desc* b, const target* tg,
                                          vksplit_error* error)
{
    const vksplit_dml_split_support* newest = &support_rows[SUPPORT_ROWS - 1].support;
    uint32_t t = (uint32_t)b->DataType, n = b->DimensionCount;
    char needed[40];
    if (!allows_type(newest, t))
        return VKSPLIT__FAIL(error, DML_DATA_TYPE, name, t);
    if (!allows_type(&tg->support, t)) {
        needed_level(allows_type, t, needed, sizeof needed);
        return VKSPLIT__FAIL(error, DML_DATA_TYPE_FEATURE_LEVEL, name, data_types[t].name, needed, tg->name);
    }
    if (!allows_rank(newest, n))
        return VKSPLIT__FAIL(error, DML_DIMENSION_COUNT, name, n, newest->min_dimension_count,
                             newest->max_dimension_count);
    if (!allows_rank(&tg->support, n)) {
        needed_level(allows_rank, n, needed, sizeof needed);
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

/* Every rule one DML_BUFFER_TENSOR_DESC must meet on its own. */
static vksplit_result check_buffer(const char* name, const vksplit_dml_buffer_tensor_desc* b, bool is_input,
                                   const target* tg, vksplit_error* error)
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

/* Type BUFFER with a Desc: the one kind of tensor Split takes. */
static vksplit_result buffer_of(const char* name, const vksplit_dml_tensor_desc* t,
                                const vksplit_dml_buffer_tensor_desc** out, vksplit_error* error)
{
    if (t->Type != VKSPLIT_DML_TENSOR_TYPE_BUFFER)
        return VKSPLIT__FAIL(error, DML_TENSOR_TYPE, name, (uint32_t)t->Type);
    if (!t->Desc)
        return VKSPLIT__FAIL(error, DML_TENSOR_DESC_NULL, name);
    *out = (const vksplit_dml_buffer_tensor_desc*)t->Desc;
    return VKSPLIT_OK;
}

static uint32_t binding_alignment(const vksplit_dml_buffer_tensor_desc* b)
{
    return b->GuaranteedBaseOffsetAlignment ? b->GuaranteedBaseOffsetAlignment : DML_MINIMUM_ALIGNMENT;
}

/* An output with Strides must not let two of its elements share an address: the canonical
 * rule's one check (vksplit__find_overlap), worded in DirectML's fields. */
static vksplit_result check_output_layout(const char* name, const vksplit_dml_buffer_tensor_desc* b,
                                          vksplit_error* error)
{
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

/* Every output: same DataType and DimensionCount, equal sizes off the axis, its own
 * buffer rules; the axis sizes sum to the input's. */
static vksplit_result check_outputs(const vksplit_dml_split_operator_desc* op, const vksplit_dml_buffer_tensor_desc* in,
                                    const target* tg, bool* any_strides, uint32_t* alignment, vksplit_error* error)
{
    uint64_t sum = 0;
    *any_strides = false;
    for (uint32_t i = 0; i < op->OutputCount; i++) {
        char name[40];
        snprintf(name, sizeof name, "OutputTensors[%u]", i);
        const vksplit_dml_buffer_tensor_desc* b = NULL;
        vksplit_result r = buffer_of(name, &op->OutputTensors[i], &b, error);
        if (r != VKSPLIT_OK)
            return r;
        if (b->DataType != in->DataType)
            return VKSPLIT__FAIL(error, DML_DATA_TYPE_MISMATCH, name, vksplit_dml_data_type_name(b->DataType),
                                 (uint32_t)b->DataType, vksplit_dml_data_type_name(in->DataType),
                                 (uint32_t)in->DataType);
        if (b->DimensionCount != in->DimensionCount)
            return VKSPLIT__FAIL(error, DML_DIMENSION_COUNT_MISMATCH, name, b->DimensionCount, in->DimensionCount);
        r = check_buffer(name, b, false, tg, error);
        if (r != VKSPLIT_OK)
            return r;
        for (uint32_t k = 0; k < in->DimensionCount; k++)
            if (k != op->Axis && b->Sizes[k] != in->Sizes[k])
                return VKSPLIT__FAIL(error, DML_SIZES_MISMATCH, name, k, b->Sizes[k], k, in->Sizes[k], op->Axis);
        if (b->Strides && (r = check_output_layout(name, b, error)) != VKSPLIT_OK)
            return r;
        sum += b->Sizes[op->Axis]; /* at most 65536 * (2^32 - 1): no overflow */
        *any_strides = *any_strides || b->Strides;
        uint32_t a = binding_alignment(b);
        if (a < *alignment)
            *alignment = a;
    }
    if (sum != in->Sizes[op->Axis])
        return VKSPLIT__FAIL(error, DML_SPLIT_SUM, op->Axis, (unsigned long long)sum, op->Axis, in->Sizes[op->Axis]);
    return VKSPLIT_OK;
}

static vksplit_result check_storage(const vksplit_dml_split_operator_desc* op, const vksplit_dml_split_storage* s,
                                    bool any_strides, vksplit_error* error)
{
    if (!s || !s->lengths)
        return VKSPLIT__FAIL(error, STORAGE_NULL, s ? "storage->lengths" : "storage");
    if (s->capacity < op->OutputCount)
        return VKSPLIT__FAIL(error, DML_STORAGE_CAPACITY, s->capacity, op->OutputCount);
    if (any_strides && (!s->output_strides || !s->output_stride_table))
        return VKSPLIT__FAIL0(error, DML_STORAGE_STRIDES_NULL);
    return VKSPLIT_OK;
}

static vksplit_result check_operator(const vksplit_dml_split_operator_desc* op, uint32_t level, target* tg,
                                     const vksplit_dml_buffer_tensor_desc** input, vksplit_error* error)
{
    if (!op)
        return VKSPLIT__FAIL0(error, DML_OPERATOR_NULL);
    vksplit_result r = vksplit_dml_query_split_support((vksplit_dml_feature_level)level, &tg->support, error);
    if (r != VKSPLIT_OK)
        return r;
    format_level(tg->name, sizeof tg->name, level ? level : support_rows[SUPPORT_ROWS - 1].level);
    if (op->OutputCount == 0)
        return VKSPLIT__FAIL0(error, DML_OUTPUT_COUNT_ZERO);
    if (op->OutputCount > VKSPLIT_MAX_OUTPUTS)
        return VKSPLIT__FAIL(error, DML_OUTPUT_COUNT_LIMIT, op->OutputCount, VKSPLIT_MAX_OUTPUTS);
    if (!op->InputTensor)
        return VKSPLIT__FAIL0(error, DML_INPUT_TENSOR_NULL);
    if (!op->OutputTensors)
        return VKSPLIT__FAIL0(error, DML_OUTPUT_TENSORS_NULL);
    r = buffer_of("InputTensor", op->InputTensor, input, error);
    if (r == VKSPLIT_OK)
        r = check_buffer("InputTensor", *input, true, tg, error);
    if (r != VKSPLIT_OK)
        return r;
    if (op->Axis >= (*input)->DimensionCount)
        return VKSPLIT__FAIL(error, DML_AXIS, op->Axis, (*input)->DimensionCount - 1, (*input)->DimensionCount);
    return VKSPLIT_OK;
}

vksplit_result vksplit_dml_translate_split(const vksplit_dml_split_operator_desc* op,
                                           vksplit_dml_feature_level feature_level, vksplit_dml_split_storage* storage,
                                           vksplit_split_desc* out, vksplit_error* error)
{
    target tg;
    const vksplit_dml_buffer_tensor_desc* in = NULL;
    vksplit_result r = check_operator(op, (uint32_t)feature_level, &tg, &in, error);
    if (r != VKSPLIT_OK)
        return r;
    bool any_strides;
    uint32_t alignment = binding_alignment(in);
    r = check_outputs(op, in, &tg, &any_strides, &alignment, error);
    if (r == VKSPLIT_OK)
        r = check_storage(op, storage, any_strides, error);
    if (r == VKSPLIT_OK && !out)
        r = VKSPLIT__FAIL0(error, OUT_NULL);
    if (r != VKSPLIT_OK)
        return r;

    uint32_t rank = in->DimensionCount;
    for (uint32_t k = 0; k < rank; k++) {
        storage->sizes[k] = in->Sizes[k];
        storage->input_strides[k] = in->Strides ? in->Strides[k] : 0;
    }
    for (uint32_t i = 0; i < op->OutputCount; i++) {
        const vksplit_dml_buffer_tensor_desc* b = (const vksplit_dml_buffer_tensor_desc*)op->OutputTensors[i].Desc;
        storage->lengths[i] = b->Sizes[op->Axis];
        if (!any_strides)
            continue;
        storage->output_stride_table[i] = NULL;
        if (b->Strides) {
            uint64_t* row = storage->output_strides + (size_t)i * VKSPLIT_MAX_RANK;
            for (uint32_t k = 0; k < rank; k++)
                row[k] = b->Strides[k];
            storage->output_stride_table[i] = row;
        }
    }
    vksplit_split_desc split; /* every rule was checked above, in DirectML's terms */
    memset(&split, 0, sizeof split);
    split.element_size = vksplit_dml_data_type_size(in->DataType);
    split.rank = rank;
    split.sizes = storage->sizes;
    split.input_strides = in->Strides ? storage->input_strides : NULL;
    split.axis = op->Axis;
    split.output_count = op->OutputCount;
    split.lengths = storage->lengths;
    split.output_strides = any_strides ? storage->output_stride_table : NULL;
    split.base_alignment = alignment;
    *out = split;
    return vksplit__ok(error);
}
