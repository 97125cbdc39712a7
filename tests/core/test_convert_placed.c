/* Copies that convert (vksplit_plan_options.convert, docs/conversions.md) placed by the GPU:
 * with device parameters (PACKED, GIVEN) and with rows placed by index (INDEXED, LINEAR,
 * CIRCULAR), every written byte against the tests' own CPU reference
 * (tests/convert/convert_reference.c) and the placement as vksplit.h defines it.
 *
 *   device      splits (FLOAT32, FLOAT16, BFLOAT16 and Q8_0 wholes into parts of another type:
 *               FLOAT16, FP8 with a host and a device scale, Q8_0 with the axis not last) and
 *               joins (the FP8 KV append: a BFLOAT16 token [B, H, 1, D] into a FLOAT8E4M3FN
 *               cache [B, H, S, D] at a GPU-given offset with a device scale; FLOAT32 tokens
 *               into a Q8_0 cache along S; FLOAT16 parts PACKED into FLOAT32; FP8 parts at
 *               given offsets); padded tensors, 10 parts (per-recording arguments) with one
 *               empty, runs of many workgroups. ONE command buffer recorded per plan, the
 *               block's words rewritten on the host before each submission (several lengths
 *               and offsets, a length of 0, every length 0); a broken rule (a length
 *               over its capacity, a whole's length over its capacity, lengths that do not sum
 *               to it, an offset past the whole, a join's part before the one before it ends)
 *               writes nothing and vksplit_parameters_status names the rule.
 *   rows        INDEXED, LINEAR and CIRCULAR joins (scatters into a converted cache) and splits
 *               (gathers, converting), int32 and int64, GPU indices (one recording, the indices
 *               rewritten between submissions) and host indices (a plan each), list_dims with
 *               two lists, skip_negative in both directions, 64-bit values past 2^32 (their
 *               low words places), padded wholes and parts, more rows than places, long rows,
 *               a Q8_0 cache written by slot (FLOAT32 rows [T, D] into a Q8_0 whole [S, D],
 *               and FLOAT16 rows by two lists) and a Q8_0 whole gathered; a
 *               broken GPU index (outside, negative without skip_negative, a LINEAR start past
 *               the end, two rows of a join at one place) writes nothing and the status names
 *               ROWS_INDEX, ROWS_START or ROWS_DUPLICATE; host indices broken alike are refused
 *               at plan creation by the same rule.
 *   scale pass  "a replayed command buffer uses the scale its own GPU pass wrote": one command
 *               buffer that copies a float from a host-visible staging buffer into the scale
 *               buffer (vkCmdCopyBuffer), a barrier TRANSFER_WRITE -> COMPUTE_SHADER/
 *               SHADER_READ, then the converting plan with VKSPLIT_SCALE_DEVICE; the staging
 *               float changed between submissions (the scale buffer itself holding a decoy
 *               the host wrote): each result exact for the scale its pass copied. A plain
 *               split, the FP8 KV append with device parameters, and (device addresses) a
 *               LINEAR append at a GPU index.
 *   refusals    what a converting plan does not take, by PLAN_CONVERT_WITH: rows in pages, rows
 *               and device parameters along a Q8_0 tensor's last dimension, and on push
 *               descriptors a device scale with GPU indices.
 * Every binding at an offset of a multiple of 4 bytes but not of 16 (base_alignment 4). Each
 * submission fills the written side with fresh random bytes first; every byte of it is
 * compared (the elements moved, and every byte outside them, which must be what was there),
 * and the side read must stay as it was. All of it on a device-address context and on a
 * push-descriptor context (or the one the device has). The validation layer must stay silent.
 * VKSPLIT_TEST_VERBOSE=1 prints every case with its plan and timings; VKSPLIT_CONVERT_CASE=text
 * runs only the cases whose name holds text. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "test_vulkan.h"

#include "convert_reference.h"
#include "reference.h"
#include "core_gpu.h"
#include "core_support.h"
#include "expected_rules.h"
#include "host_buffer.h"
#include "submit.h"
#include "test_harness.h"

#define MAX_RANK 4u
#define MAX_PARTS 10u
#define MAX_INDICES 16u

#define F32 VKSPLIT_TYPE_FLOAT32
#define F16 VKSPLIT_TYPE_FLOAT16
#define BF16 VKSPLIT_TYPE_BFLOAT16
#define E4M3 VKSPLIT_TYPE_FLOAT8E4M3FN
#define E5M2 VKSPLIT_TYPE_FLOAT8E5M2
#define Q8 VKSPLIT_TYPE_Q8_0

#define PACKED VKSPLIT_DEVICE_PARAMETERS_PACKED
#define GIVEN VKSPLIT_DEVICE_PARAMETERS_GIVEN
#define INDEXED VKSPLIT_ROWS_INDEXED
#define LINEAR VKSPLIT_ROWS_LINEAR
#define CIRCULAR VKSPLIT_ROWS_CIRCULAR

#define DECOY_SCALE 1000.0f /* what the host leaves in the scale buffer when a GPU pass writes it */

/* ---- the device ------------------------------------------------------------------------------ */

typedef core_gpu gpu;

/* ---- a case and the values of its submissions ----------------------------------------------- */

typedef struct pcase {
    const char* name;
    int join;
    vksplit_type whole, parts;
    int no_saturate;
    vksplit_scale_source scale_source;
    float scale; /* SCALE_HOST's */
    uint32_t rank, axis, n;
    uint64_t sizes[MAX_RANK];         /* the whole's: its capacity along the axis, or its places C */
    uint64_t lengths[MAX_PARTS];      /* each part's capacity (device parameters), or its rows L */
    uint64_t whole_strides[MAX_RANK]; /* all 0: packed */
    vksplit_device_parameters dp;
    vksplit_rows_mode rows;
    uint32_t index_bytes; /* 4 or 8 */
    uint32_t list_dims;
    int skip_negative;
    int host_indices; /* rows from the host: a plan per value set */
    int scale_pass;   /* the device scale written by the command buffer's own copy */
    /* the parts' layout (0, 0: packed): elements after each row along the axis (rows only: a
     * row's dimensions stay packed), and after each index of the dimension before the axis */
    uint64_t part_row_pad, part_outer_pad;
} pcase;

/* One submission's values (or, with host indices, one plan's). */
typedef struct pvalues {
    uint32_t whole;             /* PACKED: the whole's length */
    uint32_t length[MAX_PARTS]; /* each part's */
    uint32_t offset[MAX_PARTS]; /* GIVEN: each part's place */
    int64_t index[MAX_INDICES]; /* rows: the indices ([lists, L] INDEXED, [lists] otherwise) */
    float scale;                /* SCALE_DEVICE: the float the copy reads */
    int broken;                 /* the test means these values to break a rule */
} pvalues;

/* ---- shapes ------------------------------------------------------------------------------------ */

static void packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t s = 1;
    for (uint32_t d = rank; d-- > 0;) {
        strides[d] = s;
        s *= sizes[d];
    }
}

static void whole_strides(const pcase* c, uint64_t* s)
{
    if (c->whole_strides[c->rank - 1])
        memcpy(s, c->whole_strides, sizeof c->whole_strides);
    else
        packed_strides(c->rank, c->sizes, s);
}

static void part_sizes(const pcase* c, uint32_t k, uint64_t* sizes)
{
    memcpy(sizes, c->sizes, sizeof c->sizes);
    sizes[c->axis] = c->lengths[k];
}

/* Part k's strides: packed for its capacity, but for the pads. */
static void part_strides(const pcase* c, uint32_t k, uint64_t* ps)
{
    uint64_t psz[MAX_RANK], s = 1;
    part_sizes(c, k, psz);
    for (uint32_t d = c->rank; d-- > 0;) {
        if (d == c->axis)
            s += c->part_row_pad;
        ps[d] = s;
        s *= psz[d];
        if (d == c->axis)
            s += c->part_outer_pad;
    }
}

static uint64_t count_of(uint32_t rank, const uint64_t* sizes)
{
    uint64_t n = 1;
    for (uint32_t d = 0; d < rank; d++)
        n *= sizes[d];
    return n;
}

static uint64_t up(uint64_t n, uint64_t to) { return (n + to - 1) / to * to; }

static uint64_t lists_of(const pcase* c)
{
    uint64_t n = 1;
    for (uint32_t d = 0; d < c->axis; d++)
        if (c->list_dims >> d & 1u)
            n *= c->sizes[d];
    return n;
}

static uint64_t entries_of(const pcase* c) { return lists_of(c) * (c->rows == INDEXED ? c->lengths[0] : 1); }

typedef struct layout {
    uint64_t whole_at, whole_bytes, whole_buffer;
    uint64_t part_at[MAX_PARTS], part_bytes[MAX_PARTS], parts_buffer;
} layout;

/* The whole 68 bytes into its buffer, part k 4 (k + 1) bytes past a multiple of 256 in one
 * buffer (the plans promise base_alignment 4: a converting plan's offsets are multiples of 4),
 * 64 bytes or more that must stay after each. */
static void layout_of(const pcase* c, layout* l)
{
    uint64_t ws[MAX_RANK];
    whole_strides(c, ws);
    memset(l, 0, sizeof *l);
    l->whole_at = 68;
    l->whole_bytes = cref_bytes(c->whole, ref_span_bytes(c->rank, c->sizes, ws, 1));
    l->whole_buffer = up(l->whole_at + l->whole_bytes + 64, 256);
    for (uint32_t k = 0; k < c->n; k++) {
        uint64_t psz[MAX_RANK], ps[MAX_RANK];
        part_sizes(c, k, psz);
        part_strides(c, k, ps);
        l->part_at[k] = l->parts_buffer + 4 * (k + 1);
        l->part_bytes[k] = cref_bytes(c->parts, ref_span_bytes(c->rank, psz, ps, 1));
        l->parts_buffer += up(4 * (k + 1) + l->part_bytes[k] + 64, 256);
    }
}

