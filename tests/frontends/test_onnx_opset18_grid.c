/* Split-18 num_outputs over every (dim, n), dim 0..12 and n 1..13: the first n-1 outputs get
 * chunk = ceil(dim / n), the last dim - chunk*(n-1); a last chunk of 0 is accepted and a
 * negative one rejected with a message naming dim, n and the chunk. The expected values are
 * found here by counting, not by the formula under test. No device. */
#if defined(__GNUC__) || defined(__clang__)
#endif
#include "test_harness.h"
#include "vksplit/onnx.h"

/* The smallest chunk c with c * n >= dim, by counting up. */
static int64_t smallest_chunk(int64_t dim, int64_t n)
{
    int64_t c = 0;
    while (c * n < dim)
        c++;
    return c;
}

static void check_one(int64_t dim, int64_t n, uint32_t rank, int64_t axis, int accepted_so_far[2])
{
    int64_t shape[3] = {2, 3, 2};
    uint32_t axis_index = (uint32_t)(axis < 0 ? axis + (int64_t)rank : axis);
    shape[axis_index] = dim;
    vksplit_onnx_split_desc node = {.opset = 18,
                                    .data_type = VKSPLIT_ONNX_UINT16,
                                    .rank = rank,
                                    .shape = shape,
                                    .axis = axis,
                                    .has_num_outputs = 1,
                                    .num_outputs = n};
    uint64_t lengths[16];
    vksplit_onnx_split_storage storage = {lengths, 16, {0}};
    vksplit_split_desc out;
    vksplit_error err;
    vksplit_result r = vksplit_onnx_translate_split(&node, &storage, &out, &err);

    int64_t chunk = smallest_chunk(dim, n);
    int64_t last = dim - chunk * (n - 1);
    if (last < 0) {
        CHECK_MSG(r == VKSPLIT_ERROR_SPLIT_LENGTH && err.rule == VKSPLIT_RULE_ONNX_NUM_OUTPUTS_TOO_MANY,
                  "dim %lld n %lld: expected a rejection, got %s by %s", (long long)dim, (long long)n,
                  vksplit_result_name(r), vksplit_rule_name(err.rule));
        char phrase[320];
        snprintf(phrase, sizeof phrase,
                 "'num_outputs' %lld cannot split dimension %lld (axis %u): chunk ceil(%lld/%lld) = %lld for the first "
                 "%lld outputs leaves %lld - %lld = %lld for the last",
                 (long long)n, (long long)dim, axis_index, (long long)dim, (long long)n, (long long)chunk,
                 (long long)(n - 1), (long long)dim, (long long)(chunk * (n - 1)), (long long)last);
        CHECK_MSG(strstr(err.message, phrase) != NULL, "dim %lld n %lld: message '%s' lacks '%s'", (long long)dim,
                  (long long)n, err.message, phrase);
        accepted_so_far[1]++;
        return;
    }
    CHECK_MSG(r == VKSPLIT_OK, "dim %lld n %lld: %s (%s)", (long long)dim, (long long)n, vksplit_result_name(r),
              err.message);
    if (r != VKSPLIT_OK)
        return;
    accepted_so_far[0]++;
    CHECK(out.output_count == (uint32_t)n && out.axis == axis_index && out.element_size == 2);
    uint64_t sum = 0;
    for (int64_t i = 0; i < n; i++) {
        uint64_t want = (uint64_t)(i + 1 < n ? chunk : last);
        CHECK_MSG(lengths[i] == want, "dim %lld n %lld: output %lld has %llu, expected %llu", (long long)dim,
                  (long long)n, (long long)i, (unsigned long long)lengths[i], (unsigned long long)want);
        sum += lengths[i];
    }
    CHECK(sum == (uint64_t)dim);
}

int main(void)
{
    int counts[2] = {0, 0}; /* accepted, rejected */
    for (int64_t dim = 0; dim <= 12; dim++)
        for (int64_t n = 1; n <= 13; n++) {
            check_one(dim, n, 1, 0, counts);
            check_one(dim, n, 3, 1, counts);
            check_one(dim, n, 3, -2, counts);
        }
    /* The document's examples: 6 into 4 is 2,2,2,0; 5 into 4 leaves -1. */
    CHECK(smallest_chunk(6, 4) == 2 && smallest_chunk(5, 4) == 2);
    printf("%d accepted, %d rejected (dim 0..12 x n 1..13, three layouts)\n", counts[0], counts[1]);
    CHECK(counts[0] + counts[1] == 13 * 13 * 3);
    CHECK(counts[1] > 0);
    return test_finish(NULL);
}
