/* fuzz_directml: vksplit_dml_translate_split on DML_SPLIT_OPERATOR_DESCs decoded from the
 * input (fuzz_input.h), with the post-conditions of check_split.h.
 *
 * Input: level, flags, Axis, OutputCount, pool size n, the input tensor, n output tensors
 * (OutputTensors[i] is pool entry i % n), storage capacity. Flag bit 0 sets the input's
 * axis size to the outputs' sum, so that valid splits are common; flags >= 0xf8 pass one
 * NULL where a pointer is required. A tensor's TotalTensorSizeInBytes is computed
 * (DMLCalcBufferTensorSize) or raw, per tensor. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check_split.h"
#include "fuzz_input.h"
#include "vksplit/directml.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define POOL 16 /* distinct output tensors per input */
#define DIMS 12 /* DimensionCount decodes to 0..DIMS-1, past DirectML's 8 */

/* The caller's memory, allocated once: OutputTensors and storage for VKSPLIT_MAX_OUTPUTS. */
static uint32_t sizes[POOL + 1][DIMS], strides[POOL + 1][DIMS];
static vksplit_dml_buffer_tensor_desc buffers[POOL + 1]; /* [POOL] is the input */
static vksplit_dml_tensor_desc tensors[POOL + 1];
static vksplit_dml_tensor_desc output_tensors[VKSPLIT_MAX_OUTPUTS + FZ_GUARD];
static uint64_t lengths_store[VKSPLIT_MAX_OUTPUTS + FZ_GUARD];
static uint64_t stride_store[(VKSPLIT_MAX_OUTPUTS + FZ_GUARD) * VKSPLIT_MAX_RANK];
static const uint64_t* table_store[VKSPLIT_MAX_OUTPUTS + FZ_GUARD];

typedef struct total_rule {
    uint8_t mode;   /* 0 computed, 1 computed + extra, 2 raw, 3 computed - 1 */
    uint64_t value; /* extra or raw */
} total_rule;

static uint32_t decode_alignment(fz_reader* r)
{
    uint8_t b = fz_byte(r);
    return b < 10 ? (b ? 1u << (b - 1) : 0) : fz_u32(r);
}

static void decode_strides(fz_reader* r, uint32_t slot, uint32_t count)
{
    for (uint32_t k = 0; k < count; k++)
        strides[slot][k] = fz_u32(r);
    buffers[slot].Strides = strides[slot];
}

/* A tensor from raw fields. */
static void decode_raw(fz_reader* r, uint32_t slot, total_rule* total)
{
    vksplit_dml_buffer_tensor_desc* b = &buffers[slot];
    vksplit_dml_tensor_desc* t = &tensors[slot];
    uint8_t kind = fz_byte(r);
    t->Type = kind == 1  ? VKSPLIT_DML_TENSOR_TYPE_INVALID
              : kind < 4 ? VKSPLIT_DML_TENSOR_TYPE_BUFFER
                         : (vksplit_dml_tensor_type)kind;
    t->Desc = kind == 2 ? NULL : b;
    b->DataType = (vksplit_dml_tensor_data_type)fz_u32(r);
    b->Flags = (vksplit_dml_tensor_flags)fz_u32(r);
    b->DimensionCount = fz_byte(r) % DIMS;
    for (uint32_t k = 0; k < DIMS; k++)
        sizes[slot][k] = k < b->DimensionCount ? fz_u32(r) : 1;
    b->Sizes = kind == 3 ? NULL : sizes[slot];
    b->Strides = NULL;
    if (fz_byte(r) & 1)
        decode_strides(r, slot, b->DimensionCount);
    total->mode = fz_byte(r) % 4;
    total->value = total->mode == 1 || total->mode == 2 ? fz_u64(r) : 0;
    b->GuaranteedBaseOffsetAlignment = decode_alignment(r);
}

