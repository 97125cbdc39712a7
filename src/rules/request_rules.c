/* The rules of the canonical split and join (vksplit_validate_split, vksplit_validate_join):
 * one rule set for both directions. Each rule is checked once, fails with the id of the
 * request's direction (SPLIT_* or JOIN_*: one rule, a stable number per direction) and a
 * message naming that desc's fields and the values. What passes becomes a vksplit__request, the
 * form every later step works on. Pure CPU, no Vulkan. */
#include "rules/request_layout.h"
#include "rules/request_rules.h"

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

/* A desc's fields as the rules read them, before any rule: the whole tensor, its parts along the
 * axis, the direction (and so whose desc: the whole is its input or its output). */
typedef struct desc_fields {
    vksplit__direction direction; /* and so whose desc: the whole is its input or its output */
    uint32_t element_size;
    uint32_t rank;
    uint32_t axis;
    uint32_t part_count;
    uint32_t base_alignment;
    const uint64_t* sizes;               /* the whole's */
    const uint64_t* whole_strides;       /* as given: NULL = packed */
    const uint64_t* lengths;             /* [part_count] */
    const uint64_t* const* part_strides; /* as given */
    bool capacities;                     /* lengths and sizes[axis] are capacities: no sum rule */
} desc_fields;

/* The request's direction's rule NAME: SPLIT_NAME or JOIN_NAME, both rows' formats checked
 * against the values at compile time. */
