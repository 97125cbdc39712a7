/* What the DirectML, ONNX and OpenVINO harnesses assert after calling a front-end, in one
 * place: a failure left the caller's memory alone, a success is a split the whole core
 * accepts and plans inside its spans. Every violation aborts with a one-line reason. */
#ifndef VKSPLIT_FUZZ_CHECK_SPLIT_H
#define VKSPLIT_FUZZ_CHECK_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fuzz_fail.h"
#include "fuzz_input.h"
#include "vksplit/vksplit.h"

/* Fills caller memory with a pattern before a call, so that any write shows. */
#define FZ_POISON_BYTE 0xa5
void fz_poison(void* memory, size_t bytes);
/* The caller's storage stays poisoned between runs (a success re-poisons what it wrote, an
 * error must have written nothing): poisons it on the first call only, so that no run pays
 * for the megabytes it does not use. */
void fz_poison_once(void* memory, size_t bytes, bool* poisoned);
/* Entries past what a translation may write that the harnesses watch too, and pass in the
 * lists they hand a front-end. */
#define FZ_GUARD 16
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

/* ---- ONNX and OpenVINO: a translation into the caller's storage ------------------------
 * The two front-ends take the same storage (lengths, lengths_capacity, sizes) and fill the
 * same *out, so their harnesses share the caller's side of the call here: what is poisoned
 * before it, and what is checked after. */
typedef struct fz_translation {
    /* The storage's lengths array, for VKSPLIT_MAX_OUTPUTS; poisoned on the first run only
     * (fz_poison_once): a success re-poisons what it wrote, an error must write nothing. */
    uint64_t lengths[VKSPLIT_MAX_OUTPUTS + FZ_GUARD];
    bool lengths_poisoned;
    uint32_t capacity; /* for the storage's lengths_capacity */
    uint64_t most;     /* the largest output count the node gave: what a translation may write */
    size_t watched;    /* lengths checked: min(capacity, most) + FZ_GUARD */
    vksplit_split_desc out;
    vksplit_error error;
} fz_translation;

/* Before the call: reads the storage's capacity (one byte: 0 is VKSPLIT_MAX_OUTPUTS, else the
 * byte less one), and poisons t->lengths (once), t->out and the storage struct, `storage_bytes`
 * at `storage` (of either front-end's type). The harness then points its storage at t->lengths
 * with t->capacity. */
void fz_translation_begin(fz_translation* t, fz_reader* r, uint64_t most, void* storage, size_t storage_bytes);

/* After the call, given the storage's sizes: fz_trace; an error wrote nothing (t->lengths,
 * the sizes and t->out all poisoned); a success points into the storage, has at most
 * t->capacity and t->most outputs, wrote nothing past them, and passes fz_check_split. The
 * lengths it wrote are poisoned again for the next run. */
void fz_translation_end(fz_translation* t, vksplit_result result, const uint64_t* sizes, size_t sizes_bytes);

#endif /* VKSPLIT_FUZZ_CHECK_SPLIT_H */
