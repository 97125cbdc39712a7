/* See frontend_common.h. */
#include "frontends/frontend_common.h"

#include "base/internal.h"

vksplit_result vksplit__check_storage(const void* storage, const uint64_t* lengths, uint32_t capacity, uint64_t count,
                                      vksplit__storage_of of, const void* out, vksplit_error* error)
{
    if (!storage || !lengths)
        return VKSPLIT__FAIL(error, STORAGE_NULL, storage ? "storage->lengths" : "storage");
    if (capacity < count) {
        /* Counts reach here checked against VKSPLIT_MAX_OUTPUTS or VKSPLIT_MAX_INPUTS. */
        switch (of) {
        case VKSPLIT__STORAGE_ONNX_SPLIT: return VKSPLIT__FAIL(error, ONNX_STORAGE_CAPACITY, capacity, (uint32_t)count);
        case VKSPLIT__STORAGE_ONNX_CONCAT:
            return VKSPLIT__FAIL(error, ONNX_CONCAT_STORAGE_CAPACITY, capacity, (uint32_t)count);
        case VKSPLIT__STORAGE_OV_SPLIT:
            return VKSPLIT__FAIL(error, OV_STORAGE_CAPACITY, capacity, (unsigned long long)count);
        default: return VKSPLIT__FAIL(error, OV_CONCAT_STORAGE_CAPACITY, capacity, (uint32_t)count);
        }
    }
    if (!out)
        return VKSPLIT__FAIL0(error, OUT_NULL);
    return VKSPLIT_OK;
}

uint32_t vksplit__packed_bytes_overflow_at(uint32_t element_size, uint32_t rank, const uint64_t* sizes)
{
    uint64_t bytes = element_size;
    for (uint32_t k = 0; k < rank; k++)
        if (sizes[k] != 0 && !vksplit__mul_u64(bytes, sizes[k], &bytes))
            return k;
    return rank;
}

void vksplit__write_packed_join(uint32_t element_size, uint32_t rank, const uint64_t* sizes, uint32_t axis,
                                uint32_t input_count, uint64_t* storage_sizes, const uint64_t* storage_lengths,
                                vksplit_join_desc* out)
{
    memcpy(storage_sizes, sizes, rank * sizeof sizes[0]);
    *out = (vksplit_join_desc){.element_size = element_size,
                               .rank = rank,
                               .sizes = storage_sizes,
                               .axis = axis,
                               .input_count = input_count,
                               .lengths = storage_lengths};
}
