/* ONNX Concat and OpenVINO Concat-1 end to end: their documents' examples translated by the
 * front-ends and joined on the device by the runner's one-shot vksplit_runner_join
 * (validation layer on), on the compute path and on the one the planner picks.
 *
 * ONNX ("Concat", https://onnx.ai/onnx/operators/onnx__Concat.html): the document's "concat"
 * example, its 1d, 2d and 3d cases on every axis (negative ones too) at every version, against
 * the outputs numpy.concatenate gives (concat_examples.h, which frontend_concat_numpy checks
 * against numpy); then every fixed-width type at Concat-13 with an input empty along the axis
 * (ONNX allows it), data full of NaN payloads and -0.0 bit patterns, and Concat-1's default
 * axis. OpenVINO (Concat-1, docs.openvino.ai: operation-specs/movement/concat-1): the
 * specification's example, [1,8,50,50], [1,16,50,50] and [1,32,50,50] on axis 1 and on -3.
 *
 * Besides the documents' own outputs, every output byte is held to an expectation built from
 * the front-end's struct, never from the translated vksplit_join_desc: inputs packed in C
 * order, the output input 0's shape with the inputs' sizes summed on the axis, input i's
 * slices after those of the inputs before it. Bytes past the output stay untouched. */
#include "concat_examples.h"
#include "test_harness.h"
#include "vksplit/onnx.h"
#include "vksplit/openvino.h"

#define MAX_INPUTS 4
#define TAIL 64u /* bytes after the output that must keep their pattern */

static const vksplit_path paths[2] = {VKSPLIT_PATH_COMPUTE, VKSPLIT_PATH_AUTO};

/* The join a document describes: each input's shape, the axis (normalised) and the width. */
typedef struct described_join {
    uint32_t element_size, rank, axis, count;
    uint64_t shapes[MAX_INPUTS][VKSPLIT_MAX_RANK];
} described_join;

static uint64_t count_of(const uint64_t* shape, uint32_t from, uint32_t to)
{
    uint64_t n = 1;
    for (uint32_t k = from; k < to; k++)
        n *= shape[k];
    return n;
}

/* Bytes of the output: input 0's shape, with the inputs' sizes summed on the axis. */
static uint64_t output_bytes(const described_join* j)
{
    uint64_t along = 0;
    for (uint32_t i = 0; i < j->count; i++)
        along += j->shapes[i][j->axis];
    return count_of(j->shapes[0], 0, j->axis) * along * count_of(j->shapes[0], j->axis + 1, j->rank) * j->element_size;
}

/* The output as the documents define it: for each index before the axis, input 0's slice,
 * then input 1's, and so on, each slice its inputs' elements in C order. */
static void expected_output(const described_join* j, const unsigned char* const* inputs, unsigned char* out)
{
    uint64_t outer = count_of(j->shapes[0], 0, j->axis), at = 0;
    for (uint64_t o = 0; o < outer; o++)
        for (uint32_t i = 0; i < j->count; i++) {
            uint64_t slice = count_of(j->shapes[i], j->axis, j->rank) * j->element_size;
            if (slice) /* an empty input may have no bytes at all */
                memcpy(out + at, inputs[i] + o * slice, slice);
            at += slice;
        }
}

static uint8_t tail_byte(uint64_t position) { return (uint8_t)(0x5Au ^ (position * 0x3Bu)); }

/* Joins d on the runner on each path and holds the output to expected_output; got (may be
 * NULL) receives the AUTO path's output. Returns 1 when it ran. */
static int run_join(vksplit_runner* runner, const char* name, const described_join* j, const vksplit_join_desc* d,
                    const unsigned char* const* inputs, unsigned char* got)
{
    uint64_t bytes = output_bytes(j);
    unsigned char* expected = malloc(bytes + 1);
    unsigned char* output = malloc(bytes + TAIL);
    CHECK(expected && output);
    if (!expected || !output) {
        free(expected);
        free(output);
        return 0;
    }
    expected_output(j, inputs, expected);
    int ran = 1;
    for (int p = 0; p < 2; p++) {
        for (uint64_t b = 0; b < bytes + TAIL; b++)
            output[b] = tail_byte(b);
        vksplit_plan_options options = {.path = paths[p]};
        vksplit_error err;
        vksplit_result r = vksplit_runner_join(runner, d, &options, (const void* const*)inputs, output, &err);
        CHECK_MSG(r == VKSPLIT_OK, "%s (path %d): %s: %s", name, (int)paths[p], vksplit_result_name(r), err.message);
        if (r != VKSPLIT_OK) {
            ran = 0;
            continue;
        }
        uint64_t wrong = 0, first = 0;
        for (uint64_t b = 0; b < bytes; b++)
            if (output[b] != expected[b] && wrong++ == 0)
                first = b;
        CHECK_MSG(wrong == 0, "%s (path %d): %llu of %llu output bytes differ, the first at byte %llu", name,
                  (int)paths[p], (unsigned long long)wrong, (unsigned long long)bytes, (unsigned long long)first);
        for (uint64_t b = bytes; b < bytes + TAIL; b++)
            if (output[b] != tail_byte(b)) {
                CHECK_MSG(0, "%s (path %d): byte %llu past the output was written", name, (int)paths[p],
                          (unsigned long long)(b - bytes));
                break;
            }
    }
    if (got && ran)
        memcpy(got, output, bytes);
    free(expected);
    free(output);
    return ran;
}

