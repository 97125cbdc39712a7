/* Rows the GPU places (vksplit_plan_options.rows): scatters and gathers by indices.
 *
 * Each case records ONE command buffer: the test's own compute pass (shaders/rows_producer.comp)
 * writes the plan's indices from a step counter it keeps on the GPU, a barrier, then
 * vksplit_cmd_record with the indices in bindings.indices and the status block in
 * bindings.parameters, then a barrier to the host. It is submitted again and again without being
 * recorded again; before each submission the host fills the tensor the plan writes with a
 * pattern, after it compares every byte with the test's own CPU reference of the same indices
 * (this file's reference_rows: element by element, by the definition in vksplit.h), and the
 * status with the test's own verdict (expected_status, by the rules as vksplit.h states them).
 * The same indices from the host (options.rows.host_indices) run once through a plan of their
 * own, or are refused at plan creation by the same rule.
 *
 *   engine cases  a one-token KV append at a GPU-written position (LINEAR), llama.cpp's SET_ROWS
 *                 with broadcast lists and its GET_ROWS (INDEXED, int32 and int64), vLLM's
 *                 paged-cache write by slot with padding slots skipped (NHD), a mixture of
 *                 experts' permute (a gather repeating rows) and its unpermute (the scatter back),
 *                 TensorScatter's [B, H, S, D] decode with each batch element at its own position,
 *                 circular and wrapping, llama.cpp's transposed V cache (2-byte rows of one f16),
 *                 1-byte rows, 16-byte words, padded strides, the axis 0.
 *   faults        planted in some replays: an index outside the places, a LINEAR start past the
 *                 end, two rows of a join aimed at one place; the status names the rule, the
 *                 list, the entry and the value, vksplit_parameters_status says it, and not one
 *                 byte is written; both with the copy's own check (few indices, one dispatch)
 *                 and the check pass (many).
 *   random        ranks 2-5, both directions and index widths, every mode, broadcast lists,
 *                 negative skips, padded layouts, planted faults: 4 replays each.
 *   rules         the plan and record rules of rows, by id.
 * All of it on device addresses and on push descriptors (a second context on the same device),
 * and with a GPU's workgroups. The validation layer must stay silent. */
#include <stdlib.h>
#include <string.h>

#include "test_vulkan.h"

#include "core_gpu.h"
#include "core_support.h"
#include "expected_rules.h"
#include "device_producer.h"
#include "host_buffer.h"
#include "submit.h"
#include "test_harness.h"

#define MAX_RANK 5u
#define PATTERN 0x5Au

typedef struct rows_case {
    const char* name;
    int join;
    vksplit_rows_mode mode;
    uint32_t index_bytes; /* 4 or 8 */
    uint32_t list_dims;
    int skip;
    uint32_t element_size, rank, axis;
    uint64_t sizes[MAX_RANK];         /* the whole's; sizes[axis] its places */
    uint64_t rows;                    /* the part's along the axis */
    uint64_t whole_strides[MAX_RANK]; /* all 0: packed */
    uint64_t part_strides[MAX_RANK];  /* all 0: packed */
    int quiet;
    uint32_t pages_along; /* 0, or d + 1: the places run over dimension d too (vksplit_rows) */
} rows_case;

/* The faults a step's indices may carry, each breaking one rule (core_expected_rows_status says
 * what the check must write): VKSPLIT_RULE_ROWS_INDEX, VKSPLIT_RULE_ROWS_START,
 * VKSPLIT_RULE_ROWS_DUPLICATE. */
enum { FAULT_NONE, FAULT_INDEX, FAULT_START, FAULT_DUPLICATE };

/* ---- layouts ------------------------------------------------------------------------------- */

static void packed(uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t s = 1;
    for (uint32_t d = rank; d-- > 0;) {
        strides[d] = s;
        s *= sizes[d];
    }
}
static void part_sizes(const rows_case* c, uint64_t* sizes)
{
    memcpy(sizes, c->sizes, sizeof c->sizes);
    sizes[c->axis] = c->rows;
}
static void whole_strides(const rows_case* c, uint64_t* s)
{
    if (c->whole_strides[c->rank - 1])
        memcpy(s, c->whole_strides, sizeof c->whole_strides);
    else
        packed(c->rank, c->sizes, s);
}
static void part_strides(const rows_case* c, uint64_t* s)
{
    uint64_t sizes[MAX_RANK];
    part_sizes(c, sizes);
    if (c->part_strides[c->rank - 1])
        memcpy(s, c->part_strides, sizeof c->part_strides);
    else
        packed(c->rank, sizes, s);
}
static uint64_t span_bytes(const rows_case* c, const uint64_t* sizes, const uint64_t* strides)
{
    uint64_t last = 0;
    for (uint32_t d = 0; d < c->rank; d++) {
        if (!sizes[d])
            return 0;
        last += (sizes[d] - 1) * strides[d];
    }
    return (last + 1) * c->element_size;
}
/* The whole's places: the axis's, times the pages' dimension's where there are pages. */
static uint64_t places_of(const rows_case* c)
{
    return c->sizes[c->axis] * (c->pages_along ? c->sizes[c->pages_along - 1] : 1);
}
static uint64_t lists_of(const rows_case* c)
{
    uint64_t n = 1;
    for (uint32_t d = 0; d < c->axis; d++)
        if (c->list_dims >> d & 1u)
            n *= c->sizes[d];
    return n;
}
static uint64_t entries_of(const rows_case* c) { return lists_of(c) * (c->mode == VKSPLIT_ROWS_INDEXED ? c->rows : 1); }

/* ---- the indices: drawn on the host, faults planted ------------------------------------------ */

static uint64_t gcd(uint64_t a, uint64_t b) { return b ? gcd(b, a % b) : a; }

