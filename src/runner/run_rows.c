/* vksplit_runner_run_rows_plan: a plan whose rows the GPU places (vksplit_plan_options.rows), run
 * in place. The whole and the part each have a buffer of their own, and both stream in: the side
 * the plan writes (a join's whole, a split's part) with the bytes it holds before, which every
 * place the plan does not write keeps (TensorScatter's past_cache becomes its present_cache).
 * GPU indices go into a buffer of their own and the status block into another; one submit
 * records the plan; the block comes back, and a rule the GPU's check found broken (nothing was
 * then written) is the run's error; else the side written streams out. */
#include "buffers.h"
#include "staging.h"
#include "runner_internal.h"

/* The one recording. */
typedef struct rows_job {
    const vksplit_plan* plan;
    vksplit_binding part;
    vksplit_bindings bindings;
} rows_job;

static vksplit_result record_rows(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    const rows_job* job = user;
    return vksplit_cmd_record(job->plan, cmd, &job->bindings, error);
}

/* What refuses a run before anything is allocated or read: a plan that places no rows, GPU
 * indices not given, a tensor larger than one buffer (by the rule of its role: a join's output
 * and input, a split's input and output). */
static vksplit_result check_rows_run(const vksplit_runner* runner, const vksplit_plan* plan,
                                     const vksplit_plan_info* info, const void* indices, vksplit_error* error)
{
    bool join = info->operation == VKSPLIT_OPERATION_JOIN;
    if (info->rows_mode == VKSPLIT_ROWS_NONE)
        return VKSPLIT__FAIL(error, RUNNER_ROWS_PLAN,
                             join ? "vksplit_runner_run_join_plan" : "vksplit_runner_run_plan");
    if (info->index_span_bytes && !indices)
        return VKSPLIT__FAIL(error, RUNNER_ROWS_INDICES_NULL, (unsigned long long)info->index_span_bytes);
    const char* by = runner->max_buffer_limit;
    unsigned long long limit = runner->max_buffer_bytes;
    unsigned long long whole = join ? info->output_span_bytes : info->input_span_bytes;
    unsigned long long part = join ? vksplit_plan_input_span_bytes(plan, 0) : vksplit_plan_output_span_bytes(plan, 0);
    if (whole > limit)
        return join ? VKSPLIT__FAIL(error, RUNNER_JOIN_OUTPUT_TOO_LARGE, whole, limit, by)
                    : VKSPLIT__FAIL(error, RUNNER_INPUT_TOO_LARGE, whole, limit, by);
    if (part > limit)
        return join ? VKSPLIT__FAIL(error, RUNNER_JOIN_INPUT_TOO_LARGE, 0u, part, limit, by)
                    : VKSPLIT__FAIL(error, RUNNER_OUTPUT_TOO_LARGE, 0u, part, limit, by);
    return VKSPLIT_OK;
}

/* The status block back from the device: the GPU check's verdict, the run's error. */
static vksplit_result read_status(vksplit_runner* runner, const vksplit_plan* plan, const vksplit_runner_buffer* block,
                                  uint64_t bytes, uint32_t* status_words, vksplit_error* error)
{
    uint32_t* words = vksplit__alloc(runner->callbacks, (size_t)bytes);
    vksplit_result r = words ? vksplit_runner_download(runner, block, 0, words, bytes, error)
                             : VKSPLIT__FAIL0(error, HOST_ALLOCATION_RUNNER);
    if (r == VKSPLIT_OK && status_words)
        memcpy(status_words, words, (size_t)bytes);
    if (r == VKSPLIT_OK)
        r = vksplit_parameters_status(plan, words, error);
    vksplit__free(runner->callbacks, words);
    return r;
}

vksplit_result vksplit_runner_run_rows_plan(vksplit_runner* runner, const vksplit_plan* plan,
                                            const vksplit_runner_rows_io* io, const void* indices,
                                            uint32_t* status_words, vksplit_error* error)
{
    if (!runner || !plan || !io || !io->read_whole || !io->read_part || !io->write_output)
        return VKSPLIT__FAIL0(error, RUNNER_ROWS_RUN_NULL);
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    vksplit_result r = check_rows_run(runner, plan, &info, indices, error);
    if (r != VKSPLIT_OK)
        return r;
    bool join = info.operation == VKSPLIT_OPERATION_JOIN;
    uint64_t whole_span = join ? info.output_span_bytes : info.input_span_bytes;
    uint64_t part_span = join ? vksplit_plan_input_span_bytes(plan, 0) : vksplit_plan_output_span_bytes(plan, 0);
    vksplit_runner_buffer whole, part, index_buffer, block;
    memset(&whole, 0, sizeof whole);
    memset(&part, 0, sizeof part);
    memset(&index_buffer, 0, sizeof index_buffer);
    memset(&block, 0, sizeof block);
    r = vksplit_runner_buffer_create(runner, whole_span, &whole, error);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(runner, part_span, &part, error);
    if (r == VKSPLIT_OK && info.index_span_bytes)
        r = vksplit_runner_buffer_create(runner, info.index_span_bytes, &index_buffer, error);
    if (r == VKSPLIT_OK && info.parameter_bytes)
        r = vksplit_runner_buffer_create(runner, info.parameter_bytes, &block, error);
    if (r == VKSPLIT_OK && info.index_span_bytes)
        r = vksplit_runner_upload(runner, &index_buffer, 0, indices, info.index_span_bytes, error);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_write(runner, &whole, 0, whole_span, io->read_whole, io->user, error);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_write(runner, &part, 0, part_span, io->read_part, io->user, error);
    rows_job job;
    memset(&job, 0, sizeof job);
    job.plan = plan;
    job.part = (vksplit_binding){part.buffer, 0};
    job.bindings.whole = (vksplit_binding){whole.buffer, 0};
    job.bindings.parts = &job.part;
    job.bindings.parameters = (vksplit_binding){block.buffer, 0};
    job.bindings.indices = (vksplit_binding){index_buffer.buffer, 0};
    if (r == VKSPLIT_OK)
        r = vksplit_runner_submit(runner, record_rows, &job, error);
    if (r == VKSPLIT_OK && info.parameter_bytes)
        r = read_status(runner, plan, &block, info.parameter_bytes, status_words, error);
    if (r == VKSPLIT_OK)
        r = join ? vksplit_runner_read(runner, &whole, 0, whole_span, io->write_output, io->user, error)
                 : vksplit_runner_read(runner, &part, 0, part_span, io->write_output, io->user, error);
    vksplit_runner_buffer_destroy(runner, &block);
    vksplit_runner_buffer_destroy(runner, &index_buffer);
    vksplit_runner_buffer_destroy(runner, &part);
    vksplit_runner_buffer_destroy(runner, &whole);
    return r == VKSPLIT_OK ? vksplit__ok(error) : r;
}
