/* Layout arithmetic over canonical splits and joins (request_layout.h). */
#include "rules/request_layout.h"

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

void vksplit__part_sizes(const vksplit__request* s, uint32_t part_index, uint64_t* sizes)
{
    memcpy(sizes, s->sizes, s->rank * sizeof sizes[0]);
    sizes[s->axis] = s->lengths[part_index];
}

void vksplit__part_strides(const vksplit__request* s, uint32_t part_index, uint64_t* strides)
{
    const uint64_t* given = s->part_strides ? s->part_strides[part_index] : NULL;
    if (given) {
        memcpy(strides, given, s->rank * sizeof strides[0]);
        return;
    }
    uint64_t sizes[VKSPLIT_MAX_RANK];
    vksplit__part_sizes(s, part_index, sizes);
    vksplit__packed_strides(s->rank, sizes, strides); /* no larger than the whole: fits */
}

uint64_t vksplit__whole_span_bytes(const vksplit__request* s)
{
    uint64_t span = 0;
    vksplit__span_elements(s->rank, s->sizes, s->whole_strides, &span); /* validated: fits */
    return span * s->element_size;
}

uint64_t vksplit__part_span_bytes(const vksplit__request* s, uint32_t part_index)
{
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK], span = 0;
    vksplit__part_sizes(s, part_index, sizes);
    vksplit__part_strides(s, part_index, strides);
    vksplit__span_elements(s->rank, sizes, strides, &span); /* validated: fits */
    return span * s->element_size;
}

const vksplit__direction_words vksplit__words_of[2] = {
    [VKSPLIT__SPLIT] = {"split", "input", "outputs", ""},
    [VKSPLIT__JOIN] = {"join", "output", "inputs", "join "},
};

void vksplit__format_u64s(char* buffer, size_t capacity, const uint64_t* values, uint32_t count)
{
    size_t used = 0;
    buffer[0] = '\0';
    used += (size_t)snprintf(buffer, capacity, "{");
    for (uint32_t i = 0; i < count && used < capacity; i++)
        used += (size_t)snprintf(buffer + used, capacity - used, i ? ", %llu" : "%llu", (unsigned long long)values[i]);
    if (used < capacity)
        snprintf(buffer + used, capacity - used, "}");
}
