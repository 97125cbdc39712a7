/* The tests' CPU reference of the copies that convert (convert_reference.c) against answers
 * worked out by hand from docs/conversions.md and the formats' definitions, and against a
 * second formulation of round-to-nearest-even: for every code of every narrow type, the
 * midpoint to the next code up (in double, exact) and the floats either side of it.
 * No device: this is the reference core_convert holds the GPU to. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "convert_reference.h"

/* Its own checks: no library, no device (test_harness.h links the runner). */
static int test_failures = 0;
static int test_checks = 0;

#define CHECK_MSG(cond, ...)                                                         \
    do {                                                                             \
        test_checks++;                                                               \
        if (!(cond)) {                                                               \
            test_failures++;                                                         \
            fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                            \
            fputc('\n', stderr);                                                     \
        }                                                                            \
    } while (0)
#define CHECK(cond) CHECK_MSG(cond, "%s", "")

#define F32 VKSPLIT_TYPE_FLOAT32
#define F16 VKSPLIT_TYPE_FLOAT16
#define BF16 VKSPLIT_TYPE_BFLOAT16
#define E4M3 VKSPLIT_TYPE_FLOAT8E4M3FN
#define E5M2 VKSPLIT_TYPE_FLOAT8E5M2

static uint32_t fb(float f) { return cref_bits(f); }

static void widen_is(vksplit_type t, uint32_t code, uint32_t want)
{
    uint32_t got = cref_widen(t, code);
    CHECK_MSG(got == want, "widen %s 0x%04x: 0x%08x, want 0x%08x", cref_type_name(t), code, got, want);
}

static void narrow_is(vksplit_type t, uint32_t x, int no_saturate, uint32_t want)
{
    uint32_t got = cref_narrow(t, x, no_saturate);
    CHECK_MSG(got == want, "narrow 0x%08x (%.9g) to %s%s: 0x%04x, want 0x%04x", x, (double)cref_f32(x),
              cref_type_name(t), no_saturate ? " (no_saturate)" : "", got, want);
}

/* Both saturation modes give `want` (and -x gives want with the sign). */
static void narrow_both(vksplit_type t, float x, uint32_t want)
{
    uint32_t sign = cref_element_size(t) == 1 ? 0x80u : 0x8000u;
    for (int ns = 0; ns < 2; ns++) {
        narrow_is(t, fb(x), ns, want);
        narrow_is(t, fb(x) ^ 0x80000000u, ns, want ^ sign);
    }
}

static void convert_is(vksplit_type from, vksplit_type to, uint32_t code, int ns, int has_scale, float scale,
                       uint32_t want)
{
    uint32_t got = cref_convert(from, to, code, ns, has_scale, scale);
    CHECK_MSG(got == want, "%s 0x%08x to %s (no_saturate %d, scale %s%g): 0x%08x, want 0x%08x", cref_type_name(from),
              code, cref_type_name(to), ns, has_scale ? "" : "none ", (double)scale, got, want);
}

static void widening(void)
{
    /* FLOAT16 */
    widen_is(F16, 0x3C00, 0x3F800000);
    widen_is(F16, 0x0001, 0x33800000); /* 2^-24 */
    widen_is(F16, 0x03FF, fb(1023.0f * 0x1p-24f));
    widen_is(F16, 0x0400, 0x38800000); /* 2^-14 */
    widen_is(F16, 0x7BFF, fb(65504.0f));
    widen_is(F16, 0x8000, 0x80000000);
    widen_is(F16, 0x7C00, 0x7F800000);
    widen_is(F16, 0xFC00, 0xFF800000);
    widen_is(F16, 0x7E00, 0x7FC00000);
    widen_is(F16, 0x7C01, 0x7FC02000);                /* signalling: quiet bit set, payload kept */
    widen_is(F16, 0xFD55, 0xFFC00000 | 0x155u << 13); /* 0xFFEAA000 */
    widen_is(F16, 0x7FFF, 0x7FFFE000);
    /* BFLOAT16 */
    widen_is(BF16, 0x3F80, 0x3F800000);
    widen_is(BF16, 0x0001, 0x00010000); /* a float32 subnormal */
    widen_is(BF16, 0xFF80, 0xFF800000);
    widen_is(BF16, 0x7F81, 0x7FC10000);
    widen_is(BF16, 0xFFC0, 0xFFC00000);
    /* FLOAT8E4M3FN */
    widen_is(E4M3, 0x01, 0x3B000000); /* 2^-9 */
    widen_is(E4M3, 0x07, fb(7.0f * 0x1p-9f));
    widen_is(E4M3, 0x08, 0x3C800000); /* 2^-6 */
    widen_is(E4M3, 0x38, 0x3F800000); /* 1 */
    widen_is(E4M3, 0x78, fb(256.0f)); /* exponent 15 is finite */
    widen_is(E4M3, 0x7E, fb(448.0f));
    widen_is(E4M3, 0x7F, 0x7FF00000);
    widen_is(E4M3, 0xFF, 0xFFF00000);
    widen_is(E4M3, 0x80, 0x80000000);
    widen_is(E4M3, 0xFE, fb(-448.0f));
    /* FLOAT8E5M2 */
    widen_is(E5M2, 0x01, 0x37800000); /* 2^-16 */
    widen_is(E5M2, 0x03, fb(3.0f * 0x1p-16f));
    widen_is(E5M2, 0x3C, 0x3F800000);
    widen_is(E5M2, 0x7B, fb(57344.0f));
    widen_is(E5M2, 0x7C, 0x7F800000);
    widen_is(E5M2, 0xFC, 0xFF800000);
    widen_is(E5M2, 0x7D, 0x7FE00000);
    widen_is(E5M2, 0x7E, 0x7FC00000);
    widen_is(E5M2, 0x7F, 0x7FE00000);
    widen_is(E5M2, 0xFD, 0xFFE00000);
    widen_is(E5M2, 0x80, 0x80000000);
    /* FLOAT32: the bits, NaN as it is */
    widen_is(F32, 0x7F800001, 0x7F800001);
}

