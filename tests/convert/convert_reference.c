/* The tests' CPU reference of the copies that convert (convert_reference.h), from
 * docs/conversions.md: widening exact (float32 arithmetic for the subnormals), narrowing by
 * one rounding in integers (the value's significand and exponent, the destination's quantum
 * at that exponent, round to nearest even, then "past the largest finite" on the rounded value
 * with an unbounded exponent), the scale a float32 product, Q8_0 as ggml's C reads. */
#include "convert_reference.h"

#include <math.h>
#include <string.h>

float cref_f32(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

uint32_t cref_bits(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

uint32_t cref_element_size(vksplit_type t)
{
    switch (t) {
    case VKSPLIT_TYPE_FLOAT32: return 4;
    case VKSPLIT_TYPE_FLOAT16:
    case VKSPLIT_TYPE_BFLOAT16: return 2;
    case VKSPLIT_TYPE_FLOAT8E4M3FN:
    case VKSPLIT_TYPE_FLOAT8E5M2: return 1;
    default: return 0;
    }
}

uint64_t cref_bytes(vksplit_type t, uint64_t elements)
{
    return t == VKSPLIT_TYPE_Q8_0 ? elements / CREF_Q8_0_BLOCK * CREF_Q8_0_BLOCK_BYTES
                                  : elements * cref_element_size(t);
}

const char* cref_type_name(vksplit_type t)
{
    switch (t) {
    case VKSPLIT_TYPE_NONE: return "NONE";
    case VKSPLIT_TYPE_FLOAT32: return "FLOAT32";
    case VKSPLIT_TYPE_FLOAT16: return "FLOAT16";
    case VKSPLIT_TYPE_BFLOAT16: return "BFLOAT16";
    case VKSPLIT_TYPE_FLOAT8E4M3FN: return "FLOAT8E4M3FN";
    case VKSPLIT_TYPE_FLOAT8E5M2: return "FLOAT8E5M2";
    case VKSPLIT_TYPE_Q8_0: return "Q8_0";
    default: return "?";
    }
}

int cref_is_fp8(vksplit_type t) { return t == VKSPLIT_TYPE_FLOAT8E4M3FN || t == VKSPLIT_TYPE_FLOAT8E5M2; }

static int is_wide(vksplit_type t)
{
    return t == VKSPLIT_TYPE_FLOAT32 || t == VKSPLIT_TYPE_FLOAT16 || t == VKSPLIT_TYPE_BFLOAT16;
}

int cref_pair_supported(vksplit_type a, vksplit_type b)
{
    if (a == b)
        return 0;
    if (is_wide(a) && is_wide(b))
        return 1;
    if ((cref_is_fp8(a) && is_wide(b)) || (is_wide(a) && cref_is_fp8(b)))
        return 1;
    if ((a == VKSPLIT_TYPE_Q8_0 && is_wide(b)) || (is_wide(a) && b == VKSPLIT_TYPE_Q8_0))
        return 1;
    return 0;
}

/* ---- widening ------------------------------------------------------------------------------- */

uint32_t cref_widen(vksplit_type t, uint32_t code)
{
    uint32_t s, e, m;
    switch (t) {
    case VKSPLIT_TYPE_FLOAT32: return code;
    case VKSPLIT_TYPE_FLOAT16:
        s = (code & 0x8000u) << 16, e = (code >> 10) & 31u, m = code & 0x3FFu;
        if (e == 31)
            return m == 0 ? s | 0x7F800000u : s | 0x7F800000u | 0x00400000u | m << 13;
        if (e == 0) /* m * 2^-24: exact in float32 (a normal float32 for every m > 0) */
            return s | cref_bits((float)m * 0x1p-24f);
        return s | (e - 15 + 127) << 23 | m << 13;
    case VKSPLIT_TYPE_BFLOAT16:
        code &= 0xFFFFu;
        if ((code & 0x7F80u) == 0x7F80u && (code & 0x7Fu) != 0)
            return code << 16 | 0x00400000u;
        return code << 16;
    case VKSPLIT_TYPE_FLOAT8E4M3FN:
        s = (code & 0x80u) << 24, e = (code >> 3) & 15u, m = code & 7u;
        if (e == 15 && m == 7)
            return s | 0x7F800000u | 0x00400000u | 7u << 20;
        if (e == 0)
            return s | cref_bits((float)m * 0x1p-9f);
        return s | (e - 7 + 127) << 23 | m << 20;
    case VKSPLIT_TYPE_FLOAT8E5M2:
        s = (code & 0x80u) << 24, e = (code >> 2) & 31u, m = code & 3u;
        if (e == 31)
            return m == 0 ? s | 0x7F800000u : s | 0x7F800000u | 0x00400000u | m << 21;
        if (e == 0)
            return s | cref_bits((float)m * 0x1p-16f);
        return s | (e - 15 + 127) << 23 | m << 21;
    default: return 0;
    }
}

/* ---- narrowing ------------------------------------------------------------------------------ */

typedef struct narrow_format {
    int mbits, bias;
    uint32_t max_sig; /* the largest finite is max_sig * 2^max_exp */
    int max_exp;
    uint32_t sign_shift; /* the sign bit's place */
} narrow_format;

static const narrow_format F16 = {10, 15, 2047, 5, 15};   /* 65504 */
static const narrow_format BF16 = {7, 127, 255, 120, 15}; /* (2^8 - 1) * 2^120 */
static const narrow_format E4M3FN = {3, 7, 14, 5, 7};     /* 448 = 1.75 * 2^8 */
static const narrow_format E5M2 = {2, 15, 7, 13, 7};      /* 57344 = 1.75 * 2^15 */

/* Rounds |x| (a finite nonzero float32's magnitude bits) to f. Returns the magnitude's code, or
 * UINT32_MAX when the rounded value is past the largest finite. */
static uint32_t round_magnitude(const narrow_format* f, uint32_t mag)
{
    uint32_t efield = mag >> 23, sig = mag & 0x7FFFFFu;
    int e; /* |x| = sig * 2^e exactly */
    if (efield == 0) {
        e = -149;
    } else {
        sig |= 0x800000u;
        e = (int)efield - 150;
    }
    int top = 31;
    while (!(sig >> top))
        top--;
    int log2v = top + e;               /* floor(log2 |x|) */
    int qmin = 1 - f->bias - f->mbits; /* the subnormals' quantum */
    int q = log2v - f->mbits > qmin ? log2v - f->mbits : qmin;
    int shift = q - e;
    uint64_t n;
    if (shift <= 0) {
        n = (uint64_t)sig << -shift; /* exact: shift >= -23 here (q is at least top - mbits) */
    } else if (shift > 40) {
        n = 0; /* below half the quantum */
    } else {
        uint64_t s64 = sig, rem = s64 & ((1ull << shift) - 1), half = 1ull << (shift - 1);
        n = s64 >> shift;
        if (rem > half || (rem == half && (n & 1)))
            n++;
    }
    if (n == 0)
        return 0;
    /* past the largest finite: n * 2^q > max_sig * 2^max_exp */
    if (q >= f->max_exp) {
        int d = q - f->max_exp;
        if (d > 30 || (n << d) > f->max_sig)
            return UINT32_MAX;
    } else {
        int d = f->max_exp - q;
        if (d < 40 && n > ((uint64_t)f->max_sig << d))
            return UINT32_MAX;
    }
    uint64_t one = 1ull << f->mbits;
    if (q == qmin && n < one)
        return (uint32_t)n; /* subnormal */
    if (n == one << 1) {    /* the rounding carried into the next binade */
        n >>= 1;
        q++;
    }
    uint32_t biased = (uint32_t)(q + f->mbits + f->bias);
    return biased << f->mbits | (uint32_t)(n - one);
}

uint32_t cref_narrow(vksplit_type t, uint32_t x, int no_saturate)
{
    if (t == VKSPLIT_TYPE_FLOAT32)
        return x;
    const narrow_format* f = t == VKSPLIT_TYPE_FLOAT16        ? &F16
                             : t == VKSPLIT_TYPE_BFLOAT16     ? &BF16
                             : t == VKSPLIT_TYPE_FLOAT8E4M3FN ? &E4M3FN
                             : t == VKSPLIT_TYPE_FLOAT8E5M2   ? &E5M2
                                                              : NULL;
    if (!f)
        return 0;
    uint32_t s = (x >> 31) << f->sign_shift, mag = x & 0x7FFFFFFFu, m = x & 0x7FFFFFu;
    if (mag > 0x7F800000u) { /* NaN */
        switch (t) {
        case VKSPLIT_TYPE_FLOAT16: return s | 0x7E00u | m >> 13;
        case VKSPLIT_TYPE_BFLOAT16: return s | 0x7FC0u | m >> 16;
        case VKSPLIT_TYPE_FLOAT8E4M3FN: return s | 0x7Fu;
        default: return s | 0x7Eu | ((m >> 21) & 1u);
        }
    }
    if (mag == 0)
        return s;
    uint32_t r = mag == 0x7F800000u ? UINT32_MAX : round_magnitude(f, mag);
    if (r != UINT32_MAX)
        return s | r;
    switch (t) { /* past the largest finite, or infinite */
    case VKSPLIT_TYPE_FLOAT16: return s | 0x7C00u;
    case VKSPLIT_TYPE_BFLOAT16: return s | 0x7F80u;
    case VKSPLIT_TYPE_FLOAT8E4M3FN: return s | (no_saturate ? 0x7Fu : 0x7Eu);
    default: return s | (no_saturate ? 0x7Cu : 0x7Bu);
    }
}

/* ---- one element ---------------------------------------------------------------------------- */

static int nan_or_inf(uint32_t x) { return (x & 0x7F800000u) == 0x7F800000u; }

uint32_t cref_convert(vksplit_type from, vksplit_type to, uint32_t code, int no_saturate, int has_scale, float scale)
{
    if (from == to)
        return code;
    uint32_t x = cref_widen(from, code);
    if (has_scale && (cref_is_fp8(from) || cref_is_fp8(to)) && !nan_or_inf(x)) {
        float p = cref_f32(x) * scale;
        if (p != p)
            x = 0x7FC00000u | ((x ^ cref_bits(scale)) & 0x80000000u);
        else
            x = cref_bits(p);
    }
    return cref_narrow(to, x, no_saturate);
}

/* ---- Q8_0 ----------------------------------------------------------------------------------- */

void cref_q8_0_quantize(const float x[32], uint8_t out[34])
{
    float amax = 0.0f;
    for (int j = 0; j < 32; j++) {
        float ax = cref_f32(cref_bits(x[j]) & 0x7FFFFFFFu);
        amax = amax > ax ? amax : ax; /* ggml's MAX */
    }
    /* a NaN amax: d is that NaN, quieted (as x86's division returns it), not any NaN the host's
     * division might make */
    float d = amax != amax ? cref_f32(cref_bits(amax) | 0x00400000u) : amax / 127.0f;
    float id = d != 0.0f ? 1.0f / d : 0.0f;
    uint32_t d16 = cref_narrow(VKSPLIT_TYPE_FLOAT16, cref_bits(d), 0);
    out[0] = (uint8_t)(d16 & 0xFF);
    out[1] = (uint8_t)(d16 >> 8);
    for (int j = 0; j < 32; j++) {
        float r = roundf(x[j] * id);
        int q;
        if (r != r)
            q = 0;
        else if (r > 127.0f)
            q = 127;
        else if (r < -127.0f)
            q = -127;
        else
            q = (int)r;
        out[2 + j] = (uint8_t)(int8_t)q;
    }
}

void cref_q8_0_dequantize(const uint8_t in[34], vksplit_type to, uint32_t out_codes[32])
{
    uint32_t d16 = (uint32_t)in[0] | (uint32_t)in[1] << 8;
    uint32_t dbits = cref_widen(VKSPLIT_TYPE_FLOAT16, d16);
    float df = cref_f32(dbits);
    int d_nan = (dbits & 0x7FFFFFFFu) > 0x7F800000u, d_inf = (dbits & 0x7FFFFFFFu) == 0x7F800000u;
    for (int j = 0; j < 32; j++) {
        int q = (int8_t)in[2 + j];
        uint32_t y;
        if (d_nan)
            y = dbits;
        else if (d_inf && q == 0)
            y = 0x7FC00000u;
        else
            y = cref_bits((float)q * df);
        out_codes[j] = cref_narrow(to, y, 0);
    }
}

/* ---- arrays --------------------------------------------------------------------------------- */

uint32_t cref_load(vksplit_type t, const uint8_t* bytes, size_t i)
{
    uint32_t size = cref_element_size(t), v = 0;
    for (uint32_t b = 0; b < size; b++)
        v |= (uint32_t)bytes[i * size + b] << (8 * b);
    return v;
}

void cref_store(vksplit_type t, uint8_t* bytes, size_t i, uint32_t code)
{
    uint32_t size = cref_element_size(t);
    for (uint32_t b = 0; b < size; b++)
        bytes[i * size + b] = (uint8_t)(code >> (8 * b));
}

void cref_convert_array(vksplit_type from, vksplit_type to, const uint8_t* src, uint8_t* dst, size_t count,
                        int no_saturate, int has_scale, float scale)
{
    if (from == VKSPLIT_TYPE_Q8_0 && to != VKSPLIT_TYPE_Q8_0) {
        uint32_t codes[32];
        for (size_t b = 0; b < count / 32; b++) {
            cref_q8_0_dequantize(src + b * CREF_Q8_0_BLOCK_BYTES, to, codes);
            for (size_t j = 0; j < 32; j++)
                cref_store(to, dst, b * 32 + j, codes[j]);
        }
        return;
    }
    if (to == VKSPLIT_TYPE_Q8_0 && from != VKSPLIT_TYPE_Q8_0) {
        float x[32];
        for (size_t b = 0; b < count / 32; b++) {
            for (size_t j = 0; j < 32; j++)
                x[j] = cref_f32(cref_widen(from, cref_load(from, src, b * 32 + j)));
            cref_q8_0_quantize(x, dst + b * CREF_Q8_0_BLOCK_BYTES);
        }
        return;
    }
    if (from == to && from == VKSPLIT_TYPE_Q8_0) {
        memcpy(dst, src, count / 32 * CREF_Q8_0_BLOCK_BYTES);
        return;
    }
    for (size_t i = 0; i < count; i++)
        cref_store(to, dst, i, cref_convert(from, to, cref_load(from, src, i), no_saturate, has_scale, scale));
}
