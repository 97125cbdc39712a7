/* split_bench's output (bench_report.h). */
#include "bench_report.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bench_convert.h"

#define MIB (1024.0 * 1024.0)

static double gbps(uint64_t bytes, double seconds) { return seconds > 0 ? (double)bytes / seconds * 1e-9 : 0; }
static double ratio(double a, double b) { return b > 0 ? a / b : 0; }

static int is_join(const bench_case* c) { return c->operation == VKSPLIT_OPERATION_JOIN; }

/* --json's operation and part counts, the pipeline it copies with (its index in the run's
 * "pipelines": its module and direction, no label to derive from the plan's words; null on the
 * transfer path), and its mapping: a join's pipelines are their own (specialized per
 * direction), so a join's mapping is named join-MAPPING, which keeps the pipelines that tools
 * label by mapping and word apart. */
static void json_operation(const bench_row* r, char* mapping, size_t size)
{
    const bench_case* c = r->setup.c;
    const vksplit_plan_info* i = &r->info;
    snprintf(mapping, size, "%s%s", is_join(c) && i->path != VKSPLIT_PATH_TRANSFER ? "join-" : "",
             bench_is_loop(c)   ? "device" /* device parameters' own kernel */
             : bench_is_rows(c) ? "rows"   /* and rows' */
                                : bench_mapping_name(i->mapping));
    printf("\"operation\": \"%s\", \"inputs\": %u, \"outputs\": %u, ", is_join(c) ? "join" : "split",
           is_join(c) ? c->outputs : 1, is_join(c) ? 1 : c->outputs);
    if (r->pipeline >= 0)
        printf("\"pipeline\": %lld, ", (long long)r->pipeline);
    else
        printf("\"pipeline\": null, ");
}

/* A copy that converts: its types as vksplit_convert holds them ("convert": the whole's type,
 * then the parts', a join's too; the plan's summary says which way it runs) and its scale, and
 * the bytes it reads and writes, which its references' `copy_bytes` (and every GB/s of the row)
 * average; nothing for a byte copy. */
static void json_convert(const bench_row* r)
{
    const vksplit_convert* v = bench_case_convert(r->setup.c);
    if (!v)
        return;
    printf("\"convert\": \"%s->%s\", \"scale\": %g, \"scale_source\": \"%s\", \"no_saturate\": %s, "
           "\"bytes_read\": %llu, \"bytes_written\": %llu, \"copy_bytes\": %llu, ",
           bench_type_name(v->whole), bench_type_name(v->parts),
           v->scale_source == VKSPLIT_SCALE_HOST     ? (double)v->scale
           : v->scale_source == VKSPLIT_SCALE_DEVICE ? (double)BENCH_KV_SCALE /* the float the bench writes */
                                                     : 1.0,
           v->scale_source == VKSPLIT_SCALE_HOST     ? "host"
           : v->scale_source == VKSPLIT_SCALE_DEVICE ? "device"
                                                     : "none",
           v->no_saturate ? "true" : "false", (unsigned long long)r->bytes_read, (unsigned long long)r->bytes_written,
           (unsigned long long)r->copy_bytes);
}

/* A JSON number, or null where there is none. */
static const char* number_or_null(char* buffer, size_t size, const char* format, double value, int present)
{
    if (!present)
        return "null";
    snprintf(buffer, size, format, value);
    return buffer;
}

/* --clock-bits' counter's first reading in each spin; null on the device's own counter, or
 * without a clock. */
static const char* narrow_start(char* buffer, size_t size, const bench_clock* clock)
{
    if (!clock->available || clock->counter.simulate == UINT64_MAX)
        return "null";
    snprintf(buffer, size, "%" PRIu64, clock->counter.start);
    return buffer;
}

/* The last clock reading's spins, as each wrote them (bench_clock_record): the readings
 * tests/bench/clock.sh checks the count by. */
static void json_spins(const bench_clock* clock)
{
    printf("  \"clock_spins\": [");
    for (uint32_t i = 0; i < clock->collected_count; i++) {
        const bench_clock_record* r = &clock->collected[i];
        printf("%s\n    {\"cycles\": %" PRIu64 ", \"iterations\": %" PRIu64 ", \"first\": %" PRIu64
               ", \"last\": %" PRIu64 ", \"longest\": %" PRIu64 ", \"full\": %" PRIu64 "}",
               i ? "," : "", r->cycles, r->iterations, r->first, r->last, r->longest, r->full);
    }
    printf("%s],\n", clock->collected_count ? "\n  " : "");
}

/* Whether the run takes a copy that converts (the text's header then says how it counts). */
static int any_convert(const bench_options* o)
{
    for (uint32_t i = 0; i < bench_case_total(); i++)
        if (bench_is_convert(bench_case_at(i)) && bench_selected(o, bench_case_at(i)))
            return 1;
    return 0;
}

