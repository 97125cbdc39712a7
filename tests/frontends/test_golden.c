/* Every example of the spec documents, end to end: front-end translation, then the split on
 * the device through the runner (validation layer on), then the bytes compared with the
 * document's expected values and with a CPU reference written here. Also the opset-18 grid
 * and every ONNX element width with NaN payloads and -0.0 in the data. */
#include "test_harness.h"
#include "vksplit/directml.h"
#include "vksplit/onnx.h"
#include "vksplit/openvino.h"

#define MAX_OUTPUTS 16

/* C-order strides in elements. */
static void packed(uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t s = 1;
    for (uint32_t k = rank; k-- > 0;) {
        strides[k] = s;
        s *= sizes[k];
    }
}

/* Runs d on the device and compares every element of every output with the input element it
 * must come from (odometer over the output's indices; strides as given or packed). Returns
 * the outputs (caller frees each) in got when not NULL. */
static void run_and_check(vksplit_runner* runner, const char* name, const vksplit_split_desc* d, const void* input,
                          unsigned char** got)
{
    uint64_t in_span = 0, out_spans[MAX_OUTPUTS];
    vksplit_error err;
    CHECK_MSG(d->output_count <= MAX_OUTPUTS, "%s: too many outputs for the test", name);
    CHECK_RESULT(VKSPLIT_OK, vksplit_split_spans(d, &in_span, out_spans, &err), &err);
    unsigned char* outs[MAX_OUTPUTS];
    for (uint32_t i = 0; i < d->output_count; i++) {
        outs[i] = out_spans[i] ? malloc(out_spans[i]) : NULL;
        if (outs[i])
            memset(outs[i], 0xee, out_spans[i]);
    }
    vksplit_result r = vksplit_runner_split(runner, d, NULL, input, (void* const*)outs, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: runner: %s (%s)", name, vksplit_result_name(r), err.message);

    uint64_t in_strides[VKSPLIT_MAX_RANK];
    if (d->input_strides)
        memcpy(in_strides, d->input_strides, d->rank * sizeof in_strides[0]);
    else
        packed(d->rank, d->sizes, in_strides);
    uint64_t start = 0;
    uint32_t e = d->element_size;
    for (uint32_t i = 0; r == VKSPLIT_OK && i < d->output_count; start += d->split[i], i++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK], idx[VKSPLIT_MAX_RANK] = {0};
        memcpy(sizes, d->sizes, d->rank * sizeof sizes[0]);
        sizes[d->axis] = d->split[i];
        const uint64_t* given = d->output_strides ? d->output_strides[i] : NULL;
        if (given)
            memcpy(strides, given, d->rank * sizeof strides[0]);
        else
            packed(d->rank, sizes, strides);
        int empty = 0;
        for (uint32_t k = 0; k < d->rank; k++)
            empty |= sizes[k] == 0;
        uint64_t mismatches = 0;
        while (!empty) {
            uint64_t src = 0, dst = 0;
            for (uint32_t k = 0; k < d->rank; k++) {
                src += (idx[k] + (k == d->axis ? start : 0)) * in_strides[k];
                dst += idx[k] * strides[k];
            }
            mismatches += memcmp(outs[i] + dst * e, (const unsigned char*)input + src * e, e) != 0;
            uint32_t k = d->rank;
            while (k-- > 0 && ++idx[k] == sizes[k])
                idx[k] = 0;
            if (k == UINT32_MAX)
                break;
        }
        CHECK_MSG(mismatches == 0, "%s: output %u has %llu wrong elements", name, i, (unsigned long long)mismatches);
    }
    for (uint32_t i = 0; i < d->output_count; i++) {
        if (got)
            got[i] = outs[i];
        else
            free(outs[i]);
    }
}

static void free_all(unsigned char** outs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        free(outs[i]);
}

