/* See check_convert.h. The request is the one vksplit_plan_create(_join) validates (the convert
 * options' rules, then the canonical rules with the desc's element_size replaced by copy_size),
 * the geometry vksplit__plan_convert_geometry's with the caps the case gives. The model runs the
 * grid a recording dispatches (src/record/record_convert.c: one dispatch of total_groups with
 * device addresses, one per segment with descriptors, each grid x up to the device's limit, then
 * rows of it) through shaders/convert.comp's main() line by line, in its arithmetic: `uint` is 32
 * bits on both paths, IDX (positions, words) 64 bits with device addresses and 32 with
 * descriptors; every such value is computed here 64 bits wide and a value the kernel's type
 * cannot hold is a finding. The bindings are byte buffers of exactly the spans the geometry
 * reports; the side written starts poisoned. Each element converts as the tests' reference says
 * (convert_reference.c): the model tests where the kernel reads and writes, not the rounding,
 * which the tests compare on the GPU over every code. What the result is held to is computed
 * from the request alone, element by element. */
#include "check_convert.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert_reference.h"
#include "fuzz_fail.h"
#include "geometry/convert_geometry.h"
#include "rules/request_layout.h"
#include "rules/request_rules.h"

#define POISON 0xA5u
#define MAX_PARTS 16u

/* The harness's own code has no coverage instrumentation (fuzz/CMakeLists.txt), and the library's
 * (the geometry) tells little of which of the kernel's ways an input takes: each way the model
 * takes, per pair of types, counts in libFuzzer's extra counters, so that an input reaching a new
 * one (or a new count of one: libFuzzer's buckets) joins the corpus. */
enum kernel_way {
    WAY_WORD_STORE,
    WAY_WORD_MERGE,
    WAY_ELEMENT_STORE,
    WAY_ELEMENT_MERGE,
    WAY_QUANTIZE_ALIGNED,
    WAY_QUANTIZE_HALF,
    WAY_DEQUANTIZE_WORDS,
    WAY_DEQUANTIZE_EVEN,
    WAY_DEQUANTIZE_ODD,
    WAY_PADDING,
    WAY_DESCRIPTORS,
    WAY_JOIN,
    WAY_ROW_DIMS,
    WAY_TILES,
    WAY_GRID_ROWS,
    WAY_SEGMENTS,
    WAY_COUNT
};
__attribute__((used, section("__libfuzzer_extra_counters"))) static uint8_t way_counters[8 * 8 * WAY_COUNT];

/* ---- the tensors: byte buffers of the geometry's spans --------------------------------------- */

typedef struct tensor {
    vksplit_type type;
    uint32_t rank;
    uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
    bool empty;
    uint64_t span;   /* bytes: the geometry's */
    uint8_t* bytes;  /* [span] */
    uint8_t* owned;  /* written side: [span] 1 where the byte is an element's (a Q8_0 block's) */
    uint8_t* writes; /* written side: [span] the model's stores of each byte (saturating) */
    uint8_t* want;   /* written side: [span] the reference's bytes, poison elsewhere */
    char name[24];
} tensor;

typedef struct run_state {
    const fz_convert_case* c;
    const vksplit__request* q;
    const vksplit__convert_geometry* cv;
    bool join, desc;
    vksplit_type whole_type, parts_type, src_type, dst_type;
    tensor whole, parts[MAX_PARTS];
    uint64_t offsets[MAX_PARTS]; /* each part's first index along the axis */
    float scale;                 /* the host's or the device's */
    bool has_scale, no_saturate;
    uint64_t rng;
} run_state;

