/* split_bench's list of the pipelines it created (bench_pipelines.h). */
#include "bench_pipelines.h"

#include <stdio.h>
#include <stdlib.h>

void bench_pipelines_add(bench_pipelines* list, VkPipeline pipeline, const char* module, const char* direction)
{
    if (list->count == list->capacity) {
        uint32_t capacity = list->capacity ? 2 * list->capacity : 64;
        bench_pipeline* items = realloc(list->items, capacity * sizeof *items);
        if (!items) {
            fprintf(stderr, "split_bench: out of host memory for the list of pipelines\n");
            exit(1);
        }
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count++] = (bench_pipeline){pipeline, module, direction};
}

int64_t bench_pipelines_find(const bench_pipelines* list, VkPipeline pipeline)
{
    for (uint32_t i = list->count; pipeline != VK_NULL_HANDLE && i-- > 0;)
        if (list->items[i].pipeline == pipeline)
            return i;
    return -1;
}

void bench_pipelines_created(void* user, VkPipeline pipeline, const char* module, const char* direction)
{
    bench_pipelines_add(user, pipeline, module, direction);
}

void bench_pipelines_json(const bench_pipelines* list)
{
    printf("  \"pipelines\": [");
    for (uint32_t i = 0; i < list->count; i++) {
        const bench_pipeline* p = &list->items[i];
        printf("%s\n    {\"module\": \"%s\", \"direction\": %s%s%s}", i ? "," : "", p->module, p->direction ? "\"" : "",
               p->direction ? p->direction : "null", p->direction ? "\"" : "");
    }
    printf("%s],\n", list->count ? "\n  " : "");
}

void bench_pipelines_free(bench_pipelines* list)
{
    free(list->items);
    *list = (bench_pipelines){NULL, 0, 0};
}
