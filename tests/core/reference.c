/* The CPU reference split: an odometer per output, one element at a time. See reference.h. */
#include "reference.h"

#include <string.h>

void ref_packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t stride = 1;
    for (uint32_t k = rank; k-- > 0;) {
        strides[k] = stride;
        stride *= sizes[k];
    }
}

void ref_output_sizes(const vksplit_split_desc* split, uint32_t output_index, uint64_t* sizes)
{
    for (uint32_t k = 0; k < split->rank; k++)
        sizes[k] = split->sizes[k];
    sizes[split->axis] = split->lengths[output_index];
}

void ref_tensor_strides(const vksplit_split_desc* split, int tensor, uint64_t* strides)
{
    const uint64_t* given;
    uint64_t sizes[VKSPLIT_MAX_RANK];
    if (tensor < 0) {
        given = split->input_strides;
        for (uint32_t k = 0; k < split->rank; k++)
            sizes[k] = split->sizes[k];
    } else {
        given = split->output_strides ? split->output_strides[tensor] : NULL;
        ref_output_sizes(split, (uint32_t)tensor, sizes);
    }
    if (given) {
        for (uint32_t k = 0; k < split->rank; k++)
            strides[k] = given[k];
    } else {
        ref_packed_strides(split->rank, sizes, strides);
    }
}

uint64_t ref_output_start(const vksplit_split_desc* split, uint32_t output_index)
{
    uint64_t start = 0;
    for (uint32_t i = 0; i < output_index; i++)
        start += split->lengths[i];
    return start;
}

uint64_t ref_element_count(uint32_t rank, const uint64_t* sizes)
{
    uint64_t count = 1;
    for (uint32_t k = 0; k < rank; k++)
        count *= sizes[k];
    return count;
}

uint64_t ref_span_bytes(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, uint32_t element_size)
{
    if (ref_element_count(rank, sizes) == 0)
        return 0;
    uint64_t last = 0;
    for (uint32_t k = 0; k < rank; k++)
        last += (sizes[k] - 1) * strides[k];
    return (last + 1) * element_size;
}

uint64_t ref_input_span_bytes(const vksplit_split_desc* split)
{
    uint64_t strides[VKSPLIT_MAX_RANK];
    ref_tensor_strides(split, -1, strides);
    return ref_span_bytes(split->rank, split->sizes, strides, split->element_size);
}

uint64_t ref_output_span_bytes(const vksplit_split_desc* split, uint32_t output_index)
{
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
    ref_output_sizes(split, output_index, sizes);
    ref_tensor_strides(split, (int)output_index, strides);
    return ref_span_bytes(split->rank, sizes, strides, split->element_size);
}

void ref_visit_output(const vksplit_split_desc* split, uint32_t output_index, ref_element_fn fn, void* user)
{
    uint32_t rank = split->rank;
    uint64_t sizes[VKSPLIT_MAX_RANK], in_strides[VKSPLIT_MAX_RANK], out_strides[VKSPLIT_MAX_RANK];
    ref_output_sizes(split, output_index, sizes);
    ref_tensor_strides(split, -1, in_strides);
    ref_tensor_strides(split, (int)output_index, out_strides);
    if (ref_element_count(rank, sizes) == 0)
        return;
    uint64_t start = ref_output_start(split, output_index);

    uint64_t index[VKSPLIT_MAX_RANK] = {0};
    for (;;) {
        uint64_t in_elem = 0, out_elem = 0;
        for (uint32_t k = 0; k < rank; k++) {
            uint64_t in_index = index[k] + (k == split->axis ? start : 0);
            in_elem += in_index * in_strides[k];
            out_elem += index[k] * out_strides[k];
        }
        fn(user, in_elem * split->element_size, out_elem * split->element_size, index);

        /* The odometer: bump the last digit, carry leftwards. */
        uint32_t k = rank;
        while (k > 0) {
            k--;
            if (++index[k] < sizes[k])
                break;
            index[k] = 0;
            if (k == 0)
                return;
        }
    }
}

