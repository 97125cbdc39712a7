/* The rules of the canonical split, each with its own code and message; byte spans; the
 * zero-copy query. Pure CPU, no Vulkan: front-ends and tests call it directly. */
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "split_layout.h"

void vksplit__format_u64s(char* buffer, size_t capacity, const uint64_t* values, uint32_t count)
{
    size_t used = 0;
    buffer[0] = '\0';
    used += (size_t)snprintf(buffer, capacity, "{");
    for (uint32_t i = 0; i < count && used < capacity; i++)
        used += (size_t)snprintf(buffer + used, capacity - used, i ? ", %llu" : "%llu",
                                 (unsigned long long)values[i]);
    if (used < capacity)
        snprintf(buffer + used, capacity - used, "}");
}

void vksplit__output_sizes(const vksplit_split_desc* split, uint32_t output_index, uint64_t* sizes)
{
    memcpy(sizes, split->sizes, split->rank * sizeof sizes[0]);
    sizes[split->axis] = split->split[output_index];
}

bool vksplit__packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t stride = 1;
    for (uint32_t k = rank; k-- > 0;) {
        strides[k] = stride;
        /* Past a zero size the tensor is empty and the strides are never used. */
        if (sizes[k] != 0 && !vksplit__mul_u64(stride, sizes[k], &stride))
            return false;
    }
    return true;
}

bool vksplit__is_empty(uint32_t rank, const uint64_t* sizes)
{
    for (uint32_t k = 0; k < rank; k++)
        if (sizes[k] == 0)
            return true;
    return false;
}

bool vksplit__span_elements(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, uint64_t* span)
{
    if (vksplit__is_empty(rank, sizes)) {
        *span = 0;
        return true;
    }
    uint64_t last = 0; /* offset of the last element */
    for (uint32_t k = 0; k < rank; k++) {
        uint64_t reach;
        if (!vksplit__mul_u64(sizes[k] - 1, strides[k], &reach) || !vksplit__add_u64(last, reach, &last))
            return false;
    }
    return vksplit__add_u64(last, 1, span);
}

/* Sorted by stride, each dimension of size > 1 must step past everything the dimensions
 * with smaller strides can reach. Sufficient for distinct addresses, and cheap. */
static vksplit_result check_no_overlap(const vksplit_split_desc* split, uint32_t output_index,
                                       const uint64_t* sizes, const uint64_t* strides, vksplit_error* error)
{
    uint32_t order[VKSPLIT_MAX_RANK];
    uint32_t count = 0;
    for (uint32_t k = 0; k < split->rank; k++)
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
            char s[160], z[160];
            vksplit__format_u64s(s, sizeof s, strides, split->rank);
            vksplit__format_u64s(z, sizeof z, sizes, split->rank);
            return vksplit__fail(error, VKSPLIT_ERROR_OVERLAPPING_OUTPUT,
                                 "output_strides[%u] %s with sizes %s let two elements share an address: "
                                 "dimension %u stride %llu must exceed %llu, the reach of the dimensions inside it",
                                 output_index, s, z, k, (unsigned long long)strides[k], (unsigned long long)reach);
        }
        /* strides[k] > reach and sizes fit the span check already done, so no overflow. */
        reach += strides[k] * (sizes[k] - 1);
    }
    return VKSPLIT_OK;
}

static vksplit_result check_tensor_span(const char* what, uint32_t rank, const uint64_t* sizes,
                                        const uint64_t* strides, uint32_t element_size, vksplit_error* error)
{
    uint64_t span, bytes;
    if (!vksplit__span_elements(rank, sizes, strides, &span) || !vksplit__mul_u64(span, element_size, &bytes)) {
        char z[160];
        vksplit__format_u64s(z, sizeof z, sizes, rank);
        return vksplit__fail(error, VKSPLIT_ERROR_SIZE_OVERFLOW,
                             "%s with sizes %s: its byte span overflows 64 bits", what, z);
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit_validate_split(const vksplit_split_desc* split, vksplit_error* error)
{
    if (!split)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "split is NULL");
    if (split->element_size < 1 || split->element_size > VKSPLIT_MAX_ELEMENT_SIZE)
        return vksplit__fail(error, VKSPLIT_ERROR_ELEMENT_SIZE, "element_size %u is out of range [1, %u]",
                             split->element_size, VKSPLIT_MAX_ELEMENT_SIZE);
    if (split->rank < 1 || split->rank > VKSPLIT_MAX_RANK)
        return vksplit__fail(error, VKSPLIT_ERROR_RANK, "rank %u is out of range [1, %u]", split->rank,
                             VKSPLIT_MAX_RANK);
    if (!split->sizes)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "sizes is NULL");
    if (split->axis >= split->rank)
        return vksplit__fail(error, VKSPLIT_ERROR_AXIS, "axis %u is out of range [0, %u] for a rank-%u input",
                             split->axis, split->rank - 1, split->rank);
    if (split->output_count < 1 || split->output_count > VKSPLIT_MAX_OUTPUTS)
        return vksplit__fail(error, VKSPLIT_ERROR_OUTPUT_COUNT, "output_count %u is out of range [1, %u]",
                             split->output_count, VKSPLIT_MAX_OUTPUTS);
    if (!split->split)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "split (the per-output lengths) is NULL");
    if (split->base_alignment != 0 && !vksplit__is_pow2(split->base_alignment))
        return vksplit__fail(error, VKSPLIT_ERROR_ALIGNMENT, "base_alignment %u is not a power of two",
                             split->base_alignment);

    uint64_t sum = 0;
    for (uint32_t i = 0; i < split->output_count; i++)
        if (!vksplit__add_u64(sum, split->split[i], &sum))
            return vksplit__fail(error, VKSPLIT_ERROR_SPLIT_SUM,
                                 "split lengths overflow 64 bits at split[%u] = %llu", i,
                                 (unsigned long long)split->split[i]);
    if (sum != split->sizes[split->axis])
        return vksplit__fail(error, VKSPLIT_ERROR_SPLIT_SUM,
                             "split lengths sum to %llu but sizes[%u] (the axis) is %llu", (unsigned long long)sum,
                             split->axis, (unsigned long long)split->sizes[split->axis]);

    uint64_t strides[VKSPLIT_MAX_RANK];
    if (!vksplit__packed_strides(split->rank, split->sizes, strides)) {
        char z[160];
        vksplit__format_u64s(z, sizeof z, split->sizes, split->rank);
        return vksplit__fail(error, VKSPLIT_ERROR_SIZE_OVERFLOW, "input sizes %s: element count overflows 64 bits", z);
    }
    const uint64_t* input_strides = split->input_strides ? split->input_strides : strides;
    vksplit_result r = check_tensor_span("input", split->rank, split->sizes, input_strides, split->element_size, error);
    if (r != VKSPLIT_OK)
        return r;

    for (uint32_t i = 0; i < split->output_count; i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__output_sizes(split, i, sizes);
        const uint64_t* given = split->output_strides ? split->output_strides[i] : NULL;
        if (!given)
            continue; /* packed: no larger than the packed input, which fits */
        char name[48];
        snprintf(name, sizeof name, "outputs[%u]", i);
        r = check_tensor_span(name, split->rank, sizes, given, split->element_size, error);
        if (r == VKSPLIT_OK && !vksplit__is_empty(split->rank, sizes))
            r = check_no_overlap(split, i, sizes, given, error);
        if (r != VKSPLIT_OK)
            return r;
    }
    return vksplit__ok(error);
}