static uint64_t next_random(uint64_t* s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static bool is_q8(vksplit_type t) { return t == VKSPLIT_TYPE_Q8_0; }

/* The byte at which element idx (+ j along the last dimension) starts: a Q8_0 tensor's block. */
static uint64_t element_byte(const tensor* t, const uint64_t* idx, uint64_t j)
{
    uint64_t e = j * t->strides[t->rank - 1];
    for (uint32_t d = 0; d < t->rank; d++)
        e += idx[d] * t->strides[d];
    if (is_q8(t->type)) {
        if (e % CREF_Q8_0_BLOCK)
            fz_fail("%s: a Q8_0 block's first element at %llu, no multiple of 32", t->name, (unsigned long long)e);
        return e / CREF_Q8_0_BLOCK * CREF_Q8_0_BLOCK_BYTES;
    }
    return e * cref_element_size(t->type);
}

static uint32_t unit_bytes(vksplit_type t) { return is_q8(t) ? CREF_Q8_0_BLOCK_BYTES : cref_element_size(t); }

/* The bytes a tensor spans from its binding offset, rounded up to 4, from its sizes and strides
 * alone (the geometry's is held to it). */
static uint64_t expected_span(const tensor* t)
{
    if (t->empty)
        return 0;
    uint64_t last[VKSPLIT_MAX_RANK];
    for (uint32_t d = 0; d < t->rank; d++)
        last[d] = t->sizes[d] - 1;
    uint64_t end = is_q8(t->type) ? 0 : element_byte(t, last, 0) + cref_element_size(t->type);
    if (is_q8(t->type)) { /* the last element's block */
        uint64_t e = 0;
        for (uint32_t d = 0; d < t->rank; d++)
            e += last[d] * t->strides[d];
        end = (e / CREF_Q8_0_BLOCK + 1) * CREF_Q8_0_BLOCK_BYTES;
    }
    return (end + 3) / 4 * 4;
}

/* Next index of an odometer over sizes (the last dimension stepping by `step`); false at the end. */
static bool next_index(uint32_t rank, const uint64_t* sizes, uint64_t step, uint64_t* idx)
{
    for (uint32_t d = rank; d-- > 0;) {
        idx[d] += d == rank - 1 ? step : 1;
        if (idx[d] < sizes[d])
            return true;
        idx[d] = 0;
    }
    return false;
}

static void free_tensor(tensor* t)
{
    free(t->bytes);
    free(t->owned);
    free(t->writes);
    free(t->want);
    memset(t, 0, sizeof *t);
}

/* ---- the kernel's model ------------------------------------------------------------------- */

typedef struct kernel {
    run_state* s;
    const vksplit__convert_geometry* cv;
    bool desc, join, contig;
    uint32_t src, dst, sb, db, dpw, smask, dmask, unroll, wgs;
    tensor* src_t; /* the segment's sides */
    tensor* dst_t;
    uint32_t table_base;   /* the table the kernel sees: all segments (device addresses), or the */
    uint32_t table_words;  /* dispatch's segment alone, bound at it (descriptors: a uniform range) */
    uint32_t seg, wg, lid; /* where, for the messages */
    const char* phase;
} kernel;

static void way(const kernel* k, enum kernel_way w)
{
    uint8_t* c = &way_counters[((k->src & 7u) * 8u + (k->dst & 7u)) * WAY_COUNT + w];
    if (*c < 255)
        (*c)++;
}

static void kfail(const kernel* k, const char* fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void kfail(const kernel* k, const char* fmt, ...)
{
    char what[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(what, sizeof what, fmt, args);
    va_end(args);
    fz_fail("convert.comp (%s, %s, %s -> %s, %s): segment %u, workgroup %u, invocation %u: %s",
            k->desc ? "descriptors" : "device addresses", k->join ? "join" : "split",
            cref_type_name((vksplit_type)k->src), cref_type_name((vksplit_type)k->dst), k->phase, k->seg, k->wg, k->lid,
            what);
}

/* IDX arithmetic: 64 bits with device addresses, 32 with descriptors. */
static uint64_t idx_add(const kernel* k, uint64_t a, uint64_t b, const char* what)
{
    uint64_t v;
    if (__builtin_add_overflow(a, b, &v) || (k->desc && v > UINT32_MAX))
        kfail(k, "%s wraps %s bits: %llu + %llu", what, k->desc ? "32" : "64", (unsigned long long)a,
              (unsigned long long)b);
    return v;
}

static uint64_t idx_mul(const kernel* k, uint64_t a, uint64_t b, const char* what)
{
    uint64_t v;
    if (__builtin_mul_overflow(a, b, &v) || (k->desc && v > UINT32_MAX))
        kfail(k, "%s wraps %s bits: %llu * %llu", what, k->desc ? "32" : "64", (unsigned long long)a,
              (unsigned long long)b);
    return v;
}

/* uint arithmetic (32 bits on both paths). */
static uint32_t u32_add(const kernel* k, uint64_t a, uint64_t b, const char* what)
{
    if (a + b > UINT32_MAX)
        kfail(k, "%s wraps 32 bits: %llu + %llu", what, (unsigned long long)a, (unsigned long long)b);
    return (uint32_t)(a + b);
}

static uint32_t u32_mul(const kernel* k, uint64_t a, uint64_t b, const char* what)
{
    if (a && b > UINT32_MAX / a)
        kfail(k, "%s wraps 32 bits: %llu * %llu", what, (unsigned long long)a, (unsigned long long)b);
    return (uint32_t)(a * b);
}

static uint32_t tbl(const kernel* k, uint64_t i)
{
    if (i >= k->table_words)
        kfail(k, "reads table word %llu of the %u it is bound to", (unsigned long long)i, k->table_words);
    return k->cv->table[k->table_base + i];
}

static uint64_t tbl_idx(const kernel* k, uint32_t i)
{
    uint32_t lo = tbl(k, i), hi = tbl(k, (uint64_t)i + 1);
    if (k->desc && hi) /* the kernel reads the low word alone */
        kfail(k, "the table's 64-bit value at word %u is %llu: past the descriptor path's 32 bits", i,
              (unsigned long long)((uint64_t)hi << 32 | lo));
    return (uint64_t)hi << 32 | lo;
}

static uint32_t get32(const uint8_t* p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t ld_src(const kernel* k, uint64_t word)
{
    const tensor* t = k->src_t;
    if (word >= t->span / 4)
        kfail(k, "loads word %llu of %s, past its span of %llu bytes", (unsigned long long)word, t->name,
              (unsigned long long)t->span);
    return get32(t->bytes + word * 4);
}

/* A store (mask all ones) or a merge (atomicAnd(~mask), atomicOr(bits)) of one word. */
static void write_dst(const kernel* k, uint64_t word, uint32_t mask, uint32_t bits, bool merge)
{
    tensor* t = k->dst_t;
    if (word >= t->span / 4)
        kfail(k, "%s word %llu of %s, past its span of %llu bytes", merge ? "merges into" : "stores",
              (unsigned long long)word, t->name, (unsigned long long)t->span);
    for (uint32_t b = 0; b < 4; b++) {
        uint8_t m = (uint8_t)(mask >> (8 * b)), v = (uint8_t)(bits >> (8 * b));
        uint8_t* at = t->bytes + word * 4 + b;
        if (!(m | v))
            continue;
        if (m != 0 && m != 0xff)
            kfail(k, "merges part of a byte (mask 0x%08x) into word %llu of %s", mask, (unsigned long long)word,
                  t->name);
        *at = (uint8_t)((*at & ~m) | v);
        uint64_t byte = word * 4 + b;
        if (!t->owned[byte])
            kfail(k, "%s byte %llu of %s (word %llu, mask 0x%08x, bits 0x%08x), which is no element's",
                  merge ? "merges into" : "stores", (unsigned long long)byte, t->name, (unsigned long long)word, mask,
                  bits);
        if (t->writes[byte] < 255)
            t->writes[byte]++;
    }
}

static void st_dst(const kernel* k, uint64_t word, uint32_t v) { write_dst(k, word, 0xffffffffu, v, false); }
static void merge_dst(const kernel* k, uint64_t word, uint32_t mask, uint32_t bits)
{
    write_dst(k, word, mask, bits, true);
}

static uint32_t load_src_code(const kernel* k, uint64_t pos)
{
    uint64_t byte = idx_mul(k, pos, k->sb, "an element's byte");
    uint32_t word = ld_src(k, byte >> 2);
    return k->sb == 4u ? word : (word >> ((uint32_t)(byte & 3u) * 8u)) & k->smask;
}

static uint32_t convert_code(const kernel* k, uint32_t code)
{
    return cref_convert((vksplit_type)k->src, (vksplit_type)k->dst, code, k->s->no_saturate, k->s->has_scale,
                        k->s->scale);
}

/* CONTIG: destination words. */
static void copy_words(kernel* k, uint64_t src_pos, uint64_t dst_pos, uint32_t run, uint32_t tile)
{
    k->phase = "copy_words";
    uint64_t end = idx_add(k, dst_pos, run, "end = dst_pos + run");
    uint64_t last_word = (idx_mul(k, end, k->db, "end * DB") - 1u) >> 2;
    uint64_t w0 = idx_add(k,
                          idx_add(k, idx_mul(k, dst_pos, k->db, "dst_pos * DB") >> 2,
                                  idx_mul(k, tile, (uint64_t)k->wgs * k->unroll, "tile * WG * UNROLL"), "w0"),
                          k->lid, "w0");
    /* every w the loops compute, and the invocation's share where it has none (exact: no load,
     * the store loop's first break) */
    idx_add(k, w0, (uint64_t)(k->unroll - 1u) * k->wgs, "w = w0 + j * WG");
    if (w0 > last_word)
        return;
    uint32_t codes[64];
    for (uint32_t j = 0; j < k->unroll; j++) {
        uint64_t w = w0 + (uint64_t)j * k->wgs;
        for (uint32_t e = 0; e < k->dpw; e++) {
            codes[j * k->dpw + e] = 0;
            if (w > last_word)
                continue;
            uint64_t pos = idx_add(k, idx_mul(k, w, k->dpw, "w * DPW"), e, "pos");
            if (pos >= dst_pos && pos < end)
                codes[j * k->dpw + e] = load_src_code(k, idx_add(k, src_pos, pos - dst_pos, "src_pos + pos - dst_pos"));
        }
    }
    for (uint32_t j = 0; j < k->unroll; j++) {
        uint64_t w = w0 + (uint64_t)j * k->wgs;
        if (w > last_word)
            break;
        uint32_t bits = 0, mask = 0;
        for (uint32_t e = 0; e < k->dpw; e++) {
            uint64_t pos = w * k->dpw + e;
            if (pos >= dst_pos && pos < end) {
                bits |= convert_code(k, codes[j * k->dpw + e]) << (8u * k->db * e);
                mask |= k->dmask << (8u * k->db * e);
            }
        }
        way(k, mask == 0xffffffffu ? WAY_WORD_STORE : WAY_WORD_MERGE);
        if (mask == 0xffffffffu)
            st_dst(k, w, bits);
        else
            merge_dst(k, w, mask, bits);
    }
}

/* Otherwise: elements one by one. */
static void copy_elements(kernel* k, uint64_t src_pos, uint64_t dst_pos, uint64_t src_step, uint64_t dst_step,
                          uint32_t run, uint32_t tile)
{
    k->phase = "copy_elements";
    uint32_t i0 =
        u32_add(k, u32_mul(k, u32_mul(k, tile, k->wgs, "tile * WG"), k->unroll, "tile * WG * UNROLL"), k->lid, "i0");
    u32_add(k, i0, (uint64_t)(k->unroll - 1u) * k->wgs, "i = i0 + j * WG");
    if (i0 >= run)
        return;
    uint32_t codes[16];
    for (uint32_t j = 0; j < k->unroll; j++) {
        uint32_t i = i0 + j * k->wgs;
        codes[j] = i < run ? load_src_code(k, idx_add(k, src_pos, idx_mul(k, i, src_step, "i * src_step"), "src")) : 0u;
    }
    for (uint32_t j = 0; j < k->unroll; j++) {
        uint32_t i = i0 + j * k->wgs;
        if (i >= run)
            break;
        uint32_t v = convert_code(k, codes[j]);
        uint64_t byte =
            idx_mul(k, idx_add(k, dst_pos, idx_mul(k, i, dst_step, "i * dst_step"), "dst_pos + i * dst_step"), k->db,
                    "the element's byte");
        way(k, k->db == 4u ? WAY_ELEMENT_STORE : WAY_ELEMENT_MERGE);
        if (k->db == 4u) {
            st_dst(k, byte >> 2, v);
        } else {
            uint32_t shift = (uint32_t)(byte & 3u) * 8u;
            merge_dst(k, byte >> 2, k->dmask << shift, v << shift);
        }
    }
}

static void quantize_block(kernel* k, uint64_t src_pos, uint64_t dst_pos, uint32_t b)
{
    k->phase = "quantize_block";
    float x[CREF_Q8_0_BLOCK];
    uint32_t first = u32_mul(k, b, CREF_Q8_0_BLOCK, "b * Q8_0_BLOCK");
    u32_add(k, first, CREF_Q8_0_BLOCK - 1u, "b * Q8_0_BLOCK + j");
    for (uint32_t j = 0; j < CREF_Q8_0_BLOCK; j++)
        x[j] = cref_f32(cref_widen((vksplit_type)k->src, load_src_code(k, idx_add(k, src_pos, first + j, "src"))));
    uint8_t out[CREF_Q8_0_BLOCK_BYTES];
    cref_q8_0_quantize(x, out);
    uint32_t dh = out[0] | (uint32_t)out[1] << 8, q[CREF_Q8_0_BLOCK];
    for (uint32_t j = 0; j < CREF_Q8_0_BLOCK; j++)
        q[j] = out[2 + j];
    uint64_t block = idx_add(k, dst_pos / CREF_Q8_0_BLOCK, b, "block");
    uint64_t byte = idx_mul(k, block, CREF_Q8_0_BLOCK_BYTES, "block * Q8_0_BYTES");
    uint64_t w = byte >> 2;
    idx_add(k, w, 8, "w + 8");
    way(k, (byte & 3u) == 0u ? WAY_QUANTIZE_ALIGNED : WAY_QUANTIZE_HALF);
    if ((byte & 3u) == 0u) {
        st_dst(k, w, dh | q[0] << 16 | q[1] << 24);
        for (uint32_t e = 1; e < 8; e++)
            st_dst(k, w + e, q[4 * e - 2] | q[4 * e - 1] << 8 | q[4 * e] << 16 | q[4 * e + 1] << 24);
        merge_dst(k, w + 8, 0xffffu, q[30] | q[31] << 8);
    } else {
        merge_dst(k, w, 0xffff0000u, dh << 16);
        for (uint32_t e = 0; e < 8; e++)
            st_dst(k, w + 1 + e, q[4 * e] | q[4 * e + 1] << 8 | q[4 * e + 2] << 16 | q[4 * e + 3] << 24);
    }
}

static void dequantize_block(kernel* k, uint64_t src_pos, uint64_t dst_pos, uint32_t b)
{
    k->phase = "dequantize_block";
    uint64_t block = idx_add(k, src_pos / CREF_Q8_0_BLOCK, b, "block");
    uint64_t byte = idx_mul(k, block, CREF_Q8_0_BLOCK_BYTES, "block * Q8_0_BYTES");
    uint64_t w = byte >> 2;
    idx_add(k, w, 8, "w + 8");
    uint32_t words[9];
    for (uint32_t e = 0; e < 9; e++)
        words[e] = ld_src(k, w + e);
    uint32_t dh, qs[CREF_Q8_0_BLOCK];
    if ((byte & 3u) == 0u) {
        dh = words[0] & 0xffffu;
        qs[0] = (words[0] >> 16) & 0xffu;
        qs[1] = words[0] >> 24;
        for (uint32_t j = 2; j < CREF_Q8_0_BLOCK; j++)
            qs[j] = (words[(j + 2u) >> 2] >> (8u * ((j + 2u) & 3u))) & 0xffu;
    } else {
        dh = words[0] >> 16;
        for (uint32_t j = 0; j < CREF_Q8_0_BLOCK; j++)
            qs[j] = (words[1u + (j >> 2)] >> (8u * (j & 3u))) & 0xffu;
    }
    uint8_t in[CREF_Q8_0_BLOCK_BYTES];
    in[0] = (uint8_t)dh, in[1] = (uint8_t)(dh >> 8);
    for (uint32_t j = 0; j < CREF_Q8_0_BLOCK; j++)
        in[2 + j] = (uint8_t)qs[j];
    uint32_t y[CREF_Q8_0_BLOCK];
    cref_q8_0_dequantize(in, (vksplit_type)k->dst, y);
    uint64_t e0 = idx_add(k, dst_pos, u32_mul(k, b, CREF_Q8_0_BLOCK, "b * Q8_0_BLOCK"), "e0");
    way(k, k->db == 4u ? WAY_DEQUANTIZE_WORDS : (e0 & 1u) == 0u ? WAY_DEQUANTIZE_EVEN : WAY_DEQUANTIZE_ODD);
    if (k->db == 4u) {
        idx_add(k, e0, CREF_Q8_0_BLOCK - 1u, "e0 + j");
        for (uint32_t j = 0; j < CREF_Q8_0_BLOCK; j++)
            st_dst(k, e0 + j, y[j]);
    } else {
        uint64_t first = idx_mul(k, e0, 2, "e0 * 2") >> 2;
        idx_add(k, first, 16, "first + 16");
        if ((e0 & 1u) == 0u) {
            for (uint32_t e = 0; e < 16; e++)
                st_dst(k, first + e, y[2 * e] | y[2 * e + 1] << 16);
        } else {
            merge_dst(k, first, 0xffff0000u, y[0] << 16);
            for (uint32_t e = 0; e < 15; e++)
                st_dst(k, first + 1 + e, y[2 * e + 1] | y[2 * e + 2] << 16);
            merge_dst(k, first + 16, 0xffffu, y[31]);
        }
    }
}

/* find_segment with device addresses: the search over the table's prefix. */
static uint32_t find_segment(const kernel* k, uint32_t wg)
{
    uint32_t lo = 0, hi = k->cv->segment_count - 1u;
    while (lo < hi) {
        uint32_t mid = (lo + hi + 1u) >> 1;
        if (tbl(k, (uint64_t)mid * CSEG_WORDS + CSEG_FIRST_GROUP) <= wg)
            lo = mid;
        else
            hi = mid - 1u;
    }
    return lo;
}

/* main() of one workgroup: wg its index (gl_WorkGroupID.y * grid_x + x); desc_segment the
 * descriptor path's dispatch (its segment's table bound at it, its part's binding). */
static void workgroup(kernel* k, uint32_t wg, uint32_t desc_segment)
{
    run_state* s = k->s;
    k->wg = wg, k->lid = 0, k->phase = "main";
    uint32_t seg = k->desc ? 0u : find_segment(k, wg); /* the descriptor path's find_segment: 0 */
    k->seg = k->desc ? desc_segment : seg;
    uint32_t at = u32_mul(k, seg, CSEG_WORDS, "seg * CSEG_WORDS");
    uint32_t first = k->desc ? 0u : tbl(k, at + CSEG_FIRST_GROUP);
    if (wg < first)
        kfail(k, "the search found segment %u, whose first workgroup is %u", seg, first);
    uint32_t unit = wg - first;
    uint32_t tiles = tbl(k, at + CSEG_TILES);
    if (!tiles)
        kfail(k, "divides by the segment's tiles, 0");
    uint32_t row = unit / tiles, tile = unit - row * tiles;
    if (row >= tbl(k, at + CSEG_ROWS)) {
        way(k, WAY_PADDING);
        return; /* the grid's padding */
    }
    if (tile)
        way(k, WAY_TILES);
    /* set_sides: the part the recording binds for the segment (plan_convert.c's segments[k].part_index) */
    uint32_t p = s->cv->table[(size_t)k->seg * CSEG_WORDS + CSEG_PART];
    if (p >= s->q->part_count)
        kfail(k, "the segment's part is %u of %u", p, s->q->part_count);
    tensor* part = &s->parts[p];
    k->src_t = k->join ? part : &s->whole;
    k->dst_t = k->join ? &s->whole : part;
    uint64_t whole_pos = tbl_idx(k, at + CSEG_WHOLE_BASE), part_pos = 0;
    uint32_t r = row, dims = tbl(k, at + CSEG_DIMS);
    for (uint32_t d = 1; d < dims; d++)
        way(k, WAY_ROW_DIMS);
    if (dims > CONVERT_MAX_DIMS)
        kfail(k, "%u row dimensions, past CONVERT_MAX_DIMS", dims);
    for (uint32_t d = 0; d < dims; d++) {
        uint32_t f = at + CSEG_DIM0 + d * CSEG_DIM_WORDS;
        uint32_t size = tbl(k, f);
        if (!size)
            kfail(k, "row dimension %u has size 0", d);
        uint32_t i = r % size;
        r /= size;
        whole_pos = idx_add(k, whole_pos, idx_mul(k, i, tbl_idx(k, f + 1), "i * whole stride"), "whole_pos");
        part_pos = idx_add(k, part_pos, idx_mul(k, i, tbl_idx(k, f + 3), "i * part stride"), "part_pos");
    }
    uint64_t src_pos = k->join ? part_pos : whole_pos, dst_pos = k->join ? whole_pos : part_pos;
    uint32_t run = tbl(k, at + CSEG_RUN);
    if (k->dst == CTYPE_Q8_0 || k->src == CTYPE_Q8_0) {
        for (k->lid = 0; k->lid < k->wgs; k->lid++) {
            uint32_t b = u32_add(k, u32_mul(k, tile, k->wgs, "tile * WG"), k->lid, "b");
            if (b >= run / CREF_Q8_0_BLOCK)
                continue;
            if (k->dst == CTYPE_Q8_0)
                quantize_block(k, src_pos, dst_pos, b);
            else
                dequantize_block(k, src_pos, dst_pos, b);
        }
    } else if (k->contig) {
        for (k->lid = 0; k->lid < k->wgs; k->lid++)
            copy_words(k, src_pos, dst_pos, run, tile);
    } else {
        uint64_t whole_step = tbl_idx(k, at + CSEG_WHOLE_STEP), part_step = tbl_idx(k, at + CSEG_PART_STEP);
        for (k->lid = 0; k->lid < k->wgs; k->lid++)
            copy_elements(k, src_pos, dst_pos, k->join ? part_step : whole_step, k->join ? whole_step : part_step, run,
                          tile);
    }
}

/* record_convert.c's grid_of: x up to the device's limit, then rows of it. */
static void dispatch(kernel* k, uint64_t groups, uint32_t desc_segment)
{
    const fz_convert_case* c = k->s->c;
    uint64_t gx = groups < c->max_group_count[0] ? groups : c->max_group_count[0];
    if (!gx)
        fz_fail("a dispatch of %llu workgroups on a grid %u wide", (unsigned long long)groups, c->max_group_count[0]);
    uint64_t gy = (groups + gx - 1) / gx;
    if (gx > UINT32_MAX || gy > c->max_group_count[1])
        fz_fail("a dispatch of %llu workgroups as %llu x %llu, past the device's %u x %u", (unsigned long long)groups,
                (unsigned long long)gx, (unsigned long long)gy, c->max_group_count[0], c->max_group_count[1]);
    k->seg = desc_segment, k->wg = 0, k->lid = 0, k->phase = "main";
    k->table_base = k->desc ? desc_segment * CSEG_WORDS : 0;
    k->table_words = k->desc ? CSEG_WORDS : k->cv->segment_count * CSEG_WORDS;
    for (uint32_t i = 0; i < 4 && i + 1 < gy; i++)
        way(k, WAY_GRID_ROWS);
    for (uint64_t y = 0; y < gy; y++)
        for (uint64_t x = 0; x < gx; x++)
            workgroup(k, u32_add(k, u32_mul(k, y, gx, "gl_WorkGroupID.y * grid_x"), x, "wg"), desc_segment);
}

static void run_kernel(run_state* s)
{
    const vksplit__convert_geometry* cv = s->cv;
    kernel k;
    memset(&k, 0, sizeof k);
    k.s = s, k.cv = cv, k.desc = s->desc, k.join = s->join, k.contig = cv->contig != 0;
    k.src = cv->src, k.dst = cv->dst;
    k.sb = k.src == CTYPE_F32 ? 4u : (k.src == CTYPE_F16 || k.src == CTYPE_BF16) ? 2u : 1u;
    k.db = k.dst == CTYPE_F32 ? 4u : (k.dst == CTYPE_F16 || k.dst == CTYPE_BF16) ? 2u : 1u;
    k.dpw = 4u / k.db;
    k.smask = k.sb == 4u ? 0xffffffffu : (1u << (8u * k.sb)) - 1u;
    k.dmask = k.db == 4u ? 0xffffffffu : (1u << (8u * k.db)) - 1u;
    k.unroll = cv->unroll, k.wgs = cv->workgroup_size;
    k.phase = "main";
    if (k.unroll < 1 || k.unroll > 64 || k.unroll * k.dpw > 64)
        fz_fail("the plan's unroll is %u (%u elements a word): the model's arrays hold 64 elements", k.unroll, k.dpw);
    if (!cv->segment_count)
        return; /* every part empty: nothing is recorded */
    for (uint32_t seg = 1; seg < cv->segment_count; seg++)
        way(&k, WAY_SEGMENTS);
    if (k.desc)
        way(&k, WAY_DESCRIPTORS);
    if (k.join)
        way(&k, WAY_JOIN);
    if (k.desc) {
        for (uint32_t seg = 0; seg < cv->segment_count; seg++)
            dispatch(&k, cv->groups[seg], seg);
    } else {
        dispatch(&k, cv->total_groups, 0);
    }
}

/* ---- the data, the written side's bytes, the reference -------------------------------------- */

static float moderate_value(uint64_t* rng)
{
    uint64_t v = next_random(rng);
    int m = (int)(v % 2001) - 1000, e = (int)((v >> 16) % 21) - 10;
    return ldexpf((float)m, e);
}

/* The side read: random bits over its span; with moderate, each element (a Q8_0 block's d) a
 * moderate finite value. */
static void fill_source(run_state* s, tensor* t)
{
    for (uint64_t b = 0; b < t->span; b++)
        t->bytes[b] = (uint8_t)next_random(&s->rng);
    if (!s->c->moderate || t->empty)
        return;
    uint64_t idx[VKSPLIT_MAX_RANK] = {0};
    uint64_t step = is_q8(t->type) ? CREF_Q8_0_BLOCK : 1;
    do {
        uint64_t at = element_byte(t, idx, 0);
        if (is_q8(t->type)) {
            uint32_t d = cref_narrow(VKSPLIT_TYPE_FLOAT16, cref_bits(fabsf(moderate_value(&s->rng)) / 127.0f), 0);
            t->bytes[at] = (uint8_t)d, t->bytes[at + 1] = (uint8_t)(d >> 8);
        } else {
            cref_store(t->type, t->bytes + at, 0, cref_narrow(t->type, cref_bits(moderate_value(&s->rng)), 0));
        }
    } while (next_index(t->rank, t->sizes, step, idx));
}

/* The written side: poisoned, each element's bytes (a block's 34) marked. */
static void prepare_destination(tensor* t)
{
    memset(t->bytes, POISON, t->span);
    memset(t->want, POISON, t->span);
    if (t->empty)
        return;
    uint64_t idx[VKSPLIT_MAX_RANK] = {0};
    uint64_t step = is_q8(t->type) ? CREF_Q8_0_BLOCK : 1;
    uint32_t bytes = unit_bytes(t->type);
    do {
        uint64_t at = element_byte(t, idx, 0);
        if (at + bytes > t->span)
            fz_fail("%s: an element at byte %llu, past the span of %llu bytes", t->name, (unsigned long long)at,
                    (unsigned long long)t->span);
        for (uint32_t b = 0; b < bytes; b++) {
            if (t->owned[at + b])
                fz_fail("%s: byte %llu is two elements' (the rules let the written side overlap)", t->name,
                        (unsigned long long)(at + b));
            t->owned[at + b] = 1;
        }
    } while (next_index(t->rank, t->sizes, step, idx));
}

/* The direct reference: for each part and each element index of it, the whole's element at the
 * part's offset along the axis plus the index, converted (a split: whole -> part; a join: part ->
 * whole), Q8_0 a block of 32 along the last dimension at a time. */
static void reference(run_state* s)
{
    const vksplit__request* q = s->q;
    uint32_t rank = q->rank;
    bool q8 = is_q8(s->src_type) || is_q8(s->dst_type);
    for (uint32_t p = 0; p < q->part_count; p++) {
        tensor* part = &s->parts[p];
        if (part->empty)
            continue;
        tensor* src = s->join ? part : &s->whole;
        tensor* dst = s->join ? &s->whole : part;
        uint64_t idx[VKSPLIT_MAX_RANK] = {0}, widx[VKSPLIT_MAX_RANK];
        do {
            memcpy(widx, idx, sizeof widx);
            widx[q->axis] += s->offsets[p];
            const uint64_t* si = s->join ? idx : widx;
            const uint64_t* di = s->join ? widx : idx;
            if (is_q8(s->dst_type)) {
                float x[CREF_Q8_0_BLOCK];
                for (uint32_t j = 0; j < CREF_Q8_0_BLOCK; j++)
                    x[j] = cref_f32(
                        cref_widen(s->src_type, cref_load(s->src_type, src->bytes + element_byte(src, si, j), 0)));
                cref_q8_0_quantize(x, dst->want + element_byte(dst, di, 0));
            } else if (is_q8(s->src_type)) {
                uint32_t codes[CREF_Q8_0_BLOCK];
                cref_q8_0_dequantize(src->bytes + element_byte(src, si, 0), s->dst_type, codes);
                for (uint32_t j = 0; j < CREF_Q8_0_BLOCK; j++)
                    cref_store(s->dst_type, dst->want + element_byte(dst, di, j), 0, codes[j]);
            } else {
                uint32_t code = cref_load(s->src_type, src->bytes + element_byte(src, si, 0), 0);
                cref_store(s->dst_type, dst->want + element_byte(dst, di, 0), 0,
                           cref_convert(s->src_type, s->dst_type, code, s->no_saturate, s->has_scale, s->scale));
            }
        } while (next_index(rank, part->sizes, q8 ? CREF_Q8_0_BLOCK : 1, idx));
    }
}

/* Every element's byte written once, every other byte never, the bytes the reference's. */
static void compare(const run_state* s, const tensor* t)
{
    for (uint64_t b = 0; b < t->span; b++) {
        if (t->owned[b] && t->writes[b] != 1)
            fz_fail("%s: byte %llu of an element written %u times (the model of convert.comp, %s %s -> %s, %s)",
                    t->name, (unsigned long long)b, t->writes[b], s->join ? "join" : "split",
                    cref_type_name(s->src_type), cref_type_name(s->dst_type), s->desc ? "descriptors" : "addresses");
        if (t->bytes[b] != t->want[b]) {
            uint32_t size = unit_bytes(t->type);
            fz_fail("%s: byte %llu is 0x%02x, the reference's 0x%02x (%s %s -> %s, %s%s, unroll %u, workgroup %u; "
                    "the %s at byte %llu)",
                    t->name, (unsigned long long)b, t->bytes[b], t->want[b], s->join ? "join" : "split",
                    cref_type_name(s->src_type), cref_type_name(s->dst_type), s->cv->contig ? "words" : "elements",
                    s->desc ? ", descriptors" : "", s->cv->unroll, s->cv->workgroup_size,
                    is_q8(t->type) ? "block" : "element", (unsigned long long)(size ? b - b % size : b));
        }
    }
}

/* ---- the rules, the request, the geometry ---------------------------------------------------- */

static void check_refusal(const char* what, vksplit_result r, const vksplit_error* error)
{
    size_t length = strnlen(error->message, sizeof error->message);
    if (r >= 0 || error->code != r || error->rule == VKSPLIT_RULE_NONE || length == 0 ||
        length == sizeof error->message || strchr(error->message, '\n'))
        fz_fail("%s refused (%d) without a rule, a code or a one-line message: rule %d, code %d, '%.*s'", what, r,
                (int)error->rule, error->code, (int)length, error->message);
}

static void trace(const char* what, vksplit_result r, const vksplit_error* error)
{
    static int enabled = -1;
    if (enabled < 0)
        enabled = getenv("VKSPLIT_FUZZ_TRACE") != NULL;
    if (enabled)
        fprintf(stderr, "%s: %s %s\n", what, vksplit_result_name(r), r == VKSPLIT_OK ? "" : error->message);
}

/* vksplit_plan_create's no_types: the options leave types out. */
static bool no_types(const vksplit_convert* c)
{
    return !c->whole && !c->parts && !c->no_saturate && !c->scale_source && c->scale == 0.0f;
}

/* A conversion the options' rules let through is one docs/conversions.md lists. */
static void check_accepted_options(const fz_convert_case* c, uint32_t copy_size)
{
    const vksplit_plan_options* o = &c->options;
    const vksplit_convert* v = &o->convert;
    if ((uint32_t)v->whole > VKSPLIT_TYPE_Q8_0 || (uint32_t)v->parts > VKSPLIT_TYPE_Q8_0 ||
        !cref_pair_supported(v->whole, v->parts))
        fz_fail("the options convert %u -> %u, a pair docs/conversions.md does not list", (unsigned)v->whole,
                (unsigned)v->parts);
    if ((uint32_t)v->scale_source > VKSPLIT_SCALE_DEVICE ||
        (v->scale_source != VKSPLIT_SCALE_NONE && !cref_is_fp8(v->whole) && !cref_is_fp8(v->parts)))
        fz_fail("scale source %u accepted for %s -> %s", (unsigned)v->scale_source, cref_type_name(v->whole),
                cref_type_name(v->parts));
    if (v->scale_source == VKSPLIT_SCALE_HOST && !(isfinite(v->scale) && v->scale > 0.0f))
        fz_fail("a host scale of %g accepted", (double)v->scale);
    if (c->desc->element_size != 0 && c->desc->element_size != cref_element_size(v->whole))
        fz_fail("element_size %u accepted for a whole of %s", c->desc->element_size, cref_type_name(v->whole));
    if (o->device_parameters == VKSPLIT_DEVICE_PARAMETERS_RING ||
        (o->rows.mode != VKSPLIT_ROWS_NONE && o->rows.pages_along) || o->path == VKSPLIT_PATH_TRANSFER)
        fz_fail("a conversion accepted with device parameters %d, rows %d in pages %u, path %d",
                (int)o->device_parameters, (int)o->rows.mode, o->rows.pages_along, (int)o->path);
    if (copy_size != 4)
        fz_fail("a conversion's request is validated with element_size %u, not 4", copy_size);
}

static void setup_tensor(tensor* t, const vksplit__request* q, vksplit_type type, const uint64_t* sizes,
                         const uint64_t* strides, uint64_t span, bool written, const char* name)
{
    memset(t, 0, sizeof *t);
    t->type = type;
    t->rank = q->rank;
    memcpy(t->sizes, sizes, q->rank * sizeof *sizes);
    memcpy(t->strides, strides, q->rank * sizeof *strides);
    t->empty = vksplit__is_empty(q->rank, sizes);
    snprintf(t->name, sizeof t->name, "%s", name);
    uint64_t want = expected_span(t);
    if (span != want)
        fz_fail("%s (%s): the geometry's span is %llu bytes, its elements' %llu", name, cref_type_name(type),
                (unsigned long long)span, (unsigned long long)want);
    t->span = span;
    size_t n = span ? (size_t)span : 1;
    t->bytes = malloc(n);
    if (written) {
        t->owned = calloc(n, 1);
        t->writes = calloc(n, 1);
        t->want = malloc(n);
    }
    if (!t->bytes || (written && (!t->owned || !t->writes || !t->want)))
        fz_fail("out of memory for %llu bytes", (unsigned long long)span);
}

/* The geometry's numbers against the request's, then the model. */
static void check_geometry(const fz_convert_case* c, const vksplit__request* q, const vksplit__convert_geometry* cv)
{
    static run_state s; /* its tensors' buffers are freed at the end of each run */
    memset(&s, 0, sizeof s);
    s.c = c, s.q = q, s.cv = cv;
    s.join = vksplit__writes_whole(q->direction);
    s.desc = c->reach != 0;
    s.whole_type = c->options.convert.whole, s.parts_type = c->options.convert.parts;
    s.src_type = s.join ? s.parts_type : s.whole_type;
    s.dst_type = s.join ? s.whole_type : s.parts_type;
    s.no_saturate = c->options.convert.no_saturate != 0;
    s.has_scale = c->options.convert.scale_source != VKSPLIT_SCALE_NONE;
    s.scale = c->options.convert.scale_source == VKSPLIT_SCALE_DEVICE ? c->device_scale : c->options.convert.scale;
    s.rng = c->seed;
    if (q->part_count > MAX_PARTS)
        fz_fail("%u parts: the harness makes at most %u", q->part_count, MAX_PARTS);
    if (cv->src != (uint32_t)s.src_type || cv->dst != (uint32_t)s.dst_type)
        fz_fail("the geometry reads %u and writes %u; the %s reads %s and writes %s", cv->src, cv->dst,
                s.join ? "join" : "split", cref_type_name(s.src_type), cref_type_name(s.dst_type));
    /* the geometry fits a GPU's workgroup to the shortest run: halved from the caps', down to 32 */
    uint32_t wg = cv->workgroup_size;
    if (wg > c->workgroup_size || (wg & (wg - 1)) || (wg < 32 && wg != c->workgroup_size))
        fz_fail("the geometry's workgroup is %u, the caps' %u", wg, c->workgroup_size);

    setup_tensor(&s.whole, q, s.whole_type, q->sizes, q->whole_strides, cv->whole_span, s.join, "the whole");
    uint32_t active = 0;
    uint64_t start = 0, read = 0, written = 0;
    for (uint32_t p = 0; p < q->part_count; p++) {
        uint64_t sizes[VKSPLIT_MAX_RANK], strides[VKSPLIT_MAX_RANK];
        vksplit__part_sizes(q, p, sizes);
        vksplit__part_strides(q, p, strides);
        char name[24];
        snprintf(name, sizeof name, "part %u", p);
        setup_tensor(&s.parts[p], q, s.parts_type, sizes, strides, cv->part_spans[p], !s.join, name);
        s.offsets[p] = start;
        start += q->lengths[p];
        if (s.parts[p].empty)
            continue;
        active++;
        uint64_t elements = 1;
        for (uint32_t d = 0; d < q->rank; d++)
            elements *= sizes[d];
        read += is_q8(s.src_type) ? elements / 32 * 34 : elements * cref_element_size(s.src_type);
        written += is_q8(s.dst_type) ? elements / 32 * 34 : elements * cref_element_size(s.dst_type);
    }
    if (cv->segment_count != active)
        fz_fail("%u segments for %u non-empty parts", cv->segment_count, active);
    if (cv->bytes_read != read || cv->bytes_written != written)
        fz_fail("the geometry reads %llu and writes %llu bytes; the elements are %llu and %llu",
                (unsigned long long)cv->bytes_read, (unsigned long long)cv->bytes_written, (unsigned long long)read,
                (unsigned long long)written);
    uint64_t groups = 0;
    for (uint32_t k = 0; k < cv->segment_count; k++)
        groups += cv->groups[k];
    if (groups != cv->total_groups)
        fz_fail("the segments' workgroups add up to %llu, the grid's are %llu", (unsigned long long)groups,
                (unsigned long long)cv->total_groups);
    if (cv->total_groups > (uint64_t)c->max_group_count[0] * c->max_group_count[1])
        fz_fail("%llu workgroups planned for a grid of at most %u x %u", (unsigned long long)cv->total_groups,
                c->max_group_count[0], c->max_group_count[1]);
    if (s.desc) {
        for (uint32_t p = 0; p <= q->part_count; p++) {
            const tensor* t = p < q->part_count ? &s.parts[p] : &s.whole;
            if (t->span > c->reach)
                fz_fail("%s spans %llu bytes, past the binding's reach of %llu", t->name, (unsigned long long)t->span,
                        (unsigned long long)c->reach);
        }
    }

    /* the side read, the side written */
    if (s.join) {
        for (uint32_t p = 0; p < q->part_count; p++)
            fill_source(&s, &s.parts[p]);
        prepare_destination(&s.whole);
    } else {
        fill_source(&s, &s.whole);
        for (uint32_t p = 0; p < q->part_count; p++)
            prepare_destination(&s.parts[p]);
    }
    reference(&s);
    run_kernel(&s);
    if (s.join) {
        compare(&s, &s.whole);
    } else {
        for (uint32_t p = 0; p < q->part_count; p++)
            compare(&s, &s.parts[p]);
    }
    free_tensor(&s.whole);
    for (uint32_t p = 0; p < q->part_count; p++)
        free_tensor(&s.parts[p]);
}

void fz_check_convert(const fz_convert_case* c)
{
    const vksplit_plan_options* o = &c->options;
    if (no_types(&o->convert))
        return; /* element_size is a width: the byte copy's harnesses */
    vksplit_error error;
    memset(&error, 0, sizeof error);
    uint32_t copy_size = 0;
    vksplit_result r = vksplit__convert_options(o, c->desc->element_size, &copy_size, &error);
    trace("vksplit__convert_options", r, &error);
    if (r != VKSPLIT_OK) {
        check_refusal("vksplit__convert_options", r, &error);
        return;
    }
    if (!vksplit__converts(o))
        return; /* equal types: the byte copy, its size the type's */
    check_accepted_options(c, copy_size);
    if (o->device_parameters != VKSPLIT_DEVICE_PARAMETERS_NONE || o->rows.mode != VKSPLIT_ROWS_NONE)
        return; /* the converting copy over capacities or placed rows: not modelled here */

    vksplit_split_desc split = *c->desc;
    split.element_size = copy_size;
    vksplit__request q;
    if (c->join) {
        vksplit_join_desc join = {.element_size = copy_size,
                                  .rank = split.rank,
                                  .sizes = split.sizes,
                                  .output_strides = split.input_strides,
                                  .axis = split.axis,
                                  .input_count = split.output_count,
                                  .lengths = split.lengths,
                                  .input_strides = split.output_strides,
                                  .base_alignment = split.base_alignment};
        r = vksplit__join_request(&join, false, &q, &error);
    } else {
        r = vksplit__split_request(&split, false, &q, &error);
    }
    trace("the request", r, &error);
    if (r != VKSPLIT_OK) {
        check_refusal("the request", r, &error);
        return;
    }

    /* a GPU's: one tile a workgroup, the wide lanes' share where device addresses load 16 bytes */
    vksplit__convert_caps caps = {c->workgroup_size, {c->max_group_count[0], c->max_group_count[1]}, c->reach, 64u, 1u,
                                  VK_FALSE};
    vksplit__convert_geometry cv;
    r = vksplit__plan_convert_geometry(&q, &o->convert, NULL, &caps, NULL, &cv, &error);
    trace("vksplit__plan_convert_geometry", r, &error);
    if (r != VKSPLIT_OK) {
        check_refusal("vksplit__plan_convert_geometry", r, &error);
    } else {
        if (getenv("VKSPLIT_FUZZ_TRACE"))
            fprintf(stderr, "geometry: %s %s -> %s%s, %u segments, %llu workgroups of %u, unroll %u, %s\n",
                    c->join ? "join" : "split", cref_type_name((vksplit_type)cv.src),
                    cref_type_name((vksplit_type)cv.dst), c->reach ? " (descriptors)" : "", cv.segment_count,
                    (unsigned long long)cv.total_groups, cv.workgroup_size, cv.unroll,
                    cv.contig ? "words" : "elements");
        check_geometry(c, &q, &cv);
    }
    vksplit__convert_geometry_free(NULL, &cv);
}