void bench_report_begin(const bench_options* o, const vksplit_runner_info* info, const bench_clock* clock)
{
    char start[32];
    if (o->json) {
        printf("{\n  \"device\": \"%s\",\n  \"driver\": \"%s\",\n  \"reps\": %d,\n  \"batches\": %d,\n"
               "  \"warmup_ms\": %g,\n  \"batch_ms\": %g,\n  \"fixed_batch_reps\": %u,\n  \"latency_reps\": %u,\n"
               "  \"low_clock_bar\": %.2f,\n  \"clock_source\": %s,\n  \"clock_note\": %s%s%s,\n"
               "  \"clock_counter_bits\": %u,\n  \"clock_device_bits\": %u,\n  \"clock_narrow_start\": %s,\n"
               "  \"clock_launch_us\": %.3f,\n"
               "  \"mapped_tensors\": %u,\n  \"plan_only\": %s,\n  \"cases\": [\n",
               info->device_name, info->driver_info, o->batches, o->batches, o->warmup_ms, o->batch_ms, o->batch_reps,
               BENCH_LATENCY_REPS, BENCH_LOW_CLOCK,
               clock->available ? "\"VK_KHR_shader_clock: a fixed-cycle spin timed before and after each batch\""
                                : "null",
               clock->note ? "\"" : "", clock->note ? clock->note : "null", clock->note ? "\"" : "",
               clock->counter_bits, clock->device_bits, narrow_start(start, sizeof start, clock), clock->launch_s * 1e6,
               info->mapped_tensors, o->plan_only ? "true" : "false");
    } else if (o->plan_only) {
        printf("split_bench --plan-only on %s: each case's plan and its own account, nothing run\n\n"
               "%-19s %-22s %-3s %5s %9s %-58s %6s %6s %8s %6s\n",
               info->device_name, "case", "shape", "dt", "parts", "MiB", "plan", "flight", "fetch", "groups", "idle");
    } else {
        printf("split_bench on %s (%s)\n"
               "Per repetition: a batch of K repetitions back to back in one submission between two timestamps\n"
               "(K so that it lasts >= %g ms%s), divided by K; the median of %d batches, after the split ran back\n"
               "to back for >= %g ms of GPU time. The split's and the references' batches alternate. GB/s of output\n"
               "bytes; x = reference time / split time (higher is better): ceiling = plain compute copy of 16-byte\n"
               "words, copy = one-region vkCmdCopyBuffer, memcpy = one host thread (timed before the warm-up).\n"
               "K = the split's repetitions per batch; clock = the split's batches' MHz, and relative to the run's\n"
               "highest (the last line says how it is measured); rr = rounds re-run after a batch fell under %.0f%%\n"
               "of it. join_ cases: a split's outputs joined back into its input (shape: the join's output's).\n"
               "parts = a split's outputs, a join's inputs.\n%s\n"
               "%-19s %-19s %-3s %5s %9s %-52s %9s %9s %6s %9s %6s %8s %6s %7s %5s %-9s %2s\n",
               info->device_name, info->driver_info, o->batch_ms, o->batch_reps ? ", or K fixed by --batch-reps" : "",
               o->batches, o->warmup_ms, BENCH_LOW_CLOCK * 100,
               any_convert(o) ? "Copies that convert (dt: the whole's type; plan: from->to): their GB/s count (bytes "
                                "read + bytes written) / 2,\nand each reference copies that many bytes (the same "
                                "traffic); MiB: the bytes the copy writes.\n"
                              : "",
               "case", "shape", "dt", "parts", "MiB", "plan", "GB/s", "ceiling", "x ceil", "copy", "x copy", "memcpy",
               "x mem", "rec us", "K", "clock", "rr");
    }
}

/* An engine loop's --json marks (bench_loops.h): the kind and its plan's device parameters; a rows
 * loop's (bench_rows.h): the kind and its rows' mode; a KV append that converts
 * (bench_kv_convert.h): the kind and its placing. */
static const char* loop_fields(const bench_case* c)
{
    if (bench_is_kv_convert(c))
        return c->device == VKSPLIT_DEVICE_PARAMETERS_GIVEN
                   ? ", \"kv_convert_loop\": true, \"device_parameters\": \"given\""
                   : ", \"kv_convert_loop\": true, \"rows\": \"indexed\"";
    if (bench_is_rows(c)) {
        vksplit_rows_mode mode = bench_rows_options(c).mode;
        return mode == VKSPLIT_ROWS_LINEAR     ? ", \"rows_loop\": true, \"rows\": \"linear\""
               : mode == VKSPLIT_ROWS_CIRCULAR ? ", \"rows_loop\": true, \"rows\": \"circular\""
                                               : ", \"rows_loop\": true, \"rows\": \"indexed\"";
    }
    if (!bench_is_loop(c))
        return "";
    return c->device == VKSPLIT_DEVICE_PARAMETERS_GIVEN ? ", \"engine_loop\": true, \"device_parameters\": \"given\""
                                                        : ", \"engine_loop\": true, \"device_parameters\": \"packed\"";
}