void vksplit__tensor_strides(const vksplit_split_desc* split, int tensor, uint64_t* strides)
{
    if (tensor < 0) {
        if (split->input_strides)
            memcpy(strides, split->input_strides, split->rank * sizeof strides[0]);
        else
            vksplit__packed_strides(split->rank, split->sizes, strides);
        return;
    }
    const uint64_t* given = split->output_strides ? split->output_strides[tensor] : NULL;
    if (given) {
        memcpy(strides, given, split->rank * sizeof strides[0]);
    } else {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__output_sizes(split, (uint32_t)tensor, sizes);
        vksplit__packed_strides(split->rank, sizes, strides);
    }
}

vksplit_result vksplit_split_spans(const vksplit_split_desc* split, uint64_t* input_span_bytes,
                                   uint64_t* output_span_bytes, vksplit_error* error)
{
    vksplit_result r = vksplit_validate_split(split, error);
    if (r != VKSPLIT_OK)
        return r;
    uint64_t strides[VKSPLIT_MAX_RANK], span;
    if (input_span_bytes) {
        vksplit__tensor_strides(split, -1, strides);
        vksplit__span_elements(split->rank, split->sizes, strides, &span); /* validated: no overflow */
        *input_span_bytes = span * split->element_size;
    }
    for (uint32_t i = 0; output_span_bytes && i < split->output_count; i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__output_sizes(split, i, sizes);
        vksplit__tensor_strides(split, (int)i, strides);
        vksplit__span_elements(split->rank, sizes, strides, &span);
        output_span_bytes[i] = span * split->element_size;
    }
    return vksplit__ok(error);
}

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

vksplit_result vksplit_query_zero_copy(const vksplit_split_desc* split, vksplit_bool32* aliasable,
                                       uint64_t* output_byte_offsets, vksplit_error* error)
{
    if (!aliasable)
        return vksplit__fail(error, VKSPLIT_ERROR_NULL_ARGUMENT, "aliasable is NULL");
    *aliasable = 0;
    vksplit_result r = vksplit_validate_split(split, error);
    if (r != VKSPLIT_OK)
        return r;
    uint64_t strides[VKSPLIT_MAX_RANK];
    vksplit__tensor_strides(split, -1, strides);
    if (!is_packed(split->rank, split->sizes, strides))
        return vksplit__ok(error);
    uint64_t outer = 1, inner = 1;
    for (uint32_t k = 0; k < split->axis; k++)
        outer *= split->sizes[k]; /* validated: the element count fits */
    for (uint32_t k = split->axis + 1; k < split->rank; k++)
        inner *= split->sizes[k];
    uint64_t start = 0;
    for (uint32_t i = 0; i < split->output_count; i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        vksplit__output_sizes(split, i, sizes);
        vksplit__tensor_strides(split, (int)i, strides);
        bool empty = vksplit__is_empty(split->rank, sizes);
        /* With rows before the axis, an output is one range only if it is the whole input. */
        if (!empty && (!is_packed(split->rank, sizes, strides) || (outer > 1 && split->split[i] != split->sizes[split->axis])))
            return vksplit__ok(error);
        if (output_byte_offsets)
            output_byte_offsets[i] = empty ? 0 : start * inner * split->element_size;
        start += split->split[i];
    }
    *aliasable = 1;
    return vksplit__ok(error);
}
