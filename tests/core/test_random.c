/* Randomized byte-exact comparison of the engine with the CPU reference, seeded and
 * reproducible: every case prints its seed and index on failure, and
 * VKSPLIT_TEST_SEED=<seed> VKSPLIT_TEST_CASE=<index> reruns just that case.
 *
 *   core_random random <shard> <shards>   random cases (index % shards == shard)
 *   core_random sweep 0 1                 every element size x rank x axis, output counts
 *                                         1, 2, 3, 96, 1024, every base alignment
 *
 * Cases: element sizes 1..256 (1, 2, 4, 8, 16 often; 3, 6, 12 to force narrow words),
 * ranks 1-8, any axis, random splits with zero-length outputs, packed / padded / permuted /
 * broadcast inputs, packed / padded / permuted outputs, base_alignment 0-64, paths AUTO,
 * COMPUTE and TRANSFER, tensors in separate buffers, outputs sharing one buffer (gaps,
 * shuffled order), the input sharing it too, or outputs back to back; offsets random
 * multiples of the plan's offset_alignment; every byte of every buffer checked. */
#include <stdlib.h>
#include <string.h>

#include "core_util.h"
#include "reference.h"
#include "test_harness.h"

typedef struct stats {
    unsigned cases, skipped, transfer, compute;
    unsigned words[6];      /* 1, 2, 4, 8, 16, 32 */
    unsigned element_sizes_odd;
    unsigned strided_in, strided_out, empty_outputs;
} stats;

static void tally(stats* s, const core_case* c, const core_verdict* v)
{
    s->cases++;
    if (v->skipped) {
        s->skipped++;
        return;
    }
    if (v->info.path == VKSPLIT_PATH_TRANSFER)
        s->transfer++;
    else if (v->info.bytes_written)
        s->compute++;
    for (unsigned i = 0; i < 6; i++)
        if (v->info.bytes_written && v->info.path == VKSPLIT_PATH_COMPUTE && v->info.word_bytes == 1u << i)
            s->words[i]++;
    s->element_sizes_odd += (c->desc.element_size & (c->desc.element_size - 1)) != 0;
    s->strided_in += c->desc.input_strides != NULL;
    s->strided_out += c->desc.output_strides != NULL;
    for (uint32_t i = 0; i < c->desc.output_count; i++)
        if (c->desc.split[i] == 0) {
            s->empty_outputs++;
            break;
        }
}

static void print_stats(const char* what, const stats* s)
{
    printf("%s: %u cases (%u transfer-refused), compute %u, transfer %u; words w1 %u w2 %u w4 %u w8 %u w16 %u w32 %u; "
           "odd element sizes %u, strided inputs %u, strided outputs %u, with empty outputs %u\n",
           what, s->cases, s->skipped, s->compute, s->transfer, s->words[0], s->words[1], s->words[2], s->words[3],
           s->words[4], s->words[5], s->element_sizes_odd, s->strided_in, s->strided_out, s->empty_outputs);
}

static vksplit_path random_path(core_rng* rng)
{
    uint64_t r = core_rng_below(rng, 100);
    return r < 65 ? VKSPLIT_PATH_AUTO : r < 90 ? VKSPLIT_PATH_COMPUTE : VKSPLIT_PATH_TRANSFER;
}

static uint64_t case_seed(uint64_t base, uint64_t index) { return base ^ (index * 0x9E3779B97F4A7C15ull + 1); }

static void run_random(vksplit_runner* runner, unsigned shard, unsigned shards)
{
    uint64_t seed = core_seed(0x5B1175EEDull);
    long only = core_only_case();
    unsigned cases = core_scaled(6000);
    stats st;
    memset(&st, 0, sizeof st);
    printf("random: seed 0x%llx, %u cases, shard %u of %u\n", (unsigned long long)seed, cases, shard, shards);
    for (unsigned index = 0; index < cases || (only >= 0 && index <= (unsigned long)only); index++) {
        if (only >= 0 ? (long)index != only : index % shards != shard)
            continue;
        core_rng rng;
        core_rng_seed(&rng, case_seed(seed, index));
        core_gen_params params;
        memset(&params, 0, sizeof params);
        params.max_elements = core_rng_percent(&rng, 10) ? 16384 : 1024;
        core_case c;
        core_case_random(&c, &rng, &params);
        core_run_options o;
        memset(&o, 0, sizeof o);
        o.plan.path = random_path(&rng);
        o.layout = CORE_LAYOUT_RANDOM;
        o.rng = &rng;
        o.null_empty_bindings = -1;
        o.label = "random";
        o.seed = seed;
        o.case_index = (long)index;
        core_verdict v = core_run_case(runner, &c, &o);
        CORE_ACCOUNT(v);
        tally(&st, &c, &v);
        core_case_free(&c);
    }
    print_stats("random", &st);
    if (only < 0 && cases >= 200) {
        /* The generator must reach the interesting corners, or the test is weaker than it says. */
        CHECK_MSG(st.transfer > 0 && st.compute > 0, "both paths must be exercised");
        for (unsigned i = 0; i < 5; i++)
            CHECK_MSG(st.words[i] > 0, "no random case used %u-byte words", 1u << i);
    }
}

