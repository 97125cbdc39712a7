/* The context's pipelines: the embedded SPIR-V modules (each variant of src/geometry/shader_variants.h
 * for each kernel of src/geometry/kernel_table.h it takes), the layouts, and one compute pipeline per
 * direction (split, join), kernel and copy word the context can use, created with the context
 * or, deferred, by the first plan that needs each (never on a record path). */
#include <stdio.h>
#include <string.h>

#include "context/pipelines.h"

#include "context/convert_pipelines.h"
#include "context/debug_labels.h"
#include "context/pipeline_report.h"
#include "context/plan_pipelines.h"
#include "embedded_shaders.h"
#include "geometry/kernels.h"
#include "geometry/shader_variants.h"
#include "split_abi.h"

/* The embedded SPIR-V: one module per variant (src/geometry/shader_variants.h) and kernel
 * (src/geometry/kernel_table.h), as cmake/shaders.cmake lists them in embedded_shaders.h. */
typedef struct shader_module {
    vksplit_bool32 bda;
    uint32_t word_bytes;
    vksplit_bool32 atomic_stores;
    uint32_t directions; /* bit 1 << vksplit__direction: the directions it copies */
    uint32_t kernel;
    const vksplit__spirv_blob* spirv; /* deflated; unpacked only while its module is made */
} shader_module;

