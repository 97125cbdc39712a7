// DEINTERLEAVE: short chunks (every output's part of an input row is a few words). The input
// rows are contiguous and hold every output's chunk in turn; each output's rows are
// contiguous too. A workgroup copies DEINTERLEAVE_TBL_TILE_ROWS whole input rows: it reads them with
// WORD_BYTES loads (ABI_UNROLL of them in flight per invocation) into workgroup memory, then
// writes every output's part of those rows with WORD_BYTES stores, gathering 32-bit pieces
// from workgroup memory. Each input byte leaves memory once. The host uses 16-byte words
// where the bindings allow (device addresses), else 4-byte ones; chunks are whole 32-bit words.

#define DI_UNROLL ABI_UNROLL(WORD_BYTES)
#define DI_SLOTS (WORD_BYTES / 4)

VALUE pack_slots(uint s[4])
{
#if WORD_BYTES == 4 && !ATOMIC_STORES
    return VALUE(s[0]);
#elif WORD_BYTES == 16
    return uvec4(s[0], s[1], s[2], s[3]);
#else
    return VALUE(0); // never planned: DEINTERLEAVE uses 4- and 16-byte words
#endif
}

// Slot i (a uint32) of a word in registers.
uint slot_of(VALUE v, uint i)
{
#if WORD_BYTES == 4 && !ATOMIC_STORES
    return uint(v);
#elif WORD_BYTES == 16
    return v[i];
#else
    return 0u; // never planned
#endif
}

// n / d for n, d <= DEINTERLEAVE_SHARED_WORDS (a tile's pieces and a chunk both fit workgroup
// memory) by a multiply: magic = ceil(2^32 / d) (the table's DEINTERLEAVE_SEG_ROW_MAGIC, written by the
// host), the high half of n * magic, exact while n * (magic * d - 2^32) < 2^32, which n, d <=
// 4096 keep far inside. d = 1 has no 32-bit magic (0 stands for it). A select between plain
// values: no branch.
uint di_div(uint n, uint magic)
{
    uint hi, lo;
    umulExtended(n, magic, hi, lo);
    return magic == 0u ? n : hi;
}

// The plan's three numbers: its own push constants with device addresses (PC_DEINTERLEAVE_BDA_*:
// no table read before the first load), else the table's header.
void deinterleave_params(out uint tile_rows, out uint rows, out uint row_uints, out uint tiles, out uint units)
{
#if defined(ADDRESSING_BDA)
    tile_rows = pc.tile_rows;
    rows = pc.rows;
    row_uints = pc.row_uints;
    tiles = pc.tiles;
    units = pc.units;
#else
    tile_rows = tbl(DEINTERLEAVE_TBL_TILE_ROWS);
    rows = tbl(DEINTERLEAVE_TBL_ROWS);
    row_uints = tbl(DEINTERLEAVE_TBL_ROW_UINTS);
    tiles = rows / tile_rows + uint(rows % tile_rows != 0u);
    units = (tiles + pc_trips() - 1u) / pc_trips();
#endif
}

// A tile: tile_rows whole input rows from row r0 (the last tile may hold fewer, but never
// fewer bytes than one word: the host sizes tiles so, src/geometry/mapping_deinterleave.c). Loads are
// clamped to the tile's last whole word, words - 1, which therefore never wraps.
struct DiTile {
    uint r0, nrows, span, words; // first row, rows, uint32 words, whole DI_SLOTS-words
};

DiTile di_tile(uint tile, uint tile_rows, uint rows, uint row_uints)
{
    DiTile d;
    d.r0 = tile * tile_rows;
    d.nrows = min(tile_rows, rows - d.r0);
    d.span = d.nrows * row_uints;
    d.words = d.span / DI_SLOTS;
    return d;
}

// The first staging trip of a tile: DI_UNROLL loads per invocation, all issued before the
// first wait and nothing branching: a lane past the tile's end loads its last word again.
// (The host sizes tiles to one trip, DI_UNROLL x workgroup words, where rows allow.)
void di_load(DiTile d, uint row_uints, out VALUE v[DI_UNROLL])
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    CURSOR in0 = in_cursor(OFFSET(d.r0) * OFFSET(row_uints) / OFFSET(DI_SLOTS));
    [[unroll]] for (uint j = 0u; j < DI_UNROLL; j++)
        v[j] = load_at(in0 + CURSOR(step_words(OFFSET(min(t + j * wgs, d.words - 1u)))));
}

