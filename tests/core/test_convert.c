/* Copies that convert (vksplit_plan_options.convert, docs/conversions.md) through the library
 * on the device, every output byte against the tests' own CPU reference
 * (tests/convert/convert_reference.c), and the convert rules by id.
 *
 *   pairs       every pair of the doc's table, each as a split (the whole of the source type,
 *               the parts of the destination's) and as a join (the parts of the source type):
 *               every FLOAT16 and BFLOAT16 code (65,536 each), every code of both FP8 formats,
 *               float32 values at and around every rounding boundary of the destination (every
 *               code's value, the midpoint to the next and the floats either side, both signs),
 *               NaN payloads, -0, +-inf, float32 subnormals and random bits; to FP8 saturating
 *               and not, with no scale, host scales 0.5 and 3.0 and a device scale; Q8_0 blocks
 *               all zero, tiny, huge (1e30, 3e38), mixed in sign, with subnormals, a NaN, an
 *               infinity, every FLOAT16 code, and every FLOAT16 d of a block to dequantize.
 *               Shapes: 2 parts along the last axis of odd lengths (rows and parts start
 *               mid-word), 3 parts along axis 0, 3 parts along the last axis of a rank-3
 *               tensor, strided tensors on the float side (a whole with padded rows, a part
 *               with a gap between elements); Q8_0 as [rows, 64] split along axis 0 and along
 *               the last axis, and 3 parts of a rank-3 tensor.
 *   device      a device scale: ONE command buffer recorded, submitted again after each change
 *               of the float in the scale buffer (2, 0.25, -3, 0, inf, NaN, a subnormal): each
 *               result is the one for the scale then.
 *   rules       PLAN_CONVERT_* and RECORD_SCALE_* by id, the message naming the field, no plan
 *               made, nothing recorded (the outputs' guard bytes stay).
 * Every byte of the written side is compared: the elements, and the gaps, tails and guards
 * around them, which must keep what was there. The validation layer must stay silent.
 * VKSPLIT_TEST_VERBOSE=1 prints every case with its plan and timings; VKSPLIT_CONVERT_CASE=text
 * runs only the cases whose name holds text. An argument runs one of three parts, each a ctest
 * entry (core_convert_wide, _to_fp8, _from_fp8): `wide` the rules, the device scale replayed,
 * the pairs of FLOAT32, FLOAT16 and BFLOAT16 among themselves and with Q8_0, and a GPU's plans;
 * `to_fp8` the pairs to FP8; `from_fp8` the pairs from FP8 and every pair on push descriptors;
 * none (or `all`): all three. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "test_vulkan.h"

#include "convert_reference.h"
#include "reference.h"
#include "core_gpu.h"
#include "core_support.h"
#include "host_buffer.h"
#include "submit.h"
#include "test_harness.h"

#define MAX_PARTS 3u
#define GUARD 0xA5u
#define JUNK 0x5Au

#define F32 VKSPLIT_TYPE_FLOAT32
#define F16 VKSPLIT_TYPE_FLOAT16
#define BF16 VKSPLIT_TYPE_BFLOAT16
#define E4M3 VKSPLIT_TYPE_FLOAT8E4M3FN
#define E5M2 VKSPLIT_TYPE_FLOAT8E5M2
#define Q8 VKSPLIT_TYPE_Q8_0

/* ---- the device ------------------------------------------------------------------------------ */

typedef core_gpu gpu;

/* ---- shapes ---------------------------------------------------------------------------------- */

typedef struct geo {
    const char* name;
    uint32_t rank, axis, parts;
    uint64_t sizes[4];
    uint64_t lengths[MAX_PARTS];
    int whole_strided, part_strided[MAX_PARTS];
    uint64_t whole_strides[4], part_strides[MAX_PARTS][4]; /* always filled (packed where not strided) */
} geo;

static void packed_strides(uint32_t rank, const uint64_t* sizes, uint64_t* strides)
{
    uint64_t s = 1;
    for (uint32_t d = rank; d-- > 0;) {
        strides[d] = s;
        s *= sizes[d];
    }
}

static void part_sizes(const geo* g, uint32_t k, uint64_t* sizes)
{
    memcpy(sizes, g->sizes, sizeof g->sizes);
    sizes[g->axis] = g->lengths[k];
}

static uint64_t count_of(uint32_t rank, const uint64_t* sizes)
{
    uint64_t n = 1;
    for (uint32_t d = 0; d < rank; d++)
        n *= sizes[d];
    return n;
}

/* Fills the strides of every tensor not given its own. */
static void geo_finish(geo* g)
{
    if (!g->whole_strided)
        packed_strides(g->rank, g->sizes, g->whole_strides);
    for (uint32_t k = 0; k < g->parts; k++)
        if (!g->part_strided[k]) {
            uint64_t ps[4];
            part_sizes(g, k, ps);
            packed_strides(g->rank, ps, g->part_strides[k]);
        }
}

static uint64_t up(uint64_t n, uint64_t to) { return (n + to - 1) / to * to; }

enum {
    SHAPE_LAST2,   /* [4, C], 2 parts along the last axis, both of odd length */
    SHAPE_AXIS0,   /* [R, 1001], 3 parts along axis 0 */
    SHAPE_RANK3,   /* [2, 3, C], 3 parts along the last axis, odd lengths */
    SHAPE_STRIDED, /* [4, C], 3 parts along the last axis: the whole's rows padded, a part with gaps */
    SHAPE_COUNT,
    SHAPE_LONG /* not in the rotation: [2, C], 2 parts along axis 0, C a multiple of 64 from 8192 up */
};
enum {
    QSHAPE_AXIS0, /* [R, 64], 2 parts along axis 0 */
    QSHAPE_LAST,  /* [R, 64], 2 parts of 32 along the last axis, the float side strided */
    QSHAPE_RANK3, /* [R, 2, 96], 3 parts of 32 along the last axis */
    QSHAPE_COUNT
};

/* A shape of at least n elements. */
static geo shape(int kind, uint64_t n)
{
    geo g;
    memset(&g, 0, sizeof g);
    switch (kind) {
    case SHAPE_LAST2: {
        uint64_t c = up((n + 3) / 4, 2);
        g = (geo){.name = "2 parts, last axis, odd", .rank = 2, .axis = 1, .parts = 2, .sizes = {4, c}};
        g.lengths[0] = (c / 3) | 1;
        g.lengths[1] = c - g.lengths[0];
        break;
    }
    case SHAPE_AXIS0: {
        uint64_t r = (n + 1000) / 1001;
        r = r < 3 ? 3 : r;
        g = (geo){.name = "3 parts, axis 0", .rank = 2, .axis = 0, .parts = 3, .sizes = {r, 1001}};
        g.lengths[0] = 1, g.lengths[1] = r / 2, g.lengths[2] = r - 1 - r / 2;
        break;
    }
    case SHAPE_RANK3: {
        uint64_t c = ((n + 5) / 6) | 1;
        c = c < 9 ? 9 : c;
        g = (geo){.name = "3 parts, rank 3, last axis", .rank = 3, .axis = 2, .parts = 3, .sizes = {2, 3, c}};
        g.lengths[0] = (c / 4) | 1, g.lengths[1] = 3, g.lengths[2] = c - g.lengths[0] - 3;
        break;
    }
    case SHAPE_LONG: { /* runs of C elements, each on 64 elements (a GPU's whole tiles of 16-byte units) */
        uint64_t c = up((n + 1) / 2, 64);
        c = c < 8192 ? 8192 : c;
        g = (geo){.name = "2 parts, axis 0, long runs", .rank = 2, .axis = 0, .parts = 2, .sizes = {2, c}};
        g.lengths[0] = 1, g.lengths[1] = 1;
        break;
    }
    default: { /* SHAPE_STRIDED */
        uint64_t c = up((n + 3) / 4, 2) + 1;
        g = (geo){.name = "3 parts, strided", .rank = 2, .axis = 1, .parts = 3, .sizes = {4, c}};
        g.lengths[0] = 5, g.lengths[1] = (c / 2) | 1, g.lengths[2] = c - 5 - g.lengths[1];
        g.whole_strided = 1;
        g.whole_strides[0] = c + 3, g.whole_strides[1] = 1;
        g.part_strided[1] = 1; /* a gap after every element */
        g.part_strides[1][0] = 2 * g.lengths[1] + 1, g.part_strides[1][1] = 2;
        g.part_strided[2] = 1; /* padded rows */
        g.part_strides[2][0] = g.lengths[2] + 7, g.part_strides[2][1] = 1;
        break;
    }
    }
    geo_finish(&g);
    return g;
}

/* A Q8_0 shape of at least n elements; the side that is not Q8_0 (whole_q8: the parts) strided
 * in QSHAPE_LAST. */
