// One invocation's share of a TILES tile, word by word; included twice by copy_tiles.glsl:
//   TL_WIDE 0: the words' places as 32-bit byte (descriptors: word) offsets from the tile's
//              first row, what every plan whose tiles span less than 2 GiB runs;
//   TL_WIDE 1: 64-bit offsets and positions (device addresses only), for the rest.
// TL_NAME names the functions, TL_OFF is the offset type, TL_STEPS the steps' struct, and
// TL_PLACE(cursor, offset) the cursor that far on.
//
// In each trip a group of TG lanes (a warp) covers TG x TILES_UNROLL consecutive words, lane i
// taking words i, i + TG, ...: every load instruction of a warp still reads TG neighbouring
// words, and a lane's words of one trip lie within TG x TILES_UNROLL words of each other, so
// that most trips find them in one row: then they are the trip's first word plus constants
// (immediate offsets, nothing stepped). A trip that crosses a row's end, or the tile's end,
// steps word by word.

struct TL_STEPS {
    uint chunk;                 // words per row
    uint dr_lane, dr_trip;      // words a step moves within a row: TG % chunk, trip % chunk
    TL_OFF in_lane, out_lane;   // a step of TG words: (TG / chunk) rows and dr_lane words on
    TL_OFF in_trip, out_trip;   // from a trip's first word to the next trip's (TILES_UNROLL x workgroup words)
    TL_OFF in_carry, out_carry; // one more row, less a chunk (wraps where the input broadcasts)
};

// From one word to another `dr` words (and some rows, in `jump`) on; one carried row at most.
void TL_NAME(_step)(uint chunk, uint dr, inout uint col, inout TL_OFF at, TL_OFF jump, TL_OFF carry)
{
    col += dr;
    at += jump;
    bool wrap = col >= chunk;
    uint back = wrap ? chunk : 0u;
    TL_OFF more = wrap ? carry : TL_OFF(0u);
    col -= back;
    at += more;
}

// One trip's loads, all issued before anything waits on one, nothing branching between them.
// `f` is the flat index of the lane's first word in the tile; with `clamp`, a word at or past
// `n` repeats the trip's first (reloaded here, rewritten by the stores: the same bytes to the
// same place).
void TL_NAME(_load)(TL_STEPS k, CURSOR in0, uint col, TL_OFF src, uint f, uint n, const bool fast, const bool clamp,
                    out VALUE v[TILES_UNROLL])
{
    if (fast) { // one row: the words are TG words apart
        [[unroll]] for (uint j = 0u; j < TILES_UNROLL; j++)
            v[j] = load_at(TL_PLACE(in0, src + TL_OFF(step_words(OFFSET(j * TG)))));
        return;
    }
    TL_OFF at = src;
    v[0] = load_at(TL_PLACE(in0, src));
    [[unroll]] for (uint j = 1u; j < TILES_UNROLL; j++) {
        TL_NAME(_step)(k.chunk, k.dr_lane, col, at, k.in_lane, k.in_carry);
        v[j] = load_at(TL_PLACE(in0, clamp && f + j * TG >= n ? src : at));
    }
}

// Its stores, stepping again on the output's side (keeping the loads' offsets instead would
// hold registers that NAK then lacks for the loaded words).
void TL_NAME(_store)(TL_STEPS k, CURSOR out0, OUTPUT dest, uint col, TL_OFF dst, uint f, uint n, const bool fast,
                     const bool clamp, VALUE v[TILES_UNROLL])
{
    if (fast) {
        [[unroll]] for (uint j = 0u; j < TILES_UNROLL; j++)
            store_at(dest, TL_PLACE(out0, dst + TL_OFF(step_words(OFFSET(j * TG)))), v[j]);
        return;
    }
    TL_OFF at = dst;
    store_at(dest, TL_PLACE(out0, dst), v[0]);
    [[unroll]] for (uint j = 1u; j < TILES_UNROLL; j++) {
        TL_NAME(_step)(k.chunk, k.dr_lane, col, at, k.out_lane, k.out_carry);
        store_at(dest, TL_PLACE(out0, clamp && f + j * TG >= n ? dst : at), v[j]);
    }
}

