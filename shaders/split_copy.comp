#version 460
// The split as one strided copy. Built once per variant (src/shader_variants.h):
//   WORD_BYTES       the copy word: 1, 2, 4, 8, 16 or 32 bytes (every chunk, stride and
//                    offset of the plan is a multiple of it)
//   ADDRESSING_BDA   tensors through buffer device addresses: any number of outputs
//   ADDRESSING_DESC  tensors through push descriptors: an array of OUTPUT_SLOTS outputs
//   ATOMIC_STORES    1- and 2-byte stores as 32-bit atomic AND/OR, for devices without
//                    8/16-bit storage: neighbours sharing a 32-bit word stay intact
//
// The host plans everything (src/planner.c): every non-empty output is a record of rows, a
// row being one contiguous chunk of words in the input and in the output. A workgroup finds
// its record by a binary search over the host's prefix table (uniform per workgroup, about
// log2(outputs) reads). Then, by the MAPPING specialization constant (chosen per device):
//   RUNS         each invocation copies one contiguous piece of a long row, or several whole
//                short rows, walking the innermost row dimension in a tight loop. Right for
//                llvmpipe (lavapipe), which runs an 8-lane batch to completion before the
//                next and pays per load, per store and per loop trip.
//   INTERLEAVED  the workgroup copies one piece of a row, or a tile of whole short rows, and
//                invocation i takes words i, i + workgroup size, ...: adjacent invocations on
//                adjacent words (coalesced), four independent loads in flight per invocation.
//                Right for GPUs.
// No division per word: one per row dimension per piece (a word's row in a tile of short
// rows comes from a multiply-high by the host's reciprocal).
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

layout(local_size_x_id = SPEC_WORKGROUP_SIZE) in;
layout(constant_id = SPEC_OUTPUT_SLOTS) const uint OUTPUT_SLOTS = 1;
layout(constant_id = SPEC_MAPPING) const uint MAPPING = MAPPING_RUNS;

// ---- words: STORED is a word in memory, VALUE the same word between a load and a store ------
// (8/16-bit storage gives no 8/16-bit registers, so those words travel as uint).
#if ATOMIC_STORES
#define VALUE uint
#define SMALL_MASK ((1u << (8 * WORD_BYTES)) - 1u)
#elif WORD_BYTES == 1
#define STORED uint8_t
#define VALUE uint
#elif WORD_BYTES == 2
#define STORED uint16_t
#define VALUE uint
#elif WORD_BYTES == 4
#define STORED uint
#elif WORD_BYTES == 8 && defined(ADDRESSING_BDA)
#define STORED uint64_t
#elif WORD_BYTES == 8
#define STORED uvec2
#elif WORD_BYTES == 16 && defined(ADDRESSING_BDA)
#define STORED u64vec2
#elif WORD_BYTES == 16
#define STORED uvec4
#elif WORD_BYTES == 32 && defined(ADDRESSING_BDA)
#define STORED u64vec4
#else
#error "unsupported WORD_BYTES for this addressing"
#endif
#ifndef VALUE
#define VALUE STORED
#endif

