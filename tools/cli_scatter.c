/* `vksplit tensorscatter`: ONNX TensorScatter-24 of PAST_CACHE.npy, UPDATE.npy and, when given,
 * WRITE_INDICES.npy, into DIR/present_cache.npy, in place on the device. As for a split and a
 * join, everything that can make the request invalid is checked before the device starts: the
 * three headers, the front-end's rules (vksplit_onnx_translate_tensorscatter), write_indices'
 * values where the host holds them; then the plan (a join of one part whose rows it places),
 * past_cache and update stream into device memory, and present_cache streams out into a
 * temporary that only a run that succeeded renames into place. write_indices is the one input
 * read whole (a batch of int64): the host checks its values, or with --indices-on-gpu the
 * runner uploads them and the GPU's check refuses a bad one before a row moves (exit 2, nothing
 * written). */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The inputs, in the node's order. */
enum { PAST, UPDATE, INDICES, INPUTS };

typedef struct scatter_job {
    const cli_options* options;
    cli_input* inputs; /* [INPUTS]; write_indices' closed when absent */
    cli_request* req;
    cli_outputs* outputs;
    int failure;      /* a callback's exit code, its line printed */
    uint64_t written; /* --to: of present_cache's span, whose data is the file's */
} scatter_job;

static vksplit_result stopped(vksplit_error* error)
{
    if (error) {
        error->code = VKSPLIT_ERROR_IO;
        error->rule = VKSPLIT_RULE_NONE; /* the CLI's own failure, printed already */
        snprintf(error->message, sizeof error->message, "stopped by the CLI");
    }
    return VKSPLIT_ERROR_IO;
}

/* The next `bytes` of an input; with --to the plan's span is the data rounded up to 4 bytes
 * (check_spans), and past the data it reads zeros. */
static int read_span(const scatter_job* j, cli_stream* s, void* dst, size_t bytes)
{
    uint64_t left = s->bytes - s->consumed;
    size_t take = j->req->converts && bytes > left ? (size_t)left : bytes;
    int rc = take ? cli_read_stream(s, dst, take) : 0;
    if (!rc)
        memset((unsigned char*)dst + take, 0, bytes - take);
    return rc;
}

static vksplit_result read_past(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    scatter_job* j = user;
    j->failure = read_span(j, &j->inputs[PAST].data, dst, bytes);
    return j->failure ? stopped(error) : VKSPLIT_OK;
}

static vksplit_result read_update(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    scatter_job* j = user;
    j->failure = read_span(j, &j->inputs[UPDATE].data, dst, bytes);
    return j->failure ? stopped(error) : VKSPLIT_OK;
}

static vksplit_result write_present(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    scatter_job* j = user;
    uint64_t data = j->outputs->bytes[0], at = j->written; /* --to: the span's last bytes are no element's */
    j->written += bytes;
    if (j->req->converts)
        bytes = at >= data ? 0 : data - at < bytes ? (size_t)(data - at) : bytes;
    j->failure = bytes ? cli_write_output(j->outputs, 0, src, bytes) : 0;
    return j->failure ? stopped(error) : VKSPLIT_OK;
}

/* The input a refused node's rule is about, whose file the line names first; INPUTS for the
 * node's own (its version and attributes). */
static int input_at_fault(vksplit_rule rule)
{
    switch (rule) {
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_DATA_TYPE:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_STRING_TYPE:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_SUB_BYTE_TYPE:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_RANK:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_BYTE_COUNT_OVERFLOW: return PAST;
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_TYPE_MISMATCH:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_RANK_MISMATCH:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_SHAPE_MISMATCH:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_SEQUENCE_LENGTH: return UPDATE;
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES_TYPE:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDICES_SHAPE:
    case VKSPLIT_RULE_ONNX_TENSORSCATTER_WRITE_INDEX: return INDICES;
    default: return INPUTS;
    }
}

/* One input's ONNX type and shape, as its header gives them (shape: NPY_MAX_DIMS entries). */
static int describe(const cli_input* in, int64_t* shape, vksplit_onnx_tensorscatter_input* out)
{
    vksplit_onnx_data_type type = VKSPLIT_ONNX_UNDEFINED;
    int rc = cli_onnx_type(&in->header, in->data.path, &type);
    for (uint32_t k = 0; k < in->header.rank; k++)
        shape[k] = (int64_t)in->header.shape[k]; /* npy_read_header refuses dimensions above INT64_MAX */
    *out = (vksplit_onnx_tensorscatter_input){type, in->header.rank, shape};
    return rc;
}

