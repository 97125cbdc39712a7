/* The walk Split and Join share: the whole tensor, then each part against it, then the
 * caller's storage. Roles: Split's whole is read (its input) and its parts written; Join's
 * parts are read and its whole written. A read tensor may carry DML_TENSOR_FLAG_OWNED_BY_DML
 * and broadcast (Strides of 0); a written one with Strides must not let two elements share an
 * address. Join's page adds that a part's join axis "may contain any non-zero size". */
#include "frontends/frontend_directml_parts.h"

#include <stdio.h>

/* The whole: present, a buffer tensor meeting its own rules, and Axis one of its dimensions. */
static vksplit_result check_whole(const vksplit__dml_target* tg, const vksplit__dml_request* rq,
                                  const vksplit_dml_buffer_tensor_desc** whole, vksplit_error* error)
{
    const vksplit__dml_operator* op = tg->op;
    uint32_t limit = op->join ? VKSPLIT_MAX_INPUTS : VKSPLIT_MAX_OUTPUTS;
    const char* name = op->join ? "OutputTensor" : "InputTensor";
    if (rq->part_count == 0)
        return VKSPLIT__DML_FAIL0(error, op, DML_OUTPUT_COUNT_ZERO, DML_JOIN_INPUT_COUNT_ZERO);
    if (rq->part_count > limit)
        return VKSPLIT__DML_FAIL(error, op, DML_OUTPUT_COUNT_LIMIT, DML_JOIN_INPUT_COUNT_LIMIT, rq->part_count, limit);
    if (!rq->whole)
        return VKSPLIT__DML_FAIL0(error, op, DML_INPUT_TENSOR_NULL, DML_JOIN_OUTPUT_TENSOR_NULL);
    if (!rq->parts)
        return VKSPLIT__DML_FAIL0(error, op, DML_OUTPUT_TENSORS_NULL, DML_JOIN_INPUT_TENSORS_NULL);
    vksplit_result r = vksplit__dml_buffer_of(tg, name, rq->whole, whole, error);
    if (r == VKSPLIT_OK)
        r = vksplit__dml_check_buffer(tg, name, *whole, !op->join, error);
    if (r == VKSPLIT_OK && op->join)
        r = vksplit__dml_check_written_layout(name, *whole, error);
    if (r != VKSPLIT_OK)
        return r;
    uint32_t n = (*whole)->DimensionCount;
    if (rq->axis >= n)
        return VKSPLIT__DML_FAIL(error, op, DML_AXIS, DML_JOIN_AXIS, rq->axis, n - 1, n);
    return VKSPLIT_OK;
}

/* Part i against the whole: the same DataType and DimensionCount, its own buffer rules, the
 * whole's sizes off the axis. */
static vksplit_result check_part(const vksplit__dml_target* tg, const vksplit__dml_request* rq,
                                 const vksplit_dml_buffer_tensor_desc* whole, uint32_t i,
                                 const vksplit_dml_buffer_tensor_desc** part, vksplit_error* error)
{
    const vksplit__dml_operator* op = tg->op;
    char name[40];
    snprintf(name, sizeof name, op->join ? "InputTensors[%u]" : "OutputTensors[%u]", i);
    vksplit_result r = vksplit__dml_buffer_of(tg, name, &rq->parts[i], part, error);
    if (r != VKSPLIT_OK)
        return r;
    const vksplit_dml_buffer_tensor_desc* b = *part;
    if (b->DataType != whole->DataType)
        return VKSPLIT__DML_FAIL(error, op, DML_DATA_TYPE_MISMATCH, DML_JOIN_DATA_TYPE_MISMATCH, name,
                                 vksplit_dml_data_type_name(b->DataType), (uint32_t)b->DataType,
                                 vksplit_dml_data_type_name(whole->DataType), (uint32_t)whole->DataType);
    if (b->DimensionCount != whole->DimensionCount)
        return VKSPLIT__DML_FAIL(error, op, DML_DIMENSION_COUNT_MISMATCH, DML_JOIN_DIMENSION_COUNT_MISMATCH, name,
                                 b->DimensionCount, whole->DimensionCount);
    if (op->join && b->Sizes && b->Sizes[rq->axis] == 0)
        return VKSPLIT__FAIL(error, DML_JOIN_AXIS_SIZE_ZERO, name, rq->axis);
    r = vksplit__dml_check_buffer(tg, name, b, op->join, error);
    if (r != VKSPLIT_OK)
        return r;
    for (uint32_t k = 0; k < whole->DimensionCount; k++)
        if (k != rq->axis && b->Sizes[k] != whole->Sizes[k])
            return VKSPLIT__DML_FAIL(error, op, DML_SIZES_MISMATCH, DML_JOIN_SIZES_MISMATCH, name, k, b->Sizes[k], k,
                                     whole->Sizes[k], rq->axis);
    return op->join ? VKSPLIT_OK : vksplit__dml_check_written_layout(name, b, error);
}

