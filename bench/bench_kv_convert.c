/* split_bench's KV appends that convert (bench_kv_convert.h). */
#include "bench_kv_convert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_convert.h"
#include "bench_host_buffer.h"
#include "bench_rows_values.h"
#include "bench_rounds.h"
#include "bench_step.h"
#include "convert_reference.h" /* tests/convert/convert_reference.c, compiled in by path */

extern const uint32_t bench_rows_producer_spv[];
extern const size_t bench_rows_producer_spv_size;
extern const char bench_rows_producer_spv_module[];

#define GUARD 0xA5u
#define CHECK_STEPS 2u /* per method, before the timing and after */

enum { FUSED, UNFUSED, APPEND };
const char* const bench_kv_keys[BENCH_KV_METHODS] = {"fused", "unfused", "append_only"};
static const char* const method_names[BENCH_KV_METHODS] = {"converting append", "convert, then append", "append only"};

typedef struct kv_loop kv_loop;
typedef struct batch_user {
    kv_loop* l;
    uint32_t kind;
} batch_user;

struct kv_loop {
    vksplit_runner* runner;
    vksplit_runner_info info;
    bench_timer* timer;
    const bench_setup* s;
    const vksplit_plan* plan; /* the case's: the converting append */
    vksplit_plan_info plan_info;
    const bench_loop_options* o;
    const vksplit_convert* types; /* the case's: whole (the cache's), parts (the token's) */
    int given;                    /* kv_append_fp8: device parameters GIVEN; else rows INDEXED */
    uint64_t outer, places, rows_len, elements_per_row;
    uint64_t whole_row;    /* bytes of a row along the axis, of the cache's type */
    bench_rows_geometry g; /* the producer's values on the host */
    vksplit_plan* convert; /* unfused: the token (the rows) into `staging`, of the cache's type */
    vksplit_plan* append;  /* unfused and append only: `staging` into the cache, bytes */
    vksplit_plan_info convert_info, append_info;
    uint64_t staging_bytes;                     /* the converted token's span */
    bench_step_objects vk;                      /* the pool, the fence, the producer */
    bench_host_buffer state, indices, block[2]; /* block: the case's plan's, the byte append's */
    vksplit_runner_buffer part, staging, scale, whole[BENCH_KV_METHODS];
    VkCommandBuffer replay[BENCH_KV_METHODS];
    bench_batch batch[BENCH_KV_METHODS];
    bench_op op[BENCH_KV_METHODS];
    batch_user user[BENCH_KV_METHODS];
    int32_t* last[BENCH_KV_METHODS]; /* per place along the axis: the part's row last written there, -1 none */
    int64_t* values;                 /* one step's indices */
    uint8_t* expected;               /* the part's rows converted, [outer, L] rows of whole_row bytes */
    uint64_t host_steps;             /* producer runs submitted: its step counter, mirrored */
    double record_us;
};

/* Method `kind` submitted the producer's next step: the places it writes, by the host's mirror. */
static void logged(kv_loop* l, uint32_t kind)
{
    bench_rows_indices(&l->g, (uint32_t)l->host_steps++, l->values);
    for (uint64_t j = 0; j < l->rows_len; j++)
        l->last[kind][bench_rows_place(&l->g, l->values, 0, j)] = (int32_t)j;
}

/* ---- recording ---------------------------------------------------------------------------- */

static int record_plan(const kv_loop* l, const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* b)
{
    vksplit_error error;
    if (vksplit_cmd_record(plan, cmd, b, &error) == VKSPLIT_OK)
        return 1;
    fprintf(stderr, "split_bench: %s: record: %s\n", l->s->c->name, error.message);
    return 0;
}

#define COMPUTE VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT

/* One step of a method: the producer (the step's place: GIVEN's length and offset into the
 * method's plan's block, or the indices), what the engine owes, then the method's plans. */