/* One step's indices: a join's INDEXED lists place their rows at distinct places (a start and a
 * stride prime to the places), a split's anywhere (repeats allowed); LINEAR starts within the
 * end, CIRCULAR starts anywhere in the index type (negative ones too). skip: some negatives. */
static int draw_indices(const rows_case* c, core_rng* rng, int fault, int64_t* v)
{
    uint64_t C = places_of(c), L = c->rows, lists = lists_of(c), n = entries_of(c);
    for (uint64_t list = 0; list < lists; list++) {
        if (c->mode == VKSPLIT_ROWS_INDEXED) {
            uint64_t a = core_rng_below(rng, C), s = 1 + core_rng_below(rng, C);
            while (gcd(s, C) != 1)
                s++;
            for (uint64_t j = 0; j < L; j++) {
                int64_t place = c->join ? (int64_t)((a + j * s) % C) : (int64_t)core_rng_below(rng, C);
                if (c->skip && core_rng_percent(rng, 15))
                    place = -1 - (int64_t)core_rng_below(rng, 3);
                v[list * L + j] = place;
            }
        } else if (c->mode == VKSPLIT_ROWS_LINEAR) {
            v[list] = (int64_t)core_rng_below(rng, C - L + 1);
        } else {
            int64_t wide = (int64_t)core_rng_next(rng) >> core_rng_below(rng, 48);
            if (c->index_bytes == 4)
                wide = (int32_t)wide;
            v[list] = core_rng_percent(rng, 30) ? (int64_t)core_rng_below(rng, 2 * C) - (int64_t)C : wide;
        }
    }
    if (!fault || !n || (fault == FAULT_DUPLICATE && L < 2))
        return 0; /* nothing planted */
    uint64_t k = core_rng_below(rng, n);
    if (fault == FAULT_INDEX)
        v[k] = core_rng_percent(rng, 50) || c->skip ? (int64_t)(C + core_rng_below(rng, 3))
                                                    : -1 - (int64_t)core_rng_below(rng, 2);
    else if (fault == FAULT_START)
        v[k] = core_rng_percent(rng, 70) ? (int64_t)(C - L + 1 + core_rng_below(rng, 2)) : -1;
    else if (fault == FAULT_DUPLICATE && L >= 2) {
        uint64_t list = k / L, j = k % L, other = (j + 1 + core_rng_below(rng, L - 1)) % L;
        v[list * L + other] = v[list * L + j] >= 0 ? v[list * L + j] : (int64_t)core_rng_below(rng, C);
        v[list * L + j] = v[list * L + other];
    }
    return 1;
}

/* The status the check must write for these indices, by the rules as vksplit.h states them:
 * the first entry (lists in order) that breaks ROWS_INDEX or ROWS_START; else, in a join's
 * INDEXED lists, the least list with a place listed twice, its least such place, and the first
 * two entries there (ROWS_DUPLICATE). {rule, list, entry, value lo, value hi, other}. */
static void expected_status(const rows_case* c, const int64_t* v, uint32_t* s)
{
    core_expected_rows_status(c->mode, c->join, c->skip, places_of(c), c->rows, entries_of(c), v, s);
}

/* ---- the reference: element by element, by vksplit.h's definition ---------------------------- */

static void reference_rows(const rows_case* c, const int64_t* v, uint8_t* whole, uint8_t* part)
{
    uint64_t ws[MAX_RANK], ps[MAX_RANK], psz[MAX_RANK];
    whole_strides(c, ws);
    part_strides(c, ps);
    part_sizes(c, psz);
    uint64_t C = places_of(c), total = 1, pd = c->pages_along ? c->pages_along - 1 : MAX_RANK;
    for (uint32_t d = 0; d < c->rank; d++)
        total *= psz[d];
    for (uint64_t flat = 0; flat < total; flat++) { /* every element of the part */
        uint64_t idx[MAX_RANK], rest = flat;
        for (uint32_t d = c->rank; d-- > 0;) {
            idx[d] = rest % psz[d];
            rest /= psz[d];
        }
        if (pd < MAX_RANK && idx[pd]) /* the part's pages' dimension is a broadcast: its first index */
            continue;
        uint64_t list = 0;
        for (uint32_t d = 0; d < c->axis; d++)
            if (c->list_dims >> d & 1u)
                list = list * c->sizes[d] + idx[d];
        uint64_t j = idx[c->axis];
        int64_t place;
        if (c->mode == VKSPLIT_ROWS_INDEXED) {
            place = v[list * c->rows + j];
            if (place < 0)
                continue; /* skipped */
        } else {
            int64_t start = v[list];
            if (c->mode == VKSPLIT_ROWS_CIRCULAR) /* floor modulo, as Python's % */
                start = ((start % (int64_t)C) + (int64_t)C) % (int64_t)C;
            place = (int64_t)(((uint64_t)start + j) % C);
        }
        uint64_t wo = 0, po = 0, page_rows = c->sizes[c->axis];
        for (uint32_t d = 0; d < c->rank; d++) {
            uint64_t at = d == c->axis ? (pd < MAX_RANK ? (uint64_t)place % page_rows : (uint64_t)place)
                          : d == pd    ? (uint64_t)place / page_rows
                                       : idx[d];
            wo += at * ws[d];
            po += idx[d] * ps[d];
        }
        if (c->join)
            memcpy(whole + wo * c->element_size, part + po * c->element_size, c->element_size);
        else
            memcpy(part + po * c->element_size, whole + wo * c->element_size, c->element_size);
    }
}

/* ---- plans ------------------------------------------------------------------------------------- */

