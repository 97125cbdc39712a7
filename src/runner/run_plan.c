/* vksplit_runner_run_plan and vksplit_runner_run_join_plan, one run turned round for a join,
 * and the one-shots from host memory, vksplit_runner_split and vksplit_runner_join. A run has
 * a whole tensor (a split's input, a join's output) in a buffer of its own and the parts (a
 * split's outputs, a join's inputs) packed into as few buffers as the device's limits allow
 * (the arena, buffers.c); what the plan reads streams in through staging.c, one submit
 * (submit.c) records the plan, what it writes streams out. */
#include "buffers.h"
#include "staging.h"
#include "runner_internal.h"

/* One run's streams: a split's io or a join's (the other NULL), and the part streaming now;
 * for a plan with device parameters their block's words, and where it comes back to. */
typedef struct run_streams {
    const vksplit_runner_io* split;
    const vksplit_runner_join_io* join;
    uint32_t part;
    const uint32_t* parameters;
    uint32_t* status_words;
} run_streams;

static vksplit_result produce_part(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    const run_streams* s = user;
    return s->join->read_input(s->join->user, s->part, dst, bytes, error);
}

static vksplit_result consume_part(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    const run_streams* s = user;
    return s->split->write_output(s->split->user, s->part, src, bytes, error);
}

/* The one recording: the plan and its bindings (the whole tensor's, the parts', the arguments'
 * and, for a plan with device parameters, their block's). */
typedef struct run_job {
    const vksplit_plan* plan;
    vksplit_bindings bindings;
} run_job;

static vksplit_result record_run(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    const run_job* job = user;
    return vksplit_cmd_record(job->plan, cmd, &job->bindings, error);
}

static const char* run_function(bool join) { return join ? "vksplit_runner_run_join_plan" : "vksplit_runner_run_plan"; }

/* Everything that refuses a run before anything is allocated or read: a plan of the other
 * operation, a whole tensor or a part larger than one buffer. Fills the parts' spans and
 * places them in the arena. */
static vksplit_result check_run(const vksplit_runner* runner, const vksplit_plan* plan, bool join, uint64_t whole_span,
                                vksplit__runner_arena* arena, vksplit_error* error)
{
    const char* by = runner->max_buffer_limit;
    unsigned long long limit = runner->max_buffer_bytes;
    if (whole_span > limit)
        return join ? VKSPLIT__FAIL(error, RUNNER_JOIN_OUTPUT_TOO_LARGE, (unsigned long long)whole_span, limit, by)
                    : VKSPLIT__FAIL(error, RUNNER_INPUT_TOO_LARGE, (unsigned long long)whole_span, limit, by);
    for (uint32_t i = 0; i < arena->tensors; i++)
        arena->spans[i] = join ? vksplit_plan_input_span_bytes(plan, i) : vksplit_plan_output_span_bytes(plan, i);
    uint32_t i = vksplit__runner_arena_place(runner, arena);
    if (i == arena->tensors)
        return VKSPLIT_OK;
    unsigned long long span = arena->spans[i];
    return join ? VKSPLIT__FAIL(error, RUNNER_JOIN_INPUT_TOO_LARGE, i, span, limit, by)
                : VKSPLIT__FAIL(error, RUNNER_OUTPUT_TOO_LARGE, i, span, limit, by);
}

/* Part after part, each in pieces: a join's inputs into the arena, or a split's outputs out of
 * it. An empty part moves nothing (its stream is never called). */
static vksplit_result stream_parts(vksplit_runner* runner, const vksplit__runner_arena* arena, run_streams* s,
                                   vksplit_error* error)
{
    vksplit_result r = VKSPLIT_OK;
    for (s->part = 0; r == VKSPLIT_OK && s->part < arena->tensors; s->part++) {
        uint32_t i = s->part;
        const vksplit_runner_buffer* buffer = &arena->buffers[arena->buffer_of[i]];
        r = s->join ? vksplit_runner_write(runner, buffer, arena->offsets[i], arena->spans[i], produce_part, s, error)
                    : vksplit_runner_read(runner, buffer, arena->offsets[i], arena->spans[i], consume_part, s, error);
    }
    return r;
}

/* The run: device memory is the whole tensor's span plus the parts' (each rounded up to the
 * arena's alignment) and the arguments, where the plan needs them. */