static int record_step(const kv_loop* l, uint32_t kind, VkCommandBuffer cmd)
{
    const bench_host_buffer* block = &l->block[kind != FUSED];
    uint64_t push[3] = {l->state.address, l->indices.address, l->given ? block->address : 0};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, l->vk.producer);
    vkCmdPushConstants(cmd, l->vk.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, push);
    vkCmdDispatch(cmd, 1, 1, 1);
    bench_barrier(cmd, COMPUTE, VK_ACCESS_SHADER_WRITE_BIT, COMPUTE,
                  VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    vksplit_binding part = {l->part.buffer, 0}, staging = {l->staging.buffer, 0};
    if (kind == UNFUSED) { /* the token converted into `staging`, then read by the append */
        vksplit_bindings c = {.whole = part, .parts = &staging, .scale = {l->scale.buffer, 0}};
        if (!record_plan(l, l->convert, cmd, &c))
            return 0;
        bench_barrier(cmd, COMPUTE, VK_ACCESS_SHADER_WRITE_BIT, COMPUTE, VK_ACCESS_SHADER_READ_BIT);
    }
    vksplit_bindings b = {.whole = {l->whole[kind].buffer, 0},
                          .parts = kind == FUSED ? &part : &staging,
                          .parameters = {block->buffer, 0}};
    if (!l->given)
        b.indices = (vksplit_binding){l->indices.buffer, 0};
    if (kind == FUSED && l->types->scale_source == VKSPLIT_SCALE_DEVICE)
        b.scale = (vksplit_binding){l->scale.buffer, 0};
    return record_plan(l, kind == FUSED ? l->plan : l->append, cmd, &b);
}

static int record_batch_step(void* user, VkCommandBuffer cmd)
{
    batch_user* u = user;
    return record_step(u->l, u->kind, cmd);
}

/* ---- the steps ----------------------------------------------------------------------------- */

static int run_steps(kv_loop* l, uint32_t kind, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        logged(l, kind);
        if (!bench_step_submit(l->info.device, l->info.queue, l->vk.fence, l->replay[kind], l->s->c->name))
            return 0;
    }
    return 1;
}

/* K steps of a method in one command buffer between two timestamps: GPU seconds per step (< 0 on
 * failure). */
static double gpu_steps(kv_loop* l, uint32_t kind, uint32_t k)
{
    bench_batch* b = &l->batch[kind];
    if (!b->cmd && !bench_batch_record(l->timer, b, &l->op[kind], k, BENCH_SLOT_ROWS))
        return -1;
    double seconds = bench_batch_run(l->timer, b);
    if (seconds < 0)
        return -1;
    for (uint32_t i = 0; i < k; i++)
        logged(l, kind);
    return seconds / k;
}

/* ---- the check ------------------------------------------------------------------------------ */

/* Method `kind`'s cache, every row: the part's row it last received, converted (l->expected), or
 * the guard bytes. */
static int check_cache(kv_loop* l, uint32_t kind, uint8_t* got, const char* when)
{
    vksplit_error error;
    if (vksplit_runner_download(l->runner, &l->whole[kind], 0, got, l->s->input_span, &error) != VKSPLIT_OK) {
        fprintf(stderr, "split_bench: %s: download: %s\n", l->s->c->name, error.message);
        return 0;
    }
    for (uint64_t o = 0; o < l->outer; o++)
        for (uint64_t p = 0; p < l->places; p++) {
            int32_t j = l->last[kind][p];
            const uint8_t* at = got + (o * l->places + p) * l->whole_row;
            for (uint64_t b = 0; b < l->whole_row; b++) {
                uint8_t want = j < 0 ? GUARD : l->expected[(o * l->rows_len + (uint64_t)j) * l->whole_row + b];
                if (at[b] == want)
                    continue;
                fprintf(stderr,
                        "split_bench: %s (%s, %s, after %llu steps): the cache's row (%llu, %llu), byte %llu: the GPU "
                        "wrote 0x%02X, %s 0x%02X (%s)\n",
                        l->s->c->name, method_names[kind], when, (unsigned long long)l->host_steps,
                        (unsigned long long)o, (unsigned long long)p, (unsigned long long)b, at[b],
                        j < 0 ? "the guard byte" : "docs/conversions.md gives", want,
                        j < 0 ? "no step writes it" : "the part's row converted");
                return 0;
            }
        }
    return 1;
}

