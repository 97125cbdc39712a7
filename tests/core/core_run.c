/* core_run_case: one case through the engine, in phases: plan it and hold the plan's own
 * account against the reference (plan_case), lay its tensors out (place_tensors), create and
 * fill the buffers with the guard pattern and the input (fill_buffers), record and submit
 * (run_split), read every buffer back and compare every byte (compare_bytes). Each phase
 * reports through fail_case, which prints everything needed to reproduce. A join (options.
 * join) runs through the same phases with the sides turned round: the case's outputs are
 * filled and read, its input is written. */
#include "core_run.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"

/* One case's run: what the phases share. */
typedef struct case_run {
    vksplit_runner* runner;
    const core_case* c;
    const core_run_options* o;
    int join; /* o->join or VKSPLIT_TEST_JOIN: c is then a joinable copy */
    core_verdict v;
    core_layout layout;
    int null_empty;
    uint32_t records;
    uint32_t max_gap;
    uint64_t align; /* offset unit, once the plan is known */
    vksplit_plan* plan;
    uint64_t in_span;
    uint64_t* out_span; /* the reference's, [output_count] */
    uint64_t bytes_written;
    uint8_t* input_copy;         /* the input's bytes as uploaded */
    vksplit_runner_buffer table; /* a VKSPLIT_TABLE_CALLER plan's table, in memory of the test's */
    run_state s;
} case_run;

