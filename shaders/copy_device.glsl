// DEVICE: a plan made for capacities whose lengths and offsets along the axis the GPU wrote
// (split_abi.h's MAPPING_DEVICE; vksplit.h's VKSPLIT_PARAMETERS_*), and its check. The
// parameters travel as an address in the tenth part's push-constant place (device addresses),
// or as binding 3 with their first word in the last part word's place (descriptors).
//
// The check (one workgroup, recorded before the copy) reads the engine's values, holds them to
// the plan's capacities, and writes the lengths and offsets the copy uses: every length 0 when
// a value breaks a rule, so that nothing is written, and the status (the rule's id, then three
// values for its message; 0 when all is well). The copy's grid holds the capacity's tiles; a
// tile past its row's actual chunk returns at once.

#if defined(ADDRESSING_BDA)
layout(buffer_reference, std430, buffer_reference_align = 4) buffer ParamRef { uint v[]; };
const uint PARAM_PLACE = (PC_BDA_PARAMETERS - PC_BDA_PARTS) / 4; // in pc.parts[]
uint param(uint i) { return ParamRef(word64(pc.parts[PARAM_PLACE], pc.parts[PARAM_PLACE + 1u])).v[i]; }
void set_param(uint i, uint v) { ParamRef(word64(pc.parts[PARAM_PLACE], pc.parts[PARAM_PLACE + 1u])).v[i] = v; }
#else
#if KERNEL == MAPPING_DEVICE_CHECK
layout(set = 0, binding = 3, std430) buffer Params { uint v[]; } params;
void set_param(uint i, uint v) { params.v[pc.part_words[ABI_MAX_SLOTS - 1] + i] = v; }
#else
layout(set = 0, binding = 3, std430) readonly buffer Params { uint v[]; } params;
#endif
uint param(uint i) { return params.v[pc.part_words[ABI_MAX_SLOTS - 1] + i]; }
#endif

#if KERNEL == MAPPING_DEVICE_CHECK
// A part's values against its capacity: the rule it breaks (0: none) and the rule's values.
uint part_rule(uint n, uint i, uint caps_at, bool given, bool join, out uvec3 values)
{
    uint whole_cap = tbl(caps_at + n);
    uint len = param(DEV_LENGTH(n, i)), cap = tbl(caps_at + i);
    values = uvec3(i, len, cap);
    if (len > cap)
        return DEV_RULE_LENGTH;
    if (!given)
        return 0u;
    uint off = param(DEV_OFFSET(n, i));
    values = uvec3(i, off, whole_cap);
    if (off > whole_cap || len > whole_cap - off) // off + len past the whole, without overflow
        return DEV_RULE_OFFSET;
    if (join && i > 0u) { // a join's parts lie in order: each starts where the one before ends, or later
        // (where the one before breaks a rule itself, its lower index wins: a saturated end is fine)
        uint before = param(DEV_OFFSET(n, i - 1u)), length = min(param(DEV_LENGTH(n, i - 1u)), tbl(caps_at + i - 1u));
        uint end = before > 0xFFFFFFFFu - length ? 0xFFFFFFFFu : before + length;
        values = uvec3(i, off, end);
        if (off < end)
            return DEV_RULE_ORDER;
    }
    return 0u;
}