static void narrowing(void)
{
    /* FLOAT16: largest finite, the tie past it, ties to even, subnormals, NaN */
    narrow_both(F16, 65504.0f, 0x7BFF);
    narrow_both(F16, 65519.0f, 0x7BFF);
    narrow_both(F16, 65520.0f, 0x7C00);
    narrow_both(F16, INFINITY, 0x7C00);
    narrow_both(F16, 1e30f, 0x7C00);
    narrow_both(F16, 0x1p-24f, 0x0001);
    narrow_both(F16, 0x1p-25f, 0x0000);                   /* halfway to 0: even */
    narrow_both(F16, nextafterf(0x1p-25f, 1.0f), 0x0001); /* just above */
    narrow_both(F16, 3.0f * 0x1p-25f, 0x0002);            /* halfway between 1 and 2: even */
    narrow_both(F16, 5.0f * 0x1p-25f, 0x0002);            /* halfway between 2 and 3: even */
    narrow_both(F16, 2047.0f * 0x1p-25f, 0x0400);         /* halfway between 0x3FF and the smallest normal */
    narrow_both(F16, 1.0f + 0x1p-11f, 0x3C00);            /* 1 + half an ulp */
    narrow_both(F16, 1.0f + 3.0f * 0x1p-11f, 0x3C02);
    narrow_both(F16, nextafterf(1.0f + 0x1p-11f, 2.0f), 0x3C01);
    narrow_both(F16, 0x1p-149f, 0x0000); /* the smallest float32 */
    narrow_both(F16, 0.0f, 0x0000);
    narrow_is(F16, 0x7FC00000, 0, 0x7E00);
    narrow_is(F16, 0x7F800001, 0, 0x7E00); /* the payload's top bits: none */
    narrow_is(F16, 0x7FA00000, 0, 0x7F00); /* payload bit 21 -> f16 bit 8 */
    narrow_is(F16, 0xFFFFFFFF, 1, 0xFFFF);
    narrow_is(F16, 0xFFC02000, 0, 0xFE01);
    /* BFLOAT16 */
    narrow_is(BF16, 0x3F808000, 0, 0x3F80); /* tie: even */
    narrow_is(BF16, 0x3F818000, 0, 0x3F82);
    narrow_is(BF16, 0x3F808001, 0, 0x3F81);
    narrow_is(BF16, 0x7F7F7FFF, 0, 0x7F7F); /* below the tie at the largest finite */
    narrow_is(BF16, 0x7F7F8000, 0, 0x7F80); /* the tie carries into infinity */
    narrow_is(BF16, 0xFF7F8000, 1, 0xFF80);
    narrow_is(BF16, 0x7F7FFFFF, 0, 0x7F80); /* FLT_MAX */
    narrow_is(BF16, 0x7F800000, 0, 0x7F80);
    narrow_is(BF16, 0x00008000, 0, 0x0000); /* halfway to the smallest subnormal: even */
    narrow_is(BF16, 0x00008001, 0, 0x0001);
    narrow_is(BF16, 0x00018000, 0, 0x0002);
    narrow_is(BF16, 0x007F8000, 0, 0x0080); /* the largest subnormal's tie: the smallest normal */
    narrow_is(BF16, 0x80000000, 0, 0x8000);
    narrow_is(BF16, 0x7F800001, 0, 0x7FC0);
    narrow_is(BF16, 0xFFC12345, 0, 0xFFC1);
    narrow_is(BF16, 0x7FBF0000, 0, 0x7FFF);
    /* FLOAT8E4M3FN */
    narrow_both(E4M3, 448.0f, 0x7E);
    narrow_both(E4M3, 464.0f, 0x7E); /* halfway to the 480 it has not: 448 (even) */
    narrow_is(E4M3, fb(465.0f), 0, 0x7E);
    narrow_is(E4M3, fb(465.0f), 1, 0x7F);
    narrow_is(E4M3, fb(-465.0f), 1, 0xFF);
    narrow_is(E4M3, fb(nextafterf(464.0f, 500.0f)), 1, 0x7F);
    narrow_is(E4M3, fb(1e30f), 0, 0x7E);
    narrow_is(E4M3, fb(INFINITY), 0, 0x7E);
    narrow_is(E4M3, fb(INFINITY), 1, 0x7F);
    narrow_is(E4M3, fb(-INFINITY), 0, 0xFE);
    narrow_is(E4M3, fb(-INFINITY), 1, 0xFF);
    narrow_both(E4M3, 432.0f, 0x7E);   /* halfway 416 (0x7D, odd) and 448: even */
    narrow_both(E4M3, 0x1p-9f, 0x01);  /* the smallest subnormal */
    narrow_both(E4M3, 0x1p-10f, 0x00); /* halfway to it: even */
    narrow_both(E4M3, nextafterf(0x1p-10f, 1.0f), 0x01);
    narrow_both(E4M3, 3.0f * 0x1p-10f, 0x02);
    narrow_both(E4M3, 5.0f * 0x1p-10f, 0x02);
    narrow_both(E4M3, 15.0f * 0x1p-10f, 0x08); /* the largest subnormal's tie: the smallest normal */
    narrow_both(E4M3, 1.0f + 1.0f / 16, 0x38); /* halfway 1 and 1.125 */
    narrow_both(E4M3, 1.0f + 3.0f / 16, 0x3A);
    narrow_both(E4M3, 150.0f, 0x71);
    narrow_both(E4M3, 0.0f, 0x00);
    narrow_is(E4M3, 0x7FC00000, 0, 0x7F);
    narrow_is(E4M3, 0xFFC00001, 1, 0xFF);
    narrow_is(E4M3, 0x7F800001, 0, 0x7F);
    /* FLOAT8E5M2. docs/conversions.md's general rule (round to nearest even with an unbounded
     * exponent, then past the largest) puts 61440, halfway between 57344 (mantissa 11, odd)
     * and 65536 (even), at 65536: past it. Its example sentence says 61440 rounds to 57344;
     * with saturation both read 0x7B, without it the rule gives infinity (as ONNX's and
     * PyTorch's casts do, and as FLOAT16's 65520 does in the same table). */
    narrow_both(E5M2, 57344.0f, 0x7B);
    narrow_both(E5M2, nextafterf(61440.0f, 0.0f), 0x7B);
    narrow_is(E5M2, fb(61440.0f), 0, 0x7B);
    narrow_is(E5M2, fb(61440.0f), 1, 0x7C);
    narrow_is(E5M2, fb(61441.0f), 0, 0x7B);
    narrow_is(E5M2, fb(61441.0f), 1, 0x7C);
    narrow_is(E5M2, fb(-61441.0f), 1, 0xFC);
    narrow_is(E5M2, fb(INFINITY), 0, 0x7B);
    narrow_is(E5M2, fb(INFINITY), 1, 0x7C);
    narrow_is(E5M2, fb(-INFINITY), 0, 0xFB);
    narrow_is(E5M2, fb(-INFINITY), 1, 0xFC);
    narrow_both(E5M2, 0x1p-16f, 0x01);
    narrow_both(E5M2, 0x1p-17f, 0x00);
    narrow_both(E5M2, 3.0f * 0x1p-17f, 0x02);
    narrow_both(E5M2, 7.0f * 0x1p-17f, 0x04); /* the largest subnormal's tie: the smallest normal */
    narrow_both(E5M2, 1.125f, 0x3C);          /* halfway 1 and 1.25 */
    narrow_both(E5M2, 1.375f, 0x3E);
    narrow_is(E5M2, 0x7FC00000, 0, 0x7E);
    narrow_is(E5M2, 0x7FE00000, 0, 0x7F);
    narrow_is(E5M2, 0xFFA00000, 1, 0xFF);
    narrow_is(E5M2, 0x7F800001, 0, 0x7E);
    /* FLOAT32: the bits */
    narrow_is(F32, 0x7F800001, 0, 0x7F800001);
    narrow_is(F32, 0x00000001, 0, 0x00000001);
}

