/* Per-record arguments: the output addresses a plan with more than ABI_INLINE_OUTPUTS
 * outputs reads from the caller's memory instead of push constants. */
#ifndef VKSPLIT_ARGUMENTS_H
#define VKSPLIT_ARGUMENTS_H

#include "bindings.h"

/* Records the arguments into the caller's range (vkCmdUpdateBuffer) and the barrier that makes
 * them visible to the dispatch; *address receives the range's device address. Checks first:
 * on error nothing is recorded. */
vksplit_result vksplit__record_arguments(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_binding* outputs,
                                         const vksplit_arguments* arguments, VkDeviceAddress* address,
                                         vksplit_error* error);

/* The arguments range's device address, checked. */
vksplit_result vksplit__arguments_address(const vksplit_plan* plan, const vksplit_arguments* arguments,
                                          VkDeviceAddress* address, vksplit_error* error);

#endif /* VKSPLIT_ARGUMENTS_H */
