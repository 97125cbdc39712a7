/* See check_device.h. The plan is the one planner's (vksplit__plan_geometry on a request for
 * capacities). The model follows shaders/copy_device.glsl line by line: the check
 * (check_parameters: each lane's parts, then lane 0, then the lanes again, with the barriers
 * between those phases) and what the copy computes per workgroup (device_main, device_workgroup),
 * on the table the plan writes (src/geometry/table.c) and in 32-bit words, as the GPU does. What it
 * is held to is computed 64 bits wide from the values alone. */
#include "check_device.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_caps.h"
#include "fuzz_fail.h"
#include "geometry/grid.h"
#include "geometry/table.h"
#include "geometry/planner.h"
#include "rules/request_rules.h"
#include "split_abi.h"

typedef uint32_t uint; /* the shader's type: its expressions (DEVICE_DIV_UP) wrap here as they do there */

/* What one recording gives the two passes: the plan's table, the block, the push constants. */
typedef struct pass {
    const uint32_t* table;
    uint32_t* block;     /* VKSPLIT_PARAMETERS_WORDS(n) words */
    uint lanes;          /* the check's workgroup: the context's workgroup size */
    uint segments;       /* pc.segments */
    uint per_dispatch;   /* pc_equal_units(): segments per dispatch of the copy */
    uint width;          /* pc_grid_x(): the indirect grid's width */
    uint segments_at;    /* the table's first segment */
    uint segment_stride; /* TBL_SEGMENT_STRIDE(row dims) */
    bool given, join;
} pass;

static uint tbl(const pass* p, uint i) { return p->table[i]; }
static uint param(const pass* p, uint i) { return p->block[i]; }
static void set_param(const pass* p, uint i, uint v) { p->block[i] = v; }
static uint segment_at(const pass* p, uint s) { return p->segments_at + s * p->segment_stride; }
static uint min_u(uint a, uint b) { return a < b ? a : b; }

/* part_rule of the shader. */
static uint part_rule(const pass* p, uint n, uint i, uint caps_at, uint* values)
{
    uint whole_cap = tbl(p, caps_at + n);
    uint len = param(p, BLOCK_LENGTH(n, i)), cap = tbl(p, caps_at + i);
    values[0] = i, values[1] = len, values[2] = cap;
    if (len > cap)
        return CHECK_RULE_LENGTH;
    if (!p->given)
        return 0u;
    uint off = param(p, BLOCK_OFFSET(n, i));
    values[0] = i, values[1] = off, values[2] = whole_cap;
    if (off > whole_cap || len > whole_cap - off)
        return CHECK_RULE_OFFSET;
    if (p->join && i > 0u) {
        uint before = param(p, BLOCK_OFFSET(n, i - 1u)),
             length = min_u(param(p, BLOCK_LENGTH(n, i - 1u)), tbl(p, caps_at + i - 1u));
        uint end = before > 0xFFFFFFFFu - length ? 0xFFFFFFFFu : before + length;
        values[0] = i, values[1] = off, values[2] = end;
        if (off < end)
            return CHECK_RULE_ORDER;
    }
    return 0u;
}