static geo qshape(int kind, uint64_t n, int whole_q8)
{
    geo g;
    memset(&g, 0, sizeof g);
    uint64_t rows = (n + 63) / 64;
    switch (kind) {
    case QSHAPE_AXIS0:
        rows = rows < 2 ? 2 : rows;
        g = (geo){.name = "[rows, 64], axis 0", .rank = 2, .axis = 0, .parts = 2, .sizes = {rows, 64}};
        g.lengths[0] = rows / 3 + 1, g.lengths[1] = rows - g.lengths[0];
        break;
    case QSHAPE_LAST:
        g = (geo){.name = "[rows, 64], last axis", .rank = 2, .axis = 1, .parts = 2, .sizes = {rows, 64}};
        g.lengths[0] = 32, g.lengths[1] = 32;
        if (whole_q8) {
            g.part_strided[1] = 1;
            g.part_strides[1][0] = 40, g.part_strides[1][1] = 1;
        } else {
            g.whole_strided = 1;
            g.whole_strides[0] = 64 + 32, g.whole_strides[1] = 1;
        }
        break;
    default: /* QSHAPE_RANK3 */
        rows = (n + 191) / 192;
        g = (geo){.name = "[rows, 2, 96], 3 parts, last axis",
                  .rank = 3,
                  .axis = 2,
                  .parts = 3,
                  .sizes = {rows, 2, 96}};
        g.lengths[0] = 32, g.lengths[1] = 32, g.lengths[2] = 32;
        break;
    }
    geo_finish(&g);
    return g;
}

/* Element w of the whole in C order: its part, its offset in the whole and in the part
 * (elements, by their strides). */
static void locate(const geo* g, uint64_t w, uint32_t* k, uint64_t* whole_off, uint64_t* part_off)
{
    uint64_t idx[4] = {0, 0, 0, 0}, rem = w;
    for (uint32_t d = g->rank; d-- > 0;) {
        idx[d] = rem % g->sizes[d];
        rem /= g->sizes[d];
    }
    uint64_t a = idx[g->axis];
    uint32_t part = 0;
    while (a >= g->lengths[part])
        a -= g->lengths[part++];
    uint64_t wo = 0, po = 0;
    for (uint32_t d = 0; d < g->rank; d++) {
        wo += idx[d] * g->whole_strides[d];
        po += (d == g->axis ? a : idx[d]) * g->part_strides[part][d];
    }
    *k = part, *whole_off = wo, *part_off = po;
}

/* ---- what goes in ------------------------------------------------------------------------- */

/* The source values: codes of a type (each element takes the next, cycling), or for Q8_0
 * 34-byte blocks (each block the next). */
typedef struct stream {
    uint32_t* codes;
    uint8_t* blocks;
    uint64_t count; /* codes, or blocks */
} stream;

static void stream_add(stream* s, uint64_t* capacity, uint32_t code)
{
    if (s->count == *capacity) {
        *capacity = *capacity ? *capacity * 2 : 4096;
        s->codes = realloc(s->codes, *capacity * sizeof *s->codes);
        if (!s->codes) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
    }
    s->codes[s->count++] = code;
}

static uint64_t lcg_state = 0x9E3779B97F4A7C15ull;
static uint32_t lcg(void)
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(lcg_state >> 32);
}

/* float32 values for a float32 source to `to`: the specials, then for every positive finite
 * code of `to` (of FLOAT16's where `to` is FLOAT32 or Q8_0) its value, the midpoint to the next
 * code up (with an unbounded exponent past the largest) and the floats either side of the
 * midpoint, each with both signs, and each also divided by `scale` when one is given. */
static void f32_boundaries(stream* s, vksplit_type to, float scale)
{
    uint64_t cap = 0;
    memset(s, 0, sizeof *s);
    static const uint32_t specials[] = {
        0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7FFFFFFF,
        0xFFFFFFFF, 0x7FA00000, 0x7FE00000, 0xFFE00000, 0x7F802000, 0x7F801FFF, 0x7FC01000, 0x7FBFFFFF, 0x00000001,
        0x80000001, 0x00000002, 0x00000003, 0x007FFFFF, 0x807FFFFF, 0x00400000, 0x00800000, 0x80800000, 0x7F7FFFFF,
        0xFF7FFFFF, 0x3F800000, 0xBF800000, 0x477FE000, 0x477FF000, 0x477FEFFF, 0x477FF001, 0x43E00000, 0x43E80000,
        0x43E80001, 0x47600000, 0x47700000, 0x47700001, 0x7F7F8000, 0x7F7F7FFF, 0x33800000, 0x33000000, 0x33000001,
        0x3B000000, 0x3A800000, 0x3A800001, 0x37800000, 0x37000000, 0x37000001, 0x00008000, 0x00018000, 0x0001FFFF};
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
        stream_add(s, &cap, specials[i]);
    for (uint32_t b = 0; b < 23; b++) { /* every payload bit, quiet and signalling, both signs */
        stream_add(s, &cap, 0x7F800000u | 1u << b);
        stream_add(s, &cap, 0xFFC00000u | 1u << b);
    }
    for (int i = 0; i < 2048; i++) /* random bits */
        stream_add(s, &cap, lcg());
    for (int i = 0; i < 256; i++) /* random float32 subnormals */
        stream_add(s, &cap, (lcg() & 0x807FFFFFu));
    vksplit_type grid = to == F32 || to == Q8 ? F16 : to;
    uint32_t max_code = grid == F16 ? 0x7BFF : grid == BF16 ? 0x7F7F : grid == E4M3 ? 0x7E : 0x7B;
    double above = grid == F16 || grid == E5M2 ? 65536.0 : grid == BF16 ? 0x1p128 : 480.0;
    for (uint32_t c = 0; c <= max_code; c++) {
        double v = cref_f32(cref_widen(grid, c));
        double next = c == max_code ? above : (double)cref_f32(cref_widen(grid, c + 1));
        float mid = (float)((v + next) / 2);
        float vals[4] = {(float)v, mid, nextafterf(mid, 0.0f), nextafterf(mid, INFINITY)};
        for (int i = 0; i < 4; i++) {
            stream_add(s, &cap, cref_bits(vals[i]));
            stream_add(s, &cap, cref_bits(vals[i]) ^ 0x80000000u);
            if (scale != 1.0f) {
                stream_add(s, &cap, cref_bits(vals[i] / scale));
                stream_add(s, &cap, cref_bits(-vals[i] / scale));
            }
        }
    }
}

static void all_codes(stream* s, uint32_t n)
{
    memset(s, 0, sizeof *s);
    s->codes = core_calloc(n, sizeof *s->codes);
    for (uint32_t c = 0; c < n; c++)
        s->codes[c] = c;
    s->count = n;
}

/* 32 float32 values per block, the blocks the doc names. */
static void crafted_q8_blocks(float* x, uint32_t* count)
{
    uint32_t n = 0;
#define BLOCK (x + 32 * n)
    /* all zero; all -0 */
    memset(BLOCK, 0, 32 * sizeof(float)), n++;
    for (int j = 0; j < 32; j++)
        BLOCK[j] = -0.0f;
    n++;
    /* tiny */
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (j % 3 - 1) * 1e-30f * (float)(j + 1) / 32.0f;
    BLOCK[7] = 1e-30f;
    n++;
    /* subnormal elements under a normal amax, and an amax that is itself subnormal */
    for (int j = 0; j < 32; j++)
        BLOCK[j] = cref_f32((uint32_t)(j * 0x3FFFF + 1) | (j & 1 ? 0x80000000u : 0));
    BLOCK[5] = 1.0f;
    n++;
    for (int j = 0; j < 32; j++)
        BLOCK[j] = cref_f32((uint32_t)(j * 0x3FFFF + 1) | (j & 1 ? 0x80000000u : 0));
    n++;
    memset(BLOCK, 0, 32 * sizeof(float));
    BLOCK[0] = 0x1p-140f, BLOCK[1] = -0x1p-149f;
    n++;
    /* d a FLOAT16 subnormal; d at FLOAT16's largest, its tie, past it */
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (float)(j - 15) * 1e-5f / 16.0f;
    n++;
    float ds[3] = {65504.0f * 127.0f, 65519.0f * 127.0f, 65520.0f * 127.0f};
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 32; j++)
            BLOCK[j] = ds[i] * (float)(31 - 2 * j) / 31.0f;
        n++;
    }
    /* huge */
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (j & 1 ? -1e30f : 1e30f) * (float)(j + 1) / 32.0f;
    n++;
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (j & 1 ? -3e38f : 3e38f) * (float)(32 - j) / 32.0f;
    n++;
    memset(BLOCK, 0, 32 * sizeof(float));
    BLOCK[3] = -3.4028235e38f, BLOCK[4] = 1.0f, BLOCK[5] = 1e30f;
    n++;
    /* mixed sign, by hand (test_convert_reference.c), and ties of roundf at amax 127 */
    memset(BLOCK, 0, 32 * sizeof(float));
    BLOCK[0] = 1.0f, BLOCK[1] = -2.5f, BLOCK[2] = 0.5f, BLOCK[3] = 3.0f, BLOCK[4] = -3.0f, BLOCK[5] = 0.01f;
    BLOCK[6] = -0.02f, BLOCK[31] = 1.51f;
    n++;
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (float)(j - 16) + (j & 1 ? 0.5f : -0.5f);
    BLOCK[0] = 127.0f, BLOCK[9] = -127.0f;
    n++;
    /* a NaN: in the middle (the next value replaces it in amax), first, last; infinities */
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (float)(j % 7) - 3.0f;
    BLOCK[0] = 10.0f, BLOCK[1] = NAN;
    n++;
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (float)(j % 5) - 2.0f;
    BLOCK[0] = -NAN;
    n++;
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (float)(j % 5) - 2.0f;
    BLOCK[31] = cref_f32(0x7FC00000);
    n++;
    for (int j = 0; j < 32; j++)
        BLOCK[j] = (float)j;
    BLOCK[4] = INFINITY;
    n++;
    for (int j = 0; j < 32; j++)
        BLOCK[j] = -(float)j;
    BLOCK[31] = -INFINITY;
    BLOCK[30] = NAN;
    n++;
    /* random blocks: random exponents and signs, some with one outlier */
    for (int i = 0; i < 256; i++) {
        int e = (int)(lcg() % 80) - 40;
        for (int j = 0; j < 32; j++)
            BLOCK[j] = ldexpf((float)(int32_t)lcg() / 2147483648.0f, e);
        if (i % 4 == 0)
            BLOCK[lcg() % 32] = ldexpf(1.0f, e + (int)(lcg() % 20));
        n++;
    }