/* For every finite code c >= 0 of t, the midpoint between c and the code above (its value with
 * an unbounded exponent past the largest finite) rounds to the even one of the two, and the
 * floats either side of it round down and up; every code's own value comes back as it. */
static void rne_sweep(vksplit_type t, uint32_t codes, uint32_t max_code, double above_max, uint32_t overflow_sat,
                      uint32_t overflow_nosat)
{
    uint32_t bad = 0;
    for (int ns = 0; ns < 2; ns++) {
        uint32_t over = ns ? overflow_nosat : overflow_sat;
        for (uint32_t c = 0; c <= max_code && c < codes; c++) {
            double v = cref_f32(cref_widen(t, c));
            double up = c == max_code ? above_max : (double)cref_f32(cref_widen(t, c + 1));
            uint32_t c_up = c == max_code ? over : c + 1;
            float mid = (float)((v + up) / 2); /* exact: one bit past t's precision */
            CHECK(mid == (v + up) / 2);
            uint32_t even = (c & 1) ? c_up : c;
            uint32_t got[4] = {cref_narrow(t, fb((float)v), ns), cref_narrow(t, fb(mid), ns),
                               cref_narrow(t, fb(nextafterf(mid, 0.0f)), ns),
                               cref_narrow(t, fb(nextafterf(mid, INFINITY)), ns)};
            uint32_t want[4] = {c, even, c, c_up};
            for (int k = 0; k < 4; k++)
                if (got[k] != want[k] && bad++ < 10)
                    CHECK_MSG(0, "%s sweep (no_saturate %d): code 0x%x case %d: 0x%x, want 0x%x", cref_type_name(t), ns,
                              c, k, got[k], want[k]);
            test_checks++;
        }
    }
    CHECK_MSG(bad == 0, "%s sweep: %u mismatches", cref_type_name(t), bad);
}

