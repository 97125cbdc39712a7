/* Randomized byte-exact comparison of the engine with the CPU reference, seeded and
 * reproducible: every case prints its seed and index on failure, and
 * VKSPLIT_TEST_SEED=<seed> VKSPLIT_TEST_CASE=<index> reruns just that case.
 *
 *   core_random random <shard> <shards>   random cases (index % shards == shard)
 *   core_random sweep 0 1                 every element size 1..256 on small shapes (packed,
 *                                         then strided / overlapping / broadcast, on every
 *                                         path); every rank x axis for element sizes 1, 2, 3,
 *                                         4, 5, 6, 8, 12, 16, 24, 32, 256; output counts 1,
 *                                         2, 3, 96, 1024; every base alignment
 *   core_random transfer-rule 0 1         the transfer path's refusals, case by case
 *   core_random reference 0 1             the CPU reference on overlapping inputs, against
 *                                         values typed in (no device)
 *
 * Cases: element sizes 1..256 (1, 2, 4, 8, 16 often; 3, 6, 12 to force narrow words),
 * ranks 1-8, any axis, random splits with zero-length outputs, packed / padded / permuted /
 * overlapping (sliding-window) / broadcast inputs, packed / padded / permuted outputs,
 * base_alignment 0-64, paths AUTO, COMPUTE and TRANSFER (a TRANSFER refusal must match
 * core_transfer_possible, both outcomes counted), tensors in separate buffers, outputs
 * sharing one buffer (gaps, shuffled order), the input sharing it too, or outputs back to
 * back; offsets random multiples of the plan's offset_alignment; every byte of every buffer
 * checked. */
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"

typedef struct stats {
    unsigned cases, compute, transfer;
    unsigned transfer_asked, transfer_planned, transfer_refused; /* path TRANSFER asked for */
    unsigned words[6];                                           /* 1, 2, 4, 8, 16, 32 */
    unsigned element_sizes_odd;
    unsigned strided_in, overlapping_in, strided_out, empty_outputs;
} stats;

static void tally(stats* s, const core_case* c, const core_run_options* o, const core_verdict* v)
{
    s->cases++;
    if (o->plan.path == VKSPLIT_PATH_TRANSFER) {
        s->transfer_asked++;
        s->transfer_refused += v->skipped != 0;
        s->transfer_planned += !v->skipped && v->info.path == VKSPLIT_PATH_TRANSFER;
    }
    if (v->skipped)
        return;
    if (v->info.path == VKSPLIT_PATH_TRANSFER)
        s->transfer++;
    else if (v->info.bytes_written)
        s->compute++;
    for (unsigned i = 0; i < 6; i++)
        if (v->info.bytes_written && v->info.path == VKSPLIT_PATH_COMPUTE && v->info.word_bytes == 1u << i)
            s->words[i]++;
    s->element_sizes_odd += (c->desc.element_size & (c->desc.element_size - 1)) != 0;
    s->strided_in += c->desc.input_strides != NULL;
    s->overlapping_in += strstr(c->input_layout, "overlap") != NULL;
    s->strided_out += c->desc.output_strides != NULL;
    for (uint32_t i = 0; i < c->desc.output_count; i++)
        if (c->desc.lengths[i] == 0) {
            s->empty_outputs++;
            break;
        }
}

static void print_stats(const char* what, const stats* s)
{
    printf("%s: %u cases, compute %u, transfer %u; TRANSFER asked %u: planned %u, refused %u (rows not contiguous, "
           "as expected); words w1 %u w2 %u w4 %u w8 %u w16 %u w32 %u; odd element sizes %u, strided inputs %u "
           "(overlapping %u), strided outputs %u, with empty outputs %u\n",
           what, s->cases, s->compute, s->transfer, s->transfer_asked, s->transfer_planned, s->transfer_refused,
           s->words[0], s->words[1], s->words[2], s->words[3], s->words[4], s->words[5], s->element_sizes_odd,
           s->strided_in, s->overlapping_in, s->strided_out, s->empty_outputs);
}

