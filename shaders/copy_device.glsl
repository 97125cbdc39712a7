// DEVICE: a plan made for capacities whose lengths and offsets along the axis the GPU wrote
// (split_abi.h's MAPPING_DEVICE; vksplit.h's VKSPLIT_PARAMETERS_*). Its check (device_check.glsl,
// a kernel of its own, recorded before it) wrote the lengths and offsets this copy uses (all 0
// when a value broke a rule, so that nothing is written), each segment's first workgroup for
// them, and the grid (vkCmdDispatchIndirect): only the actual tiles run. The block travels in
// the copy's own push constants: its address after nine parts' (PC_DEVICE_BDA_BLOCK, device
// addresses), or as binding 3 with its first word after 23 slots' (PC_DEVICE_DESC_BLOCK_WORD).

#if defined(ADDRESSING_BDA)
layout(buffer_reference, std430, buffer_reference_align = 4) buffer ParamRef { uint v[]; };
uint param(uint i) { return ParamRef(word64(pc.block[0], pc.block[1])).v[i]; }
#else
layout(set = 0, binding = 3, std430) readonly buffer Params { uint v[]; } params;
uint param(uint i) { return params.v[pc.block_word + i]; }
#endif

// A CPU device's pipelines (its tuning's mapping RUNS): each lane copies a run of its own, in a
// tight loop (a GPU's pipelines fold this away: their lanes copy words W apart, coalesced).
layout(constant_id = SPEC_LANE_RUNS) const bool LANE_RUNS = false;
// One tile of one row of segment k. On a GPU the lanes copy words lane, lane + W, ... of it (W
// the workgroup size: coalesced), in trips of ABI_UNROLL words a lane, loads before stores, the
// loads clamped, the stores kept inside the tile; with LANE_RUNS (a CPU
// device) each lane copies a run of its own (llvmpipe runs a lane's words one after another).
void device_workgroup(uint k, uint unit)
{
    uint seg = segment_at(k), part = tbl(seg + DEVICE_SEG_PART);
    uint n = tbl(DEVICE_TBL_PARTS), step = tbl(DEVICE_TBL_STEP), tile = tbl(DEVICE_TBL_TILE);
    uint length = param(BLOCK_USED_LENGTH(n, part)) * step; // the capacity's chunk is below 2^32 words
    uint tiles = DEVICE_DIV_UP(length, tile);                // of the actual chunk: the check's grid
    uint row = unit / tiles;
    uint lanes = gl_WorkGroupSize.x;
    const uint UNROLL = ABI_UNROLL(WORD_BYTES);
    uint start = (unit - row * tiles) * tile;
    if (start >= length)
        return; // never: the check's grid holds the actual tiles
    OFFSET in_off, out_off;
    base_offsets(OFFSET(param(BLOCK_USED_OFFSET(n, part))) * OFFSET(step), in_off, out_off);
    place_row(seg, row, 0u, in_off, out_off);
    PART dest = part_of(k);
    if (LANE_RUNS) { // each lane its own run: RUNS' loop (copy_runs.glsl), four loads before four stores
        uint run = tile / lanes, at = start + gl_LocalInvocationID.x * run;
        if (at < length)
            copy_run(src_at(in_off + OFFSET(at)), dst_at(dest, out_off + OFFSET(at)), min(run, length - at), 1u);
        return;
    }
    // With ONE_LOAD_PATH (Intel, split_copy.comp) a word past the tile's end is its last word,
    // loaded and stored again (the same bytes to the same place); elsewhere the loads clamp to
    // the row's last word and the stores past the tile are skipped (ir3 schedules this best:
    // the tile's last word as the clamp cost Adreno 740 half its loads in flight).
    uint trips = tile / (lanes * UNROLL), end = min(start + tile, length);
    uint last = ONE_LOAD_PATH ? end - 1u : length - 1u;
    uint first = start + gl_LocalInvocationID.x;
    for (uint t = 0u; t < trips && first < end; t++, first += lanes * UNROLL) {
        VALUE v[UNROLL];
        [[unroll]] for (uint j = 0u; j < UNROLL; j++)
            v[j] = load_at(in_cursor(in_off + OFFSET(min(first + j * lanes, last))));
        [[unroll]] for (uint j = 0u; j < UNROLL; j++) {
            uint at = ONE_LOAD_PATH ? min(first + j * lanes, last) : first + j * lanes;
            if (ONE_LOAD_PATH || at < end)
                store_at(dest, out_cursor(dest, out_off + OFFSET(at)), v[j]);
        }
    }
}

// Workgroup wg of this dispatch: its segment (among the dispatch's, pc_first_segment() on) and
// unit, from the prefix the check wrote; past the last, nothing (the grid's last row's rest).
void device_main(uint wg)
{
    uint n = tbl(DEVICE_TBL_PARTS), lo = pc_first_segment(), hi = lo + pc.segments;
    uint w = param(BLOCK_PREFIX(n, lo)) + wg;
    if (w >= param(BLOCK_PREFIX(n, hi)))
        return;
    while (hi - lo > 1u) { // the last segment whose first workgroup is <= w
        uint mid = (lo + hi) >> 1;
        if (param(BLOCK_PREFIX(n, mid)) <= w) lo = mid; else hi = mid;
    }
    if (JOIN)
        g_part = segment_part(lo);
    device_workgroup(lo, w - param(BLOCK_PREFIX(n, lo)));
}
