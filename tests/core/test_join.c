/* What only a join has (the engine's copies of joins run in the core_join_* entries: every
 * split test's cases joined, VKSPLIT_TEST_JOIN=1):
 *   - every rule of vksplit_validate_join: a valid case and one invalid case per rule,
 *     asserting the rule (vksplit/rules.h), its code, and a message naming the field;
 *     vksplit_join_spans and vksplit_query_join_zero_copy validate first and return the
 *     same rule;
 *   - vksplit_join_spans against the reference, and vksplit_query_join_zero_copy against
 *     its definition, computed element by element (input i is one contiguous range of the
 *     output, in its own order), on random joins;
 *   - recording through vksplit_cmd_record, the output as bindings.whole: missing parts
 *     (RECORD_BINDINGS_NULL), the bindings' names in the messages ("bindings.parts[1]",
 *     "bindings.whole");
 *   - round trips on the device: a split, then the join of its outputs, in one command
 *     buffer, gives back every byte of the input (KV-cache shapes, heads, 96 and 1024
 *     parts, every mapping of the GPU's tuning);
 *   - the KV-cache append and a transformer's heads merged, through core_run_case.
 *
 *   core_join */
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "rule_expect.h"
#include "test_harness.h"
#include "test_vulkan.h"

/* ---- the rules ------------------------------------------------------------------------------ */

static void expect(const char* name, const vksplit_join_desc* d, vksplit_rule rule, const char* field)
{
    expect_rule(name, (rule_subject){1, NULL, d}, rule, field);
}

/* A valid base: float32 {2, 6, 3} joined along axis 1 from {1, 2, 3}. */
static uint64_t base_sizes[3], base_lengths[3];

static vksplit_join_desc base(void)
{
    static const uint64_t sizes[3] = {2, 6, 3}, lengths[3] = {1, 2, 3};
    memcpy(base_sizes, sizes, sizeof sizes);
    memcpy(base_lengths, lengths, sizeof lengths);
    return core_packed_join_desc(4, 3, base_sizes, 1, 3, base_lengths);
}

