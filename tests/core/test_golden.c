/* Golden tests: the examples of the DirectML and ONNX documents ("DML_SPLIT_OPERATOR_DESC
 * structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_split_operator_desc;
 * ONNX "Split", https://onnx.ai/onnx/operators/onnx__Split.html) in canonical form, with the
 * expected values typed in from the documents' text. Each runs through the one-shot runner and is byte-compared with
 * the spec's values encoded as float32 (the spec's type), uint8, int16, float64 and an
 * odd 3-byte element; the CPU reference is held to the same values; and each runs once
 * more through the guarded, offset, shared-buffer path on every plan path. */
#include <stdint.h>
#include <string.h>

#include "core_support.h"
#include "reference.h"
#include "test_harness.h"

#define MAX_GOLDEN_OUTPUTS 3
#define MAX_GOLDEN_VALUES 12

typedef struct golden {
    const char* name;
    uint32_t rank;
    uint64_t sizes[4];
    uint32_t axis;
    uint32_t output_count;
    uint64_t lengths[MAX_GOLDEN_OUTPUTS];
    /* Expected values of each output in C order, from the spec. Input is 1..N. */
    uint32_t element_counts[MAX_GOLDEN_OUTPUTS];
    int values[MAX_GOLDEN_OUTPUTS][MAX_GOLDEN_VALUES];
} golden;

static const golden goldens[] = {
    /* DirectML: InputTensor {1,1,6,2} FLOAT32 [[1,2],[3,4],...,[11,12]]. */
    {"DirectML example 1: axis 2 into {2,1,3}",
     4,
     {1, 1, 6, 2},
     2,
     3,
     {2, 1, 3},
     {4, 2, 6},
     {{1, 2, 3, 4}, {5, 6}, {7, 8, 9, 10, 11, 12}}},
    {"DirectML example 2: axis 3 into {1,1}",
     4,
     {1, 1, 6, 2},
     3,
     2,
     {1, 1},
     {6, 6},
     {{1, 3, 5, 7, 9, 11}, {2, 4, 6, 8, 10, 12}}},
    /* ONNX Split-13 examples. */
    {"ONNX test_split_equal_parts_1d", 1, {6}, 0, 3, {2, 2, 2}, {2, 2, 2}, {{1, 2}, {3, 4}, {5, 6}}},
    {"ONNX test_split_variable_parts_1d", 1, {6}, 0, 2, {2, 4}, {2, 4}, {{1, 2}, {3, 4, 5, 6}}},
    {"ONNX test_split_equal_parts_2d", 2, {2, 6}, 1, 2, {3, 3}, {6, 6}, {{1, 2, 3, 7, 8, 9}, {4, 5, 6, 10, 11, 12}}},
    {"ONNX test_split_variable_parts_2d", 2, {2, 6}, 1, 2, {2, 4}, {4, 8}, {{1, 2, 7, 8}, {3, 4, 5, 6, 9, 10, 11, 12}}},
    {"ONNX test_split_equal_parts_default_axis (axis 0)", 1, {6}, 0, 3, {2, 2, 2}, {2, 2, 2}, {{1, 2}, {3, 4}, {5, 6}}},
    {"ONNX test_split_variable_parts_default_axis (axis 0)", 1, {6}, 0, 2, {2, 4}, {2, 4}, {{1, 2}, {3, 4, 5, 6}}},
    {"ONNX test_split_zero_size_splits", 1, {0}, 0, 3, {0, 0, 0}, {0, 0, 0}, {{0}, {0}, {0}}},
};

typedef enum encoding { ENC_F32, ENC_U8, ENC_I16, ENC_F64, ENC_3BYTE, ENC_COUNT } encoding;
static const uint32_t encoding_size[ENC_COUNT] = {4, 1, 2, 8, 3};
static const char* const encoding_name[ENC_COUNT] = {"float32", "uint8", "int16", "float64", "3-byte"};

