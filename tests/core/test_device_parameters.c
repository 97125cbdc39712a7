/* Plans whose lengths and offsets the GPU writes (vksplit_plan_options.device_parameters).
 *
 * Each case records ONE command buffer: the test's own compute pass (shaders/device_producer.comp)
 * writes the plan's device parameters from a step counter it keeps on the GPU, a barrier, then
 * vksplit_cmd_record with the block in bindings.parameters, then a barrier to the host. It is
 * submitted 64 times without being recorded again; before each submission the host fills every tensor the
 * plan writes with guard bytes, after it compares every byte (written and guard alike) with the
 * test's own CPU reference of the same values, and reads the status back.
 *
 *   replay        the engine cases: a KV-cache append at a GPU-resident position (a join, one
 *                 token at t = step), a mixture-of-experts dispatch (a split by GPU-written
 *                 counts) and its combine (the join back), a concat of dynamic-length inputs,
 *                 overlapping GIVEN parts of a split, 24 parts (per-recording arguments), a
 *                 padded cache; status 0 every time.
 *   bad values    the producer plants a length over its capacity, lengths that do not sum to
 *                 the whole, a whole past its capacity, an offset past the whole, a join's part
 *                 before the one before it ends: the status names the rule and the values
 *                 (vksplit_parameters_status), and not one byte is written.
 *   random        random splits and joins that device parameters take (rank 1-4, 1-12 parts,
 *                 PACKED and GIVEN, padded wholes, capacities the lengths sometimes break),
 *                 4 replays each, on the runner's context and on one with a GPU's workgroups.
 *   rules         the plan and record rules of device parameters, by id.
 *   runner        vksplit_runner_run_device_plan with host-given values: the outputs, then a
 *                 broken sum: the run's error, the status as it came back, nothing out.
 * All of it on device addresses and on push descriptors (a second context on the same device,
 * or the minimum device's push and minimal profiles).
 * The validation layer must stay silent. */
#include <stdlib.h>
#include <string.h>

#include "test_vulkan.h"

#include "core_gpu.h"
#include "core_support.h"
#include "expected_rules.h"
#include "device_producer.h"
#include "host_buffer.h"
#include "memory_io.h"
#include "submit.h"
#include "test_harness.h"
#include "vk_count.h"

#define MAX_PARTS 32u
#define REPLAYS 64u
#define GUARD 0xA5u

typedef struct dev_case {
    const char* name;
    int join;
    vksplit_device_parameters mode;
    uint32_t element_size, rank, axis, parts;
    uint64_t sizes[4]; /* the whole's capacity */
    uint64_t caps[MAX_PARTS];
    uint64_t whole_strides[4]; /* all 0: packed */
    int quiet;                 /* the random cases print a line each only when they fail */
} dev_case;

/* ---- the producer's values, on the host (shaders/device_producer.comp) ------------------------ */

static uint32_t hash(uint32_t a, uint32_t b)
{
    uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

/* The faults a step's values may carry, each breaking one rule (core_expected_device_rule says
 * which the check must write): VKSPLIT_RULE_DEVICE_LENGTH, VKSPLIT_RULE_DEVICE_SUM,
 * VKSPLIT_RULE_DEVICE_WHOLE_LENGTH, VKSPLIT_RULE_DEVICE_OFFSET, VKSPLIT_RULE_DEVICE_ORDER. */
enum { FAULT_NONE, FAULT_LENGTH, FAULT_SUM, FAULT_WHOLE, FAULT_OFFSET, FAULT_ORDER };

typedef struct values {
    uint32_t whole;
    uint32_t length[MAX_PARTS], offset[MAX_PARTS];
} values;

static void producer_values(const dev_case* c, uint32_t step, int fault, values* v)
{
    uint32_t n = c->parts, whole_cap = (uint32_t)c->sizes[c->axis], sum = 0, at = 0;
    int ring = c->mode == VKSPLIT_DEVICE_PARAMETERS_RING;
    int given = c->mode == VKSPLIT_DEVICE_PARAMETERS_GIVEN || ring, append = given && n == 1;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t cap = (uint32_t)c->caps[i];
        uint32_t len = append ? cap : hash(step, i) % (cap + 1);
        v->length[i] = len;
        v->offset[i] = ring     ? step * 7u + hash(step, 7) % 3u /* any place: the ring wraps */
                       : append ? step % (whole_cap - cap + 1)
                       : given  ? at + hash(step, i + 1000) % (cap - len + 1)
                                : 0xDEAD;
        at += cap;
        sum += len;
    }
    v->whole = given ? 0xBEEF : sum;
    for (uint32_t i = 0, next = 0; !given && i < n; next += v->length[i++])
        v->offset[i] = next; /* PACKED: one after another */
    uint32_t k = step % (n ? n : 1);
    if (fault == FAULT_LENGTH)
        v->length[k] = (uint32_t)c->caps[k] + 1 + step % 3;
    else if (fault == FAULT_SUM)
        v->whole = sum + 1;
    else if (fault == FAULT_WHOLE)
        v->whole = whole_cap + 1;
    else if (fault == FAULT_OFFSET)
        v->offset[k] = whole_cap - v->length[k] + 1;
    else if (fault == FAULT_ORDER && k > 0)
        v->offset[k] = v->offset[k - 1] + v->length[k - 1] - 1;
}

/* The rule these values break, as vksplit.h states them (0: none), and its three values. */
static uint32_t expected_rule(const dev_case* c, const values* v, uint32_t* out)
{
    return core_expected_device_rule(c->mode == VKSPLIT_DEVICE_PARAMETERS_GIVEN,
                                     c->mode == VKSPLIT_DEVICE_PARAMETERS_RING, c->join, c->parts, c->caps,
                                     (uint32_t)c->sizes[c->axis], v->whole, v->length, v->offset, out);
}

/* ---- tensors and the reference --------------------------------------------------------------- */

static void whole_strides(const dev_case* c, uint64_t* strides)
{
    uint64_t s = 1;
    for (uint32_t d = c->rank; d-- > 0;) {
        strides[d] = c->whole_strides[0] ? c->whole_strides[d] : s;
        s *= c->sizes[d];
    }
}

static void part_strides(const dev_case* c, uint32_t i, uint64_t* strides)
{
    uint64_t s = 1;
    for (uint32_t d = c->rank; d-- > 0;) {
        strides[d] = s;
        s *= d == c->axis ? c->caps[i] : c->sizes[d];
    }
}

static uint64_t span_bytes(const dev_case* c, const uint64_t* sizes, const uint64_t* strides)
{
    uint64_t last = 0;
    for (uint32_t d = 0; d < c->rank; d++) {
        if (!sizes[d])
            return 0;
        last += (sizes[d] - 1) * strides[d];
    }
    return (last + 1) * c->element_size;
}

