/* vksplit_cli_run: the order of the steps, for a split and for a join. Everything that can
 * make a request invalid is checked before the device starts (options, DIR, the inputs'
 * headers, the front-end's rules, the names in DIR); then the plan is made on the device, the
 * inputs stream in, the outputs stream out into temporaries, and only a run that succeeded
 * renames them into place. The CLI holds no copy of the inputs or the outputs: its memory is
 * the runner's (the tensors in device memory, one bounded staging buffer). */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* What the runner's callbacks reach: a split's input or a join's inputs. A callback that
 * fails has already printed its line; `failure` keeps its exit code so that the runner's own
 * error is not printed too. */
typedef struct job {
    const cli_request* req;
    cli_input* input;
    cli_join_inputs* inputs;
    cli_outputs* outputs;
    int failure;
    /* --device-lengths: each output streams out as its capacity, blocks of `block` bytes (one
     * index before the axis) of which the first `keep[k]` are output k's; --to: each output's
     * span streams out, its data then up to 4 bytes more. `seen` of output `streaming`'s stream
     * so far. */
    uint64_t block_step; /* bytes of one step along the axis */
    uint64_t outer;      /* blocks: the indices before the axis */
    const uint64_t* caps;
    const int64_t* lengths;
    uint64_t seen;
    uint32_t streaming;
} job;

static vksplit_result stopped(vksplit_error* error)
{
    if (error) {
        error->code = VKSPLIT_ERROR_IO;
        error->rule = VKSPLIT_RULE_NONE; /* the CLI's own failure, printed already */
        snprintf(error->message, sizeof error->message, "stopped by the CLI");
    }
    return VKSPLIT_ERROR_IO;
}

/* The next `bytes` of an input: a converting plan's span is its data rounded up to 4 bytes
 * (check_input_spans), and past the data it reads zeros. */
static int read_span(const job* j, cli_stream* s, void* dst, size_t bytes)
{
    if (!j->req->converts)
        return cli_read_stream(s, dst, bytes);
    uint64_t left = s->bytes - s->consumed;
    size_t take = bytes < left ? bytes : (size_t)left;
    int rc = take ? cli_read_stream(s, dst, take) : 0;
    if (!rc)
        memset((unsigned char*)dst + take, 0, bytes - take);
    return rc;
}

static vksplit_result read_input(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    job* j = user;
    j->failure = read_span(j, &j->input->data, dst, bytes);
    return j->failure ? stopped(error) : VKSPLIT_OK;
}

static vksplit_result write_output(void* user, uint32_t output, const void* src, size_t bytes, vksplit_error* error)
{
    job* j = user;
    if (!j->lengths && !j->req->converts) {
        j->failure = cli_write_output(j->outputs, output, src, bytes);
        return j->failure ? stopped(error) : VKSPLIT_OK;
    }
    if (output != j->streaming) {
        j->streaming = output;
        j->seen = 0;
    }
    /* Device lengths: of each block (the capacity's steps at one index before the axis), the
     * first length steps are the output's. --to: the stream is the data and then the span's
     * last bytes, up to 4, which are no element's. */
    uint64_t block = j->outputs->bytes[output], keep = block, data = block;
    if (j->lengths) {
        block = j->caps[output] * j->block_step;
        keep = (uint64_t)j->lengths[output] * j->block_step;
        data = j->outer * block;
    }
    const unsigned char* p = src;
    while (bytes && !j->failure && j->seen < data) {
        uint64_t at = j->seen % block, take = block - at < bytes ? block - at : bytes;
        if (at < keep)
            j->failure = cli_write_output(j->outputs, output, p, (size_t)(keep - at < take ? keep - at : take));
        p += take;
        bytes -= (size_t)take;
        j->seen += take;
    }
    return j->failure ? stopped(error) : VKSPLIT_OK;
}

