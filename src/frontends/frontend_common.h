/* What the ONNX and OpenVINO translations share, whichever operator they translate: the
 * caller's storage (checked after the operator's rules), the byte count of a packed tensor,
 * and the packed join a Concat writes. */
#ifndef VKSPLIT_FRONTEND_COMMON_H
#define VKSPLIT_FRONTEND_COMMON_H

#include <stdint.h>

#include "vksplit/vksplit.h"

/* Whose storage: the rule its capacity fails with, naming a split's outputs or a join's inputs. */
typedef enum vksplit__storage_of {
    VKSPLIT__STORAGE_ONNX_SPLIT,  /* ONNX_STORAGE_CAPACITY */
    VKSPLIT__STORAGE_ONNX_CONCAT, /* ONNX_CONCAT_STORAGE_CAPACITY */
    VKSPLIT__STORAGE_OV_SPLIT,    /* OV_STORAGE_CAPACITY */
    VKSPLIT__STORAGE_OV_CONCAT    /* OV_CONCAT_STORAGE_CAPACITY */
} vksplit__storage_of;

/* In this order: storage and storage->lengths (STORAGE_NULL), the capacity against the
 * count of outputs or inputs (the rule of `of`), then out (OUT_NULL). storage is the
 * front-end's storage struct, and lengths and capacity its fields when it is not NULL. */
vksplit_result vksplit__check_storage(const void* storage, const uint64_t* lengths, uint32_t capacity, uint64_t count,
                                      vksplit__storage_of of, const void* out, vksplit_error* error);

/* Where the byte count of a packed tensor, element_size times its non-zero sizes, first
 * overflows 64 bits: that dimension, or rank when the bytes fit. */
uint32_t vksplit__packed_bytes_overflow_at(uint32_t element_size, uint32_t rank, const uint64_t* sizes);

/* A Concat's result: copies the output's sizes into the storage's and writes *out, a packed
 * join on the storage's sizes and lengths (already filled) with base_alignment 0. */
void vksplit__write_packed_join(uint32_t element_size, uint32_t rank, const uint64_t* sizes, uint32_t axis,
                                uint32_t input_count, uint64_t* storage_sizes, const uint64_t* storage_lengths,
                                vksplit_join_desc* out);

#endif /* VKSPLIT_FRONTEND_COMMON_H */
