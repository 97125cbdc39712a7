/* The CPU planner's geometry checked against the spans of a valid split. The planner is
 * internal (src/planner.h) and its API will change: check_plan.c is the one file that
 * knows it, so adapting the fuzzers to a new planner means editing that file only. */
#ifndef VKSPLIT_FUZZ_CHECK_PLAN_H
#define VKSPLIT_FUZZ_CHECK_PLAN_H

#include <stdint.h>

#include "vksplit/vksplit.h"

/* Plans split for a GPU-like and a CPU-like device and aborts (fz_fail) if a planned copy
 * reads outside input_span_bytes or writes outside its output's span, or if the records do
 * not add up to the split's bytes. A planner error is allowed only for limits
 * (VKSPLIT_ERROR_SIZE_OVERFLOW, VKSPLIT_ERROR_OUT_OF_MEMORY). */
void fz_check_plan(const vksplit_split_desc* split, uint64_t input_span_bytes, const uint64_t* output_span_bytes);

#endif /* VKSPLIT_FUZZ_CHECK_PLAN_H */
