// TILES, realigned: the rows of a plan whose word is 4 or 8 bytes, copied with 16-byte loads
// and stores (device addresses). The host plans it (src/mapping_tiles.c) where every line's
// output is one contiguous range (row dimension 0's output stride is the chunk), every row
// holds 16 bytes or more and a line's bytes fit 32 bits; the tiles are those of TILES, counted
// in 16-byte output blocks.
//
// A line's output is a head of fewer than 16 bytes up to its first 16-byte boundary, then the
// body: whole aligned 16-byte blocks, then a tail of fewer than 16 bytes. Body block b takes
// the 16 input bytes from where its first byte comes from; they start on a 4-byte boundary, so
// the one or two aligned input blocks that hold them are loaded and the bytes picked out in
// registers. Two kinds of block are redone from 4-byte loads, after every load of the trip
// is issued: one whose bytes come from two rows (it crosses a row's end), and one whose
// aligned input blocks would reach outside the line's input (its first or last few bytes):
// no byte outside the input is ever read. The line's first workgroup copies its head and tail,
// 4 bytes at a time. Every trip issues 2 x RA_UNROLL loads before its first store, without a
// branch between them, as TILES does (a block past the tile's end repeats the trip's first).

#if defined(ADDRESSING_BDA) && !ATOMIC_STORES && (WORD_BYTES == 4 || WORD_BYTES == 8)
#define HAS_REALIGN 1
#define RA_UNROLL 4 // output blocks per trip: 64 bytes, from 8 loads of 16 bytes (80 distinct)

