/* The zero-copy queries: vksplit_query_zero_copy, whether every output of a split is one
 * contiguous byte range of its input (an engine aliases instead of copying), and
 * vksplit_query_join_zero_copy, which inputs of a join are contiguous ranges of its output
 * (an engine lets their producers write there). */
#include "rules/split_layout.h"
#include "rules/split_rules.h"

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

/* Offsets are written in a second pass (write set), so a "no" leaves them untouched. */
static bool query(const vksplit__split* s, uint64_t* output_byte_offsets, bool write)
{
    if (!is_packed(s->rank, s->sizes, s->whole_strides))
        return false;
    uint64_t outer = 1, inner = 1;
    for (uint32_t k = 0; k < s->axis; k++)
        outer *= s->sizes[k]; /* validated: the element count fits */
    for (uint32_t k = s->axis + 1; k < s->rank; k++)
        inner *= s->sizes[k];
    uint64_t start = 0;
    for (uint32_t i = 0; i < s->part_count; i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(s, i, sizes);
        vksplit__part_strides(s, i, strides);
        bool empty = vksplit__is_empty(s->rank, sizes);
        /* With rows before the axis, an output is one range only if it is the whole input. */
        if (!empty && (!is_packed(s->rank, sizes, strides) || (outer > 1 && s->lengths[i] != s->sizes[s->axis])))
            return false;
        if (write)
            output_byte_offsets[i] = empty ? 0 : start * inner * s->element_size;
        start += s->lengths[i];
    }
    return true;
}

vksplit_result vksplit_query_zero_copy(const vksplit_split_desc* split, vksplit_bool32* aliasable,
                                       uint64_t* output_byte_offsets, vksplit_error* error)
{
    if (!aliasable)
        return VKSPLIT__FAIL0(error, ZERO_COPY_ALIASABLE_NULL);
    *aliasable = 0;
    vksplit__split s;
    vksplit_result r = vksplit__split_check(split, &s, error);
    if (r != VKSPLIT_OK)
        return r;
    if (query(&s, NULL, false)) {
        if (output_byte_offsets)
            query(&s, output_byte_offsets, true);
        *aliasable = 1;
    }
    return VKSPLIT_OK;
}

/* Input i of a join lies in the output as one contiguous range, in its own order, exactly when
 * it is packed and the output's strides, over input i's sizes, are packed too: then element k
 * of input i (C order) sits k elements after input i's first element in the output. */
vksplit_result vksplit_query_join_zero_copy(const vksplit_join_desc* join, vksplit_bool32* aliasable,
                                            uint64_t* input_byte_offsets, vksplit_error* error)
{
    if (!aliasable)
        return VKSPLIT__FAIL0(error, JOIN_ZERO_COPY_ALIASABLE_NULL);
    vksplit__split s;
    vksplit_result r = vksplit__join_check(join, &s, error);
    if (r != VKSPLIT_OK)
        return r;
    uint64_t start = 0;
    for (uint32_t i = 0; i < s.part_count; i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(&s, i, sizes);
        vksplit__part_strides(&s, i, strides);
        bool empty = vksplit__is_empty(s.rank, sizes);
        bool in_place = empty || (is_packed(s.rank, sizes, strides) && is_packed(s.rank, sizes, s.whole_strides));
        aliasable[i] = in_place;
        if (input_byte_offsets) /* validated: the output's span, which holds this, fits */
            input_byte_offsets[i] = in_place && !empty ? start * s.whole_strides[s.axis] * s.element_size : 0;
        start += s.lengths[i];
    }
    return vksplit__ok(error);
}
