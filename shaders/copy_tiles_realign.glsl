// TILES, realigned: the rows of a plan whose word is 4 or 8 bytes, copied with 16-byte loads
// and stores (device addresses). The host plans it (src/geometry/mapping_tiles.c) where every line's
// output is one contiguous range (row dimension 0's output stride is the chunk), every row
// holds 16 bytes or more and a line's bytes fit 32 bits; the tiles are those of TILES, counted
// in 16-byte output blocks.
//
// A line's output is a head of fewer than 16 bytes up to its first 16-byte boundary, then the
// body: whole aligned 16-byte blocks, then a tail of fewer than 16 bytes. Body block b takes
// the 16 input bytes from where its first byte comes from; they start on a 4-byte boundary, so
// the one or two aligned input blocks that hold them are loaded and the bytes picked out in
// registers. A trip whose blocks lie in one row, 32 bytes or more before its end, copies so;
// the others (a row's end, the line's first block, the line's end) go block by block from
// 4-byte loads: no byte outside the input is ever read. The line's first workgroup copies its head and tail,
// 4 bytes at a time. Every trip issues 2 x RA_UNROLL loads before its first store, without a
// branch between them, as TILES does (a block past the tile's end repeats the trip's first).

//
// A join (JOIN) turns this round: the part's line, contiguous, is the side read, and its rows
// land in the whole RJ_UNROLL blocks at a time: aligned 16-byte loads of the part's bytes
// (never outside them), each block stored as four 4-byte words at their places in the whole,
// a word past a row's end carried into the next row (realign_join_copy).

#if defined(ADDRESSING_BDA) && !ATOMIC_STORES && (WORD_BYTES == 4 || WORD_BYTES == 8)
#define RA_UNROLL ABI_REALIGN_UNROLL_SPLIT // a split's output blocks per trip: 48 bytes, from 6 loads of
                                        // 16 bytes (64 distinct), what NAK's six scoreboards hold
#define RJ_UNROLL ABI_REALIGN_UNROLL_JOIN //   a join's blocks per trip: 4 loads of 16 bytes, 64 in flight

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

// The 16 bytes of a block whose first byte comes from p + o, at column col of a row of c
// bytes: bytes past the row's end come from the next row, `carry` further on (col < c: as
// scatter_block, below, the first word never passes the end).
uvec4 gather_block(uint64_t p, uint o, uint col, uint c, uint carry)
{
    uint left = c - col;
    uvec4 r;
    r[0] = Word32(p + uint64_t(o)).u;
    [[unroll]] for (uint i = 1u; i < 4u; i++) {
        uint more = 4u * i >= left ? carry : 0u;
        r[i] = Word32(p + uint64_t(o + 4u * i + more)).u;
    }
    return r;
}

// A lane's place in a trip and the line's constants.
struct RealignLane {
    uint g, blocks;         // the lane's first block of this trip, flat in the line's body; the body's blocks
    uint col, c;            // that block's column in its row; the row's bytes
    uint64_t al;            // where that block's first byte comes from, rounded down to 16 bytes
    uint mis;               // ... and the bytes above that (0, 4, 8 or 12)
    uint dr_lane, jump_lane, carry; // a step of TG blocks within a trip (bytes), one row more
};

// Is this trip a fast one: its blocks whole, 16 x TG bytes apart in one row, and every
// aligned block its loads touch (one past the last) inside the line's input? A row ending 32
// bytes or more after the trip's last byte holds that block (even the last row), and every
// block but the line's first comes from at or after the line's first aligned block.
bool realign_fast(RealignLane L)
{
    uint span = 16u * (RA_UNROLL - 1u) * TG + 16u;
    bool whole = L.g + (RA_UNROLL - 1u) * TG < L.blocks;
    return all(bvec3(whole, L.col + span + 32u <= L.c, L.g != 0u));
}

