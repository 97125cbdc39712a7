/* What fuzz_onnx_tensorscatter holds a TensorScatter-24 translation to, worked out from the node
 * alone (ONNX's document and include/vksplit/onnx.h), never from the front-end's code:
 *   - the rules the node breaks (fz_ts_broken): the front-end must accept exactly the nodes that
 *     break none, and refuse the others with one of the rules they break;
 *   - what TensorScatter writes (fz_ts_onnx_present: ONNX's pseudocode, the sequence position
 *     alone wrapped in circular mode, as onnx.h's policy says), and what a join with
 *     vksplit_plan_options.rows writes by vksplit.h's definition of rows (fz_ts_rows_present),
 *     on element ids: the translation is exact when the two agree. */
#ifndef VKSPLIT_FUZZ_CHECK_TENSORSCATTER_H
#define VKSPLIT_FUZZ_CHECK_TENSORSCATTER_H

#include <stdbool.h>
#include <stdint.h>

#include "vksplit/onnx.h"

/* Rule ids a node can break: the front-end's (340..359) and the shared null ones. */
#define FZ_TS_RULES 400u
typedef struct fz_ts_rules {
    bool broken[FZ_TS_RULES];
    uint32_t count;
} fz_ts_rules;

/* The arguments of one call as the harness passes them (NULL where it passes NULL). */
typedef struct fz_ts_call {
    const vksplit_onnx_tensorscatter_desc* node;
    bool storage, out, options; /* given */
} fz_ts_call;

/* Every rule the call breaks that can be told from the node (a rule whose inputs another broken
 * rule leaves unreadable, e.g. a NULL shape's dimensions, is not looked at). */
void fz_ts_broken(const fz_ts_call* call, fz_ts_rules* rules);

/* Bytes of an element of an ONNX type vksplit copies, 0 for the others: ONNX's own widths. */
uint32_t fz_ts_type_bytes(uint32_t data_type);

/* Elements at most for the semantic check (fz_ts_onnx_present and fz_ts_rows_present). */
#define FZ_TS_ELEMENTS 4096u

/* present_cache by ONNX's pseudocode: past (ids) updated with update's rows, where batch row b
 * writes at write_indices[b] (0 without them) + sequence_idx, that position taken floor modulo
 * max_sequence_length in circular mode. False where linear mode writes outside the cache (the
 * document forbids it: no present_cache). shape is past_cache's, axis normalised. */
bool fz_ts_onnx_present(uint32_t rank, const int64_t* shape, uint32_t axis, int64_t sequence_length, bool circular,
                        const int64_t* write_indices, const uint32_t* past, const uint32_t* update, uint32_t* present);

/* The whole after a join of one part with rows, by vksplit.h's definition: for each index o
 * before the axis and each row j < L, place = start + j (LINEAR) or (start + j) floor-mod C
 * (CIRCULAR), start = indices[list(o)], list(o) o's index over the dimensions of list_dims;
 * whole[o, place] = part[o, j]. indices: rows->host_indices, or the GPU's (gpu_indices) where
 * NULL. False where a LINEAR start breaks ROWS_START (nothing is written). */
bool fz_ts_rows_present(const vksplit_join_desc* join, const vksplit_rows* rows, const int64_t* gpu_indices,
                        const uint32_t* whole_before, const uint32_t* part, uint32_t* whole);

#endif /* VKSPLIT_FUZZ_CHECK_TENSORSCATTER_H */
