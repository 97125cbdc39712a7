/* split_bench's device references: one-region vkCmdCopyBuffer and the compute-copy ceiling
 * (bench/copy_ceiling.comp), both recorded from the split's own input buffer into its own
 * output arena. */
#ifndef VKSPLIT_BENCH_REFERENCES_H
#define VKSPLIT_BENCH_REFERENCES_H

#include <volk.h> /* split_bench's own Vulkan calls: volk's globals, loaded in main */

#include "bench_pipelines.h"
#include "vksplit/vksplit_runner.h"

typedef struct bench_ceiling {
    VkDevice device;
    VkPipelineLayout layout;
    VkPipeline pipeline;
    uint32_t max_group_x;
    uint32_t workgroup; /* invocations per workgroup: 256, or the device's limit */
} bench_ceiling;

/* The ceiling's pipeline, added to `pipelines`; needs buffer device addresses. 0 on failure
 * (message on stderr). */
int bench_ceiling_create(const vksplit_runner_info* info, bench_pipelines* pipelines, bench_ceiling* out);
void bench_ceiling_destroy(bench_ceiling* c);
/* Records a plain copy of `bytes` (rounded down to 16) from src to dst device addresses. */
void bench_ceiling_record(const bench_ceiling* c, VkCommandBuffer cmd, VkDeviceAddress src, VkDeviceAddress dst,
                          uint64_t bytes);

#endif /* VKSPLIT_BENCH_REFERENCES_H */