static int check(kv_loop* l, uint32_t kind, uint8_t* got, const char* when)
{
    if (l->state.words[0] != (uint32_t)l->host_steps) {
        fprintf(stderr, "split_bench: %s (%s): the producer counted %u steps, the host submitted %llu\n", l->s->c->name,
                when, l->state.words[0], (unsigned long long)l->host_steps);
        return 0;
    }
    return bench_status_ok(l->plan, l->block[0].words, l->s->c->name, "converting plan's", when) &&
           bench_status_ok(l->append, l->block[1].words, l->s->c->name, "byte append's", when) &&
           check_cache(l, kind, got, when);
}

/* ---- set-up ----------------------------------------------------------------------------------- */

/* The unfused method's plans: a 1-part converting split of the token (the rows) into a tensor of
 * the cache's type, and the byte append of that tensor into the cache (the case's placing: GIVEN,
 * or rows INDEXED; a Q8_0 row as its 34-byte blocks in 4-byte words). */
static int create_plans(kv_loop* l)
{
    const bench_setup* s = l->s;
    uint32_t axis = s->join.axis;
    uint64_t token[BENCH_MAX_RANK], cache[BENCH_MAX_RANK], lengths[1] = {l->rows_len};
    memcpy(token, s->sizes, sizeof token);
    memcpy(cache, s->sizes, sizeof cache);
    token[axis] = l->rows_len;
    uint32_t byte_size = l->types->whole == VKSPLIT_TYPE_Q8_0 ? 4 : cref_element_size(l->types->whole);
    cache[s->rank - 1] = l->whole_row / byte_size; /* the cache's rows as elements of byte_size bytes */
    vksplit_split_desc c = {.element_size = cref_element_size(l->types->parts), .rank = s->rank, .sizes = token};
    c.axis = axis;
    c.output_count = 1;
    c.lengths = lengths;
    vksplit_plan_options co = {.path = VKSPLIT_PATH_COMPUTE};
    co.convert =
        (vksplit_convert){.whole = l->types->parts, .parts = l->types->whole, .scale_source = l->types->scale_source};
    vksplit_join_desc a = {.element_size = byte_size, .rank = s->rank, .sizes = cache};
    a.axis = axis;
    a.input_count = 1;
    a.lengths = lengths;
    vksplit_plan_options ao = {.path = VKSPLIT_PATH_COMPUTE};
    if (l->given)
        ao.device_parameters = VKSPLIT_DEVICE_PARAMETERS_GIVEN;
    else
        ao.rows = bench_rows_options(s->c);
    vksplit_context* ctx = vksplit_runner_context(l->runner);
    vksplit_error error;
    if (vksplit_plan_create(ctx, &c, &co, &l->convert, &error) != VKSPLIT_OK ||
        vksplit_plan_create_join(ctx, &a, &ao, &l->append, &error) != VKSPLIT_OK) {
        fprintf(stderr, "split_bench: %s: the unfused method's %s plan: %s\n", s->c->name,
                l->convert ? "byte append" : "converting", error.message);
        return 0;
    }
    vksplit_plan_get_info(l->convert, &l->convert_info);
    vksplit_plan_get_info(l->append, &l->append_info);
    l->staging_bytes = vksplit_plan_output_span_bytes(l->convert, 0);
    if (l->staging_bytes != l->rows_len * l->outer * l->whole_row) {
        fprintf(stderr, "split_bench: %s: the converted token spans %llu bytes, not %llu\n", s->c->name,
                (unsigned long long)l->staging_bytes, (unsigned long long)(l->rows_len * l->outer * l->whole_row));
        return 0;
    }
    return 1;
}

