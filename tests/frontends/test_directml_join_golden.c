/* DML_JOIN_OPERATOR_DESC end to end: every example of its page ("DML_JOIN_OPERATOR_DESC
 * structure (directml.h)",
 * https://learn.microsoft.com/windows/win32/api/directml/ns-directml-dml_join_operator_desc),
 * translated by the DirectML front-end and joined on the device by the runner's one-shot
 * vksplit_runner_join (validation layer on), on the compute path and on the one the planner
 * picks. The expectation is built from the front-end's struct, never from the translated
 * vksplit_join_desc, so that a stride or length bug in the translation cannot copy itself into
 * it: DirectML puts element i of a buffer tensor at sum(i_k * Strides_k) elements (Strides
 * NULL: packed), and output element i is element i - start of the input whose range along
 * Axis holds i (the inputs in order). Every output element is compared byte for byte, and the
 * page's own output values as well. Then what the page's tables allow besides FLOAT32 4-D:
 * strided, broadcast and OWNED_BY_DML inputs, a padded output, 5-D INT8 at
 * DML_FEATURE_LEVEL_3_0, 1-D INT64 and 8-D FLOAT16 at 4_1. */
#include "test_harness.h"
#include "vksplit/directml.h"

#define MAX_INPUTS 4

static const vksplit_path paths[2] = {VKSPLIT_PATH_COMPUTE, VKSPLIT_PATH_AUTO};

/* A buffer tensor as its DirectML struct lays it out, in elements. */
typedef struct layout {
    uint32_t rank, element_size;
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
} layout;

static void dml_layout(const vksplit_dml_buffer_tensor_desc* t, layout* l)
{
    memset(l, 0, sizeof *l);
    l->rank = t->DimensionCount;
    l->element_size = vksplit_dml_data_type_size(t->DataType);
    uint64_t packed = 1;
    for (uint32_t k = t->DimensionCount; k-- > 0;) {
        l->sizes[k] = t->Sizes[k];
        l->strides[k] = t->Strides ? t->Strides[k] : packed;
        packed *= t->Sizes[k];
    }
}

static uint64_t byte_offset(const layout* l, const uint64_t* idx)
{
    uint64_t e = 0;
    for (uint32_t k = 0; k < l->rank; k++)
        e += idx[k] * l->strides[k];
    return e * l->element_size;
}

/* Bytes from the first element to one past the last (DirectML sizes are never 0). */
static uint64_t span_bytes(const layout* l)
{
    uint64_t last[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < l->rank; k++)
        last[k] = l->sizes[k] - 1;
    return byte_offset(l, last) + l->element_size;
}

/* The next index in C order; 0 after the last. */
static int next_index(const layout* l, uint64_t* idx)
{
    for (uint32_t k = l->rank; k-- > 0;) {
        if (++idx[k] < l->sizes[k])
            return 1;
        idx[k] = 0;
    }
    return 0;
}

static uint64_t element_count(const layout* l)
{
    uint64_t n = 1;
    for (uint32_t k = 0; k < l->rank; k++)
        n *= l->sizes[k];
    return n;
}

/* One join: the operator, and each input's bytes in its own layout (input_span_bytes each). */
typedef struct join_case {
    const char* name;
    const vksplit_dml_join_operator_desc* op;
    vksplit_dml_feature_level level;
    const unsigned char* inputs[MAX_INPUTS];
} join_case;

/* Translates c->op, checks the spans against the struct's layouts, joins on each path and
 * compares every output element with the rule; returns the output's elements packed in C
 * order (caller frees), or NULL when something failed before the comparison. */