// A workgroup copies tiles wg, wg + units, ... (a grid-stride loop: the workgroups running
// at one time stage neighbouring rows): it stages a tile's rows in workgroup memory, issues
// the next tile's loads, then writes every output's part of the staged rows, so that loads
// stay in flight while it writes. Each input byte leaves memory once.
void deinterleave_workgroup(uint wg)
{
    uint tile_rows, rows, row_uints, tiles, units;
    deinterleave_params(tile_rows, rows, row_uints, tiles, units);
    if (wg >= units)
        return; // padding of the 2D grid
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    uint tile = wg;
    DiTile d = di_tile(tile, tile_rows, rows, row_uints);
    VALUE v[DI_UNROLL];
    di_load(d, row_uints, v);
    for (;;) {
        // Stage the rows: span uint32 words, whole words first. r0 is a multiple of 4 rows, so
        // a tile starts on a word (row_uints * 4 rows fill whole 16-byte words).
        barrier(); // the previous tile's writes are done reading workgroup memory
        [[unroll]] for (uint j = 0u; j < DI_UNROLL; j++) // where di_load took them from
            put_slots(min(t + j * wgs, d.words - 1u) * DI_SLOTS, v[j]);
        CURSOR in0 = in_cursor(OFFSET(d.r0) * OFFSET(row_uints) / OFFSET(DI_SLOTS));
        for (uint base = t + DI_UNROLL * wgs; base < d.words; base += DI_UNROLL * wgs) { // more trips (small workgroups)
            VALUE w[DI_UNROLL];
            uint wat[DI_UNROLL];
            [[unroll]] for (uint j = 0u; j < DI_UNROLL; j++) {
                wat[j] = min(base + j * wgs, d.words - 1u);
                w[j] = load_at(in0 + CURSOR(step_words(OFFSET(wat[j]))));
            }
            [[unroll]] for (uint j = 0u; j < DI_UNROLL; j++)
                put_slots(wat[j] * DI_SLOTS, w[j]);
        }
#if DI_SLOTS > 1 && defined(ADDRESSING_BDA)
        for (uint u = d.words * DI_SLOTS + t; u < d.span; u += wgs) // the last tile's tail: fewer than DI_SLOTS uint32
            smem[u] = load_u32(uint64_t(d.r0) * row_uints + u);
#endif
        barrier();
        uint next = tile + units;
        if (next < tiles) // the next tile's loads, in flight while this one's outputs are written
            di_load(di_tile(next, tile_rows, rows, row_uints), row_uints, v);

        // Every output's part of these rows: nrows x chunk uint32, contiguous in the output.
        // Invocation t writes words t, t + wgs, ...; its place in workgroup memory is stepped,
        // not divided.
        for (uint k = 0u; k < pc.segments; k++) {
            uint seg = segment_at(k);
            uint chunk = tbl(seg + SEG_CHUNK_WORDS), at_in_row = tbl(seg + DEINTERLEAVE_SEG_ROW_OFFSET);
            uint magic = tbl(seg + DEINTERLEAVE_SEG_ROW_MAGIC); // read with the chunk: no division here
            PART dest = segment_part(k);
            uint out_uints = d.nrows * chunk, out_words = out_uints / DI_SLOTS;
            CURSOR out0 = out_cursor(dest, OFFSET(d.r0) * OFFSET(chunk) / OFFSET(DI_SLOTS));
            uint first = t * DI_SLOTS; // first and step at most 4096 (workgroups of at most 1024)
            uint row = di_div(first, magic), col = first - row * chunk;
            uint step = wgs * DI_SLOTS, dq = di_div(step, magic), dr = step - dq * chunk;
            uint at = row * row_uints + at_in_row + col; // the word's first uint32 in workgroup memory
            uint skip = row_uints - chunk;               // from a row's chunk end to the next row's chunk
            for (uint w = t; w < out_words; w += wgs) {
                uint s[4];
                uint a = at, c = col;
                [[unroll]] for (uint i = 0u; i < DI_SLOTS; i++) {
                    s[i] = smem[a];
                    bool wrap = ++c == chunk;
                    c = wrap ? 0u : c;
                    a += wrap ? skip + 1u : 1u;
                }
                store_at(dest, out0 + CURSOR(step_words(OFFSET(w))), pack_slots(s));
                col += dr;
                bool wrap = col >= chunk;
                col -= wrap ? chunk : 0u;
                at += dq * row_uints + dr + (wrap ? skip : 0u);
            }
#if DI_SLOTS > 1 && defined(ADDRESSING_BDA)
            for (uint u = out_words * DI_SLOTS + t; u < out_uints; u += wgs) { // the tail: fewer than DI_SLOTS
                uint r = di_div(u, magic); // u within the tile: at most 4096
                store_u32(dest, uint64_t(d.r0) * chunk + u, smem[r * row_uints + at_in_row + (u - r * chunk)]);
            }
#endif
        }
        if (next >= tiles)
            break;
        tile = next;
        d = di_tile(tile, tile_rows, rows, row_uints);
    }
}

