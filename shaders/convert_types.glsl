// The element arithmetic of docs/conversions.md, in 32-bit integers: every element widens to
// the bits of a float32 exactly, is multiplied by the scale where there is one, and narrows
// once (round to nearest, ties to even). The one float multiply takes an integer path where
// an operand or the product is subnormal, so a device that flushes float32 subnormals (Vulkan
// allows it) gives the same bits as one that keeps them.
//
// Every choice an element makes is a select between values already computed, each a variable
// or a constant: glslang writes a `?:` with any other operand as a branch, and NAK kept those
// branches (two an element in the FP8 pairs, each with its convergence barrier).

const uint SIGN = 0x80000000u;
const uint ABS = 0x7fffffffu;
const uint INF32 = 0x7f800000u;
const uint QNAN32 = 0x7fc00000u;

bool is_nan32(uint x) { return (x & ABS) > INF32; }

// ---- widening: a code to float32 bits, exact ---------------------------------------------------

// Selects, not branches. The magnitude's bits shifted into place are a normal's, its exponent
// rebiased by one add (and by a second for infinity and NaN, whose quiet bit is set); a
// subnormal is its integer times a power of two, both exact in float32 (no float32 subnormal
// anywhere: a device that flushes them gives the same bits).
uint widen_f16(uint h)
{
    uint a = h & 0x7fffu, r = (a << 13) + (112u << 23), quiet = a > 0x7c00u ? 0x00400000u : 0u;
    precise float sub = float(a) * 5.9604644775390625e-8; // 2^-24, for a below 0x400
    uint small = floatBitsToUint(sub), top = (r + (112u << 23)) | quiet;
    r = a < 0x400u ? small : r;
    r = a >= 0x7c00u ? top : r;
    return ((h & 0x8000u) << 16) | r;
}

uint widen_bf16(uint b)
{
    uint x = b << 16, quiet = x | 0x00400000u;
    return is_nan32(x) ? quiet : x;
}

uint widen_e4m3fn(uint q)
{
    uint a = q & 0x7fu, r = (a << 20) + (120u << 23);
    precise float sub = float(a) * 0.001953125; // 2^-9, for a below 8
    uint small = floatBitsToUint(sub);
    r = a < 8u ? small : r;
    r = a == 0x7fu ? 0x7ff00000u : r; // the one NaN: its payload 111 shifted up, the quiet bit set
    return ((q & 0x80u) << 24) | r;
}

// E5M2 is the top byte of a float16, NaN payloads included.
uint widen_e5m2(uint q) { return widen_f16(q << 8); }

uint widen(uint code, uint type)
{
    switch (type) {
    case CTYPE_F16: return widen_f16(code);
    case CTYPE_BF16: return widen_bf16(code);
    case CTYPE_E4M3FN: return widen_e4m3fn(code);
    case CTYPE_E5M2: return widen_e5m2(code);
    default: return code;
    }
}

// ---- narrowing: float32 bits to a code, one rounding -------------------------------------------

// A finite float32 magnitude `a` rounded to a format of M mantissa bits and bias B, its
// exponent unbounded above (the caller compares the code with its largest finite). Below the
// format's least normal, one float add rounds it: a + 2^(1 - B - M + 23), whose last bit is the
// format's least subnormal, is correctly rounded (Vulkan: OpFAdd is), its sum normal and exact
// in the bits kept; a float32 subnormal a (flushed or not) gives the same 0. Above it, integer
// arithmetic: the bias moved, half an ulp less one added, the ulp's parity added (ties to even).
uint round_to(uint a, uint M, int B)
{
    uint magic = uint(127 + 1 - B + 23 - int(M)) << 23;
    precise float sum = uintBitsToFloat(a) + uintBitsToFloat(magic);
    uint shift = 23u - M;
    uint normal = (a + (uint(B - 127) << 23) + ((1u << (shift - 1u)) - 1u) + ((a >> shift) & 1u)) >> shift;
    uint small = floatBitsToUint(sum) - magic;
    return a < (uint(127 + 1 - B) << 23) ? small : normal; // both computed, then picked
}

// Selects, not branches: every lane computes the finite result, then NaN and the largest's.
uint narrow_f16(uint x)
{
    // From 65520 up the rounding carries into 0x7c00 and past it (the 32-bit sum wraps to
    // 0x478xxxxx at the top, still past): the least of the two is infinity, one instruction.
    // A NaN's a >> 13 is 0x3fc00 plus its payload's top 10 bits: with the quiet bit and the
    // 15 bits kept beside the sign, 0x7e00 plus them (the shift shared with the rounding's).
    uint a = x & ABS, r = min(round_to(a, 10u, 15), 0x7c00u), nan = (a >> 13) | 0x7e00u;
    r = a > INF32 ? nan : r;
    return (r & 0x7fffu) | ((x >> 16) & 0x8000u);
}

