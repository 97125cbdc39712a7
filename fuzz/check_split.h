/* What the DirectML, ONNX and OpenVINO harnesses assert after calling a front-end, in one
 * place: a failure left the caller's memory alone, a success is a split the whole core
 * accepts and plans inside its spans. Every violation aborts with a one-line reason. */
#ifndef VKSPLIT_FUZZ_CHECK_SPLIT_H
#define VKSPLIT_FUZZ_CHECK_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fuzz_fail.h"
#include "vksplit/vksplit.h"

/* Fills caller memory with a pattern before a call, so that any write shows. */
#define FZ_POISON_BYTE 0xa5
void fz_poison(void* memory, size_t bytes);
/* The caller's storage stays poisoned between runs (a success re-poisons what it wrote, an
 * error must have written nothing): poisons it on the first call only, so that no run pays
 * for the megabytes it does not use. */
void fz_poison_once(void* memory, size_t bytes, bool* poisoned);
/* A count that bounds what a translation may write: none past vksplit's output limit. */
static inline uint64_t fz_writable(uint64_t count) { return count <= VKSPLIT_MAX_OUTPUTS ? count : 0; }
/* Aborts naming `what` when any of the bytes differs from the pattern. */
void fz_expect_poisoned(const void* memory, size_t bytes, const char* what);

/* With VKSPLIT_FUZZ_TRACE set in the environment, prints what the front-end returned: a
 * way to see whether a seed reaches the success path. */
void fz_trace(vksplit_result result, const vksplit_error* error);

/* The front-end's error: an error code, error->code equal to it, a one-line message. */
void fz_check_error(vksplit_result result, const vksplit_error* error);

/* The front-end's success: vksplit_validate_split accepts the desc, vksplit_split_spans and
 * vksplit_query_zero_copy succeed, aliased outputs lie inside the input span, and the
 * planner's copies stay inside every span (check_plan.c). */
void fz_check_split(const vksplit_split_desc* split);

/* After an ONNX or OpenVINO translation into storage whose sizes were `sizes` and whose split
 * lengths were split_store[watched] (capacity `capacity`), every count the node gave at most
 * `most`: an error wrote nothing (all poisoned, *out too); a success points into the storage,
 * has at most capacity and `most` outputs, wrote nothing past them, and passes
 * fz_check_split. The split lengths are poisoned again for the next run. */
void fz_check_translation(vksplit_result result, const vksplit_error* error, const uint64_t* sizes, size_t sizes_bytes,
                          uint64_t* split_store, uint32_t watched, uint32_t capacity, uint64_t most,
                          const vksplit_split_desc* out);

#endif /* VKSPLIT_FUZZ_CHECK_SPLIT_H */
