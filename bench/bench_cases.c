/* split_bench's cases and their CPU check (bench_cases.h). */
#include "bench_cases.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SPLIT VKSPLIT_OPERATION_SPLIT
#define JOIN VKSPLIT_OPERATION_JOIN
#define NONE VKSPLIT_DEVICE_PARAMETERS_NONE
const bench_case bench_cases[] = {
    {"f32_inner1", "float32 [64, 3K, 1] axis 1, 3 outputs (odd rows: 4-byte words)", "f32", 4, SHAPE_ROWS, 1, 3, 0,
     SPLIT, 0, NONE},
    {"f32_inner64", "float32 [64, 3K, 64] axis 1, 3 outputs", "f32", 4, SHAPE_ROWS, 64, 3, 0, SPLIT, 0, NONE},
    {"f32_inner4096", "float32 [64, 3K, 4096] axis 1, 3 outputs", "f32", 4, SHAPE_ROWS, 4096, 3, 0, SPLIT, 0, NONE},
    {"f32_1d", "float32 [3M] axis 0, 3 outputs", "f32", 4, SHAPE_1D, 1, 3, 0, SPLIT, 0, NONE},
    {"i8_inner64", "int8 [64, 3K, 64] axis 1, 3 outputs", "i8", 1, SHAPE_ROWS, 64, 3, 0, SPLIT, 0, NONE},
    {"f16_inner64", "float16 [64, 3K, 64] axis 1, 3 outputs", "f16", 2, SHAPE_ROWS, 64, 3, 0, SPLIT, 0, NONE},
    {"f32_chunk256", "float32 [N, 3, 64] axis 1: 256-byte chunks", "f32", 4, SHAPE_CHUNKS, 64, 3, 0, SPLIT, 0, NONE},
    {"f32_chunk16", "float32 [N, 3, 4] axis 1: 16-byte chunks", "f32", 4, SHAPE_CHUNKS, 4, 3, 0, SPLIT, 0, NONE},
    {"f32_last3", "float32 [N, 3] last axis: 4-byte chunks", "f32", 4, SHAPE_LAST_AXIS, 1, 3, 0, SPLIT, 0, NONE},
    {"f32_uneven18", "float32 [64, 1000, M] axis 1, opset-18 num_outputs 3", "f32", 4, SHAPE_UNEVEN, 0, 3, 0, SPLIT, 0,
     NONE},
    {"f32_out96", "float32 [64, 96, M] axis 1, 96 outputs", "f32", 4, SHAPE_MANY, 0, 96, 0, SPLIT, 0, NONE},
    {"f32_out1024", "float32 [64, 1024, M] axis 1, 1024 outputs", "f32", 4, SHAPE_MANY, 0, 1024, 0, SPLIT, 0, NONE},
    {"f32_transposed", "float32 [N, N] column-major input, axis 0, 2 outputs", "f32", 4, SHAPE_TRANSPOSED, 0, 2, 0,
     SPLIT, 0, NONE},
    {"f16_qkv", "float16 [4, S, 3, 16, 64] axis 2 into q, k, v laid out [4, 16, S, 64] (a transformer's heads)", "f16",
     2, SHAPE_QKV, 64, 3, 0, SPLIT, 0, NONE},
    {"f32_4k", "float32 [1024] axis 0, 2 outputs (4 KiB)", "f32", 4, SHAPE_FIXED, 0, 2, 4096, SPLIT, 0, NONE},
    {"f32_64k", "float32 [16384] axis 0, 2 outputs (64 KiB)", "f32", 4, SHAPE_FIXED, 0, 2, 65536, SPLIT, 0, NONE},
};
const uint32_t bench_case_count = sizeof bench_cases / sizeof bench_cases[0];

/* The joins engines run, each a split's shape turned round. A timed run that names no case
 * times the first, fourth and last (extra = 0): one of each kind a GPU plans differently (long
 * rows, short chunks, latency) at about a split's cost each. */
