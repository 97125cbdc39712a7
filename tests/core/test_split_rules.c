/* Every rule of vksplit_validate_split: one valid and at least one invalid case, asserting
 * the rule (vksplit/rules.h) and its code, that the error struct carries both, and that the
 * message is non-empty and names the field. vksplit_split_spans and vksplit_query_zero_copy
 * validate first and must return the same rule. Pure CPU. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core_support.h"
#include "rule_expect.h"
#include "test_harness.h"

static void expect(const char* name, const vksplit_split_desc* d, vksplit_rule rule, const char* field)
{
    expect_rule(name, (rule_subject){0, d, NULL}, rule, field);
}

/* A valid base: float32 {2, 6, 3} split along axis 1 into {1, 2, 3}. */
static uint64_t base_sizes[3];
static uint64_t base_split[3];

static vksplit_split_desc base(void)
{
    base_sizes[0] = 2;
    base_sizes[1] = 6;
    base_sizes[2] = 3;
    base_split[0] = 1;
    base_split[1] = 2;
    base_split[2] = 3;
    return core_packed_desc(4, 3, base_sizes, 1, 3, base_split);
}

static void rule_null(void)
{
    vksplit_split_desc d = base();
    expect("valid base", &d, VKSPLIT_RULE_NONE, NULL);
    expect("split desc NULL", NULL, VKSPLIT_RULE_SPLIT_NULL, "split");
    d.sizes = NULL;
    expect("sizes NULL", &d, VKSPLIT_RULE_SPLIT_SIZES_NULL, "sizes");
    d = base();
    d.lengths = NULL;
    expect("lengths NULL", &d, VKSPLIT_RULE_SPLIT_LENGTHS_NULL, "lengths");
}

static void rule_element_size(void)
{
    vksplit_split_desc d = base();
    d.element_size = 1;
    expect("element_size 1", &d, VKSPLIT_RULE_NONE, NULL);
    d.element_size = VKSPLIT_MAX_ELEMENT_SIZE;
    expect("element_size 256", &d, VKSPLIT_RULE_NONE, NULL);
    d.element_size = 0;
    expect("element_size 0", &d, VKSPLIT_RULE_SPLIT_ELEMENT_SIZE, "element_size");
    d.element_size = VKSPLIT_MAX_ELEMENT_SIZE + 1;
    expect("element_size 257", &d, VKSPLIT_RULE_SPLIT_ELEMENT_SIZE, "element_size");
    d.element_size = UINT32_MAX;
    expect("element_size max", &d, VKSPLIT_RULE_SPLIT_ELEMENT_SIZE, "element_size");
}

static void rule_rank(void)
{
    uint64_t sizes[9] = {1, 1, 1, 1, 1, 1, 1, 6, 1};
    uint64_t lengths[1] = {6};
    vksplit_split_desc d = base();
    d.sizes = sizes;
    d.lengths = lengths;
    d.output_count = 1;
    d.axis = 7;
    d.rank = 8;
    expect("rank 8", &d, VKSPLIT_RULE_NONE, NULL);
    d.rank = 9;
    expect("rank 9", &d, VKSPLIT_RULE_SPLIT_RANK, "rank");
    d.rank = 0;
    d.axis = 0;
    expect("rank 0", &d, VKSPLIT_RULE_SPLIT_RANK, "rank");
    d.rank = 1;
    d.sizes = sizes + 7;
    expect("rank 1", &d, VKSPLIT_RULE_NONE, NULL);
}

static void rule_axis(void)
{
    vksplit_split_desc d = base();
    d.axis = 2; /* sizes[2] = 3, lengths {1, 2, 3} sum to 6: use matching lengths */
    uint64_t lengths[3] = {1, 1, 1};
    d.lengths = lengths;
    expect("axis rank-1", &d, VKSPLIT_RULE_NONE, NULL);
    d.axis = 3;
    expect("axis rank", &d, VKSPLIT_RULE_SPLIT_AXIS, "axis");
    d.axis = UINT32_MAX;
    expect("axis huge", &d, VKSPLIT_RULE_SPLIT_AXIS, "axis");
}

static void rule_output_count(void)
{
    vksplit_split_desc d = base();
    d.output_count = 0;
    expect("output_count 0", &d, VKSPLIT_RULE_SPLIT_OUTPUT_COUNT, "output_count");
    uint64_t* lengths = calloc(VKSPLIT_MAX_OUTPUTS + 1, sizeof lengths[0]);
    uint64_t sizes[1] = {VKSPLIT_MAX_OUTPUTS};
    for (uint32_t i = 0; i < VKSPLIT_MAX_OUTPUTS; i++)
        lengths[i] = 1;
    d.rank = 1;
    d.axis = 0;
    d.sizes = sizes;
    d.lengths = lengths;
    d.output_count = VKSPLIT_MAX_OUTPUTS;
    expect("output_count 65536", &d, VKSPLIT_RULE_NONE, NULL);
    d.output_count = VKSPLIT_MAX_OUTPUTS + 1; /* lengths[65536] = 0 keeps the sum */
    expect("output_count 65537", &d, VKSPLIT_RULE_SPLIT_OUTPUT_COUNT, "output_count");
    free(lengths);
}