// A fast trip's loads: the two aligned 16-byte blocks around each output block's bytes, at
// fixed distances from the lane's cursor (which stays live, so that NAK needs no scoreboard
// to guard the address registers of loads in flight).
void realign_load(RealignLane L, out uvec4 x[RA_UNROLL], out uvec4 y[RA_UNROLL])
{
    uint lane = 16u * TG;
    [[unroll]] for (uint j = 0u; j < RA_UNROLL; j++) {
        x[j] = Block(L.al + uint64_t(j * lane)).b;
        y[j] = Block(L.al + uint64_t(j * lane + 16u)).b;
    }
}

void realign_store(uint64_t to, uvec4 x[RA_UNROLL], uvec4 y[RA_UNROLL], uint m)
{
    uint lane = 16u * TG;
    [[unroll]] for (uint j = 0u; j < RA_UNROLL; j++)
        Block(to + uint64_t(j * lane)).b = realign(x[j], y[j], m);
}

// Any other trip, block by block from 4-byte loads: rows crossed, the input's edges, the
// line's end (rare: a few trips per row; a small loop, so that the trips' loop stays small).
void realign_slow(RealignLane L, uint64_t to)
{
    uint lane = 16u * TG, cj = L.col, pj = 0u, zero = 0u;
    [[dont_unroll]] for (uint j = 0u; j < RA_UNROLL; j++) {
        if (L.g + j * TG < L.blocks)
            Block(to + uint64_t(j * lane)).b = gather_block(L.al, L.mis + pj, cj, L.c, L.carry);
        cj += L.dr_lane;
        pj += L.jump_lane;
        bool wrap = cj >= L.c;
        cj -= wrap ? L.c : zero;
        pj += wrap ? L.carry : zero;
    }
}

// Tiles first, first + stride, ... (below end) of a line: rows of c bytes, row r from
// s + r * in_row in the input, all of them contiguous in the output from byte out_off of output
// k, whose place mod 16 is dmod. Where the plan promises 16-byte aligned bindings
// (FLAG_ALIGNED), dmod is known without the output's address, which is then read once the first
// trip's loads are on their way. A tile is one trip: RA_UNROLL x workgroup blocks of the body.
void realign_copy(uint64_t s, uint k, uint64_t out_off, uint dmod, uint rows, uint c, uint64_t in_row, uint first,
                  uint end, uint stride)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x, tile = RA_UNROLL * wgs;
    uint bytes = rows * c;
    uint head = (16u - dmod) & 15u;
    RealignLane L;
    L.blocks = (bytes - head) >> 4;
    uint64_t last_row = s + uint64_t(rows - 1u) * in_row;
    uint64_t d = 0ul;
    L.g = first * tile + (t / TG * (TG * RA_UNROLL) + t % TG);
    bool started = first < end && L.g < L.blocks;
    if (started) {
        uint o = head + 16u * L.g, row = 0u;
        uint lane = 16u * TG, step = 16u * stride * tile; // bytes of output between trips (< 2^32: the host's bound)
        uint dq_lane = 0u, dq_trip = 0u, dr_trip = min(step, c);
        L.c = c;
        L.col = o;
        L.dr_lane = lane;
        if (rows != 1u) { // else one row: a place is a column, no step crosses a row (past it, the loop ends)
            row = o / c;
            L.col = o - row * c;
            dq_lane = lane / c;
            L.dr_lane = lane - dq_lane * c;
            dq_trip = step / c;
            dr_trip = step - dq_trip * c;
        }
        uint64_t src = s + uint64_t(row) * in_row + L.col;
        L.al = src & ~15ul;
        L.mis = uint(src) & 15u;
        L.jump_lane = dq_lane * uint(in_row) + L.dr_lane; // in_row < 2^31 where rows > 1 (the host's bound)
        L.carry = uint(in_row) - c;
        uint64_t jump_trip = uint64_t(dq_trip) * in_row + dr_trip, carry64 = in_row - uint64_t(c);
        uvec4 x[RA_UNROLL], y[RA_UNROLL];
        bool fast = realign_fast(L);
        if (fast)
            realign_load(L, x, y);
        d = out_cursor(segment_part(k), out_off); // after the first loads: its latency hides behind theirs
        if (fast)
            realign_store(d + o, x, y, L.mis >> 2);
        else
            realign_slow(L, d + o);
        for (uint tl = first + stride; tl < end; tl += stride) {
            L.g += stride * tile;
            if (L.g >= L.blocks)
                break;
            L.col += dr_trip;
            bool wrap = L.col >= c;
            L.col -= wrap ? c : 0u;
            uint64_t src = L.al + L.mis + jump_trip + (wrap ? carry64 : 0ul);
            L.al = src & ~15ul;
            L.mis = uint(src) & 15u;
            uint64_t to = d + (head + 16u * L.g);
            if (realign_fast(L)) {
                realign_load(L, x, y);
                realign_store(to, x, y, L.mis >> 2);
            } else {
                realign_slow(L, to);
            }
        }
    }
    // The line's first tile copies its head's and tail's 4-byte words.
    if (first == 0u && t < 6u) {
        if (!started)
            d = out_cursor(segment_part(k), out_off);
        for (uint e = t; e < 6u; e += wgs) {
            uint i = e < 3u ? e : e - 3u;
            uint o = e < 3u ? 4u * i : head + 16u * L.blocks + 4u * i;
            uint stop = e < 3u ? head : bytes;
            uint64_t from = e < 3u ? s + o : last_row + (o - (rows - 1u) * c);
            if (o < stop)
                Word32(d + o).u = Word32(from).u;
        }
    }
}

