#version 460
// The tests' own GPU pass that writes a plan's device parameters (vksplit.h's
// VKSPLIT_PARAMETERS_*), as an engine's producer would: from a step counter it keeps in its own
// state buffer, so that one recorded command buffer, submitted again and again, writes new
// values each time without the host. The host computes the same values (producer_values in
// test_device_parameters.c) to check every byte.
//
// state: [0] the step (incremented here), [1] the parts n, [2] the mode (1 PACKED, 2 GIVEN, 3 RING),
// [3] the fault to plant (0 none; test_device_parameters.c's FAULT_*), [4 .. 4 + n] the
// capacities, the whole's last.
// Plain descriptors (binding 0 the state, binding 1 the parameters' buffer, their first word
// pushed), so that it runs with and without buffer device addresses.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer State { uint v[]; } state;
layout(set = 0, binding = 1, std430) buffer Params { uint v[]; } params;
layout(push_constant, std430) uniform Push {
    uint first; // the parameters' first word in binding 1
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
    uint step = state.v[0], n = state.v[1], mode = state.v[2], fault = state.v[3];
    uint whole_cap = state.v[4 + n], sum = 0u, at = 0u;
    bool ring = mode == 3u;                // RING: any offset, the ring wraps it
    bool append = mode >= 2u && n == 1u;   // a decode step: one token at position step
    for (uint i = 0u; i < n; i++) {
        uint cap = state.v[4 + i];
        uint len = append ? cap : hash(step, i) % (cap + 1u);
        params.v[pc.first + 1u + i] = len;
        // GIVEN: within the part's own capacity's place, so that a join's parts stay in order
        params.v[pc.first + 1u + n + i] = ring        ? step * 7u + hash(step, 7u) % 3u
                          : append     ? step % (whole_cap - cap + 1u)
                          : mode == 2u ? at + hash(step, i + 1000u) % (cap - len + 1u)
                                       : 0xDEADu;
        at += cap;
        sum += len;
    }
    params.v[pc.first + 0] = mode == 1u ? sum : 0xBEEFu;
    uint k = step % max(n, 1u);
    if (fault == 1u) // a length over its capacity
        params.v[pc.first + 1u + k] = state.v[4 + k] + 1u + step % 3u;
    else if (fault == 2u) // PACKED: lengths that do not sum to the whole
        params.v[pc.first + 0] = sum + 1u;
    else if (fault == 3u) // PACKED: a whole past its capacity
        params.v[pc.first + 0] = whole_cap + 1u;
    else if (fault == 4u) // GIVEN: an offset past the whole
        params.v[pc.first + 1u + n + k] = whole_cap - params.v[pc.first + 1u + k] + 1u;
    else if (fault == 5u && k > 0u) // GIVEN, a join: a part before the one before it ends
        params.v[pc.first + 1u + n + k] = params.v[pc.first + 1u + n + k - 1u] + params.v[pc.first + k] - 1u; // [first + k]: part k - 1's length
    state.v[0] = step + 1u;
}