static vksplit_result make_plan(vksplit_context* ctx, const rows_case* c, const void* host, vksplit_plan** plan,
                                vksplit_error* err)
{
    uint64_t ws[MAX_RANK], ps[MAX_RANK];
    whole_strides(c, ws);
    part_strides(c, ps);
    const uint64_t* part_stride_ptrs[1] = {ps};
    uint64_t rows = c->rows;
    vksplit_plan_options o = {0};
    o.rows = (vksplit_rows){c->mode, c->index_bytes, c->list_dims, (vksplit_bool32)c->skip, host, c->pages_along};
    *plan = NULL;
    if (c->join) {
        vksplit_join_desc j = {c->element_size, c->rank, c->sizes, ws, c->axis, 1, &rows, part_stride_ptrs, 0};
        return vksplit_plan_create_join(ctx, &j, &o, plan, err);
    }
    vksplit_split_desc d = {c->element_size, c->rank, c->sizes, ws, c->axis, 1, &rows, part_stride_ptrs, 0};
    return vksplit_plan_create(ctx, &d, &o, plan, err);
}

/* The indices as the index type's bytes. */
static void pack_indices(const rows_case* c, const int64_t* v, uint64_t n, uint8_t* out)
{
    for (uint64_t e = 0; e < n; e++) {
        if (c->index_bytes == 4) {
            int32_t x = (int32_t)v[e];
            memcpy(out + e * 4, &x, 4);
        } else {
            memcpy(out + e * 8, &v[e], 8);
        }
    }
}

typedef core_gpu gpu;

/* The first differing byte, reported (at most a few per case). */
static int compare(const rows_case* c, const char* what, uint32_t step, const uint8_t* want, const uint8_t* got,
                   uint64_t bytes, uint32_t* mismatches)
{
    if (!memcmp(want, got, bytes))
        return 1;
    uint64_t at = 0;
    while (want[at] == got[at])
        at++;
    if ((*mismatches)++ < 3)
        CHECK_MSG(0, "%s, step %u (%s): byte %llu is 0x%02x, want 0x%02x", c->name, step, what, (unsigned long long)at,
                  got[at], want[at]);
    return 0;
}

/* The host's indices (step 0's): a plan of their own, run once, or refused by the rule the GPU's
 * check names. */
static void host_run(gpu* g, vksplit_context* ctx, const rows_case* c, const int64_t* v, const uint8_t* packed_v,
                     const uint32_t* status)
{
    uint64_t n = entries_of(c);
    if (n > VKSPLIT_ROWS_MAX_HOST_INDICES)
        return;
    vksplit_error err;
    vksplit_plan* plan;
    vksplit_result r = make_plan(ctx, c, packed_v, &plan, &err);
    if (status[0]) {
        CHECK_MSG(r != VKSPLIT_OK && err.rule == (vksplit_rule)status[0], "%s: host indices: %s, want %s", c->name,
                  r == VKSPLIT_OK ? "planned" : vksplit_rule_name(err.rule), vksplit_rule_name(status[0]));
        vksplit_plan_destroy(plan);
        return;
    }
    CHECK_MSG(r == VKSPLIT_OK, "%s: host indices: %s", c->name, err.message);
    if (r != VKSPLIT_OK)
        return;
    uint64_t ws[MAX_RANK], ps[MAX_RANK], psz[MAX_RANK];
    whole_strides(c, ws);
    part_strides(c, ps);
    part_sizes(c, psz);
    uint64_t whole_bytes = span_bytes(c, c->sizes, ws) + 16, part_bytes = span_bytes(c, psz, ps) + 16;
    core_host_buffer whole, part;
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, whole_bytes, &whole));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, part_bytes, &part));
    core_rng rng;
    core_rng_seed(&rng, 0x4057);
    core_rng_fill(&rng, c->join ? part.mapped : whole.mapped, c->join ? part_bytes : whole_bytes);
    memset(c->join ? whole.mapped : part.mapped, PATTERN, c->join ? whole_bytes : part_bytes);
    uint64_t written = c->join ? whole_bytes : part_bytes;
    uint8_t* want = core_calloc(written, 1);
    memset(want, PATTERN, written);
    reference_rows(c, v, c->join ? want : whole.mapped, c->join ? part.mapped : want);
    vksplit_binding part_b = {part.buffer, 0};
    vksplit_bindings b = {.whole = {whole.buffer, 0}, .parts = &part_b};
    VkCommandBuffer cmd = core_cmd_begin(g->info.device, g->pool, 1);
    CHECK_RESULT(VKSPLIT_OK, vksplit_cmd_record(plan, cmd, &b, &err), &err);
    CHECK(core_cmd_end_for_host(cmd));
    CHECK(core_submit_wait(g->info.device, g->info.queue, cmd, VK_NULL_HANDLE));
    uint32_t mismatches = 0;
    compare(c, "host indices", 0, want, c->join ? whole.mapped : part.mapped, written, &mismatches);
    test_checks++;
    vkFreeCommandBuffers(g->info.device, g->pool, 1, &cmd);
    free(want);
    core_host_buffer_destroy(g->info.device, &whole);
    core_host_buffer_destroy(g->info.device, &part);
    vksplit_plan_destroy(plan);
}

/* ---- one case: one command buffer, replayed ---------------------------------------------------- */