static void rules(void)
{
    vksplit_join_desc d = base();
    expect("valid base", &d, VKSPLIT_RULE_NONE, NULL);
    expect("join NULL", NULL, VKSPLIT_RULE_JOIN_NULL, "join");
    d.element_size = 0;
    expect("element_size 0", &d, VKSPLIT_RULE_JOIN_ELEMENT_SIZE, "element_size 0");
    d.element_size = VKSPLIT_MAX_ELEMENT_SIZE + 1;
    expect("element_size 257", &d, VKSPLIT_RULE_JOIN_ELEMENT_SIZE, "element_size 257");
    d = base();
    d.rank = 0;
    expect("rank 0", &d, VKSPLIT_RULE_JOIN_RANK, "rank 0");
    d.rank = VKSPLIT_MAX_RANK + 1;
    expect("rank 9", &d, VKSPLIT_RULE_JOIN_RANK, "rank 9");
    d = base();
    d.sizes = NULL;
    expect("sizes NULL", &d, VKSPLIT_RULE_JOIN_SIZES_NULL, "sizes");
    d = base();
    d.axis = 3;
    expect("axis 3 of rank 3", &d, VKSPLIT_RULE_JOIN_AXIS, "axis 3");
    d = base();
    d.input_count = 0;
    expect("input_count 0", &d, VKSPLIT_RULE_JOIN_INPUT_COUNT, "input_count 0");
    d.input_count = VKSPLIT_MAX_INPUTS + 1;
    expect("input_count 65537", &d, VKSPLIT_RULE_JOIN_INPUT_COUNT, "input_count 65537");
    d = base();
    d.lengths = NULL;
    expect("lengths NULL", &d, VKSPLIT_RULE_JOIN_LENGTHS_NULL, "lengths");
    d = base();
    d.base_alignment = 12;
    expect("base_alignment 12", &d, VKSPLIT_RULE_JOIN_BASE_ALIGNMENT, "base_alignment 12");
    d.base_alignment = 64;
    expect("base_alignment 64", &d, VKSPLIT_RULE_NONE, NULL);
    d = base();
    uint64_t huge[3] = {UINT64_MAX, 2, 0};
    d.lengths = huge;
    expect("lengths overflow", &d, VKSPLIT_RULE_JOIN_SUM_OVERFLOW, "lengths[1]");
    d = base();
    uint64_t short_lengths[3] = {1, 2, 2};
    d.lengths = short_lengths;
    expect("lengths sum 5 for 6", &d, VKSPLIT_RULE_JOIN_SUM, "sum to 5");
    d = base();
    uint64_t vast[3] = {1ull << 40, 6, 1ull << 40};
    d.sizes = vast;
    expect("element count overflow", &d, VKSPLIT_RULE_JOIN_ELEMENT_COUNT_OVERFLOW, "output sizes");
    d = base();
    uint64_t far_out[3] = {1ull << 62, 3, 1};
    d.output_strides = far_out;
    expect("output span overflow", &d, VKSPLIT_RULE_JOIN_SPAN_OVERFLOW, "output");
    d = base();
    uint64_t far_in[3] = {1ull << 62, 3, 1};
    const uint64_t* in_strides[3] = {NULL, far_in, NULL};
    d.input_strides = in_strides;
    expect("input span overflow", &d, VKSPLIT_RULE_JOIN_SPAN_OVERFLOW, "inputs[1]");
    d = base();
    uint64_t overlapping[3] = {18, 2, 1}; /* dimension 1 steps 2 over a dimension 2 reaching 3 */
    d.output_strides = overlapping;
    expect("overlapping output", &d, VKSPLIT_RULE_JOIN_OVERLAPPING_STRIDES, "output_strides");
    uint64_t broadcast_out[3] = {18, 0, 1};
    d.output_strides = broadcast_out;
    expect("broadcast output", &d, VKSPLIT_RULE_JOIN_OVERLAPPING_STRIDES, "output_strides");
    /* Inputs are only read: a broadcast and a sliding window are fine. */
    d = base();
    uint64_t broadcast_in[3] = {0, 0, 1}, window_in[3] = {3, 1, 1};
    const uint64_t* reading[3] = {broadcast_in, window_in, NULL};
    d.input_strides = reading;
    expect("broadcast and overlapping inputs", &d, VKSPLIT_RULE_NONE, NULL);
    /* An empty output (a zero size off the axis) is a valid join with nothing to copy. */
    d = base();
    uint64_t empty[3] = {0, 6, 3};
    d.sizes = empty;
    expect("empty output", &d, VKSPLIT_RULE_NONE, NULL);

    vksplit_error err;
    d = base();
    CHECK_RULE(VKSPLIT_RULE_JOIN_ZERO_COPY_ALIASABLE_NULL, vksplit_query_join_zero_copy(&d, NULL, NULL, &err), &err);
    CHECK_MSG(strstr(err.message, "aliasable") != NULL, "JOIN_ZERO_COPY_ALIASABLE_NULL: %s", err.message);
}

/* ---- spans and zero-copy against the reference ----------------------------------------------- */

static void spans_and_zero_copy(void)
{
    uint64_t seed = core_seed(0x701A5);
    unsigned cases = core_scaled(600), aliasable_seen = 0, refused_seen = 0;
    for (unsigned index = 0; index < cases; index++) {
        core_seeded_case s;
        core_seeded_case_begin(&s, "spans and zero-copy", seed, index);
        s.params.max_elements = 4096;
        core_seeded_case_draw(&s);
        if (core_rng_percent(&s.rng, 40)) { /* packed tensors where a dimension before the axis is 1 */
            s.c.desc.input_strides = NULL;
            for (uint32_t i = 0; i < s.c.desc.output_count; i++)
                core_case_set_output_strides(&s.c, i, NULL);
            for (uint32_t k = 0; k < s.c.desc.axis; k++)
                if (core_rng_percent(&s.rng, 70))
                    s.c.sizes[k] = 1;
        }
        core_case_make_joinable(&s.c, &s.rng, 10);
        const vksplit_split_desc* d = &s.c.desc;
        vksplit_join_desc join;
        core_join_of(&s.c, &join);
        uint32_t n = join.input_count;
        uint64_t* spans = core_calloc(n, sizeof *spans);
        uint64_t* offsets = core_calloc(n, sizeof *offsets);
        vksplit_bool32* aliasable = core_calloc(n, sizeof *aliasable);
        uint64_t whole = 0;
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, vksplit_join_spans(&join, &whole, spans, &err), &err);
        CHECK_MSG(whole == ref_input_span_bytes(d), "case %u: output span %llu, the reference says %llu", index,
                  (unsigned long long)whole, (unsigned long long)ref_input_span_bytes(d));
        for (uint32_t i = 0; i < n; i++)
            CHECK_MSG(spans[i] == ref_output_span_bytes(d, i), "case %u: input %u spans %llu, the reference says %llu",
                      index, i, (unsigned long long)spans[i], (unsigned long long)ref_output_span_bytes(d, i));
        CHECK_RESULT(VKSPLIT_OK, vksplit_query_join_zero_copy(&join, aliasable, offsets, &err), &err);
        for (uint32_t i = 0; i < n; i++) {
            uint64_t want_offset = 0;
            int want = ref_output_contiguous(d, i, &want_offset);
            CHECK_MSG(aliasable[i] == (vksplit_bool32)want && (!want || offsets[i] == want_offset),
                      "case %u: input %u: aliasable %u at %llu, but its elements %s the output's bytes from %llu in "
                      "its own order",
                      index, i, aliasable[i], (unsigned long long)offsets[i], want ? "are" : "are not",
                      (unsigned long long)want_offset);
            if (ref_output_span_bytes(d, i)) {
                aliasable_seen += want;
                refused_seen += !want;
            }
        }
        free(spans);
        free(offsets);
        free(aliasable);
        core_case_free(&s.c);
    }
    printf("spans and zero-copy: %u joins, %u non-empty inputs aliasable, %u not\n", cases, aliasable_seen,
           refused_seen);
    CHECK_MSG(aliasable_seen > cases / 10 && refused_seen > cases / 10,
              "the cases reach both answers too rarely (%u, %u) to test the query", aliasable_seen, refused_seen);
}