/* --- ONNX ------------------------------------------------------------------------------ */

/* Translates node and joins it; the description comes from the node's own fields. */
static int onnx_run(vksplit_runner* runner, const char* name, const vksplit_onnx_concat_desc* node,
                    uint32_t element_size, const unsigned char* const* inputs, unsigned char* got)
{
    uint64_t lengths[MAX_INPUTS];
    vksplit_onnx_concat_storage storage = {lengths, MAX_INPUTS, {0}};
    vksplit_join_desc d;
    vksplit_error err;
    vksplit_result r = vksplit_onnx_translate_concat(node, &storage, &d, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: %s: %s", name, vksplit_result_name(r), err.message);
    if (r != VKSPLIT_OK)
        return 0;
    described_join j = {.element_size = element_size, .rank = node->inputs[0].rank};
    int64_t axis = node->has_axis ? node->axis : 1; /* Concat-1's default */
    j.axis = (uint32_t)(axis < 0 ? axis + (int64_t)j.rank : axis);
    j.count = node->input_count;
    for (uint32_t i = 0; i < j.count; i++)
        for (uint32_t k = 0; k < j.rank; k++)
            j.shapes[i][k] = (uint64_t)node->inputs[i].shape[k];
    return run_join(runner, name, &j, &d, inputs, got);
}

/* The document's example at every version, negative axes too (before Concat-11 as ONNX's shape
 * inference and ONNX Runtime take them). */
static void onnx_examples(vksplit_runner* runner)
{
    static const int64_t opsets[] = {1, 4, 11, 13};
    for (size_t v = 0; v < sizeof opsets / sizeof opsets[0]; v++)
        for (size_t x = 0; x < sizeof concat_examples / sizeof concat_examples[0]; x++) {
            const concat_example* ex = &concat_examples[x];
            vksplit_onnx_concat_input in[2];
            vksplit_onnx_concat_desc node = concat_example_node(ex, opsets[v], in);
            const unsigned char* data[2] = {(const unsigned char*)ex->values->inputs[0],
                                            (const unsigned char*)ex->values->inputs[1]};
            char name[96];
            snprintf(name, sizeof name, "ONNX Concat-%lld %s", (long long)opsets[v], ex->name);
            float got[16];
            size_t n = (size_t)(ex->out_shape[0] * (ex->values->rank > 1 ? ex->out_shape[1] : 1) *
                                (ex->values->rank > 2 ? ex->out_shape[2] : 1));
            if (onnx_run(runner, name, &node, 4, data, (unsigned char*)got))
                CHECK_MSG(memcmp(got, ex->output, n * sizeof got[0]) == 0, "%s: not numpy.concatenate's output", name);
        }
}

/* ONNX Runtime's ConcatOpTest cases with a negative axis, run there at opset 7 (Concat-4):
 * Concat1D_int32_negative_axis ({1}, {2}, {4} on -1), Concat3D_1_negative_axis (three
 * [1, 3, 3] on -3) and Concat4D_1_negative_axis (three [1, 1, 3, 3] on -3); the float ones at
 * Concat-1 too. Against the outputs that suite expects (input i's element (r, c) is
 * 100 i + 10 r + c, so its output is the inputs one after the other). */
static void onnx_runtime_negative_axes(vksplit_runner* runner)
{
    static const int32_t a[1] = {1}, b[2] = {2, 3}, c[4] = {4, 5, 6, 7}, joined[7] = {1, 2, 3, 4, 5, 6, 7};
    static const int64_t sa[1] = {1}, sb[1] = {2}, sc[1] = {4};
    const unsigned char* ints[3] = {(const unsigned char*)a, (const unsigned char*)b, (const unsigned char*)c};
    vksplit_onnx_concat_input in1[3] = {{VKSPLIT_ONNX_INT32, 1, sa},
                                        {VKSPLIT_ONNX_INT32, 1, sb},
                                        {VKSPLIT_ONNX_INT32, 1, sc}};
    vksplit_onnx_concat_desc node1 = {4, 3, in1, 1, -1};
    int32_t got1[7];
    if (onnx_run(runner, "ONNX Runtime Concat1D_int32_negative_axis", &node1, 4, ints, (unsigned char*)got1))
        CHECK(memcmp(got1, joined, sizeof joined) == 0);

    float blocks[3][9], want[27];
    for (int i = 0; i < 3; i++)
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < 3; k++)
                want[i * 9 + r * 3 + k] = blocks[i][r * 3 + k] = (float)(100 * (i + 1) + 10 * (r + 1) + k + 1);
    const unsigned char* data[3] = {(const unsigned char*)blocks[0], (const unsigned char*)blocks[1],
                                    (const unsigned char*)blocks[2]};
    static const int64_t s3[3] = {1, 3, 3}, s4[4] = {1, 1, 3, 3};
    static const int64_t opsets[2] = {4, 1};
    for (uint32_t rank = 3; rank <= 4; rank++)
        for (int v = 0; v < 2; v++) {
            const int64_t* shape = rank == 3 ? s3 : s4;
            vksplit_onnx_concat_input in[3] = {{VKSPLIT_ONNX_FLOAT, rank, shape},
                                               {VKSPLIT_ONNX_FLOAT, rank, shape},
                                               {VKSPLIT_ONNX_FLOAT, rank, shape}};
            vksplit_onnx_concat_desc node = {opsets[v], 3, in, 1, -3};
            char name[96];
            snprintf(name, sizeof name, "ONNX Runtime Concat%uD_1_negative_axis at Concat-%lld", rank,
                     (long long)opsets[v]);
            float got[27];
            if (onnx_run(runner, name, &node, 4, data, (unsigned char*)got))
                CHECK_MSG(memcmp(got, want, sizeof want) == 0, "%s: not ONNX Runtime's output", name);
        }
}

