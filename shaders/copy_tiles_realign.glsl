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
#define RA_UNROLL 3 // output blocks per trip: 48 bytes, from 6 loads of 16 bytes (64 distinct), what
                    // NAK's six scoreboards hold in flight

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

// The 16 bytes of a block whose first byte comes from al + o, at column col of a row of c
// bytes: bytes past the row's end come from the next row, `carry` further on (offsets from
// the aligned base fit 32 bits: the host's bound on a tile's span).
uvec4 gather_block(uint64_t al, uint o, uint col, uint c, uint carry)
{
    uvec4 r;
    [[unroll]] for (uint i = 0u; i < 4u; i++) {
        uint more = col + 4u * i >= c ? carry : 0u;
        r[i] = Word32(al + uint64_t(o + 4u * i + more)).u;
    }
    return r;
}

// A lane's place in a tile and the tile's constants (offsets in bytes: p from the tile's
// first input row, q in the output from the line's start).
struct RealignLane {
    uint f, n;              // the lane's first block of this trip, flat in the tile; the tile's blocks
    uint col, p, q;         // that block's column in its row, input offset, output offset
    uint c, r, lo, hi;      // row bytes; the base's misalignment; the input's whole blocks [lo, hi)
    uint dr_lane, jump_lane, carry;
    uint64_t al;            // the tile's first input row, rounded down to 16 bytes
};

// Is this trip a fast one: its blocks whole, in one row, 16 x TG bytes apart, inside the input?
bool realign_fast(RealignLane L)
{
    uint span = 16u * (RA_UNROLL - 1u) * TG + 16u;
    bool whole = L.f + (RA_UNROLL - 1u) * TG < L.n;
    return all(bvec4(whole, L.col + span <= L.c, L.p >= L.lo, L.p + span <= L.hi));
}

// A fast trip's loads, two aligned 16-byte blocks per output block.
void realign_load(RealignLane L, out uvec4 x[RA_UNROLL], out uvec4 y[RA_UNROLL], out uint m)
{
    uint lane = 16u * TG, rp = L.r + L.p, a = rp & ~15u;
    m = (rp >> 2) & 3u;
    uint b = a + ((m != 0u) ? 16u : 0u);
    [[unroll]] for (uint j = 0u; j < RA_UNROLL; j++) {
        x[j] = Block(L.al + (a + j * lane)).b;
        y[j] = Block(L.al + (b + j * lane)).b;
    }
}

void realign_store(RealignLane L, uint64_t d, uvec4 x[RA_UNROLL], uvec4 y[RA_UNROLL], uint m)
{
    uint lane = 16u * TG;
    [[unroll]] for (uint j = 0u; j < RA_UNROLL; j++)
        Block(d + (L.q + j * lane)).b = realign(x[j], y[j], m);
}

// Any other trip, block by block from 4-byte loads: rows crossed, the input's edges, the
// tile's end (rare: a few trips per row; a small loop, so that the trips' loop stays small).
void realign_slow(RealignLane L, uint64_t d)
{
    uint lane = 16u * TG, cj = L.col, pj = L.p, zero = 0u;
    [[dont_unroll]] for (uint j = 0u; j < RA_UNROLL; j++) {
        if (L.f + j * TG < L.n)
            Block(d + (L.q + j * lane)).b = gather_block(L.al, L.r + pj, cj, L.c, L.carry);
        cj += L.dr_lane;
        pj += L.jump_lane;
        bool wrap = cj >= L.c;
        cj -= wrap ? L.c : zero;
        pj += wrap ? L.carry : zero;
    }
}

