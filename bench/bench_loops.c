/* split_bench's engine loops (bench_loops.h). */
#include "bench_loops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_host_buffer.h"
#include "bench_rounds.h"
#include "bench_step.h"

extern const uint32_t bench_engine_producer_spv[];
extern const size_t bench_engine_producer_spv_size;
extern const char bench_engine_producer_spv_module[];

#define GUARD 0xA5u
#define UNSET UINT64_MAX
#define CHECK_STEPS 2u /* per method, before the timing */

/* ---- the producer's values, on the host (engine_producer.comp) --------------------------------- */

enum { MODE_DECODE = 1, MODE_MOE = 2 };

static uint32_t hash(uint32_t a, uint32_t b)
{
    uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

typedef struct step_values {
    uint32_t whole;
    uint32_t length[BENCH_MAX_OUTPUTS], offset[BENCH_MAX_OUTPUTS];
} step_values;

static void loop_values(uint32_t mode, uint32_t n, uint32_t cap, uint32_t step, step_values* v)
{
    if (mode == MODE_DECODE) {
        v->whole = 0;
        v->length[0] = 1;
        v->offset[0] = step % cap;
        return;
    }
    uint32_t total = cap - hash(step, 0xFFFFu) % (cap / 4 + 1), weights = 0, at = 0;
    for (uint32_t i = 0; i < n; i++)
        weights += 1 + hash(step, i) % 256;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t len = i + 1 < n ? (uint32_t)((uint64_t)total * (1 + hash(step, i) % 256) / weights) : total - at;
        v->length[i] = len;
        v->offset[i] = at; /* PACKED: one after another */
        at += len;
    }
    v->whole = total;
}

/* ---- one loop ---------------------------------------------------------------------------- */

typedef struct loop {
    vksplit_runner* runner;
    vksplit_runner_info info;
    const bench_setup* s;
    const vksplit_plan* plan;
    vksplit_plan_info plan_info;
    const bench_loop_options* o;
    int join;
    uint32_t mode, parts, outer, whole_cap; /* [outer, axis, row]: the dimensions before the axis, the axis */
    uint64_t row_bytes;                     /* the dimensions after the axis: one row per axis position */
    bench_step_objects vk;                  /* the pool, the fence, the producer */
    bench_host_buffer params, state;
    vksplit_runner_buffer whole, parts_buffer, arguments;
    vksplit_binding whole_b, part_b[BENCH_MAX_OUTPUTS], params_b;
    VkCommandBuffer replay, again, router; /* router: the producer alone (the host round trip's first half) */
    uint64_t host_steps;                   /* producer runs submitted: the GPU's step counter, mirrored */
    /* decode: the positions any method wrote (the token is the same at each), the copy's own t */
    uint8_t* written;
    uint64_t copy_t;
    VkBufferCopy* regions;
    double record_us; /* recording the replayed command buffer */
    double plan_s;    /* the host round trip's planning, summed over its timed steps */
    uint64_t planned;
    int timing;
} loop;

static void record_producer(const loop* l, VkCommandBuffer cmd)
{
    uint64_t push[2] = {l->params.address, l->state.address};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, l->vk.producer);
    vkCmdPushConstants(cmd, l->vk.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, push);
    vkCmdDispatch(cmd, 1, 1, 1);
}

/* One step with device parameters: the producer, what the engine owes (its writes of the values
 * -> the check's reads), the recording. */
static int record_device_step(const loop* l, VkCommandBuffer cmd)
{
    if (!bench_step_begin(cmd))
        return 0;
    record_producer(l, cmd);
    bench_barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                  VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    vksplit_bindings b = {l->whole_b, l->part_b, {l->arguments.buffer, 0, 0}, l->params_b, {0}, {0}};
    vksplit_error error;
    vksplit_result r = vksplit_cmd_record(l->plan, cmd, &b, &error);
    if (r != VKSPLIT_OK) {
        fprintf(stderr, "split_bench: %s: record: %s\n", l->s->c->name, error.message);
        return 0;
    }
    return bench_step_end(cmd);
}

static int submit(loop* l, VkCommandBuffer cmd)
{
    return bench_step_submit(l->info.device, l->info.queue, l->vk.fence, cmd, l->s->c->name);
}

/* A producer step submitted: decode marks the position it writes. */
static void produced(loop* l)
{
    if (l->mode == MODE_DECODE)
        l->written[l->host_steps % l->whole_cap] = 1;
    l->host_steps++;
}