/* Part i's [0, len) along the axis between its bytes and the whole's [off, off + len): every
 * index of the dimensions before the axis, a block of len steps each (the dimensions after the
 * axis are packed). */
static void reference_copy(const dev_case* c, uint8_t* whole, uint8_t* const* parts, const values* v)
{
    uint64_t ws[4], step = 1;
    whole_strides(c, ws);
    for (uint32_t d = c->axis + 1; d < c->rank; d++)
        step *= c->sizes[d];
    for (uint32_t i = 0; i < c->parts; i++) {
        uint64_t ps[4], idx[4] = {0};
        part_strides(c, i, ps);
        uint64_t rows = 1;
        for (uint32_t d = 0; d < c->axis; d++)
            rows *= c->sizes[d];
        for (uint64_t r = 0; r < rows; r++) {
            uint64_t wo = v->offset[i] * ws[c->axis], po = 0, rest = r;
            for (uint32_t d = c->axis; d-- > 0;) {
                idx[d] = rest % c->sizes[d];
                rest /= c->sizes[d];
                wo += idx[d] * ws[d];
                po += idx[d] * ps[d];
            }
            if (c->mode == VKSPLIT_DEVICE_PARAMETERS_RING) { /* position by position, modulo the whole's */
                uint64_t base = wo - v->offset[i] * ws[c->axis], cap = c->sizes[c->axis];
                for (uint64_t j = 0; j < v->length[i]; j++) {
                    uint64_t w = base + ((v->offset[i] + j) % cap) * ws[c->axis], p = po + j * step;
                    size_t row = (size_t)(step * c->element_size);
                    if (c->join)
                        memcpy(whole + w * c->element_size, parts[i] + p * c->element_size, row);
                    else
                        memcpy(parts[i] + p * c->element_size, whole + w * c->element_size, row);
                }
                continue;
            }
            size_t bytes = (size_t)(v->length[i] * step * c->element_size);
            if (c->join)
                memcpy(whole + wo * c->element_size, parts[i] + po * c->element_size, bytes);
            else
                memcpy(parts[i] + po * c->element_size, whole + wo * c->element_size, bytes);
        }
    }
}

/* ---- one case, replayed ------------------------------------------------------------------ */

typedef core_gpu gpu;

static void gpu_destroy(gpu* g) { vkDestroyCommandPool(g->info.device, g->pool, NULL); }

/* Where the plan reads its parts' addresses from per-recording arguments: a host buffer of its
 * own (*args), written on the host (prewritten), into b->arguments. */
static void host_arguments(gpu* g, const vksplit_plan* plan, vksplit_bindings* b, core_host_buffer* args)
{
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    if (!info.argument_bytes)
        return;
    vksplit_error err;
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, info.argument_bytes, args));
    CHECK_RESULT(VKSPLIT_OK, vksplit_write_arguments(plan, b, args->mapped, &err), &err);
    b->arguments = (vksplit_arguments){args->buffer, 0, 1};
}

static vksplit_plan* make_plan(vksplit_context* ctx, const dev_case* c, vksplit_error* err)
{
    vksplit_split_desc d = {0};
    d.element_size = c->element_size;
    d.rank = c->rank;
    d.sizes = c->sizes;
    d.input_strides = c->whole_strides[0] ? c->whole_strides : NULL;
    d.axis = c->axis;
    d.output_count = c->parts;
    d.lengths = c->caps;
    vksplit_plan_options options = {.device_parameters = c->mode};
    vksplit_plan* plan = NULL;
    vksplit_result r;
    if (c->join) {
        vksplit_join_desc j = {0};
        j.element_size = d.element_size;
        j.rank = d.rank;
        j.sizes = d.sizes;
        j.output_strides = d.input_strides;
        j.axis = d.axis;
        j.input_count = d.output_count;
        j.lengths = d.lengths;
        r = vksplit_plan_create_join(ctx, &j, &options, &plan, err);
    } else {
        r = vksplit_plan_create(ctx, &d, &options, &plan, err);
    }
    return r == VKSPLIT_OK ? plan : NULL;
}