static void rule_base_alignment(void)
{
    vksplit_split_desc d = base();
    static const uint32_t good[] = {0, 1, 2, 4, 8, 16, 32, 64, 4096, 0x80000000u};
    for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
        d.base_alignment = good[i];
        expect("base_alignment power of two", &d, VKSPLIT_RULE_NONE, NULL);
    }
    static const uint32_t bad[] = {3, 6, 24, 100, 0xFFFFFFFFu};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        d.base_alignment = bad[i];
        expect("base_alignment not a power of two", &d, VKSPLIT_RULE_SPLIT_BASE_ALIGNMENT, "base_alignment");
    }
}

static void rule_split_sum(void)
{
    vksplit_split_desc d = base();
    uint64_t lengths[3] = {2, 1, 2};
    d.lengths = lengths;
    expect("lengths sum to 5, axis 6", &d, VKSPLIT_RULE_SPLIT_SUM, "lengths");
    lengths[0] = 4;
    expect("split sums to 7, axis 6", &d, VKSPLIT_RULE_SPLIT_SUM, "sizes");
    lengths[0] = 3;
    expect("split sums to 6", &d, VKSPLIT_RULE_NONE, NULL);
    lengths[0] = UINT64_MAX;
    lengths[1] = 7;
    lengths[2] = 0;
    expect("lengths sum wraps to 6", &d, VKSPLIT_RULE_SPLIT_SUM_OVERFLOW, "lengths");
    uint64_t zeros[3] = {0, 6, 0};
    d.lengths = zeros;
    expect("zero-length outputs", &d, VKSPLIT_RULE_NONE, NULL);
}

static void rule_size_overflow(void)
{
    /* Element count of the packed input overflows. */
    uint64_t sizes[3] = {1ull << 32, 1ull << 32, 2};
    uint64_t lengths[1] = {2};
    vksplit_split_desc d = base();
    d.sizes = sizes;
    d.axis = 2;
    d.output_count = 1;
    d.lengths = lengths;
    expect("input element count overflows", &d, VKSPLIT_RULE_SPLIT_ELEMENT_COUNT_OVERFLOW, "input");
    sizes[0] = 1ull << 20;
    sizes[1] = 1ull << 20;
    expect("input element count 2^41 fits", &d, VKSPLIT_RULE_NONE, NULL);

    /* The input's span overflows through its strides. */
    uint64_t strides[3] = {1ull << 62, 1, 1};
    sizes[0] = 8;
    sizes[1] = 1;
    d.input_strides = strides;
    expect("input span overflows", &d, VKSPLIT_RULE_SPLIT_SPAN_OVERFLOW, "input");
    strides[0] = 1ull << 40;
    expect("input span 2^43 fits", &d, VKSPLIT_RULE_NONE, NULL);

    /* Elements fit, bytes do not. */
    uint64_t big[1] = {1ull << 61}, big_split[1] = {1ull << 61};
    vksplit_split_desc e = base();
    e.rank = 1;
    e.axis = 0;
    e.sizes = big;
    e.lengths = big_split;
    e.output_count = 1;
    e.element_size = 16;
    expect("input bytes overflow", &e, VKSPLIT_RULE_SPLIT_SPAN_OVERFLOW, "input");
    e.element_size = 4;
    expect("input bytes 2^63 fit", &e, VKSPLIT_RULE_NONE, NULL);

    /* An output's span overflows through its strides. */
    vksplit_split_desc f = base();
    uint64_t out1[3] = {1ull << 63, 3, 1};
    const uint64_t* out_strides[3] = {NULL, out1, NULL};
    f.output_strides = out_strides;
    expect("output span overflows", &f, VKSPLIT_RULE_SPLIT_SPAN_OVERFLOW, "outputs[1]");
    out1[0] = 100;
    expect("output strides padded", &f, VKSPLIT_RULE_NONE, NULL);
}