/* With --to: past_cache holds the type --to names (present_cache's), update the type its
 * dtype or --from names, which converts into it. The node sees them as ONNX's one type T,
 * past_cache's, their shapes in elements. */
static int describe_typed(const cli_options* o, cli_input* inputs, int64_t (*shapes)[NPY_MAX_DIMS],
                          vksplit_onnx_tensorscatter_desc* node, vksplit_type* source)
{
    const cli_input* past = &inputs[PAST];
    const cli_input* update = &inputs[UPDATE];
    vksplit_onnx_data_type type = VKSPLIT_ONNX_UNDEFINED, unused;
    int rc = cli_held_type(&past->header, past->data.path, o->to, "--to");
    if (!rc)
        rc = cli_typed_input(&past->header, past->data.path, o->to, &type, shapes[PAST]);
    if (!rc)
        rc = cli_source_type(o, &update->header, update->data.path, source);
    if (!rc)
        rc = cli_typed_input(&update->header, update->data.path, *source, &unused, shapes[UPDATE]);
    node->past_cache = (vksplit_onnx_tensorscatter_input){type, past->header.rank, shapes[PAST]};
    node->update = (vksplit_onnx_tensorscatter_input){type, update->header.rank, shapes[UPDATE]};
    return rc;
}

/* write_indices' values, when its header is what the node takes (int64, (batch_size,)): the
 * host checks them (or the GPU does, once uploaded). Any other header is left to the front-end,
 * whose rule on its type or shape comes before the values are asked for. */
static int read_write_indices(cli_input* in, const cli_input* past, cli_request* req)
{
    const npy_header* h = &in->header;
    bool takes = h->kind == 'i' && h->itemsize == 8 && h->rank == 1 && past->header.rank >= 1 &&
                 h->shape[0] == past->header.shape[0];
    if (!takes || h->bytes == 0)
        return 0;
    req->write_indices = malloc((size_t)h->bytes);
    if (!req->write_indices)
        return cli_fail(CLI_EXIT_FAILURE, "out of memory for the %llu write indices of '%s'",
                        (unsigned long long)h->shape[0], in->data.path);
    return cli_read_stream(&in->data, req->write_indices, (size_t)h->bytes); /* little-endian, as the host */
}

/* The node of the files and the options, through the front-end into req. */
static int make_request(const cli_options* o, cli_input* inputs, cli_request* req)
{
    memset(req, 0, sizeof *req);
    req->join = true;
    req->tensorscatter = true;
    req->indices_on_gpu = o->indices_on_gpu;
    int64_t shapes[INPUTS][NPY_MAX_DIMS]; /* the node's, read during the translation only */
    vksplit_onnx_tensorscatter_desc node;
    memset(&node, 0, sizeof node);
    node.opset = o->opset.given ? o->opset.value : 24;
    node.has_axis = o->axis.given;
    node.axis = o->axis.value;
    node.mode = o->scatter_mode;
    bool given = o->input_count > 2;
    vksplit_type source = VKSPLIT_TYPE_NONE; /* --to: update's */
    int rc = o->to ? describe_typed(o, inputs, shapes, &node, &source)
                   : describe(&inputs[PAST], shapes[PAST], &node.past_cache);
    if (!rc && !o->to)
        rc = describe(&inputs[UPDATE], shapes[UPDATE], &node.update);
    if (!rc && given)
        rc = describe(&inputs[INDICES], shapes[INDICES], &node.write_indices_tensor);
    if (!rc && given)
        rc = read_write_indices(&inputs[INDICES], &inputs[PAST], req);
    if (rc)
        return rc;
    node.write_indices = !given              ? VKSPLIT_ONNX_WRITE_INDICES_ABSENT
                         : o->indices_on_gpu ? VKSPLIT_ONNX_WRITE_INDICES_DEVICE
                                             : VKSPLIT_ONNX_WRITE_INDICES_HOST;
    node.write_indices_data = req->write_indices;
    vksplit_error err;
    if (vksplit_onnx_translate_tensorscatter(&node, &req->scatter, &req->join_desc, &req->options, &err) !=
        VKSPLIT_OK) {
        int at = input_at_fault(err.rule);
        return cli_fail_error(CLI_EXIT_INVALID, at < INPUTS ? inputs[at].data.path : NULL, &err);
    }
    memcpy(req->sizes, req->scatter.sizes, sizeof req->sizes);
    req->join_desc.sizes = req->sizes;
    return o->to ? cli_set_convert(o, source, req) : 0;
}