/* The first submission: the token converted once into `staging` (append only's source before the
 * unfused method has run). */
static vksplit_result convert_once(void* user, VkCommandBuffer cmd, vksplit_error* error)
{
    const kv_loop* l = user;
    vksplit_binding staging = {l->staging.buffer, 0};
    vksplit_bindings c = {.whole = {l->part.buffer, 0}, .parts = &staging, .scale = {l->scale.buffer, 0}};
    return vksplit_cmd_record(l->convert, cmd, &c, error);
}

static int create_buffers(kv_loop* l, uint8_t* host_whole, uint8_t* host_part)
{
    const bench_setup* s = l->s;
    VkDevice device = l->info.device;
    VkPhysicalDevice physical = l->info.physical_device;
    uint64_t index_bytes = l->plan_info.index_span_bytes > 16 ? l->plan_info.index_span_bytes : 16;
    vksplit_error error;
    int ok = bench_host_buffer_create(device, physical, 32, &l->state) &&
             bench_host_buffer_create(device, physical, index_bytes, &l->indices) &&
             bench_host_buffer_create(device, physical, l->plan_info.parameter_bytes, &l->block[0]) &&
             bench_host_buffer_create(device, physical, l->append_info.parameter_bytes, &l->block[1]) &&
             vksplit_runner_buffer_create(l->runner, s->arena_bytes, &l->part, &error) == VKSPLIT_OK &&
             vksplit_runner_buffer_create(l->runner, l->staging_bytes, &l->staging, &error) == VKSPLIT_OK &&
             vksplit_runner_buffer_create(l->runner, 16, &l->scale, &error) == VKSPLIT_OK;
    for (uint32_t m = 0; ok && m < BENCH_KV_METHODS; m++)
        ok = vksplit_runner_buffer_create(l->runner, s->input_span, &l->whole[m], &error) == VKSPLIT_OK;
    if (!ok) {
        fprintf(stderr, "split_bench: %s: the loop's buffers failed\n", s->c->name);
        return 0;
    }
    uint32_t* st = l->state.words; /* rows_producer.comp's state */
    st[0] = 0, st[1] = l->g.produce, st[2] = (uint32_t)l->g.places, st[3] = (uint32_t)l->g.rows_len;
    st[4] = (uint32_t)l->g.lists, st[5] = l->g.k, st[6] = l->g.index_bytes;
    /* The token's values (bench_convert_fill: the part of the case's converting join), the caches
     * guard bytes, the scale */
    bench_convert_fill(s, host_whole, host_part);
    memset(host_whole, GUARD, s->input_span);
    float scale[4] = {BENCH_KV_SCALE, 0, 0, 0};
    ok = vksplit_runner_upload(l->runner, &l->part, 0, host_part, s->arena_bytes, &error) == VKSPLIT_OK &&
         vksplit_runner_upload(l->runner, &l->scale, 0, scale, sizeof scale, &error) == VKSPLIT_OK;
    for (uint32_t m = 0; ok && m < BENCH_KV_METHODS; m++)
        ok = vksplit_runner_upload(l->runner, &l->whole[m], 0, host_whole, s->input_span, &error) == VKSPLIT_OK;
    if (ok)
        ok = vksplit_runner_submit(l->runner, convert_once, l, &error) == VKSPLIT_OK;
    if (!ok)
        fprintf(stderr, "split_bench: %s: upload: %s\n", s->c->name, error.message);
    /* What every written row must hold: the part's rows converted by the tests' reference */
    int has_scale = l->types->scale_source != VKSPLIT_SCALE_NONE;
    cref_convert_array(l->types->parts, l->types->whole, host_part + s->output_offset[0], l->expected,
                       (size_t)(l->outer * l->rows_len * l->elements_per_row), l->types->no_saturate, has_scale,
                       BENCH_KV_SCALE);
    return ok;
}