/* ---- the methods: one step each ------------------------------------------------------------- */

typedef int (*step_fn)(loop* l);

static int step_replayed(loop* l) /* the command buffer recorded once */
{
    produced(l);
    return submit(l, l->replay);
}

static int step_rerecorded(loop* l) /* the same, recorded again */
{
    produced(l);
    return record_device_step(l, l->again) && submit(l, l->again);
}

static int step_copy(loop* l) /* decode: vkCmdCopyBuffer of the token's rows at t, recorded again */
{
    uint64_t t = l->copy_t++ % l->whole_cap;
    l->written[t] = 1;
    for (uint32_t o = 0; o < l->outer; o++)
        l->regions[o].dstOffset = (o * (uint64_t)l->whole_cap + t) * l->row_bytes;
    if (!bench_step_begin(l->again))
        return 0;
    vkCmdCopyBuffer(l->again, l->parts_buffer.buffer, l->whole.buffer, l->outer, l->regions);
    return bench_step_end(l->again) && submit(l, l->again);
}

/* MoE without device parameters: the router's pass, the counts read back, a static plan of
 * them made, recorded, submitted and waited for, destroyed. */
static int step_roundtrip(loop* l)
{
    produced(l);
    VkSubmitInfo info = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                         .commandBufferCount = 1,
                         .pCommandBuffers = &l->router};
    if (vkQueueSubmit(l->info.queue, 1, &info, VK_NULL_HANDLE) != VK_SUCCESS ||
        vkQueueWaitIdle(l->info.queue) != VK_SUCCESS) {
        fprintf(stderr, "split_bench: %s: the router's submission failed\n", l->s->c->name);
        return 0;
    }
    const uint32_t* words = l->params.words; /* mapped, coherent */
    uint64_t sizes[BENCH_MAX_RANK], lengths[BENCH_MAX_OUTPUTS];
    memcpy(sizes, l->s->sizes, sizeof sizes);
    sizes[0] = words[VKSPLIT_PARAMETERS_WHOLE_LENGTH];
    for (uint32_t i = 0; i < l->parts; i++)
        lengths[i] = words[VKSPLIT_PARAMETERS_LENGTH(l->parts, i)];
    double t0 = bench_now_seconds();
    vksplit_plan_options options = {.path = l->o->path};
    vksplit_plan* plan = NULL;
    vksplit_error error;
    vksplit_result r;
    if (l->join) {
        vksplit_join_desc d = l->s->join;
        d.sizes = sizes;
        d.lengths = lengths;
        r = vksplit_plan_create_join(vksplit_runner_context(l->runner), &d, &options, &plan, &error);
    } else {
        vksplit_split_desc d = l->s->desc;
        d.sizes = sizes;
        d.lengths = lengths;
        r = vksplit_plan_create(vksplit_runner_context(l->runner), &d, &options, &plan, &error);
    }
    if (l->timing) {
        l->plan_s += bench_now_seconds() - t0;
        l->planned++;
    }
    vksplit_plan_info pi;
    if (r == VKSPLIT_OK) {
        vksplit_plan_get_info(plan, &pi);
        if (pi.argument_bytes > l->arguments.size) {
            fprintf(stderr, "split_bench: %s: the static plan needs %llu bytes of arguments\n", l->s->c->name,
                    (unsigned long long)pi.argument_bytes);
            vksplit_plan_destroy(plan);
            return 0;
        }
    }
    vksplit_bindings b = {.whole = l->whole_b, .parts = l->part_b, .arguments = {l->arguments.buffer, 0, 0}};
    if (r == VKSPLIT_OK && bench_step_begin(l->again)) {
        r = vksplit_cmd_record(plan, l->again, &b, &error);
        if (r == VKSPLIT_OK && !(bench_step_end(l->again) && submit(l, l->again)))
            r = VKSPLIT_ERROR_DEVICE_LOST;
    }
    vksplit_plan_destroy(plan);
    if (r != VKSPLIT_OK)
        fprintf(stderr, "split_bench: %s: the host round trip: %s\n", l->s->c->name,
                r == VKSPLIT_ERROR_DEVICE_LOST ? "a submission failed" : error.message);
    return r == VKSPLIT_OK;
}

