/* split_bench's rows loops (bench_rows.h). */
#include "bench_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_host_buffer.h"
#include "bench_rounds.h"
#include "bench_step.h"
#include "bench_rows_reference.h"
#include "bench_rows_values.h"

extern const uint32_t bench_rows_producer_spv[];
extern const size_t bench_rows_producer_spv_size;
extern const char bench_rows_producer_spv_module[];

#define GUARD 0xA5u
#define CHECK_STEPS 2u         /* per method, before the timing and after */
#define HOST_STEPS 0x80000000u /* the references' own step values, apart from the producer's */

enum { ROWS, GIVEN, GIVEN3, COPY, STATIC, ROUNDTRIP };
const char* const bench_rows_keys[BENCH_ROWS_KINDS] = {"rows",        "given",         "given_three", "copy_rerecorded",
                                                       "static_join", "host_roundtrip"};
static const char* const method_names[BENCH_ROWS_KINDS] = {
    "rows", "GIVEN", "GIVEN check + indirect copy", "vkCmdCopyBuffer re-recorded", "static join", "host round trip"};

typedef struct rows_loop rows_loop;
typedef struct batch_user {
    rows_loop* l;
    uint32_t kind;
} batch_user;

struct rows_loop {
    vksplit_runner* runner;
    vksplit_runner_info info;
    bench_timer* timer;
    const bench_setup* s;
    const vksplit_plan* plan; /* the rows plan */
    vksplit_plan_info plan_info;
    vksplit_plan* given[2];    /* the same join with device parameters GIVEN: the context's, one dispatch or not */
    vksplit_context* three;    /* a context whose GIVEN plans never fuse (one_dispatch_bytes 1): given[1]'s */
    vksplit_plan* static_join; /* the cache and the token into a new tensor, one longer along the axis */
    vksplit_plan_info given_info[2], static_info;
    const bench_loop_options* o;
    bench_rows_geometry g;
    uint32_t kinds[BENCH_ROWS_METHODS], count;
    bench_step_objects vk;                              /* the pool, the fence, the producer */
    bench_host_buffer state, indices, block, params[2]; /* params: GIVEN's blocks */
    vksplit_runner_buffer whole, parts, joined;         /* joined: the static join's output */
    uint64_t part_offset[BENCH_ROWS_KINDS];             /* a join's: each method's own part in `parts` */
    uint64_t parts_bytes;
    VkCommandBuffer replay[BENCH_ROWS_KINDS], again, router;
    bench_batch batch[BENCH_ROWS_KINDS];
    bench_op op[BENCH_ROWS_KINDS];
    batch_user user[BENCH_ROWS_KINDS];
    VkBufferCopy* regions;
    int64_t* values;
    uint64_t host_steps; /* producer runs submitted: its step counter, mirrored */
    uint32_t host_known; /* the references' own steps */
    int static_fresh;    /* the static join ran last: its output holds the cache as it is now */
    bench_rows_reference* ref;
    double record_us;
};

static int submit(rows_loop* l, VkCommandBuffer cmd)
{
    return bench_step_submit(l->info.device, l->info.queue, l->vk.fence, cmd, l->s->c->name);
}

static int logged(rows_loop* l, uint32_t kind, uint32_t step)
{
    l->static_fresh = 0;
    if (bench_rows_reference_log(l->ref, kind, step))
        return 1;
    fprintf(stderr, "split_bench: %s: out of host memory for the steps' log\n", l->s->c->name);
    return 0;
}

/* ---- recording ---------------------------------------------------------------------------- */

/* The producer: the step's indices, and where `parameters` is not 0 the step's position as
 * device parameters GIVEN there. */
static void record_producer(const rows_loop* l, VkCommandBuffer cmd, VkDeviceAddress parameters)
{
    uint64_t push[3] = {l->state.address, l->indices.address, parameters};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, l->vk.producer);
    vkCmdPushConstants(cmd, l->vk.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, push);
    vkCmdDispatch(cmd, 1, 1, 1);
}

static int record_plan(const rows_loop* l, const vksplit_plan* plan, VkCommandBuffer cmd, const vksplit_bindings* b)
{
    vksplit_error error;
    if (vksplit_cmd_record(plan, cmd, b, &error) == VKSPLIT_OK)
        return 1;
    fprintf(stderr, "split_bench: %s: record: %s\n", l->s->c->name, error.message);
    return 0;
}

/* One step of a method recorded once (rows, GIVEN: the producer, what the engine owes, the
 * plan; the static join: the plan alone). */