/* ---- what moves ------------------------------------------------------------------------------ */

typedef void (*moved_fn)(void* user, uint32_t k, uint64_t part_offset, uint64_t whole_offset);

/* Calls fn for every element the plan moves with these values, as vksplit.h defines it: part
 * k's element (by its offset in elements, the part packed for its capacity) and the whole's
 * (by the whole's strides). Device parameters: part k's positions [0, length_k) along the axis
 * and the whole's [offset_k, offset_k + length_k) (PACKED: the lengths before it); rows: row j
 * of list(o) and the whole's place of it (INDEXED the index, negative ones skipped under
 * skip_negative; LINEAR the start + j; CIRCULAR (start + j) floor-mod C); neither: the parts
 * one after another. */
static void for_each_moved(const pcase* c, const pvalues* v, moved_fn fn, void* user)
{
    uint64_t ws[MAX_RANK], C = c->sizes[c->axis], before = 0;
    whole_strides(c, ws);
    for (uint32_t k = 0; k < c->n; k++) {
        uint64_t psz[MAX_RANK], ps[MAX_RANK];
        part_sizes(c, k, psz);
        part_strides(c, k, ps);
        uint64_t total = count_of(c->rank, psz);
        uint64_t first = c->dp == GIVEN ? v->offset[k] : before;
        for (uint64_t flat = 0; flat < total; flat++) {
            uint64_t idx[MAX_RANK], rest = flat;
            for (uint32_t d = c->rank; d-- > 0;) {
                idx[d] = rest % psz[d];
                rest /= psz[d];
            }
            uint64_t j = idx[c->axis], place;
            if (c->dp && j >= v->length[k])
                continue;
            if (c->rows) {
                uint64_t list = 0;
                for (uint32_t d = 0; d < c->axis; d++)
                    if (c->list_dims >> d & 1u)
                        list = list * c->sizes[d] + idx[d];
                if (c->rows == INDEXED) {
                    int64_t p = v->index[list * c->lengths[0] + j];
                    if (p < 0)
                        continue; /* skipped (the values break ROWS_INDEX otherwise) */
                    place = (uint64_t)p;
                } else {
                    int64_t start = v->index[list];
                    if (c->rows == CIRCULAR)
                        start = ((start % (int64_t)C) + (int64_t)C) % (int64_t)C;
                    place = ((uint64_t)start + j) % C;
                }
            } else {
                place = first + j;
            }
            uint64_t wo = 0, po = 0;
            for (uint32_t d = 0; d < c->rank; d++) {
                wo += (d == c->axis ? place : idx[d]) * ws[d];
                po += idx[d] * ps[d];
            }
            fn(user, k, po, wo);
        }
        before += c->dp == PACKED ? v->length[k] : c->lengths[k];
    }
}

/* ---- the rules the values may break, as vksplit.h states them -------------------------------- */

/* Device parameters: the first rule broken (0: none) and its three values. */
static uint32_t device_rule(const pcase* c, const pvalues* v, uint32_t* out)
{
    return core_expected_device_rule(c->dp == GIVEN, 0, c->join, c->n, c->lengths, (uint32_t)c->sizes[c->axis],
                                     v->whole, v->length, v->offset, out);
}

/* Rows: {rule, list, entry, value low, value high, other} (all 0: none): the first entry that
 * breaks ROWS_INDEX or ROWS_START; else in a join's INDEXED lists the least list with a place
 * listed twice, its least such place and the first two entries there (ROWS_DUPLICATE). */
static void rows_status(const pcase* c, const pvalues* v, uint32_t* s)
{
    core_expected_rows_status(c->rows, c->join, c->skip_negative, c->sizes[c->axis], c->lengths[0], entries_of(c),
                              v->index, s);
}

/* ---- the reference --------------------------------------------------------------------------- */

typedef struct ref {
    const pcase* c;
    const layout* l;
    const uint8_t *whole, *parts; /* the buffers as the device read them */
    uint8_t* want;                /* the written side's buffer */
    const uint8_t* got;           /* report: the written side as the device left it */
    vksplit_type from, to;
    int has_scale;
    float scale;
    uint32_t* deq[MAX_PARTS]; /* a Q8_0 source, dequantized to `to`, per source tensor */
    float* vals[MAX_PARTS];   /* a Q8_0 destination's values, per destination tensor */
    uint8_t* hits[MAX_PARTS]; /* ... and the elements of each of its blocks moved */
    uint64_t bad;
    const char* text;
} ref;

static uint64_t src_tensor_bytes(const ref* r, uint32_t t)
{
    return r->c->join ? r->l->part_bytes[t] : r->l->whole_bytes;
}
static const uint8_t* src_tensor(const ref* r, uint32_t t)
{
    return r->c->join ? r->parts + r->l->part_at[t] : r->whole + r->l->whole_at;
}
static uint64_t dst_tensor_bytes(const ref* r, uint32_t t)
{
    return r->c->join ? r->l->whole_bytes : r->l->part_bytes[t];
}
static uint64_t dst_at(const ref* r, uint32_t t) { return r->c->join ? r->l->whole_at : r->l->part_at[t]; }

static uint32_t source_code(const ref* r, uint32_t k, uint64_t po, uint64_t wo)
{
    uint32_t t = r->c->join ? k : 0;
    uint64_t off = r->c->join ? po : wo;
    return r->from == Q8 ? r->deq[t][off] : cref_load(r->from, src_tensor(r, t), off);
}

static void ref_begin(ref* r, const pcase* c, const layout* l, const uint8_t* whole, const uint8_t* parts,
                      uint8_t* want, float scale)
{
    memset(r, 0, sizeof *r);
    r->c = c, r->l = l, r->whole = whole, r->parts = parts, r->want = want;
    r->from = c->join ? c->parts : c->whole;
    r->to = c->join ? c->whole : c->parts;
    r->has_scale = c->scale_source != VKSPLIT_SCALE_NONE;
    r->scale = scale;
    uint32_t sources = c->join ? c->n : 1, dests = c->join ? 1 : c->n;
    if (r->from == Q8)
        for (uint32_t t = 0; t < sources; t++) {
            uint64_t blocks = src_tensor_bytes(r, t) / CREF_Q8_0_BLOCK_BYTES;
            r->deq[t] = core_calloc(blocks * 32 + 1, sizeof(uint32_t));
            for (uint64_t b = 0; b < blocks; b++)
                cref_q8_0_dequantize(src_tensor(r, t) + b * CREF_Q8_0_BLOCK_BYTES, r->to, r->deq[t] + b * 32);
        }
    if (r->to == Q8)
        for (uint32_t t = 0; t < dests; t++) {
            uint64_t blocks = dst_tensor_bytes(r, t) / CREF_Q8_0_BLOCK_BYTES;
            r->vals[t] = core_calloc(blocks * 32 + 1, sizeof(float));
            r->hits[t] = core_calloc(blocks + 1, 1);
        }
}

static void ref_end(ref* r)
{
    for (uint32_t t = 0; t < MAX_PARTS; t++) {
        free(r->deq[t]);
        free(r->vals[t]);
        free(r->hits[t]);
    }
}

static void expect_one(void* user, uint32_t k, uint64_t po, uint64_t wo)
{
    ref* r = user;
    uint32_t code = source_code(r, k, po, wo), t = r->c->join ? 0 : k;
    uint64_t off = r->c->join ? wo : po;
    if (r->to == Q8) {
        r->vals[t][off] = cref_f32(cref_widen(r->from, code));
        r->hits[t][off / 32]++;
        return;
    }
    uint32_t out = r->from == Q8 ? code : cref_convert(r->from, r->to, code, r->c->no_saturate, r->has_scale, r->scale);
    cref_store(r->to, r->want + dst_at(r, t), off, out);
}

/* want: the written side as it was; becomes what it must be after the copy with values v. */
static void expect(ref* r, const pvalues* v)
{
    for_each_moved(r->c, v, expect_one, r);
    if (r->to != Q8)
        return;
    for (uint32_t t = 0; t < (r->c->join ? 1 : r->c->n); t++) {
        uint64_t blocks = dst_tensor_bytes(r, t) / CREF_Q8_0_BLOCK_BYTES;
        for (uint64_t b = 0; b < blocks; b++) {
            CHECK_MSG(r->hits[t][b] == 0 || r->hits[t][b] == 32, "%s: the test moves %u elements of block %llu",
                      r->c->name, r->hits[t][b], (unsigned long long)b);
            if (r->hits[t][b] == 32)
                cref_q8_0_quantize(r->vals[t] + b * 32, r->want + dst_at(r, t) + b * CREF_Q8_0_BLOCK_BYTES);
        }
    }
}

/* A difference: the elements (or Q8_0 blocks) that differ, with the source, or else the byte
 * outside every moved element that changed. */
static void report_one(void* user, uint32_t k, uint64_t po, uint64_t wo)
{
    ref* r = user;
    uint32_t t = r->c->join ? 0 : k;
    uint64_t off = r->c->join ? wo : po;
    const uint8_t* wb = r->want + dst_at(r, t);
    const uint8_t* gb = r->got + dst_at(r, t);
    if (r->to == Q8) {
        if (off % 32)
            return;
        const uint8_t* w = wb + off / 32 * CREF_Q8_0_BLOCK_BYTES;
        const uint8_t* g = gb + off / 32 * CREF_Q8_0_BLOCK_BYTES;
        if (memcmp(w, g, CREF_Q8_0_BLOCK_BYTES) == 0)
            return;
        if (r->bad++ < 4) {
            fprintf(stderr,
                    "MISMATCH %s%s: %s %u block %llu (from part %u offset %llu, whole offset %llu): d want "
                    "0x%04x got 0x%04x; qs want/got:",
                    r->c->name, r->text, r->c->join ? "whole" : "part", t, (unsigned long long)(off / 32), k,
                    (unsigned long long)po, (unsigned long long)wo, w[0] | w[1] << 8, g[0] | g[1] << 8);
            for (int j = 0; j < 32; j++)
                if (w[2 + j] != g[2 + j])
                    fprintf(stderr, " [%d] %d/%d", j, (int8_t)w[2 + j], (int8_t)g[2 + j]);
            fputc('\n', stderr);
        }
        return;
    }
    uint32_t e = cref_load(r->to, wb, off), got = cref_load(r->to, gb, off);
    if (e == got)
        return;
    if (r->bad++ < 6) {
        int sw = r->from == Q8 ? (int)cref_element_size(r->to) * 2 : (int)cref_element_size(r->from) * 2;
        int dw = (int)cref_element_size(r->to) * 2;
        fprintf(stderr,
                "MISMATCH %s%s: part %u offset %llu <-> whole offset %llu: source %s 0x%0*x -> want %s 0x%0*x, got "
                "0x%0*x\n",
                r->c->name, r->text, k, (unsigned long long)po, (unsigned long long)wo,
                r->from == Q8 ? "Q8_0 (dequantized)" : cref_type_name(r->from), sw, source_code(r, k, po, wo),
                cref_type_name(r->to), dw, e, dw, got);
    }
}

