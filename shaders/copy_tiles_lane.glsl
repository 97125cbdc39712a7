// One invocation's share of a TILES unit, word by word; included twice by copy_tiles.glsl:
//   TL_WIDE 0: positions in a line as 32 bits, what every plan whose lines hold less than
//              2^32 words and whose trips span less than 2 GiB runs;
//   TL_WIDE 1: 64-bit positions and offsets (device addresses only), for the rest.
// TL_NAME names the functions, TL_OFF is the offsets' type within a trip, TL_STEPS the steps'
// struct, and TL_PLACE(cursor, offset) the cursor that far on.
//
// A tile is one trip of a workgroup: TILES_UNROLL x workgroup consecutive words of a line. A
// unit (one workgroup) copies `trips` tiles `stride` tiles apart (a grid-stride loop): the
// workgroups running at one time copy neighbouring tiles, so that their working set stays a
// few megabytes whatever the split's size, while each pays its prologue once for all its
// trips. In each trip a group of TG lanes (a warp) covers TG x TILES_UNROLL consecutive words,
// lane i taking words i, i + TG, ...: every load instruction of a warp reads TG neighbouring
// words, and a lane's words of one trip lie within TG x TILES_UNROLL words of each other, so
// that most trips find them in one row: then they are the first plus constants (immediate
// offsets, nothing stepped). A trip that crosses a row's end, or the line's end, steps word by
// word from the first.

