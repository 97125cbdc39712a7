#version 460
// split_bench's engine loops (bench/bench_loops.c): the bench's own GPU pass that writes a
// plan's device parameters (vksplit.h's VKSPLIT_PARAMETERS_*, version 1), as an engine's own
// work would, from a step counter it keeps on the GPU: one recorded command buffer, submitted
// step after step, writes new values each time without the host. bench_loops.c computes the
// same values (loop_values) to check every byte.
//
// state: [0] the step (incremented here), [1] the mode, [2] the parts n, [3] the capacity
// along the axis (the cache's S, or the tokens' T).
//   mode 1, a decode step (GIVEN, one part): length 1, offset step % S.
//   mode 2, a mixture-of-experts router (PACKED, n experts): T - hash % (T / 4 + 1) tokens
//           (the rest dropped), shared among the experts by weights 1 + hash % 256 (each
//           the floor of its share, the last the remainder): each at most T, summing to it.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint v[]; };
layout(push_constant, std430) uniform Push {
    uint64_t parameters;
    uint64_t state;
} pc;

uint hash(uint a, uint b)
{
    uint h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

void main()
{
    Words state = Words(pc.state), p = Words(pc.parameters);
    uint step = state.v[0], mode = state.v[1], n = state.v[2], cap = state.v[3];
    if (mode == 1u) {
        p.v[0] = 0u;            // VKSPLIT_PARAMETERS_WHOLE_LENGTH: not read (GIVEN)
        p.v[1] = 1u;            // VKSPLIT_PARAMETERS_LENGTH(1, 0)
        p.v[2] = step % cap;    // VKSPLIT_PARAMETERS_OFFSET(1, 0)
    } else {
        uint total = cap - hash(step, 0xFFFFu) % (cap / 4u + 1u);
        uint weights = 0u, at = 0u;
        for (uint i = 0u; i < n; i++)
            weights += 1u + hash(step, i) % 256u;
        for (uint i = 0u; i < n; i++) {
            uint len = i + 1u < n ? uint(uint64_t(total) * uint64_t(1u + hash(step, i) % 256u) / uint64_t(weights))
                                  : total - at;
            p.v[1u + i] = len;  // VKSPLIT_PARAMETERS_LENGTH(n, i)
            at += len;
        }
        p.v[0] = total;         // VKSPLIT_PARAMETERS_WHOLE_LENGTH
    }
    state.v[0] = step + 1u;
}
