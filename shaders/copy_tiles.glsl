// TILES: the GPU mapping for rows, word by word. A segment is lines of rows (row dimension 0,
// which the host picks to write the output most contiguously), a line being line_rows x chunk
// words, consecutive in the flat order of (row, word). A workgroup copies one tile of a line:
// trips x TILES_UNROLL x workgroup consecutive words, rows crossed freely; invocation t takes
// words t, t + workgroup, ... (neighbours on neighbouring words).
//
// What the machine code needs (docs/gpu.md, "What GPU compilers make of them"):
//   - each trip issues all TILES_UNROLL loads (64 bytes) before its first store, and nothing
//     branches between them: a word past the tile's end is not skipped but replaced by the
//     trip's first word, which is reloaded and rewritten (the same bytes to the same place),
//     because a branch makes NAK wait for every load in flight;
//   - each word's place is a cursor stepped from the previous one's: (workgroup / chunk) rows
//     and (workgroup % chunk) words on, one carried row at most, chosen by selects; one
//     division per invocation, none per word;
//   - several trips per invocation (the plan's trips, in push constants) pay the prologue's
//     memory round trips (the segment's fields) once;
//   - places are 32-bit offsets from the invocation's first word (half the registers and
//     arithmetic of 64-bit addresses) wherever a tile spans less than 2 GiB; the host plans
//     the kernel MAPPING_TILES_WIDE, with 64-bit cursors, for the rest.

#define TILES_UNROLL ABI_UNROLL(WORD_BYTES)

// The tile's line, in words.
struct TileLine {
    uint chunk;         // words per row
    uint rows;          // rows of the line
    OFFSET in_off;      // the line's first word on the side read (the segment's base included
    OFFSET out_off;     // on the whole's side: base_offsets) and on the side written
    OFFSET in_stride;   // row to row within the line
    OFFSET out_stride;  // (narrow kernel: read with the output's address, TILES_SEG_WRITE_STRIDE32 of
    uint seg;           //  table segment `seg`; 0xFFFFFFFF for an inline segment)
};

// Lanes per group: a warp of 32 where the workgroup is made of them, else the workgroup.
#define TG ((gl_WorkGroupSize.x % 32u) == 0u ? 32u : gl_WorkGroupSize.x)

#if KERNEL != MAPPING_TILES_WIDE // the 32-bit cursors (TILES; the realigned kernel's helpers)
#define TL_WIDE 0
#define TL_OFF uint
#define TL_POS uint
#define TL_STEPS TileSteps32
#define TL_NAME(x) tiles_narrow##x
#if defined(ADDRESSING_BDA)
#define TL_PLACE(at, off) ((at) + uint64_t(int64_t(int(off))))
#else
#define TL_PLACE(at, off) ((at) + (off))
#endif
#include "copy_tiles_lane.glsl"
#undef TL_PLACE
#undef TL_WIDE
#undef TL_OFF
#undef TL_POS
#undef TL_STEPS
#undef TL_NAME
#endif
#if defined(ADDRESSING_BDA) && KERNEL == MAPPING_TILES_WIDE // the 64-bit cursors
#define TL_WIDE 1
#define TL_OFF uint64_t
#define TL_POS uint64_t
#define TL_STEPS TileSteps64
#define TL_NAME(x) tiles_wide##x
#define TL_PLACE(at, off) ((at) + (off))
#include "copy_tiles_lane.glsl"
#undef TL_PLACE
#undef TL_WIDE
#undef TL_OFF
#undef TL_POS
#undef TL_STEPS
#undef TL_NAME
#endif

// A unit's tiles: first, first + stride, ... below end, within one line. Where every segment
// is one line, band b holds tiles [b * per, (b + 1) * per) of each (per: ceil(tiles / bands))
// and its units stride over them; otherwise a line's ceil(line tiles / trips) units stride
// over its tiles (no bands then). `units` is a segment's units per band.
void tiles_range(uint unit, uint band, uint units, uint tiles, uint line_tiles, out uint line, out uint first,
                 out uint end, out uint stride)
{
    if (tiles == line_tiles) {
        uint bands = pc_bands(), per = bands > 1u ? (tiles + bands - 1u) / bands : tiles;
        line = 0u;
        first = band * per + unit;
        end = min(band * per + per, tiles);
        stride = units;
    } else {
        uint trips = pc_trips(), per_line = (line_tiles + trips - 1u) / trips;
        line = unit / per_line;
        first = unit - line * per_line;
        end = line_tiles;
        stride = per_line;
    }
}

