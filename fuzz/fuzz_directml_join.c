/* fuzz_directml_join: vksplit_dml_translate_join on DML_JOIN_OPERATOR_DESCs decoded from the
 * input (fuzz_input.h). A failure must leave the caller's storage and *out alone (poisoned
 * before the call) with a one-line message; a success must point into the storage, mirror
 * the struct (InputCount inputs, each input's size on the axis, none of them 0: DirectML's
 * page wants "any non-zero size" there), and be a join the core accepts:
 * vksplit_validate_join, vksplit_join_spans and vksplit_query_join_zero_copy succeed, every
 * span fits its tensor's TotalTensorSizeInBytes (DirectML's own bound), and an aliasable
 * input lies inside the output's span.
 *
 * Input: level, flags, Axis, InputCount, pool size n, the output tensor and n input tensors
 * (dml_tensors.h: the output is the whole, InputTensors[i] is pool entry i % n; a part's
 * bit 3 marks it OWNED_BY_DML), storage capacity. Flag bit 0 sets the output's axis size to
 * the inputs' sum, so that valid joins are common; flags >= 0xf8 pass one NULL where a
 * pointer is required. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "check_split.h"
#include "dml_tensors.h"
#include "fuzz_input.h"
#include "vksplit/directml.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define SLOTS (VKSPLIT_MAX_INPUTS + FZ_GUARD)

/* The caller's memory, allocated once: the tensors, InputTensors, the storage's arrays, and
 * the checks' results for VKSPLIT_MAX_INPUTS. */
static fz_dml_tensors dml;
static vksplit_dml_tensor_desc input_tensors[SLOTS];
static struct {
    uint64_t lengths[SLOTS];
    uint64_t rows[SLOTS * VKSPLIT_MAX_RANK];
    const uint64_t* table[SLOTS];
} arrays;
static uint64_t input_spans[VKSPLIT_MAX_INPUTS], offsets[VKSPLIT_MAX_INPUTS];
static vksplit_bool32 aliasable[VKSPLIT_MAX_INPUTS];

/* The storage's arrays, each watched for `watched` entries. */
static void expect_arrays_poisoned(size_t first, size_t watched, const char* when)
{
    const struct {
        const void* at;
        size_t entry_bytes;
        const char* name;
    } watch[] = {
        {arrays.lengths + first, sizeof arrays.lengths[0], "storage.lengths"},
        {arrays.rows + first * VKSPLIT_MAX_RANK, VKSPLIT_MAX_RANK * sizeof arrays.rows[0], "storage.input_strides"},
        {arrays.table + first, sizeof arrays.table[0], "storage.input_stride_table"},
    };
    char what[96];
    for (size_t i = 0; i < sizeof watch / sizeof watch[0]; i++) {
        snprintf(what, sizeof what, "%s %s", watch[i].name, when);
        fz_expect_poisoned(watch[i].at, watched * watch[i].entry_bytes, what);
    }
}

