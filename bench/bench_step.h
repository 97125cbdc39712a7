/* One step of split_bench's engine and rows loops: a command buffer that opens on everything
 * before it (earlier steps, uploads, the host's writes) and closes to everything after (the next
 * step, downloads, the host's reads of statuses and counters), submitted and waited for. */
#ifndef VKSPLIT_BENCH_STEP_H
#define VKSPLIT_BENCH_STEP_H

#include <volk.h> /* split_bench's own Vulkan calls: volk's globals, loaded in main */

/* A global memory barrier between two stages. */
void bench_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src,
                   VkPipelineStageFlags dst_stage, VkAccessFlags dst);
/* Resets and begins cmd, then the opening barrier. 0 on failure. */
int bench_step_begin(VkCommandBuffer cmd);
/* The closing barrier, then ends cmd. 0 on failure. */
int bench_step_end(VkCommandBuffer cmd);
/* Submits cmd with fence, waits for it and resets it; on failure says so for case `name` on
 * stderr and returns 0. */
int bench_step_submit(VkDevice device, VkQueue queue, VkFence fence, VkCommandBuffer cmd, const char* name);

#endif /* VKSPLIT_BENCH_STEP_H */
