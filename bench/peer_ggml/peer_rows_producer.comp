#version 460
// The peer bench's GPU pass that writes a rows plan's indices (vksplit.h's vksplit_rows), as an
// engine's own work would, from a step counter it keeps on the GPU: one recording, submitted
// run after run, places rows by new indices each time without the host. The indices of every
// step of one period are the host's (peer_cases.c's peer_indices, which the reference uses too);
// this pass copies step % period's words to the indices and counts the step.
//
// state: [0] the step (incremented here), [1] the words of one step's indices, [2] the period in
// steps, [3] unused, then each step's words one after another.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint v[]; };
layout(push_constant, std430) uniform Push {
    uint64_t indices;
    uint64_t state;
} pc;

void main()
{
    Words state = Words(pc.state), indices = Words(pc.indices);
    uint step = state.v[0], words = state.v[1], period = state.v[2];
    uint from = 4u + (step % period) * words;
    for (uint i = gl_LocalInvocationID.x; i < words; i += gl_WorkGroupSize.x)
        indices.v[i] = state.v[from + i];
    barrier(); // every lane has read the step
    if (gl_LocalInvocationID.x == 0u)
        state.v[0] = step + 1u;
}
