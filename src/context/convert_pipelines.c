/* The converting copy's layouts and per-plan pipelines (convert_pipelines.h). */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "context/convert_pipelines.h"

#include "context/debug_labels.h"
#include "context/pipeline_report.h"
#include "context/plan_pipelines.h"
#include "convert_abi.h"
#include "embedded_convert.h"

typedef struct convert_module {
    vksplit_bool32 bda;
    uint32_t join;
    uint32_t f16; /* float16 by the device's conversions (-DCONVERT_F16_HW) */
    const vksplit__spirv_blob* spirv;
} convert_module;

#define VKSPLIT_X_CONVERT(bda, join, f16, symbol) {bda, join, f16, &symbol},
static const convert_module modules[] = {VKSPLIT_CONVERT_MODULES(VKSPLIT_X_CONVERT)};
#undef VKSPLIT_X_CONVERT

static const convert_module* find_module(vksplit_bool32 bda, uint32_t join, uint32_t f16)
{
    for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++)
        if (modules[i].bda == bda && modules[i].join == join && modules[i].f16 == f16)
            return &modules[i];
    return NULL;
}

vksplit_result vksplit__create_convert_layouts(vksplit_context* ctx, vksplit_error* error)
{
    VkResult vr = VK_SUCCESS;
    if (!ctx->bda) { /* the table (a uniform buffer), the whole, the part, the scale, the block */
        VkDescriptorSetLayoutBinding bindings[5];
        memset(bindings, 0, sizeof bindings);
        for (uint32_t b = 0; b < 5; b++) {
            bindings[b].binding = b;
            bindings[b].descriptorType =
                b == CBIND_TABLE ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            bindings[b].descriptorCount = 1;
            bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        }
        VkDescriptorSetLayoutCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
        info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
        info.bindingCount = 5;
        info.pBindings = bindings;
        vr = ctx->vk.vkCreateDescriptorSetLayout(ctx->device, &info, ctx->callbacks, &ctx->convert_set_layout);
        if (vr != VK_SUCCESS) {
            ctx->convert_set_layout = VK_NULL_HANDLE;
            return vksplit__vk_fail(error, "vkCreateDescriptorSetLayout", vr);
        }
    }
    VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, ctx->bda ? CPC_BDA_BYTES : CPC_DESC_BYTES};
    VkPipelineLayoutCreateInfo info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    info.setLayoutCount = ctx->bda ? 0 : 1;
    info.pSetLayouts = ctx->bda ? NULL : &ctx->convert_set_layout;
    info.pushConstantRangeCount = 1;
    info.pPushConstantRanges = &range;
    vr = ctx->vk.vkCreatePipelineLayout(ctx->device, &info, ctx->callbacks, &ctx->convert_pipeline_layout);
    if (vr != VK_SUCCESS) {
        ctx->convert_pipeline_layout = VK_NULL_HANDLE;
        return vksplit__vk_fail(error, "vkCreatePipelineLayout", vr);
    }
    vksplit__name_object(ctx, VK_OBJECT_TYPE_PIPELINE_LAYOUT, (uint64_t)ctx->convert_pipeline_layout,
                         "vksplit: pipeline layout (converting copy)");
    return VKSPLIT_OK;
}

void vksplit__destroy_convert_layouts(vksplit_context* ctx)
{
    if (ctx->convert_pipeline_layout)
        ctx->vk.vkDestroyPipelineLayout(ctx->device, ctx->convert_pipeline_layout, ctx->callbacks);
    if (ctx->convert_set_layout)
        ctx->vk.vkDestroyDescriptorSetLayout(ctx->device, ctx->convert_set_layout, ctx->callbacks);
}