/* check_parameters of the shader: smem is the workgroup memory (3 x lanes + 1 words). */
static void check_parameters(const pass* p, uint* smem)
{
    uint n = tbl(p, DEVICE_TBL_PARTS), caps_at = tbl(p, DEVICE_TBL_CAPS_AT), lanes = p->lanes;
    uint per = (n + lanes - 1u) / lanes;
    uint values[3];
    for (uint lane = 0; lane < lanes; lane++) {
        uint begin = min_u(lane * per, n), end = min_u(begin + per, n);
        uint sum = 0u, sum_high = 0u, first_bad = 0xFFFFFFFFu;
        for (uint i = begin; i < end; i++) {
            if (first_bad == 0xFFFFFFFFu && part_rule(p, n, i, caps_at, values) != 0u)
                first_bad = i;
            uint len = param(p, BLOCK_LENGTH(n, i));
            sum += len;
            sum_high += (uint)(sum < len);
        }
        smem[lane] = sum;
        smem[lanes + lane] = first_bad;
        smem[2u * lanes + lane] = sum_high;
    }
    /* barrier(); lane 0 */
    {
        uint total = 0u, total_high = 0u, bad = 0xFFFFFFFFu;
        for (uint l = 0u; l < lanes; l++) {
            uint s = smem[l];
            smem[l] = total;
            total += s;
            total_high += smem[2u * lanes + l] + (uint)(total < s);
            bad = min_u(bad, smem[lanes + l]);
        }
        uint rule = 0u;
        values[0] = values[1] = values[2] = 0u;
        if (bad != 0xFFFFFFFFu) {
            rule = part_rule(p, n, bad, caps_at, values);
        } else if (!p->given) {
            uint whole = param(p, BLOCK_WHOLE_LENGTH), whole_cap = tbl(p, caps_at + n);
            if (whole > whole_cap) {
                rule = CHECK_RULE_WHOLE_LENGTH;
                values[0] = whole, values[1] = whole_cap, values[2] = 0u;
            } else if (total != whole || total_high != 0u) {
                rule = CHECK_RULE_SUM;
                values[0] = total, values[1] = whole, values[2] = total_high;
            }
        }
        set_param(p, BLOCK_STATUS(n), rule);
        for (uint k = 0; k < 3; k++)
            set_param(p, BLOCK_STATUS(n) + 1u + k, values[k]);
        smem[3u * lanes] = rule;
    }
    /* barrier(); every lane */
    bool broken = smem[3u * lanes] != 0u;
    for (uint lane = 0; lane < lanes; lane++) {
        uint begin = min_u(lane * per, n), end = min_u(begin + per, n);
        uint at = smem[lane];
        for (uint i = begin; i < end; i++) {
            uint len = param(p, BLOCK_LENGTH(n, i));
            set_param(p, BLOCK_USED_LENGTH(n, i), broken ? 0u : len);
            set_param(p, BLOCK_USED_OFFSET(n, i), broken ? 0u : p->given ? param(p, BLOCK_OFFSET(n, i)) : at);
            at += broken ? 0u : len;
        }
    }
    uint segments = p->segments, per_dispatch = p->per_dispatch;
    uint tile = tbl(p, DEVICE_TBL_TILE), step = tbl(p, DEVICE_TBL_STEP);
    uint sper = (segments + lanes - 1u) / lanes;
    for (uint lane = 0; lane < lanes; lane++) {
        uint sbegin = min_u(lane * sper, segments), send = min_u(sbegin + sper, segments);
        uint units = 0u;
        for (uint s = sbegin; s < send; s++) {
            uint seg = segment_at(p, s), len = broken ? 0u : param(p, BLOCK_LENGTH(n, tbl(p, seg + DEVICE_SEG_PART)));
            units += tbl(p, seg + DEVICE_SEG_ROWS) * DEVICE_DIV_UP(len * step, tile);
        }
        smem[lane] = units; /* after the barrier that follows every lane's read of the part sums */
    }
    {
        uint total = 0u;
        for (uint l = 0u; l < lanes; l++) {
            uint u = smem[l];
            smem[l] = total;
            total += u;
        }
    }
    for (uint lane = 0; lane < lanes; lane++) {
        uint sbegin = min_u(lane * sper, segments), send = min_u(sbegin + sper, segments);
        uint first = smem[lane];
        for (uint s = sbegin; s < send; s++) {
            set_param(p, BLOCK_PREFIX(n, s), first);
            uint seg = segment_at(p, s), len = broken ? 0u : param(p, BLOCK_LENGTH(n, tbl(p, seg + DEVICE_SEG_PART)));
            first += tbl(p, seg + DEVICE_SEG_ROWS) * DEVICE_DIV_UP(len * step, tile);
        }
        if (lane == lanes - 1u)
            set_param(p, BLOCK_PREFIX(n, segments), first);
    }
    uint width = p->width, dispatches = (segments + per_dispatch - 1u) / per_dispatch;
    for (uint d = 0; d < dispatches; d++) {
        uint a = d * per_dispatch, b = min_u(a + per_dispatch, segments);
        uint groups = param(p, BLOCK_PREFIX(n, b)) - param(p, BLOCK_PREFIX(n, a));
        set_param(p, BLOCK_INDIRECT(n, d), min_u(groups, width));
        set_param(p, BLOCK_INDIRECT(n, d) + 1u, DEVICE_DIV_UP(groups, width));
        set_param(p, BLOCK_INDIRECT(n, d) + 2u, 1u);
    }
}

