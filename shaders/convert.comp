#version 460
// The converting copy (docs/conversions.md): a split or join whose whole and parts hold
// different element types, converted on the way in the one dispatch (device addresses) or one
// per part (descriptors). A module per addressing and direction (cmake/shaders.cmake); a
// pipeline per plan, specialized to its types (convert_abi.h's CSPEC_*), so that each plan's
// machine code holds its own conversion and no other.
//
// A segment (a non-empty part) is rows of one run, the run the last dimension both tensors
// keep. A workgroup copies one tile of one run:
//   CONTIG (the run contiguous on both sides): UNROLL destination 32-bit words per invocation,
//     the workgroup's invocations side by side on each (coalesced on both sides), every code
//     loaded before the first store; a word the run only partly covers is merged with 32-bit
//     atomics (AND, then OR), so a neighbouring run's elements, and bytes past a tensor, stay.
//   otherwise: UNROLL elements per invocation, each stored alone (merged when narrower than a
//     word).
//   Q8_0 on either side: one 32-element block per invocation (34 bytes; the half-word two
//     blocks share merged).
// No division inside a loop that moves elements; the row's place is found once per
// workgroup. Every loop is bounded by constants far below llvmpipe's silent 65535-trip limit.

#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
#include "convert_abi.h"
#include "split_abi.h" // the device parameters' block (BLOCK_*)
#if defined(ADDRESSING_BDA)
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#endif
#if defined(CONVERT_F16_HW)
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_spirv_intrinsics : require
#endif

layout(local_size_x_id = CSPEC_WORKGROUP_SIZE) in;
layout(constant_id = CSPEC_SRC) const uint SRC = CTYPE_F32;
layout(constant_id = CSPEC_DST) const uint DST = CTYPE_F16;
layout(constant_id = CSPEC_NO_SATURATE) const bool NO_SATURATE = false;
layout(constant_id = CSPEC_SCALE) const uint SCALE = CSCALE_NONE;
layout(constant_id = CSPEC_CONTIG) const bool CONTIG = true;
layout(constant_id = CSPEC_UNROLL) const uint UNROLL = 4u;
layout(constant_id = CSPEC_DEVICE) const bool DEVICE = false;
layout(constant_id = CSPEC_ROWS) const bool ROWS = false;
layout(constant_id = CSPEC_TRIPS) const uint TRIPS = 1u;
const bool JOIN = DIRECTION_JOIN != 0;

#include "convert_types.glsl"