static void replay(gpu* g, vksplit_context* ctx, const dev_case* c, int fault, uint32_t replays)
{
    vksplit_error err;
    vksplit_plan* plan = make_plan(ctx, c, &err);
    CHECK_MSG(plan != NULL, "%s: plan: %s", c->name, err.message);
    if (!plan)
        return;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint32_t n = c->parts;
    CHECK_MSG(info.device_parameters == c->mode && info.parameter_bytes == VKSPLIT_PARAMETERS_WORDS(n) * 4u,
              "%s: plan info: mode %d, %llu parameter bytes", c->name, (int)info.device_parameters,
              (unsigned long long)info.parameter_bytes);

    /* The whole, the parts (each at a multiple of 256 bytes in one buffer), the parameters
     * (at 16 bytes, so that offsets are exercised) and the producer's state. */
    uint64_t ws[4], sizes[4];
    whole_strides(c, ws);
    uint64_t whole_span = span_bytes(c, c->sizes, ws), part_at[MAX_PARTS], part_span[MAX_PARTS], parts_bytes = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t ps[4];
        part_strides(c, i, ps);
        memcpy(sizes, c->sizes, sizeof sizes);
        sizes[c->axis] = c->caps[i];
        part_span[i] = span_bytes(c, sizes, ps);
        part_at[i] = parts_bytes;
        parts_bytes += (part_span[i] + 64 + 255) / 256 * 256; /* guard bytes after each */
    }
    core_host_buffer whole, parts, params, state;
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, whole_span + 64, &whole));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, parts_bytes, &parts));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, 16 + info.parameter_bytes + 16, &params));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, 4 * (4 + n + 1), &state));
    core_producer producer;
    CHECK(core_producer_create(g->info.device, state.buffer, params.buffer, 16, &producer));
    uint32_t* st = (uint32_t*)state.mapped;
    st[0] = 0, st[1] = n, st[2] = (uint32_t)c->mode, st[3] = (uint32_t)fault;
    for (uint32_t i = 0; i < n; i++)
        st[4 + i] = (uint32_t)c->caps[i];
    st[4 + n] = (uint32_t)c->sizes[c->axis];
    memset(params.mapped, 0, params.size);

    /* What the plan reads is random and stays; what it writes is filled with guards before each
     * submission. */
    core_rng rng;
    core_rng_seed(&rng, 0xDE71CE + n);
    uint8_t* read_side = c->join ? parts.mapped : whole.mapped;
    uint8_t* write_side = c->join ? whole.mapped : parts.mapped;
    uint64_t write_bytes = c->join ? whole.size : parts.size;
    core_rng_fill(&rng, read_side, c->join ? parts.size : whole.size);
    uint8_t* want = core_calloc(write_bytes, 1);

    vksplit_binding part_b[MAX_PARTS];
    for (uint32_t i = 0; i < n; i++)
        part_b[i] = (vksplit_binding){parts.buffer, part_at[i]};
    vksplit_bindings b = {.whole = {whole.buffer, 0}, .parts = part_b, .parameters = {params.buffer, 16}};
    core_host_buffer args = {0};
    host_arguments(g, plan, &b, &args);

    /* Recorded once. */
    VkCommandBuffer cmd = core_cmd_begin(g->info.device, g->pool, 0);
    CHECK(cmd != VK_NULL_HANDLE);
    core_producer_record(&producer, cmd);
    /* What the engine owes: its writes of the values -> the check's reads. */
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &barrier, 0, NULL, 0, NULL);
    vksplit_result r = vksplit_cmd_record(plan, cmd, &b, &err);
    CHECK_RESULT(VKSPLIT_OK, r, &err);
    CHECK(core_cmd_end_for_host(cmd));

    VkFence fence;
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    CHECK(vkCreateFence(g->info.device, &fence_info, NULL, &fence) == VK_SUCCESS);
    uint32_t rules_seen = 0, mismatches = 0;
    for (uint32_t step = 0; step < replays; step++) {
        memset(write_side, GUARD, write_bytes);
        CHECK(core_submit_wait(g->info.device, g->info.queue, cmd, fence));

        values v;
        producer_values(c, step, fault, &v);
        uint32_t rv[3] = {0, 0, 0}, rule = expected_rule(c, &v, rv);
        const uint32_t* words = (const uint32_t*)(params.mapped + 16);
        const uint32_t* status = words + VKSPLIT_PARAMETERS_STATUS(n);
        CHECK_MSG(status[0] == rule && (!rule || (status[1] == rv[0] && status[2] == rv[1] && status[3] == rv[2])),
                  "%s, step %u: status {%u, %u, %u, %u}, want {%u, %u, %u, %u}", c->name, step, status[0], status[1],
                  status[2], status[3], rule, rv[0], rv[1], rv[2]);
        r = vksplit_parameters_status(plan, words, &err);
        CHECK_MSG(rule ? (err.rule == (vksplit_rule)rule && r == vksplit_rule_result(err.rule)) : r == VKSPLIT_OK,
                  "%s, step %u: vksplit_parameters_status: %s (%s)", c->name, step, vksplit_rule_name(err.rule),
                  err.message);
        if (rule && step < 3 && core_verbose())
            printf("  %s, step %u: %s\n", c->name, step, err.message);
        rules_seen += rule != 0;

        memset(want, GUARD, write_bytes);
        if (!rule) {
            uint8_t* part_ptr[MAX_PARTS];
            for (uint32_t i = 0; i < n; i++)
                part_ptr[i] = (c->join ? parts.mapped : want) + part_at[i];
            reference_copy(c, c->join ? want : whole.mapped, part_ptr, &v);
        }
        if (memcmp(want, write_side, write_bytes) != 0) {
            uint64_t at = 0;
            while (want[at] == write_side[at])
                at++;
            if (mismatches++ < 3)
                CHECK_MSG(0, "%s, step %u (%s): byte %llu is 0x%02x, want 0x%02x", c->name, step,
                          rule ? "a rule broken: nothing may be written" : "status 0", (unsigned long long)at,
                          write_side[at], want[at]);
        }
        test_checks++;
    }
    CHECK_MSG(((uint32_t*)state.mapped)[0] == replays, "%s: the producer ran %u times", c->name,
              ((uint32_t*)state.mapped)[0]);
    if (!c->quiet)
        printf("%-34s %-58s %u replays of one command buffer, %u with a broken rule\n", c->name, info.summary, replays,
               rules_seen);
    if (fault)
        CHECK_MSG(rules_seen > 0, "%s: the planted fault was never reported", c->name);
    vkDestroyFence(g->info.device, fence, NULL);
    vkFreeCommandBuffers(g->info.device, g->pool, 1, &cmd);
    core_producer_destroy(&producer);
    free(want);
    core_host_buffer_destroy(g->info.device, &whole);
    core_host_buffer_destroy(g->info.device, &parts);
    core_host_buffer_destroy(g->info.device, &params);
    core_host_buffer_destroy(g->info.device, &state);
    if (args.buffer)
        core_host_buffer_destroy(g->info.device, &args);
    vksplit_plan_destroy(plan);
}

/* ---- the cases ------------------------------------------------------------------------------- */

#define PACKED VKSPLIT_DEVICE_PARAMETERS_PACKED
#define GIVEN VKSPLIT_DEVICE_PARAMETERS_GIVEN

static const dev_case cases[] = {
    /* [B, H, S, D] float32 cache, one token [B, H, 1, D] at t = step along S */
    {"KV-cache append (join, GIVEN)", 1, GIVEN, 4, 4, 2, 1, {2, 3, 16, 8}, {1}, {0}, 0},
    /* the same with a padded cache: its heads 200 elements apart */
    {"padded KV-cache append", 1, GIVEN, 4, 3, 1, 1, {3, 20, 8}, {1}, {200, 8, 1}, 0},
    /* tokens [T, D] float16 split by counts into 4 experts' buffers, and combined back */
    {"MoE dispatch (split, PACKED)", 0, PACKED, 2, 2, 0, 4, {40, 16}, {12, 10, 8, 10}, {0}, 0},
    {"MoE combine (join, PACKED)", 1, PACKED, 2, 2, 0, 4, {40, 16}, {12, 10, 8, 10}, {0}, 0},
    /* [3, L, 6] float32 inputs of dynamic lengths joined along axis 1 */
    {"concat of dynamic lengths", 1, PACKED, 4, 3, 1, 3, {3, 13, 6}, {5, 1, 7}, {0}, 0},
    /* a split's parts at given offsets (they may overlap), bytes of 4 along the axis */
    {"split at given offsets", 0, GIVEN, 1, 3, 1, 3, {2, 20, 4}, {6, 6, 8}, {0}, 0},
    /* one part on the rows kernels (vksplit.h): a ring cache [2, 5 tokens, 8] f32, 3 tokens a step at
     * a place that wraps; llama.cpp's transposed V [64, 40] f16, one token a step (2-byte rows);
     * a one-part PACKED split of 3-byte rows */
    {"ring cache (join, RING)", 1, VKSPLIT_DEVICE_PARAMETERS_RING, 4, 3, 1, 1, {2, 5, 8}, {3}, {0}, 0},
    {"ring read (split, RING)", 0, VKSPLIT_DEVICE_PARAMETERS_RING, 2, 2, 0, 1, {9, 6}, {9}, {0}, 0},
    {"transposed V append (2-byte steps)", 1, GIVEN, 2, 2, 1, 1, {64, 40}, {1}, {0}, 0},
    {"3-byte rows (split, PACKED)", 0, PACKED, 1, 2, 0, 1, {30, 3}, {12}, {0}, 0},
    /* 24 parts: their addresses in per-recording arguments */
    {"24 parts (arguments)",
     0,
     PACKED,
     4,
     3,
     1,
     24,
     {5, 60, 3},
     {1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4},
     {0},
     0},
    {"24 parts joined at given offsets",
     1,
     GIVEN,
     4,
     3,
     1,
     24,
     {5, 60, 3},
     {1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4},
     {0},
     0},
};