static void fail_case(case_run* k, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail_case(case_run* k, const char* fmt, ...)
{
    k->v.failures++;
    fprintf(stderr, "FAIL: ");
    va_list args;
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    core__print_context(k->c, k->o, k->layout, k->align, k->plan ? &k->v.info : NULL);
    if (k->join)
        fprintf(stderr, "  run as its join (the outputs below are the join's inputs, the input its output)%s\n",
                k->o->join ? "" : ": VKSPLIT_TEST_JOIN=1");
}

static vksplit_result record_split(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    run_state* s = user;
    (void)error;
    s->record_result = VKSPLIT_OK;
    for (uint32_t r = 0; r < s->records; r++) {
        const placement* outs = s->outputs + (size_t)r * s->output_count;
        for (uint32_t i = 0; i < s->output_count; i++) {
            s->bindings[i].buffer = outs[i].buffer < 0 ? VK_NULL_HANDLE : s->buffers[outs[i].buffer].device.buffer;
            s->bindings[i].offset = outs[i].buffer < 0 ? 0 : outs[i].offset;
        }
        /* The whole: a split's input, a join's output (s->input names it for both). */
        vksplit_bindings b = {.parts = s->bindings};
        if (s->input.buffer >= 0)
            b.whole = (vksplit_binding){s->buffers[s->input.buffer].device.buffer, s->input.offset};
        b.arguments = (vksplit_arguments){s->arguments.buffer, r * s->argument_stride, 0};
        if (s->options->before_record)
            s->options->before_record(s->options->hook_user);
        vksplit_result r2 = vksplit_cmd_record(s->plan, cmd, &b, &s->record_error);
        if (s->options->after_record)
            s->options->after_record(s->options->hook_user, r2);
        if (r2 != VKSPLIT_OK) {
            s->record_result = r2;
            break;
        }
    }
    /* Submit whatever was recorded (nothing, on error): the runner then stays usable. */
    return VKSPLIT_OK;
}

/* Validates the case, plans it, and holds the plan's info to the reference: spans, bytes,
 * path, alignment, dispatches. Returns 0 when there is nothing to run. */
static int plan_case(case_run* k)
{
    const vksplit_split_desc* d = &k->c->desc;
    const core_run_options* o = k->o;
    uint32_t n = d->output_count;
    vksplit_context* ctx = o->context ? o->context : vksplit_runner_context(k->runner);
    vksplit_error err;
    memset(&err, 0, sizeof err);

    k->in_span = ref_input_span_bytes(d);
    k->out_span = core_calloc(n, sizeof k->out_span[0]);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK];
        ref_output_sizes(d, i, sizes);
        k->out_span[i] = ref_output_span_bytes(d, i);
        k->bytes_written += ref_element_count(d->rank, sizes) * d->element_size;
    }

    k->v.checks++;
    vksplit_join_desc join;
    core_join_of(k->c, &join);
    vksplit_result r = k->join ? vksplit_validate_join(&join, &err) : vksplit_validate_split(d, &err);
    if (r != VKSPLIT_OK) {
        fail_case(k, "the generated case does not validate: %s: %s", vksplit_result_name(r), err.message);
        return 0;
    }

    /* The transfer path is refused exactly when the rows are not contiguous in every tensor
     * (a join's the same as its split's: the same tensors, the same rows). */
    int transfer_possible = core_transfer_possible(d);
    k->v.checks++;
    r = k->join ? vksplit_plan_create_join(ctx, &join, &o->plan, &k->plan, &err)
                : vksplit_plan_create(ctx, d, &o->plan, &k->plan, &err);
    const char* create = k->join ? "vksplit_plan_create_join" : "vksplit_plan_create";
    if (r != VKSPLIT_OK) {
        if (o->plan.path == VKSPLIT_PATH_TRANSFER && r == VKSPLIT_ERROR_UNSUPPORTED && !transfer_possible)
            k->v.skipped = 1; /* refused as it must be; the caller counts refusals */
        else if (o->plan.path == VKSPLIT_PATH_TRANSFER && r == VKSPLIT_ERROR_UNSUPPORTED)
            fail_case(k,
                      "%s refused the transfer path, but some dimension has stride 1 in every tensor (rows are "
                      "contiguous): %s",
                      create, err.message);
        else
            fail_case(k, "%s: %s: %s", create, vksplit_result_name(r), err.message);
        return 0;
    }
    vksplit_plan_get_info(k->plan, &k->v.info);
    const vksplit_plan_info* info = &k->v.info;
    k->v.checks++;
    if (info->path == VKSPLIT_PATH_TRANSFER && !transfer_possible)
        fail_case(k,
                  "a TRANSFER plan (%s), but no dimension with two or more indices has stride 1 in every tensor: "
                  "the rows are single elements, which the transfer path must refuse (VKSPLIT_ERROR_UNSUPPORTED)",
                  info->summary);

    /* The plan's own account of the split (the join). */
    k->v.checks++;
    if (k->join) {
        if (info->operation != VKSPLIT_OPERATION_JOIN || info->input_count != n || info->output_count != 1 ||
            info->output_span_bytes != k->in_span || info->input_span_bytes != 0 ||
            info->bytes_written != k->bytes_written)
            fail_case(k,
                      "plan info: operation %d (want JOIN), input_count %u (want %u), output_count %u (want 1), "
                      "output_span_bytes %llu (want %llu), input_span_bytes %llu (want 0), bytes_written %llu "
                      "(want %llu)",
                      (int)info->operation, info->input_count, n, info->output_count,
                      (unsigned long long)info->output_span_bytes, (unsigned long long)k->in_span,
                      (unsigned long long)info->input_span_bytes, (unsigned long long)info->bytes_written,
                      (unsigned long long)k->bytes_written);
    } else if (info->operation != VKSPLIT_OPERATION_SPLIT || info->input_count != 1 || info->output_count != n ||
               info->input_span_bytes != k->in_span || info->output_span_bytes != 0 ||
               info->bytes_written != k->bytes_written) {
        fail_case(k,
                  "plan info: operation %d (want SPLIT), input_count %u (want 1), output_count %u (want %u), "
                  "input_span_bytes %llu (want %llu), output_span_bytes %llu (want 0), bytes_written %llu (want %llu)",
                  (int)info->operation, info->input_count, info->output_count, n,
                  (unsigned long long)info->input_span_bytes, (unsigned long long)k->in_span,
                  (unsigned long long)info->output_span_bytes, (unsigned long long)info->bytes_written,
                  (unsigned long long)k->bytes_written);
    }
    k->v.checks++;
    uint64_t whole = k->join ? vksplit_plan_output_span_bytes(k->plan, 0) : vksplit_plan_input_span_bytes(k->plan, 0);
    if (whole != k->in_span)
        fail_case(k, "vksplit_plan_%s_span_bytes(0) = %llu, the reference says %llu", k->join ? "output" : "input",
                  (unsigned long long)whole, (unsigned long long)k->in_span);
    k->v.checks++;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t got = k->join ? vksplit_plan_input_span_bytes(k->plan, i) : vksplit_plan_output_span_bytes(k->plan, i);
        if (got != k->out_span[i]) {
            fail_case(k, "vksplit_plan_%s_span_bytes(%u) = %llu, the reference says %llu", k->join ? "input" : "output",
                      i, (unsigned long long)got, (unsigned long long)k->out_span[i]);
            break;
        }
    }
    k->v.checks++;
    uint32_t oa = info->offset_alignment;
    if (oa == 0 || (oa & (oa - 1)) != 0 || oa > core_base_alignment(d))
        fail_case(k,
                  "offset_alignment %u is not a power of two no larger than base_alignment %u (the caller's "
                  "promise)",
                  oa, core_base_alignment(d));
    k->v.checks++;
    if (info->path != VKSPLIT_PATH_COMPUTE && info->path != VKSPLIT_PATH_TRANSFER)
        fail_case(k, "plan path %d is neither COMPUTE nor TRANSFER", (int)info->path);
    else if (o->plan.path != VKSPLIT_PATH_AUTO && info->path != o->plan.path)
        fail_case(k, "plan path %d, but path %d was asked for", (int)info->path, (int)o->plan.path);
    k->v.checks++;
    if (info->path == VKSPLIT_PATH_TRANSFER && info->dispatch_count != 0)
        fail_case(k, "a TRANSFER plan with dispatch_count %u", info->dispatch_count);
    if (k->bytes_written == 0 && (info->dispatch_count != 0 || info->copy_command_count != 0))
        fail_case(k, "nothing to write, yet dispatch_count %u copy_command_count %u", info->dispatch_count,
                  info->copy_command_count);
    if (k->bytes_written != 0 && info->dispatch_count == 0 && info->copy_command_count == 0)
        fail_case(k, "%llu bytes to write, yet no dispatch and no copy", (unsigned long long)k->bytes_written);
    k->v.checks++;
    uint32_t w = info->word_bytes;
    if (info->path == VKSPLIT_PATH_COMPUTE && k->bytes_written &&
        !(w == 1 || w == 2 || w == 4 || w == 8 || w == 16 || w == 32))
        fail_case(k, "word_bytes %u", w);
    k->align = core_base_alignment(d) > oa ? core_base_alignment(d) : (oa ? oa : 1);
    return 1;
}