/* Element bytes with a NaN (all ones) every third element and -0.0 (the top bit alone) every
 * fifth, whatever the type's width: bytes copied, never values. */
static void fill_elements(unsigned char* p, uint64_t count, uint32_t size, uint32_t seed)
{
    for (uint64_t e = 0; e < count; e++)
        for (uint32_t b = 0; b < size; b++) {
            unsigned char v = (unsigned char)(seed * 131u + e * 7u + b * 29u + 1u);
            if (e % 3 == 0)
                v = 0xff;
            else if (e % 5 == 0)
                v = b + 1 == size ? 0x80 : 0x00;
            p[e * size + b] = v;
        }
}

/* Every fixed-width type of Concat-13, three inputs, the second empty along the axis. */
static void onnx_widths(vksplit_runner* runner)
{
    static const struct {
        vksplit_onnx_data_type type;
        uint32_t size;
    } widths[] = {
        {VKSPLIT_ONNX_BOOL, 1},   {VKSPLIT_ONNX_INT8, 1},      {VKSPLIT_ONNX_UINT8, 1},       {VKSPLIT_ONNX_INT16, 2},
        {VKSPLIT_ONNX_UINT16, 2}, {VKSPLIT_ONNX_FLOAT16, 2},   {VKSPLIT_ONNX_BFLOAT16, 2},    {VKSPLIT_ONNX_INT32, 4},
        {VKSPLIT_ONNX_UINT32, 4}, {VKSPLIT_ONNX_FLOAT, 4},     {VKSPLIT_ONNX_INT64, 8},       {VKSPLIT_ONNX_UINT64, 8},
        {VKSPLIT_ONNX_DOUBLE, 8}, {VKSPLIT_ONNX_COMPLEX64, 8}, {VKSPLIT_ONNX_COMPLEX128, 16},
    };
    static const int64_t s0[3] = {3, 2, 5}, s1[3] = {3, 0, 5}, s2[3] = {3, 4, 5};
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        uint32_t size = widths[w].size;
        unsigned char a[3 * 2 * 5 * 16], c[3 * 4 * 5 * 16];
        fill_elements(a, 30, size, 1);
        fill_elements(c, 60, size, 2);
        const unsigned char* data[3] = {a, NULL, c}; /* the empty input has no bytes */
        vksplit_onnx_concat_input in[3] = {{widths[w].type, 3, s0}, {widths[w].type, 3, s1}, {widths[w].type, 3, s2}};
        vksplit_onnx_concat_desc node = {13, 3, in, 1, -2};
        char name[64];
        snprintf(name, sizeof name, "ONNX Concat-13 tensor(%s)", vksplit_onnx_data_type_name(widths[w].type));
        onnx_run(runner, name, &node, size, data, NULL);
    }
    /* Concat-1 without 'axis' joins on axis 1. */
    static const int64_t h0[2] = {2, 3}, h1[2] = {2, 1};
    uint16_t x[6], y[2];
    fill_elements((unsigned char*)x, 6, 2, 3);
    fill_elements((unsigned char*)y, 2, 2, 4);
    const unsigned char* data[2] = {(const unsigned char*)x, (const unsigned char*)y};
    vksplit_onnx_concat_input in[2] = {{VKSPLIT_ONNX_FLOAT16, 2, h0}, {VKSPLIT_ONNX_FLOAT16, 2, h1}};
    vksplit_onnx_concat_desc node = {1, 2, in, 0, 0};
    uint16_t got[8];
    if (onnx_run(runner, "ONNX Concat-1 float16, default axis", &node, 2, data, (unsigned char*)got))
        CHECK(got[0] == x[0] && got[2] == x[2] && got[3] == y[0] && got[4] == x[3] && got[7] == y[1]);
}

