/* The CPU reference checked on its own: hand-computed cases (packed, transposed, broadcast,
 * padded outputs, multi-byte elements, empty outputs, spans), then random packed cases
 * against a second, differently shaped formulation (one memcpy per outer row and output). */
#include <stdint.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"

static void test_1d(void)
{
    const uint64_t sizes[] = {6}, lengths[] = {2, 4};
    vksplit_split_desc d = core_packed_desc(1, 1, sizes, 0, 2, lengths);
    const uint8_t in[6] = {10, 11, 12, 13, 14, 15};
    uint8_t a[2] = {0}, b[4] = {0};
    void* outs[] = {a, b};
    ref_split(&d, in, outs);
    const uint8_t want_a[] = {10, 11}, want_b[] = {12, 13, 14, 15};
    CHECK(memcmp(a, want_a, 2) == 0);
    CHECK(memcmp(b, want_b, 4) == 0);
    CHECK(ref_output_start(&d, 1) == 2);
    CHECK(ref_input_span_bytes(&d) == 6);
    CHECK(ref_output_span_bytes(&d, 0) == 2 && ref_output_span_bytes(&d, 1) == 4);
}

static void test_2d_inner_axis(void)
{
    /* [[0 1 2] [3 4 5]] split along axis 1 into {1, 2}: [[0] [3]] and [[1 2] [4 5]]. */
    const uint64_t sizes[] = {2, 3}, lengths[] = {1, 2};
    vksplit_split_desc d = core_packed_desc(1, 2, sizes, 1, 2, lengths);
    const uint8_t in[6] = {0, 1, 2, 3, 4, 5};
    uint8_t a[2], b[4];
    void* outs[] = {a, b};
    ref_split(&d, in, outs);
    const uint8_t want_a[] = {0, 3}, want_b[] = {1, 2, 4, 5};
    CHECK(memcmp(a, want_a, 2) == 0);
    CHECK(memcmp(b, want_b, 4) == 0);
}

static void test_transposed_input(void)
{
    /* Logical 2x3 a[i][j] stored column-major: strides {1, 2}, memory m[i + 2j]. With
     * memory 0..5, row 0 is {0, 2, 4} and row 1 is {1, 3, 5}. */
    const uint64_t sizes[] = {2, 3}, strides[] = {1, 2}, lengths[] = {1, 1};
    vksplit_split_desc d = core_packed_desc(1, 2, sizes, 0, 2, lengths);
    d.input_strides = strides;
    const uint8_t in[6] = {0, 1, 2, 3, 4, 5};
    uint8_t a[3], b[3];
    void* outs[] = {a, b};
    ref_split(&d, in, outs);
    const uint8_t want_a[] = {0, 2, 4}, want_b[] = {1, 3, 5};
    CHECK(memcmp(a, want_a, 3) == 0);
    CHECK(memcmp(b, want_b, 3) == 0);
    CHECK(ref_input_span_bytes(&d) == 6);
}

static void test_broadcast_input(void)
{
    /* sizes {3, 2}, strides {0, 1}: every row is the memory {7, 9}. */
    const uint64_t sizes[] = {3, 2}, strides[] = {0, 1}, lengths[] = {2, 1};
    vksplit_split_desc d = core_packed_desc(1, 2, sizes, 0, 2, lengths);
    d.input_strides = strides;
    const uint8_t in[2] = {7, 9};
    uint8_t a[4], b[2];
    void* outs[] = {a, b};
    ref_split(&d, in, outs);
    const uint8_t want_a[] = {7, 9, 7, 9}, want_b[] = {7, 9};
    CHECK(memcmp(a, want_a, 4) == 0);
    CHECK(memcmp(b, want_b, 2) == 0);
    CHECK(ref_input_span_bytes(&d) == 2);
}