static void round_trips(void)
{
    /* every FLOAT16 code through float32 and back: itself, a NaN quieted (bit 9) */
    uint32_t bad = 0;
    for (uint32_t c = 0; c < 65536; c++) {
        int nan = (c & 0x7C00) == 0x7C00 && (c & 0x3FF);
        uint32_t want = nan ? c | 0x200 : c;
        uint32_t got = cref_narrow(F16, cref_widen(F16, c), 0);
        if (got != want && bad++ < 10)
            CHECK_MSG(0, "FLOAT16 0x%04x round trip: 0x%04x", c, got);
        /* and the float32 is the code's value, computed another way */
        if (!nan && (c & 0x7C00) != 0x7C00) {
            float f = cref_f32(cref_widen(F16, c));
            double d = (double)(c & 0x7C00 ? (double)((c & 0x3FF) | 0x400) * ldexp(1.0, (int)((c >> 10) & 31) - 25)
                                           : (double)(c & 0x3FF) * ldexp(1.0, -24));
            if ((double)f != (c & 0x8000 ? -d : d) && bad++ < 10)
                CHECK_MSG(0, "FLOAT16 0x%04x widens to %.9g, want %.9g", c, (double)f, c & 0x8000 ? -d : d);
        }
    }
    CHECK_MSG(bad == 0, "FLOAT16 round trips: %u mismatches", bad);
    bad = 0;
    for (uint32_t c = 0; c < 65536; c++) {
        int nan = (c & 0x7F80) == 0x7F80 && (c & 0x7F);
        uint32_t want = nan ? c | 0x40 : c;
        uint32_t got = cref_narrow(BF16, cref_widen(BF16, c), 0);
        if (got != want && bad++ < 10)
            CHECK_MSG(0, "BFLOAT16 0x%04x round trip: 0x%04x", c, got);
    }
    CHECK_MSG(bad == 0, "BFLOAT16 round trips: %u mismatches", bad);
    for (uint32_t c = 0; c < 256; c++) {
        uint32_t e4 = cref_narrow(E4M3, cref_widen(E4M3, c), 1), e5 = cref_narrow(E5M2, cref_widen(E5M2, c), 1);
        int e5nan = (c & 0x7C) == 0x7C && (c & 3);
        CHECK_MSG(e4 == c, "E4M3FN 0x%02x round trip: 0x%02x", c, e4);
        CHECK_MSG(e5 == (e5nan ? (c & 0x80) | 0x7E | (c & 1) : c), "E5M2 0x%02x round trip: 0x%02x", c, e5);
        /* FP8 -> FLOAT16 is exact: back to the FP8 code, NaN as NaN */
        uint32_t h = cref_convert(E4M3, F16, c, 0, 0, 1.0f);
        CHECK_MSG(cref_convert(F16, E4M3, h, 0, 0, 1.0f) == c, "E4M3FN 0x%02x through FLOAT16 0x%04x", c, h);
        uint32_t b = cref_convert(E5M2, BF16, c, 0, 0, 1.0f);
        uint32_t back = cref_convert(BF16, E5M2, b, 1, 0, 1.0f);
        CHECK_MSG(back == cref_narrow(E5M2, cref_widen(E5M2, c), 1), "E5M2 0x%02x through BFLOAT16 0x%04x: 0x%02x", c,
                  b, back);
    }
    /* The NaN payloads between the 16-bit types: FLOAT16 0x7D55 -> float32 0x7FEAA000 -> BFLOAT16 0x7FEA */
    convert_is(F16, BF16, 0x7D55, 0, 0, 1.0f, 0x7FEA);
    convert_is(BF16, F16, 0xFFA5, 0, 0, 1.0f, 0xFE00 | (0x650000u >> 13)); /* via 0xFFE50000 */
    convert_is(F32, F16, 0x7F800001, 0, 0, 1.0f, 0x7E00);
    convert_is(F16, F32, 0x7C01, 0, 0, 1.0f, 0x7FC02000);
    convert_is(E5M2, F16, 0x7D, 0, 0, 1.0f, 0x7F00); /* 0x7FE00000 */
    convert_is(E4M3, BF16, 0xFF, 0, 0, 1.0f, 0xFFF0);
    convert_is(F16, E5M2, 0x7D00, 0, 0, 1.0f, 0x7F); /* 0x7FE00000: bit 21 set */
    convert_is(F16, E5M2, 0x7C80, 0, 0, 1.0f, 0x7E); /* 0x7FD00000: bit 21 clear */
}