void check_parameters()
{
    uint n = tbl(TBL_DEV_PARTS), caps_at = tbl(TBL_DEV_CAPS_AT);
    uint mode = pc.trips; // PC_BDA_DEV_MODE
    bool given = (mode & 3u) == DEV_OFFSETS_GIVEN, join = (mode & DEV_MODE_JOIN) != 0u;
    uint lanes = gl_WorkGroupSize.x, lane = gl_LocalInvocationID.x;
    uint per = (n + lanes - 1u) / lanes;
    uint begin = min(lane * per, n), end = min(begin + per, n);
    // Each lane: its parts' sum and its first part that breaks a rule. The sum is 64 bits wide
    // (a carry word): lengths each within a capacity may sum past 2^32 (capacities are not
    // bounded together), and a sum that wrapped to the whole's length would pass.
    uint sum = 0u, sum_high = 0u, first_bad = 0xFFFFFFFFu;
    uvec3 values;
    for (uint i = begin; i < end; i++) {
        if (first_bad == 0xFFFFFFFFu && part_rule(n, i, caps_at, given, join, values) != 0u)
            first_bad = i;
        uint len = param(DEV_LENGTH(n, i));
        sum += len;
        sum_high += uint(sum < len);
    }
    smem[lane] = sum;
    smem[lanes + lane] = first_bad;
    smem[2u * lanes + lane] = sum_high;
    barrier();
    if (lane == 0u) {
        uint total = 0u, total_high = 0u, bad = 0xFFFFFFFFu;
        for (uint l = 0u; l < lanes; l++) { // the prefix of the lanes' sums, in place (low words)
            uint s = smem[l];
            smem[l] = total;
            total += s;
            total_high += smem[2u * lanes + l] + uint(total < s);
            bad = min(bad, smem[lanes + l]);
        }
        uint rule = 0u;
        values = uvec3(0u);
        if (bad != 0xFFFFFFFFu) {
            rule = part_rule(n, bad, caps_at, given, join, values);
        } else if (!given) {
            uint whole = param(DEV_WHOLE_LENGTH), whole_cap = tbl(caps_at + n);
            if (whole > whole_cap) {
                rule = DEV_RULE_WHOLE_LENGTH;
                values = uvec3(whole, whole_cap, 0u);
            } else if (total != whole || total_high != 0u) {
                rule = DEV_RULE_SUM;
                values = uvec3(total, whole, total_high); // the sum's high word third
            }
        }
        set_param(DEV_STATUS(n), rule);
        set_param(DEV_STATUS(n) + 1u, values.x);
        set_param(DEV_STATUS(n) + 2u, values.y);
        set_param(DEV_STATUS(n) + 3u, values.z);
        smem[3u * lanes] = rule;
    }
    barrier();
    bool broken = smem[3u * lanes] != 0u;
    uint at = smem[lane]; // PACKED: where this lane's first part starts
    for (uint i = begin; i < end; i++) {
        uint len = param(DEV_LENGTH(n, i));
        set_param(DEV_USED_LENGTH(n, i), broken ? 0u : len);
        set_param(DEV_USED_OFFSET(n, i), broken ? 0u : given ? param(DEV_OFFSET(n, i)) : at);
        at += broken ? 0u : len;
    }

    // The copy's grid for these lengths: each segment's rows x tiles of its actual chunk, their
    // prefix, and each dispatch's VkDispatchIndirectCommand (its width the pushed shape's).
    uint segments = pc.segments, per_dispatch = pc_equal_units();
    uint tile = tbl(TBL_DEV_TILE), step = tbl(TBL_DEV_STEP);
    uint sper = (segments + lanes - 1u) / lanes;
    uint sbegin = min(lane * sper, segments), send = min(sbegin + sper, segments);
    uint units = 0u;
    for (uint s = sbegin; s < send; s++) {
        uint seg = segment_at(s), len = broken ? 0u : param(DEV_LENGTH(n, tbl(seg + SEG_DEV_PART)));
        units += tbl(seg + SEG_ROWS) * DEV_DIV_UP(len * step, tile);
    }
    barrier(); // every lane has read smem's part sums
    smem[lane] = units;
    barrier();
    if (lane == 0u) {
        uint total = 0u;
        for (uint l = 0u; l < lanes; l++) {
            uint u = smem[l];
            smem[l] = total;
            total += u;
        }
    }
    barrier();
    uint first = smem[lane];
    for (uint s = sbegin; s < send; s++) {
        set_param(DEV_PREFIX(n, s), first);
        uint seg = segment_at(s), len = broken ? 0u : param(DEV_LENGTH(n, tbl(seg + SEG_DEV_PART)));
        first += tbl(seg + SEG_ROWS) * DEV_DIV_UP(len * step, tile);
    }
    if (lane == lanes - 1u) // its end is every segment's: the total
        set_param(DEV_PREFIX(n, segments), first);
    memoryBarrierBuffer();
    barrier();
    uint width = pc_grid_x(), dispatches = (segments + per_dispatch - 1u) / per_dispatch;
    for (uint d = lane; d < dispatches; d += lanes) {
        uint a = d * per_dispatch, b = min(a + per_dispatch, segments);
        uint groups = param(DEV_PREFIX(n, b)) - param(DEV_PREFIX(n, a));
        set_param(DEV_INDIRECT(n, d), min(groups, width));
        set_param(DEV_INDIRECT(n, d) + 1u, DEV_DIV_UP(groups, width));
        set_param(DEV_INDIRECT(n, d) + 2u, 1u);
    }
}
#endif