// A place wgs words on (SELECT_PLACES): jump is dq rows and dr pieces of workgroup memory, and
// a column that passes its row's end (dr < chunk: once at most) skips to the next row's chunk.
void di_step(inout uint at, inout uint col, uint jump, uint dr, uint chunk, uint skip)
{
    col += dr;
    at += jump;
    bool wrap = col >= chunk;
    col -= wrap ? chunk : 0u;
    at += wrap ? skip : 0u;
}

// A part's words of a tile scattered, 32-bit piece by piece, into their rows' places in
// workgroup memory (the join's gather), DI_UNROLL loads a lane in flight.
void di_gather(CURSOR in0, uint in_words, uint chunk, uint magic, uint skip, uint at_in_row, uint row_uints)
{
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    // SELECT_PLACES: a word's place (its first piece's in workgroup memory, and its column) is
    // stepped from the lane's word before, wgs words on, its row's end carried by a select; a
    // clamped word (past the part's last) takes the last word's, placed once. No multiply a word.
    uint jump = 0u, dr = 0u, at_u = 0u, col_u = 0u, at_last = 0u, col_last = 0u;
    uint one_more = chunk == 1u ? skip : 0u; // pieces 2 and 3's further row ends, a chunk of 1
    if (SELECT_PLACES) {
        uint s_pieces = wgs * DI_SLOTS, dq = di_div(s_pieces, magic); // at most 4096 pieces
        dr = s_pieces - dq * chunk;
        jump = dq * row_uints + dr;
        uint first = t * DI_SLOTS, row = di_div(first, magic);
        col_u = first - row * chunk;
        at_u = row * row_uints + at_in_row + col_u;
        uint last = (max(in_words, 1u) - 1u) * DI_SLOTS, last_row = di_div(last, magic);
        col_last = last - last_row * chunk;
        at_last = last_row * row_uints + at_in_row + col_last;
    }
    for (uint base = t; base < in_words; base += DI_UNROLL * wgs) {
        VALUE w[DI_UNROLL];
        uint wat[DI_UNROLL];
        [[unroll]] for (uint j = 0u; j < DI_UNROLL; j++) {
            wat[j] = min(base + j * wgs, in_words - 1u);
            w[j] = load_at(in0 + CURSOR(step_words(OFFSET(wat[j]))));
        }
        [[unroll]] for (uint j = 0u; j < DI_UNROLL; j++) {
            if (!SELECT_PLACES) { // AMD, NVIDIA: a high multiply is one instruction
                // Each piece's place in the rows from its own index: a multiply, no
                // carry from one piece to the next (which NAK turned into branches).
                [[unroll]] for (uint i = 0u; i < DI_SLOTS; i++) {
                    uint piece = wat[j] * DI_SLOTS + i;
                    uint row = di_div(piece, magic);
                    smem[row * skip + at_in_row + piece] = slot_of(w[j], i);
                }
            } else {
                // Intel, Qualcomm: piece i of the word lies past as many row ends as of chunk,
                // 2 chunk and 3 chunk its column plus i reaches, each a select of skip: no high
                // multiply a piece (some twenty instructions on Adreno, four on Intel) and no
                // carry from one piece to the next. With col < chunk and i <= 3 (DI_SLOTS is 1
                // or 4) three of the six are known per segment: piece 2 reaches 2 chunk, and
                // piece 3 reaches 3 chunk, only where the chunk is 1 uint32 (one_more), and
                // piece 3 reaches 2 chunk only for a chunk of 1 or 2 (a select).
                if (j > 0u)
                    di_step(at_u, col_u, jump, dr, chunk, skip);
                bool dead = base + j * wgs >= in_words; // its load clamped to the last word
                uint at = dead ? at_last : at_u, col = dead ? col_last : col_u;
                [[unroll]] for (uint i = 0u; i < DI_SLOTS; i++) {
                    uint place = at + i; // (i is a constant once unrolled: the ifs go)
                    if (i >= 1u)
                        place += col + i >= chunk ? skip : 0u;
                    if (i == 3u)
                        place += col + 3u >= 2u * chunk ? skip : 0u;
                    if (i >= 2u)
                        place += one_more;
                    smem[place] = slot_of(w[j], i);
                }
            }
        }
        if (SELECT_PLACES)
            di_step(at_u, col_u, jump, dr, chunk, skip); // the next trip's first word
    }
}