static vksplit_result run(vksplit_runner* runner, const vksplit_plan* plan, run_streams* s, vksplit_error* error)
{
    bool join = s->join != NULL;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    if (info.rows_mode != VKSPLIT_ROWS_NONE) /* in place: the side written streams in too */
        return VKSPLIT__FAIL(error, RUNNER_PLAN_ROWS,
                             s->parameters ? "vksplit_runner_run_device_plan" : run_function(join));
    bool is_join = info.operation == VKSPLIT_OPERATION_JOIN;
    if (is_join != join)
        return VKSPLIT__FAIL(error, RUNNER_PLAN_OPERATION, run_function(join), is_join ? "join" : "split",
                             run_function(is_join));
    uint32_t n = join ? info.input_count : info.output_count;
    uint64_t whole_span = join ? info.output_span_bytes : info.input_span_bytes;
    vksplit__runner_arena arena;
    vksplit_runner_buffer whole, arguments, parameters;
    memset(&whole, 0, sizeof whole);
    memset(&arguments, 0, sizeof arguments);
    memset(&parameters, 0, sizeof parameters);
    vksplit_result r = vksplit__runner_arena_alloc(runner, n, &arena)
                           ? VKSPLIT_OK
                           : VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, n, join ? "inputs" : "outputs");
    if (r == VKSPLIT_OK)
        r = check_run(runner, plan, join, whole_span, &arena, error);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(runner, whole_span, &whole, error);
    if (r == VKSPLIT_OK)
        r = vksplit__runner_arena_create(runner, &arena, error);
    if (r == VKSPLIT_OK && info.argument_bytes)
        r = vksplit__runner_create_buffer(runner, info.argument_bytes,
                                          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                          runner->tensor_type, 0, &arguments, error);
    if (r == VKSPLIT_OK && s->parameters) {
        r = vksplit__runner_create_buffer(runner, info.parameter_bytes,
                                          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                              VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                                          runner->tensor_type, 0, &parameters, error);
        if (r == VKSPLIT_OK)
            r = vksplit_runner_upload(runner, &parameters, 0, s->parameters, info.parameter_bytes, error);
    }
    if (r == VKSPLIT_OK)
        r = join ? stream_parts(runner, &arena, s, error)
                 : vksplit_runner_write(runner, &whole, 0, whole_span, s->split->read_input, s->split->user, error);
    if (r == VKSPLIT_OK) {
        run_job job = {plan,
                       {{whole.buffer, 0}, arena.bindings, {arguments.buffer, 0, 0}, {parameters.buffer, 0}, {0}, {0}}};
        r = vksplit_runner_submit(runner, record_run, &job, error);
    }
    if (r == VKSPLIT_OK && s->parameters) { /* the GPU's check: a broken rule is this run's error */
        uint32_t* words = vksplit__alloc(runner->callbacks, (size_t)info.parameter_bytes);
        r = words ? vksplit_runner_download(runner, &parameters, 0, words, info.parameter_bytes, error)
                  : VKSPLIT__FAIL0(error, HOST_ALLOCATION_RUNNER);
        if (r == VKSPLIT_OK && s->status_words)
            memcpy(s->status_words, words, (size_t)info.parameter_bytes);
        if (r == VKSPLIT_OK)
            r = vksplit_parameters_status(plan, words, error);
        vksplit__free(runner->callbacks, words);
    }
    if (r == VKSPLIT_OK)
        r = join ? vksplit_runner_read(runner, &whole, 0, whole_span, s->join->write_output, s->join->user, error)
                 : stream_parts(runner, &arena, s, error);
    vksplit_runner_buffer_destroy(runner, &arguments);
    vksplit_runner_buffer_destroy(runner, &parameters);
    vksplit__runner_arena_free(runner, &arena);
    vksplit_runner_buffer_destroy(runner, &whole);
    return r == VKSPLIT_OK ? vksplit__ok(error) : r;
}

vksplit_result vksplit_runner_run_plan(vksplit_runner* runner, const vksplit_plan* plan, const vksplit_runner_io* io,
                                       vksplit_error* error)
{
    if (!runner || !plan || !io || !io->read_input || !io->write_output)
        return VKSPLIT__FAIL0(error, RUNNER_RUN_PLAN_NULL);
    run_streams s = {io, NULL, 0, NULL, NULL};
    return run(runner, plan, &s, error);
}

vksplit_result vksplit_runner_run_device_plan(vksplit_runner* runner, const vksplit_plan* plan,
                                              const vksplit_runner_io* split_io, const vksplit_runner_join_io* join_io,
                                              const uint32_t* parameters, uint32_t* status_words, vksplit_error* error)
{
    bool split_ok = split_io && split_io->read_input && split_io->write_output && !join_io;
    bool join_ok = join_io && join_io->read_input && join_io->write_output && !split_io;
    if (!runner || !plan || !parameters || !(split_ok || join_ok))
        return VKSPLIT__FAIL0(error, RUNNER_DEVICE_RUN_NULL);
    run_streams s = {split_io, join_io, 0, parameters, status_words};
    return run(runner, plan, &s, error);
}

vksplit_result vksplit_runner_run_join_plan(vksplit_runner* runner, const vksplit_plan* plan,
                                            const vksplit_runner_join_io* io, vksplit_error* error)
{
    if (!runner || !plan || !io || !io->read_input || !io->write_output)
        return VKSPLIT__FAIL0(error, RUNNER_RUN_JOIN_PLAN_NULL);
    run_streams s = {NULL, io, 0, NULL, NULL};
    return run(runner, plan, &s, error);
}