static int record_step(const rows_loop* l, uint32_t kind, VkCommandBuffer cmd)
{
    vksplit_binding part = {l->parts.buffer, l->part_offset[kind]};
    vksplit_bindings b = {.whole = {l->whole.buffer, 0}, .parts = &part};
    if (kind == STATIC) {
        vksplit_binding inputs[2] = {{l->whole.buffer, 0}, part};
        vksplit_bindings j = {.whole = {l->joined.buffer, 0}, .parts = inputs};
        return record_plan(l, l->static_join, cmd, &j);
    }
    const bench_host_buffer* params = kind == ROWS ? NULL : &l->params[kind == GIVEN3];
    record_producer(l, cmd, params ? params->address : 0);
    bench_barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                  VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    if (params) {
        b.parameters = (vksplit_binding){params->buffer, 0};
        return record_plan(l, l->given[kind == GIVEN3], cmd, &b);
    }
    b.parameters = (vksplit_binding){l->block.buffer, 0};
    b.indices = (vksplit_binding){l->indices.buffer, 0};
    return record_plan(l, l->plan, cmd, &b);
}

/* vkCmdCopyBuffer of one region per row the indices v place (none where all are skipped). */
static void record_copy(rows_loop* l, uint32_t kind, VkCommandBuffer cmd, const int64_t* v)
{
    const bench_rows_geometry* g = &l->g;
    uint64_t row = g->row_bytes, C = g->places, L = g->rows_len;
    uint32_t count = 0;
    for (uint64_t list = 0; list < g->lists; list++)
        for (uint64_t j = 0; j < L; j++) {
            int64_t place = bench_rows_place(g, v, list, j);
            for (uint64_t i = 0; place >= 0 && i < g->per_list; i++) {
                uint64_t o = list * g->per_list + i, whole_at = (o * C + (uint64_t)place) * row,
                         part_at = l->part_offset[kind] + (o * L + j) * row;
                l->regions[count++] =
                    g->join ? (VkBufferCopy){part_at, whole_at, row} : (VkBufferCopy){whole_at, part_at, row};
            }
        }
    VkBuffer whole = l->whole.buffer, parts = l->parts.buffer;
    if (count)
        vkCmdCopyBuffer(cmd, g->join ? parts : whole, g->join ? whole : parts, count, l->regions);
}

/* A copy step at the host's own next step values (logged now: every batch recorded is run). */
static int record_host_copy(rows_loop* l, VkCommandBuffer cmd)
{
    uint32_t step = HOST_STEPS + l->host_known++;
    bench_rows_indices(&l->g, step, l->values);
    record_copy(l, COPY, cmd, l->values);
    return logged(l, COPY, step);
}

static int record_batch_step(void* user, VkCommandBuffer cmd)
{
    batch_user* u = user;
    return u->kind == COPY ? record_host_copy(u->l, cmd) : record_step(u->l, u->kind, cmd);
}

/* ---- the methods: one step each ------------------------------------------------------------ */

static int step(rows_loop* l, uint32_t kind)
{
    switch (kind) {
    case ROWS:
    case GIVEN:
    case GIVEN3: return logged(l, kind, (uint32_t)l->host_steps++) && submit(l, l->replay[kind]);
    case STATIC: l->static_fresh = 1; return submit(l, l->replay[STATIC]);
    case COPY:
        return bench_step_begin(l->again) && record_host_copy(l, l->again) && bench_step_end(l->again) &&
               submit(l, l->again);
    default: { /* the round trip: the producer alone, its indices read back, the copy recorded from them */
        if (!logged(l, ROUNDTRIP, (uint32_t)l->host_steps++))
            return 0;
        VkSubmitInfo info = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                             .commandBufferCount = 1,
                             .pCommandBuffers = &l->router};
        if (vkQueueSubmit(l->info.queue, 1, &info, VK_NULL_HANDLE) != VK_SUCCESS ||
            vkQueueWaitIdle(l->info.queue) != VK_SUCCESS) {
            fprintf(stderr, "split_bench: %s: the producer's submission failed\n", l->s->c->name);
            return 0;
        }
        for (uint64_t e = 0; e < l->g.entries; e++) /* mapped, coherent */
            l->values[e] = bench_rows_index_at(&l->g, l->indices.words, e);
        if (!bench_step_begin(l->again))
            return 0;
        record_copy(l, ROUNDTRIP, l->again, l->values);
        return bench_step_end(l->again) && submit(l, l->again);
    }
    }
}