static vksplit_path random_path(core_rng* rng)
{
    uint64_t r = core_rng_below(rng, 100);
    return r < 65 ? VKSPLIT_PATH_AUTO : r < 90 ? VKSPLIT_PATH_COMPUTE : VKSPLIT_PATH_TRANSFER;
}

/* Runs one case, adds it to the counts and frees it. */
static void run_counted(vksplit_runner* runner, stats* st, core_seeded_case* s)
{
    core_verdict v = core_run_case(runner, &s->c, &s->options);
    CORE_ACCOUNT(v);
    tally(st, &s->c, &s->options, &v);
    core_case_free(&s->c);
}

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
        core_seeded_case s;
        core_seeded_case_begin(&s, "random", seed, (long)index);
        s.params.max_elements = core_rng_percent(&s.rng, 10) ? 16384 : 1024;
        core_seeded_case_draw(&s);
        s.options.plan.path = random_path(&s.rng);
        run_counted(runner, &st, &s);
    }
    print_stats("random", &st);
    if (only < 0 && cases >= 200) {
        /* The generator must reach the interesting corners, or the test is weaker than it says. */
        CHECK_MSG(st.transfer > 0 && st.compute > 0, "both paths must be exercised");
        CHECK_MSG(st.transfer_planned > 0 && st.transfer_refused > 0,
                  "TRANSFER must be both planned and refused (planned %u, refused %u)", st.transfer_planned,
                  st.transfer_refused);
        CHECK_MSG(st.overlapping_in > 0, "no random case had an overlapping input");
        /* 32-byte words only on the device-address path (the descriptor variants stop at 16,
         * src/geometry/shader_variants.h) and where the device's tuning allows them (a GPU's stops at
         * 16: vksplit_resolve_tuning). */
        vksplit_runner_info info;
        vksplit_runner_get_info(runner, &info);
        vksplit_tuning tuning;
        memset(&tuning, 0, sizeof tuning);
        vksplit_resolve_tuning(info.device_type, &tuning);
        unsigned widths =
            info.enabled_features & VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS && tuning.max_word_bytes >= 32 ? 6 : 5;
        for (unsigned i = 0; i < widths; i++)
            CHECK_MSG(st.words[i] > 0, "no random case used %u-byte words", 1u << i);
    }
}

/* Every element size 1..256 on small shapes: case 0 packed (rank, axis, output count, path,
 * layout and alignment cycling), case 1 the same shape with a strided input or outputs:
 * permuted input, padded outputs, overlapping input, broadcast input in turn. */
