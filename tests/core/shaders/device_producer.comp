#version 460
// The tests' own GPU pass that writes a plan's device parameters (vksplit.h's
// VKSPLIT_PARAMETERS_*), as an engine's producer would: from a step counter it keeps in its own
// state buffer, so that one recorded command buffer, submitted again and again, writes new
// values each time without the host. The host computes the same values (producer_values in
// test_device_parameters.c) to check every byte.
//
// state: [0] the step (incremented here), [1] the parts n, [2] the mode (1 PACKED, 2 GIVEN),
// [3] the fault to plant (0 none; test_device_parameters.c's FAULT_*), [4 .. 4 + n] the
// capacities, the whole's last.
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
    uint step = state.v[0], n = state.v[1], mode = state.v[2], fault = state.v[3];
    uint whole_cap = state.v[4 + n], sum = 0u, at = 0u;
    bool append = mode == 2u && n == 1u; // a decode step: one token at position step
    for (uint i = 0u; i < n; i++) {
        uint cap = state.v[4 + i];
        uint len = append ? cap : hash(step, i) % (cap + 1u);
        p.v[1u + i] = len;
        // GIVEN: within the part's own capacity's place, so that a join's parts stay in order
        p.v[1u + n + i] = append      ? step % (whole_cap - cap + 1u)
                          : mode == 2u ? at + hash(step, i + 1000u) % (cap - len + 1u)
                                       : 0xDEADu;
        at += cap;
        sum += len;
    }
    p.v[0] = mode == 1u ? sum : 0xBEEFu;
    uint k = step % max(n, 1u);
    if (fault == 1u) // a length over its capacity
        p.v[1u + k] = state.v[4 + k] + 1u + step % 3u;
    else if (fault == 2u) // PACKED: lengths that do not sum to the whole
        p.v[0] = sum + 1u;
    else if (fault == 3u) // PACKED: a whole past its capacity
        p.v[0] = whole_cap + 1u;
    else if (fault == 4u) // GIVEN: an offset past the whole
        p.v[1u + n + k] = whole_cap - p.v[1u + k] + 1u;
    else if (fault == 5u && k > 0u) // GIVEN, a join: a part before the one before it ends
        p.v[1u + n + k] = p.v[1u + n + k - 1u] + p.v[k] - 1u; // p.v[k]: part k - 1's length
    state.v[0] = step + 1u;
}