static void test_padded_output(void)
{
    /* [[1 2] [3 4]] split along axis 1 into {1, 1}; output 0 has strides {3, 1}: its two
     * elements land at bytes 0 and 3, bytes 1 and 2 stay untouched. */
    const uint64_t sizes[] = {2, 2}, lengths[] = {1, 1}, out0_strides[] = {3, 1};
    const uint64_t* out_strides[] = {out0_strides, NULL};
    vksplit_split_desc d = core_packed_desc(1, 2, sizes, 1, 2, lengths);
    d.output_strides = out_strides;
    const uint8_t in[4] = {1, 2, 3, 4};
    uint8_t a[4] = {0xEE, 0xEE, 0xEE, 0xEE}, b[2];
    void* outs[] = {a, b};
    ref_split(&d, in, outs);
    const uint8_t want_a[] = {1, 0xEE, 0xEE, 3}, want_b[] = {2, 4};
    CHECK(memcmp(a, want_a, 4) == 0);
    CHECK(memcmp(b, want_b, 2) == 0);
    CHECK(ref_output_span_bytes(&d, 0) == 4);
    uint8_t mask[4] = {0};
    ref_mark_output(&d, 0, mask, 1);
    CHECK(mask[0] == 1 && mask[1] == 0 && mask[2] == 0 && mask[3] == 1);
}

static void test_multibyte_elements(void)
{
    /* 3-byte elements, sizes {4}, lengths {1, 3}. */
    const uint64_t sizes[] = {4}, lengths[] = {1, 3};
    vksplit_split_desc d = core_packed_desc(3, 1, sizes, 0, 2, lengths);
    uint8_t in[12];
    for (int i = 0; i < 12; i++)
        in[i] = (uint8_t)(100 + i);
    uint8_t a[3], b[9];
    void* outs[] = {a, b};
    ref_split(&d, in, outs);
    CHECK(memcmp(a, in, 3) == 0);
    CHECK(memcmp(b, in + 3, 9) == 0);
    CHECK(ref_output_span_bytes(&d, 1) == 9);
    CHECK(ref_compare_output(&d, 1, in, b, NULL) == 0);
    b[4] ^= 1;
    uint64_t first = 0;
    CHECK(ref_compare_output(&d, 1, in, b, &first) == 1 && first == 3);
}