static unsigned char* run_join(vksplit_runner* runner, const join_case* c)
{
    const vksplit_dml_join_operator_desc* op = c->op;
    uint64_t lengths[MAX_INPUTS], rows[MAX_INPUTS * VKSPLIT_MAX_RANK];
    const uint64_t* table[MAX_INPUTS];
    vksplit_dml_join_storage storage = {MAX_INPUTS, lengths, rows, table, {0}, {0}};
    vksplit_join_desc d;
    vksplit_error err = {0};
    vksplit_result r = vksplit_dml_translate_join(op, c->level, &storage, &d, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: %s: %s", c->name, vksplit_result_name(r), err.message);
    if (r != VKSPLIT_OK || op->InputCount > MAX_INPUTS)
        return NULL;

    /* The spans the device reads and writes are exactly what the struct's layouts reach, and
     * each tensor's TotalTensorSizeInBytes holds them. */
    layout out, in[MAX_INPUTS];
    const vksplit_dml_buffer_tensor_desc* whole = op->OutputTensor->Desc;
    dml_layout(whole, &out);
    uint64_t out_span = 0, in_spans[MAX_INPUTS];
    r = vksplit_join_spans(&d, &out_span, in_spans, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: vksplit_join_spans: %s", c->name, err.message);
    if (r != VKSPLIT_OK)
        return NULL;
    int ok = out_span == span_bytes(&out) && out_span <= whole->TotalTensorSizeInBytes;
    CHECK_MSG(ok, "%s: output span %llu, the struct's layout reaches %llu", c->name, (unsigned long long)out_span,
              (unsigned long long)span_bytes(&out));
    uint64_t start[MAX_INPUTS], at = 0;
    for (uint32_t i = 0; i < op->InputCount; i++) {
        const vksplit_dml_buffer_tensor_desc* t = op->InputTensors[i].Desc;
        dml_layout(t, &in[i]);
        start[i] = at;
        at += t->Sizes[op->Axis];
        int fits = in_spans[i] == span_bytes(&in[i]) && in_spans[i] <= t->TotalTensorSizeInBytes;
        CHECK_MSG(fits, "%s: input %u span %llu, the struct's layout reaches %llu", c->name, i,
                  (unsigned long long)in_spans[i], (unsigned long long)span_bytes(&in[i]));
        ok = ok && fits;
    }
    if (!ok)
        return NULL;

    /* The rule: output element idx is input i's element idx - start[i] on the axis. */
    const uint32_t e = out.element_size;
    const uint64_t n = element_count(&out);
    unsigned char* want = malloc(n * e);
    uint64_t idx[VKSPLIT_MAX_RANK] = {0}, j = 0;
    do {
        uint32_t i = 0;
        while (i + 1 < op->InputCount && idx[op->Axis] >= start[i + 1])
            i++;
        uint64_t src[VKSPLIT_MAX_RANK];
        memcpy(src, idx, sizeof src);
        src[op->Axis] -= start[i];
        memcpy(want + j++ * e, c->inputs[i] + byte_offset(&in[i], src), e);
    } while (next_index(&out, idx));

    unsigned char* got = malloc(n * e);
    unsigned char* output = malloc(out_span);
    for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++) {
        vksplit_plan_options options = {.path = paths[p]};
        memset(output, 0xa5, out_span);
        memset(&err, 0, sizeof err);
        r = vksplit_runner_join(runner, &d, &options, (const void* const*)c->inputs, output, &err);
        CHECK_MSG(r == VKSPLIT_OK, "%s (path %d): vksplit_runner_join: %s: %s", c->name, (int)paths[p],
                  vksplit_result_name(r), err.message);
        if (r != VKSPLIT_OK)
            continue;
        memset(idx, 0, sizeof idx);
        j = 0;
        do
            memcpy(got + j++ * e, output + byte_offset(&out, idx), e);
        while (next_index(&out, idx));
        uint64_t bad = 0;
        for (uint64_t k = 0; k < n * e; k++)
            bad += got[k] != want[k];
        CHECK_MSG(bad == 0, "%s (path %d): %llu output byte(s) differ from the page's rule", c->name, (int)paths[p],
                  (unsigned long long)bad);
    }
    free(output);
    free(want);
    return got;
}

/* Input i's bytes for a layout: element values first (packed, C order) placed at their
 * strides, the bytes between them a filler. */
static unsigned char* place(const vksplit_dml_buffer_tensor_desc* t, const void* packed)
{
    layout l;
    dml_layout(t, &l);
    uint64_t span = span_bytes(&l);
    unsigned char* bytes = malloc(span);
    memset(bytes, 0xee, span);
    uint64_t idx[VKSPLIT_MAX_RANK] = {0}, j = 0;
    do
        memcpy(bytes + byte_offset(&l, idx), (const unsigned char*)packed + j++ * l.element_size, l.element_size);
    while (next_index(&l, idx));
    return bytes;
}

static vksplit_dml_buffer_tensor_desc f32(const uint32_t* sizes)
{
    vksplit_dml_buffer_tensor_desc b = {
        VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, sizes, NULL, 0, 0};
    uint64_t n = 4;
    for (int k = 0; k < 4; k++)
        n *= sizes[k];
    b.TotalTensorSizeInBytes = n;
    return b;
}

static void check_values(const char* name, const unsigned char* got, const float* want, size_t count)
{
    CHECK_MSG(got && memcmp(got, want, count * sizeof *want) == 0, "%s: the output is not the page's", name);
}

/* Example 1: {1,1,2,3} and {1,1,2,4} joined on axis 3, the only axis where they can be. */
static void example1(vksplit_runner* runner)
{
    static const uint32_t s0[4] = {1, 1, 2, 3}, s1[4] = {1, 1, 2, 4}, so[4] = {1, 1, 2, 7};
    static const float a[6] = {1, 2, 3, 4, 5, 6}, b[8] = {7, 8, 9, 10, 11, 12, 13, 14};
    static const float want[14] = {1, 2, 3, 7, 8, 9, 10, 4, 5, 6, 11, 12, 13, 14};
    vksplit_dml_buffer_tensor_desc ib[2] = {f32(s0), f32(s1)}, ob = f32(so);
    vksplit_dml_tensor_desc in[2] = {{VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ib[0]},
                                     {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ib[1]}};
    vksplit_dml_tensor_desc out = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ob};
    vksplit_dml_join_operator_desc op = {2, in, &out, 3};
    join_case c = {"DirectML Join example 1",
                   &op,
                   VKSPLIT_DML_FEATURE_LEVEL_1_0,
                   {(const unsigned char*)a, (const unsigned char*)b}};
    unsigned char* got = run_join(runner, &c);
    check_values(c.name, got, want, 14);
    free(got);

    /* The same with strides: input 0 column-major ({.., 1, 3}: its 2 x 3 transposed), input 1
     * broadcast along its rows (Strides 0 on axis 2: both rows read row 0) and owned by DML,
     * the output in rows of 8 (a hole after each) with 32-byte alignment. */
    static const uint32_t col[4] = {6, 6, 1, 2}, bcast[4] = {4, 4, 0, 1}, padded[4] = {16, 16, 8, 1};
    ib[0].Strides = col;
    ib[1].Strides = bcast;
    ib[1].Flags = VKSPLIT_DML_TENSOR_FLAG_OWNED_BY_DML;
    ib[1].TotalTensorSizeInBytes = 16;
    ob.Strides = padded;
    ob.TotalTensorSizeInBytes = 64;
    ob.GuaranteedBaseOffsetAlignment = 32;
    static const float want_strided[14] = {1, 2, 3, 7, 8, 9, 10, 4, 5, 6, 7, 8, 9, 10};
    c.name = "DirectML Join example 1, strided";
    c.level = VKSPLIT_DML_FEATURE_LEVEL_NEWEST;
    unsigned char* column_major = place(&ib[0], a); /* element (r, c) at c * 2 + r: 1, 4, 2, 5, 3, 6 */
    c.inputs[0] = column_major;
    got = run_join(runner, &c);
    check_values(c.name, got, want_strided, 14);
    free(got);
    free(column_major);
}