/* ---- recording --------------------------------------------------------------------------------- */

static void expect_recording(vksplit_runner* runner, test_recording* r, const char* name, vksplit_rule rule,
                             const char* shows)
{
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, test_record, r, &err), &err);
    test_expect_rule(name, r->result, &r->error, rule, shows);
}

static void recording_rules(vksplit_runner* runner)
{
    vksplit_context* ctx = vksplit_runner_context(runner);
    vksplit_join_desc join = base();
    uint64_t split_sizes[3] = {2, 6, 3}, split_lengths[3] = {1, 2, 3};
    vksplit_split_desc split = core_packed_desc(4, 3, split_sizes, 1, 3, split_lengths);
    vksplit_plan *joining = NULL, *splitting = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &join, NULL, &joining, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &split, NULL, &splitting, &err), &err);
    if (!joining || !splitting) {
        vksplit_plan_destroy(joining);
        vksplit_plan_destroy(splitting);
        return;
    }
    vksplit_plan_info info;
    vksplit_plan_get_info(joining, &info);
    CHECK_MSG(info.operation == VKSPLIT_OPERATION_JOIN && info.input_count == 3 && info.output_count == 1 &&
                  info.output_span_bytes == 144 && info.input_span_bytes == 0 && info.bytes_written == 144,
              "join plan info: operation %d, %u inputs, %u outputs, output span %llu, bytes %llu", (int)info.operation,
              info.input_count, info.output_count, (unsigned long long)info.output_span_bytes,
              (unsigned long long)info.bytes_written);
    CHECK_MSG(vksplit_plan_input_span_bytes(joining, 2) == 72 && vksplit_plan_output_span_bytes(joining, 0) == 144 &&
                  vksplit_plan_input_span_bytes(joining, 3) == 0 && vksplit_plan_output_span_bytes(joining, 1) == 0,
              "join plan spans: input 2 %llu, output %llu",
              (unsigned long long)vksplit_plan_input_span_bytes(joining, 2),
              (unsigned long long)vksplit_plan_output_span_bytes(joining, 0));
    CHECK_MSG(strncmp(info.summary, "join ", 5) == 0, "a join plan's summary says so: %s", info.summary);
    vksplit_runner_buffer buffer;
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_buffer_create(runner, 4096, &buffer, &err), &err);
    vksplit_binding inputs[3] = {{buffer.buffer, 0}, {buffer.buffer, 256}, {buffer.buffer, 512}};
    vksplit_binding output = {buffer.buffer, 1024};

    /* One record call for both: a join's output is bindings.whole, its inputs bindings.parts. */
    test_recording r = {joining, {.whole = output, .parts = inputs}, VKSPLIT_OK, {0}};
    expect_recording(runner, &r, "a join plan, recorded", VKSPLIT_RULE_NONE, NULL);
    r.bindings.parts = NULL;
    expect_recording(runner, &r, "bindings.parts NULL", VKSPLIT_RULE_RECORD_BINDINGS_NULL, "3 inputs and the output");
    r.bindings.parts = inputs;
    inputs[1].buffer = VK_NULL_HANDLE;
    expect_recording(runner, &r, "inputs[1] without a buffer", VKSPLIT_RULE_BINDING_BUFFER_NULL, "bindings.parts[1]");
    inputs[1].buffer = buffer.buffer;
    inputs[2].offset = 514;
    expect_recording(runner, &r, "inputs[2] misaligned", VKSPLIT_RULE_BINDING_OFFSET_ALIGNMENT, "bindings.parts[2]");
    inputs[2].offset = 512;
    r.bindings.whole.buffer = VK_NULL_HANDLE;
    expect_recording(runner, &r, "the output without a buffer", VKSPLIT_RULE_BINDING_BUFFER_NULL, "bindings.whole");
    vksplit_runner_buffer_destroy(runner, &buffer);
    vksplit_plan_destroy(joining);
    vksplit_plan_destroy(splitting);
}

