/* vksplit_split_spans: the bytes each tensor of a split spans from its binding offset. */
#include "rules/split_layout.h"
#include "rules/split_rules.h"

vksplit_result vksplit_split_spans(const vksplit_split_desc* split, uint64_t* input_span_bytes,
                                   uint64_t* output_span_bytes, vksplit_error* error)
{
    vksplit__split s;
    vksplit_result r = vksplit__split_check(split, &s, error);
    if (r != VKSPLIT_OK)
        return r;
    if (input_span_bytes)
        *input_span_bytes = vksplit__whole_span_bytes(&s);
    for (uint32_t i = 0; output_span_bytes && i < s.part_count; i++)
        output_span_bytes[i] = vksplit__part_span_bytes(&s, i);
    return VKSPLIT_OK;
}
