// The device parameters' check (MAPPING_DEVICE_CHECK), a kernel of its own: one workgroup,
// recorded before the copy (copy_device.glsl). It reads the engine's values (vksplit.h's
// VKSPLIT_PARAMETERS_*), holds them to the plan's capacities, and writes the lengths and offsets
// the copy uses (every length 0 when a value breaks a rule, so that nothing is written), the
// status (the rule's id, then three values for its message; 0 when all is well), every
// segment's first workgroup of the copy for those lengths, and each dispatch's
// VkDispatchIndirectCommand. It copies no word: no views, its own push constants
// (split_abi.h's PC_CHECK_*), the table and the block.
//
// Every count here is 32 bits: the lengths' sum is taken 64 bits wide (a carry word), and the
// plan keeps the whole's capacity in words plus a tile below 2^32 (src/geometry/mapping_device.c),
// so that no rounding to tiles or grid rows (DEVICE_DIV_UP) wraps. The fuzzers run a model of this
// file line by line (fuzz/check_device.c): change both together.

#if defined(ADDRESSING_BDA)
layout(push_constant, std430) uniform Push {
    layout(offset = PC_CHECK_BDA_TABLE) uint64_t table;
    layout(offset = PC_CHECK_BDA_BLOCK) uint64_t block;
    layout(offset = PC_CHECK_BDA_SEGMENTS) uint segments;
    layout(offset = PC_CHECK_BDA_SHAPE) uint shape;
    layout(offset = PC_CHECK_BDA_PER_DISPATCH) uint per_dispatch;
    layout(offset = PC_CHECK_BDA_MODE) uint mode;
} pc;
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer TableRef { uint t[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer BlockRef { uint v[]; };
uint tbl(uint i) { return TableRef(pc.table).t[i]; }
uint param(uint i) { return BlockRef(pc.block).v[i]; }
void set_param(uint i, uint v) { BlockRef(pc.block).v[i] = v; }
uint segments_at() { return TBL_SEGMENTS_AT(pc.segments); } // one dispatch: every segment
#else
layout(push_constant, std430) uniform Push {
    layout(offset = PC_CHECK_DESC_SEGMENTS) uint segments;
    layout(offset = PC_CHECK_DESC_PER_DISPATCH) uint per_dispatch;
    layout(offset = PC_CHECK_DESC_SHAPE) uint shape;
    layout(offset = PC_CHECK_DESC_SEGMENTS_AT) uint segments_at;
    layout(offset = PC_CHECK_DESC_MODE) uint mode;
    layout(offset = PC_CHECK_DESC_BLOCK_WORD) uint block_word;
} pc;
layout(set = 0, binding = 0, std430) readonly buffer TableBuffer { uint t[]; } table;
layout(set = 0, binding = 3, std430) buffer Params { uint v[]; } params;
uint tbl(uint i) { return table.t[i]; }
uint param(uint i) { return params.v[pc.block_word + i]; }
void set_param(uint i, uint v) { params.v[pc.block_word + i] = v; }
uint segments_at() { return pc.segments_at; }
#endif
// Segment s's first field in the table: after the header and the prefix, the stride its row
// dimensions give (the copy's shape carries them).
uint segment_at(uint s)
{
    uint row_dims = (pc.shape >> SHAPE_ROW_DIMS_SHIFT) & SHAPE_ROW_DIMS_MASK;
    return segments_at() + s * TBL_SEGMENT_STRIDE(row_dims);
}

shared uint smem[SHARED_WORDS];

// A part's values against its capacity: the rule it breaks (0: none) and the rule's values.
uint part_rule(uint n, uint i, uint caps_at, bool given, bool join, out uvec3 values)
{
    uint whole_cap = tbl(caps_at + n);
    uint len = param(BLOCK_LENGTH(n, i)), cap = tbl(caps_at + i);
    values = uvec3(i, len, cap);
    if (len > cap)
        return CHECK_RULE_LENGTH;
    if (!given)
        return 0u;
    uint off = param(BLOCK_OFFSET(n, i));
    values = uvec3(i, off, whole_cap);
    if (off > whole_cap || len > whole_cap - off) // off + len past the whole, without overflow
        return CHECK_RULE_OFFSET;
    if (join && i > 0u) { // a join's parts lie in order: each starts where the one before ends, or later
        // (where the one before breaks a rule itself, its lower index wins: a saturated end is fine)
        uint before = param(BLOCK_OFFSET(n, i - 1u)), length = min(param(BLOCK_LENGTH(n, i - 1u)), tbl(caps_at + i - 1u));
        uint end = before > 0xFFFFFFFFu - length ? 0xFFFFFFFFu : before + length;
        values = uvec3(i, off, end);
        if (off < end)
            return CHECK_RULE_ORDER;
    }
    return 0u;
}

void check_parameters()
{
    uint n = tbl(DEVICE_TBL_PARTS), caps_at = tbl(DEVICE_TBL_CAPS_AT);
    uint mode = pc.mode;
    bool given = (mode & 3u) == CHECK_MODE_GIVEN, join = (mode & CHECK_MODE_JOIN) != 0u;
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
        uint len = param(BLOCK_LENGTH(n, i));
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
            uint whole = param(BLOCK_WHOLE_LENGTH), whole_cap = tbl(caps_at + n);
            if (whole > whole_cap) {
                rule = CHECK_RULE_WHOLE_LENGTH;
                values = uvec3(whole, whole_cap, 0u);
            } else if (total != whole || total_high != 0u) {
                rule = CHECK_RULE_SUM;
                values = uvec3(total, whole, total_high); // the sum's high word third
            }
        }
        set_param(BLOCK_STATUS(n), rule);
        set_param(BLOCK_STATUS(n) + 1u, values.x);
        set_param(BLOCK_STATUS(n) + 2u, values.y);
        set_param(BLOCK_STATUS(n) + 3u, values.z);
        smem[3u * lanes] = rule;
    }
    barrier();
    bool broken = smem[3u * lanes] != 0u;
    uint at = smem[lane]; // PACKED: where this lane's first part starts
    for (uint i = begin; i < end; i++) {
        uint len = param(BLOCK_LENGTH(n, i));
        set_param(BLOCK_USED_LENGTH(n, i), broken ? 0u : len);
        set_param(BLOCK_USED_OFFSET(n, i), broken ? 0u : given ? param(BLOCK_OFFSET(n, i)) : at);
        at += broken ? 0u : len;
    }

    // The copy's grid for these lengths: each segment's rows x tiles of its actual chunk, their
    // prefix, and each dispatch's VkDispatchIndirectCommand (its width the pushed shape's).
    uint segments = pc.segments, per_dispatch = pc.per_dispatch;
    uint tile = tbl(DEVICE_TBL_TILE), step = tbl(DEVICE_TBL_STEP);
    uint sper = (segments + lanes - 1u) / lanes;
    uint sbegin = min(lane * sper, segments), send = min(sbegin + sper, segments);
    uint units = 0u;
    for (uint s = sbegin; s < send; s++) {
        uint seg = segment_at(s), len = broken ? 0u : param(BLOCK_LENGTH(n, tbl(seg + DEVICE_SEG_PART)));
        units += tbl(seg + DEVICE_SEG_ROWS) * DEVICE_DIV_UP(len * step, tile);
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
        set_param(BLOCK_PREFIX(n, s), first);
        uint seg = segment_at(s), len = broken ? 0u : param(BLOCK_LENGTH(n, tbl(seg + DEVICE_SEG_PART)));
        first += tbl(seg + DEVICE_SEG_ROWS) * DEVICE_DIV_UP(len * step, tile);
    }
    if (lane == lanes - 1u) // its end is every segment's: the total
        set_param(BLOCK_PREFIX(n, segments), first);
    memoryBarrierBuffer();
    barrier();
    uint width = pc.shape & SHAPE_GRID_X_MASK, dispatches = (segments + per_dispatch - 1u) / per_dispatch;
    for (uint d = lane; d < dispatches; d += lanes) {
        uint a = d * per_dispatch, b = min(a + per_dispatch, segments);
        uint groups = param(BLOCK_PREFIX(n, b)) - param(BLOCK_PREFIX(n, a));
        set_param(BLOCK_INDIRECT(n, d), min(groups, width));
        set_param(BLOCK_INDIRECT(n, d) + 1u, DEVICE_DIV_UP(groups, width));
        set_param(BLOCK_INDIRECT(n, d) + 2u, 1u);
    }
}

void main() { check_parameters(); }