static int run_steps(rows_loop* l, uint32_t kind, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++)
        if (!step(l, kind))
            return 0;
    return 1;
}

/* K steps of a method in one command buffer between two timestamps: GPU seconds per step (< 0 on
 * failure). Methods recorded once keep their batch; the copy's is recorded again, at new steps. */
static double gpu_steps(rows_loop* l, uint32_t kind, uint32_t k)
{
    bench_batch* b = &l->batch[kind];
    if ((kind == COPY || !b->cmd) && !bench_batch_record(l->timer, b, &l->op[kind], k, BENCH_SLOT_ROWS))
        return -1;
    double seconds = bench_batch_run(l->timer, b);
    if (seconds < 0)
        return -1;
    for (uint32_t i = 0; (kind == ROWS || kind == GIVEN || kind == GIVEN3) && i < k; i++)
        if (!logged(l, kind, (uint32_t)l->host_steps++))
            return -1;
    if (kind == STATIC)
        l->static_fresh = 1;
    return seconds / k;
}

/* ---- the check ------------------------------------------------------------------------------ */

static int check(rows_loop* l, const uint8_t* read_host, uint8_t* got, uint8_t* joined, const char* when)
{
    vksplit_error error;
    const vksplit_runner_buffer* written = l->g.join ? &l->whole : &l->parts;
    uint64_t bytes = l->g.join ? l->s->input_span : l->s->output_span[0];
    int with_joined = l->static_join && l->static_fresh;
    if (vksplit_runner_download(l->runner, written, 0, got, bytes, &error) != VKSPLIT_OK ||
        (with_joined && vksplit_runner_download(l->runner, &l->joined, 0, joined, l->static_info.output_span_bytes,
                                                &error) != VKSPLIT_OK)) {
        fprintf(stderr, "split_bench: %s: download: %s\n", l->s->c->name, error.message);
        return 0;
    }
    if (l->state.words[0] != (uint32_t)l->host_steps) {
        fprintf(stderr, "split_bench: %s (%s): the producer counted %u steps, the host submitted %llu\n", l->s->c->name,
                when, l->state.words[0], (unsigned long long)l->host_steps);
        return 0;
    }
    if (!bench_status_ok(l->plan, l->block.words, l->s->c->name, "rows plan's", when) ||
        (l->given[0] && !bench_status_ok(l->given[0], l->params[0].words, l->s->c->name, "GIVEN plan's", when)) ||
        (l->given[1] &&
         !bench_status_ok(l->given[1], l->params[1].words, l->s->c->name, "GIVEN check + copy plan's", when)))
        return 0;
    bench_rows_images images = {read_host, l->part_offset, got, with_joined ? joined : NULL, l->part_offset[STATIC]};
    return bench_rows_reference_check(l->ref, &images, l->s->c->name, when);
}

/* ---- set-up ----------------------------------------------------------------------------------- */

/* A context on the runner's device whose plans with device parameters never take the one
 * dispatch (one_dispatch_bytes 1): a check, a barrier and the indirect copy, as before it. */
static vksplit_context* three_command_context(const rows_loop* l, const vksplit_tuning* tuning, vksplit_error* error)
{
    vksplit_context_desc desc = {0};
    desc.instance = l->info.instance;
    desc.physical_device = l->info.physical_device;
    desc.device = l->info.device;
    desc.get_instance_proc_addr = l->info.get_instance_proc_addr;
    desc.get_device_proc_addr = l->info.get_device_proc_addr;
    desc.enabled_features = l->info.enabled_features;
    desc.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
    desc.tuning = *tuning;
    desc.tuning.one_dispatch_bytes = 1;
    desc.pipeline_created = bench_pipelines_created; /* its pipelines listed beside the runner's */
    desc.pipeline_created_user = l->o->pipelines;
    vksplit_context* ctx = NULL;
    return vksplit_context_create(&desc, &ctx, error) == VKSPLIT_OK ? ctx : NULL;
}

/* The methods of the case, and the plans of GIVEN (the runner's context's and the three-command
 * context's) and of the static join where it has them. A plan the library refuses leaves its
 * method out, the reason in the result. */