static void sweep_element_size(vksplit_runner* runner, stats* st, uint32_t e, int strided, long index, uint64_t seed)
{
    static const uint64_t shapes[3][3] = {{6}, {3, 4}, {2, 3, 2}};
    static const uint32_t alignments[] = {0, 1, 2, 4, 8, 16, 32, 64, 256, 4096};
    static const vksplit_path paths[] = {VKSPLIT_PATH_AUTO, VKSPLIT_PATH_COMPUTE, VKSPLIT_PATH_TRANSFER};
    core_seeded_case s;
    core_seeded_case_begin(&s, "sweep-element-size", seed, index);
    uint32_t rank = 1 + e % 3;
    uint64_t sizes[VKSPLIT_MAX_RANK];
    memcpy(sizes, shapes[rank - 1], rank * sizeof sizes[0]);
    uint32_t axis = (e / 3) % rank;
    uint32_t n = 1 + (e / 2) % 3;
    uint64_t lengths[3] = {0, 0, 0}, left = sizes[axis];
    for (uint32_t i = 0; i + 1 < n; i++) {
        lengths[i] = core_rng_below(&s.rng, left + 1);
        left -= lengths[i];
    }
    lengths[n - 1] = left;
    core_case* c = &s.c;
    core_case_init(c, e, rank, sizes, axis, n, lengths);
    c->desc.base_alignment = alignments[(e + (uint32_t)strided) % 10];
    uint64_t strides[VKSPLIT_MAX_RANK];
    uint32_t order[VKSPLIT_MAX_RANK];
    switch (strided ? e % 4 : 4) {
    case 0: /* permuted input: dim 0 innermost */
        for (uint32_t j = 0; j < rank; j++)
            order[j] = j;
        core_strides_ordered(rank, sizes, order, NULL, strides);
        core_case_set_input_strides(c, strides);
        snprintf(c->input_layout, sizeof c->input_layout, "permuted");
        break;
    case 1: /* every output padded */
        for (uint32_t i = 0; i < n; i++) {
            uint64_t out_sizes[VKSPLIT_MAX_RANK], pad[VKSPLIT_MAX_RANK] = {1, 2, 1};
            ref_output_sizes(&c->desc, i, out_sizes);
            for (uint32_t j = 0; j < rank; j++)
                order[j] = rank - 1 - j;
            core_strides_ordered(rank, out_sizes, order, pad, strides);
            core_case_set_output_strides(c, i, strides);
        }
        break;
    case 2: /* overlapping input; rank 1 has no second dimension to slide, so broadcast it */
        ref_packed_strides(rank, sizes, strides);
        if (!core_overlap_strides(&s.rng, rank, sizes, strides))
            strides[0] = 0;
        core_case_set_input_strides(c, strides);
        snprintf(c->input_layout, sizeof c->input_layout, rank > 1 ? "packed+overlap" : "broadcast");
        break;
    case 3: /* broadcast input along one dimension */
        ref_packed_strides(rank, sizes, strides);
        strides[e % rank] = 0;
        core_case_set_input_strides(c, strides);
        snprintf(c->input_layout, sizeof c->input_layout, "packed+broadcast");
        break;
    default: break;
    }
    s.options.plan.path = paths[(e + (uint32_t)strided) % 3];
    s.options.layout = (core_layout)(1 + (e + 2 * (uint32_t)strided) % 4);
    run_counted(runner, st, &s);
}