const bench_case bench_join_cases[] = {
    {"join_f16_kv_append",
     "float16 [4, 16, S+1, 64] axis 2 from the cache [4, 16, S, 64] and the new token [4, 16, 1, 64] (a KV-cache "
     "append)",
     "f16", 2, SHAPE_KV_APPEND, 64, 2, 0, JOIN, 0, NONE},
    {"join_f16_heads", "float16 [4, S, 16, 64] axis 2 from 16 heads, slices of one [4, 16, S, 64] (heads merged)",
     "f16", 2, SHAPE_HEADS, 64, 16, 0, JOIN, 1, NONE},
    {"join_f32_inner64", "float32 [64, 3K, 64] axis 1 from 3 inputs (f32_inner64 turned round)", "f32", 4, SHAPE_ROWS,
     64, 3, 0, JOIN, 1, NONE},
    {"join_f32_last3", "float32 [N, 3] last axis from 3 inputs: 4-byte chunks (f32_last3 turned round)", "f32", 4,
     SHAPE_LAST_AXIS, 1, 3, 0, JOIN, 0, NONE},
    {"join_f32_out96", "float32 [64, 96, M] axis 1 from 96 inputs (f32_out96 turned round)", "f32", 4, SHAPE_MANY, 0,
     96, 0, JOIN, 1, NONE},
    {"join_f32_out1024", "float32 [64, 1024, M] axis 1 from 1024 inputs (f32_out1024 turned round)", "f32", 4,
     SHAPE_MANY, 0, 1024, 0, JOIN, 1, NONE},
    {"join_f32_transposed", "float32 [N, N] column-major output, axis 0, from 2 inputs (f32_transposed turned round)",
     "f32", 4, SHAPE_TRANSPOSED, 0, 2, 0, JOIN, 1, NONE},
    {"join_f32_4k", "float32 [1024] axis 0 from 2 inputs (4 KiB; f32_4k turned round)", "f32", 4, SHAPE_FIXED, 0, 2,
     4096, JOIN, 0, NONE},
};
const uint32_t bench_join_case_count = sizeof bench_join_cases / sizeof bench_join_cases[0];

/* The copies that convert (bench_convert.c checks them against tests/convert/convert_reference.c):
 * extra, and left out of --all (their own group: --convert, or --case; --plan-only plans them with
 * every case). Each is sized by its whole's bytes (element_size: the whole's type's size; 0 for
 * Q8_0), but for the KV appends, whose shapes are their own; its types and scale are
 * convert_types' entry of the same index. */
const bench_case bench_convert_cases[] = {
    {"qkv_f32_to_f16",
     "fused QKV projection output float32 [T, 3 x 1024] split along the last axis into q, k, v float16 [T, 1024] "
     "(f16_qkv's 16 heads of 64)",
     "f32", 4, SHAPE_FUSED, 1024, 3, 0, SPLIT, 1, NONE},
    {"join_f16_to_f32", "float16 q, k, v [T, 1024] joined along the last axis into float32 [T, 3 x 1024]", "f32", 4,
     SHAPE_FUSED, 1024, 3, 0, JOIN, 1, NONE},
    {"split_f32_to_fp8",
     "float32 [64, 3K, 64] axis 1 into 3 float8e4m3fn outputs, host scale 16, saturating (f32_inner64's shape)", "f32",
     4, SHAPE_ROWS, 64, 3, 0, SPLIT, 1, NONE},
    {"q8_0_quantize", "float32 rows [T, 4096] quantized into ggml's q8_0 (a 1-part split along axis 0)", "f32", 4,
     SHAPE_TOKENS, 4096, 1, 0, SPLIT, 1, NONE},
    /* The KV appends that convert (bench_kv_convert.h): latency loops, their shapes their own */
    {"kv_append_fp8",
     "bfloat16 token [1, 8, 1, 128] joined into a float8e4m3fn KV cache [1, 8, 4096, 128] at t = step % 4096 the GPU "
     "writes (device parameters GIVEN), a device scale, one command buffer replayed, against converting the token "
     "first (a second plan) and the byte append alone",
     "fp8", 1, SHAPE_KV_FP8, 128, 1, 0, JOIN, 1, VKSPLIT_DEVICE_PARAMETERS_GIVEN},
    {"kv_append_q8_0",
     "llama.cpp's SET_ROWS into a q8_0 K cache: float32 rows [1, 1024] into [4096, 1024] q8_0 at a slot the GPU "
     "writes (rows INDEXED int64), replayed, against quantizing first (a second plan) and the byte append alone",
     "q8", 0, SHAPE_KV_Q8_0, 1, 1, 0, JOIN, 1, NONE},
    {"kv_append_q8_0_t16", "kv_append_q8_0 with 16 rows [16, 1024] at 16 distinct slots the GPU writes", "q8", 0,
     SHAPE_KV_Q8_0, 16, 1, 0, JOIN, 1, NONE},
};
static const vksplit_convert convert_types[] = {
    {.whole = VKSPLIT_TYPE_FLOAT32, .parts = VKSPLIT_TYPE_FLOAT16},
    {.whole = VKSPLIT_TYPE_FLOAT32, .parts = VKSPLIT_TYPE_FLOAT16},
    {.whole = VKSPLIT_TYPE_FLOAT32,
     .parts = VKSPLIT_TYPE_FLOAT8E4M3FN,
     .scale_source = VKSPLIT_SCALE_HOST,
     .scale = 16.0f},
    {.whole = VKSPLIT_TYPE_FLOAT32, .parts = VKSPLIT_TYPE_Q8_0},
    /* the scale a float32 the GPU holds: bench_kv_convert.c writes it (BENCH_KV_SCALE) */
    {.whole = VKSPLIT_TYPE_FLOAT8E4M3FN, .parts = VKSPLIT_TYPE_BFLOAT16, .scale_source = VKSPLIT_SCALE_DEVICE},
    {.whole = VKSPLIT_TYPE_Q8_0, .parts = VKSPLIT_TYPE_FLOAT32},
    {.whole = VKSPLIT_TYPE_Q8_0, .parts = VKSPLIT_TYPE_FLOAT32},
};
_Static_assert(sizeof convert_types / sizeof convert_types[0] ==
                   sizeof bench_convert_cases / sizeof bench_convert_cases[0],
               "one convert_types entry per converting case");