/* ---- what the values mean, 64 bits wide -------------------------------------------------------- */

/* The rule the values break (0: none) and its three status values, as vksplit.h states the
 * rules: the first part (by index) that breaks one of its own, then the whole's length, then the
 * sum. caps are the desc's, whole_cap the whole's size along the axis. */
static uint32_t expected_rule(uint32_t n, const uint64_t* caps, uint64_t whole_cap, bool given, bool join,
                              const fz_device_values* v, uint32_t* out)
{
    uint64_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t len = v->lengths[i], cap = caps[i];
        if (len > cap) {
            out[0] = i, out[1] = (uint32_t)len, out[2] = (uint32_t)cap;
            return CHECK_RULE_LENGTH;
        }
        if (given && v->offsets[i] + len > whole_cap) {
            out[0] = i, out[1] = v->offsets[i], out[2] = (uint32_t)whole_cap;
            return CHECK_RULE_OFFSET;
        }
        if (given && join && i > 0 && v->offsets[i] < (uint64_t)v->offsets[i - 1] + v->lengths[i - 1]) {
            out[0] = i, out[1] = v->offsets[i], out[2] = v->offsets[i - 1] + v->lengths[i - 1];
            return CHECK_RULE_ORDER;
        }
        sum += len;
    }
    if (!given && v->whole > whole_cap) {
        out[0] = v->whole, out[1] = (uint32_t)whole_cap, out[2] = 0;
        return CHECK_RULE_WHOLE_LENGTH;
    }
    if (!given && sum != v->whole) {
        out[0] = (uint32_t)sum, out[1] = v->whole, out[2] = (uint32_t)(sum >> 32);
        return CHECK_RULE_SUM;
    }
    return 0;
}

static uint64_t div_up64(uint64_t a, uint64_t b) { return a / b + (a % b != 0); }

/* ---- one plan --------------------------------------------------------------------------------- */

typedef struct device_kind {
    const char* name;
    vksplit__planner_caps caps;
    uint32_t slots; /* parts per dispatch without device addresses */
} device_kind;