static void test_permuted_3d(void)
{
    /* sizes {2, 2, 2}, input strides {1, 4, 2} (dim 0 innermost, then dim 2, then dim 1).
     * a[i][j][k] = m[i + 4j + 2k] with m = 0..7. Split along axis 2 into {1, 1}:
     * out0 = a[.][.][0] in C order (i, j): (0,0)=0 (0,1)=4 (1,0)=1 (1,1)=5.
     * out1 = a[.][.][1]: 2, 6, 3, 7. */
    const uint64_t sizes[] = {2, 2, 2}, strides[] = {1, 4, 2}, lengths[] = {1, 1};
    vksplit_split_desc d = core_packed_desc(1, 3, sizes, 2, 2, lengths);
    d.input_strides = strides;
    const uint8_t in[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint8_t a[4], b[4];
    void* outs[] = {a, b};
    ref_split(&d, in, outs);
    const uint8_t want_a[] = {0, 4, 1, 5}, want_b[] = {2, 6, 3, 7};
    CHECK(memcmp(a, want_a, 4) == 0);
    CHECK(memcmp(b, want_b, 4) == 0);
}

static void test_empty(void)
{
    /* A zero-length output writes nothing; a zero size elsewhere empties everything. */
    const uint64_t sizes[] = {2, 3}, lengths[] = {0, 3, 0};
    vksplit_split_desc d = core_packed_desc(2, 2, sizes, 1, 3, lengths);
    uint8_t in[12];
    for (int i = 0; i < 12; i++)
        in[i] = (uint8_t)i;
    uint8_t b[12];
    void* outs[] = {NULL, b, NULL};
    ref_split(&d, in, outs);
    CHECK(memcmp(b, in, 12) == 0);
    CHECK(ref_output_span_bytes(&d, 0) == 0 && ref_output_span_bytes(&d, 2) == 0);

    const uint64_t empty_sizes[] = {0, 3}, empty_split[] = {1, 2};
    vksplit_split_desc e = core_packed_desc(4, 2, empty_sizes, 1, 2, empty_split);
    CHECK(ref_input_span_bytes(&e) == 0);
    CHECK(ref_output_span_bytes(&e, 0) == 0 && ref_output_span_bytes(&e, 1) == 0);
    uint8_t guard[8];
    memset(guard, 0x5A, sizeof guard);
    void* e_outs[] = {guard, guard};
    ref_split(&e, in, e_outs);
    uint8_t untouched[8];
    memset(untouched, 0x5A, sizeof untouched);
    CHECK(memcmp(guard, untouched, 8) == 0);
}

static void test_spans(void)
{
    const uint64_t sizes[] = {2, 3, 4};
    uint64_t strides[3];
    ref_packed_strides(3, sizes, strides);
    CHECK(strides[0] == 12 && strides[1] == 4 && strides[2] == 1);
    CHECK(ref_span_bytes(3, sizes, strides, 2) == 48);
    const uint64_t padded[] = {20, 5, 1}; /* last element: 20 + 10 + 3 = 33 */
    CHECK(ref_span_bytes(3, sizes, padded, 4) == 34 * 4);
    const uint64_t broadcast[] = {0, 0, 1};
    CHECK(ref_span_bytes(3, sizes, broadcast, 8) == 4 * 8);
    const uint64_t size1[] = {1, 3, 1}, weird[] = {999, 1, 12345};
    CHECK(ref_span_bytes(3, size1, weird, 1) == 3);
}

/* The second formulation: packed input and outputs are [outer, L, inner] and [outer, l_i, inner]. */
static void block_split(const vksplit_split_desc* d, const uint8_t* in, uint8_t* const* outs)
{
    uint64_t outer = 1, inner = d->element_size;
    for (uint32_t k = 0; k < d->axis; k++)
        outer *= d->sizes[k];
    for (uint32_t k = d->axis + 1; k < d->rank; k++)
        inner *= d->sizes[k];
    uint64_t L = d->sizes[d->axis];
    for (uint64_t o = 0; o < outer; o++) {
        uint64_t start = 0;
        for (uint32_t i = 0; i < d->output_count; i++) {
            uint64_t row = d->lengths[i] * inner;
            if (row)
                memcpy(outs[i] + o * row, in + (o * L + start) * inner, row);
            start += d->lengths[i];
        }
    }
}

/* Random cases drawn by core_case_random from params, each checked by `check` (which may
 * draw from rng too: the cases follow one another on it). */
typedef void (*random_check)(const core_case* c, core_rng* rng, unsigned t);

static void random_cases(uint64_t default_seed, unsigned count, const core_gen_params* params, random_check check)
{
    core_rng rng;
    core_rng_seed(&rng, core_seed(default_seed));
    unsigned cases = core_scaled(count);
    for (unsigned t = 0; t < cases; t++) {
        core_case c;
        core_case_random(&c, &rng, params);
        check(&c, &rng, t);
        core_case_free(&c);
    }
}

static void packed_against_blocks(const core_case* c, core_rng* rng, unsigned t)
{
    const vksplit_split_desc* d = &c->desc;
    uint64_t in_bytes = ref_input_span_bytes(d);
    uint8_t* in = malloc(in_bytes + 1);
    core_rng_fill(rng, in, in_bytes);
    uint8_t** a = calloc(d->output_count, sizeof *a);
    uint8_t** b = calloc(d->output_count, sizeof *b);
    for (uint32_t i = 0; i < d->output_count; i++) {
        uint64_t span = ref_output_span_bytes(d, i);
        a[i] = calloc(span + 1, 1);
        b[i] = calloc(span + 1, 1);
    }
    ref_split(d, in, (void* const*)a);
    block_split(d, in, b);
    int same = 1;
    for (uint32_t i = 0; i < d->output_count; i++)
        same &= memcmp(a[i], b[i], ref_output_span_bytes(d, i)) == 0;
    CHECK_MSG(same, "packed case %u: the odometer and the block formulation disagree", t);
    if (!same)
        core_case_print(stderr, c);
    for (uint32_t i = 0; i < d->output_count; i++) {
        free(a[i]);
        free(b[i]);
    }
    free(a);
    free(b);
    free(in);
}

/* Element `linear` (C order) of a tensor of `sizes` with `strides`: its offset in elements,
 * by division, independent of the reference's odometer. */
static uint64_t strided_offset(uint32_t rank, const uint64_t* sizes, const uint64_t* strides, uint64_t linear)
{
    uint64_t off = 0;
    for (uint32_t k = rank; k-- > 0;) {
        off += (linear % sizes[k]) * strides[k];
        linear /= sizes[k];
    }
    return off;
}

/* Strided cases: the reference against copying through explicit multi-index arithmetic
 * on the packed equivalent (gather the input into packed form, split, scatter). */
static void strided_roundtrip(const core_case* c, core_rng* rng, unsigned t)
{
    const vksplit_split_desc* d = &c->desc;
    CHECK_MSG(vksplit_validate_split(d, NULL) == VKSPLIT_OK, "generated case %u must be valid", t);
    uint32_t es = d->element_size;
    uint64_t in_span = ref_input_span_bytes(d);
    uint8_t* in = malloc(in_span + 1);
    core_rng_fill(rng, in, in_span);
    uint64_t count = ref_element_count(d->rank, d->sizes);
    uint8_t* packed = malloc(count * es + 1);
    uint64_t in_strides[VKSPLIT_MAX_RANK];
    ref_tensor_strides(d, -1, in_strides);
    for (uint64_t e = 0; e < count; e++)
        memcpy(packed + e * es, in + strided_offset(d->rank, d->sizes, in_strides, e) * es, es);
    vksplit_split_desc pd = *d;
    pd.input_strides = NULL;
    pd.output_strides = NULL;
    int same = 1;
    for (uint32_t i = 0; i < d->output_count; i++) {
        uint64_t span = ref_output_span_bytes(d, i);
        uint64_t osizes[VKSPLIT_MAX_RANK], ostrides[VKSPLIT_MAX_RANK];
        ref_output_sizes(d, i, osizes);
        ref_tensor_strides(d, (int)i, ostrides);
        uint64_t ocount = ref_element_count(d->rank, osizes);
        uint8_t* direct = calloc(span + 1, 1);
        uint8_t* via = calloc(span + 1, 1);
        uint8_t* packed_out = malloc(ocount * es + 1);
        ref_split_output(d, i, in, direct);
        ref_split_output(&pd, i, packed, packed_out);
        for (uint64_t e = 0; e < ocount; e++) /* scatter packed_out into the strided layout */
            memcpy(via + strided_offset(d->rank, osizes, ostrides, e) * es, packed_out + e * es, es);
        same &= memcmp(direct, via, span) == 0;
        free(direct);
        free(via);
        free(packed_out);
    }
    CHECK_MSG(same, "strided case %u: direct and gather/split/scatter disagree", t);
    if (!same)
        core_case_print(stderr, c);
    free(packed);
    free(in);
}

int main(void)
{
    (void)test_runner_create;
    test_1d();
    test_2d_inner_axis();
    test_transposed_input();
    test_broadcast_input();
    test_padded_output();
    test_multibyte_elements();
    test_permuted_3d();
    test_empty();
    test_spans();
    core_gen_params packed = {.max_elements = 4096, .packed_only = 1}, strided = {.max_elements = 2048};
    random_cases(0x5EF5EF, 400, &packed, packed_against_blocks);
    random_cases(0xAB5EED, 300, &strided, strided_roundtrip);
    return test_finish(NULL);
}