static void run_sweep(vksplit_runner* runner)
{
    static const uint32_t element_sizes[] = {1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32, 256};
    static const uint32_t alignments[] = {0, 1, 2, 4, 8, 16, 32, 64, 256, 4096};
    uint64_t seed = core_seed(0x5EEB5EEBull);
    long only = core_only_case();
    stats st;
    memset(&st, 0, sizeof st);
    long index = -1;

    /* Every element size the API allows, small shapes, packed and strided. */
    uint32_t sizes_run = 0;
    for (uint32_t e = 1; e <= VKSPLIT_MAX_ELEMENT_SIZE; e++) {
        unsigned before = st.cases;
        for (int strided = 0; strided < 2; strided++) {
            index++;
            if (only < 0 || index == only)
                sweep_element_size(runner, &st, e, strided, index, seed);
        }
        sizes_run += st.cases == before + 2;
    }
    if (only < 0)
        CHECK_MSG(sizes_run == VKSPLIT_MAX_ELEMENT_SIZE, "%u of %u element sizes ran", sizes_run,
                  VKSPLIT_MAX_ELEMENT_SIZE);

    /* Richer shapes for a subset of sizes: every rank x axis, each layout and alignment in turn. */
    for (unsigned e = 0; e < sizeof element_sizes / sizeof element_sizes[0]; e++)
        for (uint32_t rank = 1; rank <= VKSPLIT_MAX_RANK; rank++)
            for (uint32_t axis = 0; axis < rank; axis++) {
                index++;
                if (only >= 0 && index != only)
                    continue;
                core_seeded_case s;
                core_seeded_case_begin(&s, "sweep", seed, index);
                uint64_t sizes[VKSPLIT_MAX_RANK];
                for (uint32_t k = 0; k < rank; k++)
                    sizes[k] = rank > 5 ? core_rng_range(&s.rng, 1, 3) : core_rng_range(&s.rng, 1, 6);
                uint32_t n = (uint32_t)(1 + (index % 3));
                sizes[axis] = core_rng_range(&s.rng, 0, 7) + n;
                uint64_t lengths[3] = {0, 0, 0};
                uint64_t left = sizes[axis];
                for (uint32_t i = 0; i + 1 < n; i++) {
                    lengths[i] = core_rng_below(&s.rng, left + 1);
                    left -= lengths[i];
                }
                lengths[n - 1] = left;
                core_case_init(&s.c, element_sizes[e], rank, sizes, axis, n, lengths);
                s.c.desc.base_alignment = alignments[index % 10];
                /* Every third case strided: permuted input, padded output 0. */
                if (index % 3 == 2) {
                    uint32_t order[VKSPLIT_MAX_RANK];
                    for (uint32_t j = 0; j < rank; j++)
                        order[j] = j; /* dim 0 innermost: the transpose of C order */
                    uint64_t strides[VKSPLIT_MAX_RANK];
                    core_strides_ordered(rank, sizes, order, NULL, strides);
                    core_case_set_input_strides(&s.c, strides);
                    uint64_t out_sizes[VKSPLIT_MAX_RANK], pad[VKSPLIT_MAX_RANK] = {1, 0, 2};
                    ref_output_sizes(&s.c.desc, 0, out_sizes);
                    for (uint32_t j = 0; j < rank; j++)
                        order[j] = rank - 1 - j;
                    core_strides_ordered(rank, out_sizes, order, pad, strides);
                    core_case_set_output_strides(&s.c, 0, strides);
                }
                s.options.plan.path = index % 5 == 4 ? VKSPLIT_PATH_COMPUTE : VKSPLIT_PATH_AUTO;
                s.options.layout = (core_layout)(1 + index % 4);
                run_counted(runner, &st, &s);
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
                core_seeded_case s;
                core_seeded_case_begin(&s, "sweep-counts", seed, index);
                s.params.output_counts = &counts[ci];
                s.params.output_count_choices = 1;
                s.params.element_sizes = &count_sizes[e];
                s.params.element_size_choices = 1;
                s.params.max_elements = 4096;
                s.params.max_rank = 4;
                core_seeded_case_draw(&s);
                s.options.layout = (core_layout)layout;
                run_counted(runner, &st, &s);
            }
    print_stats("sweep", &st);
    if (only < 0) {
        CHECK_MSG(st.transfer_planned > 0 && st.transfer_refused > 0,
                  "TRANSFER must be both planned and refused (planned %u, refused %u)", st.transfer_planned,
                  st.transfer_refused);
        CHECK_MSG(st.overlapping_in > 0, "no sweep case had an overlapping input");
    }
}

/* The transfer path's refusals, one small case each, the expectation typed in (and held to
 * core_transfer_possible, which core_run_case asserts on every TRANSFER case); each case
 * also runs on the compute path. */
typedef struct transfer_rule_case {
    const char* name;
    uint32_t rank;
    uint64_t sizes[3];
    int strided_input;
    uint64_t input_strides[3];
    uint32_t axis;
    uint32_t output_count;
    uint64_t lengths[3];
    int transposed_outputs; /* every output column-major */
    int refused;
} transfer_rule_case;

