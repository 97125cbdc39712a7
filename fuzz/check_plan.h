/* The CPU planner's geometry checked against the spans of a valid split. The planner is
 * internal (src/geometry/planner.h) and its API will change: check_plan.c is the one file that
 * knows it, so adapting the fuzzers to a new planner means editing that file only. */
#ifndef VKSPLIT_FUZZ_CHECK_PLAN_H
#define VKSPLIT_FUZZ_CHECK_PLAN_H

#include <stdint.h>

#include "vksplit/vksplit.h"

/* Plans split, and its mirror join where that is valid (the split's input as the join's
 * output, its outputs as the join's inputs), for GPU-like and CPU-like devices and aborts
 * (fz_fail) if a planned copy reads or writes outside the spans (input_span_bytes, the
 * outputs' output_span_bytes: a join's output's and inputs' spans), if the records do not
 * add up to the split's bytes, or if a kernel's assumptions fail. A planner error is allowed only for limits
 * (VKSPLIT_ERROR_SIZE_OVERFLOW, VKSPLIT_ERROR_OUT_OF_MEMORY). */
void fz_check_plan(const vksplit_split_desc* split, uint64_t input_span_bytes, const uint64_t* output_span_bytes);

#endif /* VKSPLIT_FUZZ_CHECK_PLAN_H */