const uint32_t bench_convert_case_count = sizeof bench_convert_cases / sizeof bench_convert_cases[0];

/* The engine loops (bench_loops.c): extra (--all, --case), each the size of its whole. */
#define GIVEN VKSPLIT_DEVICE_PARAMETERS_GIVEN
#define PACKED VKSPLIT_DEVICE_PARAMETERS_PACKED
const bench_case bench_loop_cases[] = {
    {"decode_f16_step",
     "float16 decode loop: the token [1, 32, 1, 128] into the cache [1, 32, S, 128] at t = step % S (GIVEN), one "
     "command buffer replayed, against re-recording it and a re-recorded vkCmdCopyBuffer",
     "f16", 2, SHAPE_DECODE, 128, 1, 0, JOIN, 1, GIVEN},
    {"moe_f16_dispatch",
     "float16 MoE dispatch: tokens [T, 4096] split by GPU-written counts into 8 experts of capacity T (PACKED), "
     "replayed, against reading the counts back and planning on the host",
     "f16", 2, SHAPE_MOE, 4096, 8, 0, SPLIT, 1, PACKED},
    {"moe_f16_combine",
     "float16 MoE combine: 8 experts of capacity T joined back into tokens [T, 4096] by GPU-written counts "
     "(PACKED), replayed, against reading the counts back and planning on the host",
     "f16", 2, SHAPE_MOE, 4096, 8, 0, JOIN, 1, PACKED},
};
const uint32_t bench_loop_case_count = sizeof bench_loop_cases / sizeof bench_loop_cases[0];

/* The rows loops (bench_rows.c): extra (--all, --case), each the size of its whole (MoE: of the
 * permuted tokens [2T, D]); kv_paged_append's T fixed, its cache at least 2T slots. */
