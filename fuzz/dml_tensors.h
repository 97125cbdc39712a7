/* The DirectML harnesses' tensors (fuzz_directml, fuzz_directml_join): one whole tensor
 * (Split's InputTensor, Join's OutputTensor) and a pool of parts (OutputTensors, InputTensors:
 * entry i of the operator's list is pool entry i % pool), decoded from the input with
 * fuzz_input.h's values, after the harness's own header bytes:
 *
 *   the whole      a raw tensor
 *   each part      a byte `how`. Bit 0 clear: a raw tensor. Set: the whole's copy (Flags less
 *                  OWNED_BY_DML, no Strides) with its own size on the axis (a value); bit 1
 *                  Strides (DimensionCount values), bit 2 an alignment, and, where the parts
 *                  are inputs (Join), bit 3 DML_TENSOR_FLAG_OWNED_BY_DML.
 *   a raw tensor   a kind byte (1: Type INVALID, 2: Desc NULL, 3: Sizes NULL, 4 and up: that
 *                  Type), DataType, Flags, a DimensionCount byte (mod FZ_DML_DIMS, past
 *                  DirectML's 8), the sizes, a byte whose bit 0 adds Strides (then the strides),
 *                  a TotalTensorSizeInBytes byte (mod 4: computed by DMLCalcBufferTensorSize,
 *                  computed + a value, a raw value, computed - 1; a value follows for the
 *                  second and third), an alignment.
 *   an alignment   a byte b: below 10, 0 (DirectML's 16) or 2^(b-1); else a value.
 *
 * Everything lives in caller-owned (static) memory: a run allocates nothing. */
#ifndef VKSPLIT_FUZZ_DML_TENSORS_H
#define VKSPLIT_FUZZ_DML_TENSORS_H

#include <stdbool.h>
#include <stdint.h>

#include "check_split.h"
#include "fuzz_input.h"
#include "vksplit/directml.h"

#define FZ_DML_POOL 16           /* distinct parts per input */
#define FZ_DML_DIMS 12           /* DimensionCount decodes to 0..FZ_DML_DIMS-1 */
#define FZ_DML_WHOLE FZ_DML_POOL /* the whole's slot */

typedef struct fz_dml_total {
    uint8_t mode;   /* 0 computed, 1 computed + value, 2 raw value, 3 computed - 1 */
    uint64_t value; /* the extra or the raw value */
} fz_dml_total;

typedef struct fz_dml_tensors {
    uint32_t sizes[FZ_DML_POOL + 1][FZ_DML_DIMS], strides[FZ_DML_POOL + 1][FZ_DML_DIMS];
    vksplit_dml_buffer_tensor_desc buffers[FZ_DML_POOL + 1];
    vksplit_dml_tensor_desc tensors[FZ_DML_POOL + 1];
    fz_dml_total totals[FZ_DML_POOL + 1];
    uint32_t pool; /* parts decoded this run */
} fz_dml_tensors;

/* An operator as both harnesses read it, in this order: a feature level (a byte below 9 picks
 * NEWEST, 1_0, 2_0, 2_1, 3_0, 3_1, 4_0, 4_1 or 5_0; another byte is followed by the raw value),
 * a flags byte, Axis, the part count (fz_count), the pool size (a byte, mod FZ_DML_POOL, + 1),
 * the tensors, and the storage's capacity byte. Flag bit 0 sets the whole's axis size to the
 * parts' sum (when it fits a uint32), so that valid operators are common; flags >= 0xf8 pass
 * one NULL where a pointer is required (null_arg). */
typedef struct fz_dml_operator {
    vksplit_dml_feature_level level;
    /* -1, or the pointer the call gets as NULL: 0 the operator, 1 the storage, 2 its lengths,
     * 3 *out, 4 its stride rows, 5 its stride table, 6 the whole, 7 the list */
    int null_arg;
    uint32_t axis, count;
    const vksplit_dml_tensor_desc* whole; /* NULL for null_arg 6 */
    const vksplit_dml_tensor_desc* list;  /* NULL for null_arg 7 */
    uint32_t capacity;                    /* the byte: 0 the count, 1 the limit, else itself less 2 */
    uint32_t writable;                    /* entries a translation may write: the count, 0 past the limit */
    size_t watched;                       /* entries watched: min(capacity, writable) + FZ_GUARD */
} fz_dml_operator;

/* Reads an operator into t and list (list[i] = part i % pool for the first
 * min(count, FZ_LIST_FILL); past them, only for a count beyond `limit`, refused for it, the
 * entries stay as they are). parts_are_inputs: bit 3 of a part's `how` marks it
 * OWNED_BY_DML. */
void fz_dml_decode_operator(fz_reader* r, fz_dml_tensors* t, vksplit_dml_tensor_desc* list, uint32_t limit,
                            bool parts_are_inputs, fz_dml_operator* op);

#endif /* VKSPLIT_FUZZ_DML_TENSORS_H */
