#version 450
// The placement test's workgroup probe: its size is a specialization constant (constant_id 0),
// 256 invocations against the 128 the minimum device advertises.
layout(local_size_x_id = 0, local_size_y = 1, local_size_z = 1) in;
layout(std430, set = 0, binding = 0) buffer Data { uint data[]; };

void main() { data[gl_GlobalInvocationID.x] = gl_LocalInvocationIndex; }