static int setup(kv_loop* l, uint8_t* host_whole, uint8_t* host_part)
{
    VkDevice device = l->info.device;
    if (!bench_step_objects_create(device, l->info.queue_family_index, bench_rows_producer_spv,
                                   bench_rows_producer_spv_size, bench_rows_producer_spv_module, l->o->pipelines, 24,
                                   l->s->c->name, &l->vk))
        return 0;
    for (uint32_t m = 0; m < BENCH_KV_METHODS; m++) {
        l->last[m] = malloc(sizeof *l->last[m] * l->places);
        if (!l->last[m])
            return 0;
        for (uint64_t p = 0; p < l->places; p++)
            l->last[m][p] = -1;
    }
    l->values = malloc(sizeof *l->values * (l->g.entries ? l->g.entries : 1));
    l->expected = malloc((size_t)(l->outer * l->rows_len * l->whole_row));
    if (!l->values || !l->expected || !create_plans(l) || !create_buffers(l, host_whole, host_part))
        return 0;
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = l->vk.pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = BENCH_KV_METHODS};
    if (vkAllocateCommandBuffers(device, &alloc, l->replay) != VK_SUCCESS)
        return 0;
    for (uint32_t m = 0; m < BENCH_KV_METHODS; m++) { /* each method recorded once, the fused one timed */
        l->user[m] = (batch_user){l, m};
        l->op[m] = (bench_op){bench_kv_keys[m], record_batch_step, &l->user[m], BENCH_SLOT_ROWS, 0, 0};
        double t0 = bench_now_seconds();
        if (!bench_step_begin(l->replay[m]) || !record_step(l, m, l->replay[m]) || !bench_step_end(l->replay[m]))
            return 0;
        if (m == FUSED)
            l->record_us = (bench_now_seconds() - t0) * 1e6;
    }
    return 1;
}

static void teardown(kv_loop* l)
{
    VkDevice device = l->info.device;
    for (uint32_t m = 0; m < BENCH_KV_METHODS; m++) {
        bench_batch_free(l->timer, &l->batch[m]);
        vksplit_runner_buffer_destroy(l->runner, &l->whole[m]);
        free(l->last[m]);
    }
    bench_step_objects_destroy(device, &l->vk);
    bench_host_buffer_destroy(device, &l->state);
    bench_host_buffer_destroy(device, &l->indices);
    bench_host_buffer_destroy(device, &l->block[0]);
    bench_host_buffer_destroy(device, &l->block[1]);
    vksplit_runner_buffer_destroy(l->runner, &l->part);
    vksplit_runner_buffer_destroy(l->runner, &l->staging);
    vksplit_runner_buffer_destroy(l->runner, &l->scale);
    vksplit_plan_destroy(l->convert);
    vksplit_plan_destroy(l->append);
    free(l->values);
    free(l->expected);
}

/* ---- the timing ------------------------------------------------------------------------------ */

/* Warm-up, then rounds: each method's M steps on the host's clock, then its K steps on the GPU's,
 * the methods interleaved, each round starting one method further on; medians. */
static int timed_host(void* user, uint32_t m, uint32_t steps) { return run_steps(user, m, steps); }

static int timed_gpu(void* user, uint32_t m, uint32_t k, double* seconds)
{
    *seconds = gpu_steps(user, m, k);
    return *seconds >= 0;
}

static int measure(kv_loop* l, bench_kv_result* r)
{
    bench_rounds b = {BENCH_KV_METHODS, timed_host, timed_gpu, l, 1};
    uint32_t steps = bench_rounds_warmup(&b, l->o, &r->warmup_steps); /* FUSED's: the first */
    r->steps_per_round = steps;
    r->gpu_steps = bench_rounds_gpu_steps(steps);
    return steps && (r->rounds = bench_rounds_run(&b, l->o, steps, r->wall_s, r->gpu_s)) > 0;
}