#undef BLOCK
    *count = n;
}

#define MAX_CRAFTED 300u

/* Blocks of 32 codes of `from` for quantizing: the crafted blocks narrowed to `from`, then for
 * 16-bit types every code in order. */
static void q8_source(stream* s, vksplit_type from)
{
    static float x[MAX_CRAFTED * 32];
    uint32_t blocks = 0;
    crafted_q8_blocks(x, &blocks);
    uint64_t extra = cref_element_size(from) == 2 ? 65536 : 0;
    memset(s, 0, sizeof *s);
    s->codes = core_calloc(blocks * 32 + extra, sizeof *s->codes);
    for (uint32_t i = 0; i < blocks * 32; i++)
        s->codes[s->count++] = cref_narrow(from, cref_bits(x[i]), 0);
    for (uint32_t c = 0; c < extra; c++)
        s->codes[s->count++] = c;
}

/* Q8_0 blocks to dequantize: block b has d = (b * step + 0x3C00) mod 2^16 (step 1 over 65,536
 * blocks: every FLOAT16 d), qs 0, -128, 127, -127 and then a pattern. */
static void q8_blocks(stream* s, uint32_t blocks, uint32_t step)
{
    memset(s, 0, sizeof *s);
    s->blocks = core_calloc(blocks, CREF_Q8_0_BLOCK_BYTES);
    for (uint32_t b = 0; b < blocks; b++) {
        uint8_t* p = s->blocks + (size_t)b * CREF_Q8_0_BLOCK_BYTES;
        uint32_t d = (b * step + 0x3C00u) & 0xFFFFu;
        p[0] = (uint8_t)d, p[1] = (uint8_t)(d >> 8);
        for (uint32_t j = 0; j < 32; j++)
            p[2 + j] = (uint8_t)(b * 31u + j * 17u + (b >> 8));
        p[2] = 0, p[3] = 0x80, p[4] = 0x7F, p[5] = 0x81;
    }
    s->count = blocks;
}

static void stream_free(stream* s)
{
    free(s->codes);
    free(s->blocks);
    memset(s, 0, sizeof *s);
}

/* ---- one case ------------------------------------------------------------------------------ */

typedef struct conv_case {
    char name[160];
    int join;
    vksplit_type whole, parts; /* the source is the whole's type for a split, the parts' for a join */
    geo g;
    vksplit_convert convert;
    uint32_t element_size_zero; /* pass element_size 0 (else the whole's size; Q8_0: always 0) */
} conv_case;

typedef struct layout {
    uint64_t whole_at, whole_bytes, whole_buffer;
    uint64_t part_at[MAX_PARTS], part_bytes[MAX_PARTS], parts_buffer;
} layout;

static void layout_of(const conv_case* c, layout* l)
{
    const geo* g = &c->g;
    memset(l, 0, sizeof *l);
    l->whole_at = 64;
    l->whole_bytes = cref_bytes(c->whole, ref_span_bytes(g->rank, g->sizes, g->whole_strides, 1));
    l->whole_buffer = up(l->whole_at + l->whole_bytes + 64, 256);
    for (uint32_t k = 0; k < g->parts; k++) {
        uint64_t ps[4];
        part_sizes(g, k, ps);
        l->part_at[k] = l->parts_buffer;
        l->part_bytes[k] = cref_bytes(c->parts, ref_span_bytes(g->rank, ps, g->part_strides[k], 1));
        l->parts_buffer += up(l->part_bytes[k] + 64, 256);
    }
}

static uint64_t total_mismatches = 0;
static uint32_t failed_cases = 0;

static vksplit_result make_plan(vksplit_context* ctx, const conv_case* c, const vksplit_plan_options* o,
                                vksplit_plan** plan, vksplit_error* err)
{
    const geo* g = &c->g;
    const uint64_t* strides[MAX_PARTS];
    int any = 0;
    for (uint32_t k = 0; k < g->parts; k++) {
        strides[k] = g->part_strided[k] ? g->part_strides[k] : NULL;
        any |= g->part_strided[k];
    }
    uint32_t es = c->element_size_zero ? 0 : cref_element_size(c->whole);
    if (c->join) {
        vksplit_join_desc j = {0};
        j.element_size = es;
        j.rank = g->rank;
        j.sizes = g->sizes;
        j.output_strides = g->whole_strided ? g->whole_strides : NULL;
        j.axis = g->axis;
        j.input_count = g->parts;
        j.lengths = g->lengths;
        j.input_strides = any ? strides : NULL;
        return vksplit_plan_create_join(ctx, &j, o, plan, err);
    }
    vksplit_split_desc d = {0};
    d.element_size = es;
    d.rank = g->rank;
    d.sizes = g->sizes;
    d.input_strides = g->whole_strided ? g->whole_strides : NULL;
    d.axis = g->axis;
    d.output_count = g->parts;
    d.lengths = g->lengths;
    d.output_strides = any ? strides : NULL;
    return vksplit_plan_create(ctx, &d, o, plan, err);
}

/* Writes the source side from the stream (the bytes around the source tensors: junk). */
static void fill_source(const conv_case* c, const layout* l, const stream* s, uint8_t* whole, uint8_t* parts)
{
    const geo* g = &c->g;
    vksplit_type from = c->join ? c->parts : c->whole;
    if (c->join)
        memset(parts, JUNK, l->parts_buffer);
    else
        memset(whole, JUNK, l->whole_buffer);
    if (from == Q8) { /* packed tensors: block after block */
        uint64_t next = 0;
        for (uint32_t t = 0; t < (c->join ? g->parts : 1); t++) {
            uint64_t bytes = c->join ? l->part_bytes[t] : l->whole_bytes;
            uint8_t* at = c->join ? parts + l->part_at[t] : whole + l->whole_at;
            for (uint64_t b = 0; b < bytes / CREF_Q8_0_BLOCK_BYTES; b++, next++)
                memcpy(at + b * CREF_Q8_0_BLOCK_BYTES, s->blocks + (next % s->count) * CREF_Q8_0_BLOCK_BYTES,
                       CREF_Q8_0_BLOCK_BYTES);
        }
        return;
    }
    uint64_t n = count_of(g->rank, g->sizes);
    for (uint64_t w = 0; w < n; w++) {
        uint32_t k;
        uint64_t wo, po;
        locate(g, w, &k, &wo, &po);
        uint32_t code = s->codes[w % s->count];
        if (c->join)
            cref_store(from, parts + l->part_at[k], po, code);
        else
            cref_store(from, whole + l->whole_at, wo, code);
    }
}

/* The source's codes (a Q8_0 source's elements dequantized to `to`, with a Q8_0 destination
 * widened to float32 bits) of element w; the destination tensor's bytes and element offset. */
typedef struct sides {
    const conv_case* c;
    const layout* l;
    const uint8_t *whole, *parts;
    uint32_t* deq[MAX_PARTS]; /* a Q8_0 source's elements, dequantized, per source tensor */
} sides;