/* ---- round trips on the device ---------------------------------------------------------------- */

/* The split into the parts, then their join; the arguments recorded by vksplit (prewritten 0). */
typedef struct round_trip {
    test_recording split;
    test_recording join;
} round_trip;

/* The split, a barrier (its writes before the join's reads), the join. */
static vksplit_result record_round_trip(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    round_trip* t = user;
    test_record(&t->split, cmd, error);
    if (t->split.result != VKSPLIT_OK)
        return VKSPLIT_OK;
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT;
    VkPipelineStageFlags stages = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
    vkCmdPipelineBarrier(cmd, stages, stages, 0, 1, &barrier, 0, NULL, 0, NULL);
    return test_record(&t->join, cmd, error);
}

/* Splits a random packed tensor and joins its parts back into a second tensor, on ctx, in one
 * submission; the output must equal the input byte for byte. */
static void round_trip_case(vksplit_runner* runner, vksplit_context* ctx, const char* tuning, uint32_t element_size,
                            uint32_t rank, const uint64_t* sizes, uint32_t axis, uint32_t count,
                            const uint64_t* lengths, core_rng* rng)
{
    vksplit_split_desc split = core_packed_desc(element_size, rank, sizes, axis, count, lengths);
    vksplit_join_desc join = core_join_of_split(&split);
    char label[160];
    int at = snprintf(label, sizeof label, "%s: round trip, %u-byte [", tuning, element_size);
    for (uint32_t k = 0; k < rank; k++)
        at += snprintf(label + at, sizeof label - (size_t)at, k ? ",%llu" : "%llu", (unsigned long long)sizes[k]);
    snprintf(label + at, sizeof label - (size_t)at, "] axis %u, %u parts", axis, count);
    vksplit_plan *sp = NULL, *jp = NULL;
    vksplit_error err;
    vksplit_plan_options compute = {.path = VKSPLIT_PATH_COMPUTE};
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &split, &compute, &sp, &err), &err);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &join, &compute, &jp, &err), &err);
    uint64_t bytes = ref_input_span_bytes(&split);
    vksplit_runner_buffer in, out, parts, args;
    memset(&args, 0, sizeof args);
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    memset(&parts, 0, sizeof parts);
    vksplit_binding* bindings = core_calloc(count, sizeof *bindings);
    uint64_t parts_bytes = 0;
    for (uint32_t i = 0; i < count; i++) {
        bindings[i].offset = parts_bytes;
        parts_bytes += (ref_output_span_bytes(&split, i) + 15) / 16 * 16;
    }
    uint8_t* data = core_calloc(bytes ? bytes : 1, 1);
    uint8_t* back = core_calloc(bytes ? bytes : 1, 1);
    core_rng_fill(rng, data, bytes);
    int ok = sp && jp && vksplit_runner_buffer_create(runner, bytes, &in, &err) == VKSPLIT_OK &&
             vksplit_runner_buffer_create(runner, bytes, &out, &err) == VKSPLIT_OK &&
             vksplit_runner_buffer_create(runner, parts_bytes ? parts_bytes : 16, &parts, &err) == VKSPLIT_OK &&
             vksplit_runner_upload(runner, &in, 0, data, bytes, &err) == VKSPLIT_OK;
    vksplit_plan_info si, ji;
    memset(&si, 0, sizeof si);
    memset(&ji, 0, sizeof ji);
    if (ok) {
        vksplit_plan_get_info(sp, &si);
        vksplit_plan_get_info(jp, &ji);
    }
    /* Both recordings' arguments in one buffer: the split's, then the join's. */
    uint64_t join_args_at =
        (si.argument_bytes + VKSPLIT_ARGUMENT_ALIGNMENT - 1) / VKSPLIT_ARGUMENT_ALIGNMENT * VKSPLIT_ARGUMENT_ALIGNMENT;
    if (ok && join_args_at + ji.argument_bytes)
        ok = vksplit_runner_buffer_create(runner, join_args_at + ji.argument_bytes, &args, &err) == VKSPLIT_OK;
    CHECK_MSG(ok, "%s: plans and buffers: %s", label, err.message);
    if (ok) {
        for (uint32_t i = 0; i < count; i++)
            bindings[i].buffer = parts.buffer;
        vksplit_binding output = {out.buffer, 0};
        vksplit_arguments split_arguments = {args.buffer, 0, 0}, join_arguments = {args.buffer, join_args_at, 0};
        round_trip t = {
            {sp, {.whole = {in.buffer, 0}, .parts = bindings, .arguments = split_arguments}, VKSPLIT_OK, {0}},
            {jp, {.whole = output, .parts = bindings, .arguments = join_arguments}, VKSPLIT_OK, {0}}};
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_submit(runner, record_round_trip, &t, &err), &err);
        CHECK_RESULT(VKSPLIT_OK, t.split.result, &t.split.error);
        CHECK_RESULT(VKSPLIT_OK, t.join.result, &t.join.error);
        CHECK_RESULT(VKSPLIT_OK, vksplit_runner_download(runner, &out, 0, back, bytes, &err), &err);
        uint64_t bad = 0;
        for (uint64_t b = 0; b < bytes; b++)
            bad += back[b] != data[b];
        CHECK_MSG(bad == 0, "%s: %llu of %llu bytes came back changed (split %s; join %s)", label,
                  (unsigned long long)bad, (unsigned long long)bytes, si.summary, ji.summary);
        if (core_verbose())
            printf("%s: split %s; join %s\n", label, si.summary, ji.summary);
    }
    vksplit_runner_buffer_destroy(runner, &in);
    vksplit_runner_buffer_destroy(runner, &out);
    vksplit_runner_buffer_destroy(runner, &parts);
    vksplit_runner_buffer_destroy(runner, &args);
    free(bindings);
    free(data);
    free(back);
    vksplit_plan_destroy(sp);
    vksplit_plan_destroy(jp);
}