#if KERNEL == MAPPING_DEVICE
// A CPU device's pipelines (its tuning's mapping RUNS): each lane copies a run of its own, in a
// tight loop (a GPU's pipelines fold this away: their lanes copy words W apart, coalesced).
layout(constant_id = SPEC_LANE_RUNS) const bool LANE_RUNS = false;
// One tile of one row of segment k. On a GPU the lanes copy words lane, lane + W, ... of it (W
// the workgroup size: coalesced), in trips of ABI_UNROLL words a lane, loads before stores, the
// loads clamped to the row's last word, the stores kept inside it; with LANE_RUNS (a CPU
// device) each lane copies a run of its own (llvmpipe runs a lane's words one after another).
void device_workgroup(uint k, uint unit)
{
    uint seg = segment_at(k), part = tbl(seg + SEG_DEV_PART);
    uint n = tbl(TBL_DEV_PARTS), step = tbl(TBL_DEV_STEP), tile = tbl(TBL_DEV_TILE);
    uint length = param(DEV_USED_LENGTH(n, part)) * step; // the capacity's chunk is below 2^32 words
    uint tiles = DEV_DIV_UP(length, tile);                // of the actual chunk: the check's grid
    uint row = unit / tiles;
    uint lanes = gl_WorkGroupSize.x;
    const uint UNROLL = ABI_UNROLL(WORD_BYTES);
    uint start = (unit - row * tiles) * tile;
    if (start >= length)
        return; // never: the check's grid holds the actual tiles
    OFFSET in_off, out_off;
    base_offsets(OFFSET(param(DEV_USED_OFFSET(n, part))) * OFFSET(step), in_off, out_off);
    place_row(seg, row, 0u, in_off, out_off);
    PART dest = part_of(k);
    if (LANE_RUNS) { // each lane its own run: RUNS' loop (copy_runs.glsl), four loads before four stores
        uint run = tile / lanes, at = start + gl_LocalInvocationID.x * run;
        if (at < length)
            copy_run(src_at(in_off + OFFSET(at)), dst_at(dest, out_off + OFFSET(at)), min(run, length - at), 1u);
        return;
    }
    uint trips = tile / (lanes * UNROLL), last = length - 1u, end = min(start + tile, length);
    uint first = start + gl_LocalInvocationID.x;
    for (uint t = 0u; t < trips && first < end; t++, first += lanes * UNROLL) {
        VALUE v[UNROLL];
        [[unroll]] for (uint j = 0u; j < UNROLL; j++)
            v[j] = load_at(in_cursor(in_off + OFFSET(min(first + j * lanes, last))));
        [[unroll]] for (uint j = 0u; j < UNROLL; j++)
            if (first + j * lanes < end)
                store_at(dest, out_cursor(dest, out_off + OFFSET(first + j * lanes)), v[j]);
    }
}

// Workgroup wg of this dispatch: its segment (among the dispatch's, pc_first_segment() on) and
// unit, from the prefix the check wrote; past the last, nothing (the grid's last row's rest).
void device_main(uint wg)
{
    uint n = tbl(TBL_DEV_PARTS), lo = pc_first_segment(), hi = lo + pc.segments;
    uint w = param(DEV_PREFIX(n, lo)) + wg;
    if (w >= param(DEV_PREFIX(n, hi)))
        return;
    while (hi - lo > 1u) { // the last segment whose first workgroup is <= w
        uint mid = (lo + hi) >> 1;
        if (param(DEV_PREFIX(n, mid)) <= w) lo = mid; else hi = mid;
    }
    if (JOIN)
        g_part = segment_part(lo);
    device_workgroup(lo, w - param(DEV_PREFIX(n, lo)));
}
#endif
