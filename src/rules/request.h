/* The request: a validated canonical split or join, the one type the layout arithmetic, the
 * spans, the zero-copy queries, the binding windows and the planner take. The rules
 * (request_rules.h) turn either public desc into it; nothing past the public entry points
 * sees a desc. Its own header so that they need not include the rules. */
#ifndef VKSPLIT_REQUEST_H
#define VKSPLIT_REQUEST_H

#include "base/internal.h"

/* Which way the bytes go: a split copies the whole into its parts, a join the parts into the
 * whole. The values are vksplit_operation's. Read it only where the behaviour differs;
 * messages take their words from vksplit__words. */
typedef enum vksplit__direction {
    VKSPLIT__SPLIT = VKSPLIT_OPERATION_SPLIT, /* whole -> parts: reads the whole, writes the parts */
    VKSPLIT__JOIN = VKSPLIT_OPERATION_JOIN    /* parts -> whole: reads the parts, writes the whole */
} vksplit__direction;

/* A direction's words, the one place messages and labels take them from. */
typedef struct vksplit__direction_words {
    const char* operation; /* the operation's name */
    const char* whole;     /* "input", "output": the whole as the desc calls it */
    const char* parts;     /* "outputs", "inputs" */
    const char* summary;   /* what vksplit_plan_info.summary starts with ("" for a split) */
} vksplit__direction_words;
extern const vksplit__direction_words vksplit__words_of[2];
/* Whether the copy writes the whole (a join) rather than reads it (a split). */
static inline bool vksplit__writes_whole(vksplit__direction d) { return d == VKSPLIT__JOIN; }
static inline const vksplit__direction_words* vksplit__words(vksplit__direction d) { return &vksplit__words_of[d]; }

/* A validated canonical split or join: one whole tensor and N parts along one axis, and which
 * way the bytes go (a split reads the whole and writes the parts, a join the other way). Only
 * the rules build one (vksplit__split_request, vksplit__join_request), so holding one is the
 * proof that every rule of vksplit_validate_split (vksplit_validate_join) holds: everything
 * that takes this type checks nothing again. It copies the small arrays and points at the
 * caller's per-part arrays (lengths, part_strides), so it is valid while the desc's are. With
 * capacities, the lengths and sizes[axis] are a plan's largest (device parameters), and no
 * rule holds their sum. */
typedef struct vksplit__request {
    uint32_t element_size;
    uint32_t rank;
    uint32_t axis;
    uint32_t part_count;
    uint32_t base_alignment; /* 16 where the desc says 0 */
    vksplit__direction direction;
    uint64_t sizes[VKSPLIT_MAX_RANK];         /* the whole's */
    uint64_t whole_strides[VKSPLIT_MAX_RANK]; /* packed where the desc gives none */
    const uint64_t* lengths;                  /* [part_count]: each part's extent on the axis */
    const uint64_t* const* part_strides;      /* NULL, or [part_count] entries NULL = packed */
    bool capacities;                          /* lengths and sizes[axis] are capacities */
} vksplit__request;

#endif /* VKSPLIT_REQUEST_H */
