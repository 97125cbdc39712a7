/* The caller's bindings: the checks every record makes before recording anything, and
 * device addresses. Shared by record.c and arguments.c. */
#ifndef VKSPLIT_BINDINGS_H
#define VKSPLIT_BINDINGS_H

#include "plan.h"

/* Input and every non-empty output: a buffer, and an offset the plan's word allows. */
vksplit_result vksplit__check_bindings(const vksplit_plan* plan, const vksplit_binding* input,
                                       const vksplit_binding* outputs, vksplit_error* error);

/* vkGetBufferDeviceAddress, skipped when the buffer repeats (outputs often share one). */
typedef struct vksplit__address_cache {
    VkBuffer buffer;
    VkDeviceAddress address;
} vksplit__address_cache;

/* A binding's device address, checked against the plan's alignment (output < 0: the input). */
vksplit_result vksplit__binding_address(const vksplit_plan* plan, vksplit__address_cache* cache,
                                        const vksplit_binding* binding, int output, VkDeviceAddress* address,
                                        vksplit_error* error);

#endif /* VKSPLIT_BINDINGS_H */