const bench_case bench_rows_cases[] = {
    {"kv_append1",
     "float16 KV append: the token [1, 32, 1, 128] into the cache [1, 32, S, 128] at t = step % S the GPU writes "
     "(rows LINEAR, one list: one dispatch), against device parameters GIVEN, a re-recorded vkCmdCopyBuffer of its 32 "
     "rows and a static join into a new [1, 32, S + 1, 128]",
     "f16", 2, SHAPE_KV_ROWS, 128, 1, 0, JOIN, 1, NONE},
    {"kv_append1_vtrans",
     "float16 transposed V cache V^T [4096, S]: one element into each of 4096 rows at t the GPU writes (rows INDEXED "
     "int32, one index for all: 2-byte rows), against GIVEN, vkCmdCopyBuffer of 4096 regions and a static join",
     "f16", 2, SHAPE_VTRANS, 4096, 1, 0, JOIN, 1, NONE},
    {"kv_paged_append_t1",
     "float16 paged cache [N, 8, 128] (vLLM NHD): 1 token written by the slot the GPU writes (rows INDEXED, -1 "
     "skipped), against vkCmdCopyBuffer at host-known slots",
     "f16", 2, SHAPE_PAGED, 1, 1, 0, JOIN, 1, NONE},
    {"kv_paged_append_t16", "float16 paged cache [N, 8, 128]: 16 tokens by a GPU-written slot mapping (as t1)", "f16",
     2, SHAPE_PAGED, 16, 1, 0, JOIN, 1, NONE},
    {"kv_paged_append_t512", "float16 paged cache [N, 8, 128]: 512 tokens (a check pass: over 64 indices)", "f16", 2,
     SHAPE_PAGED, 512, 1, 0, JOIN, 1, NONE},
    {"kv_paged_append_t8192", "float16 paged cache [N, 8, 128]: 8192 tokens (a prefill's)", "f16", 2, SHAPE_PAGED, 8192,
     1, 0, JOIN, 1, NONE},
    {"tensorscatter_decode",
     "float16 ONNX TensorScatter decode: [8, 8, 1, 128] into [8, 8, S, 128], each batch element at its own GPU-written "
     "int64 position (rows CIRCULAR, one wrapping each step), against 64 re-recorded copy regions",
     "f16", 2, SHAPE_SCATTER, 128, 1, 0, JOIN, 1, NONE},
    {"moe_permute",
     "float16 MoE permute: tokens [T, 4096] gathered into expert order [2T, 4096] (k = 2) by a GPU-written order (rows "
     "INDEXED gather, repeats), against re-recorded copy regions and the host round trip",
     "f16", 2, SHAPE_PERMUTE, 4096, 1, 0, SPLIT, 1, NONE},
    {"moe_unpermute",
     "float16 MoE unpermute: [2T, 4096] scattered into [2T, 4096] by a GPU-written permutation (rows INDEXED "
     "scatter), against re-recorded copy regions and the host round trip",
     "f16", 2, SHAPE_PERMUTE, 4096, 1, 0, JOIN, 1, NONE},
};
const uint32_t bench_rows_case_count = sizeof bench_rows_cases / sizeof bench_rows_cases[0];

const bench_case* bench_case_at(uint32_t i)
{
    if (i < bench_case_count)
        return &bench_cases[i];
    i -= bench_case_count;
    if (i < bench_join_case_count)
        return &bench_join_cases[i];
    i -= bench_join_case_count;
    if (i < bench_convert_case_count)
        return &bench_convert_cases[i];
    i -= bench_convert_case_count;
    return i < bench_loop_case_count ? &bench_loop_cases[i] : &bench_rows_cases[i - bench_loop_case_count];
}

uint32_t bench_case_total(void)
{
    return bench_case_count + bench_join_case_count + bench_convert_case_count + bench_loop_case_count +
           bench_rows_case_count;
}

int bench_is_loop(const bench_case* c) { return c->shape == SHAPE_DECODE || c->shape == SHAPE_MOE; }

int bench_is_rows(const bench_case* c) { return c->shape >= SHAPE_KV_ROWS; }

int bench_is_kv_convert(const bench_case* c) { return c->shape == SHAPE_KV_FP8 || c->shape == SHAPE_KV_Q8_0; }

int bench_once(const bench_case* c) { return c->shape == SHAPE_FIXED || bench_is_kv_convert(c); }

const vksplit_convert* bench_case_convert(const bench_case* c)
{
    for (uint32_t i = 0; i < bench_convert_case_count; i++)
        if (c == &bench_convert_cases[i])
            return &convert_types[i];
    return NULL;
}

int bench_is_convert(const bench_case* c) { return bench_case_convert(c) != NULL; }

uint64_t bench_type_bytes(vksplit_type t, uint64_t elements)
{
    switch (t) {
    case VKSPLIT_TYPE_FLOAT32: return elements * 4;
    case VKSPLIT_TYPE_FLOAT16:
    case VKSPLIT_TYPE_BFLOAT16: return elements * 2;
    case VKSPLIT_TYPE_Q8_0: return elements / 32 * 34; /* blocks of 32 elements: d (2 bytes), qs[32] */
    default: return elements;                          /* the FP8 types */
    }
}

/* A tensor's span in bytes by docs/conversions.md: (the furthest element's index + 1) elements
 * of t, packed where strides is NULL (Q8_0 always: its blocks' bytes), rounded up to 4 (a
 * converting copy's bindings are 32-bit words); 0 when empty. */
static uint64_t span_of(vksplit_type t, uint32_t rank, const uint64_t* sizes, const uint64_t* strides)
{
    uint64_t elements = 1, last = 0;
    for (uint32_t k = 0; k < rank; k++)
        elements *= sizes[k];
    if (elements == 0)
        return 0;
    if (strides && t != VKSPLIT_TYPE_Q8_0) {
        for (uint32_t k = 0; k < rank; k++)
            last += (sizes[k] - 1) * strides[k];
        elements = last + 1;
    }
    return (bench_type_bytes(t, elements) + 3) & ~(uint64_t)3;
}