/* --plan-only: the plan and its own account, no timings. */
static void plan_row(const bench_options* o, const bench_row* r, int last)
{
    char shape[64];
    bench_shape_text(&r->setup, shape, sizeof shape);
    const bench_case* c = r->setup.c;
    const vksplit_plan_info* i = &r->info;
    if (!o->json) {
        printf("%-19s %-22s %-3s %5u %9.1f %-58s %4u B %6.3f %8llu %6llu\n", c->name, shape, c->dtype, c->outputs,
               (double)i->bytes_written / MIB, i->summary, i->bytes_in_flight, i->fetch_ratio,
               (unsigned long long)i->workgroup_count, (unsigned long long)i->idle_workgroups);
        return;
    }
    char mapping[32];
    printf("    {\"case\": \"%s\", \"what\": \"%s\", \"size_mib\": %.0f, \"shape\": \"%s\", \"dtype\": \"%s\", ",
           c->name, c->what, (double)r->size_target / MIB, shape, c->dtype);
    json_operation(r, mapping, sizeof mapping);
    json_convert(r);
    printf(
        "\"bytes\": %llu, \"path\": \"%s\", \"mapping\": \"%s\", \"plan\": \"%s\", "
        "\"dispatches\": %u, \"windows\": %u, \"word_bytes\": %u, \"workgroup_size\": %u, \"workgroups\": %llu, "
        "\"idle_workgroups\": %llu, \"bytes_in_flight\": %u, \"invocation_bytes\": %u, \"fetch_ratio\": %.4f%s%s%s}%s\n",
        (unsigned long long)i->bytes_written, i->path == VKSPLIT_PATH_TRANSFER ? "copy" : "compute", mapping,
        i->summary, i->dispatch_count, i->window_count, i->word_bytes, i->workgroup_size,
        (unsigned long long)i->workgroup_count, (unsigned long long)i->idle_workgroups, i->bytes_in_flight,
        i->invocation_bytes, i->fetch_ratio, loop_fields(c), r->stats_json[0] ? ", \"shader_stats\": " : "",
        r->stats_json, last ? "" : ",");
}

static void text_row(const bench_row* r, const bench_clock* clock)
{
    char shape[64], clock_text[16] = "-";
    bench_shape_text(&r->setup, shape, sizeof shape);
    const bench_case* c = r->setup.c;
    const bench_measurement* m = &r->m;
    uint64_t bytes = r->copy_bytes; /* a byte copy's bytes written; a converting copy's (read + written) / 2 */
    double split = m->ops[BENCH_OP_SPLIT].rep_s, copy = m->ops[BENCH_OP_COPY].rep_s;
    double ceiling = r->has_ceiling ? m->ops[BENCH_OP_CEILING].rep_s : 0;
    if (clock->available)
        snprintf(clock_text, sizeof clock_text, "%.0f %.2f", m->clock_mhz, m->clock_relative);
    if (c->shape == SHAPE_FIXED)
        printf("%-19s %-19s %-3s %5u %9.3f %-52s %7.2fus %7.2fus %6.2f %7.2fus %6.2f %8.3f %6.3f %7.2f", c->name, shape,
               c->dtype, c->outputs, (double)r->info.bytes_written / MIB, r->info.summary, split * 1e6, ceiling * 1e6,
               ratio(ceiling, split), copy * 1e6, ratio(copy, split), gbps(bytes, r->memcpy_s),
               ratio(r->memcpy_s, split), r->record_us);
    else
        printf("%-19s %-19s %-3s %5u %9.1f %-52s %9.1f %9.1f %6.2f %9.1f %6.2f %8.1f %6.2f %7.2f", c->name, shape,
               c->dtype, c->outputs, (double)r->info.bytes_written / MIB, r->info.summary, gbps(bytes, split),
               gbps(bytes, ceiling), ratio(ceiling, split), gbps(bytes, copy), ratio(copy, split),
               gbps(bytes, r->memcpy_s), ratio(r->memcpy_s, split), r->record_us);
    printf(" %5u %-9s %2u\n", m->ops[BENCH_OP_SPLIT].reps, clock_text, m->reruns);
    if (r->latency) {
        double ls = m->ops[BENCH_OP_SPLIT].latency_s, lc = r->has_ceiling ? m->ops[BENCH_OP_CEILING].latency_s : 0,
               ly = m->ops[BENCH_OP_COPY].latency_s;
        printf("  %s latency (a timestamp pair around each of %u back-to-back repetitions, median): %s %.2f us, "
               "ceiling %.2f us (x %.2f), copy %.2f us (x %.2f)",
               c->name, BENCH_LATENCY_REPS, is_join(c) ? "join" : "split", ls * 1e6, lc * 1e6, ratio(lc, ls), ly * 1e6,
               ratio(ly, ls));
        if (clock->available)
            printf(", at %.0f MHz", m->latency_clock_mhz);
        printf("\n");
    }
    if (r->stats_text[0])
        printf("  %s: %s\n", c->name, r->stats_text);
}