// DEINTERLEAVE's inverse, a join's: each input's part of DEINTERLEAVE_TBL_TILE_ROWS output rows is read
// with WORD_BYTES loads (DI_UNROLL of them in flight per invocation) and scattered, 32-bit
// piece by piece, into the rows' places in workgroup memory; then the whole rows are written
// with WORD_BYTES stores, each output byte once. A workgroup copies tiles wg, wg + units, ...
// Each part's tile is contiguous (its rows are) and starts on a word (r0 is a multiple of 4
// rows); its loads are clamped to its last whole word inside a loop that runs only where it
// has one, so no clamp wraps. A piece's row within the tile is a multiply by the chunk's
// reciprocal (di_div), not a division (with SELECT_PLACES only a word's first piece's: the
// others' are that one's plus the row ends they pass).
void interleave_workgroup(uint wg)
{
    uint tile_rows, rows, row_uints, tiles, units;
    deinterleave_params(tile_rows, rows, row_uints, tiles, units);
    if (wg >= units)
        return; // padding of the 2D grid
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;
    for (uint tile = wg; tile < tiles; tile += units) {
        DiTile d = di_tile(tile, tile_rows, rows, row_uints);
        barrier(); // the previous tile's rows are written out of workgroup memory
        for (uint k = 0u; k < pc.segments; k++) {
            uint seg = segment_at(k);
            uint chunk = tbl(seg + SEG_CHUNK_WORDS), at_in_row = tbl(seg + DEINTERLEAVE_SEG_ROW_OFFSET);
            uint magic = tbl(seg + DEINTERLEAVE_SEG_ROW_MAGIC); // read with the chunk: no division here
            g_part = segment_part(k);                 // this input, the side read
            uint in_uints = d.nrows * chunk, in_words = in_uints / DI_SLOTS;
            CURSOR in0 = in_cursor(OFFSET(d.r0) * OFFSET(chunk) / OFFSET(DI_SLOTS));
            uint skip = row_uints - chunk; // from a row's chunk end to the next row's chunk
            di_gather(in0, in_words, chunk, magic, skip, at_in_row, row_uints);
#if DI_SLOTS > 1 && defined(ADDRESSING_BDA)
            for (uint u = in_words * DI_SLOTS + t; u < in_uints; u += wgs) { // the tail: fewer than DI_SLOTS
                uint r = di_div(u, magic);
                smem[r * row_uints + at_in_row + (u - r * chunk)] = load_u32(uint64_t(d.r0) * chunk + u);
            }
#endif
        }
        barrier(); // every input's part of the rows is in place
        // The whole rows, span uint32 words, whole words first.
        PART dest = g_part; // unused: the side written is the whole
        CURSOR out0 = out_cursor(dest, OFFSET(d.r0) * OFFSET(row_uints) / OFFSET(DI_SLOTS));
        for (uint w = t; w < d.words; w += wgs) {
            uint s[4];
            [[unroll]] for (uint i = 0u; i < DI_SLOTS; i++)
                s[i] = smem[w * DI_SLOTS + i];
            store_at(dest, out0 + CURSOR(step_words(OFFSET(w))), pack_slots(s));
        }
#if DI_SLOTS > 1 && defined(ADDRESSING_BDA)
        for (uint u = d.words * DI_SLOTS + t; u < d.span; u += wgs) // the last tile's tail
            store_u32(dest, uint64_t(d.r0) * row_uints + u, smem[u]);
#endif
    }
}
