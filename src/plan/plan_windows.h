/* Binding windows: the boxes of a split's index space whose tensors each fit one descriptor
 * binding (src/plan/plan_windows.c). It cuts; the caller (src/plan/plan.c) plans each box, so the
 * cutting knows nothing of plans. */
#ifndef VKSPLIT_PLAN_WINDOWS_H
#define VKSPLIT_PLAN_WINDOWS_H

#include "base/internal.h"
#include "rules/request.h"

/* Windows one plan holds: each is a push descriptor set, a dispatch or more and a barrier per
 * recording, and a few hundred bytes of plan. */
#define VKSPLIT_MAX_WINDOWS 4096u

/* One box, as the cutter hands it over: a split of its own (its extents, the split's strides,
 * the outputs it holds), where its tensors start (bytes from the split's bindings: the input,
 * and parts part_first ..), and the widest word those starts allow. Everything it points
 * to lives until the callback returns. */
typedef struct vksplit__window_cut {
    uint32_t index; /* 0, 1, ... in recording order */
    const vksplit__request* part;
    uint64_t whole_offset;
    uint32_t part_first;
    const uint64_t* part_offsets; /* [part->part_count] */
    uint32_t max_word_bytes;
} vksplit__window_cut;

typedef vksplit_result (*vksplit__window_fn)(void* user, const vksplit__window_cut* cut, vksplit_error* error);

/* Cuts split into windows of at most limit bytes per tensor (its slack for rounded-down
 * offsets already taken off) and calls take(user, ...) for each in order; with take NULL it
 * only counts them. *count: how many (all of them, or those taken before a failure). Fails
 * with PLAN_WINDOWS past VKSPLIT_MAX_WINDOWS. */
vksplit_result vksplit__cut_windows(const vksplit__request* split, uint64_t limit,
                                    const VkAllocationCallbacks* callbacks, vksplit__window_fn take, void* user,
                                    uint32_t* count, vksplit_error* error);

#endif /* VKSPLIT_PLAN_WINDOWS_H */