static int run_steps(loop* l, step_fn f, uint32_t steps)
{
    for (uint32_t k = 0; k < steps; k++)
        if (!f(l))
            return 0;
    return 1;
}

/* ---- the check: every byte the steps could write ---------------------------------------------- */

/* Byte offsets of row (part, o, pos) in the parts' buffer and of (o, pos) in the whole's. */
static uint64_t part_row(const loop* l, uint32_t part, uint32_t o, uint64_t pos)
{
    return l->s->output_offset[part] + ((uint64_t)o * l->s->split[part] + pos) * l->row_bytes;
}

static uint64_t whole_row(const loop* l, uint32_t o, uint64_t pos)
{
    return ((uint64_t)o * l->whole_cap + pos) * l->row_bytes;
}

/* The written side's rows (a split's: the parts', in order; a join's: the whole's) against the
 * reference: src[k] is the offset of the read side's row that row k holds, UNSET for a guard
 * row. Decode: the token at every position written. MoE: steps 0 .. host_steps - 1 in turn,
 * a later step's row over an earlier one's (filled from the last step back). */
static int check(loop* l, const uint8_t* read_host, uint8_t* got, uint64_t write_bytes, const char* when)
{
    vksplit_error error;
    const vksplit_runner_buffer* write_side = l->join ? &l->whole : &l->parts_buffer;
    if (vksplit_runner_download(l->runner, write_side, 0, got, write_bytes, &error) != VKSPLIT_OK) {
        fprintf(stderr, "split_bench: %s: download: %s\n", l->s->c->name, error.message);
        return 0;
    }
    if (l->state.words[0] != (uint32_t)l->host_steps) {
        fprintf(stderr, "split_bench: %s (%s): the producer counted %u steps, the host submitted %llu\n", l->s->c->name,
                when, l->state.words[0], (unsigned long long)l->host_steps);
        return 0;
    }
    if (!bench_status_ok(l->plan, l->params.words, l->s->c->name, "device parameters'", when))
        return 0;
    uint64_t rows = 0, first[BENCH_MAX_OUTPUTS + 1];
    for (uint32_t i = 0; i < (l->join ? 1 : l->parts); i++) { /* the written side's rows, per tensor */
        first[i] = rows;
        rows += (uint64_t)l->outer * (l->join ? l->whole_cap : l->s->split[i]);
    }
    uint64_t* src = malloc(sizeof *src * rows);
    uint8_t* guard = malloc(l->row_bytes);
    if (!src || !guard) {
        fprintf(stderr, "split_bench: %s: out of host memory for the check\n", l->s->c->name);
        free(src);
        free(guard);
        return 0;
    }
    memset(guard, GUARD, l->row_bytes);
    for (uint64_t k = 0; k < rows; k++)
        src[k] = UNSET;
    if (l->mode == MODE_DECODE) { /* a join: the whole written from the token (part 0, position 0) */
        for (uint64_t p = 0; p < l->whole_cap; p++)
            for (uint32_t o = 0; l->written[p] && o < l->outer; o++)
                src[(uint64_t)o * l->whole_cap + p] = part_row(l, 0, o, 0);
    } else {
        for (uint64_t step = l->host_steps; step-- > 0;) {
            step_values v;
            loop_values(l->mode, l->parts, l->whole_cap, (uint32_t)step, &v);
            for (uint32_t i = 0; i < l->parts; i++)
                for (uint32_t o = 0; o < l->outer; o++)
                    for (uint64_t pos = 0; pos < v.length[i]; pos++) {
                        uint64_t k = l->join ? (uint64_t)o * l->whole_cap + v.offset[i] + pos
                                             : first[i] + (uint64_t)o * l->s->split[i] + pos;
                        if (src[k] == UNSET)
                            src[k] = l->join ? part_row(l, i, o, pos) : whole_row(l, o, v.offset[i] + pos);
                    }
        }
    }
    int ok = 1;
    for (uint32_t i = 0; ok && i < (l->join ? 1 : l->parts); i++) {
        uint64_t count = (uint64_t)l->outer * (l->join ? l->whole_cap : l->s->split[i]);
        for (uint64_t k = 0; ok && k < count; k++) {
            uint64_t at = l->join ? k * l->row_bytes : l->s->output_offset[i] + k * l->row_bytes;
            uint64_t from = src[first[i] + k];
            const uint8_t* want = from == UNSET ? guard : read_host + from;
            if (memcmp(got + at, want, l->row_bytes) != 0) {
                char tensor[32];
                if (l->join)
                    snprintf(tensor, sizeof tensor, "the whole's");
                else
                    snprintf(tensor, sizeof tensor, "part %u's", i);
                fprintf(stderr, "split_bench: %s (%s, after %llu steps): %s row %llu differs from the reference (%s)\n",
                        l->s->c->name, when, (unsigned long long)l->host_steps, tensor, (unsigned long long)k,
                        from == UNSET ? "no step writes it: the guard bytes" : "a step's row");
                ok = 0;
            }
        }
    }
    free(src);
    free(guard);
    return ok;
}

