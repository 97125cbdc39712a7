#ifndef RUN_VALUE // the addressing may move RUNS' words in other lanes (addressing.glsl)
#define RUN_VALUE VALUE
#define run_load load
#define run_store store
#endif

// RUNS: one invocation, one contiguous piece of a row or several whole rows. Right for
// llvmpipe (lavapipe), which runs an 8-lane batch to completion before the next and pays per
// load, per store and per loop trip: a run of about 4 KiB per invocation, walked in a tight
// loop, four loads before four stores.

// Copies count words from s to d, the i-th at i * step words. Four loads before four stores:
// fewer loop trips on llvmpipe.
void copy_run(SRC s, DST d, uint count, uint step)
{
    uint i = 0u, at = 0u;
    for (; i + 4u <= count; i += 4u, at += 4u * step) {
        RUN_VALUE a0 = run_load(s, at), a1 = run_load(s, at + step), a2 = run_load(s, at + 2u * step), a3 = run_load(s, at + 3u * step);
        run_store(d, at, a0);
        run_store(d, at + step, a1);
        run_store(d, at + 2u * step, a2);
        run_store(d, at + 3u * step, a3);
    }
    for (; i < count; i++, at += step)
        run_store(d, at, run_load(s, at));
}

// nrows rows of count words, src and dst stepping by in_step / out_step words per row.
void copy_rows(OFFSET src, OFFSET in_step, OFFSET dst, OFFSET out_step, uint nrows, uint count, PART dest)
{
    if (count == 1u) { // one-word rows: four per loop trip, and no inner loop at all
        for (; nrows >= 4u; nrows -= 4u, src += 4u * in_step, dst += 4u * out_step) {
            RUN_VALUE a0 = run_load(src_at(src), 0u), a1 = run_load(src_at(src + in_step), 0u);
            RUN_VALUE a2 = run_load(src_at(src + 2u * in_step), 0u), a3 = run_load(src_at(src + 3u * in_step), 0u);
            run_store(dst_at(dest, dst), 0u, a0);
            run_store(dst_at(dest, dst + out_step), 0u, a1);
            run_store(dst_at(dest, dst + 2u * out_step), 0u, a2);
            run_store(dst_at(dest, dst + 3u * out_step), 0u, a3);
        }
        for (; nrows > 0u; nrows--, src += in_step, dst += out_step)
            run_store(dst_at(dest, dst), 0u, run_load(src_at(src), 0u));
        return;
    }
    for (; nrows > 0u; nrows--, src += in_step, dst += out_step)
        copy_run(src_at(src), dst_at(dest, dst), count, 1u);
}

void runs_invocation(uint seg, uint inv, PART dest)
{
    uint chunk = tbl(seg + SEG_CHUNK_WORDS);
    uint pieces = tbl(seg + RUNS_SEG_PIECES);
    uint row, begin, count, rows_left;
    if (pieces > 1u) {
        row = inv / pieces;
        uint piece_words = tbl(seg + RUNS_SEG_PIECE_WORDS);
        begin = (inv - row * pieces) * piece_words;
        count = min(piece_words, chunk - begin);
        rows_left = 1u;
    } else {
        uint per_inv = tbl(seg + RUNS_SEG_ROWS_PER_UNIT);
        row = inv * per_inv;
        begin = 0u;
        count = chunk;
        rows_left = min(per_inv, tbl(seg + RUNS_SEG_ROWS) - row);
    }

    OFFSET in_off, out_off;
    base_offsets(OFFSET(tbl64(seg + SEG_BASE)), in_off, out_off);
    in_off += OFFSET(begin);
    out_off += OFFSET(begin);
    uint dims = seg + SEG_DIMS;
    uint row_dims = pc_row_dims();
    // The innermost row dimension steps every row: keep it in registers. A segment without
    // row dimensions is one row.
    uint size0 = 1u;
    OFFSET in0 = OFFSET(0u), out0 = OFFSET(0u);
    if (row_dims > 0u) {
        size0 = tbl(dims + DIM_SIZE);
        in0 = OFFSET(tbl64(dims + DIM_READ_STRIDE));
        out0 = OFFSET(tbl64(dims + DIM_WRITE_STRIDE));
    }
    // Place the first row (as place_row, keeping the indices for the odometer below).
    uint idx[ABI_MAX_ROW_DIMS];
    uint r = row;
    for (uint k = 0u; k < row_dims; k++) {
        uint field = dims + k * DIM_FIELDS;
        uint size = tbl(field + DIM_SIZE);
        uint q = r / size;
        idx[k] = r - q * size;
        r = q;
        in_off += OFFSET(idx[k]) * OFFSET(tbl64(field + DIM_READ_STRIDE));
        out_off += OFFSET(idx[k]) * OFFSET(tbl64(field + DIM_WRITE_STRIDE));
    }
    uint idx0 = row_dims > 0u ? idx[0] : 0u;
    // Walk dimension 0 with the tight loop; the odometer only runs when it wraps.
    for (;;) {
        uint span = min(rows_left, size0 - idx0);
        copy_rows(in_off, in0, out_off, out0, span, count, dest);
        rows_left -= span;
        if (rows_left == 0u)
            return;
        in_off += OFFSET(span) * in0 - OFFSET(size0) * in0;
        out_off += OFFSET(span) * out0 - OFFSET(size0) * out0;
        idx0 = 0u;
        for (uint k = 1u; k < row_dims; k++) { // carry into the outer dimensions
            uint field = dims + k * DIM_FIELDS;
            OFFSET ik = OFFSET(tbl64(field + DIM_READ_STRIDE));
            OFFSET ok = OFFSET(tbl64(field + DIM_WRITE_STRIDE));
            in_off += ik;
            out_off += ok;
            uint size = tbl(field + DIM_SIZE);
            if (++idx[k] < size)
                break;
            in_off -= OFFSET(size) * ik;
            out_off -= OFFSET(size) * ok;
            idx[k] = 0u;
        }
    }
}
