/* What a failed case prints (its seed, plan, case, and what each wrong byte is) and the
 * faults the tests inject to prove the comparison can fail. See core_run.h. */
#include "core_run.h"

#include <stdlib.h>
#include <string.h>

#include "reference.h"

void core__print_context(const core_case* c, const core_run_options* o, core_layout layout, uint64_t align,
                         const vksplit_plan_info* info)
{
    char unit[24] = "none yet"; /* the offset unit is known once the plan is */
    if (align)
        snprintf(unit, sizeof unit, "%llu", (unsigned long long)align);
    fprintf(stderr, "  [%s] seed=0x%llx case=%ld layout=%s offset unit=%s path-option=%d records=%u\n",
            o->label ? o->label : "", (unsigned long long)o->seed, o->case_index, core_layout_name(layout), unit,
            (int)o->plan.path, o->records ? o->records : 1);
    if (info)
        fprintf(stderr, "  plan: %s (path=%d word=%u dispatches=%u copies=%u offset_alignment=%u)\n", info->summary,
                (int)info->path, info->word_bytes, info->dispatch_count, info->copy_command_count,
                info->offset_alignment);
    core_case_print(stderr, c);
    if (o->seed || o->case_index >= 0)
        fprintf(stderr, "  reproduce: VKSPLIT_TEST_SEED=0x%llx VKSPLIT_TEST_CASE=%ld\n", (unsigned long long)o->seed,
                o->case_index);
}

/* Names what a byte of a buffer is: an output element, a hole inside an output, the input, a guard. */
void core__describe_byte(FILE* f, const run_state* s, const core_case* c, int buffer, uint64_t pos)
{
    uint32_t n = c->desc.output_count;
    for (uint32_t r = 0; r < s->records; r++) {
        for (uint32_t i = 0; i < n; i++) {
            const placement* p = &s->outputs[(size_t)r * n + i];
            if (p->buffer != buffer || pos < p->offset || pos >= p->offset + p->span)
                continue;
            uint8_t* mask = core_calloc(p->span, 1);
            ref_mark_output(&c->desc, i, mask, 1);
            uint64_t rel = pos - p->offset;
            fprintf(f, "%s of output %u (record %u), byte %llu of its span (element byte %llu)",
                    mask[rel] ? "element byte" : "HOLE (between elements)", i, r, (unsigned long long)rel,
                    (unsigned long long)(rel % c->desc.element_size));
            free(mask);
            return;
        }
    }
    if (s->input.buffer == buffer && pos >= s->input.offset && pos < s->input.offset + s->input.span) {
        fprintf(f, "INPUT byte %llu", (unsigned long long)(pos - s->input.offset));
        return;
    }
    fprintf(f, "GUARD byte (outside every tensor)");
}

static int inside_tensor(const run_state* s, const core_case* c, int buffer, uint64_t pos)
{
    uint32_t n = c->desc.output_count;
    if (s->input.buffer == buffer && pos >= s->input.offset && pos < s->input.offset + s->input.span)
        return 1;
    for (size_t k = 0; k < (size_t)s->records * n; k++)
        if (s->outputs[k].buffer == buffer && pos >= s->outputs[k].offset &&
            pos < s->outputs[k].offset + s->outputs[k].span)
            return 1;
    return 0;
}

/* Corrupts one byte of the kind asked for (see core_run_options.inject); 1 if it found one. */
int core__inject_fault(run_state* s, const core_case* c, int kind)
{
    uint32_t n = c->desc.output_count;
    if (kind == 1) {
        for (uint32_t b = 0; b < s->buffer_count; b++)
            for (uint64_t p = 0; p < s->buffers[b].size; p++)
                if (!inside_tensor(s, c, (int)b, p)) {
                    s->buffers[b].got[p] ^= 0x5A;
                    return 1;
                }
        return 0;
    }
    if (kind == 3) {
        if (s->input.buffer < 0 || s->input.span == 0)
            return 0;
        s->buffers[s->input.buffer].got[s->input.offset] ^= 0x5A;
        return 1;
    }
    for (uint32_t i = 0; i < n; i++) {
        const placement* p = &s->outputs[i];
        if (p->buffer < 0 || p->span == 0)
            continue;
        uint8_t* mapped = s->buffers[p->buffer].got + p->offset;
        if (kind == 2) {
            mapped[0] ^= 0x5A; /* element 0 always sits at the output's first byte */
            return 1;
        }
        uint8_t* mask = core_calloc(p->span, 1);
        ref_mark_output(&c->desc, i, mask, 1);
        for (uint64_t q = 0; q < p->span; q++)
            if (!mask[q]) {
                mapped[q] ^= 0x5A;
                free(mask);
                return 1;
            }
        free(mask);
    }
    return 0;
}
