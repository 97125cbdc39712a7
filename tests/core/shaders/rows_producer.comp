#version 460
// The tests' own GPU pass that writes a rows plan's indices (vksplit.h's vksplit_rows), as an
// engine's GPU work would: from a step counter it keeps on the GPU, so that one recorded
// command buffer, submitted again and again, places rows by new indices each time without the
// host. The indices of every step are the host's (test_rows.c draws them, faults planted and
// all, and checks every byte against its own reference); this pass copies step's words to the
// indices' buffer and counts the step.
//
// binding 0: [0] the step (incremented here), [1] the words per step, [2, 3] unused, then every
// step's words one after another; binding 1: the indices' buffer, its first word pushed.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer State { uint v[]; } state;
layout(set = 0, binding = 1, std430) buffer Indices { uint v[]; } indices;
layout(push_constant, std430) uniform Push {
    uint first; // the indices' first word in binding 1
} pc;

void main()
{
    uint step = state.v[0], words = state.v[1];
    for (uint i = gl_LocalInvocationID.x; i < words; i += gl_WorkGroupSize.x)
        indices.v[pc.first + i] = state.v[4u + step * words + i];
    barrier(); // every lane has read the step
    if (gl_LocalInvocationID.x == 0u)
        state.v[0] = step + 1u;
}
