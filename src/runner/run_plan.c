/* vksplit_runner_run_plan and the one-shot vksplit_runner_split: the input streamed in
 * through staging.c, one submit (submit.c), the outputs streamed out; the outputs packed into
 * as few buffers (buffers.c) as the device's limits allow. */
#include "buffers.h"
#include "staging.h"
#include "runner_internal.h"

/* Output buffers of a one-shot split start at multiples of this (what an engine's allocator
 * gives, and a multiple of every copy word and minStorageBufferOffsetAlignment seen). */
#define OUTPUT_ALIGNMENT 256u

/* ---- the one-shot split --------------------------------------------------------------------- */

typedef struct one_shot {
    const vksplit_plan* plan;
    vksplit_binding input;
    vksplit_binding* outputs;
    vksplit_arguments arguments;
} one_shot;

static vksplit_result record_one_shot(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    const one_shot* job = user;
    return vksplit_cmd_split(job->plan, cmd, &job->input, job->outputs, &job->arguments, error);
}

/* One output's bytes, in pieces, to io->write_output. */
typedef struct output_stream {
    const vksplit_runner_io* io;
    uint32_t output;
} output_stream;

static vksplit_result consume_output(void* user, const void* src, size_t bytes, vksplit_error* error)
{
    const output_stream* s = user;
    return s->io->write_output(s->io->user, s->output, src, bytes, error);
}

/* Where the outputs go: buffers[buffer_of[i]] at offsets[i]; the `count` buffers' sizes.
 * One host allocation holds the arrays, each of the output count (at most one buffer per
 * output), and the bindings the recording needs. */
typedef struct output_arena {
    uint32_t count;
    vksplit_runner_buffer* buffers; /* created by create_arena; zeroed until then */
    vksplit_binding* bindings;
    uint64_t* sizes;
    uint64_t* offsets;
    uint32_t* buffer_of;
} output_arena;

static bool arena_alloc(const vksplit_runner* runner, uint32_t n, output_arena* a)
{
    /* n <= VKSPLIT_MAX_OUTPUTS: no overflow; the arrays in order of alignment. */
    size_t bytes = n * (sizeof *a->buffers + sizeof *a->bindings + 2 * sizeof(uint64_t) + sizeof(uint32_t));
    unsigned char* block = vksplit__alloc(runner->callbacks, bytes);
    memset(a, 0, sizeof *a);
    if (!block)
        return false;
    memset(block, 0, bytes);
    a->buffers = (vksplit_runner_buffer*)block;
    a->bindings = (vksplit_binding*)(a->buffers + n);
    a->sizes = (uint64_t*)(a->bindings + n);
    a->offsets = a->sizes + n;
    a->buffer_of = (uint32_t*)(a->offsets + n);
    return true;
}

static void arena_free(vksplit_runner* runner, output_arena* a)
{
    for (uint32_t b = 0; b < a->count; b++)
        vksplit_runner_buffer_destroy(runner, &a->buffers[b]);
    vksplit__free(runner->callbacks, a->buffers);
    memset(a, 0, sizeof *a);
}

/* Packs the outputs in order, each at a multiple of OUTPUT_ALIGNMENT, into a new buffer when
 * the current one cannot take it within max_buffer_bytes. An empty output takes no room: it
 * is bound at offset 0 of the current buffer. One output larger than a buffer is refused. */
static vksplit_result place_outputs(const vksplit_runner* runner, const vksplit_plan* plan, uint32_t n, output_arena* a,
                                    vksplit_error* error)
{
    uint64_t limit = runner->max_buffer_bytes, end = 0;
    uint32_t b = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t span = vksplit_plan_output_span_bytes(plan, i);
        if (span > limit)
            return VKSPLIT__FAIL(error, RUNNER_OUTPUT_TOO_LARGE, i, (unsigned long long)span, (unsigned long long)limit,
                                 runner->max_buffer_limit);
        /* end <= limit < 2^64 - 256: the rounding cannot overflow. */
        uint64_t start = (end + OUTPUT_ALIGNMENT - 1) & ~(uint64_t)(OUTPUT_ALIGNMENT - 1);
        if (span && end && (start > limit || span > limit - start)) {
            a->sizes[b++] = end;
            start = end = 0;
        }
        a->buffer_of[i] = b;
        a->offsets[i] = span ? start : 0;
        if (span)
            end = start + span;
    }
    a->sizes[b] = end;
    a->count = b + 1;
    return VKSPLIT_OK;
}

static vksplit_result create_arena(vksplit_runner* runner, output_arena* a, vksplit_error* error)
{
    vksplit_result r = VKSPLIT_OK;
    for (uint32_t b = 0; r == VKSPLIT_OK && b < a->count; b++)
        r = vksplit_runner_buffer_create(runner, a->sizes[b], &a->buffers[b], error);
    return r;
}

