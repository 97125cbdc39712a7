#version 460
// split_bench's clock probe: one invocation spins on the shader clock (VK_KHR_shader_clock,
// subgroup scope: on an NVIDIA GPU the SM's cycle counter) for about pc.cycles cycles and
// writes the cycles it counted. split_bench times it between two timestamps: cycles / seconds
// is the clock the GPU ran at. The loop is bounded (pc.max_iterations): llvmpipe stops a
// batch's loops silently past 65535 iterations, and the cycles written are the ones counted.
#extension GL_ARB_shader_clock : require
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 1) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Result {
    uint64_t cycles;
    uint64_t iterations;
};
layout(push_constant, std430) uniform Push {
    uint64_t result;      // device address of this spin's Result
    uint64_t cycles;      // cycles to spin
    uint max_iterations;
} pc;

void main()
{
    uint64_t start = clockARB();
    uint64_t now = start;
    uint i = 0u;
    while (now - start < pc.cycles && i < pc.max_iterations) {
        now = clockARB();
        i++;
    }
    Result r = Result(pc.result);
    r.cycles = now - start;
    r.iterations = uint64_t(i);
}
