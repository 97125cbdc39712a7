// TILES: the GPU mapping for rows. A segment is lines of rows (dimension 0 of its row
// dimensions; the host puts there the one that writes the output most contiguously), a line
// being line_rows x chunk words, consecutive in the flat order of (row, word). A workgroup copies
// one tile of TRIPS x ABI_UNROLL x workgroup consecutive words of one line, rows crossed
// freely: invocation t takes words t, t + workgroup, ... (neighbours on neighbouring words) and
// issues ABI_UNROLL loads, 64 bytes, before its first store. Word indices are stepped: a
// division per workgroup finds the invocation's first row and column, then every step adds
// (workgroup / chunk) rows and (workgroup % chunk) words and carries one row at most.

#define TILES_UNROLL ABI_UNROLL(WORD_BYTES)

uint tiles_words() { return TRIPS * TILES_UNROLL * gl_WorkGroupSize.x; }

struct TileSegment {
    uint chunk;         // words per row
    OFFSET in_base;
    uint line_tiles;    // units per line (0xFFFFFFFF: one line)
    uint line_rows;     // rows of a line
    OFFSET in_stride;   // dimension 0's strides: row to row within a line
    OFFSET out_stride;
};

// One step of an invocation's cursor: `step` words on, over (step / chunk) rows and
// (step % chunk) = dr words, carrying one row when the column passes the chunk.
void tiles_step(inout uint col, inout OFFSET at, uint dr, uint chunk, OFFSET jump, OFFSET carry)
{
    col += dr;
    at += jump;
    if (col >= chunk) {
        col -= chunk;
        at += carry;
    }
}

// Copies tile `tile` of segment `seg` (its table index; 0xFFFFFFFF for an inline segment,
// which has one line and no table).
void tiles_copy(uint seg, TileSegment s, uint tile, OUTPUT dest)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    uint line = tile / s.line_tiles;
    uint pos = tile - line * s.line_tiles;
    OFFSET in_off = s.in_base, out_off = OFFSET(0u);
    if (line != 0u)
        place_row(seg, line, 1u, in_off, out_off);
    uint words = tiles_words();
    uint n, row, col; // the tile's words, this invocation's first row and column
#if defined(ADDRESSING_BDA)
    if (pc_flag(FLAG_WIDE)) { // a line of 2^32 words or more
        uint64_t first = uint64_t(pos) * words;
        n = uint(min(uint64_t(words), uint64_t(s.line_rows) * s.chunk - first));
        uint64_t f = first + t, r = f / s.chunk;
        row = uint(r);
        col = uint(f - r * s.chunk);
    } else
#endif
    {
        uint first = pos * words;
        n = min(words, s.line_rows * s.chunk - first);
        uint f = first + t;
        row = f / s.chunk;
        col = f - row * s.chunk;
    }
    if (t >= n)
        return;
    uint dq = wgs / s.chunk, dr = wgs - dq * s.chunk;
    OFFSET in_jump = OFFSET(dq) * s.in_stride + OFFSET(dr), out_jump = OFFSET(dq) * s.out_stride + OFFSET(dr);
    OFFSET in_carry = s.in_stride - OFFSET(s.chunk), out_carry = s.out_stride - OFFSET(s.chunk);
    OFFSET src = in_off + OFFSET(row) * s.in_stride + OFFSET(col);
    OFFSET dst = out_off + OFFSET(row) * s.out_stride + OFFSET(col);
    uint f = t;
    for (uint trip = 0u; trip < TRIPS; trip++) {
        VALUE v[TILES_UNROLL];
        uint c = col;
        OFFSET at = src;
        [[unroll]] for (uint j = 0u; j < TILES_UNROLL; j++) { // every load before the first store
            if (f + j * wgs < n)
                v[j] = load(src_at(at), 0u);
            tiles_step(c, at, dr, s.chunk, in_jump, in_carry);
        }
        src = at;
        c = col;
        at = dst;
        [[unroll]] for (uint j = 0u; j < TILES_UNROLL; j++) {
            if (f + j * wgs < n)
                store(dst_at(dest, at), 0u, v[j]);
            tiles_step(c, at, dr, s.chunk, out_jump, out_carry);
        }
        dst = at;
        col = c;
        f += TILES_UNROLL * wgs;
        if (f >= n)
            return;
    }
}

// k: the segment; unit: the workgroup's unit in it (within its band).
void tiles_workgroup(uint k, uint band, uint unit)
{
    TileSegment s;
    uint seg = 0xFFFFFFFFu;
    OUTPUT dest = output_of(k);
    uint tile = unit;
#if defined(ADDRESSING_BDA)
    if (pc_flag(FLAG_INLINE)) { // a small split: every field in push constants, no table read
        uint at = 2u * pc.segments + k * INLINE_FIELDS;
        s.chunk = pc.outputs[at + INLINE_CHUNK];
        s.in_base = pc_word64(at + INLINE_IN_BASE);
        s.line_tiles = 0xFFFFFFFFu;
        s.line_rows = 1u;
        s.in_stride = OFFSET(0u);
        s.out_stride = OFFSET(0u);
        tiles_copy(seg, s, tile, dest);
        return;
    }
#endif
    seg = segment_at(k);
    if (band != 0u) {
        tile += band * tbl(seg + SEG_UNITS);
        if (tile >= tbl(seg + SEG_TILES)) // the last band may be short
            return;
    }
    s.chunk = tbl(seg + SEG_CHUNK_WORDS);
    s.in_base = OFFSET(tbl64(seg + SEG_IN_BASE));
    s.line_tiles = tbl(seg + SEG_LINE_TILES);
    s.line_rows = 1u;
    s.in_stride = OFFSET(0u);
    s.out_stride = OFFSET(0u);
    if (pc_row_dims() > 0u) {
        s.line_rows = tbl(seg + SEG_DIMS + DIM_SIZE);
        s.in_stride = OFFSET(tbl64(seg + SEG_DIMS + DIM_IN_STRIDE));
        s.out_stride = OFFSET(tbl64(seg + SEG_DIMS + DIM_OUT_STRIDE));
    }
    tiles_copy(seg, s, tile, dest);
}
