/* Recording a plan that converts (shaders/convert.comp): its bindings and scale checked, then
 * one dispatch (device addresses) or one per part (descriptors). */
#ifndef VKSPLIT_RECORD_CONVERT_H
#define VKSPLIT_RECORD_CONVERT_H

#include "plan/plan_state.h"

vksplit_result vksplit__record_convert(const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* bindings,
                                       vksplit_error* error);

#endif /* VKSPLIT_RECORD_CONVERT_H */