// Element bytes (Q8_0's are its blocks', handled apart).
const uint SB = SRC == CTYPE_F32 ? 4u : (SRC == CTYPE_F16 || SRC == CTYPE_BF16) ? 2u : 1u;
const uint DB = DST == CTYPE_F32 ? 4u : (DST == CTYPE_F16 || DST == CTYPE_BF16) ? 2u : 1u;
const uint DPW = 4u / DB; // destination elements per word
const uint SMASK = SB == 4u ? 0xffffffffu : (1u << (8u * SB)) - 1u;
const uint DMASK = DB == 4u ? 0xffffffffu : (1u << (8u * DB)) - 1u;
// Each of a lane's loads a whole number of words after its first (the workgroup a multiple of 4).
const bool STEP_WORDS = (gl_WorkGroupSize.x * DPW * SB) % 4u == 0u;
// VEC: a whole tile whose run starts on 16 bytes (and whose destination starts on its unit's
// stores' width) is read 16 bytes (UNIT_CODES codes) at a time, each lane writing the LW
// destination words they give whole (4 to 64 bytes: one to four stores), UNITS times; the
// tile's words are the 32-bit path's, lane by lane in runs of LW. On device addresses and on
// descriptors alike (there through uvec2 and uvec4 views of the same bindings; Mali's PanVK has
// no device addresses, and read 4 bytes a load there). Any other tile takes the word-by-word
// path: a run that starts off 16 bytes is rare, and a third copy of the tile's conversions cost
// llvmpipe 20 ms a plan to compile. (Each 4-byte load of the word path carried one destination
// word's codes: a 2-byte source's half a word, an FP8 source's a quarter.)
const bool VEC = SRC != CTYPE_Q8_0 && DST != CTYPE_Q8_0;
const uint UNIT_CODES = 16u / SB;
const uint LW = VEC ? UNIT_CODES * DB / 4u : 1u;
// The tile's loop counts on each path: 0 where the path is not this pipeline's, so that no copy
// of its conversions is made before the dead branch is dropped (llvmpipe compiles them first).
const uint UNITS = VEC ? UNROLL / LW : 0u;
const uint WORDS_UNROLL = VEC ? 0u : UNROLL;
// ---- addressing: words of the side read (src) and the side written (dst) --------------------
#if defined(ADDRESSING_BDA)
#define IDX uint64_t
layout(push_constant, std430) uniform Push {
    layout(offset = CPC_BDA_TABLE) uint64_t table;
    layout(offset = CPC_BDA_WHOLE) uint64_t whole;
    layout(offset = CPC_BDA_SCALE) uint64_t scale;
    layout(offset = CPC_BDA_SEGMENTS) uint segments;
    layout(offset = CPC_BDA_FLAGS) uint flags;
    layout(offset = CPC_BDA_HOST_SCALE) uint host_scale;
    layout(offset = CPC_BDA_GRID_X) uint grid_x;
    layout(offset = CPC_BDA_BLOCK) uint64_t block;
    layout(offset = CPC_BDA_INDICES) uint64_t indices;
    layout(offset = CPC_BDA_PARTS) uint parts[2 * CONVERT_INLINE_PARTS];
} pc;
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer TableRef { uint t[]; };
// Not readonly: NAK would make its copy loads constant-cache reads, as it does the table's.
layout(buffer_reference, std430, buffer_reference_align = 4) buffer LoadRef { uint v; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer StoreRef { uint v; };
// VEC's 16-byte loads and its converted words' stores (above).
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Load4Ref { uvec4 v; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Store2Ref { uvec2 v; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Store4Ref { uvec4 v; };
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer AddressRef { uint64_t a[]; };
uint tbl(uint i) { return TableRef(pc.table).t[i]; }
uint64_t g_src, g_dst; // the byte addresses of the two sides' element 0
uint ld_src(IDX word) { return LoadRef(g_src + word * 4ul).v; }
// A word's place, to which constant word counts are added: one 64-bit address a lane computes
// once, the constants folded into the loads' and stores' offsets.
#define ADDR uint64_t
ADDR src_addr(IDX word) { return g_src + word * 4ul; }
ADDR dst_addr(IDX word) { return g_dst + word * 4ul; }
uint ld_at(ADDR a, uint words) { return LoadRef(a + uint64_t(words * 4u)).v; }
void st_at(ADDR a, uint words, uint v) { StoreRef(a + uint64_t(words * 4u)).v = v; }
// VEC's: a side's byte b + off as a place (the run's start, as the alignment test adds it, then
// the tile's offset), a place words on (once a lane: the constants added to it fold
// into the accesses' offsets); 16 bytes at a word that is a multiple of 4 from a 16-byte aligned
// place; 8 and 16 bytes stored
ADDR src_at_byte(IDX b, IDX off) { return g_src + b + off; }
ADDR dst_at_byte(IDX b, IDX off) { return g_dst + b + off; }
ADDR addr_plus(ADDR a, uint words) { return a + uint64_t(words * 4u); }
uvec4 ld4_at(ADDR a, uint words) { return Load4Ref(a + uint64_t(words * 4u)).v; }
void st2_at(ADDR a, uint words, uvec2 v) { Store2Ref(a + uint64_t(words * 4u)).v = v; }
void st4_at(ADDR a, uint words, uvec4 v) { Store4Ref(a + uint64_t(words * 4u)).v = v; }
// whether byte b of each side lies on a multiple of `to` bytes (VEC's units)
bool src_on(IDX b, uint to) { return ((g_src + b) & uint64_t(to - 1u)) == 0ul; }
bool dst_on(IDX b, uint to) { return ((g_dst + b) & uint64_t(to - 1u)) == 0ul; }
void st_dst(IDX word, uint v) { StoreRef(g_dst + word * 4ul).v = v; }
void merge_dst(IDX word, uint mask, uint bits)
{
    atomicAnd(StoreRef(g_dst + word * 4ul).v, ~mask);
    atomicOr(StoreRef(g_dst + word * 4ul).v, bits);
}
uint scale_bits() { return LoadRef(pc.scale).v; }
uint block_word(uint i) { return LoadRef(pc.block + uint64_t(i) * 4ul).v; }
void block_store(uint i, uint v) { StoreRef(pc.block + uint64_t(i) * 4ul).v = v; }
uint index_word(uint i) { return LoadRef(pc.indices + uint64_t(i) * 4ul).v; }
uint host_place(uint i) { return tbl(i); }
uint grid_x() { return pc.grid_x; }
uint host_scale() { return pc.host_scale; }
uint64_t part_address(uint seg)
{
    if ((pc.flags & CFLAG_ARGUMENTS) != 0u)
        return AddressRef(packUint2x32(uvec2(pc.parts[0], pc.parts[1]))).a[seg];
    return packUint2x32(uvec2(pc.parts[2u * seg], pc.parts[2u * seg + 1u]));
}
// The segment whose workgroups hold wg: a search over the table's prefix.
uint find_segment(uint wg)
{
    uint lo = 0u, hi = pc.segments - 1u;
    while (lo < hi) {
        uint mid = (lo + hi + 1u) >> 1;
        if (tbl(mid * CSEG_WORDS + CSEG_FIRST_GROUP) <= wg)
            lo = mid;
        else
            hi = mid - 1u;
    }
    return lo;
}
// The segment's first table word: its fields read at constant offsets from one address (one
// scalar load each; from the table's start, each read had added its own 64-bit offset).
uint64_t g_seg;
// Its first 8 words (CSEG_FIRST_GROUP .. CSEG_WHOLE_BASE: what every workgroup reads before its
// first copy load) read together in set_segment, two 16-byte loads: NAK issued each field's
// load where the code first used it, a round trip each.
layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer TableHeadRef { uvec4 v[2]; };
uvec4 g_head[2];
uint field(uint k) { return k < 8u ? g_head[k >> 2u][k & 3u] : TableRef(g_seg).t[k]; }
// A row dimension's words alike, from its own first word's address (a dynamic word index added
// in 32 bits, then widened, cost NAK a 64-bit shift and add for each word read).
#define DIMREF uint64_t
DIMREF dim_ref(uint f) { return g_seg + uint64_t(f) * 4ul; }
uint dim_word(DIMREF r, uint k) { return TableRef(r).t[k]; }
uint segment_first() { return field(CSEG_FIRST_GROUP); }
void set_segment(uint seg)
{
    g_seg = pc.table + uint64_t(seg * CSEG_WORDS) * 4ul;
    g_head[0] = TableHeadRef(g_seg).v[0];
    g_head[1] = TableHeadRef(g_seg).v[1];
    uint64_t part = part_address(seg);
    g_src = JOIN ? part : pc.whole;
    g_dst = JOIN ? pc.whole : part;
}
#else // ADDRESSING_DESC: one dispatch per segment; binding 1 the whole, 2 the part
#define IDX uint
layout(push_constant, std430) uniform Push {
    layout(offset = CPC_DESC_SEGMENT) uint segment;
    layout(offset = CPC_DESC_WHOLE_WORD) uint whole_word;
    layout(offset = CPC_DESC_PART_WORD) uint part_word;
    layout(offset = CPC_DESC_HOST_SCALE) uint host_scale;
    layout(offset = CPC_DESC_GRID_X) uint grid_x;
    layout(offset = CPC_DESC_TABLE_WORD) uint table_word;
    layout(offset = CPC_DESC_SCALE_WORD) uint scale_word;
    layout(offset = CPC_DESC_BLOCK_WORD) uint block_word;
} pc;
layout(std140, set = 0, binding = CBIND_TABLE) uniform Table { uvec4 t[CONVERT_TBL_VEC4S]; } table;
#if DIRECTION_JOIN
layout(set = 0, binding = CBIND_WHOLE, std430) buffer Whole { uint v[]; } dst_words;
layout(set = 0, binding = CBIND_PART, std430) readonly buffer Part { uint v[]; } src_words;
// VEC's views of the same bindings: 16-byte loads, 8- and 16-byte stores
layout(set = 0, binding = CBIND_WHOLE, std430) buffer Whole2 { uvec2 v[]; } dst_words2;
layout(set = 0, binding = CBIND_WHOLE, std430) buffer Whole4 { uvec4 v[]; } dst_words4;
layout(set = 0, binding = CBIND_PART, std430) readonly buffer Part4 { uvec4 v[]; } src_words4;
#define SRC_FIRST pc.part_word
#define DST_FIRST pc.whole_word
#else
layout(set = 0, binding = CBIND_WHOLE, std430) readonly buffer Whole { uint v[]; } src_words;
layout(set = 0, binding = CBIND_PART, std430) buffer Part { uint v[]; } dst_words;
layout(set = 0, binding = CBIND_WHOLE, std430) readonly buffer Whole4 { uvec4 v[]; } src_words4;
layout(set = 0, binding = CBIND_PART, std430) buffer Part2 { uvec2 v[]; } dst_words2;
layout(set = 0, binding = CBIND_PART, std430) buffer Part4 { uvec4 v[]; } dst_words4;
#define SRC_FIRST pc.whole_word
#define DST_FIRST pc.part_word
#endif
layout(set = 0, binding = CBIND_SCALE, std430) readonly buffer Scale { uint v[]; } scale_words;
layout(set = 0, binding = CBIND_BLOCK, std430) readonly buffer Block { uint v[]; } block_words;
uint tbl(uint i)
{
    uint w = pc.table_word + i;
    return table.t[w >> 2][w & 3u];
}
uint block_word(uint i) { return block_words.v[pc.block_word + i]; }
void block_store(uint i, uint v) {} // the fused checks are device addresses' (the block read-only here)
uint index_word(uint i) { return scale_words.v[pc.scale_word + i]; } // binding 3: the indices here
uint host_place(uint i) { return block_words.v[pc.block_word + i]; }  // binding 4: the host places here
uint ld_src(IDX word) { return src_words.v[SRC_FIRST + word]; }
#define ADDR uint
ADDR src_addr(IDX word) { return SRC_FIRST + word; }
ADDR dst_addr(IDX word) { return DST_FIRST + word; }
uint ld_at(ADDR a, uint words) { return src_words.v[a + words]; }
void st_at(ADDR a, uint words, uint v) { dst_words.v[a + words] = v; }
// VEC's, at word indices of the binding that are multiples of 4 (of 2 for st2_at)
ADDR src_at_byte(IDX b, IDX off) { return SRC_FIRST + ((b + off) >> 2); }
ADDR dst_at_byte(IDX b, IDX off) { return DST_FIRST + ((b + off) >> 2); }
ADDR addr_plus(ADDR a, uint words) { return a + words; }
// (each index the place's, shifted once a lane, plus a constant: Valhall recomputed the sum's
// shift before each load and waited on the previous load's register to do it)
uvec4 ld4_at(ADDR a, uint words) { return src_words4.v[(a >> 2) + (words >> 2)]; }
void st2_at(ADDR a, uint words, uvec2 v) { dst_words2.v[(a >> 1) + (words >> 1)] = v; }
void st4_at(ADDR a, uint words, uvec4 v) { dst_words4.v[(a >> 2) + (words >> 2)] = v; }
bool src_on(IDX b, uint to) { return ((SRC_FIRST * 4u + b) & (to - 1u)) == 0u; }
bool dst_on(IDX b, uint to) { return ((DST_FIRST * 4u + b) & (to - 1u)) == 0u; }
void st_dst(IDX word, uint v) { dst_words.v[DST_FIRST + word] = v; }
void merge_dst(IDX word, uint mask, uint bits)
{
    atomicAnd(dst_words.v[DST_FIRST + word], ~mask);
    atomicOr(dst_words.v[DST_FIRST + word], bits);
}
uint scale_bits() { return scale_words.v[pc.scale_word]; }
uint grid_x() { return pc.grid_x; }
uint host_scale() { return pc.host_scale; }
uint find_segment(uint wg) { return 0u; } // each segment its own dispatch, its table bound at it
uint field(uint k) { return tbl(k); } // the dispatch's segment: its table bound at it
#define DIMREF uint
DIMREF dim_ref(uint f) { return f; }
uint dim_word(DIMREF r, uint k) { return tbl(r + k); }
uint segment_first() { return 0u; }
void set_segment(uint seg) {}
#endif

IDX field_idx(uint k)
{
#if defined(ADDRESSING_BDA)
    return packUint2x32(uvec2(field(k), field(k + 1u)));
#else
    return field(k); // the descriptor path's offsets are within one binding's reach: 32 bits
#endif
}
IDX dim_idx(DIMREF r, uint k)
{
#if defined(ADDRESSING_BDA)
    return packUint2x32(uvec2(dim_word(r, k), dim_word(r, k + 1u)));
#else
    return dim_word(r, k);
#endif
}

// ---- one element: load, convert, place ---------------------------------------------------

uint load_src_code(IDX pos)
{
    IDX byte = pos * SB;
    uint word = ld_src(byte >> 2);
    return SB == 4u ? word : (word >> (uint(byte & 3u) * 8u)) & SMASK;
}

uint g_scale; // the float32 bits of the scale (1.0 where there is none)

// x times the scale (mul_normal's arithmetic) with the scale's cases settled once per workgroup
// (scale_setup) and no branch an element. A subnormal scale is taken times 2^64 and each x times
// 2^-64 (still normal from 2^-62 up; below, the product is below the least normal float32 either
// way); a subnormal x (a float32 or bfloat16 source's: a float16 or FP8 code widens to none)
// times 2^64 (its integer, converted exactly, times 2^-85) and the scale times 2^-64 alike.
const bool X_NORMAL = SRC == CTYPE_F16 || SRC == CTYPE_E4M3FN || SRC == CTYPE_E5M2;
uint g_mul, g_adj, g_low;        // the scale as a normal x multiplies it, the exponent taken from x, the least x not tiny
uint g_mul_sub;                  // the scale as a subnormal x multiplies it
bool g_sub_tiny;                 // a subnormal x's product is below the least normal
void scale_setup()
{
    uint ac = g_scale & ABS;
    g_mul = ac;
    g_adj = 0u;
    g_low = 0u;
    if (ac != 0u && ac < 0x00800000u) {
        g_mul = subnormal_times_2_64(ac);
        g_adj = 64u << 23;
        g_low = 0x20800000u;
    }
    g_mul_sub = ac >= INF32 ? ac : ac - min(ac, 64u << 23);
    g_sub_tiny = ac < 0x20800000u;
}

// x, or where it is finite mul_normal(x, g_scale, tiny), by selects: the device's multiply of
// magnitudes, a NaN product (the scale NaN, or infinite times 0) made 0x7fc00000, and *tiny
// where the exact product is nonzero and below the least normal (x and the scale nonzero; an
// infinity or NaN x is never tiny). Only float32 and bfloat16 targets ask (NEED_TINY): a product
// below the least normal float32, flushed or not, narrows to 0 with its sign in the others.
const bool NEED_TINY = DST == CTYPE_F32 || DST == CTYPE_BF16;
uint mul_scale(uint x, out bool tiny)
{
    uint ax = x & ABS, xa = ax - min(ax, g_adj), m = g_mul; // 0 stays 0
    bool low = ax < g_low;
    if (!X_NORMAL) {
        bool sub = ax < 0x00800000u;
        precise float up = float(ax) * 2.5849394142282115e-26; // 2^-85
        xa = sub ? floatBitsToUint(up) : xa;
        m = sub ? g_mul_sub : m;
        low = sub ? g_sub_tiny : low;
    }
    precise float pf = uintBitsToFloat(xa) * uintBitsToFloat(m);
    uint p = floatBitsToUint(pf);
    p = p > INF32 ? QNAN32 : p; // its sign the device's (x86: set)
    tiny = NEED_TINY && ax != 0u && g_mul != 0u && (low || p < 0x00800000u);
    p = tiny ? 0u : p;
    uint product = ((x ^ g_scale) & SIGN) | p;
    return ax >= INF32 ? x : product;
}

// A code's float32 bits x (widened) times the scale, as float32 bits, before the narrowing.
uint scaled(uint x)
{
    bool tiny = false;
    uint p = x;
    if (SCALE != CSCALE_NONE)
        p = mul_scale(x, tiny);
    // float32 and bfloat16 keep float32's subnormals: only there does a tiny product need them
    if (NEED_TINY)
        p = tiny ? mul_exact_slow(x, g_scale) : p;
    return p;
}

uint convert_code(uint code) { return narrow(scaled(widen(code, SRC)), DST); }

// ---- float16 by the device's own conversions (CONVERT_F16_HW) ----------------------------------
// A module of its own (cmake/shaders.cmake), made for a device that rounds float16 to nearest
// even and keeps its subnormals (shaderRoundingModeRTEFloat16, shaderDenormPreserveFloat16, both
// declared here) with shaderFloat16 enabled. There a conversion between float32 and float16 is
// exact by Vulkan's rules for every finite value, and one instruction; what Vulkan leaves open is
// a NaN's payload, overflow, and a float32 subnormal (the 32-bit mode may flush it, and whether
// its sign stays is not said). A 16-byte unit with none of those converts by the device; one
// with any converts by convert_types.glsl (the same bits): a branch a lane takes where its
// 16 bytes hold one, which real activations rarely do.
#if defined(CONVERT_F16_HW)
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4467], 4462, 16); // RoundingModeRTE 16
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4464], 4459, 16); // DenormPreserve 16
const bool HW_WIDEN = SRC == CTYPE_F16 && VEC, HW_NARROW = DST == CTYPE_F16 && VEC;
// A word's two float16 codes as float32 bits.
uvec2 widen2_hw(uint w) { return floatBitsToUint(vec2(unpackFloat2x16(w))); }
// Two float32 values (none a NaN, none from 65520 up, none subnormal) as a word of float16 codes.
uint narrow2_hw(uint lo, uint hi) { return packFloat2x16(f16vec2(uintBitsToFloat(uvec2(lo, hi)))); }
#endif