static void replay(gpu* g, vksplit_context* ctx, const rows_case* c, int fault, uint32_t replays, uint64_t seed)
{
    vksplit_error err;
    vksplit_plan* plan;
    vksplit_result r = make_plan(ctx, c, NULL, &plan, &err);
    CHECK_MSG(r == VKSPLIT_OK, "%s: plan: %s", c->name, err.message);
    if (r != VKSPLIT_OK)
        return;
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    uint64_t n = entries_of(c);
    CHECK_MSG(info.rows_mode == c->mode && info.index_count == n && info.index_span_bytes == n * c->index_bytes &&
                  info.parameter_bytes >= VKSPLIT_ROWS_STATUS_WORDS * 4u && info.dispatch_count <= 1 &&
                  info.check_dispatch_count == (strstr(info.summary, "check=pass") ? 1u : 0u),
              "%s: plan info: mode %d, %llu indices, %llu index bytes, %llu block bytes", c->name, (int)info.rows_mode,
              (unsigned long long)info.index_count, (unsigned long long)info.index_span_bytes,
              (unsigned long long)info.parameter_bytes);

    /* The indices of every step, drawn now; the producer copies step's to the indices' buffer. */
    core_rng rng;
    core_rng_seed(&rng, seed);
    int64_t* v = core_calloc((size_t)(replays * (n ? n : 1)), sizeof *v);
    uint32_t words = (uint32_t)(n * c->index_bytes / 4);
    core_host_buffer state, indices, block, whole, part;
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, 16 + (uint64_t)replays * words * 4 + 4, &state));
    uint32_t* st = (uint32_t*)state.mapped;
    st[0] = 0, st[1] = words, st[2] = st[3] = 0;
    uint32_t planted = 0;
    for (uint32_t step = 0; step < replays; step++) {
        planted += (uint32_t)draw_indices(c, &rng, fault && step % 3 == 1 ? fault : FAULT_NONE, v + step * n);
        pack_indices(c, v + step * n, n, (uint8_t*)(st + 4 + (uint64_t)step * words));
    }
    uint64_t ws[MAX_RANK], ps[MAX_RANK], psz[MAX_RANK];
    whole_strides(c, ws);
    part_strides(c, ps);
    part_sizes(c, psz);
    uint64_t whole_bytes = span_bytes(c, c->sizes, ws) + 32, part_bytes = span_bytes(c, psz, ps) + 32;
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, 16 + n * c->index_bytes + 16, &indices));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, 16 + info.parameter_bytes, &block));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, whole_bytes, &whole));
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, part_bytes, &part));
    memset(block.mapped, 0xEE, block.size); /* the status is written every time: no zeroed block needed */
    core_producer producer;
    CHECK(core_rows_producer_create(g->info.device, state.buffer, indices.buffer, 8, &producer));

    uint8_t* read_side = c->join ? part.mapped : whole.mapped;
    uint8_t* write_side = c->join ? whole.mapped : part.mapped;
    uint64_t written = c->join ? whole_bytes : part_bytes;
    core_rng_fill(&rng, read_side, c->join ? part_bytes : whole_bytes);
    uint8_t* want = core_calloc(written, 1);

    vksplit_binding part_b = {part.buffer, 0};
    vksplit_bindings b = {.whole = {whole.buffer, 0},
                          .parts = &part_b,
                          .parameters = {block.buffer, 16},
                          .indices = {indices.buffer, 8}};
    VkCommandBuffer cmd = core_cmd_begin(g->info.device, g->pool, 0);
    core_producer_record(&producer, cmd);
    /* What the engine owes: its writes of the indices -> the check's reads (and the block's
     * earlier reads -> its writes). */
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                         &barrier, 0, NULL, 0, NULL);
    CHECK_RESULT(VKSPLIT_OK, vksplit_cmd_record(plan, cmd, &b, &err), &err);
    CHECK(core_cmd_end_for_host(cmd));

    VkFence fence;
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    CHECK(vkCreateFence(g->info.device, &fence_info, NULL, &fence) == VK_SUCCESS);
    uint32_t rules_seen = 0, mismatches = 0;
    for (uint32_t step = 0; step < replays; step++) {
        memset(write_side, PATTERN + step, written);
        CHECK(core_submit_wait(g->info.device, g->info.queue, cmd, fence));
        const int64_t* sv = v + step * n;
        uint32_t want_status[6];
        expected_status(c, sv, want_status);
        const uint32_t* got = (const uint32_t*)(block.mapped + 16);
        CHECK_MSG(!memcmp(got, want_status, sizeof want_status) && got[6] == 0 && got[7] == 0,
                  "%s, step %u: status {%u, %u, %u, %u, %u, %u}, want {%u, %u, %u, %u, %u, %u}", c->name, step, got[0],
                  got[1], got[2], got[3], got[4], got[5], want_status[0], want_status[1], want_status[2],
                  want_status[3], want_status[4], want_status[5]);
        r = vksplit_parameters_status(plan, got, &err);
        CHECK_MSG(want_status[0] ? err.rule == (vksplit_rule)want_status[0] && r == vksplit_rule_result(err.rule)
                                 : r == VKSPLIT_OK,
                  "%s, step %u: vksplit_parameters_status: %s (%s)", c->name, step, vksplit_rule_name(err.rule),
                  err.message);
        if (want_status[0] && rules_seen < 2 && core_verbose())
            printf("  %s, step %u: %s\n", c->name, step, err.message);
        rules_seen += want_status[0] != 0;
        memset(want, PATTERN + step, written);
        if (!want_status[0])
            reference_rows(c, sv, c->join ? want : whole.mapped, c->join ? part.mapped : want);
        compare(c, want_status[0] ? "a rule broken: nothing may be written" : "status 0", step, want, write_side,
                written, &mismatches);
        test_checks++;
    }
    CHECK_MSG(st[0] == replays, "%s: the producer ran %u times", c->name, st[0]);
    if (planted) /* (the status itself is compared step by step above) */
        CHECK_MSG(rules_seen >= planted, "%s: %u faults planted, %u steps break a rule", c->name, planted, rules_seen);
    if (!c->quiet)
        printf("%-40s %-66s %u replays, %u with a broken rule\n", c->name, info.summary, replays, rules_seen);
    /* The same indices from the host: step 0's, and a faulty step's. */
    uint32_t s0[6];
    expected_status(c, v, s0);
    host_run(g, ctx, c, v, (const uint8_t*)(st + 4), s0);
    if (replays > 1) {
        expected_status(c, v + n, s0);
        host_run(g, ctx, c, v + n, (const uint8_t*)(st + 4 + words), s0);
    }
    vkDestroyFence(g->info.device, fence, NULL);
    vkFreeCommandBuffers(g->info.device, g->pool, 1, &cmd);
    core_producer_destroy(&producer);
    free(want);
    free(v);
    core_host_buffer_destroy(g->info.device, &state);
    core_host_buffer_destroy(g->info.device, &indices);
    core_host_buffer_destroy(g->info.device, &block);
    core_host_buffer_destroy(g->info.device, &whole);
    core_host_buffer_destroy(g->info.device, &part);
    vksplit_plan_destroy(plan);
}