/* --- DirectML ------------------------------------------------------------------------- */
static void directml_examples(vksplit_runner* runner)
{
    float input[12];
    for (int i = 0; i < 12; i++)
        input[i] = (float)(i + 1);
    static const uint32_t in_sizes[4] = {1, 1, 6, 2};
    vksplit_dml_buffer_tensor_desc in_buf = {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, in_sizes, NULL, 48, 0};
    vksplit_dml_tensor_desc in = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &in_buf};
    uint64_t split[3];
    vksplit_dml_split_storage storage;
    memset(&storage, 0, sizeof storage);
    storage.capacity = 3;
    storage.split = split;
    vksplit_split_desc d;
    vksplit_error err;
    unsigned char* got[3];

    /* Example 1: axis 2 into {1,1,2,2}, {1,1,1,2}, {1,1,3,2}. */
    static const uint32_t s0[4] = {1, 1, 2, 2}, s1[4] = {1, 1, 1, 2}, s2[4] = {1, 1, 3, 2};
    vksplit_dml_buffer_tensor_desc ob[3] = {
        {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, s0, NULL, 16, 0},
        {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, s1, NULL, 8, 0},
        {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, s2, NULL, 24, 0}};
    vksplit_dml_tensor_desc outs[3] = {{VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ob[0]}, {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ob[1]},
                                       {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ob[2]}};
    vksplit_dml_split_operator_desc op = {&in, 3, outs, 2};
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&op, VKSPLIT_DML_FEATURE_LEVEL_1_0, &storage, &d, &err), &err);
    run_and_check(runner, "DirectML example 1", &d, input, got);
    static const float e0[4] = {1, 2, 3, 4}, e1[2] = {5, 6}, e2[6] = {7, 8, 9, 10, 11, 12};
    CHECK(memcmp(got[0], e0, sizeof e0) == 0 && memcmp(got[1], e1, sizeof e1) == 0 && memcmp(got[2], e2, sizeof e2) == 0);
    free_all(got, 3);

    /* Example 2: axis 3 into two {1,1,6,1}. */
    static const uint32_t h[4] = {1, 1, 6, 1};
    vksplit_dml_buffer_tensor_desc hb = {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, h, NULL, 24, 0};
    vksplit_dml_tensor_desc halves[2] = {{VKSPLIT_DML_TENSOR_TYPE_BUFFER, &hb}, {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &hb}};
    vksplit_dml_split_operator_desc op2 = {&in, 2, halves, 3};
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&op2, VKSPLIT_DML_FEATURE_LEVEL_1_0, &storage, &d, &err), &err);
    run_and_check(runner, "DirectML example 2", &d, input, got);
    static const float odd[6] = {1, 3, 5, 7, 9, 11}, even[6] = {2, 4, 6, 8, 10, 12};
    CHECK(memcmp(got[0], odd, sizeof odd) == 0 && memcmp(got[1], even, sizeof even) == 0);
    free_all(got, 2);

    /* Strides in elements: a padded input (rows of 4, 2 used) and a padded output. */
    float padded[24];
    for (int i = 0; i < 24; i++)
        padded[i] = i % 4 < 2 ? (float)(i / 4 * 2 + i % 4 + 1) : -1.0f;
    static const uint32_t pad_in[4] = {24, 24, 4, 1}, pad_out[4] = {16, 16, 4, 1};
    vksplit_dml_buffer_tensor_desc pin = {VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, in_sizes, pad_in, 96, 32};
    vksplit_dml_tensor_desc pin_t = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &pin};
    ob[0].Strides = pad_out;
    ob[0].TotalTensorSizeInBytes = 32;
    uint64_t rows[3 * VKSPLIT_MAX_RANK];
    const uint64_t* table[3];
    storage.output_strides = rows;
    storage.output_stride_table = table;
    vksplit_dml_split_operator_desc op3 = {&pin_t, 3, outs, 2};
    CHECK_RESULT(VKSPLIT_OK, vksplit_dml_translate_split(&op3, VKSPLIT_DML_FEATURE_LEVEL_NEWEST, &storage, &d, &err), &err);
    run_and_check(runner, "DirectML strided", &d, padded, got);
    float* f0 = (float*)got[0];
    CHECK(f0[0] == 1 && f0[1] == 2 && f0[4] == 3 && f0[5] == 4);
    CHECK(memcmp(got[2], e2, sizeof e2) == 0);
    free_all(got, 3);
}

