#version 460
// The compute-copy ceiling of split_bench: a plain contiguous copy of 16-byte words from one
// buffer to another, the way a tuned GPU copy kernel does it: each workgroup of 256 takes a
// tile of 1024 words, invocation i words i, i + 256, i + 512, i + 768 (coalesced, four
// independent loads in flight). split_bench times it on the split's own input buffer, so
// memory placement affects the split and its ceiling alike.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 256) in;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Words { uvec4 w[]; };
layout(push_constant, std430) uniform Push {
    uint64_t src;
    uint64_t dst;
    uint64_t words;  // 16-byte words to copy
    uint grid_x;     // workgroups per grid row
} pc;

void main()
{
    uint64_t group = uint64_t(gl_WorkGroupID.y) * pc.grid_x + gl_WorkGroupID.x;
    uint64_t first = group * 1024ul + gl_LocalInvocationID.x;
    Words s = Words(pc.src + first * 16ul);
    Words d = Words(pc.dst + first * 16ul);
    if (first + 768ul < pc.words) {
        uvec4 a = s.w[0], b = s.w[256], c = s.w[512], e = s.w[768];
        d.w[0] = a;
        d.w[256] = b;
        d.w[512] = c;
        d.w[768] = e;
        return;
    }
    for (uint k = 0u; k < 4u; k++)
        if (first + uint64_t(k * 256u) < pc.words)
            d.w[k * 256u] = s.w[k * 256u];
}