// ---- CONTIG: destination words --------------------------------------------------------------

// Destination word w of a run that a tile only partly covers: each element's load clamped into
// the run, a partly covered word merged.
void copy_edge_word(IDX src_word0, IDX dst_word0, uint src_lead, uint lead, uint run, uint w)
{
    uint bits = 0u, mask = 0u;
    [[unroll]] for (uint k = 0u; k < DPW; k++) {
        int i = int(w * DPW + k) - int(lead);
        uint at = src_lead + uint(clamp(i, 0, int(run) - 1)) * SB;
        uint word = ld_src(src_word0 + (at >> 2));
        uint code = SB == 4u ? word : (word >> ((at & 3u) * 8u)) & SMASK;
        if (i >= 0 && i < int(run)) {
            bits |= convert_code(code) << (8u * DB * k);
            mask |= DMASK << (8u * DB * k);
        }
    }
    if (mask == 0xffffffffu)
        st_dst(dst_word0 + w, bits);
    else
        merge_dst(dst_word0 + w, mask, bits);
}

// Code k of a 16-byte unit (VEC).
uint unit_code(uvec4 v, uint k)
{
    uint word = v[k / (4u / SB)];
    return SB == 4u ? word : (word >> (8u * SB * (k % (4u / SB)))) & SMASK;
}