/* --- ONNX ----------------------------------------------------------------------------- */
typedef struct onnx_example {
    const char* name;
    uint32_t rank;
    int64_t shape[2];
    int has_axis;
    int64_t axis;
    uint32_t count;             /* 0: no 'split' */
    int64_t split[3];
    uint32_t outputs;           /* the node's outputs */
    float expected[3][8];
} onnx_example;

static const onnx_example onnx_examples[] = {
    {"equal parts 1d", 1, {6}, 1, 0, 0, {0}, 3, {{1, 2}, {3, 4}, {5, 6}}},
    {"variable parts 1d", 1, {6}, 1, 0, 2, {2, 4}, 2, {{1, 2}, {3, 4, 5, 6}}},
    {"equal parts 2d", 2, {2, 6}, 1, 1, 0, {0}, 2, {{1, 2, 3, 7, 8, 9}, {4, 5, 6, 10, 11, 12}}},
    {"variable parts 2d", 2, {2, 6}, 1, 1, 2, {2, 4}, 2, {{1, 2, 7, 8}, {3, 4, 5, 6, 9, 10, 11, 12}}},
    {"equal parts default axis", 1, {6}, 0, 0, 0, {0}, 3, {{1, 2}, {3, 4}, {5, 6}}},
    {"variable parts default axis", 1, {6}, 0, 0, 2, {2, 4}, 2, {{1, 2}, {3, 4, 5, 6}}},
    {"zero size splits", 1, {0}, 0, 0, 3, {0, 0, 0}, 3, {{0}}},
};

static void onnx_examples_at(vksplit_runner* runner, int64_t opset)
{
    static const float data[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    for (size_t x = 0; x < sizeof onnx_examples / sizeof onnx_examples[0]; x++) {
        const onnx_example* ex = &onnx_examples[x];
        vksplit_onnx_split_desc node;
        memset(&node, 0, sizeof node);
        node.opset = opset;
        node.data_type = VKSPLIT_ONNX_FLOAT;
        node.rank = ex->rank;
        node.shape = ex->shape;
        node.axis = ex->has_axis ? ex->axis : 0;
        if (ex->count && opset <= 11) {
            node.has_split_attribute = 1;
            node.split_attribute = ex->split;
            node.split_attribute_count = ex->count;
        } else if (ex->count) {
            node.has_split_input = 1;
            node.split_input_type = VKSPLIT_ONNX_INT64;
            node.split_input = ex->split;
            node.split_input_count = ex->count;
        } else if (opset == 18) {
            node.has_num_outputs = 1;
            node.num_outputs = ex->outputs;
        }
        if (opset != 18 || ex->count)
            node.output_count = ex->outputs;
        uint64_t split[3];
        vksplit_onnx_split_storage storage = {split, 3, {0}};
        vksplit_split_desc d;
        vksplit_error err;
        char name[96];
        snprintf(name, sizeof name, "ONNX Split-%lld %s", (long long)opset, ex->name);
        vksplit_result r = vksplit_onnx_translate_split(&node, &storage, &d, &err);
        CHECK_MSG(r == VKSPLIT_OK, "%s: %s", name, err.message);
        if (r != VKSPLIT_OK)
            continue;
        unsigned char* got[3];
        run_and_check(runner, name, &d, data, got);
        for (uint32_t i = 0; i < d.output_count; i++) {
            uint64_t n = d.split[i] * (ex->rank == 2 ? 2 : 1);
            CHECK_MSG(n == 0 || memcmp(got[i], ex->expected[i], n * 4) == 0, "%s: output %u", name, i);
        }
        free_all(got, d.output_count);
    }
}

static void onnx_uneven(vksplit_runner* runner)
{
    /* test_split_2d_uneven_split_opset18: [2, 8] on axis 1 into 3, 3, 2. */
    float data[16];
    for (int i = 0; i < 16; i++)
        data[i] = (float)(i + 1);
    static const int64_t shape[2] = {2, 8};
    vksplit_onnx_split_desc node;
    memset(&node, 0, sizeof node);
    node.opset = 18;
    node.data_type = VKSPLIT_ONNX_FLOAT;
    node.rank = 2;
    node.shape = shape;
    node.axis = 1;
    node.has_num_outputs = 1;
    node.num_outputs = 3;
    uint64_t split[3];
    vksplit_onnx_split_storage storage = {split, 3, {0}};
    vksplit_split_desc d;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_onnx_translate_split(&node, &storage, &d, &err), &err);
    unsigned char* got[3];
    run_and_check(runner, "ONNX Split-18 2d uneven", &d, data, got);
    static const float a[6] = {1, 2, 3, 9, 10, 11}, b[6] = {4, 5, 6, 12, 13, 14}, c[4] = {7, 8, 15, 16};
    CHECK(memcmp(got[0], a, sizeof a) == 0 && memcmp(got[1], b, sizeof b) == 0 && memcmp(got[2], c, sizeof c) == 0);
    free_all(got, 3);
}

