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
    c->desc = core_packed_desc(element_size, rank, c->sizes, axis, output_count, c->lengths);
    snprintf(c->input_layout, sizeof c->input_layout, "packed(NULL)");
    snprintf(c->output_layout, sizeof c->output_layout, "packed(NULL)");
}

void core_case_init_rows(core_case* c, uint32_t element_size, uint64_t rows, uint32_t output_count,
                         const uint64_t* lengths)
{
    uint64_t sizes[2] = {rows, 0};
    for (uint32_t i = 0; i < output_count; i++)
        sizes[1] += lengths[i];
    core_case_init(c, element_size, 2, sizes, 1, output_count, lengths);
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

void core_case_copy(core_case* dst, const core_case* src)
{
    const vksplit_split_desc* d = &src->desc;
    core_case_init(dst, d->element_size, d->rank, d->sizes, d->axis, d->output_count, d->lengths);
    dst->desc.base_alignment = d->base_alignment;
    if (d->input_strides)
        core_case_set_input_strides(dst, d->input_strides);
    for (uint32_t i = 0; d->output_strides && i < d->output_count; i++)
        core_case_set_output_strides(dst, i, d->output_strides[i]);
    memcpy(dst->input_layout, src->input_layout, sizeof dst->input_layout);
    memcpy(dst->output_layout, src->output_layout, sizeof dst->output_layout);
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

void core_join_of(const core_case* c, vksplit_join_desc* join) { *join = core_join_of_split(&c->desc); }

uint32_t core_case_overlap_parts(core_case* c, core_rng* rng, unsigned percent)
{
    uint32_t made = 0, rank = c->desc.rank;
    for (uint32_t i = 0; i < c->desc.output_count; i++) {
        if (!core_rng_percent(rng, percent))
            continue;
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        memcpy(sizes, c->sizes, rank * sizeof sizes[0]);
        sizes[c->desc.axis] = c->lengths[i];
        if (c->desc.output_strides && c->desc.output_strides[i])
            memcpy(strides, c->desc.output_strides[i], rank * sizeof strides[0]);
        else {
            uint32_t order[VKSPLIT_MAX_RANK];
            for (uint32_t k = 0; k < rank; k++)
                order[k] = rank - 1 - k;
            core_strides_ordered(rank, sizes, order, NULL, strides);
        }
        int changed = 0;
        if (core_rng_percent(rng, 50)) { /* broadcast one dimension of two or more indices */
            for (uint32_t k = 0; k < rank && !changed; k++) {
                uint32_t d = (uint32_t)((k + core_rng_below(rng, rank)) % rank);
                if (sizes[d] >= 2) {
                    strides[d] = 0;
                    changed = 1;
                }
            }
        } else {
            changed = core_overlap_strides(rng, rank, sizes, strides);
        }
        if (changed) {
            core_case_set_output_strides(c, i, strides);
            made++;
        }
    }
    if (made)
        snprintf(c->output_layout, sizeof c->output_layout, "%u overlapping/broadcast", made % 100000u);
    return made;
}

void core_case_make_joinable(core_case* c, core_rng* rng, unsigned percent)
{
    vksplit_join_desc join;
    core_join_of(c, &join);
    vksplit_error err;
    if (vksplit_validate_join(&join, &err) != VKSPLIT_OK && err.rule == VKSPLIT_RULE_JOIN_OVERLAPPING_STRIDES) {
        c->desc.input_strides = NULL;
        snprintf(c->input_layout, sizeof c->input_layout, "packed (was overlapping)");
    }
    core_case_overlap_parts(c, rng, percent);
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