static int create_plans(rows_loop* l, const vksplit_tuning* tuning, bench_rows_result* r)
{
    const bench_setup* s = l->s;
    int append = s->c->shape == SHAPE_KV_ROWS || s->c->shape == SHAPE_VTRANS;
    vksplit_error error;
    if (append) {
        vksplit_plan_options given = {.path = VKSPLIT_PATH_COMPUTE,
                                      .device_parameters = VKSPLIT_DEVICE_PARAMETERS_GIVEN};
        l->three = three_command_context(l, tuning, &error);
        vksplit_context* contexts[2] = {vksplit_runner_context(l->runner), l->three};
        for (uint32_t i = 0; i < 2; i++) {
            if (contexts[i] &&
                vksplit_plan_create_join(contexts[i], &s->join, &given, &l->given[i], &error) == VKSPLIT_OK)
                vksplit_plan_get_info(l->given[i], &l->given_info[i]);
            else
                snprintf(r->given_refused[i], sizeof r->given_refused[i], "%s", error.message);
        }
        if (l->given[1] && l->given[0] && !strcmp(l->given_info[0].summary, l->given_info[1].summary)) {
            /* one part with 1- or 2-byte steps takes the rows kernels whatever one_dispatch_bytes says */
            snprintf(r->given_refused[1], sizeof r->given_refused[1], "left out: the same plan as GIVEN's");
            vksplit_plan_destroy(l->given[1]);
            l->given[1] = NULL;
        }
        uint64_t sizes[BENCH_MAX_RANK], lengths[2] = {l->g.places, 1};
        memcpy(sizes, s->sizes, sizeof sizes);
        sizes[s->join.axis] = l->g.places + 1;
        vksplit_join_desc joined = s->join;
        joined.sizes = sizes;
        joined.input_count = 2;
        joined.lengths = lengths;
        vksplit_plan_options plain = {.path = l->o->path};
        if (vksplit_plan_create_join(contexts[0], &joined, &plain, &l->static_join, &error) != VKSPLIT_OK) {
            fprintf(stderr, "split_bench: %s: the static join's plan: %s\n", s->c->name, error.message);
            return 0;
        }
        vksplit_plan_get_info(l->static_join, &l->static_info);
    }
    l->kinds[l->count++] = ROWS;
    if (l->given[0])
        l->kinds[l->count++] = GIVEN;
    if (l->given[1])
        l->kinds[l->count++] = GIVEN3;
    l->kinds[l->count++] = COPY;
    if (l->static_join)
        l->kinds[l->count++] = STATIC;
    if (s->c->shape == SHAPE_PERMUTE)
        l->kinds[l->count++] = ROUNDTRIP;
    return 1;
}