static void encode(encoding e, int value, uint8_t* out)
{
    switch (e) {
    case ENC_F32: {
        float f = (float)value;
        memcpy(out, &f, 4);
        break;
    }
    case ENC_U8: out[0] = (uint8_t)value; break;
    case ENC_I16: {
        int16_t v = (int16_t)(value * 1000 - 7000); /* negative and multi-byte */
        memcpy(out, &v, 2);
        break;
    }
    case ENC_F64: {
        double d = (double)value + 0.25;
        memcpy(out, &d, 8);
        break;
    }
    case ENC_3BYTE:
        out[0] = (uint8_t)value;
        out[1] = (uint8_t)(value + 100);
        out[2] = (uint8_t)(255 - value);
        break;
    default: break;
    }
}

static vksplit_split_desc golden_desc(const golden* g, uint32_t element_size)
{
    vksplit_split_desc d;
    memset(&d, 0, sizeof d);
    d.element_size = element_size;
    d.rank = g->rank;
    d.sizes = g->sizes;
    d.axis = g->axis;
    d.output_count = g->output_count;
    d.lengths = g->lengths;
    return d;
}

static void run_golden(vksplit_runner* runner, const golden* g, encoding e, uint32_t base_alignment, vksplit_path path)
{
    uint32_t es = encoding_size[e];
    vksplit_split_desc d = golden_desc(g, es);
    d.base_alignment = base_alignment;
    uint64_t n = ref_element_count(g->rank, g->sizes);
    uint8_t input[MAX_GOLDEN_VALUES * 8 + 1];
    for (uint64_t i = 0; i < n; i++)
        encode(e, (int)i + 1, input + i * es);

    uint8_t outputs[MAX_GOLDEN_OUTPUTS][MAX_GOLDEN_VALUES * 8 + 1];
    uint8_t expected[MAX_GOLDEN_OUTPUTS][MAX_GOLDEN_VALUES * 8 + 1];
    void* out_ptrs[MAX_GOLDEN_OUTPUTS];
    for (uint32_t i = 0; i < g->output_count; i++) {
        memset(outputs[i], 0xEE, sizeof outputs[i]);
        for (uint32_t j = 0; j < g->element_counts[i]; j++)
            encode(e, g->values[i][j], expected[i] + j * es);
        out_ptrs[i] = g->element_counts[i] ? outputs[i] : NULL;
    }

    /* The spans, as the spec's shapes say. */
    uint64_t in_span = 99, spans[MAX_GOLDEN_OUTPUTS];
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_split_spans(&d, &in_span, spans, &err), &err);
    CHECK_MSG(in_span == n * es, "%s: input span %llu", g->name, (unsigned long long)in_span);
    for (uint32_t i = 0; i < g->output_count; i++)
        CHECK_MSG(spans[i] == (uint64_t)g->element_counts[i] * es, "%s: output %u span %llu, spec says %u elements",
                  g->name, i, (unsigned long long)spans[i], g->element_counts[i]);

    /* The device, through the one-shot runner. */
    vksplit_plan_options options = {.path = path};
    vksplit_result r = vksplit_runner_split(runner, &d, &options, input, out_ptrs, &err);
    if (path == VKSPLIT_PATH_TRANSFER && r == VKSPLIT_ERROR_UNSUPPORTED) {
        /* Element-wise rows have no transfer plan (the compute paths cover them): refused
         * exactly when the independent rule says so, never silently. */
        CHECK_MSG(!core_transfer_possible(&d), "%s (%s, path TRANSFER): refused, yet its rows are contiguous: %s",
                  g->name, encoding_name[e], err.message);
        return;
    }
    CHECK_MSG(r == VKSPLIT_OK, "%s (%s, base_alignment %u, path %d): %s: %s", g->name, encoding_name[e], base_alignment,
              (int)path, vksplit_result_name(r), err.message);
    for (uint32_t i = 0; r == VKSPLIT_OK && i < g->output_count; i++) {
        int same = memcmp(outputs[i], expected[i], (size_t)g->element_counts[i] * es) == 0;
        CHECK_MSG(same, "%s (%s, base_alignment %u, path %d): output %u differs from the spec", g->name,
                  encoding_name[e], base_alignment, (int)path, i);
        if (!same) {
            fprintf(stderr, "    got:  ");
            for (uint32_t b = 0; b < g->element_counts[i] * es; b++)
                fprintf(stderr, "%02x", outputs[i][b]);
            fprintf(stderr, "\n    want: ");
            for (uint32_t b = 0; b < g->element_counts[i] * es; b++)
                fprintf(stderr, "%02x", expected[i][b]);
            fputc('\n', stderr);
        }
        /* The runner copies back exactly the span: nothing past it. */
        CHECK_MSG(outputs[i][g->element_counts[i] * es] == 0xEE, "%s: the runner wrote past output %u", g->name, i);
    }
}