/* Example 2: three {1,1,2,2} joined on axes 1, 2 and 3. */
static void example2(vksplit_runner* runner)
{
    static const uint32_t part[4] = {1, 1, 2, 2};
    static const float a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8}, c3[4] = {9, 10, 11, 12};
    static const uint32_t axis_sizes[3][4] = {{1, 3, 2, 2}, {1, 1, 6, 2}, {1, 1, 2, 6}};
    static const float in_order[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    static const float axis3[12] = {1, 2, 5, 6, 9, 10, 3, 4, 7, 8, 11, 12};
    const float* wants[3] = {in_order, in_order, axis3};
    static const char* names[3] = {"DirectML Join example 2, axis 1", "DirectML Join example 2, axis 2",
                                   "DirectML Join example 2, axis 3"};
    vksplit_dml_buffer_tensor_desc ib = f32(part);
    vksplit_dml_tensor_desc in[3] = {{VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ib},
                                     {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ib},
                                     {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ib}};
    for (uint32_t axis = 1; axis <= 3; axis++) {
        vksplit_dml_buffer_tensor_desc ob = f32(axis_sizes[axis - 1]);
        vksplit_dml_tensor_desc out = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ob};
        vksplit_dml_join_operator_desc op = {3, in, &out, axis};
        join_case c = {names[axis - 1],
                       &op,
                       VKSPLIT_DML_FEATURE_LEVEL_1_0,
                       {(const unsigned char*)a, (const unsigned char*)b, (const unsigned char*)c3}};
        unsigned char* got = run_join(runner, &c);
        check_values(c.name, got, wants[axis - 1], 12);
        free(got);
    }
    /* "Joining a single input tensor simply produces a copy of the input tensor." */
    vksplit_dml_tensor_desc out = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ib};
    vksplit_dml_join_operator_desc op = {1, in, &out, 2};
    join_case c = {"DirectML Join, one input: a copy", &op, VKSPLIT_DML_FEATURE_LEVEL_1_0, {(const unsigned char*)b}};
    unsigned char* got = run_join(runner, &c);
    check_values(c.name, got, b, 4);
    free(got);
}

