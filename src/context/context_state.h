/* The context's state: what every step after context creation reads (the device's limits,
 * the addressing, the tuned caps, the pipelines). Data only, and the few inline questions
 * asked of it: the functions that fill it live with their jobs (context.c creates it,
 * tuning.c fits the tuning, pipelines.c makes the pipelines, context_log.c logs), and none
 * of them is declared here, so that every file that reads the state depends on this header
 * and it on none of them. */
#ifndef VKSPLIT_CONTEXT_STATE_H
#define VKSPLIT_CONTEXT_STATE_H

#include "geometry/geometry.h"
#include "base/internal.h"
#include "base/vulkan_functions.h"

/* Pipelines by direction (vksplit__direction: SPEC_JOIN), kernel (split_abi.h's MAPPING_*: the
 * mappings 1 .. 5, then TILES' realigned and wide kernels, 7 and 8, TRANSPOSE16 9, and the
 * device parameters' copy and check, 10 and 11, rows' copy and check, 12 and 13) and copy word (index
 * log2(word bytes), 1 .. 32 bytes). */
#define VKSPLIT_DIRECTIONS 2
#define VKSPLIT_WORD_KINDS 6
#define VKSPLIT_KERNEL_KINDS 14

/* The parameter tables' blocks (src/context/table_pool.c): a spin lock, the blocks, and the
 * size of the next. */
typedef struct vksplit__table_block vksplit__table_block;
typedef struct vksplit__table_pool {
    vksplit__atomic_u64 lock;
    vksplit__table_block** blocks; /* [block_count] of [block_capacity] */
    uint32_t block_count;
    uint32_t block_capacity;
    uint64_t next_block_bytes;
} vksplit__table_pool;

struct vksplit_context {
    vksplit__vk vk;
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    VkAllocationCallbacks callbacks_storage;
    const VkAllocationCallbacks* callbacks; /* NULL or &callbacks_storage */
    vksplit_log_fn log;
    void* log_user;
    vksplit_pipeline_fn pipeline_created; /* told of each pipeline made (src/context/pipeline_report.c) */
    void* pipeline_created_user;
    vksplit_features features;

    /* What the device allows. */
    VkPhysicalDeviceType device_type;
    uint32_t max_group_count[3];
    uint32_t max_storage_buffer_range;
    uint32_t min_storage_offset_alignment;
    uint64_t max_buffer_size; /* Vulkan 1.3 maintenance4; 0 where the device does not say */
    uint64_t non_coherent_atom_size;
    VkPhysicalDeviceMemoryProperties memory;

    /* Chosen once: addressing, tuning, and the pipelines for it. */
    vksplit_bool32 bda;       /* else the push-descriptor fallback */
    vksplit_bool32 f16_hw;    /* converting copies' float16 by the device (the _f16 modules) */
    uint32_t output_slots;    /* outputs per dispatch on the descriptor path */
    uint32_t parameter_slots; /* the same for plans with device parameters (their block takes a binding) */
    vksplit__planner_caps caps;
    VkDescriptorSetLayout set_layout; /* descriptor path only */
    VkPipelineLayout pipeline_layout;
    /* descriptor path, plans with device parameters: binding 3 their block, parameter_slots parts */
    VkDescriptorSetLayout parameter_set_layout;
    VkPipelineLayout parameter_pipeline_layout;
    /* descriptor path, rows the GPU places: binding 0 the table (a uniform buffer), 1 the whole,
     * 2 the part, 3 the block, 4 the indices */
    VkDescriptorSetLayout rows_set_layout;
    VkPipelineLayout rows_pipeline_layout;
    /* the converting copy (src/context/convert_pipelines.c): its layout; descriptor path its set */
    VkDescriptorSetLayout convert_set_layout;
    VkPipelineLayout convert_pipeline_layout;
    uint32_t min_uniform_offset_alignment;
    /* Created with the context (the directions create_pipelines names), or by the first plan
     * that needs one: plans are made from any thread, so a slot is claimed with a
     * compare-and-swap. Each holds a VkPipeline's 64 bits (a pointer or a uint64_t, by
     * platform): src/context/pipelines.c. */
    vksplit__atomic_u64 pipelines[VKSPLIT_DIRECTIONS][VKSPLIT_KERNEL_KINDS][VKSPLIT_WORD_KINDS];
    uint32_t create_pipelines;         /* bit d: direction d's pipelines made with the context */
    vksplit_bool32 capture_statistics; /* pipelines created with CAPTURE_STATISTICS */
    /* pipelines specialized to plans' shapes, shared by the plans alike (plan_pipelines.c): the
     * head of a list that only grows, a node's address in 64 bits */
    vksplit__atomic_u64 plan_pipelines;
    VkPipelineCache pipeline_cache;
    vksplit__table_pool pool; /* every plan's table that the engine does not place itself */
};

/* The alignment a table's range needs: a descriptor's offset alignment, and 16 (the shader
 * reads the table 16 bytes at a time). */
static inline uint32_t vksplit__table_alignment(const vksplit_context* ctx)
{
    return ctx->min_storage_offset_alignment > 16 ? ctx->min_storage_offset_alignment : 16;
}

/* Does this word store through 32-bit atomics on this context (no 8/16-bit storage)? */
static inline vksplit_bool32 vksplit__atomic_stores(const vksplit_context* ctx, uint32_t word_bytes)
{
    return (word_bytes == 1 && !(ctx->features & VKSPLIT_FEATURE_STORAGE_BUFFER_8BIT)) ||
           (word_bytes == 2 && !(ctx->features & VKSPLIT_FEATURE_STORAGE_BUFFER_16BIT));
}

/* The rows copy's workgroup (src/geometry/mapping_rows.c): the tuning's, down to a power of two
 * (its blocks' columns and rows are powers of two). */
static inline uint32_t vksplit__rows_workgroup(const vksplit_context* ctx)
{
    uint32_t size = 1;
    while (size * 2 <= ctx->caps.workgroup_size)
        size *= 2;
    return size;
}

#endif /* VKSPLIT_CONTEXT_STATE_H */
