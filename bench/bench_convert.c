/* split_bench's copies that convert (bench_convert.h). */
#include "bench_convert.h"

#include <stdio.h>
#include <string.h>

#include "convert_reference.h" /* tests/convert/convert_reference.c, compiled in by path */

const char* bench_type_name(vksplit_type t)
{
    switch (t) {
    case VKSPLIT_TYPE_FLOAT32: return "float32";
    case VKSPLIT_TYPE_FLOAT16: return "float16";
    case VKSPLIT_TYPE_BFLOAT16: return "bfloat16";
    case VKSPLIT_TYPE_FLOAT8E4M3FN: return "float8e4m3fn";
    case VKSPLIT_TYPE_FLOAT8E5M2: return "float8e5m2";
    case VKSPLIT_TYPE_Q8_0: return "q8_0";
    default: return "none";
    }
}

/* Part i's sizes: the whole's, its length along the axis. */
static void part_sizes(const bench_setup* s, uint32_t i, uint64_t* sizes)
{
    memcpy(sizes, s->sizes, sizeof s->sizes);
    sizes[s->desc.axis] = s->split[i];
}

static uint64_t count_of(uint32_t rank, const uint64_t* sizes)
{
    uint64_t n = 1;
    for (uint32_t k = 0; k < rank; k++)
        n *= sizes[k];
    return n;
}

int bench_convert_spans_match(const bench_setup* s, const vksplit_plan* plan)
{
    int join = s->c->operation == VKSPLIT_OPERATION_JOIN;
    uint64_t whole = join ? vksplit_plan_output_span_bytes(plan, 0) : vksplit_plan_input_span_bytes(plan, 0);
    int ok = whole == s->input_span;
    if (!ok)
        fprintf(stderr, "split_bench: %s: the plan's whole spans %llu bytes, %llu by docs/conversions.md\n", s->c->name,
                (unsigned long long)whole, (unsigned long long)s->input_span);
    for (uint32_t i = 0; i < s->c->outputs; i++) {
        uint64_t part = join ? vksplit_plan_input_span_bytes(plan, i) : vksplit_plan_output_span_bytes(plan, i);
        if (part != s->output_span[i]) {
            fprintf(stderr, "split_bench: %s: the plan's part %u spans %llu bytes, %llu by docs/conversions.md\n",
                    s->c->name, i, (unsigned long long)part, (unsigned long long)s->output_span[i]);
            ok = 0;
        }
    }
    return ok;
}

void bench_convert_traffic(const vksplit_plan* plan, uint64_t* bytes_read, uint64_t* bytes_written)
{
    vksplit_plan_info info;
    vksplit_plan_get_info(plan, &info);
    *bytes_read = *bytes_written = 0;
    for (uint32_t i = 0; i < info.input_count; i++)
        *bytes_read += vksplit_plan_input_span_bytes(plan, i);
    for (uint32_t i = 0; i < info.output_count; i++)
        *bytes_written += vksplit_plan_output_span_bytes(plan, i);
}

/* ---- the values ---------------------------------------------------------------------------- */

/* A finite normal float32: sign and significand random, |x| in [2^-8, 16). */
static uint32_t next_value(uint64_t* seed)
{
    *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t r = *seed >> 16;
    uint32_t exponent = 119u + (uint32_t)((r >> 24) % 12u); /* 2^-8 .. 2^3 */
    return (uint32_t)(r >> 47 & 1u) << 31 | exponent << 23 | (uint32_t)(r & 0x7FFFFFu);
}

/* `elements` packed elements of t at p. */
static void fill_values(vksplit_type t, uint8_t* p, uint64_t elements, uint64_t* seed)
{
    if (t == VKSPLIT_TYPE_Q8_0) {
        float x[CREF_Q8_0_BLOCK];
        for (uint64_t b = 0; b < elements / CREF_Q8_0_BLOCK; b++) {
            for (uint32_t j = 0; j < CREF_Q8_0_BLOCK; j++)
                x[j] = cref_f32(next_value(seed));
            cref_q8_0_quantize(x, p + b * CREF_Q8_0_BLOCK_BYTES);
        }
        return;
    }
    for (uint64_t i = 0; i < elements; i++)
        cref_store(t, p, (size_t)i, cref_narrow(t, next_value(seed), 0));
}