static vksplit_result read_join_input(void* user, uint32_t input, void* dst, size_t bytes, vksplit_error* error)
{
    job* j = user;
    j->failure = read_span(j, &j->inputs->items[input].data, dst, bytes);
    return j->failure ? stopped(error) : VKSPLIT_OK;
}

static vksplit_result write_join_output(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    return write_output(user, 0, src, bytes, error);
}

bool cli_is_request_error(vksplit_result r)
{
    switch (r) {
    case VKSPLIT_ERROR_ELEMENT_SIZE:
    case VKSPLIT_ERROR_RANK:
    case VKSPLIT_ERROR_AXIS:
    case VKSPLIT_ERROR_OUTPUT_COUNT:
    case VKSPLIT_ERROR_SHAPE_MISMATCH:
    case VKSPLIT_ERROR_SPLIT_SUM:
    case VKSPLIT_ERROR_SPLIT_LENGTH:
    case VKSPLIT_ERROR_NOT_DIVISIBLE:
    case VKSPLIT_ERROR_DATA_TYPE:
    case VKSPLIT_ERROR_ATTRIBUTE:
    case VKSPLIT_ERROR_OPSET: return true;
    default: return false;
    }
}

/* Whether a span is what the plan reads or writes of `bytes` of data: the bytes exactly, or
 * for a converting plan rounded up to 4 (docs/conversions.md: its copy moves 32-bit words). */
static bool span_of(const cli_request* req, uint64_t span, uint64_t bytes)
{
    return req->converts ? span >= bytes && span - bytes < 4 : span == bytes;
}

/* Each input's data is what the plan reads of it: the files hold exactly the packed tensors. */
static int check_input_spans(const vksplit_plan* plan, const job* j)
{
    uint32_t n = j->inputs ? j->inputs->count : 1;
    for (uint32_t i = 0; i < n; i++) {
        const cli_stream* s = j->inputs ? &j->inputs->items[i].data : &j->input->data;
        uint64_t span = vksplit_plan_input_span_bytes(plan, i);
        if (!span_of(j->req, span, s->bytes))
            return cli_fail(CLI_EXIT_FAILURE, "the plan reads %llu bytes of '%s', the file holds %llu",
                            (unsigned long long)span, s->path, (unsigned long long)s->bytes);
    }
    return 0;
}

/* With --to, each output's data: its elements in the outputs' type, of which the plan's span
 * is the data rounded up to 4 bytes. */
static int converted_bytes(const vksplit_plan* plan, const cli_request* req, cli_outputs* outputs)
{
    for (uint32_t i = 0; i < outputs->count; i++) {
        uint32_t rank = req->join ? req->join_desc.rank : req->split.rank;
        uint64_t elements = 1;
        for (uint32_t k = 0; k < rank; k++)
            elements *= !req->join && k == req->split.axis ? req->split.lengths[i] : req->sizes[k];
        uint64_t bytes = cli_type_bytes(req->out_type, elements), span = vksplit_plan_output_span_bytes(plan, i);
        if (!span_of(req, span, bytes))
            return cli_fail(CLI_EXIT_FAILURE, "the plan writes %llu bytes of output %u, which holds %llu",
                            (unsigned long long)span, i, (unsigned long long)bytes);
        outputs->bytes[i] = bytes;
    }
    return 0;
}

bool cli_is_request_refusal(vksplit_result r, const vksplit_error* err)
{
    return cli_is_request_error(r) ||
           (err->rule >= VKSPLIT_RULE_PLAN_CONVERT_TYPE && err->rule <= VKSPLIT_RULE_PLAN_CONVERT_WITH);
}