static void run_transfer_rule(vksplit_runner* runner)
{
    static const transfer_rule_case cases[] = {
        {"packed rows", 2, {3, 4}, 0, {0}, 0, 2, {1, 2}, 0, 0},
        {"packed, split on the last axis: 2-element rows", 2, {3, 4}, 0, {0}, 1, 2, {2, 2}, 0, 0},
        /* Each output takes one element of a row, but the input's rows are unit-stride along the
         * axis: a chunk of one element per output, as the input at its full size allows. */
        {"packed, split on the last axis into single columns", 2, {3, 2}, 0, {0}, 1, 2, {1, 1}, 0, 0},
        {"one element", 1, {1}, 0, {0}, 0, 1, {1}, 0, 0},
        {"single elements, each output one", 1, {3}, 1, {2}, 0, 3, {1, 1, 1}, 0, 1},
        {"gather at stride 2", 1, {3}, 1, {2}, 0, 1, {3}, 0, 1},
        {"gather at stride 2, size-1 dim 1", 2, {3, 1}, 1, {2, 7}, 0, 1, {3}, 0, 1},
        /* The same gather, the size-1 dimension named the axis: still single elements. */
        {"gather at stride 2, size-1 axis 1", 2, {3, 1}, 1, {2, 7}, 1, 1, {1}, 0, 1},
        {"gather at stride 2, size-1 axis 0 outside", 2, {1, 3}, 1, {9, 2}, 0, 1, {1}, 0, 1},
        {"transposed output", 2, {3, 2}, 0, {0}, 0, 1, {3}, 1, 1},
        {"transposed input and outputs", 2, {3, 2}, 1, {1, 3}, 0, 2, {1, 2}, 1, 0},
        {"broadcast rows", 2, {3, 4}, 1, {0, 1}, 0, 2, {2, 1}, 0, 0},
        {"broadcast innermost", 2, {3, 4}, 1, {1, 0}, 0, 2, {2, 1}, 0, 1},
        {"sliding window {1,1} on {4,3}", 2, {4, 3}, 1, {1, 1}, 0, 2, {2, 2}, 0, 0},
        {"sliding window {2,1} on {5,4}, axis 1", 2, {5, 4}, 1, {2, 1}, 1, 2, {1, 3}, 0, 0},
        {"overlapping {2,2} on {4,3}: no unit stride", 2, {4, 3}, 1, {2, 2}, 0, 1, {4}, 0, 1},
    };
    static const vksplit_path paths[] = {VKSPLIT_PATH_TRANSFER, VKSPLIT_PATH_COMPUTE};
    unsigned planned = 0, refused = 0;
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        const transfer_rule_case* k = &cases[t];
        core_case c;
        core_case_init(&c, 4, k->rank, k->sizes, k->axis, k->output_count, k->lengths);
        if (k->strided_input)
            core_case_set_input_strides(&c, k->input_strides);
        for (uint32_t i = 0; k->transposed_outputs && i < k->output_count; i++) {
            uint64_t out_sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
            uint32_t order[VKSPLIT_MAX_RANK] = {0, 1, 2};
            ref_output_sizes(&c.desc, i, out_sizes);
            core_strides_ordered(k->rank, out_sizes, order, NULL, strides);
            core_case_set_output_strides(&c, i, strides);
        }
        CHECK_MSG(core_transfer_possible(&c.desc) == !k->refused, "%s: core_transfer_possible says %d", k->name,
                  core_transfer_possible(&c.desc));
        for (unsigned p = 0; p < 2; p++) {
            core_rng rng;
            core_rng_seed(&rng, 0x7A5F + t);
            core_run_options o = {.plan.path = paths[p],
                                  .layout = CORE_LAYOUT_SEPARATE,
                                  .rng = &rng,
                                  .label = k->name,
                                  .case_index = -1};
            core_verdict v = core_run_case(runner, &c, &o);
            CORE_ACCOUNT(v);
            if (paths[p] == VKSPLIT_PATH_TRANSFER) {
                refused += v.skipped != 0;
                planned += !v.skipped && !v.failures;
            }
        }
        core_case_free(&c);
    }
    printf("transfer-rule: %zu cases: TRANSFER planned %u, refused %u\n", sizeof cases / sizeof cases[0], planned,
           refused);
}

/* The reference reads the input by its strides, so sliding windows need nothing special;
 * held here to values worked out by hand. */
