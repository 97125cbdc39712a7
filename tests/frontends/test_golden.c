/* Every example of the spec documents, end to end: front-end translation, then the split on
 * the device (validation layer on), then every byte of one guarded buffer compared with what
 * the document's own rules say. The expectation is built from the front-end's struct, never
 * from the translated vksplit_split_desc, so that a stride or length bug in a translation
 * cannot copy itself into the expectation: DirectML puts element i of a buffer tensor at
 * sum(i_k * Strides_k) elements (Strides NULL: packed), ONNX and OpenVINO tensors are packed
 * in C order, and output lengths come from each document's rule. Output elements must hold
 * the input's; every other byte (guards, holes between strided elements, a DirectML
 * tensor's TotalTensorSizeInBytes past its last element) must keep its guard value, and the
 * input must be unchanged. The documents' expected values are checked as well.
 * Also: DirectML inputs that broadcast (Strides entries of 0), ONNX Runtime's negative-axis
 * cases at Split-1 and -2, the opset-18 grid, and every ONNX element width with NaN payloads
 * and -0.0 in the data. */
#include "frontend_support.h"
#include "reference.h"
#include "vksplit/directml.h"
#include "vksplit/onnx.h"
#include "vksplit/openvino.h"

#define MAX_OUTPUTS 16
#define GUARD 256u                /* bytes before, between and after the tensors; a multiple of every alignment */
#define MAX_TEST_BYTES (1u << 24) /* all tensors of one split together */

/* C-order strides in elements. */
static void packed(uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t s = 1;
    for (uint32_t k = rank; k-- > 0;) {
        strides[k] = s;
        s *= sizes[k];
    }
}

static uint64_t product(uint32_t rank, const uint64_t* sizes)
{
    uint64_t n = 1;
    for (uint32_t k = 0; k < rank; k++)
        n *= sizes[k];
    return n;
}

/* The split as a spec document describes it: every tensor's sizes and strides in elements,
 * its bytes, and where each output starts along the axis. */
typedef struct spec_split {
    uint32_t element_size, rank, axis, output_count;
    uint64_t in_sizes[VKSPLIT_MAX_RANK], in_strides[VKSPLIT_MAX_RANK];
    uint64_t in_bytes; /* the input tensor's bytes (DirectML: TotalTensorSizeInBytes) */
    uint64_t out_sizes[MAX_OUTPUTS][VKSPLIT_MAX_RANK], out_strides[MAX_OUTPUTS][VKSPLIT_MAX_RANK];
    uint64_t out_bytes[MAX_OUTPUTS];
    uint64_t out_start[MAX_OUTPUTS];
} spec_split;

/* Packed input and outputs (ONNX, OpenVINO): lengths[i] along the axis. */
static void spec_packed(spec_split* s, uint32_t element_size, uint32_t rank, const uint64_t* shape, uint32_t axis,
                        uint32_t output_count, const uint64_t* lengths)
{
    memset(s, 0, sizeof *s);
    s->element_size = element_size;
    s->rank = rank;
    s->axis = axis;
    s->output_count = output_count;
    memcpy(s->in_sizes, shape, rank * sizeof shape[0]);
    packed(rank, s->in_sizes, s->in_strides);
    s->in_bytes = product(rank, s->in_sizes) * element_size;
    uint64_t start = 0;
    for (uint32_t i = 0; i < output_count && i < MAX_OUTPUTS; i++) {
        memcpy(s->out_sizes[i], shape, rank * sizeof shape[0]);
        s->out_sizes[i][axis] = lengths[i];
        packed(rank, s->out_sizes[i], s->out_strides[i]);
        s->out_bytes[i] = product(rank, s->out_sizes[i]) * element_size;
        s->out_start[i] = start;
        start += lengths[i];
    }
}

/* --- what each document says ---------------------------------------------------------- */

/* DML_TENSOR_DATA_TYPE's widths. */
static uint32_t dml_element_size(vksplit_dml_tensor_data_type t)
{
    switch (t) {
    case VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT64:
    case VKSPLIT_DML_TENSOR_DATA_TYPE_UINT64:
    case VKSPLIT_DML_TENSOR_DATA_TYPE_INT64: return 8;
    case VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32:
    case VKSPLIT_DML_TENSOR_DATA_TYPE_UINT32:
    case VKSPLIT_DML_TENSOR_DATA_TYPE_INT32: return 4;
    case VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT16:
    case VKSPLIT_DML_TENSOR_DATA_TYPE_UINT16:
    case VKSPLIT_DML_TENSOR_DATA_TYPE_INT16: return 2;
    case VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8:
    case VKSPLIT_DML_TENSOR_DATA_TYPE_INT8: return 1;
    default: return 0;
    }
}

/* A buffer tensor: element i at sum(i_k * Strides_k) elements; Strides NULL is packed. */
static void dml_layout(const vksplit_dml_buffer_tensor_desc* t, uint64_t* sizes, uint64_t* strides)
{
    for (uint32_t k = 0; k < t->DimensionCount; k++)
        sizes[k] = t->Sizes[k];
    if (t->Strides)
        for (uint32_t k = 0; k < t->DimensionCount; k++)
            strides[k] = t->Strides[k];
    else
        packed(t->DimensionCount, sizes, strides);
}

/* DML_SPLIT_OPERATOR_DESC: outputs in order along Axis, each tensor in its own layout. */
static void spec_from_dml(const vksplit_dml_split_operator_desc* op, spec_split* s)
{
    const vksplit_dml_buffer_tensor_desc* in = op->InputTensor->Desc;
    memset(s, 0, sizeof *s);
    s->element_size = dml_element_size(in->DataType);
    s->rank = in->DimensionCount;
    s->axis = op->Axis;
    s->output_count = op->OutputCount;
    dml_layout(in, s->in_sizes, s->in_strides);
    s->in_bytes = in->TotalTensorSizeInBytes;
    uint64_t start = 0;
    for (uint32_t i = 0; i < op->OutputCount && i < MAX_OUTPUTS; i++) {
        const vksplit_dml_buffer_tensor_desc* o = op->OutputTensors[i].Desc;
        dml_layout(o, s->out_sizes[i], s->out_strides[i]);
        s->out_bytes[i] = o->TotalTensorSizeInBytes;
        s->out_start[i] = start;
        start += o->Sizes[op->Axis];
    }
}