static void json_row(const bench_row* r, const bench_clock* clock, int last)
{
    char shape[64], mhz[32], rel[32], lat[3][32];
    bench_shape_text(&r->setup, shape, sizeof shape);
    const bench_case* c = r->setup.c;
    const vksplit_plan_info* i = &r->info;
    const bench_measurement* m = &r->m;
    uint64_t bytes = r->copy_bytes; /* what the GB/s count: text_row's */
    double split = m->ops[BENCH_OP_SPLIT].rep_s, copy = m->ops[BENCH_OP_COPY].rep_s;
    double ceiling = r->has_ceiling ? m->ops[BENCH_OP_CEILING].rep_s : 0;
    char mapping[32];
    printf("    {\"case\": \"%s\", \"what\": \"%s\", \"size_mib\": %.0f, \"shape\": \"%s\", \"dtype\": \"%s\", ",
           c->name, c->what, (double)r->size_target / MIB, shape, c->dtype);
    json_operation(r, mapping, sizeof mapping);
    json_convert(r);
    printf("\"bytes\": %llu, \"path\": \"%s\", \"mapping\": \"%s\", \"plan\": \"%s\", "
           "\"dispatches\": %u, \"windows\": %u, \"word_bytes\": %u, \"workgroup_size\": %u, \"workgroups\": %llu, "
           "\"idle_workgroups\": %llu, \"bytes_in_flight\": %u, \"invocation_bytes\": %u, \"fetch_ratio\": %.4f, ",
           (unsigned long long)i->bytes_written, i->path == VKSPLIT_PATH_TRANSFER ? "copy" : "compute", mapping,
           i->summary, i->dispatch_count, i->window_count, i->word_bytes, i->workgroup_size,
           (unsigned long long)i->workgroup_count, (unsigned long long)i->idle_workgroups, i->bytes_in_flight,
           i->invocation_bytes, i->fetch_ratio);
    printf("\"split_us\": %.3f, \"split_gbps\": %.3f, \"ceiling_us\": %.3f, \"ceiling_gbps\": %.3f, \"copy_us\": %.3f, "
           "\"copy_gbps\": %.3f, \"memcpy_gbps\": %.3f, \"ratio_ceiling\": %.4f, \"ratio_copy\": %.4f, "
           "\"ratio_memcpy\": %.4f, \"record_us\": %.3f, ",
           split * 1e6, gbps(bytes, split), ceiling * 1e6, gbps(bytes, ceiling), copy * 1e6, gbps(bytes, copy),
           gbps(bytes, r->memcpy_s), ratio(ceiling, split), ratio(copy, split), ratio(r->memcpy_s, split),
           r->record_us);
    printf(
        "\"warmup_ms\": %.3f, \"warmup_batches\": %u, \"batch_reps\": %u, \"ceiling_batch_reps\": %u, "
        "\"copy_batch_reps\": %u, \"batches\": %d, \"clock_mhz\": %s, \"clock_relative\": %s, \"clock_note\": %s%s%s, "
        "\"reruns\": %u, \"low_clock_batches\": %u, ",
        m->warmup_s * 1e3, m->warmup_batches, m->ops[BENCH_OP_SPLIT].reps,
        r->has_ceiling ? m->ops[BENCH_OP_CEILING].reps : 0, m->ops[BENCH_OP_COPY].reps, m->batches,
        number_or_null(mhz, sizeof mhz, "%.1f", m->clock_mhz, clock->available),
        number_or_null(rel, sizeof rel, "%.4f", m->clock_relative, clock->available), clock->note ? "\"" : "",
        clock->note ? clock->note : "null", clock->note ? "\"" : "", m->reruns, m->low_batches);
    char lat_mhz[32];
    printf("\"latency_reps\": %u, \"latency_clock_mhz\": %s, \"latency_split_us\": %s, \"latency_ceiling_us\": %s, "
           "\"latency_copy_us\": %s%s%s}%s\n",
           r->latency ? BENCH_LATENCY_REPS : 0,
           number_or_null(lat_mhz, sizeof lat_mhz, "%.1f", m->latency_clock_mhz, r->latency && clock->available),
           number_or_null(lat[0], sizeof lat[0], "%.3f", m->ops[BENCH_OP_SPLIT].latency_s * 1e6, r->latency),
           number_or_null(lat[1], sizeof lat[1], "%.3f", m->ops[BENCH_OP_CEILING].latency_s * 1e6,
                          r->latency && r->has_ceiling),
           number_or_null(lat[2], sizeof lat[2], "%.3f", m->ops[BENCH_OP_COPY].latency_s * 1e6, r->latency),
           r->stats_json[0] ? ", \"shader_stats\": " : "", r->stats_json, last ? "" : ",");
}

