/* The rules of the canonical split and join (one rule set, src/rules/request_rules.c), and the
 * type that carries the proof that they hold. */
#ifndef VKSPLIT_REQUEST_RULES_H
#define VKSPLIT_REQUEST_RULES_H

#include "rules/request.h"

/* A public desc turned into the request: every rule, each with its own code and message (a
 * join's the JOIN_* ids); fills *out (which may be NULL) only on success. A split's input is the
 * whole and its outputs the parts; a join's output the whole and its inputs the parts. With
 * capacities (a plan with device parameters) the lengths and sizes[axis] are capacities: every
 * rule but the lengths' sum (they must still not overflow 64 bits together). */
vksplit_result vksplit__split_request(const vksplit_split_desc* desc, bool capacities, vksplit__request* out,
                                      vksplit_error* error);
vksplit_result vksplit__join_request(const vksplit_join_desc* desc, bool capacities, vksplit__request* out,
                                     vksplit_error* error);

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

#endif /* VKSPLIT_REQUEST_RULES_H */
