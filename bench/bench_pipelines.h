/* split_bench's own list of the pipelines it created, in creation order: the library's, told
 * through vksplit_runner_desc.pipeline_created (vksplit_pipeline_fn), and the bench's own
 * shaders', added where each is created (bench_clock.c, bench_references.c, bench_step.c).
 * --json prints it as "pipelines": the ground truth that ../shared/tools/isa/labels.py
 * otherwise reconstructs from the cases. */
#ifndef VKSPLIT_BENCH_PIPELINES_H
#define VKSPLIT_BENCH_PIPELINES_H

#include <stdint.h>

#include "vksplit/vksplit.h"

typedef struct bench_pipeline {
    VkPipeline pipeline;
    const char* module;    /* the .spv's base name as the build writes it (build/shaders/, build/bench/) */
    const char* direction; /* "split", "join"; NULL for the bench's own shaders, which do neither */
} bench_pipeline;

/* Grows as it goes (the bench exits when the host is out of memory); zeroed: empty. The names
 * are kept as pointers: the library's are static, and so are the bench's (cmake/embed_spirv.cmake). */
typedef struct bench_pipelines {
    bench_pipeline* items;
    uint32_t count, capacity;
} bench_pipelines;

void bench_pipelines_add(bench_pipelines* list, VkPipeline pipeline, const char* module, const char* direction);
/* The index of the latest pipeline listed with this handle (a destroyed plan's handle may come
 * back for a later one), -1 for none. */
int64_t bench_pipelines_find(const bench_pipelines* list, VkPipeline pipeline);
/* The library's report (vksplit_pipeline_fn), user a bench_pipelines: one thread makes the
 * bench's plans, so it takes no lock. */
void bench_pipelines_created(void* user, VkPipeline pipeline, const char* module, const char* direction);
/* `  "pipelines": [...],` at the JSON object's top level. */
void bench_pipelines_json(const bench_pipelines* list);
void bench_pipelines_free(bench_pipelines* list);

#endif /* VKSPLIT_BENCH_PIPELINES_H */