#if defined(CONVERT_F16_HW)
// A 16-byte unit whose float16 side the device converts: its codes' float32 bits x, widened by
// the device where the source is float16 and no code is a NaN; narrowed by the device where the
// destination is float16 and no x is a NaN, an infinity, 65520 or more, or a float32 subnormal;
// else by convert_types.glsl, per code (w: LW destination words, zero).
void convert_unit_hw(uvec4 v, inout uint w[16])
{
    uint x[UNIT_CODES];
    if (HW_WIDEN) {
        // A half is a NaN where its magnitude plus 0x3ff carries into bit 15 (from 0x7c01 up).
        uint nan = 0u;
        [[unroll]] for (uint q = 0u; q < 4u; q++)
            nan |= (v[q] & 0x7fff7fffu) + 0x03ff03ffu;
        if ((nan & 0x80008000u) == 0u) {
            [[unroll]] for (uint q = 0u; q < 4u; q++) {
                uvec2 two = widen2_hw(v[q]);
                x[2u * q] = two.x;
                x[2u * q + 1u] = two.y;
            }
        } else {
            [[unroll]] for (uint k = 0u; k < UNIT_CODES; k++)
                x[k] = widen_f16(unit_code(v, k));
        }
    } else {
        [[unroll]] for (uint k = 0u; k < UNIT_CODES; k++)
            x[k] = widen(unit_code(v, k), SRC);
    }
    [[unroll]] for (uint k = 0u; k < UNIT_CODES; k++)
        x[k] = scaled(x[k]);
    // Narrowing: the largest magnitude below 65520 (no NaN, no overflow), the least nonzero one
    // normal (a zero's magnitude less 1 wraps to the largest). One if and one else: an early
    // return made NAK a second convergence region a unit.
    uint most = 0u, least = 0xffffffffu;
    if (HW_NARROW)
        [[unroll]] for (uint k = 0u; k < UNIT_CODES; k++) {
            most = max(most, x[k] & ABS);
            least = min(least, (x[k] & ABS) - 1u);
        }
    if (HW_NARROW && most < 0x477ff000u && least >= 0x007fffffu) {
        [[unroll]] for (uint k = 0u; k < UNIT_CODES; k += 2u)
            w[k / 2u] = narrow2_hw(x[k], x[k + 1u]);
    } else {
        [[unroll]] for (uint k = 0u; k < UNIT_CODES; k++)
            w[k / DPW] |= narrow(x[k], DST) << (8u * DB * (k % DPW));
    }
}
#endif

// VEC's tile from its first source and destination words (16- and min(16, 4 LW)-byte aligned):
// unit j x WG + lane is 16 source bytes and LW destination words; every load before the first
// store, NAK scheduling in the source's order.
void copy_units(ADDR src, ADDR dst)
{
    uint lane = gl_LocalInvocationID.x;
    ADDR from = addr_plus(src, lane * 4u), to = addr_plus(dst, lane * LW);
    uvec4 v[UNROLL]; // UNITS of them (an array's size is never 0)
    [[unroll]] for (uint j = 0u; j < UNITS; j++)
        v[j] = ld4_at(from, j * gl_WorkGroupSize.x * 4u);
    [[unroll]] for (uint j = 0u; j < UNITS; j++) {
        uint w[16]; // LW of them
        [[unroll]] for (uint i = 0u; i < LW; i++)
            w[i] = 0u;
#if defined(CONVERT_F16_HW)
        if (HW_WIDEN || HW_NARROW)
            convert_unit_hw(v[j], w);
        else
#endif
            [[unroll]] for (uint k = 0u; k < UNIT_CODES; k++) // one call, one copy inlined before the loop unrolls (llvmpipe)
                w[k / DPW] |= convert_code(unit_code(v[j], k)) << (8u * DB * (k % DPW));
        uint at = j * gl_WorkGroupSize.x * LW;
        if (LW == 1u) {
            st_at(to, at, w[0]);
        } else if (LW == 2u) {
            st2_at(to, at, uvec2(w[0], w[1]));
        } else {
            [[unroll]] for (uint q = 0u; q < LW / 4u; q++)
                st4_at(to, at + 4u * q, uvec4(w[4u * q], w[4u * q + 1u], w[4u * q + 2u], w[4u * q + 3u]));
        }
    }
}