/* Each file holds exactly the packed tensor the plan reads of it (with --to, a span is the
 * data rounded up to 4 bytes). present_cache takes past_cache's data. */
static int check_spans(const vksplit_plan* plan, const scatter_job* j)
{
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint64_t spans[2] = {info.output_span_bytes, vksplit_plan_input_span_bytes(plan, 0)};
    for (int i = PAST; i <= UPDATE; i++) {
        uint64_t data = j->inputs[i].data.bytes;
        if (j->req->converts ? spans[i] < data || spans[i] - data >= 4 : spans[i] != data)
            return cli_fail(CLI_EXIT_FAILURE, "the plan reads %llu bytes of '%s', the file holds %llu",
                            (unsigned long long)spans[i], j->inputs[i].data.path, (unsigned long long)data);
    }
    j->outputs->bytes[0] = j->inputs[PAST].data.bytes;
    return 0;
}

/* The plan on the runner's context, then the run in place. */
static int run_scatter(vksplit_runner* runner, void* user)
{
    scatter_job* j = user;
    const cli_request* req = j->req;
    vksplit_plan* plan = NULL;
    vksplit_error err;
    memset(&err, 0, sizeof err);
    vksplit_result r =
        vksplit_plan_create_join(vksplit_runner_context(runner), &req->join_desc, &req->options, &plan, &err);
    if (r != VKSPLIT_OK)
        return cli_fail_error(cli_is_request_refusal(r, &err) ? CLI_EXIT_INVALID : CLI_EXIT_FAILURE,
                              "cannot plan the tensorscatter", &err);
    int rc = check_spans(plan, j);
    vksplit_runner_rows_io io = {read_past, read_update, write_present, j};
    const void* indices = req->indices_on_gpu ? req->write_indices : NULL;
    r = rc ? VKSPLIT_OK : vksplit_runner_run_rows_plan(runner, plan, &io, indices, NULL, &err);
    bool checked = err.rule == VKSPLIT_RULE_ROWS_INDEX || err.rule == VKSPLIT_RULE_ROWS_START;
    if (!rc && r != VKSPLIT_OK && !j->failure && checked) /* the GPU's check: nothing was written */
        rc = cli_fail_error(CLI_EXIT_INVALID, "the device's check refused write_indices", &err);
    else if (!rc && r != VKSPLIT_OK)
        rc = j->failure ? j->failure : cli_fail_error(CLI_EXIT_FAILURE, "the tensorscatter failed on the device", &err);
    vksplit_plan_destroy(plan);
    return rc;
}

int cli_scatter_files(const cli_options* o, const vksplit_runner_desc* desc)
{
    cli_outputs outputs;
    cli_input inputs[INPUTS];
    for (int i = 0; i < INPUTS; i++)
        inputs[i] = (cli_input){.data.fd = -1};
    cli_request req;
    memset(&req, 0, sizeof req);
    int rc = cli_prepare_outputs(&outputs, o->out_dir);
    for (uint32_t i = 0; !rc && i < o->input_count; i++)
        rc = cli_open_input(o->inputs[i], &inputs[i]);
    if (!rc)
        rc = make_request(o, inputs, &req);
    if (!rc)
        rc = cli_expect_outputs(&outputs, &inputs[PAST].header, &req);
    scatter_job j = {o, inputs, &req, &outputs, 0, 0};
    if (!rc)
        rc = cli_run_on_device(desc, o->device.given, run_scatter, &j);
    rc = cli_finish(rc, &outputs, &req);
    for (int i = 0; i < INPUTS; i++)
        cli_close_input(&inputs[i]);
    return rc;
}
