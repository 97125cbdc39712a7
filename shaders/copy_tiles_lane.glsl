// One invocation's share of a TILES tile, word by word; included twice by copy_tiles.glsl:
//   TL_WIDE 0: the words' places as 32-bit byte (descriptors: word) offsets from the
//              invocation's first word, what every plan whose tiles span less than 2 GiB runs;
//   TL_WIDE 1: 64-bit cursors and positions (device addresses only), for the rest.
// TL_NAME names the functions, TL_OFF is the offset type, TL_STEPS the steps' struct, and
// TL_PLACE(cursor, offset) the cursor that far on (32-bit offsets are signed: a broadcast
// input steps backwards).

struct TL_STEPS {
    uint chunk, dr;     // words per row; (workgroup % chunk) words per step
    TL_OFF in_jump;     // (workgroup / chunk) rows and dr words on
    TL_OFF out_jump;
    TL_OFF in_carry;    // one more row, less a chunk (wraps where the input broadcasts)
    TL_OFF out_carry;
};

// From one of an invocation's words to its next; one carried row at most (dr < chunk).
void TL_NAME(_step)(TL_STEPS k, inout uint col, inout TL_OFF at, TL_OFF jump, TL_OFF carry)
{
    col += k.dr;
    at += jump;
    bool wrap = col >= k.chunk;
    uint back = wrap ? k.chunk : 0u;
    TL_OFF more = wrap ? carry : TL_OFF(0u);
    col -= back;
    at += more;
}

// One trip's loads: TILES_UNROLL words from src on, every load issued before anything waits
// on one. With `clamp`, a word at or past `n` (flat index f + j * workgroup) repeats the
// trip's first, so that nothing branches between the loads.
void TL_NAME(_load)(TL_STEPS k, CURSOR in0, inout uint col, inout TL_OFF src, uint f, uint n, const bool clamp,
                    out VALUE v[TILES_UNROLL])
{
    uint wgs = gl_WorkGroupSize.x;
    TL_OFF at = src;
    v[0] = load_at(TL_PLACE(in0, src));
    [[unroll]] for (uint j = 1u; j <= TILES_UNROLL; j++) {
        TL_NAME(_step)(k, col, at, k.in_jump, k.in_carry);
        if (j < TILES_UNROLL) // resolved at compile time
            v[j] = load_at(TL_PLACE(in0, clamp && f + j * wgs >= n ? src : at));
    }
    src = at;
}

// Its stores: the same steps on the output's offset (keeping the loads' offsets instead would
// hold registers that NAK then lacks for the loaded words).
void TL_NAME(_store)(TL_STEPS k, CURSOR out0, OUTPUT dest, inout uint col, inout TL_OFF dst, uint f, uint n,
                     const bool clamp, VALUE v[TILES_UNROLL])
{
    uint wgs = gl_WorkGroupSize.x;
    TL_OFF at = dst;
    store_at(dest, TL_PLACE(out0, dst), v[0]);
    [[unroll]] for (uint j = 1u; j <= TILES_UNROLL; j++) {
        TL_NAME(_step)(k, col, at, k.out_jump, k.out_carry);
        if (j < TILES_UNROLL)
            store_at(dest, TL_PLACE(out0, clamp && f + j * wgs >= n ? dst : at), v[j]);
    }
    dst = at;
}

// Copies tile `pos` of line l of segment `seg` (every tile but a line's last holds exactly
// trips x TILES_UNROLL x workgroup words). Nothing about the output is read before the first
// trip's loads are issued: its latency hides behind theirs.
void TL_NAME(_copy)(TileLine l, uint pos, uint seg)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    uint words = pc_trips() * TILES_UNROLL * wgs;
    uint n, row, col; // the tile's words, this invocation's first row and column
#if TL_WIDE
    uint64_t first = uint64_t(pos) * words;
    n = uint(min(uint64_t(words), uint64_t(l.rows) * l.chunk - first));
    uint64_t f0 = first + t, r = f0 / l.chunk;
    row = uint(r);
    col = uint(f0 - r * l.chunk);
#else
    uint first = pos * words;
    n = min(words, l.rows * l.chunk - first);
    uint f0 = first + t;
    row = f0 / l.chunk;
    col = f0 - row * l.chunk;
#endif
    if (t >= n)
        return;
    TL_STEPS k;
    k.chunk = l.chunk;
    uint dq = wgs / l.chunk;
    k.dr = wgs - dq * l.chunk;
    k.in_jump = TL_OFF(step_words(OFFSET(dq) * l.in_stride + OFFSET(k.dr)));
    k.in_carry = TL_OFF(step_words(l.in_stride - OFFSET(l.chunk)));
    CURSOR in0 = in_cursor(l.in_off + OFFSET(row) * l.in_stride + OFFSET(col));
    TL_OFF src = TL_OFF(0u), dst = TL_OFF(0u);
    uint c_in = col, c_out = col;
    // Whole trips (all of an invocation's but its last in a line's last tile) need no clamp:
    // fewer live registers while their loads are in flight.
    bool whole = t + (TILES_UNROLL - 1u) * wgs < n;
    VALUE v[TILES_UNROLL];
    if (whole)
        TL_NAME(_load)(k, in0, c_in, src, t, n, false, v);
    else
        TL_NAME(_load)(k, in0, c_in, src, t, n, true, v);
    // The output's side, now that the first loads are on their way.
    OUTPUT dest = output_of(seg);
    k.out_jump = TL_OFF(step_words(OFFSET(dq) * l.out_stride + OFFSET(k.dr)));
    k.out_carry = TL_OFF(step_words(l.out_stride - OFFSET(l.chunk)));
    CURSOR out0 = out_cursor(dest, l.out_off + OFFSET(row) * l.out_stride + OFFSET(col));
    if (whole)
        TL_NAME(_store)(k, out0, dest, c_out, dst, t, n, false, v);
    else
        TL_NAME(_store)(k, out0, dest, c_out, dst, t, n, true, v);
    uint f = t + TILES_UNROLL * wgs;
    for (; f + (TILES_UNROLL - 1u) * wgs < n; f += TILES_UNROLL * wgs) {
        TL_NAME(_load)(k, in0, c_in, src, f, n, false, v);
        TL_NAME(_store)(k, out0, dest, c_out, dst, f, n, false, v);
    }
    if (f < n) {
        TL_NAME(_load)(k, in0, c_in, src, f, n, true, v);
        TL_NAME(_store)(k, out0, dest, c_out, dst, f, n, true, v);
    }
}