/* A context with the GPU's tuning (BY_SHAPE), or with one mapping forced, on the runner's device. */
static vksplit_context* tuned_context(vksplit_runner* runner, vksplit_mapping mapping)
{
    vksplit_context_desc d = core_runner_context_desc(runner);
    d.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
    d.tuning.mapping = mapping;
    vksplit_context* ctx = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&d, &ctx, &err), &err);
    return ctx;
}

static void round_trips(vksplit_runner* runner)
{
    static const struct {
        const char* name;
        vksplit_mapping mapping;
    } tunings[] = {
        {"the device's default", VKSPLIT_MAPPING_DEFAULT},
        {"BY_SHAPE (the GPU's)", VKSPLIT_MAPPING_BY_SHAPE},
        {"DEINTERLEAVE forced", VKSPLIT_MAPPING_DEINTERLEAVE},
        {"TRANSPOSE forced", VKSPLIT_MAPPING_TRANSPOSE},
    };
    core_rng rng;
    core_rng_seed(&rng, core_seed(0x701A6));
    uint64_t* many = core_calloc(1024, sizeof *many);
    for (unsigned k = 0; k < sizeof tunings / sizeof tunings[0]; k++) {
        vksplit_context* ctx = tunings[k].mapping == VKSPLIT_MAPPING_DEFAULT
                                   ? vksplit_runner_context(runner)
                                   : tuned_context(runner, tunings[k].mapping);
        if (!ctx)
            continue;
        const char* name = tunings[k].name;
        /* A KV cache [B, H, S, D] and its new token, along S. */
        uint64_t kv[4] = {2, 4, 33, 64}, kv_parts[2] = {32, 1};
        round_trip_case(runner, ctx, name, 2, 4, kv, 2, 2, kv_parts, &rng);
        /* Heads of a transformer, [B, S, H * D] from H heads of [B, S, D]. */
        uint64_t heads[3] = {2, 17, 8 * 24}, head_parts[8] = {24, 24, 24, 24, 24, 24, 24, 24};
        round_trip_case(runner, ctx, name, 4, 3, heads, 2, 8, head_parts, &rng);
        /* Short chunks along the last axis, uneven and empty parts. */
        uint64_t rows[2] = {1001, 12}, row_parts[4] = {1, 2, 0, 9};
        round_trip_case(runner, ctx, name, 4, 2, rows, 1, 4, row_parts, &rng);
        /* 96 parts of 3 and 1024 parts of 1, bytes. */
        for (uint32_t i = 0; i < 1024; i++)
            many[i] = i < 96 ? 3 : 1;
        uint64_t wide96[2] = {40, 288};
        round_trip_case(runner, ctx, name, 1, 2, wide96, 1, 96, many, &rng);
        for (uint32_t i = 0; i < 1024; i++)
            many[i] = 1;
        uint64_t wide1024[2] = {7, 1024};
        round_trip_case(runner, ctx, name, 4, 2, wide1024, 1, 1024, many, &rng);
        /* 4 KiB along axis 0 (rows the transfer path or one run each). */
        uint64_t flat[1] = {1024}, flat_parts[3] = {500, 12, 512};
        round_trip_case(runner, ctx, name, 4, 1, flat, 0, 3, flat_parts, &rng);
        if (ctx != vksplit_runner_context(runner))
            vksplit_context_destroy(ctx);
    }
    free(many);
}