static uint64_t failed_submissions = 0;

static void compare(ref* r, const pvalues* v, const uint8_t* got, uint64_t bytes, int rule, const char* text)
{
    test_checks++;
    if (memcmp(r->want, got, bytes) == 0)
        return;
    test_failures++;
    failed_submissions++;
    r->got = got, r->text = text, r->bad = 0;
    if (!rule)
        for_each_moved(r->c, v, report_one, r);
    if (!r->bad) {
        uint64_t at = 0, changed = 0;
        while (r->want[at] == got[at])
            at++;
        for (uint64_t i = 0; i < bytes; i++)
            changed += r->want[i] != got[i];
        fprintf(stderr, "MISMATCH %s%s: byte %llu %s changed: 0x%02x, want 0x%02x (%llu bytes differ)\n", r->c->name,
                text, (unsigned long long)at,
                rule ? "(a rule broken: nothing may be written)" : "outside every element", got[at], r->want[at],
                (unsigned long long)changed);
        r->bad = 1;
    }
}

/* ---- the source ------------------------------------------------------------------------------- */

/* A code of t: mostly values of every magnitude an FP8 or FLOAT16 rounding meets, some random
 * bits (NaNs, infinities, subnormals, whatever the type holds). */
static uint32_t random_code(core_rng* rng, vksplit_type t)
{
    uint32_t bits = (uint32_t)core_rng_next(rng);
    if (cref_is_fp8(t))
        return bits & 0xFF;
    if (core_rng_percent(rng, 12))
        return t == F32 ? bits : bits & 0xFFFF;
    float x = ldexpf((float)(int32_t)bits / 2147483648.0f, (int)core_rng_below(rng, 26) - 14);
    return cref_narrow(t, cref_bits(x), 0);
}

/* The side read: random bytes, then every element of its tensors a code of its type (Q8_0: each
 * block a d of a modest size, some random, and random qs). */
static void fill_source(const pcase* c, const layout* l, core_rng* rng, uint8_t* whole, uint8_t* parts)
{
    uint8_t* buf = c->join ? parts : whole;
    core_rng_fill(rng, buf, c->join ? l->parts_buffer : l->whole_buffer);
    vksplit_type from = c->join ? c->parts : c->whole;
    for (uint32_t t = 0; t < (c->join ? c->n : 1); t++) {
        uint8_t* at = c->join ? parts + l->part_at[t] : whole + l->whole_at;
        uint64_t bytes = c->join ? l->part_bytes[t] : l->whole_bytes;
        if (from == Q8) {
            for (uint64_t b = 0; b < bytes / CREF_Q8_0_BLOCK_BYTES; b++) {
                uint8_t* p = at + b * CREF_Q8_0_BLOCK_BYTES;
                float d = ldexpf((float)(int32_t)(uint32_t)core_rng_next(rng) / 2147483648.0f,
                                 (int)core_rng_below(rng, 10) - 12);
                uint32_t code = core_rng_percent(rng, 10) ? (uint32_t)core_rng_next(rng) & 0xFFFF
                                                          : cref_narrow(F16, cref_bits(d), 0);
                p[0] = (uint8_t)code, p[1] = (uint8_t)(code >> 8);
            }
            continue;
        }
        /* every element of the tensor: a code at each element's offset (the whole may be padded) */
        uint64_t sizes[MAX_RANK], strides[MAX_RANK];
        if (c->join) {
            part_sizes(c, t, sizes);
            part_strides(c, t, strides);
        } else {
            memcpy(sizes, c->sizes, sizeof sizes);
            whole_strides(c, strides);
        }
        uint64_t total = count_of(c->rank, sizes);
        for (uint64_t flat = 0; flat < total; flat++) {
            uint64_t rest = flat, off = 0;
            for (uint32_t d = c->rank; d-- > 0;) {
                off += rest % sizes[d] * strides[d];
                rest /= sizes[d];
            }
            cref_store(from, at, off, random_code(rng, from));
        }
    }
}

/* ---- plans ------------------------------------------------------------------------------------ */

static vksplit_result make_plan(vksplit_context* ctx, const pcase* c, const void* host_indices, vksplit_plan** plan,
                                vksplit_error* err)
{
    uint64_t ws[MAX_RANK];
    whole_strides(c, ws);
    vksplit_plan_options o = {0};
    o.convert = (vksplit_convert){c->whole, c->parts, (vksplit_bool32)c->no_saturate, c->scale_source, c->scale};
    o.device_parameters = c->dp;
    if (c->rows)
        o.rows =
            (vksplit_rows){c->rows, c->index_bytes, c->list_dims, (vksplit_bool32)c->skip_negative, host_indices, 0};
    uint32_t es = cref_element_size(c->whole);
    const uint64_t* strides = c->whole_strides[c->rank - 1] ? ws : NULL;
    uint64_t ps[MAX_PARTS][MAX_RANK];
    const uint64_t* part_ptrs[MAX_PARTS];
    for (uint32_t k = 0; k < c->n; k++) {
        part_strides(c, k, ps[k]);
        part_ptrs[k] = ps[k];
    }
    const uint64_t* const* parts = c->part_row_pad || c->part_outer_pad ? part_ptrs : NULL;
    *plan = NULL;
    if (c->join) {
        vksplit_join_desc j = {es, c->rank, c->sizes, strides, c->axis, c->n, c->lengths, parts, 4};
        return vksplit_plan_create_join(ctx, &j, &o, plan, err);
    }
    vksplit_split_desc d = {es, c->rank, c->sizes, strides, c->axis, c->n, c->lengths, parts, 4};
    return vksplit_plan_create(ctx, &d, &o, plan, err);
}

static void pack_indices(const pcase* c, const int64_t* v, uint64_t n, uint8_t* out)
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

/* ---- one plan: recorded once, submitted once per value set ------------------------------------- */

static uint32_t plans_run = 0, submissions = 0;

/* The status a submission wrote (device parameters at VKSPLIT_PARAMETERS_STATUS(n), rows at the
 * block's start) against the values' rule; returns the rule. */
static uint32_t check_status(const pcase* c, const vksplit_plan* plan, const pvalues* v, const uint32_t* block,
                             const char* text)
{
    vksplit_error err;
    memset(&err, 0, sizeof err);
    uint32_t rule;
    if (c->dp) {
        uint32_t rv[3] = {0, 0, 0};
        rule = device_rule(c, v, rv);
        const uint32_t* s = block + VKSPLIT_PARAMETERS_STATUS(c->n);
        CHECK_MSG(s[0] == rule && (!rule || (s[1] == rv[0] && s[2] == rv[1] && s[3] == rv[2])),
                  "%s%s: status {%u, %u, %u, %u}, want {%u, %u, %u, %u}", c->name, text, s[0], s[1], s[2], s[3], rule,
                  rv[0], rv[1], rv[2]);
    } else {
        uint32_t want[6];
        rows_status(c, v, want);
        rule = want[0];
        CHECK_MSG(!memcmp(block, want, sizeof want) && block[6] == 0 && block[7] == 0,
                  "%s%s: status {%u, %u, %u, %u, %u, %u}, want {%u, %u, %u, %u, %u, %u}", c->name, text, block[0],
                  block[1], block[2], block[3], block[4], block[5], want[0], want[1], want[2], want[3], want[4],
                  want[5]);
    }
    vksplit_result r = vksplit_parameters_status(plan, block, &err);
    CHECK_MSG(rule ? err.rule == (vksplit_rule)rule && r == vksplit_rule_result(err.rule) : r == VKSPLIT_OK,
              "%s%s: vksplit_parameters_status: %s by %s (%s), want %s", c->name, text, vksplit_result_name(r),
              vksplit_rule_name(err.rule), err.message, vksplit_rule_name((vksplit_rule)rule));
    if (rule && core_verbose())
        printf("    %s: %s\n", text, err.message);
    return rule;
}

