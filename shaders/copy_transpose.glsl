// TRANSPOSE: outputs whose contiguous dimension is not the input's. Row dimension 0 is the
// input's contiguous one (input stride 1), dimension 1 the output's (output stride 1); a
// workgroup of TRANSPOSE_WORKGROUP invocations copies one TILE_A x TILE_B tile of them at one
// index of the other dimensions. Reads go along dimension 0 (a warp reads TILE_A neighbouring
// words), writes along dimension 1 (neighbouring words again), through workgroup memory with
// one padding column so that neither side hits one bank twice. ABI_UNROLL loads per invocation
// before the first write to workgroup memory.

#define TR_UNROLL ABI_UNROLL(WORD_BYTES)
#define TR_A TRANSPOSE_TILE_A
#define TR_B TRANSPOSE_TILE_B(WORD_BYTES)
#define TR_SLOTS TRANSPOSE_SLOTS(WORD_BYTES)

void transpose_workgroup(uint seg, uint unit, PART dest)
{
    uint t = gl_LocalInvocationID.x;
    uint dims = seg + SEG_DIMS;
    uint size_a = tbl(dims + DIM_SIZE), size_b = tbl(dims + DIM_FIELDS + DIM_SIZE);
    OFFSET in_b = OFFSET(tbl64(dims + DIM_FIELDS + DIM_READ_STRIDE)); // dimension 0 has input stride 1
    OFFSET out_a = OFFSET(tbl64(dims + DIM_WRITE_STRIDE));              // dimension 1 has output stride 1
    uint tiles_a = tbl(seg + TRANSPOSE_SEG_TILES_A), tiles_b = tbl(seg + TRANSPOSE_SEG_TILES_B);
    uint per_line = tiles_a * tiles_b;
    uint line = unit / per_line, rest = unit - line * per_line;
    uint ib = rest / tiles_a, ia = rest - ib * tiles_a;
    OFFSET in_off, out_off;
    base_offsets(OFFSET(tbl64(seg + SEG_BASE)), in_off, out_off);
    if (line != 0u)
        place_row(seg, line, 2u, in_off, out_off);
    uint a0 = ia * TR_A, b0 = ib * TR_B;
    uint na = min(uint(TR_A), size_a - a0), nb = min(uint(TR_B), size_b - b0);

    // Read: invocation t takes a = t % TILE_A and b = t / TILE_A + j * (WORKGROUP / TILE_A).
    const uint b_step = TRANSPOSE_WORKGROUP / TR_A;
    uint la = t % TR_A, lb = t / TR_A;
    OFFSET src = in_off + OFFSET(a0 + la) + OFFSET(b0 + lb) * in_b, src_step = OFFSET(b_step) * in_b;
    VALUE v[TR_UNROLL];
    [[unroll]] for (uint j = 0u; j < TR_UNROLL; j++) {
        if (la < na && lb + j * b_step < nb)
            v[j] = load(src_at(src), 0u);
        src += src_step;
    }
    [[unroll]] for (uint j = 0u; j < TR_UNROLL; j++)
        if (la < na && lb + j * b_step < nb)
            put_slots(((lb + j * b_step) * (TR_A + 1u) + la) * TR_SLOTS, v[j]);
    barrier();
    // Write: the tile's elements b-fastest; invocation t takes b = t % TILE_B and
    // a = t / TILE_B + j * (WORKGROUP / TILE_B) (TILE_B is a power of two: no division).
    const uint a_step = TRANSPOSE_WORKGROUP / TR_B;
    uint sb = t % TR_B, sa = t / TR_B;
    OFFSET dst = out_off + OFFSET(b0 + sb) + OFFSET(a0 + sa) * out_a, dst_step = OFFSET(a_step) * out_a;
    [[unroll]] for (uint j = 0u; j < TR_UNROLL; j++) {
        if (sb < nb && sa + j * a_step < na)
            store(dst_at(dest, dst), 0u, get_slots((sb * (TR_A + 1u) + sa + j * a_step) * TR_SLOTS));
        dst += dst_step;
    }
}

