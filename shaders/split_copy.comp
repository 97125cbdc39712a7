#version 460
// The split as one strided copy. Built once per variant (cmake/shaders.cmake):
//   WORD_BYTES       the copy word: 1, 2, 4, 8, 16 or 32 bytes (every chunk, stride and
//                    offset of the plan is a multiple of it)
//   ADDRESSING_BDA   tensors through buffer device addresses: any number of outputs
//   ADDRESSING_DESC  tensors through push descriptors: an array of OUTPUT_SLOTS outputs
//   ATOMIC_STORES    1- and 2-byte stores as 32-bit atomic AND/OR, for devices without
//                    8/16-bit storage: neighbours sharing a 32-bit word stay intact
//
// Work mapping (planned on the host, src/planner.c): every non-empty output is a record of
// rows; a row is one contiguous chunk of words in the input and in the output. Each
// workgroup finds its record by a binary search over the host's prefix table (uniform per
// workgroup, about log2(outputs) reads). Each invocation then copies either one piece of a
// long row or several whole short rows. No division per element: one division per
// invocation for the piece, one per row dimension to place the first row; after that the
// innermost row dimension is walked by a tight loop and the odometer over the outer ones
// runs only when it wraps.
//
// What llvmpipe (lavapipe) charges, measured in instructions per byte with callgrind:
// every load and store becomes a scalar loop over the 8 lanes of a batch, per 32- or 64-bit
// component, so wide 64-bit words win; every loop costs mask bookkeeping on entry and exit,
// so one-word rows are copied without an inner loop, four rows per trip; and every batch
// initialises stack slots for the whole shader, so the shader keeps one copy site.
//
// llvmpipe stops loops silently after 65535 iterations per 8-lane batch; the host bounds
// every invocation's trip count (planner.c, VKSPLIT_LOOP_BUDGET) far below that.

#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
#include "split_abi.h"

#if defined(ADDRESSING_BDA)
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#endif
#if !ATOMIC_STORES && WORD_BYTES == 1
#extension GL_EXT_shader_8bit_storage : require
#endif
#if !ATOMIC_STORES && WORD_BYTES == 2
#extension GL_EXT_shader_16bit_storage : require
#endif

layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint OUTPUT_SLOTS = 1;

// ---- word types: TMP holds a loaded word; LD/ST convert where storage types are narrow ----
#if ATOMIC_STORES
#define SMALL_MASK ((1u << (8 * WORD_BYTES)) - 1u)
#elif WORD_BYTES == 1
#define WORD uint8_t
#define TMP uint
#define LD(x) uint(x)
#define ST(v) uint8_t(v)
#elif WORD_BYTES == 2
#define WORD uint16_t
#define TMP uint
#define LD(x) uint(x)
#define ST(v) uint16_t(v)
#elif WORD_BYTES == 4
#define WORD uint
#elif WORD_BYTES == 8 && defined(ADDRESSING_BDA)
#define WORD uint64_t
#elif WORD_BYTES == 8
#define WORD uvec2
#elif WORD_BYTES == 16 && defined(ADDRESSING_BDA)
#define WORD u64vec2
#elif WORD_BYTES == 16
#define WORD uvec4
#elif WORD_BYTES == 32 && defined(ADDRESSING_BDA)
#define WORD u64vec4
#else
#error "unsupported WORD_BYTES for this addressing"
#endif
#ifndef TMP
#define TMP WORD
#define LD(x) (x)
#define ST(v) (v)
#endif