static const struct {
    int fault;
    size_t case_index;
} faults[] = {
    {FAULT_LENGTH, 2}, {FAULT_SUM, 2},     {FAULT_WHOLE, 3},  {FAULT_OFFSET, 0}, {FAULT_OFFSET, 5},
    {FAULT_ORDER, 11}, {FAULT_LENGTH, 11}, {FAULT_LENGTH, 6}, {FAULT_LENGTH, 7}, {FAULT_OFFSET, 8},
    {FAULT_SUM, 9},    {FAULT_WHOLE, 9},   {FAULT_OFFSET, 1},
};

/* ---- values the host writes: the edges ------------------------------------------------------ */

/* One recording of plan with the block's words as the host wrote them (whole_bytes of the whole
 * and parts_bytes of the parts in a buffer each, every part bound at the start of its buffer), the
 * status word pre-filled with a stale value; returns the block's status words as they came back
 * and checks that the side the plan writes is untouched past want_written bytes (0: all of it). */
static void run_host_values(gpu* g, const vksplit_plan* plan, int join, uint32_t n, const uint32_t* engine_words,
                            uint64_t whole_bytes, uint64_t parts_bytes, uint32_t* status_out, const char* name)
{
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    vksplit_error err;
    core_host_buffer whole, parts, params, args = {0};
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, whole_bytes, &whole));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, parts_bytes, &parts));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, info.parameter_bytes, &params));
    uint8_t* written = join ? whole.mapped : parts.mapped;
    uint64_t written_bytes = join ? whole.size : parts.size;
    memset(written, GUARD, written_bytes);
    uint32_t* words = (uint32_t*)params.mapped;
    memcpy(words, engine_words, VKSPLIT_PARAMETERS_STATUS(n) * sizeof *words);
    for (uint32_t k = 0; k < 4; k++) /* stale: a recording that runs must overwrite it */
        words[VKSPLIT_PARAMETERS_STATUS(n) + k] = 0xDEADBEEF;
    vksplit_binding* part_b = core_calloc(n, sizeof *part_b);
    for (uint32_t i = 0; i < n; i++)
        part_b[i] = (vksplit_binding){parts.buffer, 0};
    vksplit_bindings b = {.whole = {whole.buffer, 0}, .parts = part_b, .parameters = {params.buffer, 0}};
    host_arguments(g, plan, &b, &args);
    VkCommandBuffer cmd = core_cmd_begin(g->info.device, g->pool, 1);
    CHECK(cmd != VK_NULL_HANDLE);
    vksplit_result r = vksplit_cmd_record(plan, cmd, &b, &err);
    CHECK_RESULT(VKSPLIT_OK, r, &err);
    CHECK(core_cmd_end_for_host(cmd));
    CHECK(core_submit_wait(g->info.device, g->info.queue, cmd, VK_NULL_HANDLE));
    vkFreeCommandBuffers(g->info.device, g->pool, 1, &cmd);
    memcpy(status_out, words + VKSPLIT_PARAMETERS_STATUS(n), 4 * sizeof *status_out);
    uint64_t touched = 0;
    for (uint64_t i = 0; i < written_bytes; i++)
        touched += written[i] != GUARD;
    CHECK_MSG(touched == 0, "%s: %llu bytes written where nothing was due", name, (unsigned long long)touched);
    free(part_b);
    core_host_buffer_destroy(g->info.device, &whole);
    core_host_buffer_destroy(g->info.device, &parts);
    core_host_buffer_destroy(g->info.device, &params);
    if (args.buffer)
        core_host_buffer_destroy(g->info.device, &args);
}

/* Lengths each within its capacity whose sum passes 2^32 and wraps to the whole's length: 130
 * inputs of a join, each of capacity 2^25 - 128 positions of 4 bytes (512 bytes under 128 MiB,
 * the least maxStorageBufferRange Vulkan allows, with room for a descriptor's offset of up to 256
 * bytes; all over one buffer: a join's inputs are only read), into a whole of 64. The check adds the lengths 64 bits wide: DEVICE_SUM with the sum past 2^32, and
 * not one byte of the whole written (a 32-bit sum read 5, status 0, and the copy moved
 * 2^32 + 5 positions into a whole of 64). */
static void sum_past_32_bits(gpu* g, vksplit_context* ctx, const char* label)
{
    enum { N = 130 };
    static const uint64_t sizes[1] = {64};
    uint64_t caps[N];
    const uint32_t cap = (1u << 25) - 128;
    for (uint32_t i = 0; i < N; i++)
        caps[i] = cap;
    vksplit_join_desc j = core_packed_join_desc(4, 1, sizes, 0, N, caps);
    vksplit_plan_options packed = {.device_parameters = VKSPLIT_DEVICE_PARAMETERS_PACKED};
    vksplit_plan* plan = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &j, &packed, &plan, &err), &err);
    if (!plan)
        return;
    uint32_t words[VKSPLIT_PARAMETERS_WORDS(N)] = {0}, status[4];
    for (uint32_t i = 0; i < 128; i++)
        words[VKSPLIT_PARAMETERS_LENGTH(N, i)] = cap; /* 128 x cap = 2^32 - 16384 */
    words[VKSPLIT_PARAMETERS_LENGTH(N, 128)] = 16384 + 5;
    words[VKSPLIT_PARAMETERS_WHOLE_LENGTH] = 5;
    char name[96];
    snprintf(name, sizeof name, "%s: lengths summing to 2^32 + 5", label);
    run_host_values(g, plan, 1, N, words, 64 * 1024, (uint64_t)cap * 4, status, name);
    CHECK_MSG(status[0] == VKSPLIT_RULE_DEVICE_SUM && status[1] == 5 && status[2] == 5 && status[3] == 1,
              "%s: status {%u, %u, %u, %u}, want DEVICE_SUM {5, 5, 1}", name, status[0], status[1], status[2],
              status[3]);
    uint32_t back[VKSPLIT_PARAMETERS_WORDS(N)] = {0};
    memcpy(back + VKSPLIT_PARAMETERS_STATUS(N), status, sizeof status);
    CHECK_RULE(VKSPLIT_RULE_DEVICE_SUM, vksplit_parameters_status(plan, back, &err), &err);
    CHECK_MSG(strstr(err.message, "sum to 4294967301, but its whole length is 5"), "%s: %s", name, err.message);
    printf("%-34s %s\n", "lengths summing past 2^32", err.message);
    vksplit_plan_destroy(plan);
}