static void scales(void)
{
    /* to FP8: x * c, then one rounding */
    convert_is(F32, E4M3, fb(300.0f), 0, 1, 0.5f, 0x71);   /* 150: 144 */
    convert_is(F32, E4M3, fb(1000.0f), 0, 1, 0.5f, 0x7E);  /* 500: past, saturated */
    convert_is(F32, E4M3, fb(1000.0f), 1, 1, 0.5f, 0x7F);  /* 500: NaN */
    convert_is(F32, E4M3, fb(1000.0f), 1, 0, 0.5f, 0x7F);  /* no scale: 1000 past */
    convert_is(F16, E5M2, 0x3C00, 0, 1, 3.0f, 0x42);       /* 3 */
    convert_is(BF16, E4M3, 0x4380, 0, 1, 3.0f, 0x7E);      /* 256 * 3 past */
    convert_is(F32, E4M3, 0x7F800000, 1, 1, 0.5f, 0x7F);   /* inf is not multiplied */
    convert_is(F32, E5M2, 0xFF800000, 0, 1, 0.0f, 0xFB);   /* -inf * 0 is not taken */
    convert_is(F32, E4M3, 0x7FC00001, 0, 1, 3.0f, 0x7F);   /* NaN as it is */
    convert_is(F32, E5M2, 0x7FE00000, 0, 1, 3.0f, 0x7F);   /* its payload bit 21 kept */
    convert_is(F32, E4M3, fb(0.0f), 0, 1, INFINITY, 0x7F); /* 0 * inf: NaN 0x7FC00000 */
    convert_is(F32, E4M3, fb(-0.0f), 0, 1, INFINITY, 0xFF);
    convert_is(F32, E5M2, fb(-0.0f), 0, 1, -INFINITY, 0x7E);
    convert_is(F32, E5M2, fb(1.0f), 0, 1, cref_f32(0x7FA00000), 0x7E); /* a NaN scale's payload is not kept */
    convert_is(F32, E5M2, fb(-1.0f), 0, 1, cref_f32(0x7FE00000), 0xFE);
    convert_is(F32, E4M3, fb(2.0f), 0, 1, -1.0f, 0xC0);
    convert_is(F32, E4M3, fb(2.0f), 0, 1, 0.0f, 0x00);
    convert_is(F32, E4M3, fb(-2.0f), 0, 1, 0.0f, 0x80);
    convert_is(F32, E4M3, fb(2.0f), 0, 1, 1e30f, 0x7E);
    convert_is(F32, E4M3, fb(0x1p-100f), 0, 1, 0x1p-49f, 0x00); /* a float32 subnormal product */
    convert_is(F32, E4M3, fb(3.0f), 0, 1, 0x1p-10f, 0x02);      /* 3 * 2^-10: tie, even */
    /* from FP8: x * c, then one rounding */
    convert_is(E4M3, F32, 0x38, 0, 1, 0.5f, fb(0.5f));
    convert_is(E4M3, F32, 0x7E, 0, 1, 3.0f, fb(1344.0f));
    convert_is(E5M2, F16, 0x7B, 0, 1, 3.0f, 0x7C00);                     /* 172032: past FLOAT16 */
    convert_is(E5M2, F32, 0x01, 0, 1, 0x1p-120f, 0x00002000);            /* 2^-136: a float32 subnormal */
    convert_is(E5M2, BF16, 0x01, 0, 1, 0x1p-120f, 0x0000);               /* below half BFLOAT16's quantum 2^-133 */
    convert_is(E5M2, BF16, 0x03, 0, 1, 0x1p-118f, 0x0002);               /* 3 * 2^-134 = 1.5 quanta: even */
    convert_is(E5M2, F32, 0x7C, 0, 1, 0.0f, 0x7F800000);                 /* inf not multiplied */
    convert_is(E5M2, F32, 0xFD, 0, 1, -1.0f, 0xFFE00000);                /* NaN not multiplied */
    convert_is(E4M3, F32, 0x00, 0, 1, INFINITY, 0x7FC00000);             /* 0 * inf */
    convert_is(E4M3, F16, 0x80, 0, 1, INFINITY, 0xFE00);                 /* -0 * inf */
    convert_is(E4M3, BF16, 0x80, 0, 1, -INFINITY, 0x7FC0);               /* -0 * -inf */
    convert_is(E4M3, F32, 0x38, 0, 1, cref_f32(0xFF812345), 0xFFC00000); /* 1 * -NaN */
    convert_is(E4M3, F32, 0x38, 0, 1, -2.0f, fb(-2.0f));
    /* no scale elsewhere: the 16-bit pairs ignore it (a plan refuses it) */
    convert_is(F32, F16, fb(3.0f), 0, 1, 0.5f, 0x4200);
    convert_is(F32, F32, 0x12345678, 0, 1, 0.5f, 0x12345678);
}

