/* The fuzzers' model of rows the GPU places (vksplit_plan_options.rows): the planner
 * (src/geometry/mapping_rows.c), the table it writes, and the two kernels that read it,
 * shaders/copy_rows.glsl and rows_indices.glsl's verdict, with rows_entries.glsl's entries (the
 * copy's own, pair by pair, and the check pass's, through bitmaps in the block), line by line
 * in the shaders' 32-bit arithmetic.
 * What they are held to is computed from the request and the indices alone, 64 bits wide, by
 * vksplit.h's definition. check_rows.c is, with check_plan.c and check_device.c, a file of the
 * fuzzers that knows the internal planner. */
#ifndef VKSPLIT_FUZZ_CHECK_ROWS_H
#define VKSPLIT_FUZZ_CHECK_ROWS_H

#include <stdint.h>

#include "vksplit/vksplit.h"

/* A device the fuzz input describes, besides the fixed GPU-like, CPU-like and descriptor ones:
 * a tuning an engine may pass (any workgroup, invocation_bytes, min_workgroups, word). */
typedef struct fz_rows_tuned {
    uint32_t bda, lane_runs, wide_grid;
    uint32_t workgroup_size; /* the context's: the rows copy takes it down to a power of two */
    uint32_t invocation_bytes, min_workgroups, max_word_bytes;
} fz_rows_tuned;

/* One request: desc (a split, or with join the join of the same fields: desc's input is then the
 * whole, its outputs the parts), rows (host_indices NULL for GPU indices, else the same bytes the
 * GPU would read), and the indices' values: value_count of them (int32 indices sign-extended),
 * as many as the plan reads where that is at most what the harness makes. With device (PACKED,
 * GIVEN or RING) the request goes to the device parameters' rows planner instead
 * (vksplit__plan_device_rows: rows and the indices unused), and device_words are the engine's
 * values in the block: the whole's length, the part's length, its offset. */
typedef struct fz_rows_case {
    const vksplit_split_desc* desc;
    int join;
    vksplit_rows rows;
    vksplit_device_parameters device;
    uint32_t device_words[3]; /* VKSPLIT_PARAMETERS_WHOLE_LENGTH, _LENGTH(1, 0), _OFFSET(1, 0) */
    const int64_t* values;
    uint64_t value_count;
    const void* index_data; /* the values as the plan's index_bytes each */
    fz_rows_tuned tuned;
    uint64_t seed; /* which workgroups and lanes the model samples in a large grid */
} fz_rows_case;

/* Validates the request (capacities: the part's rows and the whole's places are two numbers),
 * plans it with the rows options (or the device parameters) on each device, and for each plan
 * runs the model. Aborts (fz_fail) when a planner error names no rule, or a plan is made of a
 * request whose counts pass 64 bits; when host indices are refused, or not, other than the rules
 * (computed here) say, or normalized otherwise; when the verdict's status (the indices', or the
 * device parameters' as device_check.glsl writes it) differs from the rules'; when the table
 * differs from the request; when the copy loads or stores a word outside a tensor's span, wraps
 * a 32-bit value the 64-bit model does not, writes a (row, column) of the part other than
 * exactly once (a row with a skipped place, or past the device's length: never), or moves
 * anything under a broken rule; or when an invocation's loop trips pass VKSPLIT_LOOP_BUDGET. */
void fz_check_rows(const fz_rows_case* c);

#endif /* VKSPLIT_FUZZ_CHECK_ROWS_H */