/* Plans with nothing to copy still run the check, and every recording writes the status over a
 * stale one: every capacity 0, a zero size off the axis (default strides), a whole of capacity 0,
 * and a part whose capacity passes 32 bits (held whole: any 32-bit length is within it). No
 * tensor is bound but the block. */
static void nothing_to_copy(gpu* g, vksplit_context* ctx, const char* label)
{
    static const struct {
        const char* name;
        uint64_t sizes[3];
        uint64_t caps[2];
        uint32_t lengths[2], whole;
        uint32_t rule, values[3];
    } rows[] = {
        {"every capacity 0", {2, 8, 4}, {0, 0}, {0, 0}, 0, 0, {0, 0, 0}},
        {"every capacity 0, a whole of 1", {2, 8, 4}, {0, 0}, {0, 0}, 1, VKSPLIT_RULE_DEVICE_SUM, {0, 1, 0}},
        {"a zero size before the axis", {0, 8, 4}, {4, 4}, {3, 5}, 8, VKSPLIT_RULE_DEVICE_LENGTH, {1, 5, 4}},
        {"a zero size after the axis", {3, 8, 0}, {4, 4}, {3, 4}, 7, 0, {0, 0, 0}},
        {"a whole of capacity 0", {2, 0, 4}, {3, 0}, {1, 0}, 1, VKSPLIT_RULE_DEVICE_WHOLE_LENGTH, {1, 0, 0}},
        {"a part's capacity 2^32 + 5", {0, 16, 4}, {((uint64_t)1 << 32) + 5, 3}, {6, 3}, 9, 0, {0, 0, 0}},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        for (int join = 0; join < 2; join++) {
            vksplit_split_desc d = core_packed_desc(4, 3, rows[k].sizes, 1, 2, rows[k].caps);
            vksplit_join_desc j = core_join_of_split(&d);
            vksplit_plan_options packed = {.device_parameters = VKSPLIT_DEVICE_PARAMETERS_PACKED};
            vksplit_plan* plan = NULL;
            vksplit_error err;
            vksplit_result r = join ? vksplit_plan_create_join(ctx, &j, &packed, &plan, &err)
                                    : vksplit_plan_create(ctx, &d, &packed, &plan, &err);
            char name[128];
            snprintf(name, sizeof name, "%s: %s (%s)", label, rows[k].name, join ? "join" : "split");
            CHECK_MSG(r == VKSPLIT_OK, "%s: plan: %s", name, err.message);
            if (!plan)
                continue;
            uint32_t words[VKSPLIT_PARAMETERS_WORDS(2)] = {0}, status[4];
            words[VKSPLIT_PARAMETERS_WHOLE_LENGTH] = rows[k].whole;
            words[VKSPLIT_PARAMETERS_LENGTH(2, 0)] = rows[k].lengths[0];
            words[VKSPLIT_PARAMETERS_LENGTH(2, 1)] = rows[k].lengths[1];
            run_host_values(g, plan, join, 2, words, 256, 256, status, name);
            int ok = status[0] == rows[k].rule;
            for (uint32_t v = 0; ok && rows[k].rule && v < 3; v++)
                ok = status[1 + v] == rows[k].values[v];
            CHECK_MSG(ok && (rows[k].rule || (status[1] | status[2] | status[3]) == 0),
                      "%s: status {%u, %u, %u, %u}, want rule %u", name, status[0], status[1], status[2], status[3],
                      rows[k].rule);
            vksplit_plan_destroy(plan);
        }
    }
    printf("%-34s %zu plans, split and join, each writes its status\n", "nothing to copy",
           sizeof rows / sizeof rows[0]);
}

/* The check and the copy count a row's words, and round them up to whole tiles, in 32 bits: the
 * whole's capacity in words plus one tile is the most a plan takes (planned only: its 16 GiB are
 * never allocated, on a context told of a device whose buffers may be that large). Before, a
 * capacity of 2^32 - 2 words was planned and its rounding wrapped: 0 workgroups, nothing copied. */
static void capacity_in_words(gpu* g, const char* label)
{
    vkc_limits limits = {{65535, 65535, 65535}, (uint64_t)1 << 40};
    vkc_set_limits(&limits);
    vksplit_context_desc told = vkc_context_desc(g->runner);
    told.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
    told.tuning.one_dispatch_bytes = 1; /* the device copy's bound: no plan of one part on the rows kernels */
    vksplit_context* big = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&told, &big, &err), &err);
    vksplit_plan_options packed = {.device_parameters = VKSPLIT_DEVICE_PARAMETERS_PACKED};
    vksplit_plan* plan = NULL;
    /* 4-byte words, one a step: the tile from a small plan's figures */
    static const uint64_t small[1] = {64};
    vksplit_split_desc d = core_packed_desc(4, 1, small, 0, 1, small);
    d.base_alignment = 4;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(big, &d, &packed, &plan, &err), &err);
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    vksplit_plan_destroy(plan);
    uint64_t tile = (uint64_t)info.workgroup_size * info.invocation_bytes / info.word_bytes;
    CHECK_MSG(info.word_bytes == 4 && tile >= 16, "%s: w%u, a tile of %llu words", label, info.word_bytes,
              (unsigned long long)tile);
    const uint64_t most = UINT32_MAX - tile, wrapped = UINT32_MAX - 1;
    const uint64_t tries[3] = {most, most + 1, wrapped};
    for (int k = 0; k < 3; k++) {
        uint64_t sizes[1] = {tries[k]};
        d = core_packed_desc(4, 1, sizes, 0, 1, sizes);
        d.base_alignment = 4;
        plan = NULL;
        vksplit_result r = vksplit_plan_create(big, &d, &packed, &plan, &err);
        if (k == 0 && g->bda)
            CHECK_RESULT(VKSPLIT_OK, r, &err);
        else if (k == 0) /* within the bound; on descriptors 16 GiB is past one binding's reach */
            CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_BINDING, r, &err);
        else
            CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_CAPACITY, r, &err);
        vksplit_plan_destroy(plan);
    }
    printf("%-34s a tile of %llu words: %llu planned, %llu refused: %s\n", "capacity in words",
           (unsigned long long)tile, (unsigned long long)most, (unsigned long long)wrapped, err.message);
    vksplit_context_destroy(big);
    vkc_set_limits(NULL);
}

