/* The zero-copy queries, one criterion for both directions (part_in_place): which parts are
 * contiguous byte ranges of the whole in their own order. vksplit_query_zero_copy_outputs
 * answers per output of a split (an engine aliases those instead of copying them),
 * vksplit_query_zero_copy for every output at once, and vksplit_query_join_zero_copy per
 * input of a join (an engine lets their producers write there). */
#include "rules/request_layout.h"
#include "rules/request_rules.h"

/* Packed in the sense that matters: every dimension of size > 1 has its C-order stride. */
static bool is_packed(uint32_t rank, const uint64_t* sizes, const uint64_t* strides)
{
    uint64_t packed[VKSPLIT_MAX_RANK];
    vksplit__packed_strides(rank, sizes, packed);
    for (uint32_t k = 0; k < rank; k++)
        if (sizes[k] > 1 && strides[k] != packed[k])
            return false;
    return true;
}

/* Part i lies in the whole as one contiguous byte range, in its own order, exactly when it is
 * packed and the whole's strides over part i's sizes are packed too: then element k of part i
 * (C order) sits k elements after part i's first element in the whole. An empty part does,
 * trivially (offset 0). `start` is part i's first index along the axis. The one criterion of
 * both queries, whichever way the bytes go. */
static bool part_in_place(const vksplit__request* s, uint32_t i, uint64_t start, uint64_t* byte_offset)
{
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
    vksplit__part_sizes(s, i, sizes);
    vksplit__part_strides(s, i, strides);
    *byte_offset = 0;
    if (vksplit__is_empty(s->rank, sizes))
        return true;
    if (!is_packed(s->rank, sizes, strides) || !is_packed(s->rank, sizes, s->whole_strides))
        return false;
    *byte_offset = start * s->whole_strides[s->axis] * s->element_size; /* validated: within the whole's span */
    return true;
}

/* Every part's answer into in_place[] and byte_offsets[] (each may be NULL, the offset 0 where
 * a part is not in place); true when every part is. */
static bool parts_in_place(const vksplit__request* s, vksplit_bool32* in_place, uint64_t* byte_offsets)
{
    bool all = true;
    uint64_t start = 0;
    for (uint32_t i = 0; i < s->part_count; i++) {
        uint64_t offset;
        bool here = part_in_place(s, i, start, &offset);
        all = all && here;
        if (in_place)
            in_place[i] = here;
        if (byte_offsets)
            byte_offsets[i] = here ? offset : 0;
        start += s->lengths[i];
    }
    return all;
}

vksplit_result vksplit_query_zero_copy(const vksplit_split_desc* split, vksplit_bool32* aliasable,
                                       uint64_t* output_byte_offsets, vksplit_error* error)
{
    if (!aliasable)
        return VKSPLIT__FAIL0(error, ZERO_COPY_ALIASABLE_NULL);
    *aliasable = 0;
    vksplit__request s;
    vksplit_result r = vksplit__split_request(split, false, &s, error);
    if (r != VKSPLIT_OK)
        return r;
    /* All or nothing: the offsets are written only when every output is in place. */
    *aliasable = parts_in_place(&s, NULL, NULL);
    if (*aliasable && output_byte_offsets)
        parts_in_place(&s, NULL, output_byte_offsets);
    return VKSPLIT_OK;
}

/* Per part, the answer for the request the rules made (r: how they ended). */
static vksplit_result parts_answer(vksplit_result r, const vksplit__request* q, vksplit_bool32* aliasable,
                                   uint64_t* byte_offsets)
{
    if (r == VKSPLIT_OK)
        parts_in_place(q, aliasable, byte_offsets);
    return r;
}

vksplit_result vksplit_query_zero_copy_outputs(const vksplit_split_desc* split, vksplit_bool32* aliasable,
                                               uint64_t* output_byte_offsets, vksplit_error* error)
{
    if (!aliasable) /* its NULL rule first, then the desc's */
        return VKSPLIT__FAIL0(error, ZERO_COPY_ALIASABLE_NULL);
    vksplit__request q;
    return parts_answer(vksplit__split_request(split, false, &q, error), &q, aliasable, output_byte_offsets);
}

vksplit_result vksplit_query_join_zero_copy(const vksplit_join_desc* join, vksplit_bool32* aliasable,
                                            uint64_t* input_byte_offsets, vksplit_error* error)
{
    if (!aliasable)
        return VKSPLIT__FAIL0(error, JOIN_ZERO_COPY_ALIASABLE_NULL);
    vksplit__request q;
    return parts_answer(vksplit__join_request(join, false, &q, error), &q, aliasable, input_byte_offsets);
}