static void q8_block_is(const char* name, const float x[32], uint32_t want_d, const int want_qs[32])
{
    uint8_t out[34];
    memset(out, 0xEE, sizeof out);
    cref_q8_0_quantize(x, out);
    uint32_t d = (uint32_t)out[0] | (uint32_t)out[1] << 8;
    CHECK_MSG(d == want_d, "%s: d 0x%04x, want 0x%04x", name, d, want_d);
    for (int j = 0; j < 32; j++)
        CHECK_MSG((int8_t)out[2 + j] == want_qs[j], "%s: qs[%d] %d, want %d", name, j, (int8_t)out[2 + j], want_qs[j]);
}

static void q8_0(void)
{
    float x[32];
    int qs[32];
    memset(x, 0, sizeof x);
    memset(qs, 0, sizeof qs);
    q8_block_is("all zero", x, 0x0000, qs);
    for (int j = 0; j < 32; j++)
        x[j] = -(float)0.0f;
    q8_block_is("all -0", x, 0x0000, qs);

    /* amax 127: d = 1 (0x3C00), id = 1, qs = roundf(x) half away from zero */
    for (int j = 0; j < 32; j++)
        x[j] = (float)(j - 16), qs[j] = j - 16;
    x[0] = 127.0f, qs[0] = 127;
    x[1] = 0.5f, qs[1] = 1;
    x[2] = -0.5f, qs[2] = -1;
    x[3] = 1.5f, qs[3] = 2;
    x[4] = -2.5f, qs[4] = -3;
    x[5] = 0.49999997f, qs[5] = 0;
    x[6] = -127.0f, qs[6] = -127;
    q8_block_is("amax 127", x, 0x3C00, qs);

    /* mixed sign, by hand: amax 3, d = 3/127 = 0.0236220... (FLOAT16: 2^-6 * (1 + 524/1024),
     * 0x260C), id = 42.33333..., qs = roundf(x * 42.333) */
    memset(x, 0, sizeof x);
    memset(qs, 0, sizeof qs);
    x[0] = 1.0f, qs[0] = 42;
    x[1] = -2.5f, qs[1] = -106;
    x[2] = 0.5f, qs[2] = 21;
    x[3] = 3.0f, qs[3] = 127;
    x[4] = -3.0f, qs[4] = -127;
    x[5] = 0.01f, qs[5] = 0; /* 0.4233 */
    x[6] = -0.02f, qs[6] = -1;
    x[31] = 1.51f, qs[31] = 64; /* 63.92 */
    q8_block_is("mixed sign", x, 0x260C, qs);

    /* a NaN in the middle: MAX takes it, the next value replaces it (amax 5 from there on);
     * d = 5/127 (FLOAT16 0x290A), id = 25.4: 10 * 25.4 = 254 clamps to 127 */
    memset(x, 0, sizeof x);
    memset(qs, 0, sizeof qs);
    x[0] = 10.0f, qs[0] = 127;
    x[1] = NAN, qs[1] = 0;
    x[2] = 5.0f, qs[2] = 127;
    x[3] = -2.6f, qs[3] = -66; /* -66.04 */
    q8_block_is("NaN in the middle", x, 0x290A, qs);

    /* a NaN last: amax NaN, d NaN (0x7FC00000 / 127 keeps it), every qs 0 */
    memset(x, 0, sizeof x);
    memset(qs, 0, sizeof qs);
    x[0] = 10.0f;
    x[31] = cref_f32(0x7FC00000);
    q8_block_is("NaN last", x, 0x7E00, qs);

    /* an infinity: d = inf (0x7C00), id = 1/inf = 0: every qs 0 (inf * 0 a NaN: 0) */
    memset(x, 0, sizeof x);
    x[0] = -INFINITY;
    x[1] = 1.0f;
    x[2] = -100.0f;
    q8_block_is("infinity", x, 0x7C00, qs);

    /* huge: 3e38 / 127 is past FLOAT16 (d stored 0x7C00) but id is finite */
    memset(x, 0, sizeof x);
    x[0] = 3e38f, qs[0] = 127;
    x[1] = -1.6e38f, qs[1] = -68; /* -67.73 */
    x[2] = 1e30f, qs[2] = 0;
    q8_block_is("huge", x, 0x7C00, qs);

    /* tiny: 1e-30 / 127 is below FLOAT16's subnormals (d stored 0) */
    memset(x, 0, sizeof x);
    memset(qs, 0, sizeof qs);
    x[0] = 1e-30f, qs[0] = 127;
    x[1] = -0.6e-30f, qs[1] = -76; /* -76.2 */
    q8_block_is("tiny", x, 0x0000, qs);

    /* float32 subnormals: amax 2^-140, d = 2^-140 / 127 rounds in the subnormals (2^-147 * 1.0079:
     * 2^-147), 1/d overflows to inf: every nonzero x * inf clamps to +-127, 0 * inf is NaN: 0 */
    memset(x, 0, sizeof x);
    memset(qs, 0, sizeof qs);
    x[0] = 0x1p-140f, qs[0] = 127;
    x[1] = -0x1p-149f, qs[1] = -127;
    x[2] = 0.0f, qs[2] = 0;
    q8_block_is("float32 subnormals", x, 0x0000, qs);

    /* dequantize */
    uint8_t blk[34] = {0x00, 0x3C, 1, 0xFF, 127, 0x80, 0};
    uint32_t y[32];
    cref_q8_0_dequantize(blk, F32, y);
    CHECK(y[0] == fb(1.0f) && y[1] == fb(-1.0f) && y[2] == fb(127.0f) && y[3] == fb(-128.0f) && y[4] == 0);
    blk[0] = 0x0C, blk[1] = 0x26; /* 0x260C */
    cref_q8_0_dequantize(blk, F16, y);
    /* 127 * 0.0236206...: 3.0 (FLOAT16 0x4200 exactly? 127 * (1548/65536) = 2.99981...: 0x4200 - 0 */
    CHECK_MSG(y[2] == cref_narrow(F16, fb(127.0f * (1548.0f / 65536.0f)), 0), "0x260C * 127: 0x%04x", y[2]);
    CHECK_MSG(y[2] == 0x4200, "0x260C * 127 = 2.99981689453125 rounds to FLOAT16 3.0: 0x%04x", y[2]);
    blk[0] = 0x00, blk[1] = 0x7C; /* inf */
    blk[2] = 0, blk[3] = 1, blk[4] = 0xFF;
    cref_q8_0_dequantize(blk, F32, y);
    CHECK_MSG(y[0] == 0x7FC00000 && y[1] == 0x7F800000 && y[2] == 0xFF800000, "d inf: 0x%08x 0x%08x 0x%08x", y[0], y[1],
              y[2]);
    blk[1] = 0xFC; /* -inf */
    cref_q8_0_dequantize(blk, BF16, y);
    CHECK_MSG(y[0] == 0x7FC0 && y[1] == 0xFF80 && y[2] == 0x7F80, "d -inf: 0x%04x 0x%04x 0x%04x", y[0], y[1], y[2]);
    blk[0] = 0x01, blk[1] = 0xFE; /* NaN 0xFE01 */
    cref_q8_0_dequantize(blk, F32, y);
    CHECK_MSG(y[0] == 0xFFC02000 && y[1] == 0xFFC02000 && y[31] == 0xFFC02000, "d NaN: 0x%08x", y[0]);
    cref_q8_0_dequantize(blk, F16, y);
    CHECK_MSG(y[0] == 0xFE01 && y[5] == 0xFE01, "d NaN to FLOAT16: 0x%04x", y[0]);
    blk[0] = 0x01, blk[1] = 0x00; /* 2^-24 */
    blk[2] = 1, blk[3] = 0x81;    /* 1, -127 */
    cref_q8_0_dequantize(blk, BF16, y);
    CHECK_MSG(y[0] == 0x3380 && y[1] == cref_narrow(BF16, fb(-127.0f * 0x1p-24f), 0), "d 2^-24: 0x%04x 0x%04x", y[0],
              y[1]);
    cref_q8_0_dequantize(blk, F16, y);
    CHECK_MSG(y[0] == 0x0001 && y[1] == 0x807F, "d 2^-24 to FLOAT16: 0x%04x 0x%04x", y[0], y[1]);

    /* quantize then dequantize through the arrays: the amax-127 block comes back as it was */
    uint8_t src[64 * 2], q[2 * 34], back[64 * 2];
    for (int i = 0; i < 64; i++)
        cref_store(F16, src, (size_t)i, cref_narrow(F16, fb((float)((i * 37) % 255 - 127)), 0));
    cref_store(F16, src, 0, 0x57F0);  /* 127: each block's amax */
    cref_store(F16, src, 32, 0xD7F0); /* -127 */
    cref_convert_array(F16, VKSPLIT_TYPE_Q8_0, src, q, 64, 0, 0, 1.0f);
    cref_convert_array(VKSPLIT_TYPE_Q8_0, F16, q, back, 64, 0, 0, 1.0f);
    CHECK(q[0] == 0x00 && q[1] == 0x3C && q[34] == 0x00 && q[35] == 0x3C);
    CHECK(memcmp(src, back, sizeof src) == 0);
}