/* ---- the cases ------------------------------------------------------------------------------- */

#define INDEXED VKSPLIT_ROWS_INDEXED
#define LINEAR VKSPLIT_ROWS_LINEAR
#define CIRCULAR VKSPLIT_ROWS_CIRCULAR

static const rows_case cases[] = {
    /* [B, H, S, D] f16 cache, one token [B, H, 1, D] at the position the GPU wrote (one list) */
    {"KV append, one token (LINEAR)", 1, LINEAR, 8, 0, 0, 2, 4, 2, {2, 4, 64, 32}, 1, {0}, {0}, 0, 0},
    /* TensorScatter decode: [B, H, S, D] f32, each batch element at its own position, circular */
    {"TensorScatter decode (CIRCULAR, per batch)", 1, CIRCULAR, 8, 1, 0, 4, 4, 2, {6, 2, 16, 8}, 3, {0}, {0}, 0, 0},
    /* SET_ROWS: [4, 40, 24] f32 rows at int64 indices, one list per index of dim 0, broadcast over 1 */
    {"SET_ROWS (INDEXED, broadcast)", 1, INDEXED, 8, 1, 0, 4, 4, 2, {3, 2, 40, 24}, 7, {0}, {0}, 0, 0},
    /* GET_ROWS: rows [T, D] f16 gathered from an int32-indexed table of 100 rows (repeats) */
    {"GET_ROWS (INDEXED gather, int32)", 0, INDEXED, 4, 0, 0, 2, 2, 0, {100, 64}, 37, {0}, {0}, 0, 0},
    /* vLLM NHD paged cache [blocks x block_size, H, D] f16, slot mapping with padding slots */
    {"paged cache by slot (skip negative)", 1, INDEXED, 8, 0, 1, 2, 3, 0, {256, 4, 16}, 24, {0}, {0}, 0, 0},
    /* vLLM HND paged cache [blocks 32, H 4, block_size 16, D 32] f16: a slot's block along dimension
     * 0, its place within along the axis; the key [T = 12, 4, 32] broadcast over the blocks */
    {"HND paged cache by slot (pages)", 1, INDEXED, 8, 0, 1, 2, 4, 2, {32, 4, 16, 32}, 12, {0}, {0, 384, 32, 1}, 0, 1},
    /* MoE permute: tokens [T, D] gathered into [T x k] expert order (repeats), and back */
    {"MoE permute (gather, repeats)", 0, INDEXED, 4, 0, 0, 4, 2, 0, {20, 48}, 40, {0}, {0}, 0, 0},
    {"MoE unpermute (scatter)", 1, INDEXED, 4, 0, 0, 4, 2, 0, {80, 48}, 40, {0}, {0}, 0, 0},
    /* llama.cpp's transposed V cache [n_embd, n_ctx] f16: one element a row, one index for all */
    {"transposed V append (2-byte rows)", 1, INDEXED, 4, 0, 0, 2, 2, 1, {96, 50}, 1, {0}, {0}, 0, 0},
    {"1-byte rows, gather", 0, INDEXED, 8, 1, 0, 1, 3, 1, {5, 30, 3}, 9, {0}, {0}, 0, 0},
    /* 16-byte rows of f32 x 4, a padded whole and part */
    {"padded layouts (16-byte words)", 1, INDEXED, 8, 0, 0, 4, 3, 1, {3, 20, 4}, 6, {200, 8, 1}, {40, 4, 1}, 0, 0},
    /* many indices: the check pass (more than the copy checks itself) */
    {"many indices: the check pass (join)", 1, INDEXED, 8, 1, 0, 4, 3, 1, {4, 512, 8}, 200, {0}, {0}, 0, 0},
    {"many starts: the check pass (CIRCULAR)", 1, CIRCULAR, 8, 3, 0, 4, 4, 2, {16, 6, 12, 4}, 5, {0}, {0}, 0, 0},
    {"many indices: the check pass (gather)", 0, INDEXED, 4, 0, 0, 4, 2, 0, {300, 32}, 300, {0}, {0}, 0, 0},
};

typedef struct fault_case {
    int index; /* into cases */
    int fault;
} fault_case;

static const fault_case faults[] = {
    {0, FAULT_START},  {2, FAULT_INDEX},      {2, FAULT_DUPLICATE}, {3, FAULT_INDEX},
    {4, FAULT_INDEX},  {5, FAULT_DUPLICATE},  {5, FAULT_INDEX},     {7, FAULT_DUPLICATE},
    {11, FAULT_INDEX}, {11, FAULT_DUPLICATE}, {13, FAULT_INDEX},    {8, FAULT_INDEX},
};