static void execute(gpu* gp, const pcase* c, vksplit_plan* plan, const pvalues* vals, uint32_t count, uint64_t seed)
{
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    int gpu_indices = c->rows && !c->host_indices;
    uint64_t entries = c->rows ? entries_of(c) : 0;
    CHECK_MSG(info.path == VKSPLIT_PATH_COMPUTE && info.offset_alignment && 4 % info.offset_alignment == 0 &&
                  info.convert.whole == c->whole && info.convert.parts == c->parts,
              "%s: plan info: path %d, offset alignment %u, convert %d -> %d", c->name, (int)info.path,
              info.offset_alignment, (int)info.convert.whole, (int)info.convert.parts);
    if (c->dp)
        CHECK_MSG(info.device_parameters == c->dp && info.parameter_bytes == VKSPLIT_PARAMETERS_WORDS(c->n) * 4u,
                  "%s: plan info: device parameters %d, %llu bytes", c->name, (int)info.device_parameters,
                  (unsigned long long)info.parameter_bytes);
    if (c->rows)
        CHECK_MSG(
            info.rows_mode == c->rows && info.index_count == entries &&
                info.index_span_bytes == (gpu_indices ? entries * c->index_bytes : 0) &&
                (gpu_indices ? info.parameter_bytes >= VKSPLIT_ROWS_STATUS_WORDS * 4u : info.parameter_bytes == 0),
            "%s: plan info: rows %d, %llu indices, %llu index bytes, %llu block bytes", c->name, (int)info.rows_mode,
            (unsigned long long)info.index_count, (unsigned long long)info.index_span_bytes,
            (unsigned long long)info.parameter_bytes);

    layout l;
    layout_of(c, &l);
    VkDevice dev = gp->info.device;
    core_host_buffer whole, parts, scale, staging = {0}, params = {0}, indices = {0}, args = {0};
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, l.whole_buffer, &whole));
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, l.parts_buffer, &parts));
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, 256, &scale));
    if (c->scale_pass)
        CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, 64, &staging));
    if (info.parameter_bytes)
        CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, 16 + info.parameter_bytes + 16, &params));
    if (gpu_indices)
        CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, 8 + info.index_span_bytes + 8, &indices));
    core_rng rng;
    core_rng_seed(&rng, seed);
    fill_source(c, &l, &rng, whole.mapped, parts.mapped);
    uint8_t* read_side = c->join ? parts.mapped : whole.mapped;
    uint8_t* write_side = c->join ? whole.mapped : parts.mapped;
    uint64_t read_bytes = c->join ? l.parts_buffer : l.whole_buffer;
    uint64_t write_bytes = c->join ? l.whole_buffer : l.parts_buffer;
    uint8_t* read_copy = core_calloc(read_bytes, 1);
    memcpy(read_copy, read_side, read_bytes);
    uint8_t* want = core_calloc(write_bytes, 1);

    vksplit_binding part_b[MAX_PARTS];
    for (uint32_t k = 0; k < c->n; k++)
        part_b[k] = (vksplit_binding){parts.buffer, l.part_at[k]};
    vksplit_bindings b = {.whole = {whole.buffer, l.whole_at}, .parts = part_b, .scale = {scale.buffer, 12}};
    if (params.buffer)
        b.parameters = (vksplit_binding){params.buffer, 16};
    if (indices.buffer)
        b.indices = (vksplit_binding){indices.buffer, 8};
    vksplit_error err;
    if (info.argument_bytes) {
        CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, info.argument_bytes, &args));
        CHECK_RESULT(VKSPLIT_OK, vksplit_write_arguments(plan, &b, args.mapped, &err), &err);
        b.arguments = (vksplit_arguments){args.buffer, 0, 1};
    }

    /* Recorded once: (the scale's pass, its barrier,) the plan, the barrier to the host. */
    VkCommandBuffer cmd = core_cmd_begin(dev, gp->pool, 0);
    CHECK(cmd != VK_NULL_HANDLE);
    if (c->scale_pass) {
        VkBufferCopy region = {0, 12, 4};
        vkCmdCopyBuffer(cmd, staging.buffer, scale.buffer, 1, &region);
        VkBufferMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
        barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
        barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        barrier.buffer = scale.buffer;
        barrier.offset = 0;
        barrier.size = VK_WHOLE_SIZE;
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, 1,
                             &barrier, 0, NULL);
    }
    CHECK_RESULT(VKSPLIT_OK, vksplit_cmd_record(plan, cmd, &b, &err), &err);
    if (c->scale_pass) { /* the host reads back what the copy wrote */
        VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, NULL,
                             0, NULL);
    }
    CHECK(core_cmd_end_for_host(cmd));
    VkFence fence;
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    CHECK(vkCreateFence(dev, &fence_info, NULL, &fence) == VK_SUCCESS);

    double t_gpu = 0;
    uint32_t rules_seen = 0;
    int device_scale = c->scale_source == VKSPLIT_SCALE_DEVICE;
    for (uint32_t i = 0; i < count; i++) {
        const pvalues* v = &vals[i];
        float sc = device_scale ? v->scale : c->scale;
        char text[160];
        int at = snprintf(text, sizeof text, " [%s, submission %u of one recording", gp->on, i + 1);
        if (c->dp == PACKED)
            at += snprintf(text + at, sizeof text - (size_t)at, ", whole %u", v->whole);
        for (uint32_t k = 0; c->dp && k < c->n && at < 120; k++)
            at += c->dp == GIVEN
                      ? snprintf(text + at, sizeof text - (size_t)at, ", [%u] %u at %u", k, v->length[k], v->offset[k])
                      : snprintf(text + at, sizeof text - (size_t)at, ", [%u] %u", k, v->length[k]);
        for (uint64_t e = 0; c->rows && e < entries && at < 130; e++)
            at +=
                snprintf(text + at, sizeof text - (size_t)at, "%s%lld", e ? " " : ", indices ", (long long)v->index[e]);
        if (device_scale && at < 140)
            at += snprintf(text + at, sizeof text - (size_t)at, ", scale %g", (double)sc);
        if (at < (int)sizeof text - 1)
            snprintf(text + at, sizeof text - (size_t)at, "]");

        /* the engine's values */
        if (c->dp) {
            uint32_t* words = (uint32_t*)(params.mapped + 16);
            words[VKSPLIT_PARAMETERS_WHOLE_LENGTH] = v->whole;
            for (uint32_t k = 0; k < c->n; k++) {
                words[VKSPLIT_PARAMETERS_LENGTH(c->n, k)] = v->length[k];
                words[VKSPLIT_PARAMETERS_OFFSET(c->n, k)] = c->dp == GIVEN ? v->offset[k] : 0xDEADu;
            }
            for (uint32_t k = 0; k < 4; k++) /* stale: the check must write it */
                words[VKSPLIT_PARAMETERS_STATUS(c->n) + k] = 0xDEADBEEFu;
        }
        if (gpu_indices) {
            pack_indices(c, v->index, entries, indices.mapped + 8);
            memset(params.mapped + 16, 0xEE, info.parameter_bytes); /* stale */
        }
        if (device_scale) {
            float decoy = DECOY_SCALE;
            memcpy(scale.mapped + 12, c->scale_pass ? &decoy : &sc, 4);
            if (c->scale_pass)
                memcpy(staging.mapped, &sc, 4);
        }
        core_rng_fill(&rng, write_side, write_bytes);
        memcpy(want, write_side, write_bytes);

        double t0 = core_now();
        CHECK(core_submit_wait(dev, gp->info.queue, cmd, fence));
        t_gpu += core_now() - t0;
        submissions++;

        uint32_t rule = 0;
        if (info.parameter_bytes)
            rule = check_status(c, plan, v, (const uint32_t*)(params.mapped + 16), text);
        CHECK_MSG(!v->broken == !rule, "%s%s: the test's values %s", c->name, text,
                  v->broken ? "break no rule" : "break a rule");
        rules_seen += rule != 0;
        ref r;
        ref_begin(&r, c, &l, whole.mapped, parts.mapped, want, sc);
        if (!rule)
            expect(&r, v);
        compare(&r, v, write_side, write_bytes, (int)rule, text);
        ref_end(&r);
        CHECK_MSG(!memcmp(read_copy, read_side, read_bytes), "%s%s: the side read changed", c->name, text);
        if (c->scale_pass) {
            float back;
            memcpy(&back, scale.mapped + 12, 4);
            CHECK_MSG(cref_bits(back) == cref_bits(sc), "%s%s: the scale buffer holds %g after the pass copied %g",
                      c->name, text, (double)back, (double)sc);
        }
    }
    plans_run++;
    if (core_verbose())
        printf("  %-64s %s: %u submissions, %u with a broken rule, %.3f s on the device\n", c->name, info.summary,
               count, rules_seen, t_gpu);
    vkDestroyFence(dev, fence, NULL);
    vkFreeCommandBuffers(dev, gp->pool, 1, &cmd);
    free(want);
    free(read_copy);
    core_host_buffer_destroy(dev, &whole);
    core_host_buffer_destroy(dev, &parts);
    core_host_buffer_destroy(dev, &scale);
    core_host_buffer* more[4] = {&staging, &params, &indices, &args};
    for (int i = 0; i < 4; i++)
        if (more[i]->buffer)
            core_host_buffer_destroy(dev, more[i]);
}

/* A case through its values: one plan recorded once (device parameters, GPU indices, a scale
 * alone), or with host indices a plan per value set (refused by the rule the values break). */
static void run(gpu* gp, vksplit_context* ctx, const pcase* c, const pvalues* vals, uint32_t count)
{
    const char* only = getenv("VKSPLIT_CONVERT_CASE");
    if (only && *only && !strstr(c->name, only))
        return;
    uint64_t seed = 0xC0417ull;
    for (const char* p = c->name; *p; p++)
        seed = seed * 131 + (uint8_t)*p;
    double t0 = core_now();
    vksplit_error err;
    vksplit_plan* plan = NULL;
    if (!c->host_indices) {
        vksplit_result r = make_plan(ctx, c, NULL, &plan, &err);
        CHECK_MSG(r == VKSPLIT_OK, "%s [%s]: plan: %s by %s (%s)", c->name, gp->on, vksplit_result_name(r),
                  vksplit_rule_name(err.rule), err.message);
        if (plan)
            execute(gp, c, plan, vals, count, seed);
        vksplit_plan_destroy(plan);
    } else {
        uint64_t n = entries_of(c);
        for (uint32_t i = 0; i < count; i++) {
            uint8_t host[MAX_INDICES * 8];
            pack_indices(c, vals[i].index, n, host);
            uint32_t s[6];
            rows_status(c, &vals[i], s);
            CHECK_MSG(!vals[i].broken == !s[0], "%s: the test's host indices %u %s", c->name, i,
                      vals[i].broken ? "break no rule" : "break a rule");
            vksplit_result r = make_plan(ctx, c, host, &plan, &err);
            if (s[0]) {
                CHECK_MSG(r == vksplit_rule_result((vksplit_rule)s[0]) && err.rule == (vksplit_rule)s[0] && !plan,
                          "%s [%s]: host indices %u: %s by %s, want %s", c->name, gp->on, i, vksplit_result_name(r),
                          vksplit_rule_name(err.rule), vksplit_rule_name((vksplit_rule)s[0]));
                if (core_verbose())
                    printf("    host indices %u refused: %s\n", i, err.message);
            } else {
                CHECK_MSG(r == VKSPLIT_OK, "%s [%s]: plan with host indices %u: %s by %s (%s)", c->name, gp->on, i,
                          vksplit_result_name(r), vksplit_rule_name(err.rule), err.message);
                if (plan)
                    execute(gp, c, plan, &vals[i], 1, seed + i);
            }
            vksplit_plan_destroy(plan);
            plan = NULL;
        }
    }
    if (core_verbose())
        printf("  %-64s %.3f s in all\n", c->name, core_now() - t0);
}

