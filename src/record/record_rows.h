/* Rows the GPU places at record time (vksplit_plan_options.rows): the bindings checked (the
 * whole, the part, the block, the indices), then the check pass where the plan has one, its
 * barrier, and the copy; and the status their checks write (vksplit_parameters_status). */
#ifndef VKSPLIT_RECORD_ROWS_H
#define VKSPLIT_RECORD_ROWS_H

#include "plan/plan_state.h"

/* vksplit_cmd_record for a rows plan (plan and cmd checked): nothing recorded on error. */
vksplit_result vksplit__record_rows(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* bindings,
                                    vksplit_error* error);

/* The indices' binding of a rows plan with GPU indices (none: nothing to check, *address 0):
 * present, offset a multiple of 4, and with device addresses their address in *address. */
vksplit_result vksplit__bind_indices(const vksplit_plan* plan, const vksplit_binding* indices, VkDeviceAddress* address,
                                     vksplit_error* error);

/* The status words of a rows plan (its block's first VKSPLIT_ROWS_STATUS_WORDS) as an error. */
vksplit_result vksplit__rows_status(const vksplit_plan* plan, const uint32_t* words, vksplit_error* error);

#endif /* VKSPLIT_RECORD_ROWS_H */