static void check_reference_overlap(void)
{
    uint8_t input[12];
    for (int i = 0; i < 12; i++)
        input[i] = (uint8_t)i;

    /* {4,3} with strides {1,1}: element (i,j) is input[i + j]. Axis 0 into 1 and 3 rows. */
    static const uint64_t s43[2] = {4, 3}, st11[2] = {1, 1}, lengths13[2] = {1, 3};
    core_case c;
    core_case_init(&c, 1, 2, s43, 0, 2, lengths13);
    core_case_set_input_strides(&c, st11);
    static const uint8_t a0[3] = {0, 1, 2}, a1[9] = {1, 2, 3, 2, 3, 4, 3, 4, 5};
    uint8_t out0[16], out1[16];
    CHECK(ref_input_span_bytes(&c.desc) == 6);
    ref_split_output(&c.desc, 0, input, out0);
    ref_split_output(&c.desc, 1, input, out1);
    CHECK(memcmp(out0, a0, sizeof a0) == 0 && memcmp(out1, a1, sizeof a1) == 0);
    core_case_free(&c);

    /* {5,4} with strides {2,1}: element (i,j) is input[2i + j]. Axis 1 into 1 and 3 columns,
     * 2-byte elements (bytes 2k, 2k+1 of a 24-byte input). */
    static const uint64_t s54[2] = {5, 4}, st21[2] = {2, 1}, lengths13b[2] = {1, 3};
    core_case_init(&c, 2, 2, s54, 1, 2, lengths13b);
    core_case_set_input_strides(&c, st21);
    uint16_t in16[12], o0[5], o1[15];
    for (int i = 0; i < 12; i++)
        in16[i] = (uint16_t)(0x100 * i + 7);
    static const int b0[5] = {0, 2, 4, 6, 8}, b1[15] = {1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9, 10, 11};
    CHECK(ref_input_span_bytes(&c.desc) == 24);
    ref_split_output(&c.desc, 0, in16, o0);
    ref_split_output(&c.desc, 1, in16, o1);
    int same = 1;
    for (int i = 0; i < 5; i++)
        same &= o0[i] == in16[b0[i]];
    for (int i = 0; i < 15; i++)
        same &= o1[i] == in16[b1[i]];
    CHECK_MSG(same, "the reference reads a sliding-window input wrongly");
    core_case_free(&c);

    /* The generator's overlaps really overlap: two indices with one address. */
    core_rng rng;
    core_rng_seed(&rng, 0x0E71A9);
    unsigned made = 0;
    for (int t = 0; t < 200; t++) {
        uint64_t sizes[3] = {core_rng_range(&rng, 1, 5), core_rng_range(&rng, 1, 5), core_rng_range(&rng, 1, 5)};
        uint64_t strides[3];
        ref_packed_strides(3, sizes, strides);
        if (!core_overlap_strides(&rng, 3, sizes, strides))
            continue;
        made++;
        uint64_t seen[125], count = 0;
        int collide = 0;
        for (uint64_t i = 0; i < sizes[0]; i++)
            for (uint64_t j = 0; j < sizes[1]; j++)
                for (uint64_t k = 0; k < sizes[2]; k++) {
                    uint64_t a = i * strides[0] + j * strides[1] + k * strides[2];
                    for (uint64_t q = 0; q < count; q++)
                        collide |= seen[q] == a;
                    seen[count++] = a;
                }
        CHECK_MSG(collide,
                  "core_overlap_strides made strides {%llu, %llu, %llu} on {%llu, %llu, %llu} that do not "
                  "overlap",
                  (unsigned long long)strides[0], (unsigned long long)strides[1], (unsigned long long)strides[2],
                  (unsigned long long)sizes[0], (unsigned long long)sizes[1], (unsigned long long)sizes[2]);
    }
    CHECK(made > 50);
}

int main(int argc, char** argv)
{
    const char* mode = argc > 1 ? argv[1] : "random";
    unsigned shard = argc > 2 ? (unsigned)atoi(argv[2]) : 0;
    unsigned shards = argc > 3 ? (unsigned)atoi(argv[3]) : 1;
    if (shards == 0 || shard >= shards) {
        fprintf(stderr, "usage: core_random random|sweep|transfer-rule|reference <shard> <shards>\n");
        return 2;
    }
    if (strcmp(mode, "reference") == 0) {
        check_reference_overlap();
        return test_finish(NULL);
    }
    vksplit_runner* runner = test_runner_create();
    if (strcmp(mode, "sweep") == 0)
        run_sweep(runner);
    else if (strcmp(mode, "transfer-rule") == 0)
        run_transfer_rule(runner);
    else
        run_random(runner, shard, shards);
    return test_finish(runner);
}