/* The success: the desc mirrors the struct and is a join the core accepts. */
static void check_join(const vksplit_dml_join_operator_desc* op, const vksplit_dml_join_storage* s,
                       const vksplit_join_desc* d)
{
    if (d->lengths != arrays.lengths || d->sizes != s->sizes || d->input_count != op->InputCount || d->axis != op->Axis)
        fz_fail("the desc does not point into the caller's storage or differs from the struct (%u inputs, axis %u)",
                d->input_count, d->axis);
    const vksplit_dml_buffer_tensor_desc* whole = op->OutputTensor->Desc;
    for (uint32_t i = 0; i < d->input_count; i++) {
        const vksplit_dml_buffer_tensor_desc* b = op->InputTensors[i].Desc;
        if (d->lengths[i] == 0 || d->lengths[i] != b->Sizes[d->axis])
            fz_fail("input %u: length %llu, InputTensors[%u].Sizes[Axis] is %u", i, (unsigned long long)d->lengths[i],
                    i, b->Sizes[d->axis]);
    }
    vksplit_error error;
    vksplit_result r = vksplit_validate_join(d, &error);
    if (r != VKSPLIT_OK)
        fz_fail("the front-end accepted a join vksplit_validate_join refuses: %s (%s)", error.message,
                vksplit_result_name(r));
    uint64_t output_span = 0;
    if (vksplit_join_spans(d, &output_span, input_spans, &error) != VKSPLIT_OK)
        fz_fail("vksplit_join_spans failed on a valid join: %s", error.message);
    if (output_span > whole->TotalTensorSizeInBytes)
        fz_fail("the output spans %llu bytes, past its TotalTensorSizeInBytes %llu", (unsigned long long)output_span,
                (unsigned long long)whole->TotalTensorSizeInBytes);
    if (vksplit_query_join_zero_copy(d, aliasable, offsets, &error) != VKSPLIT_OK)
        fz_fail("vksplit_query_join_zero_copy failed on a valid join: %s", error.message);
    for (uint32_t i = 0; i < d->input_count; i++) {
        const vksplit_dml_buffer_tensor_desc* b = op->InputTensors[i].Desc;
        if (input_spans[i] > b->TotalTensorSizeInBytes)
            fz_fail("input %u spans %llu bytes, past its TotalTensorSizeInBytes %llu", i,
                    (unsigned long long)input_spans[i], (unsigned long long)b->TotalTensorSizeInBytes);
        if (aliasable[i] && (offsets[i] > output_span || input_spans[i] > output_span - offsets[i]))
            fz_fail("zero-copy input %u at byte %llu spans %llu bytes, past the output's %llu", i,
                    (unsigned long long)offsets[i], (unsigned long long)input_spans[i],
                    (unsigned long long)output_span);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static bool poisoned;
    fz_poison_once(&arrays, sizeof arrays, &poisoned);
    fz_reader r = {data, size};
    fz_dml_operator o;
    fz_dml_decode_operator(&r, &dml, input_tensors, VKSPLIT_MAX_INPUTS, true, &o);
    vksplit_dml_join_operator_desc op = {o.count, o.list, o.whole, o.axis};

    vksplit_dml_join_storage storage;
    fz_poison(&storage, sizeof storage);
    storage.capacity = o.capacity;
    storage.lengths = o.null_arg == 2 ? NULL : arrays.lengths;
    storage.input_strides = o.null_arg == 4 ? NULL : arrays.rows;
    storage.input_stride_table = o.null_arg == 5 ? NULL : arrays.table;
    vksplit_join_desc out;
    fz_poison(&out, sizeof out);
    vksplit_error error;
    vksplit_result result =
        vksplit_dml_translate_join(o.null_arg == 0 ? NULL : &op, o.level, o.null_arg == 1 ? NULL : &storage,
                                   o.null_arg == 3 ? NULL : &out, &error);
    fz_trace(result, &error);
    if (result != VKSPLIT_OK) {
        fz_check_error(result, &error);
        fz_expect_poisoned(storage.sizes, sizeof storage.sizes, "storage.sizes after an error");
        fz_expect_poisoned(storage.output_strides, sizeof storage.output_strides,
                           "storage.output_strides after an error");
        fz_expect_poisoned(&out, sizeof out, "*out after an error");
        expect_arrays_poisoned(0, o.watched, "after an error");
        return 0;
    }
    expect_arrays_poisoned(o.writable, FZ_GUARD, "past InputCount");
    check_join(&op, &storage, &out);
    /* What the success wrote, poisoned again for the next run. */
    fz_poison(arrays.lengths, o.writable * sizeof arrays.lengths[0]);
    if (out.input_strides) {
        fz_poison(arrays.rows, (size_t)o.writable * VKSPLIT_MAX_RANK * sizeof arrays.rows[0]);
        fz_poison(arrays.table, o.writable * sizeof arrays.table[0]);
    }
    return 0;
}