uint narrow_bf16(uint x)
{
    // The rounded sum (its carry runs into infinity where it must), or a NaN with its quiet bit
    // set: picked before the one shift, between plain values (a select, not a branch).
    uint rounded = x + 0x7fffu + ((x >> 16) & 1u), nan = x | 0x00400000u;
    return (is_nan32(x) ? nan : rounded) >> 16;
}

// The magnitude clamped before it rounds: to the largest finite where it saturates (a NaN kept
// apart), to the least value past it otherwise, which rounds to e4m3fn's NaN (a NaN and an
// infinity with it) or to e5m2's infinity.
uint narrow_e4m3fn(uint x)
{
    uint a = x & ABS;
    uint c = round_to(min(a, NO_SATURATE ? 0x43f00000u : 0x43e00000u), 3u, 7); // 480 or 448
    c = !NO_SATURATE && a > INF32 ? 0x7fu : c;
    return ((x >> 24) & 0x80u) | c;
}

uint narrow_e5m2(uint x)
{
    uint a = x & ABS;
    uint c = round_to(min(a, NO_SATURATE ? 0x47800000u : 0x47600000u), 2u, 15); // 65536 or 57344
    uint nan = 0x7eu | ((a >> 21) & 1u);
    c = a > INF32 ? nan : c;
    return ((x >> 24) & 0x80u) | c;
}

uint narrow(uint x, uint type)
{
    switch (type) {
    case CTYPE_F16: return narrow_f16(x);
    case CTYPE_BF16: return narrow_bf16(x);
    case CTYPE_E4M3FN: return narrow_e4m3fn(x);
    case CTYPE_E5M2: return narrow_e5m2(x);
    default: return x;
    }
}

// ---- exact float32 arithmetic where subnormals are involved ---------------------------------

// (hi:lo) * 2^e2, plus `sticky` (something below lo's last bit), rounded to a float32
// magnitude (ties to even, subnormals, overflow to infinity). (hi:lo) is nonzero.
uint pack_f32(uint hi, uint lo, int e2, bool sticky)
{
    int msb = hi != 0u ? findMSB(hi) + 32 : findMSB(lo);
    int e = msb + e2 + 127; // biased exponent of the leading bit
    int shift = msb - 23;
    if (e < 1) {
        shift += 1 - e;
        e = 0;
    }
    if (shift > msb + 1) // below half the least subnormal
        return 0u;
    uint m, rem_hi = 0u, rem_lo = 0u, half_hi = 0u, half_lo = 0u;
    if (shift <= 0) {
        m = lo << uint(-shift); // exact: the product has fewer than 24 bits
    } else {
        uint s = uint(shift);
        if (s < 32u) {
            m = (lo >> s) | (s == 0u ? 0u : hi << (32u - s));
            rem_lo = lo & ((1u << s) - 1u);
            half_lo = 1u << (s - 1u);
        } else {
            m = hi >> (s - 32u);
            rem_hi = s == 32u ? 0u : hi & ((1u << (s - 32u)) - 1u);
            rem_lo = lo;
            half_hi = s == 32u ? 0u : 1u << (s - 33u);
            half_lo = s == 32u ? 0x80000000u : 0u;
        }
    }
    bool above = rem_hi > half_hi || (rem_hi == half_hi && (rem_lo > half_lo || (rem_lo == half_lo && sticky)));
    bool tie = rem_hi == half_hi && rem_lo == half_lo && !sticky && (half_hi | half_lo) != 0u;
    if (above || (tie && (m & 1u) != 0u))
        m++;
    if (e == 0)
        return m; // a carry into 2^23 is the least normal, as it should be
    if (m == 0x1000000u) {
        m >>= 1;
        e++;
    }
    if (e >= 255)
        return INF32;
    return (uint(e) << 23) | (m & 0x7fffffu);
}

// A finite nonzero float32 magnitude as an integer and a power of two: m * 2^e, m < 2^24.
void unpack_f32(uint a, out uint m, out int e)
{
    uint be = a >> 23;
    m = a & 0x7fffffu;
    if (be == 0u) {
        e = -149;
    } else {
        m |= 0x800000u;
        e = int(be) - 150;
    }
}

// x * c for finite nonzero x, c, without the device's float unit.
uint mul_exact_slow(uint x, uint c)
{
    uint mx, mc, hi, lo;
    int ex, ec;
    unpack_f32(x & ABS, mx, ex);
    unpack_f32(c & ABS, mc, ec);
    umulExtended(mx, mc, hi, lo);
    return ((x ^ c) & SIGN) | pack_f32(hi, lo, ex + ec, false);
}

