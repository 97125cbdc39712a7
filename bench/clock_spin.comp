#version 460
// split_bench's clock probe: one invocation spins on the shader clock (VK_KHR_shader_clock,
// subgroup scope: on an NVIDIA GPU the SM's cycle counter) for about pc.cycles cycles and
// writes the cycles it counted. split_bench times it between two timestamps: cycles / seconds
// is the clock the GPU ran at. The loop is bounded (pc.max_iterations): llvmpipe stops a
// batch's loops silently past 65535 iterations, and the cycles written are the ones counted.
//
// A counter may be narrower than 64 bits (RADV's shader clock on AMD counts 20): the cycles are
// summed step by step, each step modulo the counter's period (pc.mask = period - 1; a step is a
// few cycles, far shorter than any period), so a wrap costs nothing. `seen` (every reading
// ORed) tells the host the counter's width. pc.simulate masks the readings, so that a narrow
// counter is tested on any device (split_bench --clock-bits).
#extension GL_ARB_shader_clock : require
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 1) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Result {
    uint64_t cycles;
    uint64_t iterations;
    uint64_t seen;
    uint64_t unused;
};
layout(push_constant, std430) uniform Push {
    uint64_t result;   // device address of this spin's Result
    uint64_t cycles;   // cycles to spin
    uint64_t mask;     // the counter's period - 1 (all ones for 64 bits)
    uint64_t simulate; // ANDed into every reading: all ones, or a narrower period - 1
    uint max_iterations;
} pc;

void main()
{
    uint64_t prev = clockARB() & pc.simulate;
    uint64_t seen = prev, elapsed = 0;
    uint i = 0u;
    while (elapsed < pc.cycles && i < pc.max_iterations) {
        uint64_t now = clockARB() & pc.simulate;
        elapsed += (now - prev) & pc.mask;
        seen |= now;
        prev = now;
        i++;
    }
    Result r = Result(pc.result);
    r.cycles = elapsed;
    r.iterations = uint64_t(i);
    r.seen = seen;
}
