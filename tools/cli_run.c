/* vksplit_cli_run: the order of the steps. Everything that can make a request invalid is
 * checked before the device starts (options, DIR, the input's header, the front-end's
 * rules, the names in DIR); then the plan is made on the device, the input streams in, the
 * outputs stream out into temporaries, and only a run that succeeded renames them into
 * place. The CLI holds no copy of the input or the outputs: its memory is the runner's
 * (the tensors in device memory, one bounded staging buffer). */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include "cli.h"

/* What the runner's callbacks reach. A callback that fails has already printed its line;
 * `failure` keeps its exit code so that the runner's own error is not printed too. */
typedef struct job {
    cli_input* input;
    cli_outputs* outputs;
    int failure;
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

static vksplit_result read_input(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    job* j = user;
    j->failure = cli_read_input(j->input, dst, bytes);
    return j->failure ? stopped(error) : VKSPLIT_OK;
}

static vksplit_result write_output(void* user, uint32_t output, const void* src, size_t bytes, vksplit_error* error)
{
    job* j = user;
    j->failure = cli_write_output(j->outputs, output, src, bytes);
    return j->failure ? stopped(error) : VKSPLIT_OK;
}

/* Errors of the request itself, should the plan find one the front-end let through. */
static bool is_request_error(vksplit_result r)
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

/* The plan, on the runner's context, then the run through j's callbacks. */
static int run_plan(vksplit_runner* runner, const cli_request* req, job* j)
{
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_result r = vksplit_plan_create(vksplit_runner_context(runner), &req->split, NULL, &plan, &err);
    if (r != VKSPLIT_OK)
        return cli_fail_error(is_request_error(r) ? CLI_EXIT_INVALID : CLI_EXIT_FAILURE, "cannot plan the split", &err);
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    int rc = 0;
    if (info.input_span_bytes != j->input->header.bytes)
        rc = cli_fail(CLI_EXIT_FAILURE, "the plan reads %llu input bytes, the file holds %llu",
                      (unsigned long long)info.input_span_bytes, (unsigned long long)j->input->header.bytes);
    for (uint32_t i = 0; i < j->outputs->count; i++)
        j->outputs->bytes[i] = vksplit_plan_output_span_bytes(plan, i);
    vksplit_runner_io io = {read_input, write_output, j};
    r = rc ? VKSPLIT_OK : vksplit_runner_run_plan(runner, plan, &io, &err);
    if (!rc && r != VKSPLIT_OK)
        rc = j->failure ? j->failure : cli_fail_error(CLI_EXIT_FAILURE, "the split failed on the device", &err);
    vksplit_plan_destroy(plan);
    return rc;
}

/* device_option: --device was given, so a device index out of range is the request's fault. */
static int run_on_device(const vksplit_runner_desc* desc, bool device_option, const cli_request* req, job* j)
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
    int rc = run_plan(runner, req, j);
    uint32_t messages = vksplit_runner_validation_message_count(runner);
    vksplit_runner_destroy(runner);
    if (!rc && messages)
        rc = cli_fail(CLI_EXIT_FAILURE, "the Vulkan validation layer reported %u message(s)", messages);
    return rc;
}

static int split_file(const cli_options* o, const vksplit_runner_desc* base)
{
    vksplit_runner_desc desc;
    int rc = cli_runner_desc(o, base, &desc);
    if (rc)
        return rc;
    cli_outputs outputs;
    cli_input input = {.fd = -1};
    cli_request req;
    memset(&req, 0, sizeof req);
    rc = cli_prepare_outputs(&outputs, o->out_dir);
    if (!rc)
        rc = cli_open_input(o->input, &input);
    if (!rc)
        rc = cli_make_request(o, &input.header, &req);
    if (!rc)
        rc = cli_expect_outputs(&outputs, &input.header, &req);
    job j = {&input, &outputs, 0};
    if (!rc)
        rc = run_on_device(&desc, o->device.given, &req, &j);
    cli_close_input(&input);
    if (rc)
        cli_abandon_outputs(&outputs);
    else
        rc = cli_commit_outputs(&outputs);
    cli_free_request(&req);
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
    else if (!rc && !(rc = cli_check_options(&o)))
        rc = split_file(&o, base ? base : &zero);
    cli_free_options(&o);
    return rc;
}