#define RUN(gp, ctx, c, ...)                                                      \
    do {                                                                          \
        static const pvalues values_[] = {__VA_ARGS__};                           \
        run(gp, ctx, c, values_, (uint32_t)(sizeof values_ / sizeof values_[0])); \
    } while (0)

/* ---- device parameters --------------------------------------------------------------------- */

/* Value sets: PACKED {whole, {lengths}}; GIVEN {0, {lengths}, {offsets}}; .scale for a device
 * scale, .broken where the test means a rule broken. */
static void device_cases(gpu* g, vksplit_context* ctx)
{
    /* FLOAT32 [3, 12, 5] (its rows padded) split along axis 1 into FLOAT16 parts of capacities
     * 4, 5, 3 */
    pcase c1 = {.name = "device PACKED split FLOAT32 -> FLOAT16, padded whole, 3 parts",
                .whole = F32,
                .parts = F16,
                .rank = 3,
                .axis = 1,
                .n = 3,
                .sizes = {3, 12, 5},
                .lengths = {4, 5, 3},
                .whole_strides = {67, 5, 1},
                .dp = PACKED};
    RUN(g, ctx, &c1, {.whole = 7, .length = {2, 5, 0}}, {.whole = 12, .length = {4, 5, 3}},
        {.whole = 0, .length = {0, 0, 0}}, {.whole = 4, .length = {1, 0, 3}},
        {.whole = 7, .length = {5, 1, 1}, .broken = 1},  /* DEVICE_LENGTH */
        {.whole = 13, .length = {4, 5, 3}, .broken = 1}, /* DEVICE_WHOLE_LENGTH */
        {.whole = 4, .length = {1, 1, 1}, .broken = 1},  /* DEVICE_SUM */
        {.whole = 6, .length = {3, 2, 1}});

    /* BFLOAT16 [2, 10, 6] split at given offsets into FLOAT8E4M3FN parts (6-byte steps: words
     * shared; 5 elements after each index of dimension 0), host scale 0.5; a split's parts may
     * overlap */
    pcase c2 = {.name = "device GIVEN split BFLOAT16 -> FLOAT8E4M3FN, host scale 0.5",
                .whole = BF16,
                .parts = E4M3,
                .scale_source = VKSPLIT_SCALE_HOST,
                .scale = 0.5f,
                .rank = 3,
                .axis = 1,
                .n = 2,
                .sizes = {2, 10, 6},
                .lengths = {4, 6},
                .dp = GIVEN,
                .part_outer_pad = 5};
    RUN(g, ctx, &c2, {.length = {3, 6}, .offset = {0, 4}}, {.length = {4, 5}, .offset = {6, 2}},
        {.length = {0, 1}, .offset = {10, 9}}, {.length = {2, 3}, .offset = {9, 0}, .broken = 1}, /* DEVICE_OFFSET */
        {.length = {1, 2}, .offset = {7, 3}});

    /* FLOAT16 [9, 12] split along axis 0 into FLOAT8E5M2 parts, a device scale, saturating not */
    pcase c3 = {.name = "device GIVEN split FLOAT16 -> FLOAT8E5M2, device scale, no_saturate",
                .whole = F16,
                .parts = E5M2,
                .no_saturate = 1,
                .scale_source = VKSPLIT_SCALE_DEVICE,
                .rank = 2,
                .axis = 0,
                .n = 2,
                .sizes = {9, 12},
                .lengths = {3, 4},
                .dp = GIVEN};
    RUN(g, ctx, &c3, {.length = {3, 4}, .offset = {0, 5}, .scale = 2.0f},
        {.length = {1, 2}, .offset = {8, 0}, .scale = 0.25f}, {.length = {2, 0}, .offset = {3, 9}, .scale = -3.0f},
        {.length = {3, 4}, .offset = {7, 0}, .scale = 1.0f, .broken = 1}, /* DEVICE_OFFSET */
        {.length = {3, 3}, .offset = {2, 2}, .scale = 1e-40f});

    /* FLOAT32 [10, 64] split along axis 0 into Q8_0 parts [4 | 6, 64] */
    pcase c4 = {.name = "device PACKED split FLOAT32 -> Q8_0, axis 0",
                .whole = F32,
                .parts = Q8,
                .rank = 2,
                .axis = 0,
                .n = 2,
                .sizes = {10, 64},
                .lengths = {4, 6},
                .dp = PACKED};
    RUN(g, ctx, &c4, {.whole = 10, .length = {4, 6}}, {.whole = 4, .length = {1, 3}}, {.whole = 6, .length = {0, 6}},
        {.whole = 9, .length = {2, 7}, .broken = 1}, /* DEVICE_LENGTH */
        {.whole = 0, .length = {0, 0}}, {.whole = 5, .length = {3, 2}});

    /* a Q8_0 whole [2, 6, 32] split along axis 1 into BFLOAT16 parts (dequantized) */
    pcase c5 = {.name = "device PACKED split Q8_0 -> BFLOAT16, axis 1 of 3",
                .whole = Q8,
                .parts = BF16,
                .rank = 3,
                .axis = 1,
                .n = 2,
                .sizes = {2, 6, 32},
                .lengths = {2, 4},
                .dp = PACKED};
    RUN(g, ctx, &c5, {.whole = 6, .length = {2, 4}}, {.whole = 3, .length = {1, 2}},
        {.whole = 3, .length = {1, 1}, .broken = 1}, /* DEVICE_SUM */
        {.whole = 4, .length = {0, 4}});

    /* The FP8 KV append: a BFLOAT16 token [2, 2, 1, 6] into a FLOAT8E4M3FN cache [2, 2, 8, 6] at
     * the GPU's offset, the GPU's scale */
    pcase c6 = {.name = "device GIVEN join BFLOAT16 -> FLOAT8E4M3FN, KV append, device scale",
                .join = 1,
                .whole = E4M3,
                .parts = BF16,
                .scale_source = VKSPLIT_SCALE_DEVICE,
                .rank = 4,
                .axis = 2,
                .n = 1,
                .sizes = {2, 2, 8, 6},
                .lengths = {1},
                .dp = GIVEN};
    RUN(g, ctx, &c6, {.length = {1}, .offset = {0}, .scale = 2.0f}, {.length = {1}, .offset = {3}, .scale = 0.5f},
        {.length = {1}, .offset = {7}, .scale = 3.0f}, {.length = {0}, .offset = {4}, .scale = 1.0f},
        {.length = {1}, .offset = {8}, .scale = 1.0f, .broken = 1}, /* DEVICE_OFFSET */
        {.length = {2}, .offset = {1}, .scale = 1.0f, .broken = 1}, /* DEVICE_LENGTH */
        {.length = {1}, .offset = {5}, .scale = 0.125f});

    /* FLOAT32 tokens [2, 3, 64] into a Q8_0 cache [2, 8, 64] along S */
    pcase c7 = {.name = "device GIVEN join FLOAT32 -> Q8_0 cache along S",
                .join = 1,
                .whole = Q8,
                .parts = F32,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 8, 64},
                .lengths = {3},
                .dp = GIVEN};
    RUN(g, ctx, &c7, {.length = {3}, .offset = {0}}, {.length = {2}, .offset = {5}}, {.length = {1}, .offset = {7}},
        {.length = {0}, .offset = {2}}, {.length = {4}, .offset = {0}, .broken = 1}, /* DEVICE_LENGTH */
        {.length = {2}, .offset = {7}, .broken = 1},                                 /* DEVICE_OFFSET */
        {.length = {3}, .offset = {4}});

    /* FLOAT16 parts PACKED into a FLOAT32 whole [12, 5] along axis 0 */
    pcase c8 = {.name = "device PACKED join FLOAT16 -> FLOAT32, 3 parts, axis 0",
                .join = 1,
                .whole = F32,
                .parts = F16,
                .rank = 2,
                .axis = 0,
                .n = 3,
                .sizes = {12, 5},
                .lengths = {3, 4, 5},
                .dp = PACKED};
    RUN(g, ctx, &c8, {.whole = 12, .length = {3, 4, 5}}, {.whole = 3, .length = {1, 0, 2}},
        {.whole = 0, .length = {0, 0, 0}}, {.whole = 2, .length = {1, 1, 1}, .broken = 1}, /* DEVICE_SUM */
        {.whole = 13, .length = {3, 4, 5}, .broken = 1},                                   /* DEVICE_WHOLE_LENGTH */
        {.whole = 7, .length = {2, 4, 1}});

    /* FLOAT8E5M2 parts joined at given offsets into a BFLOAT16 whole [2, 9, 4], host scale 3 */
    pcase c9 = {.name = "device GIVEN join FLOAT8E5M2 -> BFLOAT16, host scale 3",
                .join = 1,
                .whole = BF16,
                .parts = E5M2,
                .scale_source = VKSPLIT_SCALE_HOST,
                .scale = 3.0f,
                .rank = 3,
                .axis = 1,
                .n = 2,
                .sizes = {2, 9, 4},
                .lengths = {3, 4},
                .dp = GIVEN};
    RUN(g, ctx, &c9, {.length = {3, 4}, .offset = {0, 5}}, {.length = {2, 4}, .offset = {1, 3}},
        {.length = {0, 2}, .offset = {0, 0}}, {.length = {3, 2}, .offset = {2, 4}, .broken = 1}, /* DEVICE_ORDER */
        {.length = {1, 1}, .offset = {4, 8}});

    /* FLOAT32 parts PACKED into a FLOAT8E4M3FN whole [7, 3] (3-byte rows), a device scale, no_saturate */
    pcase c10 = {.name = "device PACKED join FLOAT32 -> FLOAT8E4M3FN, device scale, no_saturate",
                 .join = 1,
                 .whole = E4M3,
                 .parts = F32,
                 .no_saturate = 1,
                 .scale_source = VKSPLIT_SCALE_DEVICE,
                 .rank = 2,
                 .axis = 0,
                 .n = 2,
                 .sizes = {7, 3},
                 .lengths = {3, 4},
                 .dp = PACKED};
    RUN(g, ctx, &c10, {.whole = 7, .length = {3, 4}, .scale = 2.0f}, {.whole = 3, .length = {1, 2}, .scale = 0.5f},
        {.whole = 2, .length = {0, 2}, .scale = INFINITY}, {.whole = 1, .length = {1, 0}, .scale = NAN},
        {.whole = 8, .length = {3, 4}, .scale = 1.0f, .broken = 1}, /* DEVICE_WHOLE_LENGTH */
        {.whole = 5, .length = {2, 3}, .scale = 64.0f});

    /* 10 parts, one of them empty: on device addresses their addresses in per-recording
     * arguments (more than the push constants hold) */
    pcase c13 = {.name = "device PACKED join BFLOAT16 -> FLOAT32, 10 parts (arguments), one empty",
                 .join = 1,
                 .whole = F32,
                 .parts = BF16,
                 .rank = 2,
                 .axis = 0,
                 .n = 10,
                 .sizes = {40, 6},
                 .lengths = {4, 3, 0, 5, 4, 4, 4, 4, 4, 4},
                 .dp = PACKED};
    RUN(g, ctx, &c13, {.whole = 36, .length = {4, 3, 0, 5, 4, 4, 4, 4, 4, 4}},
        {.whole = 13, .length = {1, 0, 0, 5, 0, 2, 0, 1, 0, 4}}, {.whole = 2, .length = {0, 0, 0, 0, 0, 0, 0, 0, 0, 2}},
        {.whole = 1, .length = {0, 0, 1, 0, 0, 0, 0, 0, 0, 0}, .broken = 1}, /* DEVICE_LENGTH: the empty part */
        {.whole = 20, .length = {2, 2, 0, 2, 2, 2, 2, 2, 2, 4}});
    pcase c14 = {.name = "device GIVEN split FLOAT16 -> FLOAT8E4M3FN, 10 parts (arguments), one empty",
                 .whole = F16,
                 .parts = E4M3,
                 .rank = 2,
                 .axis = 0,
                 .n = 10,
                 .sizes = {20, 5},
                 .lengths = {2, 2, 2, 2, 0, 2, 2, 2, 2, 3},
                 .dp = GIVEN};
    RUN(g, ctx, &c14, {.length = {2, 2, 2, 2, 0, 2, 2, 2, 2, 3}, .offset = {0, 2, 4, 6, 8, 8, 10, 12, 14, 17}},
        {.length = {1, 0, 2, 1, 0, 2, 1, 0, 2, 3}, .offset = {19, 0, 0, 5, 20, 3, 7, 1, 18, 0}},
        {.length = {1, 0, 2, 1, 0, 2, 1, 0, 2, 3}, .offset = {19, 0, 0, 5, 20, 3, 7, 1, 18, 18}, .broken = 1});

    /* many workgroups: the grid the check sizes for the actual lengths */
    pcase c11 = {.name = "device PACKED split FLOAT32 -> BFLOAT16, many tiles",
                 .whole = F32,
                 .parts = BF16,
                 .rank = 3,
                 .axis = 1,
                 .n = 3,
                 .sizes = {2, 300, 40},
                 .lengths = {120, 100, 80},
                 .dp = PACKED};
    RUN(g, ctx, &c11, {.whole = 300, .length = {120, 100, 80}}, {.whole = 157, .length = {1, 99, 57}},
        {.whole = 201, .length = {120, 1, 80}}, {.whole = 300, .length = {120, 101, 79}, .broken = 1},
        {.whole = 3, .length = {0, 0, 3}});
    pcase c12 = {.name = "device GIVEN join FLOAT16 -> FLOAT8E5M2, many tiles",
                 .join = 1,
                 .whole = E5M2,
                 .parts = F16,
                 .rank = 2,
                 .axis = 0,
                 .n = 2,
                 .sizes = {500, 36},
                 .lengths = {200, 150},
                 .dp = GIVEN};
    RUN(g, ctx, &c12, {.length = {200, 150}, .offset = {0, 350}}, {.length = {17, 149}, .offset = {100, 300}},
        {.length = {199, 1}, .offset = {1, 499}}, {.length = {150, 150}, .offset = {0, 149}, .broken = 1},
        {.length = {3, 0}, .offset = {497, 500}});
}