/* An output like the input but for its size on the axis: valid splits are one byte away. */
static void decode_output(fz_reader* r, uint32_t slot, uint32_t axis, total_rule* total)
{
    uint8_t how = fz_byte(r);
    if (!(how & 1)) {
        decode_raw(r, slot, total);
        return;
    }
    const vksplit_dml_buffer_tensor_desc* in = &buffers[POOL];
    vksplit_dml_buffer_tensor_desc* b = &buffers[slot];
    memcpy(sizes[slot], sizes[POOL], sizeof sizes[slot]);
    *b = *in;
    b->Flags = (vksplit_dml_tensor_flags)(in->Flags & ~VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML);
    b->Sizes = sizes[slot];
    b->Strides = NULL;
    if (axis < DIMS)
        sizes[slot][axis] = fz_u32(r);
    if (how & 2)
        decode_strides(r, slot, b->DimensionCount);
    b->GuaranteedBaseOffsetAlignment = how & 4 ? decode_alignment(r) : 0;
    tensors[slot].Type = VKSPLIT_DML_TENSOR_TYPE_BUFFER;
    tensors[slot].Desc = b;
    total->mode = 0;
}

static void apply_total(uint32_t slot, const total_rule* total)
{
    vksplit_dml_buffer_tensor_desc* b = &buffers[slot];
    uint64_t bytes = 0;
    bool computed = vksplit_dml_calc_buffer_tensor_size(b->DataType, b->DimensionCount, sizes[slot], b->Strides, &bytes,
                                                        NULL) == VKSPLIT_OK;
    if (total->mode == 2 || !computed)
        b->TotalTensorSizeInBytes = total->value;
    else if (total->mode == 1)
        b->TotalTensorSizeInBytes = bytes + total->value;
    else
        b->TotalTensorSizeInBytes = total->mode == 3 && bytes ? bytes - 1 : bytes;
}

/* The input's axis size becomes the sum of the outputs' (when it fits a uint32). */
static void fix_axis(uint32_t axis, uint32_t output_count, uint32_t pool)
{
    if (axis >= buffers[POOL].DimensionCount)
        return;
    uint64_t sum = 0;
    for (uint32_t j = 0; j < pool && j < output_count; j++) {
        uint64_t uses = (output_count - j + pool - 1) / pool;
        uint64_t size = axis < buffers[j].DimensionCount ? sizes[j][axis] : 0;
        sum += uses * size; /* < 2^16 * 2^32 */
    }
    if (sum <= UINT32_MAX)
        sizes[POOL][axis] = (uint32_t)sum;
}

/* OutputTensors[i] = pool entry i % pool, for the first FZ_LIST_FILL; past them (only an
 * OutputCount beyond vksplit's limit, refused for it) the entries stay zero. */
static void fill_output_tensors(uint32_t output_count, uint32_t pool)
{
    for (uint32_t i = 0; i < output_count && i < FZ_LIST_FILL; i++)
        output_tensors[i] = tensors[i % pool];
}

/* The storage stays poisoned between runs: a success re-poisons what it wrote, an error
 * must have written nothing. No run pays for the 4 MiB it does not use. */