/* An engine loop's row: per step, each method's host time and its ratio to the replay's. */
static void loop_text_row(const bench_options* o, const bench_row* r)
{
    static int headed;
    const bench_case* c = r->setup.c;
    const bench_loop_result* l = &r->loop;
    if (!headed++)
        printf("\nengine loops: one command buffer with device parameters, recorded once, replayed step after step\n"
               "(a GPU pass of the bench's own writes each step's lengths and offsets), against an engine's ways\n"
               "without them. Per step: host wall time (recording where the method records, submission, the wait\n"
               "for its fence), a round's time / its M steps, the median of %d rounds, the methods' rounds\n"
               "interleaved; x = the method's time / the replay's (higher: the replay is faster). Every method's\n"
               "bytes checked against the CPU reference before and after the timing.\n",
               o->batches);
    char shape[64];
    bench_shape_text(&r->setup, shape, sizeof shape);
    printf("%-19s %-19s %-3s %5u %9.3f %-52s replayed %.2f us", c->name, shape, c->dtype, c->outputs,
           (double)r->info.bytes_written / MIB, r->info.summary, l->step_s[0] * 1e6);
    for (uint32_t m = 1; m < l->method_count; m++)
        printf(", %s %.2f us (x %.2f)", l->method[m], l->step_s[m] * 1e6, ratio(l->step_s[m], l->step_s[0]));
    printf("; M %u, %llu steps", l->steps_per_round, (unsigned long long)l->steps);
    if (l->plan_us > 0)
        printf(", planning %.2f us a step", l->plan_us);
    printf(", recorded once in %.2f us\n", l->record_us);
}

static void loop_json_row(const bench_row* r, int last)
{
    const bench_case* c = r->setup.c;
    const vksplit_plan_info* i = &r->info;
    const bench_loop_result* l = &r->loop;
    char shape[64], mapping[32];
    bench_shape_text(&r->setup, shape, sizeof shape);
    printf("    {\"case\": \"%s\", \"what\": \"%s\", \"size_mib\": %.0f, \"shape\": \"%s\", \"dtype\": \"%s\", ",
           c->name, c->what, (double)r->size_target / MIB, shape, c->dtype);
    json_operation(r, mapping, sizeof mapping);
    printf("\"bytes\": %llu, \"path\": \"compute\", \"mapping\": \"%s\", \"plan\": \"%s\", \"dispatches\": %u, "
           "\"workgroups\": %llu, \"idle_workgroups\": %llu, \"bytes_in_flight\": %u, \"fetch_ratio\": %.4f%s, "
           "\"parameter_bytes\": %llu, \"timing\": \"host wall time per step\", ",
           (unsigned long long)i->bytes_written, mapping, i->summary, i->dispatch_count,
           (unsigned long long)i->workgroup_count, (unsigned long long)i->idle_workgroups, i->bytes_in_flight,
           i->fetch_ratio, loop_fields(c), (unsigned long long)i->parameter_bytes);
    static const char* const keys[] = {"replayed", "rerecorded", "copy_rerecorded", "host_roundtrip"};
    for (uint32_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        double us = -1;
        for (uint32_t m = 0; m < l->method_count; m++)
            if (!strcmp(l->key[m], keys[k]))
                us = l->step_s[m] * 1e6;
        char value[32], x[32];
        printf("\"%s_us\": %s, ", keys[k], number_or_null(value, sizeof value, "%.3f", us, us >= 0));
        if (k)
            printf("\"ratio_%s\": %s, ", keys[k],
                   number_or_null(x, sizeof x, "%.4f", ratio(us * 1e-6, l->step_s[0]), us >= 0));
    }
    printf("\"steps_per_round\": %u, \"rounds\": %d, \"warmup_steps\": %u, \"steps\": %llu, \"checks\": %u, "
           "\"record_us\": %.3f, \"plan_us\": %.3f%s%s}%s\n",
           l->steps_per_round, l->rounds, l->warmup_steps, (unsigned long long)l->steps, l->checks, l->record_us,
           l->plan_us, r->stats_json[0] ? ", \"shader_stats\": " : "", r->stats_json, last ? "" : ",");
}

/* A rows loop's row: per step, each method's host wall time and GPU time, and their ratios to the
 * rows plan's; then the references' plans. */
