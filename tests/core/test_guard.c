/* Guard bytes. Every buffer is filled with a position-dependent pattern before the run;
 * afterwards every byte that is not an output element must still hold it: gaps between
 * outputs sharing a buffer, tails, and the holes between the elements of padded outputs.
 * The input must be unchanged, also when it shares the buffer with the outputs.
 *
 * First the checker itself is tested: a byte corrupted on purpose (a guard, an output
 * element, the input, a hole) must be reported. Then targeted layouts: holes inside padded
 * and permuted outputs for every width, outputs back to back at byte granularity (narrow
 * words; neighbours share 32-bit words), the input between outputs, broadcast inputs. */
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"

static uint64_t seed_counter = 0x6A4D;

static core_verdict run(vksplit_runner* runner, core_case* c, core_layout layout, vksplit_path path, const char* label)
{
    core_rng rng;
    core_rng_seed(&rng, seed_counter++);
    core_run_options o = {.plan.path = path,
                          .layout = layout,
                          .rng = &rng,
                          .null_empty_bindings = 0,
                          .label = label,
                          .seed = seed_counter - 1,
                          .case_index = -1};
    core_verdict v = core_run_case(runner, c, &o);
    CORE_ACCOUNT(v);
    return v;
}

/* The checker must catch each kind of damage (its FAIL lines are expected). */
static void checker_self_test(vksplit_runner* runner)
{
    static const char* const kinds[] = {"", "a guard byte", "an output element", "the input", "a hole"};
    for (int kind = 1; kind <= 4; kind++) {
        const uint64_t sizes[] = {3, 4}, lengths[] = {1, 3};
        core_case c;
        core_case_init(&c, 2, 2, sizes, 1, 2, lengths);
        const uint64_t padded[] = {3, 1}; /* output 0 is {3, 1}: elements 3 apart, holes between */
        core_case_set_output_strides(&c, 0, padded);
        core_rng rng;
        core_rng_seed(&rng, 99);
        core_run_options o = {.layout = CORE_LAYOUT_SHARED_WITH_INPUT,
                              .rng = &rng,
                              .label = "checker self-test (this FAIL is expected)",
                              .case_index = -1,
                              .inject = kind};
        fprintf(stderr, "--- injecting a fault into %s: the FAIL below is expected ---\n", kinds[kind]);
        core_verdict v = core_run_case(runner, &c, &o);
        CHECK_MSG(v.injected, "could not inject a fault into %s", kinds[kind]);
        CHECK_MSG(v.failures > 0, "the checker missed a corrupted %s", kinds[kind]);
        fprintf(stderr, "--- end of expected FAIL ---\n");
        core_case_free(&c);
    }
}

/* Padded outputs: every other element a hole, a hole at the end of every row. */
static void holes(vksplit_runner* runner)
{
    static const uint32_t widths[] = {1, 2, 3, 4, 6, 8, 12, 16, 32};
    static const uint32_t alignments[] = {1, 4, 16};
    for (unsigned w = 0; w < sizeof widths / sizeof widths[0]; w++)
        for (unsigned a = 0; a < 3; a++)
            for (int layout = CORE_LAYOUT_SEPARATE; layout < CORE_LAYOUT_COUNT; layout++) {
                const uint64_t sizes[] = {5, 7}, lengths[] = {3, 4};
                core_case c;
                core_case_init(&c, widths[w], 2, sizes, 1, 2, lengths);
                c.desc.base_alignment = alignments[a];
                const uint64_t s0[] = {7, 2}; /* {5, 3}: elements at 0, 2, 4; rows 7 apart */
                const uint64_t s1[] = {1, 5}; /* {5, 4} transposed: column-major */
                core_case_set_output_strides(&c, 0, s0);
                core_case_set_output_strides(&c, 1, s1);
                run(runner, &c, (core_layout)layout, VKSPLIT_PATH_AUTO, "holes");
                core_case_free(&c);
            }
}

/* 3-D permuted and padded outputs, split on every axis. */
static void permuted(vksplit_runner* runner)
{
    static const uint32_t widths[] = {1, 2, 4, 8, 16};
    for (unsigned w = 0; w < 5; w++)
        for (uint32_t axis = 0; axis < 3; axis++) {
            const uint64_t sizes[] = {4, 3, 5};
            uint64_t lengths[2] = {1, sizes[axis] - 1};
            core_case c;
            core_case_init(&c, widths[w], 3, sizes, axis, 2, lengths);
            for (uint32_t i = 0; i < 2; i++) {
                uint64_t out_sizes[3], strides[3];
                ref_output_sizes(&c.desc, i, out_sizes);
                const uint32_t order[3] = {1, 2, 0};
                const uint64_t pad[3] = {i, 1, 3};
                core_strides_ordered(3, out_sizes, order, pad, strides);
                core_case_set_output_strides(&c, i, strides);
            }
            run(runner, &c, CORE_LAYOUT_SHARED, VKSPLIT_PATH_AUTO, "permuted");
            run(runner, &c, CORE_LAYOUT_SHARED_WITH_INPUT, VKSPLIT_PATH_COMPUTE, "permuted");
            core_case_free(&c);
        }
}