void bench_convert_fill(const bench_setup* s, uint8_t* whole, uint8_t* arena)
{
    const bench_case* c = s->c;
    const vksplit_convert* v = bench_case_convert(c);
    uint64_t seed = 0x9E3779B97F4A7C15ull ^ s->input_span;
    memset(whole, 0, s->input_span);
    memset(arena, 0, s->arena_bytes);
    if (c->operation != VKSPLIT_OPERATION_JOIN) { /* the whole is read (packed: the cases' wholes are) */
        fill_values(v->whole, whole, count_of(s->rank, s->sizes), &seed);
        return;
    }
    for (uint32_t i = 0; i < c->outputs; i++) { /* the parts are read (packed: the cases' parts are) */
        uint64_t sizes[BENCH_MAX_RANK];
        part_sizes(s, i, sizes);
        fill_values(v->parts, arena + s->output_offset[i], count_of(s->rank, sizes), &seed);
    }
}

/* ---- the check ----------------------------------------------------------------------------- */

static int mismatch(const bench_setup* s, uint32_t part, uint64_t element, uint32_t got, uint32_t want, uint32_t from)
{
    const bench_case* c = s->c;
    const vksplit_convert* v = bench_case_convert(c);
    int join = c->operation == VKSPLIT_OPERATION_JOIN;
    vksplit_type src = join ? v->parts : v->whole, dst = join ? v->whole : v->parts;
    fprintf(stderr,
            "split_bench: %s: %s %u, its element %llu (C order): the GPU wrote 0x%X, docs/conversions.md gives 0x%X "
            "(%s 0x%X to %s)\n",
            c->name, join ? "input" : "output", part, (unsigned long long)element, got, want, bench_type_name(src),
            from, bench_type_name(dst));
    return 0;
}

/* Bytes [from, to) of p all zero? Else a message naming the first that is not. */
static int still_zero(const bench_setup* s, const char* what, const uint8_t* p, uint64_t from, uint64_t to)
{
    for (uint64_t b = from; b < to; b++)
        if (p[b]) {
            fprintf(stderr, "split_bench: %s: byte %llu of %s, past what the copy writes, is 0x%02X, not 0 (kept)\n",
                    s->c->name, (unsigned long long)b, what, p[b]);
            return 0;
        }
    return 1;
}

/* Part i, every element against the whole's it comes from (`start`: the part's first index
 * along the axis). Q8_0 parts are packed: element e is block e / 32's. */