/* Every accepted (dim, n) of the opset-18 grid, on a {2, dim, 3} uint16 tensor. */
static void onnx_grid(vksplit_runner* runner)
{
    uint16_t data[2 * 12 * 3];
    for (int i = 0; i < 72; i++)
        data[i] = (uint16_t)(0x1000 + i);
    int ran = 0;
    for (int64_t dim = 0; dim <= 12; dim++)
        for (int64_t n = 1; n <= 13; n++) {
            int64_t shape[3] = {2, dim, 3};
            vksplit_onnx_split_desc node;
            memset(&node, 0, sizeof node);
            node.opset = 18;
            node.data_type = VKSPLIT_ONNX_UINT16;
            node.rank = 3;
            node.shape = shape;
            node.axis = 1;
            node.has_num_outputs = 1;
            node.num_outputs = n;
            uint64_t split[16];
            vksplit_onnx_split_storage storage = {split, 16, {0}};
            vksplit_split_desc d;
            if (vksplit_onnx_translate_split(&node, &storage, &d, NULL) != VKSPLIT_OK)
                continue; /* the rejections are test_onnx_opset18_grid's business */
            char name[64];
            snprintf(name, sizeof name, "opset-18 grid dim %lld n %lld", (long long)dim, (long long)n);
            run_and_check(runner, name, &d, data, NULL);
            ran++;
        }
    CHECK(ran == 82); /* the accepted (dim, n) pairs of the 13 x 13 grid */
}