/* A random case that rows take: rank 2-5, any axis, packed or padded outer strides. */
static void random_case(core_rng* rng, rows_case* c)
{
    memset(c, 0, sizeof *c);
    c->name = "random";
    c->quiet = 1;
    c->join = core_rng_percent(rng, 50);
    c->mode = (vksplit_rows_mode)core_rng_range(rng, 1, 3);
    c->index_bytes = core_rng_percent(rng, 50) ? 4 : 8;
    static const uint32_t sizes[] = {1, 2, 4, 8, 3, 6, 12};
    c->element_size = sizes[core_rng_below(rng, 7)];
    c->rank = (uint32_t)core_rng_range(rng, 2, MAX_RANK);
    c->axis = (uint32_t)core_rng_below(rng, c->rank);
    for (uint32_t d = 0; d < c->rank; d++)
        c->sizes[d] = core_rng_range(rng, 1, d == c->axis ? 40 : 5);
    uint64_t C = c->sizes[c->axis];
    c->rows = c->mode == VKSPLIT_ROWS_INDEXED && !c->join ? core_rng_range(rng, 0, 2 * C) : core_rng_range(rng, 0, C);
    c->list_dims = (uint32_t)core_rng_below(rng, 1u << c->axis);
    c->skip = c->mode == VKSPLIT_ROWS_INDEXED && core_rng_percent(rng, 30);
    if (c->join && c->axis && core_rng_percent(rng, 25)) { /* pages along a dimension before the axis */
        uint32_t pd = (uint32_t)core_rng_below(rng, c->axis);
        c->pages_along = pd + 1;
        c->list_dims &= ~(1u << pd);
        uint64_t psz[MAX_RANK];
        part_sizes(c, psz);
        packed(c->rank, psz, c->part_strides);
        c->part_strides[pd] = 0; /* the part's pages' dimension: a broadcast */
        if (c->mode != VKSPLIT_ROWS_INDEXED && c->rows > places_of(c))
            c->rows = places_of(c);
    }
    if (core_rng_percent(rng, 30)) { /* padded: each outer stride and the axis's a little wider */
        uint64_t s = 1;
        for (uint32_t d = c->rank; d-- > 0;) {
            c->whole_strides[d] = s;
            s = s * c->sizes[d] + (d <= c->axis ? core_rng_below(rng, 3) : 0);
        }
    }
}

static void run_all(gpu* g, vksplit_context* ctx, const char* label, uint64_t seed)
{
    printf("-- %s --\n", label);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        replay(g, ctx, &cases[i], FAULT_NONE, 64, seed + i);
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        rows_case c = cases[faults[i].index];
        char name[96];
        snprintf(name, sizeof name, "%s, %s", c.name,
                 faults[i].fault == FAULT_INDEX   ? "an index outside"
                 : faults[i].fault == FAULT_START ? "a start past the end"
                                                  : "two rows at one place");
        c.name = name;
        replay(g, ctx, &c, faults[i].fault, 7, seed + 100 + i);
    }
    long count = (long)core_scaled(60), only = core_only_case();
    core_rng rng;
    for (long k = 0; k < count; k++) {
        if (only >= 0 && k != only)
            continue;
        core_rng_seed(&rng, seed * 1000003u + (uint64_t)k);
        rows_case c;
        random_case(&rng, &c);
        char name[64];
        snprintf(name, sizeof name, "random %ld (seed %llu)", k, (unsigned long long)seed);
        c.name = name;
        int fault = (int)core_rng_below(&rng, 4);
        if ((fault == FAULT_START && c.mode != VKSPLIT_ROWS_LINEAR) ||
            (fault == FAULT_DUPLICATE && (c.mode != VKSPLIT_ROWS_INDEXED || !c.join)) ||
            (fault == FAULT_INDEX && c.mode != VKSPLIT_ROWS_INDEXED))
            fault = FAULT_NONE;
        replay(g, ctx, &c, fault, 4, core_rng_next(&rng));
    }
    printf("%ld random cases\n", count);
}

/* ---- rules --------------------------------------------------------------------------------- */

static void expect_plan_rule(vksplit_context* ctx, const rows_case* c, const vksplit_plan_options* o, vksplit_rule rule,
                             const char* what)
{
    uint64_t ws[MAX_RANK], ps[MAX_RANK];
    whole_strides(c, ws);
    part_strides(c, ps);
    const uint64_t* psp[1] = {ps};
    uint64_t rows[2] = {c->rows, 1};
    vksplit_join_desc j = {c->element_size, c->rank, c->sizes, ws, c->axis, 1, rows, psp, 0};
    vksplit_split_desc d = {c->element_size, c->rank, c->sizes, ws, c->axis, 1, rows, psp, 0};
    vksplit_plan* plan = (vksplit_plan*)(uintptr_t)1;
    vksplit_error err = {0};
    vksplit_result r =
        c->join ? vksplit_plan_create_join(ctx, &j, o, &plan, &err) : vksplit_plan_create(ctx, &d, o, &plan, &err);
    CHECK_MSG(r != VKSPLIT_OK && err.rule == rule && r == vksplit_rule_result(rule) && plan == NULL,
              "rule %s (%s): got %s: %s", vksplit_rule_name(rule), what, vksplit_rule_name(err.rule), err.message);
    if (core_verbose())
        printf("  %s: %s\n", vksplit_rule_name(rule), err.message);
    test_checks++;
}