static void sides_begin(sides* s, const conv_case* c, const layout* l, const uint8_t* whole, const uint8_t* parts)
{
    memset(s, 0, sizeof *s);
    s->c = c, s->l = l, s->whole = whole, s->parts = parts;
    vksplit_type from = c->join ? c->parts : c->whole, to = c->join ? c->whole : c->parts;
    if (from != Q8)
        return;
    for (uint32_t t = 0; t < (c->join ? c->g.parts : 1); t++) {
        uint64_t bytes = c->join ? l->part_bytes[t] : l->whole_bytes, blocks = bytes / CREF_Q8_0_BLOCK_BYTES;
        const uint8_t* at = c->join ? parts + l->part_at[t] : whole + l->whole_at;
        s->deq[t] = core_calloc(blocks * 32 + 1, sizeof(uint32_t));
        for (uint64_t b = 0; b < blocks; b++)
            cref_q8_0_dequantize(at + b * CREF_Q8_0_BLOCK_BYTES, to, s->deq[t] + b * 32);
    }
}

static void sides_end(sides* s)
{
    for (uint32_t t = 0; t < MAX_PARTS; t++)
        free(s->deq[t]);
}

/* The source element of whole element w, as its code (Q8_0: the dequantized code). */
static uint32_t source_code(const sides* s, uint32_t k, uint64_t wo, uint64_t po)
{
    const conv_case* c = s->c;
    vksplit_type from = c->join ? c->parts : c->whole;
    if (from == Q8)
        return c->join ? s->deq[k][po] : s->deq[0][wo];
    return c->join ? cref_load(from, s->parts + s->l->part_at[k], po) : cref_load(from, s->whole + s->l->whole_at, wo);
}

/* The expected write side (starting from the guard bytes it held) for the source as it is and
 * the scale `scale` (has_scale: the plan's source HOST or DEVICE). */
static void expect(const conv_case* c, const layout* l, const sides* s, uint8_t* want, int has_scale, float scale)
{
    const geo* g = &c->g;
    vksplit_type from = c->join ? c->parts : c->whole, to = c->join ? c->whole : c->parts;
    uint64_t n = count_of(g->rank, g->sizes);
    int ns = c->convert.no_saturate != 0;
    if (to != Q8) {
        for (uint64_t w = 0; w < n; w++) {
            uint32_t k;
            uint64_t wo, po;
            locate(g, w, &k, &wo, &po);
            uint32_t code = source_code(s, k, wo, po);
            uint32_t out = from == Q8 ? code : cref_convert(from, to, code, ns, has_scale, scale);
            if (c->join)
                cref_store(to, want + l->whole_at, wo, out);
            else
                cref_store(to, want + l->part_at[k], po, out);
        }
        return;
    }
    /* to Q8_0: gather each destination tensor's values (packed: the offset is the C-order
     * index), then quantize block by block */
    float* vals[MAX_PARTS] = {0};
    uint32_t tensors = c->join ? 1 : g->parts;
    for (uint32_t t = 0; t < tensors; t++) {
        uint64_t bytes = c->join ? l->whole_bytes : l->part_bytes[t];
        vals[t] = core_calloc(bytes / CREF_Q8_0_BLOCK_BYTES * 32 + 1, sizeof(float));
    }
    for (uint64_t w = 0; w < n; w++) {
        uint32_t k;
        uint64_t wo, po;
        locate(g, w, &k, &wo, &po);
        float v = cref_f32(cref_widen(from, source_code(s, k, wo, po)));
        if (c->join)
            vals[0][wo] = v;
        else
            vals[k][po] = v;
    }
    for (uint32_t t = 0; t < tensors; t++) {
        uint64_t bytes = c->join ? l->whole_bytes : l->part_bytes[t];
        uint8_t* at = c->join ? want + l->whole_at : want + l->part_at[t];
        for (uint64_t b = 0; b < bytes / CREF_Q8_0_BLOCK_BYTES; b++)
            cref_q8_0_quantize(vals[t] + b * 32, at + b * CREF_Q8_0_BLOCK_BYTES);
        free(vals[t]);
    }
}

/* Compares the write side with the expectation; on a difference, names the elements (or
 * blocks) with the source code, the expected and the written bits, or else the byte outside
 * every element that changed. */
static void compare(const conv_case* c, const layout* l, const sides* s, const uint8_t* want, const uint8_t* got,
                    uint64_t bytes, const char* scale_text)
{
    test_checks++;
    if (memcmp(want, got, bytes) == 0)
        return;
    test_failures++;
    failed_cases++;
    const geo* g = &c->g;
    vksplit_type from = c->join ? c->parts : c->whole, to = c->join ? c->whole : c->parts;
    uint64_t n = count_of(g->rank, g->sizes), bad = 0;
    if (to != Q8) {
        for (uint64_t w = 0; w < n; w++) {
            uint32_t k;
            uint64_t wo, po;
            locate(g, w, &k, &wo, &po);
            const uint8_t* wb = c->join ? want + l->whole_at : want + l->part_at[k];
            const uint8_t* gb = c->join ? got + l->whole_at : got + l->part_at[k];
            uint64_t off = c->join ? wo : po;
            uint32_t e = cref_load(to, wb, off), r = cref_load(to, gb, off);
            if (e == r)
                continue;
            if (bad++ < 6) {
                uint32_t src = source_code(s, k, wo, po);
                fprintf(stderr,
                        "MISMATCH %s%s: element %llu (%s %u, offset %llu): source %s 0x%0*x -> want %s 0x%0*x, got "
                        "0x%0*x\n",
                        c->name, scale_text, (unsigned long long)w, c->join ? "from part" : "to part", k,
                        (unsigned long long)off, from == Q8 ? "Q8_0 (dequantized)" : cref_type_name(from),
                        from == Q8 ? (int)cref_element_size(to) * 2 : (int)cref_element_size(from) * 2, src,
                        cref_type_name(to), (int)cref_element_size(to) * 2, e, (int)cref_element_size(to) * 2, r);
            }
        }
    } else {
        uint32_t tensors = c->join ? 1 : g->parts;
        for (uint32_t t = 0; t < tensors; t++) {
            uint64_t tb = c->join ? l->whole_bytes : l->part_bytes[t];
            uint64_t at = c->join ? l->whole_at : l->part_at[t];
            for (uint64_t b = 0; b < tb / CREF_Q8_0_BLOCK_BYTES; b++) {
                const uint8_t* wb = want + at + b * CREF_Q8_0_BLOCK_BYTES;
                const uint8_t* gb = got + at + b * CREF_Q8_0_BLOCK_BYTES;
                if (memcmp(wb, gb, CREF_Q8_0_BLOCK_BYTES) == 0)
                    continue;
                if (bad++ < 4) {
                    fprintf(stderr, "MISMATCH %s%s: %s %u block %llu: d want 0x%04x got 0x%04x; qs want/got:", c->name,
                            scale_text, c->join ? "whole" : "part", t, (unsigned long long)b, wb[0] | wb[1] << 8,
                            gb[0] | gb[1] << 8);
                    for (int j = 0; j < 32; j++)
                        if (wb[2 + j] != gb[2 + j])
                            fprintf(stderr, " [%d] %d/%d", j, (int8_t)wb[2 + j], (int8_t)gb[2 + j]);
                    fprintf(stderr, "\n    its source (%s):", cref_type_name(from));
                    /* the block's 32 elements: find them among the whole's */
                    int shown = 0;
                    for (uint64_t w = 0; w < n && shown < 32; w++) {
                        uint32_t k;
                        uint64_t wo, po;
                        locate(g, w, &k, &wo, &po);
                        uint64_t e = c->join ? wo : po;
                        if ((c->join || k == t) && e / 32 == b) {
                            fprintf(stderr, " %08x", cref_widen(from, source_code(s, k, wo, po)));
                            shown++;
                        }
                    }
                    fputc('\n', stderr);
                }
            }
        }
    }
    if (!bad) {
        uint64_t at = 0;
        while (want[at] == got[at])
            at++;
        fprintf(stderr, "MISMATCH %s%s: byte %llu outside every element changed: 0x%02x, want 0x%02x\n", c->name,
                scale_text, (unsigned long long)at, got[at], want[at]);
        bad = 1;
    }
    fprintf(stderr, "  %s%s: %llu mismatching %s\n", c->name, scale_text, (unsigned long long)bad,
            to == Q8 ? "blocks" : "elements");
    total_mismatches += bad;
}

/* Plans c, fills its source from s, records it once and runs it once per scale in
 * `device_scales` (SCALE_DEVICE: the float written before each submission) or once. */