/* A plan made with VKSPLIT_TABLE_CALLER: its table written on the host, copied into a
 * device-local buffer of the test's own at a random multiple of the table's alignment (the
 * engine's staging path), and bound; the plan must refuse to record before that. Returns 0 on
 * failure. */
static int bind_caller_table(case_run* k)
{
    const vksplit_plan_info* info = &k->v.info;
    if (info->table_placement != VKSPLIT_TABLE_CALLER || !info->table_bytes)
        return 1;
    vksplit_error err;
    k->v.checks++;
    VkCommandBuffer none = (VkCommandBuffer)(uintptr_t)1; /* refused before any use */
    vksplit_bindings b = {.parts = k->s.bindings};
    vksplit_result r = vksplit_cmd_record(k->plan, none, &b, &err);
    if (r != VKSPLIT_ERROR_BINDING || err.rule != VKSPLIT_RULE_RECORD_TABLE_UNBOUND) {
        fail_case(k, "recording an unbound caller's table: %s (%s), want RECORD_TABLE_UNBOUND", vksplit_result_name(r),
                  vksplit_rule_name(err.rule));
        return 0;
    }
    uint64_t offset = info->table_alignment * core_rng_below(k->o->rng, 4);
    uint8_t* bytes = core_calloc(info->table_bytes, 1);
    k->v.checks++;
    r = vksplit_plan_write_table(k->plan, bytes, &err);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(k->runner, offset + info->table_bytes, &k->table, &err);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_upload(k->runner, &k->table, offset, bytes, info->table_bytes, &err);
    if (r == VKSPLIT_OK)
        r = vksplit_plan_bind_table(k->plan, k->table.buffer, offset, &err);
    free(bytes);
    if (r != VKSPLIT_OK)
        fail_case(k, "the caller's table (%llu bytes at %llu): %s", (unsigned long long)info->table_bytes,
                  (unsigned long long)offset, err.message);
    return r == VKSPLIT_OK;
}

