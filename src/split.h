/* The validated canonical split: the one type the layout arithmetic, the spans, the zero-copy
 * query and the planner take. Its own header so that they need not include the rules. */
#ifndef VKSPLIT_SPLIT_H
#define VKSPLIT_SPLIT_H

#include "internal.h"

/* A validated canonical split. Only vksplit__split_check builds one, so holding one is the
 * proof that every rule of vksplit_validate_split holds: the layout arithmetic, the spans,
 * the zero-copy query and the planner take this type and check nothing again. It copies the
 * small arrays and points at the caller's per-output arrays (lengths, output_strides), so it is
 * valid while the desc's arrays are. */
typedef struct vksplit__split {
    uint32_t element_size;
    uint32_t rank;
    uint32_t axis;
    uint32_t output_count;
    uint32_t base_alignment; /* 16 where the desc says 0 */
    uint64_t sizes[VKSPLIT_MAX_RANK];
    uint64_t input_strides[VKSPLIT_MAX_RANK]; /* packed where the desc gives none */
    const uint64_t* lengths;                  /* [output_count]: each output's extent on the axis */
    const uint64_t* const* output_strides;    /* NULL, or [output_count] entries NULL = packed */
} vksplit__split;

#endif /* VKSPLIT_SPLIT_H */