/* TensorProto.DataType's widths. */
static uint32_t onnx_element_size(vksplit_onnx_data_type t)
{
    switch (t) {
    case VKSPLIT_ONNX_BOOL:
    case VKSPLIT_ONNX_INT8:
    case VKSPLIT_ONNX_UINT8: return 1;
    case VKSPLIT_ONNX_INT16:
    case VKSPLIT_ONNX_UINT16:
    case VKSPLIT_ONNX_FLOAT16:
    case VKSPLIT_ONNX_BFLOAT16: return 2;
    case VKSPLIT_ONNX_INT32:
    case VKSPLIT_ONNX_UINT32:
    case VKSPLIT_ONNX_FLOAT: return 4;
    case VKSPLIT_ONNX_INT64:
    case VKSPLIT_ONNX_UINT64:
    case VKSPLIT_ONNX_DOUBLE:
    case VKSPLIT_ONNX_COMPLEX64: return 8;
    case VKSPLIT_ONNX_COMPLEX128: return 16;
    default: return 0;
    }
}

/* ONNX Split: negative axis counts from the back; lengths from 'split' (the attribute, or the
 * int64 input), else at 18 num_outputs parts of ceil(dim / n) with the last taking what is
 * left, else equal parts for the node's outputs. */
static void spec_from_onnx(const vksplit_onnx_split_desc* node, spec_split* s)
{
    uint64_t shape[VKSPLIT_MAX_RANK], lengths[MAX_OUTPUTS] = {0};
    for (uint32_t k = 0; k < node->rank; k++)
        shape[k] = (uint64_t)node->shape[k];
    uint32_t axis = (uint32_t)(node->axis < 0 ? node->axis + node->rank : node->axis);
    uint64_t dim = shape[axis];
    uint32_t n = 0;
    if (node->has_split_attribute || node->has_split_input) {
        const int64_t* given = node->has_split_attribute ? node->split_attribute : node->split_input;
        n = node->has_split_attribute ? node->split_attribute_count : node->split_input_count;
        for (uint32_t i = 0; i < n && i < MAX_OUTPUTS; i++)
            lengths[i] = (uint64_t)given[i];
    } else if (node->has_num_outputs) {
        n = (uint32_t)node->num_outputs;
        uint64_t chunk = (dim + n - 1) / n;
        for (uint32_t i = 0; i < n && i < MAX_OUTPUTS; i++)
            lengths[i] = i + 1 < n ? chunk : dim - chunk * (n - 1);
    } else {
        n = node->output_count;
        for (uint32_t i = 0; i < n && i < MAX_OUTPUTS; i++)
            lengths[i] = dim / n;
    }
    spec_packed(s, onnx_element_size(node->data_type), node->rank, shape, axis, n, lengths);
}

/* An OpenVINO integer constant's element (the tests use i32 and i64). */
static int64_t ov_value(const vksplit_ov_constant* c, uint64_t i)
{
    if (c->element_type == VKSPLIT_OV_I32) {
        int32_t v;
        memcpy(&v, (const char*)c->data + i * 4, 4);
        return v;
    }
    int64_t v;
    memcpy(&v, (const char*)c->data + i * 8, 8);
    return v;
}

static uint32_t ov_element_size(vksplit_ov_element_type t)
{
    switch (t) {
    case VKSPLIT_OV_BOOLEAN:
    case VKSPLIT_OV_I8:
    case VKSPLIT_OV_U8: return 1;
    case VKSPLIT_OV_BF16:
    case VKSPLIT_OV_F16:
    case VKSPLIT_OV_I16:
    case VKSPLIT_OV_U16: return 2;
    case VKSPLIT_OV_F32:
    case VKSPLIT_OV_I32:
    case VKSPLIT_OV_U32: return 4;
    case VKSPLIT_OV_F64:
    case VKSPLIT_OV_I64:
    case VKSPLIT_OV_U64: return 8;
    default: return 0;
    }
}

/* Split-1: num_splits equal parts of data.shape[axis]. */
static void spec_from_ov_split(const vksplit_ov_split_desc* op, spec_split* s)
{
    int64_t axis = ov_value(&op->axis, 0);
    uint32_t a = (uint32_t)(axis < 0 ? axis + op->rank : axis);
    uint64_t lengths[MAX_OUTPUTS];
    for (uint64_t i = 0; i < op->num_splits && i < MAX_OUTPUTS; i++)
        lengths[i] = op->shape[a] / op->num_splits;
    spec_packed(s, ov_element_size(op->element_type), op->rank, op->shape, a, (uint32_t)op->num_splits, lengths);
}

/* VariadicSplit-1: split_lengths, a -1 taking what the others leave. */
static void spec_from_ov_variadic(const vksplit_ov_variadic_split_desc* op, spec_split* s)
{
    int64_t axis = ov_value(&op->axis, 0);
    uint32_t a = (uint32_t)(axis < 0 ? axis + op->rank : axis);
    uint64_t n = op->split_lengths.length, lengths[MAX_OUTPUTS], known = 0;
    for (uint64_t i = 0; i < n && i < MAX_OUTPUTS; i++)
        if (ov_value(&op->split_lengths, i) >= 0)
            known += (uint64_t)ov_value(&op->split_lengths, i);
    for (uint64_t i = 0; i < n && i < MAX_OUTPUTS; i++) {
        int64_t v = ov_value(&op->split_lengths, i);
        lengths[i] = v < 0 ? op->shape[a] - known : (uint64_t)v;
    }
    spec_packed(s, ov_element_size(op->element_type), op->rank, op->shape, a, (uint32_t)n, lengths);
}

/* --- the device, against the spec ------------------------------------------------------ */

static uint8_t guard_byte(uint64_t position) { return (uint8_t)(0xA5u ^ (position * 0x3Du) ^ (position >> 8)); }

static uint64_t round_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

typedef struct split_run {
    const vksplit_plan* plan;
    vksplit_binding input;
    vksplit_binding outputs[MAX_OUTPUTS];
    vksplit_arguments arguments;
    vksplit_result result;
    vksplit_error error;
} split_run;