/* A split's copy, or with `join` its inverse: the same visit, its two offsets the other way round. */
typedef struct copy_state {
    const uint8_t* from;
    uint8_t* to;
    uint32_t element_size;
    int join; /* from the part (the split's output) to the whole (its input) */
} copy_state;

static void copy_element(void* user, uint64_t input_byte, uint64_t output_byte, const uint64_t* index)
{
    copy_state* s = user;
    (void)index;
    uint64_t from = s->join ? output_byte : input_byte, to = s->join ? input_byte : output_byte;
    memcpy(s->to + to, s->from + from, s->element_size);
}

void ref_split_output(const vksplit_split_desc* split, uint32_t output_index, const void* input, void* output)
{
    copy_state s = {input, output, split->element_size, 0};
    ref_visit_output(split, output_index, copy_element, &s);
}

void ref_join_part(const vksplit_split_desc* split, uint32_t output_index, const void* part, void* whole)
{
    copy_state s = {part, whole, split->element_size, 1};
    ref_visit_output(split, output_index, copy_element, &s);
}

void ref_split(const vksplit_split_desc* split, const void* input, void* const* outputs)
{
    for (uint32_t i = 0; i < split->output_count; i++)
        if (outputs[i])
            ref_split_output(split, i, input, outputs[i]);
}

typedef struct compare_state {
    const uint8_t* input;
    const uint8_t* output;
    uint32_t element_size;
    uint64_t bad;
    uint64_t first_bad;
} compare_state;

static void compare_element(void* user, uint64_t input_byte, uint64_t output_byte, const uint64_t* index)
{
    compare_state* s = user;
    (void)index;
    if (memcmp(s->output + output_byte, s->input + input_byte, s->element_size) != 0) {
        if (s->bad == 0)
            s->first_bad = output_byte;
        s->bad++;
    }
}

uint64_t ref_compare_output(const vksplit_split_desc* split, uint32_t output_index, const void* input,
                            const void* output, uint64_t* first_bad)
{
    compare_state s = {input, output, split->element_size, 0, UINT64_MAX};
    ref_visit_output(split, output_index, compare_element, &s);
    if (first_bad)
        *first_bad = s.first_bad;
    return s.bad;
}

/* The zero-copy oracle: the output's k-th element must be at its byte k * element_size and at
 * the input's byte base + k * element_size, base the first element's. */
typedef struct contiguity_state {
    uint64_t next;
    uint64_t base;
    uint32_t element_size;
    int contiguous;
} contiguity_state;

static void contiguity_element(void* user, uint64_t input_byte, uint64_t output_byte, const uint64_t* index)
{
    contiguity_state* s = user;
    (void)index;
    if (s->next == 0)
        s->base = input_byte;
    if (output_byte != s->next || input_byte != s->base + s->next)
        s->contiguous = 0;
    s->next += s->element_size;
}

int ref_output_contiguous(const vksplit_split_desc* split, uint32_t output_index, uint64_t* base)
{
    contiguity_state s = {0, 0, split->element_size, 1};
    ref_visit_output(split, output_index, contiguity_element, &s);
    *base = s.base;
    return s.contiguous;
}

typedef struct mark_state {
    uint8_t* mask;
    uint32_t element_size;
    uint8_t value;
} mark_state;

static void mark_element(void* user, uint64_t input_byte, uint64_t output_byte, const uint64_t* index)
{
    mark_state* s = user;
    (void)input_byte;
    (void)index;
    memset(s->mask + output_byte, s->value, s->element_size);
}

void ref_mark_output(const vksplit_split_desc* split, uint32_t output_index, uint8_t* mask, uint8_t value)
{
    mark_state s = {mask, split->element_size, value};
    ref_visit_output(split, output_index, mark_element, &s);
}