/* ---- rules -------------------------------------------------------------------------------- */

static void rules(gpu* g, vksplit_context* ctx, vksplit_context* descriptors)
{
    vksplit_error err;
    vksplit_plan* plan = NULL;
    static const uint64_t sizes[3] = {3, 12, 4}, caps[2] = {5, 7};
    vksplit_split_desc d = core_packed_desc(4, 3, sizes, 1, 2, caps);
    vksplit_plan_options bad = {.device_parameters = (vksplit_device_parameters)4};
    CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_PARAMETERS, vksplit_plan_create(ctx, &d, &bad, &plan, &err), &err);
    vksplit_plan_options ring = {.device_parameters = VKSPLIT_DEVICE_PARAMETERS_RING};
    CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_RING, vksplit_plan_create(ctx, &d, &ring, &plan, &err), &err);
    vksplit_plan_options transfer = {.path = VKSPLIT_PATH_TRANSFER, .device_parameters = PACKED};
    CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_PATH, vksplit_plan_create(ctx, &d, &transfer, &plan, &err), &err);
    /* the dimension after the axis strided in the input: not packed */
    static const uint64_t strided[3] = {120, 10, 2};
    vksplit_split_desc s = d;
    s.input_strides = strided;
    vksplit_plan_options packed = {.device_parameters = PACKED};
    CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_LAYOUT, vksplit_plan_create(ctx, &s, &packed, &plan, &err), &err);
    CHECK(strstr(err.message, "the input has stride 2 at dimension 2, not 1"));
    /* a step of 3 bytes: two parts on the device copy refuse it; one part takes the rows kernels */
    static const uint64_t bytes3[2] = {5, 3}, caps1[1] = {5}, caps32[2] = {3, 2};
    vksplit_split_desc b = core_packed_desc(1, 2, bytes3, 0, 2, caps32);
    CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_STEP, vksplit_plan_create(ctx, &b, &packed, &plan, &err), &err);
    CHECK(strstr(err.message, "a step along the axis is 3 bytes"));
    b = core_packed_desc(1, 2, bytes3, 0, 1, caps1);
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &b, &packed, &plan, &err), &err);
    vksplit_plan_info rinfo;
    vksplit_plan_get_info(plan, &rinfo);
    CHECK_MSG(strstr(rinfo.summary, "rows device packed") && rinfo.parameter_bytes == VKSPLIT_PARAMETERS_WORDS(1) * 4u,
              "one part of 3-byte steps: %s", rinfo.summary);
    vksplit_plan_destroy(plan);
    /* a ring's capacity past the whole's */
    static const uint64_t ring_sizes[2] = {4, 8}, ring_caps[1] = {5};
    vksplit_split_desc rc = core_packed_desc(4, 2, ring_sizes, 0, 1, ring_caps);
    CHECK_RULE(VKSPLIT_RULE_PLAN_ROWS_LENGTH, vksplit_plan_create(ctx, &rc, &ring, &plan, &err), &err);
    /* a whole whose rows lie 13 bytes apart */
    static const uint64_t rows13[3] = {13, 4, 1}, sizes4[3] = {3, 2, 4}, caps2[2] = {1, 1};
    vksplit_split_desc r13 = core_packed_desc(1, 3, sizes4, 1, 2, caps2);
    r13.input_strides = rows13;
    CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_STEP, vksplit_plan_create(ctx, &r13, &packed, &plan, &err), &err);
    CHECK(strstr(err.message, "the input's stride at dimension 0 is 13 bytes"));
    /* a capacity of 2^31 steps of 8 bytes: 2^32 words. Planned only (its 16 GiB are never
     * allocated), on a context told of a device whose buffers may be that large. */
    static const uint64_t huge[2] = {(uint64_t)1 << 31, 2}, huge_caps[1] = {(uint64_t)1 << 31};
    vksplit_split_desc h = core_packed_desc(4, 2, huge, 0, 1, huge_caps);
    h.base_alignment = 4;
    vkc_limits limits = {{65535, 65535, 65535}, (uint64_t)1 << 40};
    vkc_set_limits(&limits);
    vksplit_context_desc told = vkc_context_desc(g->runner);
    told.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
    vksplit_context* big = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&told, &big, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_CAPACITY, vksplit_plan_create(big, &h, &packed, &plan, &err), &err);
    vksplit_context_destroy(big);
    vkc_set_limits(NULL);

    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, &packed, &plan, &err), &err);
    vksplit_plan* plain = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(ctx, &d, NULL, &plain, &err), &err);
    VkCommandBuffer never = (VkCommandBuffer)(uintptr_t)1; /* refused before any use */
    core_host_buffer buf;
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, 4096, &buf));
    vksplit_binding outs[2] = {{buf.buffer, 0}, {buf.buffer, 1024}};
    vksplit_bindings no_block = {.whole = {buf.buffer, 0}, .parts = outs};
    CHECK_RULE(VKSPLIT_RULE_RECORD_PARAMETERS_NULL, vksplit_cmd_record(plan, never, &no_block, &err), &err);
    CHECK(strstr(err.message, "bindings.parameters.buffer"));
    no_block.parameters = (vksplit_binding){buf.buffer, 2056};
    CHECK_RULE(VKSPLIT_RULE_RECORD_PARAMETERS_ALIGNMENT, vksplit_cmd_record(plan, never, &no_block, &err), &err);

    uint32_t words[VKSPLIT_PARAMETERS_WORDS(2)] = {0};
    CHECK_RESULT(VKSPLIT_OK, vksplit_parameters_status(plan, words, &err), &err);
    words[VKSPLIT_PARAMETERS_STATUS(2)] = 12345;
    CHECK_RULE(VKSPLIT_RULE_PARAMETERS_STATUS_UNKNOWN, vksplit_parameters_status(plan, words, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_PARAMETERS_STATUS_NULL, vksplit_parameters_status(plan, NULL, &err), &err);
    CHECK_RULE(VKSPLIT_RULE_PARAMETERS_STATUS_PLAN, vksplit_parameters_status(plain, words, &err), &err);
    uint32_t* st = words + VKSPLIT_PARAMETERS_STATUS(2);
    st[0] = VKSPLIT_RULE_DEVICE_LENGTH, st[1] = 1, st[2] = 9, st[3] = 7;
    CHECK_RULE(VKSPLIT_RULE_DEVICE_LENGTH, vksplit_parameters_status(plan, words, &err), &err);
    CHECK(strstr(err.message, "lengths[1] = 9 is over its capacity 7"));
    core_host_buffer_destroy(g->info.device, &buf);
    vksplit_plan_destroy(plan);
    vksplit_plan_destroy(plain);

    /* Recording allocates, creates and submits nothing: the check and the copy, counted through
     * the wrappers in record-only mode (nothing reaches the driver). */
    vksplit_context_desc counted_desc = vkc_context_desc(g->runner);
    vksplit_context* counted = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&counted_desc, &counted, &err), &err);
    vksplit_plan* watched = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create(counted, &d, &packed, &watched, &err), &err);
    core_host_buffer buf2;
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, 4096, &buf2));
    vksplit_binding outs2[2] = {{buf2.buffer, 1024}, {buf2.buffer, 2048}};
    vksplit_bindings b2 = {.whole = {buf2.buffer, 0}, .parts = outs2, .parameters = {buf2.buffer, 3072}};
    vkc_reset();
    vkc_set_record_only(1);
    CHECK_RESULT(VKSPLIT_OK, vksplit_cmd_record(watched, never, &b2, &err), &err);
    vkc_set_record_only(0);
    char calls[512];
    vkc_describe(calls, sizeof calls);
    vksplit_plan_info watched_info;
    vksplit_plan_get_info(watched, &watched_info);
    /* the check, then the copy's dispatches (groups of parts on the descriptor path), each after a barrier */
    CHECK_MSG(vkc_calls_in(VKC_FORBIDDEN) == 0 && vkc_calls(VKC_vkCmdDispatch) == 1 &&
                  vkc_calls(VKC_vkCmdDispatchIndirect) == watched_info.dispatch_count &&
                  vkc_calls(VKC_vkCmdPipelineBarrier) == watched_info.dispatch_count,
              "recording with device parameters: %s", calls);
    vksplit_plan_destroy(watched);
    vksplit_context_destroy(counted);
    core_host_buffer_destroy(g->info.device, &buf2);

    /* Without device addresses, a tensor beyond one binding's reach: refused (no windows). */
    if (!descriptors) {
        test_skip_part("PLAN_DEVICE_BINDING: no descriptor context on this device");
        return;
    }
    vksplit_context_desc small = core_runner_context_desc(g->runner);
    small.enabled_features &= ~(vksplit_features)VKSPLIT_FEATURE_BUFFER_DEVICE_ADDRESS;
    small.max_binding_bytes = 4096;
    small.pipelines = VKSPLIT_PIPELINES_ON_DEMAND;
    vksplit_context* reach = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&small, &reach, &err), &err);
    static const uint64_t wide[2] = {2048, 4}, halves[2] = {1024, 1024};
    vksplit_split_desc w = core_packed_desc(4, 2, wide, 0, 2, halves);
    CHECK_RULE(VKSPLIT_RULE_PLAN_DEVICE_BINDING, vksplit_plan_create(reach, &w, &packed, &plan, &err), &err);
    vksplit_context_destroy(reach);
}

