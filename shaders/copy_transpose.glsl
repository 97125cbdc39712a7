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

void transpose_workgroup(uint seg, uint unit, OUTPUT dest)
{
    uint t = gl_LocalInvocationID.x;
    uint dims = seg + SEG_DIMS;
    uint size_a = tbl(dims + DIM_SIZE), size_b = tbl(dims + DIM_FIELDS + DIM_SIZE);
    OFFSET in_b = OFFSET(tbl64(dims + DIM_FIELDS + DIM_IN_STRIDE)); // dimension 0 has input stride 1
    OFFSET out_a = OFFSET(tbl64(dims + DIM_OUT_STRIDE));              // dimension 1 has output stride 1
    uint tiles_a = tbl(seg + SEG_TILES_A), tiles_b = tbl(seg + SEG_TILES_B);
    uint per_line = tiles_a * tiles_b;
    uint line = unit / per_line, rest = unit - line * per_line;
    uint ib = rest / tiles_a, ia = rest - ib * tiles_a;
    OFFSET in_off = OFFSET(tbl64(seg + SEG_IN_BASE)), out_off = OFFSET(0u);
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
// plans it (src/mapping_transpose.c): both tile dimensions hold multiples of 4 elements, and
// every base, stride and binding keeps 16-byte alignment. A workgroup of TRANSPOSE_WORKGROUP
// (128) copies a tile of T16_A elements along dimension 0 (the input's contiguous one) by
// T16_B along dimension 1 (the output's): invocation t loads the 16 bytes of elements
// a..a+3 at b (16 neighbours read 256 contiguous bytes), four b apart, into workgroup memory
// (one padding column), then stores the 16 bytes of elements b..b+3 at a (8 neighbours write
// 128 contiguous bytes), four a apart. The loads are unconditional (a lane outside a partial
// tile reloads the tile's first block) and nothing branches between them.
#if defined(ADDRESSING_BDA) && WORD_BYTES == 4 && !ATOMIC_STORES
#define HAS_TRANSPOSE16 1
#define T16_A 64
#define T16_B 32
#define T16_PITCH (T16_A + 1)
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Quad { uvec4 q; };

void transpose16_workgroup(uint seg, uint unit, uint k)
{
    uint t = gl_LocalInvocationID.x;
    uint dims = seg + SEG_DIMS;
    uint size_a = tbl(dims + DIM_SIZE), size_b = tbl(dims + DIM_FIELDS + DIM_SIZE);
    uint64_t in_b = tbl64(dims + DIM_FIELDS + DIM_IN_STRIDE); // dimension 0 has input stride 1
    uint tiles_a = tbl(seg + SEG_TILES_A), tiles_b = tbl(seg + SEG_TILES_B);
    OFFSET in_off = OFFSET(tbl64(seg + SEG_IN_BASE)), out_off = OFFSET(0u);
    uint per_line = tiles_a * tiles_b;
    uint line = unit / per_line, rest = unit - line * per_line;
    uint ib = rest / tiles_a, ia = rest - ib * tiles_a;
    if (line != 0u)
        place_row(seg, line, 2u, in_off, out_off);
    uint a0 = ia * T16_A, b0 = ib * T16_B;
    uint na = min(uint(T16_A), size_a - a0), nb = min(uint(T16_B), size_b - b0);

    // Loads: a = 4 * (t % 16), b = t / 16 + 8 j.
    uint la = 4u * (t % 16u), lb = t / 16u;
    uint64_t tile_in = in_cursor(in_off + OFFSET(a0) + OFFSET(b0) * in_b);
    uint64_t step_b = in_b * 4ul;
    uvec4 v[4];
    [[unroll]] for (uint j = 0u; j < 4u; j++) {
        bool inside = all(bvec2(la < na, lb + 8u * j < nb));
        uint64_t at = tile_in + uint64_t(la) * 4ul + uint64_t(lb + 8u * j) * step_b;
        v[j] = Quad(inside ? at : tile_in).q;
    }
    // The output's side, now that the loads are on their way.
    uint64_t out_a = tbl64(dims + DIM_OUT_STRIDE); // dimension 1 has output stride 1
    uint64_t tile_out = out_cursor(output_of(k), out_off + OFFSET(b0) + OFFSET(a0) * out_a);
    [[unroll]] for (uint j = 0u; j < 4u; j++) {
        if (all(bvec2(la < na, lb + 8u * j < nb))) {
            uint at = (lb + 8u * j) * T16_PITCH + la;
            smem[at] = v[j].x;
            smem[at + 1u] = v[j].y;
            smem[at + 2u] = v[j].z;
            smem[at + 3u] = v[j].w;
        }
    }
    barrier();
    // Stores: b = 4 * (t % 8), a = t / 8 + 16 j.
    uint sb = 4u * (t % 8u), sa = t / 8u;
    uint64_t step_a = out_a * 4ul;
    [[unroll]] for (uint j = 0u; j < 4u; j++) {
        uint a = sa + 16u * j;
        if (all(bvec2(sb < nb, a < na))) {
            uint at = sb * T16_PITCH + a;
            uvec4 w = uvec4(smem[at], smem[at + T16_PITCH], smem[at + 2u * T16_PITCH], smem[at + 3u * T16_PITCH]);
            Quad(tile_out + uint64_t(sb) * 4ul + uint64_t(a) * step_a).q = w;
        }
    }
}
#endif