layout(buffer_reference, std430, buffer_reference_align = 16) buffer Block { uvec4 b; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Word32 { uint u; };

// The 16 bytes at byte 4m of the 32 bytes x, y.
uvec4 realign(uvec4 x, uvec4 y, uint m)
{
    uvec4 by_two = uvec4(x.z, x.w, y.x, y.y);
    uvec4 a = mix(x, by_two, bvec4((m & 2u) != 0u));
    uint after = mix(y.x, y.z, (m & 2u) != 0u);
    uvec4 by_one = uvec4(a.y, a.z, a.w, after);
    return mix(a, by_one, bvec4((m & 1u) != 0u));
}

// The 16 bytes of a block whose first byte comes from p, at column col of a row of c bytes:
// bytes past the row's end come from the next row, `carry` further on.
uvec4 gather_block(uint64_t p, uint col, uint c, uint64_t carry)
{
    uvec4 r;
    [[unroll]] for (uint i = 0u; i < 4u; i++) {
        uint64_t at = p + 4ul * i + (col + 4u * i >= c ? carry : 0ul);
        r[i] = Word32(at).u;
    }
    return r;
}

// One tile of a line: rows of c bytes, row r from s + r * in_row in the input, all of them
// contiguous from d in the output; pos is the tile's index within the line.
void realign_copy(uint64_t s, uint64_t d, uint rows, uint c, uint64_t in_row, uint pos)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    uint bytes = rows * c;
    uint head = (16u - (uint(d) & 15u)) & 15u;
    uint blocks = (bytes - head) >> 4;
    uint64_t last_row = s + uint64_t(rows - 1u) * in_row;
    for (uint e = t; pos == 0u && e < 6u; e += wgs) { // the head's and the tail's 4-byte words
        uint i = e < 3u ? e : e - 3u;
        uint o = e < 3u ? 4u * i : head + 16u * blocks + 4u * i;
        uint end = e < 3u ? head : bytes;
        uint64_t from = e < 3u ? s + o : last_row + (o - (rows - 1u) * c);
        if (o < end)
            Word32(d + o).u = Word32(from).u;
    }
    uint per_tile = pc_trips() * RA_UNROLL * wgs;
    uint first = pos * per_tile;
    if (first >= blocks)
        return;
    uint n = min(per_tile, blocks - first);
    if (t >= n)
        return;
    // The line's input, as whole aligned 16-byte blocks: [lo, hi).
    uint64_t lo = (s + 15ul) & ~15ul, hi = (last_row + c) & ~15ul;
    uint o = head + 16u * (first + t);
    uint row = o / c, col = o - row * c;
    uint64_t p = s + uint64_t(row) * in_row + col; // where the invocation's first block comes from
    uint64_t q = d + o;                             // and where it goes
    uint step = 16u * wgs, dq = step / c, dr = step - dq * c;
    uint64_t jump = uint64_t(dq) * in_row + dr, carry = in_row - uint64_t(c), none = 0ul;
    uint zero = 0u;
    for (uint f = t; f < n; f += RA_UNROLL * wgs) {
        uint64_t ps[RA_UNROLL], qs[RA_UNROLL];
        uint cols[RA_UNROLL];
        ps[0] = p;
        qs[0] = q;
        cols[0] = col;
        [[unroll]] for (uint j = 1u; j <= RA_UNROLL; j++) {
            col += dr;
            p += jump;
            q += uint64_t(step);
            bool wrap = col >= c;
            col -= wrap ? c : zero;
            p += wrap ? carry : none;
            if (j < RA_UNROLL) { // resolved at compile time
                bool inside = f + j * wgs < n;
                ps[j] = inside ? p : ps[0];
                qs[j] = inside ? q : qs[0];
                cols[j] = inside ? col : cols[0];
            }
        }
        uvec4 x[RA_UNROLL], y[RA_UNROLL];
        uint ms[RA_UNROLL];
        bool redo = false, redos[RA_UNROLL];
        [[unroll]] for (uint j = 0u; j < RA_UNROLL; j++) {
            uint m = (uint(ps[j]) >> 2) & 3u;
            uint64_t a = ps[j] & ~15ul, b = a + ((m != 0u) ? 16ul : 0ul);
            bool outside = any(bvec2(ps[j] < lo, ps[j] + 16ul > hi));
            a = outside ? lo : a;
            b = outside ? lo : b;
            x[j] = Block(a).b;
            y[j] = Block(b).b;
            ms[j] = m;
            redos[j] = any(bvec2(outside, cols[j] + 16u > c));
            redo = any(bvec2(redo, redos[j]));
        }
        uvec4 r[RA_UNROLL];
        [[unroll]] for (uint j = 0u; j < RA_UNROLL; j++)
            r[j] = realign(x[j], y[j], ms[j]);
        if (redo) {
            [[unroll]] for (uint j = 0u; j < RA_UNROLL; j++)
                if (redos[j])
                    r[j] = gather_block(ps[j], cols[j], c, carry);
        }
        [[unroll]] for (uint j = 0u; j < RA_UNROLL; j++)
            Block(qs[j]).b = r[j];
    }
}

// k: the segment; unit: the workgroup's unit in it (within its band).
void realign_workgroup(uint k, uint band, uint unit)
{
    uint seg = segment_at(k);
    // The segment's first 16 fields, as TILES reads them.
    uvec4 f0 = tbl4(seg), f4 = tbl4(seg + 4u), f8 = tbl4(seg + 8u);
    uint units = f0[SEG_UNITS], tiles = f4[SEG_TILES - 4];
    uint chunk = f0[SEG_CHUNK_WORDS], line_tiles = f0[SEG_LINE_TILES];
    OFFSET in_off = OFFSET(word64(f4[SEG_IN_BASE - 4], f4[SEG_IN_BASE - 3])), out_off = OFFSET(0u);
    uint rows = f8[SEG_DIMS + DIM_SIZE - 8];
    uint64_t in_row = word64(f8[SEG_DIMS + DIM_IN_STRIDE - 8], f8[SEG_DIMS + DIM_IN_STRIDE - 7]) * WORD_BYTES;
    uint tile = unit + band * units;
    if (tile >= tiles) // the last band may be short
        return;
    uint line = tile / line_tiles;
    if (line != 0u)
        place_row(seg, line, 1u, in_off, out_off);
    realign_copy(in_cursor(in_off), out_cursor(output_of(k), out_off), rows, chunk * WORD_BYTES, in_row,
                 tile - line * line_tiles);
}
#endif
