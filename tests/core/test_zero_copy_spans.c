/* vksplit_query_zero_copy, vksplit_query_zero_copy_outputs and vksplit_split_spans. A table of
 * hand-computed cases, then random cases against brute-force oracles built on the reference:
 * spans from the reference's own arithmetic; aliasability from element addresses (output i is
 * one contiguous range of the input, in its own packed order, iff walking its elements in C
 * order gives output offsets 0, 1, 2, ... and input offsets base, base+1, ...). The per-output
 * query must give exactly the oracle's answer and offset for every output, whatever the
 * input's layout; the all-at-once query must say yes exactly when each output does, sound
 * (same offsets) and complete. Pure CPU. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"

/* want_offsets NULL: expect not aliasable. */
static void expect_zero_copy(const char* name, const vksplit_split_desc* d, const uint64_t* want_offsets)
{
    uint64_t offsets[16];
    memset(offsets, 0xAB, sizeof offsets);
    vksplit_bool32 aliasable = 99;
    vksplit_error err;
    vksplit_result r = vksplit_query_zero_copy(d, &aliasable, offsets, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: %s %s", name, vksplit_result_name(r), err.message);
    CHECK_MSG(aliasable == (want_offsets ? 1u : 0u), "%s: aliasable=%u, expected %u", name, aliasable,
              want_offsets ? 1u : 0u);
    if (want_offsets && aliasable == 1)
        for (uint32_t i = 0; i < d->output_count; i++)
            CHECK_MSG(offsets[i] == want_offsets[i], "%s: output %u offset %llu, expected %llu", name, i,
                      (unsigned long long)offsets[i], (unsigned long long)want_offsets[i]);
    /* Without the offsets array the answer is the same. */
    vksplit_bool32 again = 99;
    CHECK_MSG(vksplit_query_zero_copy(d, &again, NULL, NULL) == VKSPLIT_OK && again == aliasable,
              "%s: different answer without output_byte_offsets", name);
}

static void zero_copy_table(void)
{
    const uint64_t dml_sizes[] = {1, 1, 6, 2};
    const uint64_t dml_split2[] = {2, 1, 3}, dml_split3[] = {1, 1};
    vksplit_split_desc d = core_packed_desc(4, 4, dml_sizes, 2, 3, dml_split2);
    const uint64_t dml_offsets[] = {0, 16, 24};
    expect_zero_copy("DirectML example 1 (axis 2)", &d, dml_offsets);
    d = core_packed_desc(4, 4, dml_sizes, 3, 2, dml_split3);
    expect_zero_copy("DirectML example 2 (axis 3)", &d, NULL);

    const uint64_t s1d[] = {6}, lengths222[] = {2, 2, 2}, lengths24[] = {2, 4};
    d = core_packed_desc(4, 1, s1d, 0, 3, lengths222);
    const uint64_t off222[] = {0, 8, 16};
    expect_zero_copy("ONNX 1d equal parts", &d, off222);
    d = core_packed_desc(4, 1, s1d, 0, 2, lengths24);
    const uint64_t off24[] = {0, 8};
    expect_zero_copy("ONNX 1d {2, 4}", &d, off24);

    const uint64_t s2d[] = {2, 6}, lengths33[] = {3, 3}, lengths11[] = {1, 1}, lengths060[] = {0, 6, 0};
    d = core_packed_desc(4, 2, s2d, 1, 2, lengths33);
    expect_zero_copy("ONNX 2d axis 1", &d, NULL);
    d = core_packed_desc(4, 2, s2d, 0, 2, lengths11);
    const uint64_t off11[] = {0, 24};
    expect_zero_copy("2d axis 0", &d, off11);
    d = core_packed_desc(4, 2, s2d, 1, 3, lengths060);
    const uint64_t off060[] = {0, 0, 0};
    expect_zero_copy("rows before the axis, one output takes the whole axis", &d, off060);

    const uint64_t s23[] = {2, 3}, transposed[] = {1, 2};
    d = core_packed_desc(1, 2, s23, 0, 2, lengths11);
    d.input_strides = transposed;
    expect_zero_copy("transposed input", &d, NULL);

    const uint64_t s32[] = {3, 2}, bcast[] = {0, 1}, lengths21[] = {2, 1};
    d = core_packed_desc(1, 2, s32, 0, 2, lengths21);
    d.input_strides = bcast;
    expect_zero_copy("broadcast input", &d, NULL);

    const uint64_t s14[] = {1, 4}, odd_size1[] = {999, 1}, lengths13[] = {1, 3};
    d = core_packed_desc(2, 2, s14, 1, 2, lengths13);
    d.input_strides = odd_size1;
    const uint64_t off13[] = {0, 2};
    expect_zero_copy("size-1 leading dim with an odd stride", &d, off13);

    const uint64_t s43[] = {4, 3}, lengths13b[] = {1, 3};
    const uint64_t padded[] = {4, 1}, packed_explicit[] = {3, 1};
    const uint64_t* outs_padded[] = {padded, NULL};
    const uint64_t* outs_packed[] = {NULL, packed_explicit};
    d = core_packed_desc(8, 2, s43, 0, 2, lengths13b);
    d.output_strides = outs_padded; /* output 0 is {1, 3}: size-1 dim, packed in effect */
    const uint64_t off43[] = {0, 24};
    expect_zero_copy("padded stride on a size-1 output dim", &d, off43);
    const uint64_t lengths22[] = {2, 2};
    d.lengths = lengths22;
    d.output_strides = outs_padded; /* output 0 is {2, 3} with row stride 4: has holes */
    expect_zero_copy("padded output", &d, NULL);
    d.output_strides = outs_packed;
    const uint64_t off22[] = {0, 48};
    expect_zero_copy("explicit packed output strides", &d, off22);

    /* Errors. */
    d = core_packed_desc(4, 1, s1d, 0, 2, lengths24);
    vksplit_error err;
    CHECK(vksplit_query_zero_copy(&d, NULL, NULL, &err) == VKSPLIT_ERROR_NULL_ARGUMENT);
    CHECK(err.code == VKSPLIT_ERROR_NULL_ARGUMENT && err.message[0] != '\0');
    vksplit_bool32 aliasable = 5;
    CHECK(vksplit_query_zero_copy(NULL, &aliasable, NULL, &err) == VKSPLIT_ERROR_NULL_ARGUMENT && aliasable == 0);
    CHECK_RULE(VKSPLIT_RULE_ZERO_COPY_ALIASABLE_NULL, vksplit_query_zero_copy_outputs(&d, NULL, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_SPLIT_NULL, vksplit_query_zero_copy_outputs(NULL, &aliasable, NULL, &err), &err);
    /* A padded input: each output one row of it, so each in place, at its row's offset. */
    const uint64_t s24[] = {2, 4}, row_padded[] = {8, 1}, ones[] = {1, 1};
    uint64_t at[2] = {7, 7};
    vksplit_bool32 each[2] = {0, 0};
    d = core_packed_desc(4, 2, s24, 0, 2, ones);
    d.input_strides = row_padded;
    CHECK_RESULT(VKSPLIT_OK, vksplit_query_zero_copy_outputs(&d, each, at, &err), &err);
    CHECK(each[0] && each[1] && at[0] == 0 && at[1] == 32);
    /* Along the last axis of a [2, 4]: no output is one range. */
    d = core_packed_desc(4, 2, s24, 1, 2, lengths22);
    CHECK_RESULT(VKSPLIT_OK, vksplit_query_zero_copy_outputs(&d, each, at, &err), &err);
    CHECK(!each[0] && !each[1] && at[0] == 0 && at[1] == 0);

    /* Every output empty: valid, whatever the answer. */
    const uint64_t s04[] = {0, 4};
    d = core_packed_desc(4, 2, s04, 1, 2, lengths22);
    CHECK(vksplit_query_zero_copy(&d, &aliasable, NULL, NULL) == VKSPLIT_OK);
}

static void expect_spans(const char* name, const vksplit_split_desc* d, uint64_t want_input, const uint64_t* want)
{
    uint64_t in = 12345, outs[16];
    memset(outs, 0xCD, sizeof outs);
    vksplit_error err;
    vksplit_result r = vksplit_split_spans(d, &in, outs, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: %s %s", name, vksplit_result_name(r), err.message);
    CHECK_MSG(in == want_input, "%s: input span %llu, expected %llu", name, (unsigned long long)in,
              (unsigned long long)want_input);
    for (uint32_t i = 0; i < d->output_count; i++)
        CHECK_MSG(outs[i] == want[i], "%s: output %u span %llu, expected %llu", name, i, (unsigned long long)outs[i],
                  (unsigned long long)want[i]);
    in = 0;
    CHECK_MSG(vksplit_split_spans(d, &in, NULL, NULL) == VKSPLIT_OK && in == want_input, "%s: output_span_bytes NULL",
              name);
}

static void spans_table(void)
{
    const uint64_t dml_sizes[] = {1, 1, 6, 2}, lengths[] = {2, 1, 3};
    vksplit_split_desc d = core_packed_desc(4, 4, dml_sizes, 2, 3, lengths);
    const uint64_t want[] = {16, 8, 24};
    expect_spans("DirectML example 1", &d, 48, want);

    const uint64_t s22[] = {2, 2}, lengths11[] = {1, 1}, pad[] = {3, 1};
    const uint64_t* outs[] = {pad, NULL};
    d = core_packed_desc(1, 2, s22, 1, 2, lengths11);
    d.output_strides = outs;
    const uint64_t want_pad[] = {4, 2};
    expect_spans("padded output", &d, 4, want_pad);

    const uint64_t s32[] = {3, 2}, bcast[] = {0, 1}, lengths21[] = {2, 1};
    d = core_packed_desc(8, 2, s32, 0, 2, lengths21);
    d.input_strides = bcast;
    const uint64_t want_b[] = {32, 16};
    expect_spans("broadcast input", &d, 16, want_b);

    const uint64_t s03[] = {0, 3}, lengths12[] = {1, 2};
    d = core_packed_desc(4, 2, s03, 1, 2, lengths12);
    const uint64_t want_e[] = {0, 0};
    expect_spans("empty input", &d, 0, want_e);

    const uint64_t s5[] = {5}, lengths050[] = {0, 5, 0};
    d = core_packed_desc(3, 1, s5, 0, 3, lengths050);
    const uint64_t want_z[] = {0, 15, 0};
    expect_spans("zero-length outputs", &d, 15, want_z);

    uint64_t in = 0;
    const uint64_t bad_split[] = {1, 1};
    d = core_packed_desc(4, 1, s5, 0, 2, bad_split);
    vksplit_error err;
    CHECK(vksplit_split_spans(&d, &in, NULL, &err) == VKSPLIT_ERROR_SPLIT_SUM && err.code == VKSPLIT_ERROR_SPLIT_SUM);
}

static int input_packed(const vksplit_split_desc* d)
{
    uint64_t packed[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
    ref_packed_strides(d->rank, d->sizes, packed);
    ref_tensor_strides(d, -1, strides);
    for (uint32_t k = 0; k < d->rank; k++)
        if (d->sizes[k] > 1 && strides[k] != packed[k])
            return 0;
    return 1;
}

static void random_against_oracles(void)
{
    core_rng rng;
    core_rng_seed(&rng, core_seed(0x2E2DC0));
    unsigned cases = core_scaled(3000);
    unsigned aliasable_seen = 0, unsound = 0, incomplete = 0, span_bad = 0, per_output_bad = 0;
    for (unsigned t = 0; t < cases; t++) {
        core_gen_params params;
        memset(&params, 0, sizeof params);
        params.max_elements = 512;
        params.packed_only = core_rng_percent(&rng, 50);
        core_case c;
        core_case_random(&c, &rng, &params);
        /* Bias towards aliasable shapes: make the dimensions before the axis 1 sometimes. */
        if (core_rng_percent(&rng, 50))
            for (uint32_t k = 0; k < c.desc.axis; k++)
                c.sizes[k] = 1;
        const vksplit_split_desc* d = &c.desc;
        uint32_t n = d->output_count;

        /* Spans. */
        uint64_t in_span = 0;
        uint64_t* spans = calloc(n, sizeof spans[0]);
        uint64_t* offsets = calloc(n, sizeof offsets[0]);
        vksplit_error err;
        vksplit_result r = vksplit_split_spans(d, &in_span, spans, &err);
        int spans_ok = r == VKSPLIT_OK && in_span == ref_input_span_bytes(d);
        for (uint32_t i = 0; spans_ok && i < n; i++)
            spans_ok = spans[i] == ref_output_span_bytes(d, i);
        if (!spans_ok && span_bad++ < 5) {
            fprintf(stderr, "spans differ from the reference (case %u, %s):\n", t, r ? err.message : "");
            core_case_print(stderr, &c);
        }
        CHECK(spans_ok);

        /* Zero copy: per output, exactly the oracle's answer and offset, whatever the input's
         * layout; every output at once, exactly when each is. */
        vksplit_bool32* each = calloc(n, sizeof each[0]);
        uint64_t* each_offsets = calloc(n, sizeof each_offsets[0]);
        r = vksplit_query_zero_copy_outputs(d, each, each_offsets, &err);
        CHECK_MSG(r == VKSPLIT_OK, "case %u: %s", t, err.message);
        int all_each = 1;
        for (uint32_t i = 0; i < n; i++) {
            uint64_t base = 0;
            int contiguous = ref_output_span_bytes(d, i) == 0 || ref_output_contiguous(d, i, &base);
            all_each = all_each && each[i];
            if ((each[i] != 0) != (contiguous != 0) || (each[i] && each_offsets[i] != base) ||
                (!each[i] && each_offsets[i] != 0)) {
                if (per_output_bad++ < 5) {
                    fprintf(stderr, "case %u output %u: aliasable %u at %llu; the oracle %d at %llu\n", t, i, each[i],
                            (unsigned long long)each_offsets[i], contiguous, (unsigned long long)base);
                    core_case_print(stderr, &c);
                }
            }
        }
        vksplit_bool32 aliasable = 0;
        r = vksplit_query_zero_copy(d, &aliasable, offsets, &err);
        CHECK_MSG(r == VKSPLIT_OK, "case %u: %s", t, err.message);
        CHECK_MSG((aliasable != 0) == all_each, "case %u: every output at once says %u, one by one %d", t, aliasable,
                  all_each);
        int oracle = 1;
        int offsets_match = 1;
        for (uint32_t i = 0; i < n; i++) {
            uint64_t base = 0;
            if (ref_output_span_bytes(d, i) == 0)
                continue;
            if (!ref_output_contiguous(d, i, &base))
                oracle = 0;
            else if (aliasable && offsets[i] != base)
                offsets_match = 0;
        }
        free(each);
        free(each_offsets);
        aliasable_seen += aliasable != 0;
        if (aliasable && (!oracle || !offsets_match)) {
            if (unsound++ < 5) {
                fprintf(stderr, "zero-copy UNSOUND (case %u): engine says aliasable, oracle %d, offsets %s\n", t,
                        oracle, offsets_match ? "match" : "differ");
                core_case_print(stderr, &c);
            }
        }
        if (!aliasable && oracle && ref_input_span_bytes(d) != 0) {
            if (incomplete++ < 5) {
                fprintf(stderr,
                        "zero-copy incomplete (case %u): every output contiguous (input packed: %d), "
                        "engine says no\n",
                        t, input_packed(d));
                core_case_print(stderr, &c);
            }
        }
        free(spans);
        free(offsets);
        core_case_free(&c);
    }
    CHECK_MSG(unsound == 0, "%u unsound zero-copy answers", unsound);
    CHECK_MSG(incomplete == 0, "%u incomplete zero-copy answers", incomplete);
    CHECK_MSG(per_output_bad == 0, "%u per-output zero-copy answers differ from the oracle", per_output_bad);
    CHECK_MSG(span_bad == 0, "%u span mismatches", span_bad);
    CHECK_MSG(aliasable_seen > cases / 20, "only %u of %u random cases were aliasable: the test is too weak",
              aliasable_seen, cases);
    printf("zero-copy: %u of %u random cases aliasable\n", aliasable_seen, cases);
}

int main(void)
{
    (void)test_runner_create;
    zero_copy_table();
    spans_table();
    random_against_oracles();
    return test_finish(NULL);
}