/* ---- set-up and the run -------------------------------------------------------------------- */

static int setup(loop* l)
{
    const bench_setup* s = l->s;
    VkDevice device = l->info.device;
    if (!bench_step_objects_create(device, l->info.queue_family_index, bench_engine_producer_spv,
                                   bench_engine_producer_spv_size, bench_engine_producer_spv_module, l->o->pipelines,
                                   16, l->s->c->name, &l->vk))
        return 0;
    VkCommandBuffer cmds[3];
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = l->vk.pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 3};
    if (vkAllocateCommandBuffers(device, &alloc, cmds) != VK_SUCCESS)
        return 0;
    l->replay = cmds[0], l->again = cmds[1], l->router = cmds[2];
    vksplit_error error;
    uint64_t args = l->plan_info.argument_bytes > 65536 ? l->plan_info.argument_bytes : 65536;
    if (!bench_host_buffer_create(device, l->info.physical_device, l->plan_info.parameter_bytes, &l->params) ||
        !bench_host_buffer_create(device, l->info.physical_device, 16, &l->state) ||
        vksplit_runner_buffer_create(l->runner, s->input_span, &l->whole, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(l->runner, s->arena_bytes, &l->parts_buffer, &error) != VKSPLIT_OK ||
        vksplit_runner_buffer_create(l->runner, args, &l->arguments, &error) != VKSPLIT_OK) {
        fprintf(stderr, "split_bench: %s: the loop's buffers failed\n", s->c->name);
        return 0;
    }
    l->whole_b = (vksplit_binding){l->whole.buffer, 0};
    l->params_b = (vksplit_binding){l->params.buffer, 0};
    for (uint32_t i = 0; i < l->parts; i++)
        l->part_b[i] = (vksplit_binding){l->parts_buffer.buffer, s->output_offset[i]};
    uint32_t* st = l->state.words;
    st[0] = 0, st[1] = l->mode, st[2] = l->parts, st[3] = l->whole_cap;
    double t0 = bench_now_seconds();
    if (!record_device_step(l, l->replay))
        return 0;
    l->record_us = (bench_now_seconds() - t0) * 1e6;
    if (l->mode == MODE_MOE) { /* the router's pass alone, recorded once */
        if (!bench_step_begin(l->router))
            return 0;
        record_producer(l, l->router);
        if (!bench_step_end(l->router))
            return 0;
    } else {
        l->written = calloc(l->whole_cap, 1);
        l->regions = calloc(l->outer, sizeof *l->regions);
        if (!l->written || !l->regions)
            return 0;
        for (uint32_t o = 0; o < l->outer; o++)
            l->regions[o] = (VkBufferCopy){part_row(l, 0, o, 0), 0, l->row_bytes};
    }
    return 1;
}

static void teardown(loop* l)
{
    VkDevice device = l->info.device;
    bench_step_objects_destroy(device, &l->vk);
    bench_host_buffer_destroy(device, &l->params);
    bench_host_buffer_destroy(device, &l->state);
    vksplit_runner_buffer_destroy(l->runner, &l->whole);
    vksplit_runner_buffer_destroy(l->runner, &l->parts_buffer);
    vksplit_runner_buffer_destroy(l->runner, &l->arguments);
    free(l->written);
    free(l->regions);
}

/* The methods' rounds, interleaved; r->step_s the medians. */
typedef struct timed {
    loop* l;
    const step_fn* methods;
} timed;

static int timed_host(void* user, uint32_t m, uint32_t steps)
{
    const timed* t = user;
    return run_steps(t->l, t->methods[m], steps);
}

