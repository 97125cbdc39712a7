/* vksplit_split_spans and vksplit_join_spans: the bytes each tensor of a split or a join spans
 * from its binding offset (the whole's, then each part's). */
#include "rules/split_layout.h"
#include "rules/split_rules.h"

static vksplit_result spans(vksplit__direction direction, const void* desc, uint64_t* whole_span_bytes,
                            uint64_t* part_span_bytes, vksplit_error* error)
{
    vksplit__split s;
    vksplit_result r = vksplit__check(direction, desc, &s, error);
    if (r == VKSPLIT_OK && whole_span_bytes)
        *whole_span_bytes = vksplit__whole_span_bytes(&s);
    for (uint32_t i = 0; r == VKSPLIT_OK && part_span_bytes && i < s.part_count; i++)
        part_span_bytes[i] = vksplit__part_span_bytes(&s, i);
    return r;
}

vksplit_result vksplit_split_spans(const vksplit_split_desc* split, uint64_t* input_span_bytes,
                                   uint64_t* output_span_bytes, vksplit_error* error)
{
    return spans(VKSPLIT__SPLIT, split, input_span_bytes, output_span_bytes, error);
}

vksplit_result vksplit_join_spans(const vksplit_join_desc* join, uint64_t* output_span_bytes,
                                  uint64_t* input_span_bytes, vksplit_error* error)
{
    return spans(VKSPLIT__JOIN, join, output_span_bytes, input_span_bytes, error);
}
