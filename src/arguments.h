/* Per-recording arguments: the output addresses a plan with more than ABI_INLINE_OUTPUTS
 * outputs reads from the caller's memory instead of push constants. */
#ifndef VKSPLIT_ARGUMENTS_H
#define VKSPLIT_ARGUMENTS_H

#include "bindings.h"

/* Checks the caller's range and every output's address; *address receives the range's
 * device address. Records nothing. */
vksplit_result vksplit__check_arguments(const vksplit_plan* plan, const vksplit_binding* outputs,
                                        const vksplit_arguments* arguments, VkDeviceAddress* address,
                                        vksplit_error* error);
/* Records the arguments into the caller's range (vkCmdUpdateBuffer) and the barrier that makes
 * them visible to the dispatch, unless they are prewritten. After vksplit__check_arguments:
 * cannot fail. */
void vksplit__record_arguments(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* outputs,
                               const vksplit_arguments* arguments);

/* The arguments range's device address, checked. */
vksplit_result vksplit__arguments_address(const vksplit_plan* plan, const vksplit_arguments* arguments,
                                          VkDeviceAddress* address, vksplit_error* error);

#endif /* VKSPLIT_ARGUMENTS_H */