static void rules(gpu* g, vksplit_context* ctx, vksplit_context* descriptors)
{
    rows_case c = cases[2];
    vksplit_plan_options o = {0};
    o.rows = (vksplit_rows){INDEXED, 8, 1, 0, NULL, 0};
    o.rows.mode = (vksplit_rows_mode)7;
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_PLAN_ROWS_MODE, "mode 7");
    o.rows.mode = INDEXED;
    o.rows.index_bytes = 2;
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_PLAN_ROWS_INDEX_BYTES, "2-byte indices");
    o.rows.index_bytes = 8;
    o.rows.list_dims = 1u << 2; /* the axis itself */
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_PLAN_ROWS_LIST_DIMS, "a list over the axis");
    o.rows.list_dims = 1;
    o.rows.skip_negative = 1;
    o.rows.mode = LINEAR;
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_PLAN_ROWS_SKIP, "skip with LINEAR");
    o.rows.skip_negative = 0;
    o.device_parameters = VKSPLIT_DEVICE_PARAMETERS_GIVEN;
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_PLAN_ROWS_DEVICE_PARAMETERS, "with device parameters");
    o.device_parameters = VKSPLIT_DEVICE_PARAMETERS_NONE;
    o.path = VKSPLIT_PATH_TRANSFER;
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_PLAN_ROWS_PATH, "the transfer path");
    o.path = VKSPLIT_PATH_AUTO;
    rows_case longer = c;
    longer.rows = c.sizes[c.axis] + 1;
    expect_plan_rule(ctx, &longer, &o, VKSPLIT_RULE_PLAN_ROWS_LENGTH, "LINEAR rows past the places");
    rows_case strided = c;
    memcpy(strided.whole_strides, (uint64_t[]){4000, 2000, 48, 2}, sizeof(uint64_t[4])); /* the row not packed */
    expect_plan_rule(ctx, &strided, &o, VKSPLIT_RULE_PLAN_ROWS_LAYOUT, "a row with a gap");
    o.rows.mode = INDEXED;
    o.rows.pages_along = 1; /* dimension 0, listed */
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_PLAN_ROWS_PAGES, "pages along a listed dimension");
    o.rows.pages_along = 3; /* the axis */
    o.rows.list_dims = 0;
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_PLAN_ROWS_PAGES, "pages along the axis");
    o.rows.pages_along = 0;
    o.rows.list_dims = 1;
    int64_t bad[3 * 7] = {0};
    bad[5] = 40; /* list 0, entry 5: the places are 40 */
    o.rows.host_indices = bad;
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_ROWS_INDEX, "a host index past the places");
    for (int i = 0; i < 21; i++)
        bad[i] = i % 7;
    bad[7 + 3] = 1;
    expect_plan_rule(ctx, &c, &o, VKSPLIT_RULE_ROWS_DUPLICATE, "host indices placing two rows at one place");
    o.rows.host_indices = NULL;
    /* Two parts */
    {
        uint64_t ws[4] = {1920, 960, 24, 1}, lengths[2] = {3, 4};
        vksplit_join_desc j = {4, 4, c.sizes, ws, 2, 2, lengths, NULL, 0};
        vksplit_plan* plan;
        vksplit_error err;
        vksplit_result r = vksplit_plan_create_join(ctx, &j, &o, &plan, &err);
        CHECK_MSG(r != VKSPLIT_OK && err.rule == VKSPLIT_RULE_PLAN_ROWS_PARTS, "two parts: %s", err.message);
    }
    /* Counts: the places past 2^31 (a gather from a whole that broadcasts one byte), more host
     * indices than a plan holds, and (descriptors) a whole past one binding's reach. */
    rows_case wide = {"2^31 places",   0, INDEXED, 8,   0, 0, 1, 2, 0,
                      {1ull << 31, 1}, 1, {0, 1},  {0}, 1, 0}; /* broadcast: 1 byte */
    o = (vksplit_plan_options){0};
    o.rows = (vksplit_rows){INDEXED, 8, 0, 0, NULL, 0};
    expect_plan_rule(ctx, &wide, &o, VKSPLIT_RULE_PLAN_ROWS_COUNT, "2^31 places");
    rows_case many = {"host indices", 1, INDEXED, 4, 0, 0, 4, 2, 0, {4096, 4}, 3000, {0}, {0}, 1, 0};
    int32_t* host = core_calloc(3000, sizeof *host);
    for (int i = 0; i < 3000; i++)
        host[i] = i;
    o.rows = (vksplit_rows){INDEXED, 4, 0, 0, host, 0};
    expect_plan_rule(ctx, &many, &o, VKSPLIT_RULE_PLAN_ROWS_HOST_INDICES, "3000 host indices");
    free(host);
    if (descriptors) {
        rows_case big = {"past a binding", 1, INDEXED, 8, 0, 0, 4, 2, 0, {1u << 20, 64}, 2, {0}, {0}, 1, 0};
        o.rows = (vksplit_rows){INDEXED, 8, 0, 0, NULL, 0};
        expect_plan_rule(descriptors, &big, &o, VKSPLIT_RULE_PLAN_ROWS_BINDING, "a 256 MiB whole on descriptors");
    }
    /* A CIRCULAR start with no place to wrap into: host indices on a whole of 0 places (was a
     * division by zero), planned with nothing to copy. */
    {
        static const uint64_t empty[2] = {3, 0}, none[1] = {0};
        int64_t start = 5;
        vksplit_join_desc j = {4, 2, empty, NULL, 1, 1, none, NULL, 0};
        vksplit_plan_options co = {0};
        co.rows = (vksplit_rows){CIRCULAR, 8, 0, 0, &start, 0};
        vksplit_plan* p0 = NULL;
        vksplit_error e0;
        CHECK_RESULT(VKSPLIT_OK, vksplit_plan_create_join(ctx, &j, &co, &p0, &e0), &e0);
        vksplit_plan_destroy(p0);
    }
    /* Counts past 64 bits (found by fuzz_rows): the rows of a part whose rows (a capacity) pass
     * the whole's places, 2^18 for each of 2^46 + 1 outer indices gathered from a whole that
     * broadcasts one element (planned as 2^18 rows, outer index 0's alone); an empty part's 2^40
     * lists of 2^30 indices, which wrapped to none to check. */
    {
        static const uint64_t sizes[3] = {(1ull << 46) + 1, 1, 1}, rows[1] = {1u << 18}, broadcast[3] = {0, 1, 1};
        static const uint64_t empty[3] = {1ull << 40, 1, 0}, lists_rows[1] = {1u << 30}, strides[3] = {1u << 30, 1, 1};
        const uint64_t* given[1] = {strides};
        vksplit_split_desc past = {4, 3, sizes, broadcast, 1, 1, rows, NULL, 0};
        vksplit_split_desc lists = {4, 3, empty, NULL, 1, 1, lists_rows, given, 0};
        vksplit_plan_options po = {0};
        po.rows = (vksplit_rows){INDEXED, 8, 1, 0, NULL, 0};
        const vksplit_split_desc* descs[2] = {&past, &lists};
        const vksplit_rule want[2] = {VKSPLIT_RULE_PLAN_ROWS_COUNT, VKSPLIT_RULE_PLAN_ROWS_COUNT};
        for (int i = 0; i < 2; i++) {
            vksplit_plan* p0 = (vksplit_plan*)(uintptr_t)1;
            vksplit_error e0 = {0};
            vksplit_result r0 = vksplit_plan_create(ctx, descs[i], &po, &p0, &e0);
            CHECK_MSG(r0 != VKSPLIT_OK && e0.rule == want[i] && p0 == NULL, "%s: got %s: %s",
                      vksplit_rule_name(want[i]), vksplit_rule_name(e0.rule), e0.message);
            if (core_verbose())
                printf("  %s: %s\n", vksplit_rule_name(want[i]), e0.message);
            test_checks++;
        }
    }
    /* Record rules: no indices, no block, a misaligned indices offset. */
    vksplit_plan* plan;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, make_plan(ctx, &c, NULL, &plan, &err), &err);
    core_host_buffer buf;
    CHECK(core_host_buffer_create(g->info.device, &g->memory, g->bda, 1 << 16, &buf));
    vksplit_binding part = {buf.buffer, 1 << 15};
    vksplit_bindings b = {.whole = {buf.buffer, 0}, .parts = &part, .parameters = {buf.buffer, 60000}};
    VkCommandBuffer cmd = core_cmd_begin(g->info.device, g->pool, 1);
    vksplit_result r = vksplit_cmd_record(plan, cmd, &b, &err);
    CHECK_MSG(r == VKSPLIT_ERROR_NULL_ARGUMENT && err.rule == VKSPLIT_RULE_RECORD_INDICES_NULL, "no indices: %s",
              err.message);
    b.indices = (vksplit_binding){buf.buffer, 50002};
    r = vksplit_cmd_record(plan, cmd, &b, &err);
    CHECK_MSG(r == VKSPLIT_ERROR_ALIGNMENT && err.rule == VKSPLIT_RULE_RECORD_INDICES_ALIGNMENT, "indices at 50002: %s",
              err.message);
    b.indices.offset = 50000;
    b.parameters.buffer = VK_NULL_HANDLE;
    r = vksplit_cmd_record(plan, cmd, &b, &err);
    CHECK_MSG(r == VKSPLIT_ERROR_NULL_ARGUMENT && err.rule == VKSPLIT_RULE_RECORD_PARAMETERS_NULL, "no block: %s",
              err.message);
    uint32_t unknown[8] = {77, 0, 0, 0, 0, 0, 0, 0};
    r = vksplit_parameters_status(plan, unknown, &err);
    CHECK_MSG(err.rule == VKSPLIT_RULE_PARAMETERS_STATUS_UNKNOWN, "status 77: %s", err.message);
    vkEndCommandBuffer(cmd);
    vkFreeCommandBuffers(g->info.device, g->pool, 1, &cmd);
    core_host_buffer_destroy(g->info.device, &buf);
    vksplit_plan_destroy(plan);
    printf("rules: by id\n");
}

