// Words and addressing for split_copy.comp: what a word is in memory and between a load and a
// store, the push constants, the parameter table, and the views every mapping copies through.
//
// STORED is a word in memory, VALUE the same word in registers (8/16-bit storage gives no
// 8/16-bit registers, so those words travel as uint). Each addressing defines OFFSET (a word
// offset), PART (what names a part: an address, or a descriptor slot), tbl/tbl64 (the table),
// segment_part(segment), and the views: SRC src_at(word), DST dst_at(part, word), VALUE
// load(SRC, i), store(DST, i, VALUE), plus the push-constant accessors pc_*() the mappings
// read. The push constants and the table speak of the whole and its parts; the views turn
// them into the side read and the side written by the direction.

#include "word_types.glsl"

// Each kernel's push constants (split_abi.h): every copy kernel's fields, then its own. The
// parts' addresses a dispatch finds in them: ABI_INLINE_OUTPUTS, the device copy's one fewer.
#if KERNEL == MAPPING_DEVICE
#define PART_PLACES DEVICE_INLINE_OUTPUTS
#else
#define PART_PLACES ABI_INLINE_OUTPUTS
#endif
#if defined(ADDRESSING_BDA)
#define OFFSET uint64_t
#define PART uint64_t
layout(push_constant, std430) uniform Push {
    layout(offset = PC_BDA_TABLE) uint64_t table;
    layout(offset = PC_BDA_WHOLE) uint64_t whole_addr;
    layout(offset = PC_BDA_SEGMENTS) uint segments;
    layout(offset = PC_BDA_SHAPE) uint shape;
#if KERNEL == MAPPING_DEINTERLEAVE
    layout(offset = PC_DEINTERLEAVE_BDA_TILE_ROWS) uint tile_rows;
    layout(offset = PC_DEINTERLEAVE_BDA_ROWS) uint rows;
    layout(offset = PC_DEINTERLEAVE_BDA_ROW_UINTS) uint row_uints;
    layout(offset = PC_DEINTERLEAVE_BDA_TILES) uint tiles;
    layout(offset = PC_DEINTERLEAVE_BDA_UNITS) uint units;
    layout(offset = PC_DEINTERLEAVE_BDA_TRIPS) uint trips;
    layout(offset = PC_BDA_PARTS) uint parts[2 * PART_PLACES]; // uint64 pairs
#elif KERNEL == MAPPING_DEVICE
    layout(offset = PC_DEVICE_BDA_PARTS) uint parts[2 * PART_PLACES]; // uint64 pairs
    layout(offset = PC_DEVICE_BDA_BLOCK) uint block[2];               // uint64: the block
#else // RUNS, TILES, TRANSPOSE: the grid
    layout(offset = PC_BDA_BAND_GROUPS) uint band_groups;
    layout(offset = PC_BDA_BANDS) uint bands;
    layout(offset = PC_BDA_EQUAL_UNITS) uint equal_units;
    layout(offset = PC_BDA_PREFIX1) uint prefix1;
    layout(offset = PC_BDA_PREFIX2) uint prefix2;
    layout(offset = PC_BDA_TRIPS) uint trips;
    layout(offset = PC_BDA_PARTS) uint parts[2 * PART_PLACES]; // uint64 pairs, or TILES' inline segments
#endif
} pc;
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer TableRef { uint t[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer AddressRef { uint64_t a[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer U32Ref { uint v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Table4Ref { uvec4 t[]; };
uint tbl(uint i) { return TableRef(pc.table).t[i]; }
uvec4 tbl4(uint i) { return Table4Ref(pc.table).t[i >> 2]; } // i: a multiple of 4
// A segment's first 8 fields (split_abi.h): one address, two 16-byte loads at fixed offsets
// from it (NAK recomputes an address per load otherwise, and waits to reuse its registers).
layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer SegmentRef { uvec4 f[2]; };
void segment_head(uint seg, out uvec4 f0, out uvec4 f4)
{
    SegmentRef r = SegmentRef(pc.table + uint64_t(seg) * 4ul);
    f0 = r.f[0];
    f4 = r.f[1];
}
uint64_t word64(uint lo, uint hi) { return packUint2x32(uvec2(lo, hi)); }
uint64_t tbl64(uint i) { return uint64_t(tbl(i)) | (uint64_t(tbl(i + 1u)) << 32); }
uint64_t pc_word64(uint i) { return uint64_t(pc.parts[i]) | (uint64_t(pc.parts[i + 1u]) << 32); }
uint pc_first_segment() { return 0u; }
uint pc_wg_base() { return 0u; }
uint pc_shape() { return pc.shape; }
#if KERNEL != MAPPING_DEINTERLEAVE && KERNEL != MAPPING_DEVICE
uint pc_equal_units() { return pc.equal_units; }
uint pc_prefix1() { return pc.prefix1; }
uint pc_prefix2() { return pc.prefix2; }
#endif
uint pc_segments_at() { return TBL_SEGMENTS_AT(pc.segments); } // one dispatch: every segment
// Up to ABI_INLINE_OUTPUTS addresses travel in push constants, more in the caller's arguments.
// They are the parts': a split's outputs, a join's inputs.
PART segment_part(uint segment)
{
    if ((pc.shape >> SHAPE_FLAGS_SHIFT & FLAG_ARGUMENTS) != 0u)
        return AddressRef(pc_word64(0u)).a[segment];
    return pc_word64(2u * segment);
}
// The same address read without depending on the branch, for a join to read its part's address
// together with the segment's fields: both places are read (part_address_issue), each at an
// index that is always valid (the arguments' where there are none: the table's first word),
// and the right one kept (part_address_pick). A kernel issues the two reads, then the fields',
// and picks after: NAK issues loads in the order written and waits at the first use (or at a
// branch) for every load in flight, so picking before the fields are asked for costs a second
// round trip. ACO issues them together either way.
// The pushed address stays two words until the pick: an indexed push-constant read is a
// memory read too, and joining its words at once would wait for it there.
struct PartAddress {
    uint64_t from_arguments;
    uvec2 from_push;
};
PartAddress part_address_issue(uint segment)
{
    bool arguments = (pc.shape >> SHAPE_FLAGS_SHIFT & FLAG_ARGUMENTS) != 0u;
    PartAddress a;
    a.from_arguments = AddressRef(arguments ? pc_word64(0u) : pc.table).a[arguments ? segment : 0u];
    uint i = 2u * min(segment, PART_PLACES - 1u);
    a.from_push = uvec2(pc.parts[i], pc.parts[i + 1u]);
    return a;
}
PART part_address_pick(PartAddress a)
{
    return (pc.shape >> SHAPE_FLAGS_SHIFT & FLAG_ARGUMENTS) != 0u ? a.from_arguments : packUint2x32(a.from_push);
}
// A split reads the whole (pc.whole_addr) and writes its part; a join (JOIN) reads its part,
// g_part, set once its segment is known (main(): before anything is read), and writes the whole.
PART g_part;
uint64_t read_address() { return JOIN ? g_part : pc.whole_addr; }
uint64_t write_address(PART dest) { return JOIN ? pc.whole_addr : dest; }

#if ATOMIC_STORES
// A run is the byte address of its first word.
#define SRC uint64_t
#define DST uint64_t
layout(buffer_reference, std430, buffer_reference_align = 4) buffer AtomicRef { uint v; };
SRC src_at(OFFSET word) { return read_address() + word * WORD_BYTES; }
DST dst_at(PART dest, OFFSET word) { return write_address(dest) + word * WORD_BYTES; }
VALUE load(SRC s, uint i)
{
    uint64_t at = s + uint64_t(i * WORD_BYTES);
    return (AtomicRef(at & ~3ul).v >> (uint(at & 3ul) * 8u)) & SMALL_MASK;
}
void store(DST d, uint i, VALUE v)
{
    uint64_t at = d + uint64_t(i * WORD_BYTES);
    AtomicRef ref = AtomicRef(at & ~3ul);
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
SRC src_at(OFFSET word) { return Words(read_address() + word * WORD_BYTES); }
DST dst_at(PART dest, OFFSET word) { return Words(write_address(dest) + word * WORD_BYTES); }
VALUE load(SRC s, uint i) { return VALUE(s.w[i]); }
void store(DST d, uint i, VALUE v) { d.w[i] = STORED(v); }
#if WORD_BYTES == 16
// RUNS (llvmpipe) moves a 16-byte word as two 64-bit lanes: llvmpipe gathers each lane of a
// device-address access on its own, so four 32-bit lanes cost twice the time (f32_chunk16:
// 3.4 -> 2.2 GB/s). The GPU kernels keep STORED's 32-bit lanes (NAK splits 64-bit vectors).
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Words64x2 { u64vec2 w[]; };
#define RUN_VALUE u64vec2
RUN_VALUE run_load(SRC s, uint i) { return Words64x2(uint64_t(s)).w[i]; }
void run_store(DST d, uint i, RUN_VALUE v) { Words64x2(uint64_t(d)).w[i] = v; }
#endif
#endif
// 32-bit views (DEINTERLEAVE's tails), index in uint32 from the binding: the side read, the
// side written.
uint load_u32(uint64_t i) { return U32Ref(read_address() + i * 4ul).v[0]; }
void store_u32(PART dest, uint64_t i, uint v) { U32Ref(write_address(dest) + i * 4ul).v[0] = v; }

#else // ADDRESSING_DESC
#define OFFSET uint
#define PART uint // the output's slot in this dispatch
layout(push_constant, std430) uniform Push {
    layout(offset = PC_DESC_SEG_FIRST) uint seg_first;
    layout(offset = PC_DESC_SEGMENTS) uint segments;
    layout(offset = PC_DESC_WG_BASE) uint wg_base;
    layout(offset = PC_DESC_SHAPE) uint shape;
    layout(offset = PC_DESC_SEGMENTS_AT) uint segments_at;
    layout(offset = PC_DESC_WHOLE_WORD) uint whole_word;
#if KERNEL == MAPPING_DEVICE
    layout(offset = PC_DESC_PART_WORDS) uint part_words[ABI_MAX_SLOTS - 1];
    layout(offset = PC_DEVICE_DESC_BLOCK_WORD) uint block_word;
#else
    layout(offset = PC_DESC_EQUAL_UNITS) uint equal_units;
    layout(offset = PC_DESC_TRIPS) uint trips;
    layout(offset = PC_DESC_PART_WORDS) uint part_words[ABI_MAX_SLOTS];
#endif
} pc;
layout(set = 0, binding = 0, std430) readonly buffer TableBuffer { uint t[]; } table;
uint tbl(uint i) { return table.t[i]; }
uvec4 tbl4(uint i) { return uvec4(table.t[i], table.t[i + 1u], table.t[i + 2u], table.t[i + 3u]); }
void segment_head(uint seg, out uvec4 f0, out uvec4 f4)
{
    f0 = tbl4(seg);
    f4 = tbl4(seg + 4u);
}
uint tbl64(uint i) { return tbl(i); } // the host keeps every offset below 2^31 words here
uint word64(uint lo, uint hi) { return lo; }
uint pc_first_segment() { return pc.seg_first; }
uint pc_wg_base() { return pc.wg_base; }
uint pc_shape() { return pc.shape; }
#if KERNEL != MAPPING_DEVICE
uint pc_equal_units() { return pc.equal_units; }
#endif
uint pc_prefix1() { return 0u; } // FLAG_PREFIX is never set here
uint pc_prefix2() { return 0u; }
uint pc_segments_at() { return pc.segments_at; }
PART segment_part(uint segment) { return segment - pc.seg_first; }
struct PartAddress {
    uint slot;
};
PartAddress part_address_issue(uint segment) { return PartAddress(segment_part(segment)); }
PART part_address_pick(PartAddress a) { return a.slot; }
// A split reads the whole (binding 1) and writes its part's slot (binding 2); a join (JOIN)
// reads its part's slot, g_part (set in main()), and writes the whole.
PART g_part;
uint read_word() { return JOIN ? pc.part_words[g_part] : pc.whole_word; }
uint write_word(PART slot) { return JOIN ? pc.whole_word : pc.part_words[slot]; }

// Binding 1 is the whole, binding 2 the parts (an array of slots): a split reads the whole
// (readonly) and writes its parts, a join the other way round. Each direction is its own module
// (DIRECTION_JOIN) that declares each binding once, with the access its direction makes.
#if DIRECTION_JOIN
#define READ_SIDE parts[g_part]
#define WRITE_SIDE(slot) whole
#define WHOLE_ACCESS WRITTEN
#define PARTS_ACCESS readonly
#else
#define READ_SIDE whole
#define WRITE_SIDE(slot) parts[slot]
#define WHOLE_ACCESS readonly
#define PARTS_ACCESS WRITTEN
#endif
#if ATOMIC_STORES
// A run is the byte offset of its first word within its binding; stores are atomics on the
// 32-bit words that hold the bytes (read and written).
#define WRITTEN
layout(set = 0, binding = 1, std430) WHOLE_ACCESS buffer Whole { uint w[]; } whole;
layout(set = 0, binding = 2, std430) PARTS_ACCESS buffer Parts { uint w[]; } parts[OUTPUT_SLOTS];
struct Dst { uint slot; uint byte_offset; };
#define SRC uint
#define DST Dst
SRC src_at(OFFSET word) { return (read_word() + word) * WORD_BYTES; }
DST dst_at(PART slot, OFFSET word) { return Dst(slot, (write_word(slot) + word) * WORD_BYTES); }
VALUE load(SRC s, uint i)
{
    uint at = s + i * WORD_BYTES;
    return (READ_SIDE.w[at >> 2] >> ((at & 3u) * 8u)) & SMALL_MASK;
}
void store(DST d, uint i, VALUE v)
{
    uint at = d.byte_offset + i * WORD_BYTES;
    uint shift = (at & 3u) * 8u;
    atomicAnd(WRITE_SIDE(d.slot).w[at >> 2], ~(SMALL_MASK << shift));
    atomicOr(WRITE_SIDE(d.slot).w[at >> 2], v << shift);
}
#else
// A run is the index of its first word within its binding.
#define WRITTEN writeonly
layout(set = 0, binding = 1, std430) WHOLE_ACCESS buffer Whole { STORED w[]; } whole;
layout(set = 0, binding = 2, std430) PARTS_ACCESS buffer Parts { STORED w[]; } parts[OUTPUT_SLOTS];
struct Dst { uint slot; uint word; };
#define SRC uint
#define DST Dst
SRC src_at(OFFSET word) { return read_word() + word; }
DST dst_at(PART slot, OFFSET word) { return Dst(slot, write_word(slot) + word); }
VALUE load(SRC s, uint i) { return VALUE(READ_SIDE.w[s + i]); }
void store(DST d, uint i, VALUE v) { WRITE_SIDE(d.slot).w[d.word + i] = STORED(v); }
#endif
#endif

// ---- cursors: one word's place, stepped by whole words -----------------------------------
// CURSOR names a word where the views do (device addresses: its byte address; descriptors:
// its word, or byte with atomic stores, within the binding); STEP is a distance between two,
// unsigned and wrapping (a broadcast input steps backwards). The copy loops keep cursors and
// add steps: no multiplication and no table read per word.
#if defined(ADDRESSING_BDA)
#define CURSOR uint64_t
#define STEP uint64_t
CURSOR in_cursor(OFFSET word) { return read_address() + word * uint64_t(WORD_BYTES); }
CURSOR out_cursor(PART dest, OFFSET word) { return write_address(dest) + word * uint64_t(WORD_BYTES); }
STEP step_words(OFFSET words) { return words * uint64_t(WORD_BYTES); }
#if ATOMIC_STORES
VALUE load_at(CURSOR c) { return load(c, 0u); }
void store_at(PART dest, CURSOR c, VALUE v) { store(c, 0u, v); }
#else
VALUE load_at(CURSOR c) { return load(Words(c), 0u); }
void store_at(PART dest, CURSOR c, VALUE v) { store(Words(c), 0u, v); }
#endif
#else
#define CURSOR uint
#define STEP uint
#if ATOMIC_STORES
CURSOR in_cursor(OFFSET word) { return (read_word() + word) * WORD_BYTES; }
CURSOR out_cursor(PART slot, OFFSET word) { return (write_word(slot) + word) * WORD_BYTES; }
STEP step_words(OFFSET words) { return words * WORD_BYTES; }
#else
CURSOR in_cursor(OFFSET word) { return read_word() + word; }
CURSOR out_cursor(PART slot, OFFSET word) { return write_word(slot) + word; }
STEP step_words(OFFSET words) { return words; }
#endif
VALUE load_at(CURSOR c) { return load(c, 0u); }
void store_at(PART slot, CURSOR c, VALUE v) { store(Dst(slot, c), 0u, v); }
#endif

uint pc_grid_x() { return pc_shape() & SHAPE_GRID_X_MASK; }
#if KERNEL != MAPPING_DEVICE
uint pc_trips() { return pc.trips; }
#endif
#if defined(ADDRESSING_BDA) && KERNEL != MAPPING_DEINTERLEAVE && KERNEL != MAPPING_DEVICE
uint pc_bands() { return pc.bands; }
#else
uint pc_bands() { return 1u; } // bands need one dispatch: device addresses
#endif
uint pc_row_dims() { return (pc_shape() >> SHAPE_ROW_DIMS_SHIFT) & SHAPE_ROW_DIMS_MASK; }
bool pc_flag(uint flag) { return ((pc_shape() >> SHAPE_FLAGS_SHIFT) & flag) != 0u; }

// A segment's part as the kernels pass it to the store side: a join's was read in main().
PART part_of(uint segment) { return JOIN ? g_part : segment_part(segment); }
// A segment's base (the whole's first element of its part) offsets the side that is the whole:
// the one read in a split, the one written in a join; the part's side starts at its binding.
void base_offsets(OFFSET base, out OFFSET in_off, out OFFSET out_off)
{
    in_off = JOIN ? OFFSET(0u) : base;
    out_off = JOIN ? base : OFFSET(0u);
}

// ---- workgroup memory: one uint32 array, words as uint32 slots ---------------------------
shared uint smem[SHARED_WORDS];

#define WORD_SLOTS (WORD_BYTES > 4 ? WORD_BYTES / 4 : 1)
void put_slots(uint at, VALUE v)
{
#if WORD_BYTES <= 4
    smem[at] = uint(v);
#elif WORD_BYTES == 8
    smem[at] = v.x;
    smem[at + 1u] = v.y;
#elif WORD_BYTES == 32
    [[unroll]] for (uint i = 0u; i < WORD_BYTES / 8; i++) {
        uvec2 p = unpackUint2x32(v[i]);
        smem[at + 2u * i] = p.x;
        smem[at + 2u * i + 1u] = p.y;
    }
#else
    smem[at] = v.x;
    smem[at + 1u] = v.y;
    smem[at + 2u] = v.z;
    smem[at + 3u] = v.w;
#endif
}
VALUE get_slots(uint at)
{
#if WORD_BYTES <= 4
    return VALUE(smem[at]);
#elif WORD_BYTES == 8
    return uvec2(smem[at], smem[at + 1u]);
#elif WORD_BYTES == 32
    VALUE v;
    [[unroll]] for (uint i = 0u; i < WORD_BYTES / 8; i++)
        v[i] = packUint2x32(uvec2(smem[at + 2u * i], smem[at + 2u * i + 1u]));
    return v;
#else
    return uvec4(smem[at], smem[at + 1u], smem[at + 2u], smem[at + 3u]);
#endif
}