/* Lays the input and every recording's outputs out in buffers (not created yet). */
static void place_tensors(case_run* k)
{
    run_state* s = &k->s;
    uint32_t n = k->c->desc.output_count;
    core_rng* rng = k->o->rng;
    s->runner = k->runner;
    s->join = k->join;
    s->records = k->records;
    s->output_count = n;
    s->plan = k->plan;
    s->options = k->o;
    s->outputs = core_calloc((size_t)k->records * n, sizeof s->outputs[0]);
    s->bindings = core_calloc(n, sizeof s->bindings[0]);
    s->input.buffer = -1;
    s->input.span = k->in_span;
    int input_shared = k->layout == CORE_LAYOUT_SHARED_WITH_INPUT;
    if (!input_shared && !(k->in_span == 0 && k->null_empty)) {
        s->input.offset = k->align * core_rng_below(rng, k->max_gap + 1);
        s->input.buffer = core__new_buffer(s, core__round_up(s->input.offset + k->in_span + core__tail_bytes(rng), 16));
    }
    for (uint32_t rec = 0; rec < k->records; rec++)
        core__place_record(s, k->c, rec, k->layout, k->align, k->null_empty, k->max_gap, rng, input_shared && rec == 0);
}

/* Creates every buffer, fills it with the guard pattern and writes the input (a join's:
 * every input's span), through the runner's uploads (so that it works on a GPU's
 * device-local memory as on lavapipe); then what every buffer must hold afterwards. Returns 0
 * on failure. */