// A block's four words at their places in the whole: `to` is where its first byte goes, at
// column col of a row of c bytes (c >= 32: a block crosses one row's end at most); a word past
// the row's end goes `carry` bytes further on, into the next row. col < c: the first word never
// passes the end, and the others compare their offset with what is left of the row (one
// subtraction a block, not an add a word).
void scatter_block(uint64_t to, uvec4 v, uint col, uint c, uint carry)
{
    uint left = c - col;
    Word32(to).u = v[0];
    [[unroll]] for (uint i = 1u; i < 4u; i++) {
        uint more = 4u * i >= left ? carry : 0u;
        Word32(to + uint64_t(4u * i + more)).u = v[i];
    }
}

// A join's line: rows of c bytes, contiguous in the part from s (the side read), row r written
// at d + r * out_row in the whole (out_row < 2^31 and every place of the line within 32 bits:
// the host's bound, as for the split). The part's bytes from its first 16-byte boundary are
// blocks; lane t of a trip takes blocks g, g + TG, ... (RJ_UNROLL of them), loaded together
// (a block past the line's end reloads the trip's first, so that no branch comes between the
// loads), then stored word by word (with ONE_LOAD_PATH that reload stored again too). Each
// block's place is stepped from the one before, one carried row at most; one division per
// invocation. The line's first tile copies the head
// (before the first boundary) and the tail (after the last whole block), 4 bytes at a time.
void realign_join_copy(uint64_t s, uint64_t d, uint rows, uint c, uint out_row, uint first, uint end, uint stride)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x, tile = RJ_UNROLL * wgs;
    uint bytes = rows * c;
    uint head = (16u - (uint(s) & 15u)) & 15u;
    uint blocks = (bytes - head) >> 4;
    uint64_t body = s + head;
    uint g = first * tile + (t / TG * (TG * RJ_UNROLL) + t % TG);
    if (first < end && g < blocks) {
        uint lane = 16u * TG, step = 16u * stride * tile; // bytes of the line between blocks, trips
        uint o = head + 16u * g, row = 0u, col = o;
        uint dq_lane = 0u, dr_lane = lane, dq_trip = 0u, dr_trip = step;
        if (rows != 1u) { // else one row: no step crosses a row (past it, the loop ends)
            row = o / c;
            col = o - row * c;
            dq_lane = lane / c;
            dr_lane = lane - dq_lane * c;
            dq_trip = step / c;
            dr_trip = step - dq_trip * c;
        }
        uint carry = out_row - c;
        uint jump_lane = dq_lane * out_row + dr_lane, jump_trip = dq_trip * out_row + dr_trip;
        uint place = row * out_row + col; // block g's first byte, from d
        for (uint tl = first; tl < end; tl += stride) {
            uvec4 x[RJ_UNROLL];
            [[unroll]] for (uint j = 0u; j < RJ_UNROLL; j++) {
                uint b = g + j * TG;
                x[j] = Block(body + uint64_t(16u * (b < blocks ? b : g))).b;
            }
            uint cj = col, pj = place;
            [[unroll]] for (uint j = 0u; j < RJ_UNROLL; j++) {
                bool live = g + j * TG < blocks;
                if (ONE_LOAD_PATH) // Intel: a block past the line's end stores what it loaded, block g, at
                    // block g's place (the same bytes to the same place), not skipped: stores under
                    // ifs in this loop put its loads on one scoreboard token (split_copy.comp)
                    scatter_block(d + uint64_t(live ? pj : place), x[j], live ? cj : col, c, carry);
                else if (live)
                    scatter_block(d + uint64_t(pj), x[j], cj, c, carry);
                cj += dr_lane;
                pj += jump_lane;
                bool wrap = cj >= c;
                cj -= wrap ? c : 0u;
                pj += wrap ? carry : 0u;
            }
            g += stride * tile;
            if (g >= blocks)
                break;
            col += dr_trip;
            place += jump_trip;
            bool wrap = col >= c;
            col -= wrap ? c : 0u;
            place += wrap ? carry : 0u;
        }
    }
    if (first == 0u && t < 6u) {
        for (uint e = t; e < 6u; e += wgs) {
            uint i = e < 3u ? e : e - 3u;
            uint o = e < 3u ? 4u * i : head + 16u * blocks + 4u * i;
            uint stop = e < 3u ? head : bytes;
            if (o < stop) {
                uint row = o / c;
                Word32(d + uint64_t(row * out_row + (o - row * c))).u = Word32(s + uint64_t(o)).u;
            }
        }
    }
}