// Copies tile `pos` of line l of segment `seg` (every tile but a line's last holds exactly
// trips x TILES_UNROLL x workgroup words). The output's address is read once the first trip's
// loads are on their way: its latency hides behind theirs.
void TL_NAME(_copy)(TileLine l, uint pos, uint seg)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    uint words = pc_trips() * TILES_UNROLL * wgs;
    uint n, row0, col0; // the tile's words, its first word's row and column (uniform)
#if TL_WIDE
    uint64_t first = uint64_t(pos) * words;
    n = uint(min(uint64_t(words), uint64_t(l.rows) * l.chunk - first));
    uint64_t r0 = first / l.chunk;
    row0 = uint(r0);
    col0 = uint(first - r0 * l.chunk);
#else
    uint first = pos * words;
    n = min(words, l.rows * l.chunk - first);
    row0 = first / l.chunk;
    col0 = first - row0 * l.chunk;
#endif
    // The lane's first word: flat index f in the tile; its row and column from the tile's first row.
    uint f = t / TG * (TG * TILES_UNROLL) + t % TG;
    if (f >= n)
        return;
    uint c = col0 + f, dq = c / l.chunk, col = c - dq * l.chunk;
    TL_STEPS k;
    k.chunk = l.chunk;
    uint q = TG / l.chunk;
    k.dr_lane = TG - q * l.chunk;
    k.in_lane = TL_OFF(step_words(OFFSET(q) * l.in_stride + OFFSET(k.dr_lane)));
    uint trip = TILES_UNROLL * wgs;
    q = trip / l.chunk;
    k.dr_trip = trip - q * l.chunk;
    k.in_trip = TL_OFF(step_words(OFFSET(q) * l.in_stride + OFFSET(k.dr_trip)));
    k.in_carry = TL_OFF(step_words(l.in_stride - OFFSET(l.chunk)));
    CURSOR in0 = in_cursor(l.in_off + OFFSET(row0) * l.in_stride);
    TL_OFF src = TL_OFF(step_words(OFFSET(dq) * l.in_stride + OFFSET(col)));
    TL_OFF dst;
    VALUE v[TILES_UNROLL];
    OUTPUT dest;
    CURSOR out0;
    for (bool started = false;; started = true) {
        // A trip in one row, whole (the usual), copies from its first word at fixed distances;
        // one that crosses a row's end steps; a lane's last one in a line's last tile clamps.
        bool whole = f + (TILES_UNROLL - 1u) * TG < n;
        bool one_row = col + (TILES_UNROLL - 1u) * TG < l.chunk;
        if (whole && one_row)
            TL_NAME(_load)(k, in0, col, src, f, n, true, false, v);
        else if (whole)
            TL_NAME(_load)(k, in0, col, src, f, n, false, false, v);
        else
            TL_NAME(_load)(k, in0, col, src, f, n, false, true, v);
        if (!started) { // the output's side, now that the first loads are on their way
            dest = output_of(seg);
#if !TL_WIDE
            if (l.seg != 0xFFFFFFFFu)
                l.out_stride = OFFSET(tbl(l.seg + SEG_OUT_STRIDE32));
#endif
            k.out_lane = TL_OFF(step_words(OFFSET(TG / l.chunk) * l.out_stride + OFFSET(k.dr_lane)));
            k.out_trip = TL_OFF(step_words(OFFSET(trip / l.chunk) * l.out_stride + OFFSET(k.dr_trip)));
            k.out_carry = TL_OFF(step_words(l.out_stride - OFFSET(l.chunk)));
            out0 = out_cursor(dest, l.out_off + OFFSET(row0) * l.out_stride);
            dst = TL_OFF(step_words(OFFSET(dq) * l.out_stride + OFFSET(col)));
        }
        if (whole && one_row)
            TL_NAME(_store)(k, out0, dest, col, dst, f, n, true, false, v);
        else if (whole)
            TL_NAME(_store)(k, out0, dest, col, dst, f, n, false, false, v);
        else
            TL_NAME(_store)(k, out0, dest, col, dst, f, n, false, true, v);
        f += trip;
        if (f >= n)
            break;
        uint c_out = col;
        TL_NAME(_step)(l.chunk, k.dr_trip, col, src, k.in_trip, k.in_carry);
        TL_NAME(_step)(l.chunk, k.dr_trip, c_out, dst, k.out_trip, k.out_carry);
    }
}