static void pairs(void)
{
    vksplit_type all[] = {VKSPLIT_TYPE_NONE, F32, F16, BF16, E4M3, E5M2, VKSPLIT_TYPE_Q8_0};
    int count = 0;
    for (int a = 0; a < 7; a++)
        for (int b = 0; b < 7; b++)
            count += cref_pair_supported(all[a], all[b]);
    /* 3 * 2 among the wide types, 2 * 3 * 2 with FP8, 3 * 2 with Q8_0 */
    CHECK_MSG(count == 24, "%d pairs", count);
    CHECK(!cref_pair_supported(E4M3, E5M2) && !cref_pair_supported(VKSPLIT_TYPE_Q8_0, E4M3) &&
          !cref_pair_supported(F16, VKSPLIT_TYPE_NONE) && !cref_pair_supported(F16, F16));
}

int main(void)
{
    widening();
    narrowing();
    rne_sweep(F16, 0x7C00, 0x7BFF, 65536.0, 0x7C00, 0x7C00);
    rne_sweep(BF16, 0x7F80, 0x7F7F, 0x1p128, 0x7F80, 0x7F80);
    rne_sweep(E4M3, 0x7F, 0x7E, 480.0, 0x7E, 0x7F);
    rne_sweep(E5M2, 0x7C, 0x7B, 65536.0, 0x7B, 0x7C);
    round_trips();
    scales();
    q8_0();
    pairs();
    printf("%d checks, %d failures\n", test_checks, test_failures);
    return test_failures == 0 && test_checks > 0 ? 0 : 1;
}