static int measure(loop* l, const step_fn* methods, uint32_t count, bench_loop_result* r)
{
    timed t = {l, methods};
    bench_rounds b = {count, timed_host, NULL, &t, 0};
    uint32_t steps = bench_rounds_warmup(&b, l->o, &r->warmup_steps);
    if (!steps)
        return 0;
    r->steps_per_round = steps;
    l->timing = 1; /* the round trip's planning timed from here */
    int rounds = bench_rounds_run(&b, l->o, steps, r->step_s, NULL);
    l->timing = 0;
    if (!rounds)
        return 0;
    r->rounds = rounds;
    r->plan_us = l->planned ? l->plan_s / (double)l->planned * 1e6 : 0;
    return 1;
}

int bench_loop_run(vksplit_runner* runner, const bench_setup* s, const vksplit_plan* plan, const bench_loop_options* o,
                   bench_loop_result* r)
{
    memset(r, 0, sizeof *r);
    static loop l;
    memset(&l, 0, sizeof l);
    l.runner = runner;
    vksplit_runner_get_info(runner, &l.info);
    l.s = s;
    l.plan = plan;
    vksplit_plan_get_info(plan, &l.plan_info);
    l.o = o;
    l.join = s->c->operation == VKSPLIT_OPERATION_JOIN;
    l.mode = s->c->shape == SHAPE_DECODE ? MODE_DECODE : MODE_MOE;
    l.parts = s->c->outputs;
    l.outer = 1;
    for (uint32_t k = 0; k < s->desc.axis; k++)
        l.outer *= (uint32_t)s->sizes[k];
    l.whole_cap = (uint32_t)s->sizes[s->desc.axis];
    l.row_bytes = s->c->element_size;
    for (uint32_t k = s->desc.axis + 1; k < s->rank; k++)
        l.row_bytes *= s->sizes[k];

    /* The read side random (kept on the host for the check), the written side guard bytes. */
    uint64_t read_bytes = l.join ? s->arena_bytes : s->input_span,
             write_bytes = l.join ? s->input_span : s->arena_bytes;
    uint8_t* read_host = malloc(read_bytes ? (size_t)read_bytes : 1);
    uint8_t* got = malloc(write_bytes ? (size_t)write_bytes : 1);
    int ok = read_host && got && setup(&l);
    vksplit_error error;
    if (ok) {
        bench_fill_random(read_host, read_bytes);
        memset(got, GUARD, write_bytes);
        ok = vksplit_runner_upload(runner, l.join ? &l.parts_buffer : &l.whole, 0, read_host, read_bytes, &error) ==
                 VKSPLIT_OK &&
             vksplit_runner_upload(runner, l.join ? &l.whole : &l.parts_buffer, 0, got, write_bytes, &error) ==
                 VKSPLIT_OK;
        if (!ok)
            fprintf(stderr, "split_bench: %s: upload: %s\n", s->c->name, error.message);
    }
    step_fn methods[BENCH_LOOP_METHODS];
    if (l.mode == MODE_DECODE) {
        methods[0] = step_replayed, methods[1] = step_rerecorded, methods[2] = step_copy;
        r->method_count = 3;
        r->method[1] = "re-recorded", r->key[1] = "rerecorded";
        r->method[2] = "vkCmdCopyBuffer re-recorded", r->key[2] = "copy_rerecorded";
    } else {
        methods[0] = step_replayed, methods[1] = step_roundtrip;
        r->method_count = 2;
        r->method[1] = "host round trip", r->key[1] = "host_roundtrip";
    }
    r->method[0] = "replayed", r->key[0] = "replayed";
    /* A few steps of each method, the bytes checked; decode's copy starts past the steps before
     * it, so that each method's positions are its own. */
    for (uint32_t m = 0; ok && m < r->method_count; m++) {
        if (methods[m] == step_copy)
            l.copy_t = l.host_steps;
        ok = run_steps(&l, methods[m], CHECK_STEPS) &&
             check(&l, read_host, got, write_bytes, "checked before the timing");
        r->checks += ok;
    }
    ok = ok && measure(&l, methods, r->method_count, r);
    ok = ok && check(&l, read_host, got, write_bytes, "after the timing");
    r->checks += ok;
    r->steps = l.state.words ? l.state.words[0] : 0;
    r->record_us = l.record_us;
    if (l.info.device)
        vkDeviceWaitIdle(l.info.device);
    teardown(&l);
    free(read_host);
    free(got);
    return ok;
}