// k: the segment; unit: the workgroup's unit in it (within its band).
void realign_workgroup(uint k, uint band, uint unit)
{
    uint seg = segment_at(k);
    // The fields TILES reads, in two 16-byte loads; a join's part address (asked for first,
    // picked after them: part_address_issue) and the whole's row stride, issued with them.
    uint out_row = 0u;
    PartAddress part;
    if (JOIN)
        part = part_address_issue(k);
    uvec4 f0, f4;
    segment_head(seg, f0, f4);
    if (JOIN) {
        out_row = tbl(seg + TILES_SEG_WRITE_STRIDE32) * WORD_BYTES;
        g_part = part_address_pick(part);
    }
    uint chunk = f0[SEG_CHUNK_WORDS];
    OFFSET in_off, out_off;
    base_offsets(OFFSET(word64(f4[SEG_BASE - 4], f4[SEG_BASE - 3])), in_off, out_off);
    uint rows = f4[TILES_SEG_LINE_ROWS - 4];
    uint64_t in_row = uint64_t(f4[TILES_SEG_READ_STRIDE32 - 4]) * WORD_BYTES;
    uint line, first, end, stride;
    tiles_range(unit, band, f0[SEG_UNITS], f0[TILES_SEG_TILES], f0[TILES_SEG_LINE_TILES], line, first, end, stride);
    if (first >= end) // a short last band's, or line's, spare unit
        return;
    if (line != 0u)
        place_row(seg, line, 1u, in_off, out_off);
    if (JOIN) {
        realign_join_copy(in_cursor(in_off), out_cursor(g_part, out_off), rows, chunk * WORD_BYTES, out_row, first,
                          end, stride);
        return;
    }
    // Where the output starts mod 16: from its offset alone where bindings are 16-byte aligned.
    uint dmod = uint(out_off * WORD_BYTES) & 15u;
    if (!pc_flag(FLAG_ALIGNED))
        dmod = uint(out_cursor(segment_part(k), out_off)) & 15u;
    realign_copy(in_cursor(in_off), k, out_off, dmod, rows, chunk * WORD_BYTES, in_row, first, end, stride);
}
#endif
