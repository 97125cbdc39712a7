/* One step of split_bench's engine and rows loops: a command buffer that opens on everything
 * before it (earlier steps, uploads, the host's writes) and closes to everything after (the next
 * step, downloads, the host's reads of statuses and counters), submitted and waited for. */
#ifndef VKSPLIT_BENCH_STEP_H
#define VKSPLIT_BENCH_STEP_H

#include <volk.h> /* split_bench's own Vulkan calls: volk's globals, loaded in main */

#include "bench_pipelines.h"
#include "vksplit/vksplit.h"

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

/* The status words a plan's GPU check wrote (vksplit_parameters_status): 1 where they say no rule
 * broke; else "split_bench: NAME (WHEN): the WHICH status: ..." on stderr, and 0. */
int bench_status_ok(const vksplit_plan* plan, const uint32_t* words, const char* name, const char* which,
                    const char* when);

/* A loop's own objects: the pool of its steps' command buffers (each resettable), the fence its
 * steps wait on, and its producer: a compute pipeline of one shader with push constants. */
typedef struct bench_step_objects {
    VkCommandPool pool;
    VkFence fence;
    VkPipelineLayout layout;
    VkPipeline producer;
} bench_step_objects;
/* Creates them on queue family `queue_family`, the producer from SPIR-V `code` (code_size bytes,
 * the build's module `module`: added to `pipelines`) with push_bytes of push constants; on
 * failure says so for case `name` on stderr and returns 0 (bench_step_objects_destroy what was
 * made). */
int bench_step_objects_create(VkDevice device, uint32_t queue_family, const uint32_t* code, size_t code_size,
                              const char* module, bench_pipelines* pipelines, uint32_t push_bytes, const char* name,
                              bench_step_objects* o);
/* Destroys what o holds (the pool frees its command buffers). */
void bench_step_objects_destroy(VkDevice device, const bench_step_objects* o);

#endif /* VKSPLIT_BENCH_STEP_H */
