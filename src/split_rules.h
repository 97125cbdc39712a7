/* The rules of the canonical split, and the type that carries the proof that they hold. */
#ifndef VKSPLIT_SPLIT_RULES_H
#define VKSPLIT_SPLIT_RULES_H

#include "internal.h"

/* A validated canonical split. Only vksplit__split_check builds one, so holding one is the
 * proof that every rule of vksplit_validate_split holds: the layout arithmetic, the spans,
 * the zero-copy query and the planner take this type and check nothing again. It copies the
 * small arrays and points at the caller's per-output arrays (split, output_strides), so it is
 * valid while the desc's arrays are. */
typedef struct vksplit__split {
    uint32_t element_size;
    uint32_t rank;
    uint32_t axis;
    uint32_t output_count;
    uint32_t base_alignment;                  /* 16 where the desc says 0 */
    uint64_t sizes[VKSPLIT_MAX_RANK];
    uint64_t input_strides[VKSPLIT_MAX_RANK]; /* packed where the desc gives none */
    const uint64_t* split;                    /* [output_count] */
    const uint64_t* const* output_strides;    /* NULL, or [output_count] entries NULL = packed */
} vksplit__split;

/* Every rule, each with its own code and message; fills *out only on success. */
vksplit_result vksplit__split_check(const vksplit_split_desc* desc, vksplit__split* out, vksplit_error* error);

/* Where the no-overlap rule fails: dimension `dim` steps by `stride`, which does not exceed
 * `reach`, the farthest element the dimensions with smaller strides address. */
typedef struct vksplit__overlap {
    uint32_t dim;
    uint64_t stride;
    uint64_t reach;
} vksplit__overlap;

/* The one check of the no-overlap rule (front-ends word its message in their own fields).
 * Sorted by stride, each dimension of size > 1 must step past everything the smaller ones
 * reach: sufficient for distinct addresses, and cheap. True and *found filled on overlap. */
bool vksplit__find_overlap(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, vksplit__overlap* found);

#endif /* VKSPLIT_SPLIT_RULES_H */