static void check_pass(const device_kind* kind, const vksplit__request* req, const vksplit__geometry* g,
                       const vksplit__grid* grid, const uint32_t* table, const vksplit__table_layout* layout,
                       const fz_device_values* v)
{
    uint32_t n = req->part_count;
    pass p;
    memset(&p, 0, sizeof p);
    p.table = table;
    p.block = calloc(VKSPLIT_PARAMETERS_WORDS(n), sizeof *p.block);
    p.lanes = kind->caps.workgroup_size;
    p.segments = g->segment_count;
    p.per_dispatch = kind->caps.bda ? (g->segment_count ? g->segment_count : 1) : kind->slots;
    p.width = grid->dispatch_count ? grid->dispatches[0].shape & SHAPE_GRID_X_MASK : 0;
    p.segments_at = layout->segments_offset;
    p.segment_stride = layout->segment_stride;
    p.join = vksplit__writes_whole(req->direction);
    p.given = v->offsets != NULL;
    uint32_t* smem = calloc(3u * p.lanes + 1u, sizeof *smem);
    if (!p.block || !smem)
        fz_fail("out of memory");
    p.block[BLOCK_WHOLE_LENGTH] = v->whole;
    for (uint32_t i = 0; i < n; i++) {
        p.block[BLOCK_LENGTH(n, i)] = v->lengths[i];
        p.block[BLOCK_OFFSET(n, i)] = p.given ? v->offsets[i] : 0xDEADu;
    }
    check_parameters(&p, smem);

    const uint32_t* status = p.block + BLOCK_STATUS(n);
    uint32_t want[3] = {0, 0, 0};
    uint64_t whole_cap = req->sizes[req->axis];
    uint32_t rule = expected_rule(n, req->lengths, whole_cap, p.given, p.join, v, want);
    if (status[0] != rule || (rule && (status[1] != want[0] || status[2] != want[1] || status[3] != want[2])))
        fz_fail("%s, %u parts: the check's status {%u, %u, %u, %u}, the rules' {%u, %u, %u, %u}", kind->name, n,
                status[0], status[1], status[2], status[3], rule, want[0], want[1], want[2]);

    uint32_t tile = table[DEVICE_TBL_TILE], step = table[DEVICE_TBL_STEP];
    uint64_t at = 0;
    for (uint32_t i = 0; i < n; i++) { /* what the copy is told per part */
        uint64_t len = p.block[BLOCK_USED_LENGTH(n, i)], off = p.block[BLOCK_USED_OFFSET(n, i)];
        if (rule && len)
            fz_fail("%s: a broken rule (%u) left part %u a length of %llu", kind->name, rule, i,
                    (unsigned long long)len);
        if (!rule && (len != v->lengths[i] || off != (p.given ? v->offsets[i] : at) || len > req->lengths[i] ||
                      off + len > whole_cap))
            fz_fail("%s: part %u copies [%llu, +%llu) of a whole of capacity %llu (its own %llu), values %u at %u",
                    kind->name, i, (unsigned long long)off, (unsigned long long)len, (unsigned long long)whole_cap,
                    (unsigned long long)req->lengths[i], v->lengths[i], p.given ? v->offsets[i] : 0);
        at += len;
    }
    for (uint32_t s = 0; s < g->segment_count; s++) { /* the prefix: each segment's actual tiles */
        uint32_t seg = layout->segments_offset + s * layout->segment_stride, part = table[seg + DEVICE_SEG_PART];
        uint64_t words = (uint64_t)p.block[BLOCK_USED_LENGTH(n, part)] * step;
        uint64_t units = (uint64_t)table[seg + DEVICE_SEG_ROWS] * div_up64(words, tile);
        uint64_t got = (uint64_t)p.block[BLOCK_PREFIX(n, s + 1)] - p.block[BLOCK_PREFIX(n, s)];
        /* the copy, per workgroup: its chunk and tiles in 32 bits, the last tile's end */
        uint length = (uint)(p.block[BLOCK_USED_LENGTH(n, part)] * step);
        uint tiles = DEVICE_DIV_UP(length, tile);
        if (got != units || length != words || tiles != div_up64(words, tile) ||
            (words && (words - 1) / tile * tile + tile > UINT32_MAX))
            fz_fail("%s: segment %u (part %u): %llu workgroups for %llu tiles x %u rows (32 bits: %u words, %u tiles "
                    "of %u; 64 bits: %llu words)",
                    kind->name, s, part, (unsigned long long)got, (unsigned long long)div_up64(words, tile),
                    table[seg + DEVICE_SEG_ROWS], length, tiles, tile, (unsigned long long)words);
    }
    uint32_t dispatches = g->segment_count ? (g->segment_count + p.per_dispatch - 1) / p.per_dispatch : 0;
    for (uint32_t d = 0; d < dispatches; d++) { /* each indirect grid holds its segments' workgroups */
        uint32_t a = d * p.per_dispatch,
                 b = a + p.per_dispatch < g->segment_count ? a + p.per_dispatch : g->segment_count;
        uint64_t groups = (uint64_t)p.block[BLOCK_PREFIX(n, b)] - p.block[BLOCK_PREFIX(n, a)];
        uint64_t x = p.block[BLOCK_INDIRECT(n, d)], y = p.block[BLOCK_INDIRECT(n, d) + 1];
        bool ok = x * y >= groups && (groups == 0 || x * y - groups < x) && x <= 65535 && y <= 65535 &&
                  (uint64_t)p.block[BLOCK_PREFIX(n, a)] + x * y <= (uint64_t)UINT32_MAX + 1;
        if (!ok || (rule && groups))
            fz_fail("%s: dispatch %u: a grid of %llu x %llu for %llu workgroups (rule %u)", kind->name, d,
                    (unsigned long long)x, (unsigned long long)y, (unsigned long long)groups, rule);
    }
    free(smem);
    free(p.block);
}