// ---- addressing: the push constants, the table, and where the words live ------------------
// Each addressing defines OFFSET (a word offset), OUTPUT (what names an output), tbl/tbl64
// (the parameter table), output_of(slot), and the views of a run: SRC src_at(word),
// DST dst_at(output, word), VALUE load(SRC, i), store(DST, i, VALUE). copy_run below is
// written once against these.
#if defined(ADDRESSING_BDA)
#define OFFSET uint64_t
#define OUTPUT uint64_t
layout(push_constant, std430) uniform Push {
    layout(offset = PC_BDA_TABLE) uint64_t table;
    layout(offset = PC_BDA_INPUT) uint64_t input_addr;
    layout(offset = PC_BDA_ARGUMENTS) uint64_t arguments;
    layout(offset = PC_BDA_REC_FIRST) uint rec_first;
    layout(offset = PC_BDA_REC_COUNT) uint rec_count;
    layout(offset = PC_BDA_WG_BASE) uint wg_base;
    layout(offset = PC_BDA_GRID_X) uint grid_x;
    layout(offset = PC_BDA_ROW_DIMS) uint row_dims;
    layout(offset = PC_BDA_RECORDS) uint records_offset;
    layout(offset = PC_BDA_OUTPUTS) uint64_t outputs[ABI_INLINE_OUTPUTS];
} pc;
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer TableRef { uint t[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer AddressRef { uint64_t a[]; };
uint tbl(uint i) { return TableRef(pc.table).t[i]; }
uint64_t tbl64(uint i) { return uint64_t(tbl(i)) | (uint64_t(tbl(i + 1u)) << 32); }
// Up to ABI_INLINE_OUTPUTS addresses travel in push constants, more in the caller's arguments.
OUTPUT output_of(uint slot) { return pc.arguments == 0ul ? pc.outputs[slot] : AddressRef(pc.arguments).a[slot]; }

#if ATOMIC_STORES
// A run is the byte address of its first word.
#define SRC uint64_t
#define DST uint64_t
layout(buffer_reference, std430, buffer_reference_align = 4) buffer U32Ref { uint v; };
SRC src_at(OFFSET word) { return pc.input_addr + word * WORD_BYTES; }
DST dst_at(OUTPUT dest, OFFSET word) { return dest + word * WORD_BYTES; }
VALUE load(SRC s, uint i)
{
    uint64_t at = s + uint64_t(i * WORD_BYTES);
    return (U32Ref(at & ~3ul).v >> (uint(at & 3ul) * 8u)) & SMALL_MASK;
}
void store(DST d, uint i, VALUE v)
{
    uint64_t at = d + uint64_t(i * WORD_BYTES);
    U32Ref ref = U32Ref(at & ~3ul);
    uint shift = uint(at & 3ul) * 8u;
    atomicAnd(ref.v, ~(SMALL_MASK << shift));
    atomicOr(ref.v, v << shift);
}
#else
// A run is a reference at its first word: indices stay small (SPIR-V treats access-chain
// indices as signed). Declared alignment min(word, 16): what the host checks every binding
// address against.
#if WORD_BYTES < 16
#define WORD_ALIGN WORD_BYTES
#else
#define WORD_ALIGN 16
#endif
layout(buffer_reference, std430, buffer_reference_align = WORD_ALIGN) buffer Words { STORED w[]; };
#define SRC Words
#define DST Words
SRC src_at(OFFSET word) { return Words(pc.input_addr + word * WORD_BYTES); }
DST dst_at(OUTPUT dest, OFFSET word) { return Words(dest + word * WORD_BYTES); }
VALUE load(SRC s, uint i) { return VALUE(s.w[i]); }
void store(DST d, uint i, VALUE v) { d.w[i] = STORED(v); }
#endif

#else // ADDRESSING_DESC
#define OFFSET uint
#define OUTPUT uint // the output's slot in this dispatch
layout(push_constant, std430) uniform Push {
    layout(offset = PC_DESC_REC_FIRST) uint rec_first;
    layout(offset = PC_DESC_REC_COUNT) uint rec_count;
    layout(offset = PC_DESC_WG_BASE) uint wg_base;
    layout(offset = PC_DESC_GRID_X) uint grid_x;
    layout(offset = PC_DESC_ROW_DIMS) uint row_dims;
    layout(offset = PC_DESC_RECORDS) uint records_offset;
    layout(offset = PC_DESC_INPUT_WORD) uint input_word;
    layout(offset = PC_DESC_OUTPUT_WORDS) uint output_words[ABI_MAX_SLOTS];
} pc;
layout(set = 0, binding = 0, std430) readonly buffer TableBuffer { uint t[]; } table;
uint tbl(uint i) { return table.t[i]; }
uint tbl64(uint i) { return tbl(i); } // the host keeps every offset below 2^31 words here
OUTPUT output_of(uint slot) { return slot; }

#if ATOMIC_STORES
// A run is the byte offset of its first word within its binding.
layout(set = 0, binding = 1, std430) readonly buffer InputBuffer { uint w[]; } inp;
layout(set = 0, binding = 2, std430) buffer OutputBuffer { uint w[]; } outs[OUTPUT_SLOTS];
struct Dst { uint slot; uint byte_offset; };
#define SRC uint
#define DST Dst
SRC src_at(OFFSET word) { return (pc.input_word + word) * WORD_BYTES; }
DST dst_at(OUTPUT slot, OFFSET word) { return Dst(slot, (pc.output_words[slot] + word) * WORD_BYTES); }
VALUE load(SRC s, uint i)
{
    uint at = s + i * WORD_BYTES;
    return (inp.w[at >> 2] >> ((at & 3u) * 8u)) & SMALL_MASK;
}
void store(DST d, uint i, VALUE v)
{
    uint at = d.byte_offset + i * WORD_BYTES;
    uint shift = (at & 3u) * 8u;
    atomicAnd(outs[d.slot].w[at >> 2], ~(SMALL_MASK << shift));
    atomicOr(outs[d.slot].w[at >> 2], v << shift);
}
#else
// A run is the index of its first word within its binding.
layout(set = 0, binding = 1, std430) readonly buffer InputBuffer { STORED w[]; } inp;
layout(set = 0, binding = 2, std430) writeonly buffer OutputBuffer { STORED w[]; } outs[OUTPUT_SLOTS];
struct Dst { uint slot; uint word; };
#define SRC uint
#define DST Dst
SRC src_at(OFFSET word) { return pc.input_word + word; }
DST dst_at(OUTPUT slot, OFFSET word) { return Dst(slot, pc.output_words[slot] + word); }
VALUE load(SRC s, uint i) { return VALUE(inp.w[s + i]); }
void store(DST d, uint i, VALUE v) { outs[d.slot].w[d.word + i] = STORED(v); }
#endif
#endif

// ---- the copy ------------------------------------------------------------------------------

// Copies count words from s to d, the i-th at i * step words: step 1 is a contiguous run
// (RUNS), step = workgroup size an invocation's share of an interleaved piece. Four loads
// before four stores: independent loads in flight on a GPU, fewer trips on llvmpipe.
void copy_run(SRC s, DST d, uint count, uint step)
{
    uint i = 0u, at = 0u;
    for (; i + 4u <= count; i += 4u, at += 4u * step) {
        VALUE a0 = load(s, at), a1 = load(s, at + step), a2 = load(s, at + 2u * step), a3 = load(s, at + 3u * step);
        store(d, at, a0);
        store(d, at + step, a1);
        store(d, at + 2u * step, a2);
        store(d, at + 3u * step, a3);
    }
    for (; i < count; i++, at += step)
        store(d, at, load(s, at));
}

// A row's first word in the input (the record's base included) and in the output: one
// division per row dimension.
void place_row(uint rec, uint row, out OFFSET in_off, out OFFSET out_off)
{
    in_off = OFFSET(tbl64(rec + REC_IN_BASE));
    out_off = OFFSET(0u);
    for (uint k = 0u; k < pc.row_dims; k++) {
        uint field = rec + REC_DIMS + k * DIM_FIELDS;
        uint size = tbl(field + DIM_SIZE);
        uint q = row / size;
        uint idx = row - q * size;
        row = q;
        in_off += OFFSET(idx) * OFFSET(tbl64(field + DIM_IN_STRIDE));
        out_off += OFFSET(idx) * OFFSET(tbl64(field + DIM_OUT_STRIDE));
    }
}

// ---- RUNS: one invocation, one piece of a row or several whole rows ------------------------

// nrows rows of count words, src and dst stepping by in_step / out_step words per row.
void copy_rows(OFFSET src, OFFSET in_step, OFFSET dst, OFFSET out_step, uint nrows, uint count, OUTPUT dest)
{
    if (count == 1u) { // one-word rows: four per loop trip, and no inner loop at all
        for (; nrows >= 4u; nrows -= 4u, src += 4u * in_step, dst += 4u * out_step) {
            VALUE a0 = load(src_at(src), 0u), a1 = load(src_at(src + in_step), 0u);
            VALUE a2 = load(src_at(src + 2u * in_step), 0u), a3 = load(src_at(src + 3u * in_step), 0u);
            store(dst_at(dest, dst), 0u, a0);
            store(dst_at(dest, dst + out_step), 0u, a1);
            store(dst_at(dest, dst + 2u * out_step), 0u, a2);
            store(dst_at(dest, dst + 3u * out_step), 0u, a3);
        }
        for (; nrows > 0u; nrows--, src += in_step, dst += out_step)
            store(dst_at(dest, dst), 0u, load(src_at(src), 0u));
        return;
    }
    for (; nrows > 0u; nrows--, src += in_step, dst += out_step)
        copy_run(src_at(src), dst_at(dest, dst), count, 1u);
}

void copy_invocation(uint rec, uint inv, OUTPUT dest)
{
    uint chunk = tbl(rec + REC_CHUNK_WORDS);
    uint pieces = tbl(rec + REC_PIECES);
    uint row, begin, count, rows_left;
    if (pieces > 1u) {
        row = inv / pieces;
        uint piece_words = tbl(rec + REC_PIECE_WORDS);
        begin = (inv - row * pieces) * piece_words;
        count = min(piece_words, chunk - begin);
        rows_left = 1u;
    } else {
        uint per_inv = tbl(rec + REC_ROWS_PER_UNIT);
        row = inv * per_inv;
        begin = 0u;
        count = chunk;
        rows_left = min(per_inv, tbl(rec + REC_ROWS) - row);
    }

    OFFSET in_off = OFFSET(tbl64(rec + REC_IN_BASE)) + OFFSET(begin);
    OFFSET out_off = OFFSET(begin);
    uint dims = rec + REC_DIMS;
    uint row_dims = pc.row_dims;
    // The innermost row dimension steps every row: keep it in registers. A record without
    // row dimensions is one row.
    uint size0 = 1u;
    OFFSET in0 = OFFSET(0u), out0 = OFFSET(0u);
    if (row_dims > 0u) {
        size0 = tbl(dims + DIM_SIZE);
        in0 = OFFSET(tbl64(dims + DIM_IN_STRIDE));
        out0 = OFFSET(tbl64(dims + DIM_OUT_STRIDE));
    }
    // Place the first row (as place_row, keeping the indices for the odometer below).
    uint idx[ABI_MAX_ROW_DIMS];
    uint r = row;
    for (uint k = 0u; k < row_dims; k++) {
        uint field = dims + k * DIM_FIELDS;
        uint size = tbl(field + DIM_SIZE);
        uint q = r / size;
        idx[k] = r - q * size;
        r = q;
        in_off += OFFSET(idx[k]) * OFFSET(tbl64(field + DIM_IN_STRIDE));
        out_off += OFFSET(idx[k]) * OFFSET(tbl64(field + DIM_OUT_STRIDE));
    }
    uint idx0 = row_dims > 0u ? idx[0] : 0u;
    // Walk dimension 0 with the tight loop; the odometer only runs when it wraps.
    for (;;) {
        uint span = min(rows_left, size0 - idx0);
        copy_rows(in_off, in0, out_off, out0, span, count, dest);
        rows_left -= span;
        if (rows_left == 0u)
            return;
        in_off += OFFSET(span) * in0 - OFFSET(size0) * in0;
        out_off += OFFSET(span) * out0 - OFFSET(size0) * out0;
        idx0 = 0u;
        for (uint k = 1u; k < row_dims; k++) { // carry into the outer dimensions
            uint field = dims + k * DIM_FIELDS;
            OFFSET ik = OFFSET(tbl64(field + DIM_IN_STRIDE));
            OFFSET ok = OFFSET(tbl64(field + DIM_OUT_STRIDE));
            in_off += ik;
            out_off += ok;
            uint size = tbl(field + DIM_SIZE);
            if (++idx[k] < size)
                break;
            in_off -= OFFSET(size) * ik;
            out_off -= OFFSET(size) * ok;
            idx[k] = 0u;
        }
    }
}

// ---- INTERLEAVED: one workgroup, one piece of a row or a tile of whole rows ----------------

// Flat word f of a tile of whole rows starting at row0: its row is row0 + f / chunk (a
// multiply-high by the host's reciprocal; exact for f, chunk < 2^16), its column the rest.
void tile_word(uint rec, uint f, uint chunk, uint magic, uint row0, OFFSET in_row0, OFFSET out_row0,
               OFFSET in_step, OFFSET out_step, out OFFSET src, out OFFSET dst)
{
    uint r = f, lsb;
    if (magic != 0u)
        umulExtended(f, magic, r, lsb);
    uint c = f - r * chunk;
    if (pc.row_dims <= 1u) {
        src = in_row0 + OFFSET(r) * in_step + OFFSET(c);
        dst = out_row0 + OFFSET(r) * out_step + OFFSET(c);
    } else { // several row dimensions: place this word's row on its own
        place_row(rec, row0 + r, src, dst);
        src += OFFSET(c);
        dst += OFFSET(c);
    }
}

// unit: the workgroup's unit within its record and band; first_row: the band's first row.
void copy_workgroup(uint rec, uint unit, uint first_row, OUTPUT dest)
{
    uint t = gl_LocalInvocationID.x, step = gl_WorkGroupSize.x;
    uint chunk = tbl(rec + REC_CHUNK_WORDS);
    uint rows_per_unit = tbl(rec + REC_ROWS_PER_UNIT);
    uint rows = tbl(rec + REC_ROWS);
    OFFSET in_off, out_off;
    if (rows_per_unit == 1u) { // a piece of one row
        uint pieces = tbl(rec + REC_PIECES);
        uint row = first_row + unit / pieces;
        uint begin = (unit % pieces) * tbl(rec + REC_PIECE_WORDS);
        uint len = min(tbl(rec + REC_PIECE_WORDS), chunk - begin);
        if (row >= rows || t >= len) // the last band may be short
            return;
        place_row(rec, row, in_off, out_off);
        copy_run(src_at(in_off + OFFSET(begin + t)), dst_at(dest, out_off + OFFSET(begin + t)), (len - t + step - 1u) / step,
                 step);
        return;
    }
    // A tile of whole rows: flat words t, t + step, ... of rows [row0, row0 + nrows).
    uint row0 = first_row + unit * rows_per_unit;
    if (row0 >= rows)
        return;
    uint total = min(rows_per_unit, rows - row0) * chunk;
    uint magic = tbl(rec + REC_ROW_MAGIC);
    place_row(rec, row0, in_off, out_off);
    OFFSET in_step = OFFSET(0u), out_step = OFFSET(0u);
    if (pc.row_dims > 0u) {
        in_step = OFFSET(tbl64(rec + REC_DIMS + DIM_IN_STRIDE));
        out_step = OFFSET(tbl64(rec + REC_DIMS + DIM_OUT_STRIDE));
    }
    uint f = t;
    for (; f + 3u * step < total; f += 4u * step) {
        OFFSET s0, s1, s2, s3, d0, d1, d2, d3;
        tile_word(rec, f, chunk, magic, row0, in_off, out_off, in_step, out_step, s0, d0);
        tile_word(rec, f + step, chunk, magic, row0, in_off, out_off, in_step, out_step, s1, d1);
        tile_word(rec, f + 2u * step, chunk, magic, row0, in_off, out_off, in_step, out_step, s2, d2);
        tile_word(rec, f + 3u * step, chunk, magic, row0, in_off, out_off, in_step, out_step, s3, d3);
        VALUE a0 = load(src_at(s0), 0u), a1 = load(src_at(s1), 0u), a2 = load(src_at(s2), 0u), a3 = load(src_at(s3), 0u);
        store(dst_at(dest, d0), 0u, a0);
        store(dst_at(dest, d1), 0u, a1);
        store(dst_at(dest, d2), 0u, a2);
        store(dst_at(dest, d3), 0u, a3);
    }
    for (; f < total; f += step) {
        OFFSET s, d;
        tile_word(rec, f, chunk, magic, row0, in_off, out_off, in_step, out_step, s, d);
        store(dst_at(dest, d), 0u, load(src_at(s), 0u));
    }
}

void main()
{
    uint wg = gl_WorkGroupID.y * pc.grid_x + gl_WorkGroupID.x + pc.wg_base;
    uint lo = pc.rec_first, hi = pc.rec_first + pc.rec_count;
    // Bands (INTERLEAVED, one dispatch): band b holds rows [b * band_rows, ...) of every record.
    uint band_rows = tbl(TBL_BAND_ROWS), first_row = 0u;
    if (band_rows != 0u) {
        uint per_band = tbl(TBL_PREFIX + hi);
        uint band = wg / per_band;
        if (band >= tbl(TBL_BANDS))
            return; // padding of the 2D grid
        wg -= band * per_band;
        first_row = band * band_rows;
    }
    if (wg >= tbl(TBL_PREFIX + hi))
        return; // padding of the 2D grid
    while (hi - lo > 1u) { // largest record whose first workgroup is <= wg
        uint mid = (lo + hi) >> 1;
        if (tbl(TBL_PREFIX + mid) <= wg) lo = mid; else hi = mid;
    }
    uint rec = pc.records_offset + lo * (REC_DIMS + DIM_FIELDS * pc.row_dims);
    // The output, once per invocation (llvmpipe gathers it lane by lane).
    OUTPUT dest = output_of(lo - pc.rec_first);
    uint unit = wg - tbl(TBL_PREFIX + lo);
    if (MAPPING == MAPPING_INTERLEAVED) {
        copy_workgroup(rec, unit, first_row, dest);
    } else {
        uint inv = unit * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
        if (inv < tbl(rec + REC_UNITS))
            copy_invocation(rec, inv, dest);
    }
}