static int create_buffers(rows_loop* l)
{
    const bench_setup* s = l->s;
    VkDevice device = l->info.device;
    VkPhysicalDevice physical = l->info.physical_device;
    uint64_t part = (s->output_span[0] + 255) & ~(uint64_t)255;
    l->parts_bytes = s->output_span[0];
    for (uint32_t m = 0; l->g.join && m < l->count; m++) { /* a join's methods: a part each */
        l->part_offset[l->kinds[m]] = m * part;
        l->parts_bytes = (m + 1) * part;
    }
    vksplit_error error;
    uint64_t index_bytes = l->plan_info.index_span_bytes > 16 ? l->plan_info.index_span_bytes : 16;
    if (!bench_host_buffer_create(device, physical, 32, &l->state) ||
        !bench_host_buffer_create(device, physical, index_bytes, &l->indices) ||
        !bench_host_buffer_create(device, physical, l->plan_info.parameter_bytes, &l->block) ||
        (l->given[0] && !bench_host_buffer_create(device, physical, l->given_info[0].parameter_bytes, &l->params[0])) ||
        (l->given[1] && !bench_host_buffer_create(device, physical, l->given_info[1].parameter_bytes, &l->params[1])) ||
        vksplit_runner_buffer_create(l->runner, s->input_span, &l->whole, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(l->runner, l->parts_bytes, &l->parts, &error) != VKSPLIT_OK ||
        (l->static_join &&
         vksplit_runner_buffer_create(l->runner, l->static_info.output_span_bytes, &l->joined, &error) != VKSPLIT_OK)) {
        fprintf(stderr, "split_bench: %s: the loop's buffers failed\n", s->c->name);
        return 0;
    }
    uint32_t* st = l->state.words;
    st[0] = 0, st[1] = l->g.produce, st[2] = (uint32_t)l->g.places, st[3] = (uint32_t)l->g.rows_len;
    st[4] = (uint32_t)l->g.lists, st[5] = l->g.k, st[6] = l->g.index_bytes;
    return 1;
}

static int setup(rows_loop* l, const vksplit_tuning* tuning, bench_rows_result* r)
{
    VkDevice device = l->info.device;
    if (!bench_step_objects_create(device, l->info.queue_family_index, bench_rows_producer_spv,
                                   bench_rows_producer_spv_size, bench_rows_producer_spv_module, l->o->pipelines, 24,
                                   l->s->c->name, &l->vk))
        return 0;
    if (!create_plans(l, tuning, r) || !create_buffers(l))
        return 0;
    VkCommandBuffer cmds[6];
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = l->vk.pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 6};
    if (vkAllocateCommandBuffers(device, &alloc, cmds) != VK_SUCCESS)
        return 0;
    l->replay[ROWS] = cmds[0], l->replay[GIVEN] = cmds[1], l->replay[GIVEN3] = cmds[2], l->replay[STATIC] = cmds[3];
    l->again = cmds[4], l->router = cmds[5];
    for (uint32_t m = 0; m < l->count; m++) { /* the methods recorded once, the rows' timed */
        uint32_t kind = l->kinds[m];
        l->user[kind] = (batch_user){l, kind};
        l->op[kind] = (bench_op){bench_rows_keys[kind], record_batch_step, &l->user[kind], BENCH_SLOT_ROWS, 0, 0};
        if (kind == COPY || kind == ROUNDTRIP)
            continue;
        double t0 = bench_now_seconds();
        if (!bench_step_begin(l->replay[kind]) || !record_step(l, kind, l->replay[kind]) ||
            !bench_step_end(l->replay[kind]))
            return 0;
        if (kind == ROWS)
            l->record_us = (bench_now_seconds() - t0) * 1e6;
    }
    if (!bench_step_begin(l->router)) /* the round trip's first half: the producer alone */
        return 0;
    record_producer(l, l->router, 0);
    uint64_t most = l->g.outer * l->g.rows_len; /* regions: one per row at most */
    l->regions = malloc(sizeof *l->regions * (most ? most : 1));
    l->values = malloc(sizeof *l->values * (l->g.entries ? l->g.entries : 1));
    l->ref = bench_rows_reference_create(&l->g, GUARD);
    return bench_step_end(l->router) && l->regions && l->values && l->ref;
}

static void teardown(rows_loop* l)
{
    VkDevice device = l->info.device;
    for (uint32_t k = 0; k < BENCH_ROWS_KINDS; k++)
        bench_batch_free(l->timer, &l->batch[k]);
    bench_step_objects_destroy(device, &l->vk);
    bench_host_buffer_destroy(device, &l->state);
    bench_host_buffer_destroy(device, &l->indices);
    bench_host_buffer_destroy(device, &l->block);
    bench_host_buffer_destroy(device, &l->params[0]);
    bench_host_buffer_destroy(device, &l->params[1]);
    vksplit_runner_buffer_destroy(l->runner, &l->whole);
    vksplit_runner_buffer_destroy(l->runner, &l->parts);
    vksplit_runner_buffer_destroy(l->runner, &l->joined);
    vksplit_plan_destroy(l->given[0]);
    vksplit_plan_destroy(l->given[1]);
    vksplit_context_destroy(l->three);
    vksplit_plan_destroy(l->static_join);
    bench_rows_reference_destroy(l->ref);
    free(l->regions);
    free(l->values);
}

/* ---- the timing ------------------------------------------------------------------------------ */

/* Warm-up, then rounds: each method's M steps on the host's clock, then its K steps on the GPU's,
 * the methods interleaved, each round starting one method further on (a method that follows a
 * slow one, the static join's cache-sized copy, is not always the same); medians. */
static int timed_host(void* user, uint32_t m, uint32_t steps)
{
    rows_loop* l = user;
    return run_steps(l, l->kinds[m], steps);
}

static int timed_gpu(void* user, uint32_t m, uint32_t k, double* seconds)
{
    rows_loop* l = user;
    *seconds = l->kinds[m] == ROUNDTRIP ? -1 : gpu_steps(l, l->kinds[m], k); /* the round trip: none */
    return l->kinds[m] == ROUNDTRIP || *seconds >= 0;
}

static int measure(rows_loop* l, bench_rows_result* r)
{
    bench_rounds b = {l->count, timed_host, timed_gpu, l, 1};
    uint32_t steps = bench_rounds_warmup(&b, l->o, &r->warmup_steps);
    r->steps_per_round = steps;
    r->gpu_steps = bench_rounds_gpu_steps(steps);
    return steps && (r->rounds = bench_rounds_run(&b, l->o, steps, r->wall_s, r->gpu_s)) > 0;
}

