/* Where a case's tensors go: separate buffers, one shared buffer (with or without the input),
 * tight or with gaps, at offsets in units of the plan's alignment. See core_run.h. */
#include "core_run.h"

#include <stdlib.h>
#include <string.h>

#include "reference.h"

const char* core_layout_name(core_layout layout)
{
    switch (layout) {
    case CORE_LAYOUT_SEPARATE: return "separate";
    case CORE_LAYOUT_SHARED: return "shared";
    case CORE_LAYOUT_SHARED_WITH_INPUT: return "shared-with-input";
    case CORE_LAYOUT_TIGHT: return "tight";
    default: return "random";
    }
}

uint64_t core__round_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

int core__new_buffer(run_state* s, uint64_t size)
{
    if (s->buffer_count == s->buffer_capacity) {
        s->buffer_capacity = s->buffer_capacity ? 2 * s->buffer_capacity : 8;
        s->buffers = realloc(s->buffers, s->buffer_capacity * sizeof s->buffers[0]);
        if (!s->buffers) {
            fprintf(stderr, "out of host memory\n");
            exit(2);
        }
    }
    memset(&s->buffers[s->buffer_count], 0, sizeof s->buffers[0]);
    s->buffers[s->buffer_count].size = size;
    return (int)s->buffer_count++;
}

uint64_t core__tail_bytes(core_rng* rng) { return core_rng_below(rng, 49); }

/* Places one record's outputs (and, for SHARED_WITH_INPUT on record 0, the input too). */
void core__place_record(run_state* s, const core_case* c, uint32_t record, core_layout layout, uint64_t align,
                        int null_empty, uint32_t max_gap, core_rng* rng, int with_input)
{
    uint32_t n = c->desc.output_count;
    placement* outs = s->outputs + (size_t)record * n;
    if (layout == CORE_LAYOUT_SEPARATE) {
        for (uint32_t i = 0; i < n; i++) {
            outs[i].span = ref_output_span_bytes(&c->desc, i);
            if (outs[i].span == 0 && null_empty) {
                outs[i].buffer = -1;
                continue;
            }
            outs[i].offset = align * core_rng_below(rng, max_gap + 1);
            outs[i].buffer =
                core__new_buffer(s, core__round_up(outs[i].offset + outs[i].span + core__tail_bytes(rng), 16));
        }
        return;
    }
    /* One buffer, tensors in a (shuffled) sequence with gaps; slot n is the input. */
    uint32_t count = n + (with_input ? 1 : 0);
    uint32_t* order = core_calloc(count, sizeof order[0]);
    for (uint32_t j = 0; j < count; j++)
        order[j] = j;
    if (layout != CORE_LAYOUT_TIGHT && core_rng_percent(rng, 50))
        core_rng_shuffle(rng, order, count);
    uint32_t gap = layout == CORE_LAYOUT_TIGHT ? 0 : max_gap;
    int buffer = core__new_buffer(s, 0);
    uint64_t cursor = layout == CORE_LAYOUT_TIGHT ? 0 : align * core_rng_below(rng, gap + 1);
    for (uint32_t j = 0; j < count; j++) {
        placement* p = order[j] == n ? &s->input : &outs[order[j]];
        p->span = order[j] == n ? ref_input_span_bytes(&c->desc) : ref_output_span_bytes(&c->desc, order[j]);
        if (p->span == 0 && null_empty) {
            p->buffer = -1;
            continue;
        }
        p->buffer = buffer;
        p->offset = core__round_up(cursor, align) + align * core_rng_below(rng, gap + 1);
        cursor = p->offset + p->span;
    }
    s->buffers[buffer].size = core__round_up(cursor + (layout == CORE_LAYOUT_TIGHT ? 0 : core__tail_bytes(rng)), 16);
    if (s->buffers[buffer].size == 0)
        s->buffers[buffer].size = 16;
    free(order);
}