// ---- addressing ----------------------------------------------------------------------------
#if defined(ADDRESSING_BDA)
#define OFFSET uint64_t
#define OUT_BASE_T uint64_t
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer TableRef { uint t[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer AddressRef { uint64_t a[]; };
layout(push_constant, std430) uniform Push {
    uint64_t table_addr;          // the plan's parameter table
    uint64_t input_addr;          // input binding
    uint64_t address_block;       // 0: output addresses are inline below
    uint rec_first, rec_count, wg_base, grid_x, row_dims, records_offset;
    uint64_t out_addr[ABI_INLINE_OUTPUTS];
} pc;
#define TBL(i) TableRef(pc.table_addr).t[i]
#define TBL64(i) (uint64_t(TBL(i)) | (uint64_t(TBL((i) + 1)) << 32))
#else
#define OFFSET uint
#define OUT_BASE_T uint
layout(push_constant, std430) uniform Push {
    uint rec_first, rec_count, wg_base, grid_x, row_dims, records_offset;
    uint input_word;              // input binding's first word within its descriptor
    uint pad;
    uint out_word[ABI_MAX_SLOTS]; // each output slot's first word within its descriptor
} pc;
layout(set = 0, binding = 0, std430) readonly buffer TableBuffer { uint t[]; } table;
#define TBL(i) table.t[i]
#define TBL64(i) TBL(i)           // the host keeps every offset below 2^31 words on this path
#endif

#if ATOMIC_STORES
// Element e of a run sits at byte (first_word + e) * WORD_BYTES.
#if defined(ADDRESSING_BDA)
layout(buffer_reference, std430, buffer_reference_align = 4) buffer U32Ref { uint v; };
uint load_small(uint64_t byte_addr)
{
    uint word = U32Ref(byte_addr & ~3ul).v;
    return (word >> (uint(byte_addr & 3ul) * 8u)) & SMALL_MASK;
}
void store_small(uint64_t byte_addr, uint value)
{
    U32Ref ref = U32Ref(byte_addr & ~3ul);
    uint shift = uint(byte_addr & 3ul) * 8u;
    atomicAnd(ref.v, ~(SMALL_MASK << shift));
    atomicOr(ref.v, value << shift);
}
void copy_run(uint64_t src_word, uint64_t dst_word, uint64_t out_base, uint count)
{
    uint64_t src = pc.input_addr + src_word * WORD_BYTES;
    uint64_t dst = out_base + dst_word * WORD_BYTES;
    for (uint i = 0u; i < count; i++)
        store_small(dst + uint64_t(i * WORD_BYTES), load_small(src + uint64_t(i * WORD_BYTES)));
}
#else
layout(set = 0, binding = 1, std430) readonly buffer InputBuffer { uint w[]; } inp;
layout(set = 0, binding = 2, std430) buffer OutputBuffer { uint w[]; } outs[OUTPUT_SLOTS];
void copy_run(uint src_word, uint dst_word, uint slot, uint count)
{
    uint src = (pc.input_word + src_word) * WORD_BYTES;
    uint dst = (pc.out_word[slot] + dst_word) * WORD_BYTES;
    for (uint i = 0u; i < count; i++, src += WORD_BYTES, dst += WORD_BYTES) {
        uint value = (inp.w[src >> 2] >> ((src & 3u) * 8u)) & SMALL_MASK;
        uint shift = (dst & 3u) * 8u;
        atomicAnd(outs[slot].w[dst >> 2], ~(SMALL_MASK << shift));
        atomicOr(outs[slot].w[dst >> 2], value << shift);
    }
}
#endif

#else // plain word copies, four per iteration (llvmpipe pays per loop trip as well as per access)

#if defined(ADDRESSING_BDA)
// Declared alignment min(word, 16): what the host checks every binding address against.
#if WORD_BYTES < 16
#define WORD_ALIGN WORD_BYTES
#else
#define WORD_ALIGN 16
#endif
layout(buffer_reference, std430, buffer_reference_align = WORD_ALIGN) buffer Words { WORD w[]; };
void copy_run(uint64_t src_word, uint64_t dst_word, uint64_t out_base, uint count)
{
    // The run's start goes into the 64-bit address so that indices stay small: SPIR-V
    // treats access-chain indices as signed.
    Words s = Words(pc.input_addr + src_word * WORD_BYTES);
    Words d = Words(out_base + dst_word * WORD_BYTES);
#define SRC(i) s.w[i]
#define DST(i) d.w[i]
#else
layout(set = 0, binding = 1, std430) readonly buffer InputBuffer { WORD w[]; } inp;
layout(set = 0, binding = 2, std430) writeonly buffer OutputBuffer { WORD w[]; } outs[OUTPUT_SLOTS];
void copy_run(uint src_word, uint dst_word, uint slot, uint count)
{
    uint s = pc.input_word + src_word;
    uint d = pc.out_word[slot] + dst_word;
#define SRC(i) inp.w[s + (i)]
#define DST(i) outs[slot].w[d + (i)]
#endif
    uint i = 0u;
    for (; i + 4u <= count; i += 4u) {
        TMP a0 = LD(SRC(i)), a1 = LD(SRC(i + 1u)), a2 = LD(SRC(i + 2u)), a3 = LD(SRC(i + 3u));
        DST(i) = ST(a0); DST(i + 1u) = ST(a1); DST(i + 2u) = ST(a2); DST(i + 3u) = ST(a3);
    }
    for (; i < count; i++)
        DST(i) = ST(LD(SRC(i)));
}
#endif

// One-word rows without an inner loop (device addresses); the fallbacks reuse copy_run.
#if ATOMIC_STORES || !defined(ADDRESSING_BDA)
#define copy_word(src, dst, base) copy_run(src, dst, base, 1u)
void copy_words4(OFFSET src, OFFSET src_step, OFFSET dst, OFFSET dst_step, OUT_BASE_T base)
{
    for (uint i = 0u; i < 4u; i++)
        copy_run(src + OFFSET(i) * src_step, dst + OFFSET(i) * dst_step, base, 1u);
}
#else
void copy_words4(uint64_t src, uint64_t src_step, uint64_t dst, uint64_t dst_step, uint64_t out_base)
{
    uint64_t s = pc.input_addr + src * WORD_BYTES, d = out_base + dst * WORD_BYTES;
    uint64_t ss = src_step * WORD_BYTES, ds = dst_step * WORD_BYTES;
    TMP a0 = LD(Words(s).w[0]), a1 = LD(Words(s + ss).w[0]), a2 = LD(Words(s + 2ul * ss).w[0]), a3 = LD(Words(s + 3ul * ss).w[0]);
    Words(d).w[0] = ST(a0); Words(d + ds).w[0] = ST(a1); Words(d + 2ul * ds).w[0] = ST(a2); Words(d + 3ul * ds).w[0] = ST(a3);
}
void copy_word(uint64_t src_word, uint64_t dst_word, uint64_t out_base)
{
    Words s = Words(pc.input_addr + src_word * WORD_BYTES);
    Words d = Words(out_base + dst_word * WORD_BYTES);
    d.w[0] = s.w[0];
}
#endif

// nrows rows of count words, src and dst stepping by in_step / out_step words per row.
void copy_rows(OFFSET src, OFFSET in_step, OFFSET dst, OFFSET out_step, uint nrows, uint count, OUT_BASE_T base)
{
    if (count == 1u) { // one-word rows: four per loop trip, and no inner loop at all
        for (; nrows >= 4u; nrows -= 4u, src += 4u * in_step, dst += 4u * out_step)
            copy_words4(src, in_step, dst, out_step, base);
        for (; nrows > 0u; nrows--, src += in_step, dst += out_step)
            copy_word(src, dst, base);
        return;
    }
    for (; nrows > 0u; nrows--, src += in_step, dst += out_step)
        copy_run(src, dst, base, count);
}

void main()
{
    uint wg = gl_WorkGroupID.y * pc.grid_x + gl_WorkGroupID.x + pc.wg_base;
    uint lo = pc.rec_first, hi = pc.rec_first + pc.rec_count;
    if (wg >= TBL(hi))
        return; // padding of the 2D grid
    while (hi - lo > 1u) { // largest record whose first workgroup is <= wg
        uint mid = (lo + hi) >> 1;
        if (TBL(mid) <= wg) lo = mid; else hi = mid;
    }
    uint rec = pc.records_offset + lo * (REC_DIMS + DIM_FIELDS * pc.row_dims);
    uint inv = (wg - TBL(lo)) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (inv >= TBL(rec + REC_INVOCATIONS))
        return;
    uint slot = lo - pc.rec_first;
#if defined(ADDRESSING_BDA)
    // The output's address, once per invocation (llvmpipe gathers it lane by lane).
    uint64_t out_base = pc.address_block == 0ul ? pc.out_addr[slot] : AddressRef(pc.address_block).a[slot];
#define OUT_BASE out_base
#else
#define OUT_BASE slot
#endif

    uint chunk = TBL(rec + REC_CHUNK_WORDS);
    uint pieces = TBL(rec + REC_PIECES);
    uint row, begin, count, rows_left;
    if (pieces > 1u) {
        row = inv / pieces;
        uint piece_words = TBL(rec + REC_PIECE_WORDS);
        begin = (inv - row * pieces) * piece_words;
        count = min(piece_words, chunk - begin);
        rows_left = 1u;
    } else {
        uint per_inv = TBL(rec + REC_ROWS_PER_INV);
        row = inv * per_inv;
        begin = 0u;
        count = chunk;
        rows_left = min(per_inv, TBL(rec + REC_ROWS) - row);
    }

    OFFSET in_off = OFFSET(TBL64(rec + REC_IN_BASE)) + OFFSET(begin);
    OFFSET out_off = OFFSET(begin);
    uint dims = rec + REC_DIMS;
    uint row_dims = pc.row_dims;
    // The innermost row dimension steps every row: keep it in registers. A record without
    // row dimensions is one row.
    uint size0 = 1u;
    OFFSET in0 = OFFSET(0u), out0 = OFFSET(0u);
    if (row_dims > 0u) {
        size0 = TBL(dims + DIM_SIZE);
        in0 = OFFSET(TBL64(dims + DIM_IN_STRIDE));
        out0 = OFFSET(TBL64(dims + DIM_OUT_STRIDE));
    }
    // Place the first row: one division per row dimension, once per invocation.
    uint idx[ABI_MAX_ROW_DIMS];
    uint r = row;
    for (uint k = 0u; k < row_dims; k++) {
        uint field = dims + k * DIM_FIELDS;
        uint size = TBL(field + DIM_SIZE);
        uint q = r / size;
        idx[k] = r - q * size;
        r = q;
        in_off += OFFSET(idx[k]) * OFFSET(TBL64(field + DIM_IN_STRIDE));
        out_off += OFFSET(idx[k]) * OFFSET(TBL64(field + DIM_OUT_STRIDE));
    }
    uint idx0 = row_dims > 0u ? idx[0] : 0u;
    // Walk dimension 0 with the tight loop; the odometer only runs when it wraps.
    for (;;) {
        uint span = min(rows_left, size0 - idx0);
        copy_rows(in_off, in0, out_off, out0, span, count, OUT_BASE);
        rows_left -= span;
        if (rows_left == 0u)
            return;
        in_off += OFFSET(span) * in0 - OFFSET(size0) * in0;
        out_off += OFFSET(span) * out0 - OFFSET(size0) * out0;
        idx0 = 0u;
        for (uint k = 1u; k < row_dims; k++) { // carry into the outer dimensions
            uint field = dims + k * DIM_FIELDS;
            OFFSET ik = OFFSET(TBL64(field + DIM_IN_STRIDE));
            OFFSET ok = OFFSET(TBL64(field + DIM_OUT_STRIDE));
            in_off += ik;
            out_off += ok;
            uint size = TBL(field + DIM_SIZE);
            if (++idx[k] < size)
                break;
            in_off -= OFFSET(size) * ik;
            out_off -= OFFSET(size) * ok;
            idx[k] = 0u;
        }
    }
}
