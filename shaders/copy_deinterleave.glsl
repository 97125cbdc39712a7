// DEINTERLEAVE: short chunks (every output's part of an input row is a few words). The input
// rows are contiguous and hold every output's chunk in turn; each output's rows are
// contiguous too. A workgroup copies TBL_TILE_ROWS whole input rows: it reads them with
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

// The plan's three numbers: push constants with device addresses (in the band fields, which
// DEINTERLEAVE has no use for: no table read before the first load), else the table's header.
void deinterleave_params(out uint tile_rows, out uint rows, out uint row_uints)
{
#if defined(ADDRESSING_BDA)
    tile_rows = pc.band_groups;
    rows = pc.bands;
    row_uints = pc.equal_units;
#else
    tile_rows = tbl(TBL_TILE_ROWS);
    rows = tbl(TBL_ROWS);
    row_uints = tbl(TBL_ROW_UINTS);
#endif
}

void deinterleave_workgroup(uint wg)
{
    uint tile_rows, rows, row_uints;
    deinterleave_params(tile_rows, rows, row_uints);
    if (wg >= rows / tile_rows + uint(rows % tile_rows != 0u))
        return; // padding of the 2D grid
    uint r0 = wg * tile_rows, nrows = min(tile_rows, rows - r0);
    uint t = gl_LocalInvocationID.x, wgs = gl_WorkGroupSize.x;

    // Stage the rows: span uint32 words, whole words first. r0 is a multiple of 4 rows, so a
    // tile starts on a word (row_uints * 4 rows fill whole 16-byte words). Every load of a trip
    // is issued before the first wait, and nothing branches: a lane past the tile's end loads
    // and stores its last word again (the same bytes to the same place in workgroup memory).
    uint span = nrows * row_uints, words = span / DI_SLOTS;
    CURSOR in0 = in_cursor(OFFSET(r0) * OFFSET(row_uints) / OFFSET(DI_SLOTS));
    for (uint base = t; base < words; base += DI_UNROLL * wgs) {
        VALUE v[DI_UNROLL];
        uint at[DI_UNROLL];
        [[unroll]] for (uint j = 0u; j < DI_UNROLL; j++) {
            at[j] = min(base + j * wgs, words - 1u);
            v[j] = load_at(in0 + CURSOR(step_words(OFFSET(at[j]))));
        }
        [[unroll]] for (uint j = 0u; j < DI_UNROLL; j++)
            put_slots(at[j] * DI_SLOTS, v[j]);
    }
#if DI_SLOTS > 1 && defined(ADDRESSING_BDA)
    for (uint u = words * DI_SLOTS + t; u < span; u += wgs) // the last tile's tail: fewer than DI_SLOTS uint32
        smem[u] = load_u32(uint64_t(r0) * row_uints + u);
#endif
    barrier();

    // Every output's part of these rows: nrows x chunk uint32, contiguous in the output.
    // Invocation t writes words t, t + wgs, ...; its (row, column) is stepped, not divided.
    for (uint k = 0u; k < pc.segments; k++) {
        uint seg = segment_at(k);
        uint chunk = tbl(seg + SEG_CHUNK_WORDS), at_in_row = tbl(seg + SEG_ROW_OFFSET);
        OUTPUT dest = output_of(k);
        uint out_uints = nrows * chunk, out_words = out_uints / DI_SLOTS;
        CURSOR out0 = out_cursor(dest, OFFSET(r0) * OFFSET(chunk) / OFFSET(DI_SLOTS));
        uint first = t * DI_SLOTS;
        uint row = first / chunk, col = first - row * chunk;
        uint step = wgs * DI_SLOTS, dq = step / chunk, dr = step - dq * chunk;
        for (uint w = t; w < out_words; w += wgs) {
            uint s[4];
            uint r = row, c = col;
            [[unroll]] for (uint i = 0u; i < DI_SLOTS; i++) {
                s[i] = smem[r * row_uints + at_in_row + c];
                bool next = ++c == chunk;
                c = next ? 0u : c;
                r += next ? 1u : 0u;
            }
            store_at(dest, out0 + CURSOR(step_words(OFFSET(w))), pack_slots(s));
            row += dq;
            col += dr;
            bool wrap = col >= chunk;
            col -= wrap ? chunk : 0u;
            row += wrap ? 1u : 0u;
        }
#if DI_SLOTS > 1 && defined(ADDRESSING_BDA)
        for (uint u = out_words * DI_SLOTS + t; u < out_uints; u += wgs) { // the tail: fewer than DI_SLOTS
            uint r = u / chunk;
            store_u32(dest, uint64_t(r0) * chunk + u, smem[r * row_uints + at_in_row + (u - r * chunk)]);
        }
#endif
    }
}