static void keep_storage_poisoned(void)
{
    static bool poisoned;
    if (poisoned)
        return;
    fz_poison(lengths_store, sizeof lengths_store);
    fz_poison(stride_store, sizeof stride_store);
    fz_poison(table_store, sizeof table_store);
    poisoned = true;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const vksplit_dml_feature_level levels[] = {
        VKSPLIT_DML_FEATURE_LEVEL_NEWEST, VKSPLIT_DML_FEATURE_LEVEL_1_0, VKSPLIT_DML_FEATURE_LEVEL_2_0,
        VKSPLIT_DML_FEATURE_LEVEL_2_1,    VKSPLIT_DML_FEATURE_LEVEL_3_0, VKSPLIT_DML_FEATURE_LEVEL_3_1,
        VKSPLIT_DML_FEATURE_LEVEL_4_0,    VKSPLIT_DML_FEATURE_LEVEL_4_1, VKSPLIT_DML_FEATURE_LEVEL_5_0,
    };
    fz_reader r = {data, size};
    uint8_t level_index = fz_byte(&r);
    vksplit_dml_feature_level level = level_index < 9 ? levels[level_index] : (vksplit_dml_feature_level)fz_u32(&r);
    uint8_t flags = fz_byte(&r);
    int null_arg = flags >= 0xf8 ? flags & 7 : -1;

    vksplit_dml_split_operator_desc op;
    op.Axis = fz_u32(&r);
    op.OutputCount = (uint32_t)fz_count(&r);
    uint32_t pool = fz_byte(&r) % POOL + 1;
    total_rule totals[POOL + 1];
    decode_raw(&r, POOL, &totals[POOL]);
    for (uint32_t j = 0; j < pool; j++)
        decode_output(&r, j, op.Axis, &totals[j]);
    if (flags & 1)
        fix_axis(op.Axis, op.OutputCount, pool);
    for (uint32_t j = 0; j <= POOL; j++)
        if (j < pool || j == POOL)
            apply_total(j, &totals[j]);
    fill_output_tensors(op.OutputCount, pool);
    op.InputTensor = null_arg == 6 ? NULL : &tensors[POOL];
    op.OutputTensors = null_arg == 7 ? NULL : output_tensors;

    uint8_t capacity_code = fz_byte(&r);
    /* Entries a translation could touch (none past vksplit's limit), and FZ_GUARD more. */
    uint32_t count = op.OutputCount <= VKSPLIT_MAX_OUTPUTS ? op.OutputCount : 0;
    uint32_t capacity = capacity_code == 0 ? count : capacity_code == 1 ? VKSPLIT_MAX_OUTPUTS : capacity_code - 2u;
    size_t watched = (capacity < count ? capacity : count) + FZ_GUARD;
    keep_storage_poisoned();

    vksplit_dml_split_storage storage;
    fz_poison(&storage, sizeof storage);
    storage.capacity = capacity;
    storage.lengths = null_arg == 2 ? NULL : lengths_store;
    storage.output_strides = null_arg == 4 ? NULL : stride_store;
    storage.output_stride_table = null_arg == 5 ? NULL : table_store;
    vksplit_split_desc out;
    fz_poison(&out, sizeof out);
    vksplit_error error;
    vksplit_result result = vksplit_dml_translate_split(
        null_arg == 0 ? NULL : &op, level, null_arg == 1 ? NULL : &storage, null_arg == 3 ? NULL : &out, &error);
    fz_trace(result, &error);
    if (result != VKSPLIT_OK) {
        fz_check_error(result, &error);
        fz_expect_poisoned(storage.sizes, sizeof storage.sizes, "storage.sizes after an error");
        fz_expect_poisoned(storage.input_strides, sizeof storage.input_strides, "storage.input_strides after an error");
        fz_expect_poisoned(lengths_store, watched * sizeof lengths_store[0], "storage.lengths after an error");
        fz_expect_poisoned(stride_store, watched * VKSPLIT_MAX_RANK * sizeof stride_store[0],
                           "storage.output_strides after an error");
        fz_expect_poisoned(table_store, watched * sizeof table_store[0], "storage.output_stride_table after an error");
        fz_expect_poisoned(&out, sizeof out, "*out after an error");
        return 0;
    }
    if (out.lengths != lengths_store || out.sizes != storage.sizes || out.output_count != op.OutputCount)
        fz_fail("the desc does not point into the caller's storage or has %u outputs for OutputCount %u",
                out.output_count, op.OutputCount);
    fz_expect_poisoned(lengths_store + count, FZ_GUARD * sizeof lengths_store[0], "storage.lengths past OutputCount");
    fz_check_split(&out);
    fz_poison(lengths_store, count * sizeof lengths_store[0]);
    if (out.output_strides) {
        fz_poison(stride_store, (size_t)count * VKSPLIT_MAX_RANK * sizeof stride_store[0]);
        fz_poison(table_store, count * sizeof table_store[0]);
    }
    return 0;
}
