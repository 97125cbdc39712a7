/* See dml_tensors.h. */
#include "dml_tensors.h"

#include <string.h>

static vksplit_dml_feature_level decode_level(fz_reader* r)
{
    static const vksplit_dml_feature_level levels[] = {
        VKSPLIT_DML_FEATURE_LEVEL_NEWEST, VKSPLIT_DML_FEATURE_LEVEL_1_0, VKSPLIT_DML_FEATURE_LEVEL_2_0,
        VKSPLIT_DML_FEATURE_LEVEL_2_1,    VKSPLIT_DML_FEATURE_LEVEL_3_0, VKSPLIT_DML_FEATURE_LEVEL_3_1,
        VKSPLIT_DML_FEATURE_LEVEL_4_0,    VKSPLIT_DML_FEATURE_LEVEL_4_1, VKSPLIT_DML_FEATURE_LEVEL_5_0,
    };
    uint8_t index = fz_byte(r);
    return index < sizeof levels / sizeof levels[0] ? levels[index] : (vksplit_dml_feature_level)fz_u32(r);
}

static uint32_t decode_alignment(fz_reader* r)
{
    uint8_t b = fz_byte(r);
    return b < 10 ? (b ? 1u << (b - 1) : 0) : fz_u32(r);
}

static void decode_strides(fz_reader* r, fz_dml_tensors* t, uint32_t slot, uint32_t count)
{
    for (uint32_t k = 0; k < count; k++)
        t->strides[slot][k] = fz_u32(r);
    t->buffers[slot].Strides = t->strides[slot];
}

/* A tensor from raw fields. */
static void decode_raw(fz_reader* r, fz_dml_tensors* t, uint32_t slot)
{
    vksplit_dml_buffer_tensor_desc* b = &t->buffers[slot];
    vksplit_dml_tensor_desc* d = &t->tensors[slot];
    uint8_t kind = fz_byte(r);
    d->Type = kind == 1  ? VKSPLIT_DML_TENSOR_TYPE_INVALID
              : kind < 4 ? VKSPLIT_DML_TENSOR_TYPE_BUFFER
                         : (vksplit_dml_tensor_type)kind;
    d->Desc = kind == 2 ? NULL : b;
    b->DataType = (vksplit_dml_tensor_data_type)fz_u32(r);
    b->Flags = (vksplit_dml_tensor_flags)fz_u32(r);
    b->DimensionCount = fz_byte(r) % FZ_DML_DIMS;
    for (uint32_t k = 0; k < FZ_DML_DIMS; k++)
        t->sizes[slot][k] = k < b->DimensionCount ? fz_u32(r) : 1;
    b->Sizes = kind == 3 ? NULL : t->sizes[slot];
    b->Strides = NULL;
    if (fz_byte(r) & 1)
        decode_strides(r, t, slot, b->DimensionCount);
    fz_dml_total* total = &t->totals[slot];
    total->mode = fz_byte(r) % 4;
    total->value = total->mode == 1 || total->mode == 2 ? fz_u64(r) : 0;
    b->GuaranteedBaseOffsetAlignment = decode_alignment(r);
}

/* A part like the whole but for its size on the axis: valid operators are one byte away. */
static void decode_part(fz_reader* r, fz_dml_tensors* t, uint32_t slot, uint32_t axis, bool is_input)
{
    uint8_t how = fz_byte(r);
    if (!(how & 1)) {
        decode_raw(r, t, slot);
        return;
    }
    const vksplit_dml_buffer_tensor_desc* whole = &t->buffers[FZ_DML_WHOLE];
    vksplit_dml_buffer_tensor_desc* b = &t->buffers[slot];
    memcpy(t->sizes[slot], t->sizes[FZ_DML_WHOLE], sizeof t->sizes[slot]);
    *b = *whole;
    uint32_t owned = is_input && (how & 8) ? VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML : 0;
    b->Flags = (vksplit_dml_tensor_flags)((whole->Flags & ~VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML) | owned);
    b->Sizes = t->sizes[slot];
    b->Strides = NULL;
    if (axis < FZ_DML_DIMS)
        t->sizes[slot][axis] = fz_u32(r);
    if (how & 2)
        decode_strides(r, t, slot, b->DimensionCount);
    b->GuaranteedBaseOffsetAlignment = how & 4 ? decode_alignment(r) : 0;
    t->tensors[slot].Type = VKSPLIT_DML_TENSOR_TYPE_BUFFER;
    t->tensors[slot].Desc = b;
    t->totals[slot].mode = 0;
}