void bench_convert_layout(bench_setup* s)
{
    const vksplit_convert* v = bench_case_convert(s->c);
    const vksplit_split_desc* d = &s->desc;
    s->input_span = span_of(v->whole, s->rank, s->sizes, d->input_strides);
    s->arena_bytes = 0;
    for (uint32_t i = 0; i < s->c->outputs; i++) {
        uint64_t sizes[BENCH_MAX_RANK];
        memcpy(sizes, s->sizes, sizeof sizes);
        sizes[d->axis] = s->split[i];
        s->output_span[i] = span_of(v->parts, s->rank, sizes, d->output_strides ? d->output_strides[i] : NULL);
        s->output_offset[i] = s->arena_bytes;
        s->arena_bytes += (s->output_span[i] + 255) & ~(uint64_t)255;
    }
}

vksplit_rows bench_rows_options(const bench_case* c)
{
    vksplit_rows r = {0};
    switch (c->shape) {
    case SHAPE_KV_ROWS: r = (vksplit_rows){.mode = VKSPLIT_ROWS_LINEAR, .index_bytes = 8}; break;
    case SHAPE_VTRANS: r = (vksplit_rows){.mode = VKSPLIT_ROWS_INDEXED, .index_bytes = 4}; break;
    case SHAPE_PAGED: r = (vksplit_rows){.mode = VKSPLIT_ROWS_INDEXED, .index_bytes = 8, .skip_negative = 1}; break;
    case SHAPE_SCATTER: /* a list per batch element */
        r = (vksplit_rows){.mode = VKSPLIT_ROWS_CIRCULAR, .index_bytes = 8, .list_dims = 1u};
        break;
    case SHAPE_PERMUTE: r = (vksplit_rows){.mode = VKSPLIT_ROWS_INDEXED, .index_bytes = 4}; break;
    case SHAPE_KV_Q8_0: r = (vksplit_rows){.mode = VKSPLIT_ROWS_INDEXED, .index_bytes = 8}; break; /* SET_ROWS' I64 */
    default: break;
    }
    return r;
}

static uint64_t at_least_one(double v) { return v < 1 ? 1 : (uint64_t)(v + 0.5); }
static uint64_t odd(uint64_t v) { return v | 1; }

/* [B, S, H, D] along H into H parts of 1, part h being head h of one [B, H, S, D] tensor: its
 * strides, at h * S * D elements into one buffer (parts interleave there: a join reads them). */
static void heads_setup(const bench_case* c, double target, bench_setup* s)
{
    uint64_t b = 4, h = c->outputs, d = c->inner;
    uint64_t seq = at_least_one(target / ((double)b * h * d * c->element_size));
    s->rank = 4;
    s->sizes[0] = b;
    s->sizes[1] = seq;
    s->sizes[2] = h;
    s->sizes[3] = d;
    uint64_t* st = s->output_strides[0];
    st[0] = h * seq * d;
    st[1] = d;
    st[2] = seq * d; /* size 1 */
    st[3] = 1;
    for (uint32_t k = 0; k < h; k++) {
        s->output_stride_ptrs[k] = st;
        s->output_offset[k] = k * seq * d * c->element_size;
        s->output_span[k] = ((b - 1) * st[0] + (seq - 1) * st[1] + d) * c->element_size;
    }
    s->arena_bytes = b * h * seq * d * c->element_size;
}

/* A rows loop's whole (its sizes, packed) and the part's rows along the axis (`rows`); returns
 * the axis. */
static uint32_t rows_setup(const bench_case* c, double t, bench_setup* s)
{
    double e = c->element_size;
    uint64_t d = c->inner;
    switch (c->shape) {
    case SHAPE_KV_ROWS: /* [1, 32, S, D]: the token's 1 row */
        s->rank = 4;
        s->sizes[0] = 1, s->sizes[1] = 32, s->sizes[2] = at_least_one(t / (32.0 * d * e)), s->sizes[3] = d;
        s->split[0] = 1;
        return 2;
    case SHAPE_VTRANS: /* [n_embd, S]: one element a row */
        s->rank = 2;
        s->sizes[0] = d, s->sizes[1] = at_least_one(t / (d * e));
        s->split[0] = 1;
        return 1;
    case SHAPE_PAGED: { /* [N, 8, 128]: T tokens, N at least 2T */
        uint64_t slots = at_least_one(t / (8.0 * 128 * e));
        s->rank = 3;
        s->sizes[0] = slots > 2 * d ? slots : 2 * d, s->sizes[1] = 8, s->sizes[2] = 128;
        s->split[0] = d;
        return 0;
    }
    case SHAPE_SCATTER: /* [8, 8, S, D]: one row per batch element and head */
        s->rank = 4;
        s->sizes[0] = 8, s->sizes[1] = 8, s->sizes[2] = at_least_one(t / (64.0 * d * e)), s->sizes[3] = d;
        s->split[0] = 1;
        return 2;
    default: { /* SHAPE_PERMUTE: T tokens, k = 2: a split gathers [2T, D] from [T, D], a join scatters [2T, D] */
        uint64_t tokens = at_least_one(t / (2.0 * d * e));
        s->rank = 2;
        s->sizes[0] = c->operation == VKSPLIT_OPERATION_JOIN ? 2 * tokens : tokens, s->sizes[1] = d;
        s->split[0] = 2 * tokens;
        return 0;
    }
    }
}