static void run_case(gpu* gp, vksplit_context* ctx, conv_case* c, const stream* s, const float* device_scales,
                     uint32_t device_scale_count)
{
    const char* only = getenv("VKSPLIT_CONVERT_CASE");
    if (only && *only && !strstr(c->name, only))
        return;
    double t0 = core_now();
    vksplit_plan_options o = {0};
    o.convert = c->convert;
    vksplit_plan* plan = NULL;
    vksplit_error err;
    vksplit_result r = make_plan(ctx, c, &o, &plan, &err);
    double t_plan = core_now() - t0, t_gpu = 0, t_ref = 0;
    CHECK_MSG(r == VKSPLIT_OK, "%s: plan: %s (%s)", c->name, vksplit_rule_name(err.rule), err.message);
    if (r != VKSPLIT_OK) {
        failed_cases++;
        return;
    }
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    CHECK_MSG(info.path == VKSPLIT_PATH_COMPUTE, "%s: path %d", c->name, (int)info.path);
    CHECK_MSG(info.offset_alignment && 64 % info.offset_alignment == 0, "%s: offset alignment %u", c->name,
              info.offset_alignment);

    layout l;
    layout_of(c, &l);
    VkDevice dev = gp->info.device;
    core_host_buffer whole, parts, scale, args = {0};
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, l.whole_buffer, &whole));
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, l.parts_buffer, &parts));
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, 256, &scale));
    fill_source(c, &l, s, whole.mapped, parts.mapped);
    uint8_t* write_side = c->join ? whole.mapped : parts.mapped;
    uint64_t write_bytes = c->join ? l.whole_buffer : l.parts_buffer;
    uint8_t* want = core_calloc(write_bytes, 1);
    sides sd;
    sides_begin(&sd, c, &l, whole.mapped, parts.mapped);

    vksplit_binding part_b[MAX_PARTS];
    for (uint32_t k = 0; k < c->g.parts; k++)
        part_b[k] = (vksplit_binding){parts.buffer, l.part_at[k]};
    vksplit_bindings b = {.whole = {whole.buffer, l.whole_at}, .parts = part_b, .scale = {scale.buffer, 12}};
    if (info.argument_bytes) {
        CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, info.argument_bytes, &args));
        CHECK_RESULT(VKSPLIT_OK, vksplit_write_arguments(plan, &b, args.mapped, &err), &err);
        b.arguments = (vksplit_arguments){args.buffer, 0, 1};
    }
    int device = c->convert.scale_source == VKSPLIT_SCALE_DEVICE;
    VkCommandBuffer cmd = core_cmd_begin(dev, gp->pool, !device);
    CHECK(cmd != VK_NULL_HANDLE);
    CHECK_RESULT(VKSPLIT_OK, vksplit_cmd_record(plan, cmd, &b, &err), &err);
    CHECK(core_cmd_end_for_host(cmd));
    uint32_t runs = device ? device_scale_count : 1;
    for (uint32_t i = 0; i < runs; i++) {
        float sc = device ? device_scales[i] : c->convert.scale;
        if (device)
            memcpy(scale.mapped + 12, &sc, sizeof sc);
        memset(write_side, GUARD, write_bytes);
        double t1 = core_now();
        CHECK(core_submit_wait(dev, gp->info.queue, cmd, VK_NULL_HANDLE));
        double t2 = core_now();
        memset(want, GUARD, write_bytes);
        int has_scale = c->convert.scale_source != VKSPLIT_SCALE_NONE;
        expect(c, &l, &sd, want, has_scale, sc);
        t_gpu += t2 - t1, t_ref += core_now() - t2;
        char text[96] = "";
        if (device)
            snprintf(text, sizeof text, " [device scale %g = 0x%08x, submission %u of one recording]", (double)sc,
                     cref_bits(sc), i + 1);
        compare(c, &l, &sd, want, write_side, write_bytes, text);
    }
    if (core_verbose())
        printf("  %-90s %s (plan %.3f s, runs %.3f s, reference %.3f s, all %.3f s)\n", c->name, info.summary, t_plan,
               t_gpu, t_ref, core_now() - t0);
    vkFreeCommandBuffers(dev, gp->pool, 1, &cmd);
    sides_end(&sd);
    free(want);
    core_host_buffer_destroy(dev, &whole);
    core_host_buffer_destroy(dev, &parts);
    core_host_buffer_destroy(dev, &scale);
    if (args.buffer)
        core_host_buffer_destroy(dev, &args);
    vksplit_plan_destroy(plan);
}

/* ---- the pairs ----------------------------------------------------------------------------- */

/* 0x1p120: a subnormal float32 source's product lands in FP8's range (the kernel's subnormal-x
 * path); 0x1p-120: an FP8 code's product is a float32 subnormal (a tiny product, exact). */
static const float device_scales[] = {2.0f, 0.25f, -3.0f, 0.0f, INFINITY, NAN, 1e-40f, -0.0f, 0x1p120f, 0x1p-120f};
#define DEVICE_SCALES (sizeof device_scales / sizeof device_scales[0])

static const char* scale_name(const vksplit_convert* v, char* buf, size_t size)
{
    if (v->scale_source == VKSPLIT_SCALE_HOST)
        snprintf(buf, size, "host scale %g", (double)v->scale);
    else if (v->scale_source == VKSPLIT_SCALE_DEVICE)
        snprintf(buf, size, "device scale");
    else
        snprintf(buf, size, "no scale");
    return buf;
}

/* The source stream for from -> to (the scale shapes a float32 source's boundaries). */
static void source_stream(stream* s, vksplit_type from, vksplit_type to, float host_scale)
{
    if (to == Q8)
        q8_source(s, from);
    else if (from == F32)
        f32_boundaries(s, to, host_scale);
    else
        all_codes(s, from == F16 || from == BF16 ? 65536u : 256u);
}

static uint32_t pair_cases = 0;

static void one(gpu* gp, vksplit_context* ctx, vksplit_type from, vksplit_type to, int join, int shape_kind,
                vksplit_convert v, const stream* s, const char* context_name)
{
    conv_case c;
    memset(&c, 0, sizeof c);
    c.join = join;
    c.whole = join ? to : from;
    c.parts = join ? from : to;
    c.convert = v;
    c.convert.whole = c.whole;
    c.convert.parts = c.parts;
    c.element_size_zero = (shape_kind + join) & 1;
    uint64_t need = s->blocks ? s->count * 32 : s->count;
    int q8 = from == Q8 || to == Q8;
    c.g = q8 ? qshape(shape_kind, need, c.whole == Q8) : shape(shape_kind, need);
    char sc[32];
    snprintf(c.name, sizeof c.name, "%s %s -> %s (%s -> %s), %s, %s%s, %s%s%s", join ? "join" : "split",
             cref_type_name(c.whole), cref_type_name(c.parts), cref_type_name(from), cref_type_name(to), c.g.name,
             cref_is_fp8(to) ? (v.no_saturate ? "no_saturate, " : "saturate, ") : "", scale_name(&v, sc, sizeof sc),
             c.element_size_zero ? "element_size 0" : "element_size given", context_name ? ", " : "",
             context_name ? context_name : "");
    run_case(gp, ctx, &c, s, device_scales, DEVICE_SCALES);
    pair_cases++;
}

/* What a conversion with FP8 on one side runs as a split and as a join: between them every
 * combination of saturation and scale (from FP8, no_saturate changes nothing: once). */
typedef struct variant {
    int no_saturate;
    vksplit_scale_source source;
    float scale;
} variant;
static const variant to_fp8_split[] = {{0, VKSPLIT_SCALE_NONE, 0},    {1, VKSPLIT_SCALE_NONE, 0},
                                       {0, VKSPLIT_SCALE_HOST, 0.5f}, {1, VKSPLIT_SCALE_HOST, 3.0f},
                                       {0, VKSPLIT_SCALE_DEVICE, 0},  {1, VKSPLIT_SCALE_DEVICE, 0}};
static const variant to_fp8_join[] = {
    {0, VKSPLIT_SCALE_NONE, 0}, {1, VKSPLIT_SCALE_HOST, 0.5f}, {0, VKSPLIT_SCALE_HOST, 3.0f}};
static const variant from_fp8_split[] = {
    {0, VKSPLIT_SCALE_NONE, 0}, {0, VKSPLIT_SCALE_HOST, 0.5f}, {0, VKSPLIT_SCALE_DEVICE, 0}};
static const variant from_fp8_join[] = {{1, VKSPLIT_SCALE_NONE, 0}, {0, VKSPLIT_SCALE_HOST, 3.0f}};

static void run_variants(gpu* gp, vksplit_context* ctx, vksplit_type from, vksplit_type to, int join, const variant* v,
                         uint32_t count, uint32_t rotate)
{
    for (uint32_t i = 0; i < count; i++) {
        vksplit_convert c = {.no_saturate = (vksplit_bool32)v[i].no_saturate,
                             .scale_source = v[i].source,
                             .scale = v[i].scale};
        stream s;
        source_stream(&s, from, to, v[i].source == VKSPLIT_SCALE_HOST ? v[i].scale : 1.0f);
        one(gp, ctx, from, to, join, (int)((i + rotate) % SHAPE_COUNT), c, &s, NULL);
        stream_free(&s);
    }
}