/* ---- rows --------------------------------------------------------------------------------------- */

static void rows_cases(gpu* g, vksplit_context* ctx)
{
    /* scatters: FLOAT32 rows [2, 3, 8] into a FLOAT16 cache [2, 7, 8] by one int32 list, both
     * padded (the cache's rows 11 apart, its heads 79; the part's rows 10 apart, its heads 33) */
    pcase j1 = {.name = "rows INDEXED join FLOAT32 -> FLOAT16, int32, GPU indices",
                .join = 1,
                .whole = F16,
                .parts = F32,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 7, 8},
                .lengths = {3},
                .whole_strides = {79, 11, 1},
                .rows = INDEXED,
                .index_bytes = 4,
                .part_row_pad = 2,
                .part_outer_pad = 3};
    RUN(g, ctx, &j1, {.index = {0, 3, 6}}, {.index = {6, 5, 4}}, {.index = {2, 0, 1}},
        {.index = {1, 7, 2}, .broken = 1},  /* ROWS_INDEX: past the places */
        {.index = {1, -1, 2}, .broken = 1}, /* ROWS_INDEX: negative, no skip_negative */
        {.index = {4, 2, 4}, .broken = 1},  /* ROWS_DUPLICATE */
        {.index = {5, 1, 3}});

    /* BFLOAT16 rows [2, 3, 5] into a FLOAT8E4M3FN cache [2, 6, 5] (5-byte rows), a list for each
     * index of dimension 0 (two lists), int64, negative slots skipped, host scale 0.5 */
    pcase j2 = {.name = "rows INDEXED join BFLOAT16 -> FLOAT8E4M3FN, two lists, int64, skip_negative",
                .join = 1,
                .whole = E4M3,
                .parts = BF16,
                .scale_source = VKSPLIT_SCALE_HOST,
                .scale = 0.5f,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 6, 5},
                .lengths = {3},
                .rows = INDEXED,
                .index_bytes = 8,
                .list_dims = 1,
                .skip_negative = 1};
    RUN(g, ctx, &j2, {.index = {0, 5, -1, -3, 2, 3}}, {.index = {4, 3, 2, 1, 0, 5}}, {.index = {-1, -1, -1, 5, -2, 0}},
        {.index = {0, 1, 2, 3, 6, 1}, .broken = 1}, /* ROWS_INDEX in list 1 */
        {.index = {1, 1, 0, 2, 3, 4}, .broken = 1}, /* ROWS_DUPLICATE in list 0 */
        {.index = {3, -7, 1, 2, 5, -1}},
        /* 64-bit values whose low words are places: skipped (negative), and past the places */
        {.index = {-(1ll << 32), 4, -(1ll << 32) + 2, 0, 1, 2}},
        {.index = {0, 1, 2, 3, (1ll << 32) + 1, 5}, .broken = 1}); /* ROWS_INDEX, high word 1 */
    pcase j2h = j2;
    j2h.name = "rows INDEXED join BFLOAT16 -> FLOAT8E4M3FN, two lists, int64, skip_negative, host indices";
    j2h.host_indices = 1;
    RUN(g, ctx, &j2h, {.index = {5, -1, 0, 1, 4, 3}}, {.index = {0, 1, 2, 3, 6, 1}, .broken = 1});

    /* FLOAT16 rows [2, 2, 4] at a start per list (two lists) into a FLOAT8E5M2 cache [2, 9, 4],
     * int32, no_saturate */
    pcase j3 = {.name = "rows LINEAR join FLOAT16 -> FLOAT8E5M2, two lists, int32, no_saturate",
                .join = 1,
                .whole = E5M2,
                .parts = F16,
                .no_saturate = 1,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 9, 4},
                .lengths = {2},
                .rows = LINEAR,
                .index_bytes = 4,
                .list_dims = 1};
    RUN(g, ctx, &j3, {.index = {0, 7}}, {.index = {3, 3}}, {.index = {8, 0}, .broken = 1}, /* ROWS_START */
        {.index = {2, -1}, .broken = 1},                                                   /* ROWS_START */
        {.index = {5, 1}});

    /* FLOAT32 rows [3, 6] at a start modulo the places of a BFLOAT16 whole [5, 6] (axis 0: one
     * list), int64 */
    pcase j4 = {.name = "rows CIRCULAR join FLOAT32 -> BFLOAT16, int64, axis 0",
                .join = 1,
                .whole = BF16,
                .parts = F32,
                .rank = 2,
                .axis = 0,
                .n = 1,
                .sizes = {5, 6},
                .lengths = {3},
                .rows = CIRCULAR,
                .index_bytes = 8};
    RUN(g, ctx, &j4, {.index = {3}}, {.index = {-1}}, {.index = {1000000000007ll}}, {.index = {-7}},
        {.index = {INT64_MIN}});
    pcase j4h = j4;
    j4h.name = "rows CIRCULAR join FLOAT32 -> BFLOAT16, int64, axis 0, host indices";
    j4h.host_indices = 1;
    RUN(g, ctx, &j4h, {.index = {-2}});

    /* a Q8_0 cache written by slot: FLOAT32 rows [3, 64] into a Q8_0 whole [8, 64] */
    pcase j5 = {.name = "rows INDEXED join FLOAT32 -> Q8_0 cache by slot, int64, GPU indices",
                .join = 1,
                .whole = Q8,
                .parts = F32,
                .rank = 2,
                .axis = 0,
                .n = 1,
                .sizes = {8, 64},
                .lengths = {3},
                .rows = INDEXED,
                .index_bytes = 8};
    RUN(g, ctx, &j5, {.index = {0, 5, 7}}, {.index = {6, 2, 3}}, {.index = {8, 0, 1}, .broken = 1}, /* ROWS_INDEX */
        {.index = {1, 1ll << 32, 0}, .broken = 1}, /* ROWS_INDEX: its low word 0 */
        {.index = {1, 4, 0}});
    pcase j5h = j5;
    j5h.name = "rows INDEXED join FLOAT32 -> Q8_0 cache by slot, int32, host indices";
    j5h.index_bytes = 4;
    j5h.host_indices = 1;
    RUN(g, ctx, &j5h, {.index = {7, 0, 3}}, {.index = {2, 2, 1}, .broken = 1}); /* ROWS_DUPLICATE */

    /* FLOAT32 rows [2, 2, 4] into a FLOAT8E5M2 whole [2, 5, 4] by host int64 indices, two lists */
    pcase j6 = {.name = "rows INDEXED join FLOAT32 -> FLOAT8E5M2, two lists, host indices",
                .join = 1,
                .whole = E5M2,
                .parts = F32,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 5, 4},
                .lengths = {2},
                .rows = INDEXED,
                .index_bytes = 8,
                .list_dims = 1,
                .host_indices = 1};
    RUN(g, ctx, &j6, {.index = {4, 0, 1, 3}});

    /* gathers: a FLOAT8E4M3FN whole [5, 8] into FLOAT32 rows [4, 8] by host int64 indices
     * (repeats), a device scale */
    pcase s1 = {.name = "rows INDEXED split FLOAT8E4M3FN -> FLOAT32, host indices, device scale",
                .whole = E4M3,
                .parts = F32,
                .scale_source = VKSPLIT_SCALE_DEVICE,
                .rank = 2,
                .axis = 0,
                .n = 1,
                .sizes = {5, 8},
                .lengths = {4},
                .rows = INDEXED,
                .index_bytes = 8,
                .host_indices = 1};
    RUN(g, ctx, &s1, {.index = {4, 0, 4, 2}, .scale = 0.25f}, {.index = {0, 5, 1, 1}, .broken = 1}); /* ROWS_INDEX */

    /* FLOAT32 [2, 10, 6] rows from a GPU start into FLOAT16 [2, 4, 6] (its rows 7 apart, its
     * heads 29), int32 */
    pcase s2 = {.name = "rows LINEAR split FLOAT32 -> FLOAT16, int32, GPU indices",
                .whole = F32,
                .parts = F16,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 10, 6},
                .lengths = {4},
                .rows = LINEAR,
                .index_bytes = 4,
                .part_row_pad = 1,
                .part_outer_pad = 1};
    RUN(g, ctx, &s2, {.index = {6}}, {.index = {0}}, {.index = {7}, .broken = 1}, /* ROWS_START */
        {.index = {-1}, .broken = 1},                                             /* ROWS_START */
        {.index = {3}});

    /* BFLOAT16 [2, 6, 3] rows from a start per list (two lists) modulo 6 into FLOAT32 [2, 4, 3] */
    pcase s3 = {.name = "rows CIRCULAR split BFLOAT16 -> FLOAT32, two lists, int32",
                .whole = BF16,
                .parts = F32,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 6, 3},
                .lengths = {4},
                .rows = CIRCULAR,
                .index_bytes = 4,
                .list_dims = 1};
    RUN(g, ctx, &s3, {.index = {4, -1}}, {.index = {-100, 5}}, {.index = {INT32_MAX, INT32_MIN}});

    /* FLOAT16 [6, 10] rows into FLOAT8E4M3FN [4, 10] (10-byte rows 13 apart), int32,
     * skip_negative (the part's row kept), host scale 3 */
    pcase s4 = {.name = "rows INDEXED split FLOAT16 -> FLOAT8E4M3FN, int32, skip_negative, host scale 3",
                .whole = F16,
                .parts = E4M3,
                .scale_source = VKSPLIT_SCALE_HOST,
                .scale = 3.0f,
                .rank = 2,
                .axis = 0,
                .n = 1,
                .sizes = {6, 10},
                .lengths = {4},
                .rows = INDEXED,
                .index_bytes = 4,
                .skip_negative = 1,
                .part_row_pad = 3};
    RUN(g, ctx, &s4, {.index = {5, -1, 0, 5}}, {.index = {-2, -2, 3, 1}}, {.index = {6, 0, 0, 0}, .broken = 1},
        {.index = {1, 2, 3, 4}});

    /* a Q8_0 whole [6, 32] gathered into FLOAT16 rows [4, 32], host int32 indices */
    pcase s5 = {.name = "rows INDEXED split Q8_0 -> FLOAT16, host indices",
                .whole = Q8,
                .parts = F16,
                .rank = 2,
                .axis = 0,
                .n = 1,
                .sizes = {6, 32},
                .lengths = {4},
                .rows = INDEXED,
                .index_bytes = 4,
                .host_indices = 1};
    RUN(g, ctx, &s5, {.index = {5, 0, 5, 2}});
    /* ... and by GPU int64 indices, into BFLOAT16, with two lists along a leading dimension */
    pcase s6 = {.name = "rows INDEXED split Q8_0 -> BFLOAT16, two lists, int64, GPU indices",
                .whole = Q8,
                .parts = BF16,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 5, 64},
                .lengths = {2},
                .rows = INDEXED,
                .index_bytes = 8,
                .list_dims = 1};
    RUN(g, ctx, &s6, {.index = {4, 0, 1, 1}}, {.index = {2, 3, 0, 4}}, {.index = {0, 0, 5, 0}, .broken = 1});

    /* long rows (many workgroups a row): FLOAT32 rows [4, 1000] into a FLOAT8E4M3FN whole
     * [6, 1000], host scale 2, and gathered back out of a FLOAT16 one */
    pcase j7 = {.name = "rows INDEXED join FLOAT32 -> FLOAT8E4M3FN, long rows, host scale 2",
                .join = 1,
                .whole = E4M3,
                .parts = F32,
                .scale_source = VKSPLIT_SCALE_HOST,
                .scale = 2.0f,
                .rank = 2,
                .axis = 0,
                .n = 1,
                .sizes = {6, 1000},
                .lengths = {4},
                .rows = INDEXED,
                .index_bytes = 4};
    RUN(g, ctx, &j7, {.index = {5, 0, 3, 1}}, {.index = {2, 4, 1, 0}}, {.index = {2, 2, 1, 0}, .broken = 1});
    pcase s7 = {.name = "rows CIRCULAR split FLOAT16 -> FLOAT32, long rows",
                .whole = F16,
                .parts = F32,
                .rank = 2,
                .axis = 0,
                .n = 1,
                .sizes = {6, 1000},
                .lengths = {4},
                .rows = CIRCULAR,
                .index_bytes = 8};
    RUN(g, ctx, &s7, {.index = {4}}, {.index = {-3}}, {.index = {(1ll << 32) + 1}});

    /* more rows than places: an FLOAT8E5M2 whole [3, 4] gathered into BFLOAT16 rows [7, 4] by
     * int64 GPU indices (repeats), a LINEAR start past 2^32 */
    pcase s8 = {.name = "rows INDEXED split FLOAT8E5M2 -> BFLOAT16, more rows than places, int64",
                .whole = E5M2,
                .parts = BF16,
                .rank = 2,
                .axis = 0,
                .n = 1,
                .sizes = {3, 4},
                .lengths = {7},
                .rows = INDEXED,
                .index_bytes = 8};
    RUN(g, ctx, &s8, {.index = {2, 2, 0, 1, 0, 2, 1}}, {.index = {0, 0, 0, 0, 0, 0, 0}},
        {.index = {0, 1, 2, 0, 1, 2, 1ll << 32}, .broken = 1});
    pcase s9 = {.name = "rows LINEAR split FLOAT32 -> FLOAT8E5M2, int64, two lists",
                .whole = F32,
                .parts = E5M2,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 7, 3},
                .lengths = {3},
                .rows = LINEAR,
                .index_bytes = 8,
                .list_dims = 1};
    RUN(g, ctx, &s9, {.index = {4, 0}}, {.index = {2, 1}},
        {.index = {0, (1ll << 32) + 1}, .broken = 1}); /* ROWS_START */

    /* a Q8_0 cache [2, 5, 32] written by slot, a list for each index of dimension 0 */
    pcase j8 = {.name = "rows INDEXED join FLOAT16 -> Q8_0 cache by slot, two lists, int32",
                .join = 1,
                .whole = Q8,
                .parts = F16,
                .rank = 3,
                .axis = 1,
                .n = 1,
                .sizes = {2, 5, 32},
                .lengths = {2},
                .rows = INDEXED,
                .index_bytes = 4,
                .list_dims = 1,
                .skip_negative = 1};
    RUN(g, ctx, &j8, {.index = {4, 0, 1, 3}}, {.index = {-1, 2, 2, -5}}, {.index = {3, 3, 0, 1}, .broken = 1});
}