void bench_setup_case(const bench_case* c, uint64_t target, bench_setup* s)
{
    memset(s, 0, sizeof *s);
    s->c = c;
    double e = c->element_size, t = (double)target;
    uint32_t axis = 1;
    switch (c->shape) {
    case SHAPE_ROWS: /* K odd, as at 64 MiB: keeps each case's copy word at every size */
        s->rank = 3;
        s->sizes[0] = 64;
        s->sizes[1] = 3 * odd(at_least_one(t / (64.0 * 3 * c->inner * e)));
        s->sizes[2] = c->inner;
        break;
    case SHAPE_1D:
        s->rank = 1;
        s->sizes[0] = 3 * odd(at_least_one(t / (3.0 * e)));
        axis = 0;
        break;
    case SHAPE_CHUNKS:
        s->rank = 3;
        s->sizes[0] = at_least_one(t / (3.0 * c->inner * e));
        s->sizes[1] = 3;
        s->sizes[2] = c->inner;
        break;
    case SHAPE_LAST_AXIS:
        s->rank = 2;
        s->sizes[0] = at_least_one(t / (3.0 * e));
        s->sizes[1] = 3;
        break;
    case SHAPE_UNEVEN:
        s->rank = 3;
        s->sizes[0] = 64;
        s->sizes[1] = 1000;
        s->sizes[2] = at_least_one(t / (64.0 * 1000 * e));
        break;
    case SHAPE_MANY:
        s->rank = 3;
        s->sizes[0] = 64;
        s->sizes[1] = c->outputs;
        s->sizes[2] = at_least_one(t / (64.0 * c->outputs * e));
        break;
    case SHAPE_TRANSPOSED: {
        uint64_t n = at_least_one(sqrt(t / e)) & ~(uint64_t)1;
        s->rank = 2;
        s->sizes[0] = s->sizes[1] = n ? n : 2;
        s->input_strides[0] = 1; /* column-major: the first dimension is fastest */
        s->input_strides[1] = s->sizes[0];
        axis = 0;
        break;
    }
    case SHAPE_QKV: { /* B = 4, H = 16, D = inner; each output [B, S, 1, H, D] strided as [B, H, S, D] */
        uint64_t b = 4, h = 16, d = c->inner;
        uint64_t seq = at_least_one(t / ((double)b * 3 * h * d * e));
        s->rank = 5;
        s->sizes[0] = b;
        s->sizes[1] = seq;
        s->sizes[2] = 3;
        s->sizes[3] = h;
        s->sizes[4] = d;
        axis = 2;
        for (uint32_t k = 0; k < 3; k++) {
            uint64_t* st = s->output_strides[k];
            st[0] = h * seq * d;
            st[1] = d;
            st[2] = h * seq * d; /* size 1 */
            st[3] = seq * d;
            st[4] = 1;
            s->output_stride_ptrs[k] = st;
        }
        break;
    }
    case SHAPE_FUSED: /* [T, outputs x inner] along the last axis */
        s->rank = 2;
        s->sizes[0] = at_least_one(t / ((double)c->outputs * c->inner * e));
        s->sizes[1] = (uint64_t)c->outputs * c->inner;
        break;
    case SHAPE_TOKENS: /* [T, inner] axis 0 */
        s->rank = 2;
        s->sizes[0] = at_least_one(t / (c->inner * e));
        s->sizes[1] = c->inner;
        axis = 0;
        break;
    case SHAPE_FIXED:
        s->rank = 1;
        s->sizes[0] = c->fixed_bytes / c->element_size;
        axis = 0;
        break;
    case SHAPE_KV_APPEND: /* B = 4, H = 16, D = inner: the cache's S + the token's 1 */
        s->rank = 4;
        s->sizes[0] = 4;
        s->sizes[1] = 16;
        s->sizes[2] = at_least_one(t / (4.0 * 16 * c->inner * e) - 1) + 1;
        s->sizes[3] = c->inner;
        axis = 2;
        break;
    case SHAPE_HEADS: /* B = 4, H = outputs, D = inner; part h is head h of one [B, H, S, D] */
        heads_setup(c, t, s);
        axis = 2;
        break;
    case SHAPE_DECODE: /* B = 1, H = 32, D = inner: the cache of S positions, the target's bytes */
        s->rank = 4;
        s->sizes[0] = 1;
        s->sizes[1] = 32;
        s->sizes[2] = at_least_one(t / (32.0 * c->inner * e));
        s->sizes[3] = c->inner;
        axis = 2;
        break;
    case SHAPE_MOE: /* D = inner: T tokens, the target's bytes */
        s->rank = 2;
        s->sizes[0] = at_least_one(t / (c->inner * e));
        s->sizes[1] = c->inner;
        axis = 0;
        break;
    case SHAPE_KV_FP8: /* the cache [1, 8, 4096, D] whatever the target; the token's capacity 1 */
        s->rank = 4;
        s->sizes[0] = 1, s->sizes[1] = 8, s->sizes[2] = 4096, s->sizes[3] = c->inner;
        s->split[0] = 1;
        axis = 2;
        break;
    case SHAPE_KV_Q8_0: /* the cache [4096, 1024] whatever the target; the part's T rows */
        s->rank = 2;
        s->sizes[0] = 4096, s->sizes[1] = 1024;
        s->split[0] = c->inner;
        axis = 0;
        break;
    default: /* a rows loop's */ axis = rows_setup(c, t, s); break;
    }
    uint64_t dim = s->sizes[axis];
    uint64_t chunk = c->shape == SHAPE_UNEVEN      ? (dim + c->outputs - 1) / c->outputs
                     : c->shape == SHAPE_KV_APPEND ? dim - 1
                     : c->shape == SHAPE_DECODE    ? 1   /* the token's capacity */
                     : c->shape == SHAPE_MOE       ? dim /* each expert's capacity: every token */
                     : bench_is_rows(c) || bench_is_kv_convert(c)
                         ? s->split[0] /* the part's rows: rows_setup's, or the token's capacity */
                         : dim / c->outputs;
    for (uint32_t i = 0; i < c->outputs; i++) /* an engine loop's: capacities, each `chunk` */
        s->split[i] = i + 1 < c->outputs || bench_is_loop(c) || bench_is_rows(c) || bench_is_kv_convert(c)
                          ? chunk
                          : dim - chunk * (c->outputs - 1);
    s->desc.element_size = c->element_size;
    s->desc.rank = s->rank;
    s->desc.sizes = s->sizes;
    s->desc.input_strides = c->shape == SHAPE_TRANSPOSED ? s->input_strides : NULL;
    s->desc.output_strides = c->shape == SHAPE_QKV || c->shape == SHAPE_HEADS ? s->output_stride_ptrs : NULL;
    s->desc.axis = axis;
    s->desc.output_count = c->outputs;
    s->desc.lengths = s->split;
    /* The mirror: the split's input is the join's output, its outputs the join's inputs. */
    s->join.element_size = c->element_size;
    s->join.rank = s->rank;
    s->join.sizes = s->sizes;
    s->join.output_strides = s->desc.input_strides;
    s->join.axis = axis;
    s->join.input_count = c->outputs;
    s->join.lengths = s->split;
    s->join.input_strides = s->desc.output_strides;
    /* Packed tensors: spans are element counts. Outputs share one buffer, each at a
     * 256-byte boundary, as an engine would place them (SHAPE_HEADS: heads_setup's). */
    uint64_t elements = 1;
    for (uint32_t k = 0; k < s->rank; k++)
        elements *= s->sizes[k];
    s->input_span = elements * c->element_size;
    for (uint32_t i = 0; i < c->outputs && c->shape != SHAPE_HEADS; i++) {
        s->output_span[i] = elements / dim * s->split[i] * c->element_size;
        s->output_offset[i] = s->arena_bytes;
        s->arena_bytes += (s->output_span[i] + 255) & ~(uint64_t)255;
    }
    if (bench_is_convert(c)) /* the parts' bytes are their type's */
        bench_convert_layout(s);
}