/* The test's three parts, each its own ctest entry of about a third of the pipelines (lavapipe
 * compiles each for 0.1-0.25 s, single-threaded: the entries run side by side). */
enum { PART_WIDE = 1, PART_TO_FP8 = 2, PART_FROM_FP8 = 4, PART_ALL = 7 };

static void pairs(gpu* gp, vksplit_context* ctx, int parts)
{
    static const vksplit_type wide[] = {F32, F16, BF16}, fp8[] = {E4M3, E5M2};
    double t0 = core_now();
    /* FLOAT32, FLOAT16, BFLOAT16 among themselves: two shapes each way, every shape both ways */
    uint32_t p = 0;
    for (int a = 0; a < 3 && (parts & PART_WIDE); a++)
        for (int b = 0; b < 3; b++) {
            if (a == b)
                continue;
            stream s;
            source_stream(&s, wide[a], wide[b], 1.0f);
            one(gp, ctx, wide[a], wide[b], 0, SHAPE_LAST2, (vksplit_convert){0}, &s, NULL);
            one(gp, ctx, wide[a], wide[b], 0, p % 2 ? SHAPE_AXIS0 : SHAPE_STRIDED, (vksplit_convert){0}, &s, NULL);
            one(gp, ctx, wide[a], wide[b], 1, SHAPE_RANK3, (vksplit_convert){0}, &s, NULL);
            one(gp, ctx, wide[a], wide[b], 1, p % 2 ? SHAPE_STRIDED : SHAPE_AXIS0, (vksplit_convert){0}, &s, NULL);
            stream_free(&s);
            p++;
        }
    double t1 = core_now();
    /* FP8 both ways, the variants on rotating shapes */
    for (uint32_t a = 0; a < 3; a++)
        for (uint32_t f = 0; f < 2; f++) {
            if (parts & PART_TO_FP8) {
                run_variants(gp, ctx, wide[a], fp8[f], 0, to_fp8_split, 6, a + f);
                run_variants(gp, ctx, wide[a], fp8[f], 1, to_fp8_join, 3, a + f + 1);
            }
            if (parts & PART_FROM_FP8) {
                run_variants(gp, ctx, fp8[f], wide[a], 0, from_fp8_split, 3, a + f + 2);
                run_variants(gp, ctx, fp8[f], wide[a], 1, from_fp8_join, 2, a + f + 3);
            }
        }
    double t2 = core_now();
    /* Q8_0 both ways: splits along axis 0 and the last axis, a join on a rotating shape */
    for (int a = 0; a < 3 && (parts & PART_WIDE); a++) {
        stream quant;
        source_stream(&quant, wide[a], Q8, 1.0f);
        one(gp, ctx, wide[a], Q8, 0, QSHAPE_AXIS0, (vksplit_convert){0}, &quant, NULL);
        one(gp, ctx, wide[a], Q8, 0, QSHAPE_LAST, (vksplit_convert){0}, &quant, NULL);
        one(gp, ctx, wide[a], Q8, 1, (a + 2) % QSHAPE_COUNT, (vksplit_convert){0}, &quant, NULL);
        stream_free(&quant);
        stream deq;
        q8_blocks(&deq, 65536, 1); /* every FLOAT16 d */
        one(gp, ctx, Q8, wide[a], 0, QSHAPE_AXIS0, (vksplit_convert){0}, &deq, NULL);
        stream_free(&deq);
        q8_blocks(&deq, 4096, 16 + 2 * (uint32_t)a); /* a stride through them */
        one(gp, ctx, Q8, wide[a], 0, QSHAPE_LAST, (vksplit_convert){0}, &deq, NULL);
        one(gp, ctx, Q8, wide[a], 1, (a + 1) % QSHAPE_COUNT, (vksplit_convert){0}, &deq, NULL);
        stream_free(&deq);
    }
    double t3 = core_now();
    printf("pairs: %u cases (16-bit and float32 %.1f s, FP8 %.1f s, Q8_0 %.1f s), %llu mismatches\n", pair_cases,
           t1 - t0, t2 - t1, t3 - t2, (unsigned long long)total_mismatches);
}

/* Every pair once on another context (push descriptors): splits and joins in turn, the first
 * two shapes, no scale. */
static void pairs_on(gpu* gp, vksplit_context* ctx, const char* name)
{
    static const vksplit_type types[] = {F32, F16, BF16, E4M3, E5M2, Q8};
    uint32_t before = pair_cases, i = 0;
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 6; b++) {
            if (!cref_pair_supported(types[a], types[b]))
                continue;
            stream s;
            if (types[a] == Q8)
                q8_blocks(&s, 2048, 29);
            else
                source_stream(&s, types[a], types[b], 1.0f);
            one(gp, ctx, types[a], types[b], (int)(i % 2), (int)(i / 2 % 2), (vksplit_convert){0}, &s, name);
            stream_free(&s);
            i++;
        }
    printf("%s: %u cases\n", name, pair_cases - before);
}

/* A GPU's plans on this device: a CPU device plans its converting copies small (lanes of 16
 * elements, tiles looped, workgroups of 8); a context whose tuning maps BY_SHAPE plans them as a
 * GPU does: one tile a workgroup (TRIPS 1) and, on device addresses, a lane's four 16-byte loads
 * of any source (a float16 -> float32 lane 32 destination words, an FP8 -> float32 lane 64),
 * which no CPU-shaped plan of a narrower source makes (a float32 source's lanes load four there
 * too). One pair of each width from a narrower source (2 -> 4, 2 -> 2, 2 -> 1, 1 -> 4, 1 -> 2
 * bytes), split and join alternating, on long runs: few, for the pipelines' compile time. */
static void pairs_gpu_shaped(gpu* gp, vksplit_context* ctx, const char* name)
{
    static const vksplit_type from[] = {F16, F16, BF16, E4M3, E5M2}, to[] = {F32, BF16, E4M3, F32, F16};
    uint32_t before = pair_cases;
    for (int i = 0; i < 5; i++) {
        stream s;
        source_stream(&s, from[i], to[i], 1.0f);
        /* a period of no power of two (an FP8 source's is 256): each unit's 16 bytes of a lane
         * differ from the unit's a workgroup's width of them before */
        uint64_t capacity = s.count;
        for (int k = 0; k < 3; k++)
            stream_add(&s, &capacity, s.codes[k + 1]);
        one(gp, ctx, from[i], to[i], i % 2, SHAPE_LONG, (vksplit_convert){0}, &s, name);
        stream_free(&s);
    }
    printf("%s: %u cases\n", name, pair_cases - before);
}

/* ---- the device scale, replayed -------------------------------------------------------------- */

/* One recording of FLOAT16 -> E4M3FN (all 65,536 codes) and of E5M2 -> FLOAT32 with the scale
 * on the device, submitted with 2.0 and then 0.25 in the scale buffer: the second result is the
 * second scale's (the replays of every FP8 case with a device scale, in pairs(), go on through
 * the scales the doc leaves to IEEE 754: negative, 0, inf, NaN, subnormal, -0). */
static void device_scale_replay(gpu* gp, vksplit_context* ctx)
{
    stream s;
    all_codes(&s, 65536);
    static const float two[] = {2.0f, 0.25f};
    uint64_t before = total_mismatches;
    conv_case c;
    memset(&c, 0, sizeof c);
    c.whole = F16, c.parts = E4M3;
    c.convert = (vksplit_convert){.whole = F16, .parts = E4M3, .scale_source = VKSPLIT_SCALE_DEVICE};
    c.g = shape(SHAPE_LAST2, 65536);
    snprintf(c.name, sizeof c.name, "device scale replayed: split FLOAT16 -> FLOAT8E4M3FN, %s", c.g.name);
    run_case(gp, ctx, &c, &s, two, 2);
    stream_free(&s);
    all_codes(&s, 256);
    memset(&c, 0, sizeof c);
    c.join = 1;
    c.whole = F32, c.parts = E5M2;
    c.convert = (vksplit_convert){.whole = F32, .parts = E5M2, .scale_source = VKSPLIT_SCALE_DEVICE};
    c.g = shape(SHAPE_RANK3, 256);
    snprintf(c.name, sizeof c.name, "device scale replayed: join FLOAT8E5M2 -> FLOAT32, %s", c.g.name);
    run_case(gp, ctx, &c, &s, two, 2);
    stream_free(&s);
    /* the two scales give different results: the second submission's check means something */
    CHECK(cref_convert(F16, E4M3, 0x3C00, 0, 1, 2.0f) != cref_convert(F16, E4M3, 0x3C00, 0, 1, 0.25f));
    printf("device scale: one recording, the scale changed between submissions: %s\n",
           total_mismatches == before ? "each result the scale's then" : "MISMATCH");
}

/* ---- the rules ------------------------------------------------------------------------------- */

static int contains_nocase(const char* hay, const char* needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && (hay[i] | 0x20) == (needle[i] | 0x20))
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