static void rows_text_row(const bench_options* o, const bench_row* r)
{
    static int headed;
    const bench_case* c = r->setup.c;
    const bench_rows_result* l = &r->rows;
    if (!headed++)
        printf("\nrows loops: a plan whose rows the GPU's indices place, one command buffer recorded once, replayed\n"
               "step after step (a GPU pass of the bench's own writes each step's indices), against an engine's ways\n"
               "without them. Per step: wall = host time (recording where the method records, submission, the wait\n"
               "for its fence), a round's time / its M steps; GPU = K steps back to back in one submission between\n"
               "two timestamps / K (none for the host round trip); medians of %d rounds, the methods interleaved;\n"
               "x = the method's time / the rows plan's (higher: rows is faster). Every method's bytes checked\n"
               "against the CPU reference before and after the timing.\n",
               o->batches);
    char shape[64];
    bench_shape_text(&r->setup, shape, sizeof shape);
    printf("%-19s %-19s %-3s %5llu %9.3f %s\n ", c->name, shape, c->dtype, (unsigned long long)r->setup.split[0],
           (double)r->info.bytes_written / MIB, r->info.summary);
    for (uint32_t m = 0; m < l->method_count; m++) {
        printf(" %s %.2f us", l->method[m], l->wall_s[m] * 1e6);
        if (m)
            printf(" (x %.2f)", ratio(l->wall_s[m], l->wall_s[0]));
        if (l->gpu_s[m] >= 0)
            printf(", GPU %.2f us", l->gpu_s[m] * 1e6);
        if (m && l->gpu_s[m] >= 0)
            printf(" (x %.2f)", ratio(l->gpu_s[m], l->gpu_s[0]));
        printf(m + 1 < l->method_count ? ";" : "\n");
    }
    printf("  M %u, K %u, %llu steps, recorded once in %.2f us", l->steps_per_round, l->gpu_steps,
           (unsigned long long)l->steps, l->record_us);
    static const char* const given[2] = {"GIVEN", "GIVEN check + indirect copy"};
    for (uint32_t k = 0; k < 2; k++) {
        if (l->given_plan[k][0])
            printf("; %s: %s", given[k], l->given_plan[k]);
        if (l->given_refused[k][0])
            printf("; %s not run: %s", given[k], l->given_refused[k]);
    }
    if (l->static_plan[0])
        printf("; static join: %s", l->static_plan);
    printf("\n");
}

static void rows_json_row(const bench_row* r, int last)
{
    const bench_case* c = r->setup.c;
    const vksplit_plan_info* i = &r->info;
    const bench_rows_result* l = &r->rows;
    char shape[64], mapping[32];
    bench_shape_text(&r->setup, shape, sizeof shape);
    printf("    {\"case\": \"%s\", \"what\": \"%s\", \"size_mib\": %.0f, \"shape\": \"%s\", \"dtype\": \"%s\", ",
           c->name, c->what, (double)r->size_target / MIB, shape, c->dtype);
    json_operation(r, mapping, sizeof mapping);
    printf(
        "\"bytes\": %llu, \"path\": \"compute\", \"mapping\": \"%s\", \"plan\": \"%s\", \"dispatches\": %u, "
        "\"workgroups\": %llu, \"word_bytes\": %u, \"part_rows\": %llu, \"index_count\": %llu, "
        "\"index_span_bytes\": %llu, \"parameter_bytes\": %llu%s, "
        "\"timing\": \"host wall time per step; GPU time per step: K steps in one submission between two timestamps\", ",
        (unsigned long long)i->bytes_written, mapping, i->summary, i->dispatch_count,
        (unsigned long long)i->workgroup_count, i->word_bytes, (unsigned long long)r->setup.split[0],
        (unsigned long long)i->index_count, (unsigned long long)i->index_span_bytes,
        (unsigned long long)i->parameter_bytes, loop_fields(c));
    for (uint32_t k = 0; k < BENCH_ROWS_KINDS; k++) {
        int at = -1;
        for (uint32_t m = 0; m < l->method_count; m++)
            if (!strcmp(l->key[m], bench_rows_keys[k]))
                at = (int)m;
        double wall = at >= 0 ? l->wall_s[at] : -1, gpu = at >= 0 ? l->gpu_s[at] : -1;
        char v[4][32];
        printf("\"%s_us\": %s, \"%s_gpu_us\": %s, ", bench_rows_keys[k],
               number_or_null(v[0], sizeof v[0], "%.3f", wall * 1e6, at >= 0), bench_rows_keys[k],
               number_or_null(v[1], sizeof v[1], "%.3f", gpu * 1e6, gpu >= 0));
        if (k)
            printf("\"ratio_%s\": %s, \"gpu_ratio_%s\": %s, ", bench_rows_keys[k],
                   number_or_null(v[2], sizeof v[2], "%.4f", ratio(wall, l->wall_s[0]), at >= 0), bench_rows_keys[k],
                   number_or_null(v[3], sizeof v[3], "%.4f", ratio(gpu, l->gpu_s[0]), gpu >= 0));
        if (at >= 0)
            printf("\"%s_dispatches\": %u, \"%s_copies\": %u, ", bench_rows_keys[k], l->dispatches[at],
                   bench_rows_keys[k], l->copies[at]);
    }
    printf("\"given_plan\": \"%s\", \"given_not_run\": \"%s\", \"given_three_plan\": \"%s\", "
           "\"given_three_not_run\": \"%s\", \"static_plan\": \"%s\", \"steps_per_round\": %u, \"gpu_steps\": %u, "
           "\"rounds\": %d, \"warmup_steps\": %u, \"steps\": %llu, \"checks\": %u, \"record_us\": %.3f%s%s}%s\n",
           l->given_plan[0], l->given_refused[0], l->given_plan[1], l->given_refused[1], l->static_plan,
           l->steps_per_round, l->gpu_steps, l->rounds, l->warmup_steps, (unsigned long long)l->steps, l->checks,
           l->record_us, r->stats_json[0] ? ", \"shader_stats\": " : "", r->stats_json, last ? "" : ",");
}