#define VKSPLIT_IS_BDA_bda 1
#define VKSPLIT_IS_BDA_desc 0
#define VKSPLIT_X_MODULE(addressing, word, atomic, direction, kernel, symbol) \
    {VKSPLIT_IS_BDA_##addressing, word, atomic, VKSPLIT__DIRECTION_BITS_##direction, kernel, &symbol},
/* A pipeline handle as the 64 bits its slot holds: VkPipeline is a pointer on 64-bit
 * platforms and a uint64_t elsewhere, 8 bytes either way. */
_Static_assert(sizeof(VkPipeline) == sizeof(uint64_t), "a non-dispatchable handle is 64 bits");
static uint64_t pipeline_bits(VkPipeline pipeline)
{
    uint64_t bits;
    memcpy(&bits, &pipeline, sizeof bits);
    return bits;
}
static VkPipeline pipeline_of(uint64_t bits)
{
    VkPipeline pipeline;
    memcpy(&pipeline, &bits, sizeof pipeline);
    return pipeline;
}

static const shader_module modules[] = {VKSPLIT_EMBEDDED_MODULES(VKSPLIT_X_MODULE)};
#undef VKSPLIT_X_MODULE
#define MODULE_COUNT (sizeof modules / sizeof modules[0])

static const shader_module* find_module(vksplit_bool32 bda, uint32_t word_bytes, vksplit_bool32 atomic,
                                        vksplit__direction direction, uint32_t kernel)
{
    for (size_t i = 0; i < MODULE_COUNT; i++)
        if (modules[i].bda == bda && modules[i].word_bytes == word_bytes && modules[i].atomic_stores == atomic &&
            (modules[i].directions & (1u << direction)) && modules[i].kernel == kernel)
            return &modules[i];
    return NULL;
}

bool vksplit__embeds_addressing(vksplit_bool32 bda)
{
    for (size_t i = 0; i < MODULE_COUNT; i++)
        if (modules[i].bda == bda)
            return true;
    return false;
}

static uint32_t word_kind(uint32_t word_bytes)
{
    uint32_t kind = 0;
    while ((1u << kind) < word_bytes)
        kind++;
    return kind;
}

/* The push-descriptor set layout of the descriptor path: the table, the whole, `slots` parts,
 * and with device parameters (`device`) their block. */
static vksplit_result create_set_layout(vksplit_context* ctx, uint32_t slots, bool device, VkDescriptorSetLayout* out,
                                        vksplit_error* error)
{
    VkDescriptorSetLayoutBinding bindings[4];
    memset(bindings, 0, sizeof bindings);
    uint32_t count = device ? 4 : 3;
    for (uint32_t b = 0; b < count; b++) {
        bindings[b].binding = b;
        bindings[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        bindings[b].descriptorCount = b == 2 ? slots : 1;
        bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
    info.bindingCount = count;
    info.pBindings = bindings;
    VkDescriptorSetLayout set_layout; /* undefined after a failure: kept only on success */
    VkResult vr = ctx->vk.vkCreateDescriptorSetLayout(ctx->device, &info, ctx->callbacks, &set_layout);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateDescriptorSetLayout", vr);
    *out = set_layout;
    vksplit__name_object(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, (uint64_t)set_layout,
                         "vksplit: push-descriptor set layout (table, input, %u outputs%s)", slots,
                         device ? ", device parameters" : "");
    return VKSPLIT_OK;
}

static vksplit_result create_pipeline_layout(vksplit_context* ctx, VkDescriptorSetLayout set_layout, const char* what,
                                             VkPipelineLayout* out, vksplit_error* error)
{
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, PUSH_BYTES};
    VkPipelineLayoutCreateInfo info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    info.setLayoutCount = set_layout ? 1 : 0;
    info.pSetLayouts = set_layout ? &set_layout : NULL;
    info.pushConstantRangeCount = 1;
    info.pPushConstantRanges = &range;
    VkPipelineLayout layout;
    VkResult vr = ctx->vk.vkCreatePipelineLayout(ctx->device, &info, ctx->callbacks, &layout);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreatePipelineLayout", vr);
    *out = layout;
    vksplit__name_object(ctx, VK_OBJECT_TYPE_PIPELINE_LAYOUT, (uint64_t)layout, "vksplit: pipeline layout (%s)", what);
    return VKSPLIT_OK;
}

/* The rows' push-descriptor set layout: binding 0 the table, a uniform buffer (the least devices
 * have four storage buffers a stage: the whole, the part, the block and the indices take them),
 * 1 the whole, 2 the part, 3 the block, 4 the indices. */
static vksplit_result create_rows_set_layout(vksplit_context* ctx, VkDescriptorSetLayout* out, vksplit_error* error)
{
    VkDescriptorSetLayoutBinding bindings[5];
    memset(bindings, 0, sizeof bindings);
    for (uint32_t b = 0; b < 5; b++) {
        bindings[b].binding = b;
        bindings[b].descriptorType = b ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        bindings[b].descriptorCount = 1;
        bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
    info.bindingCount = 5;
    info.pBindings = bindings;
    VkDescriptorSetLayout set_layout;
    VkResult vr = ctx->vk.vkCreateDescriptorSetLayout(ctx->device, &info, ctx->callbacks, &set_layout);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateDescriptorSetLayout", vr);
    *out = set_layout;
    vksplit__name_object(ctx, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, (uint64_t)set_layout,
                         "vksplit: push-descriptor set layout (rows: table, whole, part, block, indices)");
    return VKSPLIT_OK;
}

vksplit_result vksplit__create_layouts(vksplit_context* ctx, vksplit_error* error)
{
    if (ctx->bda) {
        vksplit_result r =
            create_pipeline_layout(ctx, VK_NULL_HANDLE, "device addresses", &ctx->pipeline_layout, error);
        return r == VKSPLIT_OK ? vksplit__create_convert_layouts(ctx, error) : r;
    }
    vksplit_result r = create_set_layout(ctx, ctx->output_slots, false, &ctx->set_layout, error);
    if (r == VKSPLIT_OK)
        r = create_pipeline_layout(ctx, ctx->set_layout, "push descriptors", &ctx->pipeline_layout, error);
    if (r == VKSPLIT_OK)
        r = create_set_layout(ctx, ctx->parameter_slots, true, &ctx->parameter_set_layout, error);
    if (r == VKSPLIT_OK)
        r = create_pipeline_layout(ctx, ctx->parameter_set_layout, "push descriptors, device parameters",
                                   &ctx->parameter_pipeline_layout, error);
    if (r == VKSPLIT_OK)
        r = create_rows_set_layout(ctx, &ctx->rows_set_layout, error);
    if (r == VKSPLIT_OK)
        r = create_pipeline_layout(ctx, ctx->rows_set_layout, "push descriptors, rows", &ctx->rows_pipeline_layout,
                                   error);
    return r == VKSPLIT_OK ? vksplit__create_convert_layouts(ctx, error) : r;
}

VkPipelineLayout vksplit__layout_for(const vksplit_context* ctx, uint32_t kernel)
{
    if (ctx->bda)
        return ctx->pipeline_layout;
    return vksplit__is_parameter_kernel(kernel) ? ctx->parameter_pipeline_layout
           : vksplit__is_rows_kernel(kernel)    ? ctx->rows_pipeline_layout
                                                : ctx->pipeline_layout;
}

/* Whether the context plans with a kernel and word in a direction (the table of
 * src/geometry/kernels.c: the one the planner's mapping steps read). */
static bool context_uses(const vksplit_context* ctx, uint32_t kernel, uint32_t word_bytes, vksplit__direction direction)
{
    vksplit__kernel_caps caps = {ctx->caps.bda, ctx->caps.max_word_bytes, direction};
    /* a plan with device parameters or rows takes its kernels whatever the tuning's mapping */
    return (vksplit__is_planned_kernel(kernel) ||
            vksplit__mapping_allowed(ctx->caps.mapping, vksplit__kernel_mapping(kernel))) &&
           vksplit__kernel_takes_word(kernel, word_bytes, &caps);
}

/* Whether a pipeline waits for the first plan that needs it: its direction's are deferred, or
 * it serves device parameters or rows, which only VKSPLIT_PIPELINES_WITH_CONTEXT makes up front
 * (most contexts never plan one). */
static bool deferred_kernel(const vksplit_context* ctx, vksplit__direction direction, uint32_t kernel)
{
    uint32_t both = (1u << VKSPLIT__SPLIT) | (1u << VKSPLIT__JOIN);
    if (vksplit__is_planned_kernel(kernel) && ctx->create_pipelines != both)
        return true;
    return !(ctx->create_pipelines & (1u << direction));
}

#define SPEC_COUNT 8
typedef struct pipeline_spec {
    uint32_t constants[SPEC_COUNT];
    VkSpecializationMapEntry entries[SPEC_COUNT];
    VkSpecializationInfo info;
} pipeline_spec;

/* shape: a CPU device's rows plan's own (split_abi.h ROWS_SHAPE), else ROWS_SHAPE_ANY (a module
 * without the constant ignores it). */
static void specialize(const vksplit_context* ctx, uint32_t kernel, vksplit__direction direction, uint32_t shape,
                       pipeline_spec* spec)
{
    uint32_t shared = 1;
    if (kernel == MAPPING_TRANSPOSE || kernel == MAPPING_TRANSPOSE16)
        shared = TRANSPOSE_SHARED_WORDS;
    else if (kernel == MAPPING_DEINTERLEAVE)
        shared = ctx->caps.shared_bytes / 4;
    else if (kernel == MAPPING_DEVICE_CHECK)
        shared =
            3 * ctx->caps.workgroup_size + 1; /* per lane: its sum's low word, first broken rule, high word; the rule */
    bool transpose = kernel == MAPPING_TRANSPOSE || kernel == MAPPING_TRANSPOSE16;
    bool device = vksplit__is_parameter_kernel(kernel);
    uint32_t workgroup = transpose                      ? TRANSPOSE_WORKGROUP
                         : kernel == MAPPING_ROWS_CHECK ? ROWS_CHECK_WORKGROUP
                         : kernel == MAPPING_ROWS       ? vksplit__rows_workgroup(ctx)
                                                        : ctx->caps.workgroup_size;
    /* a CPU device's tuning: the device parameters' and the rows' copies in runs a lane */
    bool lane_runs = (kernel == MAPPING_DEVICE || kernel == MAPPING_ROWS) && ctx->caps.mapping == VKSPLIT_MAPPING_RUNS;
    uint32_t values[SPEC_COUNT] = {workgroup,
                                   device ? ctx->parameter_slots : ctx->output_slots,
                                   shared,
                                   vksplit__writes_whole(direction),
                                   lane_runs,
                                   shape,
                                   ctx->caps.one_load_path,
                                   ctx->caps.select_places};
    static const uint32_t ids[SPEC_COUNT] = {SPEC_WORKGROUP_SIZE, SPEC_OUTPUT_SLOTS, SPEC_SHARED_WORDS,
                                             SPEC_JOIN,           SPEC_LANE_RUNS,    SPEC_ROWS_SHAPE,
                                             SPEC_ONE_LOAD_PATH,  SPEC_SELECT_PLACES};
    for (uint32_t i = 0; i < SPEC_COUNT; i++) {
        spec->constants[i] = values[i];
        spec->entries[i] = (VkSpecializationMapEntry){ids[i], i * 4, 4};
    }
    spec->info = (VkSpecializationInfo){SPEC_COUNT, spec->entries, sizeof spec->constants, spec->constants};
}

#define MAX_PIPELINES (VKSPLIT_DIRECTIONS * VKSPLIT_KERNEL_KINDS * VKSPLIT_WORD_KINDS)

static vksplit_result create_module(const vksplit_context* ctx, const shader_module* source, VkShaderModule* out,
                                    vksplit_error* error)
{
    char name[64];
    snprintf(name, sizeof name, "%s %u-byte %s%s", source->bda ? "bda" : "desc", source->word_bytes,
             vksplit__kernel_name(source->kernel), source->atomic_stores ? " (atomic stores)" : "");
    uint32_t* code;
    vksplit_result r = vksplit__unpack_spirv(source->spirv, name, ctx->callbacks, &code, error);
    if (r != VKSPLIT_OK)
        return r;
    VkShaderModuleCreateInfo info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = source->spirv->size;
    info.pCode = code;
    VkShaderModule module; /* undefined after a failure: kept only on success */
    VkResult vr = ctx->vk.vkCreateShaderModule(ctx->device, &info, ctx->callbacks, &module);
    vksplit__free(ctx->callbacks, code); /* the driver keeps what it needs */
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateShaderModule", vr);
    *out = module;
    return VKSPLIT_OK;
}

static void describe_pipeline(const vksplit_context* ctx, uint32_t kernel, vksplit__direction direction, uint32_t shape,
                              VkShaderModule module, pipeline_spec* spec, VkComputePipelineCreateInfo* info)
{
    specialize(ctx, kernel, direction, shape, spec);
    *info = (VkComputePipelineCreateInfo){.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info->stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info->stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info->stage.module = module;
    info->stage.pName = "main";
    info->stage.pSpecializationInfo = &spec->info;
    info->layout = vksplit__layout_for(ctx, kernel);
    if (ctx->capture_statistics)
        info->flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
}

static void name_pipeline(const vksplit_context* ctx, VkPipeline pipeline, uint32_t kernel, uint32_t word,
                          vksplit__direction direction)
{
    vksplit__name_object(ctx, VK_OBJECT_TYPE_PIPELINE, (uint64_t)pipeline, "vksplit: %s %s, %u-byte words",
                         vksplit__words(direction)->operation, vksplit__kernel_name(kernel), word);
}

/* A pipeline the context may use: its direction, kernel and word, and the module it is made of. */
typedef struct pipeline_key {
    uint32_t word_bytes; /* 0: before the first */
    uint32_t direction;
    uint32_t kernel;
    const shader_module* source;
} pipeline_key;

/* The context's pipelines in one order, by word, then direction, then kernel: from a zeroed
 * key, each call moves *k to the next one the addressing has a module for and the tuning uses;
 * false past the last. The one walk both the context's creation and the public numbering take. */
static bool next_pipeline(const vksplit_context* ctx, pipeline_key* k)
{
    if (!k->word_bytes)
        *k = (pipeline_key){1, 0, UINT32_MAX, NULL};
    for (;;) {
        if (++k->kernel == VKSPLIT_KERNEL_KINDS) {
            k->kernel = 0;
            if (++k->direction == VKSPLIT_DIRECTIONS) {
                k->direction = 0;
                k->word_bytes *= 2;
            }
        }
        if (k->word_bytes > ctx->caps.max_word_bytes)
            return false;
        vksplit__direction d = (vksplit__direction)k->direction;
        k->source = find_module(ctx->bda, k->word_bytes, vksplit__atomic_stores(ctx, k->word_bytes), d, k->kernel);
        if (k->source && context_uses(ctx, k->kernel, k->word_bytes, d))
            return true;
    }
}

vksplit_result vksplit__create_pipelines(vksplit_context* ctx, vksplit_error* error)
{
    /* Each module made once, for the pipelines that share it (a split's and a join's). */
    VkShaderModule made[MODULE_COUNT] = {VK_NULL_HANDLE};
    VkComputePipelineCreateInfo infos[MAX_PIPELINES];
    pipeline_spec specs[MAX_PIPELINES];
    uint32_t slot[MAX_PIPELINES][3], count = 0;
    const shader_module* made_from[MAX_PIPELINES];
    vksplit_result r = VKSPLIT_OK;
    pipeline_key k = {0, 0, 0, NULL};
    while (r == VKSPLIT_OK && next_pipeline(ctx, &k)) {
        if (deferred_kernel(ctx, (vksplit__direction)k.direction, k.kernel))
            continue; /* made by the first plan that needs it */
        size_t v = (size_t)(k.source - modules);
        if (!made[v])
            r = create_module(ctx, k.source, &made[v], error);
        if (r != VKSPLIT_OK)
            break;
        describe_pipeline(ctx, k.kernel, (vksplit__direction)k.direction, ROWS_SHAPE_ANY, made[v], &specs[count],
                          &infos[count]);
        slot[count][0] = k.direction;
        slot[count][1] = k.kernel;
        slot[count][2] = word_kind(k.word_bytes);
        made_from[count] = k.source;
        count++;
    }
    if (r == VKSPLIT_OK && count) {
        /* One call for every pipeline: a failure names no pipeline, and leaves the handles of
         * those it created (the others VK_NULL_HANDLE), which the context destroys. */
        VkPipeline pipelines[MAX_PIPELINES];
        for (uint32_t i = 0; i < count; i++)
            pipelines[i] = VK_NULL_HANDLE;
        VkResult vr =
            ctx->vk.vkCreateComputePipelines(ctx->device, ctx->pipeline_cache, count, infos, ctx->callbacks, pipelines);
        for (uint32_t i = 0; i < count; i++)
            vksplit__store_u64(&ctx->pipelines[slot[i][0]][slot[i][1]][slot[i][2]],
                               pipeline_bits(vr == VK_SUCCESS || vr < 0 ? pipelines[i] : VK_NULL_HANDLE));
        if (vr != VK_SUCCESS)
            r = vksplit__vk_fail(error, "vkCreateComputePipelines", vr);
        /* reported only when all were made: a failure here fails the context's creation */
        for (uint32_t i = 0; r == VKSPLIT_OK && i < count; i++) {
            name_pipeline(ctx, pipelines[i], slot[i][1], 1u << slot[i][2], (vksplit__direction)slot[i][0]);
            vksplit__report_pipeline(ctx, pipelines[i], made_from[i]->spirv, (vksplit__direction)slot[i][0]);
        }
    }
    for (size_t v = 0; v < MODULE_COUNT; v++)
        if (made[v])
            ctx->vk.vkDestroyShaderModule(ctx->device, made[v], ctx->callbacks);
    return r;
}

/* One pipeline of a module, made alone (its module made and destroyed around it). */
static vksplit_result create_one(const vksplit_context* ctx, const shader_module* source, uint32_t kernel,
                                 vksplit__direction direction, uint32_t shape, VkPipeline* out, vksplit_error* error)
{
    VkShaderModule module = VK_NULL_HANDLE;
    vksplit_result r = create_module(ctx, source, &module, error);
    if (r != VKSPLIT_OK)
        return r;
    pipeline_spec spec;
    VkComputePipelineCreateInfo info;
    describe_pipeline(ctx, kernel, direction, shape, module, &spec, &info);
    VkResult vr = ctx->vk.vkCreateComputePipelines(ctx->device, ctx->pipeline_cache, 1, &info, ctx->callbacks, out);
    ctx->vk.vkDestroyShaderModule(ctx->device, module, ctx->callbacks);
    return vr == VK_SUCCESS ? VKSPLIT_OK : vksplit__vk_fail(error, "vkCreateComputePipelines", vr);
}

/* Makes the pipeline of a slot that has none: the first caller to need it creates it; two
 * racing both create one, and the one that loses the swap destroys its own. Only the kept one
 * is reported to a tool (vksplit_pipeline_fn): the winner's, by the winner, after its swap. */
static vksplit_result create_missing(vksplit_context* ctx, const shader_module* source, uint32_t kernel,
                                     uint32_t word_bytes, vksplit__direction direction, VkPipeline* out,
                                     vksplit_error* error)
{
    vksplit__atomic_u64* slot = &ctx->pipelines[direction][kernel][word_kind(word_bytes)];
    VkPipeline created = VK_NULL_HANDLE;
    vksplit_result r = create_one(ctx, source, kernel, direction, ROWS_SHAPE_ANY, &created, error);
    if (r != VKSPLIT_OK)
        return r;
    uint64_t expected = 0;
    if (vksplit__swap_u64(slot, &expected, pipeline_bits(created))) {
        name_pipeline(ctx, created, kernel, word_bytes, direction);
        vksplit__report_pipeline(ctx, created, source->spirv, direction);
        *out = created;
    } else {
        ctx->vk.vkDestroyPipeline(ctx->device, created, ctx->callbacks);
        *out = pipeline_of(expected);
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit__pipeline_for(vksplit_context* ctx, uint32_t kernel, uint32_t word_bytes,
                                     vksplit__direction direction, VkPipeline* out, vksplit_error* error)
{
    *out = VK_NULL_HANDLE;
    const shader_module* source =
        find_module(ctx->bda, word_bytes, vksplit__atomic_stores(ctx, word_bytes), direction, kernel);
    if (!source || kernel >= VKSPLIT_KERNEL_KINDS || !context_uses(ctx, kernel, word_bytes, direction))
        return VKSPLIT__FAIL(error, PLAN_NO_PIPELINE, vksplit__kernel_name(kernel), word_bytes);
    VkPipeline pipeline = pipeline_of(vksplit__load_u64(&ctx->pipelines[direction][kernel][word_kind(word_bytes)]));
    if (pipeline || !deferred_kernel(ctx, direction, kernel)) {
        *out = pipeline;
        return pipeline ? VKSPLIT_OK : VKSPLIT__FAIL(error, PLAN_NO_PIPELINE, vksplit__kernel_name(kernel), word_bytes);
    }
    return create_missing(ctx, source, kernel, word_bytes, direction, out, error);
}

vksplit_result vksplit__rows_pipeline(vksplit_context* ctx, uint32_t word_bytes, vksplit__direction direction,
                                      uint32_t shape, VkPipeline* out, vksplit_error* error)
{
    *out = VK_NULL_HANDLE;
    const shader_module* source =
        find_module(ctx->bda, word_bytes, vksplit__atomic_stores(ctx, word_bytes), direction, MAPPING_ROWS);
    if (!source || !context_uses(ctx, MAPPING_ROWS, word_bytes, direction))
        return VKSPLIT__FAIL(error, PLAN_NO_PIPELINE, vksplit__kernel_name(MAPPING_ROWS), word_bytes);
    vksplit__plan_pipeline_key key;
    memset(&key, 0, sizeof key);
    key.words[0] = VKSPLIT__PLAN_PIPELINE_ROWS;
    key.words[1] = (uint32_t)direction;
    key.words[2] = word_bytes;
    key.words[3] = shape;
    if ((*out = vksplit__find_plan_pipeline(ctx, &key)) != VK_NULL_HANDLE)
        return VKSPLIT_OK;
    VkPipeline made = VK_NULL_HANDLE;
    vksplit_result r = create_one(ctx, source, MAPPING_ROWS, direction, shape, &made, error);
    vksplit_bool32 kept = VK_FALSE;
    if (r == VKSPLIT_OK)
        r = vksplit__keep_plan_pipeline(ctx, &key, made, out, &kept, error);
    if (kept) {
        vksplit__name_object(ctx, VK_OBJECT_TYPE_PIPELINE, (uint64_t)*out,
                             "vksplit: %s %s, %u-byte words, the context's plans of shape 0x%x",
                             vksplit__words(direction)->operation, vksplit__kernel_name(MAPPING_ROWS), word_bytes,
                             shape);
        vksplit__report_pipeline(ctx, *out, source->spirv, direction);
    }
    return r;
}

uint32_t vksplit_context_pipeline_count(const vksplit_context* ctx)
{
    uint32_t count = 0;
    pipeline_key k = {0, 0, 0, NULL};
    while (ctx && next_pipeline(ctx, &k))
        count++;
    return count;
}

vksplit_result vksplit_context_create_pipeline(vksplit_context* ctx, uint32_t index, vksplit_error* error)
{
    if (!ctx)
        return VKSPLIT__FAIL0(error, CONTEXT_NULL);
    pipeline_key k = {0, 0, 0, NULL};
    uint32_t n = 0;
    bool found;
    while ((found = next_pipeline(ctx, &k)) && n < index)
        n++;
    if (!found)
        return VKSPLIT__FAIL(error, CONTEXT_PIPELINE_INDEX, index, n);
    vksplit__direction d = (vksplit__direction)k.direction;
    VkPipeline pipeline = pipeline_of(vksplit__load_u64(&ctx->pipelines[d][k.kernel][word_kind(k.word_bytes)]));
    vksplit_result r =
        pipeline ? VKSPLIT_OK : create_missing(ctx, k.source, k.kernel, k.word_bytes, d, &pipeline, error);
    return r == VKSPLIT_OK ? vksplit__ok(error) : r;
}

void vksplit__destroy_pipelines(vksplit_context* ctx)
{
    for (uint32_t d = 0; d < VKSPLIT_DIRECTIONS; d++)
        for (uint32_t m = 0; m < VKSPLIT_KERNEL_KINDS; m++)
            for (uint32_t k = 0; k < VKSPLIT_WORD_KINDS; k++) {
                VkPipeline pipeline = pipeline_of(vksplit__load_u64(&ctx->pipelines[d][m][k]));
                if (pipeline)
                    ctx->vk.vkDestroyPipeline(ctx->device, pipeline, ctx->callbacks);
            }
    if (ctx->pipeline_layout)
        ctx->vk.vkDestroyPipelineLayout(ctx->device, ctx->pipeline_layout, ctx->callbacks);
    if (ctx->set_layout)
        ctx->vk.vkDestroyDescriptorSetLayout(ctx->device, ctx->set_layout, ctx->callbacks);
    if (ctx->parameter_pipeline_layout)
        ctx->vk.vkDestroyPipelineLayout(ctx->device, ctx->parameter_pipeline_layout, ctx->callbacks);
    if (ctx->parameter_set_layout)
        ctx->vk.vkDestroyDescriptorSetLayout(ctx->device, ctx->parameter_set_layout, ctx->callbacks);
    if (ctx->rows_pipeline_layout)
        ctx->vk.vkDestroyPipelineLayout(ctx->device, ctx->rows_pipeline_layout, ctx->callbacks);
    if (ctx->rows_set_layout)
        ctx->vk.vkDestroyDescriptorSetLayout(ctx->device, ctx->rows_set_layout, ctx->callbacks);
    vksplit__destroy_convert_layouts(ctx);
}