static void expect_plan_rule(vksplit_context* ctx, const char* name, const conv_case* c, const vksplit_plan_options* o,
                             vksplit_rule rule, const char* shows)
{
    vksplit_plan* plan = NULL;
    vksplit_error err;
    memset(&err, 0, sizeof err);
    vksplit_result r = make_plan(ctx, c, o, &plan, &err);
    CHECK_MSG(r == vksplit_rule_result(rule) && err.rule == rule, "%s: got %s by %s, want %s by %s (%s)", name,
              vksplit_result_name(r), vksplit_rule_name(err.rule), vksplit_result_name(vksplit_rule_result(rule)),
              vksplit_rule_name(rule), err.message);
    CHECK_MSG(plan == NULL, "%s: a plan was made", name);
    CHECK_MSG(!shows || contains_nocase(err.message, shows), "%s: message \"%s\" does not name \"%s\"", name,
              err.message, shows);
    if (core_verbose())
        printf("  %-48s %s\n", name, err.message);
    vksplit_plan_destroy(plan);
}

static conv_case rule_case(vksplit_type whole, vksplit_type parts, int join, geo g)
{
    conv_case c;
    memset(&c, 0, sizeof c);
    c.join = join, c.whole = whole, c.parts = parts, c.g = g;
    geo_finish(&c.g);
    return c;
}

static vksplit_plan_options conv_options(vksplit_type whole, vksplit_type parts)
{
    vksplit_plan_options o = {0};
    o.convert.whole = whole, o.convert.parts = parts;
    return o;
}

static void plan_rules(vksplit_context* ctx, vksplit_context* descriptors)
{
    geo g2 = {.name = "", .rank = 2, .axis = 1, .parts = 2, .sizes = {4, 64}, .lengths = {32, 32}};
    conv_case c = rule_case(F32, F16, 0, g2);
    vksplit_plan_options o = conv_options(F32, F16);
    {
        vksplit_plan* p = NULL;
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, make_plan(ctx, &c, &o, &p, &err), &err); /* the valid case the rules break */
        vksplit_plan_destroy(p);
    }
    o.convert.whole = (vksplit_type)7;
    expect_plan_rule(ctx, "whole type 7", &c, &o, VKSPLIT_RULE_PLAN_CONVERT_TYPE, "whole");
    o.convert.whole = F32, o.convert.parts = (vksplit_type)-1;
    expect_plan_rule(ctx, "parts type -1", &c, &o, VKSPLIT_RULE_PLAN_CONVERT_TYPE, "parts");

    conv_case e = rule_case(E4M3, E5M2, 0, g2);
    o = conv_options(E4M3, E5M2);
    expect_plan_rule(ctx, "E4M3FN to E5M2", &e, &o, VKSPLIT_RULE_PLAN_CONVERT_PAIR, "FLOAT8E5M2");
    conv_case q = rule_case(Q8, E4M3, 0, g2);
    o = conv_options(Q8, E4M3);
    expect_plan_rule(ctx, "Q8_0 to E4M3FN", &q, &o, VKSPLIT_RULE_PLAN_CONVERT_PAIR, "Q8_0");
    conv_case n = rule_case(F16, VKSPLIT_TYPE_NONE, 0, g2);
    o = conv_options(F16, VKSPLIT_TYPE_NONE);
    expect_plan_rule(ctx, "FLOAT16 to NONE", &n, &o, VKSPLIT_RULE_PLAN_CONVERT_PAIR, "NONE");
    conv_case nq = rule_case(F16, Q8, 1, g2); /* element_size 2: a width, as without a conversion */
    o = conv_options(VKSPLIT_TYPE_NONE, Q8);
    expect_plan_rule(ctx, "join NONE from Q8_0", &nq, &o, VKSPLIT_RULE_PLAN_CONVERT_PAIR, "Q8_0");

    /* element_size: the whole's size or 0 */
    conv_case es = rule_case(F16, F32, 0, g2); /* make_plan passes the whole's size: the desc then says 4 */
    o = conv_options(BF16, F32);
    es.whole = F32; /* element_size 4 given for a BFLOAT16 whole */
    expect_plan_rule(ctx, "element_size 4 for a BFLOAT16 whole", &es, &o, VKSPLIT_RULE_PLAN_CONVERT_ELEMENT_SIZE,
                     "element_size");
    conv_case eq = rule_case(F16, F32, 1, g2);
    o = conv_options(Q8, F32);
    expect_plan_rule(ctx, "join: element_size 2 for a Q8_0 whole", &eq, &o, VKSPLIT_RULE_PLAN_CONVERT_ELEMENT_SIZE,
                     "element_size");

    /* the scale */
    conv_case f8 = rule_case(F32, E4M3, 0, g2);
    o = conv_options(F32, E4M3);
    o.convert.scale_source = (vksplit_scale_source)3;
    expect_plan_rule(ctx, "scale_source 3", &f8, &o, VKSPLIT_RULE_PLAN_CONVERT_SCALE_SOURCE, "scale_source");
    o = conv_options(F32, F16);
    o.convert.scale_source = VKSPLIT_SCALE_HOST, o.convert.scale = 2.0f;
    expect_plan_rule(ctx, "a host scale for FLOAT32 -> FLOAT16", &c, &o, VKSPLIT_RULE_PLAN_CONVERT_SCALE_TYPE, "scale");
    conv_case q8f = rule_case(Q8, F32, 0, g2);
    o = conv_options(Q8, F32);
    o.convert.scale_source = VKSPLIT_SCALE_DEVICE;
    expect_plan_rule(ctx, "a device scale for Q8_0 -> FLOAT32", &q8f, &o, VKSPLIT_RULE_PLAN_CONVERT_SCALE_TYPE,
                     "scale");
    static const float bad_scales[] = {0.0f, -0.0f, -1.0f, INFINITY, -INFINITY, NAN};
    for (size_t i = 0; i < sizeof bad_scales / sizeof bad_scales[0]; i++) {
        o = conv_options(F32, E4M3);
        o.convert.scale_source = VKSPLIT_SCALE_HOST, o.convert.scale = bad_scales[i];
        char name[64];
        snprintf(name, sizeof name, "host scale %g", (double)bad_scales[i]);
        expect_plan_rule(ctx, name, &f8, &o, VKSPLIT_RULE_PLAN_CONVERT_SCALE_VALUE, "scale");
    }
    o = conv_options(F32, E4M3);
    o.convert.scale_source = VKSPLIT_SCALE_HOST, o.convert.scale = 1e-40f; /* subnormal, positive: taken */
    {
        vksplit_plan* p = NULL;
        vksplit_error err;
        CHECK_RESULT(VKSPLIT_OK, make_plan(ctx, &f8, &o, &p, &err), &err);
        vksplit_plan_destroy(p);
    }

    /* Q8_0's layout */
    geo g48 = {.name = "", .rank = 2, .axis = 0, .parts = 2, .sizes = {4, 48}, .lengths = {1, 3}};
    conv_case row = rule_case(Q8, F32, 0, g48);
    o = conv_options(Q8, F32);
    expect_plan_rule(ctx, "Q8_0 whole [4, 48]", &row, &o, VKSPLIT_RULE_PLAN_CONVERT_Q8_0_ROW, "48");
    geo g16 = {.name = "", .rank = 2, .axis = 1, .parts = 2, .sizes = {4, 64}, .lengths = {16, 48}};
    conv_case rowp = rule_case(F32, Q8, 0, g16);
    o = conv_options(F32, Q8);
    expect_plan_rule(ctx, "Q8_0 parts 16 and 48 long", &rowp, &o, VKSPLIT_RULE_PLAN_CONVERT_Q8_0_ROW, "16");
    conv_case packed = rule_case(F16, Q8, 0, g2);
    packed.g.part_strided[1] = 1;
    packed.g.part_strides[1][0] = 40, packed.g.part_strides[1][1] = 1;
    o = conv_options(F16, Q8);
    expect_plan_rule(ctx, "a strided Q8_0 part", &packed, &o, VKSPLIT_RULE_PLAN_CONVERT_Q8_0_PACKED, "packed");
    conv_case wpacked = rule_case(Q8, F16, 1, g2);
    wpacked.g.whole_strided = 1;
    wpacked.g.whole_strides[0] = 96, wpacked.g.whole_strides[1] = 1;
    o = conv_options(Q8, F16);
    expect_plan_rule(ctx, "a strided Q8_0 whole (join)", &wpacked, &o, VKSPLIT_RULE_PLAN_CONVERT_Q8_0_PACKED, "packed");
    conv_case stride = rule_case(Q8, F32, 0, g2);
    stride.g.part_strided[0] = 1;
    stride.g.part_strides[0][0] = 100, stride.g.part_strides[0][1] = 3;
    o = conv_options(Q8, F32);
    expect_plan_rule(ctx, "a FLOAT32 part of stride 3 by a Q8_0 whole", &stride, &o,
                     VKSPLIT_RULE_PLAN_CONVERT_Q8_0_STRIDE, "3");
    conv_case wstride = rule_case(F16, Q8, 0, g2);
    wstride.g.whole_strided = 1;
    wstride.g.whole_strides[0] = 1, wstride.g.whole_strides[1] = 4; /* column-major */
    o = conv_options(F16, Q8);
    expect_plan_rule(ctx, "a column-major FLOAT16 whole to Q8_0 parts", &wstride, &o,
                     VKSPLIT_RULE_PLAN_CONVERT_Q8_0_STRIDE, "4");

    /* what a converting plan does not take: device parameters in a ring; device parameters
     * along a Q8_0 tensor's last dimension (a GPU length could end within a block) */
    geo gring = {.name = "", .rank = 2, .axis = 0, .parts = 1, .sizes = {8, 64}, .lengths = {4}};
    conv_case ring = rule_case(F32, F16, 1, gring);
    o = conv_options(F32, F16);
    o.device_parameters = VKSPLIT_DEVICE_PARAMETERS_RING;
    expect_plan_rule(ctx, "with device parameters in a RING", &ring, &o, VKSPLIT_RULE_PLAN_CONVERT_WITH, "RING");
    conv_case qdev = rule_case(Q8, F16, 0, g2);
    o = conv_options(Q8, F16);
    o.device_parameters = VKSPLIT_DEVICE_PARAMETERS_PACKED;
    expect_plan_rule(ctx, "Q8_0 with device parameters PACKED along its last axis", &qdev, &o,
                     VKSPLIT_RULE_PLAN_CONVERT_WITH, "Q8_0");
    o = conv_options(F32, F16);
    o.path = VKSPLIT_PATH_TRANSFER;
    expect_plan_rule(ctx, "on the transfer path", &c, &o, VKSPLIT_RULE_PLAN_CONVERT_PATH, "transfer");

    /* the counts: past 2^32 - 1 elements, and past a binding's reach on descriptors */
    geo big = {.name = "", .rank = 2, .axis = 0, .parts = 2, .sizes = {65537, 65537}, .lengths = {65536, 1}};
    conv_case count = rule_case(F16, BF16, 0, big);
    o = conv_options(F16, BF16);
    expect_plan_rule(ctx, "a part of 4295032832 elements", &count, &o, VKSPLIT_RULE_PLAN_CONVERT_COUNT, "4295032832");
    if (descriptors) {
        geo reach = {.name = "", .rank = 2, .axis = 1, .parts = 2, .sizes = {1u << 20, 64}, .lengths = {32, 32}};
        conv_case far = rule_case(F32, F16, 0, reach); /* a 256 MiB whole */
        o = conv_options(F32, F16);
        expect_plan_rule(descriptors, "a 256 MiB whole on descriptors", &far, &o, VKSPLIT_RULE_PLAN_CONVERT_BINDING,
                         "bytes");
    } else {
        test_skip_part("PLAN_CONVERT_BINDING: no push-descriptor context on this device");
    }
}