void copy_words(IDX src_pos, IDX dst_pos, uint run, uint tile)
{
    // 32-bit offsets from each side's first word of the run: one 64-bit add per access
    IDX src_byte = src_pos * SB, dst_byte = dst_pos * DB;
    IDX src_word0 = src_byte >> 2, dst_word0 = dst_byte >> 2;
    uint src_lead = uint(src_byte & 3u), lead = uint(dst_byte & 3u) / DB; // elements before the run in its first word
    uint words = (lead + run + DPW - 1u) / DPW;                             // destination words the run touches
    uint tile_words = gl_WorkGroupSize.x * UNROLL, first = tile * tile_words;
    // A tile the run only partly covers (its first, where the run starts within a word, and its
    // last): word by word. Few tiles take it (a GPU's workgroup is fitted to its runs). On a GPU
    // (TRIPS 1) unrolled, so that no loop of loads is the kernel's one loop, which is what the
    // machine-code tool holds to the bars (Intel's brw kept the f32 -> f16 tile's 16-byte loads
    // on their own tokens only so), but not past 16 words (a narrower source's VEC lane has up
    // to 64, then beside 16-byte loads: unrolled, a 2-byte source's edge was 2/3 of Intel's
    // listing); a loop on a CPU device (llvmpipe: unrolled, the float copies ran at 0.55-0.65
    // of the loop's speed). VEC's tiles off 16 bytes take it too.
    bool units = VEC && src_on(src_byte, 16u) && dst_on(dst_byte, min(16u, 4u * LW));
    if (!STEP_WORDS || lead != 0u || (first + tile_words) * DPW > run || (VEC && !units)) {
        uint w0 = first + gl_LocalInvocationID.x;
        if (TRIPS == 1u && UNROLL <= 16u) {
            [[unroll]] for (uint j = 0u; j < UNROLL; j++)
                if (w0 + j * gl_WorkGroupSize.x < words)
                    copy_edge_word(src_word0, dst_word0, src_lead, lead, run, w0 + j * gl_WorkGroupSize.x);
        } else {
            [[dont_unroll]] for (uint j = 0u; j < UNROLL && w0 + j * gl_WorkGroupSize.x < words; j++)
                copy_edge_word(src_word0, dst_word0, src_lead, lead, run, w0 + j * gl_WorkGroupSize.x);
        }
        return;
    }
    if (VEC) {
        copy_units(src_at_byte(src_byte, IDX(first) * (DPW * SB)), dst_at_byte(dst_byte, IDX(first) * 4u));
        return;
    }
    // A tile wholly inside the run: each lane's loads at constant offsets from one address per
    // element of a word, all of them before its first store, its stores whole words.
    uint b = src_lead + (first + gl_LocalInvocationID.x) * DPW * SB; // the lane's first source byte
    ADDR from[DPW];
    [[unroll]] for (uint k = 0u; k < DPW; k++)
        from[k] = src_addr(src_word0 + ((b + k * SB) >> 2));
    // The loaded words kept whole until every load is issued: NAK schedules in the source's
    // order, and a code taken out of its word right after the load waited for that load.
    uint words_in[UNROLL * DPW];
    [[unroll]] for (uint j = 0u; j < WORDS_UNROLL; j++)
        [[unroll]] for (uint k = 0u; k < DPW; k++)
            words_in[j * DPW + k] = ld_at(from[k], j * gl_WorkGroupSize.x * DPW * SB / 4u);
    ADDR to = dst_addr(dst_word0 + first + gl_LocalInvocationID.x);
    [[unroll]] for (uint j = 0u; j < WORDS_UNROLL; j++) {
        uint bits = 0u;
        [[unroll]] for (uint k = 0u; k < DPW; k++) {
            uint word = words_in[j * DPW + k];
            uint code = SB == 4u ? word : (word >> (((b + k * SB) & 3u) * 8u)) & SMASK;
            bits |= convert_code(code) << (8u * DB * k);
        }
        st_at(to, j * gl_WorkGroupSize.x, bits);
    }
}

// ---- otherwise: elements one by one --------------------------------------------------------------

void copy_elements(IDX src_pos, IDX dst_pos, IDX src_step, IDX dst_step, uint run, uint tile)
{
    uint i0 = tile * gl_WorkGroupSize.x * UNROLL + gl_LocalInvocationID.x;
    uint codes[UNROLL];
    [[unroll]] for (uint j = 0u; j < UNROLL; j++) {
        uint i = i0 + j * gl_WorkGroupSize.x;
        codes[j] = i < run ? load_src_code(src_pos + IDX(i) * src_step) : 0u;
    }
    [[unroll]] for (uint j = 0u; j < UNROLL; j++) {
        uint i = i0 + j * gl_WorkGroupSize.x;
        if (i >= run)
            break;
        uint v = convert_code(codes[j]);
        IDX byte = (dst_pos + IDX(i) * dst_step) * DB;
        if (DB == 4u) {
            st_dst(byte >> 2, v);
        } else {
            uint shift = uint(byte & 3u) * 8u;
            merge_dst(byte >> 2, DMASK << shift, v << shift);
        }
    }
}

// ---- Q8_0 -----------------------------------------------------------------------------------

// The int8 ggml's roundf gives x * id, clamped to [-127, 127], 0 for a NaN (docs/conversions.md).
uint quantize_one(uint x, uint id)
{
    if (is_nan32(x) || is_nan32(id))
        return 0u;
    bool tiny; // a product below the least normal rounds to 0 either way
    uint p = (x & ABS) == INF32 ? (id == 0u ? QNAN32 : ((x ^ id) & SIGN) | INF32) : mul_normal(x, id, tiny);
    if (is_nan32(p))
        return 0u;
    uint a = p & ABS;
    int r = 127;
    if (a < 0x42ff0000u) { // 127.5
        float f = uintBitsToFloat(a), t = trunc(f);
        r = int(t) + (f - t >= 0.5 ? 1 : 0);
    }
    return uint((p & SIGN) != 0u ? -r : r) & 0xffu;
}

// The rare block (a NaN, an infinity, or amax below 2^-100): ggml's order of compares (after a
// NaN amax restarts), its divisions correctly rounded bit by bit, each byte by quantize_one.
// Loops, not unrolled, over the x the common path loaded (no loads of their own): so that none of
// it joins the common block's path (unrolled beside it, ACO computed this amax on every block).
void quantize_block_rare(IDX dst_pos, uint b, uint x[Q8_0_BLOCK])
{
    uint amax = 0u; // ggml's MAX(amax, |x|): a compare with a NaN is false
    [[dont_unroll]] for (uint j = 0u; j < Q8_0_BLOCK; j++) {
        uint v = x[j] & ABS;
        amax = (!is_nan32(amax) && !is_nan32(v) && amax > v) ? amax : v;
    }
    uint d = is_nan32(amax) ? amax | 0x00400000u : amax == INF32 ? INF32 : amax == 0u ? 0u : div_exact(amax, 0x42fe0000u);
    uint id = d == 0u || d == INF32 ? 0u : is_nan32(d) ? d : div_exact(0x3f800000u, d);
    uint dh = narrow_f16(d);
    IDX byte = (dst_pos / Q8_0_BLOCK + b) * Q8_0_BYTES;
    IDX w0 = byte >> 2;
    int lead = int(byte & 3u); // 0 or 2: the block's 34 bytes over 9 words, the first or last half shared
    [[dont_unroll]] for (uint k = 0u; k < 9u; k++) {
        uint bits = 0u, mask = 0u;
        [[unroll]] for (uint i = 0u; i < 4u; i++) {
            int at = int(4u * k + i) - lead; // the byte of the block: d's two, then qs
            if (at < 0 || at >= int(Q8_0_BYTES))
                continue;
            uint v = at < 2 ? (dh >> (8u * uint(at))) & 0xffu
                            : quantize_one(x[at - 2], id);
            bits |= v << (8u * i);
            mask |= 0xffu << (8u * i);
        }
        if (mask == 0xffffffffu)
            st_dst(w0 + k, bits);
        else if (mask != 0u)
            merge_dst(w0 + k, mask, bits);
    }
}