/* ---- shapes engines join, through core_run_case (every byte, guards included) ---------------- */

static void engine_shapes(vksplit_runner* runner)
{
    core_rng rng;
    core_rng_seed(&rng, core_seed(0x701A7));
    core_run_options o = {.join = 1, .layout = CORE_LAYOUT_RANDOM, .rng = &rng, .null_empty_bindings = -1};
    long index = 0;
    /* The KV-cache append: [B, H, S, D] float16 and the new token [B, H, 1, D] along S. */
    uint64_t kv[4] = {1, 8, 129, 64}, kv_parts[2] = {128, 1};
    core_case c;
    core_case_init(&c, 2, 4, kv, 2, 2, kv_parts);
    o.label = "KV-cache append";
    o.case_index = index++;
    core_verdict v = core_run_case(runner, &c, &o);
    CORE_ACCOUNT(v);
    core_case_free(&c);
    /* Heads merged into [B, S, H * D] from heads laid out [B, H, S, D]: each input is the
     * head's [B, S, D] read with the strides of the [B, H, S, D] tensor (a transpose). */
    uint64_t merged[3] = {2, 31, 4 * 16}, head_parts[4] = {16, 16, 16, 16};
    core_case_init(&c, 4, 3, merged, 2, 4, head_parts);
    for (uint32_t h = 0; h < 4; h++) {
        uint64_t strides[3] = {4 * 31 * 16, 16, 1}; /* [B, S, D] of a head in [B, H, S, D] */
        core_case_set_output_strides(&c, h, strides);
    }
    o.label = "heads merged";
    o.case_index = index++;
    v = core_run_case(runner, &c, &o);
    CORE_ACCOUNT(v);
    core_case_free(&c);
    /* A 4 KiB join of two halves, and one input joined to itself. */
    uint64_t small[1] = {1024}, halves[2] = {512, 512}, whole[1] = {1024};
    core_case_init(&c, 4, 1, small, 0, 2, halves);
    o.label = "4 KiB from two halves";
    o.case_index = index++;
    v = core_run_case(runner, &c, &o);
    CORE_ACCOUNT(v);
    core_case_free(&c);
    core_case_init(&c, 4, 1, small, 0, 1, whole);
    o.label = "one input";
    o.case_index = index++;
    v = core_run_case(runner, &c, &o);
    CORE_ACCOUNT(v);
    core_case_free(&c);
    /* The checker's self-test on a join: a corrupted output byte must fail. */
    core_case_init(&c, 4, 1, small, 0, 2, halves);
    o.label = "checker self-test (this FAIL is expected)";
    o.inject = 3;
    fprintf(stderr, "--- injecting a fault into a join's output: the FAIL below is expected ---\n");
    v = core_run_case(runner, &c, &o);
    fprintf(stderr, "--- end of the expected FAIL ---\n");
    CHECK_MSG(v.injected && v.failures > 0, "a corrupted join output byte went unnoticed");
    core_case_free(&c);
}

int main(void)
{
    rules();
    spans_and_zero_copy();
    vksplit_runner* runner = test_runner_create();
    test_vulkan_load(runner);
    recording_rules(runner);
    round_trips(runner);
    engine_shapes(runner);
    return test_finish(runner);
}