/* ---- random cases -------------------------------------------------------------------------- */

/* A random split or join that device parameters take: rank 1 to 4, the dimensions after the axis
 * a whole number of 4-byte words a step, 1 to 12 parts of capacities 0 to 6, the whole's
 * capacity their sum give or take (some steps then break a rule, which the reference expects),
 * the whole padded between its rows now and then; PACKED or GIVEN. */
static void random_case(core_rng* rng, dev_case* c, char* name, size_t capacity, long index)
{
    memset(c, 0, sizeof *c);
    static const uint32_t sizes_of[4] = {1, 2, 4, 8};
    c->element_size = sizes_of[core_rng_below(rng, 4)];
    c->rank = 1 + (uint32_t)core_rng_below(rng, 4);
    c->axis = (uint32_t)core_rng_below(rng, c->rank);
    c->join = core_rng_percent(rng, 50);
    c->mode = core_rng_percent(rng, 50) ? VKSPLIT_DEVICE_PARAMETERS_PACKED : VKSPLIT_DEVICE_PARAMETERS_GIVEN;
    c->parts = 1 + (uint32_t)core_rng_below(rng, 12);
    uint64_t step = 1, sum = 0;
    for (uint32_t d = 0; d < c->rank; d++)
        c->sizes[d] = 1 + core_rng_below(rng, d < c->axis ? 4 : 6);
    for (uint32_t d = c->axis + 1; d < c->rank; d++)
        step *= c->sizes[d];
    if (step * c->element_size % 4) /* a step of whole 4-byte words */
        c->sizes[c->rank - 1 > c->axis ? c->rank - 1 : c->axis] = 0;
    for (uint32_t i = 0; i < c->parts; i++)
        sum += c->caps[i] = core_rng_below(rng, 7);
    c->sizes[c->axis] =
        sum + (core_rng_percent(rng, 80) ? core_rng_below(rng, 4) : 0) - (sum > 0 && core_rng_percent(rng, 10) ? 1 : 0);
    if (c->sizes[c->axis] == 0)
        c->sizes[c->axis] = 1;
    if (c->sizes[c->rank - 1] == 0 || step * c->element_size % 4) {
        /* make the step whole words: an inner dimension of 4 elements, or 4-byte elements */
        if (c->axis + 1 < c->rank)
            c->sizes[c->rank - 1] = 4;
        else
            c->element_size = 4;
    }
    if (c->axis > 0 && core_rng_percent(rng, 30)) { /* the whole's rows padded */
        /* the axis and the dimensions after it packed; only those before it step further */
        uint64_t packed = 1;
        for (uint32_t d = c->rank; d-- > c->axis;) {
            c->whole_strides[d] = packed;
            packed *= c->sizes[d];
        }
        uint64_t unit = c->element_size >= 4 ? 1 : 4 / c->element_size; /* strides of whole 4-byte words */
        for (uint32_t d = c->axis; d-- > 0;) {
            c->whole_strides[d] = packed + unit * core_rng_below(rng, 5);
            packed = c->whole_strides[d] * c->sizes[d];
        }
    }
    snprintf(name, capacity, "random %ld: %s %s, %u-byte rank %u axis %u, %u parts", index, c->join ? "join" : "split",
             c->mode == VKSPLIT_DEVICE_PARAMETERS_PACKED ? "PACKED" : "GIVEN", c->element_size, c->rank, c->axis,
             c->parts);
    c->name = name;
    c->quiet = 1;
}

static void random_cases(gpu* g, vksplit_context* ctx, const char* label, uint64_t seed, long count)
{
    long failed_before = (long)test_failures;
    for (long k = 0; k < count; k++) {
        core_rng rng;
        core_rng_seed(&rng, seed ^ ((uint64_t)k * 0x9E3779B97F4A7C15ull + 1));
        dev_case c;
        char name[128];
        random_case(&rng, &c, name, sizeof name, k);
        long before = (long)test_failures;
        replay(g, ctx, &c, FAULT_NONE, 4);
        if ((long)test_failures != before)
            printf("  failed: %s (VKSPLIT_TEST_SEED=%llu)\n", c.name, (unsigned long long)seed);
    }
    printf("%s: %ld random cases, 4 replays each, %ld failed\n", label, count, (long)test_failures - failed_before);
}

