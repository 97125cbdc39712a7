// ROWS_CHECK, the check pass of rows the GPU places (split_abi.h's MAPPING_ROWS_CHECK): one
// workgroup of ROWS_CHECK_WORKGROUP, recorded before the copy (copy_rows.glsl) where the plan
// reads more indices than a copy checks itself (ROWS_FUSED_MAX_ENTRIES). It holds every index
// to the plan's rules (rows_indices.glsl's verdict: duplicates through the block's bitmaps),
// writes the status the copy reads first, and each list's start, normalized into [0, C), for
// the copy (LINEAR, CIRCULAR). It copies no word: no whole, no part.

#include "rows_indices.glsl"

void main()
{
    uint dmode = rows_device_mode(tbl(ROWS_TBL_FLAGS));
    if (dmode != 0u) { // device parameters of one part: the status, the length and the place the copy uses
        if (gl_LocalInvocationID.x == 0u) {
            uvec3 values;
            uint start, length;
            uint rule = device_verdict(dmode, values, start, length);
            write_device_status(rule, values);
            block_set(BLOCK_USED_LENGTH(1u, 0u), length); // 0 when a rule is broken
            block_set(BLOCK_USED_OFFSET(1u, 0u), start);
        }
        return;
    }
    uint status[6];
    uint rule = rows_verdict(false, status);
    uint flags = tbl(ROWS_TBL_FLAGS);
    if (gl_LocalInvocationID.x == 0u)
        write_status(status);
    if (rule != 0u || rows_mode(flags) == 1u)
        return;
    uint lists = tbl(ROWS_TBL_LISTS), places = tbl(ROWS_TBL_PLACES);
    for (uint l = gl_LocalInvocationID.x; l < lists; l += gl_WorkGroupSize.x)
        block_set(ROWS_BLOCK_SCRATCH + l, start_place(flags, index_value(flags, l), places));
}