static int fill_buffers(case_run* k)
{
    run_state* s = &k->s;
    const vksplit_split_desc* d = &k->c->desc;
    uint32_t n = d->output_count;
    vksplit_error err;
    k->input_copy = core_calloc(k->in_span ? k->in_span : 1, 1);
    core_rng_fill(k->o->rng, k->input_copy, k->in_span);
    for (uint32_t b = 0; b < s->buffer_count; b++) {
        host_buffer* hb = &s->buffers[b];
        hb->expected = core_calloc(hb->size, 1);
        hb->got = core_calloc(hb->size, 1);
        for (uint64_t p = 0; p < hb->size; p++)
            hb->expected[p] = core_guard_byte(p);
        if (s->input.buffer == (int)b && !s->join)
            memcpy(hb->expected + s->input.offset, k->input_copy, k->in_span);
        for (uint32_t i = 0; s->join && i < n; i++)
            if (s->outputs[i].buffer == (int)b)
                core_rng_fill(k->o->rng, hb->expected + s->outputs[i].offset, s->outputs[i].span);
        vksplit_result r = vksplit_runner_buffer_create(k->runner, hb->size, &hb->device, &err);
        if (r == VKSPLIT_OK)
            r = vksplit_runner_upload(k->runner, &hb->device, 0, hb->expected, hb->size, &err);
        if (r != VKSPLIT_OK) {
            k->v.checks++;
            fail_case(k, "vksplit_runner_buffer_create/upload(%llu): %s", (unsigned long long)hb->size, err.message);
            return 0;
        }
    }
    if (k->v.info.argument_bytes) {
        s->argument_stride = core__round_up(k->v.info.argument_bytes, VKSPLIT_ARGUMENT_ALIGNMENT);
        vksplit_result r =
            vksplit_runner_buffer_create(k->runner, s->argument_stride * k->records, &s->arguments, &err);
        if (r != VKSPLIT_OK) {
            k->v.checks++;
            fail_case(k, "arguments buffer (%llu bytes): %s", (unsigned long long)(s->argument_stride * k->records),
                      err.message);
            return 0;
        }
    }
    for (uint32_t rec = 0; rec < k->records; rec++)
        for (uint32_t i = 0; i < n; i++) {
            const placement* p = &s->outputs[(size_t)rec * n + i];
            if (p->buffer < 0 || !p->span)
                continue;
            if (s->join)
                ref_join_part(d, i, s->buffers[p->buffer].expected + p->offset,
                              s->buffers[s->input.buffer].expected + s->input.offset);
            else
                ref_split_output(d, i, k->input_copy, s->buffers[p->buffer].expected + p->offset);
        }
    return 1;
}

/* Records every recording, submits, and reads every buffer back. Returns 0 on failure. */
static int run_split(case_run* k)
{
    run_state* s = &k->s;
    vksplit_error err;
    k->v.checks++;
    vksplit_result r = vksplit_runner_submit(k->runner, record_split, s, &err);
    if (r != VKSPLIT_OK) {
        fail_case(k, "vksplit_runner_submit: %s: %s", vksplit_result_name(r), err.message);
        return 0;
    }
    k->v.checks++;
    if (s->record_result != VKSPLIT_OK) {
        fail_case(k, "vksplit_cmd_%s: %s: %s", s->join ? "join" : "split", vksplit_result_name(s->record_result),
                  s->record_error.message);
        return 0;
    }
    for (uint32_t b = 0; b < s->buffer_count; b++) {
        r = vksplit_runner_download(k->runner, &s->buffers[b].device, 0, s->buffers[b].got, s->buffers[b].size, &err);
        if (r != VKSPLIT_OK) {
            k->v.checks++;
            fail_case(k, "vksplit_runner_download: %s: %s", vksplit_result_name(r), err.message);
            return 0;
        }
    }
    return 1;
}

/* The input must be untouched, and every byte of every buffer what the reference says:
 * output elements hold the input's, everything else (gaps, holes, tails) the guard. (A join's
 * inputs are checked with every buffer: they hold what was uploaded.) */
static void compare_bytes(case_run* k)
{
    run_state* s = &k->s;
    uint32_t n = k->c->desc.output_count;
    k->v.checks++;
    if (!s->join && s->input.buffer >= 0 &&
        memcmp(s->buffers[s->input.buffer].got + s->input.offset, k->input_copy, k->in_span) != 0)
        fail_case(k, "the input changed");
    for (uint32_t b = 0; b < s->buffer_count; b++) {
        host_buffer* hb = &s->buffers[b];
        const uint8_t* got = hb->got;
        k->v.checks++;
        if (memcmp(got, hb->expected, hb->size) == 0)
            continue;
        uint64_t bad = 0;
        for (uint64_t p = 0; p < hb->size; p++)
            bad += got[p] != hb->expected[p];
        fail_case(k, "buffer %u (%llu bytes): %llu byte(s) differ from the reference", b, (unsigned long long)hb->size,
                  (unsigned long long)bad);
        int shown = 0;
        for (uint64_t p = 0; p < hb->size && shown < 8; p++) {
            if (got[p] == hb->expected[p])
                continue;
            shown++;
            fprintf(stderr, "    buffer %u byte %llu: got 0x%02x, want 0x%02x (guard 0x%02x): ", b,
                    (unsigned long long)p, got[p], hb->expected[p], core_guard_byte(p));
            core__describe_byte(stderr, s, k->c, (int)b, p);
            fputc('\n', stderr);
        }
        fprintf(stderr, "    placements: input buffer %d offset %llu span %llu\n", s->input.buffer,
                (unsigned long long)s->input.offset, (unsigned long long)s->input.span);
        for (uint32_t i = 0; i < n && i < 16; i++)
            fprintf(stderr, "      output %u: buffer %d offset %llu span %llu\n", i, s->outputs[i].buffer,
                    (unsigned long long)s->outputs[i].offset, (unsigned long long)s->outputs[i].span);
    }
}

