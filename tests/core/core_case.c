/* Building, changing and printing the cases the core tests run. See core_support.h. */
#include "core_support.h"

#include <stdlib.h>
#include <string.h>

/* ---- cases ------------------------------------------------------------------------------ */

void core_case_init(core_case* c, uint32_t element_size, uint32_t rank, const uint64_t* sizes, uint32_t axis,
                    uint32_t output_count, const uint64_t* lengths)
{
    memset(c, 0, sizeof *c);
    memcpy(c->sizes, sizes, rank * sizeof sizes[0]);
    c->lengths = core_calloc(output_count, sizeof c->lengths[0]);
    memcpy(c->lengths, lengths, output_count * sizeof lengths[0]);
    c->output_strides = core_calloc(output_count, sizeof c->output_strides[0]);
    c->output_stride_ptrs = core_calloc(output_count, sizeof c->output_stride_ptrs[0]);
    c->desc.element_size = element_size;
    c->desc.rank = rank;
    c->desc.sizes = c->sizes;
    c->desc.input_strides = NULL;
    c->desc.axis = axis;
    c->desc.output_count = output_count;
    c->desc.lengths = c->lengths;
    c->desc.output_strides = NULL;
    c->desc.base_alignment = 0;
    snprintf(c->input_layout, sizeof c->input_layout, "packed(NULL)");
    snprintf(c->output_layout, sizeof c->output_layout, "packed(NULL)");
}

void core_case_set_input_strides(core_case* c, const uint64_t* strides)
{
    memcpy(c->input_strides, strides, c->desc.rank * sizeof strides[0]);
    c->desc.input_strides = c->input_strides;
    if (strcmp(c->input_layout, "packed(NULL)") == 0)
        snprintf(c->input_layout, sizeof c->input_layout, "explicit");
}

void core_case_set_output_strides(core_case* c, uint32_t output_index, const uint64_t* strides)
{
    if (strides) {
        memcpy(c->output_strides[output_index], strides, c->desc.rank * sizeof strides[0]);
        c->output_stride_ptrs[output_index] = c->output_strides[output_index];
    } else {
        c->output_stride_ptrs[output_index] = NULL;
    }
    c->desc.output_strides = c->output_stride_ptrs;
    if (strcmp(c->output_layout, "packed(NULL)") == 0)
        snprintf(c->output_layout, sizeof c->output_layout, "per-output");
}

void core_case_free(core_case* c)
{
    free(c->lengths);
    free(c->output_strides);
    free(c->output_stride_ptrs);
    memset(c, 0, sizeof *c);
}

static void print_u64s(FILE* f, const uint64_t* v, uint32_t count, uint32_t limit)
{
    fputc('{', f);
    for (uint32_t i = 0; i < count && i < limit; i++)
        fprintf(f, i ? ", %llu" : "%llu", (unsigned long long)v[i]);
    if (count > limit)
        fprintf(f, ", ... (%u values)", count);
    fputc('}', f);
}

void core_case_print(FILE* f, const core_case* c)
{
    const vksplit_split_desc* d = &c->desc;
    fprintf(f, "  case: element_size=%u rank=%u axis=%u output_count=%u base_alignment=%u\n", d->element_size, d->rank,
            d->axis, d->output_count, d->base_alignment);
    fprintf(f, "    sizes=");
    print_u64s(f, d->sizes, d->rank, 8);
    fprintf(f, "\n    input_strides=");
    if (d->input_strides)
        print_u64s(f, d->input_strides, d->rank, 8);
    else
        fprintf(f, "NULL");
    fprintf(f, " (%s)\n    lengths=", c->input_layout);
    print_u64s(f, d->lengths, d->output_count, 64);
    fprintf(f, "\n    output_strides: %s (%s; unlisted outputs packed)\n", d->output_strides ? "array" : "NULL",
            c->output_layout);
    uint32_t shown = 0;
    for (uint32_t i = 0; d->output_strides && i < d->output_count; i++) {
        if (!d->output_strides[i])
            continue;
        if (shown++ == 24) {
            fprintf(f, "      ...\n");
            break;
        }
        fprintf(f, "      [%u]=", i);
        print_u64s(f, d->output_strides[i], d->rank, 8);
        fputc('\n', f);
    }
}

void core_strides_ordered(uint32_t rank, const uint64_t* sizes, const uint32_t* order, const uint64_t* pad,
                          uint64_t* strides)
{
    uint64_t stride = 1 + (pad ? pad[0] : 0);
    for (uint32_t j = 0; j < rank; j++) {
        uint32_t k = order[j];
        strides[k] = stride;
        uint64_t size = sizes[k] ? sizes[k] : 1;
        stride = stride * size + (pad && j + 1 < rank ? pad[j + 1] : 0);
    }
}