struct TL_STEPS {
    uint chunk;                 // words per row
    uint dr_lane, dr_trip;      // words a step moves within a row: TG % chunk, trip % chunk
    TL_OFF in_lane, out_lane;   // a step of TG words: (TG / chunk) rows and dr_lane words on
    CURSOR in_trip, out_trip;   // a step from a trip's first word to the next trip's (stride tiles)
    TL_OFF in_carry, out_carry; // one more row, less a chunk (wraps where the input broadcasts)
    CURSOR in_carry64, out_carry64;
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

// One trip's loads from the lane's first word at `from`, all issued before anything waits on
// one, nothing branching between them. With `clamp`, a word at or past the line's end
// (position g + j * TG >= words) repeats the trip's first (reloaded here, rewritten by the
// stores: the same bytes to the same place).
void TL_NAME(_load)(TL_STEPS k, CURSOR from, uint col, TL_POS g, TL_POS words, const bool fast, const bool clamp,
                    out VALUE v[TILES_UNROLL])
{
    if (fast) { // one row: the words are TG words apart
        [[unroll]] for (uint j = 0u; j < TILES_UNROLL; j++)
            v[j] = load_at(from + CURSOR(step_words(OFFSET(j * TG))));
        return;
    }
    TL_OFF at = TL_OFF(0u);
    v[0] = load_at(from);
    [[unroll]] for (uint j = 1u; j < TILES_UNROLL; j++) {
        TL_NAME(_step)(k.chunk, k.dr_lane, col, at, k.in_lane, k.in_carry);
        v[j] = load_at(TL_PLACE(from, clamp && g + j * TG >= words ? TL_OFF(0u) : at));
    }
}

// Its stores, stepping again on the output's side (keeping the loads' offsets instead would
// hold registers that NAK then lacks for the loaded words).
void TL_NAME(_store)(TL_STEPS k, CURSOR to, PART dest, uint col, TL_POS g, TL_POS words, const bool fast,
                     const bool clamp, VALUE v[TILES_UNROLL])
{
    if (fast) {
        [[unroll]] for (uint j = 0u; j < TILES_UNROLL; j++)
            store_at(dest, to + CURSOR(step_words(OFFSET(j * TG))), v[j]);
        return;
    }
    TL_OFF at = TL_OFF(0u);
    store_at(dest, to, v[0]);
    [[unroll]] for (uint j = 1u; j < TILES_UNROLL; j++) {
        TL_NAME(_step)(k.chunk, k.dr_lane, col, at, k.out_lane, k.out_carry);
        store_at(dest, TL_PLACE(to, clamp && g + j * TG >= words ? TL_OFF(0u) : at), v[j]);
    }
}

// One cursor `stride` tiles on: (S / chunk) rows and (S % chunk) words, one carried row at most.
void TL_NAME(_advance)(uint chunk, uint dr, inout uint col, inout CURSOR at, CURSOR jump, CURSOR carry)
{
    col += dr;
    at += jump;
    bool wrap = col >= chunk;
    CURSOR more = wrap ? carry : CURSOR(0u);
    col -= wrap ? chunk : 0u;
    at += more;
}

// Copies tiles first, first + stride, ... (below end) of line l of segment `seg`. The output's
// address is read once the first trip's loads are on their way: its latency hides behind theirs.
void TL_NAME(_copy)(TileLine l, uint first, uint end, uint stride, uint seg)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x, tile = TILES_UNROLL * wgs;
    TL_POS words = TL_POS(l.rows) * l.chunk;
    // The lane's first word: position g in the line; its row and column.
    TL_POS g = TL_POS(first) * tile + (t / TG * (TG * TILES_UNROLL) + t % TG);
    if (g >= words)
        return;
    TL_STEPS k;
    k.chunk = l.chunk;
    TL_POS s = TL_POS(stride) * tile, row = TL_POS(0u), sq = TL_POS(0u);
    uint col, q = 0u;
    if (l.rows == 1u) { // one row (a 1-D split, an inline one): a position is a column, no step crosses a row
        col = uint(g);
        k.dr_lane = TG;
        k.dr_trip = uint(min(s, TL_POS(l.chunk))); // a trip past the row's end stops the loop anyway
    } else {
        row = g / l.chunk;
        col = uint(g - row * l.chunk);
        q = TG / l.chunk;
        k.dr_lane = TG - q * l.chunk;
        sq = s / l.chunk;
        k.dr_trip = uint(s - sq * l.chunk);
    }
    k.in_lane = TL_OFF(step_words(OFFSET(q) * l.in_stride + OFFSET(k.dr_lane)));
    k.in_carry = TL_OFF(step_words(l.in_stride - OFFSET(l.chunk)));
    k.in_carry64 = CURSOR(step_words(l.in_stride - OFFSET(l.chunk)));
    k.in_trip = CURSOR(step_words(OFFSET(sq) * l.in_stride + OFFSET(k.dr_trip)));
    CURSOR from = in_cursor(l.in_off + OFFSET(row) * l.in_stride + OFFSET(col)), to;
    VALUE v[TILES_UNROLL];
    PART dest;
    for (uint tl = first;;) {
        // A trip in one row, whole (the usual), copies from its first word at fixed distances;
        // one that crosses a row's end steps; one that reaches the line's end clamps.
        bool whole = g + (TILES_UNROLL - 1u) * TG < words;
        bool one_row = col + (TILES_UNROLL - 1u) * TG < l.chunk;
        if (ONE_LOAD_PATH) // Intel: one batch for all three cases (split_copy.comp says why)
            TL_NAME(_load)(k, from, col, g, words, false, true, v);
        else if (whole && one_row)
            TL_NAME(_load)(k, from, col, g, words, true, false, v);
        else if (whole)
            TL_NAME(_load)(k, from, col, g, words, false, false, v);
        else
            TL_NAME(_load)(k, from, col, g, words, false, true, v);
        if (tl == first) { // the output's side, now that the first loads are on their way
            dest = part_of(seg);
#if !TL_WIDE
            if (l.seg != 0xFFFFFFFFu)
                l.out_stride = OFFSET(tbl(l.seg + TILES_SEG_WRITE_STRIDE32));
#endif
            k.out_lane = TL_OFF(step_words(OFFSET(q) * l.out_stride + OFFSET(k.dr_lane)));
            k.out_carry = TL_OFF(step_words(l.out_stride - OFFSET(l.chunk)));
            k.out_carry64 = CURSOR(step_words(l.out_stride - OFFSET(l.chunk)));
            k.out_trip = CURSOR(step_words(OFFSET(sq) * l.out_stride + OFFSET(k.dr_trip)));
            to = out_cursor(dest, l.out_off + OFFSET(row) * l.out_stride + OFFSET(col));
        }
        if (ONE_LOAD_PATH)
            TL_NAME(_store)(k, to, dest, col, g, words, false, true, v);
        else if (whole && one_row)
            TL_NAME(_store)(k, to, dest, col, g, words, true, false, v);
        else if (whole)
            TL_NAME(_store)(k, to, dest, col, g, words, false, false, v);
        else
            TL_NAME(_store)(k, to, dest, col, g, words, false, true, v);
        tl += stride;
        g += s;
        if (tl >= end || g >= words)
            break;
        uint out_col = col; // both sides step alike: the output's from the same column
        TL_NAME(_advance)(l.chunk, k.dr_trip, col, from, k.in_trip, k.in_carry64);
        TL_NAME(_advance)(l.chunk, k.dr_trip, out_col, to, k.out_trip, k.out_carry64);
    }
}