/* The plan, on the runner's context, then the run through j's callbacks. */
static int run_plan(vksplit_runner* runner, const cli_request* req, job* j)
{
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_context* ctx = vksplit_runner_context(runner);
    const char* what = req->join ? "join" : "split";
    vksplit_plan_options options = {.path = VKSPLIT_PATH_AUTO};
    if (req->device_lengths)
        options.device_parameters = VKSPLIT_DEVICE_PARAMETERS_PACKED;
    options.convert = req->options.convert; /* --to: the types (zero without) */
    vksplit_result r = req->join ? vksplit_plan_create_join(ctx, &req->join_desc, &options, &plan, &err)
                                 : vksplit_plan_create(ctx, &req->split, &options, &plan, &err);
    if (r != VKSPLIT_OK) {
        char context[32];
        snprintf(context, sizeof context, "cannot plan the %s", what);
        return cli_fail_error(cli_is_request_refusal(r, &err) ? CLI_EXIT_INVALID : CLI_EXIT_FAILURE, context, &err);
    }
    int rc = check_input_spans(plan, j);
    uint32_t* words = NULL;
    for (uint32_t i = 0; i < j->outputs->count; i++)
        j->outputs->bytes[i] = vksplit_plan_output_span_bytes(plan, i);
    if (!rc && req->converts) {
        j->streaming = UINT32_MAX;
        rc = converted_bytes(plan, req, j->outputs);
    }
    if (req->device_lengths) { /* the engine's words of the block: the whole's length, each part's */
        const vksplit_split_desc* d = &req->split;
        uint32_t n = d->output_count;
        uint64_t step = 1; /* elements of one step along the axis */
        for (uint32_t k = d->axis + 1; k < d->rank; k++)
            step *= d->sizes[k];
        j->block_step = req->converts ? cli_type_bytes(req->out_type, step) : d->element_size * step;
        j->outer = 1;
        for (uint32_t k = 0; k < d->axis; k++)
            j->outer *= d->sizes[k];
        j->caps = d->lengths;
        j->lengths = req->device_lengths;
        j->streaming = UINT32_MAX;
        words = calloc(VKSPLIT_PARAMETERS_WORDS(n), sizeof *words);
        if (!words)
            rc = cli_fail(CLI_EXIT_FAILURE, "out of memory for the device parameters of %u outputs", n);
        uint64_t whole = 0;
        for (uint32_t i = 0; words && i < n; i++) {
            words[VKSPLIT_PARAMETERS_LENGTH(n, i)] = (uint32_t)req->device_lengths[i];
            whole += (uint64_t)req->device_lengths[i];
            uint64_t outer = j->caps[i] ? j->outer : 0;
            j->outputs->bytes[i] = outer * (uint64_t)req->device_lengths[i] * j->block_step;
        }
        if (words)
            words[VKSPLIT_PARAMETERS_WHOLE_LENGTH] = whole > UINT32_MAX ? UINT32_MAX : (uint32_t)whole;
    }
    vksplit_runner_io io = {read_input, write_output, j};
    vksplit_runner_join_io join_io = {read_join_input, write_join_output, j};
    r = rc          ? VKSPLIT_OK
        : req->join ? vksplit_runner_run_join_plan(runner, plan, &join_io, &err)
        : words     ? vksplit_runner_run_device_plan(runner, plan, &io, NULL, words, NULL, &err)
                    : vksplit_runner_run_plan(runner, plan, &io, &err);
    free(words);
    if (!rc && r != VKSPLIT_OK && !j->failure && err.rule >= VKSPLIT_RULE_DEVICE_LENGTH &&
        err.rule <= VKSPLIT_RULE_DEVICE_ORDER) { /* the GPU's check refused the lengths: nothing was written */
        rc = cli_fail_error(CLI_EXIT_INVALID, "the device's check refused --device-lengths", &err);
    } else if (!rc && r != VKSPLIT_OK) {
        char context[40];
        snprintf(context, sizeof context, "the %s failed on the device", what);
        rc = j->failure ? j->failure : cli_fail_error(CLI_EXIT_FAILURE, context, &err);
    }
    vksplit_plan_destroy(plan);
    return rc;
}

/* cli_run_on_device's run: the job's plan. */
static int run_job(vksplit_runner* runner, void* user)
{
    job* j = user;
    return run_plan(runner, j->req, j);
}