/* ---- the scale a GPU pass wrote --------------------------------------------------------------- */

static void scale_pass_cases(gpu* g, vksplit_context* ctx)
{
    pcase p1 = {.name = "scale pass: split FLOAT16 -> FLOAT8E4M3FN, device scale",
                .whole = F16,
                .parts = E4M3,
                .scale_source = VKSPLIT_SCALE_DEVICE,
                .rank = 2,
                .axis = 1,
                .n = 2,
                .sizes = {4, 40},
                .lengths = {17, 23},
                .scale_pass = 1};
    RUN(g, ctx, &p1, {.scale = 2.0f}, {.scale = 0.25f}, {.scale = -3.0f});
    pcase p2 = {.name = "scale pass: KV append BFLOAT16 -> FLOAT8E4M3FN, device parameters GIVEN",
                .join = 1,
                .whole = E4M3,
                .parts = BF16,
                .scale_source = VKSPLIT_SCALE_DEVICE,
                .rank = 4,
                .axis = 2,
                .n = 1,
                .sizes = {2, 2, 6, 4},
                .lengths = {1},
                .whole_strides = {56, 26, 4, 1}, /* the heads 2 elements apart */
                .dp = GIVEN,
                .scale_pass = 1};
    RUN(g, ctx, &p2, {.length = {1}, .offset = {2}, .scale = 2.0f}, {.length = {1}, .offset = {2}, .scale = 0.5f},
        {.length = {1}, .offset = {5}, .scale = 8.0f});
}