/* A byte pattern, distinct per input and element. */
static unsigned char* pattern(uint32_t input, uint64_t bytes)
{
    unsigned char* p = malloc(bytes);
    for (uint64_t k = 0; k < bytes; k++)
        p[k] = (unsigned char)(0x11 * (input + 1) + k * 7 + (k >> 8));
    return p;
}

/* Beyond FLOAT32 4-D, as the page's tables allow: 5-D INT8 at 3_0 (4 to 5 dimensions there),
 * 1-D INT64 and 8-D FLOAT16 at 4_1 (1 to 8, 64-bit types). */
static void tables(vksplit_runner* runner)
{
    static const struct {
        const char* name;
        vksplit_dml_tensor_data_type type;
        vksplit_dml_feature_level level;
        uint32_t rank, axis, count;
        uint32_t sizes[VKSPLIT_MAX_RANK], lengths[3];
    } cases[] = {
        {"DirectML Join INT8 5-D at 3_0",
         VKSPLIT_DML_TENSOR_DATA_TYPE_INT8,
         VKSPLIT_DML_FEATURE_LEVEL_3_0,
         5,
         3,
         3,
         {2, 1, 3, 0, 5},
         {1, 3, 2}},
        {"DirectML Join INT64 1-D at 4_1",
         VKSPLIT_DML_TENSOR_DATA_TYPE_INT64,
         VKSPLIT_DML_FEATURE_LEVEL_4_1,
         1,
         0,
         3,
         {0},
         {3, 1, 2}},
        {"DirectML Join FLOAT16 8-D at 4_1",
         VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT16,
         VKSPLIT_DML_FEATURE_LEVEL_4_1,
         8,
         5,
         2,
         {2, 1, 2, 1, 3, 0, 1, 3},
         {2, 5}},
    };
    vksplit_error err;
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        uint32_t part_sizes[3][VKSPLIT_MAX_RANK], whole_sizes[VKSPLIT_MAX_RANK];
        vksplit_dml_buffer_tensor_desc ib[3], ob;
        vksplit_dml_tensor_desc in[3];
        unsigned char* bytes[3] = {NULL, NULL, NULL};
        uint32_t es = vksplit_dml_data_type_size(cases[t].type), sum = 0;
        for (uint32_t i = 0; i < cases[t].count; i++) {
            memcpy(part_sizes[i], cases[t].sizes, sizeof part_sizes[i]);
            part_sizes[i][cases[t].axis] = cases[t].lengths[i];
            sum += cases[t].lengths[i];
            ib[i] = (vksplit_dml_buffer_tensor_desc){
                cases[t].type, VKSPLIT_DML_TENSOR_FLAG_NONE, cases[t].rank, part_sizes[i], NULL, 0, 0};
            CHECK_RESULT(VKSPLIT_OK,
                         vksplit_dml_calc_buffer_tensor_size(cases[t].type, cases[t].rank, part_sizes[i], NULL,
                                                             &ib[i].TotalTensorSizeInBytes, &err),
                         &err);
            in[i] = (vksplit_dml_tensor_desc){VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ib[i]};
            layout l;
            dml_layout(&ib[i], &l);
            bytes[i] = pattern(i, element_count(&l) * es);
        }
        memcpy(whole_sizes, cases[t].sizes, sizeof whole_sizes);
        whole_sizes[cases[t].axis] = sum;
        ob = (vksplit_dml_buffer_tensor_desc){
            cases[t].type, VKSPLIT_DML_TENSOR_FLAG_NONE, cases[t].rank, whole_sizes, NULL, 0, 0};
        CHECK_RESULT(VKSPLIT_OK,
                     vksplit_dml_calc_buffer_tensor_size(cases[t].type, cases[t].rank, whole_sizes, NULL,
                                                         &ob.TotalTensorSizeInBytes, &err),
                     &err);
        vksplit_dml_tensor_desc out = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ob};
        vksplit_dml_join_operator_desc op = {cases[t].count, in, &out, cases[t].axis};
        join_case c = {cases[t].name, &op, cases[t].level, {bytes[0], bytes[1], bytes[2]}};
        free(run_join(runner, &c));
        for (uint32_t i = 0; i < 3; i++)
            free(bytes[i]);
    }
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    example1(runner);
    example2(runner);
    tables(runner);
    return test_finish(runner);
}