/* ---- the runner ------------------------------------------------------------------------------ */

/* vksplit_runner_run_device_plan: the MoE dispatch with host-given values, then with a sum that
 * breaks DEVICE_SUM: the run's error, the block as it came back, nothing streamed out. */
static void runner_runs(gpu* g)
{
    const dev_case* c = &cases[2]; /* MoE dispatch (split, PACKED), no dimensions before the axis */
    vksplit_error err;
    vksplit_plan* plan = make_plan(vksplit_runner_context(g->runner), c, &err);
    CHECK_MSG(plan != NULL, "runner: %s", err.message);
    if (!plan)
        return;
    uint32_t n = c->parts, words[VKSPLIT_PARAMETERS_WORDS(4)] = {0}, back[VKSPLIT_PARAMETERS_WORDS(4)];
    values v;
    producer_values(c, 7, FAULT_NONE, &v);
    words[VKSPLIT_PARAMETERS_WHOLE_LENGTH] = v.whole;
    for (uint32_t i = 0; i < n; i++)
        words[VKSPLIT_PARAMETERS_LENGTH(n, i)] = v.length[i];
    uint64_t step = c->sizes[1] * c->element_size, whole_bytes = c->sizes[0] * step;
    uint8_t* input = core_calloc(whole_bytes, 1);
    uint8_t* outs[4];
    for (uint64_t i = 0; i < whole_bytes; i++)
        input[i] = (uint8_t)(i * 13 + 5);
    for (uint32_t i = 0; i < n; i++)
        outs[i] = core_calloc(c->caps[i] * step, 1);
    core_memory_io m;
    vksplit_runner_io io = core_memory_io_begin(&m, input, outs);
    CHECK_RESULT(VKSPLIT_OK, vksplit_runner_run_device_plan(g->runner, plan, &io, NULL, words, back, &err), &err);
    CHECK(back[VKSPLIT_PARAMETERS_STATUS(n)] == 0);
    for (uint32_t i = 0, at = 0; i < n; at += v.length[i++]) /* the first length_i rows came out */
        CHECK_MSG(memcmp(outs[i], input + at * step, v.length[i] * step) == 0, "runner: output %u differs", i);

    words[VKSPLIT_PARAMETERS_WHOLE_LENGTH] = v.whole + 1;
    core_memory_io bad;
    io = core_memory_io_begin(&bad, input, outs);
    CHECK_RULE(VKSPLIT_RULE_DEVICE_SUM, vksplit_runner_run_device_plan(g->runner, plan, &io, NULL, words, back, &err),
               &err);
    CHECK_MSG(strstr(err.message, "sum to") && back[VKSPLIT_PARAMETERS_STATUS(n)] == VKSPLIT_RULE_DEVICE_SUM &&
                  bad.output_pieces == 0,
              "runner: %s, status %u, %u output pieces", err.message, back[VKSPLIT_PARAMETERS_STATUS(n)],
              bad.output_pieces);
    CHECK_RULE(VKSPLIT_RULE_RUNNER_DEVICE_RUN_NULL,
               vksplit_runner_run_device_plan(g->runner, plan, NULL, NULL, words, NULL, &err), &err);
    /* a plan with device parameters through the plain run: refused by the record rule (no block) */
    core_memory_io again;
    io = core_memory_io_begin(&again, input, outs);
    CHECK_RULE(VKSPLIT_RULE_RECORD_PARAMETERS_NULL, vksplit_runner_run_plan(g->runner, plan, &io, &err), &err);
    for (uint32_t i = 0; i < n; i++)
        free(outs[i]);
    free(input);
    vksplit_plan_destroy(plan);
}

/* Every case, planted fault and random case on one context. */
static void run_all(gpu* g, vksplit_context* ctx, const char* label, uint64_t seed)
{
    printf("-- %s\n", label);
    sum_past_32_bits(g, ctx, label);
    nothing_to_copy(g, ctx, label);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        replay(g, ctx, &cases[i], FAULT_NONE, REPLAYS);
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        dev_case c = cases[faults[i].case_index];
        char name[64];
        snprintf(name, sizeof name, "bad values %d: %s", faults[i].fault, c.name);
        c.name = name;
        replay(g, ctx, &c, faults[i].fault, 16);
    }
    random_cases(g, ctx, "random", seed, (long)core_scaled(40));
}

int main(void)
{
    vksplit_runner* runner = test_runner_create();
    gpu g;
    CHECK(core_gpu_create(runner, &g));
    if (!g.pool)
        return test_finish(runner);
    vksplit_error err;
    vksplit_context* ctx = vksplit_runner_context(runner);
    /* On a device with addresses, the descriptor path too: a context that is not told of them. */
    vksplit_context* push = core_gpu_push_context(&g);
    vksplit_context* descriptors = push ? push : g.bda ? NULL : ctx;
    rules(&g, ctx, descriptors);
    capacity_in_words(&g, "capacity in words");
    runner_runs(&g);
    uint64_t seed = core_seed(0xD3F1CE);
    run_all(&g, ctx, g.bda ? "the runner's context (device addresses)" : "the runner's context (push descriptors)",
            seed);
    if (descriptors && descriptors != ctx)
        run_all(&g, descriptors, "a push-descriptor context on the same device", seed + 1);
    /* A GPU's kernels (BY_SHAPE, the GPU default: lanes 64 apart, loads and stores clamped to
     * the tile; a CPU device's RUNS has each lane copy a run of its own instead) and workgroups
     * of 64 lanes: other tiles, other idle ones. */
    vksplit_context_desc desc = core_runner_context_desc(runner);
    desc.tuning.mapping = VKSPLIT_MAPPING_BY_SHAPE;
    desc.tuning.workgroup_size = 64;
    vksplit_context* gpu_ctx = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&desc, &gpu_ctx, &err), &err);
    if (gpu_ctx)
        random_cases(&g, gpu_ctx, "random, a GPU's kernels, workgroups of 64", seed + 2, (long)core_scaled(30));
    vksplit_context_destroy(gpu_ctx);
    /* Intel's: the copy's stores clamped to the tile like its loads, none skipped */
    desc.tuning.load_paths = VKSPLIT_LOAD_PATHS_ONE;
    gpu_ctx = NULL;
    CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&desc, &gpu_ctx, &err), &err);
    if (gpu_ctx)
        random_cases(&g, gpu_ctx, "random, a GPU's kernels, one load path", seed + 3, (long)core_scaled(30));
    vksplit_context_destroy(gpu_ctx);
    vksplit_context_destroy(push);
    gpu_destroy(&g);
    return test_finish(runner);
}
