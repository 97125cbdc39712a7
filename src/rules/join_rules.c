/* The rules of the canonical join (vksplit_validate_join), each checked once, with its own
 * code and a message naming the join's field and the values. What passes becomes the same
 * validated type a split does, turned round: the output is the whole, the inputs the parts,
 * and the bytes go from the parts to the whole. Pure CPU, no Vulkan. */
#include "rules/split_layout.h"
#include "rules/split_rules.h"

static vksplit_result check_span(const char* what, uint32_t rank, const uint64_t* sizes, const uint64_t* strides,
                                 uint32_t element_size, vksplit_error* error)
{
    uint64_t span, bytes;
    if (!vksplit__span_elements(rank, sizes, strides, &span) || !vksplit__mul_u64(span, element_size, &bytes)) {
        char z[160];
        vksplit__format_u64s(z, sizeof z, sizes, rank);
        return VKSPLIT__FAIL(error, JOIN_SPAN_OVERFLOW, what, z);
    }
    return VKSPLIT_OK;
}

/* The scalar fields and the lengths. */
static vksplit_result check_header(const vksplit_join_desc* d, vksplit_error* error)
{
    if (!d)
        return VKSPLIT__FAIL0(error, JOIN_NULL);
    if (d->element_size < 1 || d->element_size > VKSPLIT_MAX_ELEMENT_SIZE)
        return VKSPLIT__FAIL(error, JOIN_ELEMENT_SIZE, d->element_size, VKSPLIT_MAX_ELEMENT_SIZE);
    if (d->rank < 1 || d->rank > VKSPLIT_MAX_RANK)
        return VKSPLIT__FAIL(error, JOIN_RANK, d->rank, VKSPLIT_MAX_RANK);
    if (!d->sizes)
        return VKSPLIT__FAIL0(error, JOIN_SIZES_NULL);
    if (d->axis >= d->rank)
        return VKSPLIT__FAIL(error, JOIN_AXIS, d->axis, d->rank - 1, d->rank);
    if (d->input_count < 1 || d->input_count > VKSPLIT_MAX_INPUTS)
        return VKSPLIT__FAIL(error, JOIN_INPUT_COUNT, d->input_count, VKSPLIT_MAX_INPUTS);
    if (!d->lengths)
        return VKSPLIT__FAIL0(error, JOIN_LENGTHS_NULL);
    if (d->base_alignment != 0 && !vksplit__is_pow2(d->base_alignment))
        return VKSPLIT__FAIL(error, JOIN_BASE_ALIGNMENT, d->base_alignment);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < d->input_count; i++)
        if (!vksplit__add_u64(sum, d->lengths[i], &sum))
            return VKSPLIT__FAIL(error, JOIN_SUM_OVERFLOW, i, (unsigned long long)d->lengths[i]);
    if (sum != d->sizes[d->axis])
        return VKSPLIT__FAIL(error, JOIN_SUM, (unsigned long long)sum, d->axis, (unsigned long long)d->sizes[d->axis]);
    return VKSPLIT_OK;
}

vksplit_result vksplit__join_check(const vksplit_join_desc* d, vksplit__split* out, vksplit_error* error)
{
    vksplit_result r = check_header(d, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit__split s;
    memset(&s, 0, sizeof s);
    s.element_size = d->element_size;
    s.rank = d->rank;
    s.axis = d->axis;
    s.part_count = d->input_count;
    s.base_alignment = d->base_alignment ? d->base_alignment : 16;
    s.join = 1;
    memcpy(s.sizes, d->sizes, d->rank * sizeof s.sizes[0]);
    s.lengths = d->lengths;
    s.part_strides = d->input_strides;

    uint64_t packed[VKSPLIT_MAX_RANK];
    char z[160], t[160];
    if (!vksplit__packed_strides(s.rank, s.sizes, packed)) {
        vksplit__format_u64s(z, sizeof z, s.sizes, s.rank);
        return VKSPLIT__FAIL(error, JOIN_ELEMENT_COUNT_OVERFLOW, z);
    }
    memcpy(s.whole_strides, d->output_strides ? d->output_strides : packed, s.rank * sizeof s.whole_strides[0]);
    r = check_span("output", s.rank, s.sizes, s.whole_strides, s.element_size, error);
    /* The output is written: no two of its elements may share an address. */
    vksplit__overlap o;
    if (r == VKSPLIT_OK && d->output_strides && !vksplit__is_empty(s.rank, s.sizes) &&
        vksplit__find_overlap(s.rank, s.sizes, s.whole_strides, &o)) {
        vksplit__format_u64s(t, sizeof t, s.whole_strides, s.rank);
        vksplit__format_u64s(z, sizeof z, s.sizes, s.rank);
        return VKSPLIT__FAIL(error, JOIN_OVERLAPPING_STRIDES, t, z, o.dim, (unsigned long long)o.stride,
                             (unsigned long long)o.reach);
    }
    /* Packed inputs are no larger than the packed output, which fits: only given strides need
     * their span checked. Inputs are only read: they may broadcast and overlap. */
    for (uint32_t i = 0; r == VKSPLIT_OK && s.part_strides && i < s.part_count; i++) {
        if (!s.part_strides[i])
            continue;
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(&s, i, sizes);
        char name[48];
        snprintf(name, sizeof name, "inputs[%u]", i);
        r = check_span(name, s.rank, sizes, s.part_strides[i], s.element_size, error);
    }
    if (r != VKSPLIT_OK)
        return r;
    *out = s;
    return vksplit__ok(error);
}

vksplit_result vksplit_validate_join(const vksplit_join_desc* join, vksplit_error* error)
{
    vksplit__split s;
    return vksplit__join_check(join, &s, error);
}

vksplit_result vksplit_join_spans(const vksplit_join_desc* join, uint64_t* output_span_bytes,
                                  uint64_t* input_span_bytes, vksplit_error* error)
{
    vksplit__split s;
    vksplit_result r = vksplit__join_check(join, &s, error);
    if (r != VKSPLIT_OK)
        return r;
    if (output_span_bytes)
        *output_span_bytes = vksplit__whole_span_bytes(&s);
    for (uint32_t i = 0; input_span_bytes && i < s.part_count; i++)
        input_span_bytes[i] = vksplit__part_span_bytes(&s, i);
    return VKSPLIT_OK;
}
