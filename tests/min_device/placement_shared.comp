#version 450
// The placement test's shared-memory probe: 20 KiB of workgroup memory against the 16 KiB the
// minimum device advertises.
layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;
layout(std430, set = 0, binding = 0) buffer Data { uint data[]; };
shared uint scratch[5120];

void main()
{
    for (uint i = gl_LocalInvocationIndex; i < 5120u; i += 64u)
        scratch[i] = i;
    barrier();
    data[gl_GlobalInvocationID.x] = scratch[(gl_LocalInvocationIndex * 80u + 1u) % 5120u];
}
