#version 460
// The compute-copy ceiling of split_bench: a plain contiguous copy of 16-byte words from one
// buffer to another, the way a tuned GPU copy kernel does it: each workgroup of WG (256, or
// the device's limit) takes a tile of 4 x WG words, invocation i words i, i + WG, i + 2 WG,
// i + 3 WG (coalesced, four independent 16-byte loads, 64 bytes, in flight). split_bench
// times it from the split's own input buffer into the split's own output arena, so memory
// placement affects the split and its ceiling alike.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x_id = 0) in;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Words { uvec4 w[]; };
layout(push_constant, std430) uniform Push {
    uint64_t src;
    uint64_t dst;
    uint64_t words;  // 16-byte words to copy
    uint grid_x;     // workgroups per grid row
} pc;

void main()
{
    uint wg = gl_WorkGroupSize.x;
    uint64_t group = uint64_t(gl_WorkGroupID.y) * pc.grid_x + gl_WorkGroupID.x;
    uint64_t first = group * uint64_t(4u * wg) + gl_LocalInvocationID.x;
    Words s = Words(pc.src + first * 16ul);
    Words d = Words(pc.dst + first * 16ul);
    if (first + uint64_t(3u * wg) < pc.words) {
        uvec4 a = s.w[0], b = s.w[wg], c = s.w[2u * wg], e = s.w[3u * wg];
        d.w[0] = a;
        d.w[wg] = b;
        d.w[2u * wg] = c;
        d.w[3u * wg] = e;
        return;
    }
    for (uint k = 0u; k < 4u; k++)
        if (first + uint64_t(k * wg) < pc.words)
            d.w[k * wg] = s.w[k * wg];
}