/* On device addresses: a LINEAR append at a GPU index with the GPU's scale (its own pass). On
 * push descriptors that pair is refused (four storage buffers a stage on the least devices). */
static void rows_device_scale(gpu* g, vksplit_context* ctx, int bda)
{
    pcase c = {.name = "scale pass: rows LINEAR join BFLOAT16 -> FLOAT8E4M3FN, GPU index, device scale",
               .join = 1,
               .whole = E4M3,
               .parts = BF16,
               .scale_source = VKSPLIT_SCALE_DEVICE,
               .rank = 4,
               .axis = 2,
               .n = 1,
               .sizes = {2, 2, 8, 4},
               .lengths = {1},
               .rows = LINEAR,
               .index_bytes = 4,
               .scale_pass = 1};
    if (bda) {
        RUN(g, ctx, &c, {.index = {0}, .scale = 2.0f}, {.index = {7}, .scale = 0.25f},
            {.index = {8}, .scale = 1.0f, .broken = 1}, /* ROWS_START */
            {.index = {3}, .scale = 16.0f});
        return;
    }
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_result r = make_plan(ctx, &c, NULL, &plan, &err);
    CHECK_MSG(r == vksplit_rule_result(VKSPLIT_RULE_PLAN_CONVERT_WITH) && err.rule == VKSPLIT_RULE_PLAN_CONVERT_WITH &&
                  !plan,
              "[%s] a device scale with GPU indices on push descriptors: %s by %s (%s)", g->on, vksplit_result_name(r),
              vksplit_rule_name(err.rule), err.message);
    vksplit_plan_destroy(plan);
    /* the same with a host scale, and with host indices, plan and run */
    c.scale_source = VKSPLIT_SCALE_HOST, c.scale = 0.5f, c.scale_pass = 0;
    c.name = "rows LINEAR join BFLOAT16 -> FLOAT8E4M3FN, GPU index, host scale (push descriptors)";
    RUN(g, ctx, &c, {.index = {0}}, {.index = {7}});
    c.scale_source = VKSPLIT_SCALE_DEVICE, c.scale = 0, c.host_indices = 1, c.scale_pass = 1;
    c.name = "scale pass: rows LINEAR join BFLOAT16 -> FLOAT8E4M3FN, host index, device scale (push descriptors)";
    RUN(g, ctx, &c, {.index = {5}, .scale = 4.0f});
}

/* ---- what a converting plan does not take -------------------------------------------------- */

static void refusals(gpu* g, vksplit_context* ctx)
{
    static const struct {
        const char* name;
        pcase c;
        uint32_t pages_along;
    } rows[] = {
        {"rows in pages (pages_along)",
         {.join = 1,
          .whole = E4M3,
          .parts = F16,
          .rank = 4,
          .axis = 2,
          .n = 1,
          .sizes = {3, 2, 4, 8},
          .lengths = {1},
          .rows = INDEXED,
          .index_bytes = 4},
         1},
        {"rows along a Q8_0 whole's last dimension",
         {.join = 1,
          .whole = Q8,
          .parts = F32,
          .rank = 2,
          .axis = 1,
          .n = 1,
          .sizes = {2, 64},
          .lengths = {32},
          .rows = INDEXED,
          .index_bytes = 4},
         0},
        {"device parameters along a Q8_0 whole's last dimension (join)",
         {.join = 1,
          .whole = Q8,
          .parts = F16,
          .rank = 2,
          .axis = 1,
          .n = 1,
          .sizes = {2, 64},
          .lengths = {32},
          .dp = GIVEN},
         0},
        {"device parameters along Q8_0 parts' last dimension (split, PACKED)",
         {.whole = F32, .parts = Q8, .rank = 2, .axis = 1, .n = 2, .sizes = {2, 64}, .lengths = {32, 32}, .dp = PACKED},
         0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        pcase c = rows[i].c;
        c.name = rows[i].name;
        uint64_t ws[MAX_RANK];
        whole_strides(&c, ws);
        vksplit_plan_options o = {0};
        o.convert = (vksplit_convert){c.whole, c.parts, 0, VKSPLIT_SCALE_NONE, 0};
        o.device_parameters = c.dp;
        if (c.rows)
            o.rows = (vksplit_rows){c.rows, c.index_bytes, 0, 0, NULL, rows[i].pages_along};
        uint32_t es = cref_element_size(c.whole);
        vksplit_plan* plan = NULL;
        vksplit_error err;
        vksplit_result r;
        uint64_t part_strides[MAX_RANK] = {0}, psz[MAX_RANK];
        part_sizes(&c, 0, psz);
        packed_strides(c.rank, psz, part_strides);
        if (rows[i].pages_along) /* the part broadcast along the pages' dimension */
            part_strides[rows[i].pages_along - 1] = 0;
        const uint64_t* ps[1] = {part_strides};
        if (c.join) {
            vksplit_join_desc j = {es, c.rank, c.sizes, NULL, c.axis, c.n, c.lengths, c.n == 1 ? ps : NULL, 0};
            r = vksplit_plan_create_join(ctx, &j, &o, &plan, &err);
        } else {
            vksplit_split_desc d = {es, c.rank, c.sizes, NULL, c.axis, c.n, c.lengths, NULL, 0};
            r = vksplit_plan_create(ctx, &d, &o, &plan, &err);
        }
        CHECK_MSG(r == vksplit_rule_result(VKSPLIT_RULE_PLAN_CONVERT_WITH) &&
                      err.rule == VKSPLIT_RULE_PLAN_CONVERT_WITH && !plan,
                  "[%s] %s: %s by %s (%s), want PLAN_CONVERT_WITH", g->on, c.name, vksplit_result_name(r),
                  vksplit_rule_name(err.rule), err.message);
        if (core_verbose())
            printf("  %-64s %s\n", c.name, err.message);
        vksplit_plan_destroy(plan);
    }
}

static void all_on(gpu* g, vksplit_context* ctx, int bda)
{
    double t0 = core_now();
    uint32_t plans = plans_run, subs = submissions;
    refusals(g, ctx);
    device_cases(g, ctx);
    double t1 = core_now();
    rows_cases(g, ctx);
    double t2 = core_now();
    scale_pass_cases(g, ctx);
    rows_device_scale(g, ctx, bda);
    printf("%s: %u plans, %u submissions (device parameters %.1f s, rows %.1f s, scale pass %.1f s)\n", g->on,
           plans_run - plans, submissions - subs, t1 - t0, t2 - t1, core_now() - t2);
}

int main(int argc, char** argv)
{
    /* ctest's entries: core_convert_placed_context (the runner's context, its addressing) and
     * _descriptors (a push-descriptor context beside one with device addresses) */
    const char* part = argc > 1 ? argv[1] : "all";
    int on_context = strcmp(part, "context") == 0 || strcmp(part, "all") == 0;
    int on_descriptors = strcmp(part, "descriptors") == 0 || strcmp(part, "all") == 0;
    if (!on_context && !on_descriptors) {
        fprintf(stderr, "usage: %s [context|descriptors|all]\n", argv[0]);
        return 2;
    }
    vksplit_runner* runner = test_runner_create();
    gpu g;
    CHECK(core_gpu_create(runner, &g));
    if (!g.pool)
        return test_finish(runner);
    vksplit_context* ctx = vksplit_runner_context(runner);
    vksplit_context* descriptors = on_descriptors ? core_gpu_push_context(&g) : NULL;
    if (!on_context && !descriptors) {
        vkDestroyCommandPool(g.info.device, g.pool, NULL);
        return test_skip(runner, "push descriptors beside device addresses: %s",
                         g.bda ? "the device has no VK_KHR_push_descriptor"
                               : "the context is on push descriptors already (core_convert_placed_context)");
    }
    double t0 = core_now();
    g.on = g.bda ? "device addresses" : "push descriptors";
    if (on_context)
        all_on(&g, ctx, g.bda);
    if (descriptors) {
        /* the descriptor context's buffers have no device addresses to give */
        int bda = g.bda;
        g.bda = 0;
        g.on = "push descriptors";
        all_on(&g, descriptors, 0);
        g.bda = bda;
    } else if (on_descriptors && g.bda) {
        test_skip_part("push descriptors: the device has no VK_KHR_push_descriptor");
    }
    printf("%llu submissions failed, %.1f s\n", (unsigned long long)failed_submissions, core_now() - t0);
    vksplit_context_destroy(descriptors);
    vkDestroyCommandPool(g.info.device, g.pool, NULL);
    return test_finish(runner);
}