// x * c, x finite (docs/conversions.md: a NaN product is 0x7fc00000 with the signs' xor), by the
// device's float multiply (correctly rounded: Vulkan's OpFMul) where the product is normal or
// infinite. *tiny where it is below the least normal float32 (or an operand's subnormal makes it
// so): then the result is 0 with the product's sign, exact for every target that rounds such
// values to 0 (FP8, float16, int8); float32 and bfloat16 targets take mul_exact_slow instead.
// A subnormal float32 magnitude's bits (0 < sub < 2^23) times 2^64: a normal float32's, exact.
uint subnormal_times_2_64(uint sub)
{
    uint p = uint(findMSB(sub));
    return ((p + 42u) << 23) | ((sub << (23u - p)) & 0x7fffffu);
}

// A subnormal operand is scaled up by 2^64 and the other down by 2^64 (both exact) first, so a
// device that flushes subnormal operands multiplies what the arithmetic says.
uint mul_normal(uint x, uint c, out bool tiny)
{
    uint s = (x ^ c) & SIGN, ax = x & ABS, ac = c & ABS;
    tiny = false;
    if (ac > INF32 || (ac == INF32 && ax == 0u))
        return s | QNAN32;
    if (ac == INF32)
        return s | INF32;
    if (ax == 0u || ac == 0u)
        return s;
    if (ax < 0x00800000u || ac < 0x00800000u) {
        uint sub = min(ax, ac), nor = max(ax, ac);
        tiny = nor < 0x20800000u; // both below 2^-62 x 2^-126: below the least normal
        if (tiny)
            return s;
        ax = subnormal_times_2_64(sub);
        ac = nor - (64u << 23); // nor x 2^-64, still normal
    }
    precise float pf = uintBitsToFloat(ax) * uintBitsToFloat(ac);
    uint p = floatBitsToUint(pf);
    tiny = p < 0x00800000u;
    return tiny ? s : s | p;
}

// a / b for finite positive nonzero magnitudes, correctly rounded: 26 quotient bits by long
// division, the remainder as the sticky bit.
uint div_exact(uint a, uint b)
{
    uint ma, mb;
    int ea, eb;
    unpack_f32(a, ma, ea);
    unpack_f32(b, mb, eb);
    int na = 23 - findMSB(ma), nb = 23 - findMSB(mb); // both to [2^23, 2^24)
    ma <<= uint(na);
    mb <<= uint(nb);
    uint r = ma, q = 0u;
    for (uint i = 0u; i < 26u; i++) { // q = floor(ma / mb * 2^25)
        q <<= 1;
        if (r >= mb) {
            r -= mb;
            q |= 1u;
        }
        r <<= 1;
    }
    return pack_f32(0u, q, (ea - na) - (eb - nb) - 25, r != 0u);
}

// a / 127 for a normal float32 magnitude a from 2^-100 up (Q8_0's d of the common block), correctly
// rounded: the 24-bit significand, 8 bits up, divided by the constant in 32-bit integers (a
// multiply and a shift), 25-26 quotient bits and the remainder as the sticky bit. Checked
// against the float division for every such a.
uint div_127(uint a)
{
    uint n = ((a & 0x7fffffu) | 0x800000u) << 8, q = n / 127u;
    bool sticky = n != q * 127u;
    uint shift = uint(findMSB(q)) - 23u; // 1 or 2
    uint mant = q >> shift, rem = q & ((1u << shift) - 1u), halfway = 1u << (shift - 1u);
    mant += rem > halfway || (rem == halfway && (sticky || (mant & 1u) != 0u)) ? 1u : 0u;
    return (((a >> 23) - 9u + shift) << 23) + mant; // a carry into 2^24 moves the exponent on
}

// 1 / d for a normal float32 magnitude d from 2^-107 to 2^121 (Q8_0's id of the common block),
// correctly rounded: the device's division of 1 by d's significand in [1, 2) (Vulkan: within
// 2.5 ulp) gives c, within 3 of Q = 2^47 / m (m the 24-bit significand); D = c m - 2^47,
// exact in 32 bits, moves c to the one nearest Q (Q is never halfway). Checked for every
// significand with the division's result off by up to 3 ulp either way.
uint recip_normal(uint d)
{
    if ((d & 0x7fffffu) == 0u)
        return (254u << 23) - d; // a power of two: exact
    uint m = (d & 0x7fffffu) | 0x800000u;
    precise float r = 1.0 / uintBitsToFloat(0x3f800000u | (d & 0x7fffffu));
    uint c = clamp(uint(r * 16777216.0), 0x800000u, 0x1000000u), hi, lo;
    umulExtended(c, m, hi, lo);
    int D = int(lo); // c m - 2^47: 2^47 has no low bits, and |D| < 2^31
    [[unroll]] for (uint k = 0u; k < 3u; k++) {
        bool down = 2 * D > int(m), up = 2 * D < -int(m);
        c += down ? 0xffffffffu : up ? 1u : 0u;
        D += down ? -int(m) : up ? int(m) : 0;
    }
    return ((253u - (d >> 23)) << 23) + c - 0x800000u;
}