static void rule_overlap(void)
{
    vksplit_split_desc d = base(); /* sizes {2, 6, 3}, lengths {1, 2, 3}; output 1 is {2, 2, 3} */
    uint64_t s[3] = {6, 3, 1};
    const uint64_t* out_strides[3] = {NULL, s, NULL};
    d.output_strides = out_strides;
    expect("packed explicit", &d, VKSPLIT_RULE_NONE, NULL);
    s[0] = 1;
    s[1] = 2;
    s[2] = 4; /* permuted: dim 0 innermost, then 1, then 2 */
    expect("permuted", &d, VKSPLIT_RULE_NONE, NULL);
    s[0] = 100;
    s[1] = 10;
    s[2] = 2;
    expect("padded with holes", &d, VKSPLIT_RULE_NONE, NULL);
    s[0] = 6;
    s[1] = 3;
    s[2] = 3;
    expect("two dims with one stride", &d, VKSPLIT_RULE_SPLIT_OVERLAPPING_STRIDES, "output_strides[1]");
    s[0] = 0;
    s[1] = 3;
    s[2] = 1;
    expect("stride 0 on a size-2 dim", &d, VKSPLIT_RULE_SPLIT_OVERLAPPING_STRIDES, "output_strides[1]");
    s[0] = 6;
    s[1] = 2;
    s[2] = 1;
    expect("rows overlapping by one element", &d, VKSPLIT_RULE_SPLIT_OVERLAPPING_STRIDES, "output_strides[1]");

    /* Size-1 dimensions can have any stride, 0 included. */
    uint64_t s0[3] = {3, 0, 1}; /* output 0 is {2, 1, 3} */
    out_strides[0] = s0;
    out_strides[1] = NULL;
    expect("stride 0 on a size-1 dim", &d, VKSPLIT_RULE_NONE, NULL);

    /* Interleaved but collision-free: {3, 3} with strides {3, 4} gives 9 distinct offsets,
     * yet the documented rule refuses it (4 does not exceed the reach 6 of the stride-3 dim). */
    uint64_t sizes2[2] = {3, 3}, split2[1] = {3}, s2[2] = {3, 4};
    const uint64_t* os2[1] = {s2};
    vksplit_split_desc e = base();
    e.rank = 2;
    e.axis = 1;
    e.sizes = sizes2;
    e.lengths = split2;
    e.output_count = 1;
    e.output_strides = os2;
    expect("interleaved without collision", &e, VKSPLIT_RULE_SPLIT_OVERLAPPING_STRIDES, "output_strides[0]");
    s2[0] = 2;
    s2[1] = 3; /* offsets 0,3,6,2,5,8,4,7,10: distinct, refused (3 <= reach 4) */
    expect("strides {2, 3}", &e, VKSPLIT_RULE_SPLIT_OVERLAPPING_STRIDES, "output_strides[0]");

    /* An empty output is never checked for overlap. */
    uint64_t zero_split[3] = {0, 6, 0};
    d.lengths = zero_split;
    uint64_t bad[3] = {0, 0, 0};
    out_strides[0] = bad;
    out_strides[1] = NULL;
    out_strides[2] = bad;
    expect("empty outputs with overlapping strides", &d, VKSPLIT_RULE_NONE, NULL);

    /* The input may overlap itself (broadcast). */
    vksplit_split_desc f = base();
    uint64_t in[3] = {0, 0, 1};
    f.input_strides = in;
    expect("broadcast input", &f, VKSPLIT_RULE_NONE, NULL);
    in[0] = 0;
    in[1] = 1;
    in[2] = 1;
    expect("self-overlapping input", &f, VKSPLIT_RULE_NONE, NULL);
}

static void rule_zero_sizes(void)
{
    vksplit_split_desc d = base();
    base_sizes[0] = 0;
    expect("zero size off the axis", &d, VKSPLIT_RULE_NONE, NULL);
    uint64_t sizes[3] = {2, 0, 3}, lengths[3] = {0, 0, 0};
    d.sizes = sizes;
    d.lengths = lengths;
    expect("zero axis, zero splits", &d, VKSPLIT_RULE_NONE, NULL);
    lengths[1] = 1;
    expect("zero axis, non-zero lengths", &d, VKSPLIT_RULE_SPLIT_SUM, "lengths");
}

static void result_names(void)
{
#define CHECK_NAME(name, value, summary)                                             \
    CHECK(strcmp(vksplit_result_name(name), #name) == 0);                            \
    CHECK(strcmp(vksplit_result_summary(name), summary) == 0 && summary[0] != '\0'); \
    CHECK((int)name == value);
    VKSPLIT_RESULT_LIST(CHECK_NAME)
#undef CHECK_NAME
    CHECK(strcmp(vksplit_result_name((vksplit_result)-9999), "VKSPLIT_UNKNOWN_RESULT") == 0);
    CHECK(vksplit_result_summary((vksplit_result)12345) != NULL);
}

int main(void)
{
    (void)test_runner_create;
    rule_null();
    rule_element_size();
    rule_rank();
    rule_axis();
    rule_output_count();
    rule_base_alignment();
    rule_split_sum();
    rule_size_overflow();
    rule_overlap();
    rule_zero_sizes();
    result_names();
    return test_finish(NULL);
}
