/* A recording's second step, for plans whose output addresses exceed the push constants
 * (more than ABI_INLINE_OUTPUTS outputs, device addresses): the addresses go into the
 * caller's arguments range (src/record/arguments.c), recorded into the command buffer, or written
 * on the host beforehand (vksplit_write_arguments, vksplit.h). */
#ifndef VKSPLIT_ARGUMENTS_H
#define VKSPLIT_ARGUMENTS_H

#include "record/record_bindings.h"

/* Records the output addresses into the caller's range (vkCmdUpdateBuffer) and the barrier
 * that makes them visible to the dispatch, unless they are prewritten. After vksplit__bind
 * accepted the recording: cannot fail. */
void vksplit__record_arguments(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* outputs,
                               const vksplit_arguments* arguments);

#endif /* VKSPLIT_ARGUMENTS_H */
