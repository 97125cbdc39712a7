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
// ORed) tells the host the counter's width. pc.simulate narrows the readings, so that a narrow
// counter is tested on any device (split_bench --clock-bits): the narrowed counter reads
// pc.start at the spin's first reading, just before its wrap. Beside its count the spin writes
// the device's own first and last readings, its longest step and its steps summed at the
// device's width (pc.device_mask), so that the host can check the count exactly
// (tests/bench/clock.sh). bench/bench_clock_math.c is this loop on the host
// (bench_clock_model): change them together.
#extension GL_ARB_shader_clock : require
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 1) in;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Result {
    uint64_t cycles;      // the count: steps summed modulo pc.mask + 1
    uint64_t iterations;  // steps taken
    uint64_t seen;        // the readings of the counter counted, ORed
    uint64_t seen_device; // the device's readings, ORed
    uint64_t first;       // the device's first reading
    uint64_t last;        // the device's last reading
    uint64_t longest;     // the longest step, at the device's width
    uint64_t full;        // the steps summed at the device's width
};
layout(push_constant, std430) uniform Push {
    uint64_t result;      // device address of this spin's Result
    uint64_t cycles;      // cycles to spin
    uint64_t mask;        // the counted counter's period - 1 (all ones for 64 bits)
    uint64_t device_mask; // the device's counter's period - 1
    uint64_t simulate;    // all ones, or a narrower period - 1 (--clock-bits)
    uint64_t start;       // simulating: the narrowed counter's first reading
    uint max_iterations;
} pc;

const uint64_t ALL_ONES = 0xFFFFFFFFFFFFFFFFul;

void main()
{
    uint64_t first = clockARB();
    uint64_t offset = pc.simulate == ALL_ONES ? 0ul : pc.start - first;
    uint64_t prev = (first + offset) & pc.simulate, prev_device = first;
    uint64_t seen = prev, seen_device = first, elapsed = 0ul, full = 0ul, longest = 0ul;
    uint i = 0u;
    while (elapsed < pc.cycles && i < pc.max_iterations) {
        uint64_t reading = clockARB();
        uint64_t now = (reading + offset) & pc.simulate;
        uint64_t step = (reading - prev_device) & pc.device_mask;
        elapsed += (now - prev) & pc.mask;
        full += step;
        longest = step > longest ? step : longest;
        seen |= now;
        seen_device |= reading;
        prev = now;
        prev_device = reading;
        i++;
    }
    Result r = Result(pc.result);
    r.cycles = elapsed;
    r.iterations = uint64_t(i);
    r.seen = seen;
    r.seen_device = seen_device;
    r.first = first;
    r.last = prev_device;
    r.longest = longest;
    r.full = full;
}