static int check_part(const bench_setup* s, uint32_t i, uint64_t start, const uint64_t* whole_strides,
                      const uint8_t* whole, const uint8_t* part)
{
    const bench_case* c = s->c;
    const vksplit_convert* v = bench_case_convert(c);
    const vksplit_split_desc* d = &s->desc;
    vksplit_type wt = v->whole, pt = v->parts;
    int join = c->operation == VKSPLIT_OPERATION_JOIN, ns = (int)v->no_saturate;
    int has_scale = v->scale_source != VKSPLIT_SCALE_NONE;
    float scale = v->scale;
    uint64_t sizes[BENCH_MAX_RANK], strides[BENCH_MAX_RANK], idx[BENCH_MAX_RANK] = {0}, stride = 1;
    part_sizes(s, i, sizes);
    for (uint32_t k = d->rank; k-- > 0;) {
        strides[k] = d->output_strides && d->output_strides[i] ? d->output_strides[i][k] : stride;
        stride *= sizes[k];
    }
    uint64_t count = count_of(d->rank, sizes);
    float x[CREF_Q8_0_BLOCK];
    uint32_t codes[CREF_Q8_0_BLOCK];
    uint8_t block[CREF_Q8_0_BLOCK_BYTES];
    for (uint64_t e = 0; e < count; e++) {
        uint64_t w = 0, at = 0;
        for (uint32_t k = 0; k < d->rank; k++) {
            w += (idx[k] + (k == d->axis ? start : 0)) * whole_strides[k];
            at += idx[k] * strides[k];
        }
        uint32_t wcode = cref_load(wt, whole, (size_t)w);
        if (pt == VKSPLIT_TYPE_Q8_0) {
            uint32_t j = (uint32_t)(e % CREF_Q8_0_BLOCK);
            const uint8_t* got = part + e / CREF_Q8_0_BLOCK * CREF_Q8_0_BLOCK_BYTES;
            if (!join) { /* a block's 32 values gathered, then quantized */
                x[j] = cref_f32(cref_widen(wt, wcode));
                if (j == CREF_Q8_0_BLOCK - 1) {
                    cref_q8_0_quantize(x, block);
                    for (uint32_t b = 0; b < CREF_Q8_0_BLOCK_BYTES; b++)
                        if (got[b] != block[b]) {
                            fprintf(stderr,
                                    "split_bench: %s: output %u, its block %llu (elements from %llu, C order): byte "
                                    "%u the GPU wrote 0x%02X, ggml's quantize_row_q8_0_ref (docs/conversions.md) "
                                    "gives 0x%02X\n",
                                    c->name, i, (unsigned long long)(e / CREF_Q8_0_BLOCK), (unsigned long long)(e - j),
                                    b, got[b], block[b]);
                            return 0;
                        }
                }
            } else {
                if (j == 0)
                    cref_q8_0_dequantize(got, wt, codes);
                if (wcode != codes[j])
                    return mismatch(s, i, e, wcode, codes[j], got[2 + j]);
            }
        } else {
            uint32_t pcode = cref_load(pt, part, (size_t)at);
            uint32_t want = join ? cref_convert(pt, wt, pcode, ns, has_scale, scale)
                                 : cref_convert(wt, pt, wcode, ns, has_scale, scale);
            if ((join ? wcode : pcode) != want)
                return mismatch(s, i, e, join ? wcode : pcode, want, join ? pcode : wcode);
        }
        for (uint32_t k = d->rank; k-- > 0;) {
            if (++idx[k] < sizes[k])
                break;
            idx[k] = 0;
        }
    }
    return 1;
}

int bench_convert_check(const bench_setup* s, const uint8_t* whole, const uint8_t* arena)
{
    const bench_case* c = s->c;
    const vksplit_convert* v = bench_case_convert(c);
    const vksplit_split_desc* d = &s->desc;
    if (v->whole == VKSPLIT_TYPE_Q8_0) {
        fprintf(stderr, "split_bench: %s: the bench checks Q8_0 parts, not a Q8_0 whole\n", c->name);
        return 0;
    }
    uint64_t strides[BENCH_MAX_RANK], stride = 1, start = 0;
    for (uint32_t k = d->rank; k-- > 0;) {
        strides[k] = d->input_strides ? d->input_strides[k] : stride;
        stride *= d->sizes[k];
    }
    for (uint32_t i = 0; i < d->output_count; start += s->split[i], i++)
        if (!check_part(s, i, start, strides, whole, arena + s->output_offset[i]))
            return 0;
    if (c->operation == VKSPLIT_OPERATION_JOIN) /* the whole's span past its bytes (packed) */
        return d->input_strides || still_zero(s, "the output", whole,
                                              bench_type_bytes(v->whole, count_of(s->rank, s->sizes)), s->input_span);
    uint64_t end = 0; /* the arena's bytes outside the parts' (packed) bytes */
    for (uint32_t i = 0; i < d->output_count; i++) {
        uint64_t sizes[BENCH_MAX_RANK];
        part_sizes(s, i, sizes);
        if (d->output_strides && d->output_strides[i])
            return 1; /* a strided part's gaps: not this check's */
        if (!still_zero(s, "the outputs' arena", arena, end, s->output_offset[i]))
            return 0;
        end = s->output_offset[i] + bench_type_bytes(v->parts, count_of(s->rank, sizes));
    }
    return still_zero(s, "the outputs' arena", arena, end, s->arena_bytes);
}
