/* The validated canonical split or join: the one type the layout arithmetic, the spans, the
 * zero-copy queries, the binding windows and the planner take. Its own header so that they
 * need not include the rules. */
#ifndef VKSPLIT_SPLIT_H
#define VKSPLIT_SPLIT_H

#include "base/internal.h"

/* A validated canonical split or join: one whole tensor and N parts along one axis, and which
 * way the bytes go (a split reads the whole and writes the parts, a join the other way).
 * Only vksplit__split_check and vksplit__join_check build one, so holding one is the proof
 * that every rule of vksplit_validate_split (vksplit_validate_join) holds: everything that
 * takes this type checks nothing again. It copies the small arrays and points at the
 * caller's per-part arrays (lengths, part_strides), so it is valid while the desc's are. */
typedef struct vksplit__split {
    uint32_t element_size;
    uint32_t rank;
    uint32_t axis;
    uint32_t part_count;                      /* a split's outputs, a join's inputs */
    uint32_t base_alignment;                  /* 16 where the desc says 0 */
    vksplit_bool32 join;                      /* 0: whole -> parts (a split); 1: parts -> whole (a join) */
    uint64_t sizes[VKSPLIT_MAX_RANK];         /* the whole's */
    uint64_t whole_strides[VKSPLIT_MAX_RANK]; /* packed where the desc gives none */
    const uint64_t* lengths;                  /* [part_count]: each part's extent on the axis */
    const uint64_t* const* part_strides;      /* NULL, or [part_count] entries NULL = packed */
} vksplit__split;

#endif /* VKSPLIT_SPLIT_H */
