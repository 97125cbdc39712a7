// Rows the GPU places (split_abi.h's MAPPING_ROWS and MAPPING_ROWS_CHECK): what the copy and
// its check share. The push constants, the table, the block and the indices; an index's value
// and the rule it breaks; each list's start; and the verdict: the first rule any index breaks,
// found the same way by the check pass (one workgroup, its duplicates through bitmaps in the
// block) and by a copy that checks its few indices itself in every workgroup (ROWS_FLAG_FUSED,
// duplicates pair by pair). Every count is 32 bits: the plan keeps the places C below 2^31, the
// indices and the bitmaps' words within the loop budget (src/geometry/mapping_rows.c).

// Who writes the block: the check pass, and with device addresses the copy that checks its few
// indices itself. A descriptor copy only reads it (the check pass always runs there), so that its
// module declares the binding read-only: a plan with host indices binds its table's range there
// (and as the indices) without the validation layer's synchronization checks seeing a write.
#if KERNEL == MAPPING_ROWS_CHECK || defined(ADDRESSING_BDA)
#define ROWS_WRITES_BLOCK 1
#else
#define ROWS_WRITES_BLOCK 0
#endif

#if defined(ADDRESSING_BDA)
layout(push_constant, std430) uniform Push {
    layout(offset = PC_ROWS_BDA_TABLE) uint64_t table;
    layout(offset = PC_ROWS_BDA_WHOLE) uint64_t whole;
    layout(offset = PC_ROWS_BDA_PART) uint64_t part;
    layout(offset = PC_ROWS_BDA_INDICES) uint64_t indices;
    layout(offset = PC_ROWS_BDA_BLOCK) uint64_t block;
    layout(offset = PC_ROWS_BDA_GRID_X) uint grid_x;
} pc;
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer RowsTableRef { uint t[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer RowsIndexRef { uint v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer RowsBlockRef { uint v[]; };
uint tbl(uint i) { return RowsTableRef(pc.table).t[i]; }
uint index_word(uint i) { return RowsIndexRef(pc.indices).v[i]; }
uint block_get(uint i) { return RowsBlockRef(pc.block).v[i]; }
void block_set(uint i, uint v) { RowsBlockRef(pc.block).v[i] = v; }
uint block_or(uint i, uint v) { return atomicOr(RowsBlockRef(pc.block).v[i], v); }
#else
layout(push_constant, std430) uniform Push {
    layout(offset = PC_ROWS_DESC_TABLE_WORD) uint table_word;
    layout(offset = PC_ROWS_DESC_WHOLE_WORD) uint whole_word;
    layout(offset = PC_ROWS_DESC_PART_WORD) uint part_word;
    layout(offset = PC_ROWS_DESC_INDICES_WORD) uint indices_word;
    layout(offset = PC_ROWS_DESC_BLOCK_WORD) uint block_word;
    layout(offset = PC_ROWS_DESC_GRID_X) uint grid_x;
} pc;
// The table as a uniform buffer: the fourth storage buffer would pass the least devices' four
// per stage (maxPerStageDescriptorStorageBuffers), and the whole, the part, the block and the
// indices take those.
layout(std140, set = 0, binding = 0) uniform RowsTable { uvec4 t[ROWS_TBL_VEC4S]; } table;
#if ROWS_WRITES_BLOCK
layout(set = 0, binding = 3, std430) buffer RowsBlock { uint v[]; } block;
#else
layout(set = 0, binding = 3, std430) readonly buffer RowsBlock { uint v[]; } block;
#endif
layout(set = 0, binding = 4, std430) readonly buffer RowsIndices { uint v[]; } indices;
uint tbl(uint i)
{
    uint at = pc.table_word + i;
    return table.t[at >> 2][at & 3u];
}
uint index_word(uint i) { return indices.v[pc.indices_word + i]; }
uint block_get(uint i) { return block.v[pc.block_word + i]; }
#if ROWS_WRITES_BLOCK
void block_set(uint i, uint v) { block.v[pc.block_word + i] = v; }
uint block_or(uint i, uint v) { return atomicOr(block.v[pc.block_word + i], v); }
#endif
#endif

#if KERNEL == MAPPING_ROWS
shared uint smem[ROWS_COPY_SHARED_WORDS]; // a fixed size: no specialization
#else
shared uint smem[ROWS_SHARED_WORDS];
#endif

// The plan's flags and outer dimensions: constants on a CPU device, whose rows plans each make a
// pipeline of their own (split_abi.h's ROWS_SHAPE); the table's words elsewhere.
layout(constant_id = SPEC_ROWS_SHAPE) const uint ROWS_SHAPE = ROWS_SHAPE_ANY;
uint rows_flags() { return ROWS_SHAPE != ROWS_SHAPE_ANY ? ROWS_SHAPE & 0xFFFFu : tbl(ROWS_TBL_FLAGS); }
uint rows_outer_dims() { return ROWS_SHAPE != ROWS_SHAPE_ANY ? ROWS_SHAPE >> ROWS_SHAPE_DIMS_SHIFT : tbl(ROWS_TBL_OUTER_DIMS); }

uint rows_device_mode(uint flags) { return (flags >> ROWS_FLAG_DEVICE_SHIFT) & ROWS_FLAG_DEVICE_MASK; }

// Device parameters of one part (split_abi.h's BLOCK_* with n = 1, the rules device_check.glsl
// writes, in its order: the part's length, then its offset (GIVEN) or the whole's length and the
// sum (PACKED); a ring (RING) has no offset rule): the rule broken (0: none) and its three
// values; the place of the part's first row (a ring's offset modulo the places) and its length.
uint device_verdict(uint dmode, out uvec3 values, out uint start, out uint length)
{
    uint cap = tbl(ROWS_TBL_ROWS), places = tbl(ROWS_TBL_PLACES);
    uint len = block_get(BLOCK_LENGTH(1u, 0u)), off = block_get(BLOCK_OFFSET(1u, 0u));
    start = 0u;
    length = 0u;
    values = uvec3(0u, len, cap);
    if (len > cap)
        return CHECK_RULE_LENGTH;
    if (dmode == CHECK_MODE_GIVEN) {
        values = uvec3(0u, off, places);
        if (off > places || len > places - off) // off + len past the whole, without overflow
            return CHECK_RULE_OFFSET;
        start = off;
    } else if (dmode == 3u) { // RING: the plan keeps the capacity within the places
        start = places != 0u ? off % places : 0u;
    } else { // PACKED: one part, from the whole's start
        uint whole = block_get(BLOCK_WHOLE_LENGTH);
        values = uvec3(whole, places, 0u);
        if (whole > places)
            return CHECK_RULE_WHOLE_LENGTH;
        values = uvec3(len, whole, 0u); // the sum's low word, the length, its high word
        if (len != whole)
            return CHECK_RULE_SUM;
    }
    values = uvec3(0u);
    length = len;
    return 0u;
}

#include "rows_entries.glsl" // index_value, is_negative, entry_rule, placed_twice

// v mod c for v unsigned 64 bits and 0 < c < 2^31 (so r << 1 never wraps): the high word's
// remainder, then the low word's bits shifted in one by one.
uint mod_u64(uvec2 v, uint c)
{
    uint r = v.y % c;
    [[unroll]] for (int b = 31; b >= 0; b--) { // unrolled: 32 trips a start would count against llvmpipe's loop limit
        r = (r << 1) | ((v.x >> uint(b)) & 1u);
        if (r >= c)
            r -= c;
    }
    return r;
}
// A start as a place in [0, C): LINEAR's as it is (checked), CIRCULAR's floor-modulo C (numpy's
// and Python's %, ONNX's reference): a negative v is c - 1 - ((-v - 1) mod c), -v - 1 being ~v.
uint start_place(uint flags, uvec2 v, uint places)
{
    if (rows_mode(flags) != 3u || places == 0u) // (no place: no row either, L <= C)
        return places == 0u ? 0u : v.x;
    return is_negative(v) ? places - 1u - mod_u64(~v, places) : mod_u64(v, places);
}

#if ROWS_WRITES_BLOCK
// The verdict on every index, by every lane of the workgroup together (barriers: call it from
// uniform control flow): the rule broken first (entries in order; duplicates only where no
// index breaks another rule) and its status words. pairwise: a copy with few indices finds an
// INDEXED join's duplicates by comparing pairs (and keeps each list's start in smem);
// otherwise the check pass marks places in the block's two bitmaps (seen, seen twice), which it
// clears first. A duplicate is reported deterministically: the least list holding one, its
// least place seen twice, and the first two entries that place a row there.
uint rows_verdict(bool pairwise, out uint status[6])
{
    uint flags = rows_flags(), rows = tbl(ROWS_TBL_ROWS), places = tbl(ROWS_TBL_PLACES);
    uint entries = tbl(ROWS_TBL_ENTRIES), lists = tbl(ROWS_TBL_LISTS);
    uint lane = gl_LocalInvocationID.x, lanes = gl_WorkGroupSize.x;
    bool indexed = rows_mode(flags) == 1u, join = (flags & ROWS_FLAG_JOIN) != 0u;
    uint per_list = indexed ? rows : 1u;
    if (lane == 0u) {
        smem[ROWS_SMEM_BAD] = 0xFFFFFFFFu;
        smem[ROWS_SMEM_DUP_LIST] = 0xFFFFFFFFu;
        smem[ROWS_SMEM_DUP_PLACE] = 0xFFFFFFFFu;
        smem[ROWS_SMEM_FIRST] = 0xFFFFFFFFu;
        smem[ROWS_SMEM_SECOND] = 0xFFFFFFFFu;
    }
    barrier();
    // Pairwise, the lists holding a place twice are found in the rules' pass, before its one
    // barrier (the pairs' loads once, not twice; a broken rule outranks a duplicate).
    bool pair_duplicates = pairwise && indexed && join;
    for (uint e = lane; e < entries; e += lanes) {
        uvec2 v = index_value(flags, e);
        if (entry_rule(flags, v, rows, places) != 0u)
            atomicMin(smem[ROWS_SMEM_BAD], e);
        else if (pairwise && !indexed)
            smem[ROWS_SMEM_STARTS + e] = start_place(flags, v, places); // e is the list here
        if (pair_duplicates && placed_twice(flags, e, per_list, v))
            atomicMin(smem[ROWS_SMEM_DUP_LIST], e / per_list);
    }
    barrier();
    uint bad = smem[ROWS_SMEM_BAD];
    bool duplicates = indexed && join && bad == 0xFFFFFFFFu;
    uint words = tbl(ROWS_TBL_BITMAP_WORDS), seen2 = ROWS_BLOCK_SCRATCH + lists * words;
    if (duplicates && !pairwise) { // the bitmaps start clear each time
        for (uint w = lane; w < 2u * lists * words; w += lanes)
            block_set(ROWS_BLOCK_SCRATCH + w, 0u);
        memoryBarrierBuffer();
        barrier();
        for (uint e = lane; e < entries; e += lanes) {
            uvec2 v = index_value(flags, e);
            if (is_negative(v))
                continue; // skipped (a negative that is not broke a rule above)
            uint list = e / per_list, at = list * words + (v.x >> 5), bit = 1u << (v.x & 31u);
            if ((block_or(ROWS_BLOCK_SCRATCH + at, bit) & bit) != 0u)
                block_or(seen2 + at, bit);
        }
        memoryBarrierBuffer();
        barrier();
    }
    // The least list with a place seen twice (pairwise: found above), then that list's least
    // such place; none, no second round (every lane reads the same word after the barrier).
    for (uint round = pairwise ? 1u : 0u; duplicates && round < 2u; round++) {
        if (round == 1u && smem[ROWS_SMEM_DUP_LIST] == 0xFFFFFFFFu)
            break;
        for (uint e = lane; e < entries; e += lanes) {
            uvec2 v = index_value(flags, e);
            if (is_negative(v))
                continue;
            uint list = e / per_list;
            bool twice = false;
            if (pairwise) {
                twice = placed_twice(flags, e, per_list, v);
            } else {
                uint at = list * words + (v.x >> 5);
                twice = (block_get(seen2 + at) & (1u << (v.x & 31u))) != 0u;
            }
            if (!twice)
                continue;
            if (round == 0u)
                atomicMin(smem[ROWS_SMEM_DUP_LIST], list);
            else if (list == smem[ROWS_SMEM_DUP_LIST])
                atomicMin(smem[ROWS_SMEM_DUP_PLACE], v.x);
        }
        barrier();
    }
    uint dup_list = smem[ROWS_SMEM_DUP_LIST], dup_place = smem[ROWS_SMEM_DUP_PLACE];
    // Its first two entries: the least, then the least after it.
    for (uint round = 0u; duplicates && dup_list != 0xFFFFFFFFu && round < 2u; round++) {
        uint first = smem[ROWS_SMEM_FIRST];
        for (uint j = lane; j < per_list; j += lanes) {
            uvec2 v = index_value(flags, dup_list * per_list + j);
            if (!is_negative(v) && v.x == dup_place && (round == 0u || j > first))
                atomicMin(smem[round == 0u ? ROWS_SMEM_FIRST : ROWS_SMEM_SECOND], j);
        }
        barrier();
    }
    uint rule = 0u;
    for (uint i = 0u; i < 6u; i++)
        status[i] = 0u;
    if (bad != 0xFFFFFFFFu) {
        uvec2 v = index_value(flags, bad);
        rule = entry_rule(flags, v, rows, places);
        status = uint[6](rule, bad / per_list, bad - (bad / per_list) * per_list, v.x, v.y, places);
    } else if (duplicates && dup_list != 0xFFFFFFFFu) {
        rule = ROWS_RULE_DUPLICATE;
        status = uint[6](rule, dup_list, smem[ROWS_SMEM_FIRST], dup_place, 0u, smem[ROWS_SMEM_SECOND]);
    }
    return rule;
}

// Writes device parameters' status (one lane): the rule and its three values.
void write_device_status(uint rule, uvec3 values)
{
    block_set(BLOCK_STATUS(1u), rule);
    block_set(BLOCK_STATUS(1u) + 1u, values.x);
    block_set(BLOCK_STATUS(1u) + 2u, values.y);
    block_set(BLOCK_STATUS(1u) + 3u, values.z);
}

// Writes the status words (one lane).
void write_status(uint status[6])
{
    for (uint i = 0u; i < 6u; i++)
        block_set(ROWS_BLOCK_STATUS + i, status[i]);
    block_set(ROWS_BLOCK_STATUS + 6u, 0u);
    block_set(ROWS_BLOCK_STATUS + 7u, 0u);
}
#endif // ROWS_WRITES_BLOCK