int main(int argc, char** argv)
{
    /* ctest's entries (tests/core/CMakeLists.txt): core_rows_context (the rules and the runner's
     * context), _descriptors (a push-descriptor context beside one with device addresses) and
     * _gpu_tuning (a GPU's tuning on this device); no argument (or `all`): all three. */
    enum { CONTEXT, DESCRIPTORS, GPU_TUNING, ALL, PARTS };
    static const char* const part_names[PARTS] = {"context", "descriptors", "gpu_tuning", "all"};
    int part = argc > 1 ? -1 : ALL;
    for (int i = 0; i < PARTS && argc > 1; i++)
        part = strcmp(argv[1], part_names[i]) == 0 ? i : part;
    if (part < 0) {
        fprintf(stderr, "usage: %s [context|descriptors|gpu_tuning|all]\n", argv[0]);
        return 2;
    }
    vksplit_runner* runner = test_runner_create();
    gpu g;
    CHECK(core_gpu_create(runner, &g));
    if (!g.pool)
        return test_finish(runner);
    vksplit_error err;
    vksplit_context* ctx = vksplit_runner_context(runner);
    vksplit_context* push = part != GPU_TUNING ? core_gpu_push_context(&g) : NULL; /* the rules use it too */
    vksplit_context* descriptors = push ? push : g.bda ? NULL : ctx;
    uint64_t seed = core_seed(0x2085);
    if (part == DESCRIPTORS && !push) {
        vkDestroyCommandPool(g.info.device, g.pool, NULL);
        return test_skip(runner, "push descriptors beside device addresses: %s",
                         g.bda ? "the device has no VK_KHR_push_descriptor"
                               : "the context is on push descriptors already (core_rows_context)");
    }
    if (part == CONTEXT || part == ALL) {
        rules(&g, ctx, descriptors);
        run_all(&g, ctx, g.bda ? "the runner's context (device addresses)" : "the runner's context (push descriptors)",
                seed);
    }
    if (push && (part == DESCRIPTORS || part == ALL))
        run_all(&g, push, "a push-descriptor context on the same device", seed + 1);
    if (part == GPU_TUNING || part == ALL) {
        vksplit_context_desc desc = core_runner_context_desc(runner);
        desc.tuning.workgroup_size = 64;
        desc.tuning.mapping = VKSPLIT_MAPPING_TILES;
        vksplit_context* gpu_ctx = NULL;
        CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&desc, &gpu_ctx, &err), &err);
        if (gpu_ctx)
            run_all(&g, gpu_ctx, "a GPU's tuning (workgroups of 64, lanes apart)", seed + 2);
        vksplit_context_destroy(gpu_ctx);
    }
    vksplit_context_destroy(push);
    vkDestroyCommandPool(g.info.device, g.pool, NULL);
    return test_finish(runner);
}