static void reference_matches_spec(const golden* g)
{
    for (int e = 0; e < ENC_COUNT; e++) {
        uint32_t es = encoding_size[e];
        vksplit_split_desc d = golden_desc(g, es);
        uint64_t n = ref_element_count(g->rank, g->sizes);
        uint8_t input[MAX_GOLDEN_VALUES * 8 + 1];
        for (uint64_t i = 0; i < n; i++)
            encode((encoding)e, (int)i + 1, input + i * es);
        for (uint32_t i = 0; i < g->output_count; i++) {
            uint8_t got[MAX_GOLDEN_VALUES * 8 + 1], want[MAX_GOLDEN_VALUES * 8 + 1];
            for (uint32_t j = 0; j < g->element_counts[i]; j++)
                encode((encoding)e, g->values[i][j], want + j * es);
            ref_split_output(&d, i, input, got);
            CHECK_MSG(memcmp(got, want, (size_t)g->element_counts[i] * es) == 0, "reference vs spec: %s output %u (%s)",
                      g->name, i, encoding_name[e]);
        }
    }
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    const uint32_t n_goldens = sizeof goldens / sizeof goldens[0];
    static const uint32_t alignments[] = {0, 1, 4};
    static const vksplit_path paths[] = {VKSPLIT_PATH_AUTO, VKSPLIT_PATH_COMPUTE, VKSPLIT_PATH_TRANSFER};

    for (uint32_t gi = 0; gi < n_goldens; gi++) {
        const golden* g = &goldens[gi];
        reference_matches_spec(g);
        for (int e = 0; e < ENC_COUNT; e++)
            for (unsigned a = 0; a < 3; a++)
                for (unsigned p = 0; p < 3; p++)
                    run_golden(runner, g, (encoding)e, alignments[a], paths[p]);

        /* Guarded: offsets, shared buffers, the input beside the outputs. */
        core_rng rng;
        core_rng_seed(&rng, 0x601DE17 + gi);
        for (int e = 0; e < ENC_COUNT; e++)
            for (int layout = CORE_LAYOUT_SEPARATE; layout < CORE_LAYOUT_COUNT; layout++)
                for (unsigned p = 0; p < 3; p++) {
                    core_case c;
                    core_case_init(&c, encoding_size[e], g->rank, g->sizes, g->axis, g->output_count, g->lengths);
                    c.desc.base_alignment = alignments[(unsigned)layout % 3];
                    core_run_options o = {.plan.path = paths[p],
                                          .layout = (core_layout)layout,
                                          .rng = &rng,
                                          .null_empty_bindings = -1,
                                          .label = g->name,
                                          .case_index = -1};
                    core_verdict v = core_run_case(runner, &c, &o);
                    CORE_ACCOUNT(v);
                    core_case_free(&c);
                }
    }

    /* The zero-size example records nothing at all. */
    {
        const golden* g = &goldens[n_goldens - 1];
        vksplit_split_desc d = golden_desc(g, 4);
        vksplit_plan* plan = NULL;
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(vksplit_runner_context(runner), &d, NULL, &plan, &err), &err);
        vksplit_plan_info info;
        memset(&info, 0xFF, sizeof info);
        vksplit_plan_get_info(plan, &info);
        CHECK(info.dispatch_count == 0 && info.copy_command_count == 0 && info.bytes_written == 0);
        CHECK(info.input_span_bytes == 0 && info.output_count == 3);
        vksplit_plan_destroy(plan);
    }
    return test_finish(runner);
}