static void apply_total(fz_dml_tensors* t, uint32_t slot)
{
    vksplit_dml_buffer_tensor_desc* b = &t->buffers[slot];
    const fz_dml_total* total = &t->totals[slot];
    uint64_t bytes = 0;
    bool computed = vksplit_dml_calc_buffer_tensor_size(b->DataType, b->DimensionCount, t->sizes[slot], b->Strides,
                                                        &bytes, NULL) == VKSPLIT_OK;
    if (total->mode == 2 || !computed)
        b->TotalTensorSizeInBytes = total->value;
    else if (total->mode == 1)
        b->TotalTensorSizeInBytes = bytes + total->value;
    else
        b->TotalTensorSizeInBytes = total->mode == 3 && bytes ? bytes - 1 : bytes;
}

/* The whole's axis size becomes the sum of the parts' (when it fits a uint32). */
static void fix_whole_axis(fz_dml_tensors* t, uint32_t axis, uint32_t count)
{
    if (axis >= t->buffers[FZ_DML_WHOLE].DimensionCount)
        return;
    uint64_t sum = 0;
    for (uint32_t j = 0; j < t->pool && j < count; j++) {
        uint64_t uses = (count - j + t->pool - 1) / t->pool;
        uint64_t size = axis < t->buffers[j].DimensionCount ? t->sizes[j][axis] : 0;
        sum += uses * size; /* < 2^16 * 2^32 */
    }
    if (sum <= UINT32_MAX)
        t->sizes[FZ_DML_WHOLE][axis] = (uint32_t)sum;
}

/* The whole and `pool` parts along `axis`; with fix_axis, the whole's axis size the sum over
 * `count` list entries; then every TotalTensorSizeInBytes. */
static void decode_tensors(fz_reader* r, fz_dml_tensors* t, uint32_t pool, uint32_t axis, uint32_t count, bool fix_axis,
                           bool parts_are_inputs)
{
    t->pool = pool;
    decode_raw(r, t, FZ_DML_WHOLE);
    for (uint32_t j = 0; j < pool; j++)
        decode_part(r, t, j, axis, parts_are_inputs);
    if (fix_axis)
        fix_whole_axis(t, axis, count);
    for (uint32_t j = 0; j < pool; j++)
        apply_total(t, j);
    apply_total(t, FZ_DML_WHOLE);
}

void fz_dml_decode_operator(fz_reader* r, fz_dml_tensors* t, vksplit_dml_tensor_desc* list, uint32_t limit,
                            bool parts_are_inputs, fz_dml_operator* op)
{
    op->level = decode_level(r);
    uint8_t flags = fz_byte(r);
    op->null_arg = flags >= 0xf8 ? flags & 7 : -1;
    op->axis = fz_u32(r);
    op->count = (uint32_t)fz_count(r);
    uint32_t pool = fz_byte(r) % FZ_DML_POOL + 1;
    decode_tensors(r, t, pool, op->axis, op->count, flags & 1, parts_are_inputs);
    for (uint32_t i = 0; i < op->count && i < FZ_LIST_FILL; i++)
        list[i] = t->tensors[i % pool];
    op->whole = op->null_arg == 6 ? NULL : &t->tensors[FZ_DML_WHOLE];
    op->list = op->null_arg == 7 ? NULL : list;
    uint8_t capacity_code = fz_byte(r);
    op->writable = op->count <= limit ? op->count : 0;
    op->capacity = capacity_code == 0 ? op->writable : capacity_code == 1 ? limit : capacity_code - 2u;
    op->watched = (op->capacity < op->writable ? op->capacity : op->writable) + FZ_GUARD;
}
