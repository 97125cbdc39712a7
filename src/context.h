/* The context's insides, shared by context.c, plan.c and record.c. */
#ifndef VKSPLIT_CONTEXT_H
#define VKSPLIT_CONTEXT_H

#include "internal.h"
#include "planner.h"
#include "vulkan_functions.h"

/* Pipelines by kernel (split_abi.h's MAPPING_*: the mappings 1 .. 5, then TILES' realigned
 * and wide kernels, 7 and 8) and copy word (index log2(word bytes), 1 .. 32 bytes). */
#define VKSPLIT_WORD_KINDS 6
#define VKSPLIT_KERNEL_KINDS 10

struct vksplit_context {
    vksplit__vk vk;
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    VkAllocationCallbacks callbacks_storage;
    const VkAllocationCallbacks* callbacks; /* NULL or &callbacks_storage */
    vksplit_log_fn log;
    void* log_user;
    vksplit_features features;

    /* What the device allows. */
    VkPhysicalDeviceType device_type;
    uint32_t max_group_count[3];
    uint32_t max_storage_buffer_range;
    uint32_t min_storage_offset_alignment;
    uint64_t max_buffer_size;            /* Vulkan 1.3 maintenance4; 0 where the device does not say */
    VkPhysicalDeviceMemoryProperties memory;

    /* Chosen once: addressing, tuning, and the pipelines for it. */
    vksplit_bool32 bda;                  /* else the push-descriptor fallback */
    uint32_t output_slots;               /* outputs per dispatch on the descriptor path */
    vksplit__planner_caps caps;
    VkDescriptorSetLayout set_layout;    /* descriptor path only */
    VkPipelineLayout pipeline_layout;
    /* Created with the context, or (defer_pipelines) by the first plan that needs one: plans
     * are made from any thread, so a slot is claimed with a compare-and-swap. Each holds a
     * VkPipeline's 64 bits (a pointer or a uint64_t, by platform): src/pipelines.c. */
    vksplit__atomic_u64 pipelines[VKSPLIT_KERNEL_KINDS][VKSPLIT_WORD_KINDS];
    vksplit_bool32 defer_pipelines;
    vksplit_bool32 capture_statistics;   /* pipelines created with CAPTURE_STATISTICS */
    VkPipelineCache pipeline_cache;
};

/* The pipeline for a plan's kernel (split_abi.h MAPPING_*) and copy word: created now where
 * the context defers its pipelines and this one does not exist yet (src/pipelines.c). */
vksplit_result vksplit__pipeline_for(vksplit_context* ctx, uint32_t kernel, uint32_t word_bytes, VkPipeline* out,
                                     vksplit_error* error);
/* Does this word store through 32-bit atomics on this context (no 8/16-bit storage)? */
static inline vksplit_bool32 vksplit__atomic_stores(const vksplit_context* ctx, uint32_t word_bytes)
{
    return (word_bytes == 1 && !(ctx->features & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT)) ||
           (word_bytes == 2 && !(ctx->features & VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT));
}

/* "tiles" for VKSPLIT_MAPPING_TILES, as split_bench's --mapping names them (src/tuning.c). */
const char* vksplit__mapping_name(vksplit_mapping mapping);

/* A line to the context's log callback, if any (src/context_log.c: below everything that logs). */
void vksplit__log(const vksplit_context* ctx, vksplit_log_level level, const char* fmt, ...) VKSPLIT_PRINTF(3, 4);

#endif /* VKSPLIT_CONTEXT_H */