/* A plan's dispatches: its copy's and the check's before it (vksplit_plan_info). */
static uint32_t plan_dispatches(const vksplit_plan_info* i) { return i->dispatch_count + i->check_dispatch_count; }

static void describe(const kv_loop* l, bench_kv_result* r)
{
    r->method_count = BENCH_KV_METHODS;
    for (uint32_t m = 0; m < BENCH_KV_METHODS; m++) {
        r->method[m] = method_names[m];
        r->key[m] = bench_kv_keys[m];
    }
    r->dispatches[FUSED] = 1 + plan_dispatches(&l->plan_info);
    r->dispatches[UNFUSED] = 1 + plan_dispatches(&l->convert_info) + plan_dispatches(&l->append_info);
    r->dispatches[APPEND] = 1 + plan_dispatches(&l->append_info);
    snprintf(r->convert_plan, sizeof r->convert_plan, "%s", l->convert ? l->convert_info.summary : "");
    snprintf(r->append_plan, sizeof r->append_plan, "%s", l->append ? l->append_info.summary : "");
}

int bench_kv_convert_run(vksplit_runner* runner, bench_timer* timer, const bench_setup* s, const vksplit_plan* plan,
                         const bench_loop_options* o, bench_kv_result* r)
{
    memset(r, 0, sizeof *r);
    static kv_loop l;
    memset(&l, 0, sizeof l);
    l.runner = runner;
    vksplit_runner_get_info(runner, &l.info);
    l.timer = timer;
    l.s = s;
    l.plan = plan;
    vksplit_plan_get_info(plan, &l.plan_info);
    l.o = o;
    l.types = bench_case_convert(s->c);
    l.given = s->c->device == VKSPLIT_DEVICE_PARAMETERS_GIVEN;
    uint32_t axis = s->join.axis;
    l.outer = 1;
    for (uint32_t d = 0; d < axis; d++)
        l.outer *= s->sizes[d];
    l.places = s->sizes[axis];
    l.rows_len = s->split[0];
    l.elements_per_row = 1;
    for (uint32_t d = axis + 1; d < s->rank; d++)
        l.elements_per_row *= s->sizes[d];
    l.whole_row = bench_type_bytes(l.types->whole, l.elements_per_row);
    /* the producer's values: GIVEN's position (one index, t = step % C), or T distinct slots */
    l.g.join = 1;
    l.g.rows = l.given ? (vksplit_rows){.mode = VKSPLIT_ROWS_LINEAR} : bench_rows_options(s->c);
    l.g.produce = l.given ? ROWS_PRODUCE_POSITION : ROWS_PRODUCE_DENSE_SLOTS;
    l.g.index_bytes = 8;
    l.g.k = 1;
    l.g.outer = l.outer;
    l.g.places = l.places;
    l.g.rows_len = l.rows_len;
    l.g.row_bytes = l.whole_row;
    l.g.lists = 1;
    l.g.per_list = l.outer;
    l.g.entries = l.given ? 1 : l.rows_len;
    uint8_t* host_whole = malloc(s->input_span);
    uint8_t* host_part = malloc(s->arena_bytes);
    int ok = host_whole && host_part && setup(&l, host_whole, host_part);
    describe(&l, r);
    /* A few steps of each method, each checked after its own; all again after the timing. */
    for (int phase = 0; ok && phase < 2; phase++) {
        if (phase == 1)
            ok = measure(&l, r);
        for (uint32_t m = 0; ok && m < BENCH_KV_METHODS; m++) {
            ok = run_steps(&l, m, CHECK_STEPS) &&
                 check(&l, m, host_whole, phase ? "after the timing" : "checked before the timing");
            r->checks += ok;
        }
    }
    r->steps = l.state.words ? l.state.words[0] : 0;
    r->record_us = l.record_us;
    if (l.info.device)
        vkDeviceWaitIdle(l.info.device);
    teardown(&l);
    free(host_whole);
    free(host_part);
    return ok;
}