/* A KV append that converts: per step, each method's host wall time and GPU time, and their ratios
 * to the converting append's; then the unfused method's plans. */
static void kv_text_row(const bench_options* o, const bench_row* r)
{
    static int headed;
    const bench_case* c = r->setup.c;
    const bench_kv_result* l = &r->kv;
    if (!headed++)
        printf("\nKV appends that convert: one command buffer recorded once, replayed step after step (a GPU pass of\n"
               "the bench's own writes each step's place), against converting the token first with a second plan\n"
               "(unfused) and the byte append alone. Per step: wall = host time (submission, the wait for its fence),\n"
               "a round's time / its M steps; GPU = K steps back to back in one submission between two timestamps\n"
               "/ K; medians of %d rounds, the methods interleaved; x = the method's time / the converting append's\n"
               "(higher: it is faster). Every method's cache checked against docs/conversions.md's CPU reference\n"
               "before and after the timing.\n",
               o->batches);
    char shape[64];
    const vksplit_convert* v = bench_case_convert(c);
    bench_shape_text(&r->setup, shape, sizeof shape);
    printf("%-19s %-19s %-3s %5llu %9.3f %s\n ", c->name, shape, c->dtype, (unsigned long long)r->setup.split[0],
           (double)r->info.bytes_written / MIB, r->info.summary);
    for (uint32_t m = 0; m < l->method_count; m++) {
        printf(" %s %.2f us", l->method[m], l->wall_s[m] * 1e6);
        if (m)
            printf(" (x %.2f)", ratio(l->wall_s[m], l->wall_s[0]));
        printf(", GPU %.2f us", l->gpu_s[m] * 1e6);
        if (m)
            printf(" (x %.2f)", ratio(l->gpu_s[m], l->gpu_s[0]));
        printf(m + 1 < l->method_count ? ";" : "\n");
    }
    printf("  M %u, K %u, %llu steps, recorded once in %.2f us", l->steps_per_round, l->gpu_steps,
           (unsigned long long)l->steps, l->record_us);
    if (v->scale_source == VKSPLIT_SCALE_DEVICE)
        printf("; device scale %g", (double)BENCH_KV_SCALE);
    printf("; unfused: %s, then %s\n", l->convert_plan, l->append_plan);
}

