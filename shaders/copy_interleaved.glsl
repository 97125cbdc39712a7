// INTERLEAVED, the earlier GPU mapping, kept selectable (vksplit_tuning.mapping) until a GPU
// run retires it: a workgroup copies one piece of a row, or a tile of whole short rows, and
// invocation i takes words i, i + workgroup size, ...: four loads in flight per invocation.
// Its weaknesses are why TILES exists: 16 bytes in flight for 4-byte words, a serial one-word
// tail, and place_row per word in tiles of rows with two or more row dimensions.

// Flat word f of a tile of whole rows starting at row0: its row is row0 + f / chunk (a
// multiply-high by the host's reciprocal; exact for f, chunk < 2^16), its column the rest.
void tile_word(uint seg, uint f, uint chunk, uint magic, uint row0, OFFSET in_row0, OFFSET out_row0,
               OFFSET in_step, OFFSET out_step, out OFFSET src, out OFFSET dst)
{
    uint r = f, lsb;
    if (magic != 0u)
        umulExtended(f, magic, r, lsb);
    uint c = f - r * chunk;
    if (pc_row_dims() <= 1u) {
        src = in_row0 + OFFSET(r) * in_step + OFFSET(c);
        dst = out_row0 + OFFSET(r) * out_step + OFFSET(c);
    } else { // several row dimensions: place this word's row on its own
        src = OFFSET(tbl64(seg + SEG_BASE));
        dst = OFFSET(0u);
        place_row(seg, row0 + r, 0u, src, dst);
        src += OFFSET(c);
        dst += OFFSET(c);
    }
}

// unit: the workgroup's unit within its segment and band.
void interleaved_workgroup(uint seg, uint unit, uint band, PART dest)
{
    uint t = gl_LocalInvocationID.x, step = gl_WorkGroupSize.x;
    uint chunk = tbl(seg + SEG_CHUNK_WORDS);
    uint rows_per_unit = tbl(seg + SEG_ROWS_PER_UNIT);
    uint rows = tbl(seg + SEG_ROWS);
    // The band's first row; < rows, and unit's rows are checked against what is left, so that
    // nothing wraps at 2^32 rows.
    uint first_row = band * tbl(TBL_BAND_ROWS);
    OFFSET in_off, out_off;
    if (rows_per_unit == 1u) { // a piece of one row
        uint pieces = tbl(seg + SEG_PIECES);
        uint q = unit / pieces;
        if (q >= rows - first_row) // the last band may be short
            return;
        uint row = first_row + q;
        uint begin = (unit - q * pieces) * tbl(seg + SEG_PIECE_WORDS);
        uint len = min(tbl(seg + SEG_PIECE_WORDS), chunk - begin);
        if (t >= len)
            return;
        in_off = OFFSET(tbl64(seg + SEG_BASE));
        out_off = OFFSET(0u);
        place_row(seg, row, 0u, in_off, out_off);
        copy_run(src_at(in_off + OFFSET(begin + t)), dst_at(dest, out_off + OFFSET(begin + t)), (len - t + step - 1u) / step,
                 step);
        return;
    }
    // A tile of whole rows: flat words t, t + step, ... of rows [row0, row0 + nrows).
    if (unit * rows_per_unit >= rows - first_row)
        return;
    uint row0 = first_row + unit * rows_per_unit;
    uint total = min(rows_per_unit, rows - row0) * chunk;
    uint magic = tbl(seg + SEG_ROW_MAGIC);
    in_off = OFFSET(tbl64(seg + SEG_BASE));
    out_off = OFFSET(0u);
    place_row(seg, row0, 0u, in_off, out_off);
    OFFSET in_step = OFFSET(0u), out_step = OFFSET(0u);
    if (pc_row_dims() > 0u) {
        in_step = OFFSET(tbl64(seg + SEG_DIMS + DIM_READ_STRIDE));
        out_step = OFFSET(tbl64(seg + SEG_DIMS + DIM_WRITE_STRIDE));
    }
    uint f = t;
    for (; f + 3u * step < total; f += 4u * step) {
        OFFSET s0, s1, s2, s3, d0, d1, d2, d3;
        tile_word(seg, f, chunk, magic, row0, in_off, out_off, in_step, out_step, s0, d0);
        tile_word(seg, f + step, chunk, magic, row0, in_off, out_off, in_step, out_step, s1, d1);
        tile_word(seg, f + 2u * step, chunk, magic, row0, in_off, out_off, in_step, out_step, s2, d2);
        tile_word(seg, f + 3u * step, chunk, magic, row0, in_off, out_off, in_step, out_step, s3, d3);
        VALUE a0 = load(src_at(s0), 0u), a1 = load(src_at(s1), 0u), a2 = load(src_at(s2), 0u), a3 = load(src_at(s3), 0u);
        store(dst_at(dest, d0), 0u, a0);
        store(dst_at(dest, d1), 0u, a1);
        store(dst_at(dest, d2), 0u, a2);
        store(dst_at(dest, d3), 0u, a3);
    }
    for (; f < total; f += step) {
        OFFSET s, d;
        tile_word(seg, f, chunk, magic, row0, in_off, out_off, in_step, out_step, s, d);
        store(dst_at(dest, d), 0u, load(src_at(s), 0u));
    }
}