vksplit_result vksplit_runner_run_plan(vksplit_runner* runner, const vksplit_plan* plan, const vksplit_runner_io* io,
                                       vksplit_error* error)
{
    if (!runner || !plan || !io || !io->read_input || !io->write_output)
        return VKSPLIT__FAIL0(error, RUNNER_RUN_PLAN_NULL);
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint32_t n = info.output_count;
    output_arena arena;
    vksplit_runner_buffer input, arguments;
    memset(&input, 0, sizeof input);
    memset(&arguments, 0, sizeof arguments);
    vksplit_result r = arena_alloc(runner, n, &arena) ? VKSPLIT_OK : VKSPLIT__FAIL(error, HOST_ALLOCATION_OUTPUTS, n);
    if (r == VKSPLIT_OK && info.input_span_bytes > runner->max_buffer_bytes)
        r = VKSPLIT__FAIL(error, RUNNER_INPUT_TOO_LARGE, (unsigned long long)info.input_span_bytes,
                          (unsigned long long)runner->max_buffer_bytes, runner->max_buffer_limit);
    if (r == VKSPLIT_OK)
        r = place_outputs(runner, plan, n, &arena, error);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_buffer_create(runner, info.input_span_bytes, &input, error);
    if (r == VKSPLIT_OK)
        r = create_arena(runner, &arena, error);
    if (r == VKSPLIT_OK && info.argument_bytes)
        r = vksplit__runner_create_buffer(runner, info.argument_bytes,
                                          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                          runner->tensor_type, 0, &arguments, error);
    if (r == VKSPLIT_OK)
        r = vksplit_runner_write(runner, &input, 0, info.input_span_bytes, io->read_input, io->user, error);
    if (r == VKSPLIT_OK) {
        for (uint32_t i = 0; i < n; i++)
            arena.bindings[i] = (vksplit_binding){arena.buffers[arena.buffer_of[i]].buffer, arena.offsets[i]};
        one_shot job = {plan, {input.buffer, 0}, arena.bindings, {arguments.buffer, 0, 0}};
        r = vksplit_runner_submit(runner, record_one_shot, &job, error);
    }
    for (uint32_t i = 0; r == VKSPLIT_OK && i < n; i++) {
        output_stream s = {io, i};
        r = vksplit_runner_read(runner, &arena.buffers[arena.buffer_of[i]], arena.offsets[i],
                                vksplit_plan_output_span_bytes(plan, i), consume_output, &s, error);
    }
    vksplit_runner_buffer_destroy(runner, &arguments);
    arena_free(runner, &arena);
    vksplit_runner_buffer_destroy(runner, &input);
    return r == VKSPLIT_OK ? vksplit__ok(error) : r;
}

/* Host memory as the run's io. */
typedef struct memory_io {
    vksplit__memory_cursor input;
    void* const* outputs;
    uint32_t output; /* the output being written, and how far */
    size_t written;
} memory_io;

static vksplit_result write_output_to_memory(void* user, uint32_t output, const void* src, size_t bytes,
                                             vksplit_error* error)
{
    (void)error;
    memory_io* m = user;
    if (output != m->output) {
        m->output = output;
        m->written = 0;
    }
    if (m->outputs[output])
        memcpy((unsigned char*)m->outputs[output] + m->written, src, bytes);
    m->written += bytes;
    return VKSPLIT_OK;
}

static vksplit_result read_input_from_memory(void* user, void* dst, size_t bytes, vksplit_error* error)
{
    return vksplit__produce_from_memory(&((memory_io*)user)->input, dst, bytes, error);
}

vksplit_result vksplit_runner_split(vksplit_runner* runner, const vksplit_split_desc* split,
                                    const vksplit_plan_options* options, const void* input, void* const* outputs,
                                    vksplit_error* error)
{
    if (!runner || !split || !outputs)
        return VKSPLIT__FAIL0(error, RUNNER_SPLIT_NULL);
    vksplit_plan* plan = NULL;
    vksplit_result r = vksplit_plan_create(runner->ctx, split, options, &plan, error);
    if (r != VKSPLIT_OK)
        return r;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    for (uint32_t i = 0; i < info.output_count && r == VKSPLIT_OK; i++)
        if (!outputs[i] && vksplit_plan_output_span_bytes(plan, i))
            r = VKSPLIT__FAIL(error, RUNNER_OUTPUT_DATA_NULL, i,
                              (unsigned long long)vksplit_plan_output_span_bytes(plan, i));
    if (r == VKSPLIT_OK && !input && info.input_span_bytes)
        r = VKSPLIT__FAIL(error, RUNNER_INPUT_DATA_NULL, (unsigned long long)info.input_span_bytes);
    if (r == VKSPLIT_OK) {
        memory_io m = {{(unsigned char*)(uintptr_t)input}, outputs, UINT32_MAX, 0};
        vksplit_runner_io io = {read_input_from_memory, write_output_to_memory, &m};
        r = vksplit_runner_run_plan(runner, plan, &io, error);
    }
    vksplit_plan_destroy(plan);
    return r;
}