static vksplit_result record(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    split_run* run = user;
    (void)error;
    vksplit_bindings b = {.whole = run->input, .parts = run->outputs, .arguments = run->arguments};
    run->result = vksplit_cmd_record(run->plan, cmd, &b, &run->error);
    return VKSPLIT_OK;
}

/* What a byte of the test's buffer is, for a failure report. */
static void describe(const spec_split* s, uint64_t in_offset, const uint64_t* out_offset, uint64_t position)
{
    if (position >= in_offset && position < in_offset + s->in_bytes) {
        fprintf(stderr, "input byte %llu", (unsigned long long)(position - in_offset));
        return;
    }
    for (uint32_t i = 0; i < s->output_count; i++)
        if (position >= out_offset[i] && position < out_offset[i] + s->out_bytes[i]) {
            fprintf(stderr, "output %u byte %llu", i, (unsigned long long)(position - out_offset[i]));
            return;
        }
    fprintf(stderr, "guard");
}

/* The translation must cover exactly the bytes the spec's layout reaches (and the spec's
 * tensors must hold them), or the device would write where the spec has no bytes. */
static int spans_match(const char* name, const spec_split* s, const vksplit_split_desc* d)
{
    uint64_t in_span = 0, out_spans[MAX_OUTPUTS];
    vksplit_error err;
    memset(&err, 0, sizeof err);
    vksplit_result r = vksplit_split_spans(d, &in_span, out_spans, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: vksplit_split_spans: %s", name, err.message);
    if (r != VKSPLIT_OK)
        return 0;
    int ok = 1;
    uint64_t want = ref_span_bytes(s->rank, s->in_sizes, s->in_strides, s->element_size);
    CHECK_MSG(want <= s->in_bytes, "%s: the test's input tensor is too small", name);
    if (in_span != want) {
        ok = 0;
        CHECK_MSG(in_span == want, "%s: input span %llu bytes, the spec's layout reaches %llu", name,
                  (unsigned long long)in_span, (unsigned long long)want);
    }
    for (uint32_t i = 0; ok && i < s->output_count; i++) {
        want = ref_span_bytes(s->rank, s->out_sizes[i], s->out_strides[i], s->element_size);
        CHECK_MSG(want <= s->out_bytes[i], "%s: the test's output %u is too small", name, i);
        if (out_spans[i] != want) {
            ok = 0;
            CHECK_MSG(out_spans[i] == want, "%s: output %u span %llu bytes, the spec's layout reaches %llu", name, i,
                      (unsigned long long)out_spans[i], (unsigned long long)want);
        }
    }
    return ok;
}

/* The spec's rule, into image (the input already at in_offset): output i's element idx is
 * the input's element idx + (out_start[i] on the axis), each at its tensor's strides. */
static void spec_outputs(const spec_split* s, uint64_t in_offset, const uint64_t* out_offset, unsigned char* image)
{
    uint32_t e = s->element_size;
    for (uint32_t i = 0; i < s->output_count; i++) {
        uint64_t idx[VKSPLIT_MAX_RANK] = {0};
        if (product(s->rank, s->out_sizes[i]) == 0)
            continue;
        for (;;) {
            uint64_t src = 0, dst = 0;
            for (uint32_t k = 0; k < s->rank; k++) {
                src += (idx[k] + (k == s->axis ? s->out_start[i] : 0)) * s->in_strides[k];
                dst += idx[k] * s->out_strides[i][k];
            }
            memcpy(image + out_offset[i] + dst * e, image + in_offset + src * e, e);
            uint32_t k = s->rank;
            while (k-- > 0 && ++idx[k] == s->out_sizes[i][k])
                idx[k] = 0;
            if (k == UINT32_MAX)
                break;
        }
    }
}

/* Plans d on path and runs it once over `total` bytes uploaded from initial, the input at
 * in_offset and output i at out_offset[i]; downloads the buffer into after. */
static vksplit_result device_run(vksplit_runner* runner, const vksplit_split_desc* d, vksplit_path path,
                                 uint64_t in_offset, const uint64_t* out_offset, const unsigned char* initial,
                                 unsigned char* after, uint64_t total, vksplit_plan_info* info, vksplit_error* err)
{
    vksplit_runner_buffer buffer, arguments;
    memset(&buffer, 0, sizeof buffer);
    memset(&arguments, 0, sizeof arguments);
    memset(info, 0, sizeof *info);
    vksplit_plan* plan = NULL;
    vksplit_plan_options options = {.path = path};
    vksplit_result r = vksplit_runner_buffer_create(runner, total, &buffer, err);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_upload(runner, &buffer, 0, initial, total, err);
    if (r == VKSPLIT_OK)
        r = vksplit_plan_create(vksplit_runner_context(runner), d, &options, &plan, err);
    if (r == VKSPLIT_OK) {
        vksplit_plan_get_info(plan, info);
        if (info->argument_bytes)
            r = vksplit_runner_buffer_create(runner, info->argument_bytes, &arguments, err);
    }
    split_run run = {.plan = plan, .input = (vksplit_binding){buffer.buffer, in_offset}};
    for (uint32_t i = 0; i < d->output_count; i++)
        run.outputs[i] = (vksplit_binding){buffer.buffer, out_offset[i]};
    run.arguments = (vksplit_arguments){arguments.buffer, 0, 0};
    if (r == VKSPLIT_OK)
        r = vksplit_runner_submit(runner, record, &run, err);
    if (r == VKSPLIT_OK && run.result != VKSPLIT_OK) {
        r = run.result;
        *err = run.error;
    }
    if (r == VKSPLIT_OK)
        r = vksplit_runner_download(runner, &buffer, 0, after, total, err);
    vksplit_plan_destroy(plan);
    vksplit_runner_buffer_destroy(runner, &arguments);
    vksplit_runner_buffer_destroy(runner, &buffer);
    return r;
}

/* Runs d, the translation of the front-end struct that s was derived from, on the device:
 * every tensor in one buffer at its own offset, guard bytes around and inside, then every
 * byte compared with s. got (when not NULL) receives each output's bytes (out_bytes, caller
 * frees; NULL on failure). input holds s->in_bytes bytes. */
static void run_and_check(vksplit_runner* runner, const char* name, const spec_split* s, const vksplit_split_desc* d,
                          vksplit_path path, const void* input, unsigned char** got)
{
    for (uint32_t i = 0; got && i < s->output_count && i < MAX_OUTPUTS; i++)
        got[i] = NULL;
    CHECK_MSG(s->element_size != 0 && s->output_count <= MAX_OUTPUTS, "%s: the test cannot describe this split", name);
    CHECK_MSG(d->output_count == s->output_count, "%s: %u outputs, the spec says %u", name, d->output_count,
              s->output_count);
    const uint64_t in_bytes = s->in_bytes;
    uint64_t tensor_bytes = in_bytes;
    for (uint32_t i = 0; i < s->output_count && i < MAX_OUTPUTS; i++)
        tensor_bytes += s->out_bytes[i];
    CHECK_MSG(in_bytes < MAX_TEST_BYTES && tensor_bytes < MAX_TEST_BYTES, "%s: too large for this test", name);
    if (s->element_size == 0 || s->output_count > MAX_OUTPUTS || d->output_count != s->output_count ||
        in_bytes >= MAX_TEST_BYTES || tensor_bytes >= MAX_TEST_BYTES || !spans_match(name, s, d))
        return;

    /* One buffer: guard, input, guard, output 0, guard, ... */
    uint64_t in_offset = GUARD, out_offset[MAX_OUTPUTS];
    uint64_t total = in_offset + round_up(in_bytes, GUARD) + GUARD;
    for (uint32_t i = 0; i < s->output_count; i++) {
        out_offset[i] = total;
        total += round_up(s->out_bytes[i], GUARD) + GUARD;
    }
    unsigned char* initial = malloc(total);
    unsigned char* expected = malloc(total);
    unsigned char* after = malloc(total);
    for (uint64_t p = 0; p < total; p++)
        initial[p] = guard_byte(p);
    memcpy(initial + in_offset, input, in_bytes);
    memcpy(expected, initial, total);
    spec_outputs(s, in_offset, out_offset, expected);

    vksplit_plan_info info;
    vksplit_error err;
    memset(&err, 0, sizeof err);
    vksplit_result r = device_run(runner, d, path, in_offset, out_offset, initial, after, total, &info, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s (path %d): %s: %s", name, (int)path, vksplit_result_name(r), err.message);
    if (r == VKSPLIT_OK) {
        uint64_t bad = 0;
        for (uint64_t p = 0; p < total; p++)
            bad += after[p] != expected[p];
        CHECK_MSG(bad == 0, "%s (path %d, %s): %llu byte(s) differ from the spec", name, (int)path, info.summary,
                  (unsigned long long)bad);
        for (uint64_t p = 0, shown = 0; p < total && bad && shown < 8; p++)
            if (after[p] != expected[p]) {
                fprintf(stderr, "    byte %llu (", (unsigned long long)p);
                describe(s, in_offset, out_offset, p);
                fprintf(stderr, "): got 0x%02x, want 0x%02x\n", after[p], expected[p]);
                shown++;
            }
        for (uint32_t i = 0; got && i < s->output_count; i++) {
            got[i] = malloc(s->out_bytes[i] ? s->out_bytes[i] : 1);
            memcpy(got[i], after + out_offset[i], s->out_bytes[i]);
        }
    }
    free(initial);
    free(expected);
    free(after);
}

static void free_all(unsigned char** outs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        free(outs[i]);
}

/* --- DirectML ------------------------------------------------------------------------- */

/* Translates op, holds the result to the document (spec_from_dml) on each path given. */
static void dml_run(vksplit_runner* runner, const char* name, const vksplit_dml_split_operator_desc* op,
                    vksplit_dml_feature_level level, const void* input, unsigned char** got)
{
    uint64_t lengths[MAX_OUTPUTS], rows[MAX_OUTPUTS * VKSPLIT_MAX_RANK];
    const uint64_t* table[MAX_OUTPUTS];
    vksplit_dml_split_storage storage = {.capacity = MAX_OUTPUTS,
                                         .lengths = lengths,
                                         .output_strides = rows,
                                         .output_stride_table = table};
    vksplit_split_desc d;
    vksplit_error err;
    vksplit_result r = vksplit_dml_translate_split(op, level, &storage, &d, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: %s: %s", name, vksplit_result_name(r), err.message);
    for (uint32_t i = 0; got && i < op->OutputCount; i++)
        got[i] = NULL;
    if (r != VKSPLIT_OK)
        return;
    spec_split s;
    spec_from_dml(op, &s);
    run_and_check(runner, name, &s, &d, VKSPLIT_PATH_COMPUTE, input, NULL);
    run_and_check(runner, name, &s, &d, VKSPLIT_PATH_AUTO, input, got);
}

static int all_present(unsigned char** got, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (!got[i])
            return 0;
    return 1;
}

/* DirectML example 1's outputs, packed FLOAT32 {1,channels,2,2}, {1,channels,1,2} and
 * {1,channels,3,2}, in the caller's arrays. */
static void dml_example1_outputs(uint32_t channels, uint32_t sizes[3][4], vksplit_dml_buffer_tensor_desc ob[3],
                                 vksplit_dml_tensor_desc outs[3])
{
    static const uint32_t heads[3] = {2, 1, 3};
    for (uint32_t i = 0; i < 3; i++) {
        const uint32_t s[4] = {1, channels, heads[i], 2};
        memcpy(sizes[i], s, sizeof s);
        ob[i] = (vksplit_dml_buffer_tensor_desc){VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32,
                                                 VKSPLIT_DML_TENSOR_FLAG_NONE,
                                                 4,
                                                 sizes[i],
                                                 NULL,
                                                 4ull * channels * heads[i] * 2,
                                                 0};
        outs[i] = (vksplit_dml_tensor_desc){VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ob[i]};
    }
}

static void directml_examples(vksplit_runner* runner)
{
    float input[12];
    for (int i = 0; i < 12; i++)
        input[i] = (float)(i + 1);
    static const uint32_t in_sizes[4] = {1, 1, 6, 2};
    vksplit_dml_buffer_tensor_desc in_buf = {
        VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, in_sizes, NULL, 48, 0};
    vksplit_dml_tensor_desc in = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &in_buf};
    unsigned char* got[3];

    /* Example 1: axis 2 into {1,1,2,2}, {1,1,1,2}, {1,1,3,2}. */
    uint32_t sizes[3][4];
    vksplit_dml_buffer_tensor_desc ob[3];
    vksplit_dml_tensor_desc outs[3];
    dml_example1_outputs(1, sizes, ob, outs);
    vksplit_dml_split_operator_desc op = {&in, 3, outs, 2};
    dml_run(runner, "DirectML example 1", &op, VKSPLIT_DML_FEATURE_LEVEL_1_0, input, got);
    static const float e0[4] = {1, 2, 3, 4}, e1[2] = {5, 6}, e2[6] = {7, 8, 9, 10, 11, 12};
    CHECK(all_present(got, 3) && memcmp(got[0], e0, sizeof e0) == 0 && memcmp(got[1], e1, sizeof e1) == 0 &&
          memcmp(got[2], e2, sizeof e2) == 0);
    free_all(got, 3);

    /* Example 2: axis 3 into two {1,1,6,1}. */
    static const uint32_t h[4] = {1, 1, 6, 1};
    vksplit_dml_buffer_tensor_desc hb = {
        VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, h, NULL, 24, 0};
    vksplit_dml_tensor_desc halves[2] = {{VKSPLIT_DML_TENSOR_TYPE_BUFFER, &hb}, {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &hb}};
    vksplit_dml_split_operator_desc op2 = {&in, 2, halves, 3};
    dml_run(runner, "DirectML example 2", &op2, VKSPLIT_DML_FEATURE_LEVEL_1_0, input, got);
    static const float odd[6] = {1, 3, 5, 7, 9, 11}, even[6] = {2, 4, 6, 8, 10, 12};
    CHECK(all_present(got, 2) && memcmp(got[0], odd, sizeof odd) == 0 && memcmp(got[1], even, sizeof even) == 0);
    free_all(got, 2);

    /* Strides in elements: a padded input (rows of 4, 2 used) and a padded output 0 whose
     * TotalTensorSizeInBytes (32) exceeds its layout (24): its holes and tail stay untouched. */
    float padded[24];
    for (int i = 0; i < 24; i++)
        padded[i] = i % 4 < 2 ? (float)(i / 4 * 2 + i % 4 + 1) : -1.0f;
    static const uint32_t pad_in[4] = {24, 24, 4, 1}, pad_out[4] = {16, 16, 4, 1};
    vksplit_dml_buffer_tensor_desc pin = {
        VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, in_sizes, pad_in, 96, 32};
    vksplit_dml_tensor_desc pin_t = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &pin};
    ob[0].Strides = pad_out;
    ob[0].TotalTensorSizeInBytes = 32;
    vksplit_dml_split_operator_desc op3 = {&pin_t, 3, outs, 2};
    dml_run(runner, "DirectML strided", &op3, VKSPLIT_DML_FEATURE_LEVEL_NEWEST, padded, got);
    float f0[8];
    if (got[0])
        memcpy(f0, got[0], sizeof f0);
    CHECK(got[0] && f0[0] == 1 && f0[1] == 2 && f0[4] == 3 && f0[5] == 4);
    CHECK(got[2] && memcmp(got[2], e2, sizeof e2) == 0);
    free_all(got, 3);
}

/* Inputs that broadcast: a Strides entry of 0 reads one element for every index along that
 * dimension (on the split axis too), each run end to end and held byte for byte to the rule. */
typedef struct dml_broadcast_case {
    const char* name;
    vksplit_dml_tensor_data_type type;
    vksplit_dml_feature_level level;
    uint32_t rank;
    uint32_t sizes[4];
    uint32_t strides[4];
    uint32_t axis;
    uint32_t output_count;
    uint32_t lengths[3];
    int padded_output0; /* output 0 with rows padded by 1 element */
} dml_broadcast_case;

/* DMLCalcBufferTensorSize: (sum((Sizes_k - 1) * Strides_k) + 1) * element size, packed when
 * Strides is NULL, rounded up to 4 bytes. */
static uint64_t dml_calc_bytes(uint32_t element_size, uint32_t rank, const uint32_t* sizes, const uint32_t* strides)
{
    uint64_t s64[VKSPLIT_MAX_RANK], st[VKSPLIT_MAX_RANK];
    for (uint32_t k = 0; k < rank; k++) {
        s64[k] = sizes[k];
        st[k] = strides ? strides[k] : 0;
    }
    if (!strides)
        packed(rank, s64, st);
    return round_up(ref_span_bytes(rank, s64, st, element_size), 4);
}

static void directml_broadcast(vksplit_runner* runner)
{
    static const dml_broadcast_case cases[] = {
        {"DirectML broadcast: dim 0 of {2,3,4}, split on it", VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32,
         VKSPLIT_DML_FEATURE_LEVEL_NEWEST, 3, DIMS(2, 3, 4), DIMS(0, 4, 1), 0, 2, DIMS(1, 1), 0},
        {"DirectML broadcast: dim 0 of {2,3,4}, split on dim 1", VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT16,
         VKSPLIT_DML_FEATURE_LEVEL_NEWEST, 3, DIMS(2, 3, 4), DIMS(0, 4, 1), 1, 2, DIMS(1, 2), 0},
        {"DirectML broadcast along the split axis", VKSPLIT_DML_TENSOR_DATA_TYPE_INT32,
         VKSPLIT_DML_FEATURE_LEVEL_NEWEST, 2, DIMS(3, 4), DIMS(0, 1), 0, 2, DIMS(2, 1), 0},
        {"DirectML broadcast of one element everywhere", VKSPLIT_DML_TENSOR_DATA_TYPE_UINT8,
         VKSPLIT_DML_FEATURE_LEVEL_NEWEST, 3, DIMS(2, 2, 3), DIMS(0, 0, 0), 2, 2, DIMS(1, 2), 0},
        {"DirectML broadcast innermost, padded output", VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT64,
         VKSPLIT_DML_FEATURE_LEVEL_NEWEST, 2, DIMS(4, 3), DIMS(1, 0), 1, 2, DIMS(2, 1), 1},
        {"DirectML broadcast over channels, 4-D at 1_0", VKSPLIT_DML_TENSOR_DATA_TYPE_FLOAT32,
         VKSPLIT_DML_FEATURE_LEVEL_1_0, 4, DIMS(1, 3, 6, 2), DIMS(12, 0, 2, 1), 2, 3, DIMS(2, 1, 3), 0},
    };
    unsigned char input[64];
    for (int i = 0; i < 64; i++)
        input[i] = (unsigned char)(i * 37 + 11);
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        const dml_broadcast_case* c = &cases[t];
        uint32_t es = dml_element_size(c->type);
        vksplit_dml_buffer_tensor_desc in_buf = {c->type,    VKSPLIT_DML_TENSOR_FLAG_NONE,
                                                 c->rank,    c->sizes,
                                                 c->strides, dml_calc_bytes(es, c->rank, c->sizes, c->strides),
                                                 0};
        CHECK(in_buf.TotalTensorSizeInBytes <= sizeof input);
        vksplit_dml_tensor_desc in = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &in_buf};
        uint32_t out_sizes[3][4], out_strides[4];
        vksplit_dml_buffer_tensor_desc ob[3];
        vksplit_dml_tensor_desc outs[3];
        for (uint32_t i = 0; i < c->output_count; i++) {
            memcpy(out_sizes[i], c->sizes, sizeof out_sizes[i]);
            out_sizes[i][c->axis] = c->lengths[i];
            const uint32_t* strides = NULL;
            if (i == 0 && c->padded_output0) {
                uint32_t stride = 1;
                for (uint32_t k = c->rank; k-- > 0;) {
                    out_strides[k] = stride;
                    stride *= out_sizes[i][k] + (k + 1 == c->rank ? 1u : 0u);
                }
                strides = out_strides;
            }
            ob[i] = (vksplit_dml_buffer_tensor_desc){c->type, VKSPLIT_DML_TENSOR_FLAG_NONE,
                                                     c->rank, out_sizes[i],
                                                     strides, dml_calc_bytes(es, c->rank, out_sizes[i], strides),
                                                     0};
            outs[i] = (vksplit_dml_tensor_desc){VKSPLIT_DML_TENSOR_TYPE_BUFFER, &ob[i]};
        }
        vksplit_dml_split_operator_desc op = {&in, c->output_count, outs, c->axis};
        dml_run(runner, c->name, &op, c->level, input, NULL);
    }

    /* The channel broadcast is the spec's example 1 repeated over 3 channels. */
    float data[12];
    for (int i = 0; i < 12; i++)
        data[i] = (float)(i + 1);
    const dml_broadcast_case* c = &cases[5];
    vksplit_dml_buffer_tensor_desc in_buf = {c->type, VKSPLIT_DML_TENSOR_FLAG_NONE, 4, c->sizes, c->strides, 48, 0};
    vksplit_dml_tensor_desc in = {VKSPLIT_DML_TENSOR_TYPE_BUFFER, &in_buf};
    uint32_t sizes[3][4];
    vksplit_dml_buffer_tensor_desc ob[3];
    vksplit_dml_tensor_desc outs[3];
    dml_example1_outputs(3, sizes, ob, outs);
    vksplit_dml_split_operator_desc op = {&in, 3, outs, 2};
    unsigned char* got[3];
    dml_run(runner, "DirectML broadcast: example 1 over 3 channels", &op, VKSPLIT_DML_FEATURE_LEVEL_1_0, data, got);
    static const float e0[4] = {1, 2, 3, 4}, e1[2] = {5, 6}, e2[6] = {7, 8, 9, 10, 11, 12};
    int same = all_present(got, 3);
    for (int ch = 0; same && ch < 3; ch++)
        same = memcmp(got[0] + ch * 16, e0, 16) == 0 && memcmp(got[1] + ch * 8, e1, 8) == 0 &&
               memcmp(got[2] + ch * 24, e2, 24) == 0;
    CHECK_MSG(same, "DirectML broadcast: every channel must hold example 1's outputs");
    free_all(got, 3);
}

