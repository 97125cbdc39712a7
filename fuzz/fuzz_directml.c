/* fuzz_directml: vksplit_dml_translate_split on DML_SPLIT_OPERATOR_DESCs decoded from the
 * input (fuzz_input.h), with the post-conditions of check_split.h.
 *
 * Input: level, flags, Axis, OutputCount, pool size n, the input tensor and n output tensors
 * (dml_tensors.h: the input is the whole, OutputTensors[i] is pool entry i % n), storage
 * capacity. Flag bit 0 sets the input's axis size to the outputs' sum, so that valid splits
 * are common; flags >= 0xf8 pass one NULL where a pointer is required. A tensor's
 * TotalTensorSizeInBytes is computed (DMLCalcBufferTensorSize) or raw, per tensor. */
#include <stdbool.h>
#include <stdint.h>

#include "check_split.h"
#include "dml_tensors.h"
#include "fuzz_input.h"
#include "vksplit/directml.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/* The caller's memory, allocated once: the tensors, OutputTensors and storage for
 * VKSPLIT_MAX_OUTPUTS. */
static fz_dml_tensors dml;
static vksplit_dml_tensor_desc output_tensors[VKSPLIT_MAX_OUTPUTS + FZ_GUARD];
static uint64_t lengths_store[VKSPLIT_MAX_OUTPUTS + FZ_GUARD];
static uint64_t stride_store[(VKSPLIT_MAX_OUTPUTS + FZ_GUARD) * VKSPLIT_MAX_RANK];
static const uint64_t* table_store[VKSPLIT_MAX_OUTPUTS + FZ_GUARD];

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
    fz_reader r = {data, size};
    fz_dml_operator o;
    fz_dml_decode_operator(&r, &dml, output_tensors, VKSPLIT_MAX_OUTPUTS, false, &o);
    vksplit_dml_split_operator_desc op = {o.whole, o.count, o.list, o.axis};
    int null_arg = o.null_arg;
    uint32_t count = o.writable;
    size_t watched = o.watched;
    keep_storage_poisoned();

    vksplit_dml_split_storage storage;
    fz_poison(&storage, sizeof storage);
    storage.capacity = o.capacity;
    storage.lengths = null_arg == 2 ? NULL : lengths_store;
    storage.output_strides = null_arg == 4 ? NULL : stride_store;
    storage.output_stride_table = null_arg == 5 ? NULL : table_store;
    vksplit_split_desc out;
    fz_poison(&out, sizeof out);
    vksplit_error error;
    vksplit_result result = vksplit_dml_translate_split(
        null_arg == 0 ? NULL : &op, o.level, null_arg == 1 ? NULL : &storage, null_arg == 3 ? NULL : &out, &error);
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
