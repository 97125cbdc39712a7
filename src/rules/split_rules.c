/* The rules of the canonical split (vksplit_validate_split), each checked once, with its own
 * code and a message naming the field and the values. What passes becomes a vksplit__split,
 * the form every later step works on. Pure CPU, no Vulkan. */
#include "rules/split_layout.h"
#include "rules/split_rules.h"

bool vksplit__find_overlap(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, vksplit__overlap* found)
{
    uint32_t order[VKSPLIT_MAX_RANK];
    uint32_t count = 0;
    for (uint32_t k = 0; k < rank; k++)
        if (sizes[k] > 1)
            order[count++] = k;
    for (uint32_t i = 1; i < count; i++) /* insertion sort: at most 8 entries */
        for (uint32_t j = i; j > 0 && strides[order[j]] < strides[order[j - 1]]; j--) {
            uint32_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    uint64_t reach = 0; /* farthest element offset of the dimensions already seen */
    for (uint32_t i = 0; i < count; i++) {
        uint32_t k = order[i];
        if (strides[k] <= reach) {
            *found = (vksplit__overlap){k, strides[k], reach};
            return true;
        }
        uint64_t step;
        /* Saturate: a reach past 2^64 overlaps whatever comes next (the span rule, checked
         * first by the canonical validation, rejects such a tensor anyway). */
        if (!vksplit__mul_u64(strides[k], sizes[k] - 1, &step) || !vksplit__add_u64(reach, step, &reach))
            reach = UINT64_MAX;
    }
    return false;
}

static vksplit_result check_no_overlap(uint32_t rank, uint32_t output_index, const uint64_t* sizes,
                                       const uint64_t* strides, vksplit_error* error)
{
    vksplit__overlap o;
    if (!vksplit__find_overlap(rank, sizes, strides, &o))
        return VKSPLIT_OK;
    char s[160], z[160];
    vksplit__format_u64s(s, sizeof s, strides, rank);
    vksplit__format_u64s(z, sizeof z, sizes, rank);
    return VKSPLIT__FAIL(error, SPLIT_OVERLAPPING_STRIDES, output_index, s, z, o.dim, (unsigned long long)o.stride,
                         (unsigned long long)o.reach);
}

static vksplit_result check_tensor_span(const char* what, uint32_t rank, const uint64_t* sizes, const uint64_t* strides,
                                        uint32_t element_size, vksplit_error* error)
{
    uint64_t span, bytes;
    if (!vksplit__span_elements(rank, sizes, strides, &span) || !vksplit__mul_u64(span, element_size, &bytes)) {
        char z[160];
        vksplit__format_u64s(z, sizeof z, sizes, rank);
        return VKSPLIT__FAIL(error, SPLIT_SPAN_OVERFLOW, what, z);
    }
    return VKSPLIT_OK;
}

/* The scalar fields and the split lengths. */
static vksplit_result check_header(const vksplit_split_desc* d, vksplit_error* error)
{
    if (!d)
        return VKSPLIT__FAIL0(error, SPLIT_NULL);
    if (d->element_size < 1 || d->element_size > VKSPLIT_MAX_ELEMENT_SIZE)
        return VKSPLIT__FAIL(error, SPLIT_ELEMENT_SIZE, d->element_size, VKSPLIT_MAX_ELEMENT_SIZE);
    if (d->rank < 1 || d->rank > VKSPLIT_MAX_RANK)
        return VKSPLIT__FAIL(error, SPLIT_RANK, d->rank, VKSPLIT_MAX_RANK);
    if (!d->sizes)
        return VKSPLIT__FAIL0(error, SPLIT_SIZES_NULL);
    if (d->axis >= d->rank)
        return VKSPLIT__FAIL(error, SPLIT_AXIS, d->axis, d->rank - 1, d->rank);
    if (d->output_count < 1 || d->output_count > VKSPLIT_MAX_OUTPUTS)
        return VKSPLIT__FAIL(error, SPLIT_OUTPUT_COUNT, d->output_count, VKSPLIT_MAX_OUTPUTS);
    if (!d->lengths)
        return VKSPLIT__FAIL0(error, SPLIT_LENGTHS_NULL);
    if (d->base_alignment != 0 && !vksplit__is_pow2(d->base_alignment))
        return VKSPLIT__FAIL(error, SPLIT_BASE_ALIGNMENT, d->base_alignment);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < d->output_count; i++)
        if (!vksplit__add_u64(sum, d->lengths[i], &sum))
            return VKSPLIT__FAIL(error, SPLIT_SUM_OVERFLOW, i, (unsigned long long)d->lengths[i]);
    if (sum != d->sizes[d->axis])
        return VKSPLIT__FAIL(error, SPLIT_SUM, (unsigned long long)sum, d->axis, (unsigned long long)d->sizes[d->axis]);
    return VKSPLIT_OK;
}

vksplit_result vksplit__split_check(const vksplit_split_desc* d, vksplit__split* out, vksplit_error* error)
{
    vksplit_result r = check_header(d, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit__split s;
    memset(&s, 0, sizeof s);
    s.element_size = d->element_size;
    s.rank = d->rank;
    s.axis = d->axis;
    s.part_count = d->output_count;
    s.base_alignment = d->base_alignment ? d->base_alignment : 16;
    memcpy(s.sizes, d->sizes, d->rank * sizeof s.sizes[0]);
    s.lengths = d->lengths;
    s.part_strides = d->output_strides;

    uint64_t packed[VKSPLIT_MAX_RANK];
    if (!vksplit__packed_strides(s.rank, s.sizes, packed)) {
        char z[160];
        vksplit__format_u64s(z, sizeof z, s.sizes, s.rank);
        return VKSPLIT__FAIL(error, SPLIT_ELEMENT_COUNT_OVERFLOW, z);
    }
    memcpy(s.whole_strides, d->input_strides ? d->input_strides : packed, s.rank * sizeof s.whole_strides[0]);
    r = check_tensor_span("input", s.rank, s.sizes, s.whole_strides, s.element_size, error);

    /* Packed outputs are no larger than the packed input, which fits: only given strides
     * need their span and their addresses checked. */
    for (uint32_t i = 0; r == VKSPLIT_OK && s.part_strides && i < s.part_count; i++) {
        const uint64_t* given = s.part_strides[i];
        if (!given)
            continue;
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(&s, i, sizes);
        char name[48];
        snprintf(name, sizeof name, "outputs[%u]", i);
        r = check_tensor_span(name, s.rank, sizes, given, s.element_size, error);
        if (r == VKSPLIT_OK && !vksplit__is_empty(s.rank, sizes))
            r = check_no_overlap(s.rank, i, sizes, given, error);
    }
    if (r != VKSPLIT_OK)
        return r;
    *out = s;
    return vksplit__ok(error);
}

vksplit_result vksplit_validate_split(const vksplit_split_desc* split, vksplit_error* error)
{
    vksplit__split s;
    return vksplit__split_check(split, &s, error);
}
