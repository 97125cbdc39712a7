#version 460
// split_bench's rows loops (bench/bench_rows.c): the bench's own GPU pass that writes a rows
// plan's indices (vksplit.h's vksplit_rows) as an engine's own work would, from a step counter it
// keeps on the GPU: one recorded command buffer, submitted step after step, places rows by new
// indices each time without the host. bench_rows_values.c computes the same values
// (bench_rows_indices) to check every byte and to record the references' copies.
//
// state: [0] the step (incremented here), [1] the mode, [2] the places C, [3] the part's rows L,
// [4] the lists, [5] k (a gather's copies of each token), [6] the index bytes (4 or 8).
//   1 position: one index, step % C (a LINEAR start or an INDEXED place for every row); where
//     parameters is not 0, the same position as device parameters GIVEN (length 1, offset t)
//   2 slots:    L distinct places of C (a permutation's first L), a sixteenth of them -1 (padding)
//   3 starts:   list b starts at (step % C + b x (C / lists)) % C, list step % lists given C past
//               it on even steps and C before it (negative) on odd ones: CIRCULAR wraps it back
//   4 gather:   a permutation of [0, L) divided by k: each of the L / k places k times
//   5 scatter:  a permutation of [0, L) (C = L)
//   6 dense slots: as 2, none -1 (llama.cpp's SET_ROWS, which cannot skip; split_bench's kv_append_q8_0)
// The permutation: (a + j x s) mod n, a and s hashed from the step, s prime to n.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint v[]; };
layout(push_constant, std430) uniform Push {
    uint64_t state;
    uint64_t indices;
    uint64_t parameters; // 0: none
} pc;

uint hash(uint a, uint b)
{
    uint h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

uint gcd(uint a, uint b)
{
    for (uint i = 0u; i < 64u && b != 0u; i++) { // Euclid: under 48 steps in 32 bits
        uint t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// The step's permutation of [0, n): its start a and step s (1 where 64 tries find none prime to n).
uvec2 permutation(uint step, uint n)
{
    uint a = hash(step, 1u) % n, s = 1u + hash(step, 2u) % n;
    for (uint i = 0u; i < 64u && gcd(s, n) != 1u; i++)
        s = s % n + 1u;
    return uvec2(a, gcd(s, n) == 1u ? s : 1u);
}

uint permuted(uvec2 p, uint n, uint j) { return uint((uint64_t(p.x) + uint64_t(j) * uint64_t(p.y)) % uint64_t(n)); }

void put(Words indices, uint e, int64_t v, uint index_bytes)
{
    if (index_bytes == 8u) {
        indices.v[2u * e] = uint(v);
        indices.v[2u * e + 1u] = uint(uint64_t(v) >> 32);
    } else {
        indices.v[e] = uint(v);
    }
}

void main()
{
    Words state = Words(pc.state), indices = Words(pc.indices);
    uint step = state.v[0], mode = state.v[1], places = state.v[2], rows = state.v[3];
    uint lists = state.v[4], k = state.v[5], bytes = state.v[6];
    uint lane = gl_LocalInvocationID.x, lanes = gl_WorkGroupSize.x;
    if (mode == 1u) {
        uint t = step % places;
        if (lane == 0u) {
            put(indices, 0u, int64_t(t), bytes);
            if (pc.parameters != 0ul) {
                Words p = Words(pc.parameters);
                p.v[0] = 0u; // VKSPLIT_PARAMETERS_WHOLE_LENGTH: not read (GIVEN)
                p.v[1] = 1u; // VKSPLIT_PARAMETERS_LENGTH(1, 0)
                p.v[2] = t;  // VKSPLIT_PARAMETERS_OFFSET(1, 0)
            }
        }
    } else if (mode == 2u || mode == 6u) {
        uvec2 p = permutation(step, places);
        for (uint j = lane; j < rows; j += lanes)
            put(indices, j, mode == 2u && hash(step, j + 3u) % 16u == 0u ? -1l : int64_t(permuted(p, places, j)),
                bytes);
    } else if (mode == 3u) {
        for (uint b = lane; b < lists; b += lanes) {
            int64_t start = int64_t((step % places + b * (places / lists)) % places);
            if (b == step % lists)
                start += (step & 1u) == 0u ? int64_t(places) : -int64_t(places);
            put(indices, b, start, bytes);
        }
    } else {
        uvec2 p = permutation(step, rows);
        for (uint j = lane; j < rows; j += lanes)
            put(indices, j, int64_t(mode == 4u ? permuted(p, rows, j) / k : permuted(p, rows, j)), bytes);
    }
    barrier(); // every lane has read the step
    if (lane == 0u)
        state.v[0] = step + 1u;
}