static void kv_json_row(const bench_row* r, int last)
{
    const bench_case* c = r->setup.c;
    const vksplit_plan_info* i = &r->info;
    const bench_kv_result* l = &r->kv;
    char shape[64], mapping[32];
    bench_shape_text(&r->setup, shape, sizeof shape);
    printf("    {\"case\": \"%s\", \"what\": \"%s\", \"size_mib\": %.0f, \"shape\": \"%s\", \"dtype\": \"%s\", ",
           c->name, c->what, (double)r->size_target / MIB, shape, c->dtype);
    json_operation(r, mapping, sizeof mapping);
    json_convert(r);
    printf("\"bytes\": %llu, \"path\": \"compute\", \"mapping\": \"%s\", \"plan\": \"%s\", \"dispatches\": %u, "
           "\"check_dispatches\": %u, \"workgroups\": %llu, \"part_rows\": %llu, \"index_count\": %llu, "
           "\"parameter_bytes\": %llu%s, "
           "\"timing\": \"host wall time per step; GPU time per step: K steps in one submission between two "
           "timestamps\", ",
           (unsigned long long)i->bytes_written, mapping, i->summary, i->dispatch_count, i->check_dispatch_count,
           (unsigned long long)i->workgroup_count, (unsigned long long)r->setup.split[0],
           (unsigned long long)i->index_count, (unsigned long long)i->parameter_bytes, loop_fields(c));
    for (uint32_t m = 0; m < l->method_count; m++) {
        printf("\"%s_us\": %.3f, \"%s_gpu_us\": %.3f, \"%s_dispatches\": %u, ", l->key[m], l->wall_s[m] * 1e6,
               l->key[m], l->gpu_s[m] * 1e6, l->key[m], l->dispatches[m]);
        if (m)
            printf("\"ratio_%s\": %.4f, \"gpu_ratio_%s\": %.4f, ", l->key[m], ratio(l->wall_s[m], l->wall_s[0]),
                   l->key[m], ratio(l->gpu_s[m], l->gpu_s[0]));
    }
    printf("\"convert_plan\": \"%s\", \"append_plan\": \"%s\", \"steps_per_round\": %u, \"gpu_steps\": %u, "
           "\"rounds\": %d, \"warmup_steps\": %u, \"steps\": %llu, \"checks\": %u, \"record_us\": %.3f%s%s}%s\n",
           l->convert_plan, l->append_plan, l->steps_per_round, l->gpu_steps, l->rounds, l->warmup_steps,
           (unsigned long long)l->steps, l->checks, l->record_us, r->stats_json[0] ? ", \"shader_stats\": " : "",
           r->stats_json, last ? "" : ",");
}

void bench_report_row(const bench_options* o, const bench_row* r, const bench_clock* clock, int last)
{
    if (o->plan_only)
        plan_row(o, r, last);
    else if (bench_is_kv_convert(r->setup.c) && o->json)
        kv_json_row(r, last);
    else if (bench_is_kv_convert(r->setup.c))
        kv_text_row(o, r);
    else if (bench_is_rows(r->setup.c) && o->json)
        rows_json_row(r, last);
    else if (bench_is_rows(r->setup.c))
        rows_text_row(o, r);
    else if (bench_is_loop(r->setup.c) && o->json)
        loop_json_row(r, last);
    else if (bench_is_loop(r->setup.c))
        loop_text_row(o, r);
    else if (o->json)
        json_row(r, clock, last);
    else
        text_row(r, clock);
    if (o->plan_only && !o->json && r->stats_text[0])
        printf("  %s: %s\n", r->setup.c->name, r->stats_text);
    fflush(stdout);
}

void bench_report_end(const bench_options* o, const bench_clock* clock, const bench_pipelines* pipelines,
                      uint32_t reruns, uint32_t low_batches)
{
    char mhz[32], ref[32], end[32];
    int sagged = clock->available && clock->end_mhz < BENCH_CLOCK_SAG * clock->reference_mhz;
    if (o->json) {
        printf("  ],\n");
        bench_pipelines_json(pipelines);
        printf("  \"clock_max_mhz\": %s,\n  \"clock_reference_mhz\": %s,\n  \"clock_end_mhz\": %s,\n",
               number_or_null(mhz, sizeof mhz, "%.1f", clock->max_mhz, clock->available),
               number_or_null(ref, sizeof ref, "%.1f", clock->reference_mhz, clock->available),
               number_or_null(end, sizeof end, "%.1f", clock->end_mhz, clock->available));
        json_spins(clock);
        printf("  \"clock_sagged\": %s,\n  \"reruns\": %u,\n  \"low_clock_batches\": %u\n}\n",
               sagged ? "true" : "false", reruns, low_batches);
    } else if (!o->plan_only) {
        printf("\nlatency cases (4k, 64k) show microseconds per split or join and per reference instead of GB/s\n");
        if (clock->available && clock->reference_mhz <= 0)
            printf("clock: not measured: no case ran at a held clock (the engine loops are host-timed)\n");
        else if (clock->available)
            printf(
                "clock: a fixed-cycle spin on the shader clock (VK_KHR_shader_clock, %u bits; the %.1f us launch\n"
                "subtracted) before and after each batch; reference %.0f MHz (held at the end of the first warm-up),\n"
                "%.0f MHz after the last case, highest %.0f MHz; %u rounds re-run after a batch fell under %.0f%% of\n"
                "the reference; %u batches still under\n",
                clock->counter_bits, clock->launch_s * 1e6, clock->reference_mhz, clock->end_mhz, clock->max_mhz,
                reruns, BENCH_LOW_CLOCK * 100, low_batches);
        else
            printf("clock: not measured: %s\n", clock->note);
    }
    if (sagged)
        fprintf(stderr,
                "split_bench: warning: the clock sagged from %.0f MHz (the reference, after the first warm-up) to "
                "%.0f MHz by the end of the run: the later cases ran slower than the first\n",
                clock->reference_mhz, clock->end_mhz);
}