vksplit_result bench_plan_create(vksplit_context* ctx, const bench_setup* s, const vksplit_plan_options* options,
                                 vksplit_plan** plan, vksplit_error* error)
{
    vksplit_plan_options o = {0};
    if (options)
        o = *options;
    if (bench_is_loop(s->c)) { /* device parameters run on the compute path */
        o.path = VKSPLIT_PATH_COMPUTE;
        o.device_parameters = s->c->device;
    } else if (bench_is_rows(s->c)) { /* so do rows */
        o.path = VKSPLIT_PATH_COMPUTE;
        o.rows = bench_rows_options(s->c);
    } else if (bench_is_convert(s->c)) { /* and copies that convert */
        o.path = VKSPLIT_PATH_COMPUTE;
        o.convert = *bench_case_convert(s->c);
        o.device_parameters = s->c->device; /* kv_append_fp8's GIVEN */
        o.rows = bench_rows_options(s->c);  /* kv_append_q8_0's INDEXED */
    }
    return s->c->operation == VKSPLIT_OPERATION_JOIN ? vksplit_plan_create_join(ctx, &s->join, &o, plan, error)
                                                     : vksplit_plan_create(ctx, &s->desc, &o, plan, error);
}

void bench_shape_text(const bench_setup* s, char* out, size_t size)
{
    int n = snprintf(out, size, "[");
    for (uint32_t k = 0; k < s->rank; k++)
        n += snprintf(out + n, size - (size_t)n, k ? ",%llu" : "%llu", (unsigned long long)s->sizes[k]);
    snprintf(out + n, size - (size_t)n, "]%s",
             s->c->shape == SHAPE_TRANSPOSED ? "T"
             : s->c->shape == SHAPE_QKV      ? "->BHSD"
             : s->c->shape == SHAPE_HEADS    ? "<-BHSD"
                                             : "");
}