int cli_run_on_device(const vksplit_runner_desc* desc, bool device_option,
                      int (*run)(vksplit_runner* runner, void* user), void* user)
{
    vksplit_runner* runner = NULL;
    vksplit_error err;
    vksplit_result r = vksplit_runner_create(desc, &runner, &err);
    if (r == VKSPLIT_ERROR_INVALID_ARGUMENT && device_option) {
        char context[64];
        snprintf(context, sizeof context, "--device %u (see --list-devices)", desc->device_index);
        return cli_fail_error(CLI_EXIT_INVALID, context, &err);
    }
    if (r != VKSPLIT_OK)
        return cli_fail_error(CLI_EXIT_FAILURE, "cannot start the Vulkan device", &err);
    int rc = run(runner, user);
    uint32_t messages = vksplit_runner_validation_message_count(runner);
    vksplit_runner_destroy(runner);
    if (!rc && messages)
        rc = cli_fail(CLI_EXIT_FAILURE, "the Vulkan validation layer reported %u message(s)", messages);
    return rc;
}

int cli_finish(int rc, cli_outputs* outputs, cli_request* req)
{
    if (rc)
        cli_abandon_outputs(outputs);
    else
        rc = cli_commit_outputs(outputs);
    cli_free_request(req);
    return rc;
}

static int split_file(const cli_options* o, const vksplit_runner_desc* desc)
{
    cli_outputs outputs;
    cli_input input = {.data.fd = -1};
    cli_request req;
    memset(&req, 0, sizeof req);
    int rc = cli_prepare_outputs(&outputs, o->out_dir);
    if (!rc)
        rc = cli_open_input(o->input, &input);
    if (!rc)
        rc = cli_make_request(o, &input.header, &req);
    if (!rc)
        rc = cli_expect_outputs(&outputs, &input.header, &req);
    job j = {.input = &input, .outputs = &outputs, .req = &req};
    if (!rc)
        rc = cli_run_on_device(desc, o->device.given, run_job, &j);
    cli_close_input(&input);
    return cli_finish(rc, &outputs, &req);
}

static int join_files(const cli_options* o, const vksplit_runner_desc* desc)
{
    cli_outputs outputs;
    cli_join_inputs inputs;
    cli_request req;
    memset(&req, 0, sizeof req);
    int rc = cli_prepare_outputs(&outputs, o->out_dir);
    if (!rc)
        rc = cli_open_join_inputs(o, &inputs);
    else
        memset(&inputs, 0, sizeof inputs);
    if (!rc)
        rc = cli_make_join_request(o, &inputs, &req);
    if (!rc)
        rc = cli_expect_outputs(&outputs, &inputs.first, &req);
    job j = {.inputs = &inputs, .outputs = &outputs, .req = &req};
    if (!rc)
        rc = cli_run_on_device(desc, o->device.given, run_job, &j);
    rc = cli_finish(rc, &outputs, &req);
    cli_close_join_inputs(&inputs); /* after the output's header, which reads input 0's */
    return rc;
}

int vksplit_cli_run(int argc, char** argv, const vksplit_runner_desc* base)
{
    vksplit_runner_desc zero;
    memset(&zero, 0, sizeof zero);
    cli_options o;
    int rc = cli_parse_options(argc, argv, &o);
    if (!rc && o.help)
        fputs(cli_usage, stdout);
    else if (!rc && o.list_devices)
        rc = cli_list_devices();
    else if (!rc && !(rc = cli_check_options(&o))) {
        vksplit_runner_desc desc;
        rc = cli_runner_desc(&o, base ? base : &zero, &desc);
        if (!rc)
            rc = o.tensorscatter ? cli_scatter_files(&o, &desc)
                 : o.join        ? join_files(&o, &desc)
                                 : split_file(&o, &desc);
    }
    cli_free_options(&o);
    return rc;
}