/* --- ONNX ----------------------------------------------------------------------------- */
typedef struct onnx_example {
    const char* name;
    uint32_t rank;
    int64_t shape[2];
    int has_axis;
    int64_t axis;
    uint32_t count; /* 0: no 'split' */
    int64_t lengths[3];
    uint32_t outputs; /* the node's outputs */
    float expected[3][8];
} onnx_example;

/* Translates node and holds the result to the document (spec_from_onnx); s receives the
 * document's view. Returns 0 (after a failed check) when the translation fails. */
static int onnx_run(vksplit_runner* runner, const char* name, const vksplit_onnx_split_desc* node, const void* input,
                    spec_split* s, unsigned char** got)
{
    uint64_t lengths[MAX_OUTPUTS];
    vksplit_onnx_split_storage storage = {lengths, MAX_OUTPUTS, {0}};
    vksplit_split_desc d;
    vksplit_error err;
    vksplit_result r = vksplit_onnx_translate_split(node, &storage, &d, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: %s", name, err.message);
    if (r != VKSPLIT_OK)
        return 0;
    spec_from_onnx(node, s);
    run_and_check(runner, name, s, &d, VKSPLIT_PATH_AUTO, input, got);
    return 1;
}

static const onnx_example onnx_examples[] = {
    {"equal parts 1d", 1, {6}, 1, 0, 0, {0}, 3, {{1, 2}, {3, 4}, {5, 6}}},
    {"variable parts 1d", 1, {6}, 1, 0, 2, {2, 4}, 2, {{1, 2}, {3, 4, 5, 6}}},
    {"equal parts 2d", 2, {2, 6}, 1, 1, 0, {0}, 2, {{1, 2, 3, 7, 8, 9}, {4, 5, 6, 10, 11, 12}}},
    {"variable parts 2d", 2, {2, 6}, 1, 1, 2, {2, 4}, 2, {{1, 2, 7, 8}, {3, 4, 5, 6, 9, 10, 11, 12}}},
    {"equal parts default axis", 1, {6}, 0, 0, 0, {0}, 3, {{1, 2}, {3, 4}, {5, 6}}},
    {"variable parts default axis", 1, {6}, 0, 0, 2, {2, 4}, 2, {{1, 2}, {3, 4, 5, 6}}},
    {"zero size splits", 1, {0}, 0, 0, 3, {0, 0, 0}, 3, {{0}}},
    /* The 2d examples on their axis counted from the back, at every version (Split-1 and -2 as
     * ONNX's shape inference takes a negative axis). */
    {"equal parts 2d, axis -1", 2, {2, 6}, 1, -1, 0, {0}, 2, {{1, 2, 3, 7, 8, 9}, {4, 5, 6, 10, 11, 12}}},
    {"variable parts 2d, axis -1", 2, {2, 6}, 1, -1, 2, {2, 4}, 2, {{1, 2, 7, 8}, {3, 4, 5, 6, 9, 10, 11, 12}}},
    {"equal parts 2d, axis -2", 2, {2, 6}, 1, -2, 0, {0}, 2, {{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12}}},
};

static void onnx_examples_at(vksplit_runner* runner, int64_t opset)
{
    static const float data[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    for (size_t x = 0; x < sizeof onnx_examples / sizeof onnx_examples[0]; x++) {
        const onnx_example* ex = &onnx_examples[x];
        vksplit_onnx_split_desc node = {.opset = opset,
                                        .data_type = VKSPLIT_ONNX_FLOAT,
                                        .rank = ex->rank,
                                        .shape = ex->shape,
                                        .axis = ex->has_axis ? ex->axis : 0};
        if (ex->count && opset <= 11) {
            node.has_split_attribute = 1;
            node.split_attribute = ex->lengths;
            node.split_attribute_count = ex->count;
        } else if (ex->count) {
            node.has_split_input = 1;
            node.split_input_type = VKSPLIT_ONNX_INT64;
            node.split_input = ex->lengths;
            node.split_input_count = ex->count;
        } else if (opset == 18) {
            node.has_num_outputs = 1;
            node.num_outputs = ex->outputs;
        }
        if (opset != 18 || ex->count)
            node.output_count = ex->outputs;
        char name[96];
        snprintf(name, sizeof name, "ONNX Split-%lld %s", (long long)opset, ex->name);
        unsigned char* got[MAX_OUTPUTS];
        spec_split s;
        if (!onnx_run(runner, name, &node, data, &s, got))
            continue;
        CHECK_MSG(s.output_count == ex->outputs, "%s: the document's example has %u outputs", name, ex->outputs);
        for (uint32_t i = 0; i < s.output_count; i++)
            CHECK_MSG(s.out_bytes[i] == 0 || (got[i] && memcmp(got[i], ex->expected[i], s.out_bytes[i]) == 0),
                      "%s: output %u", name, i);
        free_all(got, s.output_count);
    }
}

static void onnx_uneven(vksplit_runner* runner)
{
    /* test_split_2d_uneven_split_opset18: [2, 8] on axis 1 into 3, 3, 2. */
    float data[16];
    for (int i = 0; i < 16; i++)
        data[i] = (float)(i + 1);
    static const int64_t shape[2] = {2, 8};
    vksplit_onnx_split_desc node = {.opset = 18,
                                    .data_type = VKSPLIT_ONNX_FLOAT,
                                    .rank = 2,
                                    .shape = shape,
                                    .axis = 1,
                                    .has_num_outputs = 1,
                                    .num_outputs = 3};
    unsigned char* got[MAX_OUTPUTS];
    spec_split s;
    if (!onnx_run(runner, "ONNX Split-18 2d uneven", &node, data, &s, got))
        return;
    static const float a[6] = {1, 2, 3, 9, 10, 11}, b[6] = {4, 5, 6, 12, 13, 14}, c[4] = {7, 8, 15, 16};
    CHECK(s.output_count == 3 && s.out_bytes[2] == sizeof c);
    CHECK(all_present(got, 3) && memcmp(got[0], a, sizeof a) == 0 && memcmp(got[1], b, sizeof b) == 0 &&
          memcmp(got[2], c, sizeof c) == 0);
    free_all(got, s.output_count);
}

/* ONNX Runtime's SplitOperatorTest cases with a negative axis, run there at opset 7 (Split-2)
 * and expected to succeed: NegativeAxis ([2, 4] float on -1 into halves), the same in uint8
 * (Uint8NegativeAxis) and ZeroSizeInput ([0, 2] on -1 into two [0, 1]); NegativeAxis at Split-1
 * too, whose types are the float ones. Each against the outputs that suite expects. */
static void onnx_runtime_negative_axes(vksplit_runner* runner)
{
    static const int64_t shape[2] = {2, 4}, empty[2] = {0, 2};
    static const float f[8] = {1, 2, 3, 4, 5, 6, 7, 8}, f0[4] = {1, 2, 5, 6}, f1[4] = {3, 4, 7, 8};
    static const uint8_t u[8] = {1, 2, 3, 4, 5, 6, 7, 8}, u0[4] = {1, 2, 5, 6}, u1[4] = {3, 4, 7, 8};
    static const struct {
        const char* name;
        int64_t opset;
        vksplit_onnx_data_type type;
        const int64_t* shape;
        const void *data, *want0, *want1;
        uint64_t want_bytes;
    } cases[] = {
        {"ONNX Runtime NegativeAxis at Split-2", 2, VKSPLIT_ONNX_FLOAT, shape, f, f0, f1, sizeof f0},
        {"ONNX Runtime NegativeAxis at Split-1", 1, VKSPLIT_ONNX_FLOAT, shape, f, f0, f1, sizeof f0},
        {"ONNX Runtime Uint8NegativeAxis at Split-2", 2, VKSPLIT_ONNX_UINT8, shape, u, u0, u1, sizeof u0},
        {"ONNX Runtime ZeroSizeInput at Split-2", 2, VKSPLIT_ONNX_FLOAT, empty, f, NULL, NULL, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        vksplit_onnx_split_desc node = {.opset = cases[c].opset,
                                        .data_type = cases[c].type,
                                        .rank = 2,
                                        .shape = cases[c].shape,
                                        .axis = -1,
                                        .output_count = 2};
        unsigned char* got[MAX_OUTPUTS];
        spec_split s;
        if (!onnx_run(runner, cases[c].name, &node, cases[c].data, &s, got))
            continue;
        CHECK_MSG(s.axis == 1 && s.output_count == 2 && s.out_sizes[0][1] == (uint64_t)(cases[c].shape[1] / 2) &&
                      s.out_bytes[0] == cases[c].want_bytes && s.out_bytes[1] == cases[c].want_bytes,
                  "%s: not the outputs' shapes ONNX Runtime expects", cases[c].name);
        if (cases[c].want_bytes)
            CHECK_MSG(all_present(got, 2) && memcmp(got[0], cases[c].want0, cases[c].want_bytes) == 0 &&
                          memcmp(got[1], cases[c].want1, cases[c].want_bytes) == 0,
                      "%s: not ONNX Runtime's outputs", cases[c].name);
        free_all(got, s.output_count);
    }
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
            vksplit_onnx_split_desc node = {.opset = 18,
                                            .data_type = VKSPLIT_ONNX_UINT16,
                                            .rank = 3,
                                            .shape = shape,
                                            .axis = 1,
                                            .has_num_outputs = 1,
                                            .num_outputs = n};
            uint64_t lengths[16];
            vksplit_onnx_split_storage storage = {lengths, 16, {0}};
            vksplit_split_desc d;
            if (vksplit_onnx_translate_split(&node, &storage, &d, NULL) != VKSPLIT_OK)
                continue; /* the rejections are test_onnx_opset18_grid's business */
            char name[64];
            snprintf(name, sizeof name, "opset-18 grid dim %lld n %lld", (long long)dim, (long long)n);
            spec_split s;
            ran += onnx_run(runner, name, &node, data, &s, NULL);
        }
    CHECK(ran == 82); /* the accepted (dim, n) pairs of the 13 x 13 grid */
}

/* Every ONNX element width at opset 18, data full of NaN payloads and -0.0 bit patterns. */
static void onnx_widths(vksplit_runner* runner)
{
    static const vksplit_onnx_data_type types[] = {
        VKSPLIT_ONNX_BOOL,   VKSPLIT_ONNX_INT8,      VKSPLIT_ONNX_UINT8,      VKSPLIT_ONNX_INT16,
        VKSPLIT_ONNX_UINT16, VKSPLIT_ONNX_FLOAT16,   VKSPLIT_ONNX_BFLOAT16,   VKSPLIT_ONNX_INT32,
        VKSPLIT_ONNX_UINT32, VKSPLIT_ONNX_FLOAT,     VKSPLIT_ONNX_INT64,      VKSPLIT_ONNX_UINT64,
        VKSPLIT_ONNX_DOUBLE, VKSPLIT_ONNX_COMPLEX64, VKSPLIT_ONNX_COMPLEX128,
    };
    static const unsigned char patterns[][8] = {
        {0x01, 0x00, 0xc0, 0x7f, 0, 0, 0, 0}, /* float NaN with payload 1 */
        {0x00, 0x00, 0x00, 0x80, 0, 0, 0, 0}, /* float -0.0 */
        {0x01, 0x7c, 0, 0, 0, 0, 0, 0},       /* half signalling NaN */
        {0x00, 0x80, 0, 0, 0, 0, 0, 0},       /* half -0.0 */
        {0x01, 0, 0, 0, 0, 0, 0xf8, 0x7f},    /* double NaN with payload */
        {0, 0, 0, 0, 0, 0, 0, 0x80},          /* double -0.0 */
    };
    unsigned char data[5 * 7 * 16];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = patterns[(i / 8) % 6][i % 8] ^ (unsigned char)(i / 48);
    static const int64_t shape[2] = {5, 7};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        for (int64_t axis = -2; axis <= 1; axis++) {
            vksplit_onnx_split_desc node = {.opset = 18,
                                            .data_type = types[t],
                                            .rank = 2,
                                            .shape = shape,
                                            .axis = axis,
                                            .has_num_outputs = 1,
                                            .num_outputs = 3};
            char name[64];
            snprintf(name, sizeof name, "tensor(%s) axis %lld", vksplit_onnx_data_type_name(types[t]), (long long)axis);
            spec_split s;
            onnx_run(runner, name, &node, data, &s, NULL);
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
    uint64_t lengths[3];
    vksplit_ov_split_storage storage = {lengths, 3, {0}};
    vksplit_split_desc d;
    vksplit_error err;
    spec_split s;
    unsigned char* got[3] = {NULL, NULL, NULL};
    CHECK_RESULT(VKSPLIT_OK, vksplit_ov_translate_split(&op, &storage, &d, &err), &err);
    spec_from_ov_split(&op, &s);
    CHECK(s.output_count == 3 && s.out_sizes[0][1] == 4 && s.out_sizes[2][1] == 4); /* the document's ports */
    run_and_check(runner, "OpenVINO Split-1 example", &s, &d, VKSPLIT_PATH_AUTO, data, got);
    /* Output 1 starts at data[c=4]: element (n=0, c=0, h=0, w=0) of output 1 is 4 * 240. */
    float v1 = 0, v2 = 0;
    if (all_present(got, 3)) {
        memcpy(&v1, got[1], 4);
        memcpy(&v2, got[2] + 4 * 240 * 4, 4);
    }
    CHECK(v1 == 960.0f && v2 == (float)(1 * 2880 + 8 * 240));
    free_all(got, 3);

    int64_t split_lengths[3] = {2, -1, 3};
    int64_t axis64 = -3;
    vksplit_ov_variadic_split_desc v = {VKSPLIT_OV_F32,
                                        4,
                                        shape,
                                        {VKSPLIT_OV_I64, 0, 0, &axis64},
                                        {VKSPLIT_OV_I64, 1, 3, split_lengths}};
    CHECK_RESULT(VKSPLIT_OK, vksplit_ov_translate_variadic_split(&v, &storage, &d, &err), &err);
    spec_from_ov_variadic(&v, &s);
    CHECK(s.axis == 1 && s.out_sizes[1][1] == 7);
    run_and_check(runner, "OpenVINO VariadicSplit-1", &s, &d, VKSPLIT_PATH_AUTO, data, NULL);
    free(data);
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    directml_examples(runner);
    directml_broadcast(runner);
    static const int64_t opsets[] = {1, 2, 11, 13, 18};
    for (size_t i = 0; i < sizeof opsets / sizeof opsets[0]; i++)
        onnx_examples_at(runner, opsets[i]);
    onnx_uneven(runner);
    onnx_runtime_negative_axes(runner);
    onnx_grid(runner);
    onnx_widths(runner);
    openvino_examples(runner);
    return test_finish(runner);
}