// An inline segment's field f (FLAG_INLINE: at most INLINE_MAX_SEGMENTS segments) read at
// fixed places and chosen by selects: no indexed push-constant read, no wait.
#if defined(ADDRESSING_BDA)
uint inline_field(uint k, const uint f)
{
    uint a = pc.parts[INLINE_AT + f], b = pc.parts[INLINE_AT + INLINE_FIELDS + f];
    uint c = pc.parts[INLINE_AT + 2 * INLINE_FIELDS + f];
    uint bc = k == 1u ? b : c;
    return k == 0u ? a : bc;
}
// A join's part on the inline path: FLAG_INLINE comes only without FLAG_ARGUMENTS (at most
// INLINE_MAX_SEGMENTS parts, each address pushed), so the address is one of the first three
// pushed, read at fixed places and picked by selects like a field: no indexed push-constant
// read (a memory read on NVIDIA: NAK's ldc) and no pick between it and the arguments' address
// (NAK branches there, and the branch waits for both reads).
#if INLINE_MAX_SEGMENTS != 3 || INLINE_AT < 2 * INLINE_MAX_SEGMENTS
#error "inline_part: three pushed addresses before the inline segments"
#endif
uint inline_part_word(uint k, const uint w)
{
    uint a = pc.parts[w], b = pc.parts[2 + w], c = pc.parts[4 + w];
    uint bc = k == 1u ? b : c;
    return k == 0u ? a : bc;
}
PART inline_part(uint k) { return word64(inline_part_word(k, 0), inline_part_word(k, 1)); }
#endif

// k: the segment; unit: the workgroup's unit in it (within its band).
void tiles_workgroup(uint k, uint band, uint unit)
{
    TileLine l;
    uint line, first, end, stride;
    l.out_stride = OFFSET(0u);
    l.seg = 0xFFFFFFFFu;
#if defined(ADDRESSING_BDA)
    if (pc_flag(FLAG_INLINE)) { // a small split: every field in push constants, no table read
        if (JOIN)
            g_part = inline_part(k);
        l.chunk = inline_field(k, INLINE_CHUNK);
        base_offsets(word64(inline_field(k, INLINE_BASE), inline_field(k, INLINE_BASE + 1)), l.in_off, l.out_off);
        l.rows = 1u;
        l.in_stride = OFFSET(0u);
        line = 0u;
        first = unit;
        end = 0xFFFFFFFFu; // the line's end stops it
        stride = inline_field(k, INLINE_UNITS);
    } else
#endif
    {
        uint seg = segment_at(k);
        // A join's part, the side it reads: its address in flight with the fields (asked for
        // first, picked after them: part_address_issue).
        PartAddress part;
        if (JOIN)
            part = part_address_issue(k);
        // What the input's side needs, in two 16-byte loads in flight together (split_abi.h
        // places these fields so); the output's stride is read later, with its address.
        uvec4 f0, f4;
        segment_head(seg, f0, f4);
        if (JOIN)
            g_part = part_address_pick(part);
        l.chunk = f0[SEG_CHUNK_WORDS];
        base_offsets(OFFSET(word64(f4[SEG_BASE - 4], f4[SEG_BASE - 3])), l.in_off, l.out_off);
        l.rows = f4[TILES_SEG_LINE_ROWS - 4];
        l.in_stride = OFFSET(f4[TILES_SEG_READ_STRIDE32 - 4]);
        l.seg = seg;
#if defined(ADDRESSING_BDA) && KERNEL == MAPPING_TILES_WIDE // 64-bit strides: dimension 0's own fields
        l.in_stride = OFFSET(tbl64(seg + SEG_DIMS + DIM_READ_STRIDE));
        l.out_stride = OFFSET(tbl64(seg + SEG_DIMS + DIM_WRITE_STRIDE));
#endif
        tiles_range(unit, band, f0[SEG_UNITS], f0[TILES_SEG_TILES], f0[TILES_SEG_LINE_TILES], line, first, end, stride);
        if (first >= end) // a short last band's, or line's, spare unit
            return;
        if (line != 0u)
            place_row(seg, line, 1u, l.in_off, l.out_off);
    }
#if defined(ADDRESSING_BDA) && KERNEL == MAPPING_TILES_WIDE
    tiles_wide_copy(l, first, end, stride, k);
#else
    tiles_narrow_copy(l, first, end, stride, k);
#endif
}