/* Every part; the parts' axis sizes sum to the whole's. */
static vksplit_result check_parts(const vksplit__dml_target* tg, const vksplit__dml_request* rq,
                                  const vksplit_dml_buffer_tensor_desc* whole, vksplit__dml_translation* t,
                                  vksplit_error* error)
{
    uint64_t sum = 0;
    for (uint32_t i = 0; i < rq->part_count; i++) {
        const vksplit_dml_buffer_tensor_desc* b = NULL;
        vksplit_result r = check_part(tg, rq, whole, i, &b, error);
        if (r != VKSPLIT_OK)
            return r;
        sum += b->Sizes[rq->axis]; /* at most 65536 * (2^32 - 1): no overflow */
        t->parts_strided = t->parts_strided || b->Strides;
        uint32_t a = vksplit__dml_binding_alignment(b);
        if (a < t->base_alignment)
            t->base_alignment = a;
    }
    if (sum != whole->Sizes[rq->axis])
        return VKSPLIT__DML_FAIL(error, tg->op, DML_SPLIT_SUM, DML_JOIN_SUM, rq->axis, (unsigned long long)sum,
                                 rq->axis, whole->Sizes[rq->axis]);
    return VKSPLIT_OK;
}

static vksplit_result check_storage(const vksplit__dml_operator* op, const vksplit__dml_request* rq,
                                    const vksplit__dml_storage* s, bool parts_strided, vksplit_error* error)
{
    if (!s || !s->lengths)
        return VKSPLIT__FAIL(error, STORAGE_NULL, s ? "storage->lengths" : "storage");
    if (s->capacity < rq->part_count)
        return VKSPLIT__DML_FAIL(error, op, DML_STORAGE_CAPACITY, DML_JOIN_STORAGE_CAPACITY, s->capacity,
                                 rq->part_count);
    if (parts_strided && (!s->part_strides || !s->part_stride_table))
        return VKSPLIT__DML_FAIL0(error, op, DML_STORAGE_STRIDES_NULL, DML_JOIN_STORAGE_STRIDES_NULL);
    return VKSPLIT_OK;
}

/* Everything checked: the whole's sizes and strides, each part's length and strides. */
static void fill_storage(const vksplit__dml_request* rq, const vksplit_dml_buffer_tensor_desc* whole,
                         const vksplit__dml_storage* s, bool parts_strided)
{
    uint32_t rank = whole->DimensionCount;
    for (uint32_t k = 0; k < rank; k++) {
        s->sizes[k] = whole->Sizes[k];
        s->whole_strides[k] = whole->Strides ? whole->Strides[k] : 0;
    }
    for (uint32_t i = 0; i < rq->part_count; i++) {
        const vksplit_dml_buffer_tensor_desc* b = (const vksplit_dml_buffer_tensor_desc*)rq->parts[i].Desc;
        s->lengths[i] = b->Sizes[rq->axis];
        if (!parts_strided)
            continue;
        s->part_stride_table[i] = NULL;
        if (b->Strides) {
            uint64_t* row = s->part_strides + (size_t)i * VKSPLIT_MAX_RANK;
            for (uint32_t k = 0; k < rank; k++)
                row[k] = b->Strides[k];
            s->part_stride_table[i] = row;
        }
    }
}

vksplit_result vksplit__dml_translate(const vksplit__dml_operator* op, uint32_t feature_level,
                                      const vksplit__dml_request* rq, const vksplit__dml_storage* storage,
                                      bool out_given, vksplit__dml_translation* translation, vksplit_error* error)
{
    vksplit__dml_target tg;
    const vksplit_dml_buffer_tensor_desc* whole = NULL;
    vksplit_result r = vksplit__dml_target_init(op, feature_level, &tg, error);
    if (r == VKSPLIT_OK)
        r = check_whole(&tg, rq, &whole, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit__dml_translation t = {0};
    t.base_alignment = vksplit__dml_binding_alignment(whole);
    r = check_parts(&tg, rq, whole, &t, error);
    if (r == VKSPLIT_OK)
        r = check_storage(op, rq, storage, t.parts_strided, error);
    if (r == VKSPLIT_OK && !out_given)
        r = VKSPLIT__FAIL0(error, OUT_NULL);
    if (r != VKSPLIT_OK)
        return r;
    fill_storage(rq, whole, storage, t.parts_strided);
    t.element_size = vksplit_dml_data_type_size(whole->DataType);
    t.rank = whole->DimensionCount;
    t.whole_strided = whole->Strides != NULL;
    *translation = t;
    return vksplit__ok(error);
}
