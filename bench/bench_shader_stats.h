/* split_bench --shader-stats: what the driver reports about the pipeline a plan records,
 * through VK_KHR_pipeline_executable_properties (registers, instructions, spills, workgroup
 * memory: each driver names its own statistics). */
#ifndef VKSPLIT_BENCH_SHADER_STATS_H
#define VKSPLIT_BENCH_SHADER_STATS_H

#include <stddef.h>

#include <volk.h> /* split_bench's own Vulkan calls: volk's globals, loaded in main */

/* Writes the pipeline's executables and their statistics as a JSON array into json and as
 * one line of text ("name: stat value, ...; name: ...") into text. 0 where the driver
 * reports nothing (the strings then say why). */
int bench_shader_stats(VkDevice device, VkPipeline pipeline, char* json, size_t json_size, char* text,
                       size_t text_size);

#endif /* VKSPLIT_BENCH_SHADER_STATS_H */
