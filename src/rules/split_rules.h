/* The rules of the canonical split and join (one rule set, src/rules/split_rules.c), and the
 * type that carries the proof that they hold. */
#ifndef VKSPLIT_SPLIT_RULES_H
#define VKSPLIT_SPLIT_RULES_H

#include "rules/split.h"

/* Every rule, each with its own code and message; fills *out (which may be NULL) only on
 * success. `desc` is the direction's desc: a vksplit_split_desc (its input the whole) or a
 * vksplit_join_desc (its output the whole); a join fails with the JOIN_* ids. The typed
 * wrappers below are what callers with one desc type use. */
vksplit_result vksplit__check(vksplit__direction direction, const void* desc, vksplit__split* out,
                              vksplit_error* error);
/* The same for a plan with device parameters, where the lengths and sizes[axis] are
 * capacities (capacities true): every rule but the lengths' sum (the lengths must still not
 * overflow 64 bits together). */
vksplit_result vksplit__check_capacities(vksplit__direction direction, const void* desc, bool capacities,
                                         vksplit__split* out, vksplit_error* error);
static inline vksplit_result vksplit__split_check(const vksplit_split_desc* desc, vksplit__split* out,
                                                  vksplit_error* error)
{
    return vksplit__check(VKSPLIT__SPLIT, desc, out, error);
}
static inline vksplit_result vksplit__join_check(const vksplit_join_desc* desc, vksplit__split* out,
                                                 vksplit_error* error)
{
    return vksplit__check(VKSPLIT__JOIN, desc, out, error);
}

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