void quantize_block(IDX src_pos, IDX dst_pos, uint b)
{
    // The block's 32 words, all loads issued before any is used (x is indexed at run time by the
    // rare block: NAK keeps it in local memory, and stored each load there as it arrived): in
    // 16-byte loads where the run starts on 16 bytes (device addresses, a float32 source) and no
    // loop walks the tiles (TRIPS 1: a GPU's, and a CPU device's shortest runs, which the tests
    // reach); else word by word (llvmpipe's looped tiles ran q8_0_quantize at 0.39-0.41 of the
    // ceiling with the 16-byte loads, 0.43-0.47 without).
    uvec4 v[Q8_0_BLOCK / 4u];
#if defined(ADDRESSING_BDA)
    if (TRIPS == 1u && SRC == CTYPE_F32 && ((g_src + src_pos * 4ul) & 15ul) == 0ul) {
        uint64_t from = g_src + (src_pos + uint64_t(b * Q8_0_BLOCK)) * 4ul;
        [[unroll]] for (uint k = 0u; k < Q8_0_BLOCK / 4u; k++)
            v[k] = Load4Ref(from + uint64_t(16u * k)).v;
    } else
#endif
    {
        [[unroll]] for (uint j = 0u; j < Q8_0_BLOCK; j++)
            v[j >> 2][j & 3u] = load_src_code(src_pos + IDX(b * Q8_0_BLOCK + j));
    }
    uint x[Q8_0_BLOCK];
    [[unroll]] for (uint j = 0u; j < Q8_0_BLOCK; j++)
        x[j] = v[j >> 2][j & 3u];
    // The magnitudes' integer maximum: ggml's amax where no x is NaN (a NaN's magnitude is above
    // every other as an integer, so a maximum past infinity says one is there).
    uint top = 0u;
    [[unroll]] for (uint j = 0u; j < Q8_0_BLOCK; j++) {
        x[j] = widen(x[j], SRC);
        top = max(top, x[j] & ABS);
    }
    if (top < 0x0d800000u || top >= INF32) {
        quantize_block_rare(dst_pos, b, x);
        return;
    }
    // The common block (no NaN, amax from 2^-100 up and finite: d and id normal): every |x| at
    // most amax, so x * id is the device's multiply (correctly rounded), at most 127.00002 in
    // magnitude; a subnormal x, flushed or not, gives below 127 x 2^-26: 0 either way. roundf
    // (half away from zero) is the sum with 0.49999997 of p's sign, truncated: for every |p| up
    // to 127.00002 (checked against roundf for each float32); `precise`, so that no compiler
    // fuses the multiply into the add.
    uint d = div_127(top), id = recip_normal(d), dh = narrow_f16(d), q[Q8_0_BLOCK];
    [[unroll]] for (uint j = 0u; j < Q8_0_BLOCK; j++) {
        precise float p = uintBitsToFloat(x[j]) * uintBitsToFloat(id);
        precise float s = p + uintBitsToFloat((floatBitsToUint(p) & SIGN) | 0x3effffffu);
        q[j] = uint(int(s)) & 0xffu;
    }
    IDX block = dst_pos / Q8_0_BLOCK + b;
    IDX byte = block * Q8_0_BYTES;
    IDX w = byte >> 2;
    if ((byte & 3u) == 0u) { // d, qs[0..1] | qs[2..29] | qs[30..31] and the next block's d
        st_dst(w, dh | q[0] << 16 | q[1] << 24);
        [[unroll]] for (uint k = 1u; k < 8u; k++)
            st_dst(w + k, q[4u * k - 2u] | q[4u * k - 1u] << 8 | q[4u * k] << 16 | q[4u * k + 1u] << 24);
        merge_dst(w + 8u, 0xffffu, q[30] | q[31] << 8);
    } else { // the previous block's qs[30..31] and d | qs[0..31]
        merge_dst(w, 0xffff0000u, dh << 16);
        [[unroll]] for (uint k = 0u; k < 8u; k++)
            st_dst(w + 1u + k, q[4u * k] | q[4u * k + 1u] << 8 | q[4u * k + 2u] << 16 | q[4u * k + 3u] << 24);
    }
}

// q times d, exact: |q| < 2^8 times an 11-bit mantissa, never subnormal (the least f16 is
// 2^-24). A NaN product (d a NaN, or infinite times 0) is `nan`: d where it is a NaN, else
// 0x7fc00000, the device's own NaN bits replaced; an infinite d times q is that infinity with
// q's sign, as the multiply gives. A select an element, no branch (NAK kept two an element).
uint dequantize_one(uint qbyte, uint dv, uint nan)
{
    int q = int(qbyte << 24) >> 24;
    precise float y = float(q) * uintBitsToFloat(dv);
    uint r = floatBitsToUint(y);
    return is_nan32(r) ? nan : r;
}

void dequantize_block(IDX src_pos, IDX dst_pos, uint b)
{
    IDX block = src_pos / Q8_0_BLOCK + b;
    IDX byte = block * Q8_0_BYTES;
    IDX w = byte >> 2;
    uint words[9];
    [[unroll]] for (uint k = 0u; k < 9u; k++)
        words[k] = ld_src(w + k);
    uint dh, qs[Q8_0_BLOCK];
    if ((byte & 3u) == 0u) {
        dh = words[0] & 0xffffu;
        qs[0] = (words[0] >> 16) & 0xffu;
        qs[1] = words[0] >> 24;
        [[unroll]] for (uint j = 2u; j < Q8_0_BLOCK; j++)
            qs[j] = (words[(j + 2u) >> 2] >> (8u * ((j + 2u) & 3u))) & 0xffu;
    } else {
        dh = words[0] >> 16;
        [[unroll]] for (uint j = 0u; j < Q8_0_BLOCK; j++)
            qs[j] = (words[1u + (j >> 2)] >> (8u * (j & 3u))) & 0xffu;
    }
    uint dv = widen_f16(dh), nan = is_nan32(dv) ? dv : QNAN32;
    IDX e0 = dst_pos + IDX(b * Q8_0_BLOCK);
    if (DB == 4u) {
        [[unroll]] for (uint j = 0u; j < Q8_0_BLOCK; j++)
            st_dst(e0 + j, narrow(dequantize_one(qs[j], dv, nan), DST));
    } else { // 2-byte elements: 16 whole words, or a half, 15 words and a half
        uint y[Q8_0_BLOCK];
        [[unroll]] for (uint j = 0u; j < Q8_0_BLOCK; j++)
            y[j] = narrow(dequantize_one(qs[j], dv, nan), DST);
        IDX first = (e0 * 2u) >> 2;
        if ((e0 & 1u) == 0u) {
            [[unroll]] for (uint k = 0u; k < 16u; k++)
                st_dst(first + k, y[2u * k] | y[2u * k + 1u] << 16);
        } else {
            merge_dst(first, 0xffff0000u, y[0] << 16);
            [[unroll]] for (uint k = 0u; k < 15u; k++)
                st_dst(first + 1u + k, y[2u * k + 1u] | y[2u * k + 2u] << 16);
            merge_dst(first + 16u, 0xffffu, y[31]);
        }
    }
}

