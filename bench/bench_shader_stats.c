/* See bench_shader_stats.h. */
#include "bench_shader_stats.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_EXECUTABLES 4
#define MAX_STATISTICS 64

/* Appends to a bounded string; the string stays terminated when it runs out of room. */
static void append(char* out, size_t size, size_t* at, const char* fmt, ...)
{
    if (*at >= size)
        return;
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(out + *at, size - *at, fmt, args);
    va_end(args);
    *at = n < 0 ? size : *at + (size_t)n;
}

/* A driver's name, safe inside a JSON string. */
static void json_name(char* out, size_t size, const char* name)
{
    size_t k = 0;
    for (; *name && k + 1 < size; name++)
        out[k++] = (*name == '"' || *name == '\\' || (unsigned char)*name < 0x20) ? '_' : *name;
    out[k] = 0;
}

static void value_text(const VkPipelineExecutableStatisticKHR* s, char* out, size_t size)
{
    switch (s->format) {
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
        snprintf(out, size, "%s", s->value.b32 ? "true" : "false");
        break;
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: snprintf(out, size, "%lld", (long long)s->value.i64); break;
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
        snprintf(out, size, "%llu", (unsigned long long)s->value.u64);
        break;
    default: snprintf(out, size, "%g", s->value.f64); break;
    }
}

int bench_shader_stats(VkDevice device, VkPipeline pipeline, char* json, size_t json_size, char* text, size_t text_size)
{
    size_t j = 0, t = 0;
    json[0] = text[0] = 0;
    if (!pipeline || !vkGetPipelineExecutablePropertiesKHR || !vkGetPipelineExecutableStatisticsKHR) {
        append(json, json_size, &j, "null");
        append(text, text_size, &t, "%s", pipeline ? "no VK_KHR_pipeline_executable_properties" : "no pipeline");
        return 0;
    }
    VkPipelineInfoKHR info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, .pipeline = pipeline};
    VkPipelineExecutablePropertiesKHR props[MAX_EXECUTABLES];
    for (uint32_t i = 0; i < MAX_EXECUTABLES; i++)
        props[i] = (VkPipelineExecutablePropertiesKHR){.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR};
    uint32_t count = MAX_EXECUTABLES;
    if (vkGetPipelineExecutablePropertiesKHR(device, &info, &count, props) < VK_SUCCESS || count == 0) {
        append(json, json_size, &j, "null");
        append(text, text_size, &t, "the driver reports no executable");
        return 0;
    }
    append(json, json_size, &j, "[");
    for (uint32_t e = 0; e < count; e++) {
        VkPipelineExecutableInfoKHR which = {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
                                             .pipeline = pipeline,
                                             .executableIndex = e};
        VkPipelineExecutableStatisticKHR stats[MAX_STATISTICS];
        for (uint32_t i = 0; i < MAX_STATISTICS; i++)
            stats[i] = (VkPipelineExecutableStatisticKHR){.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR};
        uint32_t n = MAX_STATISTICS;
        if (vkGetPipelineExecutableStatisticsKHR(device, &which, &n, stats) < VK_SUCCESS)
            n = 0;
        char name[VK_MAX_DESCRIPTION_SIZE];
        json_name(name, sizeof name, props[e].name);
        append(json, json_size, &j, "%s{\"executable\": \"%s\", \"subgroup_size\": %u", e ? ", " : "", name,
               props[e].subgroupSize);
        append(text, text_size, &t, "%s%s (subgroup %u):", e ? "; " : "", props[e].name, props[e].subgroupSize);
        for (uint32_t i = 0; i < n; i++) {
            char value[64], key[VK_MAX_DESCRIPTION_SIZE];
            value_text(&stats[i], value, sizeof value);
            json_name(key, sizeof key, stats[i].name);
            append(json, json_size, &j, ", \"%s\": %s", key, value);
            append(text, text_size, &t, "%s %s %s", i ? "," : "", stats[i].name, value);
        }
        append(json, json_size, &j, "}");
    }
    append(json, json_size, &j, "]");
    return 1;
}