/* Outputs back to back at byte granularity: with 1-3 byte elements and base_alignment 1,
 * neighbouring outputs share 32-bit words; odd lengths and empties in between. */
static void back_to_back(vksplit_runner* runner)
{
    core_rng rng;
    core_rng_seed(&rng, 0xB2B);
    static const uint32_t widths[] = {1, 2, 3, 1, 2, 3, 5, 6};
    for (unsigned t = 0; t < core_scaled(200); t++) {
        uint32_t n = (uint32_t)core_rng_range(&rng, 2, 37);
        uint64_t* lengths = calloc(n, sizeof lengths[0]);
        uint64_t total = 0;
        for (uint32_t i = 0; i < n; i++)
            total += lengths[i] = core_rng_below(&rng, 6);
        uint64_t sizes[3] = {core_rng_range(&rng, 1, 3), total, core_rng_range(&rng, 1, 3)};
        uint32_t axis = 1;
        core_case c;
        core_case_init(&c, widths[t % 8], 3, sizes, axis, n, lengths);
        c.desc.base_alignment = t % 3 == 0 ? 2 : 1;
        core_layout layout = t % 4 == 3 ? CORE_LAYOUT_SHARED_WITH_INPUT : CORE_LAYOUT_TIGHT;
        core_verdict v = run(runner, &c, layout, t % 2 ? VKSPLIT_PATH_COMPUTE : VKSPLIT_PATH_AUTO, "back-to-back");
        if (v.info.path == VKSPLIT_PATH_COMPUTE && v.info.bytes_written && c.desc.base_alignment == 1)
            CHECK_MSG(v.info.word_bytes <= 1u * c.desc.element_size,
                      "base_alignment 1 with %u-byte elements planned %u-byte words", c.desc.element_size,
                      v.info.word_bytes);
        core_case_free(&c);
        free(lengths);
    }
}

/* Broadcast inputs (stride 0) into padded outputs, and a huge stride on a size-1 dim. */
static void broadcast(vksplit_runner* runner)
{
    static const uint32_t widths[] = {1, 4, 12, 16};
    for (unsigned w = 0; w < 4; w++) {
        const uint64_t sizes[] = {4, 1, 6}, lengths[] = {2, 0, 2};
        core_case c;
        core_case_init(&c, widths[w], 3, sizes, 0, 3, lengths);
        const uint64_t in_strides[] = {0, 1ull << 40, 1};
        core_case_set_input_strides(&c, in_strides);
        const uint64_t out0[] = {13, 0, 2};
        core_case_set_output_strides(&c, 0, out0);
        run(runner, &c, CORE_LAYOUT_SHARED, VKSPLIT_PATH_AUTO, "broadcast");
        run(runner, &c, CORE_LAYOUT_SEPARATE, VKSPLIT_PATH_COMPUTE, "broadcast");
        core_case_free(&c);
    }
}

/* Random strided cases in shared buffers only: the gaps are where stray writes land. */
static void random_shared(vksplit_runner* runner)
{
    uint64_t seed = core_seed(0x6D6D);
    long only = core_only_case();
    for (unsigned t = 0; t < core_scaled(600); t++) {
        if (only >= 0 && (long)t != only)
            continue;
        core_rng rng;
        core_rng_seed(&rng, seed + t);
        core_gen_params params;
        memset(&params, 0, sizeof params);
        params.max_elements = 1024;
        core_case c;
        core_case_random(&c, &rng, &params);
        core_run_options o = {.layout = t % 2 ? CORE_LAYOUT_SHARED_WITH_INPUT : CORE_LAYOUT_TIGHT,
                              .rng = &rng,
                              .null_empty_bindings = -1,
                              .label = "guard-random"};
        o.seed = seed; /* the case's RNG is seeded with seed + index */
        o.case_index = (long)t;
        core_verdict v = core_run_case(runner, &c, &o);
        CORE_ACCOUNT(v);
        core_case_free(&c);
    }
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    checker_self_test(runner);
    holes(runner);
    permuted(runner);
    back_to_back(runner);
    broadcast(runner);
    random_shared(runner);
    return test_finish(runner);
}