// ---- rows: a row's place ----------------------------------------------------------------------

// (hi:lo) as a signed 64-bit value, floor-modulo c (c > 0): bit by bit, once per workgroup.
uint floor_mod64(uint hi, uint lo, uint c)
{
    bool negative = (hi & SIGN) != 0u;
    if (negative) { // |v| in two's complement
        lo = ~lo + 1u;
        hi = ~hi + (lo == 0u ? 1u : 0u);
    }
    uint r = 0u;
    for (int i = 63; i >= 0; i--) {
        uint bit = i >= 32 ? (hi >> uint(i - 32)) & 1u : (lo >> uint(i)) & 1u;
        bool top = r >= 0x80000000u;
        r = (r << 1) | bit;
        if (top || r >= c)
            r -= c;
    }
    return negative && r != 0u ? c - r : r;
}

// Row j of list `list`'s place in the whole, or false where its index skips it. GPU indices were
// checked by the check pass (the copy runs only when the status says 0).
bool row_place(uint list, uint j, out uint place)
{
    uint flags = field(CSEG_ROWS_FLAGS), c = field(CSEG_ROWS_C), mode = flags & ROWS_FLAG_MODE;
    uint e = list * field(CSEG_ROWS_ENTRIES) + (mode == 1u ? j : 0u);
    if ((flags & ROWS_FLAG_HOST) != 0u) { // normalized at plan creation: a place, or a start in [0, C)
        uint v = host_place(field(CSEG_ROWS_PLACES) + e);
        if (mode == 1u) {
            place = v;
            return v != ROWS_HOST_SKIP;
        }
        place = v + j;
        if (mode == 3u && place >= c)
            place -= c; // j < L <= C: one turn at most
        return true;
    }
    bool wide = (flags & ROWS_FLAG_INDEX64) != 0u;
    uint lo = index_word(wide ? 2u * e : e);
    uint hi = wide ? index_word(2u * e + 1u) : ((lo & SIGN) != 0u ? 0xffffffffu : 0u);
    if (mode == 1u) {
        place = lo;
        return (hi & SIGN) == 0u; // a negative index (skip_negative): its row stays as it is
    }
    if (mode == 2u) {
        place = lo + j;
        return true;
    }
    uint s = floor_mod64(hi, lo, c) + j % c;
    place = s >= c || s < j % c ? s - c : s;
    return true;
}

// ---- rows: the fused check of few GPU indices -------------------------------------------------

// ROWS_FLAG_FUSED (device addresses, at most ROWS_FUSED_MAX_ENTRIES indices): every workgroup
// holds the indices to the rules the rows' check pass holds them to (rows_indices.glsl's
// rows_verdict, its pairwise way), so that one dispatch checks and copies; workgroup 0 writes
// the status. The same verdict: the first entry that breaks a rule, else an INDEXED join's
// least list with a place twice, its least such place, the first two entries there.
shared uint fused[5]; // the bad entry, the duplicate's list and place, its first and second entries
#include "rows_entries.glsl" // index_value, entry_rule, placed_twice: the rows kernels' own
// Called by every lane of every workgroup, in uniform control flow; 0: the rows may move.
uint fused_rows_check()
{
    uint flags = field(CSEG_ROWS_FLAGS), rows = field(CSEG_ROWS_L), places = field(CSEG_ROWS_C);
    uint per_list = field(CSEG_ROWS_ENTRIES), entries = field(CSEG_ROWS_LISTS) * per_list;
    uint lane = gl_LocalInvocationID.x, lanes = gl_WorkGroupSize.x;
    bool duplicates = (flags & ROWS_FLAG_MODE) == 1u && JOIN;
    if (lane == 0u)
        for (uint i = 0u; i < 5u; i++)
            fused[i] = 0xFFFFFFFFu;
    barrier();
    // One pass over the entries: the rules, and (an INDEXED join) the lists that hold a place
    // twice, both before one barrier (llvmpipe runs a barrier lane by lane: every workgroup of a
    // 16-row append paid a third one here); a broken rule outranks a duplicate.
    for (uint e = lane; e < entries; e += lanes) {
        uvec2 v = index_value(flags, e);
        if (entry_rule(flags, v, rows, places) != 0u)
            atomicMin(fused[0], e);
        if (duplicates && placed_twice(flags, e, per_list, v))
            atomicMin(fused[1], e / per_list);
    }
    barrier();
    uint bad = fused[0];
    duplicates = duplicates && bad == 0xFFFFFFFFu && fused[1] != 0xFFFFFFFFu; // the same in every lane
    if (duplicates) { // the least such list's least place held twice
        uint list = fused[1];
        for (uint e = list * per_list + lane; e < (list + 1u) * per_list; e += lanes) {
            uvec2 v = index_value(flags, e);
            if (placed_twice(flags, e, per_list, v))
                atomicMin(fused[2], v.x);
        }
        barrier();
    }
    uint dup_list = fused[1], dup_place = fused[2];
    for (uint round = 0u; duplicates && dup_list != 0xFFFFFFFFu && round < 2u; round++) { // its first two entries
        uint first = fused[3];
        for (uint j = lane; j < per_list; j += lanes) {
            uvec2 v = index_value(flags, dup_list * per_list + j);
            if (int(v.y) >= 0 && v.x == dup_place && (round == 0u || j > first))
                atomicMin(fused[round == 0u ? 3u : 4u], j);
        }
        barrier();
    }
    uint status[6] = uint[6](0u, 0u, 0u, 0u, 0u, 0u);
    if (bad != 0xFFFFFFFFu) {
        uvec2 v = index_value(flags, bad);
        status = uint[6](entry_rule(flags, v, rows, places), bad / per_list, bad % per_list, v.x, v.y, places);
    } else if (duplicates && dup_list != 0xFFFFFFFFu) {
        status = uint[6](ROWS_RULE_DUPLICATE, dup_list, fused[3], dup_place, 0u, fused[4]);
    }
    if (gl_WorkGroupID.x == 0u && gl_WorkGroupID.y == 0u && lane == 0u) {
        for (uint i = 0u; i < 6u; i++)
            block_store(ROWS_BLOCK_STATUS + i, status[i]);
        block_store(ROWS_BLOCK_STATUS + 6u, 0u);
        block_store(ROWS_BLOCK_STATUS + 7u, 0u);
    }
    return status[0];
}