/* --- OpenVINO ---------------------------------------------------------------------------- */

/* The specification's example: [1,8,50,50], [1,16,50,50], [1,32,50,50] with axis 1 (or -3)
 * give [1,56,50,50]. */
static void openvino_example(vksplit_runner* runner)
{
    static const uint64_t shapes[3][4] = {{1, 8, 50, 50}, {1, 16, 50, 50}, {1, 32, 50, 50}};
    static const int64_t axes[2] = {1, -3};
    float* data[3];
    for (uint32_t i = 0; i < 3; i++) {
        uint64_t n = count_of(shapes[i], 0, 4);
        data[i] = malloc(n * sizeof(float));
        CHECK(data[i] != NULL);
        for (uint64_t e = 0; data[i] && e < n; e++)
            data[i][e] = (float)(i * 1000000 + e); /* exact in float32 */
    }
    for (int a = 0; a < 2 && data[0] && data[1] && data[2]; a++) {
        vksplit_ov_concat_input in[3] = {{VKSPLIT_OV_F32, 4, shapes[0]},
                                         {VKSPLIT_OV_F32, 4, shapes[1]},
                                         {VKSPLIT_OV_F32, 4, shapes[2]}};
        vksplit_ov_concat_desc op = {3, in, 1, axes[a]};
        uint64_t lengths[3];
        vksplit_ov_concat_storage storage = {lengths, 3, {0}};
        vksplit_join_desc d;
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, vksplit_ov_translate_concat(&op, &storage, &d, &err), &err);
        CHECK(d.rank == 4 && d.sizes[0] == 1 && d.sizes[1] == 56 && d.sizes[2] == 50 && d.sizes[3] == 50);
        described_join j = {.element_size = 4, .rank = 4};
        j.axis = 1; /* 1, and -3 + 4 */
        j.count = 3;
        for (uint32_t i = 0; i < 3; i++)
            memcpy(j.shapes[i], shapes[i], sizeof shapes[i]);
        char name[64];
        snprintf(name, sizeof name, "OpenVINO Concat-1 example, axis %lld", (long long)axes[a]);
        const unsigned char* bytes[3] = {(const unsigned char*)data[0], (const unsigned char*)data[1],
                                         (const unsigned char*)data[2]};
        float* got = malloc(56 * 2500 * sizeof(float));
        if (got && run_join(runner, name, &j, &d, bytes, (unsigned char*)got))
            /* [0, c, h, w]: input 0 for c < 8, input 1 for c < 24, input 2 after */
            CHECK(got[0] == 0.0f && got[7 * 2500 + 2499] == 7 * 2500 + 2499 && got[8 * 2500] == 1000000.0f &&
                  got[24 * 2500] == 2000000.0f && got[56 * 2500 - 1] == 2000000.0f + 32 * 2500 - 1);
        free(got);
    }
    for (uint32_t i = 0; i < 3; i++)
        free(data[i]);
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    onnx_examples(runner);
    onnx_runtime_negative_axes(runner);
    onnx_widths(runner);
    openvino_example(runner);
    return test_finish(runner);
}