#define FAIL_AS(q, error, NAME, ...)                                                  \
    ((q)->direction == VKSPLIT__JOIN ? VKSPLIT__FAIL(error, JOIN_##NAME, __VA_ARGS__) \
                                     : VKSPLIT__FAIL(error, SPLIT_##NAME, __VA_ARGS__))
#define FAIL0_AS(q, error, NAME) \
    ((q)->direction == VKSPLIT__JOIN ? VKSPLIT__FAIL0(error, JOIN_##NAME) : VKSPLIT__FAIL0(error, SPLIT_##NAME))

static vksplit_result check_span(const desc_fields* q, const char* what, const uint64_t* sizes, const uint64_t* strides,
                                 vksplit_error* error)
{
    uint64_t span, bytes;
    if (!vksplit__span_elements(q->rank, sizes, strides, &span) || !vksplit__mul_u64(span, q->element_size, &bytes)) {
        char z[160];
        vksplit__format_u64s(z, sizeof z, sizes, q->rank);
        return FAIL_AS(q, error, SPAN_OVERFLOW, what, z);
    }
    return VKSPLIT_OK;
}

/* The side the copy writes holds no two elements at one address: a split's parts (part i's
 * strides), a join's whole (part UINT32_MAX). The two rules word it in their own fields. */
static vksplit_result check_no_overlap(const desc_fields* q, uint32_t part, const uint64_t* sizes,
                                       const uint64_t* strides, vksplit_error* error)
{
    vksplit__overlap o;
    if (vksplit__is_empty(q->rank, sizes) || !vksplit__find_overlap(q->rank, sizes, strides, &o))
        return VKSPLIT_OK;
    char s[160], z[160];
    vksplit__format_u64s(s, sizeof s, strides, q->rank);
    vksplit__format_u64s(z, sizeof z, sizes, q->rank);
    if (q->direction == VKSPLIT__JOIN)
        return VKSPLIT__FAIL(error, JOIN_OVERLAPPING_STRIDES, s, z, o.dim, (unsigned long long)o.stride,
                             (unsigned long long)o.reach);
    return VKSPLIT__FAIL(error, SPLIT_OVERLAPPING_STRIDES, part, s, z, o.dim, (unsigned long long)o.stride,
                         (unsigned long long)o.reach);
}

/* The scalar fields and the lengths. */
static vksplit_result check_header(const desc_fields* q, vksplit_error* error)
{
    if (q->element_size < 1 || q->element_size > VKSPLIT_MAX_ELEMENT_SIZE)
        return FAIL_AS(q, error, ELEMENT_SIZE, q->element_size, VKSPLIT_MAX_ELEMENT_SIZE);
    if (q->rank < 1 || q->rank > VKSPLIT_MAX_RANK)
        return FAIL_AS(q, error, RANK, q->rank, VKSPLIT_MAX_RANK);
    if (!q->sizes)
        return FAIL0_AS(q, error, SIZES_NULL);
    if (q->axis >= q->rank)
        return FAIL_AS(q, error, AXIS, q->axis, q->rank - 1, q->rank);
    uint32_t most_parts = q->direction == VKSPLIT__JOIN ? VKSPLIT_MAX_INPUTS : VKSPLIT_MAX_OUTPUTS;
    if (q->part_count < 1 || q->part_count > most_parts) /* the count's own name per desc */
        return q->direction == VKSPLIT__JOIN ? VKSPLIT__FAIL(error, JOIN_INPUT_COUNT, q->part_count, most_parts)
                                             : VKSPLIT__FAIL(error, SPLIT_OUTPUT_COUNT, q->part_count, most_parts);
    if (!q->lengths)
        return FAIL0_AS(q, error, LENGTHS_NULL);
    if (q->base_alignment != 0 && !vksplit__is_pow2(q->base_alignment))
        return FAIL_AS(q, error, BASE_ALIGNMENT, q->base_alignment);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < q->part_count; i++)
        if (!vksplit__add_u64(sum, q->lengths[i], &sum))
            return FAIL_AS(q, error, SUM_OVERFLOW, i, (unsigned long long)q->lengths[i]);
    if (!q->capacities && sum != q->sizes[q->axis])
        return FAIL_AS(q, error, SUM, (unsigned long long)sum, q->axis, (unsigned long long)q->sizes[q->axis]);
    return VKSPLIT_OK;
}

static vksplit_result check_request(const desc_fields* q, vksplit__request* out, vksplit_error* error)
{
    vksplit_result r = check_header(q, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit__request s;
    memset(&s, 0, sizeof s);
    s.element_size = q->element_size;
    s.rank = q->rank;
    s.axis = q->axis;
    s.part_count = q->part_count;
    s.base_alignment = q->base_alignment ? q->base_alignment : 16;
    s.direction = q->direction;
    memcpy(s.sizes, q->sizes, q->rank * sizeof s.sizes[0]);
    s.lengths = q->lengths;
    s.part_strides = q->part_strides;
    s.capacities = q->capacities;

    uint64_t packed[VKSPLIT_MAX_RANK];
    if (!vksplit__packed_strides(s.rank, s.sizes, packed)) {
        char z[160];
        vksplit__format_u64s(z, sizeof z, s.sizes, s.rank);
        return FAIL_AS(q, error, ELEMENT_COUNT_OVERFLOW, z);
    }
    memcpy(s.whole_strides, q->whole_strides ? q->whole_strides : packed, s.rank * sizeof s.whole_strides[0]);
    const vksplit__direction_words* words = vksplit__words(q->direction);
    r = check_span(q, words->whole, s.sizes, s.whole_strides, error);
    bool writes_whole = vksplit__writes_whole(q->direction);
    if (r == VKSPLIT_OK && writes_whole && q->whole_strides)
        r = check_no_overlap(q, UINT32_MAX, s.sizes, s.whole_strides, error);

    /* Packed parts are no larger than the packed whole, which fits: only given strides need
     * their span checked, and on the written side (a split's parts) their addresses. A join's
     * parts are only read: they may broadcast and overlap. */
    for (uint32_t i = 0; r == VKSPLIT_OK && s.part_strides && i < s.part_count; i++) {
        const uint64_t* given = s.part_strides[i];
        if (!given)
            continue;
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(&s, i, sizes);
        char name[48];
        snprintf(name, sizeof name, "%s[%u]", words->parts, i);
        r = check_span(q, name, sizes, given, error);
        if (r == VKSPLIT_OK && !writes_whole)
            r = check_no_overlap(q, i, sizes, given, error);
    }
    if (r != VKSPLIT_OK)
        return r;
    *out = s;
    return vksplit__ok(error);
}

vksplit_result vksplit__split_request(const vksplit_split_desc* d, bool capacities, vksplit__request* out,
                                      vksplit_error* error)
{
    if (!d)
        return VKSPLIT__FAIL0(error, SPLIT_NULL);
    desc_fields q = {VKSPLIT__SPLIT,  d->element_size,   d->rank,   d->axis,
                     d->output_count, d->base_alignment, d->sizes,  d->input_strides,
                     d->lengths,      d->output_strides, capacities};
    vksplit__request s;
    return check_request(&q, out ? out : &s, error);
}

vksplit_result vksplit__join_request(const vksplit_join_desc* d, bool capacities, vksplit__request* out,
                                     vksplit_error* error)
{
    if (!d)
        return VKSPLIT__FAIL0(error, JOIN_NULL);
    desc_fields q = {VKSPLIT__JOIN, d->element_size,   d->rank,    d->axis,          d->input_count, d->base_alignment,
                     d->sizes,      d->output_strides, d->lengths, d->input_strides, capacities};
    vksplit__request s;
    return check_request(&q, out ? out : &s, error);
}

vksplit_result vksplit_validate_split(const vksplit_split_desc* split, vksplit_error* error)
{
    return vksplit__split_request(split, false, NULL, error);
}

vksplit_result vksplit_validate_join(const vksplit_join_desc* join, vksplit_error* error)
{
    return vksplit__join_request(join, false, NULL, error);
}