/* RECORD_SCALE_*: refused, nothing recorded: the command buffer, ended and submitted, leaves
 * every output byte as it was. */
static void record_rules(gpu* gp, vksplit_context* ctx)
{
    conv_case c;
    memset(&c, 0, sizeof c);
    c.whole = F16, c.parts = E4M3;
    c.convert = (vksplit_convert){.whole = F16, .parts = E4M3, .scale_source = VKSPLIT_SCALE_DEVICE};
    c.g = shape(SHAPE_LAST2, 1024);
    vksplit_plan_options o = {0};
    o.convert = c.convert;
    vksplit_plan* plan = NULL;
    vksplit_error err;
    CHECK_RESULT(VKSPLIT_OK, make_plan(ctx, &c, &o, &plan, &err), &err);
    if (!plan)
        return;
    layout l;
    layout_of(&c, &l);
    VkDevice dev = gp->info.device;
    core_host_buffer whole, parts, scale;
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, l.whole_buffer, &whole));
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, l.parts_buffer, &parts));
    CHECK(core_host_buffer_create(dev, &gp->memory, gp->bda, 256, &scale));
    memset(whole.mapped, 0x3C, l.whole_buffer);
    memset(parts.mapped, GUARD, l.parts_buffer);
    float one = 1.0f;
    memcpy(scale.mapped, &one, 4);
    vksplit_binding part_b[MAX_PARTS];
    for (uint32_t k = 0; k < c.g.parts; k++)
        part_b[k] = (vksplit_binding){parts.buffer, l.part_at[k]};
    vksplit_bindings b = {.whole = {whole.buffer, l.whole_at}, .parts = part_b};
    VkCommandBuffer cmd = core_cmd_begin(dev, gp->pool, 1);
    vksplit_result r = vksplit_cmd_record(plan, cmd, &b, &err);
    test_expect_rule("no bindings.scale", r, &err, VKSPLIT_RULE_RECORD_SCALE_NULL, "bindings.scale");
    for (VkDeviceSize off = 1; off < 4; off++) {
        b.scale = (vksplit_binding){scale.buffer, off};
        r = vksplit_cmd_record(plan, cmd, &b, &err);
        test_expect_rule("bindings.scale at 1, 2, 3", r, &err, VKSPLIT_RULE_RECORD_SCALE_ALIGNMENT, "offset");
    }
    if (core_verbose())
        printf("  %s\n", err.message);
    CHECK(core_cmd_end_for_host(cmd));
    CHECK(core_submit_wait(dev, gp->info.queue, cmd, VK_NULL_HANDLE));
    uint64_t changed = 0;
    for (uint64_t i = 0; i < l.parts_buffer; i++)
        changed += parts.mapped[i] != GUARD;
    CHECK_MSG(changed == 0, "refused recordings wrote %llu bytes", (unsigned long long)changed);
    vkFreeCommandBuffers(dev, gp->pool, 1, &cmd);
    core_host_buffer_destroy(dev, &whole);
    core_host_buffer_destroy(dev, &parts);
    core_host_buffer_destroy(dev, &scale);
    vksplit_plan_destroy(plan);
}

int main(int argc, char** argv)
{
    /* ctest's entries: core_convert_wide, _to_fp8, _from_fp8 (tests/CMakeLists.txt) */
    static const char* const part_names[] = {"wide", "to_fp8", "from_fp8", "all"};
    static const int part_bits[] = {PART_WIDE, PART_TO_FP8, PART_FROM_FP8, PART_ALL};
    int parts = argc > 1 ? 0 : PART_ALL;
    for (int i = 0; i < 4 && argc > 1; i++)
        parts = strcmp(argv[1], part_names[i]) == 0 ? part_bits[i] : parts;
    if (!parts) {
        fprintf(stderr, "usage: %s [wide|to_fp8|from_fp8|all]\n", argv[0]);
        return 2;
    }
    vksplit_runner* runner = test_runner_create();
    gpu g;
    CHECK(core_gpu_create(runner, &g));
    if (!g.pool)
        return test_finish(runner);
    vksplit_context* ctx = vksplit_runner_context(runner);
    vksplit_context* push = core_gpu_push_context(&g);
    vksplit_context* descriptors = push ? push : g.bda ? NULL : ctx;
    double t0 = core_now();
    if (parts & PART_WIDE) {
        plan_rules(ctx, descriptors);
        record_rules(&g, ctx);
        device_scale_replay(&g, ctx);
    }
    pairs(&g, ctx, parts);
    if ((parts & PART_WIDE) && g.bda && g.info.device_type == VK_PHYSICAL_DEVICE_TYPE_CPU) {
        vksplit_context_desc desc = core_runner_context_desc(runner);
        desc.tuning.mapping = VKSPLIT_MAPPING_BY_SHAPE;
        desc.tuning.workgroup_size = 64;
        vksplit_error err;
        vksplit_context* gpu_ctx = NULL;
        CHECK_RESULT(VKSPLIT_OK, vksplit_context_create(&desc, &gpu_ctx, &err), &err);
        if (gpu_ctx)
            pairs_gpu_shaped(&g, gpu_ctx, "a GPU's plans (BY_SHAPE, workgroups of 64)");
        vksplit_context_destroy(gpu_ctx);
    }
    if ((parts & PART_FROM_FP8) && descriptors && descriptors != ctx) {
        /* the descriptor context's buffers have no device addresses to give */
        int bda = g.bda;
        g.bda = 0;
        pairs_on(&g, descriptors, "push descriptors");
        g.bda = bda;
    }
    printf("%u cases failed, %llu mismatches in all, %.1f s\n", failed_cases, (unsigned long long)total_mismatches,
           core_now() - t0);
    vksplit_context_destroy(push);
    vkDestroyCommandPool(g.info.device, g.pool, NULL);
    return test_finish(runner);
}
