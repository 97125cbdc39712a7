// An index entry of rows the GPU places (split_abi.h's ROWS_*): its value, the rule it breaks
// and whether its list placed a row there before. Shared by the rows kernels (rows_indices.glsl)
// and the converting copy's fused check (convert.comp); the includer defines
// `uint index_word(uint i)`, the indices' 32-bit word i, first.

uint rows_mode(uint flags) { return flags & ROWS_FLAG_MODE; }

// Index e's value, 64 bits as (low, high): an int32 sign-extended.
uvec2 index_value(uint flags, uint e)
{
    if ((flags & ROWS_FLAG_INDEX64) != 0u)
        return uvec2(index_word(2u * e), index_word(2u * e + 1u));
    uint lo = index_word(e);
    return uvec2(lo, uint(int(lo) >> 31));
}
bool is_negative(uvec2 v) { return int(v.y) < 0; }

// The rule index value v breaks (0: none). INDEXED: outside [0, C), unless a skipped negative;
// LINEAR: a start outside [0, C - L] (the plan keeps L <= C); CIRCULAR: any start is a place.
uint entry_rule(uint flags, uvec2 v, uint rows, uint places)
{
    uint mode = rows_mode(flags);
    if (mode == 1u) {
        if (is_negative(v))
            return (flags & ROWS_FLAG_SKIP) != 0u ? 0u : ROWS_RULE_INDEX;
        return v.y != 0u || v.x >= places ? ROWS_RULE_INDEX : 0u;
    }
    if (mode == 2u)
        return v.y != 0u || v.x > places - rows ? ROWS_RULE_START : 0u;
    return 0u;
}

// Whether entry e's place is an earlier entry's of its list (pair by pair; a skipped entry
// holds none): an INDEXED join's duplicates where the indices are few.
bool placed_twice(uint flags, uint e, uint per_list, uvec2 v)
{
    bool twice = false;
    for (uint f = (e / per_list) * per_list; f < e && !twice && !is_negative(v); f++) {
        uvec2 w = index_value(flags, f);
        twice = !is_negative(w) && w.x == v.x;
    }
    return twice;
}