/* Compiles the pipeline of `spec` (named and reported by the caller, once kept). */
static vksplit_result compile(const vksplit_context* ctx, const convert_module* source,
                              const vksplit__convert_spec* spec, VkPipeline* out, vksplit_error* error)
{
    uint32_t* code;
    vksplit_result r = vksplit__unpack_spirv(source->spirv, "convert", ctx->callbacks, &code, error);
    if (r != VKSPLIT_OK)
        return r;
    VkShaderModuleCreateInfo module_info = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = source->spirv->size;
    module_info.pCode = code;
    VkShaderModule module;
    VkResult vr = ctx->vk.vkCreateShaderModule(ctx->device, &module_info, ctx->callbacks, &module);
    vksplit__free(ctx->callbacks, code);
    if (vr != VK_SUCCESS)
        return vksplit__vk_fail(error, "vkCreateShaderModule", vr);
    /* CSPEC_* are 0..9, the spec's fields in that order; the bools 32 bits */
    VkSpecializationMapEntry entries[10];
    for (uint32_t i = 0; i < 10; i++)
        entries[i] = (VkSpecializationMapEntry){i, (uint32_t)(i * sizeof(uint32_t)), sizeof(uint32_t)};
    _Static_assert(sizeof(vksplit__convert_spec) == 10 * sizeof(uint32_t), "the spec is its 10 constants");
    _Static_assert(CSPEC_DEVICE == 7 && CSPEC_ROWS == 8 && CSPEC_TRIPS == 9, "the spec's fields in CSPEC_* order");
    VkSpecializationInfo specialization = {10, entries, sizeof *spec, spec};
    VkComputePipelineCreateInfo info = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.stage.pSpecializationInfo = &specialization;
    info.layout = ctx->convert_pipeline_layout;
    if (ctx->capture_statistics)
        info.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
    vr = ctx->vk.vkCreateComputePipelines(ctx->device, ctx->pipeline_cache, 1, &info, ctx->callbacks, out);
    ctx->vk.vkDestroyShaderModule(ctx->device, module, ctx->callbacks);
    if (vr != VK_SUCCESS) {
        *out = VK_NULL_HANDLE;
        return vksplit__vk_fail(error, "vkCreateComputePipelines", vr);
    }
    return VKSPLIT_OK;
}

vksplit_result vksplit__convert_pipeline(vksplit_context* ctx, vksplit__direction direction,
                                         const vksplit__convert_spec* spec, VkPipeline* out, vksplit_error* error)
{
    *out = VK_NULL_HANDLE;
    /* A plan with a float16 side takes the _f16 module where the context's device converts
     * float16 exactly (context.c) and its addressing has one (device addresses), else the plain
     * one; the module is then a function of the spec, as the key is. */
    uint32_t join = (uint32_t)vksplit__writes_whole(direction);
    bool f16 = ctx->f16_hw && (spec->src == CTYPE_F16 || spec->dst == CTYPE_F16);
    const convert_module* source = f16 ? find_module(ctx->bda, join, 1) : NULL;
    if (!source)
        source = find_module(ctx->bda, join, 0);
    if (!source)
        return VKSPLIT__FAIL(error, PLAN_NO_PIPELINE, "convert", 4u);
    vksplit__plan_pipeline_key key;
    memset(&key, 0, sizeof key);
    key.words[0] = VKSPLIT__PLAN_PIPELINE_CONVERT;
    key.words[1] = (uint32_t)direction;
    _Static_assert(2 + sizeof *spec / sizeof(uint32_t) <= VKSPLIT_PLAN_PIPELINE_WORDS, "a key holds the spec");
    memcpy(&key.words[2], spec, sizeof *spec);
    if ((*out = vksplit__find_plan_pipeline(ctx, &key)) != VK_NULL_HANDLE)
        return VKSPLIT_OK;
    VkPipeline made;
    vksplit_result r = compile(ctx, source, spec, &made, error);
    vksplit_bool32 kept = VK_FALSE;
    if (r == VKSPLIT_OK)
        r = vksplit__keep_plan_pipeline(ctx, &key, made, out, &kept, error);
    if (kept) {
        vksplit__name_object(ctx, VK_OBJECT_TYPE_PIPELINE, (uint64_t)*out,
                             "vksplit: %s convert %u -> %u, the context's plans of its spec",
                             vksplit__words(direction)->operation, spec->src, spec->dst);
        vksplit__report_pipeline(ctx, *out, source->spirv, direction);
    }
    return r;
}