/* Every element size x rank x axis once, small shapes, each layout and alignment in turn. */
static void run_sweep(vksplit_runner* runner)
{
    static const uint32_t element_sizes[] = {1, 2, 3, 4, 6, 8, 12, 16, 32};
    static const uint32_t alignments[] = {0, 1, 2, 4, 8, 16, 32, 64, 256, 4096};
    uint64_t seed = core_seed(0x5EEB5EEBull);
    long only = core_only_case();
    stats st;
    memset(&st, 0, sizeof st);
    long index = -1;
    for (unsigned e = 0; e < sizeof element_sizes / sizeof element_sizes[0]; e++)
        for (uint32_t rank = 1; rank <= VKSPLIT_MAX_RANK; rank++)
            for (uint32_t axis = 0; axis < rank; axis++) {
                index++;
                if (only >= 0 && index != only)
                    continue;
                core_rng rng;
                core_rng_seed(&rng, case_seed(seed, (uint64_t)index));
                uint64_t sizes[VKSPLIT_MAX_RANK];
                for (uint32_t k = 0; k < rank; k++)
                    sizes[k] = rank > 5 ? core_rng_range(&rng, 1, 3) : core_rng_range(&rng, 1, 6);
                uint32_t n = (uint32_t)(1 + (index % 3));
                sizes[axis] = core_rng_range(&rng, 0, 7) + n;
                uint64_t split[3] = {0, 0, 0};
                uint64_t left = sizes[axis];
                for (uint32_t i = 0; i + 1 < n; i++) {
                    split[i] = core_rng_below(&rng, left + 1);
                    left -= split[i];
                }
                split[n - 1] = left;
                core_case c;
                core_case_init(&c, element_sizes[e], rank, sizes, axis, n, split);
                c.desc.base_alignment = alignments[index % 10];
                /* Every third case strided: permuted input, padded output 0. */
                if (index % 3 == 2) {
                    uint32_t order[VKSPLIT_MAX_RANK];
                    for (uint32_t j = 0; j < rank; j++)
                        order[j] = j; /* dim 0 innermost: the transpose of C order */
                    uint64_t strides[VKSPLIT_MAX_RANK];
                    core_strides_ordered(rank, sizes, order, NULL, strides);
                    core_case_set_input_strides(&c, strides);
                    uint64_t out_sizes[VKSPLIT_MAX_RANK], pad[VKSPLIT_MAX_RANK] = {1, 0, 2};
                    ref_output_sizes(&c.desc, 0, out_sizes);
                    for (uint32_t j = 0; j < rank; j++)
                        order[j] = rank - 1 - j;
                    core_strides_ordered(rank, out_sizes, order, pad, strides);
                    core_case_set_output_strides(&c, 0, strides);
                }
                core_run_options o;
                memset(&o, 0, sizeof o);
                o.plan.path = index % 5 == 4 ? VKSPLIT_PATH_COMPUTE : VKSPLIT_PATH_AUTO;
                o.layout = (core_layout)(1 + index % 4);
                o.rng = &rng;
                o.null_empty_bindings = -1;
                o.label = "sweep";
                o.seed = seed;
                o.case_index = index;
                core_verdict v = core_run_case(runner, &c, &o);
                CORE_ACCOUNT(v);
                tally(&st, &c, &v);
                core_case_free(&c);
            }

    /* Output counts 1, 2, 3, 96, 1024 on a few widths, random splits with empties. */
    static const uint32_t counts[] = {1, 2, 3, 96, 1024};
    static const uint32_t count_sizes[] = {1, 3, 4, 16};
    for (unsigned ci = 0; ci < 5; ci++)
        for (unsigned e = 0; e < 4; e++)
            for (unsigned layout = CORE_LAYOUT_SEPARATE; layout < CORE_LAYOUT_COUNT; layout++) {
                index++;
                if (only >= 0 && index != only)
                    continue;
                core_rng rng;
                core_rng_seed(&rng, case_seed(seed, (uint64_t)index));
                core_gen_params params;
                memset(&params, 0, sizeof params);
                params.output_counts = &counts[ci];
                params.output_count_choices = 1;
                params.element_sizes = &count_sizes[e];
                params.element_size_choices = 1;
                params.max_elements = 4096;
                params.max_rank = 4;
                core_case c;
                core_case_random(&c, &rng, &params);
                core_run_options o;
                memset(&o, 0, sizeof o);
                o.plan.path = VKSPLIT_PATH_AUTO;
                o.layout = (core_layout)layout;
                o.rng = &rng;
                o.null_empty_bindings = -1;
                o.label = "sweep-counts";
                o.seed = seed;
                o.case_index = index;
                core_verdict v = core_run_case(runner, &c, &o);
                CORE_ACCOUNT(v);
                tally(&st, &c, &v);
                core_case_free(&c);
            }
    print_stats("sweep", &st);
}

int main(int argc, char** argv)
{
    const char* mode = argc > 1 ? argv[1] : "random";
    unsigned shard = argc > 2 ? (unsigned)atoi(argv[2]) : 0;
    unsigned shards = argc > 3 ? (unsigned)atoi(argv[3]) : 1;
    if (shards == 0 || shard >= shards) {
        fprintf(stderr, "usage: core_random random|sweep <shard> <shards>\n");
        return 2;
    }
    vksplit_runner* runner = test_runner_create();
    if (strcmp(mode, "sweep") == 0)
        run_sweep(runner);
    else
        run_random(runner, shard, shards);
    return test_finish(runner);
}