/* ---- the one-shots: host memory as a run's streams ------------------------------------------ */

/* The whole tensor through a cursor; the parts each from or into a pointer of their own, in
 * order, each in pieces. */
typedef struct memory_io {
    vksplit__memory_cursor whole;
    const void* const* parts;
    uint32_t part; /* the part moving now, and how far */
    size_t done;
} memory_io;

/* Where the next `bytes` of `part` are (NULL for an empty part without memory). */
static unsigned char* part_at(memory_io* m, uint32_t part, size_t bytes)
{
    if (part != m->part) {
        m->part = part;
        m->done = 0;
    }
    unsigned char* at = m->parts[part] ? (unsigned char*)(uintptr_t)m->parts[part] + m->done : NULL;
    m->done += bytes;
    return at;
}

static vksplit_result write_output_to_memory(void* user, uint32_t output, const void* src, size_t bytes,
                                             vksplit_error* error)
{
    (void)error;
    unsigned char* at = part_at(user, output, bytes);
    if (at)
        memcpy(at, src, bytes);
    return VKSPLIT_OK;
}

static vksplit_result read_input_from_memory(void* user, uint32_t input, void* dst, size_t bytes, vksplit_error* error)
{
    (void)error;
    memcpy(dst, part_at(user, input, bytes), bytes); /* never asked for an empty input */
    return VKSPLIT_OK;
}

static vksplit_result read_whole(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    return vksplit__produce_from_memory(&((memory_io*)user)->whole, dst, bytes, error);
}

static vksplit_result write_whole(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    return vksplit__consume_into_memory(&((memory_io*)user)->whole, src, bytes, error);
}

/* A pointer may be NULL only where its tensor spans nothing. */
static vksplit_result check_memory(const vksplit_plan* plan, bool join, const void* whole, const void* const* parts,
                                   vksplit_error* error)
{
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint32_t n = join ? info.input_count : info.output_count;
    for (uint32_t i = 0; i < n; i++) {
        unsigned long long span =
            join ? vksplit_plan_input_span_bytes(plan, i) : vksplit_plan_output_span_bytes(plan, i);
        if (!parts[i] && span)
            return join ? VKSPLIT__FAIL(error, RUNNER_JOIN_INPUT_DATA_NULL, i, span)
                        : VKSPLIT__FAIL(error, RUNNER_OUTPUT_DATA_NULL, i, span);
    }
    unsigned long long span = join ? info.output_span_bytes : info.input_span_bytes;
    if (!whole && span)
        return join ? VKSPLIT__FAIL(error, RUNNER_JOIN_OUTPUT_DATA_NULL, span)
                    : VKSPLIT__FAIL(error, RUNNER_INPUT_DATA_NULL, span);
    return VKSPLIT_OK;
}

/* Runs a plan the one-shot made (r: how making it went) from and into host memory, and
 * destroys it. */
static vksplit_result run_memory(vksplit_runner* runner, vksplit_result r, vksplit_plan* plan, bool join,
                                 const void* whole, const void* const* parts, vksplit_error* error)
{
    if (r == VKSPLIT_OK)
        r = check_memory(plan, join, whole, parts, error);
    memory_io m = {{(unsigned char*)(uintptr_t)whole}, parts, UINT32_MAX, 0};
    vksplit_runner_io split_io = {read_whole, write_output_to_memory, &m};
    vksplit_runner_join_io join_io = {read_input_from_memory, write_whole, &m};
    if (r == VKSPLIT_OK)
        r = join ? vksplit_runner_run_join_plan(runner, plan, &join_io, error)
                 : vksplit_runner_run_plan(runner, plan, &split_io, error);
    vksplit_plan_destroy(plan);
    return r;
}

vksplit_result vksplit_runner_split(vksplit_runner* runner, const vksplit_split_desc* split,
                                    const vksplit_plan_options* options, const void* input, void* const* outputs,
                                    vksplit_error* error)
{
    if (!runner || !split || !outputs)
        return VKSPLIT__FAIL0(error, RUNNER_SPLIT_NULL);
    vksplit_plan* plan = NULL;
    vksplit_result r = vksplit_plan_create(runner->ctx, split, options, &plan, error);
    return run_memory(runner, r, plan, false, input, (const void* const*)outputs, error);
}

vksplit_result vksplit_runner_join(vksplit_runner* runner, const vksplit_join_desc* join,
                                   const vksplit_plan_options* options, const void* const* inputs, void* output,
                                   vksplit_error* error)
{
    if (!runner || !join || !inputs)
        return VKSPLIT__FAIL0(error, RUNNER_JOIN_NULL);
    vksplit_plan* plan = NULL;
    vksplit_result r = vksplit_plan_create_join(runner->ctx, join, options, &plan, error);
    return run_memory(runner, r, plan, true, output, inputs, error);
}