// ---- device parameters of one part: the fused check -----------------------------------------

// Every workgroup holds the block's words to device_check.glsl's rules for one part (in its
// order: the length, then a GIVEN offset or a PACKED whole's length and sum) and workgroup 0
// writes the status the check pass would; false: a rule broke, nothing moves.
bool fused_device_check(out uint length, out uint offset)
{
    bool given = field(CSEG_DEVICE_FUSED) == 2u;
    uint cap = field(CSEG_DEVICE_CAP), whole_cap = field(CSEG_DEVICE_WHOLE);
    length = block_word(BLOCK_LENGTH(1u, 0u));
    offset = given ? block_word(BLOCK_OFFSET(1u, 0u)) : 0u;
    uint rule = 0u;
    uvec3 values = uvec3(0u);
    if (length > cap) {
        rule = CHECK_RULE_LENGTH;
        values = uvec3(0u, length, cap);
    } else if (given) {
        if (offset > whole_cap || length > whole_cap - offset) {
            rule = CHECK_RULE_OFFSET;
            values = uvec3(0u, offset, whole_cap);
        }
    } else {
        uint whole = block_word(BLOCK_WHOLE_LENGTH);
        if (whole > whole_cap) {
            rule = CHECK_RULE_WHOLE_LENGTH;
            values = uvec3(whole, whole_cap, 0u);
        } else if (length != whole) {
            rule = CHECK_RULE_SUM;
            values = uvec3(length, whole, 0u);
        }
    }
    if (gl_WorkGroupID.x == 0u && gl_WorkGroupID.y == 0u && gl_LocalInvocationID.x == 0u) {
        block_store(BLOCK_STATUS(1u), rule);
        block_store(BLOCK_STATUS(1u) + 1u, values.x);
        block_store(BLOCK_STATUS(1u) + 2u, values.y);
        block_store(BLOCK_STATUS(1u) + 3u, values.z);
    }
    return rule == 0u;
}

// ---- the workgroup's tile ---------------------------------------------------------------------

// Tile t of a run: its blocks, words or elements.
void copy_tile(IDX src_pos, IDX dst_pos, uint run, uint t)
{
    if (DST == CTYPE_Q8_0 || SRC == CTYPE_Q8_0) {
        uint b = t * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
        if (b < run / Q8_0_BLOCK && DST == CTYPE_Q8_0)
            quantize_block(src_pos, dst_pos, b);
        else if (b < run / Q8_0_BLOCK)
            dequantize_block(src_pos, dst_pos, b);
    } else if (CONTIG) {
        copy_words(src_pos, dst_pos, run, t);
    } else {
        IDX whole_step = field_idx(CSEG_WHOLE_STEP), part_step = field_idx(CSEG_PART_STEP);
        copy_elements(src_pos, dst_pos, JOIN ? part_step : whole_step, JOIN ? whole_step : part_step, run, t);
    }
}

// Row dimension d's index i moves both sides (and picks the rows' index list).
void row_dim(uint d, DIMREF dim, uint i, inout IDX whole_pos, inout IDX part_pos, inout uint list)
{
    whole_pos += IDX(i) * dim_idx(dim, 1u);
    part_pos += IDX(i) * dim_idx(dim, 3u);
    if (ROWS)
        list += i * field(CSEG_LIST0 + d);
}

void main()
{
    uint wg = gl_WorkGroupID.y * grid_x() + gl_WorkGroupID.x;
    uint seg = find_segment(wg);
    set_segment(seg);
    if (ROWS && (field(CSEG_ROWS_FLAGS) & ROWS_FLAG_FUSED) != 0u && fused_rows_check() != 0u)
        return; // a broken rule (every workgroup knows it): nothing moves
    uint unit = wg - segment_first();
    uint tiles = field(CSEG_TILES);
    uint row = unit / tiles, tile = unit - row * tiles;
    if (row >= field(CSEG_ROWS))
        return; // the grid's padding
    if (ROWS && (field(CSEG_ROWS_FLAGS) & (ROWS_FLAG_HOST | ROWS_FLAG_FUSED)) == 0u && block_word(ROWS_BLOCK_STATUS) != 0u)
        return; // the check found a broken rule: nothing moves
    IDX whole_pos = field_idx(CSEG_WHOLE_BASE), part_pos = IDX(0u);
    uint r = row, dims = field(CSEG_DIMS), list = 0u, j = 0u;
    if (ROWS) { // row = (outer index) x L + j
        uint rows_l = field(CSEG_ROWS_L);
        j = r % rows_l;
        r /= rows_l;
    }
    // Once per workgroup, innermost first; the outermost's index is what is left of the row
    // (below CSEG_ROWS, the sizes' product): no division there, none at all for one dimension.
    for (uint d = 0u; d + 1u < dims; d++) {
        DIMREF dim = dim_ref(CSEG_DIM0 + d * CSEG_DIM_WORDS);
        uint size = dim_word(dim, 0u);
        row_dim(d, dim, r % size, whole_pos, part_pos, list);
        r /= size;
    }
    if (dims != 0u)
        row_dim(dims - 1u, dim_ref(CSEG_DIM0 + (dims - 1u) * CSEG_DIM_WORDS), r, whole_pos, part_pos, list);
    if (ROWS) {
        uint place;
        if (!row_place(list, j, place))
            return;
        whole_pos += IDX(place) * field_idx(CSEG_AXIS_STEP);
        part_pos += IDX(j) * field_idx(CSEG_ROW_STEP);
    }
    uint run = field(CSEG_RUN);
    if (DEVICE) { // the lengths and offsets the check let through (0 where a rule broke: nothing moves)
        uint n = field(CSEG_PARTS), part = field(CSEG_PART), length = 0u, offset = 0u;
        if (field(CSEG_DEVICE_FUSED) != 0u) {
            if (!fused_device_check(length, offset))
                return;
        } else {
            length = block_word(BLOCK_USED_LENGTH(n, part));
            offset = block_word(BLOCK_USED_OFFSET(n, part));
        }
        run = length * field(CSEG_INNER);
        whole_pos += IDX(offset) * field_idx(CSEG_AXIS_STEP);
    }
    if (run == 0u)
        return; // a device length of 0
    IDX src_pos = JOIN ? part_pos : whole_pos, dst_pos = JOIN ? whole_pos : part_pos;
    g_scale = SCALE == CSCALE_HOST ? host_scale() : SCALE == CSCALE_DEVICE ? scale_bits() : 0x3f800000u;
    if (SCALE != CSCALE_NONE)
        scale_setup();
    // A tile of the run each trip (past its end: nothing). One call, in a loop only where TRIPS
    // is above 1: a GPU's (1) folds to no loop at all (a loop here, with the loops inside it,
    // would stay one), and no copy of the tile's code for it (llvmpipe compiles every copy
    // before dropping the dead one: a second call cost 30 ms a plan).
    uint trip = 0u;
    do {
        copy_tile(src_pos, dst_pos, run, tile * TRIPS + trip);
        trip++;
    } while (TRIPS > 1u && trip < TRIPS);
}