/* Every ONNX element width at opset 18, data full of NaN payloads and -0.0 bit patterns. */
static void onnx_widths(vksplit_runner* runner)
{
    static const vksplit_onnx_data_type types[] = {
        VKSPLIT_ONNX_BOOL,   VKSPLIT_ONNX_INT8,   VKSPLIT_ONNX_UINT8,  VKSPLIT_ONNX_INT16,     VKSPLIT_ONNX_UINT16,
        VKSPLIT_ONNX_FLOAT16, VKSPLIT_ONNX_BFLOAT16, VKSPLIT_ONNX_INT32, VKSPLIT_ONNX_UINT32,  VKSPLIT_ONNX_FLOAT,
        VKSPLIT_ONNX_INT64,  VKSPLIT_ONNX_UINT64, VKSPLIT_ONNX_DOUBLE, VKSPLIT_ONNX_COMPLEX64, VKSPLIT_ONNX_COMPLEX128,
    };
    static const unsigned char patterns[][8] = {
        {0x01, 0x00, 0xc0, 0x7f, 0, 0, 0, 0},       /* float NaN with payload 1 */
        {0x00, 0x00, 0x00, 0x80, 0, 0, 0, 0},       /* float -0.0 */
        {0x01, 0x7c, 0, 0, 0, 0, 0, 0},             /* half signalling NaN */
        {0x00, 0x80, 0, 0, 0, 0, 0, 0},             /* half -0.0 */
        {0x01, 0, 0, 0, 0, 0, 0xf8, 0x7f},          /* double NaN with payload */
        {0, 0, 0, 0, 0, 0, 0, 0x80},                /* double -0.0 */
    };
    unsigned char data[5 * 7 * 16];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = patterns[(i / 8) % 6][i % 8] ^ (unsigned char)(i / 48);
    static const int64_t shape[2] = {5, 7};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        for (int64_t axis = -2; axis <= 1; axis++) {
            vksplit_onnx_split_desc node;
            memset(&node, 0, sizeof node);
            node.opset = 18;
            node.data_type = types[t];
            node.rank = 2;
            node.shape = shape;
            node.axis = axis;
            node.has_num_outputs = 1;
            node.num_outputs = 3;
            uint64_t split[3];
            vksplit_onnx_split_storage storage = {split, 3, {0}};
            vksplit_split_desc d;
            vksplit_error err;
            CHECK_RESULT(VKSPLIT_OK, vksplit_onnx_translate_split(&node, &storage, &d, &err), &err);
            char name[64];
            snprintf(name, sizeof name, "tensor(%s) axis %lld", vksplit_onnx_data_type_name(types[t]), (long long)axis);
            run_and_check(runner, name, &d, data, NULL);
        }
}

/* --- OpenVINO ------------------------------------------------------------------------- */
static void openvino_examples(vksplit_runner* runner)
{
    static const uint64_t shape[4] = {6, 12, 10, 24};
    size_t count = 6 * 12 * 10 * 24;
    float* data = malloc(count * sizeof *data);
    for (size_t i = 0; i < count; i++)
        data[i] = (float)i;
    int32_t axis = 1;
    vksplit_ov_split_desc op = {VKSPLIT_OV_F32, 4, shape, {VKSPLIT_OV_I32, 0, 0, &axis}, 3};
    uint64_t split[3];
    vksplit_ov_split_storage storage = {split, 3, {0}};
    vksplit_split_desc d;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_ov_translate_split(&op, &storage, &d, &err), &err);
    CHECK(d.output_count == 3 && split[0] == 4 && split[1] == 4 && split[2] == 4);
    unsigned char* got[3];
    run_and_check(runner, "OpenVINO Split-1 example", &d, data, got);
    /* Output 1 starts at data[c=4]: element (n=0, c=0, h=0, w=0) of output 1 is 4 * 240. */
    CHECK(((float*)got[1])[0] == 960.0f && ((float*)got[2])[4 * 240] == (float)(1 * 2880 + 8 * 240));
    free_all(got, 3);

    int64_t lengths[3] = {2, -1, 3};
    int64_t axis64 = -3;
    vksplit_ov_variadic_split_desc v = {VKSPLIT_OV_F32, 4, shape, {VKSPLIT_OV_I64, 0, 0, &axis64},
                                        {VKSPLIT_OV_I64, 1, 3, lengths}};
    CHECK_RESULT(VKSPLIT_OK, vksplit_ov_translate_variadic_split(&v, &storage, &d, &err), &err);
    CHECK(d.axis == 1 && split[0] == 2 && split[1] == 7 && split[2] == 3);
    run_and_check(runner, "OpenVINO VariadicSplit-1", &d, data, NULL);
    free(data);
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    directml_examples(runner);
    static const int64_t opsets[] = {1, 2, 11, 13, 18};
    for (size_t i = 0; i < sizeof opsets / sizeof opsets[0]; i++)
        onnx_examples_at(runner, opsets[i]);
    onnx_uneven(runner);
    onnx_grid(runner);
    onnx_widths(runner);
    openvino_examples(runner);
    return test_finish(runner);
}
