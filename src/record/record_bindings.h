/* A recording's first step (src/record/record.c runs them in order): every binding the caller gives
 * is checked, and what the shader needs of them resolved, before a single command is recorded.
 * With device addresses that is the whole's address (a split's input, a join's output), the
 * parts' that travel in push constants, and the arguments range's; the descriptor and transfer
 * paths need the checks only. Nothing here records or writes anything. */
#ifndef VKSPLIT_RECORD_BINDINGS_H
#define VKSPLIT_RECORD_BINDINGS_H

#include "plan/plan_state.h"
#include "split_abi.h"

typedef struct vksplit__bound {
    VkDeviceAddress whole;
    VkDeviceAddress parts[ABI_INLINE_OUTPUTS]; /* segment k's part, when the plan has no arguments */
    VkDeviceAddress arguments;                 /* the arguments range, when it has */
} vksplit__bound;

/* What vksplit__bind checks: a recording's every binding (vksplit_cmd_record),
 * or only the parts' (vksplit_write_arguments: no whole, no arguments range). */
typedef enum vksplit__bind_for { VKSPLIT__BIND_RECORDING, VKSPLIT__BIND_PARTS } vksplit__bind_for;

/* The whole and every non-empty part (a buffer, an offset the plan's word allows), then, with
 * device addresses, every address the plan reads (their alignment) and the arguments range;
 * fills *bound. The rules fail in that order, naming the bindings as the plan's operation
 * does ("input", "outputs[2]"; a join's "output", "inputs[2]"). */
vksplit_result vksplit__bind(const vksplit_plan* plan, vksplit__bind_for what, const vksplit_binding* whole,
                             const vksplit_binding* parts, const vksplit_arguments* arguments, vksplit__bound* bound,
                             vksplit_error* error);

/* The device addresses of segments [first, first + count)'s parts, once vksplit__bind has
 * accepted them: cannot fail. */
void vksplit__part_addresses(const vksplit_plan* plan, const vksplit_binding* parts, uint32_t first, uint32_t count,
                             uint64_t* addresses);

/* Push descriptors: a binding as a descriptor, its offset rounded down to what descriptors allow
 * (and the plan's word), its first word from there in *first_word. */
VkDescriptorBufferInfo vksplit__descriptor_for(const vksplit_plan* plan, const vksplit_binding* b, uint64_t span,
                                               uint32_t* first_word);

#endif /* VKSPLIT_RECORD_BINDINGS_H */