/* A step's dispatches of a plan with device parameters or rows, its producer's included: the
 * copy's and the check's before it (vksplit_plan_info). */
static uint32_t step_dispatches(const vksplit_plan_info* i) { return 1 + i->dispatch_count + i->check_dispatch_count; }

/* What a step of each method records (the count layer holds the GPU batches to it). */
static void describe(const rows_loop* l, bench_rows_result* r)
{
    r->method_count = l->count;
    for (uint32_t m = 0; m < l->count; m++) {
        uint32_t kind = l->kinds[m];
        r->method[m] = method_names[kind];
        r->key[m] = bench_rows_keys[kind];
        r->dispatches[m] = kind == ROWS     ? step_dispatches(&l->plan_info)
                           : kind == GIVEN  ? step_dispatches(&l->given_info[0])
                           : kind == GIVEN3 ? step_dispatches(&l->given_info[1])
                           : kind == STATIC ? l->static_info.dispatch_count
                           : kind == COPY   ? 0
                                            : 1; /* the round trip's producer, in a submission of its own */
        r->copies[m] = kind == STATIC ? l->static_info.copy_command_count : kind == COPY || kind == ROUNDTRIP;
    }
    for (uint32_t i = 0; i < 2; i++)
        if (l->given[i])
            snprintf(r->given_plan[i], sizeof r->given_plan[i], "%s", l->given_info[i].summary);
    if (l->static_join)
        snprintf(r->static_plan, sizeof r->static_plan, "%s", l->static_info.summary);
}

/* The read side random (kept on the host for the check), the written sides guard bytes. */
static int upload(rows_loop* l, uint8_t* read_host, uint64_t read_bytes, uint8_t* got, uint64_t written_bytes)
{
    vksplit_error error;
    bench_fill_random(read_host, read_bytes);
    memset(got, GUARD, written_bytes);
    int join = l->g.join;
    int ok =
        vksplit_runner_upload(l->runner, join ? &l->parts : &l->whole, 0, read_host, read_bytes, &error) ==
            VKSPLIT_OK &&
        vksplit_runner_upload(l->runner, join ? &l->whole : &l->parts, 0, got, written_bytes, &error) == VKSPLIT_OK;
    if (!ok)
        fprintf(stderr, "split_bench: %s: upload: %s\n", l->s->c->name, error.message);
    return ok;
}

int bench_rows_run(vksplit_runner* runner, bench_timer* timer, const bench_setup* s, const vksplit_plan* plan,
                   const bench_loop_options* o, const vksplit_tuning* tuning, bench_rows_result* r)
{
    memset(r, 0, sizeof *r);
    static rows_loop l;
    memset(&l, 0, sizeof l);
    l.runner = runner;
    vksplit_runner_get_info(runner, &l.info);
    l.timer = timer;
    l.s = s;
    l.plan = plan;
    vksplit_plan_get_info(plan, &l.plan_info);
    l.o = o;
    bench_rows_geometry_of(s, &l.g);
    int ok = setup(&l, tuning, r);
    uint64_t read_bytes = l.g.join ? l.parts_bytes : s->input_span;
    uint64_t written_bytes = l.g.join ? s->input_span : s->output_span[0];
    uint8_t* read_host = malloc(read_bytes ? (size_t)read_bytes : 1);
    uint8_t* got = malloc(written_bytes ? (size_t)written_bytes : 1);
    uint8_t* joined = l.static_join ? malloc(l.static_info.output_span_bytes) : NULL;
    ok = ok && read_host && got && (joined || !l.static_join) && upload(&l, read_host, read_bytes, got, written_bytes);
    describe(&l, r);
    /* A few steps of each method, each checked after its own; all again after the timing. */
    for (int phase = 0; ok && phase < 2; phase++) {
        if (phase == 1)
            ok = measure(&l, r);
        for (uint32_t m = 0; ok && m < l.count; m++) {
            ok = run_steps(&l, l.kinds[m], CHECK_STEPS) &&
                 check(&l, read_host, got, joined, phase ? "after the timing" : "checked before the timing");
            r->checks += ok;
        }
    }
    r->steps = l.state.words ? l.state.words[0] : 0;
    r->record_us = l.record_us;
    if (l.info.device)
        vkDeviceWaitIdle(l.info.device);
    teardown(&l);
    free(read_host);
    free(got);
    free(joined);
    return ok;
}
