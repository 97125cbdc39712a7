/* The three steps of shaders/convert.comp's common Q8_0 block that stand in for float
 * operations, written again here in C as the shader writes them (convert_types.glsl's div_127
 * and recip_normal, quantize_block's rounding), and held to the host's IEEE 754 arithmetic:
 *   d = amax / 127      every amax from 2^-100 to the largest finite at 3 exponents' every
 *                       significand, and every exponent's first and last 4096;
 *   id = 1 / d          every significand at exponent 0 and every 61st at the extremes, the
 *                       device's division of 1 by the significand off by -3 .. +3 ulp (Vulkan
 *                       allows 2.5);
 *   roundf(p)           as trunc(p + 0.49999997 with p's sign), every float32 in [0.25, 2) (every
 *                       1024th below) and every one within 4096 ulp of each n + 0.5 up to
 *                       127.5, both signs.
 * The device runs the same integer steps; lavapipe's run (core_convert) covers the rest. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "convert_reference.h" /* cref_f32, cref_bits: the bit casts */

static int msb(uint32_t v)
{
    int n = -1;
    while (v) {
        v >>= 1;
        n++;
    }
    return n;
}

/* convert_types.glsl: div_127 */
static uint32_t div_127(uint32_t a)
{
    uint32_t n = ((a & 0x7fffffu) | 0x800000u) << 8, q = n / 127u;
    int sticky = n != q * 127u;
    uint32_t shift = (uint32_t)msb(q) - 23u;
    uint32_t mant = q >> shift, rem = q & ((1u << shift) - 1u), halfway = 1u << (shift - 1u);
    mant += rem > halfway || (rem == halfway && (sticky || (mant & 1u) != 0u)) ? 1u : 0u;
    return (((a >> 23) - 9u + shift) << 23) + mant;
}

/* convert_types.glsl: recip_normal, the device's 1 / significand given as `r` */
static uint32_t recip_normal(uint32_t d, float r)
{
    if ((d & 0x7fffffu) == 0u)
        return (254u << 23) - d;
    uint32_t m = (d & 0x7fffffu) | 0x800000u;
    uint32_t c = (uint32_t)(r * 16777216.0f);
    c = c < 0x800000u ? 0x800000u : c > 0x1000000u ? 0x1000000u : c;
    int32_t D = (int32_t)(uint32_t)((uint64_t)c * m); /* c m - 2^47: the low 32 bits */
    for (int k = 0; k < 3; k++) {
        int down = 2 * D > (int32_t)m, up = 2 * D < -(int32_t)m;
        c += down ? 0xffffffffu : up ? 1u : 0u;
        D += down ? -(int32_t)m : up ? (int32_t)m : 0;
    }
    return ((253u - (d >> 23)) << 23) + c - 0x800000u;
}

static long failures;

static void expect(const char* what, uint32_t input, int32_t got, int32_t want)
{
    if (got != want && failures++ < 10)
        printf("FAIL %s(0x%08x): 0x%08x, want 0x%08x\n", what, (unsigned)input, (unsigned)got, (unsigned)want);
}

static void check_div(uint32_t a)
{
    volatile float q = cref_f32(a) / 127.0f;
    expect("div_127", a, (int32_t)div_127(a), (int32_t)cref_bits(q));
}

int main(void)
{
    long checks = 0;
    static const uint32_t exps[] = {0x1bu, 0x7fu, 0xfeu}; /* 2^-100, 1, the largest */
    for (size_t e = 0; e < sizeof exps / sizeof exps[0]; e++)
        for (uint32_t m = 0; m < 0x800000u; m++, checks++)
            check_div(exps[e] << 23 | m);
    for (uint32_t e = 0x1bu; e <= 0xfeu; e++)
        for (uint32_t m = 0; m < 4096u; m++, checks += 2) {
            check_div(e << 23 | m);
            check_div(e << 23 | (0x7fffffu - m));
        }
    static const uint32_t rexps[] = {127u, 20u, 248u}; /* d from 2^-107 to 2^121 */
    for (size_t e = 0; e < sizeof rexps / sizeof rexps[0]; e++)
        for (uint32_t m = 0; m < 0x800000u; m += e == 0 ? 1u : 61u) { /* every significand at 1 */
            uint32_t d = rexps[e] << 23 | m;
            volatile float want = 1.0f / cref_f32(d), r = 1.0f / cref_f32(0x3f800000u | m);
            for (int off = -3; off <= 3; off++, checks++)
                expect("recip_normal", d, (int32_t)recip_normal(d, cref_f32(cref_bits(r) + (uint32_t)off)),
                       (int32_t)cref_bits(want));
        }
    const float near_half = cref_f32(0x3effffffu); /* 0.49999997 */
    for (int sign = 0; sign < 2; sign++) {
        /* every float32 in [0.25, 2), and every 1024th below (where p + 0.49999997 < 0.75) */
        for (uint32_t u = 0; u < 0x40000000u; u += u < 0x3e800000u ? 1024u : 1u, checks++) {
            volatile float p = cref_f32(u | (uint32_t)sign << 31), s = p + (sign ? -near_half : near_half);
            expect("round", u, (int32_t)s, (int32_t)roundf(p));
        }
        for (int n = 0; n <= 127; n++) {
            uint32_t h = cref_bits((float)n + 0.5f);
            for (uint32_t u = h - 4096u; u <= h + 4096u; u++, checks++) {
                volatile float p = cref_f32(u | (uint32_t)sign << 31), s = p + (sign ? -near_half : near_half);
                expect("round", u, (int32_t)s, (int32_t)roundf(p));
            }
        }
    }
    printf("%ld checks, %ld failures\n", checks, failures);
    return failures != 0;
}