static void release(case_run* k)
{
    run_state* s = &k->s;
    for (uint32_t b = 0; b < s->buffer_count; b++) {
        vksplit_runner_buffer_destroy(k->runner, &s->buffers[b].device);
        free(s->buffers[b].expected);
        free(s->buffers[b].got);
    }
    vksplit_runner_buffer_destroy(k->runner, &s->arguments);
    vksplit_runner_buffer_destroy(k->runner, &k->table);
    free(s->buffers);
    free(s->outputs);
    free(s->bindings);
    free(k->input_copy);
    free(k->out_span);
    vksplit_plan_destroy(k->plan);
}

core_verdict core_run_case(vksplit_runner* runner, const core_case* split, const core_run_options* o)
{
    case_run k;
    memset(&k, 0, sizeof k);
    k.runner = runner;
    k.join = o->join || core_join_all();
    core_case joinable;
    if (k.join) {
        core_case_copy(&joinable, split);
        core_case_make_joinable(&joinable, o->rng, o->join_overlap_percent);
    }
    const core_case* c = k.join ? &joinable : split;
    k.c = c;
    k.o = o;
    k.records = o->records ? o->records : 1;
    k.max_gap = o->max_gap_units ? o->max_gap_units : 3;
    k.layout = o->layout;
    if (k.layout == CORE_LAYOUT_RANDOM) {
        uint64_t r = core_rng_below(o->rng, 100);
        k.layout = r < 40   ? CORE_LAYOUT_SEPARATE
                   : r < 75 ? CORE_LAYOUT_SHARED
                   : r < 90 ? CORE_LAYOUT_SHARED_WITH_INPUT
                            : CORE_LAYOUT_TIGHT;
    }
    /* A buffer (one allocation) per output only for a few outputs: Vulkan guarantees 4096
     * allocations, and engines place many outputs in one buffer anyway. */
    if (k.layout == CORE_LAYOUT_SEPARATE && c->desc.output_count * k.records > 256)
        k.layout = CORE_LAYOUT_SHARED;
    k.null_empty = o->null_empty_bindings < 0 ? core_rng_percent(o->rng, 50) : o->null_empty_bindings;
    if (k.join && k.records != 1) { /* recordings of one join write the same output */
        k.v.checks++;
        fail_case(&k, "a join runs with records = 1, not %u", k.records);
        core_case_free(&joinable);
        return k.v;
    }

    if (plan_case(&k)) {
        place_tensors(&k);
        if (fill_buffers(&k) && bind_caller_table(&k) && run_split(&k)) {
            if (o->inject)
                k.v.injected = core__inject_fault(&k.s, c, o->inject);
            compare_bytes(&k);
        }
        if (core_verbose())
            fprintf(stderr, "  ran [%s] case %ld: %s, %s, %u buffers%s\n", o->label ? o->label : "", o->case_index,
                    k.v.info.summary, core_layout_name(k.layout), k.s.buffer_count, k.v.failures ? " FAILED" : "");
    }
    release(&k);
    if (k.join)
        core_case_free(&joinable);
    return k.v;
}
