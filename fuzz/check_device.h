/* The fuzzers' model of the two passes of a plan with device parameters (shaders/copy_device.glsl):
 * the check, which holds the engine's values to the capacities and sizes the copy, and the copy's
 * arithmetic per workgroup, both on the plan's own table and in the shader's 32-bit arithmetic,
 * held to what the values mean, computed 64 bits wide. check_device.c is, with check_plan.c, a
 * file of the fuzzers that knows the internal planner. */
#ifndef VKSPLIT_FUZZ_CHECK_DEVICE_H
#define VKSPLIT_FUZZ_CHECK_DEVICE_H

#include <stdint.h>

#include "vksplit/vksplit.h"

/* The engine's values for a plan of n parts (VKSPLIT_PARAMETERS_*: whole length, lengths, offsets). */
typedef struct fz_device_values {
    uint32_t whole;
    const uint32_t* lengths; /* [n] */
    const uint32_t* offsets; /* [n], GIVEN */
} fz_device_values;

/* Plans the request (a split, or with join the join of the same fields: desc's input is then
 * the whole, its outputs the parts) with device parameters `mode` on GPU-like and CPU-like
 * devices, and for each plan that succeeds runs the model on `values`. Aborts (fz_fail) when
 * the model's status differs from the rules' (vksplit.h's VKSPLIT_PARAMETERS_* and the DEVICE_*
 * rules, computed 64 bits wide), when a passed recording would copy anything outside a tensor's
 * capacity or a tile count or grid wraps, or when a broken rule leaves any work in the grid. A
 * planner error is allowed only with a rule. */
void fz_check_device(const vksplit_split_desc* desc, int join, vksplit_device_parameters mode,
                     const fz_device_values* values);

#endif /* VKSPLIT_FUZZ_CHECK_DEVICE_H */
