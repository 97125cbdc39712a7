/* vksplit_split_spans and vksplit_join_spans: the bytes each tensor of a split or a join spans
 * from its binding offset (the whole's, then each part's). */
#include "rules/request_layout.h"
#include "rules/request_rules.h"

/* The spans of the request the rules made (r: how they ended; nothing is written on error). */
static vksplit_result spans(vksplit_result r, const vksplit__request* q, uint64_t* whole_span_bytes,
                            uint64_t* part_span_bytes)
{
    if (r == VKSPLIT_OK && whole_span_bytes)
        *whole_span_bytes = vksplit__whole_span_bytes(q);
    for (uint32_t i = 0; r == VKSPLIT_OK && part_span_bytes && i < q->part_count; i++)
        part_span_bytes[i] = vksplit__part_span_bytes(q, i);
    return r;
}

vksplit_result vksplit_split_spans(const vksplit_split_desc* split, uint64_t* input_span_bytes,
                                   uint64_t* output_span_bytes, vksplit_error* error)
{
    vksplit__request q;
    return spans(vksplit__split_request(split, false, &q, error), &q, input_span_bytes, output_span_bytes);
}

vksplit_result vksplit_join_spans(const vksplit_join_desc* join, uint64_t* output_span_bytes,
                                  uint64_t* input_span_bytes, vksplit_error* error)
{
    vksplit__request q;
    return spans(vksplit__join_request(join, false, &q, error), &q, output_span_bytes, input_span_bytes);
}