// TRANSPOSE with 16-byte loads and stores: 4-byte elements (device addresses) where the host
// plans it (src/geometry/mapping_transpose.c): both tile dimensions hold multiples of 4 elements, and
// every base, stride and binding keeps 16-byte alignment. A workgroup of TRANSPOSE_WORKGROUP
// (128) copies a tile of T16_A elements along dimension 0 (the input's contiguous one) by
// T16_B along dimension 1 (the output's): invocation t loads the 16 bytes of elements
// a..a+3 at b (16 neighbours read 256 contiguous bytes), four b apart, into workgroup memory
// (one padding column), then stores the 16 bytes of elements b..b+3 at a (8 neighbours write
// 128 contiguous bytes), four a apart. The loads are unconditional (a lane outside a partial
// tile reloads the tile's first block) and nothing branches between them.
#if defined(ADDRESSING_BDA) && WORD_BYTES == 4 && !ATOMIC_STORES && KERNEL == MAPPING_TRANSPOSE16
#define T16_A TRANSPOSE16_TILE_A
#define T16_B TRANSPOSE16_TILE_B
#define T16_PITCH (T16_A + 1)
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Quad { uvec4 q; };

// A unit is `trips` consecutive tiles of one line (units per line: ceil(tiles per line /
// trips)): the segment's fields, the line's place and the output's address are read once for
// them all, the tiles are stepped, not divided, and each tile's loads are issued before the
// stores of the one before (software pipelining). Nothing branches but the loop: loads and
// stores outside a partial tile are clamped into it (the same bytes to the same place).
void transpose16_workgroup(uint seg, uint unit, uint k)
{
    uint t = gl_LocalInvocationID.x, trips = pc_trips();
    // The input's side in one round trip: two 16-byte loads and one 4-byte one, in flight together.
    uvec4 f0, f4;
    segment_head(seg, f0, f4);
    uint in_b = tbl(seg + TRANSPOSE16_SEG_READ_B32);        // dimension 1's input stride (dimension 0's is 1)
    OFFSET in_off, out_off;
    base_offsets(OFFSET(word64(f4[SEG_BASE - 4], f4[SEG_BASE - 3])), in_off, out_off);
    uint size_a = f4[TRANSPOSE16_SEG_SIZE_A - 4], size_b = f4[TRANSPOSE16_SEG_SIZE_B - 4];
    uint tiles_a = (size_a + T16_A - 1u) / T16_A, tiles_b = (size_b + T16_B - 1u) / T16_B; // powers of two
    uint per_line = tiles_a * tiles_b, units_per_line = (per_line + trips - 1u) / trips;
    uint line = unit / units_per_line, p = (unit - line * units_per_line) * trips;
    uint end = min(p + trips, per_line);
    if (line != 0u)
        place_row(seg, line, 2u, in_off, out_off);
    uint ib = p / tiles_a, ia = p - ib * tiles_a;
    uint a0 = ia * T16_A, b0 = ib * T16_B;
    // Loads: elements la..la+3 at b = lb + 8 j; within a partial tile, clamped into it. With
    // SELECT_PLACES (Intel, Qualcomm) a load's bytes from the tile's start are made from products
    // taken once: its row's, b times the stride, clamped to the tile's last row's by a min of
    // products (the stride is not negative; each below 2^31, the host's bound on a stride times
    // a tile), not a multiply a load (three instructions each on Adreno, two or three on Intel;
    // ACO's and NAK's code is shorter with the multiply, one instruction there).
    uint la = 4u * (t % 16u), lb = t / 16u;
    uint64_t tile_in = in_cursor(in_off + OFFSET(a0) + OFFSET(b0) * OFFSET(in_b));
    uint64_t in_a_step = uint64_t(T16_A) * 4ul, in_b_step = uint64_t(T16_B) * in_b * 4ul;
    uint in_row = in_b * 4u, lane_in = lb * in_row, in_rows8 = 8u * in_row;
    uvec4 v[4];
    uint na = min(uint(T16_A), size_a - a0), nb = min(uint(T16_B), size_b - b0);
    uint col_in = min(la, na - 4u) * 4u, last_in = (nb - 1u) * in_row;
    [[unroll]] for (uint j = 0u; j < 4u; j++)
        v[j] = Quad(tile_in + uint64_t(SELECT_PLACES ? col_in + min(lane_in + j * in_rows8, last_in)
                                                     : min(la, na - 4u) * 4u + min(lb + 8u * j, nb - 1u) * in_b * 4u))
                   .q;
    // The output's side, now that the first loads are on their way. Stores: elements sb..sb+3
    // at a = sa + 16 j, clamped likewise; a's stride times a tile fits 31 bits (the host's bound).
    uint sb = 4u * (t % 8u), sa = t / 8u;
    uint out_a = uint(tbl64(seg + SEG_DIMS + DIM_WRITE_STRIDE)); // dimension 1's output stride is 1
    uint64_t tile_out = out_cursor(part_of(k), out_off + OFFSET(b0) + OFFSET(a0) * OFFSET(out_a));
    uint64_t out_a_step = uint64_t(T16_A) * out_a * 4ul, out_b_step = uint64_t(T16_B) * 4ul;
    uint out_row = out_a * 4u, lane_out = sa * out_row, out_rows16 = 16u * out_row;
    // With SELECT_PLACES, what every tile shares made before the loop (ir3 kept the 64-bit
    // products in it): the steps from a line's last tile to the next line's first, and where a
    // lane puts its loads (one register; ACO and NAK hoist the four places themselves, and held
    // fewer registers so).
    uint64_t in_wrap = in_b_step - uint64_t(tiles_a - 1u) * in_a_step;
    uint64_t out_wrap = out_b_step - uint64_t(tiles_a - 1u) * out_a_step;
    uint put_at = lb * T16_PITCH + la; // load j's at constant distances from it
    for (;;) {
        barrier(); // the previous tile's reads of workgroup memory are done
        [[unroll]] for (uint j = 0u; j < 4u; j++) {
            uint at = SELECT_PLACES ? put_at + 8u * j * T16_PITCH : (lb + 8u * j) * T16_PITCH + la;
            smem[at] = v[j].x;
            smem[at + 1u] = v[j].y;
            smem[at + 2u] = v[j].z;
            smem[at + 3u] = v[j].w;
        }
        barrier();
        uint cur_na = na, cur_nb = nb;
        uint64_t cur_out = tile_out;
        // The next tile: its place stepped, its loads issued before this tile's stores (after
        // the last tile, the same tile's again: no branch, and they hit the cache).
        bool more = ++p < end;
        uint next_a = ia + 1u;
        bool wrap = next_a == tiles_a;
        uint64_t in_step = wrap ? (SELECT_PLACES ? in_wrap : in_b_step - uint64_t(tiles_a - 1u) * in_a_step) : in_a_step;
        uint64_t out_step =
            wrap ? (SELECT_PLACES ? out_wrap : out_b_step - uint64_t(tiles_a - 1u) * out_a_step) : out_a_step;
        tile_in += more ? in_step : 0ul;
        tile_out += more ? out_step : 0ul;
        uint ia_next = wrap ? 0u : next_a, ib_next = ib + (wrap ? 1u : 0u);
        ia = more ? ia_next : ia;
        ib = more ? ib_next : ib;
        na = min(uint(T16_A), size_a - ia * T16_A);
        nb = min(uint(T16_B), size_b - ib * T16_B);
        col_in = min(la, na - 4u) * 4u;
        last_in = (nb - 1u) * in_row;
        [[unroll]] for (uint j = 0u; j < 4u; j++)
            v[j] = Quad(tile_in + uint64_t(SELECT_PLACES ? col_in + min(lane_in + j * in_rows8, last_in)
                                                         : min(la, na - 4u) * 4u + min(lb + 8u * j, nb - 1u) * in_b * 4u))
                       .q;
        uint last_out = (cur_na - 1u) * out_row;
        [[unroll]] for (uint j = 0u; j < 4u; j++) {
            uint a = min(sa + 16u * j, cur_na - 1u), b = min(sb, cur_nb - 4u);
            uint at = b * T16_PITCH + a;
            uvec4 w = uvec4(smem[at], smem[at + T16_PITCH], smem[at + 2u * T16_PITCH], smem[at + 3u * T16_PITCH]);
            Quad(cur_out + uint64_t(b * 4u + (SELECT_PLACES ? min(lane_out + j * out_rows16, last_out) : a * out_a * 4u))).q =
                w;
        }
        if (!more)
            break;
    }
}
#endif