static void plan_and_check(const device_kind* kind, const vksplit__request* req, const fz_device_values* v)
{
    vksplit__geometry g;
    vksplit_error error;
    vksplit_result r = vksplit__plan_geometry(req, &kind->caps, NULL, &g, &error);
    if (r != VKSPLIT_OK) {
        if (error.rule == VKSPLIT_RULE_NONE)
            fz_fail("%s: the device planner failed without a rule: %s", kind->name, error.message);
        vksplit__geometry_free(NULL, &g);
        return;
    }
    /* The grid as src/plan/plan.c makes it for device parameters: the capacity's, then every
     * dispatch's width the widest the shape holds (the check writes the actual grid). */
    vksplit__grid grid;
    memset(&grid, 0, sizeof grid);
    uint32_t width = 65535u < SHAPE_GRID_X_MASK ? 65535u : SHAPE_GRID_X_MASK;
    if (g.segment_count) {
        vksplit__grid_caps grid_caps = {{65535, 65535, 65535}, kind->caps.bda, kind->slots, 0};
        if (vksplit__plan_grid(&g, &grid_caps, NULL, &grid, &error) != VKSPLIT_OK) {
            if (error.rule == VKSPLIT_RULE_NONE)
                fz_fail("%s: the grid failed without a rule: %s", kind->name, error.message);
            vksplit__geometry_free(NULL, &g);
            return;
        }
        for (uint32_t d = 0; d < grid.dispatch_count; d++)
            grid.dispatches[d].shape = width | g.row_dims << SHAPE_ROW_DIMS_SHIFT;
    }
    vksplit__table_layout layout = vksplit__table_layout_for(&g);
    uint32_t* table = calloc((size_t)layout.total_words, sizeof *table);
    if (!table)
        fz_fail("out of memory");
    vksplit__write_table(&g, &layout, table);
    check_pass(kind, req, &g, &grid, table, &layout, v);
    free(table);
    vksplit__grid_free(NULL, &grid);
    vksplit__geometry_free(NULL, &g);
}

void fz_check_device(const vksplit_split_desc* desc, int join, vksplit_device_parameters mode,
                     const fz_device_values* values)
{
    static const device_kind kinds[] = {
        {"GPU-like", FZ_CAPS_GPU, 0},
        {"CPU-like (lavapipe)", FZ_CAPS_CPU, 0},
        {"descriptors, 3 parts a dispatch",
         {.max_word_bytes = 16,
          .bda = 0,
          .mapping = VKSPLIT_MAPPING_BY_SHAPE,
          .workgroup_size = 64,
          .invocation_bytes = 65536,
          .min_workgroups = 1,
          .segments_per_dispatch = 3},
         3},
    };
    vksplit__request req;
    vksplit_error error;
    vksplit_join_desc j = {desc->element_size, desc->rank,    desc->sizes,          desc->input_strides, desc->axis,
                           desc->output_count, desc->lengths, desc->output_strides, desc->base_alignment};
    vksplit_result r =
        join ? vksplit__join_request(&j, true, &req, &error) : vksplit__split_request(desc, true, &req, &error);
    if (r != VKSPLIT_OK)
        return;
    fz_device_values v = *values;
    if (mode != VKSPLIT_DEVICE_PARAMETERS_GIVEN)
        v.offsets = NULL;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        plan_and_check(&kinds[k], &req, &v);
}