// One tile of a line: rows of c bytes, row r from s + r * in_row in the input, all of them
// contiguous in the output from byte out_off of output k, whose place mod 16 is dmod; pos is
// the tile's index within the line. Where the plan promises 16-byte aligned bindings
// (FLAG_ALIGNED), dmod is known without the output's address, which is then read once the
// first trip's loads are on their way.
void realign_copy(uint64_t s, uint k, uint64_t out_off, uint dmod, uint rows, uint c, uint64_t in_row, uint pos)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    uint bytes = rows * c;
    uint head = (16u - dmod) & 15u;
    uint blocks = (bytes - head) >> 4;
    uint64_t last_row = s + uint64_t(rows - 1u) * in_row;
    uint64_t d = 0ul;
    uint per_tile = pc_trips() * RA_UNROLL * wgs;
    uint first = pos * per_tile;
    RealignLane L;
    L.n = first < blocks ? min(per_tile, blocks - first) : 0u;
    L.f = t / TG * (TG * RA_UNROLL) + t % TG;
    bool started = L.f < L.n;
    if (started) {
        // The tile's first block, its row and column; the input from that row's start.
        uint o0 = head + 16u * first, row0 = o0 / c, col0 = o0 - row0 * c;
        uint64_t base_in = s + uint64_t(row0) * in_row;
        L.al = base_in & ~15ul;
        L.r = uint(base_in) & 15u;
        L.lo = row0 == 0u ? (16u - (uint(s) & 15u)) & 15u : 0u;
        L.hi = uint(min(((last_row + c) & ~15ul) - base_in, 0xFFFFFFF0ul));
        L.c = c;
        uint cc = col0 + 16u * L.f, dq = cc / c;
        L.col = cc - dq * c;
        L.p = dq * uint(in_row) + L.col; // in_row < 2^31 where rows > 1 (the host's bound)
        L.q = o0 + 16u * L.f;
        uint lane = 16u * TG, trip = 16u * RA_UNROLL * wgs;
        uint dq_lane = lane / c, dq_trip = trip / c, dr_trip = trip - dq_trip * c;
        L.dr_lane = lane - dq_lane * c;
        L.jump_lane = dq_lane * uint(in_row) + L.dr_lane;
        L.carry = uint(in_row) - c;
        uint jump_trip = dq_trip * uint(in_row) + dr_trip, zero = 0u;
        uvec4 x[RA_UNROLL], y[RA_UNROLL];
        uint m;
        bool fast = realign_fast(L);
        if (fast)
            realign_load(L, x, y, m);
        d = out_cursor(output_of(k), out_off); // after the first loads: its latency hides behind theirs
        if (fast)
            realign_store(L, d, x, y, m);
        else
            realign_slow(L, d);
        for (;;) {
            L.f += RA_UNROLL * wgs;
            if (L.f >= L.n)
                break;
            L.q += trip;
            L.col += dr_trip;
            L.p += jump_trip;
            bool wrap = L.col >= c;
            L.col -= wrap ? c : zero;
            L.p += wrap ? L.carry : zero;
            if (realign_fast(L)) {
                realign_load(L, x, y, m);
                realign_store(L, d, x, y, m);
            } else {
                realign_slow(L, d);
            }
        }
    }
    // The line's first tile copies its head's and tail's 4-byte words.
    if (pos == 0u && t < 6u) {
        if (!started)
            d = out_cursor(output_of(k), out_off);
        for (uint e = t; e < 6u; e += wgs) {
            uint i = e < 3u ? e : e - 3u;
            uint o = e < 3u ? 4u * i : head + 16u * blocks + 4u * i;
            uint end = e < 3u ? head : bytes;
            uint64_t from = e < 3u ? s + o : last_row + (o - (rows - 1u) * c);
            if (o < end)
                Word32(d + o).u = Word32(from).u;
        }
    }
}

// k: the segment; unit: the workgroup's unit in it (within its band).
void realign_workgroup(uint k, uint band, uint unit)
{
    uint seg = segment_at(k);
    // The fields TILES reads, in two 16-byte loads.
    uvec4 f0, f4;
    segment_head(seg, f0, f4);
    uint units = f0[SEG_UNITS], tiles = f0[SEG_TILES];
    uint chunk = f0[SEG_CHUNK_WORDS], line_tiles = f0[SEG_LINE_TILES];
    OFFSET in_off = OFFSET(word64(f4[SEG_IN_BASE - 4], f4[SEG_IN_BASE - 3])), out_off = OFFSET(0u);
    uint rows = f4[SEG_LINE_ROWS - 4];
    uint64_t in_row = uint64_t(f4[SEG_IN_STRIDE32 - 4]) * WORD_BYTES;
    uint tile = unit + band * units;
    if (tile >= tiles) // the last band may be short
        return;
    uint line = tile / line_tiles;
    if (line != 0u)
        place_row(seg, line, 1u, in_off, out_off);
    // Where the output starts mod 16: from its offset alone where bindings are 16-byte aligned.
    uint dmod = uint(out_off * WORD_BYTES) & 15u;
    if (!pc_flag(FLAG_ALIGNED))
        dmod = uint(out_cursor(output_of(k), out_off)) & 15u;
    realign_copy(in_cursor(in_off), k, out_off, dmod, rows, chunk * WORD_BYTES, in_row, tile - line * line_tiles);
}
#endif