int bench_check(const bench_setup* s, const uint8_t* input, const uint8_t* arena)
{
    const vksplit_split_desc* d = &s->desc;
    uint32_t last = d->rank - 1;
    uint64_t in_strides[BENCH_MAX_RANK], stride = 1;
    for (uint32_t k = d->rank; k-- > 0;) {
        in_strides[k] = d->input_strides ? d->input_strides[k] : stride;
        stride *= d->sizes[k];
    }
    uint64_t start = 0;
    for (uint32_t o = 0; o < d->output_count; o++) {
        uint64_t sizes[BENCH_MAX_RANK], out_strides[BENCH_MAX_RANK], idx[BENCH_MAX_RANK] = {0}, count = 1;
        memcpy(sizes, d->sizes, sizeof sizes);
        sizes[d->axis] = s->split[o];
        stride = 1;
        for (uint32_t k = d->rank; k-- > 0;) {
            out_strides[k] = d->output_strides ? d->output_strides[o][k] : stride;
            stride *= sizes[k];
        }
        for (uint32_t k = 0; k < d->rank; k++)
            count *= sizes[k];
        /* The innermost dimension is one memcmp when it is contiguous in both tensors. */
        uint64_t width = in_strides[last] == 1 && out_strides[last] == 1 ? sizes[last] : 1;
        const uint8_t* out = arena + s->output_offset[o];
        for (uint64_t e = 0; e < count; e += width) {
            uint64_t in = 0, at = 0;
            for (uint32_t k = 0; k < d->rank; k++) {
                in += (idx[k] + (k == d->axis ? start : 0)) * in_strides[k];
                at += idx[k] * out_strides[k];
            }
            if (memcmp(out + at * d->element_size, input + in * d->element_size, width * d->element_size) != 0) {
                fprintf(stderr, "split_bench: %s: %s %u differs from the reference near element %llu\n", s->c->name,
                        s->c->operation == VKSPLIT_OPERATION_JOIN ? "the output, where input" : "output", o,
                        (unsigned long long)e);
                return 0;
            }
            for (uint32_t k = width > 1 ? last : d->rank; k-- > 0;) { /* skip the compared run */
                if (++idx[k] < sizes[k])
                    break;
                idx[k] = 0;
            }
        }
        start += s->split[o];
    }
    return 1;
}

void bench_fill_random(uint8_t* p, uint64_t bytes)
{
    uint64_t seed = 0x9E3779B97F4A7C15ull ^ bytes;
    for (uint64_t i = 0; i + 8 <= bytes; i += 8) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        memcpy(p + i, &seed, 8);
    }
    for (uint64_t i = bytes & ~(uint64_t)7; i < bytes; i++)
        p[i] = (uint8_t)(i * 131u);
}
